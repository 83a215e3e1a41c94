//! Unit tests for the class-file reader/writer: hand-built classes for exact layouts and
//! error paths, and a committed javac fixture (testdata/, see build.sh) for real ones.

use std::borrow::Cow;

use super::*;

const SAMPLE: &[u8] = include_bytes!("testdata/Sample.class.bin");
const MODULE_INFO: &[u8] = include_bytes!("testdata/module-info.class.bin");

/// Big-endian byte builder for hand-made classes.
#[derive(Default)]
struct B(Vec<u8>);

impl B {
    fn u8(mut self, v: u8) -> Self {
        self.0.push(v);
        self
    }
    fn u16(mut self, v: u16) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn u32(mut self, v: u32) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn bytes(mut self, v: &[u8]) -> Self {
        self.0.extend_from_slice(v);
        self
    }
    fn u64(self, v: u64) -> Self {
        self.bytes(&v.to_be_bytes())
    }
    fn utf8(self, s: &str) -> Self {
        self.u8(1).u16(s.len() as u16).bytes(s.as_bytes())
    }
}

/// Header and a constant pool with one entry of every tag:
///  1 Utf8 "T"            2 Class #1          3 Utf8 "java/lang/Object"  4 Class #3
///  5 Utf8 "m"            6 Utf8 "()V"        7 Utf8 "Code"              8 Long (9 unusable)
/// 10 Dynamic 0:#11      11 NameAndType #5:#6 12 Methodref #4.#11       13 Integer -2
/// 14 Float 1.5          15 Double (16)       17 String #5               18 Fieldref #2.#11
/// 19 InterfaceMethodref #2.#11  20 MethodHandle 6:#12  21 MethodType #6
/// 22 InvokeDynamic 0:#11  23 Module #1  24 Package #1  25 Utf8 "Extra"
fn header() -> B {
    B::default()
        .u32(0xCAFE_BABE)
        .u16(0)
        .u16(61)
        .u16(26)
        .utf8("T")
        .u8(7)
        .u16(1)
        .utf8("java/lang/Object")
        .u8(7)
        .u16(3)
        .utf8("m")
        .utf8("()V")
        .utf8("Code")
        .u8(5)
        .u32(0x0102_0304)
        .u32(0x0506_0708)
        .u8(17)
        .u16(0)
        .u16(11)
        .u8(12)
        .u16(5)
        .u16(6)
        .u8(10)
        .u16(4)
        .u16(11)
        .u8(3)
        .u32(0xFFFF_FFFE)
        .u8(4)
        .u32(1.5f32.to_bits())
        .u8(6)
        .bytes(&2.25f64.to_bits().to_be_bytes())
        .u8(8)
        .u16(5)
        .u8(9)
        .u16(2)
        .u16(11)
        .u8(11)
        .u16(2)
        .u16(11)
        .u8(15)
        .u8(6)
        .u16(12)
        .u8(16)
        .u16(6)
        .u8(18)
        .u16(0)
        .u16(11)
        .u8(19)
        .u16(1)
        .u8(20)
        .u16(1)
        .utf8("Extra")
}

/// A tiny class `T` with one method `m()V` whose Code is `return`, wrapped with a raw
/// sub-attribute. `code_attr_len` lets tests lie about the Code attribute's length.
fn tiny_with(code_attr_len: u32, code_len: u32) -> Vec<u8> {
    header()
        .u16(access::PUBLIC | access::SUPER)
        .u16(2)
        .u16(4)
        .u16(0) // interfaces
        .u16(0) // fields
        .u16(1) // methods
        .u16(access::PUBLIC)
        .u16(5)
        .u16(6)
        .u16(1)
        .u16(7)
        .u32(code_attr_len)
        .u16(1) // max_stack
        .u16(1) // max_locals
        .u32(code_len)
        .u8(0xB1) // return
        .u16(1) // one exception entry
        .u16(0)
        .u16(1)
        .u16(0)
        .u16(0)
        .u16(1) // one sub-attribute, raw, named "Extra"
        .u16(25)
        .u32(3)
        .bytes(&[9, 8, 7])
        .u16(1) // class attributes: "Extra" with 2 bytes
        .u16(25)
        .u32(2)
        .bytes(&[0xAB, 0xCD])
        .0
}

