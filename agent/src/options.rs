//! The `-agentpath:libjvmfuzz_agent.so=OPTIONS` option string.
//!
//! OPTIONS is a comma-separated list of `key=value` pairs and flags:
//!
//! | option            | meaning                                                           | default |
//! |-------------------|-------------------------------------------------------------------|---------|
//! | `includes=GLOBS`  | classes to instrument                                             | all but the JDK and jvmfuzz |
//! | `excludes=GLOBS`  | classes not to instrument (wins over includes)                    | none |
//! | `report=DIR`      | where reports are written                                          | `jvmfuzz-coverage` |
//! | `formats=LIST`    | report formats: `xml`, `html`, `lcov`, or `none`                  | `xml+html+lcov` |
//! | `sources=DIRS`    | `:`-separated source roots for the HTML report                    | none |
//! | `counts=MODE`     | `covered`: the fewest of JaCoCo's probes that determine them all, each a flag store; `jacoco`: every one of JaCoCo's probes, each a flag store; `exact`: entry, branch-arm and JaCoCo probes, every hit counted | `covered` |
//! | `verbose`         | log every class that could not be instrumented, and why           | off |
//! | `dump=FILE`       | debugging aid: write `id count` lines for every probe at exit     | off |
//! | `classfiles=PATHS`| `:`-separated folders, jars and class files: every class there that the filters select is in the reports, never-loaded ones as missed | none |
//! | `destfile=FILE`   | also write JaCoCo's execution data (`.exec`) to FILE               | none |
//! | `append=BOOL`     | with `destfile`: append to an existing FILE (`true`) or replace it | `true` |
//! | `first_probe=N`   | a test aid: the first probe id is N, so small programs reach ids past the static final flag array | 0 |
//! | `analysis=WHEN`   | `background`: analyse classes during the run on an idle-priority thread, redo at exit only those whose coverage changed since; `exit`: all at exit | `background` |
//!
//! GLOBS is a `:`-separated list of class-name patterns with JaCoCo semantics: names are
//! dotted (`com.acme.Foo`, nested classes `com.acme.Foo$Bar`), `*` matches any run of characters
//! including dots, `?` exactly one character (`com.acme.*` matches every class under com.acme).
//! `/` is accepted in place of `.`.
//!
//! Commas separate options, so LIST separates formats with `+` or `:` (`formats=xml+html`,
//! `formats=xml:lcov`).
//!
//! `counts` only changes what is measured, never the reports (JaCoCo's model is boolean):
//! - `covered` (default) inserts only probes the reports read (JaCoCo's, see
//!   `instrument::plan::jacoco_only`), and of those only the ones that others do not imply
//!   (`instrument::reduce`), each a store `Probes.flags[id] = true` in the rewritten code
//!   itself (no call; see `jvm::flag_probes`). The `dump` counts are then 0 or 1.
//! - `jacoco` is `covered` with every one of JaCoCo's probes inserted (no reduction).
//! - `exact` inserts method-entry and branch-arm probes as well, each a call to `Probes.hit`,
//!   which records every hit: the `dump` holds exact per-probe hit counts. Slower.
//!
//! Without `includes`, everything is instrumented except the JDK (`java.*`, `javax.*`, `jdk.*`,
//! `sun.*`, `com.sun.*`). With `includes`, JDK classes can be included explicitly, except the
//! packages the probe itself executes before its re-entrancy guard (`java.lang.*`,
//! `jdk.internal.*`), which are never instrumented, like jvmfuzz's own `com.jvmfuzz.*`.

use std::fmt;
use std::path::PathBuf;

pub use jvmfuzz_jvm::filter::{ClassFilter, Glob};
pub use jvmfuzz_jvm::load::CountMode;

/// The option names, for error messages.
pub const OPTION_NAMES: &str =
    "includes, excludes, report, formats, sources, verbose, dump, counts, analysis, classfiles, destfile, append, first_probe";
