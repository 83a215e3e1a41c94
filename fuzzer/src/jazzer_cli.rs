//! Jazzer's and libFuzzer's command line, as OSS-Fuzz's Java build scripts and runners pass it:
//! `fuzz --cp=A:B --target_class=X --jvm_args=-Xmx2g -runs=100 -timeout=25 corpus/`. When an
//! argument is one of theirs, the whole command line is read their way and rewritten into
//! `fuzz`'s own options before clap sees it; any other command line is left alone.
//!
//! Positional arguments are libFuzzer's: folders are corpora (the first one gets new inputs,
//! the others are read only), files are inputs to run once each (`fuzz repro`); with
//! `-merge=1` the folders are merged into the first (`fuzz cmin --merge`), with
//! `-minimize_crash=1` the file is minimised (`fuzz minimize`). Findings are also written as
//! `crash-<sha1>` (or under `-artifact_prefix`) and printed as Jazzer prints them.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::Path;

use crate::custom_hooks;

/// Jazzer's own long flags (`--name=value`, `--name` for the booleans).
const JAZZER_FLAGS: &[&str] = &[
    "cp",
    "target_class",
    "target_method",
    "jvm_args",
    "additional_jvm_args",
    "instrumentation_includes",
    "instrumentation_excludes",
    "custom_hook_includes",
    "custom_hook_excludes",
    "custom_hooks",
    "disabled_hooks",
    "nohooks",
    "keep_going",
    "reproducer_path",
    "agent_path",
    "autofuzz",
    "autofuzz_ignore",
    "hooks",
];

/// libFuzzer flags with no counterpart that change nothing jvmfuzz does (it always uses a
/// value profile, has no leak detection for Java).
const LIBFUZZER_NO_OPS: &[&str] = &[
    "use_value_profile",
    "close_fd_mask",
    "detect_leaks",
    "reload",
    "print_pcs",
    "print_coverage",
    "print_corpus_stats",
    "handle_segv",
    "handle_abrt",
    "handle_bus",
    "handle_ill",
    "handle_fpe",
    "report_slow_units",
    "prefer_small",
    "shrink",
    "verbosity",
    "entropic",
];

/// Whether `args` (without the program name) are Jazzer's or libFuzzer's.
pub fn is_jazzer_style(args: &[OsString]) -> bool {
    // `--cp=X` alone is also clap's spelling of fuzz's own `--cp X`: it takes a flag only
    // Jazzer or libFuzzer have (`--target_class=` is in every Jazzer command line).
    args.iter()
        .filter_map(|a| a.to_str())
        .any(|a| jazzer_flag(a).is_some_and(|(n, _)| n != "cp") || libfuzzer_flag(a).is_some())
}

/// `--name=value` or `--name` of Jazzer's flags: (name, value).
fn jazzer_flag(a: &str) -> Option<(&str, Option<&str>)> {
    let rest = a.strip_prefix("--")?;
    let (name, value) = match rest.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (rest, None),
    };
    // `--cp X` (a space) is fuzz's own spelling; only `--cp=X` is Jazzer's.
    if name == "cp" && value.is_none() {
        return None;
    }
    JAZZER_FLAGS.contains(&name).then_some((name, value))
}

/// `-name=value` of libFuzzer's flags: (name, value).
fn libfuzzer_flag(a: &str) -> Option<(&str, &str)> {
    let rest = a.strip_prefix('-').filter(|r| !r.starts_with('-'))?;
    let (name, value) = rest.split_once('=')?;
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_' || b.is_ascii_digit()))
        .then_some((name, value))
}

/// Splits Jazzer's `:`-separated lists, where `\:` is a literal colon.
pub fn split_list(v: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = v.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&':') => {
                chars.next();
                if let Some(last) = out.last_mut() {
                    last.push(':');
                }
            }
            ':' => out.push(String::new()),
            c => {
                if let Some(last) = out.last_mut() {
                    last.push(c);
                }
            }
        }
    }
    out.into_iter().filter(|s| !s.is_empty()).collect()
}

/// Jazzer's class globs (`com.acme.**` any depth, `com.acme.*` one package) as fuzz's, where
/// `*` already spans dots: `**` becomes `*`, so `com.acme.*` also matches subpackages.
fn globs(v: &str) -> String {
    split_list(v).iter().map(|g| g.replace("**", "*")).collect::<Vec<_>>().join(":")
}

