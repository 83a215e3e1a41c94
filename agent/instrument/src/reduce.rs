//! Probe reduction: which of JaCoCo's probes the profiler may leave out, because probes it
//! keeps already say whether they ran.
//!
//! JaCoCo places a probe before every `return`/`athrow` and on every edge into a label with
//! several predecessors. Many of those are implied by others. In
//! `return a ? x : y;` the probe before `ireturn` runs exactly when the probe at the end of
//! either arm ran, because nothing between them can throw or branch. Such a probe need not
//! be inserted: its value is the OR of the probes that reach it. Leaving it out makes the
//! rewritten method smaller (so more of them stay under the JIT's inlining limits) and runs
//! fewer probe stores. The reports are unchanged: the coverage analysis rebuilds the full
//! JaCoCo probe vector from the kept probes with [`Reduction::executed`] and reads it exactly
//! as before.
//!
//! The rule, for one planned site `S` (a `Placement::Label` or `Placement::Fallthrough`
//! site; an `Edge` site follows a branch, so never qualifies): walk backwards from `S`
//! along every way control can reach it. Each step back must be an instruction that cannot
//! throw and has exactly one successor (loads, stores, constants, arithmetic other than
//! integer division, `goto`), and the walk must end, on every path, at another probe. It
//! fails at the method entry, at an exception handler, at a branch or switch whose edge here
//! has no probe, at anything that can throw, and on a cycle. When it succeeds, `S` ran if
//! and only if one of the probes it ended at ran. (Asynchronous exceptions, `Thread.stop`
//! and a VM error thrown between two such instructions are ignored, as JaCoCo's own
//! probe model ignores them.)
//!
//! Sites are decided in plan order; a site is left out only if the probes it derives from do
//! not, through other left-out sites, derive from it, so every left-out site resolves to
//! kept probes. The function is deterministic: the rewriter and the coverage analysis both
//! call it on the original bytes and must agree on which probes exist.

use jvmfuzz_classfile::bytecode::{self, opcodes::*, Insn, InsnKind};
use jvmfuzz_classfile::tag;
use jvmfuzz_classfile::{CodeAttribute, ConstantPool, ExceptionEntry};

use super::plan::{self, falls_through, MethodPlan, Placement, PlanError, ProbeSite};

/// Which sites of a plan are inserted, and how every site's "did it run" follows from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reduction {
    /// Indices into the plan's `sites` of the sites to insert, ascending. The rewriter's
    /// probe `k` of the method is site `kept[k]`.
    pub kept: Vec<usize>,
    /// For plan site `s`: `sources[starts[s]..starts[s + 1]]` are the kept probes (indices
    /// into `kept`) whose OR is its value. A kept site lists only itself.
    starts: Vec<u32>,
    sources: Vec<u32>,
}

impl Reduction {
    /// The reduction that leaves nothing out.
    pub fn identity(sites: usize) -> Reduction {
        Reduction {
            kept: (0..sites).collect(),
            starts: (0..=sites as u32).collect(),
            sources: (0..sites as u32).collect(),
        }
    }