pub const ANALYSIS_NAMES: &str = "background, exit";
pub const FORMAT_NAMES: &str = "xml, html, lcov, none";
pub const COUNTS_NAMES: &str = "covered, jacoco, exact";
pub const DEFAULT_REPORT_DIR: &str = "jvmfuzz-coverage";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("unknown option `{name}`; valid options: {OPTION_NAMES}")]
    Unknown { name: String },
    #[error("option `{name}` needs a value ({usage}); valid options: {OPTION_NAMES}")]
    MissingValue { name: String, usage: &'static str },
    #[error("option `{name}` takes no value other than true or false (got `{value}`)")]
    UnexpectedValue { name: String, value: String },
    #[error("option `{name}` is given twice")]
    Duplicate { name: String },
    #[error(
        "option `formats`: unknown report format `{value}`; valid formats: {FORMAT_NAMES} (separate them with + or :)"
    )]
    BadFormat { value: String },
    #[error("option `counts`: unknown mode `{value}`; valid modes: {COUNTS_NAMES}")]
    BadCounts { value: String },
    #[error("option `{name}`: `{value}` is not a whole number from 0 to 4294967295")]
    BadNumber { name: String, value: String },
    #[error("option `analysis`: unknown value `{value}`; valid values: {ANALYSIS_NAMES}")]
    BadAnalysis { value: String },
    #[error("option `{name}`: empty pattern in `{value}` (separate class-name globs with :)")]
    EmptyPattern { name: String, value: String },
    #[error("option `{name}`: invalid character {ch:?} in pattern `{pattern}`")]
    BadPattern { name: String, pattern: String, ch: char },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportFormat {
    Xml,
    Html,
    Lcov,
}

impl fmt::Display for ReportFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReportFormat::Xml => "xml",
            ReportFormat::Html => "html",
            ReportFormat::Lcov => "lcov",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentOptions {
    pub filter: ClassFilter,
    pub report_dir: PathBuf,
    /// Distinct, in the order given; empty = no reports (`formats=none`).
    pub formats: Vec<ReportFormat>,
    pub sources: Vec<PathBuf>,
    pub verbose: bool,
    /// Debugging aid: `id count` per probe written here at VM death.
    pub dump: Option<PathBuf>,
    pub counts: CountMode,
    /// `analysis=background` (default): analyse classes during the run at idle priority and
    /// redo at VM death only those whose coverage changed since; `exit`: all at VM death.
    pub background_analysis: bool,
    /// `first_probe=N`, a test aid: probe ids start at N (so that small test programs reach
    /// the ids past `flag_probes::FIXED_LEN`, which go to the growable flag array).
    pub first_probe: u32,
    /// `classfiles=PATHS`: class files the reports cover besides the loaded classes.
    pub classfiles: Vec<PathBuf>,
    /// `destfile=FILE`: JaCoCo's execution data written at exit.
    pub destfile: Option<PathBuf>,
    /// `append=true|false` (JaCoCo's default `true`): add to an existing `destfile`.
    pub append: bool,
}

impl Default for AgentOptions {
    fn default() -> Self {
        Self {
            filter: ClassFilter::default(),
            report_dir: PathBuf::from(DEFAULT_REPORT_DIR),
            formats: vec![ReportFormat::Xml, ReportFormat::Html, ReportFormat::Lcov],
            sources: Vec::new(),
            verbose: false,
            dump: None,
            counts: CountMode::Covered,
            background_analysis: true,
            first_probe: 0,
            classfiles: Vec::new(),
            destfile: None,
            append: true,
        }
    }
}