fn number(flag: &str, v: &str) -> Result<i64, String> {
    v.trim().parse::<i64>().map_err(|_| format!("-{flag}={v}: give a whole number, e.g. -{flag}=100"))
}

/// What the positional arguments and flags ask for.
#[derive(Debug, Default, PartialEq, Eq)]
enum Mode {
    #[default]
    Fuzz,
    Merge,
    MinimizeCrash,
}

/// Rewrites a Jazzer/libFuzzer command line (without the program name) into `fuzz`'s own.
/// Errors name the flag and say what to do instead (exit status 2). `takes_value` says which
/// of fuzz's own long options (named without `--`) take a value: given mixed in as
/// `--option VALUE`, the value is the option's, not a positional corpus or input.
pub fn translate(args: &[OsString], takes_value: &dyn Fn(&str) -> bool) -> Result<Vec<OsString>, String> {
    let mut target: Vec<String> = Vec::new();
    let mut fuzz: Vec<String> = vec!["--libfuzzer-output".into(), "--progress".into(), "plain".into()];
    // Options given once: as libFuzzer and Jazzer do, the last of a repeated flag wins.
    let mut tonce: BTreeMap<&'static str, String> = BTreeMap::new();
    let mut fonce: BTreeMap<&'static str, String> = BTreeMap::new();
    let mut mode = Mode::Fuzz;
    let mut dirs: Vec<String> = Vec::new();
    let mut files: Vec<String> = Vec::new();
    let mut artifact_prefix = Some(String::new());
    let mut runs: Option<String> = None;
    let mut value_of_native = false;
    for arg in args {
        let a = arg.to_str().ok_or_else(|| format!("argument {arg:?} is not valid UTF-8"))?;
        if std::mem::take(&mut value_of_native) {
            target.push(a.to_string());
        } else if let Some((name, value)) = jazzer_flag(a) {
            let v = || value.ok_or_else(|| format!("--{name}: give a value, e.g. --{name}=..."));
            match name {
                "cp" => {
                    tonce.insert("--cp", v()?.to_string());
                }
                "target_class" => {
                    tonce.insert("--harness", v()?.to_string());
                }
                // A JUnit @FuzzTest method; fuzzerTestOneInput is what --target_class= alone runs.
                "target_method" => {
                    let m = v()?;
                    if m == "fuzzerTestOneInput" {
                        tonce.remove("--fuzz-test");
                    } else {
                        tonce.insert("--fuzz-test", m.to_string());
                    }
                }
                "jvm_args" | "additional_jvm_args" => {
                    for j in split_list(v()?) {
                        target.push(format!("--jvm-arg={j}"));
                    }
                }
                "instrumentation_includes" => {
                    tonce.insert("--includes", globs(v()?));
                }
                "instrumentation_excludes" => {
                    tonce.insert("--excludes", globs(v()?));
                }
                "custom_hooks" => {
                    for h in split_list(v()?).into_iter().filter(|h| !h.is_empty()) {
                        target.extend(["--custom-hooks".into(), h]);
                    }
                }
                "disabled_hooks" => {
                    for h in split_list(v()?).into_iter().filter(|h| !h.is_empty()) {
                        target.extend(["--disabled-hooks".into(), h]);
                    }
                }
                "custom_hook_includes" => {
                    tonce.insert("--custom-hook-includes", globs(v()?));
                }
                "custom_hook_excludes" => {
                    tonce.insert("--custom-hook-excludes", globs(v()?));
                }
                // Jazzer's built-in hooks are its comparison tracing and bug detectors;
                // jvmfuzz's comparison tracing is not a hook, and it loads no Java agent. The
                // one built-in hook it has the same way is the regex roadblocks.
                "nohooks" => {
                    target.extend(["--disabled-hooks".into(), custom_hooks::REGEX_ROADBLOCKS.into()]);
                }
                // gflags' false: 0, f, false, n, no (any case).
                "hooks"
                    if value.is_some_and(|v| {
                        matches!(v.trim().to_ascii_lowercase().as_str(), "0" | "f" | "false" | "n" | "no")
                    }) =>
                {
                    target.extend(["--disabled-hooks".into(), custom_hooks::REGEX_ROADBLOCKS.into()]);
                }
                "hooks" => {}
                // Jazzer's agent jar: no agent here, but it carries Jazzer's API, which
                // OSS-Fuzz's --cp= leaves out.
                "agent_path" => {
                    tonce.insert("--jazzer-api", v()?.to_string());
                }
                "keep_going" => {
                    let n = number(name, v()?)?;
                    fonce.remove("--keep-going");
                    fonce.remove("--max-findings");
                    if n != 1 {
                        fonce.insert("--keep-going", String::new());
                        if n > 1 {
                            fonce.insert("--max-findings", n.to_string());
                        }
                    }
                }
                "reproducer_path" => {
                    fonce.insert("--reproducer-path", v()?.to_string());
                }
                "autofuzz" => {
                    tonce.insert("--target", v()?.to_string());
                }
                "autofuzz_ignore" => {
                    for e in v()?.split(',').filter(|e| !e.is_empty()) {
                        target.extend(["--ignore-exception".into(), e.to_string()]);
                    }
                }
                _ => {}
            }
        } else if let Some((name, value)) = libfuzzer_flag(a) {
            match name {
                "runs" => {
                    let n = number(name, value)?;
                    if n >= 0 {
                        runs = Some(n.max(1).to_string());
                    }
                }
                "max_total_time" => {
                    let n = number(name, value)?;
                    if n > 0 {
                        fonce.insert("--max-total-time", n.to_string());
                    }
                }
                "timeout" => {
                    let n = number(name, value)?;
                    if n > 0 {
                        tonce.insert("--timeout", n.to_string());
                    }
                }
                "rss_limit_mb" => {
                    let n = number(name, value)?;
                    if n > 0 {
                        tonce.insert("--rss-limit-mb", n.to_string());
                    }
                }
                "malloc_limit_mb" => {
                    tonce.insert("--malloc-limit-mb", number(name, value)?.max(0).to_string());
                }
                "max_len" => {
                    fonce.insert("--max-len", number(name, value)?.max(1).to_string());
                }
                "len_control" => {
                    fonce.insert("--len-control", number(name, value)?.max(0).to_string());
                }
                "dict" => fuzz.extend(["--dict".into(), value.to_string()]),
                "artifact_prefix" => artifact_prefix = Some(value.to_string()),
                "seed" => {
                    let n = number(name, value)?;
                    if n != 0 {
                        fonce.insert("--seed", n.unsigned_abs().to_string());
                    }
                }
                "jobs" | "fork" | "workers" => {
                    let n = number(name, value)?;
                    if n > 1 {
                        fonce.insert("--jobs", n.to_string());
                    }
                }
                "print_final_stats" if value != "0" => {
                    fonce.insert("--print-final-stats", String::new());
                }
                "print_final_stats" => {}
                "merge" if value == "1" => mode = Mode::Merge,
                "minimize_crash" if value == "1" => mode = Mode::MinimizeCrash,
                "merge" | "minimize_crash" => {}
                n if LIBFUZZER_NO_OPS.contains(&n) => {}
                n => eprintln!("jvmfuzz: ignoring libFuzzer flag -{n}={value} (no counterpart in jvmfuzz)"),
            }
        } else if a.starts_with('-') {
            // fuzz's own options mixed in (`--verbose`, `--disable-detectors LIST`, ...):
            // passed on, with the value that follows one that takes a value.
            value_of_native = a.starts_with("--") && !a.contains('=') && takes_value(&a[2..]);
            target.push(a.to_string());
        } else if Path::new(a).is_dir() {
            dirs.push(a.to_string());
        } else if Path::new(a).is_file() {
            files.push(a.to_string());
        } else {
            return Err(format!(
                "{a}: no such file or folder (libFuzzer's positional arguments are corpus folders or input files)"
            ));
        }
    }
    for (k, v) in tonce {
        target.push(k.to_string());
        target.push(v);
    }
    for (k, v) in fonce {
        fuzz.push(k.to_string());
        if !v.is_empty() {
            fuzz.push(v);
        }
    }
    let mut out: Vec<String> = Vec::new();
    match mode {
        Mode::Merge => {
            let (first, rest) = dirs
                .split_first()
                .ok_or("-merge=1: give the output corpus folder, then the folders to merge into it")?;
            out.push("cmin".into());
            out.extend(target);
            out.extend(["--out".into(), first.clone(), "--merge".into()]);
            for d in rest {
                out.extend(["--corpus".into(), d.clone()]);
            }
        }
        Mode::MinimizeCrash => {
            let [file] = files.as_slice() else {
                return Err("-minimize_crash=1: give exactly one crashing input file".into());
            };
            out.push("minimize".into());
            out.extend(target);
            if let Some(r) = runs {
                out.extend(["--runs".into(), r]);
            }
            out.push(file.clone());
        }
        Mode::Fuzz if !files.is_empty() => {
            out.extend(["repro".into(), "--libfuzzer-output".into()]);
            out.extend(target);
            out.extend(files);
        }
        Mode::Fuzz => {
            out.extend(target);
            out.extend(fuzz);
            if let Some(r) = runs {
                out.extend(["--runs".into(), r]);
            }
            if let Some(p) = artifact_prefix {
                out.extend(["--artifact-prefix".into(), p]);
            }
            if let Some((first, rest)) = dirs.split_first() {
                out.extend(["--corpus".into(), first.clone()]);
                for d in rest {
                    out.extend(["--seed-corpus".into(), d.clone()]);
                }
            }
        }
    }
    Ok(out.into_iter().map(OsString::from).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(args: &[&str]) -> Result<Vec<String>, String> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let takes_value = |long: &str| ["disable-detectors", "corpus"].contains(&long);
        translate(&args, &takes_value).map(|v| v.into_iter().map(|s| s.into_string().unwrap()).collect())
    }

    #[test]
    fn jazzer_and_libfuzzer_flags_are_recognised_and_fuzz_flags_are_not() {
        let yes = |a: &[&str]| is_jazzer_style(&a.iter().map(OsString::from).collect::<Vec<_>>());
        assert!(yes(&["--cp=a.jar", "--target_class=X"]));
        assert!(yes(&["-runs=100"]));
        assert!(!yes(&["--cp", "a.jar", "--harness", "X", "--runs", "5"]));
        assert!(!yes(&["repro", "--cp", "a", "--harness", "X", "in"]));
        assert!(!yes(&["--cp=target/classes", "--harness", "X"]), "fuzz's own --cp=, spelt with =");
    }

    #[test]
    fn oss_fuzz_run_line() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-jazzer-cli-{}", std::process::id()));
        let seeds = dir.join("seeds");
        std::fs::create_dir_all(&seeds).unwrap();
        let (d, s) = (dir.to_string_lossy().to_string(), seeds.to_string_lossy().to_string());
        let out = t(&[
            "--cp=a.jar:b.jar",
            "--target_class=com.acme.Fuzzer",
            "--jvm_args=-Xmx2048m:-Dx=a\\:b",
            "--instrumentation_includes=com.acme.**:org.x.*",
            "--keep_going=3",
            "-rss_limit_mb=2560",
            "-malloc_limit_mb=512",
            "-timeout=25",
            "-runs=100",
            "-seed=7",
            "-use_value_profile=1",
            "-len_control=0",
            &d,
            &s,
        ])
        .unwrap();
        let joined = out.join(" ");
        for want in [
            "--cp a.jar:b.jar",
            "--harness com.acme.Fuzzer",
            "--jvm-arg=-Xmx2048m",
            "--jvm-arg=-Dx=a:b",
            "--includes com.acme.*:org.x.*",
            "--keep-going",
            "--max-findings 3",
            "--rss-limit-mb 2560",
            "--malloc-limit-mb 512",
            "--timeout 25",
            "--runs 100",
            "--seed 7",
            "--len-control 0",
            "--libfuzzer-output",
            "--artifact-prefix ",
        ] {
            assert!(joined.contains(want), "{want:?} missing from {joined}");
        }
        assert!(joined.ends_with(&format!("--corpus {d} --seed-corpus {s}")), "{joined}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn files_replay_merge_and_minimize() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-jazzer-cli-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::create_dir_all(dir.join("b")).unwrap();
        std::fs::write(dir.join("crash-1"), b"x").unwrap();
        let p = |n: &str| dir.join(n).to_string_lossy().to_string();
        let base = ["--cp=a.jar", "--target_class=X"];
        let r = t(&[&base[..], &[&p("crash-1")]].concat()).unwrap();
        assert_eq!(r[0], "repro");
        assert_eq!(r.last().unwrap(), &p("crash-1"));
        let m = t(&[&base[..], &["-merge=1", &p("a"), &p("b")]].concat()).unwrap();
        assert_eq!(m[0], "cmin");
        assert!(m.join(" ").contains(&format!("--out {} --merge --corpus {}", p("a"), p("b"))), "{m:?}");
        let z = t(&[&base[..], &["-minimize_crash=1", "-runs=500", &p("crash-1")]].concat()).unwrap();
        assert_eq!(z[0], "minimize");
        assert!(z.join(" ").contains("--runs 500"), "{z:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `--disable-detectors xml-external-entity` among Jazzer's flags: the list is the option's
    /// value, not a missing corpus folder (it was refused as one).
    #[test]
    fn a_native_option_keeps_the_value_after_it() {
        let a = t(&["--cp=a.jar", "--target_class=X", "--disable-detectors", "xml-external-entity", "--verbose"]);
        let a = a.unwrap().join(" ");
        assert!(a.contains("--disable-detectors xml-external-entity --verbose"), "{a}");
        // A flag that takes no value leaves what follows a positional argument.
        let b = t(&["--cp=a.jar", "--target_class=X", "--verbose", "no-such-folder"]);
        assert!(b.is_err_and(|e| e.contains("no-such-folder: no such file or folder")));
    }

    #[test]
    fn hook_flags_become_native_ones() {
        let a = t(&[
            "--cp=a.jar",
            "--target_class=X",
            "--custom_hooks=com.acme.A:com.acme.B",
            "--disabled_hooks=com.acme.B",
            "--custom_hook_includes=com.acme.**",
            "--custom_hook_excludes=com.acme.gen.*",
            "--nohooks",
        ])
        .unwrap()
        .join(" ");
        assert!(a.contains("--custom-hooks com.acme.A --custom-hooks com.acme.B"), "{a}");
        assert!(a.contains("--disabled-hooks com.acme.B"), "{a}");
        assert!(a.contains("--custom-hook-includes com.acme.*"), "{a}");
        assert!(a.contains("--custom-hook-excludes com.acme.gen.*"), "{a}");
        // Jazzer's --nohooks (or --hooks=false) turns its built-in hooks off: the regex
        // roadblocks are the one jvmfuzz has as a hook.
        assert!(a.contains(&format!("--disabled-hooks {}", custom_hooks::REGEX_ROADBLOCKS)), "{a}");
        let b = t(&["--cp=a.jar", "--target_class=X", "--hooks=False"]).unwrap().join(" ");
        assert!(b.contains(&format!("--disabled-hooks {}", custom_hooks::REGEX_ROADBLOCKS)), "{b}");
        let c = t(&["--cp=a.jar", "--target_class=X", "--hooks=true"]).unwrap().join(" ");
        assert!(!c.contains("--disabled-hooks"), "{c}");
    }

    #[test]
    fn a_target_method_is_a_junit_fuzz_test() {
        let out = t(&["--cp=a.jar", "--target_class=X", "--target_method=parse", "-runs=5"]).unwrap().join(" ");
        assert!(out.contains("--harness X") && out.contains("--fuzz-test parse"), "{out}");
        let out = t(&["--cp=a.jar", "--target_class=X", "--target_method=fuzzerTestOneInput"]).unwrap().join(" ");
        assert!(!out.contains("--fuzz-test"), "{out}");
    }

    #[test]
    fn wrong_input_says_what_to_fix() {
        let e = t(&["--cp=a.jar", "-runs=many"]).unwrap_err();
        assert!(e.contains("-runs=many"), "{e}");
        let e = t(&["--cp=a.jar", "/no/such/corpus"]).unwrap_err();
        assert!(e.contains("/no/such/corpus"), "{e}");
    }

    #[test]
    fn a_repeated_flag_is_given_once_the_last_value_winning() {
        let out =
            t(&["--cp=a.jar", "--target_class=X", "-timeout=10", "-timeout=25", "-jobs=8", "-workers=8"]).unwrap();
        let joined = out.join(" ");
        assert_eq!(joined.matches("--timeout").count(), 1, "{joined}");
        assert!(joined.contains("--timeout 25"), "{joined}");
        assert_eq!(joined.matches("--jobs").count(), 1, "{joined}");
    }

    #[test]
    fn escaped_colons_stay_in_one_element() {
        assert_eq!(split_list("a:b\\:c::d"), vec!["a", "b:c", "d"]);
    }
}
