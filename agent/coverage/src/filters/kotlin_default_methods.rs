//! Methods kotlinc adds to a class for interface methods it does not override, when the
//! interface's bodies live in `$DefaultImpls` (`aload 0; invokestatic I$DefaultImpls.m`):
//! JaCoCo's `KotlinDefaultMethodsFilter`.

use super::{FilterOutput, Matcher};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    x.first_is_aload0();
    x.next_is(INVOKESTATIC);
    let Some(c) = x.cursor else { return };
    if matches!(m.insn(c).map(|i| &i.arg), Some(Arg::Member { owner, .. }) if owner.ends_with("$DefaultImpls")) {
        out.ignore_all(m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    #[test]
    fn delegation_to_default_impls() {
        for (owner, hidden) in [("I$DefaultImpls", true), ("I", false)] {
            let mut c = Code::new("greet", "()Ljava/lang/String;");
            c.line(1).var(ALOAD, 0).member(INVOKESTATIC, owner, "greet", "(LI;)Ljava/lang/String;").insn(ARETURN);
            let (m, _) = c.build();
            let mut out = FilterOutput::default();
            filter(&m, &mut out);
            assert_eq!(!ignored(&out).is_empty(), hidden, "{owner}");
        }
    }
}
