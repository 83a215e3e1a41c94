//! Branch-coverage profile versus JaCoCo 0.8.14 on `tests/java/coverage-program`.
//!
//! The program (ifs, boolean operators, ternaries, loops, table/lookup/string/enum switches,
//! switch expressions, try/catch/finally, try-with-resources, synchronized, inner/anonymous/local
//! classes, lambdas, asserts, records, sealed types, probes hit from pool threads that are still
//! alive at exit and from a parallel stream; plus pattern switches and record patterns in
//! `src21/`, built and run on JDK 25 only) is run twice with the same command line (`-ea`):
//! under JaCoCo's agent (then `jacoco-cli report --xml`) and under jvmfuzz's agent
//! (`report=DIR,formats=xml+html+lcov`). Both runs must print the same checksum.
//!
//! Asserted:
//! - the JaCoCo reference itself is sane (valid against report.dtd, consistent sums, partial
//!   coverage) — this is what proves the harness;
//! - jvmfuzz's `jacoco.xml` parses, has the DOCTYPE, the `report` root, the report.dtd shape
//!   (checked structurally here and by the JDK's validating parser against JaCoCo's own DTD),
//!   and consistent sums;
//! - the same classes (those JaCoCo saw executed) and, per class, the same methods;
//! - BRANCH and METHOD counters equal method by method; LINE too when [`ASSERT_LINE`];
//! - `lcov.info` agrees with the XML's line data, `index.html` exists.
//!
//! INSTRUCTION, COMPLEXITY and (unless asserted) LINE differences are printed.
//!
//! A third run starts the agent's probe ids just below the end of the static final flag array,
//! so that most probes store into the growable one.

use jvmfuzz_tests::jacoco::{self, get, Diff, Report};
use jvmfuzz_tests::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// LINE counters must match JaCoCo's too.
const ASSERT_LINE: bool = true;
const TIMEOUT: Duration = Duration::from_secs(300);

struct Built {
    tmp: TempDir,
    classes: PathBuf,
    sources: PathBuf,
}

fn build(jdk: &Jdk, with_patterns: bool) -> Built {
    let tmp = TempDir::new(&format!("cov-{}", jdk.label()));
    let sources = tmp.join("sources");
    copy_dir(&java_dir("coverage-program/src"), &sources);
    if with_patterns {
        copy_dir(&java_dir("coverage-program/src21"), &sources);
    }
    let classes = tmp.join("classes");
    let release = if with_patterns { jdk.version.to_string() } else { "17".to_string() };
    javac(jdk, &java_sources(&sources), &[], &classes, &["--release", &release]);
    Built { tmp, classes, sources }
}

fn checksum(out: &Output) -> String {
    out.stdout
        .lines()
        .find(|l| l.starts_with("checksum "))
        .unwrap_or_else(|| panic!("no checksum line:\n{}", out.dump()))
        .to_owned()
}

fn run_program(jdk: &Jdk, agent: &Agent, b: &Built) -> Output {
    run_program_env(jdk, agent, b, None)
}

/// `reserve`: the agent's first probe id (its `first_probe=N` option).
fn run_program_env(jdk: &Jdk, agent: &Agent, b: &Built, reserve: Option<u32>) -> Output {
    let agent = match (agent, reserve) {
        (Agent::Jvmfuzz(o), Some(n)) => Agent::Jvmfuzz(format!("{o},first_probe={n}")),
        _ => agent.clone(),
    };
    let out = Java::new(jdk, &agent)
        .arg("-ea")
        .arg("-cp")
        .arg(&b.classes)
        .arg("cov.Main")
        .current_dir(b.tmp.path())
        .run(TIMEOUT);
    out.assert_success();
    out
}

