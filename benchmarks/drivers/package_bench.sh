#!/usr/bin/env bash
# Package mode's findings and coverage (issue 27, item 5): `fuzz --package` for T seconds on
# commons-text 1.15.0 (org.apache.commons.text, with commons-lang3 beside it) and commons-lang3
# 3.22.0 (org.apache.commons.lang3), and on request the other libraries of libraries.tsv (each
# first run before any rule was drawn from it; its artifact, package, sources jar and class
# path are that table's row). Per library it reports:
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
#   benchmarks/drivers/package_bench.sh --lib snakeyaml-engine --only run,report   # the tenth
#   benchmarks/drivers/package_bench.sh --lib commons-compress --only run,report   # the fourteenth (libraries.tsv has them all)
#   benchmarks/drivers/package_bench.sh --lib opencsv --only run,report       # the fifteenth; libphonenumber the sixteenth
#   PACKAGE_BENCH_OUT=/tmp/x benchmarks/drivers/package_bench.sh ...          # another output directory than out/package
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

# The libraries (name, artifact, package, sources jar, class path): libraries.tsv.
LIBRARIES="$HERE/libraries.tsv"
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
# jars and sources jars are fetched.
libs=",${libs:-commons-text,commons-lang3},"
wants() { case "$libs" in *",$1,"*) return 0 ;; esac; return 1; }
# PB_<NAME> names a library's variables (commons-text: PB_COMMONS_TEXT_JAR, _CP, _SOURCES).
key() { local k="${1//-/_}"; echo "PB_${k^^}"; }

need_tools
export JAZZER_VERSION LIBRARIES
export JAZZER_JAR="$(fetch com.code-intelligence:jazzer:$JAZZER_VERSION)"
export JAZZER_API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
export JACOCO_CLI="$(fetch org.jacoco:org.jacoco.cli:$JACOCO_VERSION:nodeps)"
export JACOCO_AGENT="$(fetch org.jacoco:org.jacoco.agent:$JACOCO_VERSION:runtime)"
export JAVA="${JAVA:-$(command -v java)}"
export SOURCES_OPTION=""
while IFS=$'\t' read -r name artifact _pkg _sources beside _note; do
    case "$name" in '#'* | '') continue ;; esac
    wants "$name" || continue
    k="$(key "$name")"
    jar="$(fetch "$artifact")"
    cp="$jar"
    if [ "$beside" != - ]; then
        IFS=, read -r -a others <<<"$beside"
        for o in "${others[@]}"; do cp="$cp:$(fetch "$o")"; done
    fi
    export "${k}_JAR=$jar" "${k}_CP=$cp" "${k}_SOURCES="
done <"$LIBRARIES"

if [ "$runs_target" = 1 ]; then
    [ "$(id -u)" = 0 ] || { echo "package_bench.sh: needs root (unshare -n)" >&2; exit 1; }
    command -v unshare >/dev/null || apt_missing util-linux
    fuzz_bin "$REPO"
    if "$FUZZ_BIN" --help 2>/dev/null | grep -- '^ *--sources' >/dev/null; then   # not -q: no SIGPIPE under pipefail
        SOURCES_OPTION=1
        # fetch exits 2 when Maven Central has no such jar: run without it then.
        while IFS=$'\t' read -r name artifact _pkg sources _beside _note; do
            case "$name" in '#'* | '') continue ;; esac
            wants "$name" && [ "$sources" != - ] || continue
            [ "$sources" = = ] && sources="${artifact##*:}"
            src="$(fetch "${artifact%:*}:$sources:sources")" ||
                { echo "no sources jar for $name $sources: running without --sources" >&2; src=""; }
            export "$(key "$name")_SOURCES=$src"
        done <"$LIBRARIES"
    fi
    echo "fuzz: $FUZZ_BIN; jazzer $JAZZER_VERSION; jacoco $JACOCO_VERSION; $("$JAVA" -version 2>&1 | head -1); $(nproc) cores" >&2
fi
exec python3 "$HERE/package_bench.py" "$@"
