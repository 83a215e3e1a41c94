//! JaCoCo's instruction model (`InstructionsBuilder` + `Instruction` + `MethodAnalyzer`),
//! rebuilt over the emulated node list with the JaCoCo-equivalent probes of our plan.
//!
//! Each instruction has a branch count and a set of covered branch indices. Edges are added
//! in JaCoCo's order: fall-through as the instructions are visited, probes where JaCoCo
//! would insert them, jumps wired at the end. A covered branch marks its instruction and is
//! propagated backwards along the (single) predecessor chain, exactly like
//! `Instruction.propagateExecutedBranch`. Our extra probes (method entry, arms that are not
//! also JaCoCo probes) are not consulted: that is what makes the counters JaCoCo's.

use std::collections::{HashMap, HashSet};

use super::model::{Arg, MethodModel, Node};
use jvmfuzz_classfile::bytecode::{self, opcodes::*};
use jvmfuzz_instrument::plan::{falls_through, JacocoProbe, MethodPlan};

/// A small growable bit set (branch indices can exceed 64 for large switches).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    pub(crate) fn set(&mut self, i: u32) {
        let w = (i / 64) as usize;
        if self.0.len() <= w {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (i % 64);
    }
    pub(crate) fn get(&self, i: u32) -> bool {
        self.0.get((i / 64) as usize).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    pub(crate) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    pub(crate) fn or(&mut self, other: &Bits) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
}

/// JaCoCo's `Instruction`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Instruction {
    /// Source line, `None` = JaCoCo's UNKNOWN_LINE.
    pub line: Option<u32>,
    pub branches: u32,
    pub covered: Bits,
    pub(crate) pred: Option<(usize, u32)>,
}

impl Instruction {
    /// JaCoCo's `merge`: this instruction's line and branches, both coverages.
    pub(crate) fn merge(&self, other: &Instruction) -> Instruction {
        let mut covered = self.covered.clone();
        covered.or(&other.covered);
        Instruction { line: self.line, branches: self.branches, covered, pred: None }
    }

    /// (missed, covered) instructions: 1 instruction, covered if any branch is.
    pub(crate) fn instruction_counter(&self) -> (u32, u32) {
        if self.covered.is_empty() {
            (1, 0)
        } else {
            (0, 1)
        }
    }

    /// (missed, covered) branches; instructions with fewer than 2 branches have none.
    pub(crate) fn branch_counter(&self) -> (u32, u32) {
        if self.branches < 2 {
            return (0, 0);
        }
        let c = self.covered.count();
        (self.branches.saturating_sub(c), c)
    }
}