/// Structural + DTD + consistency checks of one XML report. Returns problems.
fn xml_problems(jdk: &Jdk, path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc = match xml::parse(&text) {
        Ok(d) => d,
        Err(e) => return vec![format!("{}: not well-formed: {e}", path.display())],
    };
    let mut p: Vec<String> = jacoco::dtd_shape_problems(&doc).into_iter().map(|s| format!("shape: {s}")).collect();
    match Report::from_document(&doc) {
        Ok(r) => p.extend(r.consistency_problems().into_iter().map(|s| format!("sums: {s}"))),
        Err(e) => p.push(format!("model: {e}")),
    }
    p.extend(validate_jacoco_dtd(jdk, path).into_iter().map(|s| format!("report.dtd: {s}")));
    p
}

/// Lines of LCOV `DA:` records per source file (`SF:` as written) → line → hits.
fn parse_lcov(text: &str) -> Result<BTreeMap<String, BTreeMap<u32, u64>>, String> {
    let mut out: BTreeMap<String, BTreeMap<u32, u64>> = BTreeMap::new();
    let mut cur: Option<String> = None;
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if let Some(sf) = l.strip_prefix("SF:") {
            if cur.is_some() {
                return Err(format!("line {}: SF without end_of_record", i + 1));
            }
            cur = Some(sf.to_owned());
            out.entry(sf.to_owned()).or_default();
        } else if let Some(da) = l.strip_prefix("DA:") {
            let f = cur.as_ref().ok_or(format!("line {}: DA outside a record", i + 1))?;
            let mut it = da.split(',');
            let n: u32 = it.next().and_then(|x| x.parse().ok()).ok_or(format!("line {}: bad DA", i + 1))?;
            let h: u64 = it.next().and_then(|x| x.parse().ok()).ok_or(format!("line {}: bad DA", i + 1))?;
            out.get_mut(f).unwrap().insert(n, h);
        } else if l == "end_of_record" {
            cur.take().ok_or(format!("line {}: end_of_record without SF", i + 1))?;
        }
    }
    if cur.is_some() {
        return Err("last record has no end_of_record".into());
    }
    Ok(out)
}

/// LCOV line hits must agree with the XML's `<line>` data: covered instructions ⇔ hits > 0.
fn lcov_problems(lcov: &str, r: &Report) -> Vec<String> {
    let recs = match parse_lcov(lcov) {
        Ok(x) => x,
        Err(e) => return vec![format!("lcov.info malformed: {e}")],
    };
    if recs.is_empty() {
        return vec!["lcov.info has no SF records".into()];
    }
    let mut p = Vec::new();
    for (sf, data) in &r.sourcefiles {
        // SF: may be absolute or relative; match by suffix.
        let Some((_, hits)) = recs.iter().find(|(k, _)| k.ends_with(sf.as_str())) else {
            p.push(format!("lcov.info has no record for {sf}"));
            continue;
        };
        for (nr, lc) in &data.lines {
            match hits.get(nr) {
                None => p.push(format!("{sf}:{nr}: in XML, not in lcov.info")),
                Some(&h) if (h > 0) != (lc.ci > 0) => {
                    p.push(format!("{sf}:{nr}: lcov hits {h} but XML ci={} mi={}", lc.ci, lc.mi))
                }
                _ => {}
            }
        }
        for nr in hits.keys() {
            if !data.lines.contains_key(nr) {
                p.push(format!("{sf}:{nr}: in lcov.info, not in XML"));
            }
        }
    }
    p
}

