//! Unit tests for decoding and the encoding helpers.
use super::*;

#[test]
fn decodes_simple_method_with_branches() {
    // 0: iload_1; 1: ifeq +7 (->8); 4: iinc 1,-1; 7: nop; 8: goto -8 (->0)
    let code = [ILOAD_1, IFEQ, 0, 7, IINC, 1, 0xff, NOP, GOTO, 0xff, 0xf8];
    let insns = decode(&code).unwrap();
    assert_eq!(insns.len(), 5);
    assert_eq!(insns[0].kind, InsnKind::Local { index: 1 });
    assert_eq!(insns[1].kind, InsnKind::Branch { target: 8 });
    assert_eq!(insns[2].kind, InsnKind::Iinc { index: 1, delta: -1 });
    assert_eq!(insns[4].kind, InsnKind::Branch { target: 0 });
    assert_eq!(insns[4].end(), 11);
}

#[test]
fn rejects_target_inside_instruction() {
    // ifeq to offset 5, which is the middle of the sipush at 4.
    let code = [ICONST_0, IFEQ, 0, 4, SIPUSH, 0, 1, RETURN];
    assert!(matches!(decode(&code), Err(BytecodeError::BadTarget { offset: 1, target: 5 })));
}

#[test]
fn rejects_out_of_range_target_and_truncation_and_unknown() {
    assert!(matches!(decode(&[GOTO, 0x7f, 0]), Err(BytecodeError::BadTarget { .. })));
    assert!(matches!(decode(&[GOTO, 0xff, 0xf0]), Err(BytecodeError::BadTarget { .. })));
    assert_eq!(decode(&[SIPUSH, 1]), Err(BytecodeError::Truncated(0)));
    assert_eq!(decode(&[0xca]), Err(BytecodeError::UnknownOpcode { offset: 0, opcode: 0xca }));
    assert_eq!(decode(&[]), Err(BytecodeError::Empty));
    assert!(matches!(decode(&[WIDE, NOP, 0, 0]), Err(BytecodeError::BadWide { .. })));
}

#[test]
fn decodes_switches_with_padding() {
    // 0: iload_0; 1: tableswitch (pad 2) default->+X low 0 high 1 ...
    let mut code = vec![ILOAD_0];
    let at = code.len() as i32; // 1
                                // Layout: switch at 1, length 1+2+12+8 = 23 -> ends at 24; returns at 24,25,26.
    write_tableswitch(&mut code, 24 - at, 0, 1, &[25 - at, 26 - at]);
    assert_eq!(code.len(), 24);
    code.extend_from_slice(&[RETURN, RETURN, RETURN]);
    let insns = decode(&code).unwrap();
    assert_eq!(insns[1].len, 23);
    assert_eq!(insns[1].kind, InsnKind::TableSwitch { default: 24, low: 0, high: 1, targets: vec![25, 26] });
    assert_eq!(insns[1].targets(), vec![24, 25, 26]);

    // lookupswitch at 4: 1 + 3 padding + 8 + 8 = 20 bytes, ends at 24.
    assert_eq!(lookupswitch_len(4, 1), 20);
    let mut code = vec![ILOAD_0, NOP, NOP, NOP];
    write_lookupswitch(&mut code, 24 - 4, &[(-5, 25 - 4)]);
    code.extend_from_slice(&[RETURN, RETURN]);
    let insns = decode(&code).unwrap();
    assert_eq!(insns[4].kind, InsnKind::LookupSwitch { default: 24, pairs: vec![(-5, 25)] });
}

#[test]
fn rejects_huge_switch_without_allocating() {
    let mut code = vec![TABLESWITCH, 0, 0, 0];
    code.extend_from_slice(&0i32.to_be_bytes());
    code.extend_from_slice(&i32::MIN.to_be_bytes());
    code.extend_from_slice(&i32::MAX.to_be_bytes());
    assert!(decode(&code).is_err());
    let mut code = vec![TABLESWITCH, 0, 0, 0];
    code.extend_from_slice(&0i32.to_be_bytes());
    code.extend_from_slice(&5i32.to_be_bytes());
    code.extend_from_slice(&1i32.to_be_bytes());
    assert_eq!(decode(&code), Err(BytecodeError::BadSwitch(0)));
}

