//! Grammar mode (`--grammar`): inputs derived from an ANTLR 4 or Nautilus JSON grammar,
//! mutated as derivation trees with LibAFL's Nautilus parts, and measured by k-path coverage
//! next to code coverage (the grammar-fuzzing seed).
//!
//! The corpus stays bytes, so every tool (`repro`, `minimize`, `cmin`) and the byte-level
//! stages work unchanged; each corpus entry's tree rides along as testcase metadata
//! ([`mutator::GrammarTree`]), and an entry that has none (a seed file, an input a byte stage
//! found) is parsed into one when it is first mutated. Parts: model.rs (the grammar as read),
//! antlr.rs (`.g4` reader), compile.rs (to a Nautilus context), parse.rs (bytes to trees),
//! kpath.rs (k-path coverage), mutator.rs (the LibAFL mutator), report.rs (the output).

pub mod antlr;
pub mod compile;
pub mod feedback;
pub mod kpath;
pub mod model;
pub mod mutator;
pub mod params;
pub mod parse;
pub mod report;
pub mod score;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use libafl::generators::nautilus::NautilusContext;
use regex_automata::meta::Regex;

/// A grammar that cannot be used, with what to fix.
#[derive(Debug, thiserror::Error)]
pub enum GrammarError {
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    G4(#[from] antlr::G4Error),
    #[error("{path}: {err}")]
    Io { path: String, err: std::io::Error },
}

/// What `--grammar` and its options ask for (plain data: cloned into every client).
#[derive(Debug, Clone)]
pub struct GrammarSpec {
    pub files: Vec<PathBuf>,
    pub start: Option<String>,
    pub kpath: usize,
    pub max_nodes: usize,
    /// Percent of corpus entries that also get the byte-level havoc stage.
    pub byte_share: u8,
    /// Keep inputs that cover a new k-path, besides new code coverage.
    pub kpath_feedback: bool,
}

/// A loaded grammar, shared by the mutator, the progress line and the report.
pub struct GrammarMode {
    pub nautilus: NautilusContext,
    pub accept: HashMap<usize, Regex>,
    pub symbols: Vec<String>,
    /// Nonterminal id → index into `symbols` (for the user's rules), dense for the hot path.
    pub symbol_by_nt: Vec<Option<usize>>,
    pub kpaths: Mutex<kpath::KPaths>,
    pub spec: GrammarSpec,
    /// Warnings from reading (ignored actions, predicates, modes).
    pub warnings: Vec<String>,
}

impl GrammarMode {
    pub fn load(spec: &GrammarSpec) -> Result<GrammarMode, GrammarError> {
        let (compiled, warnings) = compile_files(spec)?;
        let kpaths = kpath::KPaths::new(&compiled.symbol_edges, compiled.start_symbol, spec.kpath);
        Ok(GrammarMode {
            nautilus: NautilusContext { ctx: compiled.ctx },
            accept: compiled.accept,
            symbols: compiled.symbols,
            symbol_by_nt: compiled.symbol_by_nt,
            kpaths: Mutex::new(kpaths),
            spec: spec.clone(),
            warnings,
        })
    }

    /// The user's rule a nonterminal stands for (none for helpers and separators).
    pub fn symbol(&self, nt: libafl::common::nautilus::grammartec::newtypes::NTermId) -> Option<usize> {
        self.symbol_by_nt.get(usize::from(nt)).copied().flatten()
    }

    pub fn kpaths(&self) -> std::sync::MutexGuard<'_, kpath::KPaths> {
        self.kpaths.lock().unwrap_or_else(|e| e.into_inner())
    }
}

static ACTIVE: OnceLock<&'static GrammarMode> = OnceLock::new();

/// Inputs the grammar stage derived in this process (the closing summary's count).
static DERIVED: AtomicU64 = AtomicU64::new(0);

pub fn note_derived() {
    DERIVED.fetch_add(1, Ordering::Relaxed);
}

pub fn derived() -> u64 {
    DERIVED.load(Ordering::Relaxed)
}

/// Seed inputs parsed into trees and loaded, at the start of this process's session.
static SEEDS: Mutex<(usize, usize)> = Mutex::new((0, 0));

pub fn note_seeds(parsed: usize, loaded: usize) {
    *SEEDS.lock().unwrap_or_else(|e| e.into_inner()) = (parsed, loaded);
}

pub fn seeds() -> (usize, usize) {
    *SEEDS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Loads the grammar of this process (a client has one for its whole life).
pub fn activate(spec: &GrammarSpec) -> Result<&'static GrammarMode, GrammarError> {
    if let Some(g) = ACTIVE.get() {
        return Ok(g);
    }
    let g: &'static GrammarMode = Box::leak(Box::new(GrammarMode::load(spec)?));
    Ok(*ACTIVE.get_or_init(|| g))
}

/// The grammar of this process, if grammar mode is on.
pub fn active() -> Option<&'static GrammarMode> {
    ACTIVE.get().copied()
}

/// Reads `.g4` files (a parser grammar's `tokenVocab` lexer is found beside it when not given)
/// or one Nautilus `.json` grammar.
fn compile_files(spec: &GrammarSpec) -> Result<(compile::Compiled, Vec<String>), GrammarError> {
    let read =
        |p: &Path| std::fs::read_to_string(p).map_err(|err| GrammarError::Io { path: p.display().to_string(), err });
    if spec.files.iter().any(|f| f.extension().is_some_and(|e| e == "json")) {
        let [file] = spec.files.as_slice() else {
            return Err(GrammarError::Invalid("a Nautilus JSON grammar is given alone (one --grammar)".into()));
        };
        if spec.start.is_some() {
            return Err(GrammarError::Invalid(
                "--grammar-start applies to .g4 grammars; a JSON grammar starts at its first rule".into(),
            ));
        }
        return Ok((compile::from_json(&read(file)?, spec.max_nodes)?, Vec::new()));
    }
    let mut g = model::Grammar::default();
    let mut files: Vec<PathBuf> = spec.files.clone();
    let mut i = 0;
    while i < files.len() {
        let f = files[i].clone();
        if f.extension().is_none_or(|e| e != "g4") {
            return Err(GrammarError::Invalid(format!(
                "{}: expected an ANTLR 4 grammar (.g4) or a Nautilus JSON grammar (.json)",
                f.display()
            )));
        }
        let header = antlr::read(&read(&f)?, &f.display().to_string(), &mut g)?;
        if let Some(vocab) = header.token_vocab {
            let lexer = f.with_file_name(format!("{vocab}.g4"));
            let given = files.iter().any(|x| x.file_stem().is_some_and(|s| *s == *vocab));
            if !given {
                if !lexer.is_file() {
                    return Err(GrammarError::Invalid(format!(
                        "{}: tokenVocab={vocab}, but {} does not exist: give the lexer grammar with another --grammar",
                        f.display(),
                        lexer.display()
                    )));
                }
                files.push(lexer);
            }
        }
        i += 1;
    }
    let warnings = g.warnings.clone();
    Ok((compile::from_model(&g, spec.start.as_deref(), spec.max_nodes)?, warnings))
}