/// Our `.exec` against JaCoCo's own from the same deterministic program: every class we wrote
/// has JaCoCo's class id and exactly JaCoCo's probe array, and every class that ran under
/// JaCoCo is there, but synthetic ones (an enum switch's `$SwitchMap$` holder), which JaCoCo's
/// report never shows and our analysis skips.
fn exec_problems(jacoco_exec: &Path, ours: &Path, classes: &Path) -> Vec<String> {
    use jvmfuzz_tests::jacoco_exec::parse_exec;
    let (Ok(j), Ok(o)) = (std::fs::read(jacoco_exec), std::fs::read(ours)) else {
        return vec![format!("cannot read {} or {}", jacoco_exec.display(), ours.display())];
    };
    let (j, o) = match (parse_exec(&j), parse_exec(&o)) {
        (Ok(j), Ok(o)) => (j, o),
        (a, b) => return vec![format!("exec files unreadable: JaCoCo's {:?}, ours {:?}", a.err(), b.err())],
    };
    let mut p = Vec::new();
    if o.classes.is_empty() {
        p.push("our destfile holds no class".into());
    }
    let synthetic = |name: &str| {
        std::fs::read(classes.join(format!("{name}.class")))
            .ok()
            .and_then(|b| jvmfuzz_classfile::ClassFile::parse(&b).ok().map(|c| c.access_flags & 0x1000 != 0))
            .unwrap_or(false)
    };
    for (name, (_, probes)) in &j.classes {
        if !o.classes.contains_key(name) && probes.contains(&true) && !synthetic(name) {
            p.push(format!("{name}: ran under JaCoCo, missing from our destfile"));
        }
    }
    for (name, (id, probes)) in &o.classes {
        match j.classes.get(name) {
            None => p.push(format!("{name}: in our destfile, not in JaCoCo's")),
            Some((jid, _)) if jid != id => p.push(format!("{name}: class id {id:016x}, JaCoCo's {jid:016x}")),
            Some((_, jp)) if jp != probes => p.push(format!("{name}: probes {probes:?}, JaCoCo's {jp:?}")),
            Some(_) => {}
        }
    }
    p
}

fn sanity_of_reference(r: &Report) {
    // The program must leave many branches partly covered, or the comparison proves little.
    let b = r.total("BRANCH");
    assert!(b.covered > 50 && b.missed > 20, "reference BRANCH totals {b:?}: program not exercised as designed");
    let m = r.method("cov/Branches", "table(I)Ljava/lang/String;").expect("Branches.table in the reference");
    let mb = get(&m.counters, "BRANCH");
    assert!(mb.missed > 0 && mb.covered > 0, "Branches.table BRANCH {mb:?}");
    let partial = r
        .classes
        .values()
        .flat_map(|c| c.methods.values())
        .filter(|m| {
            let b = get(&m.counters, "BRANCH");
            b.missed > 0 && b.covered > 0
        })
        .count();
    assert!(partial >= 15, "only {partial} methods with partially covered branches");
}

fn compare(jdk: &Jdk, with_patterns: bool) {
    compare_with(jdk, with_patterns, None)
}

