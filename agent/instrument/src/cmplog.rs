//! Comparison-operand logging (the fuzzer's configuration only; the profiler never asks for it).
//!
//! Before each integer-like comparison the rewriter inserts a short, stack-neutral sequence that
//! hands the operands and a per-site id to `com/jvmfuzz/shim/fuzz/Cmp`:
//!
//! | instruction | inserted before it | shim method |
//! |---|---|---|
//! | `if_icmp<cond>` | `dup2; push id; invokestatic` | `i(III)V` |
//! | `if_acmp<cond>` | `dup2; push id; invokestatic` | `a(Object,Object,I)V` (equality only) |
//! | `if<cond>` (int vs 0), unless right after `lcmp`/`[fd]cmp*`/`instanceof` | `dup; push id; invokestatic` | `z(II)V` |
//! | `idiv`, `irem` (the divisor vs 0) | `dup; push id; invokestatic` | `z(II)V` |
//! | `ldiv`, `lrem` (the divisor vs 0) | `dup2; push id; invokestatic` | `lz(JI)V` |
//! | `isub` right before `idiv`/`irem`/`if<cond>` (its operands) | `dup2; push id; invokestatic` | `i(III)V` |
//! | `tableswitch`, `lookupswitch` (the key vs each case) | `dup; push id; invokestatic` | `sw(II)V` |
//! | `lcmp` | `push id; invokestatic; i2l; lconst_0` | `lcmp(JJI)I` |
//! | `fcmpl`/`fcmpg` | `push id; invokestatic; i2f; fconst_0` | `fcmpl(FFI)I`/`fcmpg(FFI)I` |
//! | `dcmpl`/`dcmpg` | `push id; invokestatic; i2d; dconst_0` | `dcmpl(DDI)I`/`dcmpg(DDI)I` |
//! | `newarray`, `anewarray`, JDK calls sized by an `int` (the count vs the allocation limit) | `push bytes; invokestatic` | `alloc(II)I` |
//! | `multianewarray` of 2 or more dimensions (its last two counts vs the limit) | `dup2; push bytes; invokestatic` | `alloc2(III)V` |
//!
//! Two long (or double) operands cannot be duplicated by any `dup` form, so for `lcmp` and the
//! floating compares the shim *consumes* them, logs them and returns the comparison result `r`
//! (-1, 0 or 1, with the instruction's own NaN rule); `i2l; lconst_0` then make the original
//! `lcmp` compute `compare((long) r, 0) == r`. Every sequence is straight-line and
//! stack-neutral, so no frame is needed inside it; it sits at the instruction's label (after
//! any `Label` probes), so jumps to the instruction run it too. The push is `sipush` or `ldc_w`,
//! both 3 bytes, so a sequence's length does not depend on its id. At most 3 extra stack words.
//!
//! `a - b` feeding a divisor or a zero test is zero exactly when `a == b` (the test's `<`/`>`
//! too, barring overflow), so its operands are logged as a comparison of their own: `x / (k -
//! OFFSET)` then gives input-to-state the value `k` must take, where the divisor alone (logged
//! against 0) only gives the value profile a distance to climb. That is jFuzz's constraint on the
//! divisor, solved by replacement instead of a solver.
//!
//! The allocation check is the one site that logs nothing: it compares an array's size with
//! `--malloc-limit-mb` (libFuzzer's `-malloc_limit_mb`) and throws `OutOfMemoryError` before the
//! JVM zeroes (and faults in) gigabytes for a count a fuzzed value asked for, which costs a
//! second where the exception costs microseconds. Its "id" is the element's size in bytes, not
//! a site id, and the shim returns the count, so the sequence consumes only what it pushed.
//! A `multianewarray` is checked on its last two counts, the two on top of the stack
//! (`new double[rows][cols]`: all of it; a third dimension below them is not counted): a matrix
//! of rows and columns each under the limit can still ask for gigabytes, which the JVM then
//! collects again and again before it gives up (commons-math3's `new DSCompiler[p + 1][o + 1]`
//! cache for a fuzzed number of parameters took most of a package run's time).
//!
//! The id space is the caller's ([`CmpSites`]): the fuzzer gives each site a cell of its
//! value-profile map and registers a switch's case constants natively.

