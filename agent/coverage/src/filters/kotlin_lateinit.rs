//! Reads of `lateinit` properties: kotlinc tests the field for null and throws
//! `UninitializedPropertyAccessException` through
//! `Intrinsics.throwUninitializedPropertyAccessException(name)`. JaCoCo's
//! `KotlinLateinitFilter` ignores the test and the throw, in the layouts of Kotlin 1.2
//! (`ifnonnull L; ldc; invoke; L:`), 1.5 and 1.6.20 (one or two more instructions before `L`),
//! and the inverted one (`ifnull L ... L: [pop] ldc; invoke; ...; areturn|athrow`).

use super::{jump_label, FilterOutput, Matcher};
use crate::model::MethodModel;
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    let mut x = Matcher::new(m);
    for start in 0..m.nodes.len() {
        let op = m.opcode(start);
        let Some(label) = jump_label(m, start) else { continue };
        if op == IFNONNULL as i32 {
            x.at(Some(start));
            next_is_intrinsic(&mut x);
            // The throw ends right before the jump's label, after 0, 1 or 2 more instructions.
            for extra in 0..3 {
                if extra > 0 {
                    x.next();
                }
                if let Some(c) = x.cursor.filter(|&c| m.next(c) == Some(label)) {
                    out.ignore(m, start, c);
                    break;
                }
            }
        } else if op == IFNULL as i32 {
            x.at(Some(label));
            next_is_intrinsic(&mut x);
            x.next();
            x.next();
            if x.cursor.is_some() && (x.op() == ARETURN as i32 || x.op() == ATHROW as i32) {
                out.ignore(m, start, start);
                if let Some(c) = x.cursor {
                    out.ignore(m, label, c);
                }
            }
        }
    }
}

/// `[pop] ldc name; invokestatic Intrinsics.throwUninitializedPropertyAccessException`.
fn next_is_intrinsic(x: &mut Matcher<'_>) {
    x.next();
    if x.cursor.is_none() {
        return;
    }
    if x.op() == POP as i32 {
        x.next_is(LDC);
    } else if x.op() != LDC as i32 {
        x.cursor = None;
        return;
    }
    x.next_is_member(
        INVOKESTATIC,
        "kotlin/jvm/internal/Intrinsics",
        "throwUninitializedPropertyAccessException",
        "(Ljava/lang/String;)V",
    );
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    const INTRINSICS: &str = "kotlin/jvm/internal/Intrinsics";
    const THROW: &str = "throwUninitializedPropertyAccessException";

    #[test]
    fn kotlin_1_6_20_layout() {
        // getfield; dup; ifnonnull L; pop; ldc "x"; invoke; aconst_null; L: areturn
        let mut c = Code::new("greet", "()Ljava/lang/String;");
        let l = c.new_label();
        c.line(1).var(ALOAD, 0).member(GETFIELD, "A", "x", "Ljava/lang/String;").insn(DUP).jump(IFNONNULL, l);
        c.insn(POP).ldc("x").member(INVOKESTATIC, INTRINSICS, THROW, "(Ljava/lang/String;)V").insn(ACONST_NULL);
        c.label(l).insn(ARETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![3, 4, 5, 6, 7]);
    }

    #[test]
    fn inverted_layout() {
        // getfield; dup; ifnull L; areturn; L: pop; ldc; invoke; aconst_null; athrow
        let mut c = Code::new("greet", "()Ljava/lang/String;");
        let l = c.new_label();
        c.line(1).var(ALOAD, 0).member(GETFIELD, "A", "x", "Ljava/lang/String;").insn(DUP).jump(IFNULL, l);
        c.insn(ARETURN);
        c.label(l).insn(POP).ldc("x").member(INVOKESTATIC, INTRINSICS, THROW, "(Ljava/lang/String;)V");
        c.insn(ACONST_NULL).insn(ATHROW);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert_eq!(ignored(&out), vec![3, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn other_null_tests_stay() {
        let mut c = Code::new("f", "()Ljava/lang/String;");
        let l = c.new_label();
        c.line(1).var(ALOAD, 0).insn(DUP).jump(IFNONNULL, l);
        c.insn(POP).ldc("x").member(INVOKESTATIC, INTRINSICS, "checkNotNull", "(Ljava/lang/Object;)V");
        c.insn(ACONST_NULL).label(l).insn(ARETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &mut out);
        assert!(out.ignored.is_empty());
    }
}
