//! Bridge methods (`ACC_BRIDGE`): compiler glue for generics and covariant returns.

use super::FilterOutput;
use jvmfuzz_classfile::access;
use crate::model::MethodModel;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    if m.access & access::BRIDGE != 0 {
        out.ignore_all(m);
    }
}
