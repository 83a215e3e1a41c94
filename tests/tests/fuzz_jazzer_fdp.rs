//! Differential test: the data provider a Jazzer-interface harness gets from jvmfuzz against
//! Jazzer's own (`com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl` of Maven Central's
//! `com.code-intelligence:jazzer:0.30.0`, native code included). tests/java/fdp-diff runs random
//! call sequences (every method of Jazzer's interface, random arguments, reversed ranges and
//! negative lengths included) on random inputs, on both, and compares every result, exception
//! and remaining byte count. Before jvmfuzz had Jazzer's layout (it forwarded to its own
//! front-first, big-endian provider), 17,870 of the 20,000 sequences of seed 1 differed.

use std::process::Command;
use std::time::Duration;

use jvmfuzz_tests as support;

const JAZZER: &str = "com.code-intelligence:jazzer:0.30.0";
const JAZZER_API: &str = "com.code-intelligence:jazzer-api:0.30.0";
/// FuzzedDataProviderImpl needs Jazzer's bootstrap classes, a jar inside the jazzer jar.
const BOOTSTRAP: &str = "com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar";
const SEQUENCES: u64 = 20_000;

fn field(line: &str, name: &str) -> String {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name}= in {line:?}"))
        .to_string()
}

#[test]
fn jazzer_interface_provider_matches_jazzer_value_for_value() {
    let jdk = support::jdk17();
    let dir = support::TempDir::new("fdp-diff");
    let shim = dir.join("jvmfuzz-shim.jar");
    std::fs::write(&shim, jvmfuzz_jvm::SHIM_JAR).unwrap();
    let jazzer = support::maven_jar(JAZZER);
    let api = support::maven_jar(JAZZER_API);

    let mut jar = Command::new(jdk.home.join("bin/jar"));
    jar.current_dir(dir.path()).arg("xf").arg(&jazzer).arg(BOOTSTRAP);
    support::run(jar, Duration::from_secs(120)).assert_success();
    let bootstrap = dir.join(BOOTSTRAP);

    let classes = dir.join("classes");
    let sources = support::java_sources(&support::java_dir("fdp-diff/src"));
    support::javac(&jdk, &sources, &[&shim, &jazzer, &api], &classes, &["--release", "11"]);

    let mut java = Command::new(jdk.java());
    java.arg("-cp")
        .arg(support::classpath(&[&classes, &shim, &jazzer, &bootstrap, &api]))
        .arg("fdpdiff.FdpDiff")
        .arg("1")
        .arg(SEQUENCES.to_string());
    let out = support::run(java, Duration::from_secs(600));
    let line = out
        .stdout
        .lines()
        .find(|l| l.starts_with("FDP-DIFF "))
        .unwrap_or_else(|| panic!("no summary line:\n{}", out.dump()));
    eprintln!("{line}");
    assert_eq!(field(line, "sequences").parse::<u64>().unwrap(), SEQUENCES, "{}", out.dump());
    let calls: u64 = field(line, "calls").parse().unwrap();
    assert!(calls >= 5 * SEQUENCES, "only {calls} calls: {}", out.dump());
    assert_eq!(field(line, "methods"), "43/43", "every method of Jazzer's interface: {}", out.dump());
    assert_eq!(field(line, "mismatches"), "0", "{}", out.dump());
    assert_eq!(out.status, Some(0), "{}", out.dump());
}
