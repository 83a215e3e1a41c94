//! `libjvmfuzz_junit.so`, the native half of the JUnit integration: the natives of the Java
//! class `com.jvmfuzz.junit.Engine` (java-shim/src/junit), which the jar `jvmfuzz-junit.jar`
//! carries and loads. Each native reads its settings as `key=value` lines, hands them to the
//! engine's [`embedded`](jvmfuzz_fuzzer::embedded) module, and answers in lines too, so the
//! Java side needs no JSON library. No panic crosses into the JVM: each call is wrapped.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::Duration;

use jni::objects::{JClass, JString};
use jni::sys::jstring;
use jni::JNIEnv;
use jvmfuzz_fuzzer::embedded::{self, Campaign, Setup, ToolKind, ToolRun};

mod settings;

use settings::Settings;

/// `static native String ready(String settings)`: readies the JVM (once); null, or why not.
#[no_mangle]
pub extern "system" fn Java_com_jvmfuzz_junit_Engine_ready<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    settings: JString<'l>,
) -> jstring {
    let result = with_settings(&mut env, &settings, |env, s| {
        let setup = Setup {
            class_path: s.get("class_path").unwrap_or_default().to_string(),
            includes: s.get("includes").map(str::to_string),
            excludes: s.get("excludes").map(str::to_string),
            detectors: s.list("detectors"),
            disabled_detectors: s.list("disabled_detectors"),
            verbose: s.flag("verbose")?,
            custom_hooks: s.list("custom_hooks"),
            disabled_hooks: s.list("disabled_hooks"),
            hook_includes: s.get("hook_includes").map(str::to_string),
            hook_excludes: s.get("hook_excludes").map(str::to_string),
            probes: s.flag("probes")?,
        };
        let vm = env.get_java_vm().map_err(|e| format!("JNI: {e}"))?;
        embedded::ready(&vm, env, &setup)
    });
    answer(&mut env, result.err())
}

/// `static native String fuzz(String settings)`: fuzzes one fuzz test on the calling thread.
/// Answers `finding <exception>\t<artifact>\t<id>\t<message>` lines, or `error <why>`.
#[no_mangle]
pub extern "system" fn Java_com_jvmfuzz_junit_Engine_fuzz<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    settings: JString<'l>,
) -> jstring {
    let result = with_settings(&mut env, &settings, |env, s| {
        let campaign = Campaign {
            name: s.get("name").unwrap_or("the fuzz test").to_string(),
            harness: s.require("harness")?.to_string(),
            corpus: PathBuf::from(s.require("corpus")?),
            findings: PathBuf::from(s.require("findings")?),
            artifact_prefix: s.get("artifact_prefix").map(str::to_string),
            seeds: s.list("seeds").into_iter().map(PathBuf::from).collect(),
            dicts: s.list("dict").into_iter().map(PathBuf::from).collect(),
            max_total_time: s.number("max_total_secs")?.map(Duration::from_secs_f64),
            runs: s.number("runs")?.map(|r| r as u64),
            timeout: Duration::from_secs_f64(s.number("timeout_secs")?.unwrap_or(10.0)),
            rss_limit_mb: s.number("rss_limit_mb")?.map(|n| n as u64),
            ignore: s.list("ignore"),
            max_len: s.number("max_len")?.map(|n| n as usize),
            len_control: s.number("len_control")?.map_or(jvmfuzz_fuzzer::length::DEFAULT_LEN_CONTROL, |n| n as u64),
            seed: s.integer("seed")?,
            keep_going: s.flag("keep_going")?,
            max_findings: s.integer("max_findings")?,
            libfuzzer_output: s.flag("libfuzzer_output")?,
            job: s.integer("job")?.map_or(0, |n| n as usize),
            seen: s.list("seen"),
        };
        let vm = env.get_java_vm().map_err(|e| format!("JNI: {e}"))?;
        let found = embedded::fuzz(vm, &campaign)?;
        Ok(found
            .iter()
            .map(|f| {
                format!(
                    "finding {}\t{}\t{}\t{}\n",
                    f.exception,
                    f.artifact.as_deref().unwrap_or(""),
                    f.id,
                    f.message.replace(['\n', '\t'], " ")
                )
            })
            .collect::<String>())
    });
    let text = match result {
        Ok(lines) => lines,
        Err(e) => format!("error {}", e.replace('\n', " | ")),
    };
    answer(&mut env, Some(text))
}

