//! Our counters against JaCoCo's on code nobody wrote for the tests (the Kotlin, Scala and
//! Groovy libraries): made-up probe data in JaCoCo's probe layout, per class all missed, all
//! covered or a seeded two-thirds mix, written as a `.exec` for JaCoCo's CLI and fed to our
//! analysis of the same bytes; and the method-by-method comparison every language test uses.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use jvmfuzz_coverage::exec::{class_id, write_exec, ExecClass};
use jvmfuzz_coverage::report::{write_reports, Formats, ReportConfig};
use jvmfuzz_coverage::{analyze_class, ClassCoverage, ClassInput};

use crate::jacoco::{self, get, Diff, Report};
use crate::jacoco_exec::hits_from_jacoco;
use crate::{jacoco_cli_report, Jdk};

/// The counters compared method by method.
pub const METHOD_COUNTERS: [&str; 5] = ["INSTRUCTION", "BRANCH", "LINE", "COMPLEXITY", "METHOD"];

fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed >> 12;
    *seed ^= *seed << 25;
    *seed ^= *seed >> 27;
    seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// JaCoCo's report and ours for the class `files` under `classes_dir`, on made-up probe data.
/// A class with a method we cannot plan (jsr/ret, the README's known difference) is deleted
/// from `classes_dir` first, so both sides leave it out.
pub fn reports(jdk: &Jdk, classes_dir: &Path, files: &[PathBuf], tmp: &Path, name: &str) -> (Report, Report) {
    let mut exec_classes: Vec<(u64, String, Vec<bool>)> = Vec::new();
    let mut ours: Vec<ClassCoverage> = Vec::new();
    for (k, path) in files.iter().enumerate() {
        let bytes = std::fs::read(path).unwrap();
        // The probe count: JaCoCo's probes of every method, from our analysis without data.
        let Some(blank) = analyze_class(&ClassInput { bytes: &bytes, methods: &[] }, &|_| 0)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        else {
            continue; // synthetic or module-info: JaCoCo does not report it either
        };
        let Some(count) = blank.jacoco_probes.as_ref().map(Vec::len) else {
            std::fs::remove_file(path).unwrap();
            continue;
        };
        let mut seed = (k as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let probes: Vec<bool> = match k % 4 {
            0 => vec![false; count],
            1 => vec![true; count],
            // Two thirds covered.
            _ => (0..count).map(|_| !xorshift(&mut seed).is_multiple_of(3)).collect(),
        };
        let (methods, hits) = hits_from_jacoco(&bytes, &probes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mp: Vec<_> = methods.iter().map(|m| m.as_probes()).collect();
        let hit = |id: u32| hits.get(id as usize).copied().unwrap_or(0);
        if let Some(c) = analyze_class(&ClassInput { bytes: &bytes, methods: &mp }, &hit).unwrap() {
            if count > 0 {
                exec_classes.push((class_id(&bytes), c.name.clone(), probes));
            }
            ours.push(c);
        }
    }
    let exec = tmp.join("made-up.exec");
    let entries: Vec<ExecClass<'_>> =
        exec_classes.iter().map(|(id, name, p)| ExecClass { id: *id, name, probes: p }).collect();
    let mut f = std::fs::File::create(&exec).unwrap();
    write_exec(&mut f, "made-up", 0, 0, &entries).unwrap();
    drop(f);

    let reference = jacoco_cli_report(jdk, &exec, &[classes_dir], &[], &tmp.join("jacoco-ref.xml"));
    let cfg = ReportConfig {
        dir: tmp.join("ours"),
        formats: Formats { xml: true, html: false, lcov: false },
        sources: Vec::new(),
        name: name.into(),
        sessions: Vec::new(),
    };
    write_reports(&cfg, &ours).unwrap();
    (reference, Report::from_file(&tmp.join("ours/jacoco.xml")))
}

/// Every difference between JaCoCo's report and ours, method by method and class by class
/// (fragments of inlined code change classes as a whole), after the figure "N of M methods
/// equal" (printed too). Empty when they agree.
pub fn compare_methods(reference: &Report, ours: &Report, tag: &str) -> Vec<String> {
    let diffs = jacoco::diff(reference, ours, &METHOD_COUNTERS, ("JaCoCo", "jvmfuzz"));
    // Methods of JaCoCo's report whose counters differ or that we lack; methods only we
    // report are failures too, but not part of the figure.
    let mut differing: BTreeSet<(String, String)> = BTreeSet::new();
    let mut extra = 0;
    for d in &diffs {
        match d {
            Diff::Counter { class, method, .. } => {
                differing.insert((class.clone(), method.clone()));
            }
            Diff::MethodOnlyIn { side, class, method } if *side == "JaCoCo" => {
                differing.insert((class.clone(), method.clone()));
            }
            Diff::ClassOnlyIn { side, class } if *side == "JaCoCo" => {
                for m in reference.classes[class].methods.keys() {
                    differing.insert((class.clone(), m.clone()));
                }
            }
            Diff::MethodOnlyIn { .. } | Diff::ClassOnlyIn { .. } => extra += 1,
        }
    }
    let total: usize = reference.classes.values().map(|c| c.methods.len()).sum();
    let figure = format!(
        "{} of {total} methods equal, {extra} methods or classes only in jvmfuzz's report",
        total.saturating_sub(differing.len())
    );
    eprintln!("{tag}: {figure}");
    let mut failures: Vec<String> = diffs.iter().map(|d| d.to_string()).collect();
    for (name, rc) in &reference.classes {
        let Some(oc) = ours.classes.get(name) else { continue };
        for ty in jacoco::COUNTER_TYPES {
            let (a, b) = (get(&rc.counters, ty), get(&oc.counters, ty));
            if a != b {
                failures.push(format!(
                    "class {name} {ty}: missed/covered {}/{} vs {}/{}",
                    a.missed, a.covered, b.missed, b.covered
                ));
            }
        }
    }
    if !failures.is_empty() {
        failures.insert(0, format!("{figure}; {} differences (JaCoCo vs jvmfuzz):", failures.len()));
    }
    failures
}
