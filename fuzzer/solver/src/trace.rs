//! The trace format of docs/solver.md: its types, the decoder, the encoder and the type check.
//!
//! Why the type check lives here: trace bytes come from the traced JVM and are untrusted, and the
//! `z3` crate panics (asserting a non-null term) when Z3 refuses an ill-sorted term. So a trace is
//! checked once, completely, before anything is built from it: operands are earlier nodes, widths
//! are 1/8/16/32/64 and every operator gets the widths it needs. [`Trace::check`] is the same check
//! for a trace built in memory (its fields are public), and [`crate::Solver::solve`] runs it.

/// The first 8 bytes of every trace.
pub const MAGIC: &[u8; 8] = b"JVFZTRC1";

/// The largest site a trace may carry. Sites are non-negative Java ints the fuzzer hands out
/// densely (the rewriter even passes branch sites as `site << 8 | opcode` in an int); the bound
/// leaves room in a `u64` for the switch keys (see [`crate::case_key`]).
pub const MAX_SITE: u32 = (1 << 30) - 1;

const MIN_NODE_BYTES: usize = 6; // op, width, one u32
const MIN_COND_BYTES: usize = 5; // FIXED: kind, one u32
const TRAILER_BYTES: usize = 12; // concretized, mismatches, dropped

/// Operators with one operand. The discriminant is the op byte of the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    ZExt = 3,
    SExt = 4,
    Trunc = 5,
    Neg = 6,
    /// Bitwise not of a bit-vector.
    Not = 7,
    /// Logical not of a width-1 node.
    BNot = 29,
}

/// Operators with two operands. The discriminant is the op byte of the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add = 8,
    Sub = 9,
    Mul = 10,
    SDiv = 11,
    SRem = 12,
    And = 13,
    Or = 14,
    Xor = 15,
    Shl = 16,
    AShr = 17,
    LShr = 18,
    Eq = 19,
    Ne = 20,
    SLt = 21,
    SLe = 22,
    SGt = 23,
    SGe = 24,
    ULt = 25,
    ULe = 26,
    BAnd = 27,
    BOr = 28,
}

const OP_VAR: u8 = 1;
const OP_CONST: u8 = 2;
const OP_ITE: u8 = 30;

impl UnOp {
    fn from_byte(op: u8) -> Option<UnOp> {
        Some(match op {
            3 => UnOp::ZExt,
            4 => UnOp::SExt,
            5 => UnOp::Trunc,
            6 => UnOp::Neg,
            7 => UnOp::Not,
            29 => UnOp::BNot,
            _ => return None,
        })
    }
}

impl BinOp {
    const ALL: [BinOp; 21] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::SDiv,
        BinOp::SRem,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::Shl,
        BinOp::AShr,
        BinOp::LShr,
        BinOp::Eq,
        BinOp::Ne,
        BinOp::SLt,
        BinOp::SLe,
        BinOp::SGt,
        BinOp::SGe,
        BinOp::ULt,
        BinOp::ULe,
        BinOp::BAnd,
        BinOp::BOr,
    ];

    fn from_byte(op: u8) -> Option<BinOp> {
        BinOp::ALL.iter().copied().find(|b| *b as u8 == op)
    }

    /// The width of `a op b` for operands of width `w`: 1 for comparisons and boolean ops.
    pub fn result_width(self, w: u8) -> u8 {
        if self.is_predicate() {
            1
        } else {
            w
        }
    }

    /// Comparisons and boolean connectives (result width 1).
    pub fn is_predicate(self) -> bool {
        self as u8 >= BinOp::Eq as u8
    }
}

/// One node of the expression DAG. Operands are indexes of earlier nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// Input byte `index`, an 8-bit bit-vector.
    Var(u32),
    /// The low `width` bits of `value` (width 1: a boolean).
    Const {
        width: u8,
        value: i64,
    },
    Unary {
        op: UnOp,
        width: u8,
        a: u32,
    },
    Binary {
        op: BinOp,
        width: u8,
        a: u32,
        b: u32,
    },
    /// `if c then a else b`.
    Ite {
        width: u8,
        c: u32,
        a: u32,
        b: u32,
    },
}

impl Node {
    /// The node's width as written in the trace (VAR: 8).
    pub fn width(&self) -> u8 {
        match *self {
            Node::Var(_) => 8,
            Node::Const { width, .. }
            | Node::Unary { width, .. }
            | Node::Binary { width, .. }
            | Node::Ite { width, .. } => width,
        }
    }

