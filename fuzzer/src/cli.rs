//! Command-line interface (clap derive). `fuzz` fuzzes; `fuzz repro|minimize|cmin` are tools.
//! Every option a user can get wrong is checked again in `setup` with a message that says how
//! to fix it; clap only parses.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

const EXAMPLES: &str = "\
EXAMPLES:
  # Fuzz a harness class (a class with `public static void fuzzerTestOneInput(byte[])`):
  fuzz --cp target/classes:lib/* --harness com.acme.ParserFuzzer

  # Ten minutes, a dictionary, two JVMs in parallel, keep going after findings:
  fuzz --cp app.jar --harness com.acme.ParserFuzzer --max-total-time 600 \\
       --dict json.dict --jobs 2 --keep-going

  # A JUnit 5 @FuzzTest (ours or Jazzer's) outside Maven, as Jazzer's --target_method runs it
  # (JUnit's launcher and Jupiter engine on --cp):
  fuzz --cp target/test-classes:target/classes:junit-platform-console-standalone.jar \
       --harness com.acme.ParserFuzzTest --fuzz-test parses

  # Re-run saved findings (exit status 1 if any still fails):
  fuzz repro --cp app.jar --harness com.acme.ParserFuzzer findings/*/input

  # Shrink a finding, minimise a corpus:
  fuzz minimize --cp app.jar --harness com.acme.ParserFuzzer findings/1a2b3c4d/input
  fuzz cmin --cp app.jar --harness com.acme.ParserFuzzer --corpus corpus --out corpus.min

  # No harness: drivers generated for every public method (JDriver-style), compiled and fuzzed:
  fuzz --cp commons-imaging.jar --class org.apache.commons.imaging.Imaging
  fuzz --cp app.jar --target 'com.acme.Codec::decode'        # every overload
  fuzz --cp app.jar --target 'com.acme.Codec::decode(byte[],int)'
  fuzz --cp app.jar:lib/* --package com.acme --keep-going --max-total-time 600
  fuzz drivers --cp app.jar --class com.acme.Codec           # only write them (findings/drivers/src)

  # One campaign on three machines (LLMP broker-to-broker links; corpus and findings shared):
  fuzz --cp app.jar --harness com.acme.ParserFuzzer --jobs 2 --listen 10.0.0.1:7700   # node a
  fuzz --cp app.jar --harness com.acme.ParserFuzzer --jobs 2 --connect 10.0.0.1:7700  # b and c

  # The campaign folder (--corpus's parent) gets stats.csv rows and report.html; running again
  # on the same folders continues the campaign. The page alone, from the folder:
  fuzz report .

  # Grammar mode: inputs derived from an ANTLR 4 grammar, mutated as trees:
  fuzz --cp app.jar --harness com.acme.QueryFuzzer --grammar SQL.g4 --grammar-start statement

HARNESSES:
  public static void fuzzerTestOneInput(byte[] data)
  public static void fuzzerTestOneInput(com.jvmfuzz.shim.fuzz.FuzzedDataProvider data)
  public static void fuzzerTestOneInput(com.code_intelligence.jazzer.api.FuzzedDataProvider data)
      (unmodified Jazzer harnesses: put jazzer-api.jar on --cp)
  optional: static fuzzerInitialize(), fuzzerInitialize(String[] args), fuzzerTearDown()

GENERATED DRIVERS (--class/--target/--package):
  Receivers come from public constructors, static factories, constants or implementations
  found on --cp; a method sequence (modifiers of the fields the method reads) runs before the
  call; parameters are typed values with boundary values, the class's constants and the
  comparison operands seen at run time. Findings are sorted into bugs and the method's
  contract (kind \"contract\" in summary.json, with the reason: exceptions it declares or
  documents with Javadoc @throws (--sources; by default each jar's -sources.jar), its
  argument checks and validate*/check* helpers, JDK bounds checks on an index argument,
  UnsupportedOperationException it throws itself, iterator exhaustion, a cast of an Object
  parameter); only bugs count (--strict: both; --findings-include, --findings-exclude per
  type). One finding per exception type and throwing site. No nulls unless --nulls. Each
  finding also gets a readable ReproducerTest.java making the same calls with the same values.

FINDINGS:
  Any Throwable escaping the harness (except --ignore-exception classes), timeouts,
  OutOfMemoryError, StackOverflowError and System.exit/Runtime.exit/halt by the target.
  Each distinct stack is saved once: findings/<id>/{input,stack.txt,Reproducer.java} and
  findings/summary.json.

