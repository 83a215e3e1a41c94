//! Hooked call sites become calls to a bridge: a private static synthetic method added to the
//! calling class that packs the arguments into an `Object[]`, calls the BEFORE hooks, the
//! target (or the REPLACE hook) and the AFTER hooks, and returns what the call would have.
//!
//! Why a bridge and not inline code: the call site keeps its length (`invoke*` + u2 becomes
//! `invokestatic` + u2, `invokeinterface`'s two extra bytes become `nop`s), so no offset moves
//! and the StackMapTable stays valid, and the bridge itself is straight-line code, which
//! needs no frames. A constructor call `new C; dup; args...; invokespecial C.<init>` becomes
//! `nop x4; args...; invokestatic bridge(args)C`: the same stack effect, with the object made
//! inside the bridge. That is only done when no frame lies between the `new` and the call
//! (a frame there would name the removed `uninitialized(new)`).
//!
//! Semantics are Jazzer's: the target gets the arguments back from the array (a BEFORE hook
//! may replace them), `thisObject` is null for static targets and before a constructor has
//! run, the `MethodHandle` is null for constructors and for class files older than Java 7
//! (no `CONSTANT_MethodHandle`), and the AFTER hooks see the return value boxed (null for
//! void). Bridges are added after the rest of the rewriting ([`append_bridges`]), so they get
//! no probes.
//!
//! A class that loaded before the hooks were installed is retransformed, and a
//! retransformation may not add methods. Its bridges go to a companion class instead
//! ([`companion_class`]: public static methods, in the same package and class loader, so a
//! call the class could make the companion can make too, except where only the class's nest
//! or hierarchy may call: `redirect::prepare_in` leaves those calls unhooked), which the agent
//! defines before it hands back the patched class.

use std::borrow::Cow;

use jvmfuzz_classfile::bytecode::opcodes::*;
use jvmfuzz_classfile::descriptor::param_descriptors;
use jvmfuzz_classfile::{access, Attribute, AttributeInfo, ClassFile, ClassFileError, CodeAttribute, Member};

use super::spec::wrapper;
use super::{HookType, MethodHook};

const OBJECT: &str = "Ljava/lang/Object;";

/// Methods to add to a class once its other rewriting is done: their constant-pool entries
/// already exist in the class the call sites were patched in, and rewriting only appends to
/// the pool, so the indices stay valid.
#[derive(Debug, Default, Clone)]
pub struct Bridges {
    methods: Vec<Member<'static>>,
    /// The companion class the bridges belong to (`None`: the calling class itself).
    companion: Option<String>,
}

impl Bridges {
    pub fn is_empty(&self) -> bool {
        self.methods.is_empty()
    }

    pub fn len(&self) -> usize {
        self.methods.len()
    }
}

/// Adds `bridges` to the class `bytes` (the patched class, possibly rewritten since).
pub fn append_bridges(bytes: &[u8], bridges: &Bridges) -> Result<Vec<u8>, ClassFileError> {
    if bridges.is_empty() || bridges.companion.is_some() {
        return Ok(bytes.to_vec());
    }
    let mut cf = ClassFile::parse(bytes)?;
    cf.methods.extend(bridges.methods.iter().cloned());
    cf.try_to_bytes()
}

/// A retransformed class's companion ([`companion_class`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Companion {
    /// Internal name.
    pub name: String,
    pub bytes: Vec<u8>,
    /// Each bridge's name and descriptor, for the agent to resolve once defined: resolving
    /// links and verifies the class, so a companion the JVM would refuse is found before the
    /// class that calls it is handed back.
    pub methods: Vec<(String, String)>,
}

