//! `when` on an enum or a sealed class without `else` (JaCoCo's `KotlinWhenFilter`): kotlinc
//! adds an implicit else that throws `NoWhenBranchMatchedException`, reached by the last
//! `instanceof` test's `ifeq` or by the switch's default. The throw is ignored, and the `ifeq`
//! too, or the switch loses its default branch.
//!
//! Also the null test kotlinc puts before a `when` on a nullable enum
//! (`dup; ifnonnull A; pop; iconst_m1; goto S; A: getstatic $WhenMappings...; swap;
//! invokevirtual ordinal; iaload; S: switch`): everything before the switch is ignored.

use super::{jump_label, FilterOutput, Matcher, Replacements};
use crate::model::{Arg, MethodModel, Node};
use jvmfuzz_classfile::bytecode::opcodes::*;

const EXCEPTION: &str = "kotlin/NoWhenBranchMatchedException";

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    for start in 0..m.nodes.len() {
        implicit_else(&mut x, start, out);
        nullable_enum(&mut x, start, out);
    }
}

fn implicit_else(x: &mut Matcher<'_>, start: usize, out: &mut FilterOutput) {
    let m = x.m;
    if !matches!(m.nodes[start], Node::Label(_)) {
        return;
    }
    x.at(Some(start));
    x.next_is_type(NEW, EXCEPTION);
    x.next_is(DUP);
    x.next_is_member(INVOKESPECIAL, EXCEPTION, "<init>", "()V");
    x.next_is(ATHROW);
    let Some(throw) = x.cursor else { return };
    // The nearest jump to the throw before it: an `ifeq`, or a switch whose default it is.
    for i in (0..=throw).rev() {
        let op = m.opcode(i);
        if op == IFEQ as i32 && jump_label(m, i) == Some(start) {
            out.ignore(m, i, i);
            out.ignore(m, start, throw);
            return;
        }
        let switch = op == TABLESWITCH as i32 || op == LOOKUPSWITCH as i32;
        if switch && jump_label(m, i) == Some(start) {
            out.replace_branches(m, i, Replacements::ignore_default_branch(m, i));
            out.ignore(m, start, throw);
            return;
        }
    }
}

fn nullable_enum(x: &mut Matcher<'_>, start: usize, out: &mut FilterOutput) {
    let m = x.m;
    if m.opcode(start) != DUP as i32 {
        return;
    }
    x.at(Some(start));
    x.next_is(IFNONNULL);
    let jump1 = x.cursor;
    x.next_is(POP);
    x.next_is(ICONST_M1);
    x.next_is(GOTO);
    let jump2 = x.cursor;
    x.next_is(GETSTATIC);
    let Some(field) = x.cursor else { return };
    let mapping = matches!(m.insn(field).map(|i| &i.arg),
        Some(Arg::Member { owner, name, .. }) if owner.ends_with("$WhenMappings") && name.starts_with("$EnumSwitchMapping$"));
    if !mapping {
        return;
    }
    x.next_is(SWAP);
    x.next_is(INVOKEVIRTUAL); // ordinal()I
    x.next_is(IALOAD);
    x.next_is_switch();
    let (Some(switch), Some(jump1), Some(jump2)) = (x.cursor, jump1, jump2) else { return };
    let target = |n: Option<usize>| m.skip_non_opcodes(n);
    // `ifnonnull` goes to the mapping lookup right after the `goto`, which goes to the switch.
    if target(jump_label(m, jump1)) == target(m.next(jump2)) && target(jump_label(m, jump2)) == Some(switch) {
        out.ignore(m, start, switch - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    fn throw_no_branch(c: &mut Code) {
        c.ty(NEW, EXCEPTION).insn(DUP).member(INVOKESPECIAL, EXCEPTION, "<init>", "()V").insn(ATHROW);
    }

    #[test]
    fn implicit_else_after_instanceof_tests() {
        // if (s instanceof A) ... else if (s instanceof B) ... else throw
        let mut c = Code::new("f", "(LS;)I");
        let (b, els) = (c.new_label(), c.new_label());
        c.line(1).var(ALOAD, 0).ty(INSTANCEOF, "A").jump(IFEQ, b).insn(ICONST_1).insn(IRETURN);
        c.label(b).var(ALOAD, 0).ty(INSTANCEOF, "B").jump(IFEQ, els).insn(ICONST_2).insn(IRETURN);
        c.label(els);
        throw_no_branch(&mut c);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        // The second ifeq and the throw.
        assert_eq!(ignored(&out), vec![7, 10, 11, 12, 13]);
    }

    #[test]
    fn implicit_else_as_switch_default() {
        let mut c = Code::new("f", "(I)I");
        let (a, b, d) = (c.new_label(), c.new_label(), c.new_label());
        c.line(1).var(ILOAD, 0).switch(TABLESWITCH, d, &[a, b, d]);
        c.label(a).insn(ICONST_1).insn(IRETURN);
        c.label(b).insn(ICONST_2).insn(IRETURN);
        c.label(d);
        throw_no_branch(&mut c);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![6, 7, 8, 9]);
        // Two branches remain: the cases, numbered as the switch numbers them.
        assert_eq!(out.replacements, vec![(1, vec![vec![(1, 1)], vec![(1, 2)]])]);
    }

    #[test]
    fn null_test_before_a_nullable_enum_switch() {
        let mut c = Code::new("f", "(LColor;)I");
        let (map, sw, a, d) = (c.new_label(), c.new_label(), c.new_label(), c.new_label());
        c.line(1).var(ALOAD, 0).insn(DUP).jump(IFNONNULL, map).insn(POP).insn(ICONST_M1).jump(GOTO, sw);
        c.label(map).member(GETSTATIC, "W$WhenMappings", "$EnumSwitchMapping$0", "[I").insn(SWAP);
        c.member(INVOKEVIRTUAL, "Color", "ordinal", "()I").insn(IALOAD);
        c.label(sw).switch(LOOKUPSWITCH, d, &[a]);
        c.label(a).insn(ICONST_1).insn(IRETURN);
        c.label(d).insn(ICONST_0).insn(IRETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
}
