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

/// A call redirected to `Hooks.<hook>`. The hook takes the same arguments, a virtual call's
/// receiver first, and returns the same type, so its descriptor follows from the call's.
struct Redirect {
    opcode: u8,
    owner: &'static str,
    name: &'static str,
    descriptor: &'static str,
    hook: &'static str,
}

const fn virt(owner: &'static str, name: &'static str, descriptor: &'static str, hook: &'static str) -> Redirect {
    Redirect { opcode: opcodes::INVOKEVIRTUAL, owner, name, descriptor, hook }
}

const fn stat(owner: &'static str, name: &'static str, descriptor: &'static str, hook: &'static str) -> Redirect {
    Redirect { opcode: opcodes::INVOKESTATIC, owner, name, descriptor, hook }
}

const STRING: &str = "java/lang/String";

/// Calls that end the JVM, then comparisons whose operands go to the comparison log (the
/// JDK's own code is not instrumented, so these are seen only at the call).
const REDIRECTS: &[Redirect] = &[
    stat("java/lang/System", "exit", "(I)V", "systemExit"),
    virt("java/lang/Runtime", "exit", "(I)V", "runtimeExit"),
    virt("java/lang/Runtime", "halt", "(I)V", "runtimeHalt"),
    virt(STRING, "equals", "(Ljava/lang/Object;)Z", "stringEquals"),
    virt(STRING, "equalsIgnoreCase", "(Ljava/lang/String;)Z", "stringEqualsIgnoreCase"),
    virt(STRING, "startsWith", "(Ljava/lang/String;)Z", "stringStartsWith"),
    virt(STRING, "endsWith", "(Ljava/lang/String;)Z", "stringEndsWith"),
    virt(STRING, "contains", "(Ljava/lang/CharSequence;)Z", "stringContains"),
    virt(STRING, "contentEquals", "(Ljava/lang/CharSequence;)Z", "stringContentEquals"),
    virt(STRING, "compareTo", "(Ljava/lang/String;)I", "stringCompareTo"),
    virt(STRING, "compareToIgnoreCase", "(Ljava/lang/String;)I", "stringCompareToIgnoreCase"),
    virt(STRING, "indexOf", "(Ljava/lang/String;)I", "stringIndexOf"),
    virt(STRING, "indexOf", "(Ljava/lang/String;I)I", "stringIndexOfFrom"),
    virt(STRING, "lastIndexOf", "(Ljava/lang/String;)I", "stringLastIndexOf"),
    virt(STRING, "regionMatches", "(ILjava/lang/String;II)Z", "stringRegionMatches"),
    virt(STRING, "regionMatches", "(ZILjava/lang/String;II)Z", "stringRegionMatchesCase"),
    virt("java/lang/Object", "equals", "(Ljava/lang/Object;)Z", "objectEquals"),
    stat("java/util/Objects", "equals", "(Ljava/lang/Object;Ljava/lang/Object;)Z", "objectsEquals"),
    stat("java/util/Arrays", "equals", "([B[B)Z", "bytesEqual"),
    stat("java/util/Arrays", "equals", "([C[C)Z", "charsEqual"),
    virt("java/math/BigInteger", "equals", "(Ljava/lang/Object;)Z", "bigIntegerEquals"),
    virt("java/math/BigInteger", "compareTo", "(Ljava/math/BigInteger;)I", "bigIntegerCompareTo"),
    virt("java/math/BigDecimal", "equals", "(Ljava/lang/Object;)Z", "bigDecimalEquals"),
    virt("java/math/BigDecimal", "compareTo", "(Ljava/math/BigDecimal;)I", "bigDecimalCompareTo"),
];

impl Redirect {
    /// The hook's descriptor: a virtual call's receiver becomes the first parameter.
    fn hook_descriptor(&self) -> String {
        if self.opcode == opcodes::INVOKESTATIC {
            self.descriptor.to_string()
        } else {
            format!("(L{};{}", self.owner, &self.descriptor[1..])
        }
    }
}

/// Why a class could not be prepared; the caller hands back the original bytes.
#[derive(Debug, thiserror::Error)]
#[error("class file: {0}")]
pub struct RedirectError(#[from] jvmfuzz_classfile::ClassFileError);

/// Redirects calls and collects tokens. Returns the (possibly) patched class bytes and the
/// number of calls redirected.
pub fn redirect_and_harvest(original: &[u8], tokens: &mut Vec<Vec<u8>>) -> Result<(Vec<u8>, u32), RedirectError> {
    let mut cf = ClassFile::parse(original).map_err(RedirectError::from)?;
    tokens::harvest_constants(&cf, tokens);
    // (method index, offset of the invoke, the redirect)
    let mut patches: Vec<(usize, usize, &'static Redirect)> = Vec::new();
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
                    let hit = REDIRECTS.iter().find(|x| {
                        x.opcode == insn.opcode
                            && r.class == x.owner
                            && r.name == x.name
                            && r.descriptor == x.descriptor
                    });
                    if let Some(x) = hit {
                        patches.push((mi, insn.offset as usize, x));
                    }
                }
                _ => {}
            }
        }
    }
    if patches.is_empty() {
        return Ok((original.to_vec(), 0));
    }
    let mut resolved: Vec<(*const Redirect, u16)> = Vec::new();
    let mut redirected = 0u32;
    for (mi, off, x) in patches {
        let idx = match resolved.iter().find(|(r, _)| std::ptr::eq(*r, x)) {
            Some(&(_, i)) => i,
            None => {
                let i = cf
                    .constant_pool
                    .add_method_ref(HOOKS, x.hook, &x.hook_descriptor())
                    .map_err(RedirectError::from)?;
                resolved.push((x, i));
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
