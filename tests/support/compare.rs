//! Reading JaCoCo XML reports and diffing two of them counter by counter.
//!
//! Reusable by any test that wants to hold our numbers against JaCoCo's: parse both XML
//! files with [`parse_report_xml`] (ours is written in the same format) and call [`diff`].
//! The reader handles exactly what JaCoCo's XML formatter writes (elements with attributes,
//! the standard entities, no text content), which keeps it dependency-free.

use std::collections::BTreeMap;
use std::fmt;

use jvmfuzz_coverage::{Counter, CounterKind, LineCounts};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CompareError {
    #[error("malformed XML at byte {0}")]
    Malformed(usize),
    #[error("element <{0}> outside of the element it belongs to")]
    Structure(String),
}

/// `class/method(desc)` identifies a method.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MethodKey {
    pub class: String,
    pub name: String,
    pub desc: String,
}

impl fmt::Display for MethodKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}{}", self.class, self.name, self.desc)
    }
}

pub type CounterMap = BTreeMap<CounterKind, Counter>;

/// The counters of one report, flattened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct XmlReport {
    pub methods: BTreeMap<MethodKey, CounterMap>,
    /// Method -> its `line` attribute.
    pub method_lines: BTreeMap<MethodKey, Option<u32>>,
    pub classes: BTreeMap<String, CounterMap>,
    /// (package, source file) -> line -> counts.
    pub lines: BTreeMap<(String, String), BTreeMap<u32, LineCounts>>,
    pub total: CounterMap,
}

struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    closing: bool,
    self_closing: bool,
}

