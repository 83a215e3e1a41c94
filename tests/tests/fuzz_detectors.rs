//! End-to-end: the bug detectors (issue: bug detectors). For each detector, a target whose
//! dangerous call the input can choose (it must fire, with its name, severity and CWE in
//! summary.json and a result in findings.sarif) and a look-alike where the input cannot (no
//! finding). Targets: tests/java/fuzz-targets/src/fuzz/Detect.java.
//!
//! Every run is in a network namespace of its own with no interface (`unshare -n`), in a fresh
//! scratch folder, with an empty PATH: a detector that failed could not reach any address,
//! run any program or touch files outside the folder. Budgets are execution counts.

mod fuzz_common;

use std::process::Command;
use std::time::Duration;

use fuzz_common::{fuzz_bin, serde_like, targets, H2};
use jvmfuzz_tests::{self as support, Output, TempDir};

struct Run {
    dir: TempDir,
    out: Output,
}

impl Run {
    fn summary(&self) -> Vec<serde_like::Entry> {
        serde_like::parse(&std::fs::read_to_string(self.dir.join("findings/summary.json")).unwrap_or_default())
    }
}

/// `fuzz` on fuzz.Detect with -Ddetect.kind=`kind`, isolated as the module docs say.
fn detect(kind: &str, runs: &str, extra: &[&str]) -> Run {
    let dir = TempDir::new("detect");
    let cp = support::classpath(&[&targets().classes, &support::maven_jar(H2), &targets().mvel, &targets().jazzer_api]);
    let mut args: Vec<String> =
        ["--harness", "fuzz.Detect", "--max-len", "64", "--runs", runs].map(String::from).to_vec();
    args.push(format!("--jvm-arg=-Ddetect.kind={kind}"));
    args.extend(extra.iter().map(|a| a.to_string()));
    isolated(dir, &cp, &args)
}

/// `fuzz --cp CP --progress plain --seed 1 ARGS` in `dir`, isolated as the module docs say.
fn isolated(dir: TempDir, cp: &std::ffi::OsStr, args: &[String]) -> Run {
    let empty_bin = dir.join("empty-bin");
    std::fs::create_dir_all(&empty_bin).unwrap();
    let mut cmd = Command::new(unshare());
    cmd.current_dir(dir.path())
        .arg("-n")
        .arg(fuzz_bin())
        .arg("--cp")
        .arg(cp)
        .args(["--progress", "plain", "--seed", "1"])
        .args(args)
        .env("PATH", &empty_bin)
        .env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(cmd, Duration::from_secs(300));
    assert!(
        !out.stderr.contains("unshare: "),
        "these tests need `unshare -n` (a network namespace of their own); it failed:\n{}",
        out.dump()
    );
    Run { dir, out }
}

/// `unshare` found on this process's PATH (the child gets an empty one).
fn unshare() -> std::path::PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join("unshare"))
        .find(|p| p.is_file())
        .expect("these tests need `unshare` (util-linux) for a network namespace of their own")
}

/// MVEL 2.5.2 fails `assert`s on some malformed expressions (a finding of its own under
/// `-ea`), and compiles the operand of its `~=` operator as a regex (a regex-injection); the
/// expression-language targets run without assertions and with that detector only.
fn extra(kind: &str) -> &'static [&'static str] {
    if kind.starts_with("el") {
        &["--no-assertions", "--detectors", "expression-language-injection"]
    } else if kind.starts_with("xxe") {
        // A parser that resolves external entities also fetches an external DTD over http:
        // server-side-request-forgery would judge that connection.
        &["--disable-detectors", "server-side-request-forgery"]
    } else if kind.starts_with("ssrf-xml") {
        &["--disable-detectors", "xml-external-entity"]
    } else {
        &[]
    }
}

fn fires(kind: &str, detector: &str, severity: &str, cwe: &str) {
    fires_within(kind, "500000", detector, severity, cwe);
}

