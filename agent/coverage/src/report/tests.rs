//! Writer tests over a small hand-built coverage model.
use std::path::PathBuf;

use super::*;
#[path = "sample.rs"]
mod sample;
use sample::{c, sample};

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("jvmfuzz-report-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn lcov_records() {
    let classes = sample();
    let b = crate::bundle("demo", &classes);
    let l = lcov::render(&b, &[]);
    let want = "TN:demo\nSF:p/A.java\nFN:3,p.A.<init>()V\nFN:5,p.A.f(I)I\nFNDA:1,p.A.<init>()V\nFNDA:1,p.A.f(I)I\n\
FNF:2\nFNH:2\nBRDA:5,0,0,1\nBRDA:5,0,1,0\nBRF:2\nBRH:1\nDA:3,1\nDA:5,1\nDA:6,0\nLF:3\nLH:2\nend_of_record\n";
    assert_eq!(l, want);
}

#[test]
fn writes_all_formats_with_source_view() {
    let dir = temp_dir("all");
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("p")).unwrap();
    std::fs::write(
        src.join("p/A.java"),
        "package p;\n\nclass A {\n\n  int f(int x) { return x > 0 ? 1 : 2; }\n  int g() { return 0; }\n}\n",
    )
    .unwrap();
    let cfg = ReportConfig {
        dir: dir.join("out"),
        formats: Formats::default(),
        sources: vec![src.clone()],
        name: "demo <run>".into(),
        sessions: vec![],
    };
    let summary = write_reports(&cfg, &sample()).unwrap();
    assert_eq!(summary.total.branch, c(1, 1));
    let out = dir.join("out");
    let xml = std::fs::read_to_string(out.join("jacoco.xml")).unwrap();
    assert!(xml.contains(r#"<report name="demo &lt;run&gt;">"#));
    let lcov = std::fs::read_to_string(out.join("lcov.info")).unwrap();
    assert!(lcov.contains(&format!("SF:{}", src.join("p/A.java").display())), "{lcov}");
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains("href=\"p/index.html\""));
    let package = std::fs::read_to_string(out.join("p/index.html")).unwrap();
    assert!(package.contains("<a href=\"#c-A\">A</a>"), "class row links to its section: {package}");
    assert!(package.contains("<h2 id=\"c-A\">p.A</h2>"), "{package}");
    assert!(package.contains("href=\"A.java.html#L5\">f(I)I</a>"), "method links into the source: {package}");
    assert!(package.contains("<a href=\"A.java.html\">A.java</a>"), "{package}");
    assert!(!package.contains("id=\"s-A.java\""), "no line listing when there is a source page");
    let source = std::fs::read_to_string(out.join("p/A.java.html")).unwrap();
    assert!(source.contains("<span class=\"l pc\" id=\"L5\">"), "{source}");
    assert!(source.contains("1 of 2 branches missed."));
    assert!(source.contains("<span class=\"l nc\" id=\"L6\">"));
    assert!(!source.contains("<link") && !source.contains("<script src"), "self-contained");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn summary_table() {
    let classes = sample();
    let b = crate::bundle("demo", &classes);
    let t = Summary::of(&b).table();
    let lines: Vec<&str> = t.lines().collect();
    assert!(lines[0].starts_with("Package"));
    assert!(lines[2].starts_with("p "), "{t}");
    assert!(lines.last().unwrap().starts_with("Total"));
    assert!(t.contains("50.0% 1/2"), "{t}");
}

#[test]
fn write_error_is_reported() {
    let dir = temp_dir("err");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    let cfg = ReportConfig {
        dir: file.join("sub"),
        formats: Formats::default(),
        sources: vec![],
        name: "x".into(),
        sessions: vec![],
    };
    assert!(matches!(write_reports(&cfg, &sample()), Err(ReportError::Io { .. })));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without the source text there is no source page (and no link to one): the package page lists
/// the counted lines instead, and the report is one file per package.
#[test]
fn without_sources_lines_are_listed_in_the_package_page() {
    let dir = temp_dir("nosrc");
    let cfg = ReportConfig {
        dir: dir.clone(),
        formats: Formats { xml: false, html: true, lcov: false },
        sources: vec![],
        name: "n".into(),
        sessions: vec![],
    };
    write_reports(&cfg, &sample()).unwrap();
    let mut files: Vec<String> =
        walk(&dir).iter().map(|p| p.strip_prefix(&dir).unwrap().display().to_string()).collect();
    files.sort();
    assert_eq!(files, ["index.html", "p/index.html"]);
    let package = std::fs::read_to_string(dir.join("p/index.html")).unwrap();
    assert!(package.contains("<a href=\"#s-A.java\">A.java</a>"), "{package}");
    assert!(package.contains("<h2 id=\"s-A.java\">A.java</h2>"), "{package}");
    // Line 3 covered, 5 partly (with branches: alone, with its tooltip), 6 missed.
    assert!(package.contains("<span class=\"fc\">3</span> <span class=\"pc\" title=\"1 of 2 branches missed.\">5&#9670;</span> <span class=\"nc\">6</span>"), "{package}");
    assert!(
        package.contains(">f(I)I<") && !package.contains(".html#L"),
        "methods do not link to a missing page: {package}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every page html::render makes lands on disk with exactly its bytes, and nothing else does.
#[test]
fn every_html_page_is_written_once_with_its_bytes() {
    let base = sample().pop().unwrap();
    let mut classes = Vec::new();
    for p in 0..7 {
        for k in 0..23 {
            let mut c = base.clone();
            c.name = format!("pkg{p}/C{k}");
            c.source_file = Some(format!("C{k}.java"));
            classes.push(c);
        }
    }
    let root = temp_dir("pages");
    // Half of the classes have their source: a package index plus source pages.
    let src = root.join("src");
    for p in 0..7 {
        std::fs::create_dir_all(src.join(format!("pkg{p}"))).unwrap();
        for k in (0..23).step_by(2) {
            std::fs::write(src.join(format!("pkg{p}/C{k}.java")), format!("class C{k} {{}}\n")).unwrap();
        }
    }
    let out = root.join("out");
    let cfg = ReportConfig {
        dir: out.clone(),
        formats: Formats::default(),
        sources: vec![src.clone()],
        name: "many".into(),
        sessions: vec![],
    };
    write_reports(&cfg, &classes).unwrap();
    let b = crate::bundle("many", &classes);
    let pages = html::render(&b, std::slice::from_ref(&src));
    assert_eq!(pages.len(), 1 + 7 * (1 + 12), "an index, and per package an index and 12 source pages");
    let dir = out;
    for (rel, page) in &pages {
        let got = std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display()));
        assert_eq!(&got, page, "{}", rel.display());
    }
    let on_disk = walk(&dir).into_iter().filter(|p| p.extension().is_some_and(|e| e == "html")).count();
    assert_eq!(on_disk, pages.len(), "no stray or missing pages");
    let _ = std::fs::remove_dir_all(&root);
}

fn walk(d: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(d).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
