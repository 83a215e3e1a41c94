//! The solver's shadow runtime (`java-shim/.../sym`) on its own: `java-shim/src/test-sym/run.sh`
//! compiles the shim as the build does and drives `Sym` the way trace-mode code would, on
//! hand-instrumented methods (arithmetic, calls, handlers, fields, every model, the providers,
//! `TraceLoader`/`TraceRunner`), checking each trace's format, that every condition holds on its
//! input and predicts mutated inputs' paths, that negated conditions flip their branch when run,
//! and the counters. It prints `OK: N checks` or `FAILED: k of N checks`.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use jvmfuzz_tests as support;

#[test]
fn the_shadow_runtime_passes_its_hand_driven_checks() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../java-shim/src/test-sym/run.sh");
    let out_dir = support::target_scratch().join(format!("sym-test-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let jdk = support::jdk17();
    let path = format!("{}:{}", jdk.home.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    let mut cmd = Command::new("sh");
    cmd.arg(&script).env("SYM_TEST_OUT", &out_dir).env("PATH", path);
    let out = support::run(cmd, Duration::from_secs(600));
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let last = out.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("OK: "), "{}", out.dump());
}
