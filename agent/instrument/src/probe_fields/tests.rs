use super::*;
use jvmfuzz_classfile::bytecode::{decode, opcodes::*};
use jvmfuzz_classfile::{access, ClassFile};

#[test]
fn holder_parses_with_one_static_boolean_per_slot_and_a_reader_over_all_of_them() {
    let bytes = holder_class(3);
    let cf = ClassFile::parse(&bytes).expect("the holder parses");
    assert_eq!(cf.this_class_name().unwrap(), "com/jvmfuzz/shim/ProbeFields3");
    assert_eq!(cf.super_class_name().unwrap().as_deref(), Some("java/lang/Object"));
    assert_eq!(cf.to_bytes(), bytes, "round-trips byte for byte");
    let cp = &cf.constant_pool;
    assert_eq!(cf.fields.len(), CHUNK as usize);
    for (s, f) in cf.fields.iter().enumerate() {
        assert_eq!(f.name(cp).unwrap(), field_name(s as u32));
        assert_eq!(f.descriptor(cp).unwrap(), "Z");
        assert_eq!(f.access_flags & (access::PUBLIC | access::STATIC | access::FINAL), access::PUBLIC | access::STATIC);
    }
    assert_eq!(cf.methods.len(), 1);
    let read = &cf.methods[0];
    assert_eq!(read.name(cp).unwrap(), READ_NAME);
    assert_eq!(read.descriptor(cp).unwrap(), READ_DESCRIPTOR);
    let code = read.code().expect("read has code");
    let insns = decode(&code.code).expect("read decodes");
    // Slot S is read by the S-th getstatic and stored at off + S.
    let mut slot = 0u32;
    for w in insns.windows(6) {
        if w[4].opcode != GETSTATIC {
            continue;
        }
        let m = cp
            .member_ref(u16::from_be_bytes([code.code[w[4].offset as usize + 1], code.code[w[4].offset as usize + 2]]))
            .unwrap();
        assert_eq!(m.class, "com/jvmfuzz/shim/ProbeFields3");
        assert_eq!(m.name, field_name(slot));
        assert_eq!(m.descriptor, "Z");
        assert_eq!(w[2].opcode, SIPUSH);
        assert_eq!(
            i16::from_be_bytes([code.code[w[2].offset as usize + 1], code.code[w[2].offset as usize + 2]]),
            slot as i16
        );
        assert_eq!(w[5].opcode, BASTORE);
        slot += 1;
    }
    assert_eq!(slot, CHUNK);
    assert_eq!(insns.last().map(|i| i.opcode), Some(RETURN));
    // HotSpot compiles nothing past 8000 bytes of bytecode; the reader runs on every read.
    assert!(code.code.len() < 8000, "{} bytes", code.code.len());
}

#[test]
fn ids_map_to_holder_and_field() {
    assert_eq!((chunk_of(0), field_name(0)), (0, "f0".to_string()));
    assert_eq!((chunk_of(CHUNK - 1), field_name(CHUNK - 1)), (0, format!("f{}", CHUNK - 1)));
    assert_eq!((chunk_of(CHUNK), field_name(CHUNK)), (1, "f0".to_string()));
    assert_eq!(holder_name(chunk_of(5 * CHUNK + 7)), "com/jvmfuzz/shim/ProbeFields5");
    assert_eq!(
        (holders_below(0), holders_below(1), holders_below(u64::from(CHUNK)), holders_below(u64::from(CHUNK) + 1)),
        (0, 1, 1, 2)
    );
    assert_eq!(holders_below(u64::MAX), MAX_IDS / CHUNK);
}

#[test]
fn fits_counts_three_entries_per_probe_and_two_per_holder() {
    assert!(fits(100, 0, 0));
    assert!(fits(100, 0, 1000));
    // Ten probes in one holder: 30 entries, 2 for the holder, the descriptor, 16 spare.
    assert!(fits(u16::MAX - 49, 0, 10));
    assert!(!fits(u16::MAX - 48, 0, 10));
    // Straddling a holder boundary costs two more.
    assert!(!fits(u16::MAX - 49, CHUNK - 5, 10));
    assert!(fits(u16::MAX - 51, CHUNK - 5, 10));
    // Past MAX_IDS, or wrapping, the array probe is used.
    assert!(fits(100, MAX_IDS - 10, 10));
    assert!(!fits(100, MAX_IDS - 10, 11));
    assert!(!fits(100, u32::MAX, 2));
}

#[test]
fn append_refs_puts_each_ids_fieldref_three_entries_apart() {
    use jvmfuzz_classfile::ConstantPool;
    let mut cp = ConstantPool::empty();
    cp.add_utf8("f3").unwrap(); // an existing entry with a probe field's name changes nothing
    let first = CHUNK - 2;
    let first_ref = append_refs(&mut cp, first, 5).unwrap();
    for j in 0..5u32 {
        let id = first + j;
        let m = cp.member_ref(first_ref + 3 * j as u16).unwrap();
        assert_eq!(
            (m.class.as_ref(), m.name.as_ref(), m.descriptor.as_ref()),
            (holder_name(chunk_of(id)).as_str(), field_name(id).as_str(), "Z")
        );
    }
    assert_eq!(cp.len(), first_ref + 3 * 4 + 1, "nothing after the last Fieldref");
}