use jvmfuzz_classfile::bytecode::{opcodes::*, write_branch16, Insn, InsnKind};
use jvmfuzz_classfile::{ClassFileError, ConstantPool};

/// Internal name of the shim class the sequences call.
pub const CMP_CLASS: &str = "com/jvmfuzz/shim/fuzz/Cmp";

/// Switch cases handed to [`CmpSites::site`] at most (the rest are not compared against).
pub const MAX_SWITCH_CASES: usize = 256;

/// What is compared at a site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpKind {
    /// `if_icmp*`: two ints.
    Int,
    /// `if_acmp*`: two references (equality only).
    Ref,
    /// `if*`: an int against 0.
    Zero,
    /// `idiv`/`irem`: the int divisor against 0.
    IntDivisor,
    /// `ldiv`/`lrem`: the long divisor against 0.
    LongDivisor,
    /// `isub` whose result is a divisor or tested against 0: its two operands.
    Difference,
    /// `tableswitch`/`lookupswitch`: the key against each case constant.
    Switch,
    /// `lcmp`: two longs.
    Long,
    /// `fcmpl`/`fcmpg`: two floats.
    Float { g: bool },
    /// `dcmpl`/`dcmpg`: two doubles.
    Double { g: bool },
    /// `newarray`/`anewarray` or a [`SIZED_CALLS`] call: the count against the allocation limit.
    Alloc,
    /// `multianewarray` of 2 or more dimensions: its last two counts against the limit.
    Alloc2,
}

impl CmpKind {
    /// The kind of comparison `insn` makes, given the instructions around it (`if*` right after
    /// `lcmp`/`[fd]cmp*`/`instanceof` only tests a result already logged or a type test; `isub`
    /// counts only when a divisor or a zero test uses its result).
    pub fn of(insn: &Insn, prev: Option<&Insn>, next: Option<&Insn>) -> Option<CmpKind> {
        Some(match insn.opcode {
            ISUB if next.is_some_and(|n| matches!(n.opcode, IDIV | IREM | IFEQ..=IFLE)) => CmpKind::Difference,
            IF_ICMPEQ..=IF_ICMPLE => CmpKind::Int,
            IF_ACMPEQ | IF_ACMPNE => CmpKind::Ref,
            IFEQ..=IFLE => {
                if prev.is_some_and(|p| matches!(p.opcode, LCMP | FCMPL | FCMPG | DCMPL | DCMPG | INSTANCEOF)) {
                    return None;
                }
                CmpKind::Zero
            }
            IDIV | IREM => CmpKind::IntDivisor,
            LDIV | LREM => CmpKind::LongDivisor,
            TABLESWITCH | LOOKUPSWITCH => CmpKind::Switch,
            LCMP => CmpKind::Long,
            FCMPL => CmpKind::Float { g: false },
            FCMPG => CmpKind::Float { g: true },
            DCMPL => CmpKind::Double { g: false },
            DCMPG => CmpKind::Double { g: true },
            _ => return None,
        })
    }

    /// The shim method and its descriptor.
    pub fn target(self) -> (&'static str, &'static str) {
        match self {
            CmpKind::Int | CmpKind::Difference => ("i", "(III)V"),
            CmpKind::Ref => ("a", "(Ljava/lang/Object;Ljava/lang/Object;I)V"),
            CmpKind::Zero | CmpKind::IntDivisor => ("z", "(II)V"),
            CmpKind::LongDivisor => ("lz", "(JI)V"),
            CmpKind::Switch => ("sw", "(II)V"),
            CmpKind::Long => ("lcmp", "(JJI)I"),
            CmpKind::Float { g: false } => ("fcmpl", "(FFI)I"),
            CmpKind::Float { g: true } => ("fcmpg", "(FFI)I"),
            CmpKind::Double { g: false } => ("dcmpl", "(DDI)I"),
            CmpKind::Double { g: true } => ("dcmpg", "(DDI)I"),
            CmpKind::Alloc => ("alloc", "(II)I"),
            CmpKind::Alloc2 => ("alloc2", "(III)V"),
        }
    }

