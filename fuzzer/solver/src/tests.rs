//! Tests against real Z3. Every emitted input is checked with a concrete evaluator of the trace
//! (Java's semantics, and SMT-LIB's for division by zero), so a wrong translation shows up as
//! an input that does not do what the query asked, not just as a different count.

use crate::trace::{BinOp, Cond, Node, Trace, TraceError, UnOp};
use crate::{branch_key, case_key, default_key, slice_of, Solver, SolverError, TraceBuilder};
use std::time::{Duration, Instant};

/// A tiny xorshift64: deterministic randomness without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

// ------------------------------------------------------------------ the concrete evaluator

fn mask(v: u64, w: u8) -> u64 {
    if w >= 64 {
        v
    } else {
        v & ((1u64 << w) - 1)
    }
}

fn signed(v: u64, w: u8) -> i64 {
    if w >= 64 {
        v as i64
    } else {
        let shift = 64 - u32::from(w);
        ((v << shift) as i64) >> shift
    }
}

/// Every node's value on `input` (booleans as 0/1), in node order.
fn eval(trace: &Trace, input: &[u8]) -> Vec<u64> {
    let mut vals: Vec<u64> = Vec::with_capacity(trace.nodes.len());
    for node in &trace.nodes {
        let v = match *node {
            Node::Var(i) => u64::from(input[i as usize]),
            Node::Const { width, value } => mask(value as u64, width),
            Node::Unary { op, width, a } => eval_unary(op, width, vals[a as usize], trace.nodes[a as usize].width()),
            Node::Binary { op, a, b, .. } => {
                let w = trace.nodes[a as usize].width();
                eval_binary(op, w, vals[a as usize], vals[b as usize])
            }
            Node::Ite { c, a, b, .. } => {
                if vals[c as usize] != 0 {
                    vals[a as usize]
                } else {
                    vals[b as usize]
                }
            }
        };
        vals.push(v);
    }
    vals
}

fn eval_unary(op: UnOp, width: u8, a: u64, wa: u8) -> u64 {
    match op {
        UnOp::ZExt => a,
        UnOp::SExt => mask(signed(a, wa) as u64, width),
        UnOp::Trunc => mask(a, width),
        UnOp::Neg => mask(a.wrapping_neg(), width),
        UnOp::Not => mask(!a, width),
        UnOp::BNot => 1 - a,
    }
}

fn eval_binary(op: BinOp, w: u8, a: u64, b: u64) -> u64 {
    let (sa, sb) = (signed(a, w), signed(b, w));
    let big = u64::from(w) <= b;
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::SDiv if b == 0 => {
            if sa < 0 {
                1
            } else {
                u64::MAX
            }
        }
        BinOp::SDiv => sa.wrapping_div(sb) as u64,
        BinOp::SRem if b == 0 => a,
        BinOp::SRem => sa.wrapping_rem(sb) as u64,
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl if big => 0,
        BinOp::Shl => a << b,
        BinOp::AShr if big => (sa >> 63) as u64,
        BinOp::AShr => (sa >> b) as u64,
        BinOp::LShr if big => 0,
        BinOp::LShr => a >> b,
        BinOp::Eq => (a == b) as u64,
        BinOp::Ne => (a != b) as u64,
        BinOp::SLt => (sa < sb) as u64,
        BinOp::SLe => (sa <= sb) as u64,
        BinOp::SGt => (sa > sb) as u64,
        BinOp::SGe => (sa >= sb) as u64,
        BinOp::ULt => (a < b) as u64,
        BinOp::ULe => (a <= b) as u64,
        BinOp::BAnd => a & b,
        BinOp::BOr => a | b,
    };
    mask(r, op.result_width(w))
}

/// Whether `cond` holds as recorded, given the node values `vals`.
fn holds(vals: &[u64], cond: &Cond) -> bool {
    match *cond {
        Cond::Branch { node, .. } | Cond::Fixed { node } => vals[node as usize] == 1,
        Cond::Switch { key, observed, .. } => vals[key as usize] == u64::from(observed as u32),
    }
}

// ------------------------------------------------------------------ helpers

fn no_cases(_: u32) -> Option<Vec<i32>> {
    None
}

/// Runs one `solve` with a generous deadline; returns the inputs emitted.
fn solve(solver: &mut Solver, trace: &Trace, input: &[u8], cases: &dyn Fn(u32) -> Option<Vec<i32>>) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    solver.solve(trace, input, cases, deadline, &mut |i| found.push(i)).expect("solve");
    found
}

