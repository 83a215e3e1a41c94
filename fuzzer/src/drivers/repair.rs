//! Mending generated source javac refuses, so that one call it cannot resolve does not end a
//! whole-library run. Two remedies, tried in this order by [`super::compile_in_jvm`]:
//! 1. a driver whose call of the method under test javac rejects (raw-typed arguments that
//!    match two generic overloads, `defaultedMap(Map, Factory)` against `defaultedMap(Map, V)`)
//!    calls it through a method handle by its exact descriptor ([`call_errors`]);
//! 2. any other method javac still rejects gets a body that only throws ([`neutralize`]): its
//!    runs end as set-up failures (driver defects, counted in `stats.txt`), never as findings;
//!    a method whose signature it rejects (a type of a dependency missing from the class path)
//!    is removed, and its callers are mended in the next round.
//!
//! Errors are located by javac's `path:line: error:` lines; methods by the shapes `java.rs`
//! writes (members at four spaces, a driver's call right after `Expected.call();`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::drivers::plan::Plan;

/// One `path:line: error: message` of javac.
#[derive(Debug, Clone, PartialEq)]
pub struct JavacError {
    pub file: PathBuf,
    /// 1-based.
    pub line: usize,
    pub message: String,
}

/// The errors in javac's output, in order. Notes and the lines quoting source are skipped.
pub fn parse_errors(text: &str) -> Vec<JavacError> {
    text.lines()
        .filter_map(|l| {
            let (head, message) = l.split_once(": error: ")?;
            let (file, line) = head.rsplit_once(':')?;
            if !file.ends_with(".java") {
                return None;
            }
            Some(JavacError { file: file.into(), line: line.parse().ok()?, message: message.trim().to_string() })
        })
        .collect()
}

/// The line marking the end of a driver's set-up: the next line calls the method under test.
const CALL_MARK: &str = "com.jvmfuzz.shim.driver.Expected.call();";

/// The drivers whose call of the method under test is an error line: the line after
/// [`CALL_MARK`] inside `public static void <java_name>(TypedValues v)` of the driver class
/// that file holds. `src` is the source root the plan was rendered to.
pub fn call_errors(plan: &Plan, src: &Path, errors: &[JavacError]) -> BTreeSet<usize> {
    let by_name: BTreeMap<(PathBuf, &str), usize> = plan
        .drivers
        .iter()
        .map(|d| (src.join(format!("{}.java", d.driver_class().replace('.', "/"))), d.java_name.as_str(), d.id))
        .map(|(f, n, id)| ((f, n), id))
        .collect();
    let mut texts: BTreeMap<&Path, Vec<String>> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for e in errors {
        let lines = texts.entry(&e.file).or_insert_with(|| read_lines(&e.file));
        if e.line < 2 || lines.get(e.line - 2).map(|l| l.trim()) != Some(CALL_MARK) {
            continue;
        }
        let Some((start, _)) = enclosing_method(lines, e.line - 1) else { continue };
        let Some(name) = driver_name(&lines[start]) else { continue };
        if let Some(id) = by_name.get(&(e.file.clone(), name)) {
            out.insert(*id);
        }
    }
    out
}

/// The name of a driver method from its header line.
fn driver_name(header: &str) -> Option<&str> {
    let rest = header.trim_start().strip_prefix("public static void ")?;
    let (name, params) = rest.split_once('(')?;
    params.starts_with("TypedValues v)").then_some(name)
}

fn read_lines(p: &Path) -> Vec<String> {
    std::fs::read_to_string(p).map(|t| t.lines().map(str::to_string).collect()).unwrap_or_default()
}

/// The header and closing lines (0-based) of the member method holding line `at`: the nearest
/// line above at four spaces' indent that opens a block, and the next `    }` below it.
fn enclosing_method(lines: &[String], at: usize) -> Option<(usize, usize)> {
    let start = (0..=at.min(lines.len().checked_sub(1)?)).rev().find(|&i| {
        let l = &lines[i];
        l.starts_with("    ") && !l.starts_with("     ") && l.contains('(') && l.trim_end().ends_with('{')
    })?;
    let end = (start + 1..lines.len()).find(|&i| lines[i] == "    }")?;
    (end >= at).then_some((start, end))
}