    /// Bytes of the inserted sequence.
    pub fn code_len(self) -> u32 {
        match self {
            CmpKind::Long | CmpKind::Float { .. } | CmpKind::Double { .. } => 8,
            CmpKind::Alloc => 5,
            CmpKind::Alloc2 => 6,
            _ => 7,
        }
    }

    /// Stack words the sequence needs above the instruction's own operands.
    pub fn extra_stack(self) -> u16 {
        match self {
            CmpKind::Int | CmpKind::Difference | CmpKind::Ref | CmpKind::LongDivisor | CmpKind::Alloc2 => 3,
            CmpKind::Zero | CmpKind::IntDivisor | CmpKind::Switch => 2,
            CmpKind::Long | CmpKind::Float { .. } | CmpKind::Double { .. } | CmpKind::Alloc => 1,
        }
    }
}

/// JDK calls whose last argument, an `int` on top of the stack, sizes what they allocate: owner,
/// name, descriptor, bytes per unit. The JDK's own code is not instrumented, so these are
/// checked at the call. (A `StringBuilder` holds Latin-1 text in a byte each; a map's table is
/// allocated at its first entry, sized by the capacity it was given.)
const SIZED_CALLS: &[(&str, &str, &str, u32)] = &[
    ("java/lang/StringBuilder", "<init>", "(I)V", 1),
    ("java/lang/StringBuffer", "<init>", "(I)V", 1),
    ("java/lang/StringBuilder", "ensureCapacity", "(I)V", 1),
    ("java/lang/StringBuffer", "ensureCapacity", "(I)V", 1),
    ("java/lang/StringBuilder", "setLength", "(I)V", 1),
    ("java/lang/StringBuffer", "setLength", "(I)V", 1),
    ("java/io/StringWriter", "<init>", "(I)V", 1),
    ("java/io/ByteArrayOutputStream", "<init>", "(I)V", 1),
    ("java/io/CharArrayWriter", "<init>", "(I)V", 2),
    ("java/util/ArrayList", "<init>", "(I)V", 4),
    ("java/util/ArrayDeque", "<init>", "(I)V", 4),
    ("java/util/Vector", "<init>", "(I)V", 4),
    ("java/util/HashMap", "<init>", "(I)V", 4),
    ("java/util/LinkedHashMap", "<init>", "(I)V", 4),
    ("java/util/HashSet", "<init>", "(I)V", 4),
    ("java/util/LinkedHashSet", "<init>", "(I)V", 4),
    ("java/util/Hashtable", "<init>", "(I)V", 4),
    ("java/util/WeakHashMap", "<init>", "(I)V", 4),
    ("java/util/IdentityHashMap", "<init>", "(I)V", 8),
    ("java/util/PriorityQueue", "<init>", "(I)V", 4),
    // A bounded queue allocates its whole capacity at once (jackson-core's BoundedPool of a
    // fuzzed size filled the heap and stalled the JVM past --timeout).
    ("java/util/concurrent/ArrayBlockingQueue", "<init>", "(I)V", 4),
    ("java/util/concurrent/PriorityBlockingQueue", "<init>", "(I)V", 4),
    ("java/nio/ByteBuffer", "allocate", "(I)Ljava/nio/ByteBuffer;", 1),
    ("java/nio/ByteBuffer", "allocateDirect", "(I)Ljava/nio/ByteBuffer;", 1),
    ("java/nio/CharBuffer", "allocate", "(I)Ljava/nio/CharBuffer;", 2),
    ("java/util/Arrays", "copyOf", "([ZI)[Z", 1),
    ("java/util/Arrays", "copyOf", "([BI)[B", 1),
    ("java/util/Arrays", "copyOf", "([CI)[C", 2),
    ("java/util/Arrays", "copyOf", "([SI)[S", 2),
    ("java/util/Arrays", "copyOf", "([II)[I", 4),
    ("java/util/Arrays", "copyOf", "([FI)[F", 4),
    ("java/util/Arrays", "copyOf", "([JI)[J", 8),
    ("java/util/Arrays", "copyOf", "([DI)[D", 8),
    ("java/util/Arrays", "copyOf", "([Ljava/lang/Object;I)[Ljava/lang/Object;", 4),
];

