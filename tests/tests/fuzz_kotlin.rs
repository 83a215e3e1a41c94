//! End-to-end: Kotlin harnesses (compiled with Debian's kotlinc) under `fuzz`. Kotlin's `==`
//! compiles to `kotlin.jvm.internal.Intrinsics.areEqual`, `s.startsWith(p)` to
//! `kotlin.text.StringsKt.startsWith$default`: the calls are redirected where the harness makes
//! them, and kotlin-stdlib, when instrumented like any library on --cp, has its own calls
//! redirected too. The keys are built at run time: no constant of a class holds them.

mod fuzz_common;

use std::process::Command;
use std::time::Duration;

use fuzz_common::{execs_to_find, fuzz_cp};
use jvmfuzz_tests::{self as support, TempDir};

/// Compiles tests/java/kotlin-targets into `out_dir/classes`.
fn compile(out_dir: &TempDir) -> std::path::PathBuf {
    let classes = out_dir.join("classes");
    let mut kotlinc = Command::new("kotlinc");
    kotlinc
        .arg(support::java_dir("kotlin-targets/src/fuzz/KtMagic.kt"))
        .arg(support::java_dir("kotlin-targets/src/fuzz/KtStrings.kt"))
        .arg(support::java_dir("kotlin-targets/src/fuzz/KtHooksAgree.kt"))
        .arg("-d")
        .arg(&classes)
        .env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(kotlinc, Duration::from_secs(300));
    assert_eq!(out.status, Some(0), "kotlinc (Debian package `kotlin`) failed:\n{}", out.dump());
    classes
}

#[test]
fn kotlin_equality_guides_the_fuzzer() {
    let out_dir = TempDir::new("kotlin-targets");
    let classes = compile(&out_dir);
    let stdlib = support::debian_jar("kotlin-stdlib.jar");
    let s = fuzz_cp("KtMagic", &[&classes, &stdlib], &["--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
}

#[test]
fn kotlin_string_comparisons_guide_the_fuzzer_with_the_stdlib_uninstrumented() {
    // OSS-Fuzz's includes name the project's packages only, so kotlin-stdlib's code (where
    // `==`, startsWith, equals(ignoreCase) and contains compare) is never instrumented: the
    // calls into it are redirected at the call site, as Jazzer hooks them. Measured with seed
    // 1: 864 executions each; the build before these redirects found none in 300,000.
    let out_dir = TempDir::new("kotlin-targets");
    let classes = compile(&out_dir);
    let stdlib = support::debian_jar("kotlin-stdlib.jar");
    for kind in ["eq", "prefix", "ignore-case", "contains"] {
        let prop = format!("--jvm-arg=-Dkt.kind={kind}");
        let s = fuzz_cp("KtStrings", &[&classes, &stdlib], &["--runs", "300000", "--includes", "fuzz.*", &prop]);
        s.assert_exit(1);
        execs_to_find(&s, "java.lang.IllegalStateException");
    }
}

#[test]
fn the_kotlin_redirects_answer_as_the_stdlib_does() {
    // The shim's replacements reimplement the stdlib functions (the shim cannot call them):
    // 700,000 random comparisons over letters whose cases do not map one to one, against
    // Debian's kotlin-stdlib 1.3 and Maven Central's 2.4.21 (Char.equals(ignoreCase) changed
    // in 1.5). A first version differed from 1.3 on İ against ı.
    let out_dir = TempDir::new("kotlin-targets");
    let classes = compile(&out_dir);
    let shim = out_dir.join("jvmfuzz-shim.jar");
    std::fs::write(&shim, jvmfuzz_jvm::SHIM_JAR).expect("write the shim jar");
    let stdlibs =
        [support::debian_jar("kotlin-stdlib.jar"), support::maven_jar("org.jetbrains.kotlin:kotlin-stdlib:2.4.21")];
    for stdlib in stdlibs {
        let cp = std::env::join_paths([&classes, &stdlib, &shim]).expect("a class path");
        let mut java = Command::new(support::jdk17().java());
        java.arg("-cp").arg(cp).arg("fuzz.KtHooksAgree");
        let out = support::run(java, Duration::from_secs(120));
        assert_eq!(out.status, Some(0), "{}: {}", stdlib.display(), out.dump());
    }
}
