//! Kotlin coverage versus JaCoCo 0.8.14, method by method, on `tests/java/kotlin-coverage`.
//!
//! The program uses Kotlin broadly (`when` on enums, sealed classes and strings, default
//! arguments, `@JvmOverloads`, inline and reified functions inlined across files, coroutines
//! and suspending lambdas, `lateinit`, `!!`, safe calls, elvis, casts, data and value classes,
//! delegates, enums, companions, `@JvmStatic`, `@JvmSynthetic`, `synchronized`, callable
//! references, ...) and its `main` runs part of it. It is compiled with kotlinc 2.4 (the
//! embeddable compiler from Maven Central, run on JDK 17: no Kotlin install needed), once per
//! source version (cached under `target/<profile>/jvmfuzz-e2e/`), then run twice: under
//! JaCoCo's agent (then `jacoco-cli report --xml`) and under jvmfuzz's agent
//! (`report=DIR,formats=xml`). Both runs must print the same checksum.
//!
//! Asserted: JaCoCo's reference is sane (the classes are there, coverage is partial), the Kotlin
//! filters the program is meant to exercise do fire, the same classes and methods, and
//! INSTRUCTION, BRANCH, LINE, COMPLEXITY and METHOD equal method by method, and all counters
//! class by class. The failure lists every differing method and counter, after the figure
//! "N of M methods equal".
//!
//! A second test takes Kotlin code nobody wrote for it: every class of kotlinx-coroutines-core
//! and kotlin-stdlib (about 1,900 classes, compiled by JetBrains), with made-up probe data
//! (per class all missed, all covered, or a seeded random mix), written as a JaCoCo `.exec`
//! and reported by JaCoCo's CLI; our analysis of the same bytes and probes must agree method
//! by method and class by class. `JVMFUZZ_KOTLIN_JARS=/a.jar:/b.jar` runs it on other jars.

use jvmfuzz_coverage::{analyze_class, ClassInput, KOTLIN_FILTER_NAMES};
use jvmfuzz_tests::jacoco::Report;
use jvmfuzz_tests::made_up::{self, compare_methods};
use jvmfuzz_tests::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const KOTLIN: &str = "2.4.21";
const COROUTINES: &str = "1.11.0";
const TIMEOUT: Duration = Duration::from_secs(300);

/// The jars kotlinc itself runs with (kotlin-compiler-embeddable and its dependencies).
fn compiler_classpath() -> Vec<PathBuf> {
    vec![
        maven_jar(&format!("org.jetbrains.kotlin:kotlin-compiler-embeddable:{KOTLIN}")),
        maven_jar(&format!("org.jetbrains.kotlin:kotlin-stdlib:{KOTLIN}")),
        maven_jar(&format!("org.jetbrains.kotlin:kotlin-script-runtime:{KOTLIN}")),
        maven_jar(&format!("org.jetbrains.kotlin:kotlin-daemon-embeddable:{KOTLIN}")),
        maven_jar(&format!("org.jetbrains.kotlin:kotlin-build-tools-api:{KOTLIN}")),
        maven_jar("org.jetbrains.kotlin:kotlin-reflect:1.6.10"),
        maven_jar("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:1.8.0"),
        maven_jar("org.jetbrains:annotations:13.0"),
    ]
}

/// What the program compiles against and runs with.
fn program_libraries() -> Vec<PathBuf> {
    vec![
        maven_jar(&format!("org.jetbrains.kotlin:kotlin-stdlib:{KOTLIN}")),
        maven_jar(&format!("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:{COROUTINES}")),
    ]
}

/// FNV-1a over the sources' names and bytes and the compiler version: the cache key.
fn sources_hash(sources: &[PathBuf]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x100_0000_01b3);
        }
    };
    eat(KOTLIN.as_bytes());
    eat(COROUTINES.as_bytes());
    for s in sources {
        eat(s.file_name().map(|n| n.as_encoded_bytes()).unwrap_or_default());
        eat(&std::fs::read(s).unwrap_or_else(|e| panic!("{}: {e}", s.display())));
    }
    h
}

