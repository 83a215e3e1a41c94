//! `findings/findings.sarif`: every finding as a SARIF 2.1.0 result, which GitHub code scanning
//! and other SARIF viewers read. The rule is the bug detector (with its CWE and a
//! `security-severity`) or the exception class; the location is the first frame of the
//! target's own code with a line number (not the JDK's or jvmfuzz's), and the stack is the
//! result's code flow, outermost call first. Rewritten whole from summary.json's entries and
//! each finding's stack.txt on every save, so `--jobs` and restarted clients stay consistent.

use std::path::Path;

use serde_json::{json, Value};

use crate::findings::SummaryEntry;

/// One `at class.method(File.java:N)` line of a Java stack trace.
#[derive(Debug, PartialEq, Eq)]
struct Frame {
    class: String,
    method: String,
    file: Option<String>,
    line: Option<u64>,
}

fn parse_frame(line: &str) -> Option<Frame> {
    let at = line.trim().strip_prefix("at ")?;
    let (qualified, rest) = at.split_once('(')?;
    // Module prefixes (`java.base/java.lang.String.equals`) are not part of the class name.
    let qualified = qualified.rsplit('/').next()?;
    let (class, method) = qualified.rsplit_once('.')?;
    let inside = rest.strip_suffix(')')?;
    let (file, line) = match inside.split_once(':') {
        Some((f, l)) => (Some(f.to_string()), l.parse().ok()),
        None if inside.ends_with(".java") || inside.ends_with(".kt") || inside.ends_with(".scala") => {
            (Some(inside.to_string()), None)
        }
        None => (None, None),
    };
    Some(Frame { class: class.to_string(), method: method.to_string(), file, line })
}

/// The target's own code: not the JDK, not jvmfuzz (shim, detectors, bridges).
fn is_target(f: &Frame) -> bool {
    const OTHERS: &[&str] = &["java.", "javax.", "jdk.", "sun.", "com.sun.", "com.jvmfuzz.", "com.code_intelligence."];
    !OTHERS.iter().any(|p| f.class.starts_with(p)) && !f.method.starts_with("jvmfuzz$hook$")
}

/// `a/b/C.java` for class `a.b.C$D` in `C.java`: source-root relative, as code scanning wants.
fn uri(f: &Frame) -> String {
    let file = f.file.clone().unwrap_or_else(|| format!("{}.java", f.class.rsplit('.').next().unwrap_or("")));
    match f.class.rsplit_once('.') {
        Some((package, _)) => format!("{}/{file}", package.replace('.', "/")),
        None => file,
    }
}

fn location(f: &Frame) -> Value {
    json!({
        "physicalLocation": {
            "artifactLocation": { "uri": uri(f), "uriBaseId": "%SRCROOT%" },
            "region": { "startLine": f.line.unwrap_or(1).max(1) }
        },
        "message": { "text": format!("{}.{}", f.class, f.method) }
    })
}

const REPRODUCE: &str = "Each finding's folder (findings/<id>/) holds the input, the stack, \
    Reproducer.java and a JUnit ReproducerTest.java that replay it.";
const REPRODUCE_DETECTOR: &str = "Each finding's folder (findings/<id>/) holds the input, the \
    stack, Reproducer.java and a JUnit ReproducerTest.java; they replay it with the detectors on \
    when jvmfuzz-junit.jar (`fuzz junit-jar`) is on the class path.";

fn rule_of(e: &SummaryEntry) -> Value {
    match (&e.detector, &e.cwe) {
        (Some(name), Some(cwe)) => {
            let d = crate::detectors::by_name(name);
            let score = match e.severity.as_deref() {
                Some("critical") => "9.0",
                Some("high") => "7.5",
                Some("medium") => "5.0",
                _ => "3.0",
            };
            let what = d.map_or(name.as_str(), |d| d.what);
            let cwe_url = format!(
                "https://cwe.mitre.org/data/definitions/{}.html",
                cwe.trim_start_matches(|c: char| !c.is_ascii_digit())
            );
            json!({
                "id": name,
                "name": d.map_or(name.as_str(), |d| d.title),
                "shortDescription": { "text": d.map_or(name.as_str(), |d| d.title) },
                "fullDescription": { "text": what },
                "helpUri": cwe_url,
                "help": {
                    "text": format!("{what} {REPRODUCE_DETECTOR} {cwe}: {cwe_url}"),
                    "markdown": format!("{what}\n\n{REPRODUCE_DETECTOR}\n\n[{cwe}]({cwe_url})")
                },
                "properties": {
                    "tags": ["security", format!("external/cwe/{}", cwe.to_lowercase())],
                    "security-severity": score,
                    "precision": "high"
                }
            })
        }
        _ => json!({
            "id": e.exception,
            "name": e.exception,
            "shortDescription": { "text": format!("Uncaught {}", e.exception) },
            "fullDescription": {
                "text": format!("An input makes the fuzz target let {} escape.", e.exception)
            },
            "help": {
                "text": format!("An input makes the fuzz target let {} escape. {REPRODUCE}", e.exception),
                "markdown": format!("An input makes the fuzz target let `{}` escape.\n\n{REPRODUCE}", e.exception)
            },
            "properties": { "tags": ["reliability"] }
        }),
    }
}

fn level(e: &SummaryEntry) -> &'static str {
    if e.kind == "contract" {
        // Thrown by design on the arguments given: worth a look, not a defect.
        return "note";
    }
    match e.severity.as_deref() {
        Some("critical" | "high") => "error",
        Some("medium") => "warning",
        Some(_) => "note",
        None if e.exception == "timeout" || e.exception.contains("OutOfMemory") => "warning",
        None => "error",
    }
}

