//! `getEntries()`, which kotlinc 2.x adds to every enum class with a line number of its own
//! (so `kotlin_generated` does not catch it): JaCoCo's `KotlinEnumFilter`.

use super::FilterOutput;
use crate::model::{ClassContext, MethodModel};

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if ctx.super_name.as_deref() == Some("java/lang/Enum")
        && m.name == "getEntries"
        && m.desc == "()Lkotlin/enums/EnumEntries;"
    {
        out.ignore_all(m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, kotlin_class, Code};
    use super::*;
    use jvmfuzz_classfile::bytecode::opcodes::*;

    #[test]
    fn get_entries_of_enums_only() {
        let mut c = Code::new("getEntries", "()Lkotlin/enums/EnumEntries;");
        c.line(1).member(GETSTATIC, "E", "$ENTRIES", "Lkotlin/enums/EnumEntries;").insn(ARETURN);
        let (m, _) = c.build();
        let enum_class = ClassContext { super_name: Some("java/lang/Enum".into()), ..kotlin_class("E") };
        let mut out = FilterOutput::default();
        filter(&m, &enum_class, &mut out);
        assert_eq!(ignored(&out), vec![0, 1]);
        let mut out = FilterOutput::default();
        filter(&m, &kotlin_class("E"), &mut out);
        assert!(out.ignored.is_empty());
    }
}
