//! JaCoCo-compatible coverage analysis: probe hits + original class bytes -> counters.
//!
//! For each method we re-run the probe plan on the original bytes (the rewriter used the
//! same plan, so probe id `first_probe + i` is plan site `i`), rebuild JaCoCo 0.8.14's
//! instruction model from the sites that are JaCoCo-equivalent, and apply JaCoCo's filters.
//! Our extra probes (method entry, arms JaCoCo does not have) are deliberately ignored, so
//! INSTRUCTION/BRANCH/LINE/COMPLEXITY/METHOD/CLASS counters equal JaCoCo's by construction.
//! The agent's default mode does not even insert them, nor JaCoCo probes that the probes it
//! keeps imply ([`ProbeLayout::JacocoReduced`]; those are rebuilt here from the kept ones).
//!
//! Layout: [`model`] (ASM-like node list), [`instructions`] (JaCoCo's instruction graph and
//! backward propagation), [`filters`] (one module per JaCoCo filter, Java's and Kotlin's),
//! [`smap`] (Kotlin's line mapping of inlined code), [`fragments`] (inlined coverage credited
//! to the inline function, across classes), [`calculator`]
//! (merges/replacements/counting), [`bundle`] (source-file/package/report aggregation) and
//! [`report`] (JaCoCo XML, HTML, LCOV and the terminal summary). Reading JaCoCo's own exec and
//! XML files, to validate all this, is the test kit's (`tests/support`), not the product's.

// The report tests' fixture (report/sample.rs) names this crate as integration tests do.
#[cfg(test)]
extern crate self as jvmfuzz_coverage;

mod approx;
pub mod bundle;
mod calculator;
pub mod exec;
mod filters;
pub mod fragments;
mod instructions;
mod model;
pub mod report;
mod smap;

use std::collections::BTreeMap;
use std::ops::AddAssign;

use jvmfuzz_classfile::bytecode::BytecodeError;
use jvmfuzz_classfile::{access, ClassFile, ClassFileError};
use jvmfuzz_instrument::plan::{self, PlanError, PlanOptions};
use jvmfuzz_instrument::reduce;

pub use bundle::{bundle, BundleCoverage, PackageCoverage, SourceFileCoverage};
pub use filters::{FILTER_NAMES, KOTLIN_FILTER_NAMES};
pub use fragments::Fragment;

/// Probe ids the rewriter gave one method (`probe_count == 0`: left uninstrumented).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodProbes<'a> {
    pub name: &'a str,
    pub descriptor: &'a str,
    pub first_probe: u32,
    pub probe_count: u32,
}

/// Which plan the rewriter used for the probe ranges of a [`ClassInput`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ProbeLayout {
    /// The full profile plan (`flow_probes: true`: entry, arm and flow probes). A range that
    /// fits the fuzzer's plan (`flow_probes: false`) instead is approximated.
    #[default]
    Full,
    /// Only the sites of JaCoCo's probes (`plan::plan_method_jacoco_only`): `counts=jacoco`.
    JacocoOnly,
    /// The sites of JaCoCo's probes that others do not imply (`instrument::reduce`): the
    /// agent's default mode. The analysis rebuilds the left-out probes from the kept ones.
    JacocoReduced,
}

/// One loaded class: its original (un-instrumented) bytes and the probe ranges per method.
/// Methods missing from `methods` are analysed as never executed.
#[derive(Debug, Clone, Copy)]
pub struct ClassInput<'a> {
    pub bytes: &'a [u8],
    pub methods: &'a [MethodProbes<'a>],
}

