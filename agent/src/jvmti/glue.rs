//! The two calls into other modules' APIs, each in one small function so the rest of the
//! agent does not depend on their shapes: the rewriter (`instrument::instrument_class`) and the
//! coverage analysis + report writer (`analysis::analyse_all`, `report::write_reports`),
//! both set up for the `counts=` mode.

use std::sync::Arc;

use jvmfuzz_runtime::{ClassRecord, MethodRecord, RuntimeError};

use crate::bytecode::Insn;
use crate::classfile::{CodeAttribute, ConstantPool};
use crate::coverage::ProbeLayout;
use crate::instrument::plan::{self, MethodPlan, PlanError, PlanOptions};
use crate::instrument::reduce;
use crate::instrument::{
    instrument_class, FlagFields, InstrumentConfig, JacocoPlanner, MethodOutcome, Planner, SkipReason,
};
use crate::options::{AgentOptions, CountMode, ReportFormat};
use crate::report::{Formats, ReportConfig, SessionInfo};

use super::analysis::{self, AnalysisCache};

/// What happened to one class in the load hook.
#[derive(Debug)]
pub enum Outcome {
    /// New class bytes, and the record to register once the JVM has taken them.
    Instrumented {
        bytes: Vec<u8>,
        record: ClassRecord,
        methods: u32,
        probes: u32,
        /// The class stores into probe fields, whose holders must be defined before it is
        /// handed back ([`super::fields::Fields::ensure`]); else into `Probes.fixed`/`flags`.
        field_probes: bool,
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
/// - `covered` (default): the sites of JaCoCo's probes that others do not imply
///   (`instrument::reduce`, [`planner`]), each a store into a static boolean field of its own
///   (`instrument::probe_fields`; [`super::fields`] defines the holders, which the hook must do
///   before handing the class back), or, where the constant pool has no room for those, into
///   the flag array `Probes.flags` (see [`super::flags`]: the hook must grow it first);
/// - `jacoco`: every site of JaCoCo's probes, stored the same way;
/// - `exact`: entry, branch-arm and JaCoCo-equivalent flow probes, each a call to
///   `Probes.hit(I)V`, which records every hit.
pub fn instrument_config(mode: CountMode) -> InstrumentConfig {
    let probe_flags = match mode {
        CountMode::Covered | CountMode::Jacoco => Some(FlagFields {
            fixed: super::flags::FIXED_FIELD.to_string(),
            fixed_len: super::flags::FIXED_LEN,
            growable: super::flags::FIELD.to_string(),
            per_field: true,
        }),
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
        CountMode::Covered => ProbeLayout::JacocoReduced,
        CountMode::Jacoco => ProbeLayout::JacocoOnly,
        CountMode::Exact => ProbeLayout::Full,
    }
}

/// A profiler plan that needs no [`PlanOptions`]: [`plan::plan_method_jacoco_only`]
/// (`counts=jacoco`) or [`reduce::plan_method_reduced`] (`counts=covered`).
struct ProfilePlanner(fn(&[Insn], &CodeAttribute<'_>, &ConstantPool<'_>) -> Result<MethodPlan, PlanError>);

impl Planner for ProfilePlanner {
    fn plan(
        &self,
        insns: &[Insn],
        code: &CodeAttribute<'_>,
        cp: &ConstantPool<'_>,
        _options: PlanOptions,
    ) -> Result<MethodPlan, PlanError> {
        (self.0)(insns, code, cp)
    }
}

static JACOCO_ONLY: ProfilePlanner = ProfilePlanner(plan::plan_method_jacoco_only);
static REDUCED: ProfilePlanner = ProfilePlanner(reduce::plan_method_reduced);

/// The planner for `counts=mode`.
pub fn planner(mode: CountMode) -> &'static dyn Planner {
    match mode {
        CountMode::Covered => &REDUCED,
        CountMode::Jacoco => &JACOCO_ONLY,
        CountMode::Exact => &JacocoPlanner,
    }
}

/// Instruments one class the way the agent does by default (`counts=covered`). The bytes store
/// into probe fields or `Probes.flags`: before the class can run, the caller must define the
/// holders of the record's ids when `field_probes` says so and make that array longer than its
/// largest id ([`super::flags::Flags::ensure`] does both), as the class-load hook does.
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
    let field_probes = inst.field_probes;
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
        field_probes,
        notes,
    }
}

/// Writes the coverage reports; returns the terminal summary table and notes for verbose mode.
///
/// `cache` holds analyses the background thread made during the run (see `analysis`): those
/// of classes whose fired probes are unchanged are reused.
pub fn write_reports(
    opts: &AgentOptions,
    classes: &[Arc<ClassRecord>],
    hits: &[u64],
    session: &SessionInfo,
    cache: Option<&mut AnalysisCache>,
) -> Result<(String, Vec<String>), String> {
    let (groups, mut notes) = analysis::group(classes);
    let t_analysis = std::time::Instant::now();
    let (results, reused) = analysis::analyse_all(&groups, hits, probe_layout(opts.counts), cache);
    let mut coverage = Vec::with_capacity(groups.len());
    for r in results {
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
        "analysed {} classes in {analysis_ms} ms ({reused} analysed during the run and unchanged since), wrote the reports in {} ms",
        groups.len(),
        t_reports.elapsed().as_millis()
    ));
    Ok((summary.table(), notes))
}
