#!/usr/bin/env bash
# jvmfuzz benchmarks: (a) instrumentation throughput against JaCoCo's offline `instrument`,
# (b) run-time overhead of a real test suite (commons-lang3's, or with --suite math3
# commons-math3's) under no agent / JaCoCo / jvmfuzz.
# Prints one table; also writes benchmarks/out/results.{txt,json} and per-run logs.
# See benchmarks/README.md.
#
# usage: benchmarks/run.sh [--quick] [--reps N] [--budget SECONDS] [--only throughput|overhead]
#                          [--java PATH_TO_JAVA] [--agent PATH_TO_libjvmfuzz_agent.so] [--no-build]
#
#   default  3 to 7 alternated repetitions of each benchmark, as many as fit in a 14-minute
#            budget (a quarter of it for (a)); full suite. Setup and builds come on top.
#   --quick  2 to 3 repetitions in a 3-minute budget; (a) without the warm-JIT JaCoCo rows,
#            (b) on part of the suite (lang3: minus the `time` package; math3: minus `random`
#            and `util`)
#   --suite lang3|math3  (b)'s test suite (default lang3: short tests, the overhead is mostly
#            class loading and JIT work; math3: numeric code that runs long enough for the
#            probes' own cost to show)
#   --reps N at most N repetitions (at least min(3, N), or min(2, N) with --quick)
#   --budget time budget in seconds for the measurements
#   --unreduced (b) also runs jvmfuzz with counts=jacoco (every one of JaCoCo's probes, no
#            probe reduction), to show what the reduction saves
#   --agent-b PATH  (b) also runs another build of the agent (say, the last commit's) with the
#            default options, alternated with the rest: what a change to the agent moves
#   --diagnose  (b) also runs jvmfuzz with counts=exact, with analysis=exit, with formats=none and with nothing
#            included, to split its overhead into probe kind / exit analysis / reports /
#            probes+rewriting / fixed cost; and both tools' classes rewritten ahead of time with
#            no agent at all (the JVM-side cost of each tool's rewritten code)
#
# Self-installing and idempotent: apt packages (JDK, Maven, guava, groovy, python3) if missing,
# Maven Central artifacts through mvn, release builds of the agent and the bench binary through
# cargo (CARGO_TARGET_DIR is honoured; default <repo>/target). Nothing outside benchmarks/out,
# ~/.m2 and the cargo target dir is written.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
OUT=${BENCH_OUT:-$HERE/out}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}

QUICK=0
REPS=
BUDGET=
ONLY=
JAVA=java
AGENT=
BUILD=1
DIAGNOSE=0
UNREDUCED=0
AGENT_B=
SUITE=lang3
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --reps) REPS=$2; shift ;;
        --budget) BUDGET=$2; shift ;;
        --only) ONLY=$2; shift ;;
        --java) JAVA=$2; shift ;;
        --agent) AGENT=$2; shift ;;
        --no-build) BUILD=0 ;;
        --diagnose) DIAGNOSE=1 ;;
        --unreduced) UNREDUCED=1 ;;
        --agent-b) AGENT_B=$2; shift ;;
        --suite) SUITE=$2; shift ;;
        -h|--help) sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "run.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done
# --java takes the java binary; a JDK home is accepted for its bin/java.
if [ -d "$JAVA" ] && [ -x "$JAVA/bin/java" ]; then JAVA=$JAVA/bin/java; fi
if ! command -v "$JAVA" >/dev/null || [ -d "$JAVA" ]; then
    echo "run.sh: --java $JAVA is not a java executable (give a java binary, say /usr/lib/jvm/NAME/bin/java, or a JDK home)" >&2
    exit 2
fi
for a in "$AGENT" "$AGENT_B"; do
    if [ -n "$a" ] && [ ! -f "$a" ]; then
        echo "run.sh: agent library $a not found (--agent/--agent-b take a path to libjvmfuzz_agent.so)" >&2
        exit 2
    fi
