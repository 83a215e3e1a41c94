//! The two calls into other modules' APIs, each in one small function so the rest of the
//! agent does not depend on their shapes: the rewriter (`instrument::instrument_class`) and the
//! coverage analysis + report writer (`coverage::analyze_class_with`, `report::write_reports`),
//! both set up for the `counts=` mode.

use std::sync::Arc;

use jvmfuzz_runtime::{ClassRecord, MethodRecord, RuntimeError};

use crate::bytecode::Insn;
use crate::classfile::{CodeAttribute, ConstantPool};
use crate::coverage::{analyze_class_with, ClassInput, MethodProbes, ProbeLayout};
use crate::instrument::plan::{self, MethodPlan, PlanError, PlanOptions};
use crate::instrument::{
    instrument_class, InstrumentConfig, JacocoPlanner, MethodOutcome, Planner, SkipReason,
};
use crate::options::{AgentOptions, CountMode, ReportFormat};
use crate::report::{Formats, ReportConfig, SessionInfo};

/// What happened to one class in the load hook.
#[derive(Debug)]
pub enum Outcome {
    /// New class bytes, and the record to register once the JVM has taken them.
    Instrumented {
        bytes: Vec<u8>,
        record: ClassRecord,
        methods: u32,
        probes: u32,
        notes: Vec<String>,
    },
    /// The class matched the filters but is handed back unchanged. `record` is set for classes
    /// with no code at all (interfaces with only abstract methods, annotation types): JaCoCo
    /// lists those as empty `<class>` elements, so the report must know they were loaded.
    Skipped {
        reason: String,
        notes: Vec<String>,
        record: Option<ClassRecord>,
    },
}

/// The profiler's configuration for `counts=mode`. The coverage analysis must re-plan
/// `ClassRecord::original` the same way ([`probe_layout`]).
/// - `covered` (default): only the sites of JaCoCo's probes ([`planner`]), each a store into
///   the flag array `Probes.flags` (see [`super::flags`]: the hook must grow it before handing
///   the class back);
/// - `exact`: entry, branch-arm and JaCoCo-equivalent flow probes, each a call to
///   `Probes.hit(I)V`, which records every hit.
pub fn instrument_config(mode: CountMode) -> InstrumentConfig {
    let probe_flags = match mode {
        CountMode::Covered => Some(super::flags::FIELD.to_string()),
        CountMode::Exact => None,
    };
    InstrumentConfig {
        plan_options: PlanOptions { flow_probes: true },
        probe_flags,
        ..InstrumentConfig::default()
    }
}

/// The coverage analysis's name for the plan [`planner`] makes for `mode`.
pub fn probe_layout(mode: CountMode) -> ProbeLayout {
    match mode {
        CountMode::Covered => ProbeLayout::JacocoOnly,
        CountMode::Exact => ProbeLayout::Full,
    }
}

/// Plans with [`plan::plan_method_jacoco_only`] (JaCoCo's probes only).
struct JacocoOnlyPlanner;

impl Planner for JacocoOnlyPlanner {
    fn plan(
        &self,
        insns: &[Insn],
        code: &CodeAttribute<'_>,
        cp: &ConstantPool<'_>,
        _options: PlanOptions,
    ) -> Result<MethodPlan, PlanError> {
        plan::plan_method_jacoco_only(insns, code, cp)
    }
}

/// The planner for `counts=mode`.
pub fn planner(mode: CountMode) -> &'static dyn Planner {
    match mode {
        CountMode::Covered => &JacocoOnlyPlanner,
        CountMode::Exact => &JacocoPlanner,
    }
}

/// Instruments one class the way the agent does by default (`counts=covered`). The bytes store
/// into `Probes.flags`: before the class can run, the caller must make that array longer than
/// the record's largest id ([`super::flags::Flags::ensure`]), as the class-load hook does.
pub fn instrument_one(name: &str, original: &[u8]) -> Outcome {
    instrument_one_as(name, original, CountMode::default())
}

/// Instruments one class for `counts=mode` (reserving its probe ids from the runtime).
pub fn instrument_one_as(name: &str, original: &[u8], mode: CountMode) -> Outcome {
    let mut reserve_error: Option<RuntimeError> = None;
    let mut alloc = |n: u32| match jvmfuzz_runtime::reserve(n) {
        Ok(first) => first,
        Err(e) => {
            reserve_error = Some(e);
            0
        }
    };
    let result = instrument_class(original, &instrument_config(mode), &mut alloc, planner(mode));
    if let Some(e) = reserve_error {
        // The rewritten code would carry ids that are not ours: hand back the original.
        return Outcome::Skipped {
            reason: e.to_string(),
            notes: Vec::new(),
            record: None,
        };
    }
    let inst = match result {
        Ok(i) => i,
        Err(e) => {
            return Outcome::Skipped {
                reason: e.to_string(),
                notes: Vec::new(),
                record: None,
            }
        }
    };
    let mut notes = Vec::new();
    let mut methods = Vec::with_capacity(inst.methods.len());
    // By value: the names move into the records instead of being copied.
    for m in inst.methods {
        match m.outcome {
            MethodOutcome::Instrumented {
                first_probe,
                probe_count,
            } => methods.push(MethodRecord {
                name: m.name,
                descriptor: m.descriptor,
                first_probe,
                probe_count,
            }),
            MethodOutcome::Skipped(
                SkipReason::Abstract | SkipReason::Native | SkipReason::NoProbes,
            ) => {}
            MethodOutcome::Skipped(reason) => notes.push(format!(
                "{name}.{}{}: not instrumented ({reason:?})",
                m.name, m.descriptor
            )),
        }
    }
    if !inst.changed || methods.is_empty() {
        if notes.is_empty() {
            let record = ClassRecord {
                name: inst.class_name,
                original: Arc::from(original),
                first_probe: 0,
                methods: Vec::new(),
            };
            return Outcome::Skipped {
                reason: "no code to instrument".to_string(),
                notes,
                record: Some(record),
            };
        }
        return Outcome::Skipped {
            reason: "no method could be instrumented".to_string(),
            notes,
            record: None,
        };
    }
    let probes = inst.counts.probes;
    let first_probe = methods.iter().map(|m| m.first_probe).min().unwrap_or(0);
    let n_methods = methods.len() as u32;
    let record = ClassRecord {
        name: inst.class_name,
        original: Arc::from(original),
        first_probe,
        methods,
    };
    Outcome::Instrumented {
        bytes: inst.bytes,
        record,
        methods: n_methods,
        probes,
        notes,
    }
}

