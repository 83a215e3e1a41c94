//! A tiny, strict XML reader: enough for JaCoCo reports (elements, attributes, text, comments,
//! processing instructions, CDATA, a DOCTYPE with or without an internal subset, the five
//! predefined entities and numeric character references). No namespaces, no external entities.
//! Malformed input (mismatched tags, bad attributes, trailing garbage) is an error.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Element>,
    /// Concatenated character data directly inside this element (entities decoded).
    pub text: String,
}

impl Element {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
    /// Children with the given name.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// The XML declaration's content, e.g. `version="1.0" encoding="UTF-8" standalone="yes"`.
    pub declaration: Option<String>,
    /// The DOCTYPE declaration's content after `<!DOCTYPE`, trimmed.
    pub doctype: Option<String>,
    pub root: Element,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    pub offset: usize,
    pub line: usize,
    pub msg: String,
}

impl fmt::Display for XmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "XML error at line {} (byte {}): {}", self.line, self.offset, self.msg)
    }
}

impl std::error::Error for XmlError {}

struct P<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> P<'a> {
    fn err<T>(&self, msg: impl Into<String>) -> Result<T, XmlError> {
        let line = self.s[..self.i.min(self.s.len())].matches('\n').count() + 1;
        Err(XmlError { offset: self.i, line, msg: msg.into() })
    }
    fn rest(&self) -> &'a str {
        &self.s[self.i..]
    }
    fn starts(&self, p: &str) -> bool {
        self.rest().starts_with(p)
    }
    fn eat(&mut self, p: &str) -> bool {
        if self.starts(p) {
            self.i += p.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: &str) -> Result<(), XmlError> {
        if self.eat(p) {
            Ok(())
        } else {
            self.err(format!("expected `{p}`"))
        }
    }
    fn ws(&mut self) {
        while let Some(c) = self.rest().chars().next() {
            if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
                self.i += 1;
            } else {
                break;
            }
        }
    }
    /// Skips up to and including `end`, returning what was before it.
    fn until(&mut self, end: &str) -> Result<&'a str, XmlError> {
        match self.rest().find(end) {
            Some(k) => {
                let r = &self.rest()[..k];
                self.i += k + end.len();
                Ok(r)
            }
            None => self.err(format!("unterminated construct (no `{end}`)")),
        }
    }
    fn name(&mut self) -> Result<String, XmlError> {
        let start = self.i;
        for (k, c) in self.rest().char_indices() {
            let ok = c.is_alphanumeric() || matches!(c, '_' | ':' | '-' | '.') || (c as u32) > 0x7f;
            let first_ok = c.is_alphabetic() || c == '_' || c == ':' || (c as u32) > 0x7f;
            if (k == 0 && !first_ok) || !ok {
                self.i = start + k;
                break;
            }
            self.i = start + k + c.len_utf8();
        }
        if self.i == start {
            return self.err("expected a name");
        }
        Ok(self.s[start..self.i].to_owned())
    }
    fn decode(&self, raw: &str, at: usize) -> Result<String, XmlError> {
        let mut out = String::with_capacity(raw.len());
        let mut rest = raw;
        while let Some(k) = rest.find('&') {
            out.push_str(&rest[..k]);
            let after = &rest[k + 1..];
            let Some(semi) = after.find(';') else {
                return Err(XmlError { offset: at, line: 0, msg: "unterminated entity".into() });
            };
            let ent = &after[..semi];
            let ch = match ent {
                "lt" => '<',
                "gt" => '>',
                "amp" => '&',
                "quot" => '"',
                "apos" => '\'',
                _ if ent.starts_with("#x") => u32::from_str_radix(&ent[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| XmlError { offset: at, line: 0, msg: format!("bad reference &{ent};") })?,
                _ if ent.starts_with('#') => ent[1..]
                    .parse::<u32>()
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| XmlError { offset: at, line: 0, msg: format!("bad reference &{ent};") })?,
                _ => return Err(XmlError { offset: at, line: 0, msg: format!("unknown entity &{ent};") }),
            };
            out.push(ch);
            rest = &after[semi + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }
    /// Skips comments, PIs and whitespace between markup (prolog / epilog).
    fn misc(&mut self) -> Result<(), XmlError> {
        loop {
            self.ws();
            if self.eat("<!--") {
                self.until("-->")?;
            } else if self.starts("<?") {
                self.i += 2;
                self.until("?>")?;
            } else {
                return Ok(());
            }
        }
    }
    fn doctype(&mut self) -> Result<String, XmlError> {
        // after "<!DOCTYPE"
        let start = self.i;
        let mut depth = 0i32;
        let mut quote: Option<char> = None;
        for (k, c) in self.rest().char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"') | (None, '\'') => quote = Some(c),
                (None, '[') => depth += 1,
                (None, ']') => depth -= 1,
                (None, '>') if depth == 0 => {
                    let content = self.s[start..start + k].trim().to_owned();
                    self.i = start + k + 1;
                    return Ok(content);
                }
                _ => {}
            }
        }
        self.err("unterminated DOCTYPE")
    }
    fn element(&mut self, depth: usize) -> Result<Element, XmlError> {
        if depth > 256 {
            return self.err("elements nested too deeply");
        }
        self.expect("<")?;
        let name = self.name()?;
        let mut attrs: Vec<(String, String)> = Vec::new();
        loop {
            let before = self.i;
            self.ws();
            if self.eat("/>") {
                return Ok(Element { name, attrs, children: Vec::new(), text: String::new() });
            }
            if self.eat(">") {
                break;
            }
            if self.i == before {
                return self.err(format!("expected whitespace, `>` or `/>` in <{name}>"));
            }
            let an = self.name()?;
            self.ws();
            self.expect("=")?;
            self.ws();
            let q = if self.eat("\"") {
                "\""
            } else if self.eat("'") {
                "'"
            } else {
                return self.err("expected a quoted attribute value");
            };
            let at = self.i;
            let raw = self.until(q)?;
            if raw.contains('<') {
                return self.err(format!("`<` in the value of attribute {an}"));
            }
            let v = self.decode(raw, at)?;
            if attrs.iter().any(|(k, _)| *k == an) {
                return self.err(format!("duplicate attribute {an} in <{name}>"));
            }
            attrs.push((an, v));
        }
        let mut children = Vec::new();
        let mut text = String::new();
        loop {
            if self.eat("</") {
                let end = self.name()?;
                if end != name {
                    return self.err(format!("</{end}> closes <{name}>"));
                }
                self.ws();
                self.expect(">")?;
                return Ok(Element { name, attrs, children, text });
            } else if self.eat("<!--") {
                self.until("-->")?;
            } else if self.eat("<![CDATA[") {
                text.push_str(self.until("]]>")?);
            } else if self.starts("<?") {
                self.i += 2;
                self.until("?>")?;
            } else if self.starts("<") {
                children.push(self.element(depth + 1)?);
            } else if self.i >= self.s.len() {
                return self.err(format!("end of input inside <{name}>"));
            } else {
                let at = self.i;
                let k = self.rest().find('<').unwrap_or(self.rest().len());
                let raw = &self.rest()[..k];
                self.i += k;
                text.push_str(&self.decode(raw, at)?);
            }
        }
    }
}