/// The companion class of `bridges` made for `bytes` (the class as `prepare_in` patched it,
/// before any other rewriting: every pool entry a bridge uses is there already), or `None` if
/// the bridges are the class's own. The companion takes the class's whole constant pool (and
/// its `BootstrapMethods`, which the pool's dynamic constants need), so the bridges' indices
/// stay valid; HotSpot resolves only the entries the bridges use.
pub fn companion_class(bytes: &[u8], bridges: &Bridges) -> Result<Option<Companion>, ClassFileError> {
    let Some(name) = bridges.companion.clone().filter(|_| !bridges.is_empty()) else { return Ok(None) };
    let caller = ClassFile::parse(bytes)?;
    let mut constant_pool = caller.constant_pool.clone();
    let this_class = constant_pool.add_class(&name)?;
    let super_class = constant_pool.add_class("java/lang/Object")?;
    let attributes = caller.attribute("BootstrapMethods").cloned().into_iter().collect();
    let mut methods = Vec::with_capacity(bridges.methods.len());
    for m in &bridges.methods {
        methods.push((m.name(&constant_pool)?.into_owned(), m.descriptor(&constant_pool)?.into_owned()));
    }
    let companion = ClassFile {
        minor_version: caller.minor_version,
        major_version: caller.major_version,
        constant_pool,
        access_flags: access::PUBLIC | access::FINAL | access::SUPER | access::SYNTHETIC,
        this_class,
        super_class,
        interfaces: Vec::new(),
        fields: Vec::new(),
        methods: bridges.methods.clone(),
        attributes,
    };
    Ok(Some(Companion { name, bytes: companion.try_to_bytes()?, methods }))
}

/// The companion class of `class` (internal name) for [`companion_class`].
pub fn companion_name(class: &str) -> String {
    format!("{class}{COMPANION_SUFFIX}")
}

/// Ends the name of every companion class: the agent leaves such classes alone.
pub const COMPANION_SUFFIX: &str = "$jvmfuzz$hooks";

/// One call site to hook.
pub(crate) struct Site<'h> {
    pub method_index: usize,
    /// Offset of the `invoke*`.
    pub offset: usize,
    /// For a constructor call: offset of its `new` (followed by `dup`).
    pub new_offset: Option<usize>,
    pub opcode: u8,
    pub cp_index: u16,
    pub interface: bool,
    pub owner: String,
    pub name: String,
    pub descriptor: String,
    pub hooks: Vec<&'h MethodHook>,
    /// Where the target call goes instead (the fuzzer's redirect of this call, if any).
    pub redirect: Option<u16>,
}