impl AgentOptions {
    /// Parses the option string (None or empty = all defaults). Empty items (a trailing comma)
    /// are ignored.
    pub fn parse(options: Option<&str>) -> Result<Self, OptionsError> {
        let mut opts = AgentOptions::default();
        let mut seen: Vec<&str> = Vec::new();
        for item in options.unwrap_or("").split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item, None),
            };
            let name = match key {
                "includes" | "excludes" | "report" | "formats" | "sources" | "verbose" | "dump" | "counts"
                | "analysis" | "first_probe" | "destfile" | "append" | "classfiles" => key,
                _ => return Err(OptionsError::Unknown { name: key.to_string() }),
            };
            if seen.contains(&name) {
                return Err(OptionsError::Duplicate { name: name.to_string() });
            }
            seen.push(name);
            match name {
                "verbose" => {
                    opts.verbose = match value {
                        None | Some("true") => true,
                        Some("false") => false,
                        Some(v) => return Err(OptionsError::UnexpectedValue { name: name.into(), value: v.into() }),
                    }
                }
                _ => {
                    let value = value
                        .filter(|v| !v.is_empty())
                        .ok_or_else(|| OptionsError::MissingValue { name: name.to_string(), usage: usage(name) })?;
                    match name {
                        "includes" => opts.filter.includes = Some(globs(name, value)?),
                        "excludes" => opts.filter.excludes = globs(name, value)?,
                        "report" => opts.report_dir = PathBuf::from(value),
                        "formats" => opts.formats = formats(value)?,
                        "counts" => {
                            opts.counts = match value.to_ascii_lowercase().as_str() {
                                "covered" => CountMode::Covered,
                                "jacoco" => CountMode::Jacoco,
                                "exact" => CountMode::Exact,
                                _ => return Err(OptionsError::BadCounts { value: value.to_string() }),
                            }
                        }
                        "analysis" => {
                            opts.background_analysis = match value.to_ascii_lowercase().as_str() {
                                "background" => true,
                                "exit" => false,
                                _ => return Err(OptionsError::BadAnalysis { value: value.to_string() }),
                            }
                        }
                        "destfile" => opts.destfile = Some(PathBuf::from(value)),
                        "classfiles" => {
                            opts.classfiles = value.split(':').filter(|s| !s.is_empty()).map(PathBuf::from).collect()
                        }
                        "append" => {
                            opts.append = match value.to_ascii_lowercase().as_str() {
                                "true" => true,
                                "false" => false,
                                _ => {
                                    return Err(OptionsError::UnexpectedValue {
                                        name: name.into(),
                                        value: value.into(),
                                    })
                                }
                            }
                        }
                        "first_probe" => {
                            opts.first_probe = value
                                .parse()
                                .map_err(|_| OptionsError::BadNumber { name: name.into(), value: value.into() })?
                        }
                        "sources" => {
                            opts.sources = value.split(':').filter(|s| !s.is_empty()).map(PathBuf::from).collect()
                        }
                        _ => opts.dump = Some(PathBuf::from(value)),
                    }
                }
            }
        }
        Ok(opts)
    }
}

fn usage(name: &str) -> &'static str {
    match name {
        "includes" => "includes=com.acme.*:org.example.Foo",
        "excludes" => "excludes=com.acme.generated.*",
        "report" => "report=DIR",
        "formats" => "formats=xml+html+lcov",
        "sources" => "sources=DIR:DIR",
        "counts" => "counts=covered, counts=jacoco or counts=exact",
        "analysis" => "analysis=background or analysis=exit",
        "first_probe" => "first_probe=N",
        "destfile" => "destfile=FILE",
        "classfiles" => "classfiles=target/classes:lib/app.jar",
        "append" => "append=true or append=false",
        _ => "dump=FILE",
    }
}

fn globs(name: &str, value: &str) -> Result<Vec<Glob>, OptionsError> {
    value
        .split(':')
        .map(|p| {
            if p.is_empty() {
                return Err(OptionsError::EmptyPattern { name: name.into(), value: value.into() });
            }
            // Characters that cannot occur in a class name (JVMS 4.2.1 forbids . ; [ / in a
            // simple name; we accept / and . as separators) point at a typo or a mangled list.
            if let Some(ch) = p.chars().find(|&c| c == ';' || c == '[' || c.is_whitespace()) {
                return Err(OptionsError::BadPattern { name: name.into(), pattern: p.into(), ch });
            }
            Ok(Glob::new(p))
        })
        .collect()
}

