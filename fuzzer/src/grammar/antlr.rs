//! Reads ANTLR 4 `.g4` grammar files into the grammar model (model.rs). This module owns the `.g4`
//! syntax and the decision of what a generator can honour: target-language code (actions,
//! predicates, rule arguments, exception handlers) is skipped, never interpreted, and lexer
//! modes and most lexer commands are dropped. Each kind of thing dropped is reported once in
//! `Grammar::warnings`, so a user can tell why generated inputs may not match the real parser.

use super::model::{negate, normalize, Expr, Grammar, Rule, RuleKind, MAX_CHAR};

/// Why a grammar cannot be read: each names the file, the line and what to fix.
#[derive(Debug, thiserror::Error)]
pub enum G4Error {
    #[error("{file}:{line}: {message}")]
    Syntax { file: String, line: usize, message: String },
    #[error("{file}:{line}: rule {rule}: {message}")]
    Unsupported { file: String, line: usize, rule: String, message: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrammarKind {
    /// `grammar X;`: parser and lexer rules in one file.
    Combined,
    /// `parser grammar X;`
    Parser,
    /// `lexer grammar X;`
    Lexer,
}

/// What a file's header and `options {}` say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub name: String,
    pub kind: GrammarKind,
    /// `options { tokenVocab = X; }`: the lexer grammar a parser grammar takes its tokens from.
    pub token_vocab: Option<String>,
}

/// Reads one .g4 file's text (`file` is its name, for messages) and appends its rules to `into`.
/// Returns the grammar's kind and the `tokenVocab` option if one is set (a parser grammar whose
/// lexer lives in another file). On error `into` is left unchanged.
pub fn read(text: &str, file: &str, into: &mut Grammar) -> Result<Header, G4Error> {
    let mut r = Reader {
        chars: text.chars().collect(),
        pos: 0,
        line: 1,
        file,
        rule: String::new(),
        lexer: false,
        depth: 0,
        warnings: Vec::new(),
    };
    let (name, kind) = r.header()?;
    let mut rules: Vec<Rule> = Vec::new();
    let mut declared = Vec::new();
    let mut token_vocab = None;
    loop {
        r.trivia()?;
        let line = r.line;
        let Some(c) = r.peek() else { break };
        if c == '@' {
            r.named_action()?;
            continue;
        }
        let Some(word) = r.word()? else {
            return Err(r.syntax(format!("expected a rule, found {}", describe(Some(c)))));
        };
        match word.as_str() {
            "options" if r.next_is('{')? => token_vocab = r.options()?.or(token_vocab),
            "tokens" if r.next_is('{')? => declared.extend(r.name_list("tokens")?),
            "channels" if r.next_is('{')? => drop(r.name_list("channels")?),
            "import" => {
                return Err(G4Error::Unsupported {
                    file: file.to_string(),
                    line,
                    rule: "import".to_string(),
                    message: "imported grammars are not supported: copy the imported rules into this file".into(),
                })
            }
            "mode" => {
                let mode = r.expect_ident("a mode name after 'mode'")?;
                r.expect(';', &format!("after mode {mode}"))?;
                r.warn("modes", "lexer modes are ignored; the rules of every mode are read as one lexer", line);
            }
            _ => {
                let rule = r.rule(word, line, kind, &name)?;
                if let Some(prev) = rules.iter().chain(into.rules.iter()).find(|p| p.name == rule.name) {
                    let first = if prev.file == file {
                        format!("line {}", prev.line)
                    } else {
                        format!("{}:{}", prev.file, prev.line)
                    };
                    return Err(G4Error::Syntax {
                        file: file.to_string(),
                        line: rule.line,
                        message: format!("rule {} is defined twice: at {first} and at line {}", rule.name, rule.line),
                    });
                }
                rules.push(rule);
            }
        }
    }
    into.rules.extend(rules);
    into.declared_tokens.extend(declared);
    for (kind, message) in r.warnings {
        if !into.warnings.iter().any(|w| w.starts_with(&format!("{kind}:"))) {
            into.warnings.push(message);
        }
    }
    Ok(Header { name, kind, token_vocab })
}

/// Deeper nesting than this is garbage, and recursing further could overflow the stack.
const MAX_DEPTH: usize = 100;

struct Reader<'a> {
    chars: Vec<char>,
    pos: usize,
    line: usize,
    file: &'a str,
    /// The rule being read, for messages.
    rule: String,
    /// Whether that rule is a lexer rule: `.`, `[...]` and `~` mean characters there.
    lexer: bool,
    depth: usize,
    /// (kind, message), first occurrence only.
    warnings: Vec<(String, String)>,
}

type Result<T, E = G4Error> = std::result::Result<T, E>;

fn describe(c: Option<char>) -> String {
    match c {
        None => "end of file".into(),
        Some('\n') => "end of line".into(),
        Some(c) => format!("'{c}'"),
    }
}

fn seq(items: Vec<Expr>) -> Expr {
    let mut items: Vec<Expr> = items.into_iter().filter(|e| *e != Expr::Empty).collect();
    match items.len() {
        0 => Expr::Empty,
        1 => items.pop().unwrap_or(Expr::Empty),
        _ => Expr::Seq(items),
    }
}