/// Builds the instructions of one method (indexed like `model.insns`).
///
/// `executed(site)` says whether the plan site with that index was hit.
pub(crate) fn build(model: &MethodModel, plan: &MethodPlan, executed: &dyn Fn(usize) -> bool) -> Vec<Instruction> {
    // JaCoCo probes by role, each resolved to "did it run".
    let mut label_probe: HashMap<u32, bool> = HashMap::new();
    let mut exit_probe: HashMap<u32, bool> = HashMap::new();
    let mut jump_probe: HashMap<u32, bool> = HashMap::new();
    let mut switch_probe: HashMap<(u32, u32), bool> = HashMap::new();
    let mut switch_has_probes: HashSet<u32> = HashSet::new();
    for j in &plan.jacoco {
        let run = executed(j.site);
        match j.probe {
            JacocoProbe::Label { at } => {
                label_probe.insert(at, run);
            }
            JacocoProbe::Exit { at } => {
                exit_probe.insert(at, run);
            }
            JacocoProbe::Jump { insn, .. } => {
                jump_probe.insert(insn, run);
            }
            JacocoProbe::Switch { insn, target } => {
                switch_probe.insert((insn, target), run);
                switch_has_probes.insert(insn);
            }
        }
    }
    // JaCoCo's LabelInfo.isSuccessor for the label at an offset.
    let raw = &model.raw;
    let is_successor = |off: u32| -> bool {
        match bytecode::index_at(raw, off) {
            Some(0) => false,
            Some(i) => falls_through(raw[i - 1].opcode),
            None => raw.last().is_some_and(|l| l.end() == off && falls_through(l.opcode)),
        }
    };
    let insn_at_offset: HashMap<u32, usize> = model.insns.iter().enumerate().map(|(i, x)| (x.offset, i)).collect();

    let mut b = Builder { insns: vec![Instruction::default(); model.insns.len()] };
    let mut current: Option<usize> = None;
    let mut line: Option<u32> = None;
    let mut jumps: Vec<(usize, u32, u32)> = Vec::new();
    for node in &model.nodes {
        match *node {
            Node::Label(off) => {
                if let Some(&run) = label_probe.get(&off) {
                    // visitProbe: a probe on the fall-through edge, then no successor.
                    if let Some(c) = current {
                        b.add_probe(c, run, 0);
                    }
                    current = None;
                }
                if !is_successor(off) {
                    current = None;
                }
            }
            Node::Line(l) => line = Some(l),
            Node::Frame => {}
            Node::Insn(i) => {
                b.insns[i].line = line;
                if let Some(c) = current {
                    b.add_edge(c, i, 0);
                }
                current = Some(i);
                let insn = &model.insns[i];
                match &insn.arg {
                    Arg::Jump(target) => match jump_probe.get(&insn.offset) {
                        Some(&run) => b.add_probe(i, run, 1),
                        None => jumps.push((i, *target, 1)),
                    },
                    Arg::Switch { dflt, labels } => {
                        // Distinct targets only (sets: switches can have thousands of entries).
                        let mut done: HashSet<u32> = HashSet::from([*dflt]);
                        if switch_has_probes.contains(&insn.offset) {
                            // visitSwitchInsnWithProbes: the branch index is the position in
                            // (default, labels...) of a target's first occurrence.
                            let mut visit =
                                |t: u32, branch: u32, b: &mut Builder| match switch_probe.get(&(insn.offset, t)) {
                                    Some(&run) => b.add_probe(i, run, branch),
                                    None => jumps.push((i, t, branch)),
                                };
                            visit(*dflt, 0, &mut b);
                            for (k, &t) in labels.iter().enumerate() {
                                if done.insert(t) {
                                    visit(t, k as u32 + 1, &mut b);
                                }
                            }
                        } else {
                            // visitSwitchInsn: distinct targets numbered 0, 1, 2, ...
                            jumps.push((i, *dflt, 0));
                            let mut branch = 0;
                            for &t in labels {
                                if done.insert(t) {
                                    branch += 1;
                                    jumps.push((i, t, branch));
                                }
                            }
                        }
                    }
                    _ if bytecode::is_return(insn.op) || insn.op == ATHROW => {
                        let run = exit_probe.get(&insn.offset).copied().unwrap_or(false);
                        b.add_probe(i, run, 0);
                    }
                    _ => {}
                }
            }
        }
    }
    for (src, target, branch) in jumps {
        if let Some(&t) = insn_at_offset.get(&target) {
            b.add_edge(src, t, branch);
        }
    }
    b.insns
}

struct Builder {
    insns: Vec<Instruction>,
}

impl Builder {
    /// `Instruction.addBranch(Instruction target, int branch)`.
    fn add_edge(&mut self, from: usize, to: usize, branch: u32) {
        self.insns[from].branches += 1;
        self.insns[to].pred = Some((from, branch));
        if !self.insns[to].covered.is_empty() {
            self.propagate(from, branch);
        }
    }

    /// `Instruction.addBranch(boolean executed, int branch)`.
    fn add_probe(&mut self, from: usize, executed: bool, branch: u32) {
        self.insns[from].branches += 1;
        if executed {
            self.propagate(from, branch);
        }
    }

    /// `Instruction.propagateExecutedBranch`: mark and walk back until an already covered
    /// instruction is reached (iterative: chains can be very long).
    fn propagate(&mut self, mut insn: usize, mut branch: u32) {
        loop {
            let already = !self.insns[insn].covered.is_empty();
            self.insns[insn].covered.set(branch);
            if already {
                break;
            }
            match self.insns[insn].pred {
                Some((p, pb)) => {
                    insn = p;
                    branch = pb;
                }
                None => break,
            }
        }
    }
}