done
case "$REPS$BUDGET" in
    *[!0-9]*) echo "run.sh: --reps and --budget take whole numbers (got '$REPS' and '$BUDGET')" >&2; exit 2 ;;
esac
case $SUITE in
    lang3|math3) ;;
    *) echo "run.sh: unknown --suite $SUITE (valid: lang3, math3)" >&2; exit 2 ;;
esac
if [ $QUICK = 1 ]; then
    REPS=${REPS:-3}; BUDGET=${BUDGET:-170}; MIN_REPS=2
else
    REPS=${REPS:-7}; BUDGET=${BUDGET:-840}; MIN_REPS=3
fi

say() { echo "[run.sh] $*" >&2; }

# ---------------------------------------------------------------- tools (Debian packages)
APT_UPDATED=0
apt_install() {
    command -v apt-get >/dev/null || { say "missing $*, and no apt-get: install it by hand"; exit 1; }
    if [ $APT_UPDATED = 0 ]; then apt-get update -qq >&2; APT_UPDATED=1; fi
    say "apt-get install $*"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}
command -v java >/dev/null && command -v javac >/dev/null || apt_install openjdk-17-jdk-headless
command -v mvn >/dev/null || apt_install maven
command -v python3 >/dev/null || apt_install python3
command -v cargo >/dev/null || { say "cargo not found: install Rust (rustup) first"; exit 1; }
[ -f /usr/share/java/guava.jar ] || apt_install libguava-java
GROOVY_JAR=$(ls /usr/share/java/groovy-[0-9]*.jar 2>/dev/null | head -1 || true)
if [ -z "$GROOVY_JAR" ]; then
    apt_install groovy
    GROOVY_JAR=$(ls /usr/share/java/groovy-[0-9]*.jar | head -1)
fi
GUAVA_JAR=$(readlink -f /usr/share/java/guava.jar)

# ---------------------------------------------------------------- Maven Central artifacts
. "$HERE/lib.sh"
JACOCO_VERSION=0.8.14
JUNIT_CONSOLE_VERSION=1.11.4
LANG3_VERSION=3.17.0
MATH3_VERSION=3.6.1
JACOCO_CLI=$(fetch org.jacoco:org.jacoco.cli:$JACOCO_VERSION:nodeps)
JACOCO_AGENT=$(fetch org.jacoco:org.jacoco.agent:$JACOCO_VERSION:runtime)
CONSOLE=$(fetch org.junit.platform:junit-platform-console-standalone:$JUNIT_CONSOLE_VERSION)

# The test suite and its test dependencies (JUnit itself comes from the console launcher),
# and what bench.py needs to know of it: the jars whose classes both agents instrument, the
# packages the launcher selects, the test classes it leaves out, and the JVM flags of the
# project's own Surefire configuration.
case $SUITE in
lang3)
    SUITE_TITLE="commons-lang3 $LANG3_VERSION"
    SUITE_POM=$HERE/overhead/pom.xml
    SUITE_LIB=$OUT/lang3-lib
    SUITE_JARS=("commons-lang3-$LANG3_VERSION.jar" "commons-lang3-$LANG3_VERSION-tests.jar")
    SUITE_PACKAGES=(org.apache.commons.lang3)
    SUITE_INCLUDES='org.apache.commons.lang3.*'
    SUITE_WARM_CLASS=org.apache.commons.lang3.BooleanUtilsTest
    SUITE_QUICK_EXCLUDE='org\.apache\.commons\.lang3\.time\..*'
    SUITE_JVM_FLAGS="-Xmx512m --add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
    # Left out: sleeps / timing-dependent, or minutes of JDK time-zone code (FastDateParser*),
    # or a test that reads a file from the lang3 source tree (StringEscapeUtilsTest.testLang708).
    EXCLUDES=(
        '.*\.FastDateParser_TimeZoneStrategyTest'
        '.*\.FastDateParserTest'
        '.*\.LockingVisitorsTest'
        '.*\.StopWatchTest'
        '.*\.ExtendedMessageFormatTest'
        '.*\.ToStringStyleConcurrencyTest'
        '.*\.StringEscapeUtilsTest'
    )
    ;;
