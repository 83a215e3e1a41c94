//! Plain files back into derivation trees: seeds, and inputs the byte-level stages found (an
//! input-to-state replacement in the unparsed bytes thereby lands in the tree's leaves).
//!
//! LibAFL's own Nautilus parser takes the first alternative that matches and gives up on left
//! recursion, so `expr: expr '+' term | term` never parses. This one is a memoising parser
//! that keeps every end position an alternative can reach (one tree per end) and grows
//! left-recursive results to a fixpoint. Tokens (regular-expression rules) take the longest
//! match, as ANTLR's lexer does. Work is bounded: past the budget an input simply has no tree.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

use libafl::common::nautilus::grammartec::context::Context;
use libafl::common::nautilus::grammartec::newtypes::{NTermId, RuleId};
use libafl::common::nautilus::grammartec::rule::{Rule, RuleChild, RuleIdOrCustom};
use libafl::common::nautilus::grammartec::tree::Tree;
use regex_automata::meta::Regex;
use regex_automata::{Anchored, Input};

use super::compile::START;

/// Rule attempts allowed per input.
const BUDGET: usize = 20_000_000;
/// Partial parses kept per sequence position (the furthest ends first: a list's whole length
/// must survive).
const MAX_STATES: usize = 16;
/// Nested rule calls allowed: a right-recursive list nests a call per item. The parse runs on
/// a thread of its own with a stack to match ([`PARSE_STACK`]).
const MAX_DEPTH: usize = 100_000;
const PARSE_STACK: usize = 512 << 20;
/// Longer inputs are not parsed.
pub const MAX_INPUT: usize = 256 * 1024;

/// One derivation, its subtrees shared with every other derivation that uses them: partial
/// parses then cost a pointer per child, not a copy of the tree so far.
struct Deriv {
    node: RuleIdOrCustom,
    children: Vec<Rc<Deriv>>,
}

type Nodes = Rc<Deriv>;
/// End position → one derivation ending there.
type Ends = BTreeMap<usize, Nodes>;

/// A derivation as Nautilus's pre-order node list.
fn flatten(d: &Deriv, out: &mut Vec<RuleIdOrCustom>) {
    let mut stack = vec![d];
    while let Some(d) = stack.pop() {
        out.push(d.node.clone());
        stack.extend(d.children.iter().rev().map(Rc::as_ref));
    }
}

struct Parser<'a> {
    ctx: &'a Context,
    accept: &'a HashMap<usize, Regex>,
    input: &'a [u8],
    memo: HashMap<(usize, usize), Rc<Ends>>,
    /// Calls in progress, with their depth.
    active: HashMap<(usize, usize), usize>,
    /// The shallowest call in progress that the current call has read the partial result of.
    low: usize,
    /// Keys found in progress by a nested call: their results must grow to a fixpoint.
    recursed: HashSet<(usize, usize)>,
    steps: usize,
}

struct OutOfBudget;

/// The derivation tree of `input` from the grammar's start, if it has one.
pub fn parse(ctx: &Context, accept: &HashMap<usize, Regex>, input: &[u8]) -> Option<Tree> {
    if input.len() > MAX_INPUT {
        return None;
    }
    // Deep inputs recurse deeply: not on the fuzzing thread's small stack.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("jvmfuzz-grammar-parse".into())
            .stack_size(PARSE_STACK)
            .spawn_scoped(scope, || parse_here(ctx, accept, input))
            .ok()?
            .join()
            .ok()
            .flatten()
    })
}

fn parse_here(ctx: &Context, accept: &HashMap<usize, Regex>, input: &[u8]) -> Option<Tree> {
    let mut p = Parser {
        ctx,
        accept,
        input,
        memo: HashMap::new(),
        active: HashMap::new(),
        low: usize::MAX,
        recursed: HashSet::new(),
        steps: 0,
    };
    let start = ctx.nt_id(START);
    let ends = p.nonterminal(start, 0).ok()?;
    let mut nodes = Vec::new();
    flatten(ends.get(&input.len())?, &mut nodes);
    Some(Tree::from_rule_vec(nodes, ctx))
}

