#!/usr/bin/env bash
# Probe cost in code that runs once (a diagnostic beside probes/run.sh, which times hot code):
# 60 generated classes, one method each with 300 if/else statements, loaded first (Class.forName)
# and then each method called once, timed inside the JVM. Every probe that runs, runs for the
# first time: what a test suite's test methods and one-shot set-up code pay. Variants alternated:
# no agent, JaCoCo's agent, jvmfuzz's agent (formats=none), and with --agent-b another build of
# it (say, one with array probes). Prints the median microseconds of the calls per variant.
#
# usage: benchmarks/probes/once.sh [--reps N] [--agent PATH] [--agent-b PATH] [--java JAVA]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$(dirname "$HERE")")
REPS=5
JAVA=java
AGENT=${CARGO_TARGET_DIR:-$ROOT/target}/release/libjvmfuzz_agent.so
AGENT_B=""
while [ $# -gt 0 ]; do
    case "$1" in
        --reps) REPS=$2; shift ;;
        --agent) AGENT=$2; shift ;;
        --agent-b) AGENT_B=$2; shift ;;
        --java) JAVA=$2; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "once.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done
JACOCO=$(ls ~/.m2/repository/org/jacoco/org.jacoco.agent/0.8.14/org.jacoco.agent-0.8.14-runtime.jar 2>/dev/null || true)
[ -f "$JACOCO" ] || { echo "missing JaCoCo's agent jar in ~/.m2: run benchmarks/run.sh once first" >&2; exit 1; }
[ -f "$AGENT" ] || { echo "missing $AGENT: cargo build --release" >&2; exit 1; }
[ -z "$AGENT_B" ] || [ -f "$AGENT_B" ] || { echo "missing --agent-b $AGENT_B" >&2; exit 1; }
OUT=$ROOT/benchmarks/out/once
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
    System.out.println("once_us " + (System.nanoTime() - t0) / 1000 + " " + s);
  }}
}}
""")
PY
javac -nowarn -d "$OUT/classes" "$OUT"/src/*.java
VARIANTS="none jacoco jvmfuzz"
[ -z "$AGENT_B" ] || VARIANTS="$VARIANTS jvmfuzz-b"
: > "$OUT/runs.txt"
for r in $(seq "$REPS"); do
    for v in $VARIANTS; do
        case $v in
            none) A=() ;;
            jacoco) A=(-javaagent:$JACOCO=destfile=$OUT/once.exec,includes=C*) ;;
            jvmfuzz) A=(-agentpath:$AGENT=includes=C*,formats=none) ;;
            jvmfuzz-b) A=(-agentpath:$AGENT_B=includes=C*,formats=none) ;;
        esac
        us=$("$JAVA" "${A[@]}" -cp "$OUT/classes" Once 2>/dev/null | awk '/^once_us/ {print $2}')
        echo "$r $v $us" | tee -a "$OUT/runs.txt" >&2
    done
done
python3 - "$OUT/runs.txt" <<'PY'
import sys, statistics as st
runs = {}
for line in open(sys.argv[1]):
    r, v, us = line.split()
    runs.setdefault(v, []).append(int(us))
print(f"{'variant':<10} {'calls, us (median)':>18}  all")
for v, xs in runs.items():
    print(f"{v:<10} {st.median(xs):>18.0f}  {sorted(xs)}")
PY