/// The SARIF log of `entries` (stack traces read from `dir/<id>/stack.txt`).
pub fn log(dir: &Path, entries: &[SummaryEntry]) -> Value {
    let mut rules: Vec<Value> = Vec::new();
    let mut results = Vec::new();
    for e in entries {
        let rule = rule_of(e);
        let rule_id = rule["id"].as_str().unwrap_or_default().to_string();
        let index = match rules.iter().position(|r| r["id"] == rule["id"]) {
            Some(i) => i,
            None => {
                rules.push(rule);
                rules.len() - 1
            }
        };
        let stack = std::fs::read_to_string(dir.join(&e.id).join("stack.txt")).unwrap_or_default();
        let frames: Vec<Frame> = stack.lines().filter_map(parse_frame).collect();
        let primary = frames
            .iter()
            .find(|f| is_target(f) && f.line.is_some())
            .or_else(|| frames.iter().find(|f| f.line.is_some()))
            .or_else(|| frames.first());
        let mut result = json!({
            "ruleId": rule_id,
            "ruleIndex": index,
            "level": level(e),
            "message": { "text": format!("{}: {}", e.exception, e.message) },
            "partialFingerprints": { "jvmfuzzFindingId/v1": e.id },
            "properties": { "input": e.input, "reproducer": e.reproducer, "execs": e.execs }
        });
        if let Some(p) = primary {
            result["locations"] = json!([location(p)]);
        }
        let flow: Vec<Value> =
            frames.iter().rev().filter(|f| f.file.is_some()).map(|f| json!({ "location": location(f) })).collect();
        if !flow.is_empty() {
            result["codeFlows"] = json!([{ "threadFlows": [{ "locations": flow }] }]);
        }
        results.push(result);
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "jvmfuzz",
                "informationUri": "https://github.com/jvmfuzz/jvmfuzz",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules
            }},
            "results": results
        }]
    })
}

/// Writes `dir/findings.sarif` (through a temporary file, like summary.json).
pub fn write(dir: &Path, entries: &[SummaryEntry]) -> std::io::Result<()> {
    let json = serde_json::to_vec_pretty(&log(dir, entries)).map_err(std::io::Error::other)?;
    let tmp = dir.join(format!(".findings.sarif.{}", std::process::id()));
    std::fs::write(&tmp, json)?;
    std::fs::rename(&tmp, dir.join("findings.sarif"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_parse_with_and_without_lines_and_modules() {
        let f = parse_frame("\tat java.base/java.lang.ProcessBuilder.start(ProcessBuilder.java:1029)").unwrap();
        assert_eq!((f.class.as_str(), f.method.as_str(), f.line), ("java.lang.ProcessBuilder", "start", Some(1029)));
        let f = parse_frame("\tat fuzz.Detect.jvmfuzz$hook$3(Detect.java)").unwrap();
        assert_eq!((f.file.as_deref(), f.line), (Some("Detect.java"), None));
        assert!(!is_target(&f));
        let f = parse_frame("\tat a.b.C$D.run(Native Method)").unwrap();
        assert_eq!((f.file, f.line), (None, None));
        assert!(parse_frame("Caused by: x").is_none());
    }

    #[test]
    fn a_detector_finding_is_a_security_result_at_the_targets_frame() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-sarif-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("abc")).unwrap();
        std::fs::write(
            dir.join("abc/stack.txt"),
            "== jvmfuzz finding abc\n\ncom.jvmfuzz.shim.detectors.SecurityIssue: os-command-injection: x\n\
             \tat com.jvmfuzz.shim.fuzz.Runner.reportFromHook(Runner.java:63)\n\
             \tat com.acme.Run.jvmfuzz$hook$0(Run.java)\n\
             \tat com.acme.Run.go(Run.java:12)\n\
             \tat com.acme.Fuzz.fuzzerTestOneInput(Fuzz.java:7)\n",
        )
        .unwrap();
        let e = SummaryEntry {
            id: "abc".into(),
            exception: "com.jvmfuzz.shim.detectors.SecurityIssue".into(),
            message: "os-command-injection: x".into(),
            top_frame: String::new(),
            input: "findings/abc/input".into(),
            reproducer: String::new(),
            first_seen_secs: 0.0,
            execs: 1,
            detector: Some("os-command-injection".into()),
            severity: Some("critical".into()),
            cwe: Some("CWE-78".into()),
            kind: "bug".into(),
            reason: None,
            inputs: None,
            callers: None,
        };
        let log = log(&dir, &[e]);
        let run = &log["runs"][0];
        assert_eq!(run["tool"]["driver"]["rules"][0]["properties"]["tags"][1], "external/cwe/cwe-78");
        let r = &run["results"][0];
        assert_eq!((r["ruleId"].as_str(), r["level"].as_str()), (Some("os-command-injection"), Some("error")));
        let loc = &r["locations"][0]["physicalLocation"];
        assert_eq!(
            (loc["artifactLocation"]["uri"].as_str(), loc["region"]["startLine"].as_u64()),
            (Some("com/acme/Run.java"), Some(12))
        );
        let flow = r["codeFlows"][0]["threadFlows"][0]["locations"].as_array().unwrap();
        assert_eq!(flow.len(), 4);
        assert_eq!(flow[0]["location"]["physicalLocation"]["artifactLocation"]["uri"], "com/acme/Fuzz.java");
        let _ = std::fs::remove_dir_all(dir);
    }
}
