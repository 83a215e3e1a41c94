//! Browsable HTML: `index.html` (packages) -> `<package>/index.html` (the package's classes and
//! source files, then a section per class with its methods) -> `<package>/<File>.html` (the
//! source, lines coloured green/yellow/red for covered/partly covered/missed, with a diamond on
//! lines with branches whose tooltip says how many were missed). Every page carries its own CSS:
//! no external assets, so the directory can be opened from anywhere.
//!
//! Why one page per package rather than per class (JaCoCo's layout): the agent writes the report
//! at VM death, on the profiled program's clock, and creating files is what that costs most. A
//! mid-sized library has a thousand classes; on ext4 just after `mvn clean` (inodes recently
//! freed) creating that many files took 0.3-1.3 s, most of the exit (see benchmarks/README.md).
//! Source pages are written only when the source text is found: without it a line listing is
//! a short section of the package page instead.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::find_source;
use super::text::{escape, escaped, num};
use crate::{BundleCoverage, ClassCoverage, Counter, Counters, LineCounts, PackageCoverage, SourceFileCoverage};

const CSS: &str = "body{font-family:sans-serif;font-size:13px;margin:16px}\
table.cov{border-collapse:collapse;margin-top:8px}\
table.cov th,table.cov td{padding:2px 10px;border-bottom:1px solid #ddd;text-align:right}\
table.cov th:first-child,table.cov td:first-child{text-align:left}\
table.cov tfoot td{font-weight:bold;border-top:2px solid #888}\
.bar{display:inline-block;height:10px;width:120px;background:#d33;vertical-align:middle}\
.bar span{display:block;height:10px;background:#3a3}\
.bar.none{background:#ccc}\
pre.src{font-family:monospace;line-height:1.35;border:1px solid #ccc;padding:4px}\
pre.src span.l{display:block;white-space:pre}\
.fc{background:#ccf5cc}.pc{background:#fff3b3}.nc{background:#ffcccc}\
.nr{color:#888;display:inline-block;width:4em;text-align:right;margin-right:1em}\
.br{display:inline-block;width:1.2em}.bfc{color:#3a3}.bpc{color:#c90}.bnc{color:#d33}\
p.lines{font-family:monospace;line-height:1.6}p.lines span{padding:0 3px}\
a{color:#0645ad;text-decoration:none}a:hover{text-decoration:underline}";

/// File-name safe version of a name (package, class or source file).
fn safe(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || "._$-".contains(c) { c } else { '_' }).collect()
}

fn package_dir(p: &str) -> String {
    if p.is_empty() {
        "default".to_string()
    } else {
        safe(&p.replace('/', "."))
    }
}

fn package_title(p: &str) -> String {
    if p.is_empty() {
        "(default)".to_string()
    } else {
        p.replace('/', ".")
    }
}

fn page(title: &str, crumbs: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{t}</title><style>{CSS}</style></head>\
         <body><div>{crumbs}</div><h1>{t}</h1>{body}</body></html>\n",
        t = escape(title)
    )
}

fn bar(o: &mut String, c: Counter) {
    if c.total() == 0 {
        o.push_str("<span class=\"bar none\"></span>");
        return;
    }
    o.push_str("<span class=\"bar\" title=\"");
    num(o, c.missed);
    o.push_str(" of ");
    num(o, c.total());
    o.push_str(" missed\"><span style=\"width:");
    num(o, 120 * c.covered / c.total());
    o.push_str("px\"></span></span>");
}

fn pct(o: &mut String, c: Counter) {
    if c.total() == 0 {
        o.push_str("n/a");
    } else {
        num(o, 100 * c.covered / c.total());
        o.push('%');
    }
}

const HEAD: &str = "<th>Element</th><th>Missed Instructions</th><th>Cov.</th><th>Missed Branches</th><th>Cov.</th>\
<th>Missed</th><th>Cxty</th><th>Missed</th><th>Lines</th><th>Missed</th><th>Methods</th><th>Missed</th><th>Classes</th>";