/// Compiles the program (or reuses the classes compiled from the same sources) and returns its
/// classes directory.
fn compile(jdk: &Jdk, sources: &[PathBuf]) -> PathBuf {
    let dir = target_scratch().join(format!("kotlin-coverage-{:016x}", sources_hash(sources)));
    let classes = dir.join("classes");
    if dir.join("ok").is_file() {
        return classes;
    }
    // Compile into a fresh directory and publish it by renaming, so that a concurrent or
    // interrupted run never sees half a build.
    let tmp = target_scratch().join(format!("kotlin-coverage-tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let out = tmp.join("classes");
    std::fs::create_dir_all(&out).unwrap();
    let t = Instant::now();
    let libs = program_libraries();
    let lib_refs: Vec<&Path> = libs.iter().map(PathBuf::as_path).collect();
    let cp = compiler_classpath();
    let cp_refs: Vec<&Path> = cp.iter().map(PathBuf::as_path).collect();
    let mut cmd = Command::new(jdk.java());
    cmd.env_remove("JAVA_TOOL_OPTIONS")
        .arg("-Xss8m")
        .arg("-cp")
        .arg(classpath(&cp_refs))
        .arg("org.jetbrains.kotlin.cli.jvm.K2JVMCompiler")
        .args(["-no-stdlib", "-no-reflect", "-jvm-target", "17", "-classpath"])
        .arg(classpath(&lib_refs))
        .arg("-d")
        .arg(&out)
        .args(sources);
    let res = run(cmd, Duration::from_secs(600));
    assert!(res.success(), "kotlinc {KOTLIN} failed:\n{}", res.dump());
    std::fs::write(tmp.join("ok"), b"").unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    if std::fs::rename(&tmp, &dir).is_err() {
        // Another process published the same build first.
        let _ = std::fs::remove_dir_all(&tmp);
    }
    report_time("profile_kotlin kotlinc", t.elapsed());
    classes
}

fn run_program(jdk: &Jdk, agent: &Agent, classes: &Path, cwd: &Path) -> Output {
    let libs = program_libraries();
    let mut cp: Vec<&Path> = vec![classes];
    cp.extend(libs.iter().map(PathBuf::as_path));
    let out = Java::new(jdk, agent).arg("-cp").arg(classpath(&cp)).arg("kt.MainKt").current_dir(cwd).run(TIMEOUT);
    out.assert_success();
    out
}

fn sanity_of_reference(r: &Report) {
    for c in ["kt/Whens", "kt/Nulls", "kt/FunctionsKt", "kt/Tools", "kt/CoroutinesKt", "kt/Control", "kt/NeverLoaded"] {
        assert!(r.classes.contains_key(c), "{c} missing from JaCoCo's report");
    }
    let methods: usize = r.classes.values().map(|c| c.methods.len()).sum();
    assert!(methods >= 200, "JaCoCo reports only {methods} methods: the program is not built as designed");
    let b = r.total("BRANCH");
    assert!(b.covered > 100 && b.missed > 50, "reference BRANCH totals {b:?}: program not exercised as designed");
}

/// Kotlin filters the program must make fire (change something no earlier filter did). The
/// others match what kotlinc 2.4 no longer emits or does not emit here: `getEntries` and the
/// `@JvmOverloads` overloads lost their line numbers again in Kotlin 2.2 (so `kotlin-generated`
/// takes them), `when` on strings has ecj's shape (the common `string-switch` filter), casts
/// and `!!` call `Intrinsics.checkNotNull`, and there is no kotlinx.serialization, Compose or
/// `$DefaultImpls` code. Their unit tests cover those shapes.
const EXERCISED: [&str; 10] = [
    "kotlin-generated",
    "kotlin-synthetic-accessors",
    "kotlin-safe-call",
    "kotlin-lateinit",
    "kotlin-when",
    "kotlin-inline-class",
    "kotlin-default-arguments",
    "kotlin-inline",
    "kotlin-coroutine",
    "string-switch",
];

/// Every `.class` file under `dir`: (bytes).
fn class_files(dir: &Path) -> Vec<Vec<u8>> {
    files_with_extension(dir, "class")
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// The Kotlin filters that changed something in any method of `classes`.
fn filters_fired(classes: &[Vec<u8>]) -> BTreeSet<&'static str> {
    let mut fired = BTreeSet::new();
    for bytes in classes {
        let Some(c) = analyze_class(&ClassInput { bytes, methods: &[] }, &|_| 0).expect("analysable") else { continue };
        let names = c.methods.iter().flat_map(|m| m.filters.iter()).chain(c.hidden.iter().flat_map(|h| h.1.iter()));
        fired.extend(names.filter(|f| KOTLIN_FILTER_NAMES.contains(f) || **f == "string-switch"));
    }
    fired
}

#[test]
fn kotlin_profile_matches_jacoco_method_by_method() {
    let t0 = Instant::now();
    let jdk = jdk17();
    let src = java_dir("kotlin-coverage/src");
    let sources = files_with_extension(&src, "kt");
    assert!(sources.len() >= 5, "no Kotlin sources under {}", src.display());
    let classes = compile(&jdk, &sources);
    let tmp = TempDir::new("kotlin-cov");

    // ---- JaCoCo reference
    let exec = tmp.join("jacoco.exec");
    let jac_out =
        run_program(&jdk, &Agent::Jacoco(format!("destfile={},includes=kt.*", exec.display())), &classes, tmp.path());
    let reference = jacoco_cli_report(&jdk, &exec, &[&classes], &[&src], &tmp.join("jacoco-ref.xml"));
    sanity_of_reference(&reference);

    // ---- jvmfuzz
    let dir = tmp.join("jvmfuzz-report");
    let opts = format!("includes=kt.*,report={},formats=xml,classfiles={}", dir.display(), classes.display());
    let ours_out = run_program(&jdk, &Agent::Jvmfuzz(opts), &classes, tmp.path());
    assert_eq!(checksum_line(&jac_out), checksum_line(&ours_out), "the program computed something else under jvmfuzz");
    let xml_path = dir.join("jacoco.xml");
    assert!(xml_path.is_file(), "no {} written; stderr:\n{}", xml_path.display(), tail(&ours_out.stderr, 3000));
    let ours = Report::from_file(&xml_path);

    let mut failures = compare_methods(&reference, &ours, "profile_kotlin");
    let fired = filters_fired(&class_files(&classes));
    let missing: Vec<&str> = EXERCISED.iter().copied().filter(|f| !fired.contains(f)).collect();
    if !missing.is_empty() {
        failures.push(format!("the program no longer exercises the Kotlin filters {missing:?} (fired: {fired:?})"));
    }
    report_time("profile_kotlin", t0.elapsed());
    if !failures.is_empty() {
        panic!(
            "jvmfuzz's Kotlin profile differs from JaCoCo's; reports kept in {}:\n  {}",
            tmp.path().display(),
            failures.join("\n  ")
        );
    }
}

/// A tiny deterministic generator (xorshift64*), seeded per class.
#[test]
fn kotlin_libraries_match_jacoco_on_made_up_probe_data() {
    let t0 = Instant::now();
    let jdk = jdk17();
    let tmp = TempDir::new("kotlin-libs");
    let classes_dir = tmp.join("classes");
    std::fs::create_dir_all(&classes_dir).unwrap();
    // JVMFUZZ_KOTLIN_JARS=/a.jar:/b.jar checks other Kotlin jars instead (class names must not
    // repeat across them).
    let jars: Vec<PathBuf> = match std::env::var_os("JVMFUZZ_KOTLIN_JARS") {
        Some(v) => std::env::split_paths(&v).collect(),
        None => program_libraries(),
    };
    for jar in jars {
        let mut cmd = Command::new(jdk.home.join("bin/jar"));
        cmd.arg("xf").arg(&jar).current_dir(&classes_dir);
        run(cmd, TIMEOUT).assert_success();
    }
    // Multi-release copies (module-info) would be a second class of the same name, and
    // JaCoCo analyses anything that looks like a class file whatever its name (the coroutines
    // jar keeps a `DebugProbesKt.bin`): only the `.class` files stay.
    let _ = std::fs::remove_dir_all(classes_dir.join("META-INF"));
    let files = files_with_extension(&classes_dir, "class");
    for other in files_with_extension(&classes_dir, "bin") {
        std::fs::remove_file(&other).unwrap();
    }
    let default_jars = std::env::var_os("JVMFUZZ_KOTLIN_JARS").is_none();
    assert!(files.len() > 1500 || !default_jars, "only {} classes in the Kotlin libraries", files.len());

    let (reference, ours) = made_up::reports(&jdk, &classes_dir, &files, tmp.path(), "kotlin-libraries");
    let methods: usize = reference.classes.values().map(|c| c.methods.len()).sum();
    assert!(methods > 10_000 || !default_jars, "JaCoCo reports only {methods} methods of the Kotlin libraries");
    let failures = compare_methods(&reference, &ours, "kotlin libraries");
    let left: Vec<Vec<u8>> = files.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    eprintln!("kotlin libraries: filters that fired: {:?}", filters_fired(&left));
    report_time("profile_kotlin libraries", t0.elapsed());
    if !failures.is_empty() {
        panic!(
            "jvmfuzz's analysis of Kotlin's libraries differs from JaCoCo's; reports kept in {}:\n  {}",
            tmp.path().display(),
            failures.join("\n  ")
        );
    }
}
