//! Call-site redirects for the fuzzer: calls that would end the JVM (`System.exit`,
//! `Runtime.exit/halt`) or that compare against constants (`String.equals`, `startsWith`, ...,
//! `Arrays.equals(byte[], byte[])`, `Map.get`, `Set.contains`, `Enum.valueOf`), or whose
//! failure says what the input lacked (`StringTokenizer.nextToken`: the delimiters it read to)
//! go to `com.jvmfuzz.shim.fuzz.Hooks` instead, Kotlin's (`==`, its String extensions) to
//! `KotlinHooks`.
//! Each replacement has the same stack effect and the same instruction length
//! (`invokevirtual`/`invokestatic` + u2 becomes `invokestatic` + u2; `invokeinterface`'s two
//! extra bytes become `nop`s), so no offsets move and the StackMapTable stays valid.
//! The same pass applies `@MethodHook`s ([`crate::hooks`]: a hooked call goes to a bridge
//! method, and a redirect then applies inside the bridge) and harvests the class's tokens
//! ([`crate::tokens`]), to parse the class once.

use jvmfuzz_classfile::bytecode::{decode, opcodes, InsnKind};
use jvmfuzz_classfile::{access, attrs, ClassFile, CodeAttribute};

use crate::hooks::bridge::{self, Site};
use crate::hooks::{Bridges, HookSet};
use crate::tokens;

const HOOKS: &str = "com/jvmfuzz/shim/fuzz/Hooks";
const KOTLIN_HOOKS: &str = "com/jvmfuzz/shim/fuzz/KotlinHooks";

/// A call redirected to `<shim>.<hook>` (`Hooks`, or `KotlinHooks` for Kotlin's). The hook takes
/// the same arguments, a virtual call's receiver first, and returns the same type, so its
/// descriptor follows from the call's.
struct Redirect {
    shim: &'static str,
    opcode: u8,
    owner: &'static str,
    name: &'static str,
    descriptor: &'static str,
    hook: &'static str,
}

const fn virt(owner: &'static str, name: &'static str, descriptor: &'static str, hook: &'static str) -> Redirect {
    Redirect { shim: HOOKS, opcode: opcodes::INVOKEVIRTUAL, owner, name, descriptor, hook }
}

const fn stat(owner: &'static str, name: &'static str, descriptor: &'static str, hook: &'static str) -> Redirect {
    Redirect { shim: HOOKS, opcode: opcodes::INVOKESTATIC, owner, name, descriptor, hook }
}

const fn intf(owner: &'static str, name: &'static str, descriptor: &'static str, hook: &'static str) -> Redirect {
    Redirect { shim: HOOKS, opcode: opcodes::INVOKEINTERFACE, owner, name, descriptor, hook }
}