EXIT STATUS:
  0 no finding, 1 finding(s) (repro: an input still fails), 2 usage or set-up error.";

/// `--findings` when not given; the other commands find generated drivers under it.
pub const DEFAULT_FINDINGS: &str = "findings";

#[derive(Debug, Parser)]
#[command(
    name = "fuzz",
    version,
    about = "Coverage-guided in-process fuzzer for JVM code (LibAFL + a bytecode-rewriting agent).",
    long_about = "Coverage-guided in-process fuzzer for JVM code.\n\n\
        Starts a JVM inside this process, rewrites the target's classes as they load to record \
        branch coverage, and drives the harness's fuzzerTestOneInput with LibAFL.",
    after_long_help = EXAMPLES,
    after_help = "Run `fuzz --help` for examples, harness signatures and exit codes.",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub fuzz: FuzzArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run inputs once each and report which fail (exit status 1 if any does).
    Repro(ReproArgs),
    /// Shrink one failing input while it fails with the same stack.
    Minimize(MinimizeArgs),
    /// Keep the smallest subset of a corpus with the same coverage.
    Cmin(CminArgs),
    /// Replay inputs (files or folders: a corpus, findings) and write the coverage they reach
    /// as JaCoCo XML, HTML and LCOV.
    Coverage(CoverageArgs),
    /// Only write the generated drivers (with --class, --target or --package), to read or keep.
    Drivers(DriversArgs),
    /// Write a campaign folder's report.html (plots over time, findings, per-class coverage).
    ///
    /// DIR is the folder holding the corpus folder and stats.csv; `fuzz` also writes the page
    /// at the end of every run.
    Report(ReportArgs),
    /// Write jvmfuzz-junit.jar, the JUnit 5 integration (@FuzzTest) with its native engine,
    /// and optionally install it into the local Maven repository.
    JunitJar(JunitJarArgs),
}

#[derive(Debug, Args)]
pub struct JunitJarArgs {
    /// Where to write the jar [default: jvmfuzz-junit.jar next to this executable].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The native engine to pack [default: libjvmfuzz_junit.so next to this executable, as
    /// `cargo build --release` leaves it].
    #[arg(long, value_name = "FILE")]
    pub native: Option<PathBuf>,
    /// Also install it as com.jvmfuzz:jvmfuzz-junit into the local Maven repository, for a
    /// project's `<scope>test</scope>` dependency.
    #[arg(long)]
    pub install: bool,
    /// The local Maven repository [default: ~/.m2/repository].
    #[arg(long, value_name = "DIR", requires = "install")]
    pub maven_repo: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CoverageArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Report folder.
    #[arg(long, value_name = "DIR", default_value = "jvmfuzz-coverage")]
    pub report: PathBuf,
    /// Source roots (`:`-separated) for the HTML's source pages and LCOV's paths.
    #[arg(long, value_name = "DIRS")]
    pub sources: Option<String>,
    /// Inputs: files, or folders whose files are inputs (not recursively).
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The campaign folder: the parent of --corpus, where `fuzz` writes stats.csv.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The findings folder [default: DIR/findings].
    #[arg(long, value_name = "DIR")]
    pub findings: Option<PathBuf>,
    /// The per-class coverage: a JaCoCo XML file, or the folder --coverage-report or
    /// `fuzz coverage` wrote [default: the newest DIR/*/jacoco.xml].
    #[arg(long, value_name = "PATH")]
    pub coverage: Option<PathBuf>,
    /// Where to write the page [default: DIR/report.html].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct DriversArgs {
    #[command(flatten)]
    pub target: TargetArgs,
}

