//! `synchronized` blocks: the catch-any handler javac (and ecj) add to release the monitor
//! when the block throws (`astore t; aload lock; monitorexit; aload t; athrow`).

use super::{FilterOutput, Matcher};
use crate::model::MethodModel;
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    for tc in &m.try_catch {
        if tc.catch_type.is_some() || tc.start == tc.handler {
            continue;
        }
        let mut x = Matcher::new(m);
        // ecj shape
        x.at(Some(tc.handler));
        x.next_is(ALOAD);
        x.next_is(MONITOREXIT);
        x.next_is(ATHROW);
        if x.cursor.is_none() {
            // javac shape
            x.at(Some(tc.handler));
            x.next_is_var(ASTORE, "t");
            x.next_is(ALOAD);
            x.next_is(MONITOREXIT);
            x.next_is_var(ALOAD, "t");
            x.next_is(ATHROW);
        }
        if let Some(to) = x.cursor {
            out.ignore(m, tc.handler, to);
        }
    }
}