/// A static method of Kotlin's standard library, redirected to `KotlinHooks`.
const fn kotlin(owner: &'static str, name: &'static str, descriptor: &'static str, hook: &'static str) -> Redirect {
    Redirect { shim: KOTLIN_HOOKS, opcode: opcodes::INVOKESTATIC, owner, name, descriptor, hook }
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
    virt(STRING, "indexOf", "(I)I", "stringIndexOfChar"),
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
    virt(STRING, "replace", "(Ljava/lang/CharSequence;Ljava/lang/CharSequence;)Ljava/lang/String;", "stringReplace"),
    virt(STRING, "lastIndexOf", "(Ljava/lang/String;I)I", "stringLastIndexOfFrom"),
    virt(
        "java/util/StringTokenizer",
        "nextToken",
        "(Ljava/lang/String;)Ljava/lang/String;",
        "tokenizerNextTokenDelims",
    ),
    virt("java/util/StringTokenizer", "nextToken", "()Ljava/lang/String;", "tokenizerNextToken"),
    virt("java/lang/StringBuilder", "indexOf", "(Ljava/lang/String;)I", "builderIndexOf"),
    virt("java/lang/StringBuilder", "lastIndexOf", "(Ljava/lang/String;)I", "builderLastIndexOf"),
    virt("java/lang/StringBuffer", "indexOf", "(Ljava/lang/String;)I", "bufferIndexOf"),
    virt("java/lang/StringBuffer", "lastIndexOf", "(Ljava/lang/String;)I", "bufferLastIndexOf"),
    // Integral comparisons inside the JDK: their operands are logged like an if_icmp's.
    stat("java/lang/Integer", "compare", "(II)I", "intCompare"),
    stat("java/lang/Integer", "compareUnsigned", "(II)I", "intCompareUnsigned"),
    stat("java/lang/Long", "compare", "(JJ)I", "longCompare"),
    stat("java/lang/Long", "compareUnsigned", "(JJ)I", "longCompareUnsigned"),
    stat("java/lang/Short", "compare", "(SS)I", "shortCompare"),
    stat("java/lang/Short", "compareUnsigned", "(SS)I", "shortCompareUnsigned"),
    stat("java/lang/Byte", "compare", "(BB)I", "byteCompare"),
    stat("java/lang/Byte", "compareUnsigned", "(BB)I", "byteCompareUnsigned"),
    stat("java/lang/Character", "compare", "(CC)I", "charCompare"),
    virt("java/lang/Integer", "compareTo", "(Ljava/lang/Integer;)I", "integerCompareTo"),
    virt("java/lang/Long", "compareTo", "(Ljava/lang/Long;)I", "longCompareTo"),
    virt("java/lang/Short", "compareTo", "(Ljava/lang/Short;)I", "shortCompareTo"),
    virt("java/lang/Byte", "compareTo", "(Ljava/lang/Byte;)I", "byteCompareTo"),
    virt("java/lang/Character", "compareTo", "(Ljava/lang/Character;)I", "characterCompareTo"),
    virt("java/lang/Integer", "equals", "(Ljava/lang/Object;)Z", "integerEquals"),
    virt("java/lang/Long", "equals", "(Ljava/lang/Object;)Z", "longEquals"),
    virt("java/lang/Short", "equals", "(Ljava/lang/Object;)Z", "shortEquals"),
    virt("java/lang/Byte", "equals", "(Ljava/lang/Object;)Z", "byteEquals"),
    virt("java/lang/Character", "equals", "(Ljava/lang/Object;)Z", "characterEquals"),
    stat("java/util/Arrays", "equals", "([BII[BII)Z", "bytesRangeEqual"),
    stat("java/util/Arrays", "compare", "([B[B)I", "bytesCompare"),
    stat("java/util/Arrays", "compareUnsigned", "([B[B)I", "bytesCompareUnsigned"),
    stat("java/util/Arrays", "compare", "([BII[BII)I", "bytesRangeCompare"),
    stat("java/util/Arrays", "compareUnsigned", "([BII[BII)I", "bytesRangeCompareUnsigned"),
    intf("java/util/Map", "get", "(Ljava/lang/Object;)Ljava/lang/Object;", "mapGet"),
    intf("java/util/Map", "containsKey", "(Ljava/lang/Object;)Z", "mapContainsKey"),
    virt("java/util/HashMap", "get", "(Ljava/lang/Object;)Ljava/lang/Object;", "hashMapGet"),
    virt("java/util/HashMap", "containsKey", "(Ljava/lang/Object;)Z", "hashMapContainsKey"),
    virt("java/util/TreeMap", "get", "(Ljava/lang/Object;)Ljava/lang/Object;", "treeMapGet"),
    virt("java/util/TreeMap", "containsKey", "(Ljava/lang/Object;)Z", "treeMapContainsKey"),
    virt("java/util/LinkedHashMap", "get", "(Ljava/lang/Object;)Ljava/lang/Object;", "linkedHashMapGet"),
    virt(
        "java/util/concurrent/ConcurrentHashMap",
        "get",
        "(Ljava/lang/Object;)Ljava/lang/Object;",
        "concurrentHashMapGet",
    ),
    virt(
        "java/util/concurrent/ConcurrentHashMap",
        "containsKey",
        "(Ljava/lang/Object;)Z",
        "concurrentHashMapContainsKey",
    ),
    intf(
        "java/util/Map",
        "getOrDefault",
        "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
        "mapGetOrDefault",
    ),
    virt(
        "java/util/HashMap",
        "getOrDefault",
        "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
        "hashMapGetOrDefault",
    ),
    // Sets of keywords, looked up as maps are.
    intf("java/util/Set", "contains", "(Ljava/lang/Object;)Z", "setContains"),
    intf("java/util/Set", "remove", "(Ljava/lang/Object;)Z", "setRemove"),
    virt("java/util/HashSet", "contains", "(Ljava/lang/Object;)Z", "hashSetContains"),
    virt("java/util/LinkedHashSet", "contains", "(Ljava/lang/Object;)Z", "linkedHashSetContains"),
    virt("java/util/TreeSet", "contains", "(Ljava/lang/Object;)Z", "treeSetContains"),
    // An enum constant by name: javac's `E.valueOf(String)` calls this inside E.
    stat("java/lang/Enum", "valueOf", "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Enum;", "enumValueOf"),
    // Floating-point comparisons inside the JDK: their bits, as fcmp/dcmp's are logged.
    stat("java/lang/Float", "compare", "(FF)I", "floatCompare"),
    stat("java/lang/Double", "compare", "(DD)I", "doubleCompare"),
    virt("java/lang/Float", "compareTo", "(Ljava/lang/Float;)I", "floatCompareTo"),
    virt("java/lang/Double", "compareTo", "(Ljava/lang/Double;)I", "doubleCompareTo"),
    // Kotlin's `==` and comparisons, and its String extensions (kotlin-stdlib is seldom
    // instrumented: OSS-Fuzz's includes name the project's packages only). A call with
    // default arguments goes through the `$default` twin, which takes a mask and a marker.
    kotlin(KT_INTRINSICS, "areEqual", "(Ljava/lang/Object;Ljava/lang/Object;)Z", "areEqual"),
    kotlin(KT_INTRINSICS, "compare", "(II)I", "compareInts"),
    kotlin(KT_INTRINSICS, "compare", "(JJ)I", "compareLongs"),
    kotlin(KT_STRINGS, "equals", "(Ljava/lang/String;Ljava/lang/String;Z)Z", "stringEquals"),
    kotlin(
        KT_STRINGS,
        "equals$default",
        "(Ljava/lang/String;Ljava/lang/String;ZILjava/lang/Object;)Z",
        "stringEqualsDefault",
    ),
    kotlin(KT_STRINGS, "startsWith", "(Ljava/lang/String;Ljava/lang/String;Z)Z", "startsWith"),
    kotlin(
        KT_STRINGS,
        "startsWith$default",
        "(Ljava/lang/String;Ljava/lang/String;ZILjava/lang/Object;)Z",
        "startsWithDefault",
    ),
    kotlin(KT_STRINGS, "endsWith", "(Ljava/lang/String;Ljava/lang/String;Z)Z", "endsWith"),
    kotlin(
        KT_STRINGS,
        "endsWith$default",
        "(Ljava/lang/String;Ljava/lang/String;ZILjava/lang/Object;)Z",
        "endsWithDefault",
    ),
    kotlin(KT_STRINGS, "contains", "(Ljava/lang/CharSequence;Ljava/lang/CharSequence;Z)Z", "contains"),
    kotlin(
        KT_STRINGS,
        "contains$default",
        "(Ljava/lang/CharSequence;Ljava/lang/CharSequence;ZILjava/lang/Object;)Z",
        "containsDefault",
    ),
];