fn fires_within(kind: &str, runs: &str, detector: &str, severity: &str, cwe: &str) {
    let r = detect(kind, runs, extra(kind));
    assert_eq!(r.out.status, Some(1), "{kind}: expected a finding:\n{}", r.out.dump());
    let all = r.summary();
    let e = all.iter().find(|e| e.detector == detector).unwrap_or_else(|| panic!("no {detector} finding: {all:?}"));
    eprintln!("FOUND {detector} after {} execs: {}", e.execs, e.message);
    assert_eq!((e.severity.as_str(), e.cwe.as_str()), (severity, cwe));
    assert_eq!(e.exception, "com.jvmfuzz.shim.detectors.SecurityIssue");
    let sarif = std::fs::read_to_string(r.dir.join("findings/findings.sarif")).unwrap();
    assert!(sarif.contains(&format!("\"ruleId\": \"{detector}\"")), "{sarif}");
    assert!(sarif.contains("\"uri\": \"fuzz/Detect.java\""), "the location is the target's line: {sarif}");
    sarif_is_valid(&r.dir.join("findings/findings.sarif"));
    // The input replays the finding with `fuzz repro`.
    let stack = std::fs::read_to_string(r.dir.join("findings").join(&e.id).join("stack.txt")).unwrap();
    assert!(stack.contains("fuzz.Detect.fuzzerTestOneInput"), "{stack}");
    reproducer_reports(&r, kind, &e.id, detector);
}

/// Microsoft's SARIF Multitool (scripts/fetch-test-deps.sh fetches it), or $SARIF_MULTITOOL.
fn sarif_multitool() -> std::path::PathBuf {
    let p = std::env::var_os("SARIF_MULTITOOL").map(std::path::PathBuf::from).unwrap_or_else(|| {
        std::path::PathBuf::from(std::env::var_os("HOME").unwrap_or_default())
            .join(".cache/jvmfuzz/sarif-multitool-5.7.0/package/Sarif.Multitool")
    });
    assert!(p.is_file(), "{} missing: run scripts/fetch-test-deps.sh (or set SARIF_MULTITOOL)", p.display());
    p
}

/// `Sarif.Multitool validate` with the SARIF schema's rules and GitHub code scanning's
/// ingestion rules (GH*): no result of level error.
fn sarif_is_valid(sarif: &std::path::Path) {
    let out_file = sarif.with_extension("validation.sarif");
    let mut cmd = Command::new(sarif_multitool());
    cmd.args(["validate", "--rule-kind", "Gh;Sarif", "--output"]).arg(&out_file).arg(sarif);
    let out = support::run(cmd, Duration::from_secs(120));
    let report =
        std::fs::read_to_string(&out_file).unwrap_or_else(|e| panic!("no validation report ({e}):\n{}", out.dump()));
    let errors: Vec<&str> = out.stdout.lines().filter(|l| l.contains(": error ")).collect();
    assert!(
        errors.is_empty() && !report.contains("\"level\": \"error\""),
        "{} does not validate:\n{}\n{}",
        sarif.display(),
        errors.join("\n"),
        out.dump()
    );
}

/// The finding's Reproducer.java in a plain JVM (`java Reproducer.java`, no `fuzz`), in the
/// same sandbox, with jvmfuzz-junit.jar on the class path: it fails with the detector's report,
/// not only with what the target threw (Detect swallows what the regex detector throws).
fn reproducer_reports(r: &Run, kind: &str, id: &str, detector: &str) {
    let source = r.dir.join("findings").join(id).join("Reproducer.java");
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(text.contains("com.jvmfuzz.junit.Detectors.replayHarness(() -> {"), "{text}");
    let cp = support::classpath(&[
        &targets().classes,
        &support::maven_jar(H2),
        &targets().mvel,
        &targets().jazzer_api,
        &r.dir.join("findings/jvmfuzz-shim.jar"),
        &fuzz_common::junit_jar(false),
    ]);
    let mut cmd = Command::new(unshare());
    cmd.current_dir(r.dir.path()).arg("-n").arg(support::jdk17().java());
    if !kind.starts_with("el") {
        cmd.arg("-ea");
    }
    cmd.arg(format!("-Ddetect.kind={kind}"))
        .arg("-cp")
        .arg(cp)
        .arg(&source)
        .env("PATH", r.dir.join("empty-bin"))
        .env("JVMFUZZ_DETECTORS", if kind.starts_with("el") { "expression-language-injection" } else { "" });
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(1), "{kind}: the reproducer must fail:\n{text}\n{}", out.dump());
    assert!(
        out.stderr.contains(&format!("com.jvmfuzz.shim.detectors.SecurityIssue: {detector}")),
        "{kind}: no {detector} report:\n{}",
        out.dump()
    );
}