fn decoded(b: &TraceBuilder) -> Trace {
    Trace::decode(&b.finish()).expect("the builder's trace decodes")
}

fn solver() -> Solver {
    Solver::new(Duration::from_secs(8))
}

/// Records `node` (width 1) as a branch at `site` the way the JVM would on `input`: the node
/// that held, and the direction taken.
fn record(b: &mut TraceBuilder, site: u32, node: u32, input: &[u8]) {
    let vals = eval(b.trace(), input);
    if vals[node as usize] == 1 {
        b.branch(site, true, node);
    } else {
        let not = b.unary(UnOp::BNot, 1, node);
        b.branch(site, false, not);
    }
}

// ------------------------------------------------------------------ (1) linear equations

#[test]
fn linear_equations_over_two_le_ints() {
    let input = vec![1, 2, 3, 4, 5, 6, 7, 8];
    let mut b = TraceBuilder::new(8);
    let x = b.le_int(32, &[0, 1, 2, 3]);
    let y = b.le_int(32, &[4, 5, 6, 7]);
    let (sum, diff) = (b.binary(BinOp::Add, x, y), b.binary(BinOp::Sub, x, y));
    let (k1000, k200) = (b.constant(32, 1000), b.constant(32, 200));
    let (c1, c2) = (b.binary(BinOp::Eq, sum, k1000), b.binary(BinOp::Eq, diff, k200));
    let both = b.binary(BinOp::BAnd, c1, c2);
    record(&mut b, 7, both, &input);
    let trace = decoded(&b);
    assert!(matches!(trace.conds[0], Cond::Branch { taken: false, .. }));

    let mut s = solver();
    let found = solve(&mut s, &trace, &input, &no_cases);
    assert_eq!(found.len(), 1, "{:?}", s.stats());
    let vals = eval(&trace, &found[0]);
    assert_eq!(vals[both as usize], 1, "x + y == 1000 && x - y == 200 on {:?}", found[0]);
    let x = u32::from_le_bytes(found[0][0..4].try_into().unwrap());
    let y = u32::from_le_bytes(found[0][4..8].try_into().unwrap());
    assert_eq!((x.wrapping_add(y), x.wrapping_sub(y)), (1000, 200));
    assert_eq!((s.stats().queries, s.stats().sat), (1, 1));
    assert!(s.asked(branch_key(7, true)));
}

// ------------------------------------------------------------------ (2) a checksum

#[test]
fn checksum_over_ten_thousand_bytes() {
    const N: u32 = 10_000;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let input = rng.bytes(N as usize + 1);
    let mut b = TraceBuilder::new(N + 1);
    let mut sum = b.constant(32, 0);
    for i in 0..N {
        let byte = b.var(i);
        let wide = b.zext(32, byte);
        sum = b.binary(BinOp::Add, sum, wide);
    }
    let last = b.var(N);
    let expected = b.zext(32, last);
    let ok = b.binary(BinOp::Eq, sum, expected);
    record(&mut b, 1, ok, &input);
    let trace = decoded(&b);

    let start = Instant::now();
    // Local search gets an eighth of the limit: 80 ms on a quiet machine, but a busy one (CI,
    // a benchmark beside the tests) must not turn the answer into a timeout.
    let mut s = Solver::new(Duration::from_secs(120));
    let found = solve(&mut s, &trace, &input, &no_cases);
    assert_eq!(found.len(), 1, "{:?}", s.stats());
    assert_eq!(eval(&trace, &found[0])[ok as usize], 1);
    eprintln!("checksum over {N} bytes solved in {:?}", start.elapsed());
}

// ------------------------------------------------------------------ (3) slicing