/// How to start the JVM and which harness to call: shared by every command.
#[derive(Debug, Clone, Args)]
pub struct TargetArgs {
    /// Class path: `:`-separated jars and directories; `dir/*` means every jar in dir.
    #[arg(long = "cp", visible_alias = "classpath", value_name = "CLASSPATH", required = true)]
    pub cp: Option<String>,
    /// The harness class (binary name, e.g. com.acme.ParserFuzzer).
    #[arg(long, value_name = "CLASS", required_unless_present_any = ["class", "target", "package"], help_heading = "What to fuzz (one of)")]
    pub harness: Option<String>,
    /// With --harness TEST_CLASS: fuzz (or, with `fuzz repro`, replay inputs of) the JUnit 5
    /// `@FuzzTest` method NAME of that class (ours or Jazzer's), as Jazzer's --target_method=
    /// does. A test JVM is started as Surefire would start it, and JUnit's launcher runs the
    /// method, lifecycle methods and all: --cp must hold junit-platform-launcher and
    /// junit-jupiter-engine (or junit-platform-console-standalone). Every overload of that
    /// name runs; libFuzzer's flags (--runs, --max-total-time, ...) replace the annotation's
    /// budget.
    #[arg(long, value_name = "NAME", requires = "harness", help_heading = "What to fuzz (one of)")]
    pub fuzz_test: Option<String>,
    /// No harness: generate drivers for every public method of this class (binary name).
    #[arg(long, value_name = "CLASS", conflicts_with_all = ["harness", "target", "package"], help_heading = "What to fuzz (one of)")]
    pub class: Option<String>,
    /// No harness: generate drivers for one method, every overload (`com.acme.Codec::decode`)
    /// or one (`com.acme.Codec::decode(byte[],int)`).
    #[arg(long, value_name = "CLASS::METHOD", conflicts_with_all = ["harness", "class", "package"], help_heading = "What to fuzz (one of)")]
    pub target: Option<String>,
    /// No harness: generate drivers for every public class in this package and its subpackages.
    #[arg(long, value_name = "PACKAGE", conflicts_with_all = ["harness", "class", "target"], help_heading = "What to fuzz (one of)")]
    pub package: Option<String>,
    /// Where generated drivers are written (source in DIR/src, classes in DIR/classes, and
    /// DIR/drivers.txt: which methods got a driver and why others did not). DIR/jvmfuzz-tmp-PID is
    /// the target JVM's java.io.tmpdir while the run lasts (the library's own temporary files
    /// go there and are removed at the end; --jvm-arg=-Djava.io.tmpdir=... names another).
    /// Default: the findings folder's `drivers` (findings/drivers, or FINDINGS/drivers with
    /// --findings FINDINGS).
    #[arg(long, value_name = "DIR", help_heading = "Generated drivers")]
    pub drivers_out: Option<PathBuf>,
    /// Generated drivers may pass null for reference parameters (default: never).
    #[arg(long, help_heading = "Generated drivers")]
    pub nulls: bool,
    /// A parameter whose values are derived from a grammar: METHOD#INDEX=FILE[:START], e.g.
    /// 'com.acme.Sql::parse(String)#0=sql.g4:statement' (ANTLR 4 .g4 or Nautilus .json; a
    /// String, CharSequence or byte[] parameter; indexes from 0; repeatable).
    #[arg(long, value_name = "SPEC", help_heading = "Generated drivers")]
    pub param_grammar: Vec<String>,
    /// Count the methods' contract exceptions (declared, argument checks, ...) as bugs too.
    #[arg(long, help_heading = "Generated drivers")]
    pub strict: bool,
    /// Always a finding, even when the called method declares it (class name; repeatable).
    #[arg(long = "findings-include", value_name = "CLASS", value_delimiter = ',', help_heading = "Generated drivers")]
    pub findings_include: Vec<String>,
    /// Never reported (class name; repeatable), not even as the method's contract.
    #[arg(long = "findings-exclude", value_name = "CLASS", value_delimiter = ',', help_heading = "Generated drivers")]
    pub findings_exclude: Vec<String>,
    /// The library's Java sources, for its Javadoc: `:`-separated folders of .java files or
    /// -sources.jars (repeatable). An exception the Javadoc of the method under test names with
    /// @throws is that method's contract. Default: for each --cp jar holding a class under
    /// test, X-sources.jar beside X.jar, else the one in ~/.m2/repository, else one fetched
    /// from Maven Central (by the jar's pom.properties) into ~/.cache/jvmfuzz/sources.
    #[arg(long, value_name = "PATHS", help_heading = "Generated drivers")]
    pub sources: Vec<String>,
    /// Never download -sources.jars from Maven Central (the Javadoc rule uses local ones only).
    #[arg(long, help_heading = "Generated drivers")]
    pub no_fetch_sources: bool,
    /// Classes to instrument, `:`-separated globs (`*` matches any run, also across dots: `com.acme.*`).
    /// Default: every class loaded from --cp (everything outside the JDK).
    #[arg(long, value_name = "GLOBS")]
    pub includes: Option<String>,
    /// Classes never to instrument, `:`-separated globs (wins over --includes).
    #[arg(long, value_name = "GLOBS")]
    pub excludes: Option<String>,
    /// Run without Java assertions. By default the JVM runs with `-ea`, as under Jazzer: a
    /// failed `assert` in the harness or the target is a finding.
    #[arg(long)]
    pub no_assertions: bool,
    /// Jazzer's API jar, added to --cp when the harness uses Jazzer's API and --cp holds none
    /// (OSS-Fuzz leaves it off: Jazzer's agent supplies it). Default: $JAZZER_API_PATH, else
    /// the newest com.code-intelligence:jazzer-api in ~/.m2. Jazzer's `--agent_path=` sets it.
    #[arg(long, value_name = "JAR")]
    pub jazzer_api: Option<PathBuf>,
    /// Extra JVM option, e.g. --jvm-arg=-Xmx1g (repeatable).
    #[arg(long = "jvm-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub jvm_args: Vec<String>,
    /// JDK or JRE to run (default: $JAVA_HOME, else the `java`/`javac` on PATH).
    #[arg(long, value_name = "DIR")]
    pub java_home: Option<PathBuf>,
    /// Exception class not to report (its subclasses neither); repeatable.
    #[arg(long = "ignore-exception", value_name = "CLASS")]
    pub ignore_exception: Vec<String>,
    /// Memory limit in MB: an execution during which the process's resident memory passes it
    /// is a finding (`out-of-memory`, libFuzzer's -rss_limit_mb). Default: none (a Java
    /// OutOfMemoryError is a finding anyway).
    #[arg(long, value_name = "MB")]
    pub rss_limit_mb: Option<u64>,
    /// Largest array (MB) one allocation in instrumented code may take: a bigger one throws
    /// OutOfMemoryError at once, before the JVM zeroes gigabytes for it (libFuzzer's
    /// -malloc_limit_mb). Default: 64 with generated drivers (a fuzzed size asking for a
    /// billion elements would cost a second per run; that default refuses an array under
    /// 2048 MB, libFuzzer's default, as the method's contract, not a bug: give the flag to
    /// make every array over it a finding), else --rss-limit-mb if given, else none;
    /// 0: none. A multi-dimensional array counts its last two dimensions together (new
    /// double[rows][cols] as a whole). JDK calls sized by an int argument (new
    /// StringBuilder(n), new ArrayList(n), new ArrayBlockingQueue(n), Arrays.copyOf,
    /// ByteBuffer.allocate, ...) are checked at the call; other allocations inside the JDK are
    /// not.
    #[arg(long, value_name = "MB")]
    pub malloc_limit_mb: Option<u64>,
    /// Seconds one execution may take before it is reported as a timeout.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub timeout: f64,
    /// Bug detectors to use, `,`-separated (default: all). os-command-injection,
    /// reflective-call, jndi-lookup, regex-injection, file-path-traversal,
    /// server-side-request-forgery, sql-injection, deserialization, ldap-injection,
    /// xpath-injection, expression-language-injection, script-engine-injection,
    /// xml-external-entity; Jazzer's sanitizer class names work too; `none` for no detector.
    #[arg(long, value_name = "LIST", help_heading = "Bug detectors")]
    pub detectors: Vec<String>,
    /// Bug detectors not to use, `,`-separated (also Jazzer's --disabled_hooks= with its
    /// sanitizer class names).
    #[arg(long, value_name = "LIST", help_heading = "Bug detectors")]
    pub disable_detectors: Vec<String>,
    /// Jazzer `@MethodHook` class to load from --cp (repeatable, or `:`-separated). Jars on
    /// --cp can also name theirs in the manifest attribute `Jazzer-Hook-Classes`.
    #[arg(long = "custom-hooks", value_name = "CLASS", help_heading = "Hooks")]
    pub custom_hooks: Vec<String>,
    /// Hook class not to load, even if named by --custom-hooks or a manifest (repeatable).
    /// `RegexRoadblocks` (or Jazzer's com.code_intelligence.jazzer.sanitizers.RegexRoadblocks)
    /// turns off the regex roadblocks: what a java.util.regex pattern (String.matches, a
    /// Scanner) wanted where the input differed, logged for input-to-state replacement.
    #[arg(long = "disabled-hooks", value_name = "CLASS", help_heading = "Hooks")]
    pub disabled_hooks: Vec<String>,
    /// Classes whose calls the hooks apply to, `:`-separated globs (default: every
    /// instrumented class). A hook's additionalClassesToHook are hooked regardless.
    #[arg(long, value_name = "GLOBS", help_heading = "Hooks")]
    pub custom_hook_includes: Option<String>,
    /// Classes whose calls the hooks never apply to, `:`-separated globs.
    #[arg(long, value_name = "GLOBS", help_heading = "Hooks")]
    pub custom_hook_excludes: Option<String>,
    /// Print, on stderr, each class as it loads: instrumented (probes, redirected calls) or
    /// why not. To check what --includes/--excludes select.
    #[arg(long)]
    pub verbose: bool,
}

