#!/usr/bin/env bash
# Probe cost in hot code (a diagnostic beside benchmarks/run.sh's whole-suite overhead):
# Hot.java loops over branchy commons-lang3 methods with no agent, JaCoCo's agent and jvmfuzz's
# agent (formats=none: no exit work; default probes, and with counts=jacoco: every one of
# JaCoCo's probes, no reduction), alternated; each run reports its fastest round after JIT
# warm-up, timed inside the JVM. Prints the medians over repetitions and the ratios to no agent.
# --jvm-flags passes flags to every JVM: "-Xint" measures the probes in the interpreter,
# "-XX:TieredStopAtLevel=1" in C1-compiled code (use --iters to shorten the rounds).
#
# --agent-b PATH adds a variant "jvmfuzz-b": another build of the agent (say, the last commit's),
# default options, alternated with the rest: how a change to the probes moves their cost.
#
# --once times code that runs once instead: 60 generated classes of 300 if/else each, loaded
# first (Class.forName), then each method called once, timed inside the JVM (microseconds).
# Every probe that runs, runs for the first time: what test methods and one-shot set-up pay.
#
# usage: benchmarks/probes/run.sh [--once] [--reps N] [--iters N] [--jvm-flags "FLAGS"] [--agent PATH_TO_libjvmfuzz_agent.so] [--agent-b PATH] [--java JAVA]
# Needs what benchmarks/run.sh sets up (the lang3 jar in benchmarks/out/lang3-lib, JaCoCo's agent
# in ~/.m2): run that once first.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$(dirname "$HERE")")
REPS=5
ITERS=15000000
JVM_FLAGS=""
JAVA=java
AGENT=${CARGO_TARGET_DIR:-$ROOT/target}/release/libjvmfuzz_agent.so
AGENT_B=""
ONCE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --reps) REPS=$2; shift ;;
        --iters) ITERS=$2; shift ;;
        --jvm-flags) JVM_FLAGS=$2; shift ;;
        --agent) AGENT=$2; shift ;;
        --agent-b) AGENT_B=$2; shift ;;
        --java) JAVA=$2; shift ;;
        --once) ONCE=1 ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "probes/run.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done
LANG3=$ROOT/benchmarks/out/lang3-lib/commons-lang3-3.17.0.jar
JACOCO=$(ls ~/.m2/repository/org/jacoco/org.jacoco.agent/0.8.14/org.jacoco.agent-0.8.14-runtime.jar 2>/dev/null || true)
[ $ONCE = 1 ] || [ -f "$LANG3" ] || { echo "missing $LANG3: run benchmarks/run.sh --only overhead once first" >&2; exit 1; }
[ -f "$JACOCO" ] || { echo "missing JaCoCo's agent jar in ~/.m2: run benchmarks/run.sh once first" >&2; exit 1; }
[ -f "$AGENT" ] || { echo "missing $AGENT: cargo build --release" >&2; exit 1; }
[ -z "$AGENT_B" ] || [ -f "$AGENT_B" ] || { echo "missing --agent-b $AGENT_B" >&2; exit 1; }
VARIANTS="none jacoco jvmfuzz jvmfuzz-all"
[ -z "$AGENT_B" ] || VARIANTS="$VARIANTS jvmfuzz-b"
OUT=$ROOT/benchmarks/out/probes
if [ $ONCE = 1 ]; then
    OUT=$ROOT/benchmarks/out/probes-once
    rm -rf "$OUT" && mkdir -p "$OUT/src" "$OUT/classes"
    python3 - "$OUT/src" <<'PY'
import sys
out, classes, ifs = sys.argv[1], 60, 300
for c in range(classes):
    body = "\n".join(f"    if (x == {k}) s += {k}; else s ^= {k};" for k in range(ifs))
    open(f"{out}/C{c}.java", "w").write(f"public class C{c} {{\n  public static int run(int x) {{\n    int s = 0;\n{body}\n    return s;\n  }}\n}}\n")
calls = "\n".join(f"    s += C{c}.run(7);" for c in range(classes))
open(f"{out}/Once.java", "w").write(f"""public class Once {{
  public static void main(String[] a) throws Exception {{
    for (int i = 0; i < {classes}; i++) Class.forName("C" + i);
    long t0 = System.nanoTime();
    int s = 0;
{calls}
    System.out.println("once run us " + (System.nanoTime() - t0) / 1000 + " " + s);
  }}
}}
""")
PY
    javac -nowarn -d "$OUT/classes" "$OUT"/src/*.java
    CP=$OUT/classes
    INC='C*'
    MAIN=(Once)
    PATTERN='^once'
else
    mkdir -p "$OUT/classes"
    javac -nowarn -cp "$LANG3" -d "$OUT/classes" "$HERE/Hot.java"
    CP=$OUT/classes:$LANG3
    INC='org.apache.commons.lang3.*'
    MAIN=(Hot 7 "$ITERS")
    PATTERN='^round'
fi
: > "$OUT/runs.txt"
for r in $(seq "$REPS"); do
    for v in $VARIANTS; do
        case $v in
            none) A=() ;;
            jacoco) A=(-javaagent:$JACOCO=destfile=$OUT/hot.exec,includes=$INC) ;;
            jvmfuzz) A=(-agentpath:$AGENT=includes=$INC,formats=none) ;;
            jvmfuzz-all) A=(-agentpath:$AGENT=includes=$INC,formats=none,counts=jacoco) ;;
            jvmfuzz-b) A=(-agentpath:$AGENT_B=includes=$INC,formats=none) ;;
        esac
        # shellcheck disable=SC2086 # JVM_FLAGS is a list of flags
        best=$("$JAVA" $JVM_FLAGS "${A[@]}" -cp "$CP" "${MAIN[@]}" 2>/dev/null | awk -v p="$PATTERN" '$0 ~ p {print $4}' | sort -n | head -1)
        echo "$r $v $best" | tee -a "$OUT/runs.txt" >&2
    done
done
python3 - "$OUT/runs.txt" <<'PY'
import sys, statistics as st
runs = {}
for line in open(sys.argv[1]):
    r, v, ms = line.split()
    runs.setdefault(v, {})[int(r)] = float(ms)
none = runs["none"]
print(f"{'variant':<12} {'time (median)':>22} {'ratio to none (median of paired)':>34}")
print("(time: the best round in ms; with --once, the calls in microseconds)")
for v in ("none", "jacoco", "jvmfuzz", "jvmfuzz-all", "jvmfuzz-b"):
    if v not in runs:
        continue
    ratios = [runs[v][r] / none[r] for r in none if r in runs[v]]
    print(f"{v:<12} {st.median(runs[v].values()):>22.0f} {st.median(ratios):>34.3f}")
oj = st.median([runs['jacoco'][r] / none[r] for r in none]) - 1
ov = st.median([runs['jvmfuzz'][r] / none[r] for r in none]) - 1
oa = st.median([runs['jvmfuzz-all'][r] / none[r] for r in none]) - 1
print(f"probe overhead: JaCoCo {oj:+.1%}, jvmfuzz {ov:+.1%} (every JaCoCo probe, counts=jacoco: {oa:+.1%})")
if "jvmfuzz-b" in runs:
    ob = st.median([runs['jvmfuzz-b'][r] / none[r] for r in none]) - 1
    print(f"--agent-b: {ob:+.1%}")
PY
