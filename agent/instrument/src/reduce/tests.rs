use super::*;
use crate::plan::plan_method_jacoco_only_with;
use jvmfuzz_classfile::bytecode::decode;
use jvmfuzz_classfile::ConstantPool;

/// The JaCoCo-only plan of `code` and its reduction, with an empty constant pool.
fn reduced(code: &[u8], ex: &[ExceptionEntry], lines: &[(u32, u16)]) -> (MethodPlan, Reduction) {
    let insns = decode(code).unwrap();
    let plan = plan_method_jacoco_only_with(&insns, ex, lines).unwrap();
    let r = reduce(&insns, ex, &ConstantPool::empty(), &plan);
    (plan, r)
}

fn placements(plan: &MethodPlan, sites: &[usize]) -> Vec<Placement> {
    sites.iter().map(|&s| plan.sites[s].placement).collect()
}

fn fall(at: u32) -> Placement {
    Placement::Fallthrough { at }
}
fn label(at: u32) -> Placement {
    Placement::Label { at }
}

/// Every site's sources, as plan-site indices.
fn derivations(r: &Reduction) -> Vec<Vec<usize>> {
    (0..r.sites()).map(|s| r.sources(s).iter().map(|&k| r.kept[k as usize]).collect()).collect()
}

/// `return c ? 1 : 0;`: the probe before `ireturn` is the OR of the two arms' probes.
/// 0: iload_0; 1: ifeq 8; 4: iconst_1; 5: goto 9; 8: iconst_0; 9: ireturn
#[test]
fn ternary_return_probe_is_left_out() {
    let code = [ILOAD_0, IFEQ, 0, 7, ICONST_1, GOTO, 0, 4, ICONST_0, IRETURN];
    let (plan, r) = reduced(&code, &[], &[]);
    assert_eq!(placements(&plan, &[0, 1, 2]), vec![label(5), fall(9), label(9)]);
    assert_eq!(r.kept, vec![0, 1]);
    assert_eq!(derivations(&r), vec![vec![0], vec![1], vec![0, 1]]);
    assert_eq!(r.kept_plan(&plan).sites, vec![plan.sites[0], plan.sites[1]]);
    // Only the goto's probe ran: so did the return's, not the other arm's.
    let ran = |k: usize| k == 0;
    assert_eq!((0..3).map(|s| r.executed(s, &ran)).collect::<Vec<_>>(), vec![true, false, true]);
}

/// The same shape with something that can throw between the arms and the return
/// (`idiv`, `invokestatic`, `getstatic`): the return's probe stays.
#[test]
fn anything_that_can_throw_keeps_the_probe() {
    for tail in [
        &[ILOAD_0, IDIV, IRETURN][..],
        &[INVOKESTATIC, 0, 2, IRETURN],
        &[POP, GETSTATIC, 0, 2, IRETURN],
        &[ICONST_2, IALOAD, IRETURN],
    ] {
        let mut code = vec![ILOAD_0, IFEQ, 0, 7, ICONST_1, GOTO, 0, 4, ICONST_0];
        code.extend_from_slice(tail);
        let (plan, r) = reduced(&code, &[], &[]);
        assert_eq!(r.kept, (0..plan.sites.len()).collect::<Vec<_>>(), "tail {tail:?}");
    }
    // Arithmetic that cannot throw (and a wide load) does not stop it.
    let mut code = vec![ILOAD_0, IFEQ, 0, 7, ICONST_1, GOTO, 0, 4, ICONST_0];
    code.extend_from_slice(&[ILOAD_0, IADD, I2L, LCONST_1, LMUL, L2I, WIDE, ISTORE, 1, 0, IINC, 1, 1, IRETURN]);
    let (plan, r) = reduced(&code, &[], &[]);
    assert_eq!(plan.sites.len(), 3);
    assert_eq!(r.kept, vec![0, 1]);
}

/// `ldc` of a number cannot throw; `ldc` of a string or class can (resolution).
#[test]
fn ldc_depends_on_the_constant() {
    let mut cp_bytes = vec![0u8, 4]; // count 4: #1 Integer, #2 Utf8 "s", #3 String #2
    cp_bytes.extend_from_slice(&[tag::INTEGER, 0, 0, 0, 7]);
    cp_bytes.extend_from_slice(&[tag::UTF8, 0, 1, b's']);
    cp_bytes.extend_from_slice(&[tag::STRING, 0, 2]);
    let (cp, _) = ConstantPool::parse(&cp_bytes, 0).unwrap();
    for (index, left_out) in [(1u8, true), (3, false)] {
        let code = [ILOAD_0, IFEQ, 0, 7, ICONST_1, GOTO, 0, 4, ICONST_0, LDC, index, POP, IRETURN];
        let insns = decode(&code).unwrap();
        let plan = plan_method_jacoco_only_with(&insns, &[], &[]).unwrap();
        let r = reduce(&insns, &[], &cp, &plan);
        assert_eq!(r.kept.len() < plan.sites.len(), left_out, "ldc #{index}");
    }
}

