#!/usr/bin/env bash
# Typed values with and without their bias (boundary values, class constants, observed comparison
# operands): executions to the first finding on the planted-bug driver targets
# (tests/java/driver-targets), seeds 1-3, budget --runs 300000, default vs -Djvmfuzz.typed=plain.
#
#   benchmarks/drivers/typed_values.sh [--fuzz PATH/TO/fuzz]
#
# Needs a JDK (javac) and the fuzz binary (built with cargo if missing). Not run by CI.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
. "$HERE/../lib.sh"
[ "${1:-}" = "--fuzz" ] && FUZZ_BIN="$2"
fuzz_bin "$REPO"
FUZZ="$FUZZ_BIN"
WORK="$HERE/out/typed-values"
rm -rf "$WORK" && mkdir -p "$WORK"
javac -g --release 11 -d "$WORK/classes" "$REPO"/tests/java/driver-targets/src/drv/*.java
cd "$WORK"
printf '%-24s %-8s %10s %10s %10s\n' target mode seed1 seed2 seed3
for t in 'drv.Magic::check' 'drv.Account::withdraw' 'drv.Commands::run' 'drv.Canvas::paint' 'drv.ConfigLoader::load'; do
  for mode in default plain; do
    row=()
    for seed in 1 2 3; do
      rm -rf corpus findings
      extra=()
      [ "$mode" = plain ] && extra=(--jvm-arg=-Djvmfuzz.typed=plain)
      "$FUZZ" --cp classes --target "$t" --runs 300000 --seed "$seed" --progress plain "${extra[@]}" >/dev/null 2>&1 || true
      e=$(grep -o '"execs": [0-9]*' findings/summary.json 2>/dev/null | head -1 | grep -o '[0-9]*' || true)
      row+=("${e:->300k}")
    done
    printf '%-24s %-8s %10s %10s %10s\n' "$t" "$mode" "${row[@]}"
  done
done
