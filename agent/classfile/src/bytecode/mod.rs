//! Instruction decoding and encoding over one method's `code` array (JVMS 6.5).
//!
//! [`decode`] turns bytes into [`Insn`]s and validates what the rewriter relies on: every
//! opcode is defined, every operand is in bounds, every branch and switch target lands on an
//! instruction boundary. The encoding helpers ([`switch_padding`], [`write_branch16`], ...)
//! are what the rewriter needs to re-emit control-flow instructions at a *new* offset: switch
//! padding depends on the position, so it is recomputed rather than copied.
//!
//! Nothing here panics on malformed input; errors carry the offending offset.

pub mod opcodes;

use opcodes::*;

/// Why a code array could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BytecodeError {
    #[error("empty code array")]
    Empty,
    #[error("code array of {0} bytes is too long (max 65535)")]
    TooLong(usize),
    #[error("unknown opcode 0x{opcode:02x} at offset {offset}")]
    UnknownOpcode { offset: u32, opcode: u8 },
    #[error("instruction at offset {0} runs past the end of the code")]
    Truncated(u32),
    #[error("instruction at offset {offset} jumps to {target}, which is not an instruction start")]
    BadTarget { offset: u32, target: i64 },
    #[error("malformed switch at offset {0}")]
    BadSwitch(u32),
    #[error("`wide` at offset {offset} modifies opcode 0x{opcode:02x}, which cannot be widened")]
    BadWide { offset: u32, opcode: u8 },
}

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Insn {
    /// Offset of the opcode in the code array.
    pub offset: u32,
    /// The opcode. For `wide` forms this is `WIDE`; the modified opcode is implied by `kind`
    /// and available from [`Insn::base_opcode`].
    pub opcode: u8,
    /// Encoded length in bytes, including switch padding at the *original* offset.
    pub len: u32,
    pub kind: InsnKind,
}

/// Operand view of an instruction. Targets are absolute offsets into the original code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InsnKind {
    /// No operand the rewriter cares about (bytes are copied verbatim).
    Plain,
    /// `if*`, `if_icmp*`, `if_acmp*`, `ifnull`, `ifnonnull`, `goto`, `goto_w`, `jsr`, `jsr_w`.
    Branch {
        target: u32,
    },
    TableSwitch {
        default: u32,
        low: i32,
        high: i32,
        targets: Vec<u32>,
    },
    LookupSwitch {
        default: u32,
        pairs: Vec<(i32, u32)>,
    },
    /// `invokevirtual`, `invokespecial`, `invokestatic`, `invokeinterface`.
    Invoke {
        cp_index: u16,
    },
    InvokeDynamic {
        cp_index: u16,
    },
    /// `getfield`, `putfield`, `getstatic`, `putstatic`.
    Field {
        cp_index: u16,
    },
    /// `ldc`, `ldc_w`, `ldc2_w`.
    Ldc {
        cp_index: u16,
    },
    /// `new`, `anewarray`, `checkcast`, `instanceof`, `multianewarray`.
    TypeRef {
        cp_index: u16,
    },
    /// Loads and stores, including `wide` and the `_0`..`_3` forms.
    Local {
        index: u16,
    },
    /// `iinc`, including `wide iinc`.
    Iinc {
        index: u16,
        delta: i16,
    },
    /// `ret`, including `wide ret`.
    Ret {
        index: u16,
    },
}

impl Insn {
    /// End offset (exclusive) in the original code.
    pub fn end(&self) -> u32 {
        self.offset + self.len
    }

    /// The opcode that does the work: for `wide xload` this is `xload`, else `opcode`.
    /// The `wide` form is recovered from the raw byte at `offset + 1`.
    pub fn base_opcode(&self, code: &[u8]) -> u8 {
        if self.opcode == WIDE {
            code.get(self.offset as usize + 1).copied().unwrap_or(WIDE)
        } else {
            self.opcode
        }
    }

    /// All branch targets (for switches: default first, then entries, duplicates kept).
    pub fn targets(&self) -> Vec<u32> {
        match &self.kind {
            InsnKind::Branch { target } => vec![*target],
            InsnKind::TableSwitch { default, targets, .. } => {
                let mut v = Vec::with_capacity(targets.len() + 1);
                v.push(*default);
                v.extend_from_slice(targets);
                v
            }
            InsnKind::LookupSwitch { default, pairs } => {
                let mut v = Vec::with_capacity(pairs.len() + 1);
                v.push(*default);
                v.extend(pairs.iter().map(|p| p.1));
                v
            }
            _ => Vec::new(),
        }
    }

