//! Aggregation above classes, as JaCoCo's `CoverageBuilder`/`BundleCoverageImpl` do it:
//! source files merge the lines of all classes compiled from them (inner and anonymous
//! classes share their outer class's file), packages sum their source files plus classes
//! without a source file, the bundle sums its packages. Everything is sorted by name.

use std::collections::BTreeMap;

use super::calculator::line_counter;
use super::{ClassCoverage, Counters, LineCounts};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFileCoverage {
    pub name: String,
    /// Internal package name (`com/example`).
    pub package: String,
    pub counters: Counters,
    pub lines: BTreeMap<u32, LineCounts>,
}

#[derive(Debug, Clone)]
pub struct PackageCoverage<'c> {
    pub name: String,
    pub classes: Vec<&'c ClassCoverage>,
    pub source_files: Vec<SourceFileCoverage>,
    pub counters: Counters,
}

#[derive(Debug, Clone)]
pub struct BundleCoverage<'c> {
    pub name: String,
    pub packages: Vec<PackageCoverage<'c>>,
    pub counters: Counters,
}

/// Groups classes into packages and source files.
pub fn bundle<'c>(name: &str, classes: &'c [ClassCoverage]) -> BundleCoverage<'c> {
    let mut by_package: BTreeMap<&str, Vec<&'c ClassCoverage>> = BTreeMap::new();
    for c in classes {
        by_package.entry(c.package()).or_default().push(c);
    }
    let mut packages = Vec::with_capacity(by_package.len());
    let mut total = Counters::default();
    for (pkg, mut classes) in by_package {
        classes.sort_by(|a, b| a.name.cmp(&b.name));
        let mut files: BTreeMap<&str, SourceFileCoverage> = BTreeMap::new();
        let mut counters = Counters::default();
        for c in &classes {
            match &c.source_file {
                Some(f) => {
                    let sf = files.entry(f.as_str()).or_insert_with(|| SourceFileCoverage {
                        name: f.clone(),
                        package: pkg.to_string(),
                        counters: Counters::default(),
                        lines: BTreeMap::new(),
                    });
                    sf.counters += c.counters;
                    for (&nr, l) in &c.lines {
                        *sf.lines.entry(nr).or_default() += *l;
                    }
                }
                None => counters += c.counters,
            }
        }
        let mut source_files: Vec<SourceFileCoverage> = files.into_values().collect();
        for sf in &mut source_files {
            sf.counters.line = line_counter(&sf.lines);
            counters += sf.counters;
        }
        total += counters;
        packages.push(PackageCoverage { name: pkg.to_string(), classes, source_files, counters });
    }
    BundleCoverage { name: name.to_string(), packages, counters: total }
}
