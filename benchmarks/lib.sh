# Shared by the benchmark scripts (source it; it defines functions and M2, nothing runs).
#
#   M2                  the local Maven repository ($MAVEN_REPO or $M2_REPO, else ~/.m2/repository)
#   fetch G:A:V[:C]     path of that jar (classifier C optional), downloaded with mvn if missing;
#                       exits 2 if Maven Central does not have it
#   apt_missing PKG...  apt-get installs the packages given (callers list only what is missing)
#   need_tools [PKG...] installs what the fuzzing benchmarks run (/usr/bin/time, javac, mvn,
#                       python3) where missing, plus the packages given
#   fuzz_bin REPO       sets and exports FUZZ_BIN: $FUZZ_BIN if set, else the release `fuzz`
#                       under $CARGO_TARGET_DIR (default REPO/target), built with cargo if missing

M2="${MAVEN_REPO:-${M2_REPO:-$HOME/.m2/repository}}"

fetch() {
    local g a v c
    IFS=: read -r g a v c <<<"$1"
    local jar="$M2/${g//.//}/$a/$v/$a-$v${c:+-$c}.jar"
    if [ ! -f "$jar" ]; then
        echo "mvn dependency:get $1" >&2
        mvn -q -B dependency:get -Dtransitive=false -Dartifact="$g:$a:$v${c:+:jar:$c}" >&2 </dev/null
    fi
    [ -f "$jar" ] || { echo "could not fetch $1 from Maven Central" >&2; exit 2; }
    echo "$jar"
}

apt_missing() {
    [ $# -gt 0 ] || return 0
    command -v apt-get >/dev/null || { echo "missing $*, and no apt-get: install them by hand" >&2; exit 1; }
    echo "installing $* (apt)" >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

need_tools() {
    local pkgs=("$@")
    [ -x /usr/bin/time ] || pkgs+=(time)
    command -v javac >/dev/null || pkgs+=(openjdk-17-jdk-headless)
    command -v mvn >/dev/null || pkgs+=(maven)
    command -v python3 >/dev/null || pkgs+=(python3)
    apt_missing "${pkgs[@]}"
}

fuzz_bin() {
    if [ -z "${FUZZ_BIN:-}" ]; then
        FUZZ_BIN="${CARGO_TARGET_DIR:-$1/target}/release/fuzz"
        if [ ! -x "$FUZZ_BIN" ]; then
            echo "building $FUZZ_BIN (cargo build --release -p jvmfuzz-fuzzer)" >&2
            (cd "$1" && cargo build --release -p jvmfuzz-fuzzer >&2)
        fi
    fi
    export FUZZ_BIN
}
