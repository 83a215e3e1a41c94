#!/usr/bin/env bash
# Issue 4 evaluation: jvmfuzz's generated drivers on commons-imaging 1.0.0-alpha6, against
# Jazzer autofuzz, with branch coverage measured by JaCoCo 0.8.14. Prints one table (also
# out/results.{txt,json}; logs and per-run data in out/work). Not run by CI.
#
#   benchmarks/drivers/run.sh                  # full: ~35-45 min (10 min package run, 14 methods x 42 s x 3 variants side by side, replays)
#   benchmarks/drivers/run.sh --quick          # smoke test: ~6 min (60 s package run, 4 methods x 10 s)
#   benchmarks/drivers/run.sh --only static,package,methods --package-time S --method-total S
#   FUZZ_BIN=/path/to/fuzz benchmarks/drivers/run.sh    # a prebuilt fuzz binary
#
# Installs what it needs, idempotently: Debian JDK, Maven, python3, `time` if missing; from Maven
# Central through mvn into ~/.m2: commons-imaging 1.0.0-alpha6 and its runtime dependencies
# (commons-io 2.19.0, commons-lang3 3.17.0, from its pom), Jazzer and jazzer-api 0.30.0, JaCoCo
# CLI (nodeps) and agent (runtime) 0.8.14. Builds target/release/fuzz with cargo if missing
# ($FUZZ_BIN overrides; $CARGO_TARGET_DIR honoured).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
JAZZER_VERSION="${JAZZER_VERSION:-0.30.0}"
JACOCO_VERSION=0.8.14
. "$HERE/../lib.sh"

# Every fuzzing and replay process runs in `unshare -n` (evaluate.py's run()): needs root.
[ "$(id -u)" = 0 ] || { echo "run.sh: needs root (unshare -n)" >&2; exit 1; }
command -v unshare >/dev/null || apt_missing util-linux
need_tools

export IMAGING_JAR="$(fetch org.apache.commons:commons-imaging:1.0.0-alpha6)"
IO_JAR="$(fetch commons-io:commons-io:2.19.0)"
LANG_JAR="$(fetch org.apache.commons:commons-lang3:3.17.0)"
export TARGET_CP="$IMAGING_JAR:$IO_JAR:$LANG_JAR"
export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
export JACOCO_CLI="$(fetch org.jacoco:org.jacoco.cli:$JACOCO_VERSION:nodeps)"
export JACOCO_AGENT="$(fetch org.jacoco:org.jacoco.agent:$JACOCO_VERSION:runtime)"
export JAZZER_VERSION

fuzz_bin "$REPO"
export JAVA="${JAVA:-$(command -v java)}"

echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; jacoco $JACOCO_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
exec python3 "$HERE/evaluate.py" "$@"
