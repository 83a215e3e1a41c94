#!/usr/bin/env bash
# Compiles the example fuzz target into fuzzer/examples/headers/classes (JDK 11+ javac).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rm -rf "$here/classes"
javac --release 11 -d "$here/classes" "$here"/src/example/*.java
echo "compiled to $here/classes"
