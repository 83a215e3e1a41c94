//! Regex roadblocks: the fuzzer's one change to JDK code. A pattern's literals and character
//! classes are compared inside `java.util.regex.Pattern`'s node classes, which are never
//! instrumented, so a target that checks its input with `Pattern`, `String.matches` or a
//! `Scanner` (`hasNext("#\\[StartTime:")`) gives the fuzzer no comparison to learn from.
//!
//! At the entry of `match(Matcher, int, CharSequence)` of the nodes that compare input (a
//! literal run of characters, `Slice*`; the Boyer-Moore search for one, `BnM`; one character
//! of a class, `CharProperty`; a repeated class, `CharPropertyGreedy`) a straight-line call
//! hands the node's literal or predicate, the position and the text to the shim's
//! `com.jvmfuzz.shim.fuzz.Regex`, which logs what the text has there against what the node
//! wants (Jazzer's `RegexRoadblocks` does the same through its hooks). The end of every match
//! (`LastNode`) tells the shim which pattern matched, which counts the matches of each
//! pattern in an execution as coverage: a `Scanner` reading a third number where it read two
//! takes the same branches of the target. The comparing nodes also report how far into the
//! region a `matches()` got, the value-profile feedback of a pattern that fails on every input
//! so far. The node then runs as before: the calls change no state of the match.
//!
//! The node classes and fields are the same in JDK 17 and 25; a class whose method or field
//! is not found is handed back unchanged (`Ok(None)`).

use jvmfuzz_classfile::bytecode::{decode, opcodes::*};
use jvmfuzz_classfile::{access, ClassFile, ConstantPool};

use super::class::InstrumentError;
use super::plan::MethodPlan;
use super::rewrite::{instrument_decoded_with, Inserts, MethodSig, ProbeCall};

/// The shim class that receives the roadblocks.
pub const REGEX: &str = "com/jvmfuzz/shim/fuzz/Regex";

const MATCH: &str = "match";
const MATCH_DESCRIPTOR: &str = "(Ljava/util/regex/Matcher;ILjava/lang/CharSequence;)Z";

/// What a node's entry call reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Node {
    /// A literal run (`SliceNode.buffer`, code points); `true`: matched ignoring case.
    Slice { ignore_case: bool },
    /// A literal searched for from the position on (`BnM.buffer`).
    Find,
    /// One character of a class (`CharProperty.predicate`).
    Char,
    /// A class repeated at least `cmin` times (`CharPropertyGreedy.predicate`, `.cmin`).
    Greedy,
    /// The end of a match (`LastNode`): the pattern matched, unless the matcher wants the
    /// whole region and the position is short of its end.
    Accept,
}

const SLICE_NODE: &str = "java/util/regex/Pattern$SliceNode";

/// The node classes given roadblocks (internal names, all defined by the boot loader).
const NODES: &[(&str, Node)] = &[
    ("java/util/regex/Pattern$Slice", Node::Slice { ignore_case: false }),
    ("java/util/regex/Pattern$SliceS", Node::Slice { ignore_case: false }),
    ("java/util/regex/Pattern$SliceI", Node::Slice { ignore_case: true }),
    ("java/util/regex/Pattern$SliceU", Node::Slice { ignore_case: true }),
    ("java/util/regex/Pattern$SliceIS", Node::Slice { ignore_case: true }),
    ("java/util/regex/Pattern$BnM", Node::Find),
    ("java/util/regex/Pattern$CharProperty", Node::Char),
    ("java/util/regex/Pattern$BmpCharProperty", Node::Char),
    ("java/util/regex/Pattern$CharPropertyGreedy", Node::Greedy),
    ("java/util/regex/Pattern$BmpCharPropertyGreedy", Node::Greedy),
    ("java/util/regex/Pattern$LastNode", Node::Accept),
];

const MATCHER: &str = "java/util/regex/Matcher";
const PREDICATE: &str = "Ljava/util/regex/Pattern$CharPredicate;";
const CHAR_PROPERTY: &str = "java/util/regex/Pattern$CharProperty";
const GREEDY: &str = "java/util/regex/Pattern$CharPropertyGreedy";

/// Whether `name` (internal) is one of the node classes given roadblocks.
pub fn is_node(name: &str) -> bool {
    NODES.iter().any(|(n, _)| *n == name)
}

