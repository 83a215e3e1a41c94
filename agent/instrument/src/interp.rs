//! A small abstract interpreter over verification types, for straight-line code.
//!
//! The rewriter needs a frame where the original code had none: after a widened `if`
//! (`if<cond> L` becomes `if<!cond> +8; goto_w L`, so the instruction after the `goto_w` is
//! now a jump target). That frame is the exact type state after the `if` has popped its
//! operands, computed forward from the last frame before it, the same way the verifier
//! does. Only straight-line code is ever interpreted: every join point already has a frame.
//!
//! State is held in slot form: a long/double local occupies two slots and a long/double on
//! the stack two words, the second being `Top`, so `dup2`/`pop2` & co. are plain word moves.

use std::rc::Rc;

use jvmfuzz_classfile::bytecode::{opcodes::*, Insn, InsnKind};
use jvmfuzz_classfile::{ConstantPool, CpEntry};

use super::frames::{parse_field_type, parse_method_descriptor, Frame, VType};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InterpError {
    #[error("operand stack underflow at offset {0}")]
    StackUnderflow(u32),
    #[error("local {index} out of range at offset {offset}")]
    BadLocal { offset: u32, index: u32 },
    #[error("cannot resolve constant #{index} at offset {offset}")]
    BadConstant { offset: u32, index: u16 },
    #[error("unexpected type for array access at offset {0}")]
    BadArray(u32),
    #[error("instruction at offset {0} cannot be interpreted in straight-line code")]
    Unsupported(u32),
}

/// Type state at one point, slot form (see module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub locals: Vec<VType>,
    pub stack: Vec<VType>,
}

impl State {
    /// Expands a StackMapTable-form frame to slot form.
    pub fn from_frame(f: &Frame) -> State {
        let mut locals = Vec::with_capacity(f.locals.len() + 2);
        for t in &f.locals {
            locals.push(t.clone());
            if t.is_wide() {
                locals.push(VType::Top);
            }
        }
        let mut stack = Vec::with_capacity(f.stack.len() + 2);
        for t in &f.stack {
            stack.push(t.clone());
            if t.is_wide() {
                stack.push(VType::Top);
            }
        }
        State { locals, stack }
    }

    /// Back to StackMapTable form, with trailing `Top` locals dropped (the verifier pads
    /// frames with `Top` anyway, and javac-style frames omit them).
    pub fn to_frame(&self, offset: u32) -> Frame {
        let compress = |v: &[VType]| {
            let mut out = Vec::with_capacity(v.len());
            let mut i = 0;
            while i < v.len() {
                out.push(v[i].clone());
                i += if v[i].is_wide() { 2 } else { 1 };
            }
            out
        };
        let mut locals = compress(&self.locals);
        while locals.last() == Some(&VType::Top) {
            locals.pop();
        }
        Frame { offset, locals, stack: compress(&self.stack) }
    }
}

/// What the interpreter needs besides the instruction.
pub struct Env<'c, 'p> {
    pub code: &'c [u8],
    pub cp: &'c ConstantPool<'p>,
    pub this_class: &'c str,
}

fn words(t: &VType) -> usize {
    if t.is_wide() {
        2
    } else {
        1
    }
}

impl State {
    fn push(&mut self, t: VType) {
        let wide = t.is_wide();
        self.stack.push(t);
        if wide {
            self.stack.push(VType::Top);
        }
    }

    fn pop_words(&mut self, n: usize, at: u32) -> Result<Vec<VType>, InterpError> {
        if self.stack.len() < n {
            return Err(InterpError::StackUnderflow(at));
        }
        Ok(self.stack.split_off(self.stack.len() - n))
    }

    /// Pops one value (1 or 2 words) and returns it.
    fn pop_value(&mut self, at: u32) -> Result<VType, InterpError> {
        let top = self.stack.pop().ok_or(InterpError::StackUnderflow(at))?;
        // The second word of a long/double is `Top` and its value sits below it.
        if top == VType::Top {
            if let Some(below) = self.stack.last() {
                if below.is_wide() {
                    return self.stack.pop().ok_or(InterpError::StackUnderflow(at));
                }
            }
        }
        Ok(top)
    }

    fn local(&self, index: u16, at: u32) -> Result<VType, InterpError> {
        self.locals.get(index as usize).cloned().ok_or(InterpError::BadLocal { offset: at, index: index as u32 })
    }