    /// [`Insn::targets`] without allocating: same targets, same order.
    pub fn targets_iter(&self) -> impl Iterator<Item = u32> + '_ {
        let (first, table, pairs): (Option<u32>, &[u32], &[(i32, u32)]) = match &self.kind {
            InsnKind::Branch { target } => (Some(*target), &[], &[]),
            InsnKind::TableSwitch { default, targets, .. } => (Some(*default), targets, &[]),
            InsnKind::LookupSwitch { default, pairs } => (Some(*default), &[], pairs),
            _ => (None, &[], &[]),
        };
        first.into_iter().chain(table.iter().copied()).chain(pairs.iter().map(|p| p.1))
    }

    /// The raw bytes of this instruction in `code` (the slice it was decoded from).
    pub fn bytes<'c>(&self, code: &'c [u8]) -> &'c [u8] {
        code.get(self.offset as usize..self.end() as usize).unwrap_or(&[])
    }
}

/// `if*` including `ifnull`/`ifnonnull` (two successors, 16-bit offset).
pub fn is_conditional_branch(op: u8) -> bool {
    matches!(op, IFEQ..=IF_ACMPNE | IFNULL | IFNONNULL)
}

/// Instructions after which control never falls through to the next instruction:
/// `goto`, `goto_w`, `athrow`, `*return`, `ret`, `tableswitch`, `lookupswitch`.
///
/// `jsr`/`jsr_w` are *not* included: the subroutine's `ret` resumes at the instruction after
/// the `jsr`, so for control flow the next instruction is reachable from it.
pub fn is_unconditional(op: u8) -> bool {
    matches!(op, GOTO | GOTO_W | ATHROW | RET | TABLESWITCH | LOOKUPSWITCH) || is_return(op)
}

/// `ireturn`, `lreturn`, `freturn`, `dreturn`, `areturn`, `return`.
pub fn is_return(op: u8) -> bool {
    matches!(op, IRETURN..=RETURN)
}

/// Any instruction with a jump target: conditional branches, gotos, jsrs and switches.
pub fn is_jump(op: u8) -> bool {
    is_conditional_branch(op) || matches!(op, GOTO | GOTO_W | JSR | JSR_W | TABLESWITCH | LOOKUPSWITCH)
}

/// The conditional branch with the opposite condition (`ifeq` <-> `ifne`, `iflt` <-> `ifge`,
/// `ifnull` <-> `ifnonnull`, ...). `None` for anything that is not a conditional branch.
pub fn invert_condition(op: u8) -> Option<u8> {
    match op {
        // The if* opcodes come in complementary pairs 0x99/0x9a, 0x9b/0x9c, ... (eq/ne,
        // lt/ge, gt/le), so the pair partner is found by flipping on the parity relative to 0x99.
        IFEQ..=IF_ACMPNE => Some(if (op - IFEQ) & 1 == 0 { op + 1 } else { op - 1 }),
        IFNULL => Some(IFNONNULL),
        IFNONNULL => Some(IFNULL),
        _ => None,
    }
}

/// Padding bytes after a switch opcode at `offset` so that its operands are 4-byte aligned.
pub fn switch_padding(offset: u32) -> u32 {
    (4 - (offset + 1) % 4) % 4
}

/// Encoded length of a `tableswitch` with `n` entries placed at `offset`.
pub fn tableswitch_len(offset: u32, n: u32) -> u32 {
    1 + switch_padding(offset) + 12 + 4 * n
}

/// Encoded length of a `lookupswitch` with `n` pairs placed at `offset`.
pub fn lookupswitch_len(offset: u32, n: u32) -> u32 {
    1 + switch_padding(offset) + 8 + 8 * n
}

/// Appends a branch with a 16-bit relative offset (`if*`, `goto`, `jsr`).
pub fn write_branch16(out: &mut Vec<u8>, opcode: u8, rel: i16) {
    out.push(opcode);
    out.extend_from_slice(&rel.to_be_bytes());
}

/// Appends a branch with a 32-bit relative offset (`goto_w`, `jsr_w`).
pub fn write_branch32(out: &mut Vec<u8>, opcode: u8, rel: i32) {
    out.push(opcode);
    out.extend_from_slice(&rel.to_be_bytes());
}

/// Appends a `tableswitch` that starts at `out.len()` == its offset in the method (the caller
/// guarantees `out` holds the method's code from offset 0, so the padding is right).
/// `default` and `offsets` are relative to the switch's own offset.
pub fn write_tableswitch(out: &mut Vec<u8>, default: i32, low: i32, high: i32, offsets: &[i32]) {
    let at = out.len() as u32;
    out.push(TABLESWITCH);
    out.resize(out.len() + switch_padding(at) as usize, 0);
    out.extend_from_slice(&default.to_be_bytes());
    out.extend_from_slice(&low.to_be_bytes());
    out.extend_from_slice(&high.to_be_bytes());
    for o in offsets {
        out.extend_from_slice(&o.to_be_bytes());
    }
}

