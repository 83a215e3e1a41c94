//! End-to-end: Jazzer's `@MethodHook`s under `fuzz` (issue: real harnesses first, item 3). The
//! hook classes (tests/java/fuzz-targets/src/fuzz/hooks) are compiled against jazzer-api 0.30.0
//! and given as Jazzer users give them: `--custom-hooks`, Jazzer's `--custom_hooks=`, or a jar
//! manifest's `Jazzer-Hook-Classes`. The target (`fuzz.Hooked`) cannot fail without its hook:
//! every finding here comes from a hook that ran with Jazzer's arguments (receiver, boxed
//! arguments, return value, method handle) and guided the fuzzer to its value. Budgets are
//! execution counts, never wall-clock time.

mod fuzz_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use fuzz_common::{execs_to_find, fuzz_bin, fuzz_cp, targets, Session};
use jvmfuzz_tests::{self as support, TempDir};

const ISSUE: &str = "com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh";

fn hooked(kind: &str, hooks: &str, extra: &[&str]) -> Session {
    let t = targets();
    let prop = format!("--jvm-arg=-Dhook.kind={kind}");
    // Only the custom hooks: a bug detector would report some of these inputs first.
    let mut args = vec!["--runs", "300000", "--max-len", "64", &prop, "--custom-hooks", hooks, "--detectors", "none"];
    args.extend_from_slice(extra);
    fuzz_cp("Hooked", &[&t.classes, &t.jazzer_api], &args)
}

fn found(s: &Session, message: &str) {
    s.assert_exit(1);
    execs_to_find(s, ISSUE);
    let all = s.summary();
    assert!(all.iter().any(|e| e.message == message), "expected a finding `{message}`: {all:?}\n{}", s.out.dump());
}

#[test]
fn a_before_hook_on_a_jdk_static_method_guides_and_reports() {
    found(&hooked("parse", "fuzz.hooks.ParseHooks", &[]), "parseInt saw h00ked");
}

#[test]
fn without_its_hook_the_target_has_no_finding() {
    let t = targets();
    let s = fuzz_cp("Hooked", &[&t.classes, &t.jazzer_api], &["--runs", "30000", "--jvm-arg=-Dhook.kind=parse"]);
    s.assert_exit(0);
    // --disabled-hooks removes a hook named by --custom-hooks.
    let s = hooked("parse", "fuzz.hooks.ParseHooks", &["--disabled-hooks", "fuzz.hooks.ParseHooks"]);
    s.assert_exit(0);
    assert!(s.summary().is_empty(), "{:?}", s.summary());
}

#[test]
fn a_replace_hook_returns_its_value_and_can_call_the_original_through_the_handle() {
    let s = hooked("replace", "fuzz.hooks.ReplaceHooks", &[]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
    let e = &s.summary()[0];
    assert_eq!(e.message, "the REPLACE hook's value came back");
}

#[test]
fn an_after_hook_sees_the_receiver_and_the_return_value() {
    found(&hooked("after", "fuzz.hooks.CallHooks", &[]), "toString returned after");
}

#[test]
fn constructor_hooks_see_no_object_before_and_the_new_object_after() {
    // The BEFORE hook throws if it is given an object; the AFTER hook reads the new File.
    found(&hooked("ctor", "fuzz.hooks.CallHooks", &[]), "a File left its folder");
}

#[test]
fn a_hook_on_an_interface_method_applies_to_interface_calls() {
    found(&hooked("iface", "fuzz.hooks.CallHooks", &[]), "Map.get(iface)");
}

#[test]
fn a_hook_on_an_abstract_class_applies_to_calls_on_its_subclasses() {
    // Jazzer's rule: the call names the class path's subclass, the hook the JDK's abstract class.
    found(&hooked("subtype", "fuzz.hooks.CallHooks", &[]), "Reader.read(subtype)");
}

#[test]
fn additional_classes_to_hook_are_hooked_when_not_instrumented() {
    let s = hooked("hidden", "fuzz.hooks.HiddenHooks", &["--excludes", "fuzz.HookedLib", "--verbose"]);
    found(&s, "parseLong saw hidden");
    assert!(s.out.stderr.contains("fuzz/HookedLib: 1 calls hooked (additionalClassesToHook)"), "{}", s.out.dump());
}

#[test]
fn a_jar_manifest_names_its_hook_classes() {
    let t = targets();
    let dir = TempDir::new("hook-jar");
    let manifest = dir.join("manifest.txt");
    std::fs::write(&manifest, "Jazzer-Hook-Classes: fuzz.hooks.ParseHooks:fuzz.hooks.NotThere\n").unwrap();
    // A class the manifest names but that is missing is an error that names it...
    let jar = dir.join("hooks.jar");
    make_jar(&jar, &manifest, &t.classes, &["fuzz/hooks/ParseHooks.class"]);
    let s = fuzz_cp("Hooked", &[&t.classes, &t.jazzer_api, &jar], &["--runs", "1000"]);
    s.assert_exit(2);
    assert!(s.out.stderr.contains("fuzz.hooks.NotThere"), "{}", s.out.dump());
    // ... and with the manifest naming only real classes the hooks apply.
    std::fs::write(&manifest, "Jazzer-Hook-Classes: fuzz.hooks.ParseHooks\n").unwrap();
    make_jar(&jar, &manifest, &t.classes, &["fuzz/hooks/ParseHooks.class"]);
    let s = fuzz_cp("Hooked", &[&t.classes, &t.jazzer_api, &jar], &["--runs", "300000", "--max-len", "64"]);
    found(&s, "parseInt saw h00ked");
}

#[test]
fn jazzers_custom_hooks_flag_works_unchanged() {
    let t = targets();
    let dir = TempDir::new("hook-cli");
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path())
        .arg(format!("--cp={}", support::classpath(&[&t.classes, &t.jazzer_api]).to_string_lossy()))
        .args([
            "--target_class=fuzz.Hooked",
            "--jvm_args=-Dhook.kind=parse",
            "--custom_hooks=fuzz.hooks.ParseHooks:fuzz.hooks.CallHooks",
            "-runs=300000",
            "-max_len=64",
            "-seed=1",
        ])
        .env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(cmd, Duration::from_secs(300));
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stderr.contains("parseInt saw h00ked") || out.stdout.contains("parseInt saw h00ked"), "{}", out.dump());
}