    /// Number of plan sites (kept or not).
    pub fn sites(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The kept probes whose OR is site `site`'s value (indices into [`Reduction::kept`]).
    pub fn sources(&self, site: usize) -> &[u32] {
        match (self.starts.get(site), self.starts.get(site + 1)) {
            (Some(&a), Some(&b)) => self.sources.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Whether plan site `site` ran, given whether each kept probe ran.
    pub fn executed(&self, site: usize, kept_ran: &dyn Fn(usize) -> bool) -> bool {
        self.sources(site).iter().any(|&k| kept_ran(k as usize))
    }

    /// The plan the rewriter inserts: only the kept sites, in order (no JaCoCo roles: the
    /// analysis re-plans the original bytes for those).
    pub fn kept_plan(&self, plan: &MethodPlan) -> MethodPlan {
        MethodPlan { sites: self.kept.iter().filter_map(|&s| plan.sites.get(s).copied()).collect(), jacoco: Vec::new() }
    }
}

/// The agent's default plan for one method (`counts=covered`): JaCoCo's probe sites
/// ([`plan::plan_method_jacoco_only`]) without those the kept ones imply.
pub fn plan_method_reduced(
    insns: &[Insn],
    code: &CodeAttribute<'_>,
    cp: &ConstantPool<'_>,
) -> Result<MethodPlan, PlanError> {
    let plan = plan::plan_method_jacoco_only(insns, code, cp)?;
    // Most methods: nothing can be left out, and the plan is returned as it is.
    if !any_may_derive(insns, cp, &plan.sites) {
        return Ok(plan);
    }
    Ok(reduce(insns, &code.exception_table, cp, &plan).kept_plan(&plan))
}

/// Decides which sites of `plan` (a plan of `insns`, normally the JaCoCo-only plan) can be
/// left out. `cp` tells `ldc` of a number (cannot throw) from other `ldc`s.
pub fn reduce(
    insns: &[Insn],
    exception_table: &[ExceptionEntry],
    cp: &ConstantPool<'_>,
    plan: &MethodPlan,
) -> Reduction {
    let n_sites = plan.sites.len();
    if !any_may_derive(insns, cp, &plan.sites) {
        return Reduction::identity(n_sites);
    }
    let graph = Graph::new(insns, exception_table, cp, &plan.sites);

    // derived[s]: the sites s derives from (empty: kept).
    let mut derived: Vec<Vec<u32>> = vec![Vec::new(); n_sites];
    let mut walk = Walk::new(insns.len(), n_sites);
    for (s, site) in plan.sites.iter().enumerate() {
        let Some(from) = walk.sources(&graph, s, site) else { continue };
        if !walk.reaches(&derived, &from, s) {
            derived[s] = from;
        }
    }

    let mut kept = Vec::with_capacity(n_sites);
    let mut kept_index = vec![u32::MAX; n_sites];
    for (s, d) in derived.iter().enumerate() {
        if d.is_empty() {
            kept_index[s] = kept.len() as u32;
            kept.push(s);
        }
    }
    let mut starts = Vec::with_capacity(n_sites + 1);
    let mut sources = Vec::with_capacity(n_sites);
    for s in 0..n_sites {
        starts.push(sources.len() as u32);
        let at = sources.len();
        walk.expand(&derived, &kept_index, s, &mut sources);
        sources[at..].sort_unstable();
        let mut w = at;
        for r in at..sources.len() {
            if r == at || sources[r] != sources[w - 1] {
                sources[w] = sources[r];
                w += 1;
            }
        }
        sources.truncate(w);
    }
    starts.push(sources.len() as u32);
    Reduction { kept, starts, sources }
}

/// Whether any site of a plan passes [`may_derive`] (never with fewer than two sites).
fn any_may_derive(insns: &[Insn], cp: &ConstantPool<'_>, sites: &[ProbeSite]) -> bool {
    sites.len() >= 2 && (0..sites.len()).any(|s| may_derive(insns, cp, sites, s))
}

/// A cheap necessary condition for leaving site `s` out, checked before building the method's
/// graph: most methods have no site that passes it (their probes follow calls).
fn may_derive(insns: &[Insn], cp: &ConstantPool<'_>, sites: &[ProbeSite], s: usize) -> bool {
    let (at, label) = match sites[s].placement {
        Placement::Edge { .. } => return false,
        Placement::Fallthrough { at } => (at, false),
        Placement::Label { at } => (at, true),
    };
    // Offset 0 is reached from the method entry.
    let Some(i) = bytecode::index_at(insns, at).filter(|&i| i > 0) else { return false };
    let prev = &insns[i - 1];
    if !label {
        return transparent(prev, cp);
    }
    // A label site is reached by jumps, which the full walk checks, and by falling through
    // from `prev`: through a fall-through probe at `at` or through `prev` itself. Sites are
    // planned in instruction order, so such a probe is among the few just before this one.
    let fall_probe = sites[..s]
        .iter()
        .rev()
        .take_while(|p| match p.placement {
            Placement::Fallthrough { at: o } | Placement::Label { at: o } | Placement::Edge { insn: o, .. } => {
                o >= prev.offset
            }
        })
        .any(|p| p.placement == Placement::Fallthrough { at });
    !falls_through(prev.opcode) || fall_probe || transparent(prev, cp)
}

/// Can `insn` neither throw nor branch (its only successor being the next instruction, or
/// for `goto` its target)?
fn transparent(insn: &Insn, cp: &ConstantPool<'_>) -> bool {
    match insn.kind {
        InsnKind::Local { .. } | InsnKind::Iinc { .. } => true,
        InsnKind::Ldc { cp_index } => {
            matches!(cp.tag(cp_index), Some(tag::INTEGER | tag::FLOAT | tag::LONG | tag::DOUBLE))
        }
        InsnKind::Branch { .. } => matches!(insn.opcode, GOTO | GOTO_W),
        InsnKind::Plain => {
            matches!(
                insn.opcode,
                NOP..=SIPUSH
                    | POP..=DREM
                    | INEG..=DCMPG
            ) && !matches!(insn.opcode, IDIV | LDIV | IREM | LREM)
        }
        _ => false,
    }
}

/// What reaches a point in the method, one way in.
#[derive(Debug, Clone, Copy)]
enum Inflow {
    /// Through the probe of this site.
    Probe(u32),
    /// From this instruction (falling through, or a `goto`), with no probe on the way.
    Insn(u32),
    /// From somewhere the rule cannot follow: the method entry, an exception, a branch or
    /// switch edge without a probe.
    Opaque,
}

/// The method's control flow as the rule needs it: probe sites by position, and jump
/// sources by target.
struct Graph<'a> {
    insns: &'a [Insn],
    transparent: Vec<bool>,
    handler: Vec<bool>,
    fall_site: Vec<u32>,
    label_site: Vec<u32>,
    /// (target index, source index, site on that edge or NONE), sorted by target.
    jumps: Vec<(u32, u32, u32)>,
}

const NONE: u32 = u32::MAX;

impl<'a> Graph<'a> {
    fn new(
        insns: &'a [Insn],
        exception_table: &[ExceptionEntry],
        cp: &ConstantPool<'_>,
        sites: &[ProbeSite],
    ) -> Graph<'a> {
        let n = insns.len();
        let idx = |off: u32| bytecode::index_at(insns, off);
        let mut handler = vec![false; n];
        for e in exception_table {
            if let Some(i) = idx(e.handler_pc as u32) {
                handler[i] = true;
            }
        }
        let mut fall_site = vec![NONE; n];
        let mut label_site = vec![NONE; n];
        let mut edge_sites: Vec<(u32, u32, u32)> = Vec::new();
        for (s, site) in sites.iter().enumerate() {
            match site.placement {
                Placement::Fallthrough { at } => {
                    if let Some(i) = idx(at) {
                        fall_site[i] = s as u32;
                    }
                }
                Placement::Label { at } => {
                    if let Some(i) = idx(at) {
                        label_site[i] = s as u32;
                    }
                }
                Placement::Edge { insn, target } => edge_sites.push((insn, target, s as u32)),
            }
        }
        let mut jumps = Vec::new();
        for (j, insn) in insns.iter().enumerate() {
            if !bytecode::is_jump(insn.opcode) {
                continue;
            }
            let mut seen: Vec<u32> = Vec::new();
            for t in insn.targets_iter() {
                if seen.contains(&t) {
                    continue;
                }
                seen.push(t);
                let Some(ti) = idx(t) else { continue };
                let site = edge_sites.iter().find(|e| e.0 == insn.offset && e.1 == t).map_or(NONE, |e| e.2);
                jumps.push((ti as u32, j as u32, site));
            }
        }
        jumps.sort_unstable();
        let transparent = insns.iter().map(|i| transparent(i, cp)).collect();
        Graph { insns, transparent, handler, fall_site, label_site, jumps }
    }

    /// Every way into instruction `i`, ignoring a `Label` probe at `i` itself.
    fn inflows_raw(&self, i: usize, out: &mut Vec<Inflow>) {
        if i == 0 || self.handler[i] {
            out.push(Inflow::Opaque);
            return;
        }
        if falls_through(self.insns[i - 1].opcode) {
            out.push(match self.fall_site[i] {
                NONE => Inflow::Insn(i as u32 - 1),
                s => Inflow::Probe(s),
            });
        }
        let first = self.jumps.partition_point(|j| (j.0 as usize) < i);
        for &(_, src, site) in self.jumps[first..].iter().take_while(|j| j.0 as usize == i) {
            let goto = matches!(self.insns[src as usize].opcode, GOTO | GOTO_W);
            out.push(match site {
                NONE if goto => Inflow::Insn(src),
                NONE => Inflow::Opaque,
                s => Inflow::Probe(s),
            });
        }
    }
}

/// Scratch space reused across the sites of one method.
struct Walk {
    stack: Vec<Inflow>,
    visited: Vec<u32>,
    stamp: u32,
    seen_site: Vec<u32>,
    site_stack: Vec<u32>,
}

impl Walk {
    fn new(insns: usize, sites: usize) -> Walk {
        Walk { stack: Vec::new(), visited: vec![0; insns], stamp: 0, seen_site: vec![0; sites], site_stack: Vec::new() }
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp += 1;
        self.stamp
    }

