//! The coverage analysis on real javac output under extreme probe data, and on corrupted
//! class files.
//!
//! - Every probe hit: every counted instruction and branch must be covered (each JaCoCo
//!   instruction reaches a probe); no probe hit: nothing may be covered.
//! - Thousands of byte-level mutations of those class files: planning, analysis and the
//!   JaCoCo-exec mapping may return errors but must never panic.
//!
//! Compiles `tests/java-coverage/src17` with JDK 17's `javac` (PATH or `JVMFUZZ_JDK17`);
//! without it the test skips loudly, or fails under CI / JVMFUZZ_REQUIRE_JAVA=1.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;

use jvmfuzz_classfile::bytecode::decode;
use jvmfuzz_classfile::ClassFile;
use jvmfuzz_coverage::{analyze_class, ClassInput};
use jvmfuzz_instrument::plan::{plan_method, PlanOptions};
use jvmfuzz_tests::jacoco_exec::hits_from_jacoco;

fn class_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            class_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "class" || x == "java") {
            out.push(p);
        }
    }
}

/// Compiled corpus as (name, bytes), or None when javac is unavailable. `tag` names the
/// output directory: the tests of this file run in parallel, and a shared directory let one
/// test delete or half-write the class files another was reading (CI: `parse: Truncated(0)`).
fn corpus(tag: &str) -> Option<Vec<(String, Vec<u8>)>> {
    let javac = std::env::var("JVMFUZZ_JDK17").map(|d| format!("{d}/bin/javac")).unwrap_or_else(|_| "javac".into());
    if Command::new(&javac).arg("-version").output().is_err() {
        let must = std::env::var("JVMFUZZ_REQUIRE_JAVA").is_ok() || std::env::var("CI").is_ok();
        assert!(!must, "javac (JDK 17) missing");
        eprintln!("SKIPPED: javac (JDK 17) missing");
        return None;
    }
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/java-coverage/src17");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("coverage-robustness-{tag}"));
    let _ = std::fs::remove_dir_all(&out);
    let mut srcs = Vec::new();
    class_files(&src, &mut srcs);
    let st = Command::new(&javac).arg("-g").arg("-d").arg(&out).args(&srcs).status().expect("run javac");
    assert!(st.success(), "javac failed");
    let mut files = Vec::new();
    class_files(&out, &mut files);
    files.sort();
    Some(files.into_iter().map(|f| (f.display().to_string(), std::fs::read(&f).expect("read"))).collect())
}

/// Probe ranges for every method as the rewriter would assign them (flow probes on).
fn all_methods(bytes: &[u8]) -> Vec<(String, String, u32, u32)> {
    let cf = ClassFile::parse(bytes).expect("parse");
    let cp = &cf.constant_pool;
    let mut next = 0;
    let mut out = Vec::new();
    for m in &cf.methods {
        let Some(code) = m.code() else { continue };
        let insns = decode(&code.code).expect("decode");
        let plan = plan_method(&insns, code, cp, PlanOptions { flow_probes: true }).expect("plan");
        let n = plan.sites.len() as u32;
        out.push((m.name(cp).expect("name").into_owned(), m.descriptor(cp).expect("desc").into_owned(), next, n));
        next += n;
    }
    out
}

#[test]
fn coverage_all_or_nothing_probe_data() {
    let Some(corpus) = corpus("all-or-nothing") else { return };
    let mut checked = 0;
    for (name, bytes) in &corpus {
        let owned = all_methods(bytes);
        let mp: Vec<_> = owned
            .iter()
            .map(|(n, d, f, c)| jvmfuzz_coverage::MethodProbes {
                name: n,
                descriptor: d,
                first_probe: *f,
                probe_count: *c,
            })
            .collect();
        let input = ClassInput { bytes, methods: &mp };
        let Some(all) = analyze_class(&input, &|_| 1).expect("analyze") else { continue };
        for m in &all.methods {
            assert_eq!(m.counters.instruction.missed, 0, "{name} {}{}: all probes hit", m.name, m.descriptor);
            assert_eq!(m.counters.branch.missed, 0, "{name} {}{}: all probes hit", m.name, m.descriptor);
            assert!(m.instrumented);
            checked += 1;
        }
        let none = analyze_class(&input, &|_| 0).expect("analyze").expect("same class");
        for m in &none.methods {
            assert_eq!(m.counters.instruction.covered, 0, "{name} {}{}", m.name, m.descriptor);
            assert_eq!(m.counters.method.missed, 1);
        }
        assert_eq!(all.counters.instruction.total(), none.counters.instruction.total());
        assert_eq!(all.counters.branch.total(), none.counters.branch.total());
    }
    assert!(checked > 50, "only {checked} methods checked");
}

#[test]
fn coverage_corrupted_classes_never_panic() {
    let Some(corpus) = corpus("corrupted") else { return };
    // xorshift: deterministic, no dependencies.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rnd = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut runs = 0;
    let mut errors = 0;
    for (name, bytes) in &corpus {
        let methods = all_methods(bytes);
        for round in 0..150 {
            let mut b = bytes.clone();
            // A few random byte changes, occasionally a truncation.
            for _ in 0..(1 + rnd() % 4) {
                let i = (rnd() as usize) % b.len();
                b[i] = rnd() as u8;
            }
            if round % 10 == 0 {
                let cut = (rnd() as usize) % b.len();
                b.truncate(cut.max(10));
            }
            let mp: Vec<_> = methods
                .iter()
                .map(|(n, d, f, c)| jvmfuzz_coverage::MethodProbes {
                    name: n,
                    descriptor: d,
                    first_probe: *f,
                    probe_count: *c,
                })
                .collect();
            let probes: Vec<bool> = (0..64).map(|i| (rnd() >> (i % 60)) & 1 == 1).collect();
            let r = catch_unwind(AssertUnwindSafe(|| {
                let a = analyze_class(&ClassInput { bytes: &b, methods: &mp }, &|id| u64::from(id % 3 == 0));
                let h = hits_from_jacoco(&b, &probes);
                (a.is_err(), h.is_err())
            }));
            match r {
                Ok((a, h)) => errors += usize::from(a) + usize::from(h),
                Err(_) => panic!("{name}: round {round} panicked"),
            }
            runs += 1;
        }
    }
    println!("{runs} corrupted classes analysed, {errors} errors returned, no panic");
    assert!(runs > 1000);
}
