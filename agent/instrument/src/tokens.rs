//! Tokens for the fuzzer's automatic dictionary, harvested from a class as it loads: string
//! constants, int/long constants outside the small-immediate range and lookupswitch keys, in
//! both byte orders; and the contents of small array initializers (`new byte[] {(byte) 0x89,
//! 'P', 'N', 'G'}`, `new int[] {0x47, 0x49}`), which javac compiles to `bipush`/`bastore` runs
//! that never reach the constant pool. File-format signatures and magic pairs are written that
//! way.

use jvmfuzz_classfile::bytecode::{opcodes, Insn};
use jvmfuzz_classfile::{ClassFile, CpEntry};

pub fn push_int(tokens: &mut Vec<Vec<u8>>, v: i32) {
    // Small values are found by mutation anyway; a token for 0..=255 is noise.
    if (-128..=255).contains(&v) {
        return;
    }
    tokens.push(v.to_be_bytes().to_vec());
    tokens.push(v.to_le_bytes().to_vec());
    if let Ok(s) = i16::try_from(v) {
        tokens.push(s.to_be_bytes().to_vec());
    }
}

/// The value an instruction pushes, if it is an int constant with an immediate operand.
fn pushed_int(code: &[u8], insn: &Insn) -> Option<i32> {
    let at = |k: usize| code.get(insn.offset as usize + k).copied();
    match insn.opcode {
        op @ opcodes::ICONST_M1..=opcodes::ICONST_5 => Some(i32::from(op) - i32::from(opcodes::ICONST_0)),
        opcodes::BIPUSH => Some(i32::from(at(1)? as i8)),
        opcodes::SIPUSH => Some(i32::from(i16::from_be_bytes([at(1)?, at(2)?]))),
        _ => None,
    }
}

/// Tokens from array initializers: `<len>; newarray T; (dup; <index>; <value>; Tastore)*` with
/// every value fitting a byte (signed or unsigned), indexes in order from 0, at least 2 and at
/// most 64 elements. Each becomes one token of the values as bytes.
pub fn harvest_array_initializers(code: &[u8], insns: &[Insn], tokens: &mut Vec<Vec<u8>>) {
    const T_CHAR: u8 = 5;
    const T_BYTE: u8 = 8;
    const T_SHORT: u8 = 9;
    const T_INT: u8 = 10;
    for (i, insn) in insns.iter().enumerate() {
        if insn.opcode != opcodes::NEWARRAY {
            continue;
        }
        let store = match code.get(insn.offset as usize + 1) {
            Some(&T_BYTE) => opcodes::BASTORE,
            Some(&T_CHAR) => opcodes::CASTORE,
            Some(&T_SHORT) => opcodes::SASTORE,
            Some(&T_INT) => opcodes::IASTORE,
            _ => continue,
        };
        let Some(len) = i.checked_sub(1).and_then(|p| pushed_int(code, &insns[p])) else { continue };
        if !(2..=64).contains(&len) {
            continue;
        }
        let mut bytes = Vec::with_capacity(len as usize);
        let mut k = i + 1;
        while let Some([dup, index, value, st]) = insns.get(k..k + 4) {
            let ok =
                dup.opcode == opcodes::DUP && st.opcode == store && pushed_int(code, index) == Some(bytes.len() as i32);
            let Some(v) = pushed_int(code, value).filter(|v| ok && (-128..=255).contains(v)) else { break };
            bytes.push(v as u8);
            k += 4;
        }
        if bytes.len() == len as usize {
            tokens.push(bytes);
        }
    }
}

pub fn harvest_constants(cf: &ClassFile<'_>, tokens: &mut Vec<Vec<u8>>) {
    let cp = &cf.constant_pool;
    for (idx, e) in cp.iter() {
        match e {
            CpEntry::Integer(v) => push_int(tokens, v),
            CpEntry::Long(v) => {
                tokens.push(v.to_be_bytes().to_vec());
                tokens.push(v.to_le_bytes().to_vec());
            }
            CpEntry::String { .. } => {
                if let Ok(s) = cp.string(idx) {
                    if (2..=64).contains(&s.len()) {
                        tokens.push(s.as_bytes().to_vec());
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::bytecode::decode;
    use jvmfuzz_classfile::bytecode::opcodes::*;

    /// `<len>; newarray <atype>; (dup; <index>; <value>; <store>)*` as javac 17 writes it.
    fn initializer(atype: u8, store: u8, values: &[i32]) -> Vec<u8> {
        let push = |v: i32| match v {
            -1..=5 => vec![(i32::from(ICONST_0) + v) as u8],
            -128..=127 => vec![BIPUSH, v as i8 as u8],
            _ => {
                let [a, b] = (v as i16).to_be_bytes();
                vec![SIPUSH, a, b]
            }
        };
        let mut code = push(values.len() as i32);
        code.extend([NEWARRAY, atype]);
        for (i, &v) in values.iter().enumerate() {
            code.push(DUP);
            code.extend(push(i as i32));
            code.extend(push(v));
            code.push(store);
        }
        code.push(POP);
        code
    }

    fn harvest(code: &[u8]) -> Vec<Vec<u8>> {
        let mut code = code.to_vec();
        code.push(RETURN);
        let insns = decode(&code).unwrap();
        let mut tokens = Vec::new();
        harvest_array_initializers(&code, &insns, &mut tokens);
        tokens
    }

    #[test]
    fn signatures_and_magic_pairs_become_tokens() {
        let png = [-119, 80, 78, 71, 13, 10, 26, 10];
        let mut code = initializer(8, BASTORE, &png);
        code.extend(initializer(10, IASTORE, &[0x47, 0x49]));
        code.extend(initializer(10, IASTORE, &[0xff, 0xd8]));
        assert_eq!(harvest(&code), vec![b"\x89PNG\r\n\x1a\n".to_vec(), b"GI".to_vec(), vec![0xff, 0xd8]]);
    }

    #[test]
    fn other_arrays_are_not_tokens() {
        // A value that does not fit a byte, a single element, and a partly filled array.
        assert!(harvest(&initializer(10, IASTORE, &[1, 1000])).is_empty());
        assert!(harvest(&initializer(8, BASTORE, &[7])).is_empty());
        let mut partial = initializer(8, BASTORE, &[1, 2, 3]);
        // Drop the last element's stores but keep the declared length 3.
        partial.truncate(partial.len() - 5);
        partial.push(POP);
        assert!(harvest(&partial).is_empty());
    }
}
