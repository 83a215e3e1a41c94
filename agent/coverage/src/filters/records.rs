//! Record members the compiler generates: `toString`/`hashCode`/`equals` implemented via
//! `invokedynamic` to `java/lang/runtime/ObjectMethods.bootstrap`, and plain field accessors.

use super::{FilterOutput, Matcher};
use crate::model::{Arg, ClassContext, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

fn next_is_object_method(x: &mut Matcher<'_>, name: &str) {
    x.next_is(INVOKEDYNAMIC);
    if let Some(c) = x.cursor {
        let ok = matches!(x.m.insn(c).map(|i| &i.arg),
            Some(Arg::Indy { name: n, bsm_owner, bsm_name })
                if n == name && bsm_owner == "java/lang/runtime/ObjectMethods" && bsm_name == "bootstrap");
        if !ok {
            x.cursor = None;
        }
    }
}

fn generated(m: &MethodModel) -> bool {
    let mut x = Matcher::new(m);
    match (m.name.as_str(), m.desc.as_str()) {
        ("equals", "(Ljava/lang/Object;)Z") => {
            x.first_is_aload0();
            x.next_is(ALOAD);
            next_is_object_method(&mut x, "equals");
            x.next_is(IRETURN);
            if x.cursor.is_some() {
                return true;
            }
        }
        ("hashCode", "()I") => {
            x.first_is_aload0();
            next_is_object_method(&mut x, "hashCode");
            x.next_is(IRETURN);
            if x.cursor.is_some() {
                return true;
            }
        }
        ("toString", "()Ljava/lang/String;") => {
            x.first_is_aload0();
            next_is_object_method(&mut x, "toString");
            x.next_is(ARETURN);
            if x.cursor.is_some() {
                return true;
            }
        }
        _ => {}
    }
    // Field accessor: `aload0; getfield <same name>; xreturn`.
    if !m.desc.starts_with("()") {
        return false;
    }
    x.first_is_aload0();
    x.next_is(GETFIELD);
    let Some(c) = x.cursor else { return false };
    if !matches!(m.insn(c).map(|i| &i.arg), Some(Arg::Member { name, .. }) if *name == m.name) {
        return false;
    }
    x.next();
    matches!(x.cursor.map(|c| m.opcode(c)), Some(op) if (IRETURN as i32..=ARETURN as i32).contains(&op))
}

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if ctx.super_name.as_deref() == Some("java/lang/Record") && generated(m) {
        out.ignore_all(m);
    }
}
