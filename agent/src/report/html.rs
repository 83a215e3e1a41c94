//! Browsable HTML: `index.html` (packages) -> `<package>/index.html` (classes and source
//! files) -> `<package>/<Class>.html` (methods) and `<package>/<File>.html` (the source,
//! lines coloured green/yellow/red for covered/partly covered/missed, with a diamond on lines
//! with branches whose tooltip says how many were missed). Every page carries its own CSS:
//! no external assets, so the directory can be opened from anywhere.

use std::fmt::Write;
use std::path::PathBuf;

use super::find_source;
use super::xml::escape;
use crate::coverage::{BundleCoverage, ClassCoverage, Counter, Counters, LineCounts, PackageCoverage, SourceFileCoverage};

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

fn bar(c: Counter) -> String {
    if c.total() == 0 {
        return "<span class=\"bar none\"></span>".into();
    }
    let w = 120 * c.covered / c.total();
    format!("<span class=\"bar\" title=\"{} of {} missed\"><span style=\"width:{w}px\"></span></span>", c.missed, c.total())
}

fn pct(c: Counter) -> String {
    if c.total() == 0 {
        "n/a".into()
    } else {
        format!("{}%", 100 * c.covered / c.total())
    }
}

const HEAD: &str = "<th>Element</th><th>Missed Instructions</th><th>Cov.</th><th>Missed Branches</th><th>Cov.</th>\
<th>Missed</th><th>Cxty</th><th>Missed</th><th>Lines</th><th>Missed</th><th>Methods</th><th>Missed</th><th>Classes</th>";

fn row(name_html: &str, c: &Counters) -> String {
    format!(
        "<td>{name_html}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
        bar(c.instruction),
        pct(c.instruction),
        bar(c.branch),
        pct(c.branch),
        c.complexity.missed,
        c.complexity.total(),
        c.line.missed,
        c.line.total(),
        c.method.missed,
        c.method.total(),
        c.class.missed,
        c.class.total()
    )
}

fn table(rows: &[(String, Counters)], total: &Counters) -> String {
    let mut o = format!("<table class=\"cov\"><thead><tr>{HEAD}</tr></thead><tbody>");
    for (name, c) in rows {
        let _ = write!(o, "<tr>{}</tr>", row(name, c));
    }
    let _ = write!(o, "</tbody><tfoot><tr>{}</tr></tfoot></table>", row("Total", total));
    o
}

/// All pages: (path relative to the report directory, HTML).
pub(crate) fn render(b: &BundleCoverage<'_>, sources: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let mut pages = Vec::new();
    let rows: Vec<(String, Counters)> = b
        .packages
        .iter()
        .map(|p| (format!("<a href=\"{}/index.html\">{}</a>", package_dir(&p.name), escape(&package_title(&p.name))), p.counters))
        .collect();
    pages.push((PathBuf::from("index.html"), page(&b.name, "", &table(&rows, &b.counters))));
    for p in &b.packages {
        pages.extend(package_pages(b, p, sources));
    }
    pages
}

/// Page of a class; a class called `index` must not overwrite the package index.
fn class_page_name(simple: &str) -> String {
    if simple == "index" {
        "index_.html".to_string()
    } else {
        format!("{}.html", safe(simple))
    }
}

fn source_page_name(sf: &str) -> String {
    format!("{}.html", safe(sf))
}

fn package_pages(b: &BundleCoverage<'_>, p: &PackageCoverage<'_>, sources: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(package_dir(&p.name));
    let mut pages = Vec::new();
    let crumbs = format!("<a href=\"../index.html\">{}</a> &gt; {}", escape(&b.name), escape(&package_title(&p.name)));
    let class_rows: Vec<(String, Counters)> = p
        .classes
        .iter()
        .map(|c| (format!("<a href=\"{}\">{}</a>", class_page_name(c.simple_name()), escape(&c.simple_name().replace('$', "."))), c.counters))
        .collect();
    let file_rows: Vec<(String, Counters)> = p
        .source_files
        .iter()
        .map(|s| (format!("<a href=\"{}\">{}</a>", source_page_name(&s.name), escape(&s.name)), s.counters))
        .collect();
    let body = format!("<h2>Classes</h2>{}<h2>Source files</h2>{}", table(&class_rows, &p.counters), table(&file_rows, &p.counters));
    pages.push((dir.join("index.html"), page(&package_title(&p.name), &crumbs, &body)));
    for c in &p.classes {
        pages.push((dir.join(class_page_name(c.simple_name())), class_page(b, p, c)));
    }
    for sf in &p.source_files {
        pages.push((dir.join(source_page_name(&sf.name)), source_page(b, p, sf, sources)));
    }
    pages
}