/// The `case N: {` or `default: {` block (header and closing line, 0-based) holding line `at`
/// inside the method starting at `method`: one way of an instance helper to build a value.
fn enclosing_arm(lines: &[String], at: usize, method: usize) -> Option<(usize, usize)> {
    let start = (method + 1..=at).rev().find(|&i| {
        let t = lines[i].trim();
        t == "default: {"
            || t.strip_prefix("case ").and_then(|r| r.strip_suffix(": {")).is_some_and(|n| n.parse::<u32>().is_ok())
    })?;
    let indent = lines[start].len() - lines[start].trim_start().len();
    let close = format!("{}}}", " ".repeat(indent));
    let end = (start + 1..lines.len()).find(|&i| lines[i] == close)?;
    (end >= at).then_some((start, end))
}

/// Replaces what holds each error with a throw naming javac's message: the one way of an
/// instance helper (a `case` of its switch) when the error is inside one, else the body of the
/// method. Returns each block changed, as `file: header`; an error outside any method (a
/// field) is left for javac to report again.
pub fn neutralize(errors: &[JavacError]) -> std::io::Result<Vec<String>> {
    let mut by_file: BTreeMap<&Path, Vec<&JavacError>> = BTreeMap::new();
    for e in errors {
        by_file.entry(&e.file).or_default().push(e);
    }
    let mut changed = Vec::new();
    for (file, errs) in by_file {
        let mut lines = read_lines(file);
        // header line -> (closing line, message, whether the header itself is refused); a block
        // inside another one is dropped.
        let mut blocks: BTreeMap<usize, (usize, &str, bool)> = BTreeMap::new();
        for e in errs {
            let Some(at) = e.line.checked_sub(1) else { continue };
            let Some((start, end)) = enclosing_method(&lines, at) else { continue };
            let header = at == start;
            let (start, end) =
                if header { (start, end) } else { enclosing_arm(&lines, at, start).unwrap_or((start, end)) };
            blocks.entry(start).and_modify(|b| b.2 |= header).or_insert((end, &e.message, header));
        }
        let outer: Vec<(usize, usize)> = blocks.iter().map(|(s, (e, ..))| (*s, *e)).collect();
        blocks.retain(|&s, (e, ..)| {
            let e = *e;
            !outer.iter().any(|&(os, oe)| (os, oe) != (s, e) && os <= s && e <= oe)
        });
        // Bottom up, so that earlier line numbers stay valid.
        for (start, (end, message, header)) in blocks.into_iter().rev() {
            changed.push(format!("{}:{}: {}", file.display(), start + 1, lines[start].trim()));
            if header {
                // Its signature names a type javac cannot use (a class of a dependency missing
                // from the class path): the method goes, and its callers are mended next round.
                let comment =
                    format!("    // jvmfuzz: removed {}: javac: {}", lines[start].trim(), java_escape(message));
                lines.splice(start..=end, [comment]);
                continue;
            }
            let indent = lines[start].len() - lines[start].trim_start().len() + 4;
            let throw = format!(
                "{}throw new IllegalStateException(\"jvmfuzz: javac refused this generated code: {}\");",
                " ".repeat(indent),
                java_escape(message)
            );
            lines.splice(start + 1..end, [throw]);
        }
        let mut text = lines.join("\n");
        text.push('\n');
        std::fs::write(file, text)?;
    }
    Ok(changed)
}

fn java_escape(s: &str) -> String {
    s.chars()
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            c if c.is_control() => vec![' '],
            c => vec![c],
        })
        .collect()
}

/// The drivers calling through a method handle, as saved beside the compiled classes.
pub fn load_handles(p: &Path) -> BTreeSet<usize> {
    std::fs::read_to_string(p)
        .map(|t| t.split_whitespace().filter_map(|w| w.parse().ok()).collect())
        .unwrap_or_default()
}