#[test]
fn slices_follow_shared_bytes_transitively_and_in_time() {
    let mut b = TraceBuilder::new(5);
    let v: Vec<u32> = (0..5).map(|i| b.var(i)).collect();
    let k = |b: &mut TraceBuilder, c| b.constant(8, c);
    let seven = k(&mut b, 7);
    let c0 = b.binary(BinOp::Eq, v[1], seven); // unrelated
    let c1 = b.binary(BinOp::Eq, v[0], v[2]); // links 0 and 2
    let three = k(&mut b, 3);
    let c2 = b.binary(BinOp::ULt, v[2], three);
    let c3 = b.binary(BinOp::Eq, v[3], v[4]); // unrelated until c5
    let c4 = b.binary(BinOp::Ne, v[0], three);
    let c5 = b.binary(BinOp::Eq, v[4], v[0]);
    for (site, c) in [c0, c1, c2, c3, c4, c5].into_iter().enumerate() {
        b.branch(site as u32, true, c);
    }
    let trace = decoded(&b);
    assert_eq!(slice_of(&trace, 0).unwrap(), Vec::<u32>::new());
    assert_eq!(slice_of(&trace, 1).unwrap(), Vec::<u32>::new(), "c2 comes later");
    assert_eq!(slice_of(&trace, 2).unwrap(), vec![1]);
    assert_eq!(slice_of(&trace, 4).unwrap(), vec![1, 2]);
    assert_eq!(slice_of(&trace, 5).unwrap(), vec![1, 2, 3, 4]);
    assert_eq!(slice_of(&trace, 99).unwrap(), Vec::<u32>::new());
}

#[test]
fn an_unrelated_contradiction_is_not_in_the_slice() {
    // A FIXED cond that cannot hold (b1 != b1), on a byte the branch does not read: were it in
    // the query, the query would be unsat.
    let input = [5u8, 9];
    let mut b = TraceBuilder::new(2);
    let b1 = b.var(1);
    let impossible = b.binary(BinOp::Ne, b1, b1);
    b.fixed(impossible);
    let b0 = b.var(0);
    let five = b.constant(8, 5);
    let is_five = b.binary(BinOp::Eq, b0, five);
    b.branch(3, true, is_five);
    let trace = decoded(&b);
    let mut s = solver();
    let found = solve(&mut s, &trace, &input, &no_cases);
    assert_eq!((s.stats().sat, s.stats().unsat), (1, 0));
    assert_eq!(found.len(), 1);
    assert_ne!(found[0][0], 5);
    assert_eq!(found[0][1], 9, "bytes outside the slice keep their values");
}

// ------------------------------------------------------------------ (4) unsat, asked once

#[test]
fn unsat_is_counted_and_never_asked_again() {
    let input = [4u8];
    let mut b = TraceBuilder::new(1);
    let b0 = b.var(0);
    let (ten, twenty) = (b.constant(8, 10), b.constant(8, 20));
    let lt10 = b.binary(BinOp::ULt, b0, ten);
    let lt20 = b.binary(BinOp::ULt, b0, twenty);
    b.branch(1, true, lt10).branch(2, true, lt20);
    // A loop: the same branch again, asked once.
    b.branch(2, true, lt20).branch(2, true, lt20);
    let trace = decoded(&b);

    let mut s = solver();
    let found = solve(&mut s, &trace, &input, &no_cases);
    assert_eq!(found.len(), 1, "b0 >= 10 is sat");
    assert!(found[0][0] >= 10);
    let after_first = s.stats().clone();
    assert_eq!((after_first.queries, after_first.sat, after_first.unsat, after_first.unknown), (2, 1, 1, 0));
    assert_eq!(after_first.skipped, 2, "the loop's repeats");
    assert!(s.asked(branch_key(2, false)) && s.asked(branch_key(1, false)));
    assert!(!s.asked(branch_key(2, true)));

    let again = solve(&mut s, &trace, &input, &no_cases);
    assert!(again.is_empty());
    assert_eq!(s.stats().queries, 2, "no new query");
    assert_eq!(s.stats().skipped, 2 + 4);
}

#[test]
fn a_branch_refused_under_one_path_condition_is_asked_under_another() {
    // b0 + b1 == 300 (16 bits) cannot hold while b0 stays 0 (a FIXED condition of the first
    // trace); the second trace of the same branch has no such condition and is sat.
    let input = [0u8, 0];
    let build = |with_fixed: bool| {
        let mut b = TraceBuilder::new(2);
        let (b0, b1) = (b.var(0), b.var(1));
        let zero = b.constant(8, 0);
        if with_fixed {
            let stays = b.binary(BinOp::Eq, b0, zero);
            b.fixed(stays);
        }
        let (w0, w1) = (b.zext(16, b0), b.zext(16, b1));
        let sum = b.binary(BinOp::Add, w0, w1);
        let target = b.constant(16, 300);
        let ne = b.binary(BinOp::Ne, sum, target);
        b.branch(9, false, ne);
        decoded(&b)
    };
    let mut s = solver();
    assert!(solve(&mut s, &build(true), &input, &no_cases).is_empty());
    assert_eq!((s.stats().queries, s.stats().unsat), (1, 1));
    assert!(solve(&mut s, &build(true), &input, &no_cases).is_empty());
    assert_eq!(s.stats().queries, 1, "the same formula is not asked twice");
    let found = solve(&mut s, &build(false), &input, &no_cases);
    assert_eq!(found.len(), 1, "another path condition: asked again, and sat");
    assert_eq!(u16::from(found[0][0]) + u16::from(found[0][1]), 300);
}