fn silent(kind: &str) {
    let r = detect(kind, "30000", extra(kind));
    assert_eq!(r.out.status, Some(0), "{kind}: a look-alike must not be a finding:\n{}", r.out.dump());
    assert!(r.summary().is_empty(), "{kind}: {:?}", r.summary());
}

#[test]
fn os_command_injection() {
    fires("cmd", "os-command-injection", "critical", "CWE-78");
    silent("cmd-fixed");
}

#[test]
fn reflective_call() {
    fires("class", "reflective-call", "high", "CWE-470");
    silent("class-fixed");
}

#[test]
fn jndi_lookup() {
    fires("jndi", "jndi-lookup", "critical", "CWE-74");
    fires("jndi-relative", "jndi-lookup", "critical", "CWE-74");
    // Log4Shell in small: "${", a ':' the JDK's indexOf(char) looks for, a keyword among ten,
    // and a name that is often empty ("${jndi:}"). Found in 5,693 executions; 473,393 before
    // the indexOf(char) hook, the empty-field splice and KeySplice's scan of all its pairs.
    // 300,000: 100,000 once missed it in a full (loaded) test run, when missed keys were
    // collected at a rate per second (a seeded run counts them now: Cmp.collectingKeys).
    fires_within("jndi-interpolated", "300000", "jndi-lookup", "critical", "CWE-74");
    silent("jndi-fixed");
}

#[test]
fn regex_injection() {
    fires("regex", "regex-injection", "low", "CWE-625");
    silent("regex-fixed");
}

#[test]
fn regex_denial_of_service() {
    // Catastrophic backtracking of a fixed pattern: the engine's reads are counted, and the
    // run is stopped inside the match (without the detector, these inputs hang the target).
    for kind in ["redos", "redos-string"] {
        let r = detect(kind, "1000000", &[]);
        assert_eq!(r.out.status, Some(1), "{kind}: expected a finding:\n{}", r.out.dump());
        let all = r.summary();
        let e = all
            .iter()
            .find(|e| e.detector == "regex-injection" && e.message.contains("catastrophic backtracking"))
            .unwrap_or_else(|| panic!("{kind}: no catastrophic backtracking: {all:?}"));
        eprintln!("FOUND {kind} after {} execs: {}", e.execs, e.message);
        reproducer_reports(&r, kind, &e.id, "regex-injection");
    }
    silent("redos-fixed");
}

#[test]
fn file_path_traversal() {
    fires("path", "file-path-traversal", "high", "CWE-22");
    silent("path-fixed");
}

/// Generated drivers (`--class net.Fetch`): a URL argument is the caller's text, so the host it
/// names is the method's contract to connect to; a host the method took out of the URL's path
/// stays a bug. Isolated as the module docs say.
#[test]
fn a_url_argument_chooses_the_host_for_a_generated_driver() {
    let dir = TempDir::new("detect-drivers");
    let classes = dir.join("classes");
    let sources = support::java_sources(&support::java_dir("driver-targets/src/net"));
    support::javac(&support::jdk17(), &sources, &[], &classes, &["--release", "11", "-g"]);
    // 1M runs: on a loaded CI machine (test binaries beside it) one seeded run of 300k never
    // made the detector's host for `open` (a seeded run's path still depends on timing).
    let args = ["--class", "net.Fetch", "--runs", "1000000", "--keep-going"].map(String::from);
    let r = isolated(dir, classes.as_os_str(), &args);
    let entries = r.summary();
    let at = |m: &str, kind: &str| {
        entries.iter().filter(|e| e.top_frame.starts_with(&format!("net.Fetch.{m}(")) && e.kind == kind).count()
    };
    assert_eq!((at("open", "contract"), at("open", "bug")), (1, 0), "{entries:#?}\n{}", r.out.dump());
    assert_eq!(at("relay", "bug"), 1, "{entries:#?}\n{}", r.out.dump());
    let open = entries.iter().find(|e| e.top_frame.starts_with("net.Fetch.open(")).unwrap();
    assert!(open.reason.starts_with("host parameter: net.Fetch.open"), "{open:?}");
    // A driver's reproducer replays under the payload rule, as the run judged it (a harness's
    // under Jazzer's: `replayHarness`).
    let relay = entries.iter().find(|e| e.top_frame.starts_with("net.Fetch.relay(")).unwrap();
    let text = std::fs::read_to_string(r.dir.join(format!("findings/{}/Reproducer.java", relay.id))).unwrap();
    assert!(text.contains("com.jvmfuzz.junit.Detectors.replay(() -> {"), "{text}");
}

