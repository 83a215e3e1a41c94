//! k-path coverage (the grammar-fuzzing seed's production coverage, generalised as in
//! Tribble): a k-path is a chain of k of the user's rules, each derived directly inside the one
//! before it (helpers and separators are looked through). The possible ones come from the
//! grammar's symbol graph, the covered ones from the trees executed; every length 1..=k is
//! counted, so `grammar-coverage.json` shows rule coverage (k = 1) as well.

use std::collections::HashMap;

use ahash::AHashSet as HashSet;

use libafl::common::nautilus::grammartec::context::Context;
use libafl::common::nautilus::grammartec::tree::Tree;

/// More possible paths than this are counted, not listed.
const LIST_LIMIT: usize = 2_000_000;

/// A full-length path seen in at most this many trees is rare.
const RARE: u32 = 3;

/// What counting one tree's paths found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Observation {
    /// A full-length path no earlier tree had.
    pub new: bool,
    /// The tree's distinct full-length paths that are rare (counting this tree).
    pub rare: u32,
}

/// A path as one number: symbols in base (n + 1), so a prefix never equals a longer path.
pub type PathKey = u64;

/// Covered and possible k-paths of one grammar, for every length up to `k`.
#[derive(Debug)]
pub struct KPaths {
    pub k: usize,
    base: u64,
    /// `possible[len - 1]`: every path of `len` symbols from a rule reachable from the start,
    /// or `None` when there are more than can be listed.
    possible: Vec<Option<HashSet<PathKey>>>,
    possible_count: Vec<u64>,
    covered: Vec<HashSet<PathKey>>,
    /// Trees seen per full-length path: how rare a path is.
    hits: ahash::AHashMap<PathKey, u32>,
    /// Possible k-paths not covered yet, by their first symbol (what steering looks for).
    uncovered_from: HashMap<usize, usize>,
}

impl KPaths {
    pub fn new(edges: &[Vec<usize>], start: usize, k: usize) -> KPaths {
        let k = k.clamp(1, 8);
        let base = edges.len() as u64 + 1;
        // Keys must fit: base^k within u64, else k is lowered.
        let k = (1..=k).take_while(|&l| base.checked_pow(l as u32).is_some()).last().unwrap_or(1);
        let mut reachable = vec![false; edges.len()];
        let mut stack = vec![start];
        while let Some(s) = stack.pop() {
            if s < reachable.len() && !reachable[s] {
                reachable[s] = true;
                stack.extend(edges[s].iter().copied());
            }
        }
        let mut possible = Vec::new();
        let mut possible_count = Vec::new();
        // Counted for every length (paths ending at each symbol), listed while they are few.
        let mut ending: Vec<u64> = reachable.iter().map(|&r| u64::from(r)).collect();
        let mut frontier: Option<Vec<(PathKey, usize)>> =
            Some((0..edges.len()).filter(|&s| reachable[s]).map(|s| (s as u64 + 1, s)).collect());
        for len in 1..=k {
            if len > 1 {
                let mut next = vec![0u64; edges.len()];
                for (from, tos) in edges.iter().enumerate() {
                    for &to in tos {
                        next[to] = next[to].saturating_add(ending[from]);
                    }
                }
                ending = next;
                let total: u64 = ending.iter().fold(0u64, |a, &b| a.saturating_add(b));
                frontier = frontier.filter(|_| total <= LIST_LIMIT as u64).map(|f| {
                    f.iter()
                        .flat_map(|&(key, last)| edges[last].iter().map(move |&to| (key * base + to as u64 + 1, to)))
                        .collect()
                });
            }
            possible_count.push(ending.iter().fold(0u64, |a, &b| a.saturating_add(b)));
            possible.push(frontier.as_ref().map(|f| f.iter().map(|&(key, _)| key).collect()));
        }
        let mut uncovered_from = HashMap::new();
        if let Some(Some(all)) = possible.last() {
            for &key in all {
                *uncovered_from.entry(first_symbol(key, base)).or_insert(0) += 1;
            }
        }
        KPaths {
            k,
            base,
            possible,
            possible_count,
            covered: vec![HashSet::default(); k],
            hits: ahash::AHashMap::default(),
            uncovered_from,
        }
    }