/// Writes the coverage reports; returns the terminal summary table and notes for verbose mode.
///
/// Classes loaded more than once under one name (several class loaders, or a redefinition) are
/// reported once, like JaCoCo does: copies with identical bytes have their hits added up probe
/// by probe; a copy with different bytes is left out of the report (and noted).
pub fn write_reports(
    opts: &AgentOptions,
    classes: &[Arc<ClassRecord>],
    hits: &[u64],
    session: &SessionInfo,
) -> Result<(String, Vec<String>), String> {
    let mut notes = Vec::new();
    // name -> records with the bytes of the first one seen.
    let mut groups: Vec<Vec<&ClassRecord>> = Vec::new();
    let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for c in classes {
        match index.get(c.name.as_str()) {
            Some(&g) if same_layout(groups[g][0], c) => groups[g].push(c),
            Some(_) => notes.push(format!(
                "{}: loaded again with different bytes; only the first version is reported",
                c.name
            )),
            None => {
                index.insert(c.name.as_str(), groups.len());
                groups.push(vec![c]);
            }
        }
    }
    let t_analysis = std::time::Instant::now();
    let count = |id: u64| hits.get(id as usize).copied().unwrap_or(0);
    // Classes are analysed independently (each re-parses its original bytes): spread over the
    // cores, since this runs at VM death on the profiled program's clock. Results keep the
    // groups' order.
    let analyse = |group: &Vec<&ClassRecord>| -> Result<Option<crate::coverage::ClassCoverage>, String> {
        let first = group[0];
        let methods: Vec<MethodProbes<'_>> = first
            .methods
            .iter()
            .map(|m| MethodProbes {
                name: &m.name,
                descriptor: &m.descriptor,
                first_probe: m.first_probe,
                probe_count: m.probe_count,
            })
            .collect();
        // Probe `first.first_probe + k` is the same site in every copy.
        let hit = |id: u32| -> u64 {
            let offset = u64::from(id.wrapping_sub(first.first_probe));
            group
                .iter()
                .map(|r| count(u64::from(r.first_probe) + offset))
                .sum()
        };
        analyze_class_with(
            &ClassInput {
                bytes: &first.original,
                methods: &methods,
            },
            &hit,
            probe_layout(opts.counts),
        )
        .map_err(|e| format!("{}: cannot analyse coverage: {e}", first.name))
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    let chunk = groups.len().div_ceil(threads).max(1);
    let parts: Vec<Vec<Result<Option<crate::coverage::ClassCoverage>, String>>> = std::thread::scope(|s| {
        let handles: Vec<_> = groups
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(analyse).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| vec![Err("a coverage analysis thread panicked".to_string())]))
            .collect()
    });
    let mut coverage = Vec::with_capacity(groups.len());
    for r in parts.into_iter().flatten() {
        match r {
            Ok(Some(c)) => coverage.push(c),
            Ok(None) => {}
            Err(e) => notes.push(e),
        }
    }
    let analysis_ms = t_analysis.elapsed().as_millis();
    let cfg = ReportConfig {
        dir: opts.report_dir.clone(),
        formats: Formats {
            xml: opts.formats.contains(&ReportFormat::Xml),
            html: opts.formats.contains(&ReportFormat::Html),
            lcov: opts.formats.contains(&ReportFormat::Lcov),
        },
        sources: opts.sources.clone(),
        name: "jvmfuzz".to_string(),
        sessions: vec![session.clone()],
    };
    let t_reports = std::time::Instant::now();
    let summary = crate::report::write_reports(&cfg, &coverage).map_err(|e| e.to_string())?;
    notes.push(format!(
        "analysed {} classes in {analysis_ms} ms, wrote the reports in {} ms",
        coverage.len(),
        t_reports.elapsed().as_millis()
    ));
    Ok((summary.table(), notes))
}

/// Same bytes, hence the same probe plan at the same offsets from the class's first probe.
fn same_layout(a: &ClassRecord, b: &ClassRecord) -> bool {
    a.original == b.original
        && a.methods.len() == b.methods.len()
        && a.methods.iter().zip(&b.methods).all(|(x, y)| {
            x.probe_count == y.probe_count
                && x.first_probe.wrapping_sub(a.first_probe)
                    == y.first_probe.wrapping_sub(b.first_probe)
        })
}
