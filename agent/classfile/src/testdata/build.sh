#!/bin/sh
# Rebuilds the committed fixture classes (JDK 17 javac, release 17). They are named
# *.class.bin because the repository ignores *.class.
set -e
cd "$(dirname "$0")"
rm -rf out && mkdir out
javac --release 17 -g -d out src/module-info.java src/sample/Sample.java
cp out/sample/Sample.class Sample.class.bin
cp out/module-info.class module-info.class.bin
rm -rf out
