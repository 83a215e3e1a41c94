#!/usr/bin/env bash
# Executions per second of a JUnit fuzz test run from the command line, as OSS-Fuzz runs one:
# `fuzz --target_class=... --target_method=...` against Jazzer 0.30.0's driver with the same
# arguments, side by side (runs alternated), on benchmarks/junit/cli/bench/ThroughputFuzzTest:
# `jsoup` (Jsoup.parse of the input, jsoup 1.24.1) and `trivial` (a byte[] test that does next
# to nothing). Both tools instrument the same classes (`--instrumentation_includes`): Jazzer's
# JUnit mode would otherwise instrument only the test's package.
#
#   benchmarks/junit/cli.sh                  # 3 reps x 20 s per tool and test
#   benchmarks/junit/cli.sh --reps 5 --budget 30 --tests jsoup
#
# Needs java 17, target/release/fuzz (FUZZ_BIN=... for another build), and in ~/.m2: jazzer,
# jazzer-junit and jazzer-api 0.30.0, junit-platform-console-standalone 1.11.4, jsoup 1.24.1
# (scripts/fetch-test-deps.sh fetches all but jsoup: `mvn dependency:get
# -Dartifact=org.jsoup:jsoup:1.24.1`). Prints one row per run and the median ratio.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
FUZZ_BIN="${FUZZ_BIN:-$HERE/../../target/release/fuzz}"
M2="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"
REPS=3
BUDGET=20
TESTS="jsoup trivial"
while [ $# -gt 0 ]; do
    case "$1" in
        --reps) REPS="$2"; shift 2 ;;
        --budget) BUDGET="$2"; shift 2 ;;
        --tests) TESTS="${2//,/ }"; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "cli.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
jar() { local f="$M2/$1"; [ -f "$f" ] || { echo "cli.sh: missing $f (see --help)" >&2; exit 2; }; echo "$f"; }
JAZZER=$(jar com/code-intelligence/jazzer/0.30.0/jazzer-0.30.0.jar)
JAZZER_JUNIT=$(jar com/code-intelligence/jazzer-junit/0.30.0/jazzer-junit-0.30.0.jar)
JAZZER_API=$(jar com/code-intelligence/jazzer-api/0.30.0/jazzer-api-0.30.0.jar)
CONSOLE=$(jar org/junit/platform/junit-platform-console-standalone/1.11.4/junit-platform-console-standalone-1.11.4.jar)
JSOUP=$(jar org/jsoup/jsoup/1.24.1/jsoup-1.24.1.jar)
[ -x "$FUZZ_BIN" ] || { echo "cli.sh: no $FUZZ_BIN: cargo build --release" >&2; exit 2; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/jvmfuzz-junit-cli-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
javac -d "$WORK/classes" -cp "$JAZZER_JUNIT:$JAZZER_API:$CONSOLE:$JSOUP" "$HERE/cli/bench/ThroughputFuzzTest.java"
CP="$WORK/classes:$JAZZER:$JAZZER_JUNIT:$JAZZER_API:$CONSOLE:$JSOUP"
INCLUDES="--instrumentation_includes=org.jsoup.**:bench.**"

# run TOOL TEST REP: prints the executions the run reports
run() {
    local d="$WORK/run-$1-$2-$3"; mkdir -p "$d/corpus"; cd "$d"
    local args=(--target_class=bench.ThroughputFuzzTest "--target_method=$2" "$INCLUDES"
        "-max_total_time=$BUDGET" "-seed=$(($3 + 1))" corpus)
    if [ "$1" = jvmfuzz ]; then
        "$FUZZ_BIN" "--cp=$CP" "${args[@]}" > out.txt 2>&1 || true
        grep -o "done: [0-9]* execs" out.txt | grep -o "[0-9]*" || echo 0
    else
        java -cp "$CP" com.code_intelligence.jazzer.Jazzer "${args[@]}" > out.txt 2>&1 || true
        grep -o "^Done [0-9]* runs" out.txt | grep -o "[0-9]*" || echo 0
    fi
    cd "$WORK"
}

echo "test     rep  jvmfuzz exec/s  Jazzer exec/s  ratio   ($BUDGET s each, $(nproc) cores, $(date -u +%FT%TZ))"
for t in $TESTS; do
    ratios=()
    for ((r = 0; r < REPS; r++)); do
        if ((r % 2 == 0)); then a=$(run jvmfuzz "$t" "$r"); b=$(run jazzer "$t" "$r");
        else b=$(run jazzer "$t" "$r"); a=$(run jvmfuzz "$t" "$r"); fi
        ratio=$(python3 -c "print(f'{$a / max($b, 1):.2f}')")
        ratios+=("$ratio")
        printf '%-8s %3d  %14.0f  %13.0f  %5s\n' "$t" "$r" "$(echo "$a / $BUDGET" | bc -l)" "$(echo "$b / $BUDGET" | bc -l)" "$ratio"
    done
    python3 -c "import statistics,sys; v=[float(x) for x in sys.argv[2:]]; print(f'{sys.argv[1]}: median ratio jvmfuzz/Jazzer {statistics.median(v):.2f} ({min(v):.2f}..{max(v):.2f})')" "$t" "${ratios[@]}"
done
