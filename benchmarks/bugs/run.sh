#!/usr/bin/env bash
# Real-bug benchmark: jvmfuzz vs Jazzer on harnesses of our own (targets/bugs) over released
# library versions with known bugs (harnesses.tsv), same wall-clock budget per run, N seeds,
# the two tools alternated. Prints one table; writes out/results.{txt,json} and out/logs/.
#
#   benchmarks/bugs/run.sh                  # 5 seeds x 120 s per run and tool, every harness (~35-60 min)
#   benchmarks/bugs/run.sh --quick          # 1 seed x 20 s (a smoke run: does every harness work?)
#   benchmarks/bugs/run.sh --seeds N --budget SECONDS --only jsoup,compress-tar
#
# Installs what it needs, idempotently: Debian `time`, JDK, Maven, python3 (benchmarks/lib.sh);
# from Maven Central through mvn into ~/.m2: com.code-intelligence:jazzer and jazzer-api
# ($JAZZER_VERSION, default 0.30.0) and the library versions harnesses.tsv names. Uses
# $FUZZ_BIN if set, else builds target/release/fuzz with cargo if missing ($CARGO_TARGET_DIR
# honoured).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
export JAZZER_VERSION="${JAZZER_VERSION:-0.30.0}"
. "$HERE/../lib.sh"

need_tools

export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
fuzz_bin "$REPO"
export JAVA="${JAVA:-$(command -v java)}"

# Each harness is compiled on its own class path (two harnesses may need two versions of one
# library); out/build/harnesses.tsv lists name, class and class path for bugs.py.
BUILD="$HERE/out/build"
rm -rf "$BUILD" && mkdir -p "$BUILD"
while IFS=$'\t' read -r name cls deps _later; do
    case "$name" in ''|'#'*) continue ;; esac
    cp=""
    for d in ${deps//,/ }; do cp="$cp:$(fetch "$d")"; done
    cp="${cp#:}"
    mkdir -p "$BUILD/$name"
    javac --release 11 -nowarn -d "$BUILD/$name" -cp "$JAZZER_API:$cp" "$HERE/targets/${cls//.//}.java"
    printf '%s\t%s\t%s\n' "$name" "$cls" "$BUILD/$name:$cp" >>"$BUILD/harnesses.tsv"
done <"$HERE/harnesses.tsv"
export HARNESSES="$BUILD/harnesses.tsv"

echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
exec python3 "$HERE/bugs.py" "$@"