    /// The probes site `s` derives from, or `None` if it must stay.
    fn sources(&mut self, g: &Graph<'_>, s: usize, site: &ProbeSite) -> Option<Vec<u32>> {
        let stamp = self.next_stamp();
        self.stack.clear();
        match site.placement {
            Placement::Edge { .. } => return None,
            Placement::Fallthrough { at } => {
                let i = bytecode::index_at(g.insns, at)?;
                if i == 0 {
                    return None;
                }
                self.stack.push(Inflow::Insn(i as u32 - 1));
            }
            Placement::Label { at } => {
                let i = bytecode::index_at(g.insns, at)?;
                g.inflows_raw(i, &mut self.stack);
            }
        }
        let mut from = Vec::new();
        while let Some(inflow) = self.stack.pop() {
            match inflow {
                Inflow::Opaque => return None,
                Inflow::Probe(p) if p as usize == s => return None,
                Inflow::Probe(p) => {
                    if !from.contains(&p) {
                        from.push(p);
                    }
                }
                Inflow::Insn(x) => {
                    let x = x as usize;
                    if !g.transparent[x] || self.visited[x] == stamp {
                        return None;
                    }
                    self.visited[x] = stamp;
                    match g.label_site[x] {
                        NONE => g.inflows_raw(x, &mut self.stack),
                        l => self.stack.push(Inflow::Probe(l)),
                    }
                }
            }
        }
        (!from.is_empty()).then_some(from)
    }