/// Appends a `lookupswitch` at `out.len()` (see [`write_tableswitch`]); offsets are relative.
pub fn write_lookupswitch(out: &mut Vec<u8>, default: i32, pairs: &[(i32, i32)]) {
    let at = out.len() as u32;
    out.push(LOOKUPSWITCH);
    out.resize(out.len() + switch_padding(at) as usize, 0);
    out.extend_from_slice(&default.to_be_bytes());
    out.extend_from_slice(&(pairs.len() as i32).to_be_bytes());
    for (k, o) in pairs {
        out.extend_from_slice(&k.to_be_bytes());
        out.extend_from_slice(&o.to_be_bytes());
    }
}

fn u8_at(code: &[u8], pos: usize, insn: u32) -> Result<u8, BytecodeError> {
    code.get(pos).copied().ok_or(BytecodeError::Truncated(insn))
}

fn u16_at(code: &[u8], pos: usize, insn: u32) -> Result<u16, BytecodeError> {
    match code.get(pos..pos + 2) {
        Some(b) => Ok(u16::from_be_bytes([b[0], b[1]])),
        None => Err(BytecodeError::Truncated(insn)),
    }
}

fn i32_at(code: &[u8], pos: usize, insn: u32) -> Result<i32, BytecodeError> {
    match code.get(pos..pos + 4) {
        Some(b) => Ok(i32::from_be_bytes([b[0], b[1], b[2], b[3]])),
        None => Err(BytecodeError::Truncated(insn)),
    }
}

/// Fixed instruction length (opcode included) or `None` for variable-length/unknown opcodes.
fn fixed_len(op: u8) -> Option<u32> {
    Some(match op {
        NOP..=DCONST_1 => 1,
        BIPUSH => 2,
        SIPUSH => 3,
        LDC => 2,
        LDC_W | LDC2_W => 3,
        ILOAD..=ALOAD => 2,
        ILOAD_0..=SALOAD => 1,
        ISTORE..=ASTORE => 2,
        ISTORE_0..=LXOR => 1,
        IINC => 3,
        I2L..=DCMPG => 1,
        IFEQ..=JSR => 3,
        RET => 2,
        IRETURN..=RETURN => 1,
        GETSTATIC..=INVOKESTATIC => 3,
        INVOKEINTERFACE | INVOKEDYNAMIC => 5,
        NEW => 3,
        NEWARRAY => 2,
        ANEWARRAY => 3,
        ARRAYLENGTH | ATHROW => 1,
        CHECKCAST | INSTANCEOF => 3,
        MONITORENTER | MONITOREXIT => 1,
        MULTIANEWARRAY => 4,
        IFNULL | IFNONNULL => 3,
        GOTO_W | JSR_W => 5,
        _ => return None,
    })
}

