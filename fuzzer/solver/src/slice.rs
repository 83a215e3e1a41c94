//! Constraint slicing: which earlier conditions a negated condition's query needs.
//!
//! Why: a path condition is thousands of conditions long, and most of them are about other input
//! bytes. A condition that shares no variable, even transitively, with the negated one cannot
//! change whether it is satisfiable (the other bytes keep their values), so jFuzz leaves it out.
//!
//! How, in time linear in the trace: a union-find over input bytes, built along the conditions in
//! execution order. Linking a condition unions all bytes it reaches, so after linking, its class
//! holds exactly the earlier conditions that share bytes with it transitively: its slice. Each
//! node is walked once per trace (a node already walked only contributes a representative byte,
//! whose class already holds all its bytes), so a checksum over 10,000 bytes with a condition per
//! step costs 10,000 node visits, not 50 million. Classes keep their conditions and bytes in lists
//! merged small-into-large.

use crate::trace::{Node, Trace, TraceError};
use ahash::AHashMap;

/// Not walked yet.
const UNSEEN: u32 = u32::MAX;
/// Being walked by the current [`Slicer::link`].
const PENDING: u32 = u32::MAX - 1;

/// The incremental union-find over the bytes of one (checked) trace.
pub(crate) struct Slicer<'t> {
    nodes: &'t [Node],
    /// Whether a VAR is reachable from the node: nodes without one constrain nothing.
    has_vars: Vec<bool>,
    /// Per node: [`UNSEEN`], [`PENDING`], or a variable id in the class of all its variables.
    rep: Vec<u32>,
    /// Input byte index to dense variable id.
    ids: AHashMap<u32, u32>,
    parent: Vec<u32>,
    /// Per class root: its conditions (indexes in the trace) and input bytes.
    conds: Vec<Vec<u32>>,
    bytes: Vec<Vec<u32>>,
    stack: Vec<u32>,
    fresh: Vec<u32>,
}

impl<'t> Slicer<'t> {
    /// Expects a trace that passed [`Trace::check`] (operands are earlier nodes).
    pub(crate) fn new(trace: &'t Trace) -> Slicer<'t> {
        let mut has_vars: Vec<bool> = Vec::with_capacity(trace.nodes.len());
        for node in &trace.nodes {
            let (ops, n) = node.operands();
            let any = matches!(node, Node::Var(_))
                || ops[..n].iter().any(|&o| has_vars.get(o as usize).copied().unwrap_or(false));
            has_vars.push(any);
        }
        Slicer {
            nodes: &trace.nodes,
            rep: vec![UNSEEN; has_vars.len()],
            has_vars,
            ids: AHashMap::new(),
            parent: Vec::new(),
            conds: Vec::new(),
            bytes: Vec::new(),
            stack: Vec::new(),
            fresh: Vec::new(),
        }
    }

    /// Unions the variables reachable from `node` into one class and returns its root; `None`
    /// when no variable is reachable (a constant condition: nothing to slice or to negate).
    pub(crate) fn link(&mut self, node: u32) -> Option<u32> {
        if !self.has_vars.get(node as usize).copied().unwrap_or(false) {
            return None;
        }
        let mut anchor = None;
        self.stack.push(node);
        while let Some(n) = self.stack.pop() {
            let Some(&rep) = self.rep.get(n as usize) else { continue };
            match rep {
                PENDING => continue,
                UNSEEN => {}
                var => {
                    anchor = Some(self.join(anchor, var));
                    continue;
                }
            }
            self.rep[n as usize] = PENDING;
            self.fresh.push(n);
            self.expand(n, &mut anchor);
        }
        let (value, root) = match anchor {
            Some(var) => (var, Some(self.find(var))),
            None => (UNSEEN, None),
        };
        for n in self.fresh.drain(..) {
            self.rep[n as usize] = value;
        }
        root
    }

    /// Pushes `n`'s operands that reach variables, or joins `n`'s variable if it is one.
    fn expand(&mut self, n: u32, anchor: &mut Option<u32>) {
        match self.nodes.get(n as usize) {
            Some(&Node::Var(index)) => {
                let var = self.id(index);
                *anchor = Some(self.join(*anchor, var));
            }
            Some(node) => {
                let (ops, k) = node.operands();
                let walk = ops[..k].iter().filter(|&&o| self.has_vars.get(o as usize).copied().unwrap_or(false));
                self.stack.extend(walk);
            }
            None => {}
        }
    }

    /// The conditions in `root`'s class (unordered).
    pub(crate) fn conds(&self, root: u32) -> &[u32] {
        self.conds.get(root as usize).map_or(&[], Vec::as_slice)
    }

    /// The input bytes in `root`'s class (unordered, distinct).
    pub(crate) fn bytes(&self, root: u32) -> &[u32] {
        self.bytes.get(root as usize).map_or(&[], Vec::as_slice)
    }

    /// Records condition `cond` in the class `root` (a root [`Slicer::link`] just returned).
    pub(crate) fn add(&mut self, root: u32, cond: u32) {
        if let Some(list) = self.conds.get_mut(root as usize) {
            list.push(cond);
        }
    }

    fn id(&mut self, index: u32) -> u32 {
        let next = self.parent.len() as u32;
        let id = *self.ids.entry(index).or_insert(next);
        if id == next {
            self.parent.push(id);
            self.conds.push(Vec::new());
            self.bytes.push(vec![index]);
        }
        id
    }

    /// Unions `var` into `anchor`'s class (or makes it the anchor); returns the anchor.
    fn join(&mut self, anchor: Option<u32>, var: u32) -> u32 {
        match anchor {
            None => var,
            Some(a) => {
                self.union(a, var);
                a
            }
        }
    }

    fn find(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let grand = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = grand;
            v = grand;
        }
        v
    }

    /// Union by number of bytes; the lists are merged small-into-large.
    fn union(&mut self, a: u32, b: u32) {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        if self.bytes[ra as usize].len() < self.bytes[rb as usize].len() {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb as usize] = ra;
        let conds = std::mem::take(&mut self.conds[rb as usize]);
        merge(&mut self.conds[ra as usize], conds);
        let bytes = std::mem::take(&mut self.bytes[rb as usize]);
        merge(&mut self.bytes[ra as usize], bytes);
    }
}

fn merge(into: &mut Vec<u32>, mut from: Vec<u32>) {
    if from.len() > into.len() {
        std::mem::swap(into, &mut from);
    }
    into.extend(from);
}

/// Introspection: the slice of condition `cond` in `trace`, the earlier conditions its query
/// would include, in execution order. Empty for a condition without variables.
pub fn slice_of(trace: &Trace, cond: usize) -> Result<Vec<u32>, TraceError> {
    trace.check()?;
    let mut slicer = Slicer::new(trace);
    for (i, c) in trace.conds.iter().enumerate().take(cond) {
        if let Some(root) = slicer.link(c.node()) {
            slicer.add(root, i as u32);
        }
    }
    let target = trace.conds.get(cond).map(|c| c.node());
    let mut slice = match target.and_then(|node| slicer.link(node)) {
        Some(root) => slicer.conds(root).to_vec(),
        None => Vec::new(),
    };
    slice.sort_unstable();
    Ok(slice)
}
