//! Class-level instrumentation: parse, plan every method, reserve probe ids, rewrite each
//! method, write the class back, and say what happened to every method.
//!
//! A method that cannot be handled (no code, `jsr`/`ret`, too large after rewriting, a
//! malformed attribute, ...) is left exactly as it was and reported with the reason; the
//! rest of the class is still instrumented. When no method is instrumented the original
//! bytes are returned unchanged.

use jvmfuzz_classfile::bytecode::{decode, opcodes::*, Insn, InsnKind};
use jvmfuzz_classfile::{access, ClassFile, ClassFileError, CodeAttribute, ConstantPool};

use super::cmplog::{plan_cmp, CmpSites};
use super::plan::{self, MethodPlan, PlanError, PlanOptions};
use super::rewrite::{instrument_decoded_cmp, MethodSig, ProbeCall, RewriteError};
use super::{probe_fields, test_classes};

/// What to instrument with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstrumentConfig {
    pub plan_options: PlanOptions,
    /// Internal name of the class holding the probe method.
    pub probe_class: String,
    pub probe_method: String,
    /// Must take exactly one `int` and return `void`.
    pub probe_descriptor: String,
    /// When set, a probe is a store `probe_class.<field>[id] = true` into one of two public
    /// static `boolean[]` fields instead of a call to `probe_method`.
    pub probe_flags: Option<FlagFields>,
}

/// The flag arrays of flag-store probes (see `jvmfuzz_jvm::flag_probes`, which owns them at run time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlagFields {
    /// A `static final boolean[]` of `fixed_len` entries, for ids below `fixed_len`. The JIT
    /// folds a static final array and its length into the code, so such a probe compiles to a
    /// single byte store: no field load, no bounds check.
    pub fixed: String,
    pub fixed_len: u32,
    /// A growable `static boolean[]` indexed by id, for the ids from `fixed_len` on. The caller
    /// makes it longer than a class's ids before handing the class back.
    pub growable: String,
    /// Field probes (`probe_fields`) for every class whose ids and constant pool allow them,
    /// except test classes (`test_classes`); the arrays for the others. The caller defines the
    /// holders of a class's ids before handing the class back (`Instrumented::field_probes`).
    pub per_field: bool,
}

impl InstrumentConfig {
    /// The fuzzer's configuration: entry and branch-arm probes, `Probes.hit(I)V`. (No
    /// `Default`: every caller names the configuration it means.)
    pub fn fuzz() -> Self {
        InstrumentConfig {
            plan_options: PlanOptions { flow_probes: false },
            probe_class: "com/jvmfuzz/shim/Probes".to_string(),
            probe_method: "hit".to_string(),
            probe_descriptor: "(I)V".to_string(),
            probe_flags: None,
        }
    }
}

/// Decides the probe sites of one method. [`JacocoPlanner`] is the real one; tests plug in
/// hand-built plans.
pub trait Planner {
    fn plan(
        &self,
        insns: &[Insn],
        code: &CodeAttribute<'_>,
        cp: &ConstantPool<'_>,
        options: PlanOptions,
    ) -> Result<MethodPlan, PlanError>;
}

/// Calls [`plan::plan_method`].
#[derive(Debug, Clone, Copy, Default)]
pub struct JacocoPlanner;

impl Planner for JacocoPlanner {
    fn plan(
        &self,
        insns: &[Insn],
        code: &CodeAttribute<'_>,
        cp: &ConstantPool<'_>,
        options: PlanOptions,
    ) -> Result<MethodPlan, PlanError> {
        plan::plan_method(insns, code, cp, options)
    }
}

impl<F> Planner for F
where
    F: Fn(&[Insn], &CodeAttribute<'_>, &ConstantPool<'_>, PlanOptions) -> Result<MethodPlan, PlanError>,
{
    fn plan(
        &self,
        insns: &[Insn],
        code: &CodeAttribute<'_>,
        cp: &ConstantPool<'_>,
        options: PlanOptions,
    ) -> Result<MethodPlan, PlanError> {
        self(insns, code, cp, options)
    }
}

/// Why a method was left uninstrumented.
#[derive(Debug, PartialEq, Eq)]
pub enum SkipReason {
    Abstract,
    Native,
    /// Neither abstract nor native, but no `Code` attribute (malformed).
    NoCode,
    /// The plan has no sites.
    NoProbes,
    /// `jsr`/`ret` subroutines (old javac `finally`), as JaCoCo.
    Subroutine,
    /// The rewritten method would exceed `code_length`/`max_stack` limits.
    TooLarge,
    Plan(PlanError),
    Rewrite(RewriteError),
}