// ------------------------------------------------------------------ (5) switches

fn switch_trace(observed: u8) -> (Trace, Vec<u8>) {
    let input = vec![observed, 0xaa];
    let mut b = TraceBuilder::new(2);
    let b0 = b.var(0);
    let key = b.sext(32, b0);
    b.switch(40, key, observed as i8 as i32);
    (decoded(&b), input)
}

#[test]
fn switch_yields_every_other_case_and_the_default() {
    let (trace, input) = switch_trace(3);
    let cases = |site: u32| (site == 40).then(|| vec![99, 3, 17, 17]);
    let mut s = solver();
    let found = solve(&mut s, &trace, &input, &cases);
    let keys: Vec<i8> = found.iter().map(|i| i[0] as i8).collect();
    assert_eq!(found.len(), 3, "{keys:?}");
    assert_eq!(&keys[..2], &[17, 99]);
    assert!(![3, 17, 99].contains(&keys[2]), "the default: {}", keys[2]);
    assert!(found.iter().all(|i| i[1] == 0xaa));
    assert!(s.asked(case_key(40, 17)) && s.asked(case_key(40, 99)) && s.asked(default_key(40)));
    assert!(!s.asked(case_key(40, 3)));
}

#[test]
fn switch_from_the_default_asks_only_the_cases() {
    let (trace, input) = switch_trace(50);
    let mut s = solver();
    let found = solve(&mut s, &trace, &input, &|_| Some(vec![3, 17]));
    let keys: Vec<u8> = found.iter().map(|i| i[0]).collect();
    assert_eq!(keys, vec![3, 17]);
    assert!(!s.asked(default_key(40)));
}

#[test]
fn switch_with_unknown_cases_asks_for_another_value() {
    let (trace, input) = switch_trace(3);
    let mut s = solver();
    let found = solve(&mut s, &trace, &input, &no_cases);
    assert_eq!(found.len(), 1);
    assert_ne!(found[0][0], 3);
    assert!(s.asked(default_key(40)));
}

#[test]
fn solver_is_send() {
    fn send<T: Send>() {}
    send::<Solver>();
}

#[test]
fn keys_are_disjoint() {
    use std::collections::HashSet;
    let mut keys = HashSet::new();
    for site in [0, 1, 2, 0x7fff, crate::MAX_SITE] {
        for k in [branch_key(site, false), branch_key(site, true), default_key(site)] {
            assert!(keys.insert(k), "{site} {k:#x}");
        }
        for v in [0, 1, -1, i32::MIN, i32::MAX] {
            assert!(keys.insert(case_key(site, v)), "{site} {v}");
        }
    }
    assert_eq!(branch_key(5, true), 5 << 1 | 1, "docs/solver.md: site << 1 | (1 - taken), taken = 0");
}

// ------------------------------------------------------------------ (6) decoding

fn sample_trace() -> TraceBuilder {
    let mut b = TraceBuilder::new(4);
    let x = b.le_int(32, &[0, 1, 2, 3]);
    let k = b.constant(32, -5);
    let lt = b.binary(BinOp::SLt, x, k);
    let t = b.trunc(16, x);
    let s = b.sext(64, t);
    let z = b.constant(64, 0);
    let ge = b.binary(BinOp::SGe, s, z);
    let both = b.binary(BinOp::BOr, lt, ge);
    let ite = b.ite(both, x, k);
    b.branch(1, false, lt).switch(2, ite, -5).fixed(both).counters(3, 4, 5);
    b
}

#[test]
fn decode_round_trips() {
    let b = sample_trace();
    let bytes = b.finish();
    let trace = Trace::decode(&bytes).unwrap();
    assert_eq!(&trace, b.trace());
    assert_eq!(trace.encode(), bytes);
    assert_eq!((trace.concretized, trace.mismatches, trace.dropped), (3, 4, 5));
}

