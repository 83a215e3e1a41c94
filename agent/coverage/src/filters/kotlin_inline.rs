//! Code inlined by kotlinc (inline functions, their lambdas, `reified` ones): it carries line
//! numbers past the end of the caller's file, which the SMAP (`smap.rs`) maps back to the
//! inline function's source. JaCoCo's `KotlinInlineFilter` ignores every node from the first
//! such line on, in the order of the node list, until a line of the caller's own again.
//! (JaCoCo credits those instructions to the inline function's lines instead: `fragments.rs`.)

use super::FilterOutput;
use crate::model::{ClassContext, MethodModel, Node};
use crate::smap;

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    // Without a SourceDebugExtension, or with one JaCoCo's parser would reject, nothing.
    let Some(mappings) = &ctx.smap else { return };
    let first_generated = smap::first_generated_line(&ctx.name, mappings);
    let mut line = 0;
    for (n, node) in m.nodes.iter().enumerate() {
        if let Node::Line(l) = node {
            line = *l;
        }
        if line >= first_generated {
            out.ignore(m, n, n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, kotlin_class, Code};
    use super::*;
    use jvmfuzz_classfile::bytecode::opcodes::*;

    #[test]
    fn lines_past_the_first_mapped_one_are_ignored() {
        let mut ctx = kotlin_class("kt/MainKt");
        ctx.smap = smap::parse(
            "Main.kt",
            "SMAP\nMain.kt\nKotlin\n*S Kotlin\n*F\n+ 1 Main.kt\nkt/MainKt\n+ 2 F.kt\nkt/FKt\n*L\n1#1,20:1\n5#2,3:21\n*E\n",
        );
        assert!(ctx.smap.is_some());
        let mut c = Code::new("main", "()V");
        c.line(3).insn(ICONST_1).insn(POP);
        c.line(21).insn(ICONST_2).insn(POP);
        c.line(23).insn(NOP);
        c.line(4).insn(RETURN);
        let (m, _) = c.build();
        let mut out = FilterOutput::default();
        filter(&m, &ctx, &mut out);
        assert_eq!(ignored(&out), vec![2, 3, 4]);
        // No SMAP: nothing.
        let mut out = FilterOutput::default();
        filter(&m, &kotlin_class("kt/MainKt"), &mut out);
        assert!(out.ignored.is_empty());
    }
}