/// `static native String tool(String settings)`: runs `fuzz repro|minimize|cmin|coverage` over
/// one fuzz test (`tool=repro|minimize|cmin|coverage`) on the calling thread. Answers `found`, `nothing`, or
/// `error <why>`.
#[no_mangle]
pub extern "system" fn Java_com_jvmfuzz_junit_Engine_tool<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    settings: JString<'l>,
) -> jstring {
    let result = with_settings(&mut env, &settings, |env, s| {
        let paths = |key: &str| s.list(key).into_iter().map(PathBuf::from).collect::<Vec<_>>();
        let kind = match s.require("tool")? {
            "repro" => ToolKind::Repro(paths("file")),
            "minimize" => ToolKind::Minimize {
                file: PathBuf::from(s.require("file")?),
                out: PathBuf::from(s.require("out")?),
                runs: s.integer("runs")?.unwrap_or(10_000),
            },
            "cmin" => ToolKind::Cmin {
                corpora: paths("corpus"),
                out: PathBuf::from(s.require("out")?),
                merge: s.flag("merge")?,
            },
            "coverage" => ToolKind::Coverage {
                inputs: paths("input"),
                report: PathBuf::from(s.require("report")?),
                sources: paths("source"),
            },
            other => return Err(format!("settings: unknown tool `{other}`")),
        };
        let run = ToolRun {
            harness: s.require("harness")?.to_string(),
            timeout: Duration::from_secs_f64(s.number("timeout_secs")?.unwrap_or(10.0)),
            rss_limit_mb: s.integer("rss_limit_mb")?,
            ignore: s.list("ignore"),
            libfuzzer_output: s.flag("libfuzzer_output")?,
            kind,
        };
        let vm = env.get_java_vm().map_err(|e| format!("JNI: {e}"))?;
        embedded::tool(vm, &run)
    });
    let text = match result {
        Ok(true) => "found".to_string(),
        Ok(false) => "nothing".to_string(),
        Err(e) => format!("error {}", e.replace('\n', " | ")),
    };
    answer(&mut env, Some(text))
}

/// `static native String coverage(String settings)`: writes the coverage of the campaigns run
/// so far into `dir`; answers `ok <summary table>` or `error <why>`.
#[no_mangle]
pub extern "system" fn Java_com_jvmfuzz_junit_Engine_coverage<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    settings: JString<'l>,
) -> jstring {
    let result = with_settings(&mut env, &settings, |_, s| {
        let sources: Vec<PathBuf> = s.list("sources").into_iter().map(PathBuf::from).collect();
        embedded::write_coverage(&PathBuf::from(s.require("dir")?), &sources)
    });
    let text = match result {
        Ok(table) => format!("ok {table}"),
        Err(e) => format!("error {e}"),
    };
    answer(&mut env, Some(text))
}

/// Runs `f` on the parsed settings, with any panic caught (none may cross into the JVM).
fn with_settings<T>(
    env: &mut JNIEnv,
    settings: &JString,
    f: impl FnOnce(&mut JNIEnv, Settings) -> Result<T, String>,
) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let s = Settings::parse(&read(env, settings)?)?;
        f(env, s)
    }))
    .unwrap_or_else(|_| Err("internal error (panic) in libjvmfuzz_junit; see the message above".into()))
}

fn read(env: &mut JNIEnv, s: &JString) -> Result<String, String> {
    env.get_string(s).map(String::from).map_err(|e| format!("JNI: {e}"))
}

/// A Java String of `text`, or null.
fn answer(env: &mut JNIEnv, text: Option<String>) -> jstring {
    match text.map(|t| env.new_string(t)) {
        Some(Ok(s)) => s.into_raw(),
        _ => std::ptr::null_mut(),
    }
}