/// Correct Code attribute length for `tiny_with`: 8 + 1 + 2 + 8 + 2 + (6 + 3).
const TINY_CODE_LEN: u32 = 30;

/// Byte equality that reports the first difference instead of dumping both buffers.
#[track_caller]
fn assert_same(got: &[u8], want: &[u8]) {
    if got != want {
        let at = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
        panic!("bytes differ at offset {at} (lengths {} vs {})", got.len(), want.len());
    }
}

fn tiny() -> Vec<u8> {
    tiny_with(TINY_CODE_LEN, 1)
}

#[test]
fn tiny_class_parses_into_structure() {
    let bytes = tiny();
    let cf = ClassFile::parse(&bytes).expect("tiny class parses");
    assert_eq!(cf.major_version, 61);
    assert_eq!(cf.constant_pool.len(), 26);
    assert_eq!(cf.this_class_name().unwrap(), "T");
    assert_eq!(cf.super_class_name().unwrap().as_deref(), Some("java/lang/Object"));
    let m = &cf.methods[0];
    assert_eq!(m.name(&cf.constant_pool).unwrap(), "m");
    assert_eq!(m.descriptor(&cf.constant_pool).unwrap(), "()V");
    let code = m.code().expect("Code is parsed");
    assert_eq!((code.max_stack, code.max_locals), (1, 1));
    assert_eq!(&*code.code, &[0xB1]);
    assert_eq!(code.exception_table, vec![ExceptionEntry { start_pc: 0, end_pc: 1, handler_pc: 0, catch_type: 0 }]);
    assert_eq!(code.attribute(&cf.constant_pool, "Extra"), Some(&[9u8, 8, 7][..]));
    assert_eq!(cf.attribute("Extra").and_then(|a| a.raw()), Some(&[0xABu8, 0xCD][..]));
    assert_same(&cf.to_bytes(), &bytes);
    assert_eq!(cf.byte_len(), bytes.len());
    assert_same(&cf.try_to_bytes().unwrap(), &bytes);
}

#[test]
fn every_tag_decodes() {
    let bytes = tiny();
    let cf = ClassFile::parse(&bytes).unwrap();
    let cp = &cf.constant_pool;
    assert_eq!(cp.entry(0), None);
    assert_eq!(cp.entry(9), None, "second slot of a long is unusable");
    assert_eq!(cp.entry(16), None, "second slot of a double is unusable");
    assert_eq!(cp.entry(26), None);
    assert_eq!(cp.long(8).unwrap(), 0x0102_0304_0506_0708);
    assert_eq!(cp.integer(13).unwrap(), -2);
    assert_eq!(cp.float(14).unwrap(), 1.5);
    assert_eq!(cp.double(15).unwrap(), 2.25);
    assert_eq!(cp.string(17).unwrap(), "m");
    assert_eq!(cp.entry(10), Some(CpEntry::Dynamic { bootstrap_method_attr_index: 0, name_and_type_index: 11 }));
    assert_eq!(cp.entry(22), Some(CpEntry::InvokeDynamic { bootstrap_method_attr_index: 0, name_and_type_index: 11 }));
    assert_eq!(cp.entry(20), Some(CpEntry::MethodHandle { kind: 6, ref_index: 12 }));
    assert_eq!(cp.entry(21), Some(CpEntry::MethodType { descriptor_index: 6 }));
    assert_eq!(cp.entry(23), Some(CpEntry::Module { name_index: 1 }));
    assert_eq!(cp.entry(24), Some(CpEntry::Package { name_index: 1 }));
    assert_eq!(cp.tag(19), Some(tag::INTERFACE_METHODREF));
    let want = |c: &'static str| MemberRef { class: c.into(), name: "m".into(), descriptor: "()V".into() };
    assert_eq!(cp.member_ref(12).unwrap(), want("java/lang/Object"));
    assert_eq!(cp.member_ref(18).unwrap(), want("T"));
    assert_eq!(cp.member_ref(19).unwrap(), want("T"));
    assert!(cp.is_interface_methodref(19));
    assert!(!cp.is_interface_methodref(12));
    // Wrong kinds are errors, not panics or garbage.
    assert!(matches!(cp.utf8(2), Err(ClassFileError::BadConstantIndex { index: 2, .. })));
    assert!(cp.class_name(1).is_err());
    assert!(cp.member_ref(11).is_err());
    assert!(cp.long(9).is_err());
    assert!(cp.utf8(60000).is_err());
    assert_eq!(cp.iter().count(), 23);
}

