//! End-to-end: grammar mode (`--grammar`) on targets that reject malformed input. Each bug
//! needs a well-formed input that byte mutations rarely build: parentheses nested ten deep
//! (fuzz.GrammarCalc), a key the target looks up at run time inside a valid JSON document
//! (fuzz.GrammarConfig). Grammars are in tests/java/fuzz-targets/grammars.

mod fuzz_common;

use std::process::Command;
use std::time::Duration;

use fuzz_common::{execs_to_find, fuzz, fuzz_bin, targets};
use jvmfuzz_tests::{self as support, TempDir};

fn grammar(name: &str) -> String {
    support::java_dir(&format!("fuzz-targets/grammars/{name}")).display().to_string()
}

const DEEP: &str = "java.lang.IllegalStateException";

#[test]
fn deeply_nested_bug_is_found_with_the_grammar_and_not_without() {
    let g = grammar("Calc.g4");
    // 139 to 9,171 executions with the grammar (2026-11-26, six runs); byte mode found it in 1
    // of 19 runs of 300,000. Both get the same 50,000 here.
    let s = fuzz("GrammarCalc", &["--grammar", &g, "--runs", "50000"]);
    s.assert_exit(1);
    execs_to_find(&s, DEEP);
    assert!(s.out.stdout.contains("jvmfuzz: grammar: k-paths (k=3) "), "{}", s.out.dump());
    let cov = std::fs::read_to_string(s.findings().join("grammar-coverage.json")).expect("grammar-coverage.json");
    // The 3-paths' entry (pretty-printed JSON): expr>expr>expr and expr>expr>INT.
    let k3 = cov.split("\"3\": {").nth(1).and_then(|rest| rest.split('}').next()).unwrap_or_default();
    assert!(k3.contains("\"possible\": 2,") && k3.contains("\"covered\": 2,"), "{cov}");

    // The finding is a plain file: `fuzz repro` replays it without the grammar.
    let entry = s.summary().into_iter().find(|e| e.exception == DEEP).expect("finding");
    let mut repro = Command::new(fuzz_bin());
    repro
        .current_dir(s.dir.path())
        .args(["repro", "--cp"])
        .arg(&targets().classes)
        .args(["--harness", "fuzz.GrammarCalc"])
        .arg(&entry.input)
        .env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(repro, Duration::from_secs(120));
    assert_eq!(out.status, Some(1), "repro should fail again:\n{}", out.dump());
    assert!(out.stdout.contains(DEEP) || out.stderr.contains(DEEP), "{}", out.dump());

    // Byte mode, the same budget: the balanced nesting does not come by chance.
    let bytes = fuzz("GrammarCalc", &["--runs", "50000"]);
    bytes.assert_exit(0);
}

#[test]
fn keyword_the_target_looks_up_lands_in_a_string_token_of_a_valid_document() {
    // A valid document with a two-entry list under another key: the key the target looks up
    // ("servers", built at run time) must reach a STRING token. From 58 to 15,469 executions
    // over seeds 1-10 (2026-11-26); byte mode from the same seed found nothing in 150,000
    // (seeds 1-3). Without the seed, the structure too must be found by chance: 1.3k to over
    // 1M executions.
    let seeds = TempDir::new("grammar-keyword-seed");
    std::fs::write(seeds.join("pool.json"), "{\"pool\": [1, 2]}\n").unwrap();
    let dir = seeds.path().display().to_string();
    let s = fuzz("GrammarConfig", &["--grammar", &grammar("Json.g4"), "--seed-corpus", &dir, "--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
    let entry = s.summary().into_iter().next().expect("finding");
    let input = std::fs::read_to_string(s.dir.join(&entry.input)).unwrap_or_default();
    assert!(input.contains("\"servers\""), "the finding holds the key as a JSON string: {input}");
}

#[test]
fn seed_files_that_match_are_parsed_into_trees() {
    let seeds = TempDir::new("grammar-seeds");
    // A file ends in a newline; a long list nests one rule per item.
    std::fs::write(seeds.join("ok.json"), "{\"pool\": [1, 2.5e3], \"name\": \"a\\\"b\", \"on\": true}\n").unwrap();
    std::fs::write(seeds.join("long.json"), format!("[{}]", vec!["17"; 5000].join(", "))).unwrap();
    std::fs::write(seeds.join("truncated.json"), r#"{"pool": [1, 2"#).unwrap();
    let dir = seeds.path().display().to_string();
    let s = fuzz("GrammarConfig", &["--grammar", &grammar("Json.g4"), "--seed-corpus", &dir, "--runs", "2000"]);
    assert!(s.out.stdout.contains("grammar: 2 of 3 seed input(s) parsed into trees"), "{}", s.out.dump());
}

#[test]
fn a_nautilus_json_grammar_works_too() {
    let s = fuzz("GrammarCalc", &["--grammar", &grammar("calc.json"), "--runs", "200000"]);
    s.assert_exit(1);
    execs_to_find(&s, DEEP);
}

#[test]
fn unusable_grammars_are_refused_with_the_line_and_rule() {
    let dir = TempDir::new("bad-grammars");
    let cases = [
        ("import.g4", "parser grammar P;\nimport Common;\nr : A ;\n", "import.g4:2", "import"),
        ("tilde.g4", "grammar P;\nr : A ~B ;\nA : 'a' ;\nB : 'b' ;\n", "tilde.g4:2: rule r", "'~' in a parser rule"),
        (
            "endless.g4",
            "grammar P;\nr : x ;\nx : '(' x ')' ;\n",
            "endless.g4:3: rule x",
            "cannot derive any finite input",
        ),
        ("undefined.g4", "grammar P;\nr : x ;\n", "undefined.g4:2: rule r", "x is not defined"),
        ("broken.g4", "grammar P;\nr : 'a\n", "broken.g4:2", "unterminated"),
    ];
    for (file, text, place, what) in cases {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let s = fuzz("GrammarCalc", &["--grammar", &path.display().to_string(), "--runs", "10"]);
        s.assert_exit(2);
        assert!(
            s.out.stderr.contains(place) && s.out.stderr.contains(what),
            "{file}: expected {place} and {what}:\n{}",
            s.out.dump()
        );
    }
    let s = fuzz("GrammarCalc", &["--grammar", &grammar("Calc.g4"), "--grammar-start", "nope", "--runs", "10"]);
    s.assert_exit(2);
    assert!(s.out.stderr.contains("--grammar-start nope: no such rule (rules: expr)"), "{}", s.out.dump());
}