impl SkipReason {
    /// Short stable label, for counting.
    pub fn label(&self) -> &'static str {
        match self {
            SkipReason::Abstract => "abstract",
            SkipReason::Native => "native",
            SkipReason::NoCode => "no code",
            SkipReason::NoProbes => "no probes",
            SkipReason::Subroutine => "jsr/ret",
            SkipReason::TooLarge => "too large",
            SkipReason::Plan(_) => "plan failed",
            SkipReason::Rewrite(_) => "rewrite failed",
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum MethodOutcome {
    /// Probe ids `first_probe .. first_probe + probe_count` belong to this method, in plan order.
    Instrumented {
        first_probe: u32,
        probe_count: u32,
    },
    Skipped(SkipReason),
}

#[derive(Debug, PartialEq, Eq)]
pub struct MethodRecord {
    pub name: String,
    pub descriptor: String,
    pub access_flags: u16,
    pub outcome: MethodOutcome,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClassCounts {
    pub methods: u32,
    pub instrumented: u32,
    pub skipped: u32,
    /// Probes inserted (ids in use).
    pub probes: u32,
    /// Ids reserved for methods whose rewrite then failed (never fired).
    pub wasted_ids: u32,
}

#[derive(Debug)]
pub struct Instrumented {
    pub class_name: String,
    /// The new class bytes (the original bytes when `changed` is false).
    pub bytes: Vec<u8>,
    pub changed: bool,
    pub methods: Vec<MethodRecord>,
    pub counts: ClassCounts,
    /// The probes are field probes (`probe_fields`): their holders must exist before the
    /// class runs. False for the other shapes, and when nothing changed.
    pub field_probes: bool,
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstrumentError {
    #[error("cannot parse class: {0}")]
    Parse(ClassFileError),
    #[error("class-file version {0} is not supported (45..=69)")]
    UnsupportedVersion(u16),
    #[error("constant pool: {0}")]
    ConstantPool(ClassFileError),
    #[error("cannot write class: {0}")]
    Write(ClassFileError),
    /// A method the caller needed rewritten could not be (`regex`: a node's `match`).
    #[error("cannot rewrite {method}: {why}")]
    Method { method: String, why: String },
}

fn uses_subroutines(insns: &[Insn]) -> bool {
    insns.iter().any(|i| matches!(i.opcode, JSR | JSR_W | RET) || matches!(i.kind, InsnKind::Ret { .. }))
}

/// Instruments every method of a class. `alloc(n)` reserves `n` consecutive probe ids and
/// returns the first; it is called at most once per class.
pub fn instrument_class(
    original: &[u8],
    cfg: &InstrumentConfig,
    alloc: &mut dyn FnMut(u32) -> u32,
    planner: &dyn Planner,
) -> Result<Instrumented, InstrumentError> {
    instrument_class_cmp(original, cfg, alloc, planner, None)
}

/// [`instrument_class`], plus comparison-operand logging (see `cmplog`) in every instrumented
/// method when `cmp` is given (the fuzzer). `None` is exactly [`instrument_class`].
pub fn instrument_class_cmp(
    original: &[u8],
    cfg: &InstrumentConfig,
    alloc: &mut dyn FnMut(u32) -> u32,
    planner: &dyn Planner,
    mut cmp: Option<&mut dyn CmpSites>,
) -> Result<Instrumented, InstrumentError> {
    let mut cf = ClassFile::parse(original).map_err(InstrumentError::Parse)?;
    if !(45..=69).contains(&cf.major_version) {
        return Err(InstrumentError::UnsupportedVersion(cf.major_version));
    }
    let class_name = cf.this_class_name().map_err(InstrumentError::Parse)?.into_owned();

    // Pass 1: plan. Ids are reserved once for the whole class afterwards.
    let mut records = Vec::with_capacity(cf.methods.len());
    let mut pending: Vec<(usize, Vec<Insn>, MethodPlan)> = Vec::new();
    for (mi, m) in cf.methods.iter().enumerate() {
        let cp = &cf.constant_pool;
        let name = m.name(cp).map_err(InstrumentError::Parse)?.into_owned();
        let descriptor = m.descriptor(cp).map_err(InstrumentError::Parse)?.into_owned();
        let skip = |r| MethodOutcome::Skipped(r);
        let outcome = if m.access_flags & access::ABSTRACT != 0 {
            Some(skip(SkipReason::Abstract))
        } else if m.access_flags & access::NATIVE != 0 {
            Some(skip(SkipReason::Native))
        } else if let Some(code) = m.code() {
            match decode(&code.code) {
                Err(e) => Some(skip(SkipReason::Rewrite(RewriteError::Decode(e)))),
                Ok(insns) if uses_subroutines(&insns) => Some(skip(SkipReason::Subroutine)),
                Ok(insns) => match planner.plan(&insns, code, cp, cfg.plan_options) {
                    Err(PlanError::Subroutine(_)) => Some(skip(SkipReason::Subroutine)),
                    Err(e) => Some(skip(SkipReason::Plan(e))),
                    Ok(p) if p.sites.is_empty() => Some(skip(SkipReason::NoProbes)),
                    Ok(p) => {
                        pending.push((mi, insns, p));
                        None
                    }
                },
            }
        } else {
            Some(skip(SkipReason::NoCode))
        };
        records.push(MethodRecord {
            name,
            descriptor,
            access_flags: m.access_flags,
            // Placeholder for pending methods, filled in by pass 2.
            outcome: outcome.unwrap_or(MethodOutcome::Skipped(SkipReason::NoProbes)),
        });
    }

    let mut counts = ClassCounts { methods: cf.methods.len() as u32, ..ClassCounts::default() };
    let total: u64 = pending.iter().map(|(_, _, p)| p.sites.len() as u64).sum();
    let unchanged = |records: Vec<MethodRecord>, mut counts: ClassCounts| {
        counts.skipped = counts.methods - counts.instrumented;
        Ok(Instrumented {
            class_name: class_name.clone(),
            bytes: original.to_vec(),
            changed: false,
            methods: records,
            counts,
            field_probes: false,
        })
    };
    if total == 0 {
        return unchanged(records, counts);
    }
    let total = u32::try_from(total).map_err(|_| InstrumentError::ConstantPool(ClassFileError::ConstantPoolFull))?;
    let first_id = alloc(total);
    let test_class = matches!(&cfg.probe_flags, Some(f) if f.per_field) && test_classes::is_test_class(&cf);
    let cp = &mut cf.constant_pool;
    let probe = match &cfg.probe_flags {
        Some(f) if f.per_field && !test_class && probe_fields::fits(cp.len(), first_id, total) => ProbeCall::Field {
            first_id,
            first_ref: probe_fields::append_refs(cp, first_id, total).map_err(InstrumentError::ConstantPool)?,
        },
        Some(f) => ProbeCall::Flag {
            fixed_ref: cp.add_field_ref(&cfg.probe_class, &f.fixed, "[Z").map_err(InstrumentError::ConstantPool)?,
            fixed_len: f.fixed_len,
            field_ref: cp.add_field_ref(&cfg.probe_class, &f.growable, "[Z").map_err(InstrumentError::ConstantPool)?,
        },
        None => ProbeCall::Call {
            method_ref: cp
                .add_method_ref(&cfg.probe_class, &cfg.probe_method, &cfg.probe_descriptor)
                .map_err(InstrumentError::ConstantPool)?,
        },
    };
    let mut next = first_id;

    // Pass 2: rewrite.
    let major = cf.major_version;
    for (mi, insns, plan) in pending {
        let count = plan.sites.len() as u32;
        let first = next;
        next = next.wrapping_add(count);
        let (methods, cp) = (&mut cf.methods, &mut cf.constant_pool);
        let Some(m) = methods.get_mut(mi) else {
            continue;
        };
        let rec = &mut records[mi];
        let sig = MethodSig {
            this_class: &class_name,
            name: &rec.name,
            descriptor: &rec.descriptor,
            access_flags: m.access_flags,
        };
        let Some(code) = m.code() else { continue };
        let cmp_sites = match cmp.as_mut() {
            Some(sites) => plan_cmp(&insns, &code.code, cp, &mut **sites),
            None => Vec::new(),
        };
        match instrument_decoded_cmp(code, &insns, cp, &sig, &plan, first, &probe, major, &cmp_sites) {
            Ok(new_code) => {
                if let Some(c) = m.code_mut() {
                    *c = new_code;
                }
                rec.outcome = MethodOutcome::Instrumented { first_probe: first, probe_count: count };
                counts.instrumented += 1;
                counts.probes += count;
            }
            Err(e) => {
                rec.outcome = MethodOutcome::Skipped(match e {
                    RewriteError::TooLarge { .. } => SkipReason::TooLarge,
                    RewriteError::Subroutine(_) => SkipReason::Subroutine,
                    e => SkipReason::Rewrite(e),
                });
                counts.wasted_ids += count;
            }
        }
    }
    if counts.instrumented == 0 {
        return unchanged(records, counts);
    }
    counts.skipped = counts.methods - counts.instrumented;
    let bytes = cf.try_to_bytes().map_err(InstrumentError::Write)?;
    Ok(Instrumented {
        class_name,
        bytes,
        changed: true,
        methods: records,
        counts,
        field_probes: matches!(probe, ProbeCall::Field { .. }),
    })
}

#[cfg(test)]
mod tests;