#[derive(Debug, Clone, Args)]
pub struct FuzzArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Corpus directory: seeds are read from it, new interesting inputs written to it.
    #[arg(long, value_name = "DIR", default_value = "corpus")]
    pub corpus: PathBuf,
    /// Where findings are saved.
    #[arg(long, value_name = "DIR", default_value = DEFAULT_FINDINGS)]
    pub findings: PathBuf,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECS")]
    pub max_total_time: Option<u64>,
    /// Stop after this many executions (per job).
    #[arg(long, value_name = "N")]
    pub runs: Option<u64>,
    /// Parallel fuzzing processes, each with its own JVM (LibAFL Launcher).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// Accept other nodes (machines) of this campaign at ADDR:PORT: their brokers link to this
    /// one over LibAFL's LLMP broker-to-broker TCP connection, and new corpus entries and
    /// findings flow both ways. Bind a private interface: anyone who reaches it joins.
    #[arg(long, value_name = "ADDR:PORT")]
    pub listen: Option<String>,
    /// Join the campaign of the node listening at ADDR:PORT (its --listen). Retried for
    /// --connect-timeout seconds, so nodes can start in any order. Link the nodes as a tree
    /// (each one --connect to a node already in); a cycle only wastes traffic.
    #[arg(long, value_name = "ADDR:PORT")]
    pub connect: Option<String>,
    /// How long --connect keeps trying to reach its node before the run stops with an error.
    #[arg(long, value_name = "SECS", default_value_t = 60, requires = "connect")]
    pub connect_timeout: u64,
    /// Keep fuzzing after a finding (default: stop at the first one).
    #[arg(long)]
    pub keep_going: bool,
    /// With --keep-going: stop after this many distinct findings (per job).
    #[arg(long, value_name = "N", requires = "keep_going")]
    pub max_findings: Option<u64>,
    /// After the campaign, replay the corpus and the findings' inputs and write their coverage
    /// (JaCoCo XML, HTML, LCOV) to DIR, as `fuzz coverage` does.
    #[arg(long, value_name = "DIR")]
    pub coverage_report: Option<PathBuf>,
    /// More seed inputs, read but never written (repeatable); --corpus is where new inputs go.
    #[arg(long, value_name = "DIR")]
    pub seed_corpus: Vec<PathBuf>,
    /// Also write each finding's input as PREFIXcrash-<sha1> (or PREFIXtimeout-<sha1>), as
    /// libFuzzer's -artifact_prefix does (`out/` is a folder, `out/x-` a name prefix).
    #[arg(long, value_name = "PREFIX")]
    pub artifact_prefix: Option<String>,
    /// Also write each finding's Java reproducer as DIR/Crash_<sha1>.java (Jazzer's
    /// --reproducer_path). With a fuzz test (--target_method=), a program that runs the test
    /// class's @BeforeAll and @BeforeEach methods, then the test method with the input.
    #[arg(long, value_name = "DIR")]
    pub reproducer_path: Option<PathBuf>,
    /// Print each finding as Jazzer does (`== Java Exception:`, `DEDUP_TOKEN:`, `Test unit
    /// written to`), which ClusterFuzz reads. On with Jazzer's command line.
    #[arg(long)]
    pub libfuzzer_output: bool,
    /// At the end, print libFuzzer's final statistics to stderr (`stat::number_of_executed_units`,
    /// `average_exec_per_sec`, `new_units_added`, `slowest_unit_time_sec`, `peak_rss_mb`), which
    /// ClusterFuzz reads. Jazzer's `-print_final_stats=1`.
    #[arg(long)]
    pub print_final_stats: bool,
    /// Dictionary file (AFL/libFuzzer format: `name="value"` lines).
    #[arg(long, value_name = "FILE")]
    pub dict: Vec<PathBuf>,
    /// Random seed (default: from the clock). With --jobs 1 and --runs, the same seed gives the
    /// same corpus and findings (execution times are then recorded as a constant).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Largest input, in bytes: the mutators create none longer, and longer seeds are cut to it,
    /// as libFuzzer's -max_len does. Default: 4096, or the longest seed if longer (at most 1 MiB)
    #[arg(long, value_name = "BYTES")]
    pub max_len: Option<usize>,
    /// How fast inputs may grow towards --max-len (libFuzzer's -len_control): they start at 4
    /// bytes (or the longest seed), and every N*log2(limit) executions that add nothing to the
    /// corpus raise the limit by log2(limit) bytes. 0: every input may be --max-len long.
    #[arg(long, value_name = "N", default_value_t = crate::length::DEFAULT_LEN_CONTROL)]
    pub len_control: u64,
    /// Seconds between the rows of the campaign's stats.csv (next to --corpus; a run on the
    /// same folders later continues its time line). The report is DIR/report.html.
    #[arg(long, value_name = "SECS", default_value_t = crate::campaign::stats_csv::DEFAULT_INTERVAL_SECS)]
    pub stats_interval: u64,
    /// Progress display: `auto` (TUI on a terminal, plain lines otherwise), `tui`, `plain`.
    #[arg(long, value_name = "MODE", default_value = "auto")]
    pub progress: String,
    #[command(flatten)]
    pub grammar: GrammarArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// The solver: path conditions over the input, negated and solved with Z3 (docs/solver.md).
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Solver")]
pub struct SolverArgs {
    /// Run each new corpus entry once more in trace mode (a second copy of the target's
    /// classes that keeps symbolic shadows of values derived from the input), negate each
    /// branch of its path condition and ask Z3 for an input that takes the other way; solved
    /// inputs are evaluated like any other. `on` (the default when this build has Z3) spends
    /// at most a fifth of the time on it, a number 1-100 that percentage, `off` nothing.
    /// With --seed and --runs it traces every new entry whatever the time it takes, so the
    /// same seed gives the same run; that can be most of a short run (`--solver off` then).
    #[arg(long, value_name = "on|off|PERCENT")]
    pub solver: Option<String>,
    /// Z3's time limit per query, in milliseconds (a query past it counts as unknown).
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub solver_timeout: u64,
}

