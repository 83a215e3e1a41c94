#!/usr/bin/env bash
# Package mode's findings and coverage (issue 27, item 5): `fuzz --package` for T seconds on
# commons-text 1.15.0 (org.apache.commons.text, with commons-lang3 beside it) and commons-lang3
# 3.22.0 (org.apache.commons.lang3), and on request commons-codec 1.23.0 (the third library,
# first run before any rule was drawn from it). Per library it reports:
#   - the distinct findings by kind, checked against a hand-triaged ground truth
#     (ground-truth/<lib>-<version>.tsv): precision (real bugs among kind "bug"), the real bugs
#     found, real bugs reported as kind "contract" ("lost to contract"), and what is untriaged;
#   - executions, exec/s and restarts of the run;
#   - branch coverage (JaCoCo 0.8.14, corpus + finding inputs replayed under its agent) inside M
#     methods sampled from the run's driver methods, against Jazzer 0.30.0 autofuzz given T/M
#     seconds on each of those methods (the same total time).
# The work is done by package_bench.py; results go to out/package/<lib>/result.{json,md}.
# Not run by CI.
#
#   benchmarks/drivers/package_bench.sh                     # both libraries, 600 s each, 10 methods
#   benchmarks/drivers/package_bench.sh -t 20 -m 2          # smoke test
#   benchmarks/drivers/package_bench.sh --lib commons-text --only run,coverage,report
#   benchmarks/drivers/package_bench.sh --lib commons-codec --only run,report   # the third library
#   benchmarks/drivers/package_bench.sh --lib commons-collections4 --only run,report   # the fourth
#   benchmarks/drivers/package_bench.sh --lib commons-csv --only run,report   # the fifth
#   benchmarks/drivers/package_bench.sh --lib jsoup --only run,report         # the sixth
#   benchmarks/drivers/package_bench.sh --lib commons-cli --only run,report   # the seventh
#   benchmarks/drivers/package_bench.sh --lib org-json --only run,report      # the eighth
#   benchmarks/drivers/package_bench.sh --lib joda-time --only run,report     # the ninth
#   benchmarks/drivers/package_bench.sh --reuse             # recompute everything from out/ (no fuzzing)
#   benchmarks/drivers/package_bench.sh --triage            # the latest runs' findings not in the ground truth
#   FUZZ_BIN=/path/to/fuzz benchmarks/drivers/package_bench.sh   # a prebuilt binary (default target/release/fuzz)
#
# Every process that runs a target (jvmfuzz, Jazzer, the replays) runs in `unshare -n`: the
# generated drivers call every public method, lookups that resolve host names included. Needs
# root for fuzzing; --triage and --reuse do not run a target.
# The -sources.jar of each library is passed with --sources when `fuzz --help` lists that option
# (used for the Javadoc @throws contract rule); if Maven Central has none, the run goes without.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
. "$HERE/../lib.sh"

TEXT_VERSION=1.15.0
LANG3_VERSION=3.22.0   # the newest; also on commons-text's class path (its pom asks for >= 3.20.0)
CODEC_VERSION=1.23.0   # the newest; the third library (--lib commons-codec)
COLLECTIONS_VERSION=4.6.0   # the newest; the fourth library (--lib commons-collections4)
CSV_VERSION=1.14.1   # the newest; the fifth library (--lib commons-csv), with commons-io beside it
IO_VERSION=2.20.0    # the version commons-csv 1.14.1's pom names
JSOUP_VERSION=1.24.1 # the newest here; the sixth library (--lib jsoup), no dependencies
CLI_VERSION=1.11.0   # the newest; the seventh library (--lib commons-cli), no dependencies
JSON_VERSION=20260814   # the newest; the eighth library (--lib org-json), no dependencies
JODA_VERSION=2.15.1   # the newest; the ninth library (--lib joda-time), no dependencies
JAZZER_VERSION=0.30.0
JACOCO_VERSION=0.8.14

# Does this invocation fuzz or replay (needs root and a fuzz binary), or only read out/?
runs_target=1
prev=""
for a in "$@"; do
    case "$a" in
        --triage | --reuse) runs_target=0 ;;
    esac
    if [ "$prev" = --only ]; then
        case ",$a," in *,run,* | *,coverage,*) ;; *) runs_target=0 ;; esac
    fi
    case "$a" in --only=*) case ",${a#--only=}," in *,run,* | *,coverage,*) ;; *) runs_target=0 ;; esac ;; esac
    [ "$prev" = --lib ] && libs="$a"
    case "$a" in --lib=*) libs="${a#--lib=}" ;; esac
    prev="$a"
done
# The libraries this invocation runs (package_bench.py's default when no --lib): only their
# sources jars are fetched.
libs=",${libs:-commons-text,commons-lang3},"
wants() { case "$libs" in *",$1,"*) return 0 ;; esac; return 1; }

