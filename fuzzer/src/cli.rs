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

  # Re-run saved findings (exit status 1 if any still fails):
  fuzz repro --cp app.jar --harness com.acme.ParserFuzzer findings/*/input

  # Shrink a finding, minimise a corpus:
  fuzz minimize --cp app.jar --harness com.acme.ParserFuzzer findings/1a2b3c4d/input
  fuzz cmin --cp app.jar --harness com.acme.ParserFuzzer --corpus corpus --out corpus.min

HARNESSES:
  public static void fuzzerTestOneInput(byte[] data)
  public static void fuzzerTestOneInput(com.jvmfuzz.shim.fuzz.FuzzedDataProvider data)
  public static void fuzzerTestOneInput(com.code_intelligence.jazzer.api.FuzzedDataProvider data)
      (unmodified Jazzer harnesses: put jazzer-api.jar on --cp)
  optional: static fuzzerInitialize(), fuzzerInitialize(String[] args), fuzzerTearDown()

FINDINGS:
  Any Throwable escaping the harness (except --ignore-exception classes), timeouts,
  OutOfMemoryError, StackOverflowError and System.exit/Runtime.exit/halt by the target.
  Each distinct stack is saved once: findings/<id>/{input,stack.txt,Reproducer.java} and
  findings/summary.json.

EXIT STATUS:
  0 no finding, 1 finding(s) (repro: an input still fails), 2 usage or set-up error.";

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
}

/// How to start the JVM and which harness to call: shared by every command.
#[derive(Debug, Clone, Args)]
pub struct TargetArgs {
    /// Class path: `:`-separated jars and directories; `dir/*` means every jar in dir.
    #[arg(long = "cp", visible_alias = "classpath", value_name = "CLASSPATH", required = true)]
    pub cp: Option<String>,
    /// The harness class (binary name, e.g. com.acme.ParserFuzzer).
    #[arg(long, value_name = "CLASS", required = true)]
    pub harness: Option<String>,
    /// Classes to instrument, `:`-separated globs (`*` matches any run, also across dots: `com.acme.*`).
    /// Default: every class loaded from --cp (everything outside the JDK).
    #[arg(long, value_name = "GLOBS")]
    pub includes: Option<String>,
    /// Classes never to instrument, `:`-separated globs (wins over --includes).
    #[arg(long, value_name = "GLOBS")]
    pub excludes: Option<String>,
    /// Extra JVM option, e.g. --jvm-arg=-Xmx1g (repeatable).
    #[arg(long = "jvm-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub jvm_args: Vec<String>,
    /// JDK or JRE to run (default: $JAVA_HOME, else the `java`/`javac` on PATH).
    #[arg(long, value_name = "DIR")]
    pub java_home: Option<PathBuf>,
    /// Exception class not to report (its subclasses neither); repeatable.
    #[arg(long = "ignore-exception", value_name = "CLASS")]
    pub ignore_exception: Vec<String>,
    /// Seconds one execution may take before it is reported as a timeout.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub timeout: f64,
}

#[derive(Debug, Clone, Args)]
pub struct FuzzArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Corpus directory: seeds are read from it, new interesting inputs written to it.
    #[arg(long, value_name = "DIR", default_value = "corpus")]
    pub corpus: PathBuf,
    /// Where findings are saved.
    #[arg(long, value_name = "DIR", default_value = "findings")]
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
    /// Keep fuzzing after a finding (default: stop at the first one).
    #[arg(long)]
    pub keep_going: bool,
    /// Dictionary file (AFL/libFuzzer format: `name="value"` lines).
    #[arg(long, value_name = "FILE")]
    pub dict: Vec<PathBuf>,
    /// Random seed (default: from the clock).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Largest input the mutators create, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 4096)]
    pub max_len: usize,
    /// Progress display: `auto` (TUI on a terminal, plain lines otherwise), `tui`, `plain`.
    #[arg(long, value_name = "MODE", default_value = "auto")]
    pub progress: String,
}

#[derive(Debug, Args)]
pub struct ReproArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Input files to run.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
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
    /// Corpus to minimise.
    #[arg(long, value_name = "DIR", default_value = "corpus")]
    pub corpus: PathBuf,
    /// Where the kept inputs are copied (must not exist or be empty).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}