/// The node class with the roadblock call at the entry of its `match`; `Ok(None)` if `original`
/// is not a node class or has no such method.
pub fn instrument_node(original: &[u8]) -> Result<Option<Vec<u8>>, InstrumentError> {
    let mut cf = ClassFile::parse(original).map_err(InstrumentError::Parse)?;
    if !(45..=69).contains(&cf.major_version) {
        return Err(InstrumentError::UnsupportedVersion(cf.major_version));
    }
    let class = cf.this_class_name().map_err(InstrumentError::Parse)?.into_owned();
    let Some(&(_, node)) = NODES.iter().find(|(n, _)| *n == class) else { return Ok(None) };
    let major = cf.major_version;
    let mut done = false;
    for m in cf.methods.iter_mut() {
        let cp = &mut cf.constant_pool;
        let name = m.name(cp).map_err(InstrumentError::Parse)?;
        let descriptor = m.descriptor(cp).map_err(InstrumentError::Parse)?;
        if name != MATCH || descriptor != MATCH_DESCRIPTOR || m.access_flags & (access::ABSTRACT | access::NATIVE) != 0
        {
            continue;
        }
        let Some(code) = m.code() else { continue };
        let sig =
            MethodSig { this_class: &class, name: MATCH, descriptor: MATCH_DESCRIPTOR, access_flags: m.access_flags };
        let entry = entry_call(node, cp).map_err(InstrumentError::ConstantPool)?;
        let failed = |why: String| InstrumentError::Method { method: format!("{class}.{MATCH}"), why };
        let insns = decode(&code.code).map_err(|e| failed(e.to_string()))?;
        let inserts = Inserts { pre: vec![(0, entry)], extra_stack: 5, ..Inserts::default() };
        let plan = MethodPlan { sites: Vec::new(), jacoco: Vec::new() };
        let probe = ProbeCall::Call { method_ref: 0 };
        let new_code = instrument_decoded_with(code, &insns, cp, &sig, &plan, 0, &probe, major, &[], &inserts)
            .map_err(|e| failed(e.to_string()))?;
        if let Some(c) = m.code_mut() {
            *c = new_code;
            done = true;
        }
    }
    if !done {
        return Ok(None);
    }
    cf.try_to_bytes().map(Some).map_err(InstrumentError::Write)
}

/// The call at the entry of the node's `match`: stack-neutral, no branch. Locals 0-3 are
/// `this`, the matcher, the position and the text.
fn entry_call(node: Node, cp: &mut ConstantPool<'_>) -> Result<Vec<u8>, jvmfuzz_classfile::ClassFileError> {
    const CHARS: &str = "(Ljava/lang/Object;ILjava/lang/CharSequence;I)V";
    // this.<field>; i; seq; [flag]; invokestatic Regex.<call>
    let (field, call, descriptor) = match node {
        Node::Slice { .. } => {
            (cp.add_field_ref(SLICE_NODE, "buffer", "[I")?, "slice", "([IILjava/lang/CharSequence;I)V")
        }
        Node::Find => {
            (cp.add_field_ref("java/util/regex/Pattern$BnM", "buffer", "[I")?, "find", "([IILjava/lang/CharSequence;)V")
        }
        Node::Char => (cp.add_field_ref(CHAR_PROPERTY, "predicate", PREDICATE)?, "chars", CHARS),
        Node::Greedy => (cp.add_field_ref(GREEDY, "predicate", PREDICATE)?, "chars", CHARS),
        Node::Accept => return accept_call(cp),
    };
    let mut out = vec![ALOAD_0, GETFIELD];
    out.extend_from_slice(&field.to_be_bytes());
    out.extend_from_slice(&[ILOAD_2, ALOAD_3]);
    match node {
        Node::Slice { ignore_case } => out.push(if ignore_case { ICONST_1 } else { ICONST_0 }),
        // One character must match.
        Node::Char => out.push(ICONST_1),
        Node::Greedy => {
            let cmin = cp.add_field_ref(GREEDY, "cmin", "I")?;
            out.extend_from_slice(&[ALOAD_0, GETFIELD]);
            out.extend_from_slice(&cmin.to_be_bytes());
        }
        Node::Find | Node::Accept => {}
    }
    let m = cp.add_method_ref(REGEX, call, descriptor)?;
    out.push(INVOKESTATIC);
    out.extend_from_slice(&m.to_be_bytes());
    if node != Node::Find {
        reach_call(cp, &mut out)?;
    }
    Ok(out)
}