/// A return reached from the method entry with no probe on the way (straight-line code)
/// is the method's only probe: it stays.
#[test]
fn entry_and_handlers_are_opaque() {
    let (plan, r) = reduced(&[ICONST_0, ISTORE_0, RETURN], &[], &[]);
    assert_eq!(plan.sites.len(), 1);
    assert_eq!(r.kept, vec![0]);

    // try { foo(); } catch (Throwable t) { } return;
    // 0: invokestatic #2; 3: goto 7; 6: astore_0; 7: return   ([0, 3) -> 6)
    // The return's probe derives from the goto's and the fall-through's probes; the handler
    // (astore_0 at 6) is reached by an exception: the fall-through probe into 7 stays.
    let ex = [ExceptionEntry { start_pc: 0, end_pc: 3, handler_pc: 6, catch_type: 0 }];
    let (plan, r) = reduced(&[INVOKESTATIC, 0, 2, GOTO, 0, 4, ASTORE_0, RETURN], &ex, &[]);
    assert_eq!(placements(&plan, &[0, 1, 2]), vec![label(3), fall(7), label(7)]);
    assert_eq!(r.kept, vec![0, 1]);

    // A handler that starts right at the return: its probe stays.
    // 0: invokestatic #2; 3: return; 4: pop; 5: return  ([0, 3) -> 5)... and a jump-free
    // handler: 4: astore_0; 5: iconst_0; 6: pop; 7: return with the handler at 4.
    let ex = [ExceptionEntry { start_pc: 0, end_pc: 3, handler_pc: 4, catch_type: 0 }];
    let (plan, r) = reduced(&[INVOKESTATIC, 0, 2, RETURN, ASTORE_0, ICONST_0, POP, RETURN], &ex, &[]);
    assert_eq!(plan.sites.len(), 2);
    assert_eq!(r.kept, vec![0, 1]);
}

/// `while (true) {}` after some code: the loop's goto probe must not derive from itself;
/// the fall-through probe into the loop stays as well.
/// 0: iload_0; 1: ifeq 5; 4: nop; 5: goto 5
#[test]
fn cycles_keep_their_probes() {
    let code = [ILOAD_0, IFEQ, 0, 4, NOP, GOTO, 0, 0];
    let (plan, r) = reduced(&code, &[], &[]);
    assert!(plan.sites.len() >= 2, "{:?}", plan.sites);
    assert!(r.kept.iter().any(|&s| plan.sites[s].placement == label(5)), "{plan:?} {r:?}");
    // Every site resolves to at least one kept probe.
    assert!((0..r.sites()).all(|s| !r.sources(s).is_empty()));
}

/// Chains resolve to kept probes: a probe derived from a probe that is itself left out.
/// `return a ? (b ? 1 : 2) : 3;`
/// 0: iload_0; 1: ifeq 16; 4: iload_1; 5: ifeq 12; 8: iconst_1; 9: goto 13; 12: iconst_2;
/// 13: goto 17; 16: iconst_3; 17: ireturn
#[test]
fn derived_from_derived() {
    let code =
        [ILOAD_0, IFEQ, 0, 15, ILOAD_1, IFEQ, 0, 7, ICONST_1, GOTO, 0, 4, ICONST_2, GOTO, 0, 4, ICONST_3, IRETURN];
    let (plan, r) = reduced(&code, &[], &[]);
    let at = |p: Placement| plan.sites.iter().position(|s| s.placement == p).unwrap();
    let (g9, f13, g13, f17, ret) = (at(label(9)), at(fall(13)), at(label(13)), at(fall(17)), at(label(17)));
    // The goto at 13 runs exactly when one of the inner arms' probes ran; the return when the
    // outer goto or the outer else-arm's probe ran.
    assert!(!r.kept.contains(&g13) && !r.kept.contains(&ret), "{plan:?} {r:?}");
    let d = derivations(&r);
    assert_eq!(d[g13], vec![g9, f13]);
    assert_eq!(d[ret], {
        let mut v = vec![g9, f13, f17];
        v.sort();
        v
    });
    assert_eq!(r.kept.len(), 3);
}

/// Nothing to reduce in a plan of zero or one site.
#[test]
fn small_plans_are_identity() {
    let (plan, r) = reduced(&[RETURN], &[], &[]);
    assert_eq!(plan.sites.len(), 1);
    assert_eq!(r, Reduction::identity(1));
    assert_eq!(Reduction::identity(0).sites(), 0);
}

/// `if (c) foo(); return;`: the return follows a call, but both ways into it carry a probe
/// (the jump's, and the fall-through's after the call), so its own probe is left out. The quick
/// pre-check must not rule this out because of the call.
/// 0: iload_0; 1: ifeq 7; 4: invokestatic #2; 7: return
#[test]
fn probes_on_every_way_in_make_a_call_before_harmless() {
    let (plan, r) = reduced(&[ILOAD_0, IFEQ, 0, 6, INVOKESTATIC, 0, 2, RETURN], &[], &[]);
    assert_eq!(
        plan.sites.iter().map(|s| s.placement).collect::<Vec<_>>(),
        vec![Placement::Edge { insn: 1, target: 7 }, fall(7), label(7)]
    );
    assert_eq!(r.kept, vec![0, 1]);
    assert_eq!(derivations(&r)[2], vec![0, 1]);
}
