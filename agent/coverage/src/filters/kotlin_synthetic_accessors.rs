//! The synthetic `access$...` methods kotlinc generates so that nested classes and lambdas
//! reach private members (JaCoCo's `KotlinSyntheticAccessorsFilter`). Other synthetic methods
//! of Kotlin classes (`@JvmSynthetic` functions, `$default` bodies) hold user code and stay.

use super::FilterOutput;
use crate::model::MethodModel;
use jvmfuzz_classfile::access;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    if m.access & access::SYNTHETIC != 0 && m.name.starts_with("access$") {
        out.ignore_all(m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;
    use jvmfuzz_classfile::bytecode::opcodes::*;

    #[test]
    fn only_synthetic_access_methods() {
        for (name, flags, hidden) in [
            ("access$getX$p", access::SYNTHETIC | access::STATIC, true),
            ("access$getX$p", access::STATIC, false),
            ("example", access::SYNTHETIC, false),
        ] {
            let mut c = Code::new(name, "()I").access(flags);
            c.line(1).insn(ICONST_0).insn(IRETURN);
            let (m, _) = c.build();
            let mut out = FilterOutput::default();
            filter(&m, &mut out);
            assert_eq!(!ignored(&out).is_empty(), hidden, "{name} {flags:#x}");
        }
    }
}