#[test]
fn decode_refuses_bad_magic_and_trailing_bytes() {
    let mut bytes = sample_trace().finish();
    bytes.push(0);
    assert_eq!(Trace::decode(&bytes), Err(TraceError::TrailingBytes(1)));
    bytes[0] = b'X';
    assert_eq!(Trace::decode(&bytes), Err(TraceError::BadMagic));
    assert!(matches!(Trace::decode(b"JVF"), Err(TraceError::Truncated { .. })));
}

#[test]
fn decode_refuses_every_truncation() {
    let bytes = sample_trace().finish();
    for n in 0..bytes.len() {
        let err = Trace::decode(&bytes[..n]).unwrap_err();
        assert!(matches!(err, TraceError::Truncated { .. } | TraceError::TooMany { .. }), "{n}: {err}");
    }
}

#[test]
fn decode_refuses_huge_counts() {
    let mut bytes = b"JVFZTRC1".to_vec();
    bytes.extend_from_slice(&4u32.to_be_bytes());
    bytes.extend_from_slice(&u32::MAX.to_be_bytes());
    bytes.extend_from_slice(&[0; 64]);
    assert!(matches!(Trace::decode(&bytes), Err(TraceError::TooMany { what: "nodes", .. })));
}

/// Decodes a builder's trace that is expected to fail.
fn refused(f: impl FnOnce(&mut TraceBuilder)) -> TraceError {
    let mut b = TraceBuilder::new(4);
    f(&mut b);
    Trace::decode(&b.finish()).unwrap_err()
}

#[test]
fn decode_refuses_forward_and_self_references() {
    let e = refused(|b| {
        b.unary(UnOp::Neg, 8, 1);
        b.var(0);
    });
    assert_eq!(e, TraceError::BadRef { node: 0, operand: 1 });
    let e = refused(|b| {
        b.var(0);
        b.node(Node::Binary { op: BinOp::Add, width: 8, a: 0, b: 1 });
    });
    assert_eq!(e, TraceError::BadRef { node: 1, operand: 1 });
    let e = refused(|b| {
        b.var(0);
        b.fixed(5);
    });
    assert_eq!(e, TraceError::CondRef { cond: 0, node: 5 });
}

#[test]
fn decode_refuses_bad_widths_and_types() {
    assert_eq!(
        refused(|b| {
            b.constant(7, 1);
        }),
        TraceError::BadWidth { node: 0, width: 7 }
    );
    // A VAR of width 16, written by hand.
    let mut bytes = TraceBuilder::new(4).finish();
    bytes.truncate(12);
    bytes.extend_from_slice(&[0, 0, 0, 1, 1, 16, 0, 0, 0, 0]);
    bytes.extend_from_slice(&[0; 16]);
    assert_eq!(Trace::decode(&bytes), Err(TraceError::BadWidth { node: 0, width: 16 }));
    let ill = |f: fn(&mut TraceBuilder)| matches!(refused(f), TraceError::IllTyped { .. });
    assert!(ill(|b| {
        let (x, y) = (b.var(0), b.constant(32, 1));
        b.node(Node::Binary { op: BinOp::Add, width: 8, a: x, b: y });
    }));
    assert!(ill(|b| {
        let x = b.var(0);
        b.zext(1, x);
    }));
    assert!(ill(|b| {
        let x = b.var(0);
        b.trunc(16, x);
    }));
    assert!(ill(|b| {
        let x = b.var(0);
        b.unary(UnOp::BNot, 1, x);
    }));
    assert!(ill(|b| {
        let (x, t) = (b.var(0), b.constant(1, 1));
        b.ite(x, t, t);
    }));
    assert!(matches!(
        refused(|b| {
            let x = b.var(0);
            b.branch(1, true, x);
        }),
        TraceError::CondWidth { want: 1, width: 8, .. }
    ));
    assert!(matches!(
        refused(|b| {
            let x = b.var(0);
            b.switch(1, x, 0);
        }),
        TraceError::CondWidth { want: 32, .. }
    ));
    assert!(matches!(
        refused(|b| {
            b.var(4);
        }),
        TraceError::VarOutOfRange { index: 4, input_len: 4, .. }
    ));
    assert!(matches!(
        refused(|b| {
            let t = b.constant(1, 1);
            b.branch(crate::MAX_SITE + 1, true, t);
        }),
        TraceError::SiteTooLarge { .. }
    ));
}

