//! End-to-end: a Kotlin harness (compiled with Debian's kotlinc) under `fuzz`. Kotlin's `==`
//! compiles to `kotlin.jvm.internal.Intrinsics.areEqual`; kotlin-stdlib is instrumented like any
//! library on --cp, so the `Object.equals` inside it is redirected and its operands guide the
//! fuzzer. The key is built at run time: no constant of the class holds it.

mod fuzz_common;

use std::process::Command;
use std::time::Duration;

use fuzz_common::{execs_to_find, fuzz_cp};
use jvmfuzz_tests::{self as support, TempDir};

#[test]
fn kotlin_equality_guides_the_fuzzer() {
    let out_dir = TempDir::new("kotlin-targets");
    let classes = out_dir.join("classes");
    let mut kotlinc = Command::new("kotlinc");
    kotlinc
        .arg(support::java_dir("kotlin-targets/src/fuzz/KtMagic.kt"))
        .arg("-d")
        .arg(&classes)
        .env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(kotlinc, Duration::from_secs(300));
    assert_eq!(out.status, Some(0), "kotlinc (Debian package `kotlin`) failed:\n{}", out.dump());
    let stdlib = support::debian_jar("kotlin-stdlib.jar");
    let s = fuzz_cp("KtMagic", &[&classes, &stdlib], &["--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
}