/// Bytes per element of the array `insn` allocates (`newarray`'s type operand, a reference for
/// `anewarray`, counted as 4: compressed pointers), or per unit of a [`SIZED_CALLS`] call; `None`
/// if it allocates nothing it sizes with the `int` on top of the stack.
fn element_bytes(insn: &Insn, code: &[u8], cp: &ConstantPool<'_>) -> Option<u32> {
    match insn.opcode {
        INVOKESPECIAL | INVOKEVIRTUAL | INVOKESTATIC => {
            let InsnKind::Invoke { cp_index } = insn.kind else { return None };
            let r = cp.member_ref(cp_index).ok()?;
            SIZED_CALLS.iter().find(|c| c.0 == r.class && c.1 == r.name && c.2 == r.descriptor).map(|c| c.3)
        }
        ANEWARRAY => Some(4),
        NEWARRAY => match code.get(insn.offset as usize + 1)? {
            4 | 8 => Some(1),  // boolean, byte
            5 | 9 => Some(2),  // char, short
            6 | 10 => Some(4), // float, int
            7 | 11 => Some(8), // double, long
            _ => None,
        },
        _ => None,
    }
}

/// Bytes per element of the innermost arrays a `multianewarray` of 2 or more dimensions makes
/// (`[[D` of 2: doubles, 8; `[[[I` of 2: references to `int[]`, 4), else `None`.
fn multi_element_bytes(insn: &Insn, code: &[u8], cp: &ConstantPool<'_>) -> Option<u32> {
    let InsnKind::TypeRef { cp_index } = insn.kind else { return None };
    let dims = *code.get(insn.offset as usize + 3)? as usize;
    if insn.opcode != MULTIANEWARRAY || dims < 2 {
        return None;
    }
    let name = cp.class_name(cp_index).ok()?;
    let element = name.get(dims..)?;
    Some(match element.as_bytes().first()? {
        b'Z' | b'B' => 1,
        b'C' | b'S' => 2,
        b'I' | b'F' | b'L' | b'[' => 4,
        b'J' | b'D' => 8,
        _ => return None,
    })
}

/// Hands out site ids. `None` leaves the comparison unlogged (e.g. the id space is full).
pub trait CmpSites {
    /// `cases` are a switch's case constants (at most [`MAX_SWITCH_CASES`]), empty otherwise.
    fn site(&mut self, kind: CmpKind, cases: &[i32]) -> Option<u32>;
}

/// One logged comparison of a method: instruction index, kind, site id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CmpSite {
    pub index: usize,
    pub kind: CmpKind,
    pub id: u32,
}

