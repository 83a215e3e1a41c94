//! The state machine kotlinc builds for suspending functions and lambdas (JaCoCo's
//! `KotlinCoroutineFilter`):
//!
//! ```text
//! invokestatic IntrinsicsKt.getCOROUTINE_SUSPENDED; astore S      (or `pop`: no suspension)
//! aload this; getfield label; tableswitch {0: L0, 1: L1, ..., default: D}
//! L0: aload result; invokestatic ResultKt.throwOnFailure
//!     ... call; dup; aload S; if_acmpne C1; aload S; areturn      (one per suspension point)
//! L1: aload result; throwOnFailure; ...; C1: ...
//! D:  new IllegalStateException("call to 'resume' before 'invoke' with coroutine"); athrow
//! ```
//!
//! The dispatch, the "suspended?" tests and the default's throw are ignored. Also ignored: the
//! same test around a tail call (`dup; getCOROUTINE_SUSPENDED; if_acmpne; areturn; pop`), and
//! the debug probe of an inlined `suspendCoroutineUninterceptedOrReturn`.

use super::{jump_label, FilterOutput, Matcher};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

const INTRINSICS: &str = "kotlin/coroutines/intrinsics/IntrinsicsKt";
const SUSPENDED: (&str, &str) = ("getCOROUTINE_SUSPENDED", "()Ljava/lang/Object;");

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    state_machine(m, out);
    optimized_tail_calls(m, out);
    suspend_coroutine_unintercepted_or_return(m, out);
}

