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

use jvmfuzz_coverage::{analyze_class, ClassInput};
use jvmfuzz_tests::jacoco::Report;
use jvmfuzz_tests::made_up::{self, compare_methods};
use jvmfuzz_tests::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const SCALA: &str = "2.13.18";
const GROOVY: &str = "4.0.33";
const TIMEOUT: Duration = Duration::from_secs(300);

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
        checksum_line(&jac_out),
        checksum_line(&ours_out),
        "the {} program computed something else under jvmfuzz",
        lang.name
    );
    let xml_path = dir.join("jacoco.xml");
    assert!(xml_path.is_file(), "no {} written; stderr:\n{}", xml_path.display(), tail(&ours_out.stderr, 3000));
    let ours = Report::from_file(&xml_path);

    let tag = format!("profile_scala_groovy {}", lang.name);
    let mut failures = compare_methods(&reference, &ours, &tag);
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

    let (reference, ours) = made_up::reports(&jdk, &classes_dir, &files, tmp.path(), "scala-groovy-libraries");
    let methods: usize = reference.classes.values().map(|c| c.methods.len()).sum();
    assert!(methods > 20_000, "JaCoCo reports only {methods} methods of scala-library and groovy");
    let failures = compare_methods(&reference, &ours, "scala and groovy libraries");
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
