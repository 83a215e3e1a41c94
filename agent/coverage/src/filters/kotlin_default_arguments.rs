//! The tests of the argument mask in the synthetic `$default` method (and in the synthetic
//! constructor whose last parameter is a `DefaultConstructorMarker`) that kotlinc generates for
//! default arguments (JaCoCo's `KotlinDefaultArgumentsFilter`):
//!
//! ```text
//! iload mask; iconst/bipush/sipush/ldc bit; iand; ifeq L; <default value>; L:
//! ```
//!
//! Every such `ifeq` is ignored (the default-value code stays), as is the leading
//! "Super calls with default arguments not supported" check of `$default` methods.
//! The masks are the `(n - 2) / 33 + 1` parameters before the last one.

use super::{jump_label, FilterOutput, Matcher};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::access;
use jvmfuzz_classfile::bytecode::opcodes::*;
use jvmfuzz_classfile::descriptor::{self, FieldType};

const UOE: &str = "java/lang/UnsupportedOperationException";

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    if m.access & access::SYNTHETIC == 0 {
        return;
    }
    let Some((params, _)) = descriptor::parse_method(&m.desc) else { return };
    let constructor = m.name == "<init>"
        && params.len() >= 2
        && params.last() == Some(&FieldType::Object("kotlin/jvm/internal/DefaultConstructorMarker"));
    if m.name.ends_with("$default") || constructor {
        match_masks(m, &params, constructor, out);
    }
}

fn match_masks(m: &MethodModel, params: &[FieldType<'_>], constructor: bool, out: &mut FilterOutput) {
    let first = m.skip_non_opcodes((!m.nodes.is_empty()).then_some(0));
    let mut x = Matcher::new(m);
    // `aload handler; ifnull L; new UOE; dup; ldc "Super calls ..."; invokespecial; athrow`
    x.at(first);
    x.next_is(IFNULL);
    x.next_is_type(NEW, UOE);
    x.next_is(DUP);
    x.next_is(LDC);
    let super_calls = x.cursor.is_some_and(|c| {
        matches!(m.insn(c).map(|i| &i.arg),
            Some(Arg::Str(s)) if s.starts_with("Super calls with default arguments not supported in this target"))
    });
    if !super_calls {
        x.cursor = None;
    }
    x.next_is_member(INVOKESPECIAL, UOE, "<init>", "(Ljava/lang/String;)V");
    x.next_is(ATHROW);
    if let Some(c) = x.cursor {
        out.ignore(m, 0, c);
        x.next();
    } else {
        x.at(first);
    }
    let mask_var = mask_var(params, constructor);
    let mut ignore = Vec::new();
    // `iload mask` with a slot at or past the first mask parameter starts each test.
    while let Some(insn) = x.cursor.and_then(|c| m.insn(c)).filter(|i| i.op == ILOAD) {
        if !matches!(insn.arg, Arg::Var(v) if i64::from(v) >= mask_var) {
            break;
        }
        x.next();
        x.next_is(IAND);
        x.next_is(IFEQ);
        let Some(jump) = x.cursor else { return };
        ignore.push(jump);
        x.cursor = m.skip_non_opcodes(jump_label(m, jump));
    }
    for i in ignore {
        out.ignore(m, i, i);
    }
}

/// The local variable slot of the first mask parameter.
fn mask_var(params: &[FieldType<'_>], constructor: bool) -> i64 {
    let n = params.len() as i64;
    // Java's integer division, truncating towards zero like Rust's.
    let first_mask = n - 1 - ((n - 2) / 33 + 1);
    let mut slot = i64::from(constructor);
    for p in params.iter().take(first_mask.max(0) as usize) {
        slot += match p {
            FieldType::Base(b'J' | b'D') => 2,
            _ => 1,
        };
    }
    slot
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    #[test]
    fn mask_tests_of_a_default_method() {
        // static String greet$default(String name, char p, int times, int mask, Object handler)
        let mut c = Code::new("greet$default", "(Ljava/lang/String;CIILjava/lang/Object;)Ljava/lang/String;")
            .access(access::SYNTHETIC | access::STATIC);
        let (l1, l2) = (c.new_label(), c.new_label());
        c.line(7).var(ILOAD, 3).insn(ICONST_1).insn(IAND).jump(IFEQ, l1).ldc("world").var(ASTORE, 0);
        c.label(l1).var(ILOAD, 3).insn(ICONST_2).insn(IAND).jump(IFEQ, l2).insn(ICONST_1).var(ISTORE, 1);
        c.label(l2).var(ALOAD, 0).var(ILOAD, 1).var(ILOAD, 2);
        c.member(INVOKESTATIC, "A", "greet", "(Ljava/lang/String;CI)Ljava/lang/String;").insn(ARETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![3, 9]);
        // Not synthetic: written by hand.
        let mut out = FilterOutput::default();
        filter(&MethodModel { access: access::STATIC, ..m }, &mut out);
        assert!(out.ignored.is_empty());
    }

    #[test]
    fn super_call_check_and_constructor_masks() {
        // synthetic <init>(int x, int y, int mask, DefaultConstructorMarker)
        let mut c =
            Code::new("<init>", "(IIILkotlin/jvm/internal/DefaultConstructorMarker;)V").access(access::SYNTHETIC);
        let l = c.new_label();
        c.line(3).var(ILOAD, 3).insn(ICONST_2).insn(IAND).jump(IFEQ, l).insn(ICONST_0).var(ISTORE, 2);
        c.label(l).var(ALOAD, 0).var(ILOAD, 1).var(ILOAD, 2).member(INVOKESPECIAL, "A", "<init>", "(II)V");
        c.insn(RETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![3]);

        let mut c = Code::new("f$default", "(LA;IILjava/lang/Object;)V").access(access::SYNTHETIC | access::STATIC);
        let (ok, l) = (c.new_label(), c.new_label());
        c.line(1).var(ALOAD, 3).jump(IFNULL, ok).ty(NEW, UOE).insn(DUP);
        c.ldc("Super calls with default arguments not supported in this target, function: f");
        c.member(INVOKESPECIAL, UOE, "<init>", "(Ljava/lang/String;)V").insn(ATHROW);
        c.label(ok).var(ILOAD, 2).insn(ICONST_1).insn(IAND).jump(IFEQ, l).insn(ICONST_1).var(ISTORE, 1);
        c.label(l).insn(RETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![0, 1, 2, 3, 4, 5, 6, 10]);
    }

    #[test]
    fn mask_slots() {
        use FieldType::*;
        // (J, I, mask, handler): the long takes two slots.
        assert_eq!(mask_var(&[Base(b'J'), Base(b'I'), Base(b'I'), Object("java/lang/Object")], false), 3);
        assert_eq!(mask_var(&[Base(b'I'), Object("M")], true), 1);
        assert_eq!(mask_var(&[], false), 0);
    }
}
