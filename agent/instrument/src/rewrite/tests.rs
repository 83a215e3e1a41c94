//! Unit tests for the method rewriter, on hand-assembled methods with exact expected bytes.

use super::*;
use crate::frames::{self, ClassNames, Frame, VType};
use crate::plan::{MethodPlan, Placement, ProbeKind, ProbeSite};
use jvmfuzz_classfile::{Attribute, AttributeInfo, CodeAttribute, ConstantPool, ExceptionEntry};

fn flow(p: Placement) -> ProbeSite {
    ProbeSite { kind: ProbeKind::Flow, placement: p }
}

fn plan(p: &[Placement]) -> MethodPlan {
    MethodPlan { sites: p.iter().map(|&p| flow(p)).collect(), ..Default::default() }
}

struct Fx {
    cp: ConstantPool<'static>,
    probe: ProbeCall,
}

fn fx() -> Fx {
    let mut cp = ConstantPool::empty();
    let method_ref = cp.add_method_ref("com/jvmfuzz/shim/Probes", "hit", "(I)V").unwrap();
    Fx { cp, probe: ProbeCall::Call { method_ref } }
}

fn sig<'a>(name: &'a str, desc: &'a str, static_: bool) -> MethodSig<'a> {
    MethodSig { this_class: "T", name, descriptor: desc, access_flags: if static_ { access::STATIC } else { 0 } }
}

fn code(bytes: Vec<u8>, max_stack: u16, max_locals: u16) -> CodeAttribute<'static> {
    CodeAttribute { max_stack, max_locals, code: Cow::Owned(bytes), exception_table: vec![], attributes: vec![] }
}