/// The cells of a table row (without `<tr>`).
fn row(o: &mut String, name_html: &str, c: &Counters) {
    o.push_str("<td>");
    o.push_str(name_html);
    o.push_str("</td><td>");
    bar(o, c.instruction);
    o.push_str("</td><td>");
    pct(o, c.instruction);
    o.push_str("</td><td>");
    bar(o, c.branch);
    o.push_str("</td><td>");
    pct(o, c.branch);
    for v in [
        c.complexity.missed,
        c.complexity.total(),
        c.line.missed,
        c.line.total(),
        c.method.missed,
        c.method.total(),
        c.class.missed,
        c.class.total(),
    ] {
        o.push_str("</td><td>");
        num(o, v);
    }
    o.push_str("</td>");
}

fn table(o: &mut String, rows: &[(String, Counters)], total: &Counters) {
    o.push_str("<table class=\"cov\"><thead><tr>");
    o.push_str(HEAD);
    o.push_str("</tr></thead><tbody>");
    for (name, c) in rows {
        o.push_str("<tr>");
        row(o, name, c);
        o.push_str("</tr>");
    }
    o.push_str("</tbody><tfoot><tr>");
    row(o, "Total", total);
    o.push_str("</tr></tfoot></table>");
}

/// All pages: (path relative to the report directory, HTML).
pub(crate) fn render(b: &BundleCoverage<'_>, sources: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let mut pages = Vec::new();
    let rows: Vec<(String, Counters)> = b
        .packages
        .iter()
        .map(|p| {
            (
                format!("<a href=\"{}/index.html\">{}</a>", package_dir(&p.name), escape(&package_title(&p.name))),
                p.counters,
            )
        })
        .collect();
    let mut body = String::new();
    table(&mut body, &rows, &b.counters);
    pages.push((PathBuf::from("index.html"), page(&b.name, "", &body)));
    for p in &b.packages {
        pages.extend(package_pages(b, p, sources));
    }
    pages
}

/// Anchor of a class's section in its package page.
fn class_anchor(simple: &str) -> String {
    format!("c-{}", safe(simple))
}

/// Anchor of a source file's line listing in its package page (when there is no source page).
fn source_anchor(sf: &str) -> String {
    format!("s-{}", safe(sf))
}

/// The source page of a file; `index.java` must not overwrite the package index.
fn source_page_name(sf: &str) -> String {
    let name = safe(sf);
    if name == "index" {
        "index_.html".to_string()
    } else {
        format!("{name}.html")
    }
}

