//! A private empty no-argument constructor (`private Foo() { super(); }`), the usual way
//! to make a utility class uninstantiable: it can never run, so it is not counted.

use super::{FilterOutput, Matcher};
use crate::model::{ClassContext, MethodModel};
use jvmfuzz_classfile::access;
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if m.access & access::PRIVATE == 0 || m.name != "<init>" || m.desc != "()V" {
        return;
    }
    let mut x = Matcher::new(m);
    x.first_is_aload0();
    x.next_is_member(INVOKESPECIAL, ctx.super_name.as_deref().unwrap_or(""), "<init>", "()V");
    x.next_is(RETURN);
    if x.cursor.is_some() {
        out.ignore_all(m);
    }
}
