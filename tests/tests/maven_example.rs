//! Real use case (b): a Maven project's surefire tests run under the agent.
//!
//! `tests/maven-example` is copied to a temp dir (its target/ stays out of the tree) and run as
//! `mvn -o -q test -DargLine="-agentpath:<so>=includes=com.example.*,report=<dir>"` (offline:
//! `scripts/fetch-test-deps.sh` primes the local repository). The same is done with JaCoCo's
//! agent in argLine for a reference.
//! Asserted: the build passes under the agent; the report shows the hand-derived coverage of
//! `com.example.Calculator` (see the tests there); BRANCH/METHOD equal JaCoCo's.

use jvmfuzz_tests::jacoco::{self, get, Counter, Report};
use jvmfuzz_tests::*;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const CALC: &str = "com/example/Calculator";

fn mvn_test(project: &Path, jdk: &Jdk, arg_line: &str) -> Output {
    let mut cmd = Command::new("mvn");
    cmd.current_dir(project)
        .env("JAVA_HOME", &jdk.home)
        .env_remove("MAVEN_OPTS")
        .args(["-o", "-q", "-B", "-Dstyle.color=never", "test"])
        .arg(format!("-DargLine={arg_line}"));
    if let Some(repo) = std::env::var_os("MAVEN_REPO_LOCAL") {
        cmd.arg(format!("-Dmaven.repo.local={}", repo.to_string_lossy()));
    }
    let out = run(cmd, Duration::from_secs(600));
    if !out.success() {
        panic!(
            "mvn -o test failed (a dependency resolution error means scripts/fetch-test-deps.sh has not primed the Maven repository):\n{}",
            out.dump()
        );
    }
    out
}

#[test]
fn maven_surefire_under_agent() {
    let t0 = Instant::now();
    let jdk = jdk17();
    let tmp = TempDir::new("maven");
    let so = agent_so();

    // JaCoCo reference (own copy of the project: a clean target/ each).
    let proj_ref = tmp.join("ref");
    copy_dir(&tests_dir().join("maven-example"), &proj_ref);
    let _ = std::fs::remove_dir_all(proj_ref.join("target"));
    let exec = tmp.join("jacoco.exec");
    mvn_test(
        &proj_ref,
        &jdk,
        &format!("-javaagent:{}=destfile={},includes=com.example.*", jacoco_agent_jar().display(), exec.display()),
    );
    let reference = jacoco_cli_report(
        &jdk,
        &exec,
        &[&proj_ref.join("target/classes")],
        &[&proj_ref.join("src/main/java")],
        &tmp.join("jacoco-ref.xml"),
    );
    let t_ref = t0.elapsed();

    // jvmfuzz.
    let t1 = Instant::now();
    let proj = tmp.join("proj");
    copy_dir(&tests_dir().join("maven-example"), &proj);
    let _ = std::fs::remove_dir_all(proj.join("target"));
    let dir = tmp.join("report");
    let out =
        mvn_test(&proj, &jdk, &format!("-agentpath:{}=includes=com.example.*,report={}", so.display(), dir.display()));
    let t_ours = t1.elapsed();
    // surefire writes the forked JVM's stderr into target/surefire-reports when quiet; the agent
    // summary line may be there or in mvn's output.
    let mut all_err = out.stderr.clone() + &out.stdout;
    if let Ok(rd) = std::fs::read_dir(proj.join("target/surefire-reports")) {
        for e in rd.flatten() {
            if let Ok(s) = std::fs::read_to_string(e.path()) {
                all_err.push_str(&s);
            }
        }
    }
    eprintln!("agent summary: {:?}", parse_agent_summary(&all_err));
    let xml = dir.join("jacoco.xml");
    assert!(xml.is_file(), "no {} after the Maven run:\n{}", xml.display(), out.dump());
    let ours = Report::from_file(&xml);
    let calc = ours.classes.get(CALC).unwrap_or_else(|| panic!("{CALC} not in report: {:?}", ours.classes.keys()));
    let br = |k: &str| {
        let m = calc.methods.get(k).unwrap_or_else(|| panic!("{CALC}.{k} not in report: {:?}", calc.methods.keys()));
        (get(&m.counters, "BRANCH"), get(&m.counters, "METHOD"))
    };
    // From CalculatorTest: classify(-4), classify(7) → n<0 both ways, n==0 false only, n<10 true only.
    assert_eq!(
        br("classify(I)Ljava/lang/String;"),
        (Counter { missed: 2, covered: 4 }, Counter { missed: 0, covered: 1 })
    );
    // divide(9,3) and divide(1,0): both arms.
    assert_eq!(br("divide(II)I"), (Counter { missed: 0, covered: 2 }, Counter { missed: 0, covered: 1 }));
    // factorial never called.
    assert_eq!(br("factorial(I)J"), (Counter { missed: 2, covered: 0 }, Counter { missed: 1, covered: 0 }));
    assert_eq!(br("add(II)I"), (Counter::default(), Counter { missed: 0, covered: 1 }));

    let diffs: Vec<String> = jacoco::diff(&reference, &ours, &["BRANCH", "METHOD"], ("JaCoCo", "jvmfuzz"))
        .into_iter()
        .filter(|d| !matches!(d, jacoco::Diff::ClassOnlyIn { side: "jvmfuzz", .. })) // test classes
        .map(|d| d.to_string())
        .collect();
    report_time("maven example: JaCoCo reference (mvn + report)", t_ref);
    report_time("maven example: mvn -o test under jvmfuzz", t_ours);
    report_time("maven_surefire_under_agent", t0.elapsed());
    assert!(diffs.is_empty(), "jvmfuzz differs from JaCoCo on the Maven run:\n  {}", diffs.join("\n  "));
}