fn alt(mut alts: Vec<Expr>) -> Expr {
    if alts.len() == 1 {
        alts.pop().unwrap_or(Expr::Empty)
    } else {
        Expr::Alt(alts)
    }
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn syntax(&self, message: impl Into<String>) -> G4Error {
        self.syntax_at(self.line, message)
    }

    fn syntax_at(&self, line: usize, message: impl Into<String>) -> G4Error {
        G4Error::Syntax { file: self.file.to_string(), line, message: message.into() }
    }

    fn unsupported(&self, line: usize, message: impl Into<String>) -> G4Error {
        G4Error::Unsupported { file: self.file.to_string(), line, rule: self.rule.clone(), message: message.into() }
    }

    fn warn(&mut self, kind: &str, what: &str, line: usize) {
        if !self.warnings.iter().any(|(k, _)| k == kind) {
            let message = format!("{kind}: {what} (first at {}:{line})", self.file);
            self.warnings.push((kind.to_string(), message));
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.syntax(format!("rule {}: nesting deeper than {MAX_DEPTH} levels", self.rule)));
        }
        Ok(())
    }

    /// Skips white space and comments.
    fn trivia(&mut self) -> Result<()> {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    let start = self.line;
                    self.pos += 2;
                    loop {
                        match self.bump() {
                            None => return Err(self.syntax_at(start, "unterminated comment: missing '*/'")),
                            Some('*') if self.peek() == Some('/') => {
                                self.bump();
                                break;
                            }
                            Some(_) => {}
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn next_is(&mut self, c: char) -> Result<bool> {
        self.trivia()?;
        Ok(self.peek() == Some(c))
    }

    fn eat(&mut self, c: char) -> Result<bool> {
        let found = self.next_is(c)?;
        if found {
            self.bump();
        }
        Ok(found)
    }

    fn expect(&mut self, c: char, context: &str) -> Result<()> {
        if self.eat(c)? {
            Ok(())
        } else {
            Err(self.syntax(format!("expected '{c}' {context}, found {}", describe(self.peek()))))
        }
    }

    /// An identifier after white space and comments, if one is next.
    fn word(&mut self) -> Result<Option<String>> {
        self.trivia()?;
        if !self.peek().is_some_and(|c| c.is_alphabetic() || c == '_') {
            return Ok(None);
        }
        let mut s = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            s.push(c);
            self.bump();
        }
        Ok(Some(s))
    }

    fn peek_word(&mut self) -> Result<Option<String>> {
        let (pos, line) = (self.pos, self.line);
        let w = self.word();
        (self.pos, self.line) = (pos, line);
        w
    }

    fn expect_ident(&mut self, what: &str) -> Result<String> {
        match self.word()? {
            Some(w) => Ok(w),
            None => Err(self.syntax(format!("expected {what}, found {}", describe(self.peek())))),
        }
    }

    fn header(&mut self) -> Result<(String, GrammarKind)> {
        let what = "expected 'grammar X;', 'lexer grammar X;' or 'parser grammar X;' at the start of the file";
        let kind = match self.word()?.as_deref() {
            Some("grammar") => GrammarKind::Combined,
            Some(w @ ("lexer" | "parser")) => {
                if self.word()?.as_deref() != Some("grammar") {
                    return Err(self.syntax(format!("expected 'grammar' after '{w}'")));
                }
                if w == "lexer" {
                    GrammarKind::Lexer
                } else {
                    GrammarKind::Parser
                }
            }
            _ => return Err(self.syntax(what)),
        };
        let name = self.expect_ident("a grammar name after 'grammar'")?;
        self.expect(';', &format!("after grammar {name}"))?;
        Ok((name, kind))
    }

    /// Skips a target-language block, `{...}` or `[...]`, starting at its opening bracket. Strings
    /// and comments inside are skipped as C-like code would have them: brackets in them don't count.
    fn skip_block(&mut self, open: char, close: char) -> Result<()> {
        let start = self.line;
        if self.bump() != Some(open) {
            return Err(self.syntax(format!("expected '{open}'")));
        }
        let mut depth = 1usize;
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' | '\'' => {
                    // A quote left open (an apostrophe in prose) ends at the line's end.
                    while let Some(d) = self.peek().filter(|&d| d != '\n') {
                        self.bump();
                        if d == '\\' {
                            self.bump();
                        } else if d == c {
                            break;
                        }
                    }
                }
                '/' if self.peek() == Some('/') => {
                    while self.peek().is_some_and(|d| d != '\n') {
                        self.bump();
                    }
                }
                '/' if self.peek() == Some('*') => {
                    self.bump();
                    while let Some(d) = self.bump() {
                        if d == '*' && self.peek() == Some('/') {
                            self.bump();
                            break;
                        }
                    }
                }
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(self.syntax_at(start, format!("unterminated {open}...{close} block: missing '{close}'")))
    }

    /// `@name {...}` or `@lexer::name {...}`.
    fn named_action(&mut self) -> Result<()> {
        self.bump();
        let name = self.expect_ident("an action name after '@'")?;
        if self.peek() == Some(':') && self.peek_at(1) == Some(':') {
            self.pos += 2;
            self.expect_ident(&format!("an action name after '@{name}::'"))?;
        }
        if !self.next_is('{')? {
            return Err(self.syntax(format!("expected '{{' after '@{name}', found {}", describe(self.peek()))));
        }
        self.skip_block('{', '}')
    }

    /// `options { k = v; ... }`: returns the `tokenVocab` value if set.
    fn options(&mut self) -> Result<Option<String>> {
        self.expect('{', "after 'options'")?;
        let mut vocab = None;
        while !self.eat('}')? {
            let key = self.expect_ident("an option name or '}' in options { ... }")?;
            self.expect('=', &format!("after option {key}"))?;
            self.trivia()?;
            let value = match self.peek() {
                Some('\'') => self.literal()?,
                Some('{') => {
                    self.skip_block('{', '}')?;
                    String::new()
                }
                _ => {
                    let mut v = String::new();
                    while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || matches!(c, '_' | '.')) {
                        v.push(c);
                        self.bump();
                    }
                    if v.is_empty() {
                        return Err(self.syntax(format!("expected a value for option {key}")));
                    }
                    v
                }
            };
            self.expect(';', &format!("after option {key}"))?;
            if key == "tokenVocab" {
                vocab = Some(value);
            }
        }
        Ok(vocab)
    }

    /// `{ A, B, C }` of `tokens` or `channels`.
    fn name_list(&mut self, what: &str) -> Result<Vec<String>> {
        self.expect('{', &format!("after '{what}'"))?;
        let mut names = Vec::new();
        while !self.eat('}')? {
            names.push(self.expect_ident(&format!("a name or '}}' in {what} {{ ... }}"))?);
            if !self.eat(',')? {
                self.expect('}', &format!("to close {what} {{ ... }}"))?;
                break;
            }
        }
        Ok(names)
    }

    fn rule(&mut self, first: String, first_line: usize, kind: GrammarKind, grammar: &str) -> Result<Rule> {
        let (mut name, mut line, mut fragment) = (first, first_line, false);
        while matches!(name.as_str(), "fragment" | "public" | "private" | "protected") {
            fragment |= name == "fragment";
            self.trivia()?;
            line = self.line;
            name = self.expect_ident(&format!("a rule name after '{name}'"))?;
        }
        let lexer = name.chars().next().is_some_and(char::is_uppercase);
        if fragment && !lexer {
            return Err(self.syntax_at(line, format!("fragment rule {name} must be a lexer rule (upper-case name)")));
        }
        match (kind, lexer) {
            (GrammarKind::Parser, true) => {
                return Err(self.syntax_at(
                    line,
                    format!("parser grammar {grammar} cannot define lexer rule {name}: move it to the lexer grammar"),
                ));
            }
            (GrammarKind::Lexer, false) => {
                return Err(self.syntax_at(
                    line,
                    format!(
                        "lexer grammar {grammar} cannot define parser rule {name}: lexer rule names start upper-case"
                    ),
                ));
            }
            _ => {}
        }
        self.rule = name.clone();
        self.lexer = lexer;
        // Arguments, return values and the like are target-language code.
        loop {
            self.trivia()?;
            match self.peek() {
                Some(':') => {
                    self.bump();
                    break;
                }
                Some('[') => self.skip_block('[', ']')?,
                Some('@') => self.named_action()?,
                _ => match self.word()?.as_deref() {
                    Some(w @ ("returns" | "locals")) => {
                        if !self.next_is('[')? {
                            return Err(self.syntax(format!("expected '[' after '{w}' in rule {name}")));
                        }
                        self.skip_block('[', ']')?;
                    }
                    Some("throws") => loop {
                        self.expect_ident(&format!("an exception name after 'throws' in rule {name}"))?;
                        if !self.eat(',')? {
                            break;
                        }
                    },
                    Some("options") => drop(self.options()?),
                    _ => {
                        return Err(self
                            .syntax(format!("expected ':' after rule name {name}, found {}", describe(self.peek()))))
                    }
                },
            }
        }
        let (body, skip) = self.block(true)?;
        self.expect(';', &format!("after rule {name}"))?;
        // Exception handlers: `catch [...] {...}` and `finally {...}`.
        loop {
            match self.peek_word()?.as_deref() {
                Some("catch") => {
                    self.word()?;
                    for (open, close) in [('[', ']'), ('{', '}')] {
                        if !self.next_is(open)? {
                            return Err(self.syntax(format!("expected '{open}' in catch of rule {name}")));
                        }
                        self.skip_block(open, close)?;
                    }
                }
                Some("finally") => {
                    self.word()?;
                    if !self.next_is('{')? {
                        return Err(self.syntax(format!("expected '{{' after finally of rule {name}")));
                    }
                    self.skip_block('{', '}')?;
                }
                _ => break,
            }
        }
        let kind = match (lexer, fragment) {
            (false, _) => RuleKind::Parser,
            (true, false) => RuleKind::Lexer,
            (true, true) => RuleKind::Fragment,
        };
        Ok(Rule { name, kind, body, line, file: self.file.to_string(), skip })
    }

    /// Alternatives separated by `|`; `top` when they are a rule's (lexer commands allowed).
    /// Returns whether any alternative said `-> skip` or `-> channel(...)`.
    fn block(&mut self, top: bool) -> Result<(Expr, bool)> {
        let (mut alts, mut skip) = (Vec::new(), false);
        loop {
            let (e, s) = self.alternative(top)?;
            alts.push(e);
            skip |= s;
            if !self.eat('|')? {
                return Ok((alt(alts), skip));
            }
        }
    }

    fn alternative(&mut self, top: bool) -> Result<(Expr, bool)> {
        let mut items = Vec::new();
        loop {
            self.trivia()?;
            let line = self.line;
            match self.peek() {
                None => return Err(self.syntax(format!("unexpected end of file in rule {}: expected ';'", self.rule))),
                Some('|' | ')' | ';') => return Ok((seq(items), false)),
                Some('-') if self.peek_at(1) == Some('>') => {
                    if !top || !self.lexer {
                        return Err(self.syntax(format!(
                            "rule {}: lexer commands (->) belong at the end of a lexer rule's alternative",
                            self.rule
                        )));
                    }
                    self.pos += 2;
                    let skip = self.commands()?;
                    return Ok((seq(items), skip));
                }
                Some('#') => {
                    self.bump();
                    self.expect_ident("an alternative label after '#'")?;
                }
                Some('<') => {
                    // Element options (`<assoc=right>`) only steer ANTLR's parser.
                    while let Some(c) = self.bump() {
                        if c == '>' {
                            break;
                        }
                    }
                }
                Some('{') => {
                    self.skip_block('{', '}')?;
                    if self.eat('?')? {
                        self.warn(
                            "predicates",
                            "semantic predicates {...}? are ignored: guarded alternatives are always possible",
                            line,
                        );
                    } else {
                        self.warn("actions", "actions {...} are ignored", line);
                    }
                }
                Some(_) => {
                    let atom = self.atom()?;
                    items.push(self.suffix(atom)?);
                }
            }
        }
    }

    /// `-> skip, pushMode(X)`: returns whether the token is hidden from the parser.
    fn commands(&mut self) -> Result<bool> {
        let mut skip = false;
        loop {
            self.trivia()?;
            let line = self.line;
            let name = self.expect_ident("a lexer command after '->'")?;
            if self.eat('(')? {
                self.word()?;
                self.trivia()?;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.bump();
                }
                self.expect(')', &format!("after the argument of -> {name}"))?;
            }
            match name.as_str() {
                "skip" | "channel" => skip = true,
                "more" | "type" | "pushMode" | "popMode" | "mode" => {
                    self.warn(&format!("lexer command -> {name}"), "ignored", line);
                }
                _ => return Err(self.unsupported(line, format!("unknown lexer command -> {name}"))),
            }
            if !self.eat(',')? {
                return Ok(skip);
            }
        }
    }

    fn suffix(&mut self, e: Expr) -> Result<Expr> {
        self.trivia()?;
        let (min, max) = match self.peek() {
            Some('?') => (0, Some(1)),
            Some('*') => (0, None),
            Some('+') => (1, None),
            _ => return Ok(e),
        };
        self.bump();
        // Non-greedy `*?` generates the same strings.
        self.eat('?')?;
        Ok(Expr::Repeat { expr: Box::new(e), min, max })
    }

    fn atom(&mut self) -> Result<Expr> {
        self.enter()?;
        let e = self.atom_inner();
        self.depth -= 1;
        e
    }

    fn atom_inner(&mut self) -> Result<Expr> {
        self.trivia()?;
        let line = self.line;
        match self.peek() {
            Some('(') => {
                self.bump();
                if self.peek_word()?.as_deref() == Some("options") {
                    self.word()?;
                    self.options()?;
                    self.expect(':', "after options in '('")?;
                }
                let (e, _) = self.block(false)?;
                self.expect(')', &format!("to close the '(' of line {line} in rule {}", self.rule))?;
                Ok(e)
            }
            Some('\'') => {
                let s = self.literal()?;
                if !self.range_follows()? {
                    return Ok(Expr::Literal(s));
                }
                if !self.lexer {
                    return Err(self.syntax(format!("rule {}: ranges '..' are only allowed in lexer rules", self.rule)));
                }
                let lo = self.single_char(&s, line)?;
                let (hi_line, hi) = self.range_end()?;
                let hi = self.single_char(&hi, hi_line)?;
                self.range(lo, hi, line)
            }
            Some('[') if self.lexer => Ok(Expr::Set(self.char_set()?)),
            Some('[') => {
                Err(self.syntax(format!("rule {}: character sets [...] are only allowed in lexer rules", self.rule)))
            }
            Some('.') => {
                self.bump();
                Ok(if self.lexer { Expr::Set(vec![(0, MAX_CHAR)]) } else { Expr::AnyToken })
            }
            Some('~') => {
                self.bump();
                if !self.lexer {
                    return Err(self.unsupported(line, "'~' in a parser rule (any token but ...) is not supported"));
                }
                Ok(Expr::Set(negate(&self.set_operand()?)))
            }
            c => {
                let Some(name) = self.word()? else {
                    return Err(self.syntax(format!(
                        "rule {}: unexpected {} (is a ';' missing?)",
                        self.rule,
                        describe(c)
                    )));
                };
                self.trivia()?;
                let label = match (self.peek(), self.peek_at(1)) {
                    (Some('='), _) => 1,
                    (Some('+'), Some('=')) => 2,
                    _ => 0,
                };
                if label > 0 {
                    self.pos += label;
                    return self.atom();
                }
                if !self.lexer && self.peek() == Some('[') {
                    self.skip_block('[', ']')?;
                }
                Ok(if name == "EOF" { Expr::Empty } else { Expr::Ref { name, line } })
            }
        }
    }

    fn range_follows(&mut self) -> Result<bool> {
        self.trivia()?;
        Ok(self.peek() == Some('.') && self.peek_at(1) == Some('.'))
    }

    /// After `..`: the upper end's line and text.
    fn range_end(&mut self) -> Result<(usize, String)> {
        self.pos += 2;
        if !self.next_is('\'')? {
            return Err(self.syntax(format!("expected a literal after '..', found {}", describe(self.peek()))));
        }
        Ok((self.line, self.literal()?))
    }

    fn single_char(&self, s: &str, line: usize) -> Result<u32> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c as u32),
            _ => Err(self
                .syntax_at(line, format!("rule {}: '{s}' in a range or after '~' must be one character", self.rule))),
        }
    }

    fn range(&self, lo: u32, hi: u32, line: usize) -> Result<Expr> {
        if lo > hi {
            return Err(self.syntax_at(line, format!("rule {}: range {lo:#x}..{hi:#x} is reversed", self.rule)));
        }
        Ok(Expr::Set(vec![(lo, hi)]))
    }

    /// What `~` applies to: a set, a one-character literal or range, or `( ... | ... )` of those.
    fn set_operand(&mut self) -> Result<Vec<(u32, u32)>> {
        self.enter()?;
        let r = self.set_operand_inner();
        self.depth -= 1;
        r
    }

    fn set_operand_inner(&mut self) -> Result<Vec<(u32, u32)>> {
        self.trivia()?;
        let line = self.line;
        match self.peek() {
            Some('[') => self.char_set(),
            Some('\'') => {
                let s = self.literal()?;
                let lo = self.single_char(&s, line)?;
                if !self.range_follows()? {
                    return Ok(vec![(lo, lo)]);
                }
                let (hi_line, hi) = self.range_end()?;
                let hi = self.single_char(&hi, hi_line)?;
                match self.range(lo, hi, line)? {
                    Expr::Set(r) => Ok(r),
                    _ => Ok(Vec::new()),
                }
            }
            Some('(') => {
                self.bump();
                let mut out = Vec::new();
                loop {
                    out.extend(self.set_operand()?);
                    if !self.eat('|')? {
                        break;
                    }
                }
                self.expect(')', &format!("to close the '(' of line {line} after '~'"))?;
                Ok(normalize(&out))
            }
            _ => Err(self.unsupported(
                line,
                "'~' can only negate a set [...], a one-character literal, a range or an alternation of those",
            )),
        }
    }

    /// A `'...'` literal, decoded.
    fn literal(&mut self) -> Result<String> {
        let line = self.line;
        self.bump();
        let mut s = String::new();
        loop {
            match self.bump() {
                None | Some('\n' | '\r') => return Err(self.syntax_at(line, "unterminated string literal: missing '")),
                Some('\'') => break,
                Some('\\') => {
                    let cp = self.escape(false)?;
                    let c = char::from_u32(cp).ok_or_else(|| {
                        self.syntax_at(line, format!("\\u escape {cp:#x} in a string literal is not a character"))
                    })?;
                    s.push(c);
                }
                Some(c) => s.push(c),
            }
        }
        if s.is_empty() {
            return Err(self.syntax_at(line, "empty string literal '' (use an empty alternative instead)"));
        }
        Ok(s)
    }

    /// The character after a backslash. Sets take any escaped character as itself (`\]`, `\-`).
    fn escape(&mut self, in_set: bool) -> Result<u32> {
        let line = self.line;
        let c = match self.bump() {
            None | Some('\n' | '\r') => return Err(self.syntax_at(line, "unterminated escape sequence")),
            Some(c) => c,
        };
        Ok(match c {
            'n' => 10,
            'r' => 13,
            't' => 9,
            'b' => 8,
            'f' => 12,
            'u' => return self.unicode_escape(),
            '\\' | '\'' | '"' => c as u32,
            c if in_set => c as u32,
            c => return Err(self.syntax_at(line, format!("invalid escape \\{c} in a string literal"))),
        })
    }

    /// After `\u`: `XXXX` or `{X...}` (any number of digits: grammars write `\u{0000007F}`).
    fn unicode_escape(&mut self) -> Result<u32> {
        let line = self.line;
        let braced = self.peek() == Some('{');
        if braced {
            self.bump();
        }
        let (mut v, mut n) = (0u32, 0);
        while let Some(d) = self.peek().and_then(|c| c.to_digit(16)).filter(|_| braced || n < 4) {
            v = v.saturating_mul(16).saturating_add(d);
            n += 1;
            self.bump();
        }
        let closed = !braced || self.bump() == Some('}');
        if !closed || n == 0 || (!braced && n != 4) || v > MAX_CHAR {
            return Err(self.syntax_at(line, "malformed \\u escape: expected \\uXXXX or \\u{X...} up to 10FFFF"));
        }
        Ok(v)
    }

    /// A `[...]` character set, as normalized ranges.
    fn char_set(&mut self) -> Result<Vec<(u32, u32)>> {
        let line = self.line;
        self.bump();
        let mut out = Vec::new();
        loop {
            let lo = match self.set_char(line)? {
                SetItem::End => return Ok(normalize(&out)),
                SetItem::Class(ranges) => {
                    out.extend(ranges);
                    continue;
                }
                SetItem::Char(c) => c,
            };
            // A '-' right before ']' is itself.
            if self.peek() == Some('-') && self.peek_at(1) != Some(']') {
                self.bump();
                match self.set_char(line)? {
                    SetItem::Char(hi) if hi >= lo => out.push((lo, hi)),
                    SetItem::Char(hi) => {
                        return Err(
                            self.syntax(format!("rule {}: range {lo:#x}-{hi:#x} in [...] is reversed", self.rule))
                        )
                    }
                    _ => {
                        return Err(self.syntax(format!("rule {}: expected a character after '-' in [...]", self.rule)))
                    }
                }
            } else {
                out.push((lo, lo));
            }
        }
    }

    fn set_char(&mut self, start: usize) -> Result<SetItem> {
        match self.bump() {
            None | Some('\n' | '\r') => Err(self.syntax_at(start, "unterminated character set: missing ']'")),
            Some(']') => Ok(SetItem::End),
            Some('\\') if matches!(self.peek(), Some('p' | 'P')) => {
                let negated = self.bump() == Some('P');
                let line = self.line;
                if self.bump() != Some('{') {
                    return Err(self.syntax_at(line, "expected '{' after \\p in [...]"));
                }
                let mut name = String::new();
                loop {
                    match self.bump() {
                        Some('}') => break,
                        Some(c) if c != '\n' && c != ']' => name.push(c),
                        _ => return Err(self.syntax_at(line, "unterminated \\p{...}: missing '}'")),
                    }
                }
                let Some(ranges) = property(&name) else {
                    return Err(self.unsupported(line, format!("Unicode property \\p{{{name}}} is not supported")));
                };
                Ok(SetItem::Class(if negated { negate(&ranges) } else { ranges }))
            }
            Some('\\') => Ok(SetItem::Char(self.escape(true)?)),
            Some(c) => Ok(SetItem::Char(c as u32)),
        }
    }
}