#[test]
fn decode_never_panics_on_random_or_mutated_bytes() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let valid = sample_trace().finish();
    let mut accepted = 0;
    for round in 0..10_000 {
        let bytes = match round % 3 {
            0 => {
                let n = rng.below(200) as usize;
                rng.bytes(n)
            }
            1 => {
                let mut b = b"JVFZTRC1".to_vec();
                let n = rng.below(200) as usize;
                b.extend(rng.bytes(n).iter().map(|x| x % 4)); // small numbers: deeper parsing
                b
            }
            _ => {
                let mut b = valid.clone();
                for _ in 0..=rng.below(4) {
                    let at = rng.below(b.len() as u64) as usize;
                    b[at] = rng.next() as u8;
                }
                b.truncate(b.len() - rng.below(3) as usize);
                b
            }
        };
        if let Ok(trace) = Trace::decode(&bytes) {
            accepted += 1;
            trace.check().expect("decode checks");
            // Whatever passed the checks must not make Z3 refuse a term (the z3 crate panics).
            if trace.input_len <= 64 && accepted % 10 == 1 {
                let input = vec![0; trace.input_len as usize];
                let deadline = Instant::now() + Duration::from_millis(500);
                let mut s = Solver::new(Duration::from_millis(50));
                s.solve(&trace, &input, &|_| Some(vec![1, 2]), deadline, &mut |_| {}).expect("solve");
            }
        }
    }
    assert!(accepted > 0, "some mutations keep the trace valid");
}

// ------------------------------------------------------------------ (7) depth

#[test]
fn a_100000_deep_chain_translates_and_solves() {
    const DEPTH: i64 = 100_000;
    let input = [200u8];
    let mut b = TraceBuilder::new(1);
    let b0 = b.var(0);
    let mut a = b.zext(32, b0);
    let one = b.constant(32, 1);
    for _ in 0..DEPTH {
        a = b.binary(BinOp::Add, a, one);
    }
    let k = b.constant(32, DEPTH + 5);
    let eq = b.binary(BinOp::Eq, a, k);
    record(&mut b, 1, eq, &input);
    let trace = decoded(&b);
    let mut s = solver();
    let found = solve(&mut s, &trace, &input, &no_cases);
    assert_eq!(found, vec![vec![5]]);
}

// ------------------------------------------------------------------ solve's edges

#[test]
fn solve_refuses_an_input_of_another_length() {
    let trace = decoded(&sample_trace());
    let err = solver().solve(&trace, &[1, 2], &no_cases, Instant::now(), &mut |_| {}).unwrap_err();
    assert_eq!(err, SolverError::InputLength { input: 2, trace: 4 });
    let mut bad = trace.clone();
    bad.nodes.push(Node::Unary { op: UnOp::Neg, width: 8, a: 999 });
    let err = solver().solve(&bad, &[0; 4], &no_cases, Instant::now(), &mut |_| {}).unwrap_err();
    assert!(matches!(err, SolverError::Trace(TraceError::BadRef { .. })));
}

#[test]
fn nothing_is_asked_past_the_deadline_or_for_constant_conditions() {
    let trace = decoded(&sample_trace());
    let mut s = solver();
    s.solve(&trace, &[0; 4], &no_cases, Instant::now(), &mut |_| panic!("no query")).unwrap();
    assert_eq!(s.stats().queries, 0);

    let mut b = TraceBuilder::new(0);
    let (x, y) = (b.constant(8, 1), b.constant(8, 2));
    let ne = b.binary(BinOp::Ne, x, y);
    b.branch(1, true, ne);
    let trace = decoded(&b);
    let found = solve(&mut s, &trace, &[], &no_cases);
    assert!(found.is_empty());
    assert_eq!(s.stats().queries, 0);
}

#[test]
fn a_hard_query_times_out_as_unknown() {
    // Factoring a 64-bit semiprime: far beyond 50 ms of bit-blasting.
    let (p, q): (u64, u64) = (4_294_967_291, 4_294_967_279);
    let input: Vec<u8> = p.to_le_bytes().iter().chain(q.to_le_bytes().iter()).copied().collect();
    let mut b = TraceBuilder::new(16);
    let x = b.le_int(64, &[0, 1, 2, 3, 4, 5, 6, 7]);
    let y = b.le_int(64, &[8, 9, 10, 11, 12, 13, 14, 15]);
    let n = b.constant(64, (p as u128 * q as u128) as i64);
    let one = b.constant(64, 1);
    let big = b.constant(64, 1 << 32);
    let prod = b.binary(BinOp::Mul, x, y);
    let is_n = b.binary(BinOp::Eq, prod, n);
    b.fixed(is_n);
    let (x1, y1) = (b.binary(BinOp::ULt, one, x), b.binary(BinOp::ULt, one, y));
    let (xs, ys) = (b.binary(BinOp::ULt, x, big), b.binary(BinOp::ULt, y, big));
    b.fixed(x1).fixed(y1).fixed(xs).fixed(ys);
    let lt = b.binary(BinOp::ULt, x, y); // false: p > q; negating asks for the other factor order
    let ge = b.unary(UnOp::BNot, 1, lt);
    b.branch(1, false, ge);
    let trace = decoded(&b);
    let mut s = Solver::new(Duration::from_millis(50));
    let start = Instant::now();
    let _ = solve(&mut s, &trace, &input, &no_cases);
    assert_eq!((s.stats().queries, s.stats().unknown), (1, 1), "{:?}", s.stats());
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
}

