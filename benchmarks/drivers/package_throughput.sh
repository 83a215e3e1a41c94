#!/usr/bin/env bash
# Package mode's throughput and time per method (issue 27, items 3 and 4) on commons-text 1.15.0
# (with commons-lang3 3.18.0 beside it): `fuzz --package org.apache.commons.text` for T seconds,
# then `fuzz --class org.apache.commons.text.WordUtils` for the same time, one after the other,
# for each binary given (an A/B of two builds: pass both). Prints executions, exec/s, restarts,
# findings, and the runs per driver method (min, p10, median; methods under 1,000 runs) from
# drivers/stats.txt. Not run by CI.
#
#   benchmarks/drivers/package_throughput.sh [-t SECONDS] [FUZZ_BIN ...]   # default 300 s, target/release/fuzz
#
# Output folders: $OUT (default benchmarks/drivers/out/throughput/<binary name>-<mode>).
# Every fuzzing process runs in `unshare -n` (no network at all): generated drivers call every
# public method, and commons-text has lookups that resolve host names (DnsStringLookup).
# Needs root for that.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
. "$HERE/../lib.sh"

SECONDS_EACH=300
if [ "${1:-}" = "-t" ]; then
    SECONDS_EACH="$2"
    shift 2
fi
[ "$(id -u)" = 0 ] || { echo "package_throughput.sh: needs root (unshare -n)" >&2; exit 1; }
command -v unshare >/dev/null || apt_missing util-linux
need_tools
TEXT="$(fetch org.apache.commons:commons-text:1.15.0)"
LANG3="$(fetch org.apache.commons:commons-lang3:3.18.0)"
CP="$TEXT:$LANG3"
if [ $# -eq 0 ]; then
    fuzz_bin "$REPO"
    set -- "$FUZZ_BIN"
fi
OUT="${OUT:-$HERE/out/throughput}"

for bin in "$@"; do
    for mode in package class; do
        dir="$OUT/$(basename "$bin")-$mode"
        rm -rf "$dir" && mkdir -p "$dir"
        if [ "$mode" = package ]; then what=(--package org.apache.commons.text); else what=(--class org.apache.commons.text.WordUtils); fi
        (cd "$dir" && unshare -n "$bin" --cp "$CP" "${what[@]}" --keep-going --max-total-time "$SECONDS_EACH" \
            --progress plain >log.txt 2>&1) || true
        done_line="$(grep -a '^jvmfuzz: done:' "$dir/log.txt" | tail -1)"
        execs="$(grep -a -o 'executions: [0-9]*' "$dir/log.txt" | tail -1 | cut -d' ' -f2)"
        restarts="$(grep -a -c 'restarted client' "$dir/log.txt" || true)"
        findings="$(grep -a -o '^jvmfuzz: [0-9]* finding(s)' "$dir/log.txt" | grep -o '[0-9]*' || echo 0)"
        runs="$(awk '!/^#/ {print $1}' "$dir/findings/drivers/stats.txt" 2>/dev/null | sort -n |
            awk '{a[NR]=$1} END {if (NR) printf "methods %d, runs min %d p10 %d median %d, under 1000: ", NR, a[1], a[int(NR*.1)+1], a[int(NR/2)+1]}')"
        under="$(awk '!/^#/ && $1 < 1000' "$dir/findings/drivers/stats.txt" 2>/dev/null | wc -l)"
        echo "$(basename "$bin") $mode ${SECONDS_EACH}s: executions $execs ($(( ${execs:-0} / SECONDS_EACH ))/s), restarts $restarts, findings $findings; $runs$under"
        echo "    $done_line"
    done
done
