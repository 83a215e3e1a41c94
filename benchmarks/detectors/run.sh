#!/usr/bin/env bash
# Bug detectors, jvmfuzz vs Jazzer: harnesses of our own (targets/detectors) on vulnerable
# releases from Maven Central and on JDK APIs, same seed and budget for both tools, runs
# alternated, empty corpus; prints one table (also out/results.{txt,json}, logs in out/logs).
#
#   benchmarks/detectors/run.sh                              # 3 seeds x 120 s per run, 8 harnesses
#   benchmarks/detectors/run.sh --seeds 1 --budget 20 --only log4j,xpath
#
# SAFETY: the targets can start programs, open connections, look up JNDI names and touch files.
# Every fuzzing process runs in `unshare -n` (no network at all), as user nobody, in a fresh
# scratch folder under /tmp, with PATH set to an empty folder (bench.py). Needs root (unshare).
#
# Installs what it needs, idempotently: Debian `time`, JDK, Maven, python3, util-linux (unshare,
# setpriv); from Maven Central through mvn into ~/.m2: Jazzer and jazzer-api ($JAZZER_VERSION,
# default 0.30.0) and the targets' jars. The fuzz binary: $FUZZ_BIN, else target/release/fuzz
# (built with cargo if missing).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
export JAZZER_VERSION="${JAZZER_VERSION:-0.30.0}"
. "$HERE/../lib.sh"

[ "$(id -u)" = 0 ] || { echo "run.sh: needs root (unshare -n, setpriv)" >&2; exit 1; }
extra=()
command -v unshare >/dev/null && command -v setpriv >/dev/null || extra+=(util-linux)
need_tools "${extra[@]}"
fuzz_bin "$REPO"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
[ -x "$JAVA_HOME/bin/java" ] || JAVA_HOME="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"

JARS=(
    com.code-intelligence:jazzer:$JAZZER_VERSION
    com.code-intelligence:jazzer-api:$JAZZER_VERSION
    org.apache.logging.log4j:log4j-core:2.14.1
    org.apache.logging.log4j:log4j-api:2.14.1
    org.apache.commons:commons-text:1.9
    org.apache.commons:commons-lang3:3.11
    org.yaml:snakeyaml:1.33
    com.thoughtworks.xstream:xstream:1.4.17
    io.github.x-stream:mxparser:1.2.1
    xmlpull:xmlpull:1.1.3.1
    com.h2database:h2:2.2.224
)

# The sandboxed processes run as nobody: stage what they read in a world-readable folder
# (~/.m2 and the repository may be private).
STAGE="$(mktemp -d /tmp/jvmfuzz-det-stage-XXXXXX)"
trap 'rm -rf "$STAGE"' EXIT
chmod 755 "$STAGE"
mkdir -p "$STAGE/lib" "$STAGE/classes"
for gav in "${JARS[@]}"; do
    cp "$(fetch "$gav")" "$STAGE/lib/"
done
cp "$FUZZ_BIN" "$STAGE/fuzz"
javac --release 11 -nowarn -d "$STAGE/classes" -cp "$STAGE/lib/*" "$HERE"/targets/detectors/*.java
chmod -R a+rX "$STAGE"
export STAGE FUZZ="$STAGE/fuzz"

echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); $(nproc) cores" >&2
python3 "$HERE/bench.py" "$@"
