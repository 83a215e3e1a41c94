//! Bridge methods (`ACC_BRIDGE`): compiler glue for generics and covariant returns.

use super::FilterOutput;
use crate::model::MethodModel;
use jvmfuzz_classfile::access;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    if m.access & access::BRIDGE != 0 {
        out.ignore_all(m);
    }
}
