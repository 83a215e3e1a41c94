#!/usr/bin/env bash
# What `cargo build --release` needs beyond Rust and a JDK: Z3 for the solver (--solver), whose
# `z3` crate links Debian's libz3 and generates its bindings with bindgen (libclang).
#
# Idempotent: does nothing when both are there. Needs root (or sudo) for apt-get.
# Env: JVMFUZZ_SKIP_APT=1   never call apt-get (say what is missing instead).
# Without them, build with `cargo build --release -p jvmfuzz-fuzzer -p jvmfuzz-agent
# --no-default-features`: everything but the solver.
set -euo pipefail
log() { echo "fetch-build-deps: $*" >&2; }

missing=()
[[ -e /usr/include/z3.h ]] || missing+=(libz3-dev)
# libclang itself, not libclang-cpp (another package, which bindgen cannot use).
compgen -G "/usr/lib/llvm-*/lib/libclang.so*" >/dev/null || compgen -G "/usr/lib/*/libclang-[0-9]*.so*" >/dev/null \
  || missing+=(libclang-dev)
if ((${#missing[@]} == 0)); then
  log "Z3 and libclang: present"
  exit 0
fi
if [[ "${JVMFUZZ_SKIP_APT:-}" == 1 ]]; then
  log "MISSING Debian packages (JVMFUZZ_SKIP_APT=1, not installing): ${missing[*]}"
  exit 1
fi
log "installing Debian packages: ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >/dev/null
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
log "installed ${missing[*]}"