fn compare_with(jdk: &Jdk, with_patterns: bool, reserve: Option<u32>) {
    let t0 = Instant::now();
    let b = build(jdk, with_patterns);
    let t_build = t0.elapsed();

    // ---- JaCoCo reference
    let t1 = Instant::now();
    let exec = b.tmp.join("jacoco.exec");
    let jac_out = run_program(jdk, &Agent::Jacoco(format!("destfile={}", exec.display())), &b);
    let jac_xml = b.tmp.join("jacoco-ref.xml");
    let reference = jacoco_cli_report(jdk, &exec, &[&b.classes], &[&b.sources], &jac_xml);
    let t_jacoco = t1.elapsed();
    let ref_problems = xml_problems(jdk, &jac_xml);
    assert!(ref_problems.is_empty(), "JaCoCo's own report fails our checks (harness bug): {ref_problems:#?}");
    sanity_of_reference(&reference);
    if with_patterns {
        assert!(reference.classes.contains_key("cov/Patterns"), "JDK 25 build has no cov/Patterns");
    }
    eprintln!(
        "[{}] JaCoCo reference: {} classes, BRANCH {}, LINE {}, INSTRUCTION {}",
        jdk.label(),
        reference.classes.len(),
        reference.total("BRANCH"),
        reference.total("LINE"),
        reference.total("INSTRUCTION")
    );

    // ---- jvmfuzz
    let t2 = Instant::now();
    let dir = b.tmp.join("jvmfuzz-report");
    let our_exec = dir.join("jvmfuzz.exec");
    let opts = format!(
        "includes=cov.*,report={},formats=xml+html+lcov,sources={},destfile={},classfiles={}",
        dir.display(),
        b.sources.display(),
        our_exec.display(),
        b.classes.display()
    );
    let ours_out = run_program_env(jdk, &Agent::Jvmfuzz(opts), &b, reserve);
    let t_ours = t2.elapsed();
    assert_eq!(checksum(&jac_out), checksum(&ours_out), "the program computed something else under jvmfuzz");
    let summary = parse_agent_summary(&ours_out.stderr);
    eprintln!("[{}] jvmfuzz: {summary:?}", jdk.label());
    let mut failures: Vec<String> = Vec::new();
    if summary.is_none() {
        failures.push(format!("no `jvmfuzz: instrumented ...` line on stderr:\n{}", tail(&ours_out.stderr, 2000)));
    }
    let xml_path = dir.join("jacoco.xml");
    assert!(xml_path.is_file(), "no {} written; stderr:\n{}", xml_path.display(), tail(&ours_out.stderr, 3000));
    for p in xml_problems(jdk, &xml_path) {
        failures.push(format!("jvmfuzz jacoco.xml: {p}"));
    }
    let ours = Report::from_file(&xml_path);
    for f in ["index.html", "lcov.info"] {
        let p = dir.join(f);
        match std::fs::metadata(&p) {
            Ok(m) if m.len() > 0 => {}
            _ => failures.push(format!("{} missing or empty", p.display())),
        }
    }
    if let Ok(lcov) = std::fs::read_to_string(dir.join("lcov.info")) {
        failures.extend(lcov_problems(&lcov, &ours).into_iter().map(|s| format!("lcov vs xml: {s}")));
    }

    // ---- our .exec: JaCoCo's class ids and probe arrays, read by JaCoCo's own report
    failures.extend(exec_problems(&exec, &our_exec, &b.classes));
    let from_exec_xml = b.tmp.join("jacoco-from-jvmfuzz-exec.xml");
    let from_exec = jacoco_cli_report(jdk, &our_exec, &[&b.classes], &[&b.sources], &from_exec_xml);
    let exec_diff = jacoco::diff(
        &reference,
        &from_exec,
        &["INSTRUCTION", "BRANCH", "LINE", "COMPLEXITY", "METHOD", "CLASS"],
        ("JaCoCo", "JaCoCo on jvmfuzz.exec"),
    );
    failures.extend(exec_diff.iter().map(|d| format!("jacoco report of our destfile: {d}")));
    // A second run appends its session (append=true, JaCoCo's default): JaCoCo reads both and
    // merges them into the same counters (the program is deterministic).
    let again = format!("includes=cov.*,formats=none,destfile={}", our_exec.display());
    run_program_env(jdk, &Agent::Jvmfuzz(again), &b, reserve);
    let sessions = std::fs::read(&our_exec)
        .ok()
        .and_then(|d| jvmfuzz_tests::jacoco_exec::parse_exec(&d).ok())
        .map(|e| e.sessions.len());
    if sessions != Some(2) {
        failures.push(format!("after a second run with append=true the destfile has {sessions:?} sessions, not 2"));
    }
    let merged =
        jacoco_cli_report(jdk, &our_exec, &[&b.classes], &[&b.sources], &b.tmp.join("jacoco-from-appended-exec.xml"));
    let merged_diff =
        jacoco::diff(&reference, &merged, &["BRANCH", "LINE", "METHOD"], ("JaCoCo", "JaCoCo on the appended exec"));
    failures.extend(merged_diff.iter().map(|d| format!("appended destfile: {d}")));

    // ---- comparison
    // Classes that never loaded (cov/NeverLoaded) are in our report too: classfiles= names the
    // class folder, as JaCoCo's report is given it.
    assert!(
        ours.classes.contains_key("cov/NeverLoaded"),
        "cov/NeverLoaded (never loaded) missing from our report despite classfiles="
    );
    let structural = jacoco::diff(&reference, &ours, &[], ("JaCoCo", "jvmfuzz"));
    failures.extend(structural.iter().map(|d| format!("structure: {d}")));
    let asserted: Vec<&str> = if ASSERT_LINE { vec!["BRANCH", "METHOD", "LINE"] } else { vec!["BRANCH", "METHOD"] };
    let informational: Vec<&str> =
        ["INSTRUCTION", "COMPLEXITY", "LINE"].into_iter().filter(|t| !asserted.contains(t)).collect();
    let hard = jacoco::diff(&reference, &ours, &asserted, ("JaCoCo", "jvmfuzz"));
    let soft = jacoco::diff(&reference, &ours, &informational, ("JaCoCo", "jvmfuzz"));
    let counter_diffs =
        |v: &[Diff]| v.iter().filter(|d| matches!(d, Diff::Counter { .. })).map(|d| d.to_string()).collect::<Vec<_>>();
    let hard_c = counter_diffs(&hard);
    let soft_c = counter_diffs(&soft);
    for d in &soft_c {
        eprintln!("[{}] DIFF (informational) {d}", jdk.label());
    }
    failures.extend(hard_c.iter().map(|d| format!("counter: {d}")));
    // Per-line data of source files (informational unless LINE is asserted).
    let mut line_diffs = Vec::new();
    for (sf, rf) in &reference.sourcefiles {
        let Some(of) = ours.sourcefiles.get(sf) else {
            if rf.lines.values().any(|l| l.ci > 0) {
                line_diffs.push(format!("{sf}: no <sourcefile> in jvmfuzz's report"));
            }
            continue;
        };
        for (nr, rl) in &rf.lines {
            let ol = of.lines.get(nr).copied().unwrap_or_default();
            if (rl.mb, rl.cb) != (ol.mb, ol.cb) || (rl.ci > 0) != (ol.ci > 0) || (rl.mi > 0) != (ol.mi > 0) {
                line_diffs.push(format!("{sf}:{nr}: JaCoCo {rl:?} vs jvmfuzz {ol:?}"));
            }
        }
    }
    for d in &line_diffs {
        eprintln!("[{}] LINE-DATA {d}", jdk.label());
    }
    if ASSERT_LINE {
        failures.extend(line_diffs.iter().map(|d| format!("line data: {d}")));
    }
    eprintln!(
        "[{}] jvmfuzz report: {} classes, BRANCH {}, LINE {}, INSTRUCTION {}; {} asserted diffs, {} informational",
        jdk.label(),
        ours.classes.len(),
        ours.total("BRANCH"),
        ours.total("LINE"),
        ours.total("INSTRUCTION"),
        hard_c.len(),
        soft_c.len()
    );
    report_time(&format!("profile_vs_jacoco {} build", jdk.label()), t_build);
    report_time(&format!("profile_vs_jacoco {} jacoco run+report", jdk.label()), t_jacoco);
    report_time(&format!("profile_vs_jacoco {} jvmfuzz run", jdk.label()), t_ours);
    report_time(&format!("profile_vs_jacoco {}", jdk.label()), t0.elapsed());
    if !failures.is_empty() {
        panic!(
            "[{}] jvmfuzz's profile differs from JaCoCo's ({} problems; reports kept in {}):\n  {}",
            jdk.label(),
            failures.len(),
            b.tmp.path().display(),
            failures.join("\n  ")
        );
    }
}

#[test]
fn profile_matches_jacoco_jdk17() {
    compare(&jdk17(), false);
}

/// Probe ids straddling the end of the static final flag array (`Probes.fixed`): the first
/// hundred go to it, the rest to the growable `Probes.flags`, which must be grown first.
#[test]
fn profile_matches_jacoco_with_probe_ids_past_the_fixed_array() {
    compare_with(&jdk17(), false, Some(jvmfuzz_jvm::flag_probes::FIXED_LEN - 100));
}

#[test]
fn profile_matches_jacoco_jdk25_with_pattern_switches() {
    if let Some(jdk) = jdk25_or_skip("profile_matches_jacoco_jdk25_with_pattern_switches") {
        compare(&jdk, true);
    }
}