enum SetItem {
    End,
    Char(u32),
    Class(Vec<(u32, u32)>),
}

/// Unicode properties in `[\p{...}]`. These are approximations for generation, not the real
/// Unicode tables: ASCII plus a few representative ranges (Latin-1, Greek, Cyrillic, CJK...),
/// enough to produce valid non-ASCII inputs now and then without carrying the Unicode database.
/// The general categories beyond the brief's list are those grammars-v4's Java lexers use.
fn property(name: &str) -> Option<Vec<(u32, u32)>> {
    const LU: &[(u32, u32)] = &[(0x41, 0x5A), (0xC0, 0xD6), (0xD8, 0xDE), (0x391, 0x3A9), (0x410, 0x42F)];
    const LL: &[(u32, u32)] = &[(0x61, 0x7A), (0xDF, 0xF6), (0xF8, 0xFF), (0x3B1, 0x3C9), (0x430, 0x44F)];
    const LT: &[(u32, u32)] = &[(0x1C5, 0x1C5), (0x1C8, 0x1C8), (0x1CB, 0x1CB), (0x1F2, 0x1F2)];
    const LM: &[(u32, u32)] = &[(0x2B0, 0x2C1), (0x2C6, 0x2D1)];
    const LO: &[(u32, u32)] = &[(0xAA, 0xAA), (0xBA, 0xBA), (0x5D0, 0x5EA), (0x4E00, 0x9FFF)];
    const ND: &[(u32, u32)] = &[(0x30, 0x39), (0x660, 0x669), (0x966, 0x96F), (0xFF10, 0xFF19)];
    const NL: &[(u32, u32)] = &[(0x16EE, 0x16F0), (0x2160, 0x2182)];
    const NO: &[(u32, u32)] = &[(0xB2, 0xB3), (0xB9, 0xB9), (0xBC, 0xBE)];
    const MN: &[(u32, u32)] = &[(0x300, 0x36F)];
    const MC: &[(u32, u32)] = &[(0x903, 0x903), (0x93E, 0x940)];
    const PC: &[(u32, u32)] = &[(0x5F, 0x5F), (0x203F, 0x2040), (0xFF3F, 0xFF3F)];
    const SC: &[(u32, u32)] = &[(0x24, 0x24), (0xA2, 0xA5), (0x20A0, 0x20C0)];
    const CF: &[(u32, u32)] = &[(0xAD, 0xAD), (0x200B, 0x200F), (0xFEFF, 0xFEFF)];
    const ZS: &[(u32, u32)] = &[(0x20, 0x20), (0xA0, 0xA0), (0x2000, 0x200A), (0x3000, 0x3000)];
    const SPACE: &[(u32, u32)] = &[(0x9, 0xD), (0x85, 0x85), (0x2028, 0x2029)];
    const EMOJI: &[(u32, u32)] =
        &[(0x23, 0x23), (0x2A, 0x2A), (0x30, 0x39), (0xA9, 0xA9), (0xAE, 0xAE), (0x2600, 0x26FF), (0x1F300, 0x1F64F)];
    let parts: &[&[(u32, u32)]] = match name {
        "L" | "Letter" | "Alpha" | "Alphabetic" => &[LU, LL, LT, LM, LO],
        "Lu" | "Uppercase_Letter" => &[LU],
        "Ll" | "Lowercase_Letter" => &[LL],
        "Lt" | "Titlecase_Letter" => &[LT],
        "Lm" | "Modifier_Letter" => &[LM],
        "Lo" | "Other_Letter" => &[LO],
        "N" | "Number" => &[ND, NL, NO],
        "Nd" | "Decimal_Number" | "Digit" => &[ND],
        "Nl" | "Letter_Number" => &[NL],
        "Mn" | "Nonspacing_Mark" => &[MN],
        "Mc" | "Spacing_Mark" => &[MC],
        "Pc" | "Connector_Punctuation" => &[PC],
        "Sc" | "Currency_Symbol" => &[SC],
        "Cf" | "Format" => &[CF],
        "Zs" | "Space_Separator" => &[ZS],
        "Alnum" => &[LU, LL, LT, LM, LO, ND],
        "White_Space" | "WSpace" => &[ZS, SPACE],
        "Emoji" => &[EMOJI],
        _ => return None,
    };
    Some(normalize(&parts.concat()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Expr {
        Expr::Literal(s.into())
    }

    fn set(lo: char, hi: char) -> Expr {
        Expr::Set(vec![(lo as u32, hi as u32)])
    }

    fn many(e: Expr, min: u32) -> Expr {
        Expr::Repeat { expr: Box::new(e), min, max: None }
    }

    fn opt(e: Expr) -> Expr {
        Expr::Repeat { expr: Box::new(e), min: 0, max: Some(1) }
    }

    fn read_one(text: &str) -> std::result::Result<Grammar, G4Error> {
        let mut g = Grammar::default();
        read(text, "t.g4", &mut g)?;
        Ok(g)
    }

    fn body(g: &Grammar, name: &str) -> Expr {
        g.rule(name).map(|r| r.body.clone()).unwrap_or_else(|| panic!("no rule {name}"))
    }

    /// (line, message) of a syntax error, panicking on anything else.
    fn syntax_error(text: &str) -> (usize, String) {
        match read_one(text) {
            Err(G4Error::Syntax { line, message, .. }) => (line, message),
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    fn unsupported_error(text: &str) -> (usize, String, String) {
        match read_one(text) {
            Err(G4Error::Unsupported { line, rule, message, .. }) => (line, rule, message),
            other => panic!("expected an unsupported error, got {other:?}"),
        }
    }

    const CALC: &str = "grammar Calc;\n\
        prog: expr EOF ;\n\
        expr: expr ('*'|'/') expr | expr ('+'|'-') expr | INT | '(' expr ')' ;\n\
        INT: [0-9]+ ;\n\
        WS: [ \\t\\r\\n]+ -> skip ;\n";

    #[test]
    fn calculator_with_left_recursion() {
        let mut g = Grammar::default();
        let h = read(CALC, "calc.g4", &mut g).expect("reads");
        assert_eq!(h, Header { name: "Calc".into(), kind: GrammarKind::Combined, token_vocab: None });
        let expr = |line| Expr::Ref { name: "expr".into(), line };
        assert_eq!(body(&g, "prog"), expr(2));
        assert_eq!(
            body(&g, "expr"),
            Expr::Alt(vec![
                Expr::Seq(vec![expr(3), Expr::Alt(vec![lit("*"), lit("/")]), expr(3)]),
                Expr::Seq(vec![expr(3), Expr::Alt(vec![lit("+"), lit("-")]), expr(3)]),
                Expr::Ref { name: "INT".into(), line: 3 },
                Expr::Seq(vec![lit("("), expr(3), lit(")")]),
            ])
        );
        assert_eq!(body(&g, "INT"), many(set('0', '9'), 1));
        let ws = g.rule("WS").expect("WS");
        assert!(ws.skip && ws.kind == RuleKind::Lexer && ws.line == 5 && ws.file == "calc.g4");
        assert_eq!(ws.body, many(Expr::Set(vec![(9, 10), (13, 13), (32, 32)]), 1));
        assert_eq!(g.rules.iter().map(|r| r.kind).collect::<Vec<_>>()[..2], [RuleKind::Parser, RuleKind::Parser]);
        assert!(g.warnings.is_empty());
    }

    const JSON: &str = r##"/** Taken from "The Definitive ANTLR 4 Reference" by Terence Parr */

// Derived from https://json.org
grammar JSON;

json
   : value EOF
   ;

obj
   : '{' pair (',' pair)* '}'
   | '{' '}'
   ;

pair
   : STRING ':' value
   ;

arr
   : '[' value (',' value)* ']'
   | '[' ']'
   ;

value
   : STRING   # String
   | NUMBER   # Number
   | obj      # Object
   | arr      # Array
   | 'true'   # True
   | 'false'  # False
   | 'null'   # Null
   ;

STRING
   : '"' (ESC | SAFECODEPOINT)* '"'
   ;

fragment ESC
   : '\\' (["\\/bfnrt] | UNICODE)
   ;

fragment UNICODE
   : 'u' HEX HEX HEX HEX
   ;

fragment HEX
   : [0-9a-fA-F]
   ;

fragment SAFECODEPOINT
   : ~ ["\\\u0000-\u001F]
   ;

NUMBER
   : '-'? INT ('.' [0-9] +)? EXP?
   ;

fragment INT
   // integer part forbids leading 0s (e.g. `01`)
   : '0' | [1-9] [0-9]*
   ;

// no leading zeros

fragment EXP
   // exponent part
   : [Ee] [+\-]? [0-9]+
   ;

// \- since - means "range" inside [...]

WS
   : [ \t\n\r] + -> skip
   ;

NBSP : '\u00A0' | '\u{1F600}' | 'a'..'f' | ~('x' | 'y'..'z' | [\p{Nd}]) ;
"##;

    #[test]
    fn json_grammar() {
        let g = read_one(JSON).expect("reads");
        assert_eq!(g.rules.len(), 15);
        assert_eq!(g.rules[0].name, "json");
        assert_eq!(body(&g, "json"), Expr::Ref { name: "value".into(), line: 7 });
        assert_eq!(body(&g, "value"), {
            let r = |n: &str, line| Expr::Ref { name: n.into(), line };
            Expr::Alt(vec![
                r("STRING", 25),
                r("NUMBER", 26),
                r("obj", 27),
                r("arr", 28),
                lit("true"),
                lit("false"),
                lit("null"),
            ])
        });
        assert_eq!(g.rule("ESC").map(|r| r.kind), Some(RuleKind::Fragment));
        let esc_chars: Vec<(u32, u32)> =
            normalize(&"\"\\/bfnrt".chars().map(|c| (c as u32, c as u32)).collect::<Vec<_>>());
        assert_eq!(
            body(&g, "ESC"),
            Expr::Seq(vec![
                lit("\\"),
                Expr::Alt(vec![Expr::Set(esc_chars), Expr::Ref { name: "UNICODE".into(), line: 39 }])
            ])
        );
        assert_eq!(body(&g, "SAFECODEPOINT"), Expr::Set(negate(&[(0, 0x1F), (0x22, 0x22), (0x5C, 0x5C)])));
        assert_eq!(body(&g, "EXP"), {
            let sign = opt(Expr::Set(vec![(b'+' as u32, b'+' as u32), (b'-' as u32, b'-' as u32)]));
            Expr::Seq(vec![Expr::Set(vec![(0x45, 0x45), (0x65, 0x65)]), sign, many(set('0', '9'), 1)])
        });
        assert_eq!(body(&g, "INT"), Expr::Alt(vec![lit("0"), Expr::Seq(vec![set('1', '9'), many(set('0', '9'), 0)])]));
        assert_eq!(
            body(&g, "NUMBER"),
            Expr::Seq(vec![
                opt(lit("-")),
                Expr::Ref { name: "INT".into(), line: 55 },
                opt(Expr::Seq(vec![lit("."), many(set('0', '9'), 1)])),
                opt(Expr::Ref { name: "EXP".into(), line: 55 }),
            ])
        );
        assert!(g.rule("WS").is_some_and(|r| r.skip));
        let digits = property("Nd").expect("Nd");
        let mut not = vec![(0x78, 0x7A)];
        not.extend(digits);
        assert_eq!(
            body(&g, "NBSP"),
            Expr::Alt(vec![lit("\u{A0}"), lit("\u{1F600}"), set('a', 'f'), Expr::Set(negate(&normalize(&not)))])
        );
    }

    const LEXER: &str = r#"lexer grammar CalcLexer;
@header { package x; /* } */ }
@lexer::members { int depth = 0; String s = "}"; char c = '{'; }
channels { COMMENTS }
tokens { INDENT, DEDENT, }
ID : [\p{L}_] [\p{Alnum}_]* ;
NUM : '0'..'9'+ {count++;} ;
COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
LINE_COMMENT : '//' ~[\r\n]* -> skip ;
STR : '"' -> more, pushMode(STRING) ;
mode STRING;
STR_END : '"' -> popMode ;
STR_TEXT : ~'"'+ -> more ;
"#;

    const PARSER: &str = r#"parser grammar CalcParser;
options { tokenVocab = CalcLexer; superClass = Base; }
@members { int count; }
prog returns [int value] locals [int i = 0] @init { count = 0; } @after { } : stat+ EOF ;
stat[int depth] throws RecognitionException, Other options { k = 1; }
    : e=expr {System.out.println($e.value);} # Print
    | ids+=ID '=' expr # Assign
    ;
expr : <assoc=right> expr '^'<assoc=right> expr | {p()}? ID | . | (options { greedy = false; } : NUM)? ;
catch [RecognitionException e] { throw e; } finally { }
"#;

    #[test]
    fn lexer_and_parser_pair() {
        let mut g = Grammar::default();
        let lh = read(LEXER, "CalcLexer.g4", &mut g).expect("lexer reads");
        assert_eq!(lh, Header { name: "CalcLexer".into(), kind: GrammarKind::Lexer, token_vocab: None });
        let ph = read(PARSER, "CalcParser.g4", &mut g).expect("parser reads");
        assert_eq!(ph.kind, GrammarKind::Parser);
        assert_eq!(ph.token_vocab.as_deref(), Some("CalcLexer"));
        assert_eq!(g.declared_tokens, ["INDENT", "DEDENT"]);
        let skipped: Vec<&str> = g.rules.iter().filter(|r| r.skip).map(|r| r.name.as_str()).collect();
        assert_eq!(skipped, ["COMMENT", "LINE_COMMENT"]);
        assert_eq!(body(&g, "NUM"), many(set('0', '9'), 1));
        let with_underscore =
            |p: &str| Expr::Set(normalize(&[property(p).unwrap_or_default(), vec![(0x5F, 0x5F)]].concat()));
        assert_eq!(body(&g, "ID"), Expr::Seq(vec![with_underscore("L"), many(with_underscore("Alnum"), 0)]));
        assert!(property("L").is_some_and(|l| l.contains(&(0x41, 0x5A)) && l.contains(&(0x4E00, 0x9FFF))));
        assert_eq!(body(&g, "COMMENT"), Expr::Seq(vec![lit("/*"), many(Expr::Set(vec![(0, MAX_CHAR)]), 0), lit("*/")]));
        assert_eq!(
            body(&g, "LINE_COMMENT"),
            Expr::Seq(vec![lit("//"), many(Expr::Set(negate(&[(10, 10), (13, 13)])), 0)])
        );
        assert_eq!(body(&g, "STR_TEXT"), many(Expr::Set(negate(&[(0x22, 0x22)])), 1));
        assert_eq!(g.rule("STR_TEXT").map(|r| r.file.as_str()), Some("CalcLexer.g4"));
        assert_eq!(body(&g, "prog"), many(Expr::Ref { name: "stat".into(), line: 4 }, 1));
        assert_eq!(g.rule("stat").map(|r| r.line), Some(5));
        assert_eq!(
            body(&g, "stat"),
            Expr::Alt(vec![
                Expr::Ref { name: "expr".into(), line: 6 },
                Expr::Seq(vec![
                    Expr::Ref { name: "ID".into(), line: 7 },
                    lit("="),
                    Expr::Ref { name: "expr".into(), line: 7 }
                ]),
            ])
        );
        let expr = |line| Expr::Ref { name: "expr".into(), line };
        assert_eq!(
            body(&g, "expr"),
            Expr::Alt(vec![
                Expr::Seq(vec![expr(9), lit("^"), expr(9)]),
                Expr::Ref { name: "ID".into(), line: 9 },
                Expr::AnyToken,
                opt(Expr::Ref { name: "NUM".into(), line: 9 }),
            ])
        );
        // One warning per kind, though actions appear in both files.
        let kinds: Vec<&str> = g.warnings.iter().map(|w| w.split(':').next().unwrap_or("")).collect();
        assert_eq!(
            kinds,
            [
                "actions",
                "lexer command -> more",
                "lexer command -> pushMode",
                "modes",
                "lexer command -> popMode",
                "predicates"
            ]
        );
        assert!(g.warnings[0].ends_with("(first at CalcLexer.g4:7)"), "{}", g.warnings[0]);
        assert!(g.warnings[5].ends_with("(first at CalcParser.g4:9)"), "{}", g.warnings[5]);
        // Reading the lexer again defines every rule twice.
        let err = read(LEXER, "again.g4", &mut g).expect_err("duplicate");
        assert_eq!(err.to_string(), "again.g4:6: rule ID is defined twice: at CalcLexer.g4:6 and at line 6");
    }

    #[test]
    fn java_lexer_identifiers() {
        // As in grammars-v4's java/java/JavaLexer.g4.
        let text = "lexer grammar JavaLexer;\nfragment JavaLetterOrDigit\n    : [\\p{Lu}]\n    | [\\p{Lt}] | [\\p{Lm}] | [\\p{Lo}] | [\\p{Mn}] | [\\p{Mc}] | [\\p{Nd}] | [\\p{Nl}] | [\\p{Cf}] | [\\p{Pc}] | [\\p{Sc}]\n    | [\\u{00000000}-\\u{00000008}]\n    ;\n";
        let g = read_one(text).expect("reads");
        let Expr::Alt(alts) = body(&g, "JavaLetterOrDigit") else { panic!("not an alternation") };
        assert_eq!(alts.len(), 12);
        assert_eq!(alts[11], Expr::Set(vec![(0, 8)]));
    }

    #[test]
    fn errors_name_the_line() {
        let (line, message) = syntax_error("grammar G;\na : 'x' ;\nb : 'y\n;");
        assert_eq!((line, message.as_str()), (3, "unterminated string literal: missing '"));
        let (line, message) = syntax_error("grammar G;\n\na : b\n  c\nd : e ;");
        assert_eq!((line, message.as_str()), (5, "rule a: unexpected ':' (is a ';' missing?)"));
        let (line, message) = syntax_error("grammar G;\n\na : b\n  c ) ;");
        assert_eq!((line, message.as_str()), (4, "expected ';' after rule a, found ')'"));
        let (line, message) = syntax_error("grammar G;\na : b ;\n\nA : 'x' ;\na : c ;\n");
        assert_eq!((line, message.as_str()), (5, "rule a is defined twice: at line 2 and at line 5"));
        assert_eq!(syntax_error("").0, 1);
        assert_eq!(syntax_error("// nothing\n\n").0, 3);
        assert_eq!(syntax_error("grammar G;\n/* open\n\n").0, 2);
        assert_eq!(syntax_error("grammar G;\n@members {\n int x;\n").0, 2);
        assert_eq!(syntax_error("grammar G;\nA : [a-z\n;").0, 2);
        assert_eq!(syntax_error("grammar G;\nA : 'a'..'cd' ;").0, 2);
        assert_eq!(syntax_error("grammar G;\nA : [z-a] ;").0, 2);
        assert_eq!(syntax_error("grammar G;\nA : '\\q' ;").0, 2);
        assert_eq!(syntax_error("grammar G;\nA : '\\u12' ;").0, 2);
        assert_eq!(syntax_error("grammar G;\nA : '' ;").0, 2);
        assert_eq!(syntax_error("grammar G;\n\na : [a-z] ;").0, 3);
        assert_eq!(syntax_error("grammar G;\na : (b | c ;").0, 2);
        assert_eq!(syntax_error("grammar G;\nfragment a : 'x' ;").0, 2);
        assert_eq!(syntax_error("grammar G;\na : b -> skip ;").0, 2);
        assert_eq!(syntax_error("parser grammar P;\na : b ;\nA : 'x' ;").0, 3);
        assert_eq!(syntax_error("lexer grammar L;\nA : 'x' ;\nb : A ;").0, 3);

        let (line, rule, message) = unsupported_error("grammar G;\nimport Other;\na : b ;");
        assert_eq!((line, rule.as_str()), (2, "import"));
        assert!(message.contains("imported"), "{message}");
        let (line, rule, message) = unsupported_error("lexer grammar L;\nA : 'x' ;\n\nB : [\\p{Greek}] ;");
        assert_eq!((line, rule.as_str()), (4, "B"));
        assert!(message.contains("\\p{Greek}"), "{message}");
        assert_eq!(unsupported_error("lexer grammar L;\nA : ~B ;").0, 2);
        assert_eq!(unsupported_error("grammar G;\na : ~';' ;").0, 2);
        assert_eq!(unsupported_error("lexer grammar L;\nA : 'x' -> emit ;").0, 2);
    }

    #[test]
    fn an_error_leaves_the_grammar_unchanged() {
        let mut g = Grammar::default();
        read(CALC, "calc.g4", &mut g).expect("reads");
        let before = g.clone();
        assert!(read("grammar H;\nx : {a}? 'x' ;\ny : ", "h.g4", &mut g).is_err());
        assert_eq!(g, before);
    }

    #[test]
    fn garbage_and_truncated_input_do_not_panic() {
        for text in [CALC, JSON, LEXER, PARSER] {
            for (i, _) in text.char_indices() {
                let _ = read_one(&text[..i]);
            }
        }
        let deep = format!("grammar G;\na : {} ;", "(".repeat(100_000));
        assert!(syntax_error(&deep).1.contains("nesting"));
        let deep = format!("lexer grammar G;\nA : ~{} ;", "(".repeat(100_000));
        assert!(syntax_error(&deep).1.contains("nesting"));
        let labels = format!("grammar G;\na : {} b ;", "x=".repeat(100_000));
        assert!(syntax_error(&labels).1.contains("nesting"));
        for text in [
            "grammar",
            "lexer",
            "parser grammar ;",
            "grammar G",
            "grammar G;\n@",
            "grammar G;\n@x::",
            "grammar G;\noptions { tokenVocab = ; }",
            "grammar G;\ntokens { A B }",
            "grammar G;\na : '\\u{110000}' ;",
            "grammar G;\na : '\\uD800' ;",
            "lexer grammar G;\nA : [\\p{L ;",
            "lexer grammar G;\nA : [\\u{] ;",
            "lexer grammar G;\nA : 'a' -> ;",
            "lexer grammar G;\nA : 'a' -> type( ;",
            "grammar G;\na : <assoc=right",
            "grammar G;\na : x+= ;",
            "grammar G;\na returns ;",
            "grammar G;\na : b ; catch",
            "\u{0}\u{FFFF}💥 ]]]] '''' {{{{",
            "grammar G; a : '\\",
        ] {
            assert!(read_one(text).is_err(), "{text:?} should not read");
        }
    }
}
