//! The library exports the natives `com.jvmfuzz.junit.Engine` declares (the end-to-end test,
//! tests/tests/junit_fuzz.rs, runs it under Maven). Having an integration test also makes
//! `cargo test` build the cdylib itself (into deps/, as the library is also an rlib), which
//! that end-to-end test packs.

use std::path::PathBuf;

fn library() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    let profile = exe.parent().and_then(|d| d.parent()).expect("target/<profile>/deps/<exe>");
    // `cargo build` puts it in target/<profile>, `cargo test` only in deps/.
    let built = profile.join("libjvmfuzz_junit.so");
    if built.is_file() {
        built
    } else {
        profile.join("deps").join("libjvmfuzz_junit.so")
    }
}

#[test]
fn exports_the_engine_natives() {
    let lib = library();
    let bytes = std::fs::read(&lib).unwrap_or_else(|e| panic!("{}: {e}", lib.display()));
    for symbol in ["Java_com_jvmfuzz_junit_Engine_ready", "Java_com_jvmfuzz_junit_Engine_fuzz"] {
        assert!(bytes.windows(symbol.len()).any(|w| w == symbol.as_bytes()), "{symbol} not in {}", lib.display());
    }
}