impl Element {
    fn attr(&self, k: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

/// Splits XML into elements; skips declarations, DOCTYPE, comments and text.
fn elements(xml: &str) -> Result<Vec<Element>, CompareError> {
    let b = xml.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(off) = xml[i..].find('<') {
        let start = i + off;
        let rest = &xml[start..];
        if rest.starts_with("<?") || rest.starts_with("<!") {
            let end =
                if rest.starts_with("<!--") { rest.find("-->").map(|e| e + 3) } else { rest.find('>').map(|e| e + 1) };
            i = start + end.ok_or(CompareError::Malformed(start))?;
            continue;
        }
        let mut j = start + 1;
        let closing = b.get(j) == Some(&b'/');
        if closing {
            j += 1;
        }
        let name_end =
            xml[j..].find(|c: char| c.is_whitespace() || c == '>' || c == '/').ok_or(CompareError::Malformed(j))? + j;
        let name = xml[j..name_end].to_string();
        j = name_end;
        let mut attrs = Vec::new();
        let self_closing;
        loop {
            while b.get(j).is_some_and(|c| c.is_ascii_whitespace()) {
                j += 1;
            }
            match b.get(j) {
                Some(b'>') => {
                    self_closing = false;
                    j += 1;
                    break;
                }
                Some(b'/') if b.get(j + 1) == Some(&b'>') => {
                    self_closing = true;
                    j += 2;
                    break;
                }
                Some(_) => {
                    let eq = xml[j..].find('=').ok_or(CompareError::Malformed(j))? + j;
                    let key = xml[j..eq].trim().to_string();
                    let q = *b.get(eq + 1).ok_or(CompareError::Malformed(eq))?;
                    if q != b'"' && q != b'\'' {
                        return Err(CompareError::Malformed(eq));
                    }
                    let vend = xml[eq + 2..].find(q as char).ok_or(CompareError::Malformed(eq))? + eq + 2;
                    attrs.push((key, unescape(&xml[eq + 2..vend])));
                    j = vend + 1;
                }
                None => return Err(CompareError::Malformed(j)),
            }
        }
        out.push(Element { name, attrs, closing, self_closing });
        i = j;
    }
    Ok(out)
}

fn num(e: &Element, k: &str) -> u32 {
    e.attr(k).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// Parses a JaCoCo (or our) XML report.
pub fn parse_report_xml(xml: &str) -> Result<XmlReport, CompareError> {
    let mut r = XmlReport::default();
    let mut package = String::new();
    let mut class: Option<String> = None;
    let mut method: Option<MethodKey> = None;
    let mut source: Option<String> = None;
    // Open elements, to know whose <counter> this is.
    let mut stack: Vec<String> = Vec::new();
    for e in elements(xml)? {
        if e.closing {
            match e.name.as_str() {
                "method" => method = None,
                "class" => class = None,
                "sourcefile" => source = None,
                _ => {}
            }
            stack.pop();
            continue;
        }
        match e.name.as_str() {
            "package" => package = e.attr("name").unwrap_or("").to_string(),
            "class" => {
                let name = e.attr("name").unwrap_or("").to_string();
                r.classes.entry(name.clone()).or_default();
                class = Some(name);
            }
            "method" => {
                let c = class.clone().ok_or_else(|| CompareError::Structure("method".into()))?;
                let key = MethodKey {
                    class: c,
                    name: e.attr("name").unwrap_or("").to_string(),
                    desc: e.attr("desc").unwrap_or("").to_string(),
                };
                r.methods.entry(key.clone()).or_default();
                r.method_lines.insert(key.clone(), e.attr("line").and_then(|l| l.parse().ok()));
                method = Some(key);
            }
            "sourcefile" => {
                let name = e.attr("name").unwrap_or("").to_string();
                r.lines.entry((package.clone(), name.clone())).or_default();
                source = Some(name);
            }
            "line" => {
                let s = source.clone().ok_or_else(|| CompareError::Structure("line".into()))?;
                let l = LineCounts {
                    instructions: Counter { missed: num(&e, "mi"), covered: num(&e, "ci") },
                    branches: Counter { missed: num(&e, "mb"), covered: num(&e, "cb") },
                };
                r.lines.entry((package.clone(), s)).or_default().insert(num(&e, "nr"), l);
            }
            "counter" => {
                let Some(kind) = e.attr("type").and_then(CounterKind::from_xml_name) else { continue };
                let c = Counter { missed: num(&e, "missed"), covered: num(&e, "covered") };
                match stack.last().map(|s| s.as_str()) {
                    Some("method") => {
                        if let Some(m) = &method {
                            r.methods.entry(m.clone()).or_default().insert(kind, c);
                        }
                    }
                    Some("class") => {
                        if let Some(k) = &class {
                            r.classes.entry(k.clone()).or_default().insert(kind, c);
                        }
                    }
                    Some("report") => {
                        r.total.insert(kind, c);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        if !e.self_closing {
            stack.push(e.name.clone());
        }
    }
    Ok(r)
}

/// One disagreement between two reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// `class.method(desc)`, `class`, or `package/File.java:line`.
    pub what: String,
    /// Counter type, or `None` for a line's mi/ci/mb/cb or a missing element.
    pub kind: Option<CounterKind>,
    pub expected: String,
    pub actual: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.kind.map_or("", |k| k.xml_name());
        write!(f, "{} {}: expected {}, got {}", self.what, k, self.expected, self.actual)
    }
}

fn show(c: Option<&Counter>) -> String {
    let c = c.copied().unwrap_or_default();
    format!("{}/{}", c.missed, c.covered)
}

fn diff_counters(what: &str, a: &CounterMap, b: &CounterMap, kinds: &[CounterKind], out: &mut Vec<Difference>) {
    for &k in kinds {
        let (x, y) = (a.get(&k).copied().unwrap_or_default(), b.get(&k).copied().unwrap_or_default());
        if x != y {
            out.push(Difference {
                what: what.to_string(),
                kind: Some(k),
                expected: show(Some(&x)),
                actual: show(Some(&y)),
            });
        }
    }
}

/// Differences between `expected` and `actual` for the given counter kinds: per method,
/// per class, and per source line (mi/ci/mb/cb, when `lines` is set). Missing elements on
/// either side are differences too.
pub fn diff(expected: &XmlReport, actual: &XmlReport, kinds: &[CounterKind], lines: bool) -> Vec<Difference> {
    let mut out = Vec::new();
    let missing = |what: String, exp: bool| Difference {
        what,
        kind: None,
        expected: if exp { "present" } else { "absent" }.into(),
        actual: if exp { "absent" } else { "present" }.into(),
    };
    for (k, c) in &expected.methods {
        match actual.methods.get(k) {
            Some(d) => diff_counters(&k.to_string(), c, d, kinds, &mut out),
            None => out.push(missing(k.to_string(), true)),
        }
    }
    for k in actual.methods.keys().filter(|k| !expected.methods.contains_key(*k)) {
        out.push(missing(k.to_string(), false));
    }
    for (k, c) in &expected.classes {
        match actual.classes.get(k) {
            Some(d) => diff_counters(k, c, d, kinds, &mut out),
            None => out.push(missing(k.clone(), true)),
        }
    }
    for k in actual.classes.keys().filter(|k| !expected.classes.contains_key(*k)) {
        out.push(missing(k.clone(), false));
    }
    if lines {
        let empty = BTreeMap::new();
        for (f, ls) in &expected.lines {
            let theirs = actual.lines.get(f).unwrap_or(&empty);
            let nrs: std::collections::BTreeSet<u32> = ls.keys().chain(theirs.keys()).copied().collect();
            for nr in nrs {
                let (x, y) = (ls.get(&nr).copied().unwrap_or_default(), theirs.get(&nr).copied().unwrap_or_default());
                if x != y {
                    out.push(Difference {
                        what: format!("{}/{}:{}", f.0, f.1, nr),
                        kind: None,
                        expected: format!(
                            "mi={} ci={} mb={} cb={}",
                            x.instructions.missed, x.instructions.covered, x.branches.missed, x.branches.covered
                        ),
                        actual: format!(
                            "mi={} ci={} mb={} cb={}",
                            y.instructions.missed, y.instructions.covered, y.branches.missed, y.branches.covered
                        ),
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const XML: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd"><report name="r"><sessioninfo id="s" start="1" dump="2"/><package name="p"><class name="p/A" sourcefilename="A.java"><method name="&lt;init&gt;" desc="()V" line="3"><counter type="INSTRUCTION" missed="3" covered="0"/></method><method name="f" desc="(I)I" line="5"><counter type="INSTRUCTION" missed="1" covered="4"/><counter type="BRANCH" missed="1" covered="1"/></method><counter type="INSTRUCTION" missed="4" covered="4"/></class><sourcefile name="A.java"><line nr="5" mi="1" ci="4" mb="1" cb="1"/><counter type="LINE" missed="0" covered="1"/></sourcefile><counter type="INSTRUCTION" missed="4" covered="4"/></package><counter type="INSTRUCTION" missed="4" covered="4"/></report>"#;

    #[test]
    fn parses_and_diffs() {
        let a = parse_report_xml(XML).unwrap();
        let f = MethodKey { class: "p/A".into(), name: "f".into(), desc: "(I)I".into() };
        assert_eq!(a.methods[&f][&CounterKind::Branch], Counter { missed: 1, covered: 1 });
        assert_eq!(a.method_lines[&f], Some(5));
        assert!(a.methods.contains_key(&MethodKey { class: "p/A".into(), name: "<init>".into(), desc: "()V".into() }));
        assert_eq!(a.classes["p/A"][&CounterKind::Instruction], Counter { missed: 4, covered: 4 });
        assert_eq!(a.total[&CounterKind::Instruction], Counter { missed: 4, covered: 4 });
        assert_eq!(a.lines[&("p".to_string(), "A.java".to_string())][&5].branches.covered, 1);
        assert!(diff(&a, &a, &CounterKind::ALL, true).is_empty());

        let b = parse_report_xml(&XML.replace(r#"missed="1" covered="1""#, r#"missed="2" covered="0""#)).unwrap();
        let d = diff(&a, &b, &[CounterKind::Branch], false);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].to_string(), "p/A.f(I)I BRANCH: expected 1/1, got 2/0");
        assert!(parse_report_xml("<report><counter type=").is_err());
    }
}