/// The comparisons of one method to log, in instruction order, and its allocation checks.
/// `code` is the method's code, which `insns` decode, and `cp` its class's constant pool.
pub fn plan_cmp(insns: &[Insn], code: &[u8], cp: &ConstantPool<'_>, sites: &mut dyn CmpSites) -> Vec<CmpSite> {
    let mut out = Vec::new();
    let mut cases: Vec<i32> = Vec::new();
    for (i, insn) in insns.iter().enumerate() {
        if let Some(bytes) = element_bytes(insn, code, cp) {
            out.push(CmpSite { index: i, kind: CmpKind::Alloc, id: bytes });
            continue;
        }
        if let Some(bytes) = multi_element_bytes(insn, code, cp) {
            out.push(CmpSite { index: i, kind: CmpKind::Alloc2, id: bytes });
            continue;
        }
        let prev = i.checked_sub(1).and_then(|p| insns.get(p));
        let Some(kind) = CmpKind::of(insn, prev, insns.get(i + 1)) else { continue };
        cases.clear();
        match &insn.kind {
            InsnKind::LookupSwitch { pairs, .. } => {
                cases.extend(pairs.iter().take(MAX_SWITCH_CASES).map(|p| p.0));
            }
            InsnKind::TableSwitch { low, high, .. } => {
                let n = (i64::from(*high) - i64::from(*low) + 1).clamp(0, MAX_SWITCH_CASES as i64);
                cases.extend((0..n).map(|k| (i64::from(*low) + k) as i32));
            }
            _ => {}
        }
        if kind == CmpKind::Switch && cases.is_empty() {
            continue;
        }
        if let Some(id) = sites.site(kind, &cases) {
            out.push(CmpSite { index: i, kind, id });
        }
    }
    out
}