    /// The operands, in format order, and how many of the three slots are used.
    pub fn operands(&self) -> ([u32; 3], usize) {
        match *self {
            Node::Var(_) | Node::Const { .. } => ([0; 3], 0),
            Node::Unary { a, .. } => ([a, 0, 0], 1),
            Node::Binary { a, b, .. } => ([a, b, 0], 2),
            Node::Ite { c, a, b, .. } => ([c, a, b], 3),
        }
    }
}

/// One recorded condition, in execution order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// `node` (width 1) held in this execution; `taken` is the branch's direction.
    Branch { site: u32, taken: bool, node: u32 },
    /// A switch on `key` (a width-32 node) whose value was `observed`.
    Switch { site: u32, key: u32, observed: i32 },
    /// Holds and is never negated (e.g. a concretised array index).
    Fixed { node: u32 },
}

impl Cond {
    /// The node this condition constrains (a switch: its key).
    pub fn node(&self) -> u32 {
        match *self {
            Cond::Branch { node, .. } | Cond::Fixed { node } => node,
            Cond::Switch { key, .. } => key,
        }
    }
}

/// A decoded trace: the path condition over the bytes of one input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    pub input_len: u32,
    pub nodes: Vec<Node>,
    pub conds: Vec<Cond>,
    pub concretized: u32,
    pub mismatches: u32,
    pub dropped: u32,
}

/// Why a trace was refused. Node and cond numbers are indexes in the trace.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum TraceError {
    #[error("bad magic (not a JVFZTRC1 trace)")]
    BadMagic,
    #[error("truncated trace: {wanted} bytes wanted at offset {offset}")]
    Truncated { offset: usize, wanted: usize },
    #[error("{count} {what} cannot fit in the {remaining} bytes left at offset {offset}")]
    TooMany { what: &'static str, count: u32, remaining: usize, offset: usize },
    #[error("node {node}: unknown op {op}")]
    BadOp { node: u32, op: u8 },
    #[error("node {node}: width {width} is not 1, 8, 16, 32 or 64")]
    BadWidth { node: u32, width: u8 },
    #[error("node {node}: operand {operand} is not an earlier node")]
    BadRef { node: u32, operand: u32 },
    #[error("node {node}: ill-typed: {why}")]
    IllTyped { node: u32, why: &'static str },
    #[error("node {node}: variable {index} is past the input's {input_len} bytes")]
    VarOutOfRange { node: u32, index: u32, input_len: u32 },
    #[error("cond {cond}: unknown kind {kind}")]
    BadCondKind { cond: u32, kind: u8 },
    #[error("cond {cond}: taken is {taken}, not 0 or 1")]
    BadTaken { cond: u32, taken: u8 },
    #[error("cond {cond}: node {node} does not exist")]
    CondRef { cond: u32, node: u32 },
    #[error("cond {cond}: node has width {width}, {want} wanted")]
    CondWidth { cond: u32, width: u8, want: u8 },
    #[error("cond {cond}: site {site} is past {max}", max = MAX_SITE)]
    SiteTooLarge { cond: u32, site: u32 },
    #[error("{0} bytes after the trace")]
    TrailingBytes(usize),
}

impl Trace {
    /// Parses and checks a trace. Any byte string yields a trace or an error, never a panic.
    pub fn decode(bytes: &[u8]) -> Result<Trace, TraceError> {
        let mut r = Reader { bytes, pos: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(TraceError::BadMagic);
        }
        let input_len = r.u32()?;
        let node_count = r.count("nodes", MIN_NODE_BYTES)?;
        let mut nodes = Vec::with_capacity(node_count as usize);
        for i in 0..node_count {
            nodes.push(r.node(i)?);
        }
        let cond_count = r.count("conds", MIN_COND_BYTES)?;
        let mut conds = Vec::with_capacity(cond_count as usize);
        for i in 0..cond_count {
            conds.push(r.cond(i)?);
        }
        let (concretized, mismatches, dropped) = (r.u32()?, r.u32()?, r.u32()?);
        if r.remaining() != 0 {
            return Err(TraceError::TrailingBytes(r.remaining()));
        }
        let trace = Trace { input_len, nodes, conds, concretized, mismatches, dropped };
        trace.check()?;
        Ok(trace)
    }

    /// Writes the trace in the documented format (the inverse of [`Trace::decode`]).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + 10 * self.nodes.len() + 13 * self.conds.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.input_len.to_be_bytes());
        out.extend_from_slice(&(self.nodes.len() as u32).to_be_bytes());
        self.nodes.iter().for_each(|n| encode_node(n, &mut out));
        out.extend_from_slice(&(self.conds.len() as u32).to_be_bytes());
        self.conds.iter().for_each(|c| encode_cond(c, &mut out));
        for v in [self.concretized, self.mismatches, self.dropped] {
            out.extend_from_slice(&v.to_be_bytes());
        }
        out
    }

    /// Checks what the solver relies on: operands are earlier nodes, widths and operand widths
    /// fit each operator, variables are input bytes, conds refer to nodes of the right width.
    pub fn check(&self) -> Result<(), TraceError> {
        let mut widths = Vec::with_capacity(self.nodes.len());
        for (i, node) in self.nodes.iter().enumerate() {
            widths.push(check_node(&widths, i as u32, node, self.input_len)?);
        }
        for (i, cond) in self.conds.iter().enumerate() {
            check_cond(&widths, i as u32, cond)?;
        }
        Ok(())
    }
}

