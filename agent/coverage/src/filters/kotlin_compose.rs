//! Code the Jetpack Compose compiler plugin adds to `@Composable` functions (JaCoCo's
//! `KotlinComposeFilter`): the skipping and `shouldExecute` prologues, the restart-group
//! epilogue's null test and the tracing calls.

use super::{jump_label, FilterOutput};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

const COMPOSER: &str = "androidx/compose/runtime/Composer";

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    // JaCoCo reads the invisible annotations only; `@Composable` has binary retention, so the
    // union the model keeps holds it in the same place.
    if !m.annotations.iter().any(|a| a == "Landroidx/compose/runtime/Composable;") {
        return;
    }
    let Some((_, last)) = m.all() else { return };
    let op_at = |n: Option<usize>| n.map_or(-1, |n| m.opcode(n));
    for i in 0..m.nodes.len() {
        let Some(insn) = m.insn(i) else { continue };
        if !matches!(insn.op, INVOKEVIRTUAL | INVOKESPECIAL | INVOKESTATIC | INVOKEINTERFACE) {
            continue;
        }
        let Arg::Member { owner, name, desc } = &insn.arg else { continue };
        let call = |o: &str, n: &str, d: &str| owner == o && name == n && desc == d;
        let next = m.next(i);
        if call(COMPOSER, "shouldExecute", "(ZI)Z") && op_at(next) == IFEQ as i32 {
            if let Some(j) = next {
                out.ignore(m, 0, j);
            }
        } else if call(COMPOSER, "getSkipping", "()Z") && op_at(next) == IFNE as i32 {
            if let Some(j) = next {
                out.ignore(m, 0, j);
                if let Some(l) = jump_label(m, j) {
                    out.ignore(m, l, last);
                }
            }
        } else if call(COMPOSER, "endRestartGroup", "()Landroidx/compose/runtime/ScopeUpdateScope;")
            && op_at(next) == DUP as i32
            && op_at(next.and_then(|n| m.next(n))) == IFNULL as i32
        {
            let Some(j) = next.and_then(|n| m.next(n)) else { continue };
            if let Some(target) = m.skip_non_opcodes(jump_label(m, j)).filter(|&t| m.opcode(t) == POP as i32) {
                out.ignore(m, j, target);
            }
        } else if call("androidx/compose/runtime/ComposerKt", "isTraceInProgress", "()Z") && op_at(next) == IFEQ as i32
        {
            if let (Some(j), Some(l)) = (next, next.and_then(|j| jump_label(m, j))) {
                out.ignore(m, j, l);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::*;

    #[test]
    fn skipping_prologue_and_trace_calls_of_composables() {
        let build = |composable: bool| {
            let mut c = Code::new("Greeting", "(Landroidx/compose/runtime/Composer;I)V");
            if composable {
                c = c.annotation("Landroidx/compose/runtime/Composable;");
            }
            let (body, end) = (c.new_label(), c.new_label());
            c.line(1).var(ALOAD, 0).member(INVOKEINTERFACE, COMPOSER, "getSkipping", "()Z").jump(IFNE, end);
            c.label(body).member(INVOKESTATIC, "androidx/compose/runtime/ComposerKt", "isTraceInProgress", "()Z");
            let after = c.new_label();
            c.jump(IFEQ, after).insn(NOP).label(after).insn(NOP);
            c.label(end).insn(RETURN);
            c.build().0
        };
        let mut out = FilterOutput::default();
        filter(&build(true), &mut out);
        // The prologue, the trace test and its call, the skipped tail.
        assert_eq!(ignored(&out), vec![0, 1, 2, 4, 5, 7]);
        let mut out = FilterOutput::default();
        filter(&build(false), &mut out);
        assert!(out.ignored.is_empty());
    }
}
