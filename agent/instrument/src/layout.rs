//! Offset layout of a rewritten method: where every original instruction, every block of
//! inserted probe code and every trampoline lands.
//!
//! New code, in order: for each original instruction `X`, the probes placed *before* `X`'s
//! label (`Fallthrough`), then `X`'s label followed by the probes placed *at* it (`Label`),
//! then `X` itself; after the last instruction come the trampolines (`probe...; goto_w T`).
//!
//! Sizes depend on positions (switch padding) and on distances (a `goto` or `if` whose jump
//! no longer fits 16 bits must be widened, which moves everything after it), so the layout
//! is a fixed-point loop. It terminates because an instruction, once widened, stays wide:
//! sizes only grow, and there are at most as many widenings as branches.

use jvmfuzz_classfile::bytecode::{
    is_conditional_branch, lookupswitch_len, opcodes::*, tableswitch_len, Insn, InsnKind,
};

/// Where a jump (or one switch entry) goes in the new code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    /// The label of the original instruction with this index (so `Label` probes run).
    Label(usize),
    /// The trampoline with this index.
    Trampoline(usize),
}

/// What the layout needs to know per original instruction and per trampoline.
pub struct LayoutInput<'a> {
    pub insns: &'a [Insn],
    /// Bytes inserted before each instruction's label.
    pub pre_len: &'a [u32],
    /// Bytes inserted at each instruction's label.
    pub label_len: &'a [u32],
    /// For each instruction, the destination of the first entry of [`Insn::targets`]
    /// (`None` for instructions without targets). Only 16-bit branches, which have exactly
    /// one target, can need widening.
    pub dests: &'a [Option<Dest>],
    /// Total size of each trampoline (probes plus the closing `goto_w`).
    pub tramp_len: &'a [u32],
}

/// The result. Vectors indexed by instruction have one extra entry at index `n` (= "end of
/// the original code") equal to `main_end`, so that exclusive ends map uniformly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Start of the code inserted before each instruction (`Fallthrough` probes).
    pub pre: Vec<u32>,
    /// Each instruction's label (jump targets, handlers, `Label` probes).
    pub label: Vec<u32>,
    /// New offset of each original instruction.
    pub insn: Vec<u32>,
    /// Whether a `goto` became `goto_w` or an `if` became `if!cond +8; goto_w`.
    pub wide: Vec<bool>,
    /// Start of each trampoline.
    pub tramp: Vec<u32>,
    /// End of the relocated original code (trampolines start here).
    pub main_end: u32,
    /// Total new code length (may exceed 65535; the caller checks).
    pub len: u32,
}

impl Layout {
    pub fn dest_offset(&self, d: Dest) -> u32 {
        match d {
            Dest::Label(i) => self.label.get(i).copied().unwrap_or(self.main_end),
            Dest::Trampoline(t) => self.tramp.get(t).copied().unwrap_or(self.len),
        }
    }
}

/// Encoded size of `insn` placed at `at`.
pub fn encoded_len(insn: &Insn, at: u32, wide: bool) -> u32 {
    match &insn.kind {
        InsnKind::TableSwitch { targets, .. } => tableswitch_len(at, targets.len() as u32),
        InsnKind::LookupSwitch { pairs, .. } => lookupswitch_len(at, pairs.len() as u32),
        InsnKind::Branch { .. } if wide && is_conditional_branch(insn.opcode) => 8,
        InsnKind::Branch { .. } if wide && matches!(insn.opcode, GOTO | JSR) => 5,
        _ => insn.len,
    }
}