fn encode_node(node: &Node, out: &mut Vec<u8>) {
    let op = match *node {
        Node::Var(_) => OP_VAR,
        Node::Const { .. } => OP_CONST,
        Node::Unary { op, .. } => op as u8,
        Node::Binary { op, .. } => op as u8,
        Node::Ite { .. } => OP_ITE,
    };
    out.extend_from_slice(&[op, node.width()]);
    match *node {
        Node::Var(index) => out.extend_from_slice(&index.to_be_bytes()),
        Node::Const { value, .. } => out.extend_from_slice(&value.to_be_bytes()),
        _ => {
            let (ops, n) = node.operands();
            ops[..n].iter().for_each(|o| out.extend_from_slice(&o.to_be_bytes()));
        }
    }
}

fn encode_cond(cond: &Cond, out: &mut Vec<u8>) {
    match *cond {
        Cond::Branch { site, taken, node } => {
            out.push(0);
            out.extend_from_slice(&site.to_be_bytes());
            out.push(taken as u8);
            out.extend_from_slice(&node.to_be_bytes());
        }
        Cond::Switch { site, key, observed } => {
            out.push(1);
            out.extend_from_slice(&site.to_be_bytes());
            out.extend_from_slice(&key.to_be_bytes());
            out.extend_from_slice(&observed.to_be_bytes());
        }
        Cond::Fixed { node } => {
            out.push(2);
            out.extend_from_slice(&node.to_be_bytes());
        }
    }
}

/// A bounds-checked big-endian cursor.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], TraceError> {
        let truncated = TraceError::Truncated { offset: self.pos, wanted: n };
        let end = self.pos.checked_add(n).ok_or_else(|| truncated.clone())?;
        let slice = self.bytes.get(self.pos..end).ok_or(truncated)?;
        self.pos = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], TraceError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u8(&mut self) -> Result<u8, TraceError> {
        Ok(self.array::<1>()?[0])
    }

    fn u32(&mut self) -> Result<u32, TraceError> {
        Ok(u32::from_be_bytes(self.array()?))
    }

    fn i64(&mut self) -> Result<i64, TraceError> {
        Ok(i64::from_be_bytes(self.array()?))
    }

    /// A count of records at least `min_bytes` long each: refused if they cannot fit in what is
    /// left, so a hostile count never sizes an allocation.
    fn count(&mut self, what: &'static str, min_bytes: usize) -> Result<u32, TraceError> {
        let offset = self.pos;
        let count = self.u32()?;
        let remaining = self.remaining();
        if (count as usize).saturating_mul(min_bytes) > remaining.saturating_sub(TRAILER_BYTES) {
            return Err(TraceError::TooMany { what, count, remaining, offset });
        }
        Ok(count)
    }

    fn node(&mut self, index: u32) -> Result<Node, TraceError> {
        let (op, width) = (self.u8()?, self.u8()?);
        Ok(match op {
            OP_VAR => Node::Var(self.u32()?),
            OP_CONST => Node::Const { width, value: self.i64()? },
            OP_ITE => Node::Ite { width, c: self.u32()?, a: self.u32()?, b: self.u32()? },
            _ => {
                if let Some(op) = UnOp::from_byte(op) {
                    Node::Unary { op, width, a: self.u32()? }
                } else if let Some(op) = BinOp::from_byte(op) {
                    Node::Binary { op, width, a: self.u32()?, b: self.u32()? }
                } else {
                    return Err(TraceError::BadOp { node: index, op });
                }
            }
        })
        .and_then(|node| match node {
            Node::Var(_) if width != 8 => Err(TraceError::BadWidth { node: index, width }),
            node => Ok(node),
        })
    }

    fn cond(&mut self, index: u32) -> Result<Cond, TraceError> {
        match self.u8()? {
            0 => {
                let site = self.u32()?;
                let taken = match self.u8()? {
                    0 => false,
                    1 => true,
                    taken => return Err(TraceError::BadTaken { cond: index, taken }),
                };
                Ok(Cond::Branch { site, taken, node: self.u32()? })
            }
            1 => Ok(Cond::Switch { site: self.u32()?, key: self.u32()?, observed: self.u32()? as i32 }),
            2 => Ok(Cond::Fixed { node: self.u32()? }),
            kind => Err(TraceError::BadCondKind { cond: index, kind }),
        }
    }
}

