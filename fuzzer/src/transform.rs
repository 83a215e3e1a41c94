//! What the fuzzer does to one class on load, in addition to what the profiler does:
//! 1. *Redirects* calls that would end the JVM (`System.exit`, `Runtime.exit/halt`) or that
//!    compare against constants (`String.equals`, `startsWith`, ..., `Arrays.equals(byte[],
//!    byte[])`) to `com.jvmfuzz.shim.fuzz.Hooks`. Each replacement has the same stack effect
//!    and the same instruction length (`invokevirtual`/`invokestatic` + u2 becomes
//!    `invokestatic` + u2), so only one opcode byte and one constant-pool index change: no
//!    offsets move and the StackMapTable stays valid.
//! 2. *Harvests tokens* for the automatic dictionary: string constants, int/long constants
//!    outside the small-immediate range and lookupswitch keys, in both byte orders; and the
//!    contents of small array initializers (`new byte[] {(byte) 0x89, 'P', 'N', 'G'}`, `new
//!    int[] {0x47, 0x49}`), which javac compiles to `bipush`/`bastore` runs that never reach the
//!    constant pool. File-format signatures and magic pairs are written that way.
//! 3. Instruments with the agent's rewriter in fuzz mode (`flow_probes: false`: method entry
//!    and every branch arm) plus comparison-operand logging (`if_icmp*`, `lcmp`, switch keys,
//!    divisors, ...: site ids from `cmplog::Sites`), and registers the class with the runtime.

use std::sync::Mutex;

use jvmfuzz_agent::bytecode::{decode, opcodes, Insn, InsnKind};
use jvmfuzz_agent::classfile::{ClassFile, CpEntry};
use jvmfuzz_agent::instrument::{instrument_class_cmp, InstrumentConfig, JacocoPlanner, MethodOutcome};
use jvmfuzz_runtime::{ClassRecord, MethodRecord};

const HOOKS: &str = "com/jvmfuzz/shim/fuzz/Hooks";

/// (opcode, owner, name, descriptor) -> (Hooks method, its descriptor).
const REDIRECTS: &[(u8, &str, &str, &str, &str, &str)] = &[
    (opcodes::INVOKESTATIC, "java/lang/System", "exit", "(I)V", "systemExit", "(I)V"),
    (opcodes::INVOKEVIRTUAL, "java/lang/Runtime", "exit", "(I)V", "runtimeExit", "(Ljava/lang/Runtime;I)V"),
    (opcodes::INVOKEVIRTUAL, "java/lang/Runtime", "halt", "(I)V", "runtimeHalt", "(Ljava/lang/Runtime;I)V"),
    (
        opcodes::INVOKEVIRTUAL,
        "java/lang/String",
        "equals",
        "(Ljava/lang/Object;)Z",
        "stringEquals",
        "(Ljava/lang/String;Ljava/lang/Object;)Z",
    ),
    (
        opcodes::INVOKEVIRTUAL,
        "java/lang/String",
        "equalsIgnoreCase",
        "(Ljava/lang/String;)Z",
        "stringEqualsIgnoreCase",
        "(Ljava/lang/String;Ljava/lang/String;)Z",
    ),
    (
        opcodes::INVOKEVIRTUAL,
        "java/lang/String",
        "startsWith",
        "(Ljava/lang/String;)Z",
        "stringStartsWith",
        "(Ljava/lang/String;Ljava/lang/String;)Z",
    ),
    (
        opcodes::INVOKEVIRTUAL,
        "java/lang/String",
        "contains",
        "(Ljava/lang/CharSequence;)Z",
        "stringContains",
        "(Ljava/lang/String;Ljava/lang/CharSequence;)Z",
    ),
    (opcodes::INVOKESTATIC, "java/util/Arrays", "equals", "([B[B)Z", "bytesEqual", "([B[B)Z"),
];

/// Tokens harvested from classes loaded since the fuzzer last took them.
static PENDING_TOKENS: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// Queues tokens found elsewhere (comparison operands) for the fuzzer's dictionary.
pub fn add_pending_tokens(tokens: Vec<Vec<u8>>) {
    PENDING_TOKENS.lock().unwrap_or_else(|e| e.into_inner()).extend(tokens);
}

/// Takes the tokens harvested so far.
pub fn take_tokens() -> Vec<Vec<u8>> {
    std::mem::take(&mut *PENDING_TOKENS.lock().unwrap_or_else(|e| e.into_inner()))
}

#[derive(Debug)]
pub struct Transformed {
    pub bytes: Vec<u8>,
    pub probes: u32,
    pub redirected: u32,
}

