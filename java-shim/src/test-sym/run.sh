#!/bin/sh
# Compiles the shim the way agent/jvm/build.rs does (--release 11, -Xlint:all: any warning is
# printed) and runs the driver runtime's checks (ExpectedChecks) and the shadow runtime's
# hand-driven test (SymTest) against it. The tests, the harnesses and the JUnit integration's
# FuzzedDataProvider interface are compiled separately: none of this goes into the shim.
set -e
here=$(cd "$(dirname "$0")" && pwd)
src=$here/..
out=${SYM_TEST_OUT:-/tmp}
rm -rf "$out/sym-classes" "$out/sym-test" "$out/sym-harness"
mkdir -p "$out/sym-classes" "$out/sym-test" "$out/sym-harness"
javac --release 11 -g -Xlint:all -encoding UTF-8 -d "$out/sym-classes" $(find "$src/main/java" -name '*.java')
javac --release 11 -g -encoding UTF-8 -cp "$out/sym-classes" -d "$out/sym-test" \
    "$src/junit/java/com/jvmfuzz/junit/FuzzedDataProvider.java" $(find "$here/com" -name '*.java')
javac --release 11 -g -encoding UTF-8 -cp "$out/sym-classes" -d "$out/sym-harness" $(find "$here/harness" -name '*.java')
# The driver runtime's pure helpers first (ExpectedChecks), the allocation limit (CmpChecks),
# then the shadow runtime.
java -cp "$out/sym-classes:$out/sym-test" com.jvmfuzz.shim.driver.ExpectedChecks
java -Djvmfuzz.mallocLimit=67108864 -cp "$out/sym-classes:$out/sym-test" com.jvmfuzz.shim.fuzz.CmpChecks
exec java -Dmodels.txt="$src/main/java/com/jvmfuzz/shim/sym/models.txt" \
    -Dharness.classpath="$out/sym-harness" \
    -cp "$out/sym-classes:$out/sym-test:$out/sym-harness" com.jvmfuzz.shim.sym.SymTest