fn package_pages(b: &BundleCoverage<'_>, p: &PackageCoverage<'_>, sources: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(package_dir(&p.name));
    let mut pages = Vec::new();
    // Source text first: whether a file has a page decides where links point.
    let texts: BTreeMap<&str, String> = p
        .source_files
        .iter()
        .filter_map(|sf| {
            let bytes = find_source(sources, &p.name, &sf.name).and_then(|f| std::fs::read(f).ok())?;
            Some((sf.name.as_str(), String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect();
    let crumbs = format!("<a href=\"../index.html\">{}</a> &gt; {}", escape(&b.name), escape(&package_title(&p.name)));
    let class_rows: Vec<(String, Counters)> = p
        .classes
        .iter()
        .map(|c| {
            (
                format!(
                    "<a href=\"#{}\">{}</a>",
                    class_anchor(c.simple_name()),
                    escape(&c.simple_name().replace('$', "."))
                ),
                c.counters,
            )
        })
        .collect();
    let file_rows: Vec<(String, Counters)> = p
        .source_files
        .iter()
        .map(|s| {
            let href = if texts.contains_key(s.name.as_str()) {
                source_page_name(&s.name)
            } else {
                format!("#{}", source_anchor(&s.name))
            };
            (format!("<a href=\"{href}\">{}</a>", escape(&s.name)), s.counters)
        })
        .collect();
    let mut body = String::from("<h2>Classes</h2>");
    table(&mut body, &class_rows, &p.counters);
    body.push_str("<h2>Source files</h2>");
    table(&mut body, &file_rows, &p.counters);
    for c in &p.classes {
        let src = c.source_file.as_deref().filter(|s| texts.contains_key(s)).map(source_page_name);
        class_section(&mut body, c, src.as_deref());
    }
    for sf in p.source_files.iter().filter(|sf| !texts.contains_key(sf.name.as_str())) {
        line_section(&mut body, sf);
    }
    pages.push((dir.join("index.html"), page(&package_title(&p.name), &crumbs, &body)));
    for sf in &p.source_files {
        if let Some(text) = texts.get(sf.name.as_str()) {
            pages.push((dir.join(source_page_name(&sf.name)), source_page(b, p, sf, text)));
        }
    }
    pages
}

/// A class's methods; `src` is the source page methods link into, if the source was found.
fn class_section(body: &mut String, c: &ClassCoverage, src: Option<&str>) {
    let rows: Vec<(String, Counters)> = c
        .methods
        .iter()
        .map(|m| {
            let mut name = String::new();
            let link = src.zip(m.first_line);
            if let Some((s, l)) = link {
                name.push_str("<a href=\"");
                name.push_str(s);
                name.push_str("#L");
                num(&mut name, l);
                name.push_str("\">");
            }
            escaped(&mut name, &m.name);
            escaped(&mut name, &m.descriptor);
            if link.is_some() {
                name.push_str("</a>");
            }
            if !m.instrumented {
                name.push_str(" <small title=\"no probe data: shown as never executed\">(not instrumented)</small>");
            } else if m.approximate {
                name.push_str(" <small title=\"fuzzer-mode probes: lines around exceptions may differ from JaCoCo\">(approximate)</small>");
            }
            (name, m.counters)
        })
        .collect();
    body.push_str("<h2 id=\"");
    body.push_str(&class_anchor(c.simple_name()));
    body.push_str("\">");
    escaped(body, &c.name.replace('/', "."));
    body.push_str("</h2>");
    table(body, &rows, &c.counters);
    if !c.skipped.is_empty() {
        body.push_str("<h3>Not analysed</h3><ul>");
        for (m, why) in &c.skipped {
            body.push_str("<li>");
            escaped(body, m);
            body.push_str(": ");
            escaped(body, why);
            body.push_str("</li>");
        }
        body.push_str("</ul>");
    }
}

/// The counted lines of a source file whose text was not found, as runs of lines with the same
/// status (`12-15` fully covered, ...); a line with branches stands alone, its tooltip saying how
/// many were missed. Compact on purpose: a line per element would be most of the report's bytes.
fn line_section(body: &mut String, sf: &SourceFileCoverage) {
    body.push_str("<h2 id=\"");
    body.push_str(&source_anchor(&sf.name));
    body.push_str("\">");
    escaped(body, &sf.name);
    body.push_str(
        "</h2><p>Source not found (give <code>sources=</code>); counted lines: \
         <span class=\"fc\">covered</span> <span class=\"pc\">partly covered</span> <span class=\"nc\">missed</span></p><p class=\"lines\">",
    );
    let mut run: Option<(&'static str, u32, u32)> = None;
    let flush = |body: &mut String, run: Option<(&'static str, u32, u32)>| {
        if let Some((cls, a, b)) = run {
            body.push_str("<span class=\"");
            body.push_str(cls);
            body.push_str("\">");
            num(body, a);
            if a != b {
                body.push('-');
                num(body, b);
            }
            body.push_str("</span> ");
        }
    };
    for (&nr, l) in &sf.lines {
        let cls = line_class(l);
        if l.branches.total() > 0 {
            flush(body, run.take());
            body.push_str("<span class=\"");
            body.push_str(cls);
            body.push_str("\" title=\"");
            branch_title(body, l);
            body.push_str("\">");
            num(body, nr);
            body.push_str("&#9670;</span> ");
            continue;
        }
        match &mut run {
            Some((c, _, b)) if *c == cls => *b = nr,
            _ => {
                flush(body, run.take());
                run = Some((cls, nr, nr));
            }
        }
    }
    flush(body, run);
    body.push_str("</p>");
}

fn line_class(l: &LineCounts) -> &'static str {
    if l.instructions.covered == 0 {
        "nc"
    } else if l.instructions.missed > 0 || l.branches.missed > 0 {
        "pc"
    } else {
        "fc"
    }
}

/// "1 of 2 branches missed." and the like.
fn branch_title(o: &mut String, l: &LineCounts) {
    let t = l.branches.total();
    if l.branches.missed == 0 || l.branches.covered == 0 {
        o.push_str("All ");
        num(o, t);
        o.push_str(if l.branches.missed == 0 { " branches covered." } else { " branches missed." });
    } else {
        num(o, l.branches.missed);
        o.push_str(" of ");
        num(o, t);
        o.push_str(" branches missed.");
    }
}

/// The branch diamond of a source line (an empty cell when `l` is `None` or has no branches).
fn branch_mark(o: &mut String, l: Option<&LineCounts>) {
    let Some(l) = l.filter(|l| l.branches.total() > 0) else {
        o.push_str("<span class=\"br\"></span>");
        return;
    };
    o.push_str(if l.branches.missed == 0 {
        "<span class=\"br bfc\" title=\""
    } else if l.branches.covered == 0 {
        "<span class=\"br bnc\" title=\""
    } else {
        "<span class=\"br bpc\" title=\""
    });
    branch_title(o, l);
    o.push_str("\">&#9670;</span>");
}

fn source_page(b: &BundleCoverage<'_>, p: &PackageCoverage<'_>, sf: &SourceFileCoverage, text: &str) -> String {
    let crumbs = format!(
        "<a href=\"../index.html\">{}</a> &gt; <a href=\"index.html\">{}</a> &gt; {}",
        escape(&b.name),
        escape(&package_title(&p.name)),
        escape(&sf.name)
    );
    let mut body = String::with_capacity(2 * text.len() + 1024);
    table(&mut body, &[], &sf.counters);
    body.push_str("<pre class=\"src\">");
    for (i, src) in text.lines().enumerate() {
        let nr = i as u32 + 1;
        let line = sf.lines.get(&nr);
        body.push_str("<span class=\"l ");
        body.push_str(line.map_or("", line_class));
        body.push_str("\" id=\"L");
        num(&mut body, nr);
        body.push_str("\"><span class=\"nr\">");
        num(&mut body, nr);
        body.push_str("</span>");
        branch_mark(&mut body, line);
        if src.contains('\t') {
            escaped(&mut body, &src.replace('\t', "    "));
        } else {
            escaped(&mut body, src);
        }
        body.push_str("</span>");
    }
    body.push_str("</pre>");
    page(&sf.name, &crumbs, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Counter;

    fn lc(ci: u32, mi: u32, cb: u32, mb: u32) -> LineCounts {
        LineCounts { instructions: Counter { missed: mi, covered: ci }, branches: Counter { missed: mb, covered: cb } }
    }

    /// Lines of the same status merge into runs; a line with branches stands alone.
    #[test]
    fn counted_lines_are_listed_as_runs() {
        let lines = [
            (10, lc(3, 0, 0, 0)),
            (11, lc(2, 0, 0, 0)),
            (14, lc(1, 0, 0, 0)),
            (15, lc(1, 0, 1, 1)),
            (16, lc(0, 4, 0, 0)),
            (17, lc(0, 1, 0, 0)),
            (20, lc(2, 0, 0, 0)),
        ];
        let sf = SourceFileCoverage {
            name: "A.java".into(),
            package: "p".into(),
            counters: Counters::default(),
            lines: lines.into_iter().collect(),
        };
        let mut body = String::new();
        line_section(&mut body, &sf);
        let list = &body[body.find("<p class=\"lines\">").unwrap()..];
        assert_eq!(
            list,
            "<p class=\"lines\"><span class=\"fc\">10-14</span> <span class=\"pc\" title=\"1 of 2 branches missed.\">15&#9670;</span> \
             <span class=\"nc\">16-17</span> <span class=\"fc\">20</span> </p>"
        );
    }
}
