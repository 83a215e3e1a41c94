#!/usr/bin/env bash
# Fetches everything the end-to-end tests (tests/) need and that is not in the repository:
#   - Debian packages with real-world jars (instrument-and-verify test) and Maven,
#   - Maven Central artifacts (JaCoCo agent + CLI, JUnit console launcher, JUnit Jupiter),
#   - the Maven plugins/dependencies of tests/maven-example (so `mvn -o` works later),
#   - Microsoft's SARIF Multitool, the validator of findings.sarif (npm's registry),
#   - and checks for JDK 17 (required) and JDK 25 (optional: tests that need it skip loudly).
#
# Idempotent: does nothing slow when everything is already there. Needs root for apt-get
# (or everything already installed). Network: Debian apt, Maven Central and npm's registry.
#
# Usage: scripts/fetch-test-deps.sh          (from anywhere)
# Env:   JVMFUZZ_SKIP_APT=1   never call apt-get (report what is missing instead)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
t0=$SECONDS
log() { printf 'fetch-test-deps: %s\n' "$*" >&2; }

# ---------------------------------------------------------------- Debian packages
# package -> a file it installs (used to decide whether it is present without asking dpkg).
declare -A DEB=(
  [openjdk-17-jdk-headless]=/usr/lib/jvm/java-17-openjdk-amd64/bin/javac
  [maven]=/usr/bin/mvn
  [libguava-java]=/usr/share/java/guava.jar
  [libjackson2-databind-java]=/usr/share/java/jackson-databind.jar
  [libjackson2-core-java]=/usr/share/java/jackson-core.jar
  [libjackson2-annotations-java]=/usr/share/java/jackson-annotations.jar
  [groovy]=/usr/share/java/groovy.jar
  [kotlin]=/usr/share/java/kotlin-stdlib.jar
  [libxalan2-java]=/usr/share/java/xalan2.jar
  [ant]=/usr/share/java/ant.jar
  [scala-library]=/usr/share/java/scala-library.jar
  [libcommons-lang3-java]=/usr/share/java/commons-lang3.jar
  [libasm-java]=/usr/share/java/asm.jar
  [libcommons-compress-java]=/usr/share/java/commons-compress.jar
  [libxz-java]=/usr/share/java/xz.jar
  [libcommons-collections4-java]=/usr/share/java/commons-collections4.jar
  [libjoda-time-java]=/usr/share/java/joda-time.jar
  [libcommons-math3-java]=/usr/share/java/commons-math3.jar
  [libcommons-io-java]=/usr/share/java/commons-io.jar
  [libhttpclient-java]=/usr/share/java/httpclient.jar
  [libhttpcore-java]=/usr/share/java/httpcore.jar
  [libcommons-logging-java]=/usr/share/java/commons-logging.jar
  [libcommons-codec-java]=/usr/share/java/commons-codec.jar
  [junit5]=/usr/share/java/junit-jupiter-api.jar
  [libjacoco-java]=/usr/share/java/org.jacoco.core.jar
  # A C compiler: cargo's linker, and libdeflate's sources in the benchmark crate (.ci/run tests it).
  [gcc]=/usr/bin/gcc
  # The doctests of benchmarks/bench.py (.ci/run).
  [python3]=/usr/bin/python3
  # Z3 for the solver (--solver): the z3 crate links the system library, and its bindings are
  # generated at build time with bindgen, which needs libclang.
  [libz3-dev]=/usr/include/z3.h
  [libclang-dev]=/usr/lib/llvm-14/lib/libclang.so
  # `ip`: tests/tests/fuzz_nodes.rs joins nodes in network namespaces by a veth pair.
  [iproute2]=/usr/sbin/ip
)
missing=()
for pkg in "${!DEB[@]}"; do
  [[ -e "${DEB[$pkg]}" ]] || missing+=("$pkg")