math3)
    SUITE_TITLE="commons-math3 $MATH3_VERSION"
    SUITE_POM=$HERE/overhead/math3/pom.xml
    SUITE_LIB=$OUT/math3-lib
    SUITE_JARS=("commons-math3-$MATH3_VERSION.jar" "commons-math3-$MATH3_VERSION-tests.jar")
    # The numeric core, about 40 s without an agent here; left out: the optimizers (`optim`
    # and its deprecated twin `optimization`), `geometry`, `ode`, `genetics`, `fitting` and
    # `ml` (another 40 s, mostly the optimizers).
    SUITE_PACKAGES=(org.apache.commons.math3.stat org.apache.commons.math3.analysis
                    org.apache.commons.math3.linear org.apache.commons.math3.distribution
                    org.apache.commons.math3.special org.apache.commons.math3.util
                    org.apache.commons.math3.random)
    SUITE_INCLUDES='org.apache.commons.math3.*'
    SUITE_WARM_CLASS=org.apache.commons.math3.util.ArithmeticUtilsTest
    SUITE_QUICK_EXCLUDE='org\.apache\.commons\.math3\.(random|util)\..*'
    # math3's pom gives Surefire no JVM flags; a fixed heap keeps GC sizing out of the ratios.
    SUITE_JVM_FLAGS="-Xmx1g"
    # Left out: FastMathTest fails on JDK 11+ (it wants a FastMath twin of every StrictMath
    # method), EmpiricalDistributionTest.testLoad opens a resource as a File (fails from a
    # jar), FixedElapsedTimeTest runs for a fixed wall time.
    EXCLUDES=(
        '.*\.FastMathTest'
        '.*\.EmpiricalDistributionTest'
        '.*\.FixedElapsedTimeTest'
    )
    ;;
esac
if [ ! -f "$SUITE_LIB/.complete" ]; then
    say "resolving the $SUITE_TITLE test suite ($SUITE_POM)"
    rm -rf "$SUITE_LIB"
    mvn -q -B -f "$SUITE_POM" dependency:copy-dependencies \
        -DoutputDirectory="$SUITE_LIB" \
        -DexcludeGroupIds=org.junit.jupiter,org.junit.platform,org.opentest4j,org.apiguardian >&2
    touch "$SUITE_LIB/.complete"
fi

# ---------------------------------------------------------------- builds
BENCH_BIN=$CARGO_TARGET_DIR/release/instrument-throughput
if [ $BUILD = 1 ]; then
    say "cargo build --release (agent, bench binary) into $CARGO_TARGET_DIR"
    (cd "$ROOT" && cargo build --release -q -p jvmfuzz-agent) >&2
    cargo build --release -q --manifest-path "$HERE/Cargo.toml" >&2
fi
[ -n "$AGENT" ] || AGENT=$CARGO_TARGET_DIR/release/libjvmfuzz_agent.so
[ -f "$AGENT" ] || { say "agent not found: $AGENT"; exit 1; }
[ -x "$BENCH_BIN" ] || { say "bench binary not found: $BENCH_BIN"; exit 1; }

# Java helpers: JaCoCo's rewriter in memory (JacocoWarm) and a one-class jar (JVM start-up cost
# of `jacoco instrument`).
mkdir -p "$OUT/classes" "$OUT/tiny"
javac -nowarn -d "$OUT/classes" -cp "$JACOCO_CLI" "$HERE/java/JacocoWarm.java"
printf 'public class Tiny { public static int f(int x) { return x > 0 ? x : -x; } }\n' > "$OUT/tiny/Tiny.java"
javac -d "$OUT/tiny" "$OUT/tiny/Tiny.java"
(cd "$OUT/tiny" && rm -f tiny.jar && jar cf tiny.jar Tiny.class)

