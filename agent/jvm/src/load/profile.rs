//! The profiler's mode of the class-load pipeline (`-agentpath`): JaCoCo-equivalent probes,
//! planned and shaped as `counts=` says. Before a rewritten class may run, the flag array must
//! be long enough for its ids and the holders of its field probes must exist
//! ([`FlagProbes::ensure`], done here with the hook thread's JNI environment).

use std::fmt;
use std::sync::Arc;

use jni::sys::JNIEnv as RawJniEnv;
use jvmfuzz_classfile::bytecode::Insn;
use jvmfuzz_classfile::{CodeAttribute, ConstantPool};
use jvmfuzz_instrument::plan::{self, MethodPlan, PlanError, PlanOptions};
use jvmfuzz_instrument::reduce;
use jvmfuzz_instrument::{instrument_class, FlagFields, InstrumentConfig, JacocoPlanner, Planner};
use jvmfuzz_runtime::{ClassRecord, MethodRecord};

use super::Outcome;
use crate::flag_probes::FlagProbes;

/// What the probes measure (`counts=`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum CountMode {
    /// The fewest of JaCoCo's probes that determine all of them (`instrument::reduce`), each
    /// a flag store (`Probes.flags[id] = true`).
    #[default]
    Covered,
    /// Every one of JaCoCo's probes, each a flag store: `covered` without the reduction
    /// (for comparing the two).
    Jacoco,
    /// Entry, branch-arm and JaCoCo probes, every hit counted (`Probes.hit`).
    Exact,
}

impl CountMode {
    /// Whether probes are flag stores into `Probes.fixed`/`Probes.flags` (not calls).
    pub fn uses_flags(self) -> bool {
        matches!(self, CountMode::Covered | CountMode::Jacoco)
    }
}

impl fmt::Display for CountMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CountMode::Covered => "covered",
            CountMode::Jacoco => "jacoco",
            CountMode::Exact => "exact",
        })
    }
}

/// The profile mode: what `counts=` asks for, and where flag probes store.
pub struct Profile {
    pub counts: CountMode,
    /// The flag arrays and probe-field holders (unused with `counts=exact`).
    pub flags: &'static FlagProbes,
}

impl Profile {
    pub(super) fn transform(&self, jni: *mut RawJniEnv, name: &str, original: &[u8]) -> Outcome {
        match instrument_one_as(name, original, self.counts) {
            Rewritten::Instrumented { bytes, record, methods, probes, field_probes, notes } => {
                if self.counts.uses_flags() {
                    // SAFETY: the JNIEnv of the hook's thread.
                    if let Err(reason) = unsafe { ensure_flags(self.flags, jni, &record, field_probes) } {
                        return Outcome::Skipped { reason, notes, record: None };
                    }
                }
                Outcome::Instrumented { bytes, record: Some(record), methods, probes, notes }
            }
            Rewritten::Skipped { reason, notes, record } => Outcome::Skipped { reason, notes, record },
        }
    }
}

/// Makes the flag array long enough for every probe id of `record`, and defines the holders of
/// its ids when it uses field probes.
///
/// # Safety
/// `jni` must be the current thread's JNIEnv (or null).
unsafe fn ensure_flags(
    flags: &FlagProbes,
    jni: *mut RawJniEnv,
    record: &ClassRecord,
    field_probes: bool,
) -> Result<(), String> {
    let ids = |m: &MethodRecord| u64::from(m.first_probe)..u64::from(m.first_probe) + u64::from(m.probe_count);
    let start = record.methods.iter().map(|m| ids(m).start).min().unwrap_or(0);
    let end = record.methods.iter().map(|m| ids(m).end).max().unwrap_or(0);
    // SAFETY: per this function's contract.
    let mut env = unsafe { jni::JNIEnv::from_raw(jni) }.map_err(|e| e.to_string())?;
    let fields = if field_probes { start..end } else { 0..0 };
    flags.ensure(&mut env, end, fields).map_err(|e| e.to_string())
}