    /// Does any site in `from` derive, through left-out sites, from `s` (or is it `s`)?
    fn reaches(&mut self, derived: &[Vec<u32>], from: &[u32], s: usize) -> bool {
        let stamp = self.next_stamp();
        self.site_stack.clear();
        self.site_stack.extend_from_slice(from);
        while let Some(p) = self.site_stack.pop() {
            let p = p as usize;
            if p == s {
                return true;
            }
            if self.seen_site[p] == stamp {
                continue;
            }
            self.seen_site[p] = stamp;
            self.site_stack.extend_from_slice(&derived[p]);
        }
        false
    }

    /// Appends the kept probes site `s` resolves to (unsorted, maybe repeated).
    fn expand(&mut self, derived: &[Vec<u32>], kept_index: &[u32], s: usize, out: &mut Vec<u32>) {
        let stamp = self.next_stamp();
        self.site_stack.clear();
        self.site_stack.push(s as u32);
        while let Some(p) = self.site_stack.pop() {
            let p = p as usize;
            if self.seen_site[p] == stamp {
                continue;
            }
            self.seen_site[p] = stamp;
            match kept_index[p] {
                NONE => self.site_stack.extend_from_slice(&derived[p]),
                k => out.push(k),
            }
        }
    }
}

#[cfg(test)]
mod tests;