/// `matcher.parentPattern; matcher.acceptMode; i - matcher.from; invokestatic Regex.reach`:
/// how far into the text a whole-region match (`matches()`) got, as feedback.
fn reach_call(cp: &mut ConstantPool<'_>, out: &mut Vec<u8>) -> Result<(), jvmfuzz_classfile::ClassFileError> {
    for (name, descriptor) in [("parentPattern", "Ljava/util/regex/Pattern;"), ("acceptMode", "I")] {
        let f = cp.add_field_ref(MATCHER, name, descriptor)?;
        out.extend_from_slice(&[ALOAD_1, GETFIELD]);
        out.extend_from_slice(&f.to_be_bytes());
    }
    let from = cp.add_field_ref(MATCHER, "from", "I")?;
    out.extend_from_slice(&[ILOAD_2, ALOAD_1, GETFIELD]);
    out.extend_from_slice(&from.to_be_bytes());
    out.push(ISUB);
    let m = cp.add_method_ref(REGEX, "reach", "(Ljava/util/regex/Pattern;II)V")?;
    out.push(INVOKESTATIC);
    out.extend_from_slice(&m.to_be_bytes());
    Ok(())
}

/// `LastNode`: `matcher.parentPattern; matcher.acceptMode; matcher.to; i; invokestatic
/// Regex.accept` (the matcher's fields are package-private, readable from the node's package).
fn accept_call(cp: &mut ConstantPool<'_>) -> Result<Vec<u8>, jvmfuzz_classfile::ClassFileError> {
    let mut out = Vec::new();
    for (name, descriptor) in [("parentPattern", "Ljava/util/regex/Pattern;"), ("acceptMode", "I"), ("to", "I")] {
        let f = cp.add_field_ref(MATCHER, name, descriptor)?;
        out.extend_from_slice(&[ALOAD_1, GETFIELD]);
        out.extend_from_slice(&f.to_be_bytes());
    }
    out.push(ILOAD_2);
    let m = cp.add_method_ref(REGEX, "accept", "(Ljava/util/regex/Pattern;III)V")?;
    out.push(INVOKESTATIC);
    out.extend_from_slice(&m.to_be_bytes());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::bytecode::InsnKind;

    /// Runs an entry sequence's stack effect: every call must take exactly what was pushed for
    /// it (the sequence is stack-neutral), within the extra stack `instrument_node` declares.
    fn stack_effect(node: Node) -> (i32, i32, Vec<String>) {
        let mut cp = ConstantPool::empty();
        let code = entry_call(node, &mut cp).unwrap();
        let (mut depth, mut max, mut calls) = (0i32, 0i32, Vec::new());
        for insn in decode(&code).unwrap() {
            match insn.opcode {
                ALOAD_0 | ALOAD_1 | ALOAD_3 | ILOAD_2 | ICONST_0 | ICONST_1 => depth += 1,
                GETFIELD => {}
                ISUB => depth -= 1,
                INVOKESTATIC => {
                    let InsnKind::Invoke { cp_index } = insn.kind else { panic!("{insn:?}") };
                    let r = cp.member_ref(cp_index).unwrap();
                    let (params, ret) = crate::frames::parse_method_descriptor(&r.descriptor).unwrap();
                    assert_eq!(r.class, REGEX);
                    assert!(ret.is_none(), "{}", r.descriptor);
                    depth -= params.len() as i32;
                    assert_eq!(depth, 0, "{} takes what was pushed for it", r.name);
                    calls.push(r.name.to_string());
                }
                op => panic!("unexpected opcode {op:#x} in {node:?}'s sequence"),
            }
            max = max.max(depth);
        }
        (depth, max, calls)
    }

    #[test]
    fn each_node_calls_the_shim_with_exactly_what_it_pushed() {
        let expected: [(Node, &[&str]); 5] = [
            (Node::Slice { ignore_case: true }, &["slice", "reach"]),
            (Node::Find, &["find"]),
            (Node::Char, &["chars", "reach"]),
            (Node::Greedy, &["chars", "reach"]),
            (Node::Accept, &["accept"]),
        ];
        for (node, calls) in expected {
            let (depth, max, made) = stack_effect(node);
            assert_eq!(depth, 0, "{node:?}");
            assert!(max <= 5, "{node:?} needs {max} words, more than the 5 declared");
            assert_eq!(made, calls, "{node:?}");
        }
    }

    #[test]
    fn only_the_jdk_regex_nodes_are_taken() {
        assert!(is_node("java/util/regex/Pattern$Slice"));
        assert!(is_node("java/util/regex/Pattern$LastNode"));
        assert!(!is_node("java/util/regex/Pattern"));
        assert!(!is_node("com/acme/Pattern$Slice"));
        // A class that is no node is handed back as it was.
        let other = crate::probe_fields::holder_class(0);
        assert!(instrument_node(&other).unwrap().is_none());
    }
}