const KT_INTRINSICS: &str = "kotlin/jvm/internal/Intrinsics";
const KT_STRINGS: &str = "kotlin/text/StringsKt";

/// The shim methods the redirects call, as (class, name, descriptor): a test checks each
/// against the compiled shim, since a missing one fails only at run time.
pub fn hook_methods() -> impl Iterator<Item = (&'static str, &'static str, String)> {
    REDIRECTS.iter().map(|r| (r.shim, r.hook, r.hook_descriptor()))
}

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

/// A class with its calls redirected and hooked: `bytes` (same length as the original's code)
/// still needs `bridges` appended once the rest of the rewriting is done
/// ([`crate::hooks::append_bridges`]).
pub struct Prepared {
    pub bytes: Vec<u8>,
    pub redirected: u32,
    pub hooked: u32,
    pub bridges: Bridges,
}

/// Redirects calls (if `redirect`), hooks the calls `hooks` match, and collects tokens.
pub fn prepare(
    original: &[u8],
    hooks: &HookSet,
    redirect: bool,
    tokens: &mut Vec<Vec<u8>>,
) -> Result<Prepared, RedirectError> {
    prepare_in(original, hooks, redirect, tokens, false)
}

/// [`prepare`], with the bridges in a companion class if `companion` (a retransformation,
/// which may not add methods: [`crate::hooks::bridge::companion_class`]).
pub fn prepare_in(
    original: &[u8],
    hooks: &HookSet,
    redirect: bool,
    tokens: &mut Vec<Vec<u8>>,
    companion: bool,
) -> Result<Prepared, RedirectError> {
    let mut cf = ClassFile::parse(original).map_err(RedirectError::from)?;
    tokens::harvest_constants(&cf, tokens);
    let this = cf.this_class_name().map_err(RedirectError::from)?.into_owned();
    let companion = companion.then(|| bridge::companion_name(&this));
    let hook_here = !hooks.is_empty() && !hooks.is_hook_class(&this) && hookable_class(&cf);
    let super_name = cf.super_class_name().ok().flatten().map(|s| s.into_owned());
    // (method index, offset of the invoke, the redirect)
    let mut patches: Vec<(usize, usize, &'static Redirect)> = Vec::new();
    let mut sites: Vec<Site<'_>> = Vec::new();
    for (mi, m) in cf.methods.iter().enumerate() {
        let Some(code) = m.code() else { continue };
        let Ok(insns) = decode(&code.code) else { continue };
        tokens::harvest_array_initializers(&code.code, &insns, tokens);
        let frames = if hook_here { frame_offsets(&cf, code) } else { None };
        // `new C; dup` not yet matched with their `C.<init>`: (offset of `new`, class).
        let mut pending_new: Vec<(usize, u16)> = Vec::new();
        for (k, insn) in insns.iter().enumerate() {
            match &insn.kind {
                InsnKind::LookupSwitch { pairs, .. } => {
                    for (key, _) in pairs {
                        tokens::push_int(tokens, *key);
                    }
                }
                InsnKind::TypeRef { cp_index }
                    if insn.opcode == opcodes::NEW && insns.get(k + 1).is_some_and(|n| n.opcode == opcodes::DUP) =>
                {
                    pending_new.push((insn.offset as usize, *cp_index));
                }
                InsnKind::Invoke { cp_index } => {
                    let Ok(r) = cf.constant_pool.member_ref(*cp_index) else { continue };
                    let mut new_offset = None;
                    if insn.opcode == opcodes::INVOKESPECIAL {
                        if r.name != "<init>" {
                            continue;
                        }
                        // The `new` this constructor call completes, if it is one (not a
                        // `super(...)`/`this(...)` call).
                        match pending_new.last() {
                            Some(&(at, class)) if cf.constant_pool.class_name(class).is_ok_and(|c| c == r.class) => {
                                pending_new.pop();
                                new_offset = Some(at);
                            }
                            _ => continue,
                        }
                    }
                    let redirect_hit = REDIRECTS.iter().find(|x| {
                        redirect
                            && x.opcode == insn.opcode
                            && r.class == x.owner
                            && r.name == x.name
                            && r.descriptor == x.descriptor
                    });
                    let matched = if hook_here { hooks.matching(&r.class, &r.name, &r.descriptor) } else { Vec::new() };
                    let hookable = !matched.is_empty()
                        && frames.as_ref().is_some_and(|f| match new_offset {
                            // A frame between `new` and the call names `uninitialized(new)`.
                            Some(at) => !f.iter().any(|&o| o as usize > at && o <= insn.offset),
                            None => true,
                        })
                        // A protected method of a superclass in another package may only be
                        // called on this class's objects; the bridge's receiver is typed as
                        // the owner, which the verifier would refuse.
                        && (super_name.as_deref() != Some(&*r.class) || package(&r.class) == package(&this))
                        && (companion.is_none() || companion_may_call(hooks, &r.class, &this, super_name.as_deref()));
                    if hookable {
                        sites.push(Site {
                            method_index: mi,
                            offset: insn.offset as usize,
                            new_offset,
                            opcode: insn.opcode,
                            cp_index: *cp_index,
                            interface: cf.constant_pool.is_interface_methodref(*cp_index),
                            owner: r.class.into_owned(),
                            name: r.name.into_owned(),
                            descriptor: r.descriptor.into_owned(),
                            hooks: matched,
                            redirect: None,
                        });
                        if let Some(x) = redirect_hit {
                            // The bridge calls the redirect instead of the target.
                            let idx = sites.len() - 1;
                            patches.push((usize::MAX, idx, x));
                        }
                    } else if let Some(x) = redirect_hit {
                        patches.push((mi, insn.offset as usize, x));
                    }
                }
                _ => {}
            }
        }
    }
    if patches.is_empty() && sites.is_empty() {
        return Ok(Prepared { bytes: original.to_vec(), redirected: 0, hooked: 0, bridges: Bridges::default() });
    }
    let mut resolved: Vec<(*const Redirect, u16)> = Vec::new();
    let mut redirected = 0u32;
    for (mi, off, x) in patches {
        let idx = match resolved.iter().find(|(r, _)| std::ptr::eq(*r, x)) {
            Some(&(_, i)) => i,
            None => {
                let i = cf
                    .constant_pool
                    .add_method_ref(x.shim, x.hook, &x.hook_descriptor())
                    .map_err(RedirectError::from)?;
                resolved.push((x, i));
                i
            }
        };
        if mi == usize::MAX {
            if let Some(site) = sites.get_mut(off) {
                site.redirect = Some(idx);
                redirected += 1;
            }
            continue;
        }
        let Some(code) = cf.methods.get_mut(mi).and_then(|m| m.code_mut()) else { continue };
        let len = if x.opcode == opcodes::INVOKEINTERFACE { 5 } else { 3 };
        if let Some(slot) = code.code.to_mut().get_mut(off..off + len) {
            slot[0] = opcodes::INVOKESTATIC;
            slot[1..3].copy_from_slice(&idx.to_be_bytes());
            slot[3..].fill(opcodes::NOP);
            redirected += 1;
        }
    }
    let bridges = bridge::patch(&mut cf, &sites, &this, companion.as_deref()).map_err(RedirectError::from)?;
    let hooked = u32::try_from(bridges.len()).unwrap_or(u32::MAX);
    let bytes = cf.try_to_bytes().map_err(RedirectError::from)?;
    Ok(Prepared { bytes, redirected, hooked, bridges })
}

/// Classes a bridge can be added to: a private static method in an interface needs Java 8.
fn hookable_class(cf: &ClassFile<'_>) -> bool {
    cf.access_flags & access::INTERFACE == 0 || cf.major_version >= 52
}

/// Whether a companion class (same package and loader as `this`, not its subclass) may make a
/// call on `owner` that `this` makes, as far as can be told without the target's flags: a
/// private method is only for `this`'s nest, and a protected one of another package only for
/// subclasses, called on `this`'s own hierarchy (the owner a supertype or subtype of `this`).
/// Interfaces count as supertypes too: the hierarchy does not say which are.
fn companion_may_call(hooks: &HookSet, owner: &str, this: &str, super_name: Option<&str>) -> bool {
    if same_nest(owner, this) || super_name == Some(owner) {
        return false;
    }
    let related = |a: &str, b: &str| hooks.supertypes(a).is_some_and(|s| s.iter().any(|c| c == b));
    !related(this, owner) && !related(owner, this)
}

/// Whether two classes share a top-level class (`a/B` and `a/B$Inner`), the nest whose
/// private members they may call.
fn same_nest(a: &str, b: &str) -> bool {
    let top = |c: &str| c.split_once('$').map_or(c, |(t, _)| t).to_string();
    top(a) == top(b)
}

fn package(internal: &str) -> &str {
    internal.rsplit_once('/').map_or("", |(p, _)| p)
}

/// Offsets of the method's stack map frames; `None` if its StackMapTable cannot be read (the
/// method is then not hooked).
fn frame_offsets(cf: &ClassFile<'_>, code: &CodeAttribute<'_>) -> Option<Vec<u32>> {
    match code.attribute(&cf.constant_pool, "StackMapTable") {
        None => Some(Vec::new()),
        Some(raw) => attrs::frame_offsets(raw).ok().map(|(frames, _)| frames),
    }
}