/// Grammar mode: inputs derived from a grammar and mutated as trees.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Grammar mode")]
pub struct GrammarArgs {
    /// Derive inputs from this grammar: ANTLR 4 (.g4: a combined grammar, or a parser and a
    /// lexer grammar, repeat the flag; a tokenVocab lexer beside the parser is found) or a
    /// LibAFL Nautilus JSON grammar (.json). Inputs are mutated as derivation trees; seed files
    /// that match the grammar are parsed into trees. Writes FINDINGS/grammar-coverage.json.
    #[arg(long, value_name = "FILE")]
    pub grammar: Vec<PathBuf>,
    /// The rule inputs derive from (default: the first parser rule).
    #[arg(long, value_name = "RULE", requires = "grammar")]
    pub grammar_start: Option<String>,
    /// Length of the rule chains whose coverage is measured and steered towards (k-paths).
    #[arg(long, value_name = "K", default_value_t = 3, requires = "grammar")]
    pub kpath: usize,
    /// Largest derivation tree generated, in nodes.
    #[arg(long, value_name = "N", default_value_t = 300, requires = "grammar")]
    pub grammar_max_nodes: usize,
    /// Percent of corpus entries that also get byte-level havoc, for inputs just outside the
    /// grammar (the seed's validity distance); 0 turns it off.
    #[arg(long, value_name = "PERCENT", default_value_t = 20, requires = "grammar")]
    pub byte_share: u8,
    /// Also keep inputs whose tree covers a new k-path when code coverage is unchanged.
    #[arg(long, requires = "grammar")]
    pub kpath_feedback: bool,
}

#[derive(Debug, Args)]
pub struct ReproArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Input files to run.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Also print each failure as Jazzer does (`== Java Exception:`, `DEDUP_TOKEN:`), which
    /// ClusterFuzz reads when it reproduces a crash. On with Jazzer's command line.
    #[arg(long)]
    pub libfuzzer_output: bool,
}

#[derive(Debug, Args)]
pub struct MinimizeArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Executions to spend.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub runs: u64,
    /// Output file (default: FILE.min).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The failing input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

#[derive(Debug, Args)]
pub struct CminArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Corpus to minimise (repeatable: the inputs of every folder are pooled).
    #[arg(long, value_name = "DIR", default_values = ["corpus"])]
    pub corpus: Vec<PathBuf>,
    /// Where the kept inputs are copied (must not exist or be empty, unless --merge).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// libFuzzer's -merge=1: --out may hold inputs already; they are kept, and only inputs that
    /// cover something they do not are added.
    #[arg(long)]
    pub merge: bool,
}
