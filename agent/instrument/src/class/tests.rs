use super::*;
use crate::probe_fields;

fn config(per_field: bool) -> InstrumentConfig {
    InstrumentConfig {
        plan_options: PlanOptions { flow_probes: true },
        probe_flags: Some(FlagFields {
            fixed: "fixed".into(),
            fixed_len: 1 << 20,
            growable: "flags".into(),
            per_field,
        }),
        ..InstrumentConfig::fuzz()
    }
}

/// The first instruction of the one method with code (the entry probe).
fn first_opcode(bytes: &[u8]) -> u8 {
    let cf = ClassFile::parse(bytes).unwrap();
    let code = cf.methods.iter().find_map(|m| m.code()).unwrap();
    decode(&code.code).unwrap()[0].opcode
}

/// A holder class is a handy real class: one straight-line method, so one probe.
fn class_with_cp_slots(extra: usize) -> Vec<u8> {
    let bytes = probe_fields::holder_class(0);
    let mut cf = ClassFile::parse(&bytes).unwrap();
    for i in 0..extra {
        cf.constant_pool.add_utf8(&format!("pad{i}")).unwrap();
    }
    cf.to_bytes()
}

#[test]
fn field_probes_where_the_constant_pool_has_room_else_the_array() {
    let mut next = 700;
    let mut alloc = |n: u32| {
        let first = next;
        next += n;
        first
    };
    let roomy = class_with_cp_slots(0);
    let out = instrument_class(&roomy, &config(true), &mut alloc, &JacocoPlanner).unwrap();
    assert!(out.changed);
    assert_eq!(first_opcode(&out.bytes), ICONST_1, "field probe: iconst_1; putstatic");
    let cf = ClassFile::parse(&out.bytes).unwrap();
    let refs: Vec<_> = cf.constant_pool.iter().filter_map(|(i, _)| cf.constant_pool.member_ref(i).ok()).collect();
    let (holder, field) = (probe_fields::holder_name(probe_fields::chunk_of(700)), probe_fields::field_name(700));
    assert!(
        refs.iter().any(|r| r.class == holder && r.name == field && r.descriptor == "Z"),
        "id 700 is {holder}.{field}"
    );
    assert!(out.field_probes, "the hook must define the holders");

    // Room for a few entries only: the array probe, and the class is still instrumented.
    let len = ClassFile::parse(&roomy).unwrap().constant_pool.len() as usize;
    let full = class_with_cp_slots(usize::from(u16::MAX) - len - 12);
    let out = instrument_class(&full, &config(true), &mut alloc, &JacocoPlanner).unwrap();
    assert!(out.changed);
    assert_eq!(first_opcode(&out.bytes), GETSTATIC, "array probe: getstatic Probes.fixed");
    assert!(!out.field_probes);

    // Without per_field, always the array.
    let out = instrument_class(&roomy, &config(false), &mut alloc, &JacocoPlanner).unwrap();
    assert_eq!(first_opcode(&out.bytes), GETSTATIC);
}

/// Test classes run their code about once: they get the array probe even with room for fields
/// (`test_classes`), and the hook then defines no holders for their ids.
#[test]
fn test_classes_get_the_array_probe() {
    let mut alloc = |n: u32| {
        let _ = n;
        0
    };
    let plain = class_with_cp_slots(0);
    let mut cf = ClassFile::parse(&plain).unwrap();
    let name_index = cf.constant_pool.add_utf8("RuntimeVisibleAnnotations").unwrap();
    let type_index = cf.constant_pool.add_utf8("Lorg/junit/jupiter/api/Test;").unwrap();
    let mut raw = 1u16.to_be_bytes().to_vec();
    raw.extend(type_index.to_be_bytes());
    raw.extend(0u16.to_be_bytes());
    cf.methods[0].attributes.push(jvmfuzz_classfile::Attribute {
        name_index,
        info: jvmfuzz_classfile::AttributeInfo::Raw(std::borrow::Cow::Owned(raw)),
    });
    let test_class = cf.to_bytes();
    let out = instrument_class(&test_class, &config(true), &mut alloc, &JacocoPlanner).unwrap();
    assert!(out.changed);
    assert_eq!(first_opcode(&out.bytes), GETSTATIC, "array probe: getstatic Probes.fixed");
    assert!(!out.field_probes);
    let out = instrument_class(&plain, &config(true), &mut alloc, &JacocoPlanner).unwrap();
    assert_eq!(first_opcode(&out.bytes), ICONST_1, "the same class without @Test: field probe");
}