need_tools
export TEXT_VERSION LANG3_VERSION CODEC_VERSION COLLECTIONS_VERSION CSV_VERSION JSOUP_VERSION CLI_VERSION JSON_VERSION JODA_VERSION JAZZER_VERSION
export TEXT_JAR="$(fetch org.apache.commons:commons-text:$TEXT_VERSION)"
export LANG3_JAR="$(fetch org.apache.commons:commons-lang3:$LANG3_VERSION)"
export CODEC_JAR="$(fetch commons-codec:commons-codec:$CODEC_VERSION)"
export COLLECTIONS_JAR="$(fetch org.apache.commons:commons-collections4:$COLLECTIONS_VERSION)"
export CSV_JAR="$(fetch org.apache.commons:commons-csv:$CSV_VERSION)"
export IO_JAR="$(fetch commons-io:commons-io:$IO_VERSION)"
export JSOUP_JAR="$(fetch org.jsoup:jsoup:$JSOUP_VERSION)"
export CLI_JAR="$(fetch commons-cli:commons-cli:$CLI_VERSION)"
export JSON_JAR="$(fetch org.json:json:$JSON_VERSION)"
export JODA_JAR="$(fetch joda-time:joda-time:$JODA_VERSION)"
export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
export JACOCO_CLI="$(fetch org.jacoco:org.jacoco.cli:$JACOCO_VERSION:nodeps)"
export JACOCO_AGENT="$(fetch org.jacoco:org.jacoco.agent:$JACOCO_VERSION:runtime)"
export JAVA="${JAVA:-$(command -v java)}"
export TEXT_SOURCES="" LANG3_SOURCES="" CODEC_SOURCES="" COLLECTIONS_SOURCES="" CSV_SOURCES="" JSOUP_SOURCES="" CLI_SOURCES="" JSON_SOURCES="" JODA_SOURCES="" SOURCES_OPTION=""

if [ "$runs_target" = 1 ]; then
    [ "$(id -u)" = 0 ] || { echo "package_bench.sh: needs root (unshare -n)" >&2; exit 1; }
    command -v unshare >/dev/null || apt_missing util-linux
    fuzz_bin "$REPO"
    if "$FUZZ_BIN" --help 2>/dev/null | grep -- '^ *--sources' >/dev/null; then   # not -q: no SIGPIPE under pipefail
        SOURCES_OPTION=1
        # fetch exits 2 when Maven Central has no such jar: run without it then.
        if wants commons-text; then
            TEXT_SOURCES="$(fetch org.apache.commons:commons-text:$TEXT_VERSION:sources)" ||
                { echo "no sources jar for commons-text $TEXT_VERSION: running without --sources" >&2; TEXT_SOURCES=""; }
        fi
        # LANG3_SOURCES_VERSION: the Javadoc of another release when this one's sources jar is
        # not to be had (Maven Central's mirror here serves none for 3.21.0 and 3.22.0).
        if wants commons-lang3; then
            LANG3_SOURCES="$(fetch org.apache.commons:commons-lang3:${LANG3_SOURCES_VERSION:-$LANG3_VERSION}:sources)" ||
                { echo "no sources jar for commons-lang3 ${LANG3_SOURCES_VERSION:-$LANG3_VERSION}: running without --sources" >&2; LANG3_SOURCES=""; }
        fi
        # CODEC_SOURCES_VERSION likewise (none is served here for 1.23.0; 1.17.0's is).
        if wants commons-codec; then
            CODEC_SOURCES="$(fetch commons-codec:commons-codec:${CODEC_SOURCES_VERSION:-$CODEC_VERSION}:sources)" ||
                { echo "no sources jar for commons-codec ${CODEC_SOURCES_VERSION:-$CODEC_VERSION}: running without --sources" >&2; CODEC_SOURCES=""; }
        fi
        if wants commons-collections4; then
            COLLECTIONS_SOURCES="$(fetch org.apache.commons:commons-collections4:$COLLECTIONS_VERSION:sources)" ||
                { echo "no sources jar for commons-collections4 $COLLECTIONS_VERSION: running without --sources" >&2; COLLECTIONS_SOURCES=""; }
        fi
        if wants commons-csv; then
            CSV_SOURCES="$(fetch org.apache.commons:commons-csv:$CSV_VERSION:sources)" ||
                { echo "no sources jar for commons-csv $CSV_VERSION: running without --sources" >&2; CSV_SOURCES=""; }
        fi
        if wants jsoup; then
            JSOUP_SOURCES="$(fetch org.jsoup:jsoup:$JSOUP_VERSION:sources)" ||
                { echo "no sources jar for jsoup $JSOUP_VERSION: running without --sources" >&2; JSOUP_SOURCES=""; }
        fi
        if wants commons-cli; then
            CLI_SOURCES="$(fetch commons-cli:commons-cli:$CLI_VERSION:sources)" ||
                { echo "no sources jar for commons-cli $CLI_VERSION: running without --sources" >&2; CLI_SOURCES=""; }
        fi
        if wants org-json; then
            JSON_SOURCES="$(fetch org.json:json:$JSON_VERSION:sources)" ||
                { echo "no sources jar for org.json $JSON_VERSION: running without --sources" >&2; JSON_SOURCES=""; }
        fi
        # JODA_SOURCES_VERSION likewise (none is served here for 2.15.x; 2.14.1's is).
        if wants joda-time; then
            JODA_SOURCES="$(fetch joda-time:joda-time:${JODA_SOURCES_VERSION:-$JODA_VERSION}:sources)" ||
                { echo "no sources jar for joda-time ${JODA_SOURCES_VERSION:-$JODA_VERSION}: running without --sources" >&2; JODA_SOURCES=""; }
        fi
    fi
    echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; jacoco $JACOCO_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
fi
exec python3 "$HERE/package_bench.py" "$@"
