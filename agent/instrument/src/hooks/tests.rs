//! Hook specs read from hand-built annotations, matching, and call sites patched to bridges.
//! That bridges verify and behave is shown on a real JVM (tests/tests/fuzz_hooks.rs).

use std::borrow::Cow;

use jvmfuzz_classfile::bytecode::{decode, opcodes::*};
use jvmfuzz_classfile::{access, Attribute, AttributeInfo, ClassFile, CodeAttribute, ConstantPool, Member};

use super::*;
use crate::probe_fields;
use crate::redirect::{prepare, prepare_in};

const BEFORE_DESC: &str = "(Ljava/lang/invoke/MethodHandle;Ljava/lang/Object;[Ljava/lang/Object;I)V";

/// A `@MethodHook(type, targetClassName, targetMethod[, targetMethodDescriptor])` body.
fn hook_annotation(cp: &mut ConstantPool<'_>, kind: &str, class: &str, method: &str, desc: Option<&str>) -> Vec<u8> {
    let mut b = Vec::new();
    let u2 = |b: &mut Vec<u8>, v: u16| b.extend_from_slice(&v.to_be_bytes());
    u2(&mut b, cp.add_utf8("Lcom/code_intelligence/jazzer/api/MethodHook;").unwrap());
    u2(&mut b, if desc.is_some() { 4 } else { 3 });
    u2(&mut b, cp.add_utf8("type").unwrap());
    b.push(b'e');
    u2(&mut b, cp.add_utf8("Lcom/code_intelligence/jazzer/api/HookType;").unwrap());
    u2(&mut b, cp.add_utf8(kind).unwrap());
    for (k, v) in [("targetClassName", Some(class)), ("targetMethod", Some(method)), ("targetMethodDescriptor", desc)] {
        if let Some(v) = v {
            u2(&mut b, cp.add_utf8(k).unwrap());
            b.push(b's');
            u2(&mut b, cp.add_utf8(v).unwrap());
        }
    }
    b
}