    fn set_local(&mut self, index: u16, t: VType) {
        let i = index as usize;
        let need = i + words(&t);
        if self.locals.len() < need {
            self.locals.resize(need, VType::Top);
        }
        // Overwriting the second half of a long/double invalidates its first half.
        if i > 0 && self.locals[i - 1].is_wide() {
            self.locals[i - 1] = VType::Top;
        }
        let wide = t.is_wide();
        self.locals[i] = t;
        if wide {
            self.locals[i + 1] = VType::Top;
        }
    }

    /// After `invokespecial <init>` on `uninit`: every copy becomes the initialised type.
    fn initialise(&mut self, uninit: &VType, init: VType) {
        for t in self.locals.iter_mut().chain(self.stack.iter_mut()) {
            if t == uninit {
                *t = init.clone();
            }
        }
    }

    /// Applies one instruction. Fails on control transfers that do not fall through
    /// (the caller stops there) and on anything it cannot type.
    pub fn step(&mut self, insn: &Insn, env: &Env<'_, '_>) -> Result<(), InterpError> {
        let at = insn.offset;
        let op = insn.base_opcode(env.code);
        let bad_cp = |index: u16| InterpError::BadConstant { offset: at, index };
        use VType::*;
        match op {
            NOP => {}
            ACONST_NULL => self.push(Null),
            ICONST_M1..=ICONST_5 | BIPUSH | SIPUSH => self.push(Integer),
            LCONST_0 | LCONST_1 => self.push(Long),
            FCONST_0..=FCONST_2 => self.push(Float),
            DCONST_0 | DCONST_1 => self.push(Double),
            LDC | LDC_W | LDC2_W => {
                let InsnKind::Ldc { cp_index } = insn.kind else {
                    return Err(InterpError::Unsupported(at));
                };
                let t = match env.cp.entry(cp_index).ok_or(bad_cp(cp_index))? {
                    CpEntry::Integer(_) => Integer,
                    CpEntry::Float(_) => Float,
                    CpEntry::Long(_) => Long,
                    CpEntry::Double(_) => Double,
                    CpEntry::String { .. } => VType::object("java/lang/String"),
                    CpEntry::Class { .. } => VType::object("java/lang/Class"),
                    CpEntry::MethodType { .. } => VType::object("java/lang/invoke/MethodType"),
                    CpEntry::MethodHandle { .. } => VType::object("java/lang/invoke/MethodHandle"),
                    CpEntry::Dynamic { name_and_type_index, .. } => {
                        let (_, d) = env.cp.name_and_type(name_and_type_index).map_err(|_| bad_cp(cp_index))?;
                        parse_field_type(&d).map(|p| p.0).ok_or(bad_cp(cp_index))?
                    }
                    _ => return Err(bad_cp(cp_index)),
                };
                self.push(t);
            }
            ILOAD | ILOAD_0..=ILOAD_3 => self.push(Integer),
            LLOAD | LLOAD_0..=LLOAD_3 => self.push(Long),
            FLOAD | FLOAD_0..=FLOAD_3 => self.push(Float),
            DLOAD | DLOAD_0..=DLOAD_3 => self.push(Double),
            ALOAD | ALOAD_0..=ALOAD_3 => {
                let InsnKind::Local { index } = insn.kind else {
                    return Err(InterpError::Unsupported(at));
                };
                let t = self.local(index, at)?;
                self.push(t);
            }
            IALOAD | BALOAD | CALOAD | SALOAD => {
                self.pop_words(2, at)?;
                self.push(Integer);
            }
            LALOAD => {
                self.pop_words(2, at)?;
                self.push(Long);
            }
            FALOAD => {
                self.pop_words(2, at)?;
                self.push(Float);
            }
            DALOAD => {
                self.pop_words(2, at)?;
                self.push(Double);
            }
            AALOAD => {
                let v = self.pop_words(2, at)?;
                let t = match &v[0] {
                    Null => Null,
                    Object(n) => match n.strip_prefix('[') {
                        Some(c) if c.starts_with('[') => VType::Object(Rc::from(c)),
                        Some(c) if c.starts_with('L') && c.ends_with(';') && c.len() > 2 => {
                            VType::object(&c[1..c.len() - 1])
                        }
                        _ => return Err(InterpError::BadArray(at)),
                    },
                    _ => return Err(InterpError::BadArray(at)),
                };
                self.push(t);
            }
            ISTORE..=ASTORE | ISTORE_0..=ASTORE_3 => {
                let InsnKind::Local { index } = insn.kind else {
                    return Err(InterpError::Unsupported(at));
                };
                let v = self.pop_value(at)?;
                self.set_local(index, v);
            }
            IASTORE | FASTORE | AASTORE | BASTORE | CASTORE | SASTORE => {
                self.pop_words(3, at)?;
            }
            LASTORE | DASTORE => {
                self.pop_words(4, at)?;
            }
            POP => {
                self.pop_words(1, at)?;
            }
            POP2 => {
                self.pop_words(2, at)?;
            }
            DUP => {
                let v = self.stack.last().cloned().ok_or(InterpError::StackUnderflow(at))?;
                self.stack.push(v);
            }
            DUP_X1 | DUP_X2 | DUP2 | DUP2_X1 | DUP2_X2 | SWAP => {
                // Word-level stack manipulation: (words taken off the top, words duplicated).
                let (take, dup) = match op {
                    DUP_X1 => (2, 1),
                    DUP_X2 => (3, 1),
                    DUP2 => (2, 2),
                    DUP2_X1 => (3, 2),
                    DUP2_X2 => (4, 2),
                    _ => (2, 0),
                };
                let v = self.pop_words(take, at)?;
                if op == SWAP {
                    self.stack.push(v[1].clone());
                    self.stack.push(v[0].clone());
                } else {
                    self.stack.extend_from_slice(&v[take - dup..]);
                    self.stack.extend(v);
                }
            }
            IADD..=LXOR => {
                // Arithmetic: operand words and result type follow the opcode pattern
                // (i, l, f, d cycling for 0x60..0x77; shifts and logic after that).
                let (pop, t) = match op {
                    IADD | ISUB | IMUL | IDIV | IREM | ISHL | ISHR | IUSHR | IAND | IOR | IXOR => (2, Integer),
                    LADD | LSUB | LMUL | LDIV | LREM | LAND | LOR | LXOR => (4, Long),
                    LSHL | LSHR | LUSHR => (3, Long),
                    FADD | FSUB | FMUL | FDIV | FREM => (2, Float),
                    DADD | DSUB | DMUL | DDIV | DREM => (4, Double),
                    INEG => (1, Integer),
                    LNEG => (2, Long),
                    FNEG => (1, Float),
                    DNEG => (2, Double),
                    _ => return Err(InterpError::Unsupported(at)),
                };
                self.pop_words(pop, at)?;
                self.push(t);
            }
            IINC => {}
            I2L..=I2S => {
                let (pop, t) = match op {
                    I2L => (1, Long),
                    I2F => (1, Float),
                    I2D => (1, Double),
                    L2I => (2, Integer),
                    L2F => (2, Float),
                    L2D => (2, Double),
                    F2I => (1, Integer),
                    F2L => (1, Long),
                    F2D => (1, Double),
                    D2I => (2, Integer),
                    D2L => (2, Long),
                    D2F => (2, Float),
                    _ => (1, Integer), // i2b, i2c, i2s
                };
                self.pop_words(pop, at)?;
                self.push(t);
            }
            LCMP | DCMPL | DCMPG => {
                self.pop_words(4, at)?;
                self.push(Integer);
            }
            FCMPL | FCMPG => {
                self.pop_words(2, at)?;
                self.push(Integer);
            }
            IFEQ..=IFLE | IFNULL | IFNONNULL => {
                self.pop_words(1, at)?;
            }
            IF_ICMPEQ..=IF_ACMPNE => {
                self.pop_words(2, at)?;
            }
            GETSTATIC | PUTSTATIC | GETFIELD | PUTFIELD => {
                let InsnKind::Field { cp_index } = insn.kind else {
                    return Err(InterpError::Unsupported(at));
                };
                let m = env.cp.member_ref(cp_index).map_err(|_| bad_cp(cp_index))?;
                let (t, rest) = parse_field_type(&m.descriptor).ok_or(bad_cp(cp_index))?;
                if !rest.is_empty() {
                    return Err(bad_cp(cp_index));
                }
                match op {
                    GETSTATIC => self.push(t),
                    PUTSTATIC => {
                        self.pop_words(words(&t), at)?;
                    }
                    GETFIELD => {
                        self.pop_words(1, at)?;
                        self.push(t);
                    }
                    _ => {
                        self.pop_words(words(&t) + 1, at)?;
                    }
                }
            }
            INVOKEVIRTUAL..=INVOKEDYNAMIC => {
                let (name, desc) = match insn.kind {
                    InsnKind::Invoke { cp_index } => {
                        let m = env.cp.member_ref(cp_index).map_err(|_| bad_cp(cp_index))?;
                        (m.name.into_owned(), m.descriptor.into_owned())
                    }
                    InsnKind::InvokeDynamic { cp_index } => {
                        let Some(CpEntry::InvokeDynamic { name_and_type_index, .. }) = env.cp.entry(cp_index) else {
                            return Err(bad_cp(cp_index));
                        };
                        let (n, d) = env.cp.name_and_type(name_and_type_index).map_err(|_| bad_cp(cp_index))?;
                        (n.into_owned(), d.into_owned())
                    }
                    _ => return Err(InterpError::Unsupported(at)),
                };
                let (params, ret) = parse_method_descriptor(&desc).map_err(|_| InterpError::Unsupported(at))?;
                let arg_words: usize = params.iter().map(words).sum();
                self.pop_words(arg_words, at)?;
                if op != INVOKESTATIC && op != INVOKEDYNAMIC {
                    let recv = self.pop_words(1, at)?.remove(0);
                    if op == INVOKESPECIAL && name == "<init>" {
                        let init = match &recv {
                            UninitializedThis => VType::object(env.this_class),
                            Uninitialized(new_at) => {
                                // The class being constructed is the operand of that `new`.
                                let i = *new_at as usize;
                                let idx = env
                                    .code
                                    .get(i + 1..i + 3)
                                    .filter(|_| env.code.get(i) == Some(&NEW))
                                    .map(|b| u16::from_be_bytes([b[0], b[1]]))
                                    .ok_or(InterpError::Unsupported(at))?;
                                VType::object(&env.cp.class_name(idx).map_err(|_| bad_cp(idx))?)
                            }
                            _ => recv.clone(),
                        };
                        if init != recv {
                            self.initialise(&recv, init);
                        }
                    }
                }
                if let Some(r) = ret {
                    self.push(r);
                }
            }
            NEW => self.push(Uninitialized(at)),
            NEWARRAY => {
                self.pop_words(1, at)?;
                let atype = env.code.get(at as usize + 1).copied().unwrap_or(0);
                let d = match atype {
                    4 => "[Z",
                    5 => "[C",
                    6 => "[F",
                    7 => "[D",
                    8 => "[B",
                    9 => "[S",
                    10 => "[I",
                    11 => "[J",
                    _ => return Err(InterpError::Unsupported(at)),
                };
                self.push(VType::object(d));
            }
            ANEWARRAY => {
                let InsnKind::TypeRef { cp_index } = insn.kind else {
                    return Err(InterpError::Unsupported(at));
                };
                let n = env.cp.class_name(cp_index).map_err(|_| bad_cp(cp_index))?;
                self.pop_words(1, at)?;
                let arr = if n.starts_with('[') { format!("[{n}") } else { format!("[L{n};") };
                self.push(VType::object(&arr));
            }
            ARRAYLENGTH | INSTANCEOF => {
                self.pop_words(1, at)?;
                self.push(Integer);
            }
            CHECKCAST | MULTIANEWARRAY => {
                let InsnKind::TypeRef { cp_index } = insn.kind else {
                    return Err(InterpError::Unsupported(at));
                };
                let n = env.cp.class_name(cp_index).map_err(|_| bad_cp(cp_index))?;
                let pop =
                    if op == MULTIANEWARRAY { env.code.get(at as usize + 3).copied().unwrap_or(1) as usize } else { 1 };
                self.pop_words(pop, at)?;
                self.push(VType::object(&n));
            }
            MONITORENTER | MONITOREXIT => {
                self.pop_words(1, at)?;
            }
            // goto, jsr, ret, switches, returns, athrow: no fall-through state to compute.
            _ => return Err(InterpError::Unsupported(at)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::bytecode::decode;

    fn run(code: &[u8], start: Frame, cp: &ConstantPool<'_>) -> Result<State, InterpError> {
        let env = Env { code, cp, this_class: "T" };
        let mut s = State::from_frame(&start);
        for insn in decode(code).unwrap() {
            if jvmfuzz_classfile::bytecode::is_unconditional(insn.opcode) {
                break;
            }
            s.step(&insn, &env)?;
        }
        Ok(s)
    }

    #[test]
    fn stack_words_and_locals() {
        let cp = ConstantPool::empty();
        // lconst_1; dup2; lstore_1; iconst_0; istore_2 (breaks the long in 1..2); pop2; return
        let code = [LCONST_1, DUP2, LSTORE_1, ICONST_0, ISTORE_2, POP2, ACONST_NULL, ASTORE, 5, RETURN];
        let s = run(&code, Frame { offset: 0, locals: vec![], stack: vec![] }, &cp).unwrap();
        assert!(s.stack.is_empty());
        let f = s.to_frame(9);
        assert_eq!(f.locals, vec![VType::Top, VType::Top, VType::Integer, VType::Top, VType::Top, VType::Null]);
        // dup_x2 on (int, long): word form [I, J, Top] -> [Top.., ...]: category-aware via words.
        let code = [ICONST_0, LCONST_0, DUP2_X1, RETURN];
        let s = run(&code, Frame { offset: 0, locals: vec![], stack: vec![] }, &cp).unwrap();
        assert_eq!(s.to_frame(0).stack, vec![VType::Long, VType::Integer, VType::Long]);
        assert_eq!(
            run(&[POP, RETURN], Frame { offset: 0, locals: vec![], stack: vec![] }, &cp),
            Err(InterpError::StackUnderflow(0))
        );
    }

    #[test]
    fn new_and_init_resolve_uninitialized() {
        let mut cp = ConstantPool::empty();
        let cls = cp.add_class("p/Foo").unwrap();
        let init = cp.add_method_ref("p/Foo", "<init>", "(I)V").unwrap();
        let sup = cp.add_method_ref("java/lang/Object", "<init>", "()V").unwrap();
        let [c0, c1] = cls.to_be_bytes();
        let [i0, i1] = init.to_be_bytes();
        let [s0, s1] = sup.to_be_bytes();
        // aload_0; invokespecial Object.<init>; new Foo; dup; iload_1; (stop before init)
        let code = [ALOAD_0, INVOKESPECIAL, s0, s1, NEW, c0, c1, DUP, ILOAD_1, RETURN];
        let start = Frame { offset: 0, locals: vec![VType::UninitializedThis, VType::Integer], stack: vec![] };
        let s = run(&code, start.clone(), &cp).unwrap();
        assert_eq!(s.locals[0], VType::object("T"));
        assert_eq!(s.stack, vec![VType::Uninitialized(4), VType::Uninitialized(4), VType::Integer]);
        let code = [NEW, c0, c1, DUP, ILOAD_1, INVOKESPECIAL, i0, i1, ASTORE_2, RETURN];
        let s = run(&code, start, &cp).unwrap();
        assert!(s.stack.is_empty());
        assert_eq!(s.locals[2], VType::object("p/Foo"));
    }

    #[test]
    fn arrays() {
        let mut cp = ConstantPool::empty();
        let s = cp.add_class("java/lang/String").unwrap().to_be_bytes();
        let a = cp.add_class("[I").unwrap().to_be_bytes();
        // iconst_1; anewarray String; iconst_0; aaload; iconst_1; anewarray [I
        let code = [ICONST_1, ANEWARRAY, s[0], s[1], ICONST_0, AALOAD, ICONST_1, ANEWARRAY, a[0], a[1], RETURN];
        let st = run(&code, Frame { offset: 0, locals: vec![], stack: vec![] }, &cp).unwrap();
        assert_eq!(st.stack, vec![VType::object("java/lang/String"), VType::object("[[I")]);
        let code = [ICONST_1, NEWARRAY, 10, ICONST_0, IALOAD, ACONST_NULL, ICONST_0, AALOAD, RETURN];
        let st = run(&code, Frame { offset: 0, locals: vec![], stack: vec![] }, &cp).unwrap();
        assert_eq!(st.stack, vec![VType::Integer, VType::Null]);
    }
}
