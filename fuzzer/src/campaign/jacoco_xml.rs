//! Per-class counters from a JaCoCo XML report (`jacoco.xml`, as `fuzz coverage` and
//! `--coverage-report` write it, or as JaCoCo itself does). The report page needs only each
//! class's own counters, so this is a scan over tags, not an XML parser: `<class>` opens a
//! class, `<method>` a method whose counters are skipped, and a `<counter>` directly inside a
//! class is that class's. The file comes from disk (possibly another tool's), so every
//! malformed tag is an error, never a panic.

use std::path::Path;

use super::CampaignError;

/// One counter: missed and covered items.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counter {
    pub missed: u64,
    pub covered: u64,
}

impl Counter {
    pub fn total(&self) -> u64 {
        self.missed + self.covered
    }
}

/// One class's counters (JaCoCo's `INSTRUCTION`, `BRANCH`, `LINE`, `METHOD`; absent ones are
/// zero, as JaCoCo leaves out a counter with nothing to count).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassCoverage {
    /// The binary name with dots (`com.acme.Parser$Inner`).
    pub name: String,
    pub instructions: Counter,
    pub branches: Counter,
    pub lines: Counter,
    pub methods: Counter,
}

/// Reads `path`'s classes in the file's order.
pub fn read(path: &Path) -> Result<Vec<ClassCoverage>, CampaignError> {
    let text = std::fs::read_to_string(path).map_err(|e| CampaignError::io(path, e))?;
    parse(&text).map_err(|msg| CampaignError::Usage(format!("{}: not a JaCoCo XML report: {msg}", path.display())))
}

/// The classes of a JaCoCo XML document.
pub fn parse(xml: &str) -> Result<Vec<ClassCoverage>, String> {
    let mut classes = Vec::new();
    let mut current: Option<ClassCoverage> = None;
    let mut in_method = false;
    let mut saw_report = false;
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        let after = &rest[start + 1..];
        let end = after.find('>').ok_or_else(|| format!("unclosed tag at byte {}", xml.len() - after.len()))?;
        let tag = &after[..end];
        rest = &after[end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        let closing = tag.starts_with('/');
        let body = tag.trim_start_matches('/').trim_end_matches('/');
        let name = body.split_whitespace().next().unwrap_or("");
        let self_closed = tag.ends_with('/');
        match (name, closing) {
            ("report", false) => saw_report = true,
            ("class", false) => {
                if current.is_some() {
                    return Err("a class inside a class".into());
                }
                let c = ClassCoverage { name: attr(body, "name")?.replace('/', "."), ..ClassCoverage::default() };
                if self_closed {
                    classes.push(c);
                } else {
                    current = Some(c);
                }
            }
            ("class", true) => {
                classes.push(current.take().ok_or("</class> without <class>")?);
                in_method = false;
            }
            ("method", false) => in_method = !self_closed,
            ("method", true) => in_method = false,
            ("counter", false) => {
                if let (Some(c), false) = (current.as_mut(), in_method) {
                    let counter = Counter { missed: number(body, "missed")?, covered: number(body, "covered")? };
                    match attr(body, "type")?.as_str() {
                        "INSTRUCTION" => c.instructions = counter,
                        "BRANCH" => c.branches = counter,
                        "LINE" => c.lines = counter,
                        "METHOD" => c.methods = counter,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    if !saw_report {
        return Err("no <report> element".into());
    }
    if current.is_some() {
        return Err("the last <class> is not closed".into());
    }
    Ok(classes)
}

/// The value of `name="..."` in a tag's body, unescaped.
fn attr(body: &str, name: &str) -> Result<String, String> {
    let key = format!(" {name}=\"");
    let i = body.find(&key).ok_or_else(|| format!("<{}> without {name}", body.split(' ').next().unwrap_or("")))?;
    let v = &body[i + key.len()..];
    let end = v.find('"').ok_or_else(|| format!("unterminated {name}"))?;
    Ok(unescape(&v[..end]))
}

fn number(body: &str, name: &str) -> Result<u64, String> {
    let v = attr(body, name)?;
    v.parse().map_err(|_| format!("{name}=\"{v}\" is not a count"))
}

fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    const XML: &str = concat!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
        r#"<!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd">"#,
        r#"<report name="jvmfuzz"><sessioninfo id="s" start="1" dump="2"/>"#,
        r#"<package name="fuzz"><class name="fuzz/MagicInt" sourcefilename="MagicInt.java">"#,
        r#"<method name="&lt;init&gt;" desc="()V" line="6"><counter type="INSTRUCTION" missed="3" covered="0"/></method>"#,
        r#"<method name="fuzzerTestOneInput" desc="([B)V" line="8"><counter type="INSTRUCTION" missed="2" covered="9"/>"#,
        r#"<counter type="BRANCH" missed="1" covered="3"/></method>"#,
        r#"<counter type="INSTRUCTION" missed="5" covered="9"/><counter type="BRANCH" missed="1" covered="3"/>"#,
        r#"<counter type="LINE" missed="1" covered="3"/><counter type="METHOD" missed="1" covered="1"/>"#,
        r#"<counter type="CLASS" missed="0" covered="1"/></class>"#,
        r#"<class name="fuzz/Empty$1"/>"#,
        r#"<sourcefile name="MagicInt.java"><line nr="6" mi="3" ci="0" mb="0" cb="0"/>"#,
        r#"<counter type="INSTRUCTION" missed="5" covered="9"/></sourcefile>"#,
        r#"<counter type="INSTRUCTION" missed="5" covered="9"/></package>"#,
        r#"<counter type="INSTRUCTION" missed="5" covered="9"/></report>"#
    );

    #[test]
    fn class_counters_are_read_and_method_and_package_counters_skipped() {
        let classes = parse(XML).unwrap();
        assert_eq!(classes.len(), 2);
        let c = &classes[0];
        assert_eq!(c.name, "fuzz.MagicInt");
        assert_eq!(c.instructions, Counter { missed: 5, covered: 9 });
        assert_eq!(c.branches, Counter { missed: 1, covered: 3 });
        assert_eq!(c.lines.total(), 4);
        assert_eq!(c.methods, Counter { missed: 1, covered: 1 });
        assert_eq!(classes[1].name, "fuzz.Empty$1");
        assert_eq!(classes[1].instructions.total(), 0);
    }

    #[test]
    fn malformed_documents_are_errors() {
        assert!(parse("<html><body>hi</body></html>").unwrap_err().contains("no <report>"));
        assert!(parse(r#"<report name="r"><class name="a/B">"#).unwrap_err().contains("not closed"));
        assert!(parse(
            r#"<report name="r"><class name="a/B"><counter type="LINE" missed="x" covered="1"/></class></report>"#
        )
        .unwrap_err()
        .contains("not a count"));
        assert!(parse(r#"<report name="r"><class name="a"#).unwrap_err().contains("unclosed tag"));
    }
}