// ------------------------------------------------------------------ differential

/// Random well-typed traces recorded on random inputs: every input the solver emits must take
/// the other side of the negated condition while keeping its slice, by the concrete evaluator.
#[test]
fn emitted_inputs_do_what_was_asked() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let mut emitted = 0;
    for _ in 0..40 {
        let input = rng.bytes(6);
        let trace = random_trace(&mut rng, &input);
        let mut s = Solver::new(Duration::from_secs(5));
        let mut found = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        s.solve(&trace, &input, &no_cases, deadline, &mut |i| found.push(i)).unwrap();
        assert_eq!(s.stats().queries, s.stats().sat + s.stats().unsat + s.stats().unknown);
        for next in &found {
            assert!(check_emitted(&trace, &input, next), "{trace:?}\n{input:?} -> {next:?}");
        }
        emitted += found.len();
    }
    assert!(emitted > 20, "only {emitted} inputs");
}

/// Some branch of `trace` is flipped on `next` while everything in its slice still holds.
fn check_emitted(trace: &Trace, input: &[u8], next: &[u8]) -> bool {
    let (old, new) = (eval(trace, input), eval(trace, next));
    (0..trace.conds.len()).any(|i| {
        let Cond::Branch { node, .. } = trace.conds[i] else { return false };
        let slice = slice_of(trace, i).unwrap();
        old[node as usize] == 1
            && new[node as usize] == 0
            && slice.iter().all(|&j| holds(&new, &trace.conds[j as usize]))
    })
}

fn random_trace(rng: &mut Rng, input: &[u8]) -> Trace {
    let mut b = TraceBuilder::new(input.len() as u32);
    let mut pool: Vec<u32> = (0..input.len() as u32).map(|i| b.var(i)).collect();
    for _ in 0..12 {
        let n = random_node(rng, &mut b, &pool);
        pool.push(n);
        if rng.below(3) == 0 {
            let other = pool[rng.below(pool.len() as u64) as usize];
            let (wa, wb) = (b.trace().nodes[n as usize].width(), b.trace().nodes[other as usize].width());
            let other = if wa == wb { other } else { widen(&mut b, other, wb, wa) };
            let op = [BinOp::Eq, BinOp::Ne, BinOp::SLt, BinOp::ULe, BinOp::SGe][rng.below(5) as usize];
            let c = b.binary(op, n, other);
            record(&mut b, rng.below(1000) as u32, c, input);
        }
    }
    Trace::decode(&b.finish()).expect("random traces are well-typed")
}

/// `a` (width `from`) at width `to`, by truncation or (sign- or zero-) extension.
fn widen(b: &mut TraceBuilder, a: u32, from: u8, to: u8) -> u32 {
    match from.cmp(&to) {
        std::cmp::Ordering::Greater => b.trunc(to, a),
        std::cmp::Ordering::Less if from.is_multiple_of(16) => b.sext(to, a),
        std::cmp::Ordering::Less => b.zext(to, a),
        std::cmp::Ordering::Equal => a,
    }
}

