//! Linear forms of bit-vector nodes, so multiply-add chains reach Z3 as flat sums.
//!
//! Why: Z3 bit-blasts `((d0 * 10 + d1) * 10 + d2) ...` as written, and nine levels of it took
//! seconds (a decimal parse loop, a multiplicative hash over a payload), while the same value as
//! `d0 * 10^8 + d1 * 10^7 + ...` takes a fraction of one. Every bit-vector node built by `+`,
//! `-`, negation, multiplication or left shift by a constant is therefore kept as a sum of
//! coefficient times atom plus a constant, modulo 2^width (the arithmetic Java and Z3 share), and
//! translated as that sum. An atom is any other node (a variable, an extension, a product of two
//! non-constants). A form past [`MAX_ATOMS`] atoms is not kept: that node becomes an atom of its
//! own (a long checksum stays a chain, which local search handles).

use crate::trace::{BinOp, Node, Trace, UnOp};

/// Most atoms a form may have.
pub(crate) const MAX_ATOMS: usize = 64;

/// `Σ coeff * atom + constant` (mod 2^width); `terms` sorted by atom, no zero coefficient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Linear {
    pub(crate) terms: Vec<(u32, u64)>,
    pub(crate) constant: u64,
}

fn mask(width: u8) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl Linear {
    fn atom(node: u32) -> Linear {
        Linear { terms: vec![(node, 1)], constant: 0 }
    }

    fn constant(value: u64) -> Linear {
        Linear { terms: Vec::new(), constant: value }
    }

    fn as_constant(&self) -> Option<u64> {
        self.terms.is_empty().then_some(self.constant)
    }

    fn scaled(&self, k: u64, m: u64) -> Linear {
        let terms = self.terms.iter().map(|&(a, c)| (a, c.wrapping_mul(k) & m)).filter(|&(_, c)| c != 0).collect();
        Linear { terms, constant: self.constant.wrapping_mul(k) & m }
    }

    fn plus(&self, other: &Linear, m: u64) -> Linear {
        let (mut i, mut j) = (0, 0);
        let mut terms = Vec::with_capacity(self.terms.len() + other.terms.len());
        while i < self.terms.len() || j < other.terms.len() {
            let (a, b) = (self.terms.get(i), other.terms.get(j));
            match (a, b) {
                (Some(&(x, cx)), Some(&(y, cy))) if x == y => {
                    let c = cx.wrapping_add(cy) & m;
                    if c != 0 {
                        terms.push((x, c));
                    }
                    i += 1;
                    j += 1;
                }
                (Some(&(x, cx)), Some(&(y, _))) if x < y => {
                    terms.push((x, cx));
                    i += 1;
                }
                (Some(&(x, cx)), None) => {
                    terms.push((x, cx));
                    i += 1;
                }
                (_, Some(&(y, cy))) => {
                    terms.push((y, cy));
                    j += 1;
                }
                (None, None) => break,
            }
        }
        Linear { terms, constant: self.constant.wrapping_add(other.constant) & m }
    }

    /// Whether translating this form beats translating the node as written: it folds at least
    /// one operation away (more than one atom, or a coefficient or constant to apply).
    pub(crate) fn worth_it(&self, node: u32) -> bool {
        !(self.terms.len() == 1 && self.terms[0] == (node, 1) && self.constant == 0)
    }
}

/// Each node's form (`None` for booleans); a node that is not linear is its own atom.
pub(crate) fn forms(trace: &Trace) -> Vec<Option<Linear>> {
    let mut out: Vec<Option<Linear>> = Vec::with_capacity(trace.nodes.len());
    for (n, node) in trace.nodes.iter().enumerate() {
        let n = n as u32;
        let width = node.width();
        if width == 1 {
            out.push(None);
            continue;
        }
        let m = mask(width);
        let of = |i: u32| out.get(i as usize).and_then(Option::as_ref);
        let form = match *node {
            Node::Const { value, .. } => Some(Linear::constant(value as u64 & m)),
            Node::Unary { op: UnOp::Neg, a, .. } => of(a).map(|f| f.scaled(m, m)),
            Node::Binary { op: BinOp::Add, a, b, .. } => of(a).zip(of(b)).map(|(x, y)| x.plus(y, m)),
            Node::Binary { op: BinOp::Sub, a, b, .. } => of(a).zip(of(b)).map(|(x, y)| x.plus(&y.scaled(m, m), m)),
            Node::Binary { op: BinOp::Mul, a, b, .. } => match (of(a), of(b)) {
                (Some(x), Some(y)) => match (x.as_constant(), y.as_constant()) {
                    (_, Some(k)) => Some(x.scaled(k, m)),
                    (Some(k), _) => Some(y.scaled(k, m)),
                    _ => None,
                },
                _ => None,
            },
            Node::Binary { op: BinOp::Shl, a, b, .. } => match (of(a), of(b).and_then(Linear::as_constant)) {
                (Some(x), Some(k)) if k < u64::from(width) => Some(x.scaled(1u64 << k, m)),
                _ => None,
            },
            _ => None,
        };
        let form = match form {
            Some(f) if f.terms.len() <= MAX_ATOMS => f,
            _ => Linear::atom(n),
        };
        out.push(Some(form));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::TraceBuilder;

    #[test]
    fn a_multiply_add_chain_becomes_a_sum_of_powers() {
        let mut b = TraceBuilder::new(3);
        let (d0, d1, d2) = (b.var(0), b.var(1), b.var(2));
        let (w0, w1, w2) = (b.zext(32, d0), b.zext(32, d1), b.zext(32, d2));
        let ten = b.constant(32, 10);
        let t0 = b.binary(BinOp::Mul, w0, ten);
        let s1 = b.binary(BinOp::Add, t0, w1);
        let t1 = b.binary(BinOp::Mul, s1, ten);
        let s2 = b.binary(BinOp::Add, t1, w2);
        let three = b.constant(32, 3);
        let last = b.binary(BinOp::Sub, s2, three);
        let trace = crate::Trace::decode(&b.finish()).unwrap();
        let f = forms(&trace);
        let got = f[last as usize].clone().unwrap();
        assert_eq!(got.terms, vec![(w0, 100), (w1, 10), (w2, 1)]);
        assert_eq!(got.constant, (-3i64) as u64 & 0xffff_ffff);
        assert!(got.worth_it(last));
        assert!(!f[w0 as usize].clone().unwrap().worth_it(w0), "an extension is an atom");
    }

    #[test]
    fn coefficients_wrap_at_the_width_and_cancel() {
        let mut b = TraceBuilder::new(1);
        let v = b.var(0);
        let x = b.zext(8, v);
        let k = b.constant(8, 128);
        let twice = b.binary(BinOp::Mul, x, k);
        let again = b.binary(BinOp::Add, twice, twice); // 256 * x == 0 (mod 2^8)
        let one = b.constant(8, 1);
        let shifted = b.binary(BinOp::Shl, x, one);
        let back = b.binary(BinOp::Sub, shifted, x); // 2x - x = x
        let trace = crate::Trace::decode(&b.finish()).unwrap();
        let f = forms(&trace);
        assert_eq!(f[again as usize].clone().unwrap(), Linear { terms: vec![], constant: 0 });
        assert_eq!(f[back as usize].clone().unwrap().terms, vec![(x, 1)]);
    }
}
