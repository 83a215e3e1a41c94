//! Scala and Groovy coverage versus JaCoCo 0.8.14, method by method, on
//! `tests/java/scala-coverage` and `tests/java/groovy-coverage`.
//!
//! Each program uses its language broadly. Scala 2.13: case classes and objects of sealed
//! traits, pattern matching (guards, types, tuples, lists, extractors, regular expressions,
//! `@switch`, strings), traits with state, lazy vals (members, objects, locals), value classes,
//! inner classes, enumerations, for-comprehensions, closures, partial functions, implicits
//! (classes, parameters, conversions, type classes), by-name and default parameters,
//! non-local return, Try/Either. Groovy 4: dynamic code (the classic switch on values, ranges,
//! classes, patterns and closures, switch expressions, safe navigation, Elvis, closures,
//! GStrings, methodMissing, spread, ranges), the same under `@CompileStatic`, and generated
//! code (`@Immutable`, `@ToString`, `@EqualsAndHashCode`, `@Canonical`, `@TupleConstructor`,
//! `@Builder`, `@Sortable`, `@Singleton`, `@Memoized`, `@Lazy`, `@Delegate`, traits, enums).
//!
//! Each is compiled from Maven Central's compiler jars on JDK 17 (scalac 2.13 through
//! `scala.tools.nsc.Main`, groovyc 4 through `FileSystemCompiler`; cached under
//! `target/<profile>/jvmfuzz-e2e/` per source hash), then run twice: under JaCoCo's agent (then
//! `jacoco-cli report --xml`) and under jvmfuzz's agent (`report=DIR,formats=xml`) with
//! `-Xverify:all`. Both runs must print the same checksum. Every class of the program (the
//! ones `main` never loads too) is also loaded and linked under the agent with `-Xverify:all`
//! (`tests/java/checker`): none may fail, and each with code must be rewritten.
//!
//! Asserted: JaCoCo's reference is sane, the filters each program is meant to exercise do fire,
//! the same classes and methods, and INSTRUCTION, BRANCH, LINE, COMPLEXITY and METHOD equal
//! method by method, and all counters class by class. The failure lists every differing method
//! and counter, after the figure "N of M methods equal".
//!
//! A third test takes Scala and Groovy code nobody wrote for it: every class of scala-library
//! 2.13 and of groovy 4's jar, with made-up probe data (per class all missed, all covered, or a
//! seeded random mix) written as a JaCoCo `.exec` and reported by JaCoCo's CLI; our analysis of
//! the same bytes and probes must agree method by method and class by class.

use jvmfuzz_coverage::exec::{class_id, write_exec, ExecClass};
use jvmfuzz_coverage::report::{write_reports, Formats, ReportConfig};
use jvmfuzz_coverage::{analyze_class, ClassCoverage, ClassInput};
use jvmfuzz_tests::jacoco::{self, get, Diff, Report};
use jvmfuzz_tests::jacoco_exec::hits_from_jacoco;
use jvmfuzz_tests::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const SCALA: &str = "2.13.18";
const GROOVY: &str = "4.0.33";
const TIMEOUT: Duration = Duration::from_secs(300);
const METHOD_COUNTERS: [&str; 5] = ["INSTRUCTION", "BRANCH", "LINE", "COMPLEXITY", "METHOD"];

/// One of the two programs.
struct Lang {
    /// "scala" or "groovy": names the cache directory and the messages.
    name: &'static str,
    /// Under `tests/java/`.
    src: &'static str,
    ext: &'static str,
    /// The program's package (the agents' `includes`).
    package: &'static str,
    main: &'static str,
    version: &'static str,
    /// The compiler's main class and its class path.
    compiler: &'static str,
    compiler_classpath: fn() -> Vec<PathBuf>,
    /// What the program runs with.
    libraries: fn() -> Vec<PathBuf>,
    /// Classes JaCoCo's report must have, and how many methods at least (sanity of the
    /// reference: most of what groovyc generates is `@Generated`, which JaCoCo leaves out).
    expected_classes: &'static [&'static str],
    min_methods: usize,
    /// Filters the program must make fire (change something in some method).
    exercised: &'static [&'static str],
}

