//! Methods kotlinc generates without a line number (JaCoCo's `KotlinGeneratedFilter`): all of
//! such a method; in a method with lines, the instructions before its first line (the
//! parameter checks and the like kotlinc puts first).

use super::FilterOutput;
use crate::model::{ClassContext, MethodModel, Node};

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    // Without a SourceFile the class was probably compiled without debug information: every
    // method would look generated.
    if ctx.source_file.is_none() {
        return;
    }
    match m.nodes.iter().position(|n| matches!(n, Node::Line(_))) {
        Some(0) => {}
        Some(first_line) => out.ignore(m, 0, first_line - 1),
        None => out.ignore_all(m),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, kotlin_class, Code};
    use super::*;
    use jvmfuzz_classfile::bytecode::opcodes::*;

    #[test]
    fn a_method_without_lines_is_generated() {
        let mut c = Code::new("component1", "()I");
        c.var(ALOAD, 0).insn(ICONST_0).insn(IRETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &kotlin_class("A"), &mut out);
        assert_eq!(ignored(&out), vec![0, 1, 2]);
        // Without a source file nothing is filtered.
        let mut out = FilterOutput::default();
        filter(&m, &ClassContext { source_file: None, ..kotlin_class("A") }, &mut out);
        assert!(out.ignored.is_empty());
    }

    #[test]
    fn instructions_before_the_first_line_are_generated() {
        let mut c = Code::new("f", "(Ljava/lang/String;)V");
        c.var(ALOAD, 1).ldc("s").member(
            INVOKESTATIC,
            "kotlin/jvm/internal/Intrinsics",
            "checkNotNullParameter",
            "(Ljava/lang/Object;Ljava/lang/String;)V",
        );
        c.line(7).insn(RETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &kotlin_class("A"), &mut out);
        assert_eq!(ignored(&out), vec![0, 1, 2]);
    }
}