/// Redirects calls and collects tokens. Returns the (possibly) patched class bytes and the
/// number of calls redirected.
pub fn redirect_and_harvest(original: &[u8], tokens: &mut Vec<Vec<u8>>) -> Result<(Vec<u8>, u32), String> {
    let mut cf = ClassFile::parse(original).map_err(|e| e.to_string())?;
    harvest_constants(&cf, tokens);
    // (method index, offset of the invoke, Hooks method, its descriptor)
    let mut patches: Vec<(usize, usize, &'static str, &'static str)> = Vec::new();
    for (mi, m) in cf.methods.iter().enumerate() {
        let Some(code) = m.code() else { continue };
        let Ok(insns) = decode(&code.code) else { continue };
        harvest_array_initializers(&code.code, &insns, tokens);
        for insn in &insns {
            match &insn.kind {
                InsnKind::LookupSwitch { pairs, .. } => {
                    for (k, _) in pairs {
                        push_int(tokens, *k);
                    }
                }
                InsnKind::Invoke { cp_index }
                    if matches!(insn.opcode, opcodes::INVOKESTATIC | opcodes::INVOKEVIRTUAL) =>
                {
                    let Ok(r) = cf.constant_pool.member_ref(*cp_index) else { continue };
                    let hit = REDIRECTS.iter().find(|(op, c, n, d, _, _)| {
                        *op == insn.opcode && r.class == *c && r.name == *n && r.descriptor == *d
                    });
                    if let Some(&(_, _, _, _, name, desc)) = hit {
                        patches.push((mi, insn.offset as usize, name, desc));
                    }
                }
                _ => {}
            }
        }
    }
    if patches.is_empty() {
        return Ok((original.to_vec(), 0));
    }
    let mut resolved: Vec<(&str, &str, u16)> = Vec::new();
    let mut redirected = 0u32;
    for (mi, off, name, desc) in patches {
        let idx = match resolved.iter().find(|(n, d, _)| *n == name && *d == desc) {
            Some(&(_, _, i)) => i,
            None => {
                let i = cf.constant_pool.add_method_ref(HOOKS, name, desc).map_err(|e| e.to_string())?;
                resolved.push((name, desc, i));
                i
            }
        };
        let Some(code) = cf.methods.get_mut(mi).and_then(|m| m.code_mut()) else { continue };
        if let Some(slot) = code.code.to_mut().get_mut(off..off + 3) {
            slot[0] = opcodes::INVOKESTATIC;
            slot[1..3].copy_from_slice(&idx.to_be_bytes());
            redirected += 1;
        }
    }
    let bytes = cf.try_to_bytes().map_err(|e| e.to_string())?;
    Ok((bytes, redirected))
}

fn push_int(tokens: &mut Vec<Vec<u8>>, v: i32) {
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
fn harvest_array_initializers(code: &[u8], insns: &[Insn], tokens: &mut Vec<Vec<u8>>) {
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
            let ok = dup.opcode == opcodes::DUP
                && st.opcode == store
                && pushed_int(code, index) == Some(bytes.len() as i32);
            let Some(v) = pushed_int(code, value).filter(|v| ok && (-128..=255).contains(v)) else { break };
            bytes.push(v as u8);
            k += 4;
        }
        if bytes.len() == len as usize {
            tokens.push(bytes);
        }
    }
}

fn harvest_constants(cf: &ClassFile<'_>, tokens: &mut Vec<Vec<u8>>) {
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

/// The whole fuzz-mode transformation of one class; `None` if nothing was instrumented.
pub fn transform(name: &str, original: &[u8]) -> Result<Option<Transformed>, String> {
    let mut tokens = Vec::new();
    let (prepared, redirected) = redirect_and_harvest(original, &mut tokens)?;
    if !tokens.is_empty() {
        PENDING_TOKENS.lock().unwrap_or_else(|e| e.into_inner()).extend(tokens);
    }
    let mut reserve_error = None;
    let mut alloc = |n: u32| match jvmfuzz_runtime::reserve(n) {
        Ok(first) => first,
        Err(e) => {
            reserve_error = Some(e);
            0
        }
    };
    // InstrumentConfig::default() is the fuzzer's: entry + branch arms, no flow probes.
    let mut sites = crate::cmplog::Sites;
    let inst = instrument_class_cmp(&prepared, &InstrumentConfig::default(), &mut alloc, &JacocoPlanner, Some(&mut sites))
        .map_err(|e| e.to_string())?;
    if let Some(e) = reserve_error {
        return Err(e.to_string());
    }
    let methods: Vec<MethodRecord> = inst
        .methods
        .iter()
        .filter_map(|m| match m.outcome {
            MethodOutcome::Instrumented { first_probe, probe_count } => Some(MethodRecord {
                name: m.name.clone(),
                descriptor: m.descriptor.clone(),
                first_probe,
                probe_count,
            }),
            MethodOutcome::Skipped(_) => None,
        })
        .collect();
    if !inst.changed || methods.is_empty() {
        if redirected > 0 {
            return Ok(Some(Transformed { bytes: prepared, probes: 0, redirected }));
        }
        return Ok(None);
    }
    let first_probe = methods.iter().map(|m| m.first_probe).min().unwrap_or(0);
    let probes = inst.counts.probes;
    // A restarted client's probes get their old map cells back (before any of them can fire).
    crate::coverage::map().on_class(name, &methods);
    jvmfuzz_runtime::register_class(ClassRecord {
        name: name.to_string(),
        original: std::sync::Arc::from(prepared.as_slice()),
        first_probe,
        methods,
    });
    Ok(Some(Transformed { bytes: inst.bytes, probes, redirected }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_agent::bytecode::opcodes::*;

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
        assert_eq!(
            harvest(&code),
            vec![b"\x89PNG\r\n\x1a\n".to_vec(), b"GI".to_vec(), vec![0xff, 0xd8]]
        );
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