fn scala_compiler_classpath() -> Vec<PathBuf> {
    vec![
        maven_jar(&format!("org.scala-lang:scala-compiler:{SCALA}")),
        maven_jar(&format!("org.scala-lang:scala-library:{SCALA}")),
        maven_jar(&format!("org.scala-lang:scala-reflect:{SCALA}")),
    ]
}

fn scala_libraries() -> Vec<PathBuf> {
    vec![maven_jar(&format!("org.scala-lang:scala-library:{SCALA}"))]
}

fn groovy_jars() -> Vec<PathBuf> {
    vec![maven_jar(&format!("org.apache.groovy:groovy:{GROOVY}"))]
}

const SCALA_PROGRAM: Lang = Lang {
    name: "scala",
    src: "scala-coverage/src",
    ext: "scala",
    package: "sc",
    main: "sc.Main",
    version: SCALA,
    compiler: "scala.tools.nsc.Main",
    compiler_classpath: scala_compiler_classpath,
    libraries: scala_libraries,
    expected_classes: &["sc/Shapes$", "sc/Person", "sc/Point", "sc/Functions$", "sc/Implicits$", "sc/NeverLoaded"],
    min_methods: 150,
    // `synthetic` hides `$deserializeLambda$` but not the `$anonfun$` bodies (checked in
    // `sanity_of_reference`); `synchronized` and `finally` take lazy vals' and `try`'s copies.
    exercised: &["synthetic", "bridge", "synchronized", "finally", "private-empty-constructor"],
};

const GROOVY_PROGRAM: Lang = Lang {
    name: "groovy",
    src: "groovy-coverage/src",
    ext: "groovy",
    package: "gr",
    main: "gr.Main",
    version: GROOVY,
    compiler: "org.codehaus.groovy.tools.FileSystemCompiler",
    compiler_classpath: groovy_jars,
    libraries: groovy_jars,
    expected_classes: &["gr/Dynamic", "gr/Static", "gr/Money", "gr/Item", "gr/Robot", "gr/NeverLoaded"],
    min_methods: 70,
    // `annotation-generated` hides what groovyc generates (`@groovy.transform.Generated`);
    // `records` takes a native record's accessors and methods.
    exercised: &["annotation-generated", "synthetic", "records", "finally", "synchronized", "enum"],
};

/// FNV-1a over the sources' names and bytes and the compiler version: the cache key.
fn sources_hash(lang: &Lang, sources: &[PathBuf]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x100_0000_01b3);
        }
    };
    eat(lang.version.as_bytes());
    for s in sources {
        eat(s.file_name().map(|n| n.as_encoded_bytes()).unwrap_or_default());
        eat(&std::fs::read(s).unwrap_or_else(|e| panic!("{}: {e}", s.display())));
    }
    h
}

