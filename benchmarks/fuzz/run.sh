#!/usr/bin/env bash
# jvmfuzz vs Jazzer on the same Jazzer-API harnesses (benchmarks/fuzz/targets), same time
# budget per run, runs alternated; prints one table (also out/results.{txt,json}, logs in out/logs).
#
#   benchmarks/fuzz/run.sh            # 3 reps x 60 s per run, 6 harnesses (~40 min)
#   benchmarks/fuzz/run.sh --quick    # 2 reps x 10 s per run, 5 harnesses (~5 min)
#   benchmarks/fuzz/run.sh --reps N --budget SECONDS --only trivial,bad-chain
#   benchmarks/fuzz/run.sh scaling    # --jobs 1 vs --jobs 2 on jackson and gson (scaling.py;
#                                     # 3 reps x 60 s, ~15 min; --reps, --budget, --only,
#                                     # --warm SECONDS: every run starts from a warmed corpus)
#
# Installs what it needs, idempotently: Debian `time` (for /usr/bin/time -v), JDK, Maven;
# from Maven Central through mvn into ~/.m2: com.code-intelligence:jazzer and jazzer-api
# ($JAZZER_VERSION, default 0.30.0, the latest both have), com.google.code.gson:gson; jackson
# from Debian (libjackson2-databind-java). Builds target/release/fuzz with cargo if missing
# ($FUZZ_BIN overrides; $CARGO_TARGET_DIR honoured).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
export JAZZER_VERSION="${JAZZER_VERSION:-0.30.0}"
GSON_VERSION="${GSON_VERSION:-2.13.1}"
. "$HERE/../lib.sh"

jackson=()
[ -f /usr/share/java/jackson-databind.jar ] || jackson=(libjackson2-databind-java)
need_tools "${jackson[@]}"

export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
export GSON_CP="$(fetch com.google.code.gson:gson:$GSON_VERSION)"
export JACKSON_CP=/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar

fuzz_bin "$REPO"
export JAVA="${JAVA:-$(command -v java)}"

BUILD="$HERE/out/build"
rm -rf "$BUILD" && mkdir -p "$BUILD/classes" "$BUILD/ceiling"
javac --release 11 -nowarn -d "$BUILD/classes" -cp "$JAZZER_API:$GSON_CP:$JACKSON_CP" "$HERE"/targets/bench/*.java
javac --release 11 -d "$BUILD/ceiling" -cp "$BUILD/classes" "$HERE/java/Ceiling.java"
javac --release 11 -d "$BUILD/ceiling" -cp "$JAZZER_JAR:$JAZZER_API" "$HERE/java/CorpusCeiling.java"
# Jazzer's FuzzedDataProviderImpl needs classes of the bootstrap jar inside jazzer.jar.
(cd "$BUILD/ceiling" && jar xf "$JAZZER_JAR" com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar)
export JAZZER_BOOTSTRAP="$BUILD/ceiling/com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar"
export TARGETS="$BUILD/classes" CEILING_CLASSES="$BUILD/ceiling"

echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
if [ "${1:-}" = scaling ]; then
    shift
    exec python3 "$HERE/scaling.py" "$@"
fi
exec python3 "$HERE/compare.py" "$@"