/// Parses a whole document.
pub fn parse(s: &str) -> Result<Document, XmlError> {
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    let mut p = P { s, i: 0 };
    let mut declaration = None;
    if p.eat("<?xml") {
        declaration = Some(p.until("?>")?.trim().to_owned());
    }
    p.misc()?;
    let mut doctype = None;
    if p.eat("<!DOCTYPE") {
        doctype = Some(p.doctype()?);
        p.misc()?;
    }
    if !p.starts("<") {
        return p.err("expected the root element");
    }
    let root = p.element(0)?;
    p.misc()?;
    if p.i != s.len() {
        return p.err("content after the root element");
    }
    Ok(Document { declaration, doctype, root })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_jacoco_shape() {
        let d = parse(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd"><report name="x"><sessioninfo id="a" start="1" dump="2"/><package name="p"><class name="p/A" sourcefilename="A.java"><method name="&lt;init&gt;" desc="()V" line="3"><counter type="INSTRUCTION" missed="0" covered="3"/></method></class></package><!-- c --></report>"#,
        )
        .unwrap();
        assert_eq!(d.root.name, "report");
        assert!(d.doctype.unwrap().starts_with("report PUBLIC"));
        let m = &d.root.children[1].children[0].children[0];
        assert_eq!(m.attr("name"), Some("<init>"));
        assert_eq!(m.children[0].attr("covered"), Some("3"));
    }

    #[test]
    fn rejects_malformed() {
        assert!(parse("<a><b></a>").is_err());
        assert!(parse("<a x=1/>").is_err());
        assert!(parse("<a/><b/>").is_err());
        assert!(parse("<a x='1' x='2'/>").is_err());
        assert!(parse("<a>&bogus;</a>").is_err());
        assert!(parse("<a>").is_err());
        assert!(parse("").is_err());
    }

    #[test]
    fn doctype_with_internal_subset_and_text() {
        let d = parse("<!DOCTYPE a [<!ELEMENT a (#PCDATA)>]>\n<a>x &amp; y<![CDATA[<z>]]>&#65;&#x42;</a>\n").unwrap();
        assert_eq!(d.root.text, "x & y<z>AB");
    }
}
