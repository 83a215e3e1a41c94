//! `switch` on a `String`.
//!
//! javac compiles it to a switch on `hashCode()` whose cases call `equals` and store a case
//! index, followed by a second switch on that index. Two shapes are handled, as in JaCoCo:
//! - [`filter_javac`] (javac's classic two-switch shape): the `hashCode` switch and the
//!   `equals` chain are ignored; the user's switch is the second one.
//! - [`filter`] (the single-switch shape of ecj and of Kotlin's `when` on strings, where the
//!   `equals` tests jump straight to the case bodies): the `hashCode` switch gets one branch
//!   per distinct case body plus the default, fed by the `equals` arms.

use super::{jump_label, FilterOutput, Matcher, Replacements};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

const STRING: &str = "java/lang/String";

pub(crate) fn filter_javac(m: &MethodModel, out: &mut FilterOutput) {
    for start in 0..m.nodes.len() {
        if !matches!(m.insn(start).map(|i| &i.arg), Some(Arg::Switch { .. })) {
            continue;
        }
        let Some(second) = jump_label(m, start) else { continue };
        if matches_javac(m, start, second) {
            out.ignore(m, start, second);
        }
    }
}

fn matches_javac(m: &MethodModel, start: usize, second_switch_label: usize) -> bool {
    // Four nodes back (raw nodes, labels count) must be `iconst_m1`.
    let mut c = Some(start);
    for _ in 0..4 {
        c = c.and_then(|n| m.prev(n));
    }
    let mut x = Matcher::new(m);
    x.at(c);
    if x.cursor.is_none() || x.op() != ICONST_M1 as i32 {
        return false;
    }
    x.next_is_var(ISTORE, "c");
    x.next_is_var(ALOAD, "s");
    x.next_is_member(INVOKEVIRTUAL, STRING, "hashCode", "()I");
    x.next();
    loop {
        x.next_is_var(ALOAD, "s");
        x.next_is(LDC);
        x.next_is_member(INVOKEVIRTUAL, STRING, "equals", "(Ljava/lang/Object;)Z");
        x.next_is(IFEQ);
        x.next();
        x.next_is_var(ISTORE, "c");
        let Some(cur) = x.cursor else { return false };
        if m.next(cur) == Some(second_switch_label) {
            break;
        }
        x.next_is(GOTO);
        let Some(g) = x.cursor else { return false };
        if jump_label(m, g) != Some(second_switch_label) {
            return false;
        }
    }
    x.next_is_var(ILOAD, "c");
    x.next_is_switch();
    x.cursor.is_some()
}

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    // One matcher for the whole method, like JaCoCo (only the "s" slot is used, rebound
    // at every candidate).
    let mut x = Matcher::new(m);
    for start in 0..m.nodes.len() {
        match_at(&mut x, start, out);
    }
}

fn match_at(x: &mut Matcher<'_>, start: usize, out: &mut FilterOutput) {
    let m = x.m;
    let Some(store) = m.insn(start).filter(|i| i.op == ASTORE) else { return };
    let Arg::Var(v) = store.arg else { return };
    x.vars.insert("s".to_string(), v);
    x.at(Some(start));
    let raw_next_op = |n: Option<usize>| n.and_then(|n| m.next(n)).map_or(-1, |n| m.opcode(n));
    let mut if_null: Option<usize> = None;
    if raw_next_op(Some(start)) == ALOAD as i32 {
        x.next_is_var(ALOAD, "s");
        if x.cursor.is_none() {
            return;
        } else if raw_next_op(x.cursor) == DUP as i32 {
            x.next_is(DUP);
            x.next_is(IFNULL);
            if_null = x.cursor;
        } else if raw_next_op(x.cursor) == IFNULL as i32 {
            x.next_is(IFNULL);
            if_null = x.cursor;
            x.next_is_var(ALOAD, "s");
        }
    }
    x.next_is_member(INVOKEVIRTUAL, STRING, "hashCode", "()I");
    x.next_is_switch();
    let Some(s) = x.cursor else { return };
    let Some(Arg::Switch { dflt, labels }) = m.insn(s).map(|i| &i.arg) else { return };
    let hash_codes = labels.len();
    let Some(default_label) = m.label(*dflt) else { return };
    if hash_codes == 0 {
        return;
    }
    let mut r = Replacements::default();
    r.add(default_label, s, 0);
    for _ in 0..hash_codes {
        loop {
            x.next_is_var(ALOAD, "s");
            x.next_is(LDC);
            x.next_is_member(INVOKEVIRTUAL, STRING, "equals", "(Ljava/lang/Object;)Z");
            x.next_is(IFNE);
            let Some(c) = x.cursor else { return };
            let Some(target) = jump_label(m, c) else { return };
            r.add(target, c, 1);
            let raw_next = m.next(c);
            if raw_next.map_or(-1, |n| m.opcode(n)) == GOTO as i32 {
                x.next_is(GOTO);
                let Some(g) = x.cursor else { return };
                r.add(default_label, g, 1);
                break;
            } else if raw_next == Some(default_label) {
                r.add(default_label, c, 0);
                break;
            }
        }
    }
    if let Some(n) = if_null {
        if let Some(target) = jump_label(m, n) {
            r.add(target, n, 1);
        }
    }
    let Some(end) = x.cursor else { return };
    if let Some(first) = m.next(start) {
        out.ignore(m, first, end);
    }
    out.replace_branches(m, start, r);
}