fn state_machine(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    let Some(get) = (0..m.nodes.len())
        .find(|&n| m.opcode(n) == INVOKESTATIC as i32 && x.is_member(n, INTRINSICS, SUSPENDED.0, SUSPENDED.1))
    else {
        return;
    };
    x.at(Some(get));
    let switch = if m.opcode(m.next_insn(get).unwrap_or(usize::MAX)) == POP as i32 {
        // A suspending lambda without suspension points.
        x.next_is(POP);
        match next_is_state_switch(&mut x) {
            Some((s, labels)) if labels.len() == 1 => (s, labels),
            _ => return,
        }
    } else {
        x.next_is_var(ASTORE, "COROUTINE_SUSPENDED");
        match next_is_state_switch(&mut x) {
            Some(s) => s,
            None => return,
        }
    };
    let (s, labels) = switch;
    x.next_is(ALOAD);
    next_is_throw_on_failure(&mut x);
    let Some(first_end) = x.cursor else { return };
    let mut ignore = vec![(0, first_end)];
    let mut suspension_point = 1;
    let mut i = Some(first_end);
    while let Some(n) = i {
        if suspension_point >= labels.len() {
            break;
        }
        i = m.next(n);
        x.at(Some(n));
        x.next_is_var(ALOAD, "COROUTINE_SUSPENDED");
        x.next_is(IF_ACMPNE);
        let continuation = x.cursor.and_then(|j| jump_label(m, j));
        x.next_is_var(ALOAD, "COROUTINE_SUSPENDED");
        x.next_is(ARETURN);
        let Some(ret) = x.cursor else { continue };
        if m.skip_non_opcodes(m.next(ret)) != m.skip_non_opcodes(Some(labels[suspension_point])) {
            continue;
        }
        let Some(before_continuation) = continuation.and_then(|l| l.checked_sub(1)) else { continue };
        ignore.push((n, before_continuation));
        suspension_point += 1;
    }
    let Some(dflt) = jump_label(m, s) else { return };
    x.at(Some(dflt));
    x.next_is_type(NEW, "java/lang/IllegalStateException");
    x.next_is(DUP);
    x.next_is(LDC);
    let Some(ldc) = x.cursor else { return };
    let message = matches!(m.insn(ldc).map(|i| &i.arg),
        Some(Arg::Str(s)) if s == "call to 'resume' before 'invoke' with coroutine");
    if !message {
        return;
    }
    x.next_is_member(INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V");
    x.next_is(ATHROW);
    let Some(throw) = x.cursor else { return };
    out.ignore(m, dflt, throw);
    for (from, to) in ignore {
        out.ignore(m, from, to);
    }
}

/// `aload this; getfield label; tableswitch`: the switch node and its case label nodes.
fn next_is_state_switch(x: &mut Matcher<'_>) -> Option<(usize, Vec<usize>)> {
    x.next_is_var(ALOAD, "this");
    x.next_is(GETFIELD);
    x.next_is(TABLESWITCH);
    let s = x.cursor?;
    let Some(Arg::Switch { labels, .. }) = x.m.insn(s).map(|i| &i.arg) else { return None };
    let labels = labels.iter().map(|&o| x.m.label(o)).collect::<Option<Vec<usize>>>()?;
    Some((s, labels))
}

/// `invokestatic ResultKt.throwOnFailure`, or the inline check of Kotlin before 1.3.30.
fn next_is_throw_on_failure(x: &mut Matcher<'_>) {
    let c = x.cursor;
    x.next_is_member(INVOKESTATIC, "kotlin/ResultKt", "throwOnFailure", "(Ljava/lang/Object;)V");
    if x.cursor.is_none() {
        x.at(c);
        x.next_is(DUP);
        x.next_is_type(INSTANCEOF, "kotlin/Result$Failure");
        x.next_is(IFEQ);
        x.next_is_type(CHECKCAST, "kotlin/Result$Failure");
        x.next_is(GETFIELD);
        x.next_is(ATHROW);
        x.next_is(POP);
    }
}

/// `dup; getCOROUTINE_SUSPENDED; if_acmpne L; areturn; L: pop` after a suspending tail call.
fn optimized_tail_calls(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    for i in 0..m.nodes.len() {
        x.at(Some(i));
        x.next_is(DUP);
        x.next_is_member(INVOKESTATIC, INTRINSICS, SUSPENDED.0, SUSPENDED.1);
        x.next_is(IF_ACMPNE);
        x.next_is(ARETURN);
        x.next_is(POP);
        if let (Some(end), Some(first)) = (x.cursor, m.next(i)) {
            out.ignore(m, first, end);
        }
    }
}

/// `dup; getCOROUTINE_SUSPENDED; if_acmpne L; aload; [checkcast Continuation;]
/// invokestatic DebugProbesKt.probeCoroutineSuspended; L:`
fn suspend_coroutine_unintercepted_or_return(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    for i in 0..m.nodes.len() {
        x.at(Some(i));
        x.next_is(DUP);
        x.next_is_member(INVOKESTATIC, INTRINSICS, SUSPENDED.0, SUSPENDED.1);
        x.next_is(IF_ACMPNE);
        let jump = x.cursor;
        x.next_is(ALOAD);
        if x.cursor.and_then(|c| m.next(c)).is_some_and(|n| m.opcode(n) == CHECKCAST as i32) {
            x.next_is_type(CHECKCAST, "kotlin/coroutines/Continuation");
        }
        x.next_is_member(
            INVOKESTATIC,
            "kotlin/coroutines/jvm/internal/DebugProbesKt",
            "probeCoroutineSuspended",
            "(Lkotlin/coroutines/Continuation;)V",
        );
        let (Some(probe), Some(jump)) = (x.cursor, jump) else { continue };
        if jump_label(m, jump) == m.next(probe) {
            out.ignore(m, jump, probe);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    const ISE: &str = "java/lang/IllegalStateException";

    fn resume_before_invoke(c: &mut Code) {
        c.ty(NEW, ISE).insn(DUP).ldc("call to 'resume' before 'invoke' with coroutine");
        c.member(INVOKESPECIAL, ISE, "<init>", "(Ljava/lang/String;)V").insn(ATHROW);
    }

    #[test]
    fn state_machine_with_one_suspension_point() {
        // invokeSuspend(Object result) of `suspend { delay(1); 42 }`
        let mut c = Code::new("invokeSuspend", "(Ljava/lang/Object;)Ljava/lang/Object;");
        let (l0, l1, d, cont) = (c.new_label(), c.new_label(), c.new_label(), c.new_label());
        let start = c.new_label();
        c.label(start).member(INVOKESTATIC, INTRINSICS, SUSPENDED.0, SUSPENDED.1).var(ASTORE, 2); // 0 1
        c.var(ALOAD, 0).member(GETFIELD, "L", "label", "I").switch(TABLESWITCH, d, &[l0, l1]); // 2 3 4
        c.label(l0).line(10).var(ALOAD, 1).member(
            INVOKESTATIC,
            "kotlin/ResultKt",
            "throwOnFailure",
            "(Ljava/lang/Object;)V",
        ); // 5 6
        c.insn(LCONST_1).var(ALOAD, 0).member(
            INVOKESTATIC,
            "K",
            "delay",
            "(JLkotlin/coroutines/Continuation;)Ljava/lang/Object;",
        ); // 7 8 9
        c.insn(DUP).var(ALOAD, 2).jump(IF_ACMPNE, cont).var(ALOAD, 2).insn(ARETURN); // 10 11 12 13 14
        c.label(l1).var(ALOAD, 1).member(INVOKESTATIC, "kotlin/ResultKt", "throwOnFailure", "(Ljava/lang/Object;)V"); // 15 16
        c.var(ALOAD, 1).label(cont).insn(POP).line(11).insn(ICONST_2); // 17 18 19
        c.insn(ARETURN); // 20
        c.label(d);
        resume_before_invoke(&mut c); // 21..25
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25]);
    }

    #[test]
    fn tail_call_test() {
        let mut c = Code::new("f", "(Lkotlin/coroutines/Continuation;)Ljava/lang/Object;");
        let l = c.new_label();
        c.line(1).var(ALOAD, 0).member(INVOKESTATIC, "K", "g", "(Lkotlin/coroutines/Continuation;)Ljava/lang/Object;");
        c.insn(DUP).member(INVOKESTATIC, INTRINSICS, SUSPENDED.0, SUSPENDED.1).jump(IF_ACMPNE, l).insn(ARETURN);
        c.label(l).insn(POP).insn(ACONST_NULL).insn(ARETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        // From the `dup` after the call to the `pop`.
        assert_eq!(ignored(&out), vec![2, 3, 4, 5, 6]);
    }
}
