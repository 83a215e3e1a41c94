//! Record patterns: javac wraps accessor calls in a catch of `Throwable` that rethrows
//! `new MatchException(cause.toString(), cause)`; that handler is never the user's code.

use super::{FilterOutput, Matcher};
use crate::model::MethodModel;
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    // One matcher for all handlers, like JaCoCo: the "cause" slot binds across them.
    let mut x = Matcher::new(m);
    for tc in &m.try_catch {
        if tc.catch_type.as_deref() != Some("java/lang/Throwable") {
            continue;
        }
        x.at(Some(tc.handler));
        x.next_is_var(ASTORE, "cause");
        x.next_is_type(NEW, "java/lang/MatchException");
        x.next_is(DUP);
        x.next_is_var(ALOAD, "cause");
        x.next_is_member(INVOKEVIRTUAL, "java/lang/Throwable", "toString", "()Ljava/lang/String;");
        x.next_is_var(ALOAD, "cause");
        x.next_is_member(
            INVOKESPECIAL,
            "java/lang/MatchException",
            "<init>",
            "(Ljava/lang/String;Ljava/lang/Throwable;)V",
        );
        x.next_is(ATHROW);
        if let Some(end) = x.cursor {
            out.ignore(m, tc.handler, end);
        }
    }
}