fn random_node(rng: &mut Rng, b: &mut TraceBuilder, pool: &[u32]) -> u32 {
    let pick = |rng: &mut Rng| pool[rng.below(pool.len() as u64) as usize];
    let (a, c) = (pick(rng), pick(rng));
    let w = b.trace().nodes[a as usize].width();
    let target = [8, 16, 32, 64][rng.below(4) as usize];
    let c = widen(b, c, b.trace().nodes[c as usize].width(), w);
    match rng.below(6) {
        0 => widen(b, a, w, target),
        1 => {
            let k = b.constant(w, rng.next() as i64 % 300);
            let op = [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Xor][rng.below(4) as usize];
            b.binary(op, a, k)
        }
        2 => {
            let op = [BinOp::Add, BinOp::Mul, BinOp::And, BinOp::Or, BinOp::SDiv, BinOp::SRem][rng.below(6) as usize];
            b.binary(op, a, c)
        }
        3 => {
            // A shift, its amount masked as Java does.
            let m = b.constant(w, i64::from(w) - 1);
            let amount = b.binary(BinOp::And, c, m);
            let op = [BinOp::Shl, BinOp::AShr, BinOp::LShr][rng.below(3) as usize];
            b.binary(op, a, amount)
        }
        4 => {
            let op = [UnOp::Neg, UnOp::Not][rng.below(2) as usize];
            b.unary(op, w, a)
        }
        _ => {
            let lt = b.binary(BinOp::SLt, a, c);
            b.ite(lt, c, a)
        }
    }
}

/// Integer.parseInt over the ASCII digits at `digits` of an input of `len` bytes (32-bit terms,
/// as the shim's model builds them), then a branch on n * 7 - 3 != 123456785 (n = 17636684),
/// which held.
fn parsed_times_seven(len: u32, digits: std::ops::Range<u32>) -> TraceBuilder {
    let mut b = TraceBuilder::new(len);
    let (c80, c48, c9, c10) = (b.constant(8, 128), b.constant(16, 48), b.constant(16, 9), b.constant(32, 10));
    let mut acc = None;
    for i in digits {
        let v = b.var(i);
        let ascii = b.binary(BinOp::ULt, v, c80);
        b.fixed(ascii);
        let c = b.zext(16, v);
        let off = b.binary(BinOp::Sub, c, c48);
        let digit = b.binary(BinOp::ULe, off, c9);
        b.fixed(digit);
        let d = b.zext(32, off);
        acc = Some(match acc {
            None => d,
            Some(a) => {
                let t = b.binary(BinOp::Mul, a, c10);
                b.binary(BinOp::Add, t, d)
            }
        });
    }
    let n = acc.unwrap();
    let (c7, c3, target) = (b.constant(32, 7), b.constant(32, 3), b.constant(32, 123_456_785));
    let m = b.binary(BinOp::Mul, n, c7);
    let s3 = b.binary(BinOp::Sub, m, c3);
    let ne = b.binary(BinOp::Ne, s3, target);
    b.branch(0, true, ne);
    b
}

#[test]
fn a_parsed_decimal_number_times_seven() {
    let input = *b"555555555";
    let b = parsed_times_seven(9, 0..9);
    // The multiply-add chain reaches Z3 as a flat sum of digit * 10^k (`linear`): half a second,
    // where the chain as written took 4 s on a quiet machine. The limit is for busy ones.
    let mut s = Solver::new(Duration::from_secs(120));
    let found = solve(&mut s, &decoded(&b), &input, &no_cases);
    assert_eq!(found.len(), 1, "{:?}", s.stats());
    let n: i64 = std::str::from_utf8(&found[0]).unwrap().parse().unwrap();
    assert_eq!((n as i32).wrapping_mul(7).wrapping_sub(3), 123_456_785);
}

#[test]
fn a_query_unsat_for_too_few_digits_names_their_run_of_bytes() {
    // Two digits can never make 17636684: unsat, over bytes 1..3 of "x12y".
    let b = parsed_times_seven(4, 1..3);
    let mut s = Solver::new(Duration::from_secs(120));
    assert!(solve(&mut s, &decoded(&b), b"x12y", &no_cases).is_empty());
    assert_eq!(s.short_spans(), [crate::ShortSpan { key: branch_key(0, false), start: 1, end: 3 }]);
    // A trace the solver refuses (recorded on another length) leaves no span of the one before.
    let far = Instant::now() + Duration::from_secs(120);
    assert!(s.solve(&decoded(&b), b"x12", &no_cases, far, &mut |_| ()).is_err());
    assert!(s.short_spans().is_empty());
    // Eight digits can; a solved query leaves no span.
    let b = parsed_times_seven(10, 1..9);
    let found = solve(&mut s, &decoded(&b), b"x12121212y", &no_cases);
    assert_eq!(found.len(), 1, "{:?}", s.stats());
    assert_eq!(&found[0][1..9], b"17636684");
    assert!(s.solved(branch_key(0, false)) && s.short_spans().is_empty());
}