/// Patches `sites` to call bridges and returns the bridges to add later, to the class or to
/// its `companion`. A site whose bridge cannot be written is left as it was.
pub(crate) fn patch(
    cf: &mut ClassFile<'_>,
    sites: &[Site<'_>],
    salt: &str,
    companion: Option<&str>,
) -> Result<Bridges, ClassFileError> {
    let this = cf.this_class_name()?.into_owned();
    let with_handles = cf.major_version >= 51;
    let code_name = cf.constant_pool.add_utf8("Code")?;
    let mut bridges = Bridges { methods: Vec::new(), companion: companion.map(str::to_string) };
    let first = cf.methods.len();
    for site in sites {
        let n = first + bridges.methods.len();
        let name = format!("jvmfuzz$hook${n}");
        let built = match bridge_descriptor(site) {
            Some(d) => body(cf, site, with_handles, salt)?.map(|b| (d, b)),
            None => None,
        };
        let Some((descriptor, (code, max_locals))) = built else {
            // No bridge: the call stays, but a redirect it has (System.exit) must still apply.
            if let (Some(idx), None) = (site.redirect, site.new_offset) {
                patch_call(cf, site, idx);
            }
            continue;
        };
        let params = param_descriptors(&descriptor).map_or(0, |p| p.iter().map(|d| words(d)).sum::<u16>());
        let visibility = if companion.is_some() { access::PUBLIC } else { access::PRIVATE };
        let method = Member {
            access_flags: visibility | access::STATIC | access::SYNTHETIC,
            name_index: cf.constant_pool.add_utf8(&name)?,
            descriptor_index: cf.constant_pool.add_utf8(&descriptor)?,
            attributes: vec![Attribute {
                name_index: code_name,
                info: AttributeInfo::Code(CodeAttribute {
                    max_stack: params.saturating_add(12),
                    max_locals,
                    code: Cow::Owned(code),
                    exception_table: Vec::new(),
                    attributes: Vec::new(),
                }),
            }],
        };
        let bridge_ref = if let Some(host) = companion {
            cf.constant_pool.add_method_ref(host, &name, &descriptor)?
        } else if cf.access_flags & access::INTERFACE != 0 {
            cf.constant_pool.add_interface_method_ref(&this, &name, &descriptor)?
        } else {
            cf.constant_pool.add_method_ref(&this, &name, &descriptor)?
        };
        if !patch_call(cf, site, bridge_ref) {
            continue;
        }
        if let Some(new_at) = site.new_offset {
            let code = cf.methods.get_mut(site.method_index).and_then(|m| m.code_mut());
            let Some(slot) = code.and_then(|c| c.code.to_mut().get_mut(new_at..new_at + 4)) else { continue };
            slot.fill(NOP);
        }
        bridges.methods.push(method);
    }
    Ok(bridges)
}

/// Makes the site's `invoke*` an `invokestatic` of `method` (`nop`s for `invokeinterface`'s
/// extra bytes). False if the site is not where it should be.
fn patch_call(cf: &mut ClassFile<'_>, site: &Site<'_>, method: u16) -> bool {
    let Some(code) = cf.methods.get_mut(site.method_index).and_then(|m| m.code_mut()) else { return false };
    let len = if site.opcode == INVOKEINTERFACE { 5 } else { 3 };
    let Some(slot) = code.code.to_mut().get_mut(site.offset..site.offset + len) else { return false };
    let [hi, lo] = method.to_be_bytes();
    slot[..3].copy_from_slice(&[INVOKESTATIC, hi, lo]);
    slot[3..].fill(NOP);
    true
}

/// The receiver (if any) then the call's parameters; a constructor's bridge returns the object.
fn bridge_descriptor(site: &Site<'_>) -> Option<String> {
    let params = site.descriptor.strip_prefix('(')?;
    Some(match site.opcode {
        INVOKESTATIC => site.descriptor.clone(),
        INVOKESPECIAL => format!("({}L{};", params.strip_suffix('V')?, site.owner),
        _ => format!("({}{params}", field_descriptor_of_class(&site.owner)),
    })
}

/// A class's field descriptor; array "classes" (`[I` as the owner of `clone`) are their own.
fn field_descriptor_of_class(internal: &str) -> String {
    if internal.starts_with('[') {
        internal.to_string()
    } else {
        format!("L{internal};")
    }
}

fn words(d: &str) -> u16 {
    if d == "J" || d == "D" {
        2
    } else {
        1
    }
}

/// FNV-1a over the site: a stable `hookId` per call site and hook (Jazzer's is random).
fn hook_id(salt: &str, site: &Site<'_>, k: usize) -> i32 {
    let mut h: u32 = 0x811c_9dc5;
    let key = format!("{salt}#{}#{}#{k}", site.method_index, site.offset);
    for b in key.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h as i32
}

/// Bytecode of a bridge, with a few locals beyond the parameters.
struct Asm {
    code: Vec<u8>,
}

impl Asm {
    fn op(&mut self, op: u8) {
        self.code.push(op);
    }
    fn op2(&mut self, op: u8, idx: u16) {
        self.code.push(op);
        self.code.extend_from_slice(&idx.to_be_bytes());
    }
    fn int(&mut self, cf: &mut ClassFile<'_>, v: i32) -> Result<(), ClassFileError> {
        match v {
            -1..=5 => self.op((ICONST_0 as i32 + v) as u8),
            -128..=127 => {
                self.op(BIPUSH);
                self.code.push(v as i8 as u8);
            }
            -32768..=32767 => self.op2(SIPUSH, v as i16 as u16),
            _ => {
                let idx = cf.constant_pool.add_integer(v)?;
                self.op2(LDC_W, idx);
            }
        }
        Ok(())
    }
    /// `xload`/`xstore` of slot `slot`, `wide` when it does not fit a byte.
    fn var(&mut self, base: u8, slot: u16) {
        match u8::try_from(slot) {
            Ok(s) => {
                self.op(base);
                self.code.push(s);
            }
            Err(_) => {
                self.op(WIDE);
                self.op2(base, slot);
            }
        }
    }
    fn load(&mut self, d: &str, slot: u16) {
        self.var(load_op(d), slot);
    }
    fn store(&mut self, d: &str, slot: u16) {
        self.var(load_op(d) + (ISTORE - ILOAD), slot);
    }
    fn checkcast(&mut self, cf: &mut ClassFile<'_>, d: &str) -> Result<(), ClassFileError> {
        if d != OBJECT {
            let class = d.strip_prefix('L').and_then(|c| c.strip_suffix(';')).unwrap_or(d);
            let idx = cf.constant_pool.add_class(class)?;
            self.op2(CHECKCAST, idx);
        }
        Ok(())
    }
    /// A primitive value on the stack becomes its wrapper; references stay.
    fn box_value(&mut self, cf: &mut ClassFile<'_>, d: &str) -> Result<(), ClassFileError> {
        if let Some(w) = class_of(wrapper(d)).filter(|_| is_primitive(d)) {
            let idx = cf.constant_pool.add_method_ref(w, "valueOf", &format!("({d})L{w};"))?;
            self.op2(INVOKESTATIC, idx);
        }
        Ok(())
    }
    /// An `Object` on the stack becomes a value of type `d` (cast, and unboxed if primitive).
    fn unbox(&mut self, cf: &mut ClassFile<'_>, d: &str) -> Result<(), ClassFileError> {
        self.checkcast(cf, wrapper(d))?;
        if is_primitive(d) {
            let w = class_of(wrapper(d)).unwrap_or("java/lang/Object");
            let idx = cf.constant_pool.add_method_ref(w, &format!("{}Value", primitive_name(d)), &format!("(){d}"))?;
            self.op2(INVOKEVIRTUAL, idx);
        }
        Ok(())
    }
}

fn class_of(d: &str) -> Option<&str> {
    d.strip_prefix('L').and_then(|c| c.strip_suffix(';'))
}

fn is_primitive(d: &str) -> bool {
    d.len() == 1 && d != "V"
}

fn primitive_name(d: &str) -> &'static str {
    match d {
        "Z" => "boolean",
        "B" => "byte",
        "C" => "char",
        "S" => "short",
        "I" => "int",
        "J" => "long",
        "F" => "float",
        _ => "double",
    }
}

