//! `when` on a `String` (JaCoCo's `KotlinWhenStringFilter`). kotlinc switches on `hashCode()`
//! and compares with `equals` in chains, each `ifeq` going to the next comparison or to the
//! default, each match going (`goto`, or falling through for the last) to its case body:
//!
//! ```text
//! aload s; invokevirtual hashCode; switch {h1: A, h2: B, default: D}
//! A: aload s; ldc "a"; invokevirtual equals; ifeq D; goto CASE_A
//! B: aload s; ldc "b"; invokevirtual equals; ifeq D; CASE_B...
//! ```
//!
//! The comparisons are ignored and the `hashCode` switch gets one branch per case body plus
//! the default, each covered when a comparison leading there went that way.

use super::{jump_label, FilterOutput, Matcher, Replacements};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

const STRING: &str = "java/lang/String";

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    for start in 0..m.nodes.len() {
        match_at(&mut x, start, out);
    }
}

fn match_at(x: &mut Matcher<'_>, start: usize, out: &mut FilterOutput) {
    let m = x.m;
    let Some(Arg::Var(v)) = m.insn(start).filter(|i| i.op == ALOAD).map(|i| &i.arg) else { return };
    x.at(Some(start));
    x.next_is_member(INVOKEVIRTUAL, STRING, "hashCode", "()I");
    x.next_is_switch();
    let Some(s) = x.cursor else { return };
    x.vars.insert("s".to_string(), *v);
    let Some(Arg::Switch { dflt, labels }) = m.insn(s).map(|i| &i.arg) else { return };
    let hash_codes = labels.len();
    let Some(default_label) = m.label(*dflt) else { return };
    if hash_codes == 0 {
        return;
    }
    let mut r = Replacements::default();
    r.add(default_label, s, 0);
    for i in 1..=hash_codes {
        loop {
            x.next_is_var(ALOAD, "s");
            x.next_is(LDC);
            x.next_is_member(INVOKEVIRTUAL, STRING, "equals", "(Ljava/lang/Object;)Z");
            // To the next comparison, or to the default.
            x.next_is(IFEQ);
            let Some(jump) = x.cursor else { return };
            let jump_target = jump_label(m, jump);
            x.next();
            let Some(c) = x.cursor else { return };
            if m.opcode(c) == GOTO as i32 {
                // To the case body.
                let Some(body) = jump_label(m, c) else { return };
                r.add(body, c, 1);
                if jump_target == Some(default_label) {
                    // The last comparison of this hash code.
                    r.add(default_label, jump, 1);
                    break;
                }
            } else if i == hash_codes && jump_target == Some(default_label) {
                // The last comparison falls through into its case body.
                r.add(default_label, jump, 1);
                r.add(c, jump, 0);
                x.cursor = Some(jump);
                break;
            } else {
                return;
            }
        }
    }
    let Some(end) = x.cursor else { return };
    if let Some(first) = m.next(s) {
        out.ignore(m, first, end);
    }
    out.replace_branches(m, s, r);
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    fn compare(c: &mut Code, s: &'static str, to: crate::filters::tests::L) {
        c.var(ALOAD, 1).ldc(s).member(INVOKEVIRTUAL, STRING, "equals", "(Ljava/lang/Object;)Z").jump(IFEQ, to);
    }

    #[test]
    fn comparisons_become_switch_branches() {
        // when (s) { "a" -> 1; "b" -> 2; else -> 0 }
        let mut c = Code::new("f", "(Ljava/lang/String;)I");
        let (ha, hb, d, case_a) = (c.new_label(), c.new_label(), c.new_label(), c.new_label());
        c.line(1).var(ALOAD, 1).member(INVOKEVIRTUAL, STRING, "hashCode", "()I");
        c.switch(LOOKUPSWITCH, d, &[ha, hb]);
        c.label(ha);
        compare(&mut c, "a", d);
        c.jump(GOTO, case_a);
        c.label(hb);
        compare(&mut c, "b", d);
        c.insn(ICONST_2).insn(IRETURN);
        c.label(case_a).insn(ICONST_1).insn(IRETURN);
        c.label(d).insn(ICONST_0).insn(IRETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        // Everything from the first comparison to the last `ifeq`.
        assert_eq!(ignored(&out), (3..=11).collect::<Vec<_>>());
        // default (switch's own default, both `ifeq`s), case "a" (the goto), case "b".
        assert_eq!(out.replacements, vec![(2, vec![vec![(2, 0), (6, 1), (11, 1)], vec![(7, 1)], vec![(11, 0)]])]);
    }

    #[test]
    fn a_switch_on_another_hash_is_left_alone() {
        let mut c = Code::new("f", "(Ljava/lang/Object;)I");
        let d = c.new_label();
        c.line(1).var(ALOAD, 1).member(INVOKEVIRTUAL, "java/lang/Object", "hashCode", "()I");
        c.switch(LOOKUPSWITCH, d, &[d]).label(d).insn(ICONST_0).insn(IRETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert!(out.ignored.is_empty() && out.replacements.is_empty());
    }
}
