//! JaCoCo XML reports as maps: class → method (name + descriptor) → counters, plus per-line
//! data of source files; structural checks against the shape of JaCoCo's `report.dtd`; and a
//! diff of two reports.

use crate::xml::{self, Element};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

pub const COUNTER_TYPES: [&str; 6] = ["INSTRUCTION", "BRANCH", "LINE", "COMPLEXITY", "METHOD", "CLASS"];

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Counter {
    pub missed: u64,
    pub covered: u64,
}

impl Counter {
    pub fn total(&self) -> u64 {
        self.missed + self.covered
    }
}

impl fmt::Display for Counter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.covered, self.total())
    }
}

/// Counter type ("BRANCH", ...) → counter. A type absent from the XML is absent here (JaCoCo
/// omits counters whose total is 0, e.g. BRANCH of a method without branches).
pub type Counters = BTreeMap<String, Counter>;

/// Reads counter `ty`, treating an absent counter as 0/0 (which is what JaCoCo means by it).
pub fn get(c: &Counters, ty: &str) -> Counter {
    c.get(ty).copied().unwrap_or_default()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodCov {
    pub name: String,
    pub desc: String,
    pub line: Option<u32>,
    pub counters: Counters,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassCov {
    /// VM name, e.g. `com/acme/Foo$Bar`.
    pub name: String,
    pub sourcefilename: Option<String>,
    /// `name + desc`, e.g. `foo(I)V` → method.
    pub methods: BTreeMap<String, MethodCov>,
    pub counters: Counters,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineCov {
    pub mi: u64,
    pub ci: u64,
    pub mb: u64,
    pub cb: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFileCov {
    pub lines: BTreeMap<u32, LineCov>,
    pub counters: Counters,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub name: String,
    pub doctype: Option<String>,
    /// VM class name → class.
    pub classes: BTreeMap<String, ClassCov>,
    /// `package/File.java` → source file.
    pub sourcefiles: BTreeMap<String, SourceFileCov>,
    /// VM package name → counters.
    pub packages: BTreeMap<String, Counters>,
    pub counters: Counters,
}

fn num(e: &Element, a: &str) -> Result<u64, String> {
    let v = e.attr(a).ok_or_else(|| format!("<{}> without attribute {a}", e.name))?;
    v.parse().map_err(|_| format!("<{}> {a}=\"{v}\" is not a number", e.name))
}

fn counters_of(e: &Element) -> Result<Counters, String> {
    let mut m = Counters::new();
    for c in e.children_named("counter") {
        let ty = c.attr("type").ok_or("counter without type")?.to_owned();
        if !COUNTER_TYPES.contains(&ty.as_str()) {
            return Err(format!("unknown counter type {ty}"));
        }
        let v = Counter { missed: num(c, "missed")?, covered: num(c, "covered")? };
        if v.total() == 0 {
            return Err(format!("<{}> has a {ty} counter with total 0 (JaCoCo omits those)", e.name));
        }
        if m.insert(ty.clone(), v).is_some() {
            return Err(format!("two {ty} counters in one <{}>", e.name));
        }
    }
    Ok(m)
}

impl Report {
    pub fn from_file(p: &Path) -> Report {
        let s = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
        Report::parse(&s).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }

    pub fn parse(s: &str) -> Result<Report, String> {
        let doc = xml::parse(s).map_err(|e| e.to_string())?;
        Report::from_document(&doc)
    }

    pub fn from_document(doc: &xml::Document) -> Result<Report, String> {
        let root = &doc.root;
        if root.name != "report" {
            return Err(format!("root element is <{}>, not <report>", root.name));
        }
        let mut r = Report {
            name: root.attr("name").unwrap_or_default().to_owned(),
            doctype: doc.doctype.clone(),
            classes: BTreeMap::new(),
            sourcefiles: BTreeMap::new(),
            packages: BTreeMap::new(),
            counters: counters_of(root)?,
        };
        // Groups may nest; packages sit in the root or in groups.
        let mut stack: Vec<&Element> = vec![root];
        while let Some(e) = stack.pop() {
            for g in e.children_named("group") {
                stack.push(g);
            }
            for p in e.children_named("package") {
                let pname = p.attr("name").ok_or("package without name")?;
                r.packages.insert(pname.to_owned(), counters_of(p)?);
                for c in p.children_named("class") {
                    let cname = c.attr("name").ok_or("class without name")?.to_owned();
                    let mut methods = BTreeMap::new();
                    for m in c.children_named("method") {
                        let name = m.attr("name").ok_or("method without name")?.to_owned();
                        let desc = m.attr("desc").ok_or("method without desc")?.to_owned();
                        let line = match m.attr("line") {
                            Some(l) => Some(l.parse().map_err(|_| format!("bad line {l}"))?),
                            None => None,
                        };
                        let key = format!("{name}{desc}");
                        let mc = MethodCov { name, desc, line, counters: counters_of(m)? };
                        if methods.insert(key.clone(), mc).is_some() {
                            return Err(format!("method {cname}.{key} appears twice"));
                        }
                    }
                    let cc = ClassCov {
                        name: cname.clone(),
                        sourcefilename: c.attr("sourcefilename").map(str::to_owned),
                        methods,
                        counters: counters_of(c)?,
                    };
                    if r.classes.insert(cname.clone(), cc).is_some() {
                        return Err(format!("class {cname} appears twice"));
                    }
                }
                for sf in p.children_named("sourcefile") {
                    let sname = sf.attr("name").ok_or("sourcefile without name")?;
                    let mut lines = BTreeMap::new();
                    for l in sf.children_named("line") {
                        let nr = num(l, "nr")? as u32;
                        let opt = |a| if l.attr(a).is_some() { num(l, a) } else { Ok(0) };
                        let lc = LineCov { mi: opt("mi")?, ci: opt("ci")?, mb: opt("mb")?, cb: opt("cb")? };
                        lines.insert(nr, lc);
                    }
                    let key = if pname.is_empty() { sname.to_owned() } else { format!("{pname}/{sname}") };
                    r.sourcefiles.insert(key, SourceFileCov { lines, counters: counters_of(sf)? });
                }
            }
        }
        Ok(r)
    }

    /// Total of counter `ty` over the whole report.
    pub fn total(&self, ty: &str) -> Counter {
        get(&self.counters, ty)
    }

    pub fn method(&self, class: &str, name_desc: &str) -> Option<&MethodCov> {
        self.classes.get(class)?.methods.get(name_desc)
    }

    /// Consistency of the aggregation: for INSTRUCTION, BRANCH, COMPLEXITY and METHOD, each
    /// class's counter is the sum over its methods, each package's the sum over its classes and
    /// the report's the sum over packages (LINE: over source files); every method and every
    /// class with methods has the counters whose total cannot be 0 (INSTRUCTION, COMPLEXITY,
    /// METHOD, and CLASS for classes); a counter with a zero total is not written at all.
    /// Returns problems.
    pub fn consistency_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let additive = ["INSTRUCTION", "BRANCH", "COMPLEXITY", "METHOD"];
        let mut pkg_sums: BTreeMap<String, Counters> = BTreeMap::new();
        for (cn, c) in &self.classes {
            // JaCoCo writes only counters with a non-zero total: a class without methods (a pure
            // interface) has none, code without line numbers has no LINE counter.
            for ty in ["INSTRUCTION", "COMPLEXITY", "METHOD", "CLASS"] {
                if !c.methods.is_empty() && !c.counters.contains_key(ty) {
                    out.push(format!("class {cn}: no {ty} counter"));
                }
            }
            for (mk, m) in &c.methods {
                for ty in ["INSTRUCTION", "COMPLEXITY", "METHOD"] {
                    if !m.counters.contains_key(ty) {
                        out.push(format!("method {cn}.{mk}: no {ty} counter"));
                    }
                }
                let meth = get(&m.counters, "METHOD");
                if meth.total() != 1 {
                    out.push(format!("method {cn}.{mk}: METHOD counter {meth:?} is not 0/1 or 1/1"));
                }
                let b = get(&m.counters, "BRANCH");
                let cx = get(&m.counters, "COMPLEXITY");
                // JaCoCo: complexity = branches - decision points + 1; with b branches,
                // total complexity >= 1 and <= b/2 + 1 ... at least check the trivial bound.
                if cx.total() < 1 {
                    out.push(format!("method {cn}.{mk}: COMPLEXITY total {} < 1", cx.total()));
                }
                if b.total() == 0 && cx.total() != 1 {
                    out.push(format!("method {cn}.{mk}: no branches but COMPLEXITY total {}", cx.total()));
                }
            }
            for ty in additive {
                let mut s = Counter::default();
                for m in c.methods.values() {
                    let x = get(&m.counters, ty);
                    s.missed += x.missed;
                    s.covered += x.covered;
                }
                if s != get(&c.counters, ty) && !(ty == "INSTRUCTION" && inlined_lines_shared(c, s)) {
                    out.push(format!("class {cn}: {ty} {:?} != sum over methods {s:?}", get(&c.counters, ty)));
                }
            }
            let pkg = cn.rsplit_once('/').map(|(p, _)| p).unwrap_or("").to_owned();
            let e = pkg_sums.entry(pkg).or_default();
            for ty in additive.iter().chain(["CLASS"].iter()) {
                let x = get(&c.counters, ty);
                let t = e.entry(ty.to_string()).or_default();
                t.missed += x.missed;
                t.covered += x.covered;
            }
        }
        // LINE is not additive over classes (nested classes share source lines): a package's
        // LINE counter is the sum over its source files, and a source file's is its <line>s.
        for (sf, f) in &self.sourcefiles {
            let (mut lm, mut lc) = (0u64, 0u64);
            for l in f.lines.values() {
                if l.ci > 0 {
                    lc += 1;
                } else if l.mi > 0 {
                    lm += 1;
                }
            }
            let lines = Counter { missed: lm, covered: lc };
            if !f.lines.is_empty() && lines != get(&f.counters, "LINE") {
                out.push(format!("sourcefile {sf}: LINE {:?} but its <line>s say {lines:?}", get(&f.counters, "LINE")));
            }
            let pkg = sf.rsplit_once('/').map(|(p, _)| p).unwrap_or("").to_owned();
            let t = pkg_sums.entry(pkg).or_default().entry("LINE".to_string()).or_default();
            let x = get(&f.counters, "LINE");
            t.missed += x.missed;
            t.covered += x.covered;
        }
        let mut total = Counters::new();
        for (pn, pc) in &self.packages {
            let sums = pkg_sums.remove(pn).unwrap_or_default();
            for ty in additive.iter().chain(["LINE", "CLASS"].iter()) {
                if get(&sums, ty) != get(pc, ty) {
                    out.push(format!("package {pn}: {ty} {:?} != sum over classes {:?}", get(pc, ty), get(&sums, ty)));
                }
                let x = get(pc, ty);
                let t = total.entry(ty.to_string()).or_default();
                t.missed += x.missed;
                t.covered += x.covered;
            }
        }
        for (pn, _) in pkg_sums {
            out.push(format!("classes of package {pn} outside a <package name=\"{pn}\">"));
        }
        for ty in additive.iter().chain(["LINE", "CLASS"].iter()) {
            if get(&total, ty) != get(&self.counters, ty) {
                out.push(format!(
                    "report: {ty} {:?} != sum over packages {:?}",
                    get(&self.counters, ty),
                    get(&total, ty)
                ));
            }
        }
        out
    }
}

/// Checks a parsed document against the content model of JaCoCo's `report.dtd` (element
/// nesting and order, required attributes, counter types). Returns problems (empty = fine).
pub fn dtd_shape_problems(doc: &xml::Document) -> Vec<String> {
    let mut out = Vec::new();
    match &doc.doctype {
        None => out.push("no DOCTYPE".to_owned()),
        Some(d) => {
            if !(d.starts_with("report") && d.contains("-//JACOCO//DTD Report 1.1//EN") && d.contains("report.dtd")) {
                out.push(format!(
                    "DOCTYPE is `{d}`, expected report PUBLIC \"-//JACOCO//DTD Report 1.1//EN\" \"report.dtd\""
                ));
            }
        }
    }
    if doc.root.name != "report" {
        out.push(format!("root is <{}>", doc.root.name));
        return out;
    }
    // Content models as regular sequences of "runs": each element lists, in order, groups of
    // names that may repeat; a child must belong to the current group or a later one.
    fn model(name: &str) -> Option<(&'static [&'static [&'static str]], &'static [&'static str])> {
        Some(match name {
            // (sessioninfo*, (group* | package*), counter*)
            "report" => (&[&["sessioninfo"], &["group", "package"], &["counter"]], &["name"]),
            "sessioninfo" => (&[], &["id", "start", "dump"]),
            "group" => (&[&["group", "package"], &["counter"]], &["name"]),
            "package" => (&[&["class", "sourcefile"], &["counter"]], &["name"]),
            "class" => (&[&["method"], &["counter"]], &["name"]),
            "method" => (&[&["counter"]], &["name", "desc"]),
            "sourcefile" => (&[&["line"], &["counter"]], &["name"]),
            "line" => (&[], &["nr"]),
            "counter" => (&[], &["type", "missed", "covered"]),
            _ => return None,
        })
    }
    fn allowed_attrs(name: &str) -> &'static [&'static str] {
        match name {
            "report" | "group" | "package" | "sourcefile" => &["name"],
            "sessioninfo" => &["id", "start", "dump"],
            "class" => &["name", "sourcefilename"],
            "method" => &["name", "desc", "line"],
            "line" => &["nr", "mi", "ci", "mb", "cb"],
            "counter" => &["type", "missed", "covered"],
            _ => &[],
        }
    }
    fn walk(e: &Element, path: &str, out: &mut Vec<String>) {
        let here = format!("{path}/{}", e.name);
        let Some((groups, required)) = model(&e.name) else {
            out.push(format!("{here}: element not in report.dtd"));
            return;
        };
        for a in required {
            if e.attr(a).is_none() {
                out.push(format!("{here}: missing required attribute {a}"));
            }
        }
        for (a, _) in &e.attrs {
            if !allowed_attrs(&e.name).contains(&a.as_str()) {
                out.push(format!("{here}: attribute {a} not in report.dtd"));
            }
        }
        if !e.text.trim().is_empty() {
            out.push(format!("{here}: character data not allowed"));
        }
        if e.name == "counter" {
            let ty = e.attr("type").unwrap_or("");
            if !COUNTER_TYPES.contains(&ty) {
                out.push(format!("{here}: counter type {ty}"));
            }
        }
        // (group* | package*): one or the other, not both.
        if e.name == "report" || e.name == "group" {
            let g = e.children_named("group").count();
            let p = e.children_named("package").count();
            if g > 0 && p > 0 {
                out.push(format!("{here}: has both <group> and <package> children"));
            }
        }
        let mut gi = 0usize;
        for c in &e.children {
            match groups.iter().skip(gi).position(|g| g.contains(&c.name.as_str())) {
                Some(k) => gi += k,
                None => out.push(format!("{here}: <{}> not allowed here (by order or at all)", c.name)),
            }
            walk(c, &here, out);
        }
    }
    walk(&doc.root, "", &mut out);
    out
}

/// JaCoCo 0.8.14 credits code that Kotlin classes inlined from a class to that class's lines
/// ("fragments"): each such line becomes one instruction, in the class as a whole and in each of
/// its methods separately. Where two methods share such a line the class then counts one
/// instruction less than its methods do, so a Kotlin class's INSTRUCTION counter may fall
/// short of the sum over its methods (never exceed it).
fn inlined_lines_shared(c: &ClassCov, methods_sum: Counter) -> bool {
    let class = get(&c.counters, "INSTRUCTION");
    c.sourcefilename.as_deref().is_some_and(|f| f.ends_with(".kt"))
        && class.missed <= methods_sum.missed
        && class.covered <= methods_sum.covered
}

/// One difference between two reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Diff {
    ClassOnlyIn { side: &'static str, class: String },
    MethodOnlyIn { side: &'static str, class: String, method: String },
    Counter { class: String, method: String, ty: String, left: Counter, right: Counter },
}

impl fmt::Display for Diff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Diff::ClassOnlyIn { side, class } => write!(f, "class {class}: only in {side}"),
            Diff::MethodOnlyIn { side, class, method } => write!(f, "method {class}.{method}: only in {side}"),
            Diff::Counter { class, method, ty, left, right } => write!(
                f,
                "{class}.{method} {ty}: missed/covered {}/{} vs {}/{}",
                left.missed, left.covered, right.missed, right.covered
            ),
        }
    }
}

/// Method-by-method differences of the counters `types` between `left` and `right`
/// (`names` = labels of the two sides for messages). An absent counter equals 0/0.
pub fn diff(left: &Report, right: &Report, types: &[&str], names: (&'static str, &'static str)) -> Vec<Diff> {
    let mut out = Vec::new();
    for (cn, lc) in &left.classes {
        let Some(rc) = right.classes.get(cn) else {
            out.push(Diff::ClassOnlyIn { side: names.0, class: cn.clone() });
            continue;
        };
        for (mk, lm) in &lc.methods {
            let Some(rm) = rc.methods.get(mk) else {
                out.push(Diff::MethodOnlyIn { side: names.0, class: cn.clone(), method: mk.clone() });
                continue;
            };
            for ty in types {
                let (a, b) = (get(&lm.counters, ty), get(&rm.counters, ty));
                if a != b {
                    out.push(Diff::Counter {
                        class: cn.clone(),
                        method: mk.clone(),
                        ty: ty.to_string(),
                        left: a,
                        right: b,
                    });
                }
            }
        }
        for mk in rc.methods.keys() {
            if !lc.methods.contains_key(mk) {
                out.push(Diff::MethodOnlyIn { side: names.1, class: cn.clone(), method: mk.clone() });
            }
        }
    }
    for cn in right.classes.keys() {
        if !left.classes.contains_key(cn) {
            out.push(Diff::ClassOnlyIn { side: names.1, class: cn.clone() });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd"><report name="t"><sessioninfo id="s" start="1" dump="2"/><package name="p"><class name="p/A" sourcefilename="A.java"><method name="f" desc="(I)I" line="3"><counter type="INSTRUCTION" missed="2" covered="5"/><counter type="BRANCH" missed="1" covered="1"/><counter type="LINE" missed="1" covered="2"/><counter type="COMPLEXITY" missed="1" covered="1"/><counter type="METHOD" missed="0" covered="1"/></method><counter type="INSTRUCTION" missed="2" covered="5"/><counter type="BRANCH" missed="1" covered="1"/><counter type="LINE" missed="1" covered="2"/><counter type="COMPLEXITY" missed="1" covered="1"/><counter type="METHOD" missed="0" covered="1"/><counter type="CLASS" missed="0" covered="1"/></class><sourcefile name="A.java"><line nr="3" mi="0" ci="3" mb="1" cb="1"/><line nr="4" mi="0" ci="2" mb="0" cb="0"/><line nr="5" mi="2" ci="0" mb="0" cb="0"/><counter type="LINE" missed="1" covered="2"/></sourcefile><counter type="INSTRUCTION" missed="2" covered="5"/><counter type="BRANCH" missed="1" covered="1"/><counter type="LINE" missed="1" covered="2"/><counter type="COMPLEXITY" missed="1" covered="1"/><counter type="METHOD" missed="0" covered="1"/><counter type="CLASS" missed="0" covered="1"/></package><counter type="INSTRUCTION" missed="2" covered="5"/><counter type="BRANCH" missed="1" covered="1"/><counter type="LINE" missed="1" covered="2"/><counter type="COMPLEXITY" missed="1" covered="1"/><counter type="METHOD" missed="0" covered="1"/><counter type="CLASS" missed="0" covered="1"/></report>"#;

    #[test]
    fn reads_and_checks_a_report() {
        let r = Report::parse(R).unwrap();
        let m = r.method("p/A", "f(I)I").unwrap();
        assert_eq!(get(&m.counters, "BRANCH"), Counter { missed: 1, covered: 1 });
        assert_eq!(r.sourcefiles["p/A.java"].lines[&3], LineCov { mi: 0, ci: 3, mb: 1, cb: 1 });
        assert!(r.consistency_problems().is_empty(), "{:?}", r.consistency_problems());
        let doc = xml::parse(R).unwrap();
        assert!(dtd_shape_problems(&doc).is_empty(), "{:?}", dtd_shape_problems(&doc));
        assert!(diff(&r, &r, &COUNTER_TYPES, ("a", "b")).is_empty());
    }

    #[test]
    fn finds_differences_and_shape_errors() {
        let r = Report::parse(R).unwrap();
        let r2 = Report::parse(&R.replacen(
            r#"type="BRANCH" missed="1" covered="1"/>"#,
            r#"type="BRANCH" missed="0" covered="2"/>"#,
            1,
        ))
        .unwrap();
        let d = diff(&r, &r2, &["BRANCH"], ("a", "b"));
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(!r2.consistency_problems().is_empty());
        let bad = R
            .replace("<sessioninfo id=\"s\" start=\"1\" dump=\"2\"/>", "")
            .replace("</package>", "</package><sessioninfo id=\"s\" start=\"1\" dump=\"2\"/>");
        assert!(!dtd_shape_problems(&xml::parse(&bad).unwrap()).is_empty());
        let nodoctype = R.replace(r#"<!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd">"#, "");
        assert!(!dtd_shape_problems(&xml::parse(&nodoctype).unwrap()).is_empty());
    }
}
