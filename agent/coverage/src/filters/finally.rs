//! `finally`: javac copies the finally block onto every exit of the try (normal exits,
//! jumps out, and a catch-any handler that rethrows). The copies are merged into one so a
//! line is covered if any copy ran, and the catch-any plumbing (`astore; ...; aload; athrow`)
//! is ignored.

use std::collections::HashSet;

use super::FilterOutput;
use crate::model::{Arg, MethodModel, Node, TryCatch};
use jvmfuzz_classfile::bytecode::{self, opcodes::*};

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    for (k, tc) in m.try_catch.iter().enumerate() {
        if tc.catch_type.is_none() {
            filter_one(m, out, k, tc);
        }
    }
}

fn filter_one(m: &MethodModel, out: &mut FilterOutput, any_index: usize, any: &TryCatch) {
    let Some(e) = m.next_insn(any.handler) else { return };
    let size = size(m, e);
    if size == 0 {
        return;
    }
    let same_handler: Vec<&TryCatch> = m.try_catch.iter().filter(|t| t.handler == any.handler).collect();
    let mut inside: HashSet<usize> = HashSet::new();
    for t in &same_handler {
        let mut i = Some(t.start);
        while let Some(n) = i.filter(|&n| n != t.end) {
            inside.insert(n);
            i = m.next(n);
        }
    }
    for (k, t) in m.try_catch.iter().enumerate() {
        if t.handler == any.handler {
            let mut continues = false;
            let mut i = Some(t.start);
            while let Some(n) = i.filter(|&n| n != t.end) {
                if let Node::Insn(x) = m.nodes[n] {
                    let insn = &m.insns[x];
                    if let Arg::Jump(target) = insn.arg {
                        if let Some(jt) = m.label(target).and_then(|l| m.next_insn(l)) {
                            if !inside.contains(&jt) {
                                merge(m, out, size, e, Some(jt));
                            }
                        }
                        continues = insn.op != GOTO;
                    } else {
                        continues = !(bytecode::is_return(insn.op) || insn.op == ATHROW);
                    }
                }
                i = m.next(n);
            }
            let after = i.and_then(|n| m.next_insn(n));
            if continues {
                if let Some(a) = after.filter(|a| !inside.contains(a)) {
                    merge(m, out, size, e, Some(a));
                }
            }
        }
        if k != any_index && t.start == any.start && t.end == any.end {
            // A typed catch over the same range: its body starts after the `astore`.
            let i = m.next_insn(t.handler).and_then(|n| m.next_insn(n));
            if let Some(i) = i.filter(|i| !inside.contains(i)) {
                merge(m, out, size, e, Some(i));
            }
        }
    }
}

fn merge(m: &MethodModel, out: &mut FilterOutput, size: usize, e: usize, n: Option<usize>) {
    if !is_same(m, size, e, n) {
        return;
    }
    out.ignore(m, e, e);
    let mut e = m.next_insn(e);
    let mut n = n;
    for _ in 0..size {
        if let (Some(a), Some(b)) = (e, n) {
            out.merge(m, a, b);
        }
        e = e.and_then(|x| m.next_insn(x));
        n = n.and_then(|x| m.next_insn(x));
    }
    if let Some(a) = e {
        let b = m.next_insn(a).unwrap_or(a);
        out.ignore(m, a, b);
    }
    if let Some(g) = n.filter(|&g| m.opcode(g) == GOTO as i32) {
        out.ignore(m, g, g);
    }
}

fn is_same(m: &MethodModel, size: usize, e: usize, n: Option<usize>) -> bool {
    let mut e = m.next_insn(e);
    let mut n = n;
    for _ in 0..size {
        match (e, n) {
            (Some(a), Some(b)) if m.opcode(a) == m.opcode(b) => {
                e = m.next_insn(a);
                n = m.next_insn(b);
            }
            _ => return false,
        }
    }
    true
}

/// Length of the finally copy in a catch-any handler `astore v; <copy>; aload v; athrow`,
/// or 0 if the handler does not have that shape.
fn size(m: &MethodModel, e: usize) -> usize {
    let Some(first) = m.insn(e).filter(|i| i.op == ASTORE) else { return 0 };
    let var = first.arg.clone();
    let mut size = 0;
    let mut i = e;
    loop {
        let Some(n) = m.next_insn(i) else { return 0 };
        i = n;
        if m.insn(i).is_some_and(|x| x.op == ALOAD && x.arg == var) {
            break;
        }
        size += 1;
    }
    match m.next_insn(i) {
        Some(t) if m.opcode(t) == ATHROW as i32 => size,
        _ => 0,
    }
}
