//! LCOV tracefile (`geninfo` format): one record per source file with functions (FN/FNDA),
//! branches (BRDA, JaCoCo's per-line branch counts spread over numbered branches) and lines.
//! Counts are 1/0 (covered or not), as JaCoCo's model is boolean.

use std::path::PathBuf;

use super::find_source;
use super::text::num;
use crate::{BundleCoverage, MethodCoverage};

/// `KEY:VALUE\n` for a number.
fn field(o: &mut String, key: &str, v: impl Into<u64>) {
    o.push_str(key);
    num(o, v);
    o.push('\n');
}

pub(crate) fn render(b: &BundleCoverage<'_>, sources: &[PathBuf]) -> String {
    let mut o = String::new();
    let test_name = b.name.replace(['\n', '\r'], " ");
    for p in &b.packages {
        for sf in &p.source_files {
            o.push_str("TN:");
            o.push_str(&test_name);
            o.push_str("\nSF:");
            match find_source(sources, &p.name, &sf.name) {
                Some(f) => o.push_str(&f.display().to_string()),
                None if p.name.is_empty() => o.push_str(&sf.name),
                None => {
                    o.push_str(&p.name);
                    o.push('/');
                    o.push_str(&sf.name);
                }
            }
            o.push('\n');
            // Functions of every class compiled from this file, ordered by line, then by name.
            let mut fns: Vec<(String, &MethodCoverage)> = Vec::new();
            for c in p.classes.iter().filter(|c| c.source_file.as_deref() == Some(sf.name.as_str())) {
                let class = c.name.replace('/', ".");
                for m in &c.methods {
                    let mut n = String::with_capacity(class.len() + 1 + m.name.len() + m.descriptor.len());
                    n.push_str(&class);
                    n.push('.');
                    n.push_str(&m.name);
                    n.push_str(&m.descriptor);
                    fns.push((n, m));
                }
            }
            fns.sort_by(|(na, a), (nb, b)| (a.first_line, na).cmp(&(b.first_line, nb)));
            for (n, m) in &fns {
                o.push_str("FN:");
                num(&mut o, m.first_line.unwrap_or(0));
                o.push(',');
                o.push_str(n);
                o.push('\n');
            }
            for (n, m) in &fns {
                o.push_str(if m.counters.method.covered > 0 { "FNDA:1," } else { "FNDA:0," });
                o.push_str(n);
                o.push('\n');
            }
            field(&mut o, "FNF:", fns.len() as u64);
            field(&mut o, "FNH:", fns.iter().filter(|(_, m)| m.counters.method.covered > 0).count() as u64);
            let (mut brf, mut brh) = (0u64, 0u64);
            for (&nr, l) in &sf.lines {
                let total = l.branches.total();
                for i in 0..total {
                    let taken = if i < l.branches.covered {
                        ",1\n"
                    } else if l.instructions.covered > 0 {
                        ",0\n"
                    } else {
                        ",-\n" // the line never ran: LCOV's "block not executed"
                    };
                    o.push_str("BRDA:");
                    num(&mut o, nr);
                    o.push_str(",0,");
                    num(&mut o, i);
                    o.push_str(taken);
                }
                brf += u64::from(total);
                brh += u64::from(l.branches.covered);
            }
            field(&mut o, "BRF:", brf);
            field(&mut o, "BRH:", brh);
            // `sf.lines` is ordered by line number; lines without instructions are not listed.
            let (mut lf, mut lh) = (0u64, 0u64);
            for (&nr, l) in sf.lines.iter().filter(|(_, l)| l.instructions.total() > 0) {
                let hit = l.instructions.covered > 0;
                o.push_str("DA:");
                num(&mut o, nr);
                o.push_str(if hit { ",1\n" } else { ",0\n" });
                lf += 1;
                lh += u64::from(hit);
            }
            field(&mut o, "LF:", lf);
            field(&mut o, "LH:", lh);
            o.push_str("end_of_record\n");
        }
    }
    o
}
