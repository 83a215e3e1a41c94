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
const BUDGET: usize = 2_000_000;
/// Partial parses kept per sequence position.
const MAX_STATES: usize = 64;
/// Longer inputs are not parsed.
pub const MAX_INPUT: usize = 256 * 1024;

type Nodes = Rc<Vec<RuleIdOrCustom>>;
/// End position → the pre-order nodes of one derivation ending there.
type Ends = BTreeMap<usize, Nodes>;

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
    let nodes = ends.get(&input.len())?;
    Some(Tree::from_rule_vec(nodes.as_ref().clone(), ctx))
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
                let mut states: Vec<(usize, Vec<RuleIdOrCustom>)> = vec![(pos, vec![RuleIdOrCustom::Rule(id)])];
                for child in &r.children {
                    let mut next: Vec<(usize, Vec<RuleIdOrCustom>)> = Vec::new();
                    for (at, nodes) in &states {
                        match child {
                            RuleChild::Term(t) => {
                                if self.input.get(*at..at + t.len()) == Some(t.as_slice())
                                    && !next.iter().any(|(p, _)| *p == at + t.len())
                                {
                                    next.push((at + t.len(), nodes.clone()));
                                }
                            }
                            RuleChild::NTerm(sub) => {
                                let ends = self.nonterminal(*sub, *at)?;
                                for (end, sub_nodes) in ends.iter() {
                                    if next.len() >= MAX_STATES || next.iter().any(|(p, _)| p == end) {
                                        continue;
                                    }
                                    let mut n = nodes.clone();
                                    n.extend(sub_nodes.iter().cloned());
                                    next.push((*end, n));
                                }
                            }
                        }
                    }
                    states = next;
                    if states.is_empty() {
                        break;
                    }
                }
                Ok(states.into_iter().map(|(end, nodes)| (end, Rc::new(nodes))).collect())
            }
            Rule::RegExp(_) => {
                let Some(re) = self.accept.get(&usize::from(id)) else { return Ok(Vec::new()) };
                let m = re.search(&Input::new(self.input).anchored(Anchored::Yes).span(pos..self.input.len()));
                Ok(m.map(|m| {
                    let data = self.input[pos..m.end()].to_vec();
                    (m.end(), Rc::new(vec![RuleIdOrCustom::Custom(id, data)]))
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
        for bad in ["", "1+", "+1", "(1", "13"] {
            assert!(parse(&c.ctx, &c.accept, bad.as_bytes()).is_none(), "{bad} should not parse");
        }
    }
}
