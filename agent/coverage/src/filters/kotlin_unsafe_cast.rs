//! The null test of an unsafe cast to a non-null type (`x as String`): kotlinc throws
//! `NullPointerException` (`TypeCastException` before Kotlin 1.4) with the message
//! "null cannot be cast to non-null type ..." when `x` is null. JaCoCo's
//! `KotlinUnsafeCastOperatorFilter` ignores `ifnonnull L; [pop;] new; dup; ldc; invokespecial;
//! athrow` when `L` follows the `athrow`.

use super::{jump_label, FilterOutput, Matcher};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    for start in 0..m.nodes.len() {
        match_at(&mut x, "kotlin/TypeCastException", start, out);
        // Since Kotlin 1.4.0:
        match_at(&mut x, "java/lang/NullPointerException", start, out);
    }
}

fn match_at(x: &mut Matcher<'_>, exception: &str, start: usize, out: &mut FilterOutput) {
    let m = x.m;
    if m.opcode(start) != IFNONNULL as i32 {
        return;
    }
    x.at(Some(start));
    // Since Kotlin 1.6.0 the value is popped first.
    if m.next(start).is_some_and(|n| m.opcode(n) == POP as i32) {
        x.next();
    }
    x.next_is_type(NEW, exception);
    x.next_is(DUP);
    x.next_is(LDC);
    let Some(ldc) = x.cursor else { return };
    let message = matches!(m.insn(ldc).map(|i| &i.arg),
        Some(Arg::Str(s)) if s.starts_with("null cannot be cast to non-null type"));
    if !message {
        return;
    }
    x.next_is_member(INVOKESPECIAL, exception, "<init>", "(Ljava/lang/String;)V");
    x.next_is(ATHROW);
    let Some(throw) = x.cursor else { return };
    if m.next(throw) != jump_label(m, start) {
        return;
    }
    out.ignore(m, start, throw);
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    fn cast(message: &'static str, pop: bool) -> Code {
        const NPE: &str = "java/lang/NullPointerException";
        let mut c = Code::new("f", "(Ljava/lang/Object;)Ljava/lang/String;");
        let l = c.new_label();
        c.line(1).var(ALOAD, 0).insn(DUP).jump(IFNONNULL, l);
        if pop {
            c.insn(POP);
        }
        c.ty(NEW, NPE).insn(DUP).ldc(message).member(INVOKESPECIAL, NPE, "<init>", "(Ljava/lang/String;)V");
        c.insn(ATHROW).label(l).ty(CHECKCAST, "java/lang/String").insn(ARETURN);
        c
    }

    #[test]
    fn null_check_of_the_cast() {
        let msg = "null cannot be cast to non-null type kotlin.String";
        let mut out = FilterOutput::default();
        filter(&cast(msg, true).build().0, &mut out);
        assert_eq!(ignored(&out), vec![2, 3, 4, 5, 6, 7, 8]);
        let mut out = FilterOutput::default();
        filter(&cast(msg, false).build().0, &mut out);
        assert_eq!(ignored(&out), vec![2, 3, 4, 5, 6, 7]);
        // A throw written by hand.
        let mut out = FilterOutput::default();
        filter(&cast("oops", true).build().0, &mut out);
        assert!(out.ignored.is_empty());
    }
}
