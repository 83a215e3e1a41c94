//! Nodes to Z3 terms, once per node per trace.
//!
//! Why iterative: traces hold expression chains as deep as the loop that built them (a checksum
//! over a 100,000-byte input is a 100,000-deep chain), which recursion would not survive. Nodes
//! are translated on demand (only what some query needs), in post-order with an explicit stack,
//! and cached by index, so shared subterms are built once. The trace is type-checked before it
//! gets here; a term of the wrong sort still yields `None`, never a Z3 error (which the `z3`
//! crate turns into a panic).

use crate::linear::{forms, Linear};
use crate::trace::{BinOp, Node, Trace, UnOp};
use z3::ast::{Ast, Bool, BV};
use z3::Context;

/// A translated node: width 1 is a Z3 Bool, the other widths bit-vectors.
#[derive(Clone)]
pub(crate) enum Term<'ctx> {
    Bool(Bool<'ctx>),
    Bv(BV<'ctx>),
}

pub(crate) struct Translator<'ctx, 't> {
    ctx: &'ctx Context,
    nodes: &'t [Node],
    cache: Vec<Option<Term<'ctx>>>,
    stack: Vec<(u32, bool)>,
    /// Each node's linear form (see `linear`): a node whose form folds something away is built as
    /// that flat sum of its atoms instead of as written.
    forms: Vec<Option<Linear>>,
}

impl<'ctx, 't> Translator<'ctx, 't> {
    pub(crate) fn new(ctx: &'ctx Context, trace: &'t Trace) -> Translator<'ctx, 't> {
        Translator {
            ctx,
            nodes: &trace.nodes,
            cache: vec![None; trace.nodes.len()],
            stack: Vec::new(),
            forms: forms(trace),
        }
    }

    /// The Z3 constant standing for input byte `index`.
    pub(crate) fn var(&self, index: u32) -> BV<'ctx> {
        BV::new_const(self.ctx, index, 8)
    }

    /// Node `node` as a Bool (it must have width 1).
    pub(crate) fn boolean(&mut self, node: u32) -> Option<Bool<'ctx>> {
        match self.term(node)? {
            Term::Bool(b) => Some(b.clone()),
            Term::Bv(_) => None,
        }
    }

    /// Node `node` as a bit-vector (it must not have width 1).
    pub(crate) fn bv(&mut self, node: u32) -> Option<BV<'ctx>> {
        match self.term(node)? {
            Term::Bv(v) => Some(v.clone()),
            Term::Bool(_) => None,
        }
    }

    /// Translates `node` and whatever it needs that is not cached yet.
    fn term(&mut self, node: u32) -> Option<&Term<'ctx>> {
        if self.fill(node).is_none() {
            self.stack.clear();
            return None;
        }
        self.cached(node)
    }

    /// The post-order walk of [`Translator::term`]; `None` leaves the stack for it to clear.
    fn fill(&mut self, node: u32) -> Option<()> {
        self.stack.push((node, false));
        while let Some((n, ready)) = self.stack.pop() {
            if self.cache.get(n as usize)?.is_some() {
                continue;
            }
            let current = *self.nodes.get(n as usize)?;
            if ready {
                let term = match self.flat(n) {
                    Some(form) => self.sum(form, current.width())?,
                    None => self.build(&current)?,
                };
                self.cache[n as usize] = Some(term);
                continue;
            }
            self.stack.push((n, true));
            let needed: Vec<u32> = match self.flat(n) {
                Some(form) => form.terms.iter().map(|&(atom, _)| atom).collect(),
                None => {
                    let (ops, k) = current.operands();
                    ops[..k].to_vec()
                }
            };
            for o in needed {
                if matches!(self.cache.get(o as usize), Some(None)) {
                    self.stack.push((o, false));
                }
            }
        }
        Some(())
    }

    /// The linear form node `n` is built from, if it folds anything away. A form is never its
    /// node's own atom, so the walk over atoms always reaches other nodes.
    fn flat(&self, n: u32) -> Option<&Linear> {
        self.forms.get(n as usize)?.as_ref().filter(|f| f.worth_it(n) && f.terms.iter().all(|&(a, _)| a != n))
    }

    /// `Σ coeff * atom + constant` at `width` bits, from the cached atoms.
    fn sum(&self, form: &Linear, width: u8) -> Option<Term<'ctx>> {
        let w = u32::from(width);
        let mut acc = BV::from_u64(self.ctx, form.constant, w);
        for &(atom, coeff) in &form.terms {
            let a = self.cached_bv(atom)?;
            if a.get_size() != w {
                return None;
            }
            let term = if coeff == 1 { a.clone() } else { a.bvmul(&BV::from_u64(self.ctx, coeff, w)) };
            acc = acc.bvadd(&term);
        }
        Some(Term::Bv(acc))
    }

    fn cached(&self, n: u32) -> Option<&Term<'ctx>> {
        self.cache.get(n as usize)?.as_ref()
    }

    fn cached_bv(&self, n: u32) -> Option<&BV<'ctx>> {
        match self.cached(n)? {
            Term::Bv(v) => Some(v),
            Term::Bool(_) => None,
        }
    }

    fn cached_bool(&self, n: u32) -> Option<&Bool<'ctx>> {
        match self.cached(n)? {
            Term::Bool(b) => Some(b),
            Term::Bv(_) => None,
        }
    }

    /// One node from its (cached) operands.
    fn build(&self, node: &Node) -> Option<Term<'ctx>> {
        match *node {
            Node::Var(index) => Some(Term::Bv(self.var(index))),
            Node::Const { width: 1, value } => Some(Term::Bool(Bool::from_bool(self.ctx, value & 1 != 0))),
            Node::Const { width, value } => {
                Some(Term::Bv(BV::from_u64(self.ctx, low_bits(value, width), width.into())))
            }
            Node::Unary { op, width, a } => self.unary(op, width, a),
            Node::Binary { op, a, b, .. } => self.binary(op, a, b),
            Node::Ite { c, a, b, .. } => {
                let c = self.cached_bool(c)?;
                Some(match (self.cached(a)?, self.cached(b)?) {
                    (Term::Bool(a), Term::Bool(b)) => Term::Bool(c.ite(a, b)),
                    (Term::Bv(a), Term::Bv(b)) => Term::Bv(c.ite(a, b)),
                    _ => return None,
                })
            }
        }
    }

    fn unary(&self, op: UnOp, width: u8, a: u32) -> Option<Term<'ctx>> {
        if op == UnOp::BNot {
            return Some(Term::Bool(self.cached_bool(a)?.not()));
        }
        let a = self.cached_bv(a)?;
        let (from, to) = (a.get_size(), u32::from(width));
        Some(Term::Bv(match op {
            UnOp::ZExt => a.zero_ext(to.checked_sub(from)?),
            UnOp::SExt => a.sign_ext(to.checked_sub(from)?),
            UnOp::Trunc if to <= from && to > 0 => a.extract(to - 1, 0),
            UnOp::Neg => a.bvneg(),
            UnOp::Not => a.bvnot(),
            UnOp::Trunc | UnOp::BNot => return None,
        }))
    }

    fn binary(&self, op: BinOp, a: u32, b: u32) -> Option<Term<'ctx>> {
        match (op, self.cached(a)?, self.cached(b)?) {
            (BinOp::Eq, Term::Bool(x), Term::Bool(y)) => Some(Term::Bool(x._eq(y))),
            (BinOp::Ne, Term::Bool(x), Term::Bool(y)) => Some(Term::Bool(x._eq(y).not())),
            (BinOp::BAnd, Term::Bool(x), Term::Bool(y)) => Some(Term::Bool(Bool::and(self.ctx, &[x, y]))),
            (BinOp::BOr, Term::Bool(x), Term::Bool(y)) => Some(Term::Bool(Bool::or(self.ctx, &[x, y]))),
            (_, Term::Bv(x), Term::Bv(y)) if x.get_size() == y.get_size() => bv_binary(op, x, y),
            _ => None,
        }
    }
}

