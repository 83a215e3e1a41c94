//! JaCoCo XML (DTD "-//JACOCO//DTD Report 1.1//EN"), written exactly as JaCoCo's
//! `XMLFormatter` does: one line, elements in the order report > sessioninfo* > package >
//! (class > method > counter*) * > sourcefile > (line*, counter*) > counter*, counters in
//! the order INSTRUCTION BRANCH LINE COMPLEXITY METHOD CLASS and only when their total is
//! non-zero, empty elements self-closed.

use super::text::{escaped, num};
use super::SessionInfo;
use crate::{BundleCoverage, CounterKind, Counters};

fn counters(o: &mut String, c: &Counters) {
    for k in CounterKind::ALL {
        let v = c.get(k);
        if v.total() > 0 {
            o.push_str(r#"<counter type=""#);
            o.push_str(k.xml_name());
            o.push_str(r#"" missed=""#);
            num(o, v.missed);
            o.push_str(r#"" covered=""#);
            num(o, v.covered);
            o.push_str(r#""/>"#);
        }
    }
}

fn has_counters(c: &Counters) -> bool {
    CounterKind::ALL.iter().any(|k| c.get(*k).total() > 0)
}

/// `<tag name="NAME"` with NAME escaped (the element is left open).
fn open_named(o: &mut String, tag: &str, name: &str) {
    o.push('<');
    o.push_str(tag);
    o.push_str(r#" name=""#);
    escaped(o, name);
    o.push('"');
}

pub(crate) fn render(b: &BundleCoverage<'_>, sessions: &[SessionInfo]) -> String {
    let mut o = String::new();
    o.push_str(r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#);
    o.push_str(r#"<!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd">"#);
    open_named(&mut o, "report", &b.name);
    o.push('>');
    for s in sessions {
        o.push_str(r#"<sessioninfo id=""#);
        escaped(&mut o, &s.id);
        o.push_str(r#"" start=""#);
        num(&mut o, s.start_ms);
        o.push_str(r#"" dump=""#);
        num(&mut o, s.dump_ms);
        o.push_str(r#""/>"#);
    }
    for p in &b.packages {
        open_named(&mut o, "package", &p.name);
        o.push('>');
        for c in &p.classes {
            open_named(&mut o, "class", &c.name);
            if let Some(f) = &c.source_file {
                o.push_str(r#" sourcefilename=""#);
                escaped(&mut o, f);
                o.push('"');
            }
            if c.methods.is_empty() && !has_counters(&c.counters) {
                o.push_str("/>");
                continue;
            }
            o.push('>');
            for m in &c.methods {
                open_named(&mut o, "method", &m.name);
                o.push_str(r#" desc=""#);
                escaped(&mut o, &m.descriptor);
                o.push('"');
                if let Some(l) = m.first_line {
                    o.push_str(r#" line=""#);
                    num(&mut o, l);
                    o.push('"');
                }
                o.push('>');
                counters(&mut o, &m.counters);
                o.push_str("</method>");
            }
            counters(&mut o, &c.counters);
            o.push_str("</class>");
        }
        for sf in &p.source_files {
            open_named(&mut o, "sourcefile", &sf.name);
            if sf.lines.is_empty() && !has_counters(&sf.counters) {
                o.push_str("/>");
                continue;
            }
            o.push('>');
            for (nr, l) in &sf.lines {
                o.push_str(r#"<line nr=""#);
                num(&mut o, *nr);
                for (attr, v) in [
                    (r#"" mi=""#, l.instructions.missed),
                    (r#"" ci=""#, l.instructions.covered),
                    (r#"" mb=""#, l.branches.missed),
                    (r#"" cb=""#, l.branches.covered),
                ] {
                    o.push_str(attr);
                    num(&mut o, v);
                }
                o.push_str(r#""/>"#);
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