#[derive(Debug, thiserror::Error)]
pub enum CoverageError {
    #[error("class file: {0}")]
    ClassFile(#[from] ClassFileError),
    #[error("bytecode: {0}")]
    Bytecode(#[from] BytecodeError),
    #[error("probe plan: {0}")]
    Plan(#[from] PlanError),
    #[error(transparent)]
    BadAttribute(#[from] jvmfuzz_classfile::attrs::BadAttribute),
    #[error("malformed code: {0}")]
    BadCode(&'static str),
    #[error("placed {ours} JaCoCo probes but JaCoCo's data has {jacoco}")]
    ProbeCount { ours: usize, jacoco: usize },
}

/// missed/covered, JaCoCo's `ICounter`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counter {
    pub missed: u32,
    pub covered: u32,
}

impl Counter {
    pub fn total(&self) -> u32 {
        self.missed + self.covered
    }
}

impl AddAssign for Counter {
    fn add_assign(&mut self, o: Counter) {
        self.missed += o.missed;
        self.covered += o.covered;
    }
}

/// The six JaCoCo counter types, in JaCoCo's report order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CounterKind {
    Instruction,
    Branch,
    Line,
    Complexity,
    Method,
    Class,
}

impl CounterKind {
    pub const ALL: [CounterKind; 6] = [
        CounterKind::Instruction,
        CounterKind::Branch,
        CounterKind::Line,
        CounterKind::Complexity,
        CounterKind::Method,
        CounterKind::Class,
    ];

    /// The `type` attribute JaCoCo's XML uses.
    pub fn xml_name(self) -> &'static str {
        match self {
            CounterKind::Instruction => "INSTRUCTION",
            CounterKind::Branch => "BRANCH",
            CounterKind::Line => "LINE",
            CounterKind::Complexity => "COMPLEXITY",
            CounterKind::Method => "METHOD",
            CounterKind::Class => "CLASS",
        }
    }

    pub fn from_xml_name(s: &str) -> Option<CounterKind> {
        CounterKind::ALL.into_iter().find(|k| k.xml_name() == s)
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    pub instruction: Counter,
    pub branch: Counter,
    pub line: Counter,
    pub complexity: Counter,
    pub method: Counter,
    pub class: Counter,
}

impl Counters {
    pub fn get(&self, k: CounterKind) -> Counter {
        match k {
            CounterKind::Instruction => self.instruction,
            CounterKind::Branch => self.branch,
            CounterKind::Line => self.line,
            CounterKind::Complexity => self.complexity,
            CounterKind::Method => self.method,
            CounterKind::Class => self.class,
        }
    }
}

impl AddAssign for Counters {
    fn add_assign(&mut self, o: Counters) {
        self.instruction += o.instruction;
        self.branch += o.branch;
        self.line += o.line;
        self.complexity += o.complexity;
        self.method += o.method;
        self.class += o.class;
    }
}

/// Instructions and branches on one source line (JaCoCo's `ILine`: mi/ci/mb/cb).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LineCounts {
    pub instructions: Counter,
    pub branches: Counter,
}

impl AddAssign for LineCounts {
    fn add_assign(&mut self, o: LineCounts) {
        self.instructions += o.instructions;
        self.branches += o.branches;
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodCoverage {
    pub name: String,
    pub descriptor: String,
    /// First line with counted code (JaCoCo's method `line` attribute).
    pub first_line: Option<u32>,
    pub counters: Counters,
    pub lines: BTreeMap<u32, LineCounts>,
    /// False when no probe data was available (uninstrumented or unknown method): the
    /// counters then show it as never executed.
    pub instrumented: bool,
    /// True when the method was instrumented in fuzzer mode (entry and arm probes only): the
    /// counters are then reconstructed by reachability and may differ from JaCoCo's around
    /// exceptions (see `approx.rs`). BRANCH counters of `if`s and switches stay exact.
    pub approximate: bool,
    /// JaCoCo filters that removed, merged or replaced something in this method.
    pub filters: Vec<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassCoverage {
    /// Internal name, e.g. `com/example/Foo$Bar`.
    pub name: String,
    pub source_file: Option<String>,
    /// Methods with code, in class-file order (methods fully filtered out are absent).
    pub methods: Vec<MethodCoverage>,
    pub counters: Counters,
    pub lines: BTreeMap<u32, LineCounts>,
    /// Methods that could not be analysed, with the reason (e.g. jsr/ret subroutines).
    pub skipped: Vec<(String, String)>,
    /// Methods with code that JaCoCo's filters hide entirely (`name+descriptor`, filters),
    /// e.g. enum `values()`, bridges, record `toString`.
    pub hidden: Vec<(String, Vec<&'static str>)>,
    /// JaCoCo's probe array for the class as its agent would have recorded it: the probes of
    /// every method with code, in class-file order, each in JaCoCo's probe order (what a
    /// `.exec` file holds). `None` when a method could not be planned: the probe ids would not
    /// line up with JaCoCo's, so the class must not go into a `.exec` file.
    pub jacoco_probes: Option<Vec<bool>>,
    /// Coverage of code this (Kotlin) class inlined from other classes, by source class: see
    /// [`fragments::apply`], which reports apply across the classes they show.
    pub fragments: Vec<Fragment>,
}

impl ClassCoverage {
    /// Package in internal form (`com/example`), empty for the default package.
    pub fn package(&self) -> &str {
        self.name.rfind('/').map_or("", |p| &self.name[..p])
    }

    /// Simple name after the package.
    pub fn simple_name(&self) -> &str {
        self.name.rfind('/').map_or(&self.name[..], |p| &self.name[p + 1..])
    }
}

/// Analyses one class. `hits(probe_id)` is the hit count of a probe (0 = never ran).
///
/// Returns `Ok(None)` for classes JaCoCo does not report at all (synthetic classes such as
/// javac's enum-switch maps, `module-info`). Classes without code (interfaces with only
/// abstract methods) are returned with no methods, as JaCoCo lists them.
pub fn analyze_class(
    input: &ClassInput<'_>,
    hits: &dyn Fn(u32) -> u64,
) -> Result<Option<ClassCoverage>, CoverageError> {
    analyze_class_with(input, hits, ProbeLayout::Full)
}

/// [`analyze_class`] for probe ranges laid out by the plan `layout` names.
pub fn analyze_class_with(
    input: &ClassInput<'_>,
    hits: &dyn Fn(u32) -> u64,
    layout: ProbeLayout,
) -> Result<Option<ClassCoverage>, CoverageError> {
    let cf = ClassFile::parse(input.bytes)?;
    if cf.access_flags & (access::MODULE | access::SYNTHETIC) != 0 {
        return Ok(None);
    }
    let cp = &cf.constant_pool;
    let (ctx, bsms) = model::ClassContext::build(&cf)?;
    let mut class = ClassCoverage {
        name: ctx.name.clone(),
        source_file: ctx.source_file.clone(),
        methods: Vec::new(),
        counters: Counters::default(),
        lines: BTreeMap::new(),
        skipped: Vec::new(),
        hidden: Vec::new(),
        jacoco_probes: Some(Vec::new()),
        fragments: Vec::new(),
    };
    // JaCoCo only reads the SMAP of Kotlin classes for fragments.
    let smap_mappings = ctx.smap.as_deref().filter(|_| ctx.is_kotlin());
    let mut operands = model::OperandCache::new(cp);
    for member in &cf.methods {
        let m = match model::MethodModel::build(cp, member, &bsms, &mut operands) {
            Ok(Some(m)) => m,
            Ok(None) => {
                // Abstract or native: no code, not reported. JaCoCo still makes the class's
                // (empty) fragments for it.
                if let Some(mappings) = smap_mappings {
                    fragments::collect(&mut class.fragments, &ctx.name, mappings, &[]);
                }
                continue;
            }
            Err(e) => {
                class.skipped.push((member.name(cp).map(|s| s.into_owned()).unwrap_or_default(), e.to_string()));
                class.jacoco_probes = None;
                continue;
            }
        };
        let code = member.code().ok_or(CoverageError::BadCode("method without Code"))?;
        let planned = match layout {
            ProbeLayout::Full => {
                plan::plan_method_with(&m.raw, &code.exception_table, &m.lines, PlanOptions { flow_probes: true })
            }
            ProbeLayout::JacocoOnly | ProbeLayout::JacocoReduced => {
                plan::plan_method_jacoco_only_with(&m.raw, &code.exception_table, &m.lines)
            }
        };
        let plan = match planned {
            Ok(p) => p,
            Err(e) => {
                class.skipped.push((m.name.clone(), e.to_string()));
                class.jacoco_probes = None;
                continue;
            }
        };
        let probes = input.methods.iter().find(|p| p.name == m.name && p.descriptor == m.desc && p.probe_count > 0);
        let hit = |p: &MethodProbes<'_>, site: usize| {
            u32::try_from(site).ok().and_then(|s| p.first_probe.checked_add(s)).is_some_and(|id| hits(id) > 0)
        };
        // Probe ids are plan sites when the range fits `layout`'s plan; with the full layout, a
        // range that fits the fuzzer's plan (no flow probes) is approximated; anything else
        // means the class was instrumented from other bytes: the method then counts as never
        // executed.
        let mut approximate = false;
        let flow_hits: Option<Vec<bool>> = match probes {
            Some(p) if layout == ProbeLayout::JacocoReduced => {
                let r = reduce::reduce(&m.raw, &code.exception_table, cp, &plan);
                (p.probe_count as usize == r.kept.len())
                    .then(|| (0..plan.sites.len()).map(|s| r.executed(s, &|k| hit(p, k))).collect())
            }
            Some(p) if p.probe_count as usize == plan.sites.len() => {
                Some((0..plan.sites.len()).map(|s| hit(p, s)).collect())
            }
            Some(_) if layout == ProbeLayout::JacocoOnly => None,
            Some(p) => {
                let fuzz = plan::plan_method_with(
                    &m.raw,
                    &code.exception_table,
                    &m.lines,
                    PlanOptions { flow_probes: false },
                )?;
                (p.probe_count as usize == fuzz.sites.len()).then(|| {
                    approximate = true;
                    approx::flow_sites_from_fuzz_plan(&m.raw, &fuzz, &plan, &|s| hit(p, s))
                })
            }
            None => None,
        };
        let executed = |site: usize| flow_hits.as_ref().is_some_and(|h| h.get(site).copied().unwrap_or(false));
        if let Some(probes) = class.jacoco_probes.as_mut() {
            probes.extend(plan.jacoco.iter().map(|j| executed(j.site)));
        }
        let insns = instructions::build(&m, &plan, &executed);
        if let Some(mappings) = smap_mappings {
            fragments::collect(&mut class.fragments, &ctx.name, mappings, &insns);
        }
        let out = filters::run_all(&m, &ctx);
        let counted = calculator::calculate(insns, &out);
        if counted.counters.instruction.total() == 0 {
            // Fully filtered: JaCoCo's containsCode() is false, the method is not listed.
            class.hidden.push((format!("{}{}", m.name, m.desc), out.fired));
            continue;
        }
        class.methods.push(MethodCoverage {
            name: m.name,
            descriptor: m.desc,
            first_line: counted.first_line,
            counters: counted.counters,
            lines: counted.lines,
            instrumented: flow_hits.is_some(),
            approximate,
            filters: out.fired,
        });
    }
    for mc in &class.methods {
        class.counters += mc.counters;
        for (&nr, l) in &mc.lines {
            *class.lines.entry(nr).or_default() += *l;
        }
    }
    class.counters.line = calculator::line_counter(&class.lines);
    if !class.methods.is_empty() {
        class.counters.class = if class.counters.method.covered > 0 {
            Counter { missed: 0, covered: 1 }
        } else {
            Counter { missed: 1, covered: 0 }
        };
    }
    Ok(Some(class))
}