/// What the profiler's rewriting did to one class (before any JNI work).
#[derive(Debug)]
pub enum Rewritten {
    /// New class bytes, and the record to register once the JVM has taken them.
    Instrumented {
        bytes: Vec<u8>,
        record: ClassRecord,
        methods: u32,
        probes: u32,
        /// The class stores into probe fields, whose holders must be defined before it is
        /// handed back ([`crate::field_holders::FieldHolders::ensure`]); else into `Probes.fixed`/`flags`.
        field_probes: bool,
        notes: Vec<String>,
    },
    /// The class matched the filters but is handed back unchanged. `record` is set for classes
    /// with no code at all (interfaces with only abstract methods, annotation types): JaCoCo
    /// lists those as empty `<class>` elements, so the report must know they were loaded.
    Skipped { reason: String, notes: Vec<String>, record: Option<ClassRecord> },
}

/// The profiler's configuration for `counts=mode`. The coverage analysis must re-plan
/// `ClassRecord::original` the same way ([`probe_layout`]).
/// - `covered` (default): the sites of JaCoCo's probes that others do not imply
///   (`instrument::reduce`, [`planner`]), each a store into a static boolean field of its own
///   (`instrument::probe_fields`; [`crate::field_holders`] defines the holders, which the hook must do
///   before handing the class back), or, where the constant pool has no room for those, into
///   the flag array `Probes.flags` (see [`crate::flag_probes`]: the hook must grow it first);
/// - `jacoco`: every site of JaCoCo's probes, stored the same way;
/// - `exact`: entry, branch-arm and JaCoCo-equivalent flow probes, each a call to
///   `Probes.hit(I)V`, which records every hit.
pub fn instrument_config(mode: CountMode) -> InstrumentConfig {
    let probe_flags = match mode {
        CountMode::Covered | CountMode::Jacoco => Some(FlagFields {
            fixed: crate::flag_probes::FIXED_FIELD.to_string(),
            fixed_len: crate::flag_probes::FIXED_LEN,
            growable: crate::flag_probes::FIELD.to_string(),
            per_field: true,
        }),
        CountMode::Exact => None,
    };
    InstrumentConfig { plan_options: PlanOptions { flow_probes: true }, probe_flags, ..InstrumentConfig::fuzz() }
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
/// largest id ([`crate::flag_probes::FlagProbes::ensure`] does both), as the class-load hook does.
pub fn instrument_one(name: &str, original: &[u8]) -> Rewritten {
    instrument_one_as(name, original, CountMode::default())
}

/// Instruments one class for `counts=mode` (reserving its probe ids from the runtime).
pub fn instrument_one_as(name: &str, original: &[u8], mode: CountMode) -> Rewritten {
    let inst = match super::with_runtime_ids(|alloc| {
        instrument_class(original, &instrument_config(mode), alloc, planner(mode))
    }) {
        Ok(i) => i,
        Err(reason) => return Rewritten::Skipped { reason, notes: Vec::new(), record: None },
    };
    let (methods, notes) = super::method_records(name, inst.methods);
    if !inst.changed || methods.is_empty() {
        if notes.is_empty() {
            let record = ClassRecord {
                name: inst.class_name,
                original: Arc::from(original),
                first_probe: 0,
                methods: Vec::new(),
            };
            return Rewritten::Skipped { reason: "no code to instrument".to_string(), notes, record: Some(record) };
        }
        return Rewritten::Skipped { reason: "no method could be instrumented".to_string(), notes, record: None };
    }
    let probes = inst.counts.probes;
    let field_probes = inst.field_probes;
    let first_probe = methods.iter().map(|m| m.first_probe).min().unwrap_or(0);
    let n_methods = methods.len() as u32;
    let record = ClassRecord { name: inst.class_name, original: Arc::from(original), first_probe, methods };
    Rewritten::Instrumented { bytes: inst.bytes, record, methods: n_methods, probes, field_probes, notes }
}
