#!/usr/bin/env bash
# Time to each planted bug of tests/junit-fuzz: jvmfuzz's JUnit integration (jvmfuzz-junit)
# against Jazzer's (jazzer-junit), the same Maven project and the same test sources, several
# seeds, one fuzz test per `mvn test`, each run from a clean copy (no corpus, no saved inputs).
#
#   benchmarks/junit/run.sh                   # 5 reps x 120 s budget (4 min here; an hour if nothing is found)
#   benchmarks/junit/run.sh --quick           # 2 reps x 60 s
#   benchmarks/junit/run.sh --reps 3 --budget 30 --tools jvmfuzz --tests ParserFuzzTest#parses
#   benchmarks/junit/run.sh --no-check        # skip the budget-override check (see below)
#
# Needs java 17, mvn and python3, and in the local Maven repository (used offline, `mvn -o`):
# com.jvmfuzz:jvmfuzz-junit:0.1.0 (`target/release/fuzz junit-jar --install`) and
# com.code-intelligence:jazzer-junit:0.30.0 with its dependencies (`mvn dependency:get
# -Dartifact=com.code-intelligence:jazzer-junit:0.30.0`), JUnit 5.11.4, Surefire 3.5.2.
# MVN_OFFLINE= (empty) lets Maven go online.
#
# Output: a table on stdout, out/results.csv (one row per run), out/logs/ (every run's mvn
# output), out/crashes/ (every saved crash file), out/meta.json; `python3 summary.py [OUT]` prints
# the table again. See README.md for what is measured.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT="$HERE/../../tests/junit-fuzz"
OUT="$HERE/out"
REPS=5
BUDGET=120
TOOLS="jvmfuzz,jazzer"
TESTS="ParserFuzzTest#parses,ParserFuzzTest#discount,JazzerStyleFuzzTest#headers"
CHECK=1
MVN_OFFLINE="${MVN_OFFLINE--o}"

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --reps) REPS="$2"; shift 2 ;;
        --budget) BUDGET="$2"; shift 2 ;;
        --quick) REPS=2; BUDGET=60; shift ;;
        --tools) TOOLS="$2"; shift 2 ;;
        --tests) TESTS="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --no-check) CHECK=0; shift ;;
        -h|--help) usage ;;
        *) echo "run.sh: unknown option $1" >&2; usage 2 >&2 ;;
    esac
done
[[ "$REPS" =~ ^[1-9][0-9]*$ ]] || { echo "--reps: a positive integer" >&2; exit 2; }
[[ "$BUDGET" =~ ^[1-9][0-9]*$ ]] || { echo "--budget: whole seconds" >&2; exit 2; }
IFS=, read -r -a TOOL_LIST <<<"$TOOLS"
IFS=, read -r -a TEST_LIST <<<"$TESTS"
for t in "${TOOL_LIST[@]}"; do
    case "$t" in jvmfuzz|jazzer) ;; *) echo "--tools: jvmfuzz and/or jazzer, not $t" >&2; exit 2 ;; esac
done
for t in java mvn python3 timeout; do
    command -v "$t" >/dev/null || { echo "run.sh: needs $t" >&2; exit 1; }
done
M2="${MAVEN_REPO:-$HOME/.m2/repository}"
for jar in com/jvmfuzz/jvmfuzz-junit/0.1.0/jvmfuzz-junit-0.1.0.jar \
           com/code-intelligence/jazzer-junit/0.30.0/jazzer-junit-0.30.0.jar; do
    [ -f "$M2/$jar" ] || { echo "run.sh: $M2/$jar is missing (see the top of this script)" >&2; exit 1; }
done

SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/jvmfuzz-junit-bench.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$OUT/logs" "$OUT/crashes"
rm -f "$OUT"/logs/*.log "$OUT"/crashes/*

# ---------------------------------------------------------------------------------------------
# The project, made to run under both tools.
#  - the *Check.java classes go (jvmfuzz's own end-to-end checks, jvmfuzz annotations only).
#  - ParserFuzzTest.java gets Jazzer's annotations instead of ours: jvmfuzz-junit reads
#    com.code_intelligence.jazzer.junit.FuzzTest and Jazzer's @NotNull too, so the same sources
#    compile and run under both (the test bodies and src/main stay as they are).
#  - pom.xml gets JUnit's BOM 5.11.4: jazzer-junit 0.30.0 depends on junit-platform-commons and
#    -launcher 1.9.0, which Maven's nearest-wins picks over junit-jupiter 5.11.4's 1.11.4, and
#    Jupiter 5.11 then fails to discover any test (NoSuchMethodError in ReflectionUtils).
#    The BOM pins the platform to 1.11.4 in both profiles (the jvmfuzz profile already has it).
# ---------------------------------------------------------------------------------------------
BASE="$SCRATCH/base"
cp -r "$PROJECT" "$BASE"
rm -rf "$BASE/target" "$BASE/.jvmfuzz-corpus" "$BASE/.jvmfuzz-findings" "$BASE/.cifuzz-corpus"
# jvmfuzz's own checks run with -Dtest by tests/tests/junit_fuzz.rs (*Check: not Surefire's default
# includes), with jvmfuzz annotations only: not part of the comparison.
rm -f "$BASE"/src/test/java/com/example/*Check.java
find "$BASE" -maxdepth 1 -name 'crash-*' -delete
find "$BASE/src" -type d -name '*Inputs' -prune -exec rm -rf {} +
sed -i -e 's/^import com\.jvmfuzz\.junit\.FuzzTest;$/import com.code_intelligence.jazzer.junit.FuzzTest;/' \
       -e 's/^import com\.jvmfuzz\.junit\.NotNull;$/import com.code_intelligence.jazzer.mutation.annotation.NotNull;/' \
    "$BASE/src/test/java/com/example/ParserFuzzTest.java"
if grep -q 'com\.jvmfuzz' "$BASE"/src/test/java/com/example/*.java; then
    echo "run.sh: a test still names com.jvmfuzz after the rewrite:" >&2
    grep -n 'com\.jvmfuzz' "$BASE"/src/test/java/com/example/*.java >&2
    exit 1
fi
python3 - "$BASE/pom.xml" <<'EOF'
import sys
p = sys.argv[1]
s = open(p).read()
bom = """  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>org.junit</groupId>
        <artifactId>junit-bom</artifactId>
        <version>5.11.4</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>

  <dependencies>"""
if "junit-bom" in s:
    sys.exit(0)  # the project's pom imports it already
if s.count("\n  <dependencies>") != 1:
    sys.exit("run.sh: pom.xml: expected one top-level <dependencies>")
open(p, "w").write(s.replace("\n  <dependencies>", "\n" + bom, 1))
EOF

profile_args() { [ "$1" = jazzer ] && echo "-Pjazzer" || true; }

# One compiled template per tool (the jazzer profile compiles against jazzer-junit). Every run
# copies its template, timestamps kept, to the same path $SCRATCH/run it was compiled in: the
# compiler plugin's incremental check (target/maven-status) lists sources by absolute path and
# recompiles everything when they differ, so at any other path each run would compile again.
RUN="$SCRATCH/run"
for tool in "${TOOL_LIST[@]}"; do
    rm -rf "$RUN"
    cp -a "$BASE" "$RUN"
    # shellcheck disable=SC2046
    (cd "$RUN" && mvn $MVN_OFFLINE -B -q $(profile_args "$tool") test-compile) \
        >"$OUT/logs/compile-$tool.log" 2>&1 \
        || { echo "run.sh: test-compile failed for $tool: $OUT/logs/compile-$tool.log" >&2; exit 1; }
    mv "$RUN" "$SCRATCH/template-$tool"
done

# The environment and Maven properties of a fuzzing run. Both tools read their duration
# override before the annotation's maxDuration ("60s" in the sources):
#  - jvmfuzz-junit: JVMFUZZ_MAX_DURATION overrides every fuzz test's maxDuration;
#    JVMFUZZ_SEED seeds the fuzzer.
#  - Jazzer 0.30.0: JAZZER_MAX_DURATION is Jazzer's `max_duration` option as an environment
#    variable ("For JUnit tests, overrides @FuzzTest(maxDuration)", its --help says);
#    there is no seed option for JUnit runs, but the libFuzzer arguments are read from the
#    JUnit configuration parameters jazzer.internal.arg.0, .1, ... (0 is argv[0]), which fall
#    back to system properties, and Surefire passes mvn's -D properties to the test JVM:
#    -Djazzer.internal.arg.1=-seed=N (libFuzzer prints "INFO: Seed: N").
run_cmd() {  # tool class method seed budget -> prints the command, one word per line
    local tool="$1" cls="$2" method="$3" seed="$4" budget="$5"
    if [ "$tool" = jvmfuzz ]; then
        printf '%s\n' env JVMFUZZ_FUZZ=1 "JVMFUZZ_MAX_DURATION=${budget}s" "JVMFUZZ_SEED=$seed" \
            mvn $MVN_OFFLINE -B test "-Dtest=$cls#$method"
    else
        printf '%s\n' env JAZZER_FUZZ=1 "JAZZER_MAX_DURATION=${budget}s" \
            mvn $MVN_OFFLINE -B -Pjazzer test "-Dtest=$cls#$method" \
            -Djazzer.internal.arg.0=fake_argv0 "-Djazzer.internal.arg.1=-seed=$seed"
    fi
}

# What the planted bug throws, per fuzz test (an extended regex over the mvn output): a crash
# file counts as the planted bug only if the run also printed this.
bug_pattern() {
    case "$1" in
        ParserFuzzTest#parses) echo 'IllegalStateException: planted bug: record kind 0x7f' ;;
        ParserFuzzTest#discount) echo 'ArithmeticException: / by zero.*Shop\.discount|at com\.example\.Shop\.discount\(Shop\.java:25\)' ;;
        JazzerStyleFuzzTest#headers) echo 'IllegalArgumentException: planted bug: debug mode header' ;;
        *) echo 'planted bug' ;;
    esac
}

now() { echo "$EPOCHREALTIME"; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }

# Checks that the duration override applies for both tools: a fuzz test that never fails,
# annotated maxDuration = "60s", run with a 5 s override, must end well before 60 s.
CHECK_TIMES=""
if [ "$CHECK" = 1 ]; then
    for tool in "${TOOL_LIST[@]}"; do
        d="$RUN"
        rm -rf "$d"
        cp -a "$SCRATCH/template-$tool" "$d"
        cat >"$d/src/test/java/com/example/NeverFuzzTest.java" <<'EOF'
package com.example;

import com.code_intelligence.jazzer.junit.FuzzTest;

class NeverFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void never(byte[] input) {
        Parser.parse(new byte[0]);
    }
}
EOF
        mapfile -t cmd < <(run_cmd "$tool" NeverFuzzTest never 1 5)
        t0=$(now)
        (cd "$d" && timeout -k 10 120 "${cmd[@]}") >"$OUT/logs/check-$tool.log" 2>&1 || true
        w=$(elapsed "$t0" "$(now)")
        if ! grep -q 'BUILD SUCCESS' "$OUT/logs/check-$tool.log" \
            || python3 -c "import sys; sys.exit(float(sys.argv[1]) < 40)" "$w"; then
            echo "run.sh: budget check failed for $tool (${w} s for a 5 s budget; the annotation says 60 s):" \
                "$OUT/logs/check-$tool.log" >&2
            exit 1
        fi
        CHECK_TIMES="${CHECK_TIMES:+$CHECK_TIMES, }\"$tool\": $w"
        echo "budget check: $tool ran a 60 s-annotated fuzz test with a 5 s override in $w s (whole mvn run)" >&2
        rm -rf "$d"
    done
fi

CSV="$OUT/results.csv"
echo "tool,test,rep,found,wall_s,test_s,fuzz_s,execs,note" >"$CSV"
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
START_UTC="$(date -u '+%Y-%m-%d %H:%M')"
T_START=$(now)
echo "started $START_UTC UTC: tools ${TOOLS}, ${#TEST_LIST[@]} fuzz tests, $REPS reps, budget ${BUDGET} s; load $LOAD_START" >&2

for rep in $(seq 1 "$REPS"); do
    for test in "${TEST_LIST[@]}"; do
        cls="${test%%#*}"
        method="${test#*#}"
        # Alternate which tool goes first, from one repetition to the next.
        order=("${TOOL_LIST[@]}")
        if [ $((rep % 2)) = 0 ] && [ "${#order[@]}" = 2 ]; then order=("${order[1]}" "${order[0]}"); fi
        for tool in "${order[@]}"; do
            run="$RUN"
            rm -rf "$run"
            cp -a "$SCRATCH/template-$tool" "$run"
            log="$OUT/logs/$tool-$cls-$method-r$rep.log"
            mapfile -t cmd < <(run_cmd "$tool" "$cls" "$method" "$rep" "$BUDGET")
            sync
            sleep 1
            t0=$(now)
            rc=0
            (cd "$run" && timeout -k 10 $((BUDGET + 300)) "${cmd[@]}") >"$log" 2>&1 || rc=$?
            wall=$(elapsed "$t0" "$(now)")
            # The saved crash file: jvmfuzz writes it into the method's Inputs folder (creating
            # it); Jazzer into that folder if it exists, else into the project folder (it does
            # not create it: "Collecting crashing inputs in the project root directory").
            crashes=()
            for f in "$run/src/test/resources/com/example/${cls}Inputs/$method"/crash-* "$run"/crash-*; do
                [ -f "$f" ] && crashes+=("$f")
            done
            note=""
            found=0
            if [ "${#crashes[@]}" -gt 0 ] && grep -Eq "$(bug_pattern "$test")" "$log"; then
                found=1
                for f in "${crashes[@]}"; do cp "$f" "$OUT/crashes/$tool-$cls-$method-r$rep-$(basename "$f")"; done
            elif [ "${#crashes[@]}" -gt 0 ]; then
                note="a crash file but not the planted bug"
            elif [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
                note="killed at budget+300s"
            elif grep -q 'BUILD SUCCESS' "$log"; then
                note=""
            else
                note="mvn failed without a finding (rc $rc)"
            fi
            # Surefire's time for the test class, inside the test JVM: no Maven, no JVM start.
            # Not comparable between the tools: it includes Jazzer's set-up (its agent is
            # installed by the fuzz test's extension) but not jvmfuzz's (its SessionListener
            # readies the engine when the JUnit session opens, before the class starts).
            test_s="$(grep -E "Tests run: .*Time elapsed: [0-9.]+ s.* in com\.example\.$cls\$" "$log" \
                | sed -E 's/.*Time elapsed: ([0-9.]+) s.*/\1/' | tail -1 || true)"
            # The fuzzer's own figures at the finding (whole seconds; executions):
            #  jvmfuzz: "jvmfuzz: [Objective #0] run time: 3s, ..., executions: N, ..."
            #  Jazzer:  libFuzzer's "Done N runs in S second(s)" printed with the crash
            fuzz_s=""
            execs=""
            if [ "$found" = 1 ]; then
                read -r fuzz_s execs < <(python3 - "$tool" "$log" <<'EOF'
import re, sys
tool, log = sys.argv[1], open(sys.argv[2], errors="replace").read()
if tool == "jvmfuzz":
    m = re.search(r"\[Objective #\d+\] run time: ([^,]+),.*?executions: (\d+)", log)
    if m:
        secs = 0
        for n, u in re.findall(r"(\d+)\s*([hms])", m.group(1)):
            secs += int(n) * {"h": 3600, "m": 60, "s": 1}[u]
        print(secs, m.group(2))
    else:
        print("", "")
else:
    m = re.search(r"Done (\d+) runs in (\d+) second", log)
    print(m.group(2), m.group(1)) if m else print("", "")
EOF
)
            fi
            if grep -q 'Compiling [0-9]* source file' "$log"; then
                note="${note:+$note; }compiled"
            fi
            echo "$tool,$cls#$method,$rep,$found,$wall,$test_s,$fuzz_s,$execs,$note" >>"$CSV"
            printf '%-8s %-30s rep %d: %-9s wall %6s s, test %6s s%s\n' "$tool" "$cls#$method" "$rep" \
                "$([ "$found" = 1 ] && echo found || echo 'NOT found')" "$wall" "${test_s:-?}" "${note:+ ($note)}" >&2
        done
    done
done
rm -rf "$RUN"
TOTAL_MIN=$(python3 -c "import sys; print(round((float(sys.argv[2]) - float(sys.argv[1])) / 60, 1))" "$T_START" "$(now)")
LOAD_END="$(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$OUT/meta.json" <<EOF
import json, os, platform, re, subprocess, sys
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
mvn = re.sub(r"\x1b\[[0-9;]*m", "", subprocess.run(["mvn", "-v", "-B"], capture_output=True, text=True).stdout).splitlines()[0]
json.dump({"reps": $REPS, "budget": $BUDGET, "start": "$START_UTC", "minutes": $TOTAL_MIN,
           "load_start": "$LOAD_START", "load_end": "$LOAD_END", "tests": "$TESTS", "tools": "$TOOLS",
           "cores": os.cpu_count(), "cpu": cpu, "kernel": platform.release(), "java": java, "mvn": mvn,
           "check": {$CHECK_TIMES}}, open(sys.argv[1], "w"), indent=1)
EOF
python3 "$HERE/summary.py" "$OUT" | tee "$OUT/results.txt"
echo "results: $CSV, $OUT/results.txt; logs in $OUT/logs/" >&2