#[test]
fn a_wrong_hook_is_refused_before_the_run_with_what_to_fix() {
    let t = targets();
    let s = fuzz_cp("Hooked", &[&t.classes, &t.jazzer_api], &["--runs", "10", "--custom-hooks", "fuzz.hooks.BadHooks"]);
    s.assert_exit(2);
    assert!(
        s.out.stderr.contains("fuzz.hooks.BadHooks.notStatic") && s.out.stderr.contains("must be static"),
        "{}",
        s.out.dump()
    );
    let s = fuzz_cp("Hooked", &[&t.classes, &t.jazzer_api], &["--runs", "10", "--custom-hooks", "fuzz.Hooked"]);
    s.assert_exit(2);
    assert!(s.out.stderr.contains("no @MethodHook methods"), "{}", s.out.dump());
}

fn make_jar(jar: &Path, manifest: &Path, classes: &Path, entries: &[&str]) {
    let _ = std::fs::remove_file(jar);
    let tool: PathBuf = support::jdk17().home.join("bin/jar");
    let mut cmd = Command::new(tool);
    cmd.arg("cfm").arg(jar).arg(manifest);
    for e in entries {
        cmd.arg("-C").arg(classes).arg(e);
    }
    let out = support::run(cmd, Duration::from_secs(60));
    assert_eq!(out.status, Some(0), "{}", out.dump());
}

#[test]
fn hooks_on_common_jdk_calls_keep_a_real_library_verifiable_and_correct() {
    // Drivers for every public method of commons-lang3's StringUtils, with TallyHooks on calls
    // it makes everywhere (StringBuilder.append/<init>, String.length/<init>, Math.max,
    // List.size, Character.isWhitespace, Long.valueOf): hundreds of bridges of every shape.
    // A bridge the verifier refuses is a VerifyError finding; a hook given the wrong
    // arguments throws "tally: ..."; a REPLACE hook that lost the original's value changes
    // what the library returns.
    let t = targets();
    let lang3 = support::debian_jar("commons-lang3.jar");
    let dir = TempDir::new("hook-tally");
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path())
        .arg("--cp")
        .arg(support::classpath(&[&lang3, &t.classes, &t.jazzer_api]))
        .args(["--class", "org.apache.commons.lang3.StringUtils", "--custom-hooks", "fuzz.hooks.TallyHooks"])
        .args(["--runs", "3000", "--timeout", "5", "--max-len", "256", "--keep-going", "--verbose"])
        // No Maven Central lookup of lang3's sources from a test (the Javadoc rule is not tested here).
        .arg("--no-fetch-sources")
        .args(["--progress", "plain", "--seed", "1"])
        .env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(cmd, Duration::from_secs(600));
    assert!(matches!(out.status, Some(0 | 1)), "{}", out.dump());
    assert!(out.stderr.contains("tally: 100 hook calls checked"), "the hooks did not run:\n{}", out.dump());
    let hooked: u32 = out
        .stderr
        .lines()
        .filter(|l| l.contains("instrumented org/apache/commons/lang3/StringUtils:"))
        .filter_map(|l| l.split(", ").find_map(|p| p.strip_suffix(" hooked")?.parse().ok()))
        .max()
        .unwrap_or(0);
    assert!(hooked >= 100, "only {hooked} call sites of StringUtils hooked:\n{}", out.dump());
    let summary =
        fuzz_common::serde_like::parse(&std::fs::read_to_string(dir.join("findings/summary.json")).unwrap_or_default());
    for e in &summary {
        let broken = ["VerifyError", "IncompatibleClassChangeError", "AbstractMethodError", "ClassFormatError"]
            .iter()
            .any(|x| e.exception.ends_with(x))
            || e.message.starts_with("tally:");
        assert!(!broken, "a hook broke the library: {e:?}");
    }
}
