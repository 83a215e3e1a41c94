//! JaCoCo XML (DTD "-//JACOCO//DTD Report 1.1//EN"), written exactly as JaCoCo's
//! `XMLFormatter` does: one line, elements in the order report > sessioninfo* > package >
//! (class > method > counter*) * > sourcefile > (line*, counter*) > counter*, counters in
//! the order INSTRUCTION BRANCH LINE COMPLEXITY METHOD CLASS and only when their total is
//! non-zero, empty elements self-closed.

use std::fmt::Write;

use super::SessionInfo;
use crate::coverage::{BundleCoverage, CounterKind, Counters};

pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

fn counters(out: &mut String, c: &Counters) {
    for k in CounterKind::ALL {
        let v = c.get(k);
        if v.total() > 0 {
            let _ = write!(out, r#"<counter type="{}" missed="{}" covered="{}"/>"#, k.xml_name(), v.missed, v.covered);
        }
    }
}

fn has_counters(c: &Counters) -> bool {
    CounterKind::ALL.iter().any(|k| c.get(*k).total() > 0)
}

pub(crate) fn render(b: &BundleCoverage<'_>, sessions: &[SessionInfo]) -> String {
    let mut o = String::new();
    o.push_str(r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#);
    o.push_str(r#"<!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd">"#);
    let _ = write!(o, r#"<report name="{}">"#, escape(&b.name));
    for s in sessions {
        let _ = write!(o, r#"<sessioninfo id="{}" start="{}" dump="{}"/>"#, escape(&s.id), s.start_ms, s.dump_ms);
    }
    for p in &b.packages {
        let _ = write!(o, r#"<package name="{}">"#, escape(&p.name));
        for c in &p.classes {
            let _ = write!(o, r#"<class name="{}""#, escape(&c.name));
            if let Some(f) = &c.source_file {
                let _ = write!(o, r#" sourcefilename="{}""#, escape(f));
            }
            if c.methods.is_empty() && !has_counters(&c.counters) {
                o.push_str("/>");
                continue;
            }
            o.push('>');
            for m in &c.methods {
                let _ = write!(o, r#"<method name="{}" desc="{}""#, escape(&m.name), escape(&m.descriptor));
                if let Some(l) = m.first_line {
                    let _ = write!(o, r#" line="{l}""#);
                }
                o.push('>');
                counters(&mut o, &m.counters);
                o.push_str("</method>");
            }
            counters(&mut o, &c.counters);
            o.push_str("</class>");
        }
        for sf in &p.source_files {
            let _ = write!(o, r#"<sourcefile name="{}""#, escape(&sf.name));
            if sf.lines.is_empty() && !has_counters(&sf.counters) {
                o.push_str("/>");
                continue;
            }
            o.push('>');
            for (nr, l) in &sf.lines {
                let _ = write!(
                    o,
                    r#"<line nr="{nr}" mi="{}" ci="{}" mb="{}" cb="{}"/>"#,
                    l.instructions.missed, l.instructions.covered, l.branches.missed, l.branches.covered
                );
            }
            counters(&mut o, &sf.counters);
            o.push_str("</sourcefile>");
        }
        counters(&mut o, &p.counters);
        o.push_str("</package>");
    }
    counters(&mut o, &b.counters);
    o.push_str("</report>");
    o
}
