#!/usr/bin/env bash
# jvmfuzz vs Jazzer on the same Jazzer-API harnesses (benchmarks/fuzz/targets), same time
# budget per run, runs alternated; prints one table (also out/results.{txt,json}, logs in out/logs).
#
#   benchmarks/fuzz/run.sh            # 3 reps x 60 s per run, 6 harnesses (~40 min)
#   benchmarks/fuzz/run.sh --quick    # 2 reps x 10 s per run, 5 harnesses (~5 min)
#   benchmarks/fuzz/run.sh --reps N --budget SECONDS --only trivial,bad-chain
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
M2="${MAVEN_REPO:-$HOME/.m2/repository}"

need_apt=()
[ -x /usr/bin/time ] || need_apt+=(time)
command -v javac >/dev/null || need_apt+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || need_apt+=(maven)
command -v python3 >/dev/null || need_apt+=(python3)
[ -f /usr/share/java/jackson-databind.jar ] || need_apt+=(libjackson2-databind-java)
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "installing ${need_apt[*]} (apt)" >&2
    apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

fetch() { # group:artifact:version -> path of the jar in ~/.m2
    local g a v; IFS=: read -r g a v <<<"$1"
    local jar="$M2/${g//.//}/$a/$v/$a-$v.jar"
    [ -f "$jar" ] || mvn -q dependency:get -Dtransitive=false -Dartifact="$1" >&2
    [ -f "$jar" ] || { echo "could not fetch $1" >&2; exit 2; }
    echo "$jar"
}
export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
export GSON_CP="$(fetch com.google.code.gson:gson:$GSON_VERSION)"
export JACKSON_CP=/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar

if [ -z "${FUZZ_BIN:-}" ]; then
    FUZZ_BIN="${CARGO_TARGET_DIR:-$REPO/target}/release/fuzz"
    if [ ! -x "$FUZZ_BIN" ]; then
        echo "building $FUZZ_BIN (cargo build --release -p jvmfuzz-fuzzer)" >&2
        (cd "$REPO" && cargo build --release -p jvmfuzz-fuzzer >&2)
    fi
fi
export FUZZ_BIN
export JAVA="${JAVA:-$(command -v java)}"

BUILD="$HERE/out/build"
rm -rf "$BUILD" && mkdir -p "$BUILD/classes" "$BUILD/ceiling"
javac --release 11 -nowarn -d "$BUILD/classes" -cp "$JAZZER_API:$GSON_CP:$JACKSON_CP" "$HERE"/targets/bench/*.java
javac --release 11 -d "$BUILD/ceiling" -cp "$BUILD/classes" "$HERE/java/Ceiling.java"
export TARGETS="$BUILD/classes" CEILING_CLASSES="$BUILD/ceiling"

echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
exec python3 "$HERE/compare.py" "$@"