/// A real class (a probe holder) with one more method.
fn class_with_method(
    flags: u16,
    name: &str,
    desc: &str,
    code: Option<CodeAttribute<'static>>,
    annotations: &mut dyn FnMut(&mut ConstantPool<'_>) -> Vec<Vec<u8>>,
) -> Vec<u8> {
    let bytes: &'static [u8] = Box::leak(probe_fields::holder_class(0).into_boxed_slice());
    let mut cf = ClassFile::parse(bytes).unwrap();
    let anns = annotations(&mut cf.constant_pool);
    let mut attributes = Vec::new();
    if !anns.is_empty() {
        let mut info = (anns.len() as u16).to_be_bytes().to_vec();
        anns.iter().for_each(|a| info.extend_from_slice(a));
        let name_index = cf.constant_pool.add_utf8("RuntimeVisibleAnnotations").unwrap();
        attributes.push(Attribute { name_index, info: AttributeInfo::Raw(Cow::Owned(info)) });
    }
    if let Some(code) = code {
        let name_index = cf.constant_pool.add_utf8("Code").unwrap();
        attributes.push(Attribute { name_index, info: AttributeInfo::Code(code) });
    }
    let m = Member {
        access_flags: flags,
        name_index: cf.constant_pool.add_utf8(name).unwrap(),
        descriptor_index: cf.constant_pool.add_utf8(desc).unwrap(),
        attributes,
    };
    cf.methods.push(m);
    cf.try_to_bytes().unwrap()
}

fn hook(kind: HookType, class: &str, method: &str, desc: Option<&str>) -> MethodHook {
    MethodHook {
        kind,
        hook_class: "h/Hooks".into(),
        hook_method: "h".into(),
        hook_descriptor: BEFORE_DESC.into(),
        target_class: class.into(),
        target_method: method.into(),
        target_descriptor: desc.map(String::from),
        additional_classes: Vec::new(),
    }
}

#[test]
fn hooks_are_read_from_the_annotations_with_dotted_names_made_internal() {
    let bytes = class_with_method(access::PUBLIC | access::STATIC, "parse", BEFORE_DESC, None, &mut |cp| {
        vec![hook_annotation(cp, "BEFORE", "java.lang.Integer", "parseInt", Some("(Ljava/lang/String;)I"))]
    });
    let hooks = read_hooks(&bytes).unwrap();
    assert_eq!(hooks.len(), 1);
    let h = &hooks[0];
    assert_eq!(
        (h.kind, h.target_class.as_str(), h.target_method.as_str()),
        (HookType::Before, "java/lang/Integer", "parseInt")
    );
    assert_eq!(h.target_descriptor.as_deref(), Some("(Ljava/lang/String;)I"));
    assert_eq!((h.hook_method.as_str(), h.hook_descriptor.as_str()), ("parse", BEFORE_DESC));
}

#[test]
fn wrong_hook_signatures_are_refused_with_the_rule_broken() {
    let cases: &[(u16, &str, &str, &str)] = &[
        (access::PUBLIC, BEFORE_DESC, "BEFORE", "must be static"),
        (access::STATIC, BEFORE_DESC, "BEFORE", "must be public"),
        (
            access::PUBLIC | access::STATIC,
            "(Ljava/lang/Object;Ljava/lang/Object;[Ljava/lang/Object;I)V",
            "BEFORE",
            "MethodHandle",
        ),
        (access::PUBLIC | access::STATIC, BEFORE_DESC, "AFTER", "expected 5"),
        (
            access::PUBLIC | access::STATIC,
            "(Ljava/lang/invoke/MethodHandle;Ljava/lang/Object;[Ljava/lang/Object;I)Ljava/lang/String;",
            "REPLACE",
            "return type",
        ),
    ];
    for &(flags, desc, kind, why) in cases {
        let bytes = class_with_method(flags, "bad", desc, None, &mut |cp| {
            vec![hook_annotation(cp, kind, "java.lang.Integer", "parseInt", Some("(Ljava/lang/String;)I"))]
        });
        let e = read_hooks(&bytes).unwrap_err().to_string();
        assert!(e.contains(why) && e.contains(".bad"), "{kind} {desc}: {e}");
    }
}

#[test]
fn matching_puts_before_then_after_and_a_replace_alone() {
    let set = HookSet::new(vec![
        hook(HookType::After, "a/B", "m", None),
        hook(HookType::Before, "a/B", "m", Some("(I)V")),
        hook(HookType::Before, "a/B", "m", Some("(J)V")),
    ]);
    let kinds: Vec<_> = set.matching("a/B", "m", "(I)V").iter().map(|h| h.kind).collect();
    assert_eq!(kinds, [HookType::Before, HookType::After]);
    assert_eq!(set.matching("a/B", "m", "(Z)V").len(), 1);
    assert!(set.matching("a/C", "m", "(I)V").is_empty());
    let set = HookSet::new(vec![hook(HookType::Before, "a/B", "m", None), hook(HookType::Replace, "a/B", "m", None)]);
    let kinds: Vec<_> = set.matching("a/B", "m", "()V").iter().map(|h| h.kind).collect();
    assert_eq!(kinds, [HookType::Replace]);
}

#[derive(Debug)]
struct Table(Vec<(&'static str, &'static [&'static str])>);

impl Supertypes for Table {
    fn of(&self, class: &str) -> std::sync::Arc<[String]> {
        let supers = self.0.iter().find(|(c, _)| *c == class).map_or(&[][..], |(_, s)| *s);
        supers.iter().map(|s| s.to_string()).collect()
    }
}

#[test]
fn a_hook_on_an_interface_or_abstract_class_applies_to_calls_on_its_subtypes() {
    let types = Table(vec![("a/Impl", &["a/Api", "java/lang/Object"]), ("a/Sub", &["a/Concrete", "java/lang/Object"])]);
    let set = HookSet::new(vec![
        hook(HookType::Before, "a/Api", "m", Some("(I)V")),
        hook(HookType::Before, "a/Concrete", "m", None),
    ]);
    let open: ahash::AHashSet<String> = ["a/Api".to_string()].into_iter().collect();
    // Without the hierarchy, only the named owner.
    assert!(set.matching("a/Impl", "m", "(I)V").is_empty());
    let set = set.with_subtypes(std::sync::Arc::new(types), open);
    assert_eq!(set.matching("a/Impl", "m", "(I)V").len(), 1);
    assert_eq!(set.matching("a/Api", "m", "(I)V").len(), 1);
    // Its descriptor still has to match.
    assert!(set.matching("a/Impl", "m", "(J)V").is_empty());
    // A concrete class's hooks stay with calls that name it, as under Jazzer.
    assert!(set.matching("a/Sub", "m", "()V").is_empty());
    assert_eq!(set.matching("a/Concrete", "m", "()V").len(), 1);
    // An unrelated owner.
    assert!(set.matching("a/Other", "m", "(I)V").is_empty());
}

/// `static void run(Map m, String s)`: `m.get(s); new StringBuilder(s); return`, with no frames.
fn caller() -> Vec<u8> {
    let mut get = 0;
    let mut sb = (0, 0);
    let bytes = class_with_method(access::STATIC, "run", "(Ljava/util/Map;Ljava/lang/String;)V", None, &mut |cp| {
        get = cp.add_interface_method_ref("java/util/Map", "get", "(Ljava/lang/Object;)Ljava/lang/Object;").unwrap();
        sb = (
            cp.add_class("java/lang/StringBuilder").unwrap(),
            cp.add_method_ref("java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V").unwrap(),
        );
        Vec::new()
    });
    let mut cf = ClassFile::parse(&bytes).unwrap();
    let [g0, g1] = get.to_be_bytes();
    let [c0, c1] = sb.0.to_be_bytes();
    let [i0, i1] = sb.1.to_be_bytes();
    #[rustfmt::skip]
    let code = vec![
        ALOAD_0, ALOAD_1, INVOKEINTERFACE, g0, g1, 2, 0, POP,
        NEW, c0, c1, DUP, ALOAD_1, INVOKESPECIAL, i0, i1, POP,
        RETURN,
    ];
    let name_index = cf.constant_pool.add_utf8("Code").unwrap();
    let attr = Attribute {
        name_index,
        info: AttributeInfo::Code(CodeAttribute {
            max_stack: 3,
            max_locals: 2,
            code: Cow::Owned(code),
            exception_table: vec![],
            attributes: vec![],
        }),
    };
    let last = cf.methods.len() - 1;
    cf.methods[last].attributes.push(attr);
    cf.try_to_bytes().unwrap()
}

#[test]
fn hooked_calls_become_same_length_calls_to_bridges() {
    let set = HookSet::new(vec![
        hook(HookType::Before, "java/util/Map", "get", None),
        hook(HookType::Before, "java/lang/StringBuilder", "<init>", None),
    ]);
    let original = caller();
    let p = prepare(&original, &set, true, &mut Vec::new()).unwrap();
    assert_eq!((p.hooked, p.bridges.len()), (2, 2));
    let cf = ClassFile::parse(&p.bytes).unwrap();
    let code = cf.methods.last().and_then(|m| m.code()).unwrap();
    let ops: Vec<u8> = decode(&code.code).unwrap().iter().map(|i| i.opcode).collect();
    #[rustfmt::skip]
    assert_eq!(ops, [
        ALOAD_0, ALOAD_1, INVOKESTATIC, NOP, NOP, POP,     // the interface call
        NOP, NOP, NOP, NOP, ALOAD_1, INVOKESTATIC, POP,    // new; dup and the constructor
        RETURN,
    ]);
    assert_eq!(code.code.len(), 18, "no offset moves");
    // The bridges come later, as private static synthetic methods.
    let with = append_bridges(&p.bytes, &p.bridges).unwrap();
    let cf = ClassFile::parse(&with).unwrap();
    let cp = &cf.constant_pool;
    let bridges: Vec<_> = cf.methods.iter().filter(|m| m.name(cp).unwrap().starts_with("jvmfuzz$hook$")).collect();
    assert_eq!(bridges.len(), 2);
    assert!(bridges.iter().all(|m| m.access_flags == access::PRIVATE | access::STATIC | access::SYNTHETIC));
    let descs: Vec<_> = bridges.iter().map(|m| m.descriptor(cp).unwrap().into_owned()).collect();
    assert_eq!(
        descs,
        ["(Ljava/util/Map;Ljava/lang/Object;)Ljava/lang/Object;", "(Ljava/lang/String;)Ljava/lang/StringBuilder;"]
    );
    // Map.get is also a redirect: the bridge calls the redirect instead of the interface.
    assert_eq!(p.redirected, 1);
}

#[test]
fn a_retransformed_class_calls_bridges_in_its_companion_class() {
    let set = HookSet::new(vec![
        hook(HookType::Before, "java/util/Map", "get", None),
        hook(HookType::Before, "java/lang/StringBuilder", "<init>", None),
    ]);
    let original = caller();
    let p = prepare_in(&original, &set, true, &mut Vec::new(), true).unwrap();
    assert_eq!(p.hooked, 2);
    // No method is added to the class: its calls name the companion's.
    assert_eq!(append_bridges(&p.bytes, &p.bridges).unwrap(), p.bytes);
    let cf = ClassFile::parse(&p.bytes).unwrap();
    assert_eq!(cf.methods.len(), ClassFile::parse(&original).unwrap().methods.len());
    let this = cf.this_class_name().unwrap().into_owned();
    let code = cf.methods.last().and_then(|m| m.code()).unwrap();
    let insns = decode(&code.code).unwrap();
    let calls: Vec<String> = insns
        .iter()
        .filter(|i| i.opcode == INVOKESTATIC)
        .map(|i| {
            let idx = u16::from_be_bytes([code.code[i.offset as usize + 1], code.code[i.offset as usize + 2]]);
            let r = cf.constant_pool.member_ref(idx).unwrap();
            format!("{}.{}", r.class, r.name)
        })
        .collect();
    let companion = format!("{this}$jvmfuzz$hooks");
    assert_eq!(calls.len(), 2);
    assert!(calls.iter().all(|c| c.starts_with(&format!("{companion}.jvmfuzz$hook$"))), "{calls:?}");
    let made = companion_class(&p.bytes, &p.bridges).unwrap().unwrap();
    assert_eq!(made.name, companion);
    let host = ClassFile::parse(&made.bytes).unwrap();
    assert_eq!(host.this_class_name().unwrap(), companion);
    assert_eq!(host.super_class_name().unwrap().as_deref(), Some("java/lang/Object"));
    assert!(host.fields.is_empty());
    let cp = &host.constant_pool;
    let methods: Vec<String> = host.methods.iter().map(|m| m.name(cp).unwrap().into_owned()).collect();
    assert!(methods.iter().all(|m| calls.contains(&format!("{companion}.{m}"))), "{methods:?}");
    let listed: Vec<&String> = made.methods.iter().map(|(n, _)| n).collect();
    assert_eq!(listed, methods.iter().collect::<Vec<_>>());
    assert!(host.methods.iter().all(|m| m.access_flags == access::PUBLIC | access::STATIC | access::SYNTHETIC));
    // Bridges of the class itself make no companion.
    let own = prepare(&original, &set, true, &mut Vec::new()).unwrap();
    assert!(companion_class(&own.bytes, &own.bridges).unwrap().is_none());
}

/// A class whose `run` calls `owner.helper()V` (`owner` given the class's own name) and that
/// name.
fn calling(owner: &dyn Fn(&str) -> String) -> (Vec<u8>, String) {
    let bytes = class_with_method(access::STATIC, "run", "()V", None, &mut |_| Vec::new());
    let mut cf = ClassFile::parse(&bytes).unwrap();
    let owner = owner(&cf.this_class_name().unwrap());
    let target = cf.constant_pool.add_method_ref(&owner, "helper", "()V").unwrap();
    let [t0, t1] = target.to_be_bytes();
    let name_index = cf.constant_pool.add_utf8("Code").unwrap();
    let code = CodeAttribute {
        max_stack: 1,
        max_locals: 0,
        code: Cow::Owned(vec![INVOKESTATIC, t0, t1, RETURN]),
        exception_table: vec![],
        attributes: vec![],
    };
    let last = cf.methods.len() - 1;
    cf.methods[last].attributes.push(Attribute { name_index, info: AttributeInfo::Code(code) });
    (cf.try_to_bytes().unwrap(), owner)
}

#[test]
fn a_companion_leaves_calls_within_the_class_nest_unhooked() {
    for suffix in ["", "$Inner"] {
        let (original, owner) = calling(&|this| format!("{this}{suffix}"));
        let set = HookSet::new(vec![hook(HookType::Before, &owner, "helper", None)]);
        // The class's own bridge may call a private method of its nest; a companion may not.
        assert_eq!(prepare(&original, &set, true, &mut Vec::new()).unwrap().hooked, 1, "{owner}");
        assert_eq!(prepare_in(&original, &set, true, &mut Vec::new(), true).unwrap().hooked, 0, "{owner}");
    }
}

#[test]
fn a_companion_leaves_calls_on_the_class_hierarchy_unhooked() {
    // A protected method of another package may be called by the class on its supertypes and
    // subtypes, but not by its companion.
    let this: &'static str = Box::leak(calling(&|t| t.to_string()).1.into_boxed_str());
    let sub_supers: &'static [&'static str] = Box::leak(vec![this].into_boxed_slice());
    let cases = [("a/Base", false), ("a/Sub", false), ("x/Other", true)];
    for (owner, hooked) in cases {
        let (original, _) = calling(&|_| owner.to_string());
        let types = Table(vec![(this, &["a/Base", "java/lang/Object"]), ("a/Sub", sub_supers)]);
        let set = HookSet::new(vec![hook(HookType::Before, owner, "helper", None)])
            .with_subtypes(std::sync::Arc::new(types), Default::default());
        let got = prepare_in(&original, &set, true, &mut Vec::new(), true).unwrap().hooked;
        assert_eq!(got, u32::from(hooked), "{owner}");
    }
}

#[test]
fn an_interface_redirect_keeps_the_length_with_nops() {
    let original = caller();
    let p = prepare(&original, &HookSet::default(), true, &mut Vec::new()).unwrap();
    assert_eq!((p.redirected, p.hooked), (1, 0));
    let cf = ClassFile::parse(&p.bytes).unwrap();
    let code = cf.methods.last().and_then(|m| m.code()).unwrap();
    let ops: Vec<u8> = decode(&code.code).unwrap().iter().map(|i| i.opcode).collect();
    assert_eq!(&ops[..6], [ALOAD_0, ALOAD_1, INVOKESTATIC, NOP, NOP, POP]);
}

#[test]
fn hook_classes_and_unmatched_calls_are_left_alone() {
    let original = caller();
    let none = HookSet::new(vec![hook(HookType::Before, "java/util/List", "get", None)]);
    // Without redirects (Map.get is one): only hooks could change the class.
    let p = prepare(&original, &none, false, &mut Vec::new()).unwrap();
    assert_eq!((p.hooked, p.bytes == original), (0, true));
    let this = ClassFile::parse(&original).unwrap().this_class_name().unwrap().into_owned();
    let mut own = hook(HookType::Before, "java/util/Map", "get", None);
    own.hook_class = this;
    let p = prepare(&original, &HookSet::new(vec![own]), false, &mut Vec::new()).unwrap();
    assert_eq!(p.hooked, 0, "a hook class's own calls are not hooked");
}

#[test]
fn a_constructor_call_with_a_frame_after_its_new_is_not_hooked() {
    // A frame between `new` (offset 8) and the call names `uninitialized(8)`, which the
    // bridge would remove; the Map.get call before it is still hooked.
    let original = caller();
    let mut cf = ClassFile::parse(&original).unwrap();
    let name_index = cf.constant_pool.add_utf8("StackMapTable").unwrap();
    let last = cf.methods.len() - 1;
    let code = cf.methods[last].code_mut().unwrap();
    code.attributes.push(Attribute { name_index, info: AttributeInfo::Raw(Cow::Owned(vec![0, 1, 12])) });
    let with_frame = cf.try_to_bytes().unwrap();
    let set = HookSet::new(vec![
        hook(HookType::Before, "java/util/Map", "get", None),
        hook(HookType::Before, "java/lang/StringBuilder", "<init>", None),
    ]);
    let p = prepare(&with_frame, &set, true, &mut Vec::new()).unwrap();
    assert_eq!(p.hooked, 1);
    let cf = ClassFile::parse(&p.bytes).unwrap();
    let code = cf.methods.last().and_then(|m| m.code()).unwrap();
    assert_eq!(code.code[8], NEW, "the new stays");
}

#[test]
fn a_site_whose_bridge_cannot_be_written_keeps_its_redirect() {
    // A REPLACE hook returning void cannot stand for Map.get's value: no bridge. Map.get is
    // also a redirect, which must still apply.
    let original = caller();
    let set = HookSet::new(vec![hook(HookType::Replace, "java/util/Map", "get", None)]);
    let p = prepare(&original, &set, true, &mut Vec::new()).unwrap();
    assert_eq!((p.hooked, p.redirected), (0, 1));
    let cf = ClassFile::parse(&p.bytes).unwrap();
    let code = cf.methods.last().and_then(|m| m.code()).unwrap();
    assert_eq!(&code.code[2..7], &[INVOKESTATIC, code.code[3], code.code[4], NOP, NOP]);
    let idx = u16::from_be_bytes([code.code[3], code.code[4]]);
    let target = cf.constant_pool.member_ref(idx).unwrap();
    assert_eq!((&*target.class, &*target.name), ("com/jvmfuzz/shim/fuzz/Hooks", "mapGet"));
}
