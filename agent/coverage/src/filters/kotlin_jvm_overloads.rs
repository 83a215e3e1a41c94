//! The overloads `@JvmOverloads` makes kotlinc generate: each only calls the `$default` method
//! (or the constructor taking a `DefaultConstructorMarker`) and returns. Since Kotlin 2.0 they
//! have a line number (KT-74091), on the call's return, so `kotlin_generated` does not catch
//! them: JaCoCo's `KotlinJvmOverloadsFilter` recognises the shape
//! `... invoke$default; L: LINE n L; return; [L_end]` with no line before the call.

use super::FilterOutput;
use crate::model::{Arg, MethodModel, Node};
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    if m.nodes.len() < 5 {
        return;
    }
    let mut i = m.nodes.len() - 1;
    if matches!(m.nodes[i], Node::Label(_)) {
        i -= 1; // the local variable table's end label
    }
    if m.opcode(i) != RETURN as i32 {
        return;
    }
    // The line entry of the return, directly after its own label (ASM's `LineNumberNode.start`:
    // the label the line belongs to precedes the line nodes of its offset).
    let Some(line) = i.checked_sub(1) else { return };
    if !matches!(m.nodes[line], Node::Line(_)) {
        return;
    }
    let Some(label) = line.checked_sub(1) else { return };
    if !matches!(m.nodes[label], Node::Label(_)) {
        return;
    }
    let Some(call) = label.checked_sub(1) else { return };
    if !invokes_default(m, call) {
        return;
    }
    if m.nodes[..=call].iter().any(|n| matches!(n, Node::Line(_))) {
        return;
    }
    out.ignore_all(m);
}

fn invokes_default(m: &MethodModel, node: usize) -> bool {
    let Some(insn) = m.insn(node) else { return false };
    let Arg::Member { name, desc, .. } = &insn.arg else { return false };
    match insn.op {
        INVOKESTATIC => name.ends_with("$default"),
        INVOKESPECIAL => desc.ends_with("Lkotlin/jvm/internal/DefaultConstructorMarker;)V"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    fn overload(callee: &'static str, line_first: bool) -> Code {
        let mut c = Code::new("f", "(I)Ljava/lang/String;");
        let start = c.new_label();
        c.label(start);
        if line_first {
            c.line(3);
        }
        c.var(ILOAD, 0).insn(ACONST_NULL).insn(ICONST_2).insn(ACONST_NULL);
        c.member(INVOKESTATIC, "A", callee, "(ILjava/lang/String;ILjava/lang/Object;)Ljava/lang/String;");
        c.line(3).insn(RETURN);
        let end = c.new_label();
        c.label(end);
        c
    }

    #[test]
    fn overloads_calling_the_default_method() {
        let mut out = FilterOutput::default();
        filter(&overload("f$default", false).build().0, &mut out);
        assert_eq!(ignored(&out), vec![0, 1, 2, 3, 4, 5]);
        // A line before the call: written by hand.
        let mut out = FilterOutput::default();
        filter(&overload("f$default", true).build().0, &mut out);
        assert!(out.ignored.is_empty());
        // Another callee.
        let mut out = FilterOutput::default();
        filter(&overload("g", false).build().0, &mut out);
        assert!(out.ignored.is_empty());
    }
}