impl Parser<'_> {
    /// Every end a derivation of `nt` from `pos` can reach. A result that read the partial
    /// result of a call further up (indirect left recursion) is not final, so not memoised.
    fn nonterminal(&mut self, nt: NTermId, pos: usize) -> Result<Rc<Ends>, OutOfBudget> {
        let key = (usize::from(nt), pos);
        if let Some(&depth) = self.active.get(&key) {
            self.recursed.insert(key);
            self.low = self.low.min(depth);
            return Ok(self.memo.get(&key).cloned().unwrap_or_default());
        }
        if let Some(r) = self.memo.get(&key) {
            return Ok(Rc::clone(r));
        }
        let depth = self.active.len();
        if depth >= MAX_DEPTH {
            return Err(OutOfBudget);
        }
        self.active.insert(key, depth);
        let outer_low = std::mem::replace(&mut self.low, usize::MAX);
        self.memo.insert(key, Rc::default());
        let result = loop {
            let mut ends: Ends = self.memo.get(&key).map(|e| e.as_ref().clone()).unwrap_or_default();
            let before = ends.len();
            for &rule in self.ctx.get_rules_for_nt(nt) {
                for (end, nodes) in self.rule(rule, pos)? {
                    ends.entry(end).or_insert(nodes);
                }
            }
            let grew = ends.len() > before;
            let ends = Rc::new(ends);
            self.memo.insert(key, Rc::clone(&ends));
            if !(grew && self.recursed.remove(&key)) {
                break ends;
            }
        };
        self.active.remove(&key);
        if self.low < depth {
            self.memo.remove(&key);
        }
        self.low = outer_low.min(self.low);
        Ok(result)
    }

    fn rule(&mut self, id: RuleId, pos: usize) -> Result<Vec<(usize, Nodes)>, OutOfBudget> {
        self.steps += 1;
        if self.steps > BUDGET {
            return Err(OutOfBudget);
        }
        match self.ctx.get_rule(id) {
            Rule::Plain(r) => {
                let mut states: Vec<(usize, Vec<Nodes>)> = vec![(pos, Vec::new())];
                for child in &r.children {
                    let mut next: Vec<(usize, Vec<Nodes>)> = Vec::new();
                    for (at, kids) in &states {
                        match child {
                            RuleChild::Term(t) => {
                                if self.input.get(*at..at + t.len()) == Some(t.as_slice())
                                    && !next.iter().any(|(p, _)| *p == at + t.len())
                                {
                                    next.push((at + t.len(), kids.clone()));
                                }
                            }
                            RuleChild::NTerm(sub) => {
                                let ends = self.nonterminal(*sub, *at)?;
                                for (end, d) in ends.iter().rev() {
                                    if next.len() >= MAX_STATES || next.iter().any(|(p, _)| p == end) {
                                        continue;
                                    }
                                    let mut k = kids.clone();
                                    k.push(Rc::clone(d));
                                    next.push((*end, k));
                                }
                            }
                        }
                    }
                    states = next;
                    if states.is_empty() {
                        break;
                    }
                }
                Ok(states
                    .into_iter()
                    .map(|(end, children)| (end, Rc::new(Deriv { node: RuleIdOrCustom::Rule(id), children })))
                    .collect())
            }
            Rule::RegExp(_) => {
                let Some(re) = self.accept.get(&usize::from(id)) else { return Ok(Vec::new()) };
                let m = re.search(&Input::new(self.input).anchored(Anchored::Yes).span(pos..self.input.len()));
                Ok(m.map(|m| {
                    let data = self.input[pos..m.end()].to_vec();
                    (m.end(), Rc::new(Deriv { node: RuleIdOrCustom::Custom(id, data), children: Vec::new() }))
                })
                .into_iter()
                .collect())
            }
            #[allow(unreachable_patterns)]
            _ => Ok(Vec::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use libafl::common::nautilus::grammartec::tree::TreeLike;

    use super::*;
    use crate::grammar::compile;

    #[test]
    fn left_recursion_and_later_alternatives_parse() {
        let c = compile::from_json(
            r#"[["Expr", "{Expr}+{Term}"], ["Expr", "{Term}"], ["Term", "1"], ["Term", "12"], ["Term", "({Expr})"]]"#,
            50,
        )
        .unwrap();
        for ok in ["1", "12", "1+12+1", "(1+1)+12", "((12))"] {
            let t = parse(&c.ctx, &c.accept, ok.as_bytes()).unwrap_or_else(|| panic!("{ok} should parse"));
            assert_eq!(t.unparse_to_vec(&c.ctx), ok.as_bytes());
        }
        let long = vec!["1"; 3000].join("+");
        assert!(parse(&c.ctx, &c.accept, long.as_bytes()).is_some(), "a list longer than the states kept per position");
        let list =
            compile::from_json(r#"[["L", "[{Items}]"], ["Items", "{N}"], ["Items", "{N},{Items}"], ["N", "1"]]"#, 50)
                .unwrap();
        let long = format!("[{}]", vec!["1"; 20_000].join(","));
        assert!(parse(&list.ctx, &list.accept, long.as_bytes()).is_some(), "a right-recursive list nests deeply");
        for bad in ["", "1+", "+1", "(1", "13"] {
            assert!(parse(&c.ctx, &c.accept, bad.as_bytes()).is_none(), "{bad} should not parse");
        }
    }
}
