//! LCOV tracefile (`geninfo` format): one record per source file with functions (FN/FNDA),
//! branches (BRDA, JaCoCo's per-line branch counts spread over numbered branches) and lines.
//! Counts are 1/0 (covered or not), as JaCoCo's model is boolean.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

use super::find_source;
use crate::coverage::{BundleCoverage, MethodCoverage};

pub(crate) fn render(b: &BundleCoverage<'_>, sources: &[PathBuf]) -> String {
    let mut o = String::new();
    for p in &b.packages {
        for sf in &p.source_files {
            let path = find_source(sources, &p.name, &sf.name)
                .map(|f| f.display().to_string())
                .unwrap_or_else(|| if p.name.is_empty() { sf.name.clone() } else { format!("{}/{}", p.name, sf.name) });
            let _ = writeln!(o, "TN:{}", b.name.replace(['\n', '\r'], " "));
            let _ = writeln!(o, "SF:{path}");
            // Functions of every class compiled from this file, ordered by line.
            let mut fns: Vec<(String, &MethodCoverage)> = Vec::new();
            for c in p.classes.iter().filter(|c| c.source_file.as_deref() == Some(sf.name.as_str())) {
                for m in &c.methods {
                    fns.push((format!("{}.{}{}", c.name.replace('/', "."), m.name, m.descriptor), m));
                }
            }
            fns.sort_by_key(|(n, m)| (m.first_line, n.clone()));
            for (n, m) in &fns {
                let _ = writeln!(o, "FN:{},{}", m.first_line.unwrap_or(0), n);
            }
            for (n, m) in &fns {
                let _ = writeln!(o, "FNDA:{},{}", u32::from(m.counters.method.covered > 0), n);
            }
            let _ = writeln!(o, "FNF:{}", fns.len());
            let _ = writeln!(o, "FNH:{}", fns.iter().filter(|(_, m)| m.counters.method.covered > 0).count());
            let (mut brf, mut brh) = (0, 0);
            for (nr, l) in &sf.lines {
                let total = l.branches.total();
                for i in 0..total {
                    let taken = if i < l.branches.covered {
                        "1"
                    } else if l.instructions.covered > 0 {
                        "0"
                    } else {
                        "-" // the line never ran: LCOV's "block not executed"
                    };
                    let _ = writeln!(o, "BRDA:{nr},0,{i},{taken}");
                }
                brf += total;
                brh += l.branches.covered;
            }
            let _ = writeln!(o, "BRF:{brf}");
            let _ = writeln!(o, "BRH:{brh}");
            let lines: BTreeMap<_, _> = sf.lines.iter().filter(|(_, l)| l.instructions.total() > 0).collect();
            for (nr, l) in &lines {
                let _ = writeln!(o, "DA:{nr},{}", u32::from(l.instructions.covered > 0));
            }
            let _ = writeln!(o, "LF:{}", lines.len());
            let _ = writeln!(o, "LH:{}", lines.values().filter(|l| l.instructions.covered > 0).count());
            o.push_str("end_of_record\n");
        }
    }
    o
}