pub fn save_handles(p: &Path, ids: &BTreeSet<usize>) -> std::io::Result<()> {
    std::fs::write(p, ids.iter().map(|i| format!("{i}\n")).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    const JAVAC: &str = "\
/s/jvmfuzz/drivers/org/acme/MapsDriver.java:12: error: reference to fill is ambiguous
        org.acme.Maps.fill(map, elements);
                     ^
  both method <K>fill(Map<K,K>,Iterable<K>) in Maps and method <K>fill(MultiMap<K,K>,Iterable<K>) in Maps match
/s/jvmfuzz/drivers/Instances.java:7: error: cannot find symbol
2 errors
";

    #[test]
    fn errors_are_read_from_javac_output() {
        let e = parse_errors(JAVAC);
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].file, PathBuf::from("/s/jvmfuzz/drivers/org/acme/MapsDriver.java"));
        assert_eq!(e[0].line, 12);
        assert_eq!(e[0].message, "reference to fill is ambiguous");
        assert_eq!(e[1].line, 7);
    }

    fn source() -> Vec<String> {
        "class X {\n    private static final int[] INTS = {};\n\n    /** Fuzzes. */\n    public static void fill(TypedValues v) throws Throwable {\n        int x = 1;\n        if (x > 0) {\n            x++;\n        }\n        com.jvmfuzz.shim.driver.Expected.call();\n        org.acme.Maps.fill(x);\n    }\n}\n"
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_method_around_a_line_is_found_by_its_indent() {
        let l = source();
        assert_eq!(enclosing_method(&l, 10), Some((4, 11)));
        assert_eq!(enclosing_method(&l, 7), Some((4, 11)));
        // A field is in no method.
        assert_eq!(enclosing_method(&l, 1), None);
        assert_eq!(driver_name(&l[4]), Some("fill"));
    }

    #[test]
    fn a_method_javac_refuses_only_throws() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-repair-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("X.java");
        std::fs::write(&f, source().join("\n")).unwrap();
        let e = JavacError { file: f.clone(), line: 8, message: "bad \"x\"".into() };
        let changed = neutralize(&[e.clone(), JavacError { line: 11, ..e }]).unwrap();
        assert_eq!(changed.len(), 1, "{changed:?}");
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(text.contains(
            "throw new IllegalStateException(\"jvmfuzz: javac refused this generated code: bad \\\"x\\\"\");"
        ));
        assert!(!text.contains("x++"));
        assert!(text.contains("private static final int[] INTS"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_method_whose_signature_javac_refuses_is_removed() {
        let helper = "class I {\n    /** A Reader. */\n    public static jline.Reader newReader(TypedValues v, int depth) throws Throwable {\n        return null;\n    }\n\n    public static int keep() {\n        return 1;\n    }\n}\n";
        let dir = std::env::temp_dir().join(format!("jvmfuzz-repair-sig-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("I.java");
        std::fs::write(&f, helper).unwrap();
        let e = JavacError { file: f.clone(), line: 3, message: "package jline does not exist".into() };
        assert_eq!(neutralize(&[e.clone(), JavacError { line: 4, ..e }]).unwrap().len(), 1);
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(!text.contains("return null;"), "{text}");
        assert!(text.contains("    // jvmfuzz: removed public static jline.Reader newReader"), "{text}");
        assert!(text.contains("public static int keep()"), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_the_way_of_a_helper_javac_refuses_throws() {
        let helper = "class I {\n    public static M newM(TypedValues v, int depth) throws Throwable {\n        switch (v.choice(2)) {\n            case 0: {\n                return new M();\n            }\n            default: {\n                java.util.Map map = null;\n                return M.of(map, null);\n            }\n        }\n    }\n}\n";
        let dir = std::env::temp_dir().join(format!("jvmfuzz-repair-arm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("I.java");
        std::fs::write(&f, helper).unwrap();
        let changed = neutralize(&[JavacError { file: f.clone(), line: 9, message: "ambiguous".into() }]).unwrap();
        assert_eq!(changed.len(), 1, "{changed:?}");
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(text.contains("return new M();"), "{text}");
        assert!(!text.contains("M.of"), "{text}");
        assert!(text.contains("            default: {\n                throw new IllegalStateException("), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
