//! Synthetic methods, except lambda bodies (`lambda$...`) which hold user code, and Scala's
//! `$anonfun$` bodies in Scala classes.

use super::FilterOutput;
use crate::model::{ClassContext, MethodModel};
use jvmfuzz_classfile::access;

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if m.access & access::SYNTHETIC == 0 || m.name.starts_with("lambda$") {
        return;
    }
    let scala = ctx.attribute_names.iter().any(|a| a == "ScalaSig" || a == "Scala");
    if scala && m.name.starts_with("$anonfun$") {
        return;
    }
    out.ignore_all(m);
}
