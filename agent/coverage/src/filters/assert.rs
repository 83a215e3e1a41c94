//! `assert`: the `$assertionsDisabled` initialisation in `<clinit>` and the `ifne` that
//! skips each assertion when assertions are disabled (its branch is not the user's).

use super::{FilterOutput, Matcher};
use crate::model::{ClassContext, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    if m.name == "<clinit>" {
        for start in 0..m.nodes.len() {
            x.at(Some(start));
            x.next_is_member(INVOKEVIRTUAL, "java/lang/Class", "desiredAssertionStatus", "()Z");
            x.next_is(IFNE);
            x.next_is(ICONST_1);
            x.next_is(GOTO);
            x.next_is(ICONST_0);
            x.next_is_member(PUTSTATIC, &ctx.name, "$assertionsDisabled", "Z");
            if let Some(end) = x.cursor {
                out.ignore(m, start, end);
            }
        }
    }
    for start in 0..m.nodes.len() {
        x.at(Some(start));
        x.next_is_member(GETSTATIC, &ctx.name, "$assertionsDisabled", "Z");
        x.next_is(IFNE);
        if let Some(c) = x.cursor {
            out.ignore(m, c, c);
        }
    }
}