fn class_page(b: &BundleCoverage<'_>, p: &PackageCoverage<'_>, c: &ClassCoverage) -> String {
    let crumbs = format!(
        "<a href=\"../index.html\">{}</a> &gt; <a href=\"index.html\">{}</a> &gt; {}",
        escape(&b.name),
        escape(&package_title(&p.name)),
        escape(c.simple_name())
    );
    let src = c.source_file.as_deref().map(source_page_name);
    let rows: Vec<(String, Counters)> = c
        .methods
        .iter()
        .map(|m| {
            let label = escape(&format!("{}{}", m.name, m.descriptor));
            let mut name = match (&src, m.first_line) {
                (Some(s), Some(l)) => format!("<a href=\"{s}#L{l}\">{label}</a>"),
                _ => label,
            };
            if !m.instrumented {
                name.push_str(" <small title=\"no probe data: shown as never executed\">(not instrumented)</small>");
            } else if m.approximate {
                name.push_str(" <small title=\"fuzzer-mode probes: lines around exceptions may differ from JaCoCo\">(approximate)</small>");
            }
            (name, m.counters)
        })
        .collect();
    let mut body = table(&rows, &c.counters);
    if !c.skipped.is_empty() {
        body.push_str("<h2>Not analysed</h2><ul>");
        for (m, why) in &c.skipped {
            let _ = write!(body, "<li>{}: {}</li>", escape(m), escape(why));
        }
        body.push_str("</ul>");
    }
    page(&c.name.replace('/', "."), &crumbs, &body)
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

fn branch_mark(l: &LineCounts) -> String {
    let t = l.branches.total();
    if t == 0 {
        return "<span class=\"br\"></span>".into();
    }
    let (class, title) = if l.branches.missed == 0 {
        ("bfc", format!("All {t} branches covered."))
    } else if l.branches.covered == 0 {
        ("bnc", format!("All {t} branches missed."))
    } else {
        ("bpc", format!("{} of {t} branches missed.", l.branches.missed))
    };
    format!("<span class=\"br {class}\" title=\"{title}\">&#9670;</span>")
}

fn source_page(b: &BundleCoverage<'_>, p: &PackageCoverage<'_>, sf: &SourceFileCoverage, sources: &[PathBuf]) -> String {
    let crumbs = format!(
        "<a href=\"../index.html\">{}</a> &gt; <a href=\"index.html\">{}</a> &gt; {}",
        escape(&b.name),
        escape(&package_title(&p.name)),
        escape(&sf.name)
    );
    let text = find_source(sources, &p.name, &sf.name).and_then(|f| std::fs::read(f).ok());
    let mut body = String::from("<pre class=\"src\">");
    match text {
        Some(bytes) => {
            let text = String::from_utf8_lossy(&bytes);
            for (i, src) in text.lines().enumerate() {
                let nr = i as u32 + 1;
                let (cls, mark) = match sf.lines.get(&nr) {
                    Some(l) => (line_class(l), branch_mark(l)),
                    None => ("", "<span class=\"br\"></span>".to_string()),
                };
                let _ = write!(
                    body,
                    "<span class=\"l {cls}\" id=\"L{nr}\"><span class=\"nr\">{nr}</span>{mark}{}</span>",
                    escape(&src.replace('\t', "    "))
                );
            }
        }
        None => {
            // No source folder has the file: show the counted lines only.
            for (nr, l) in &sf.lines {
                let _ = write!(
                    body,
                    "<span class=\"l {}\" id=\"L{nr}\"><span class=\"nr\">{nr}</span>{}instructions {}/{}</span>",
                    line_class(l),
                    branch_mark(l),
                    l.instructions.covered,
                    l.instructions.total()
                );
            }
        }
    }
    body.push_str("</pre>");
    page(&sf.name, &crumbs, &format!("{}{body}", table(&[], &sf.counters)))
}