EXARGS=()
for e in "${EXCLUDES[@]}"; do EXARGS+=(--suite-exclude "$e"); done

ARGS=(--out "$OUT" --reps "$REPS" --min-reps "$MIN_REPS" --budget "$BUDGET" --java "$JAVA"
      --jacoco-cli "$JACOCO_CLI" --jacoco-agent "$JACOCO_AGENT" --console "$CONSOLE"
      --agent "$AGENT" --bench-bin "$BENCH_BIN" --tiny-jar "$OUT/tiny/tiny.jar"
      --warm-classes "$OUT/classes" --suite-lib "$SUITE_LIB" --suite-title "$SUITE_TITLE"
      --suite-includes "$SUITE_INCLUDES" --suite-warm-class "$SUITE_WARM_CLASS"
      "--suite-quick-exclude=$SUITE_QUICK_EXCLUDE" "--suite-jvm-flags=$SUITE_JVM_FLAGS"
      "${EXARGS[@]}")
for j in "${SUITE_JARS[@]}"; do ARGS+=(--suite-jar "$j"); done
for p in "${SUITE_PACKAGES[@]}"; do ARGS+=(--suite-package "$p"); done
[ $QUICK = 1 ] && ARGS+=(--quick --warm-passes 0)
[ -n "$ONLY" ] && ARGS+=(--only "$ONLY")
[ $UNREDUCED = 1 ] && ARGS+=(--unreduced)
[ -n "$AGENT_B" ] && ARGS+=(--agent-b "$AGENT_B")
if [ $DIAGNOSE = 1 ]; then
    ARGS+=(--diagnose)
    # The offline variants: both tools' rewritten suite classes, made ahead of time (the
    # jvmfuzz ones by this tree's rewriter through agent/examples/exit_work.rs).
    OFF=$OUT/offline
    rm -rf "$OFF" && mkdir -p "$OFF/orig" "$OFF/jacoco" "$OFF/jvmfuzz"
    (cd "$ROOT" && cargo build --release -q -p jvmfuzz-agent --example exit_work) >&2
    INCLUDED_DIR=$(printf %s "$SUITE_INCLUDES" | sed 's/\.\*$//; s/\./\//g')
    for j in "${SUITE_JARS[@]}"; do
        (cd "$OFF/orig" && jar xf "$SUITE_LIB/$j" "$INCLUDED_DIR")
    done
    JVMFUZZ_DUMP_CLASSES=$OFF/jvmfuzz-classes "$CARGO_TARGET_DIR/release/examples/exit_work" "$OFF/orig" "$OFF/report" 0 >&2
    # A jar, as JaCoCo's are: a directory first on the class path costs a file lookup per class.
    (cd "$OFF/jvmfuzz-classes" && jar cf "$OFF/jvmfuzz/rewritten.jar" .)
    "$JAVA" -jar "$JACOCO_CLI" instrument --quiet --dest "$OFF/jacoco" \
        "${SUITE_JARS[@]/#/$SUITE_LIB/}" >&2
    SHIM_JAR=$(ls -t "$CARGO_TARGET_DIR"/release/build/jvmfuzz-agent-*/out/jvmfuzz-shim.jar 2>/dev/null | head -1)
    [ -f "$SHIM_JAR" ] || { say "shim jar not found under $CARGO_TARGET_DIR/release/build (cargo build --release first)"; exit 1; }
    ARGS+=(--offline-jacoco "$OFF/jacoco" --offline-jvmfuzz "$OFF/jvmfuzz/rewritten.jar" --shim-jar "$SHIM_JAR")
fi

exec python3 "$HERE/bench.py" "${ARGS[@]}" "$GUAVA_JAR" "$GROOVY_JAR"