#[test]
fn code_length_field_must_match_contents() {
    for bad in [TINY_CODE_LEN - 1, TINY_CODE_LEN + 1] {
        // Keep the file length consistent with the lie so only the Code check can fire.
        let mut b = tiny_with(bad, 1);
        if bad > TINY_CODE_LEN {
            // One extra byte inside the Code attribute.
            let pos = b.len() - 10;
            b.insert(pos, 0);
        } else {
            let pos = b.len() - 11;
            b.remove(pos);
        }
        match ClassFile::parse(&b) {
            Err(ClassFileError::BadAttribute { .. }) => {}
            other => panic!("attribute_length {bad}: expected BadAttribute, got {other:?}"),
        }
    }
    assert!(matches!(
        ClassFile::parse(&tiny_with(TINY_CODE_LEN - 1, 0)),
        Err(ClassFileError::BadAttribute { why: "code_length must be 1..=65535", .. })
    ));
}

#[test]
fn structural_errors() {
    let good = tiny();
    let mut b = good.clone();
    b[0] = 0xCB;
    assert!(matches!(ClassFile::parse(&b), Err(ClassFileError::BadMagic(0xCBFE_BABE))));

    let mut b = good.clone();
    b.extend_from_slice(&[1, 2, 3]);
    assert_eq!(ClassFile::parse(&b).unwrap_err(), ClassFileError::TrailingBytes(3));

    // Tag 2 is unassigned; entry 1 starts at offset 10.
    let mut b = good.clone();
    b[10] = 2;
    assert_eq!(ClassFile::parse(&b).unwrap_err(), ClassFileError::BadConstantTag { tag: 2, index: 1 });

    let mut b = good.clone();
    b[8..10].copy_from_slice(&0u16.to_be_bytes());
    assert!(matches!(ClassFile::parse(&b), Err(ClassFileError::Malformed { .. })));

    // A long as the last entry would need a slot past the end.
    let b = B::default().u32(0xCAFE_BABE).u16(0).u16(52).u16(2).u8(5).u64(7).0;
    assert!(matches!(ClassFile::parse(&b), Err(ClassFileError::Malformed { .. })));

    // Class attribute whose name index points at a Class entry.
    let mut b = good.clone();
    let pos = b.len() - 8;
    b[pos..pos + 2].copy_from_slice(&2u16.to_be_bytes());
    assert!(matches!(ClassFile::parse(&b), Err(ClassFileError::BadConstantIndex { index: 2, .. })));
}

/// Every strict prefix of a valid class must be rejected without panicking, and so
/// must the class with junk appended.
fn assert_prefixes_fail(bytes: &[u8]) {
    for n in 0..bytes.len() {
        let r = std::panic::catch_unwind(|| ClassFile::parse(&bytes[..n]).map(|_| ()));
        match r {
            Ok(Err(_)) => {}
            Ok(Ok(())) => panic!("prefix of length {n} parsed"),
            Err(_) => panic!("prefix of length {n} panicked"),
        }
    }
    let mut longer = bytes.to_vec();
    longer.push(0);
    assert_eq!(ClassFile::parse(&longer).unwrap_err(), ClassFileError::TrailingBytes(1));
}

#[test]
fn truncation_at_every_prefix_is_an_error() {
    assert_prefixes_fail(&tiny());
    assert_prefixes_fail(SAMPLE);
    assert_prefixes_fail(MODULE_INFO);
}

#[test]
fn real_classes_round_trip() {
    for bytes in [SAMPLE, MODULE_INFO] {
        let cf = ClassFile::parse(bytes).unwrap();
        assert_same(&cf.to_bytes(), bytes);
        assert_same(&cf.try_to_bytes().unwrap(), bytes);
    }
}