/// Compiles the program (or reuses the classes compiled from the same sources) and returns its
/// classes directory.
fn compile(jdk: &Jdk, lang: &Lang, sources: &[PathBuf]) -> PathBuf {
    let dir = target_scratch().join(format!("{}-coverage-{:016x}", lang.name, sources_hash(lang, sources)));
    let classes = dir.join("classes");
    if dir.join("ok").is_file() {
        return classes;
    }
    // Compile into a fresh directory and publish it by renaming, so that a concurrent or
    // interrupted run never sees half a build.
    let tmp = target_scratch().join(format!("{}-coverage-tmp-{}", lang.name, std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let out = tmp.join("classes");
    std::fs::create_dir_all(&out).unwrap();
    let t = Instant::now();
    let cp = (lang.compiler_classpath)();
    let cp_refs: Vec<&Path> = cp.iter().map(PathBuf::as_path).collect();
    let mut cmd = Command::new(jdk.java());
    cmd.env_remove("JAVA_TOOL_OPTIONS").arg("-Xss8m").arg("-cp").arg(classpath(&cp_refs)).arg(lang.compiler);
    if lang.name == "scala" {
        // The library comes from the compiler's own class path.
        cmd.arg("-usejavacp");
    }
    cmd.arg("-d").arg(&out).args(sources);
    let res = run(cmd, Duration::from_secs(600));
    assert!(res.success(), "{} {} compiler failed:\n{}", lang.name, lang.version, res.dump());
    std::fs::write(tmp.join("ok"), b"").unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    if std::fs::rename(&tmp, &dir).is_err() {
        // Another process published the same build first.
        let _ = std::fs::remove_dir_all(&tmp);
    }
    report_time(&format!("profile_scala_groovy {} compile", lang.name), t.elapsed());
    classes
}

fn checksum(out: &Output) -> String {
    out.stdout
        .lines()
        .find(|l| l.starts_with("checksum "))
        .unwrap_or_else(|| panic!("no checksum line:\n{}", out.dump()))
        .to_owned()
}

fn run_program(jdk: &Jdk, lang: &Lang, agent: &Agent, classes: &Path, cwd: &Path) -> Output {
    let libs = (lang.libraries)();
    let mut cp: Vec<&Path> = vec![classes];
    cp.extend(libs.iter().map(PathBuf::as_path));
    let mut java = Java::new(jdk, agent);
    if matches!(agent, Agent::Jvmfuzz(_)) {
        java = java.strict_verify();
    }
    let out = java.arg("-cp").arg(classpath(&cp)).arg(lang.main).current_dir(cwd).run(TIMEOUT);
    out.assert_success();
    out
}

fn sanity_of_reference(lang: &Lang, r: &Report) {
    for c in lang.expected_classes {
        assert!(r.classes.contains_key(*c), "{c} missing from JaCoCo's report");
    }
    if lang.name == "scala" {
        // Closure bodies are synthetic `$anonfun$` methods, which JaCoCo reports in Scala classes.
        let anonfun = r.classes.values().flat_map(|c| c.methods.keys()).filter(|m| m.starts_with("$anonfun$")).count();
        assert!(anonfun >= 10, "JaCoCo reports only {anonfun} `$anonfun$` methods of the Scala program");
    }
    let methods: usize = r.classes.values().map(|c| c.methods.len()).sum();
    assert!(
        methods >= lang.min_methods,
        "JaCoCo reports only {methods} methods: the {} program is not built as designed",
        lang.name
    );
    let b = r.total("BRANCH");
    assert!(
        b.covered > 50 && b.missed > 20,
        "reference BRANCH totals {b:?}: the {} program is not exercised as designed",
        lang.name
    );
}

/// The filters that changed something in any method of the class files under `dir`.
fn filters_fired(dir: &Path) -> BTreeSet<&'static str> {
    let mut fired = BTreeSet::new();
    for p in files_with_extension(dir, "class") {
        let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let Some(c) = analyze_class(&ClassInput { bytes: &bytes, methods: &[] }, &|_| 0).expect("analysable") else {
            continue;
        };
        fired.extend(c.methods.iter().flat_map(|m| m.filters.iter()).chain(c.hidden.iter().flat_map(|h| h.1.iter())));
    }
    fired
}

/// JaCoCo's report against ours: every difference of a method's INSTRUCTION, BRANCH, LINE,
/// COMPLEXITY or METHOD counter, every method or class only one side has, every difference
/// of a class's counters. Prints (and heads the list with) "N of M methods equal".
fn compare(reference: &Report, ours: &Report, tag: &str) -> Vec<String> {
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

/// Loads and links every class of the program under jvmfuzz's agent with `-Xverify:all`
/// (`tests/java/checker`, which runs no static initialiser): no class may fail to link, and every
/// class with code must come out rewritten (it references the shim).
fn verify_every_class(jdk: &Jdk, lang: &Lang, classes: &Path, tmp: &Path) -> Vec<String> {
    let jar = tmp.join(format!("{}-program.jar", lang.name));
    let mut cmd = Command::new(jdk.home.join("bin/jar"));
    cmd.arg("cf").arg(&jar).arg("-C").arg(classes).arg(".");
    run(cmd, TIMEOUT).assert_success();
    let mut args: Vec<std::ffi::OsString> = vec![
        "--add-opens".into(),
        "java.base/java.lang=ALL-UNNAMED".into(),
        "--add-exports".into(),
        "java.base/jdk.internal.reflect=ALL-UNNAMED".into(),
        "-cp".into(),
        java_tool("checker").into(),
        "jvmfuzz.check.VerifyChecker".into(),
        "--marker".into(),
        "com/jvmfuzz/shim".into(),
    ];
    for lib in (lang.libraries)() {
        args.push("--cp".into());
        args.push(lib.into());
    }
    args.push(jar.into());
    let agent = Agent::Jvmfuzz(format!("includes={}.*", lang.package));
    let out = Java::new(jdk, &agent).strict_verify().args(args).current_dir(tmp).run(TIMEOUT);
    let mut problems = Vec::new();
    if !out.success() {
        problems.push(format!("{} checker run failed: {}", lang.name, out.dump()));
    }
    let mut ok = 0;
    for l in out.stdout.lines() {
        if let Some(rest) = l.strip_prefix("FAIL ") {
            problems.push(format!("{}: does not link under the agent: {rest}", lang.name));
        } else if let Some(rest) = l.strip_prefix("OK ") {
            ok += 1;
            let has_code = !rest.contains(" code=0");
            if has_code && !rest.contains("marker=1") {
                problems.push(format!("{}: not rewritten: {rest}", lang.name));
            }
        }
    }
    if !out.stdout.lines().any(|l| l.starts_with("DONE ")) {
        problems.push(format!("{}: the checker did not finish:\n{}", lang.name, out.dump()));
    }
    let files = files_with_extension(classes, "class").len();
    if ok != files {
        problems.push(format!("{}: {ok} classes linked, {files} class files", lang.name));
    }
    eprintln!("{}: {ok} of {files} classes verified and linked under the agent", lang.name);
    problems
}

fn program_matches_jacoco(lang: &Lang) {
    let t0 = Instant::now();
    let jdk = jdk17();
    let src = java_dir(lang.src);
    let sources = files_with_extension(&src, lang.ext);
    assert!(sources.len() >= 4, "no {} sources under {}", lang.name, src.display());
    let classes = compile(&jdk, lang, &sources);
    let tmp = TempDir::new(&format!("{}-cov", lang.name));
    let includes = format!("{}.*", lang.package);

    // ---- JaCoCo reference
    let exec = tmp.join("jacoco.exec");
    let jac_out = run_program(
        &jdk,
        lang,
        &Agent::Jacoco(format!("destfile={},includes={includes}", exec.display())),
        &classes,
        tmp.path(),
    );
    let reference = jacoco_cli_report(&jdk, &exec, &[&classes], &[&src], &tmp.join("jacoco-ref.xml"));
    sanity_of_reference(lang, &reference);

    // ---- jvmfuzz, -Xverify:all
    let dir = tmp.join("jvmfuzz-report");
    let opts = format!("includes={includes},report={},formats=xml,classfiles={}", dir.display(), classes.display());
    let ours_out = run_program(&jdk, lang, &Agent::Jvmfuzz(opts), &classes, tmp.path());
    assert_eq!(
        checksum(&jac_out),
        checksum(&ours_out),
        "the {} program computed something else under jvmfuzz",
        lang.name
    );
    let xml_path = dir.join("jacoco.xml");
    assert!(xml_path.is_file(), "no {} written; stderr:\n{}", xml_path.display(), tail(&ours_out.stderr, 3000));
    let ours = Report::from_file(&xml_path);

    let tag = format!("profile_scala_groovy {}", lang.name);
    let mut failures = compare(&reference, &ours, &tag);
    let fired = filters_fired(&classes);
    eprintln!("{tag}: filters that fired: {fired:?}");
    let missing: Vec<&str> = lang.exercised.iter().copied().filter(|f| !fired.contains(f)).collect();
    if !missing.is_empty() {
        failures.push(format!("the program no longer exercises the filters {missing:?} (fired: {fired:?})"));
    }
    failures.extend(verify_every_class(&jdk, lang, &classes, tmp.path()));
    report_time(&tag, t0.elapsed());
    if !failures.is_empty() {
        panic!(
            "jvmfuzz's {} profile differs from JaCoCo's; reports kept in {}:\n  {}",
            lang.name,
            tmp.path().display(),
            failures.join("\n  ")
        );
    }
}

#[test]
fn scala_profile_matches_jacoco_method_by_method() {
    program_matches_jacoco(&SCALA_PROGRAM);
}

#[test]
fn groovy_profile_matches_jacoco_method_by_method() {
    program_matches_jacoco(&GROOVY_PROGRAM);
}

/// A tiny deterministic generator (xorshift64*), seeded per class.
fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed >> 12;
    *seed ^= *seed << 25;
    *seed ^= *seed >> 27;
    seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

#[test]
fn scala_and_groovy_libraries_match_jacoco_on_made_up_probe_data() {
    let t0 = Instant::now();
    let jdk = jdk17();
    let tmp = TempDir::new("scala-groovy-libs");
    let classes_dir = tmp.join("classes");
    std::fs::create_dir_all(&classes_dir).unwrap();
    let jars: Vec<PathBuf> = scala_libraries().into_iter().chain(groovy_jars()).collect();
    for jar in jars {
        let mut cmd = Command::new(jdk.home.join("bin/jar"));
        cmd.arg("xf").arg(&jar).current_dir(&classes_dir);
        run(cmd, TIMEOUT).assert_success();
    }
    // Multi-release copies (module-info, META-INF/versions) would be a second class of the
    // same name, and JaCoCo analyses anything that looks like a class file whatever its name:
    // only the `.class` files outside META-INF stay.
    let _ = std::fs::remove_dir_all(classes_dir.join("META-INF"));
    for f in walk(&classes_dir) {
        if f.extension().is_none_or(|e| e != "class") {
            std::fs::remove_file(&f).unwrap();
        }
    }
    let files = files_with_extension(&classes_dir, "class");
    assert!(files.len() > 3000, "only {} classes in scala-library and groovy", files.len());

    // Made-up probe data, JaCoCo's probe layout, class by class.
    let mut exec_classes: Vec<(u64, String, Vec<bool>)> = Vec::new();
    let mut ours: Vec<ClassCoverage> = Vec::new();
    for (k, path) in files.iter().enumerate() {
        let bytes = std::fs::read(path).unwrap();
        let Some(blank) = analyze_class(&ClassInput { bytes: &bytes, methods: &[] }, &|_| 0)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        else {
            continue; // synthetic or module-info: JaCoCo does not report it either
        };
        let Some(count) = blank.jacoco_probes.as_ref().map(Vec::len) else {
            // A method we cannot plan (jsr/ret: README's known difference): left out on both sides.
            std::fs::remove_file(path).unwrap();
            continue;
        };
        let mut seed = (k as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let probes: Vec<bool> = match k % 4 {
            0 => vec![false; count],
            1 => vec![true; count],
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

    let reference = jacoco_cli_report(&jdk, &exec, &[&classes_dir], &[], &tmp.join("jacoco-ref.xml"));
    let methods: usize = reference.classes.values().map(|c| c.methods.len()).sum();
    assert!(methods > 20_000, "JaCoCo reports only {methods} methods of scala-library and groovy");
    let cfg = ReportConfig {
        dir: tmp.join("ours"),
        formats: Formats { xml: true, html: false, lcov: false },
        sources: Vec::new(),
        name: "scala-groovy-libraries".into(),
        sessions: Vec::new(),
    };
    write_reports(&cfg, &ours).unwrap();
    let ours = Report::from_file(&tmp.join("ours/jacoco.xml"));
    let failures = compare(&reference, &ours, "scala and groovy libraries");
    eprintln!("scala and groovy libraries: filters that fired: {:?}", filters_fired(&classes_dir));
    report_time("profile_scala_groovy libraries", t0.elapsed());
    if !failures.is_empty() {
        panic!(
            "jvmfuzz's analysis of scala-library and groovy differs from JaCoCo's; reports kept in {}:\n  {}",
            tmp.path().display(),
            failures.join("\n  ")
        );
    }
}

/// Every file under `dir`, recursively.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())).flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}