/// Appends the sequence for `site` (exactly `site.kind.code_len()` bytes).
pub fn emit(out: &mut Vec<u8>, site: &CmpSite, cp: &mut ConstantPool<'_>) -> Result<(), ClassFileError> {
    let (name, desc) = site.kind.target();
    let method = cp.add_method_ref(CMP_CLASS, name, desc)?;
    match site.kind {
        CmpKind::Int | CmpKind::Difference | CmpKind::Ref | CmpKind::LongDivisor | CmpKind::Alloc2 => out.push(DUP2),
        CmpKind::Zero | CmpKind::IntDivisor | CmpKind::Switch => out.push(DUP),
        CmpKind::Long | CmpKind::Float { .. } | CmpKind::Double { .. } | CmpKind::Alloc => {}
    }
    if matches!(site.kind, CmpKind::Alloc | CmpKind::Alloc2) {
        // The element size fits a byte: `bipush`, so the sequence is 5 bytes (6 with `dup2`).
        out.extend_from_slice(&[BIPUSH, site.id as u8]);
    } else if site.id <= i16::MAX as u32 {
        write_branch16(out, SIPUSH, site.id as i16);
    } else {
        let c = cp.add_integer(site.id as i32)?;
        out.push(LDC_W);
        out.extend_from_slice(&c.to_be_bytes());
    }
    out.push(INVOKESTATIC);
    out.extend_from_slice(&method.to_be_bytes());
    match site.kind {
        CmpKind::Long => out.extend_from_slice(&[I2L, LCONST_0]),
        CmpKind::Float { .. } => out.extend_from_slice(&[I2F, FCONST_0]),
        CmpKind::Double { .. } => out.extend_from_slice(&[I2D, DCONST_0]),
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::bytecode::decode;

    struct Counter(u32, Vec<(CmpKind, Vec<i32>)>);
    impl CmpSites for Counter {
        fn site(&mut self, kind: CmpKind, cases: &[i32]) -> Option<u32> {
            self.0 += 1;
            self.1.push((kind, cases.to_vec()));
            Some(self.0)
        }
    }

    #[test]
    fn kinds_and_lengths() {
        // iload_0 iload_1 if_icmpne; lload_0 lload_2 lcmp ifeq; iload_0 ifne; iload_0 iconst_2 idiv
        let code = [
            ILOAD_0, ILOAD_1, IF_ICMPNE, 0, 3, // 0..5
            LLOAD_0, LLOAD_2, LCMP, IFEQ, 0, 3, // 5..11
            ILOAD_0, IFNE, 0, 3, // 11..15
            ILOAD_0, ICONST_2, IDIV, POP, // 15..19
            RETURN,
        ];
        let insns = decode(&code).unwrap();
        let mut c = Counter(0, Vec::new());
        let sites = plan_cmp(&insns, &code, &jvmfuzz_classfile::ConstantPool::empty(), &mut c);
        let kinds: Vec<CmpKind> = sites.iter().map(|s| s.kind).collect();
        // The ifeq after lcmp is not logged.
        assert_eq!(kinds, vec![CmpKind::Int, CmpKind::Long, CmpKind::Zero, CmpKind::IntDivisor]);
        // Instruction indexes (not offsets).
        assert_eq!(sites.iter().map(|s| s.index).collect::<Vec<_>>(), vec![2, 5, 8, 11]);
    }

    #[test]
    fn a_difference_feeding_a_divisor_or_a_zero_test_logs_its_operands() {
        // iload_0 iload_1 isub idiv; iload_0 iload_1 isub ifeq; iload_0 iload_1 isub ireturn
        let code = [
            ILOAD_2, ILOAD_0, ILOAD_1, ISUB, IDIV, POP, // 0..6
            ILOAD_0, ILOAD_1, ISUB, IFEQ, 0, 3, // 6..12
            ILOAD_0, ILOAD_1, ISUB, IRETURN, // 12..16
        ];
        let insns = decode(&code).unwrap();
        let mut c = Counter(0, Vec::new());
        let sites = plan_cmp(&insns, &code, &jvmfuzz_classfile::ConstantPool::empty(), &mut c);
        let got: Vec<(usize, CmpKind)> = sites.iter().map(|s| (s.index, s.kind)).collect();
        assert_eq!(
            got,
            vec![(3, CmpKind::Difference), (4, CmpKind::IntDivisor), (8, CmpKind::Difference), (9, CmpKind::Zero)],
            "the isub that is only returned is not a comparison"
        );
        let mut out = Vec::new();
        let mut cp = jvmfuzz_classfile::ConstantPool::empty();
        emit(&mut out, &sites[0], &mut cp).unwrap();
        assert_eq!(out.len() as u32, CmpKind::Difference.code_len());
        assert_eq!(out[0], DUP2);
    }

    #[test]
    fn array_allocations_are_checked_with_their_element_size() {
        // iload_0 newarray char; pop; iload_0 anewarray #1; pop; iload_0 newarray long; pop; return
        let code = [ILOAD_0, NEWARRAY, 5, POP, ILOAD_0, ANEWARRAY, 0, 1, POP, ILOAD_0, NEWARRAY, 11, POP, RETURN];
        let insns = decode(&code).unwrap();
        let mut c = Counter(0, Vec::new());
        let sites = plan_cmp(&insns, &code, &jvmfuzz_classfile::ConstantPool::empty(), &mut c);
        let got: Vec<(usize, CmpKind, u32)> = sites.iter().map(|s| (s.index, s.kind, s.id)).collect();
        assert_eq!(got, vec![(1, CmpKind::Alloc, 2), (4, CmpKind::Alloc, 4), (7, CmpKind::Alloc, 8)]);
        assert!(c.1.is_empty(), "an allocation check takes no site id");
        let mut out = Vec::new();
        let mut cp = jvmfuzz_classfile::ConstantPool::empty();
        emit(&mut out, &sites[0], &mut cp).unwrap();
        assert_eq!(out.len() as u32, CmpKind::Alloc.code_len());
        assert_eq!(&out[..3], &[BIPUSH, 2, INVOKESTATIC], "the count stays where it is, the size goes on top");
    }

    #[test]
    fn a_matrix_is_checked_on_its_last_two_counts() {
        let mut cp = jvmfuzz_classfile::ConstantPool::empty();
        let doubles = cp.add_class("[[D").unwrap().to_be_bytes();
        let ints = cp.add_class("[[[I").unwrap().to_be_bytes();
        // iload_0 iload_1 multianewarray [[D 2; pop; iload_0 iload_1 multianewarray [[[I 2; pop;
        // iload_0 multianewarray [[D 1 (one dimension: an anewarray in all but name); pop; return
        let code = [
            ILOAD_0,
            ILOAD_1,
            MULTIANEWARRAY,
            doubles[0],
            doubles[1],
            2,
            POP, // 0..7
            ILOAD_0,
            ILOAD_1,
            MULTIANEWARRAY,
            ints[0],
            ints[1],
            2,
            POP, // 7..14
            ILOAD_0,
            MULTIANEWARRAY,
            doubles[0],
            doubles[1],
            1,
            POP,
            RETURN,
        ];
        let insns = decode(&code).unwrap();
        let mut c = Counter(0, Vec::new());
        let sites = plan_cmp(&insns, &code, &cp, &mut c);
        let got: Vec<(usize, CmpKind, u32)> = sites.iter().map(|s| (s.index, s.kind, s.id)).collect();
        assert_eq!(got, vec![(2, CmpKind::Alloc2, 8), (6, CmpKind::Alloc2, 4)]);
        let mut out = Vec::new();
        emit(&mut out, &sites[0], &mut cp).unwrap();
        assert_eq!(out.len() as u32, CmpKind::Alloc2.code_len());
        assert_eq!(&out[..4], &[DUP2, BIPUSH, 8, INVOKESTATIC], "both counts stay, copies and the size on top");
    }

    #[test]
    fn jdk_calls_sized_by_their_int_argument_are_checked_too() {
        let mut cp = jvmfuzz_classfile::ConstantPool::empty();
        let sb = cp.add_method_ref("java/lang/StringBuilder", "<init>", "(I)V").unwrap().to_be_bytes();
        let copy = cp.add_method_ref("java/util/Arrays", "copyOf", "([JI)[J").unwrap().to_be_bytes();
        let other = cp.add_method_ref("java/lang/String", "repeat", "(I)Ljava/lang/String;").unwrap().to_be_bytes();
        let queue =
            cp.add_method_ref("java/util/concurrent/ArrayBlockingQueue", "<init>", "(I)V").unwrap().to_be_bytes();
        // aload_0 iload_1 invokespecial SB.<init>(I); aload_2 iload_1 invokestatic copyOf;
        // aload_3 iload_1 invokevirtual String.repeat (not a size: "".repeat(n) allocates nothing);
        // aload_0 iload_1 invokespecial ArrayBlockingQueue.<init>(I) (its whole capacity at once)
        let code = [
            [ALOAD_0, ILOAD_1, INVOKESPECIAL, sb[0], sb[1]],
            [ALOAD_2, ILOAD_1, INVOKESTATIC, copy[0], copy[1]],
            [ALOAD_3, ILOAD_1, INVOKEVIRTUAL, other[0], other[1]],
            [ALOAD_0, ILOAD_1, INVOKESPECIAL, queue[0], queue[1]],
        ]
        .concat()
        .into_iter()
        .chain([RETURN])
        .collect::<Vec<u8>>();
        let insns = decode(&code).unwrap();
        let sites = plan_cmp(&insns, &code, &cp, &mut Counter(0, Vec::new()));
        let got: Vec<(usize, CmpKind, u32)> = sites.iter().map(|s| (s.index, s.kind, s.id)).collect();
        assert_eq!(got, vec![(2, CmpKind::Alloc, 1), (5, CmpKind::Alloc, 8), (11, CmpKind::Alloc, 4)]);
    }

    #[test]
    fn switch_cases_are_reported() {
        // The switch (at 1) is 1 + 2 (padding) + 8 + 2 * 8 = 27 bytes: every target is the
        // return after it.
        let mut code = vec![ILOAD_0];
        jvmfuzz_classfile::bytecode::write_lookupswitch(&mut code, 27, &[(7, 27), (0x5A17_C0DE, 27)]);
        code.push(RETURN);
        let insns = decode(&code).unwrap();
        let mut c = Counter(0, Vec::new());
        let sites = plan_cmp(&insns, &code, &jvmfuzz_classfile::ConstantPool::empty(), &mut c);
        assert_eq!(sites.len(), 1);
        assert_eq!(c.1, vec![(CmpKind::Switch, vec![7, 0x5A17_C0DE])]);
    }
}