/// Decodes one instruction at `offset`. Targets are computed but not yet checked against
/// instruction boundaries (only [`decode`] can do that); they are checked to be in range.
fn decode_one(code: &[u8], offset: u32) -> Result<Insn, BytecodeError> {
    let at = offset as usize;
    let op = u8_at(code, at, offset)?;
    let code_len = code.len() as i64;
    let target = |rel: i64| -> Result<u32, BytecodeError> {
        let t = offset as i64 + rel;
        if t < 0 || t >= code_len {
            Err(BytecodeError::BadTarget { offset, target: t })
        } else {
            Ok(t as u32)
        }
    };
    let (len, kind) = match op {
        TABLESWITCH => {
            let base = at + 1 + switch_padding(offset) as usize;
            let default = target(i32_at(code, base, offset)? as i64)?;
            let low = i32_at(code, base + 4, offset)?;
            let high = i32_at(code, base + 8, offset)?;
            if high < low {
                return Err(BytecodeError::BadSwitch(offset));
            }
            let n = (high as i64 - low as i64 + 1) as usize;
            // Reject absurd counts before allocating: each entry needs 4 bytes of code.
            if n > code.len() / 4 {
                return Err(BytecodeError::Truncated(offset));
            }
            let mut targets = Vec::with_capacity(n);
            for i in 0..n {
                targets.push(target(i32_at(code, base + 12 + 4 * i, offset)? as i64)?);
            }
            let len = (base + 12 + 4 * n - at) as u32;
            (len, InsnKind::TableSwitch { default, low, high, targets })
        }
        LOOKUPSWITCH => {
            let base = at + 1 + switch_padding(offset) as usize;
            let default = target(i32_at(code, base, offset)? as i64)?;
            let npairs = i32_at(code, base + 4, offset)?;
            if npairs < 0 {
                return Err(BytecodeError::BadSwitch(offset));
            }
            let n = npairs as usize;
            if n > code.len() / 8 {
                return Err(BytecodeError::Truncated(offset));
            }
            let mut pairs = Vec::with_capacity(n);
            for i in 0..n {
                let key = i32_at(code, base + 8 + 8 * i, offset)?;
                let t = target(i32_at(code, base + 12 + 8 * i, offset)? as i64)?;
                pairs.push((key, t));
            }
            let len = (base + 8 + 8 * n - at) as u32;
            (len, InsnKind::LookupSwitch { default, pairs })
        }
        WIDE => {
            let inner = u8_at(code, at + 1, offset)?;
            let index = u16_at(code, at + 2, offset)?;
            match inner {
                ILOAD..=ALOAD | ISTORE..=ASTORE => (4, InsnKind::Local { index }),
                RET => (4, InsnKind::Ret { index }),
                IINC => {
                    let delta = u16_at(code, at + 4, offset)? as i16;
                    (6, InsnKind::Iinc { index, delta })
                }
                _ => return Err(BytecodeError::BadWide { offset, opcode: inner }),
            }
        }
        _ => {
            let len = fixed_len(op).ok_or(BytecodeError::UnknownOpcode { offset, opcode: op })?;
            if at + len as usize > code.len() {
                return Err(BytecodeError::Truncated(offset));
            }
            let cp = || u16_at(code, at + 1, offset);
            let kind = match op {
                IFEQ..=JSR | IFNULL | IFNONNULL => {
                    InsnKind::Branch { target: target(u16_at(code, at + 1, offset)? as i16 as i64)? }
                }
                GOTO_W | JSR_W => InsnKind::Branch { target: target(i32_at(code, at + 1, offset)? as i64)? },
                INVOKEVIRTUAL..=INVOKEINTERFACE => InsnKind::Invoke { cp_index: cp()? },
                INVOKEDYNAMIC => InsnKind::InvokeDynamic { cp_index: cp()? },
                GETSTATIC..=PUTFIELD => InsnKind::Field { cp_index: cp()? },
                LDC => InsnKind::Ldc { cp_index: u8_at(code, at + 1, offset)? as u16 },
                LDC_W | LDC2_W => InsnKind::Ldc { cp_index: cp()? },
                NEW | ANEWARRAY | CHECKCAST | INSTANCEOF | MULTIANEWARRAY => InsnKind::TypeRef { cp_index: cp()? },
                ILOAD..=ALOAD | ISTORE..=ASTORE => InsnKind::Local { index: u8_at(code, at + 1, offset)? as u16 },
                ILOAD_0..=ALOAD_3 => InsnKind::Local { index: ((op - ILOAD_0) % 4) as u16 },
                ISTORE_0..=ASTORE_3 => InsnKind::Local { index: ((op - ISTORE_0) % 4) as u16 },
                IINC => InsnKind::Iinc {
                    index: u8_at(code, at + 1, offset)? as u16,
                    delta: u8_at(code, at + 2, offset)? as i8 as i16,
                },
                RET => InsnKind::Ret { index: u8_at(code, at + 1, offset)? as u16 },
                _ => InsnKind::Plain,
            };
            (len, kind)
        }
    };
    if at + len as usize > code.len() {
        return Err(BytecodeError::Truncated(offset));
    }
    Ok(Insn { offset, opcode: op, len, kind })
}

/// Decodes a whole code array and validates it (see the module docs).
pub fn decode(code: &[u8]) -> Result<Vec<Insn>, BytecodeError> {
    if code.is_empty() {
        return Err(BytecodeError::Empty);
    }
    if code.len() > 65535 {
        return Err(BytecodeError::TooLong(code.len()));
    }
    // javac output averages about 1.8 bytes per instruction (26M instructions in 46 MB of code
    // over the JDK and 15 jars): room for 1.5 avoids regrowing (and copying) in most methods.
    let mut insns = Vec::with_capacity(code.len() * 2 / 3 + 4);
    let mut starts = vec![false; code.len()];
    let mut pc = 0u32;
    while (pc as usize) < code.len() {
        let insn = decode_one(code, pc)?;
        starts[pc as usize] = true;
        pc = insn.end();
        insns.push(insn);
    }
    for insn in &insns {
        for t in insn.targets_iter() {
            if !starts.get(t as usize).copied().unwrap_or(false) {
                return Err(BytecodeError::BadTarget { offset: insn.offset, target: t as i64 });
            }
        }
    }
    Ok(insns)
}

/// Index into `insns` (sorted by offset, as [`decode`] returns them) of the instruction
/// starting at `offset`, if any.
pub fn index_at(insns: &[Insn], offset: u32) -> Option<usize> {
    insns.binary_search_by_key(&offset, |i| i.offset).ok()
}

#[cfg(test)]
mod tests;
