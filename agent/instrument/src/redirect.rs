//! Call-site redirects for the fuzzer: calls that would end the JVM (`System.exit`,
//! `Runtime.exit/halt`) or that compare against constants (`String.equals`, `startsWith`, ...,
//! `Arrays.equals(byte[], byte[])`) go to `com.jvmfuzz.shim.fuzz.Hooks` instead. Each
//! replacement has the same stack effect and the same instruction length
//! (`invokevirtual`/`invokestatic` + u2 becomes `invokestatic` + u2), so only one opcode byte
//! and one constant-pool index change: no offsets move and the StackMapTable stays valid.
//! The same pass harvests the class's tokens ([`crate::tokens`]), to parse it once.

use jvmfuzz_classfile::bytecode::{decode, opcodes, InsnKind};
use jvmfuzz_classfile::ClassFile;

use crate::tokens;

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

/// Why a class could not be prepared; the caller hands back the original bytes.
#[derive(Debug, thiserror::Error)]
#[error("class file: {0}")]
pub struct RedirectError(#[from] jvmfuzz_classfile::ClassFileError);

/// Redirects calls and collects tokens. Returns the (possibly) patched class bytes and the
/// number of calls redirected.
pub fn redirect_and_harvest(original: &[u8], tokens: &mut Vec<Vec<u8>>) -> Result<(Vec<u8>, u32), RedirectError> {
    let mut cf = ClassFile::parse(original).map_err(RedirectError::from)?;
    tokens::harvest_constants(&cf, tokens);
    // (method index, offset of the invoke, Hooks method, its descriptor)
    let mut patches: Vec<(usize, usize, &'static str, &'static str)> = Vec::new();
    for (mi, m) in cf.methods.iter().enumerate() {
        let Some(code) = m.code() else { continue };
        let Ok(insns) = decode(&code.code) else { continue };
        tokens::harvest_array_initializers(&code.code, &insns, tokens);
        for insn in &insns {
            match &insn.kind {
                InsnKind::LookupSwitch { pairs, .. } => {
                    for (k, _) in pairs {
                        tokens::push_int(tokens, *k);
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
                let i = cf.constant_pool.add_method_ref(HOOKS, name, desc).map_err(RedirectError::from)?;
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
    let bytes = cf.try_to_bytes().map_err(RedirectError::from)?;
    Ok((bytes, redirected))
}
