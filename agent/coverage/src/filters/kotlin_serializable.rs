//! Members the kotlinx.serialization compiler plugin generates (JaCoCo's
//! `KotlinSerializableFilter`): the companion's `serializer()` returning the generated
//! serializer's `INSTANCE` (recognised by sharing the line of the companion's constructor, the
//! `@Serializable` annotation's), the cached-serializer accessors, `write$Self$...`, and the
//! synthetic deserialization constructor (`SerializationConstructorMarker`).

use super::{FilterOutput, Matcher};
use crate::model::{Arg, ClassContext, MethodModel, Node};
use jvmfuzz_classfile::access;
use jvmfuzz_classfile::bytecode::opcodes::*;
use jvmfuzz_classfile::descriptor;

const SERIALIZER: &str = "()Lkotlinx/serialization/KSerializer;";

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if ctx.name.ends_with("$Companion") && m.name == "<init>" && m.desc == "()V" {
        let line = m.nodes.iter().find_map(|n| match n {
            Node::Line(l) => Some(*l),
            _ => None,
        });
        ctx.kotlin.companion_init_line.set(Some(line));
        return;
    }
    if m.name == "serializer" && m.desc == SERIALIZER {
        if serializer_instance(m, ctx) || cached_serializer(m, ctx) {
            out.ignore_all(m);
        }
        return;
    }
    if m.access & access::SYNTHETIC == 0 {
        return;
    }
    let generated_getter = m.name == "get$cachedSerializer"
        || m.name.starts_with("_init_$_anonymous_")
        || m.name.starts_with("_childSerializers$_anonymous_");
    if m.name.starts_with("write$Self$") || (generated_getter && m.desc == SERIALIZER) {
        out.ignore_all(m);
        return;
    }
    let marker = descriptor::param_descriptors(&m.desc).is_some_and(|p| {
        p.len() > 1 && p.last() == Some(&"Lkotlinx/serialization/internal/SerializationConstructorMarker;")
    });
    if marker {
        out.ignore_all(m);
    }
}

/// `getstatic X.INSTANCE; checkcast KSerializer; areturn`, on the companion constructor's line.
fn serializer_instance(m: &MethodModel, ctx: &ClassContext) -> bool {
    let mut x = Matcher::new(m);
    x.at((!m.nodes.is_empty()).then_some(0));
    x.next_is(GETSTATIC);
    let Some(get) = x.cursor else { return false };
    let instance = matches!(m.insn(get).map(|i| &i.arg), Some(Arg::Member { name, .. }) if name == "INSTANCE");
    let line = match get.checked_sub(1).map(|p| m.nodes[p]) {
        Some(Node::Line(l)) => l,
        _ => return false,
    };
    x.next_is_type(CHECKCAST, "kotlinx/serialization/KSerializer");
    x.next_is(ARETURN);
    // Until the companion's constructor was seen no line matches (JaCoCo's -2).
    let line_ok = match ctx.kotlin.companion_init_line.get() {
        Some(None) => true,
        Some(Some(l)) => l == line,
        None => false,
    };
    x.cursor.is_some() && instance && line_ok
}

/// `aload 0; invokespecial this.get$cachedSerializer(); areturn`.
fn cached_serializer(m: &MethodModel, ctx: &ClassContext) -> bool {
    let mut x = Matcher::new(m);
    x.first_is_aload0();
    x.next_is_member(INVOKESPECIAL, &ctx.name, "get$cachedSerializer", SERIALIZER);
    x.next_is(ARETURN);
    x.cursor.is_some()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, kotlin_class, Code};
    use super::*;

    fn companion_init(line: u32) -> Code {
        let mut c = Code::new("<init>", "()V");
        c.line(line).var(ALOAD, 0).member(INVOKESPECIAL, "java/lang/Object", "<init>", "()V").insn(RETURN);
        c
    }

    fn serializer(line: u32) -> Code {
        let mut c = Code::new("serializer", SERIALIZER);
        c.line(line).member(GETSTATIC, "A$$serializer", "INSTANCE", "LA$$serializer;");
        c.ty(CHECKCAST, "kotlinx/serialization/KSerializer").insn(ARETURN);
        c
    }

    #[test]
    fn companion_serializer_on_the_annotation_line() {
        let ctx = kotlin_class("A$Companion");
        let mut out = FilterOutput::default();
        // Before the companion's constructor: not recognised.
        filter(&serializer(3).build().0, &ctx, &mut out);
        assert!(out.ignored.is_empty());
        filter(&companion_init(3).build().0, &ctx, &mut out);
        assert!(out.ignored.is_empty());
        filter(&serializer(3).build().0, &ctx, &mut out);
        assert_eq!(ignored(&out), vec![0, 1, 2]);
        // A hand-written serializer() on another line stays.
        let mut out = FilterOutput::default();
        filter(&serializer(9).build().0, &ctx, &mut out);
        assert!(out.ignored.is_empty());
    }

    #[test]
    fn generated_synthetic_members() {
        let ctx = kotlin_class("A");
        for (name, desc, flags, hidden) in [
            ("write$Self$main", "(LA;Lkotlinx/serialization/encoding/CompositeEncoder;)V", access::SYNTHETIC, true),
            ("write$Self$main", "(LA;)V", 0, false),
            ("get$cachedSerializer", SERIALIZER, access::SYNTHETIC, true),
            (
                "<init>",
                "(ILjava/lang/String;Lkotlinx/serialization/internal/SerializationConstructorMarker;)V",
                access::SYNTHETIC,
                true,
            ),
            ("<init>", "(Lkotlinx/serialization/internal/SerializationConstructorMarker;)V", access::SYNTHETIC, false),
        ] {
            let mut c = Code::new(name, desc).access(flags);
            c.line(1).insn(RETURN);
            let mut out = FilterOutput::default();
            filter(&c.build().0, &ctx, &mut out);
            assert_eq!(!out.ignored.is_empty(), hidden, "{name}{desc}");
        }
    }
}