#[test]
fn server_side_request_forgery() {
    fires("ssrf", "server-side-request-forgery", "medium", "CWE-918");
    // Jazzer's rule for a harness: no connection is allowed unless the harness allows it, so
    // a fixed host is a finding too (Jazzer reports it the same way).
    let r = detect("ssrf-fixed", "30000", &[]);
    assert_eq!(r.out.status, Some(1), "{}", r.out.dump());
    let all = r.summary();
    assert!(
        all.iter().any(|e| e.detector == "server-side-request-forgery"
            && e.message.contains("a connection to localhost:800")
            && e.message.contains("allowNetworkConnections")),
        "{all:?}"
    );
}

#[test]
fn a_connection_the_jdk_opens_inside_its_own_code_is_judged() {
    // The document names a DTD over http; the JDK's parser opens it from its own code, where
    // no call site of the target is hooked. Guided there by the parse() hooks.
    let r = detect("ssrf-xml", "100000", extra("ssrf-xml"));
    assert_eq!(r.out.status, Some(1), "{}", r.out.dump());
    let all = r.summary();
    let e = all.iter().find(|e| e.detector == "server-side-request-forgery").unwrap_or_else(|| panic!("{all:?}"));
    assert!(e.message.contains("a connection to "), "{e:?}");
    let stack = std::fs::read_to_string(r.dir.join(format!("findings/{}/stack.txt", e.id))).unwrap();
    assert!(stack.contains("HttpURLConnection") || stack.contains("Socket"), "{stack}");
    // Allowed by the harness: every run's parser asks for a DTD over http, and none is a
    // finding (the run is in its own network namespace, so the fetch fails there).
    silent("ssrf-xml-allowed");
}

#[test]
fn a_stax_reader_is_guided_to_a_dtd_it_fetches() {
    // As Jazzer's XML guidance does for XMLInputFactory.createXMLStreamReader.
    let r = detect("ssrf-xml-stax", "100000", extra("ssrf-xml-stax"));
    assert_eq!(r.out.status, Some(1), "{}", r.out.dump());
    let all = r.summary();
    assert!(
        all.iter().any(|e| e.detector == "server-side-request-forgery" && e.message.contains("a connection to foo:80")),
        "{all:?}"
    );
}

#[test]
fn an_http_client_the_harness_built_before_any_input_is_judged() {
    // Built in the harness's static initializer, the client keeps the proxy selector of its
    // birth: the JDK's connections are watched from before the harness class is loaded.
    let dir = TempDir::new("ssrf-static");
    let cp = support::classpath(&[&targets().classes]);
    let args = ["--harness", "fuzz.SsrfStaticClient", "--runs", "20000"].map(String::from);
    let r = isolated(dir, &cp, &args);
    assert_eq!(r.out.status, Some(1), "{}", r.out.dump());
    let all = r.summary();
    assert!(
        all.iter()
            .any(|e| e.detector == "server-side-request-forgery" && e.message.contains("a connection to localhost:8 ")),
        "{all:?}"
    );
}

#[test]
fn sql_injection_on_a_real_database() {
    fires("sql", "sql-injection", "critical", "CWE-89");
    silent("sql-fixed");
}

