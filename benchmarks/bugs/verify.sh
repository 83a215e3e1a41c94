#!/usr/bin/env bash
# Checks the bugs: replays each harness's reproducers (repro/<harness>/*, and with --crashes every
# input the benchmark found, out/crashes/<harness>-*) once each with `fuzz repro`, on the buggy
# library version (harnesses.tsv, column 3) and on later releases (column 4: the first release
# that should fix it, then the newest), and prints what each input does on each. Writes
# out/verify.txt, and one line per distinct bug to out/verify-summary.txt (summarize_verify.py).
#
#   benchmarks/bugs/verify.sh [--crashes] [--only jsoup,compress-tar]
#
# The later versions' class paths are resolved by mvn (dependency:build-classpath on a pom
# written to out/verify/); a harness whose library changed its API has a copy for the newest
# version in targets/newest/ (1.0-alpha3 of commons-imaging: targets/alpha3/); the first of
# those and targets/bugs/ that compiles is used. Replays run with the benchmark's settings
# (-Xmx1g, 10 s timeout, 2560 MB RSS limit) in `fuzz repro`, whose harness thread has a 64 MB
# stack: a stack overflow needs deeper input there than on a JVM's default 1 MB thread.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
JAZZER_VERSION="${JAZZER_VERSION:-0.30.0}"
. "$HERE/../lib.sh"

crashes=0 only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --crashes) crashes=1 ;;
        --only) only="$2"; shift ;;
        *) echo "usage: $0 [--crashes] [--only a,b]" >&2; exit 2 ;;
    esac
    shift
done

need_tools
API="$(fetch com.code-intelligence:jazzer-api:$JAZZER_VERSION)"
fuzz_bin "$REPO"
V="$HERE/out/verify"
mkdir -p "$V"

# classpath_of NAME TAG COORDS(,-separated): resolves COORDS with their dependencies through mvn.
classpath_of() {
    local dir="$V/$1-$2" deps="" g a v
    mkdir -p "$dir"
    for c in ${3//,/ }; do
        IFS=: read -r g a v <<<"$c"
        deps="$deps<dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency>"
    done
    cat >"$dir/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>jvmfuzz.bench</groupId><artifactId>verify</artifactId><version>1</version>
<dependencies>$deps</dependencies></project>
EOF
    (cd "$dir" && mvn -q -B dependency:build-classpath -Dmdep.outputFile=cp.txt >&2)
    cat "$dir/cp.txt"
}

# replay NAME CLASS SRC_ROOT TAG CP INPUTS...: compiles the harness from SRC_ROOT against CP,
# replays INPUTS, prints "input<TAB>result" lines.
replay() {
    local name="$1" cls="$2" src="$3" tag="$4" cp="$5"
    shift 5
    local cls_dir="$V/$name-$tag/classes" work
    rm -rf "$cls_dir" && mkdir -p "$cls_dir"
    # SRC_ROOT may list several roots (`:`-separated): the first that compiles is used.
    local ok=0 root
    for root in ${src//:/ }; do
        [ -f "$root/${cls//.//}.java" ] || continue
        if javac --release 11 -nowarn -d "$cls_dir" -cp "$API:$cp" "$root/${cls//.//}.java" 2>/dev/null; then ok=1; break; fi
    done
    [ "$ok" = 1 ] || { echo "$name: the harness does not compile against $tag" >&2; return 0; }
    work="$(mktemp -d)"
    (cd "$work" && "$FUZZ_BIN" repro --cp "$cls_dir:$cp:$API" --harness "$cls" --jvm-arg=-Xmx1g \
        --timeout 10 --rss-limit-mb 2560 "$@" 2>&1 || true) |
        sed -n -E 's/^REPRODUCED ([^:]+): (.*) \[id [0-9a-f]+\]$/\1\t\2/p; s/^ok ([^:]+): no finding$/\1\tno finding/p'
    rm -rf "$work"
}

report="$HERE/out/verify.txt"
: >"$report"
while IFS=$'\t' read -r name cls deps newest; do
    case "$name" in ''|'#'*) continue ;; esac
    if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
    inputs=()
    for f in "$HERE/repro/$name"/*; do [ -f "$f" ] && inputs+=("$f"); done
    if [ "$crashes" = 1 ]; then
        for f in "$HERE/out/crashes/$name"-*; do [ -f "$f" ] && inputs+=("$f"); done
    fi
    [ ${#inputs[@]} -gt 0 ] || { echo "$name: no inputs" | tee -a "$report"; continue; }
    old_cp=""
    for d in ${deps//,/ }; do old_cp="$old_cp:$(fetch "$d")"; done
    old_ver="${deps%%,*}"
    declare -A res=()
    while IFS=$'\t' read -r f r; do res["$f"]="$r"; done < <(replay "$name" "$cls" "$HERE/targets" old "${old_cp#:}" "${inputs[@]}")
    {
        echo "== $name: $old_ver (buggy) vs ${newest//|/, }"
        for f in "${inputs[@]}"; do
            echo "  ${f#$HERE/}"
            echo "    ${old_ver##*:}: ${res[$f]:-?}"
        done
    } >>"$report.$name"
    i=0
    for alt in ${newest//|/ }; do
        i=$((i + 1))
        if ! ncp="$(classpath_of "$name" "new$i" "$alt")"; then
            for f in "${inputs[@]}"; do printf '%s\t%s\n' "${f#$HERE/}" "    ${alt##*:}: could not resolve $alt"; done >>"$report.$name.new"
            continue
        fi
        src="$HERE/targets/newest:$HERE/targets/alpha3:$HERE/targets"
        declare -A nres=()
        while IFS=$'\t' read -r f r; do nres["$f"]="$r"; done < <(replay "$name" "$cls" "$src" "new$i" "$ncp" "${inputs[@]}")
        for f in "${inputs[@]}"; do
            printf '%s\t%s\n' "${f#$HERE/}" "    ${alt##*:}: ${nres[$f]:-?}"
        done >>"$report.$name.new"
        unset nres
    done
    # Merge: under each input, its result on each newest version.
    python3 - "$report.$name" "$report.$name.new" >>"$report" <<'EOF'
import sys
head = open(sys.argv[1]).read().splitlines()
new = {}
for line in open(sys.argv[2]).read().splitlines():
    k, v = line.split("\t", 1)
    new.setdefault(k, []).append(v)
out, cur = [], None
for line in head:
    out.append(line)
    if line.startswith("  ") and not line.startswith("    "):
        cur = line.strip()
    elif line.startswith("    ") and cur is not None:
        out += new.get(cur, [])
        cur = None
print("\n".join(out))
EOF
    rm -f "$report.$name" "$report.$name.new"
    unset res
done <"$HERE/harnesses.tsv"
cat "$report"
echo
python3 "$HERE/summarize_verify.py" "$report" | tee "$HERE/out/verify-summary.txt"
