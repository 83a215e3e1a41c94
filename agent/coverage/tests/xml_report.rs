//! The XML report as JaCoCo lays it out, and read back by the test kit's parser (the one the
//! equality tests against JaCoCo use) with the numbers that were put in.

#[path = "../src/report/sample.rs"]
mod sample;

use jvmfuzz_coverage::report::{write_reports, Formats, ReportConfig, SessionInfo};
use jvmfuzz_coverage::CounterKind;
use jvmfuzz_tests::compare::{parse_report_xml, MethodKey};
use sample::{c, line, sample};

#[test]
fn xml_matches_jacoco_layout() {
    let classes = sample();
    let sessions = [SessionInfo { id: "s1".into(), start_ms: 10, dump_ms: 20 }];
    let dir = std::env::temp_dir().join(format!("jvmfuzz-xml-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cfg = ReportConfig {
        dir: dir.clone(),
        formats: Formats { xml: true, html: false, lcov: false },
        sources: vec![],
        name: "demo".into(),
        sessions: sessions.to_vec(),
    };
    write_reports(&cfg, &classes).unwrap();
    let x = std::fs::read_to_string(dir.join("jacoco.xml")).unwrap();
    let expected = concat!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd">"#,
        r#"<report name="demo"><sessioninfo id="s1" start="10" dump="20"/><package name="p">"#,
        r#"<class name="p/A" sourcefilename="A.java"><method name="&lt;init&gt;" desc="()V" line="3">"#,
        r#"<counter type="INSTRUCTION" missed="0" covered="3"/><counter type="LINE" missed="0" covered="1"/>"#,
        r#"<counter type="COMPLEXITY" missed="0" covered="1"/><counter type="METHOD" missed="0" covered="1"/></method>"#
    );
    assert!(x.starts_with(expected), "{x}");
    assert!(x.contains(r#"<class name="p/I" sourcefilename="A.java"/>"#), "empty class self-closed: {x}");
    assert!(x.contains(r#"<sourcefile name="A.java"><line nr="3" mi="0" ci="3" mb="0" cb="0"/>"#));
    assert!(x.ends_with(r#"<counter type="CLASS" missed="0" covered="1"/></report>"#), "{x}");

    // Reading it back gives the numbers we put in.
    let r = parse_report_xml(&x).unwrap();
    let f = MethodKey { class: "p/A".into(), name: "f".into(), desc: "(I)I".into() };
    assert_eq!(r.methods[&f][&CounterKind::Branch], c(1, 1));
    assert_eq!(r.total[&CounterKind::Line], c(1, 2));
    assert_eq!(r.lines[&("p".to_string(), "A.java".to_string())][&5], line(1, 4, 1, 1));
}
