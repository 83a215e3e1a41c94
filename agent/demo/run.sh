#!/usr/bin/env bash
# The README's main command: build the agent, then profile the bundled demo program with it.
# Writes target/demo-coverage/{index.html,jacoco.xml,lcov.info} and prints the summary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
command -v javac >/dev/null || { echo "demo: javac not found: install a JDK (apt-get install openjdk-17-jdk) or put it on PATH" >&2; exit 2; }
cargo build --release -p jvmfuzz-agent
classes="$root/target/demo-classes"
rm -rf "$classes" && mkdir -p "$classes"
javac -d "$classes" "$root"/agent/demo/src/demo/*.java
out="$root/target/demo-coverage"
rm -rf "$out"
java -agentpath:"$root/target/release/libjvmfuzz_agent.so=includes=demo.*,report=$out,sources=$root/agent/demo/src" \
     -cp "$classes" demo.Main "$@"
echo
echo "reports: $out/index.html  $out/jacoco.xml  $out/lcov.info"
