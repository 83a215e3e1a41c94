//! The implicit constructor of an enum without fields (`aload0; aload1; iload2;
//! invokespecial Enum.<init>; return`).

use super::{FilterOutput, Matcher};
use crate::model::{ClassContext, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

const ENUM: &str = "java/lang/Enum";
const DESC: &str = "(Ljava/lang/String;I)V";

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if ctx.super_name.as_deref() != Some(ENUM) || m.name != "<init>" || m.desc != DESC {
        return;
    }
    let mut x = Matcher::new(m);
    x.first_is_aload0();
    x.next_is(ALOAD);
    x.next_is(ILOAD);
    x.next_is_member(INVOKESPECIAL, ENUM, "<init>", DESC);
    x.next_is(RETURN);
    if x.cursor.is_some() {
        out.ignore_all(m);
    }
}
