//! The terminal summary: one row per package plus the total, with covered/total and
//! percentages for instructions, branches, lines, methods and classes.

use std::fmt::Write;

use crate::{BundleCoverage, Counter, Counters};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryRow {
    /// Package in dotted form, `(default)` for the unnamed package, `Total` for the sum.
    pub name: String,
    pub counters: Counters,
}

/// Per-package and total counters of a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub rows: Vec<SummaryRow>,
    pub total: Counters,
}

fn pct(c: Counter) -> String {
    if c.total() == 0 {
        "n/a".to_string()
    } else {
        format!("{:.1}%", 100.0 * c.covered as f64 / c.total() as f64)
    }
}

fn cell(c: Counter) -> String {
    format!("{} {}/{}", pct(c), c.covered, c.total())
}

impl Summary {
    pub(crate) fn of(b: &BundleCoverage<'_>) -> Summary {
        let rows = b
            .packages
            .iter()
            .map(|p| SummaryRow {
                name: if p.name.is_empty() { "(default)".into() } else { p.name.replace('/', ".") },
                counters: p.counters,
            })
            .collect();
        Summary { rows, total: b.counters }
    }

    /// A fixed-width table for the terminal.
    pub fn table(&self) -> String {
        let header = ["Package", "Instructions", "Branches", "Lines", "Methods", "Classes"];
        let mut rows: Vec<[String; 6]> = Vec::new();
        let line = |name: &str, c: &Counters| {
            [name.to_string(), cell(c.instruction), cell(c.branch), cell(c.line), cell(c.method), cell(c.class)]
        };
        for r in &self.rows {
            rows.push(line(&r.name, &r.counters));
        }
        rows.push(line("Total", &self.total));
        let mut w = header.map(|h| h.len());
        for r in &rows {
            for (i, c) in r.iter().enumerate() {
                w[i] = w[i].max(c.chars().count());
            }
        }
        let mut o = String::new();
        let fmt_row = |o: &mut String, r: &[String]| {
            for (i, c) in r.iter().enumerate() {
                if i == 0 {
                    let _ = write!(o, "{:<width$}", c, width = w[i]);
                } else {
                    let _ = write!(o, "  {:>width$}", c, width = w[i]);
                }
            }
            o.push('\n');
        };
        fmt_row(&mut o, &header.map(String::from));
        let total_width = w.iter().sum::<usize>() + 2 * (w.len() - 1);
        o.push_str(&"-".repeat(total_width));
        o.push('\n');
        let n = rows.len();
        for (i, r) in rows.iter().enumerate() {
            if i + 1 == n {
                o.push_str(&"-".repeat(total_width));
                o.push('\n');
            }
            fmt_row(&mut o, r);
        }
        o
    }
}
