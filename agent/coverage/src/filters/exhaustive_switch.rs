//! Switches javac made exhaustive with a synthetic default that throws
//! `MatchException` (Java 21+ patterns and enum/sealed switch expressions) or
//! `IncompatibleClassChangeError` (older enum switch expressions): the default branch and
//! its throw are not the user's code.

use super::{FilterOutput, Matcher, Replacements};
use crate::model::{Arg, MethodModel, Node};
use jvmfuzz_classfile::bytecode::opcodes::*;

pub(crate) fn filter(m: &MethodModel, out: &mut FilterOutput) {
    let mut line: i64 = -1;
    let mut x = Matcher::new(m);
    for start in 0..m.nodes.len() {
        if let Node::Line(l) = m.nodes[start] {
            line = l as i64;
        }
        let Some(Arg::Switch { dflt, .. }) = m.insn(start).map(|i| &i.arg) else { continue };
        let Some(dflt) = m.label(*dflt) else { continue };
        // Skip labels and frames, but not a line number: a default on another line is
        // user code (`default -> throw ...`).
        let mut c = Some(dflt);
        while let Some(n) = c {
            if matches!(m.nodes[n], Node::Label(_) | Node::Frame) {
                c = m.next(n);
            } else {
                break;
            }
        }
        let Some(mut c) = c else { continue };
        if let Node::Line(l) = m.nodes[c] {
            if l as i64 != line {
                continue;
            }
            match m.skip_non_opcodes(Some(c)) {
                Some(n) => c = n,
                None => continue,
            }
        }
        let Some(Arg::Type(t)) = m.insn(c).filter(|i| i.op == NEW).map(|i| &i.arg) else { continue };
        x.at(Some(c));
        match t.as_ref() {
            "java/lang/MatchException" => {
                x.next_is(DUP);
                x.next_is(ACONST_NULL);
                x.next_is(ACONST_NULL);
                x.next_is_member(
                    INVOKESPECIAL,
                    "java/lang/MatchException",
                    "<init>",
                    "(Ljava/lang/String;Ljava/lang/Throwable;)V",
                );
            }
            "java/lang/IncompatibleClassChangeError" => {
                x.next_is(DUP);
                x.next_is_member(INVOKESPECIAL, "java/lang/IncompatibleClassChangeError", "<init>", "()V");
            }
            _ => continue,
        }
        x.next_is(ATHROW);
        let Some(end) = x.cursor else { continue };
        out.ignore(m, dflt, end);
        out.replace_branches(m, start, Replacements::ignore_default_branch(m, start));
    }
}
