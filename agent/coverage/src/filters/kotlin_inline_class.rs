//! The instance methods of a value class (`@JvmInline`): kotlinc keeps the code in static
//! `-impl` methods and adds instance methods that only delegate to them, for Java and boxing,
//! which Kotlin code never calls (JaCoCo's `KotlinInlineClassFilter`).

use super::FilterOutput;
use crate::model::{ClassContext, MethodModel};
use jvmfuzz_classfile::access;

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if ctx.annotations.iter().any(|a| a == "Lkotlin/jvm/JvmInline;") && m.access & access::STATIC == 0 {
        out.ignore_all(m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, kotlin_class, Code};
    use super::*;
    use jvmfuzz_classfile::bytecode::opcodes::*;

    #[test]
    fn instance_methods_of_value_classes() {
        let mut value_class = kotlin_class("V");
        value_class.annotations.push("Lkotlin/jvm/JvmInline;".into());
        for (flags, ctx, hidden) in
            [(0, &value_class, true), (access::STATIC, &value_class, false), (0, &kotlin_class("V"), false)]
        {
            let mut c = Code::new("toString", "()Ljava/lang/String;").access(flags);
            c.line(1).insn(ACONST_NULL).insn(ARETURN);
            let (m, _) = c.build();
            let mut out = FilterOutput::default();
            filter(&m, ctx, &mut out);
            assert_eq!(!ignored(&out).is_empty(), hidden);
        }
    }
}
