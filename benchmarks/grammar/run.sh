#!/usr/bin/env bash
# Grammar-mode benchmark (the grammar-fuzzing seed's RQ1/RQ2): four real parsers (Rhino's
# JavaScript parser, H2's SQL parser, Gson, commons-csv), each fuzzed by jvmfuzz in grammar mode,
# in grammar mode with --kpath-feedback, in byte mode (no grammar) and by Jazzer, two runs side by
# side for the same wall-clock time, N seeds; branch coverage of the library measured the same way
# for every run (final corpus + finding inputs replayed under JaCoCo's agent, no fuzzer in the
# process). Prints one table; writes out/results.{txt,json}; runs and replays in out/work. Not run
# by CI.
#
#   benchmarks/grammar/run.sh                                 # full: 600 s x 3 seeds x 4 modes x 4 targets (~4.5 h)
#   benchmarks/grammar/run.sh --time 120 --seeds 2            # reduced (~35 min)
#   benchmarks/grammar/run.sh --only rhino,gson --modes grammar,byte --time 60 --seeds 1
#   benchmarks/grammar/run.sh --replay-only [same options]    # redo replays and table from out/work
#   benchmarks/grammar/run.sh --table-only                    # print the table again from out/results.json
#   FUZZ_BIN=/path/to/fuzz benchmarks/grammar/run.sh          # a prebuilt fuzz binary
#
# Installs what it needs, idempotently: Debian JDK, Maven, python3, `time` if missing; from Maven
# Central through mvn into ~/.m2: org.mozilla:rhino 1.7.15, com.h2database:h2 2.2.224,
# com.google.code.gson:gson 2.11.0, org.apache.commons:commons-csv 1.14.1 with its runtime
# dependencies commons-io 2.20.0 and commons-codec 1.19.0 (its pom), Jazzer and jazzer-api
# ($JAZZER_VERSION, default 0.30.0), JaCoCo CLI (nodeps) and agent (runtime) 0.8.14. Builds
# target/release/fuzz with cargo if missing ($FUZZ_BIN overrides; $CARGO_TARGET_DIR honoured).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
export JAZZER_VERSION="${JAZZER_VERSION:-0.30.0}"
JACOCO_VERSION=0.8.14
. "$HERE/../lib.sh"

need_tools

export RHINO_JAR="$(fetch org.mozilla:rhino:1.7.15)"
export H2_JAR="$(fetch com.h2database:h2:2.2.224)"
export GSON_JAR="$(fetch com.google.code.gson:gson:2.11.0)"
export CSV_JAR="$(fetch org.apache.commons:commons-csv:1.14.1)"
export CSV_DEPS="$(fetch commons-io:commons-io:2.20.0):$(fetch commons-codec:commons-codec:1.19.0)"
export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
export JACOCO_CLI="$(fetch org.jacoco:org.jacoco.cli:$JACOCO_VERSION:nodeps)"
export JACOCO_AGENT="$(fetch org.jacoco:org.jacoco.agent:$JACOCO_VERSION:runtime)"

fuzz_bin "$REPO"
export JAVA="${JAVA:-$(command -v java)}"

# The harnesses and the replayer, compiled once against every library (each harness only
# references its own).
export HARNESS_CLASSES="$HERE/out/build/classes"
rm -rf "$HARNESS_CLASSES" && mkdir -p "$HARNESS_CLASSES"
javac --release 11 -nowarn -d "$HARNESS_CLASSES" -cp "$RHINO_JAR:$H2_JAR:$GSON_JAR:$CSV_JAR:$CSV_DEPS" \
    "$HERE"/harnesses/grammarbench/*.java

echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; jacoco $JACOCO_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
exec python3 "$HERE/evaluate.py" "$@"