fn raw_attr(cp: &mut ConstantPool<'_>, name: &str, info: Vec<u8>) -> Attribute<'static> {
    Attribute { name_index: cp.add_utf8(name).unwrap(), info: AttributeInfo::Raw(Cow::Owned(info)) }
}

fn with_frames(cp: &mut ConstantPool<'_>, c: &mut CodeAttribute<'static>, init: &[VType], fs: &[Frame]) {
    let info = frames::encode(fs, init, cp, &mut ClassNames::default()).unwrap();
    let a = raw_attr(cp, "StackMapTable", info);
    c.attributes.push(a);
}

fn frames_of(cp: &ConstantPool<'_>, c: &CodeAttribute<'_>, init: &[VType]) -> Vec<Frame> {
    let raw = c.attribute(cp, "StackMapTable").expect("StackMapTable kept");
    frames::decode(raw, init, cp, &mut ClassNames::default()).unwrap()
}

fn probe_bytes(id: u16, mr: u16) -> Vec<u8> {
    let [a, b] = id.to_be_bytes();
    let [c, d] = mr.to_be_bytes();
    vec![SIPUSH, a, b, INVOKESTATIC, c, d]
}

fn frame(offset: u32, locals: Vec<VType>, stack: Vec<VType>) -> Frame {
    Frame { offset, locals, stack }
}

#[test]
fn places_fallthrough_label_and_edge_probes() {
    let mut f = fx();
    // static int f(int x) { if (x == 0) return 1; return 2; }
    // 0 iload_0; 1 ifne ->6; 4 iconst_1; 5 ireturn; 6 iconst_2; 7 ireturn
    let mut c = code(vec![ILOAD_0, IFNE, 0, 5, ICONST_1, IRETURN, ICONST_2, IRETURN], 1, 1);
    let init = vec![VType::Integer];
    with_frames(&mut f.cp, &mut c, &init, &[frame(6, init.clone(), vec![])]);
    // LineNumberTable: line 10 at 0, line 11 at 6.
    let lnt = raw_attr(&mut f.cp, "LineNumberTable", vec![0, 2, 0, 0, 0, 10, 0, 6, 0, 11]);
    c.attributes.push(lnt);
    let p = plan(&[
        Placement::Fallthrough { at: 0 },
        Placement::Fallthrough { at: 4 },
        Placement::Edge { insn: 1, target: 6 },
        Placement::Label { at: 5 },
        Placement::Label { at: 7 },
    ]);
    let out = instrument_method(&c, &mut f.cp, &sig("f", "(I)I", true), &p, 0, &f.probe, 61).unwrap();
    let ProbeCall::Call { method_ref: mr } = f.probe else { unreachable!() };
    let mut want = probe_bytes(0, mr); // 0: entry
    want.extend([ILOAD_0, IFNE, 0, 25]); // 6, 7: ifne -> trampoline at 32
    want.extend(probe_bytes(1, mr)); // 10: fall-through arm
    want.push(ICONST_1); // 16
    want.extend(probe_bytes(3, mr)); // 17: label at the ireturn
    want.push(IRETURN); // 23
    want.push(ICONST_2); // 24: label of original 6
    want.extend(probe_bytes(4, mr)); // 25
    want.push(IRETURN); // 31
    want.extend(probe_bytes(2, mr)); // 32: trampoline
    want.extend([GOTO_W, 0xff, 0xff, 0xff, 0xf2]); // 38: goto_w -14 -> 24
    assert_eq!(&out.code[..], &want[..]);
    assert_eq!(out.max_stack, 2);
    assert_eq!(out.max_locals, 1);
    // The branch target keeps its frame (at its label); the trampoline gets a copy.
    let fs = frames_of(&f.cp, &out, &init);
    assert_eq!(fs, vec![frame(24, init.clone(), vec![]), frame(32, init.clone(), vec![])]);
    // Lines start at labels (6 -> 24), except that the first line also covers the entry
    // probe (0 -> 0) so that no code is line-less.
    assert_eq!(out.attribute(&f.cp, "LineNumberTable").unwrap(), &[0, 2, 0, 0, 0, 10, 0, 24, 0, 11]);
}

/// The flag-store probe (`counts=covered`): same placements, 8 bytes each, max_stack + 3, ids
/// above 32767 through an Integer constant, and the fixed array below its length, the growable
/// one from it on.
#[test]
fn flag_probes_store_into_the_array() {
    let mut cp = ConstantPool::empty();
    // Ids from 40,000 on go to the growable array; 39,999 and below to the fixed one.
    let fixed_ref = cp.add_field_ref("com/jvmfuzz/shim/Probes", "fixed", "[Z").unwrap();
    let field_ref = cp.add_field_ref("com/jvmfuzz/shim/Probes", "flags", "[Z").unwrap();
    let probe = ProbeCall::Flag { fixed_ref, fixed_len: 40_000, field_ref };
    // 0 iload_0; 1 ifne ->6; 4 iconst_1; 5 ireturn; 6 iconst_2; 7 ireturn
    let mut c = code(vec![ILOAD_0, IFNE, 0, 5, ICONST_1, IRETURN, ICONST_2, IRETURN], 1, 1);
    let init = vec![VType::Integer];
    with_frames(&mut cp, &mut c, &init, &[frame(6, init.clone(), vec![])]);
    let p = plan(&[Placement::Fallthrough { at: 0 }, Placement::Edge { insn: 1, target: 6 }]);
    let first = 39_999;
    let out = instrument_method(&c, &mut cp, &sig("f", "(I)I", true), &p, first, &probe, 61).unwrap();
    let store = |array: u16, push: [u8; 3]| {
        let [fa, fb] = array.to_be_bytes();
        let mut v = vec![GETSTATIC, fa, fb];
        v.extend(push);
        v.extend([ICONST_1, BASTORE]);
        v
    };
    let mut ldc = |id: i32| {
        let [a, b] = cp.add_integer(id).unwrap().to_be_bytes();
        [LDC_W, a, b]
    };
    let (p0, p1) = (ldc(39_999), ldc(40_000));
    let mut want = store(fixed_ref, p0); // 0: entry
    want.extend([ILOAD_0, IFNE, 0, 7]); // 8, 9: ifne -> trampoline at 16
    want.extend([ICONST_1, IRETURN, ICONST_2, IRETURN]); // 12..15; original 6 -> 14
    want.extend(store(field_ref, p1)); // 16: trampoline
    want.extend([GOTO_W, 0xff, 0xff, 0xff, 0xf6]); // 24: goto_w -10 -> 14
    assert_eq!(&out.code[..], &want[..]);
    assert_eq!(out.max_stack, 1 + 3);
    let fs = frames_of(&cp, &out, &init);
    assert_eq!(fs, vec![frame(14, init.clone(), vec![]), frame(16, init.clone(), vec![])]);
}

/// The field probe (default of `counts=covered`): 4 bytes, `iconst_1; putstatic` of the id's
/// field in its holder (ids `CHUNK - 1` and `CHUNK` straddle two holders), max_stack + 1, no id push.
#[test]
fn field_probes_store_into_their_own_field() {
    let mut cp = ConstantPool::empty();
    let first = super::super::probe_fields::CHUNK - 1;
    let first_ref = super::super::probe_fields::append_refs(&mut cp, first, 2).unwrap();
    let probe = ProbeCall::Field { first_id: first, first_ref };
    // 0 iload_0; 1 ifne ->6; 4 iconst_1; 5 ireturn; 6 iconst_2; 7 ireturn
    let mut c = code(vec![ILOAD_0, IFNE, 0, 5, ICONST_1, IRETURN, ICONST_2, IRETURN], 1, 1);
    let init = vec![VType::Integer];
    with_frames(&mut cp, &mut c, &init, &[frame(6, init.clone(), vec![])]);
    let p = plan(&[Placement::Fallthrough { at: 0 }, Placement::Edge { insn: 1, target: 6 }]);
    let out = instrument_method(&c, &mut cp, &sig("f", "(I)I", true), &p, first, &probe, 61).unwrap();
    // The Fieldref naming `holder.field:Z`, wherever append_refs put it.
    let put = |cp: &mut ConstantPool, holder: &str, field: &str| {
        let idx = (1..cp.len())
            .find(|&i| cp.member_ref(i).is_ok_and(|m| m.class == holder && m.name == field && m.descriptor == "Z"))
            .unwrap();
        let [a, b] = idx.to_be_bytes();
        [ICONST_1, PUTSTATIC, a, b]
    };
    let last_field = format!("f{first}");
    let mut want = put(&mut cp, "com/jvmfuzz/shim/ProbeFields0", &last_field).to_vec(); // 0: entry
    want.extend([ILOAD_0, IFNE, 0, 7]); // 4, 5: ifne -> trampoline at 12
    want.extend([ICONST_1, IRETURN, ICONST_2, IRETURN]); // 8..11; original 6 -> 10
    want.extend(put(&mut cp, "com/jvmfuzz/shim/ProbeFields1", "f0")); // 12: trampoline
    want.extend([GOTO_W, 0xff, 0xff, 0xff, 0xfa]); // 16: goto_w -6 -> 10
    assert_eq!(&out.code[..], &want[..]);
    assert_eq!(out.max_stack, 1 + 1);
    let fs = frames_of(&cp, &out, &init);
    assert_eq!(fs, vec![frame(10, init.clone(), vec![]), frame(12, init.clone(), vec![])]);
}

#[test]
fn exception_ranges_and_handlers() {
    let mut f = fx();
    let m = f.cp.add_method_ref("T", "m", "()V").unwrap().to_be_bytes();
    let thr = f.cp.add_class("java/lang/Throwable").unwrap();
    // 0 aload_0; 1 invokevirtual m; 4 return; 5 astore_1; 6 return   [0,4) -> 5
    let mut c = code(vec![ALOAD_0, INVOKEVIRTUAL, m[0], m[1], RETURN, ASTORE_1, RETURN], 1, 2);
    c.exception_table.push(ExceptionEntry { start_pc: 0, end_pc: 4, handler_pc: 5, catch_type: thr });
    let init = vec![VType::object("T")];
    with_frames(&mut f.cp, &mut c, &init, &[frame(5, init.clone(), vec![VType::object("java/lang/Throwable")])]);
    let p = plan(&[
        Placement::Fallthrough { at: 0 },
        Placement::Label { at: 0 },
        Placement::Fallthrough { at: 4 },
        Placement::Label { at: 4 },
        Placement::Label { at: 5 },
    ]);
    let out = instrument_method(&c, &mut f.cp, &sig("g", "()V", false), &p, 0, &f.probe, 61).unwrap();
    // pre/label/insn: #0 0/6/12, #1 13, #2(4) 16/22/28, #3(5) 29/29/35, #4 36, end 37
    assert_eq!(out.code.len(), 37);
    // The range starts at the label of its start (Label probes inside) and ends before the
    // code inserted ahead of its end (the fall-through probe out of the block is outside).
    assert_eq!(out.exception_table, vec![ExceptionEntry { start_pc: 6, end_pc: 16, handler_pc: 29, catch_type: thr }]);
    let fs = frames_of(&f.cp, &out, &init);
    assert_eq!(fs, vec![frame(29, init.clone(), vec![VType::object("java/lang/Throwable")])]);
    assert_eq!(out.code[29], SIPUSH); // the handler's Label probe runs first
}

#[test]
fn uninitialized_follows_the_new_instruction() {
    let mut f = fx();
    let foo = f.cp.add_class("Foo").unwrap().to_be_bytes();
    let init_ref = f.cp.add_method_ref("Foo", "<init>", "(I)V").unwrap().to_be_bytes();
    // static Object h(int x) { return new Foo(x != 0 ? 1 : 2); }
    // 0 new; 3 dup; 4 iload_0; 5 ifeq ->12; 8 iconst_1; 9 goto ->13; 12 iconst_2;
    // 13 invokespecial; 16 areturn
    let bytes = vec![
        NEW,
        foo[0],
        foo[1],
        DUP,
        ILOAD_0,
        IFEQ,
        0,
        7,
        ICONST_1,
        GOTO,
        0,
        4,
        ICONST_2,
        INVOKESPECIAL,
        init_ref[0],
        init_ref[1],
        ARETURN,
    ];
    let mut c = code(bytes, 3, 1);
    let init = vec![VType::Integer];
    let u = VType::Uninitialized(0);
    with_frames(
        &mut f.cp,
        &mut c,
        &init,
        &[
            frame(12, init.clone(), vec![u.clone(), u.clone()]),
            frame(13, init.clone(), vec![u.clone(), u.clone(), VType::Integer]),
        ],
    );
    let p = plan(&[
        Placement::Fallthrough { at: 0 },
        Placement::Label { at: 0 },
        Placement::Fallthrough { at: 3 },
        Placement::Edge { insn: 5, target: 12 },
        Placement::Label { at: 13 },
    ]);
    let out = instrument_method(&c, &mut f.cp, &sig("h", "(I)Ljava/lang/Object;", true), &p, 0, &f.probe, 61).unwrap();
    // `new` moved to 12 (after two probes); uninitialized(0) must become uninitialized(12).
    assert_eq!(out.code[12], NEW);
    let nu = VType::Uninitialized(12);
    let fs = frames_of(&f.cp, &out, &init);
    // 12 -> label 30 (21 + 9); 13 -> label 31, probe, invokespecial at 37; trampoline at 41.
    assert_eq!(
        fs,
        vec![
            frame(30, init.clone(), vec![nu.clone(), nu.clone()]),
            frame(31, init.clone(), vec![nu.clone(), nu.clone(), VType::Integer]),
            frame(41, init.clone(), vec![nu.clone(), nu.clone()]),
        ]
    );
    assert_eq!(out.code[37], INVOKESPECIAL);
    assert_eq!(out.max_stack, 4);
}

#[test]
fn widens_far_branches_and_builds_the_frame_after_them() {
    let mut f = fx();
    // static int w(long a, String s): 0 lload_0; 1 l2i; 2 istore_3; 3 aload_2; 4 ifnull ->12;
    // 7 iinc 3 1; 10 nop; 11 nop; 12 iload_3; 13 ireturn
    let bytes = vec![LLOAD_0, L2I, ISTORE_3, ALOAD_2, IFNULL, 0, 8, IINC, 3, 1, NOP, NOP, ILOAD_3, IRETURN];
    let mut c = code(bytes, 2, 4);
    let init = vec![VType::Long, VType::object("java/lang/String")];
    let at12 = vec![VType::Long, VType::object("java/lang/String"), VType::Integer];
    with_frames(&mut f.cp, &mut c, &init, &[frame(12, at12.clone(), vec![])]);
    // 6000 probes at the label of 7: 36 KB between the ifnull and its target.
    let sites: Vec<Placement> = (0..6000).map(|_| Placement::Label { at: 7 }).collect();
    let out =
        instrument_method(&c, &mut f.cp, &sig("w", "(JLjava/lang/String;)I", true), &plan(&sites), 0, &f.probe, 61)
            .unwrap();
    // 4: ifnonnull +8; 7: goto_w -> label of 12; 12: the probes.
    assert_eq!(&out.code[4..8], &[IFNONNULL, 0, 8, GOTO_W]);
    let target = 12 + 6 * 6000 + 3 + 2; // probes, iinc, nop, nop
    assert_eq!(i32::from_be_bytes([out.code[8], out.code[9], out.code[10], out.code[11]]), target - 7);
    assert_eq!(out.code[target as usize], ILOAD_3);
    let fs = frames_of(&f.cp, &out, &init);
    // The new frame after the goto_w holds the state the interpreter computed.
    assert_eq!(fs, vec![frame(12, at12.clone(), vec![]), frame(target as u32, at12, vec![])]);
    // Decoding the result succeeds and every branch lands on an instruction.
    assert!(decode(&out.code).is_ok());
}

#[test]
fn widens_backward_goto() {
    let mut f = fx();
    // 0 iload_0; 1 ifeq ->10; 4 iinc 0 -1; 7 goto ->0; 10 return
    let mut c = code(vec![ILOAD_0, IFEQ, 0, 9, IINC, 0, 0xff, GOTO, 0xff, 0xf9, RETURN], 1, 1);
    let init = vec![VType::Integer];
    with_frames(&mut f.cp, &mut c, &init, &[frame(0, init.clone(), vec![]), frame(10, init.clone(), vec![])]);
    let sites: Vec<Placement> = (0..6000).map(|_| Placement::Label { at: 4 }).collect();
    let out = instrument_method(&c, &mut f.cp, &sig("l", "(I)V", true), &plan(&sites), 0, &f.probe, 61).unwrap();
    let insns = decode(&out.code).unwrap();
    let ops: Vec<u8> =
        insns.iter().filter(|i| i.opcode != SIPUSH && i.opcode != INVOKESTATIC).map(|i| i.opcode).collect();
    assert_eq!(ops, vec![ILOAD_0, IFNE, GOTO_W, IINC, GOTO_W, RETURN]);
    let back = insns.iter().rfind(|i| i.opcode == GOTO_W).unwrap();
    assert_eq!(back.kind, InsnKind::Branch { target: 0 });
    let fs = frames_of(&f.cp, &out, &init);
    assert_eq!(fs.iter().map(|f| f.offset).collect::<Vec<_>>(), vec![0, 9, 9 + 36000 + 3 + 5]);
}

#[test]
fn refuses_what_it_cannot_handle() {
    let mut f = fx();
    let c = code(vec![ICONST_0, IFEQ, 0, 3, RETURN], 1, 0);
    let s = sig("m", "()V", true);
    // Too large: 11000 probes.
    let sites: Vec<Placement> = (0..11_000).map(|_| Placement::Label { at: 4 }).collect();
    assert!(matches!(
        instrument_method(&c, &mut f.cp, &s, &plan(&sites), 0, &f.probe, 49),
        Err(RewriteError::TooLarge { what: "code_length", .. })
    ));
    // jsr/ret.
    let j = code(vec![JSR, 0, 4, RETURN, ASTORE_0, RET, 0], 1, 1);
    assert_eq!(instrument_method(&j, &mut f.cp, &s, &plan(&[]), 0, &f.probe, 49), Err(RewriteError::Subroutine(0)));
    // Invalid plans.
    let g = code(vec![GOTO, 0, 3, RETURN], 1, 0);
    for bad in [
        Placement::Fallthrough { at: 3 }, // after a goto
        Placement::Label { at: 1 },       // not an instruction
        Placement::Edge { insn: 0, target: 0 },
        Placement::Edge { insn: 3, target: 3 },
    ] {
        assert!(
            matches!(
                instrument_method(&g, &mut f.cp, &s, &plan(&[bad]), 0, &f.probe, 49),
                Err(RewriteError::InvalidPlan(_))
            ),
            "{bad:?}"
        );
    }
    // A trampoline in a 51+ class without a StackMapTable has no frame to copy.
    assert!(matches!(
        instrument_method(&c, &mut f.cp, &s, &plan(&[Placement::Edge { insn: 1, target: 4 }]), 0, &f.probe, 52),
        Err(RewriteError::MissingFrame(_))
    ));
    // ... but a pre-50 class needs none.
    assert!(
        instrument_method(&c, &mut f.cp, &s, &plan(&[Placement::Edge { insn: 1, target: 4 }]), 0, &f.probe, 49).is_ok()
    );
    // max_stack at its limit.
    let full = code(vec![RETURN], u16::MAX, 0);
    assert!(matches!(
        instrument_method(&full, &mut f.cp, &s, &plan(&[Placement::Label { at: 0 }]), 0, &f.probe, 49),
        Err(RewriteError::TooLarge { what: "max_stack", .. })
    ));
}

#[test]
fn large_ids_use_ldc_w_of_an_integer_constant() {
    let mut f = fx();
    let c = code(vec![RETURN], 0, 0);
    let p = plan(&[Placement::Label { at: 0 }, Placement::Label { at: 0 }]);
    let out = instrument_method(&c, &mut f.cp, &sig("m", "()V", true), &p, 32_767, &f.probe, 61).unwrap();
    assert_eq!(&out.code[..3], &[SIPUSH, 0x7f, 0xff]);
    assert_eq!(out.code[6], LDC_W);
    let idx = u16::from_be_bytes([out.code[7], out.code[8]]);
    assert_eq!(f.cp.integer(idx).unwrap(), 32_768);
    assert_eq!(out.code.len(), 13);
}

#[test]
fn switch_padding_and_targets_follow_the_new_position() {
    let mut f = fx();
    // 0 iload_0; 1 lookupswitch (pad 2, 19 bytes) default->20, 5->21; 20 return; 21 return
    let mut bytes = vec![ILOAD_0];
    jvmfuzz_classfile::bytecode::write_lookupswitch(&mut bytes, 19, &[(5, 20)]);
    bytes.extend([RETURN, RETURN]);
    let mut c = code(bytes, 1, 1);
    let init = vec![VType::Integer];
    with_frames(&mut f.cp, &mut c, &init, &[frame(20, init.clone(), vec![]), frame(21, init.clone(), vec![])]);
    let p = plan(&[Placement::Fallthrough { at: 0 }, Placement::Edge { insn: 1, target: 21 }]);
    let out = instrument_method(&c, &mut f.cp, &sig("s", "(I)V", true), &p, 0, &f.probe, 61).unwrap();
    let insns = decode(&out.code).unwrap();
    // Switch now at 7: padding 0, length 1 + 8 + 8 = 17 -> returns at 24, 25; trampoline at 26.
    assert_eq!(insns[3].offset, 7);
    assert_eq!(insns[3].len, 17);
    assert_eq!(insns[3].kind, InsnKind::LookupSwitch { default: 24, pairs: vec![(5, 26)] });
    let fs = frames_of(&f.cp, &out, &init);
    assert_eq!(fs.iter().map(|f| f.offset).collect::<Vec<_>>(), vec![24, 25, 26]);
}

#[test]
fn widened_branch_in_a_constructor_keeps_uninitialized_this() {
    let mut f = fx();
    let sup = f.cp.add_method_ref("java/lang/Object", "<init>", "()V").unwrap().to_be_bytes();
    // T(int x) { super(); } with a branch before the super call, the receiver on the stack:
    // 0 aload_0; 1 iload_1; 2 ifeq ->9; 5 iinc 1 1; 8 nop; 9 invokespecial Object.<init>; 12 return
    let bytes = vec![ALOAD_0, ILOAD_1, IFEQ, 0, 7, IINC, 1, 1, NOP, INVOKESPECIAL, sup[0], sup[1], RETURN];
    let mut c = code(bytes, 2, 2);
    let init = vec![VType::UninitializedThis, VType::Integer];
    with_frames(&mut f.cp, &mut c, &init, &[frame(9, init.clone(), vec![VType::UninitializedThis])]);
    let sites: Vec<Placement> = (0..6000).map(|_| Placement::Label { at: 5 }).collect();
    let out = instrument_method(&c, &mut f.cp, &sig("<init>", "(I)V", false), &plan(&sites), 0, &f.probe, 52).unwrap();
    assert_eq!(&out.code[2..6], &[IFNE, 0, 8, GOTO_W]);
    let fs = frames_of(&f.cp, &out, &init);
    let target = 10 + 6 * 6000 + 3 + 1;
    assert_eq!(
        fs,
        vec![
            frame(10, init.clone(), vec![VType::UninitializedThis]),
            frame(target, init.clone(), vec![VType::UninitializedThis]),
        ]
    );
}
