//! Chains of safe calls (`a?.b?.c`): kotlinc tests each link for null, and all the tests jump
//! to one place. JaCoCo's `KotlinSafeCallOperatorFilter` gives every `ifnull` of a chain just
//! two branches, "not null here" and "the chain's null exit ran", so that one null at the
//! start does not leave every later test half covered; an `ifnonnull` right before the null
//! exit (an elvis after the chain) gets the same null branch.
//!
//! Three shapes make a chain (each `ifnull` jumps to the same label):
//! - optimised: `dup; ifnull L ... L: pop`,
//! - unoptimised: `aload v; ifnull L ... astore v'; aload v'; ifnull L ... L: aconst_null`,
//! - unoptimised followed by elvis: `... astore v; aload v; ifnull L; aload v; goto M; L: ...`.
//!
//! A lone `ifnull` is a chain only when an `ifnonnull` precedes its label.

use super::{jump_label, FilterOutput, Replacements};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    for (label, chain) in find_chains(m) {
        let before_label = label.checked_sub(1);
        let if_nonnull = before_label.filter(|&n| m.opcode(n) == IFNONNULL as i32);
        if chain.len() == 1 && if_nonnull.is_none() {
            continue;
        }
        let Some(null_target) = m.skip_non_opcodes(Some(label)) else { continue };
        for &if_null in &chain {
            let mut r = Replacements::default();
            r.add(if_null, if_null, 0);
            r.add(null_target, null_target, 0);
            out.replace_branches(m, if_null, r);
        }
        if let Some(n) = if_nonnull {
            let mut r = Replacements::default();
            r.add(null_target, null_target, 0);
            r.add(n, n, 1);
            out.replace_branches(m, n, r);
        }
    }
}

/// The `ifnull`s of each chain, keyed by their common label node, in order of appearance.
fn find_chains(m: &MethodModel) -> Vec<(usize, Vec<usize>)> {
    let mut chains: Vec<(usize, Vec<usize>)> = Vec::new();
    for i in 0..m.nodes.len() {
        if m.opcode(i) != IFNULL as i32 {
            continue;
        }
        let Some(label) = jump_label(m, i) else { continue };
        let Some(target) = m.skip_non_opcodes(Some(label)) else { continue };
        let chain = chains.iter().position(|c| c.0 == label);
        let belongs = match m.opcode(target) {
            op if op == POP as i32 => i.checked_sub(1).is_some_and(|p| m.opcode(p) == DUP as i32),
            op if op == ACONST_NULL as i32 => match preceding(m, Some(i), ALOAD) {
                None => false,
                Some(load) if chain.is_some() => {
                    preceding(m, Some(load), ASTORE).is_some_and(|store| var(m, load) == var(m, store))
                }
                Some(_) => true,
            },
            _ => unoptimized_followed_by_elvis(m, i, label, target, chain.is_some()),
        };
        if !belongs {
            continue;
        }
        match chain {
            Some(c) => chains[c].1.push(i),
            None => chains.push((label, vec![i])),
        }
    }
    chains
}

fn unoptimized_followed_by_elvis(m: &MethodModel, jump: usize, label: usize, target: usize, in_chain: bool) -> bool {
    // Not when the null exit is itself a jump or a switch (jsr included, as ASM's JUMP_INSN).
    if matches!(m.insn(target).map(|i| &i.arg), Some(Arg::Jump(_) | Arg::Switch { .. })) {
        return false;
    }
    let Some(load) = preceding(m, Some(jump), ALOAD) else { return false };
    if in_chain {
        return preceding(m, Some(load), ASTORE).is_some_and(|store| var(m, load) == var(m, store));
    }
    // The chain's first link: `astore v; aload v; ifnull L; aload v; goto M; L:`.
    let goto = preceding(m, Some(label), GOTO);
    let load1 = preceding(m, goto, ALOAD);
    let if_null = preceding(m, load1, IFNULL);
    let load2 = preceding(m, if_null, ALOAD);
    let store = preceding(m, load2, ASTORE);
    let (Some(load1), Some(if_null), Some(load2), Some(store)) = (load1, if_null, load2, store) else {
        return false;
    };
    jump_label(m, if_null) == Some(label) && var(m, load1) == var(m, load2) && var(m, load1) == var(m, store)
}

/// The instruction before `node` (skipping labels, lines and frames) if it has opcode `op`.
fn preceding(m: &MethodModel, node: Option<usize>, op: u8) -> Option<usize> {
    let mut i = node?;
    loop {
        i = i.checked_sub(1)?;
        if m.insn(i).is_some() {
            return (m.opcode(i) == op as i32).then_some(i);
        }
    }
}

fn var(m: &MethodModel, node: usize) -> Option<u16> {
    match m.insn(node).map(|i| &i.arg) {
        Some(Arg::Var(v)) => Some(*v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::Code;
    use super::*;

    #[test]
    fn optimised_chain_gets_two_branches_per_link() {
        // a?.b?.c with `dup; ifnull L ... L: pop`
        let mut c = Code::new("f", "(LA;)Ljava/lang/Object;");
        let l = c.new_label();
        c.line(1).var(ALOAD, 0).insn(DUP).jump(IFNULL, l);
        c.member(INVOKEVIRTUAL, "A", "b", "()LB;").insn(DUP).jump(IFNULL, l);
        c.member(INVOKEVIRTUAL, "B", "c", "()Ljava/lang/Object;").insn(ARETURN);
        c.label(l).insn(POP).insn(ACONST_NULL).insn(ARETURN);
        let (m, insns) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        // Both ifnulls (instructions 2 and 5): their own fall-through, and the `pop`.
        assert_eq!(
            out.replacements,
            vec![(2, vec![vec![(2, 0)], vec![(8, 0)]]), (5, vec![vec![(5, 0)], vec![(8, 0)]])]
        );
        assert_eq!(insns.len(), 11);
    }

    #[test]
    fn a_single_safe_call_is_left_alone() {
        let mut c = Code::new("f", "(LA;)Ljava/lang/Object;");
        let l = c.new_label();
        c.line(1).var(ALOAD, 0).insn(DUP).jump(IFNULL, l);
        c.member(INVOKEVIRTUAL, "A", "b", "()LB;").insn(ARETURN);
        c.label(l).insn(POP).insn(ACONST_NULL).insn(ARETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert!(out.replacements.is_empty());
    }

    #[test]
    fn unoptimised_chain_needs_the_same_variable() {
        for (v2, chained) in [(2, true), (3, false)] {
            let mut c = Code::new("f", "(LA;)Ljava/lang/Object;");
            let l = c.new_label();
            c.line(1).var(ALOAD, 0).jump(IFNULL, l);
            c.var(ALOAD, 0).member(INVOKEVIRTUAL, "A", "b", "()LB;").var(ASTORE, 2).var(ALOAD, v2).jump(IFNULL, l);
            c.var(ALOAD, 2).insn(ARETURN);
            c.label(l).insn(ACONST_NULL).insn(ARETURN);
            let (m, _) = c.build();
            let mut out = FilterOutput::default();
            filter(&m, &mut out);
            assert_eq!(out.replacements.len(), if chained { 2 } else { 0 }, "v2={v2}");
        }
    }
}