#[test]
fn decodes_wide_forms() {
    let code = [WIDE, ILOAD, 1, 0, WIDE, IINC, 1, 0, 0xff, 0xfe, WIDE, RET, 0, 3, RETURN];
    let insns = decode(&code).unwrap();
    assert_eq!(insns[0].kind, InsnKind::Local { index: 256 });
    assert_eq!(insns[0].base_opcode(&code), ILOAD);
    assert_eq!(insns[1].kind, InsnKind::Iinc { index: 256, delta: -2 });
    assert_eq!(insns[1].len, 6);
    assert_eq!(insns[2].kind, InsnKind::Ret { index: 3 });
}

#[test]
fn decodes_cp_operands() {
    let code = [
        INVOKEINTERFACE,
        0,
        9,
        2,
        0,
        INVOKEDYNAMIC,
        0,
        10,
        0,
        0,
        LDC,
        200,
        LDC2_W,
        1,
        2,
        MULTIANEWARRAY,
        0,
        7,
        2,
        ALOAD_3,
        ASTORE_2,
        RETURN,
    ];
    let k: Vec<_> = decode(&code).unwrap().into_iter().map(|i| i.kind).collect();
    assert_eq!(
        k,
        vec![
            InsnKind::Invoke { cp_index: 9 },
            InsnKind::InvokeDynamic { cp_index: 10 },
            InsnKind::Ldc { cp_index: 200 },
            InsnKind::Ldc { cp_index: 258 },
            InsnKind::TypeRef { cp_index: 7 },
            InsnKind::Local { index: 3 },
            InsnKind::Local { index: 2 },
            InsnKind::Plain,
        ]
    );
}

#[test]
fn classification_helpers() {
    for op in [IFEQ, IFNE, IF_ICMPLE, IF_ACMPNE, IFNULL, IFNONNULL] {
        assert!(is_conditional_branch(op));
        let inv = invert_condition(op).unwrap();
        assert_ne!(inv, op);
        assert_eq!(invert_condition(inv), Some(op));
    }
    assert_eq!(invert_condition(IFLT), Some(IFGE));
    assert_eq!(invert_condition(IF_ICMPGT), Some(IF_ICMPLE));
    assert_eq!(invert_condition(GOTO), None);
    assert!(!is_conditional_branch(GOTO));
    for op in [GOTO, GOTO_W, ATHROW, RET, TABLESWITCH, LOOKUPSWITCH, IRETURN, RETURN] {
        assert!(is_unconditional(op), "{op}");
    }
    assert!(!is_unconditional(JSR));
    assert!(!is_unconditional(IFEQ));
    assert!(is_return(ARETURN) && !is_return(ATHROW));
    assert_eq!(opcodes::name(GOTO_W), Some("goto_w"));
    assert_eq!(opcodes::name(0xca), None);
}

#[test]
fn padding_cycles_with_position() {
    assert_eq!(switch_padding(0), 3);
    assert_eq!(switch_padding(1), 2);
    assert_eq!(switch_padding(2), 1);
    assert_eq!(switch_padding(3), 0);
    assert_eq!(switch_padding(4), 3);
    assert_eq!(tableswitch_len(3, 2), 1 + 12 + 8);
}

#[test]
fn never_panics_on_garbage() {
    // Deterministic pseudo-random byte soup: decode must return, never panic.
    let mut x: u32 = 12345;
    for len in 1..200usize {
        let mut code = Vec::with_capacity(len);
        for _ in 0..len {
            x = x.wrapping_mul(1103515245).wrapping_add(12345);
            code.push((x >> 16) as u8);
        }
        let _ = decode(&code);
    }
}
