//! The grammar as read from a file, before it becomes a Nautilus context: named rules of
//! regular-expression-like bodies. Both readers produce it (antlr.rs from `.g4` files); the
//! compiler (compile.rs) is the only consumer.

/// One `.g4` rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub name: String,
    pub kind: RuleKind,
    pub body: Expr,
    /// 1-based line of the rule's name in its file, for messages.
    pub line: usize,
    /// The file the rule came from (a grammar may span a parser and a lexer file).
    pub file: String,
    /// A lexer rule whose tokens the parser never sees (`-> skip`, `-> channel(HIDDEN)`):
    /// whitespace and comments, which the generator puts between tokens now and then.
    pub skip: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// A lower-case rule of a parser or combined grammar.
    Parser,
    /// An upper-case rule: a token.
    Lexer,
    /// A `fragment` lexer rule: usable only inside other lexer rules.
    Fragment,
}

/// A rule's body. Sets hold inclusive code point ranges, already negated when written `~`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// The empty string (an empty alternative, `EOF`).
    Empty,
    Seq(Vec<Expr>),
    Alt(Vec<Expr>),
    /// `e?` is `{0, 1}`, `e*` is `{0, None}`, `e+` is `{1, None}`.
    Repeat {
        expr: Box<Expr>,
        min: u32,
        max: Option<u32>,
    },
    /// A string literal (`'select'`), as UTF-8.
    Literal(String),
    /// A reference to another rule (or a token declared in `tokens {}`).
    Ref {
        name: String,
        line: usize,
    },
    /// A character set: `[a-z]`, `'a'..'z'`, `~[\r\n]`, `.` (in a lexer rule: any character).
    Set(Vec<(u32, u32)>),
    /// `.` in a parser rule: any token.
    AnyToken,
}

/// A grammar file set, read: rules in file order (the first parser rule is the default start).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Grammar {
    pub rules: Vec<Rule>,
    /// Names from `tokens { A, B }`: tokens with no rule (set by actions in ANTLR).
    pub declared_tokens: Vec<String>,
    /// What was ignored (actions, predicates, modes...), one line per kind.
    pub warnings: Vec<String>,
}

impl Grammar {
    pub fn rule(&self, name: &str) -> Option<&Rule> {
        self.rules.iter().find(|r| r.name == name)
    }
}

/// The largest code point: `~[...]` and `.` are taken against `0..=MAX_CHAR`.
pub const MAX_CHAR: u32 = 0x10FFFF;

/// The complement of a set of ranges within `0..=MAX_CHAR`.
pub fn negate(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut sorted = normalize(ranges);
    let mut out = Vec::new();
    let mut next = 0u32;
    for (lo, hi) in sorted.drain(..) {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
    }
    if next <= MAX_CHAR {
        out.push((next, MAX_CHAR));
    }
    out
}

/// Sorted, merged ranges.
pub fn normalize(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = ranges.iter().map(|&(a, b)| (a.min(b), a.max(b).min(MAX_CHAR))).collect();
    v.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(v.len());
    for (lo, hi) in v {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negation_covers_everything_else() {
        assert_eq!(negate(&[(b'"' as u32, b'"' as u32)]), vec![(0, 0x21), (0x23, MAX_CHAR)]);
        assert_eq!(negate(&[(0, MAX_CHAR)]), vec![]);
        assert_eq!(negate(&[]), vec![(0, MAX_CHAR)]);
        assert_eq!(normalize(&[(5, 9), (0, 4), (20, 30), (25, 26)]), vec![(0, 9), (20, 30)]);
    }
}