done
if ((${#missing[@]})); then
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
  for pkg in "${missing[@]}"; do
    [[ -e "${DEB[$pkg]}" ]] || { log "ERROR: $pkg installed but ${DEB[$pkg]} is missing"; exit 1; }
  done
else
  log "Debian packages: all ${#DEB[@]} present"
fi

# ---------------------------------------------------------------- Maven Central artifacts
m2="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"
mvn_opts=(-B -q -Dstyle.color=never)
[[ -n "${MAVEN_REPO_LOCAL:-}" ]] && mvn_opts+=("-Dmaven.repo.local=$MAVEN_REPO_LOCAL")
# coordinate (g:a:v[:packaging[:classifier]]) -> path inside the local repository
artifacts=(
  "org.jacoco:org.jacoco.agent:0.8.14:jar:runtime|org/jacoco/org.jacoco.agent/0.8.14/org.jacoco.agent-0.8.14-runtime.jar"
  "org.jacoco:org.jacoco.cli:0.8.14:jar:nodeps|org/jacoco/org.jacoco.cli/0.8.14/org.jacoco.cli-0.8.14-nodeps.jar"
  "org.junit.platform:junit-platform-console-standalone:1.11.4|org/junit/platform/junit-platform-console-standalone/1.11.4/junit-platform-console-standalone-1.11.4.jar"
  "org.junit.jupiter:junit-jupiter:5.11.4|org/junit/jupiter/junit-jupiter-api/5.11.4/junit-jupiter-api-5.11.4.jar"
  "org.eclipse.jdt:ecj:3.33.0|org/eclipse/jdt/ecj/3.33.0/ecj-3.33.0.jar"
  "com.code-intelligence:jazzer-api:0.24.0|com/code-intelligence/jazzer-api/0.24.0/jazzer-api-0.24.0.jar"
  "com.code-intelligence:jazzer-api:0.30.0|com/code-intelligence/jazzer-api/0.30.0/jazzer-api-0.30.0.jar"
  "com.code-intelligence:jazzer:0.30.0|com/code-intelligence/jazzer/0.30.0/jazzer-0.30.0.jar"
  # Jazzer's JUnit integration: the peer runs a @FuzzTest from its command line (--target_method).
  "com.code-intelligence:jazzer-junit:0.30.0|com/code-intelligence/jazzer-junit/0.30.0/jazzer-junit-0.30.0.jar"
  # Bug-detector targets: a real database behind a concatenated query, an expression language.
  "com.h2database:h2:2.2.224|com/h2database/h2/2.2.224/h2-2.2.224.jar"
  "org.mvel:mvel2:2.5.2.Final|org/mvel/mvel2/2.5.2.Final/mvel2-2.5.2.Final.jar"
  # tests/junit-fuzz imports JUnit's BOM (its -Pjazzer profile would mix platform versions).
  "org.junit:junit-bom:5.11.4:pom|org/junit/junit-bom/5.11.4/junit-bom-5.11.4.pom"
)
for a in "${artifacts[@]}"; do
  coord="${a%%|*}"; path="$m2/${a#*|}"
  if [[ -f "$path" ]]; then continue; fi
  log "mvn dependency:get $coord"
  mvn "${mvn_opts[@]}" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get -Dartifact="$coord" -Dtransitive=true
  [[ -f "$path" ]] || { log "ERROR: $coord fetched but $path is missing"; exit 1; }
done
log "Maven artifacts: present"

# ---------------------------------------------------------------- tests/maven-example offline
# `dependency:go-offline` misses what surefire resolves at run time (its JUnit Platform
# provider and launcher), so the example is also built and tested once, in a scratch copy
# (keeps target/ out of the tree). A stamp keyed on the pom's hash makes reruns instant.
ex="$repo/tests/maven-example"
if [[ -f "$ex/pom.xml" ]]; then
  stamp="$m2/.jvmfuzz-maven-example-$(sha256sum "$ex/pom.xml" | cut -c1-16)"
  if [[ -f "$stamp" ]]; then
    log "tests/maven-example: offline repository already primed"
  else
    log "priming Maven repository for tests/maven-example (go-offline + one test run)"
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    cp -r "$ex/." "$scratch/"
    rm -rf "$scratch/target"
    (cd "$scratch" && mvn "${mvn_opts[@]}" dependency:go-offline >/dev/null && mvn "${mvn_opts[@]}" test >/dev/null)
    (cd "$scratch" && mvn "${mvn_opts[@]}" -o test >/dev/null) || { log "ERROR: offline build of the Maven example fails"; exit 1; }
    mkdir -p "$m2" && touch "$stamp"
  fi
fi

# ---------------------------------------------------------------- JDKs
jdk17=""
for d in "${JVMFUZZ_JDK17:-}" /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/*17*; do
  [[ -n "$d" && -x "$d/bin/javac" ]] && { jdk17="$d"; break; }
done
[[ -n "$jdk17" ]] || { log "ERROR: no JDK 17 found (apt-get install openjdk-17-jdk-headless)"; exit 1; }
log "JDK 17: $jdk17"
jdk25=""
for d in "${JVMFUZZ_JDK25:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25*; do
  [[ -n "$d" && -x "$d/bin/javac" ]] && { jdk25="$d"; break; }
done
if [[ -n "$jdk25" ]]; then
  log "JDK 25: $jdk25"
else
  cat >&2 <<'MSG'
fetch-test-deps: ############################################################################
fetch-test-deps: WARNING: no JDK 25 under /usr/lib/jvm (looked for temurin-25-jdk-amd64 and *25*).
fetch-test-deps: Tests that need JDK 25 will be SKIPPED (they say so loudly).
fetch-test-deps: Debian bookworm has no JDK 25 package and only Debian's repositories are
fetch-test-deps: reachable here, so `apt-get install temurin-25-jdk` cannot work. Install a
fetch-test-deps: JDK 25 by hand (e.g. unpack a Temurin 25 tarball) into
fetch-test-deps: /usr/lib/jvm/temurin-25-jdk-amd64, or point JVMFUZZ_JDK25 at one.
fetch-test-deps: ############################################################################
MSG
fi
# ---------------------------------------------------------------- SARIF validator
# Microsoft's SARIF Multitool (self-contained Linux build, from npm's registry): the detector
# tests validate findings.sarif against the SARIF 2.1.0 schema and GitHub code scanning's
# ingestion rules with it (tests/tests/fuzz_detectors.rs finds it here, or by $SARIF_MULTITOOL).
sarif_version=5.7.0
sarif_dir="$HOME/.cache/jvmfuzz/sarif-multitool-$sarif_version"
if [[ ! -x "$sarif_dir/package/Sarif.Multitool" ]]; then
  log "SARIF Multitool $sarif_version (npm registry)"
  mkdir -p "$sarif_dir"
  curl -fsSL "https://registry.npmjs.org/@microsoft/sarif-multitool-linux/-/sarif-multitool-linux-$sarif_version.tgz" \
    | tar xz -C "$sarif_dir"
  chmod +x "$sarif_dir/package/Sarif.Multitool"
fi
log "SARIF Multitool: $sarif_dir/package/Sarif.Multitool"

log "done in $((SECONDS - t0)) s"