#[test]
fn sample_lookups() {
    let cf = ClassFile::parse(SAMPLE).unwrap();
    let cp = &cf.constant_pool;
    assert_eq!(cf.this_class_name().unwrap(), "sample/Sample");
    assert_eq!(cp.class_name(cf.interfaces[0]).unwrap(), "java/lang/Comparable");
    let strings: Vec<_> = cp
        .iter()
        .filter(|(_, e)| matches!(e, CpEntry::String { .. }))
        .map(|(i, _)| cp.string(i).unwrap().into_owned())
        .collect();
    for want in ["a\0b", "x\u{1F600}y", "\u{FFFD}!", "caf\u{e9} \u{20ac}", "Aa", "zzz"] {
        assert!(strings.iter().any(|s| s == want), "missing {want:?} in {strings:?}");
    }
    let refs: Vec<_> = cp
        .iter()
        .filter(|(_, e)| matches!(e, CpEntry::InterfaceMethodref { .. }))
        .map(|(i, _)| cp.member_ref(i).unwrap())
        .collect();
    assert!(refs.contains(&MemberRef {
        class: "java/util/List".into(),
        name: "size".into(),
        descriptor: "()I".into()
    }));
    assert!(cp.iter().any(|(_, e)| matches!(e, CpEntry::InvokeDynamic { .. })));
    let work = cf.methods.iter().find(|m| m.name(cp).unwrap() == "work").unwrap();
    let code = work.code().unwrap();
    assert!(code.exception_table.len() >= 2);
    assert!(code.attribute(cp, "StackMapTable").is_some());
    assert!(code.attribute(cp, "LineNumberTable").is_some());
    // Names that come straight from the input are borrowed, not copied.
    assert!(matches!(cf.this_class_name().unwrap(), Cow::Borrowed(_)));

    let mi = ClassFile::parse(MODULE_INFO).unwrap();
    let cp = &mi.constant_pool;
    let modules: Vec<_> = cp
        .iter()
        .filter_map(|(_, e)| match e {
            CpEntry::Module { name_index } => Some(cp.utf8(name_index).unwrap().into_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(modules, ["sample", "java.base"]);
    assert!(cp.iter().any(|(_, e)| matches!(e, CpEntry::Package { .. })));
    assert_eq!(mi.access_flags & access::MODULE, access::MODULE);
    assert_eq!(mi.super_class_name().unwrap(), None);
}

#[test]
fn appended_constants_dedup_and_serialise() {
    let mut cf = ClassFile::parse(SAMPLE).unwrap();
    let before = cf.constant_pool.len();
    let cp = &mut cf.constant_pool;

    // Existing entries are found, not duplicated.
    let object = cp.add_class("java/lang/Object").unwrap();
    assert!(object < before);
    assert_eq!(cp.class_name(object).unwrap(), "java/lang/Object");
    let big = cp.add_long(0x1234_5678_9abc_def0).unwrap();
    assert!(big < before && cp.long(big).unwrap() == 0x1234_5678_9abc_def0);
    let size = cp.add_interface_method_ref("java/util/List", "size", "()I").unwrap();
    assert!(size < before);
    assert_eq!(cp.len(), before, "nothing new appended yet");

    // New entries go at the end, and repeated adds return the same index.
    let hit = cp.add_method_ref("jvmfuzz/Probes", "hit", "(I)V").unwrap();
    assert!(hit >= before);
    assert_eq!(cp.add_method_ref("jvmfuzz/Probes", "hit", "(I)V").unwrap(), hit);
    let after_hit = cp.len();
    assert_eq!(after_hit, before + 6, "Utf8 x3, Class, NameAndType, Methodref");
    let l = cp.add_long(-5).unwrap();
    assert_eq!(cp.len(), l + 2, "a long takes two slots");
    let i = cp.add_integer(0x7ead_beef).unwrap();
    assert_eq!(i, l + 2);
    let f = cp.add_field_ref("jvmfuzz/Probes", "map", "[Z").unwrap();
    let d = cp.add_double(f64::NAN).unwrap();
    let fl = cp.add_float(-0.0).unwrap();
    let s = cp.add_string("nul\0 and \u{1F600}").unwrap();
    let im = cp.add_interface_method_ref("jvmfuzz/I", "x", "()V").unwrap();
    let nul = cp.add_utf8("\0").unwrap();
    assert_eq!(cp.utf8_bytes(nul), Some(&[0xC0u8, 0x80][..]));

    // The appended entries read back before and after a write/re-parse.
    let check = |cp: &ConstantPool<'_>| {
        assert_eq!(
            cp.member_ref(hit).unwrap(),
            MemberRef { class: "jvmfuzz/Probes".into(), name: "hit".into(), descriptor: "(I)V".into() }
        );
        assert_eq!(cp.long(l).unwrap(), -5);
        assert_eq!(cp.integer(i).unwrap(), 0x7ead_beef);
        assert_eq!(cp.member_ref(f).unwrap().descriptor, "[Z");
        assert!(cp.double(d).unwrap().is_nan());
        assert_eq!(cp.float(fl).unwrap().to_bits(), (-0.0f32).to_bits());
        assert_eq!(cp.string(s).unwrap(), "nul\0 and \u{1F600}");
        assert!(cp.is_interface_methodref(im));
    };
    check(&cf.constant_pool);
    let out = cf.try_to_bytes().unwrap();
    assert!(out.len() > SAMPLE.len());
    // Everything before the pool's new tail is untouched except the count.
    let orig_pool_end = 10 + ClassFile::parse(SAMPLE).unwrap().constant_pool.byte_len() - 2;
    assert_same(&out[10..orig_pool_end], &SAMPLE[10..orig_pool_end]);
    let re = ClassFile::parse(&out).unwrap();
    check(&re.constant_pool);
    assert_eq!(re.constant_pool.len(), cf.constant_pool.len());
    assert_same(&re.to_bytes(), &out);
    // A fresh add on the re-parsed pool dedups against the (now original) new entries.
    let mut re = re;
    assert_eq!(re.constant_pool.add_method_ref("jvmfuzz/Probes", "hit", "(I)V").unwrap(), hit);
}

#[test]
fn pool_full_is_an_error() {
    let mut cp = ConstantPool::empty();
    for k in 0..65534 {
        cp.add_integer(k).unwrap();
    }
    assert_eq!(cp.len(), 65535);
    assert_eq!(cp.add_integer(-1), Err(ClassFileError::ConstantPoolFull));
    assert_eq!(cp.add_integer(5).unwrap(), 6, "an existing constant is still found");

    let mut cp = ConstantPool::empty();
    for k in 0..65533 {
        cp.add_integer(k).unwrap();
    }
    assert_eq!(cp.add_long(1), Err(ClassFileError::ConstantPoolFull), "needs two slots, one left");
    assert!(cp.add_integer(-1).is_ok());

    let long = "x".repeat(65536);
    assert!(matches!(ConstantPool::empty().add_utf8(&long), Err(ClassFileError::TooLarge { .. })));
    assert!(ConstantPool::empty().add_utf8(&long[1..]).is_ok());
}

#[test]
fn empty_pool_builds_a_class_from_scratch() {
    let mut cp = ConstantPool::empty();
    assert!(cp.is_empty());
    let this_class = cp.add_class("Gen").unwrap();
    let super_class = cp.add_class("java/lang/Object").unwrap();
    let code_name = cp.add_utf8("Code").unwrap();
    let name_index = cp.add_utf8("run").unwrap();
    let descriptor_index = cp.add_utf8("()V").unwrap();
    let cf = ClassFile {
        minor_version: 0,
        major_version: 52,
        constant_pool: cp,
        access_flags: access::PUBLIC,
        this_class,
        super_class,
        interfaces: vec![],
        fields: vec![],
        methods: vec![Member {
            access_flags: access::PUBLIC | access::STATIC,
            name_index,
            descriptor_index,
            attributes: vec![Attribute {
                name_index: code_name,
                info: AttributeInfo::Code(CodeAttribute {
                    max_stack: 0,
                    max_locals: 0,
                    code: Cow::Owned(vec![0xB1]),
                    exception_table: vec![],
                    attributes: vec![],
                }),
            }],
        }],
        attributes: vec![],
    };
    let bytes = cf.try_to_bytes().unwrap();
    let re = ClassFile::parse(&bytes).unwrap();
    assert_eq!(re.this_class_name().unwrap(), "Gen");
    assert_eq!(re.methods[0].code().unwrap().code.as_ref(), &[0xB1]);
}

#[test]
fn edited_code_is_rewritten_with_new_lengths() {
    let mut cf = ClassFile::parse(SAMPLE).unwrap();
    let code = cf.methods[0].code_mut().unwrap();
    let mut longer = vec![0x00; 3]; // nop nop nop
    longer.extend_from_slice(&code.code);
    code.code = Cow::Owned(longer);
    let out = cf.try_to_bytes().unwrap();
    assert_eq!(out.len(), SAMPLE.len() + 3);
    let re = ClassFile::parse(&out).unwrap();
    assert_eq!(re.methods[0].code().unwrap().code[..3], [0, 0, 0]);

    cf.methods[0].code_mut().unwrap().code = Cow::Owned(vec![]);
    assert!(matches!(cf.try_to_bytes(), Err(ClassFileError::TooLarge { what: "code_length", .. })));
    cf.methods[0].code_mut().unwrap().code = Cow::Owned(vec![0; 65536]);
    assert!(matches!(cf.try_to_bytes(), Err(ClassFileError::TooLarge { what: "code_length", .. })));
}

#[test]
fn modified_utf8_decoding() {
    use mutf8::decode;
    let d = |b: &[u8]| decode(b).map(Cow::into_owned);
    assert_eq!(d(b"plain"), Some("plain".into()));
    assert!(matches!(decode(b"plain"), Some(Cow::Borrowed(_))));
    assert_eq!(d(b""), Some(String::new()));
    assert_eq!(d(&[b'a', 0xC0, 0x80, b'b']), Some("a\0b".into()));
    // U+1F600 as a surrogate pair D83D DE00.
    assert_eq!(d(&[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]), Some("\u{1F600}".into()));
    // Lone high, lone low, high followed by a non-surrogate, reversed pair.
    assert_eq!(d(&[0xED, 0xA0, 0x80]), Some("\u{FFFD}".into()));
    assert_eq!(d(&[0xED, 0xB0, 0x80, b'x']), Some("\u{FFFD}x".into()));
    assert_eq!(d(&[0xED, 0xA0, 0x80, 0xE2, 0x82, 0xAC]), Some("\u{FFFD}\u{20AC}".into()));
    assert_eq!(d(&[0xED, 0xB8, 0x80, 0xED, 0xA0, 0xBD]), Some("\u{FFFD}\u{FFFD}".into()));
    // High surrogate cut off before its low half.
    assert_eq!(d(&[0xED, 0xA0, 0xBD, 0xED, 0xB8]), None);
    // Invalid in modified UTF-8 even though some are valid standard UTF-8.
    assert_eq!(d(&[0]), None, "raw NUL");
    assert_eq!(d("\u{1F600}".as_bytes()), None, "4-byte form");
    assert_eq!(d(&[0x80]), None, "stray continuation");
    assert_eq!(d(&[0xC3]), None, "cut-off 2-byte");
    assert_eq!(d(&[0xE2, 0x82]), None, "cut-off 3-byte");
    assert_eq!(d(&[0xE2, 0x02, 0xAC]), None, "bad continuation");
    assert_eq!(d(&[0xFF]), None);
    // Overlong 2-byte forms decode (as readUTF does).
    assert_eq!(d(&[0xC1, 0x81]), Some("A".into()));
}

#[test]
fn modified_utf8_encoding_round_trips() {
    use mutf8::{decode, encode};
    assert!(matches!(encode("java/lang/Object"), Cow::Borrowed(_)));
    assert_eq!(&*encode("\0"), &[0xC0, 0x80]);
    assert_eq!(&*encode("\u{1F600}"), &[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]);
    assert_eq!(&*encode("\u{10FFFF}"), &[0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF]);
    for s in ["", "abc", "\0\0", "caf\u{e9}", "\u{FFFF}", "\u{10000}x\0\u{7FF}\u{800}", "\u{FFFD}"] {
        let e = encode(s);
        assert!(!e.contains(&0), "{s:?} encoded with a raw NUL");
        assert_eq!(decode(&e).as_deref(), Some(s), "{s:?}");
    }
}

#[test]
fn bad_utf8_in_pool_is_reported() {
    let mut b = tiny();
    // Entry 1 is Utf8 "T" at offset 10: length at 11..13, byte at 13.
    b[13] = 0xFF;
    let cf = ClassFile::parse(&b).expect("Utf8 contents are checked lazily");
    assert_eq!(cf.this_class_name(), Err(ClassFileError::BadUtf8(1)));
    assert_same(&cf.to_bytes(), &b);
}