    /// Counts the paths of `tree`; `symbol_by_nt` names the user's rules. Says whether a path
    /// of full length was new, and how many of the tree's full-length paths are rare.
    pub fn observe(&mut self, tree: &Tree, ctx: &Context, symbol_by_nt: &[Option<usize>]) -> Observation {
        let symbols: Vec<Option<usize>> =
            tree.rules.iter().map(|r| symbol_by_nt.get(usize::from(ctx.get_nt(r))).copied().flatten()).collect();
        let mut new_full = false;
        let mut full_paths: Vec<PathKey> = Vec::new();
        let mut chain = Vec::with_capacity(self.k);
        for i in 0..tree.rules.len() {
            let Some(s) = symbols[i] else { continue };
            chain.clear();
            chain.push(s);
            let mut at = i;
            while chain.len() < self.k && at != 0 {
                at = tree.paren[at].to_i();
                if let Some(p) = symbols[at] {
                    chain.push(p);
                }
            }
            // chain is node, parent, grandparent...: each suffix read backwards is a path
            // ending at this node.
            let mut key: PathKey = 0;
            let mut pow: PathKey = 1;
            for (len, &sym) in chain.iter().enumerate() {
                key += (sym as u64 + 1) * pow;
                pow = pow.saturating_mul(self.base);
                if len + 1 == self.k {
                    full_paths.push(key);
                }
                if self.covered[len].insert(key) && len + 1 == self.k {
                    new_full = true;
                    if let Some(n) = self.uncovered_from.get_mut(&chain[len]) {
                        *n = n.saturating_sub(1);
                    }
                }
            }
        }
        full_paths.sort_unstable();
        full_paths.dedup();
        let mut rare = 0;
        for key in full_paths {
            let n = self.hits.entry(key).or_insert(0);
            *n = n.saturating_add(1);
            if *n <= RARE {
                rare += 1;
            }
        }
        Observation { new: new_full, rare }
    }

    /// (covered, possible) paths of `len` symbols. A tree's chains are paths of the symbol
    /// graph from the start (compile.rs builds the graph through the same helpers the trees
    /// hold), so every covered path is a possible one.
    pub fn counts(&self, len: usize) -> (u64, u64) {
        let i = len.clamp(1, self.k) - 1;
        (self.covered[i].len() as u64, self.possible_count[i])
    }

    /// Paths covered so far, all lengths: a change means the report is out of date.
    pub fn covered_total(&self) -> usize {
        self.covered.iter().map(|c| c.len()).sum()
    }

    /// The symbols whose k-paths are not all covered yet.
    pub fn symbols_with_uncovered(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self.uncovered_from.iter().filter(|&(_, &n)| n > 0).map(|(&s, _)| s).collect();
        v.sort_unstable();
        v
    }

    /// The uncovered paths of `len` symbols (at most `limit`), as symbol indexes.
    pub fn uncovered(&self, len: usize, limit: usize) -> Vec<Vec<usize>> {
        let i = len.clamp(1, self.k) - 1;
        let Some(all) = &self.possible[i] else { return Vec::new() };
        let mut keys: Vec<PathKey> = all.iter().filter(|k| !self.covered[i].contains(k)).copied().collect();
        keys.sort_unstable();
        keys.into_iter().take(limit).map(|k| self.decode(k)).collect()
    }

    fn decode(&self, mut key: PathKey) -> Vec<usize> {
        let mut v = Vec::new();
        while key > 0 {
            v.push((key % self.base) as usize - 1);
            key /= self.base;
        }
        v.reverse();
        v
    }
}

/// The first (outermost) symbol of a path key built as in [`KPaths::new`].
fn first_symbol(mut key: PathKey, base: u64) -> usize {
    while key >= base {
        key /= base;
    }
    (key as usize).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{compile, parse};

    #[test]
    fn possible_paths_follow_the_symbol_graph() {
        // 0 -> 1 -> 2, 0 -> 2; 3 unreachable.
        let edges = vec![vec![1, 2], vec![2], vec![], vec![0]];
        let kp = KPaths::new(&edges, 0, 3);
        assert_eq!(kp.counts(1), (0, 3));
        assert_eq!(kp.counts(2), (0, 3));
        assert_eq!(kp.counts(3), (0, 1));
        assert_eq!(kp.uncovered(3, 10), vec![vec![0, 1, 2]]);
        assert_eq!(kp.symbols_with_uncovered(), vec![0]);
    }

    #[test]
    fn a_tree_covers_the_chains_it_derives() {
        let c = compile::from_json(r#"[["A", "a{B}"], ["A", "{C}"], ["B", "b{C}"], ["C", "c"]]"#, 50).unwrap();
        let mut kp = KPaths::new(&c.symbol_edges, c.start_symbol, 3);
        assert_eq!(kp.counts(3), (0, 1));
        let t = parse::parse(&c.ctx, &c.accept, b"c").unwrap();
        assert!(!kp.observe(&t, &c.ctx, &c.symbol_by_nt).new);
        assert_eq!(kp.counts(2), (1, 3), "A>C of A>B, A>C, B>C");
        let t = parse::parse(&c.ctx, &c.accept, b"abc").unwrap();
        let o = kp.observe(&t, &c.ctx, &c.symbol_by_nt);
        assert_eq!(o, Observation { new: true, rare: 1 });
        for _ in 0..RARE {
            kp.observe(&t, &c.ctx, &c.symbol_by_nt);
        }
        assert_eq!(kp.observe(&t, &c.ctx, &c.symbol_by_nt).rare, 0, "seen often: no longer rare");
        assert_eq!(kp.counts(3), (1, 1));
        assert_eq!(kp.counts(2), (3, 3), "A>B, B>C, A>C");
        assert!(kp.uncovered(3, 10).is_empty());
    }
}