#[test]
fn deserialization() {
    fires("deser", "deserialization", "critical", "CWE-502");
    silent("deser-fixed");
}

#[test]
fn xml_external_entity() {
    fires("xxe", "xml-external-entity", "high", "CWE-611");
    silent("xxe-fixed");
}

#[test]
fn ldap_injection() {
    fires("ldap", "ldap-injection", "high", "CWE-90");
    silent("ldap-fixed");
}

#[test]
fn xpath_injection() {
    fires("xpath", "xpath-injection", "high", "CWE-643");
    silent("xpath-fixed");
}

#[test]
fn script_engine_injection() {
    fires("script", "script-engine-injection", "critical", "CWE-94");
    silent("script-fixed");
}

#[test]
fn expression_language_injection() {
    fires("el", "expression-language-injection", "critical", "CWE-917");
    silent("el-fixed");
}

#[test]
fn jazzers_allow_list_api_is_the_judge_when_a_harness_uses_it() {
    // A connection policy: any host but localhost is a finding, whoever chose it.
    let r = detect("ssrf-policy", "100000", &[]);
    assert_eq!(r.out.status, Some(1), "{}", r.out.dump());
    assert!(r.summary().iter().any(|e| e.detector == "server-side-request-forgery" && e.message.contains("policy")));
    // Everything allowed: not even the payload host is a finding.
    silent("ssrf-allowed");
    // Allowed paths: leaving uploads/ is a finding.
    let r = detect("path-allowed", "100000", &[]);
    assert_eq!(r.out.status, Some(1), "{}", r.out.dump());
    assert!(r.summary().iter().any(|e| e.detector == "file-path-traversal" && e.message.contains("allows")));
    // A target path: reaching it is the finding.
    let r = detect("path-target", "300000", &[]);
    assert_eq!(r.out.status, Some(1), "{}", r.out.dump());
    assert!(r.summary().iter().any(|e| e.detector == "file-path-traversal" && e.message.contains("secret.txt")));
}

#[test]
fn detectors_can_be_chosen_and_turned_off() {
    // Off by our name, and by Jazzer's sanitizer class through --disabled_hooks's native form.
    let r = detect("regex", "20000", &["--disable-detectors", "regex-injection"]);
    assert_eq!(r.out.status, Some(0), "{}", r.out.dump());
    let r = detect("cmd", "20000", &["--disabled-hooks", "com.code_intelligence.jazzer.sanitizers.OsCommandInjection"]);
    assert_eq!(r.out.status, Some(0), "{}", r.out.dump());
    let r = detect("regex", "20000", &["--detectors", "jndi-lookup"]);
    assert_eq!(r.out.status, Some(0), "{}", r.out.dump());
    let r = detect("regex", "10", &["--detectors", "sql"]);
    assert_eq!(r.out.status, Some(2), "{}", r.out.dump());
    assert!(r.out.stderr.contains("unknown detector `sql`"), "{}", r.out.dump());
}

/// A harness outside `--includes` that parses the XML itself still gets the detectors' hooks,
/// as under Jazzer (its "custom hooks only" instrumentation): OSS-Fuzz's JXPath harness calls
/// `DocumentBuilder.parse` in its own class, outside `org.apache.commons.jxpath.**`, and its
/// SSRF was missed before.
#[test]
fn a_harness_outside_the_includes_still_gets_the_detectors() {
    let dir = TempDir::new("detect-outside");
    let cp = support::classpath(&[&targets().classes, &targets().jazzer_api]);
    let args: Vec<String> = [
        "--harness",
        "fuzz.XmlOutside",
        "--runs",
        "300000",
        "--includes",
        "fuzz.XmlOutsideHelper",
        "--disable-detectors",
        "server-side-request-forgery",
    ]
    .map(String::from)
    .to_vec();
    let r = isolated(dir, &cp, &args);
    assert_eq!(r.out.status, Some(1), "expected a finding:\n{}", r.out.dump());
    assert!(r.summary().iter().any(|e| e.detector == "xml-external-entity"), "{}", r.out.dump());
}
