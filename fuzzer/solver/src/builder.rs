//! A small trace writer for tests (here and in the fuzzer), so that no test hand-assembles bytes.
//!
//! Why not just `Trace { .. }`: a test of the format should go through the same bytes the JVM
//! writes. The builder only appends nodes and conds; it checks nothing (a test may want a bad
//! trace), and [`Trace::decode`] of [`TraceBuilder::finish`] is what validates.

use crate::trace::{BinOp, Cond, Node, Trace, UnOp};

/// Appends nodes and conds; each node method returns the new node's index.
#[derive(Clone, Debug, Default)]
pub struct TraceBuilder {
    trace: Trace,
}

impl TraceBuilder {
    /// A trace over an input of `input_len` bytes.
    pub fn new(input_len: u32) -> TraceBuilder {
        TraceBuilder { trace: Trace { input_len, ..Trace::default() } }
    }

    /// Appends any node (also ill-typed ones, for tests of the checks).
    pub fn node(&mut self, node: Node) -> u32 {
        self.trace.nodes.push(node);
        self.trace.nodes.len() as u32 - 1
    }

    /// Input byte `index` (8 bits).
    pub fn var(&mut self, index: u32) -> u32 {
        self.node(Node::Var(index))
    }

    /// The low `width` bits of `value`.
    pub fn constant(&mut self, width: u8, value: i64) -> u32 {
        self.node(Node::Const { width, value })
    }

    /// `op a` at `width` (the target width for ZEXT/SEXT/TRUNC).
    pub fn unary(&mut self, op: UnOp, width: u8, a: u32) -> u32 {
        self.node(Node::Unary { op, width, a })
    }

    /// `a op b`; the width follows from `a`'s (1 for comparisons and BAND/BOR).
    pub fn binary(&mut self, op: BinOp, a: u32, b: u32) -> u32 {
        let width = op.result_width(self.width(a));
        self.node(Node::Binary { op, width, a, b })
    }

    /// `if c then a else b`, at `a`'s width.
    pub fn ite(&mut self, c: u32, a: u32, b: u32) -> u32 {
        let width = self.width(a);
        self.node(Node::Ite { width, c, a, b })
    }

    pub fn zext(&mut self, width: u8, a: u32) -> u32 {
        self.unary(UnOp::ZExt, width, a)
    }

    pub fn sext(&mut self, width: u8, a: u32) -> u32 {
        self.unary(UnOp::SExt, width, a)
    }

    pub fn trunc(&mut self, width: u8, a: u32) -> u32 {
        self.unary(UnOp::Trunc, width, a)
    }

    /// Little-endian int of width `8 * indexes.len()` over the given input bytes, as a
    /// FuzzedDataProvider-style source builds it (`zext(b0) | zext(b1) << 8 | ...`).
    pub fn le_int(&mut self, width: u8, indexes: &[u32]) -> u32 {
        let mut acc = None;
        for (k, &i) in indexes.iter().enumerate() {
            let byte = self.var(i);
            let wide = self.zext(width, byte);
            let shift = self.constant(width, 8 * k as i64);
            let part = self.binary(BinOp::Shl, wide, shift);
            acc = Some(match acc {
                None => part,
                Some(acc) => self.binary(BinOp::Or, acc, part),
            });
        }
        acc.unwrap_or_else(|| self.constant(width, 0))
    }

    /// A branch at `site` where `node` (width 1) held.
    pub fn branch(&mut self, site: u32, taken: bool, node: u32) -> &mut Self {
        self.cond(Cond::Branch { site, taken, node })
    }

    /// A switch at `site` on `key` (width 32) that saw `observed`.
    pub fn switch(&mut self, site: u32, key: u32, observed: i32) -> &mut Self {
        self.cond(Cond::Switch { site, key, observed })
    }

    /// A condition that holds and is never negated.
    pub fn fixed(&mut self, node: u32) -> &mut Self {
        self.cond(Cond::Fixed { node })
    }

    pub fn cond(&mut self, cond: Cond) -> &mut Self {
        self.trace.conds.push(cond);
        self
    }

    /// Sets the three trailer counters.
    pub fn counters(&mut self, concretized: u32, mismatches: u32, dropped: u32) -> &mut Self {
        self.trace.concretized = concretized;
        self.trace.mismatches = mismatches;
        self.trace.dropped = dropped;
        self
    }

    /// The trace as built (unchecked).
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The trace's bytes, exactly as `Sym.finish()` writes them.
    pub fn finish(&self) -> Vec<u8> {
        self.trace.encode()
    }

    /// Width of node `a` as built, 0 for a node that does not exist (decode then refuses).
    fn width(&self, a: u32) -> u8 {
        self.trace.nodes.get(a as usize).map_or(0, Node::width)
    }
}
