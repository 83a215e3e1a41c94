//! From instructions + filter output to one method's counters (JaCoCo's
//! `MethodCoverageCalculator` and `MethodCoverageImpl`): merges first, then branch
//! replacements, then every instruction that is not ignored is counted on its line.

use std::collections::BTreeMap;

use super::filters::FilterOutput;
use super::instructions::{Bits, Instruction};
use super::{Counter, Counters, LineCounts};

/// The counted result for one method, before naming.
pub(crate) struct Counted {
    pub counters: Counters,
    pub lines: BTreeMap<u32, LineCounts>,
    pub first_line: Option<u32>,
}

pub(crate) fn calculate(mut insns: Vec<Instruction>, out: &FilterOutput) -> Counted {
    let mut ignored = out.ignored.clone();
    // Merges: every merged instruction is ignored and OR-ed into its representative; then
    // it takes the representative's (final) coverage so replacements can refer to it.
    let rep = |mut i: usize| {
        let mut steps = 0;
        while let Some(&r) = out.merged.get(&i) {
            i = r;
            steps += 1;
            if steps > out.merged.len() {
                break;
            }
        }
        i
    };
    for &node in &out.merge_order {
        let r = rep(node);
        ignored.insert(node);
        if let (Some(a), Some(b)) = (insns.get(r), insns.get(node)) {
            insns[r] = a.merge(b);
        }
    }
    for &node in &out.merge_order {
        let r = rep(node);
        if let Some(a) = insns.get(r).cloned() {
            insns[node] = a;
        }
    }
    // Replacements: the instruction's branches become the groups; a group is covered if
    // any of its source branches is.
    for (target, groups) in &out.replacements {
        let Some(old) = insns.get(*target) else { continue };
        let mut covered = Bits::default();
        for (k, group) in groups.iter().enumerate() {
            if group.iter().any(|&(i, b)| insns.get(i).is_some_and(|x| x.covered.get(b))) {
                covered.set(k as u32);
            }
        }
        let replaced = Instruction { line: old.line, branches: groups.len() as u32, covered, ..Default::default() };
        insns[*target] = replaced;
    }

    let mut counters = Counters::default();
    let mut lines: BTreeMap<u32, LineCounts> = BTreeMap::new();
    for (i, insn) in insns.iter().enumerate() {
        if ignored.contains(&i) {
            continue;
        }
        let (im, ic) = insn.instruction_counter();
        let (bm, bc) = insn.branch_counter();
        let ins = Counter { missed: im, covered: ic };
        let br = Counter { missed: bm, covered: bc };
        counters.instruction += ins;
        counters.branch += br;
        if let Some(l) = insn.line {
            let e = lines.entry(l).or_default();
            e.instructions += ins;
            e.branches += br;
        }
        // Cyclomatic complexity: decision points missed/covered, as JaCoCo counts them.
        if bm + bc > 1 {
            let c = bc.saturating_sub(1);
            let m = (bm + bc).saturating_sub(c + 1);
            counters.complexity += Counter { missed: m, covered: c };
        }
    }
    counters.line = line_counter(&lines);
    let base = if counters.instruction.covered == 0 {
        Counter { missed: 1, covered: 0 }
    } else {
        Counter { missed: 0, covered: 1 }
    };
    counters.method += base;
    counters.complexity += base;
    let first_line = lines.keys().next().copied();
    Counted { counters, lines, first_line }
}

/// LINE counter of a set of lines: a line with instructions is covered if any is.
pub(crate) fn line_counter(lines: &BTreeMap<u32, LineCounts>) -> Counter {
    let mut c = Counter::default();
    for l in lines.values() {
        if l.instructions.total() == 0 {
            continue;
        }
        if l.instructions.covered > 0 {
            c.covered += 1;
        } else {
            c.missed += 1;
        }
    }
    c
}
