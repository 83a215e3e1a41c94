//! A small hand-built coverage model the report tests write (shared by the unit tests and
//! `tests/xml_report.rs`, which reads the XML back with the test kit's parser).
#![allow(dead_code)]
use std::collections::BTreeMap;

use jvmfuzz_coverage::{ClassCoverage, Counter, Counters, LineCounts, MethodCoverage};

pub fn c(missed: u32, covered: u32) -> Counter {
    Counter { missed, covered }
}

pub fn line(mi: u32, ci: u32, mb: u32, cb: u32) -> LineCounts {
    LineCounts { instructions: c(mi, ci), branches: c(mb, cb) }
}

pub fn sample() -> Vec<ClassCoverage> {
    let mut lines = BTreeMap::new();
    lines.insert(3, line(0, 3, 0, 0));
    lines.insert(5, line(1, 4, 1, 1));
    lines.insert(6, line(2, 0, 0, 0));
    let init = MethodCoverage {
        name: "<init>".into(),
        descriptor: "()V".into(),
        first_line: Some(3),
        counters: Counters {
            instruction: c(0, 3),
            line: c(0, 1),
            complexity: c(0, 1),
            method: c(0, 1),
            ..Default::default()
        },
        lines: [(3, line(0, 3, 0, 0))].into_iter().collect(),
        instrumented: true,
        approximate: false,
        filters: vec![],
    };
    let f = MethodCoverage {
        name: "f".into(),
        descriptor: "(I)I".into(),
        first_line: Some(5),
        counters: Counters {
            instruction: c(3, 4),
            branch: c(1, 1),
            line: c(1, 1),
            complexity: c(1, 1),
            method: c(0, 1),
            ..Default::default()
        },
        lines: [(5, line(1, 4, 1, 1)), (6, line(2, 0, 0, 0))].into_iter().collect(),
        instrumented: true,
        approximate: false,
        filters: vec![],
    };
    let a = ClassCoverage {
        name: "p/A".into(),
        source_file: Some("A.java".into()),
        methods: vec![init, f],
        counters: Counters {
            instruction: c(3, 7),
            branch: c(1, 1),
            line: c(1, 2),
            complexity: c(1, 2),
            method: c(0, 2),
            class: c(0, 1),
        },
        lines,
        skipped: vec![],
        hidden: vec![],
        jacoco_probes: None,
        fragments: vec![],
    };
    let empty = ClassCoverage {
        name: "p/I".into(),
        source_file: Some("A.java".into()),
        methods: vec![],
        counters: Counters::default(),
        lines: BTreeMap::new(),
        skipped: vec![],
        hidden: vec![],
        jacoco_probes: None,
        fragments: vec![],
    };
    vec![empty, a]
}