fn bv_binary<'ctx>(op: BinOp, x: &BV<'ctx>, y: &BV<'ctx>) -> Option<Term<'ctx>> {
    let bv = |v: BV<'ctx>| Some(Term::Bv(v));
    let pred = |b: Bool<'ctx>| Some(Term::Bool(b));
    match op {
        BinOp::Add => bv(x.bvadd(y)),
        BinOp::Sub => bv(x.bvsub(y)),
        BinOp::Mul => bv(x.bvmul(y)),
        BinOp::SDiv => bv(x.bvsdiv(y)),
        BinOp::SRem => bv(x.bvsrem(y)),
        BinOp::And => bv(x.bvand(y)),
        BinOp::Or => bv(x.bvor(y)),
        BinOp::Xor => bv(x.bvxor(y)),
        BinOp::Shl => bv(x.bvshl(y)),
        BinOp::AShr => bv(x.bvashr(y)),
        BinOp::LShr => bv(x.bvlshr(y)),
        BinOp::Eq => pred(x._eq(y)),
        BinOp::Ne => pred(x._eq(y).not()),
        BinOp::SLt => pred(x.bvslt(y)),
        BinOp::SLe => pred(x.bvsle(y)),
        BinOp::SGt => pred(x.bvsgt(y)),
        BinOp::SGe => pred(x.bvsge(y)),
        BinOp::ULt => pred(x.bvult(y)),
        BinOp::ULe => pred(x.bvule(y)),
        BinOp::BAnd | BinOp::BOr => None,
    }
}

/// The low `width` bits of `value`, as an unsigned number.
fn low_bits(value: i64, width: u8) -> u64 {
    match width {
        64.. => value as u64,
        w => value as u64 & ((1u64 << w) - 1),
    }
}