/// Runs the fixed-point layout.
pub fn layout(input: &LayoutInput<'_>) -> Layout {
    let n = input.insns.len();
    let mut lay = Layout {
        pre: vec![0; n + 1],
        label: vec![0; n + 1],
        insn: vec![0; n + 1],
        wide: vec![false; n],
        tramp: vec![0; input.tramp_len.len()],
        main_end: 0,
        len: 0,
    };
    loop {
        // u64 so that no input can overflow; the caller rejects anything over 65535.
        let mut pos: u64 = 0;
        for (i, insn) in input.insns.iter().enumerate() {
            lay.pre[i] = pos as u32;
            pos += input.pre_len.get(i).copied().unwrap_or(0) as u64;
            lay.label[i] = pos as u32;
            pos += input.label_len.get(i).copied().unwrap_or(0) as u64;
            lay.insn[i] = pos as u32;
            pos += encoded_len(insn, pos as u32, lay.wide[i]) as u64;
            pos = pos.min(u32::MAX as u64 / 2);
        }
        lay.pre[n] = pos as u32;
        lay.label[n] = pos as u32;
        lay.insn[n] = pos as u32;
        lay.main_end = pos as u32;
        for (t, len) in input.tramp_len.iter().enumerate() {
            lay.tramp[t] = pos as u32;
            pos += *len as u64;
        }
        lay.len = pos.min(u32::MAX as u64) as u32;

        let mut changed = false;
        for (i, insn) in input.insns.iter().enumerate() {
            // Only 16-bit branches can overflow; goto_w and switches have 32-bit offsets.
            let short = is_conditional_branch(insn.opcode) || matches!(insn.opcode, GOTO | JSR);
            if lay.wide[i] || !short {
                continue;
            }
            let Some(&Some(d)) = input.dests.get(i) else {
                continue;
            };
            let rel = lay.dest_offset(d) as i64 - lay.insn[i] as i64;
            if rel < i16::MIN as i64 || rel > i16::MAX as i64 {
                lay.wide[i] = true;
                changed = true;
            }
        }
        if !changed {
            return lay;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::bytecode::decode;

    #[test]
    fn inserts_shift_offsets_and_pad_switches() {
        // 0: iload_0; 1: tableswitch pad 2 (default ->24, 0..0 -> 24) ; 24: return
        let mut code = vec![ILOAD_0];
        jvmfuzz_classfile::bytecode::write_tableswitch(&mut code, 23, 0, 0, &[23]);
        assert_eq!(code.len(), 1 + 1 + 2 + 12 + 4);
        // Fix targets: the switch is 19 bytes long, so `return` is at 20 (rel 19).
        let mut code = vec![ILOAD_0];
        jvmfuzz_classfile::bytecode::write_tableswitch(&mut code, 19, 0, 0, &[19]);
        code.push(RETURN);
        let insns = decode(&code).unwrap();
        let dests = vec![None, Some(Dest::Label(2)), None];
        // 6 bytes (one probe) before the switch: it moves to 7, padding 0 instead of 2.
        let lay = layout(&LayoutInput {
            insns: &insns,
            pre_len: &[0, 6, 0],
            label_len: &[0, 0, 0],
            dests: &dests,
            tramp_len: &[],
        });
        assert_eq!(lay.insn, vec![0, 7, 7 + 17, 7 + 17 + 1]);
        assert_eq!(lay.pre[1], 1);
        assert_eq!(lay.len, 25);
        assert_eq!(lay.wide, vec![false; 3]);
    }

    #[test]
    fn far_branches_widen_and_move_later_code() {
        // 0: ifeq -> 4; 3: nop; 4: goto -> 0; 7: return
        let code = [IFEQ, 0, 4, NOP, GOTO, 0xff, 0xfc, RETURN];
        let insns = decode(&code).unwrap();
        let dests = vec![Some(Dest::Label(2)), None, Some(Dest::Label(0)), None];
        // 40000 bytes of probes at the nop's label: both branches span it.
        let lay = layout(&LayoutInput {
            insns: &insns,
            pre_len: &[0, 0, 0, 0],
            label_len: &[0, 40_000, 0, 0],
            dests: &dests,
            tramp_len: &[],
        });
        assert_eq!(lay.wide, vec![true, false, true, false]);
        assert_eq!(lay.label[1], 8);
        assert_eq!(lay.insn[1], 8 + 40_000);
        assert_eq!(lay.insn[2], 8 + 40_000 + 1);
        assert_eq!(lay.len, 8 + 40_000 + 1 + 5 + 1);
    }

    #[test]
    fn trampolines_follow_main_code() {
        let code = [ICONST_0, IFEQ, 0, 4, RETURN, RETURN];
        let insns = decode(&code).unwrap();
        let dests = vec![None, Some(Dest::Trampoline(0)), None, None];
        let lay = layout(&LayoutInput {
            insns: &insns,
            pre_len: &[6, 0, 0, 0],
            label_len: &[0, 0, 0, 0],
            dests: &dests,
            tramp_len: &[11],
        });
        assert_eq!(lay.main_end, 12);
        assert_eq!(lay.tramp, vec![12]);
        assert_eq!(lay.dest_offset(Dest::Trampoline(0)), 12);
        assert_eq!(lay.len, 23);
    }
}
