//! Probe planning: *where* probes go in one method. Pure function of the original code.
//!
//! This is the contract between the rewriter (which inserts one probe per [`ProbeSite`], in
//! order, with ids `first_probe + index`) and the coverage analysis (which re-runs the same
//! plan on the original bytes at report time to learn what each probe id means). Both sides
//! call [`plan_method`]; it must stay deterministic.
//!
//! Besides the probes the fuzzer needs (method entry, every branch arm), the plan adds
//! JaCoCo-equivalent "flow" probes so that line/branch counters can be computed with
//! JaCoCo's exact semantics (see `coverage/`).

/// Where a probe's code is inserted relative to the original instruction `at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Inserted before `at` but *outside* its label: only the fall-through path from the
    /// previous instruction runs it; jumps to `at` (and handlers starting at `at`) skip it.
    /// Never planned after an unconditional instruction (goto/return/athrow/switch).
    Fallthrough { at: u32 },
    /// Inserted at `at`'s label: every path that reaches `at` runs it first (jumps and
    /// exception handlers targeting `at` are redirected to the probe).
    Label { at: u32 },
    /// On the control-flow edge from the branch/switch instruction at `insn` to `target`
    /// when that edge is *taken* (a jump, not fall-through). The rewriter builds a trampoline
    /// `probe; goto target` and points the branch (or switch entries) at it.
    Edge { insn: u32, target: u32 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProbeKind {
    /// Call probe at method entry (Placement::Fallthrough { at: 0 }: loops back to 0 skip it).
    MethodEntry,
    /// An arm of an `if*`: `arm` 0 = not taken (fall-through), 1 = taken.
    /// A switch: `arm` = index of the distinct target, in order of first appearance
    /// scanning default first, then the table/lookup entries.
    BranchArm { insn: u32, arm: u16 },
    /// A JaCoCo-equivalent probe that is not a branch arm (before return/athrow, before a goto
    /// to a multi-target label, on fall-through into a label that needs a probe).
    Flow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProbeSite {
    pub kind: ProbeKind,
    pub placement: Placement,
}

/// What to plan: the fuzzer wants entry + arms only; the profiler also wants flow probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanOptions {
    pub flow_probes: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MethodPlan {
    pub sites: Vec<ProbeSite>,
}