fn is_bv(w: u8) -> bool {
    matches!(w, 8 | 16 | 32 | 64)
}

fn is_width(w: u8) -> bool {
    w == 1 || is_bv(w)
}

/// The width of node `node`, checked against the widths of the nodes before it.
fn check_node(widths: &[u8], node: u32, n: &Node, input_len: u32) -> Result<u8, TraceError> {
    let width = n.width();
    if !is_width(width) {
        return Err(TraceError::BadWidth { node, width });
    }
    let w = |operand: u32| widths.get(operand as usize).copied().ok_or(TraceError::BadRef { node, operand });
    let ok = match *n {
        Node::Var(index) if index >= input_len => {
            return Err(TraceError::VarOutOfRange { node, index, input_len });
        }
        Node::Var(_) | Node::Const { .. } => Ok(()),
        Node::Unary { op, a, .. } => unary_types(op, width, w(a)?),
        Node::Binary { op, a, b, .. } => binary_types(op, width, w(a)?, w(b)?),
        Node::Ite { c, a, b, .. } => {
            let (wc, wa, wb) = (w(c)?, w(a)?, w(b)?);
            if wc != 1 {
                Err("ITE condition is not width 1")
            } else if wa != width || wb != width {
                Err("ITE arms differ from its width")
            } else {
                Ok(())
            }
        }
    };
    ok.map(|()| width).map_err(|why| TraceError::IllTyped { node, why })
}

fn unary_types(op: UnOp, width: u8, wa: u8) -> Result<(), &'static str> {
    let fits = match op {
        UnOp::ZExt | UnOp::SExt => is_bv(width) && is_bv(wa) && wa <= width,
        UnOp::Trunc => is_bv(width) && is_bv(wa) && width <= wa,
        UnOp::Neg | UnOp::Not => is_bv(width) && wa == width,
        UnOp::BNot => width == 1 && wa == 1,
    };
    if fits {
        Ok(())
    } else {
        Err(match op {
            UnOp::ZExt | UnOp::SExt => "extension to a narrower width or of a boolean",
            UnOp::Trunc => "truncation to a wider width or of a boolean",
            UnOp::Neg | UnOp::Not => "NEG/NOT operand width differs or is boolean",
            UnOp::BNot => "BNOT of a non-boolean",
        })
    }
}

fn binary_types(op: BinOp, width: u8, wa: u8, wb: u8) -> Result<(), &'static str> {
    if wa != wb {
        return Err("operand widths differ");
    }
    match op {
        BinOp::Eq | BinOp::Ne if width == 1 => Ok(()),
        BinOp::BAnd | BinOp::BOr if width == 1 && wa == 1 => Ok(()),
        BinOp::BAnd | BinOp::BOr => Err("BAND/BOR of non-booleans"),
        _ if op.is_predicate() && width == 1 && is_bv(wa) => Ok(()),
        _ if op.is_predicate() => Err("comparison is not width 1 or compares booleans"),
        _ if is_bv(width) && wa == width => Ok(()),
        _ => Err("arithmetic on booleans or on operands of another width"),
    }
}

fn check_cond(widths: &[u8], cond: u32, c: &Cond) -> Result<(), TraceError> {
    let site = match *c {
        Cond::Branch { site, .. } | Cond::Switch { site, .. } => site,
        Cond::Fixed { .. } => 0,
    };
    if site > MAX_SITE {
        return Err(TraceError::SiteTooLarge { cond, site });
    }
    let node = c.node();
    let width = widths.get(node as usize).copied().ok_or(TraceError::CondRef { cond, node })?;
    let want = if matches!(c, Cond::Switch { .. }) { 32 } else { 1 };
    if width != want {
        return Err(TraceError::CondWidth { cond, width, want });
    }
    Ok(())
}
