#!/usr/bin/env bash
# Solver benchmark (issue 23): jvmfuzz --solver on vs --solver off vs Jazzer on targets whose
# checks transform the input (linear equations, checksums, parsed numbers with arithmetic,
# length fields, a packet format), on the planted-magic targets of benchmarks/fuzz, and on two
# realistic parsers (gson, jackson) where the measure is coverage and exec/s with the solver on
# and off. Same wall-clock budget per run, seeds 1..N, runs alternated. Prints the tables;
# writes results/<date>[-label].{txt,json}; logs in out/logs/. Not run by CI.
#
#   benchmarks/solver/run.sh                    # 5 seeds x 120 s (find targets), 3 seeds x 60 s (parsers)
#   benchmarks/solver/run.sh --quick            # 3 seeds x 30 s everywhere
#   benchmarks/solver/run.sh --budget 60 --seeds 5 --parser-budget 60 --parser-seeds 3
#   benchmarks/solver/run.sh --only linear,packet --tools on,off --seeds 1 --budget 30
#   benchmarks/solver/run.sh --table-only results/2026-11-26.json   # print a saved run's tables again
#   FUZZ_BIN=/path/to/fuzz benchmarks/solver/run.sh                 # a prebuilt fuzz binary
#
# Installs what it needs, idempotently: Debian `time`, JDK, Maven, python3, jackson
# (libjackson2-databind-java) where missing (benchmarks/lib.sh); from Maven Central through mvn
# into ~/.m2: com.code-intelligence:jazzer and jazzer-api ($JAZZER_VERSION, default 0.30.0) and
# com.google.code.gson:gson 2.13.1 (the versions benchmarks/fuzz uses). Builds
# target/release/fuzz with cargo if missing ($FUZZ_BIN overrides; $CARGO_TARGET_DIR honoured).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
export JAZZER_VERSION="${JAZZER_VERSION:-0.30.0}"
GSON_VERSION="${GSON_VERSION:-2.13.1}"
. "$HERE/../lib.sh"

if [ "${1:-}" = "--table-only" ]; then
    exec python3 "$HERE/solver.py" "$@"
fi

jackson=()
[ -f /usr/share/java/jackson-databind.jar ] || jackson=(libjackson2-databind-java)
need_tools "${jackson[@]}"

export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
export GSON_CP="$(fetch com.google.code.gson:gson:$GSON_VERSION)"
export JACKSON_CP=/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar

fuzz_bin "$REPO"
export JAVA="${JAVA:-$(command -v java)}"

# Our targets, plus the magic targets and the two parser harnesses of benchmarks/fuzz (compiled
# from there, not copied), into one class folder (all in package `bench`).
FUZZ_TARGETS="$HERE/../fuzz/targets/bench"
# The end-to-end tests' solver targets (package `fuzz`), compiled from there, not copied.
SOLVE_TARGETS="$REPO/tests/java/fuzz-targets/src/fuzz"
BUILD="$HERE/out/build"
rm -rf "$BUILD" && mkdir -p "$BUILD/classes" "$BUILD/check"
javac --release 11 -nowarn -d "$BUILD/classes" -cp "$JAZZER_API:$GSON_CP:$JACKSON_CP" \
    "$HERE"/targets/bench/*.java \
    "$FUZZ_TARGETS"/{MagicInt,MagicString,BadChain,GsonParse,JacksonParse}.java \
    "$SOLVE_TARGETS"/{SolveLinear,SolveChecksum,SolveParsed,SolveProvider,SolveUnmodelled}.java
export TARGETS="$BUILD/classes"

# Every planted bug must be reachable: feed each harness its answer (java/Solutions.java).
javac --release 11 -nowarn -d "$BUILD/check" -cp "$TARGETS:$JAZZER_API" "$HERE/java/Solutions.java"
"$JAVA" -cp "$BUILD/check:$TARGETS:$JAZZER_API" Solutions >"$BUILD/solutions.txt" ||
    { cat "$BUILD/solutions.txt" >&2; echo "a planted bug is not reachable with its answer" >&2; exit 1; }
tail -1 "$BUILD/solutions.txt" >&2

echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
exec python3 "$HERE/solver.py" "$@"