fn load_op(d: &str) -> u8 {
    match d {
        "Z" | "B" | "C" | "S" | "I" => ILOAD,
        "J" => LLOAD,
        "F" => FLOAD,
        "D" => DLOAD,
        _ => ALOAD,
    }
}

fn return_op(d: &str) -> u8 {
    match d {
        "V" => RETURN,
        "Z" | "B" | "C" | "S" | "I" => IRETURN,
        "J" => LRETURN,
        "F" => FRETURN,
        "D" => DRETURN,
        _ => ARETURN,
    }
}

/// The bridge's code and `max_locals`, or `None` for a call it cannot express.
fn body(
    cf: &mut ClassFile<'_>,
    site: &Site<'_>,
    with_handles: bool,
    salt: &str,
) -> Result<Option<(Vec<u8>, u16)>, ClassFileError> {
    let Some(params) = param_descriptors(&site.descriptor) else { return Ok(None) };
    let ret = site.descriptor.rsplit(')').next().unwrap_or("V").to_string();
    let ctor = site.name == "<init>";
    let has_receiver = !ctor && site.opcode != INVOKESTATIC;
    let owner_d = field_descriptor_of_class(&site.owner);
    // Slots: [receiver] params..., then the argument array, then the call's result.
    let mut slots = Vec::with_capacity(params.len());
    let mut next: u16 = u16::from(has_receiver);
    for p in &params {
        slots.push(next);
        next += words(p);
    }
    let args = next;
    let result = args + 1;
    let max_locals = result + 2;
    let handle = match (with_handles && !ctor, site.opcode) {
        (true, INVOKEVIRTUAL) => Some(cf.constant_pool.add_method_handle(5, site.cp_index)?),
        (true, INVOKESTATIC) if !site.interface || cf.major_version >= 52 => {
            Some(cf.constant_pool.add_method_handle(6, site.cp_index)?)
        }
        (true, INVOKEINTERFACE) => Some(cf.constant_pool.add_method_handle(9, site.cp_index)?),
        _ => None,
    };
    let mut a = Asm { code: Vec::with_capacity(64) };

    a.int(cf, params.len() as i32)?;
    let object = cf.constant_pool.add_class("java/lang/Object")?;
    a.op2(ANEWARRAY, object);
    a.var(ASTORE, args);
    for (i, (p, &slot)) in params.iter().zip(&slots).enumerate() {
        a.var(ALOAD, args);
        a.int(cf, i as i32)?;
        a.load(p, slot);
        a.box_value(cf, p)?;
        a.op(AASTORE);
    }

    // (method handle, thisObject, arguments, hookId) of the hook call; `initialized` says
    // whether a constructor's object exists yet.
    let common = |a: &mut Asm, cf: &mut ClassFile<'_>, h: &MethodHook, k: usize, initialized: bool| {
        match handle {
            Some(idx) => a.op2(LDC_W, idx),
            None => a.op(ACONST_NULL),
        }
        let this_param = param_descriptors(&h.hook_descriptor).and_then(|p| p.get(1).map(|s| s.to_string()));
        if has_receiver || (ctor && initialized) {
            a.var(ALOAD, if ctor { result } else { 0 });
            a.checkcast(cf, this_param.as_deref().unwrap_or(OBJECT))?;
        } else {
            a.op(ACONST_NULL);
        }
        a.var(ALOAD, args);
        a.int(cf, hook_id(salt, site, k))?;
        Ok::<(), ClassFileError>(())
    };
    let hook_ref = |cf: &mut ClassFile<'_>, h: &MethodHook| {
        cf.constant_pool.add_method_ref(&h.hook_class, &h.hook_method, &h.hook_descriptor)
    };

    let mut k = 0;
    for h in site.hooks.iter().filter(|h| h.kind == HookType::Before) {
        common(&mut a, cf, h, k, false)?;
        a.op2(INVOKESTATIC, hook_ref(cf, h)?);
        k += 1;
    }

    if let Some(h) = site.hooks.iter().find(|h| h.kind == HookType::Replace) {
        common(&mut a, cf, h, k, false)?;
        a.op2(INVOKESTATIC, hook_ref(cf, h)?);
        let hook_ret = h.hook_descriptor.rsplit(')').next().unwrap_or("V");
        let want = if ctor { owner_d.as_str() } else { ret.as_str() };
        if want != "V" && hook_ret != want {
            if hook_ret == "V" {
                return Ok(None);
            }
            a.unbox(cf, want)?;
        } else if want == "V" && hook_ret != "V" {
            a.op(if words(hook_ret) == 2 { POP2 } else { POP });
        }
        a.op(return_op(if ctor { "L" } else { &ret }));
        return Ok(Some((a.code, max_locals)));
    }

    // The target, with the arguments from the array.
    if ctor {
        let class = cf.constant_pool.add_class(&site.owner)?;
        a.op2(NEW, class);
        a.op(DUP);
    } else if has_receiver {
        a.var(ALOAD, 0);
    }
    for (i, p) in params.iter().enumerate() {
        a.var(ALOAD, args);
        a.int(cf, i as i32)?;
        a.op(AALOAD);
        a.unbox(cf, p)?;
    }
    match (site.redirect, site.opcode) {
        (Some(idx), _) => a.op2(INVOKESTATIC, idx),
        (None, INVOKEINTERFACE) => {
            a.op2(INVOKEINTERFACE, site.cp_index);
            let count = 1 + params.iter().map(|d| words(d)).sum::<u16>();
            a.code.push(u8::try_from(count).unwrap_or(u8::MAX));
            a.code.push(0);
        }
        (None, op) => a.op2(op, site.cp_index),
    }

    let afters: Vec<&&MethodHook> = site.hooks.iter().filter(|h| h.kind == HookType::After).collect();
    if !afters.is_empty() {
        if ctor {
            a.op(DUP);
            a.var(ASTORE, result);
        } else if ret != "V" {
            a.store(&ret, result);
        }
        for h in afters {
            common(&mut a, cf, h, k, true)?;
            if ctor || ret == "V" {
                a.op(ACONST_NULL);
            } else {
                a.load(&ret, result);
                a.box_value(cf, &ret)?;
                let p5 = param_descriptors(&h.hook_descriptor).and_then(|p| p.get(4).map(|s| s.to_string()));
                a.checkcast(cf, p5.as_deref().unwrap_or(OBJECT))?;
            }
            a.op2(INVOKESTATIC, hook_ref(cf, h)?);
            k += 1;
        }
        if !ctor && ret != "V" {
            a.load(&ret, result);
        }
    }
    a.op(return_op(if ctor { "L" } else { &ret }));
    Ok(Some((a.code, max_locals)))
}