fn formats(value: &str) -> Result<Vec<ReportFormat>, OptionsError> {
    let mut out = Vec::new();
    let mut none = false;
    for f in value.split(['+', ':']) {
        let f = match f.trim().to_ascii_lowercase().as_str() {
            "xml" => ReportFormat::Xml,
            "html" => ReportFormat::Html,
            "lcov" => ReportFormat::Lcov,
            "none" => {
                none = true;
                continue;
            }
            _ => return Err(OptionsError::BadFormat { value: f.to_string() }),
        };
        if !out.contains(&f) {
            out.push(f);
        }
    }
    if none && !out.is_empty() {
        return Err(OptionsError::BadFormat { value: value.to_string() });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<AgentOptions, OptionsError> {
        AgentOptions::parse(Some(s))
    }

    #[test]
    fn defaults() {
        let o = AgentOptions::parse(None).unwrap();
        assert_eq!(o, AgentOptions::default());
        assert_eq!(parse("").unwrap(), AgentOptions::default());
        assert_eq!(o.report_dir, PathBuf::from("jvmfuzz-coverage"));
        assert_eq!(o.formats, [ReportFormat::Xml, ReportFormat::Html, ReportFormat::Lcov]);
        assert!(!o.verbose);
        assert!(o.dump.is_none());
        assert_eq!(o.counts, CountMode::Covered);
    }

    #[test]
    fn all_options() {
        let o = parse(
            "includes=com.acme.*:org/example/Foo,excludes=com.acme.gen.*,report=/tmp/r,\
             formats=xml+lcov,sources=src/main/java:gen,verbose,dump=/tmp/d.txt,counts=exact,",
        )
        .unwrap();
        let inc: Vec<String> = o.filter.includes.as_ref().unwrap().iter().map(Glob::as_string).collect();
        assert_eq!(inc, ["com.acme.*", "org.example.Foo"]);
        assert_eq!(o.filter.excludes[0].as_string(), "com.acme.gen.*");
        assert_eq!(o.report_dir, PathBuf::from("/tmp/r"));
        assert_eq!(o.formats, [ReportFormat::Xml, ReportFormat::Lcov]);
        assert_eq!(o.sources, [PathBuf::from("src/main/java"), PathBuf::from("gen")]);
        assert!(o.verbose);
        assert_eq!(o.dump, Some(PathBuf::from("/tmp/d.txt")));
        assert_eq!(o.counts, CountMode::Exact);
    }

    #[test]
    fn analysis_when() {
        assert!(parse("").unwrap().background_analysis);
        assert!(parse("analysis=background").unwrap().background_analysis);
        assert!(!parse("analysis=Exit").unwrap().background_analysis);
        let e = parse("analysis=later").unwrap_err();
        assert_eq!(e, OptionsError::BadAnalysis { value: "later".into() });
        assert!(e.to_string().contains("background, exit"), "{e}");
    }

    #[test]
    fn counts_modes() {
        assert_eq!(parse("counts=covered").unwrap().counts, CountMode::Covered);
        assert_eq!(parse("counts=EXACT").unwrap().counts, CountMode::Exact);
        assert_eq!(parse("counts=jacoco").unwrap().counts, CountMode::Jacoco);
        let e = parse("counts=all").unwrap_err();
        assert_eq!(e, OptionsError::BadCounts { value: "all".into() });
        assert!(e.to_string().contains("covered, jacoco, exact"), "{e}");
        assert!(matches!(
            parse("counts").unwrap_err(),
            OptionsError::MissingValue { ref name, .. } if name == "counts"
        ));
        assert!(matches!(parse("counts=exact,counts=covered").unwrap_err(), OptionsError::Duplicate { .. }));
    }

    #[test]
    fn formats_accept_plus_and_colon() {
        assert_eq!(parse("formats=html:xml").unwrap().formats, [ReportFormat::Html, ReportFormat::Xml]);
        assert_eq!(parse("formats=HTML+html").unwrap().formats, [ReportFormat::Html]);
        assert!(parse("formats=none").unwrap().formats.is_empty());
        let e = parse("formats=xml+pdf").unwrap_err();
        assert_eq!(e, OptionsError::BadFormat { value: "pdf".into() });
        assert!(e.to_string().contains("xml, html, lcov"), "{e}");
        assert!(parse("formats=xml+none").is_err());
        assert!(parse("formats=xml++html").is_err());
    }

    #[test]
    fn errors_name_the_option_and_the_choices() {
        let e = parse("inclues=com.*").unwrap_err();
        assert_eq!(e, OptionsError::Unknown { name: "inclues".into() });
        let msg = e.to_string();
        assert!(msg.contains("`inclues`") && msg.contains("includes, excludes, report"), "{msg}");

        let e = parse("report").unwrap_err();
        assert!(matches!(e, OptionsError::MissingValue { ref name, .. } if name == "report"));
        assert!(e.to_string().contains("report=DIR"));
        assert!(matches!(parse("report=").unwrap_err(), OptionsError::MissingValue { .. }));
        assert!(matches!(parse("verbose=yes").unwrap_err(), OptionsError::UnexpectedValue { .. }));
        assert!(!parse("verbose=false").unwrap().verbose);
        assert!(matches!(parse("report=a,report=b").unwrap_err(), OptionsError::Duplicate { .. }));
        assert!(matches!(parse("includes=a::b").unwrap_err(), OptionsError::EmptyPattern { .. }));
        assert!(matches!(parse("includes=a b").unwrap_err(), OptionsError::BadPattern { ch: ' ', .. }));
        assert!(matches!(parse("=x").unwrap_err(), OptionsError::Unknown { .. }));
    }

    #[test]
    fn classfiles_are_paths() {
        let o = parse("classfiles=target/classes:lib/a.jar").unwrap();
        assert_eq!(o.classfiles, [PathBuf::from("target/classes"), PathBuf::from("lib/a.jar")]);
    }

    #[test]
    fn destfile_and_append() {
        let o = parse("destfile=out/jvmfuzz.exec").unwrap();
        assert_eq!(o.destfile, Some(PathBuf::from("out/jvmfuzz.exec")));
        assert!(o.append, "JaCoCo's default");
        assert!(!parse("destfile=a.exec,append=false").unwrap().append);
        let e = parse("append=maybe").unwrap_err().to_string();
        assert!(e.contains("append") && e.contains("maybe"), "{e}");
    }

    #[test]
    fn first_probe_is_a_number() {
        assert_eq!(parse("first_probe=1048476").unwrap().first_probe, 1_048_476);
        assert_eq!(AgentOptions::default().first_probe, 0);
        let e = parse("first_probe=-3").unwrap_err().to_string();
        assert!(e.contains("first_probe") && e.contains("-3"), "{e}");
    }

    #[test]
    fn explicit_filters() {
        let o = parse("includes=com.acme.*:java.*,excludes=com.acme.Gen*").unwrap();
        let f = &o.filter;
        assert!(f.accepts("com/acme/Foo"));
        assert!(!f.accepts("com/acme/Generated"));
        assert!(!f.accepts("org/other/Foo"));
        assert!(f.accepts("java/util/HashMap"), "the JDK can be included explicitly");
        assert!(!f.accepts("java/lang/ThreadLocal"), "but never what the probe runs");
        assert!(!f.accepts("jdk/internal/misc/Unsafe"));
        assert!(!parse("includes=com.jvmfuzz.*").unwrap().filter.accepts("com/jvmfuzz/shim/Ring"));
        let f = parse("excludes=*Test").unwrap().filter;
        assert!(!f.accepts("a/FooTest"));
        assert!(f.accepts("a/Foo"));
        assert!(!f.accepts("java/util/List"), "excludes alone keep the JDK default");
    }
}
