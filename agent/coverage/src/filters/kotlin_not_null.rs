//! The not-null assertion `x!!` of older kotlinc (`ifnonnull L; invokestatic
//! Intrinsics.throwNpe()`): JaCoCo's `KotlinNotNullOperatorFilter` ignores both. Kotlin 1.4+
//! calls `Intrinsics.checkNotNull` instead, which has no branch to hide.

use super::{FilterOutput, Matcher};
use crate::model::MethodModel;
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    for start in 0..m.nodes.len() {
        if m.opcode(start) != IFNONNULL as i32 {
            continue;
        }
        x.at(Some(start));
        x.next_is_member(INVOKESTATIC, "kotlin/jvm/internal/Intrinsics", "throwNpe", "()V");
        if let Some(c) = x.cursor {
            out.ignore(m, start, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    #[test]
    fn throw_npe_after_ifnonnull() {
        for (name, hidden) in [("throwNpe", true), ("throwJavaNpe", false)] {
            let mut c = Code::new("f", "(Ljava/lang/String;)I");
            let l = c.new_label();
            c.line(1).var(ALOAD, 0).insn(DUP).jump(IFNONNULL, l);
            c.member(INVOKESTATIC, "kotlin/jvm/internal/Intrinsics", name, "()V");
            c.label(l).member(INVOKEVIRTUAL, "java/lang/String", "length", "()I").insn(IRETURN);
            let mut out = FilterOutput::default();
            filter(&c.build().0, &mut out);
            assert_eq!(ignored(&out), if hidden { vec![2, 3] } else { vec![] }, "{name}");
        }
    }
}
