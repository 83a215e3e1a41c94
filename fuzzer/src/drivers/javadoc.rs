//! Javadoc `@throws`: the exceptions a library documents per method, read from its Java
//! sources. A documented exception of the method under test is that method's contract (the
//! shim's `Expected` reads the table [`write_table`] writes, given by `-Djvmfuzz.documented`).
//!
//! This is a reader for declarations, not a Java parser: it tokenises (comments, strings, text
//! blocks and character literals skipped, Javadoc comments kept), follows type nesting by
//! braces, and takes the name before the first `(` of a declaration at a type body's level as
//! the method the Javadoc above it documents. Method bodies, initialisers and anonymous classes
//! are skipped as brace groups. Overloads share their name's entry, as declared `throws` do in
//! `Expected`.
//!
//! A name in `@throws` is resolved as javac would, as far as the file tells: an explicit import,
//! else the file's package, the wildcard imports and `java.lang`; the shim loads the first
//! alternative that exists.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Documented exceptions per `binary.Class::method` (`<init>` for constructors): each a list
/// of fully qualified alternatives for one `@throws` name.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Documented {
    pub methods: BTreeMap<String, BTreeSet<Vec<String>>>,
    /// Methods whose description says they do not throw ("without throwing an exception"):
    /// no contract rule excuses an exception of theirs.
    pub no_throw: BTreeSet<String>,
    /// Methods whose description says their input is not checked ("The string passed in is
    /// assumed to be a class name - it is not checked"): what they throw on input that is not
    /// what they assume is the caller's doing.
    pub unchecked: BTreeSet<String>,
    /// Methods and constructors whose description says what they make is not for the caller
    /// to use ("Root instance is never used directly": jackson-core's
    /// CharsToNameCanonicalizer.createRoot): a failure of a method called on it is the
    /// caller's.
    pub not_direct: BTreeSet<String>,
    /// Methods whose `@return` says they answer an invalid input by their result: with null
    /// ("The parsed value if valid or {@code null} if invalid": commons-validator's
    /// validators) or false ("{@code true} if the value is valid"): the JDK refusing a value
    /// such a method derived from its input is its bug, not the caller's.
    pub reports_invalid: BTreeSet<String>,
    /// Source files read.
    pub files: usize,
}

/// What a description says when the method promises not to throw.
const NO_THROW: [&str; 5] = ["without throwing", "never throws", "does not throw", "will not throw", "won't throw"];

/// What a description says when what the method makes is not for the caller's use.
const NOT_DIRECT: [&str; 6] = [
    "never used directly",
    "not to be used directly",
    "not meant to be used directly",
    "should not be used directly",
    "not intended to be used directly",
    "not intended for direct use",
];

/// What a description says when the method does not check its input ("The string passed in is
/// assumed to be a class name").
const UNCHECKED: [&str; 7] = [
    "is not checked",
    "are not checked",
    "is not validated",
    "are not validated",
    "passed in is assumed to be",
    // jackson-core's NumberInput.parseInt(String): "No range checks are made ... caller is
    // expected to only calls this in cases where this can be guaranteed". Not a bare "caller
    // is expected to" (its canReadObjectId: "Caller is expected to either use a non-native
    // notation ... or fail"), nor "caller must ensure" (often of threads or closing).
    "caller is expected to only call",
    "no range checks are made",
];

impl Documented {
    /// Reads every `.java` file under a folder or in a jar/zip.
    pub fn add_path(&mut self, path: &Path) -> std::io::Result<()> {
        if path.is_dir() {
            let mut stack = vec![path.to_path_buf()];
            while let Some(d) = stack.pop() {
                for e in std::fs::read_dir(&d)? {
                    let p = e?.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|x| x == "java") {
                        let text = std::fs::read(&p)?;
                        self.add_source(&String::from_utf8_lossy(&text));
                    }
                }
            }
            return Ok(());
        }
        let file = std::fs::File::open(path)?;
        let mut zip = zip::ZipArchive::new(file).map_err(|e| {
            std::io::Error::other(format!("{}: not a folder, jar or zip of sources: {e}", path.display()))
        })?;
        for i in 0..zip.len() {
            let mut f = zip.by_index(i).map_err(|e| std::io::Error::other(format!("{}: {e}", path.display())))?;
            if !f.name().is_ok_and(|n| n.ends_with(".java")) {
                continue;
            }
            let mut text = Vec::new();
            f.read_to_end(&mut text)?;
            self.add_source(&String::from_utf8_lossy(&text));
        }
        Ok(())
    }

    /// Adds the documented exceptions of one compilation unit.
    pub fn add_source(&mut self, text: &str) {
        self.files += 1;
        let mut likes = Vec::new();
        for d in declarations(text) {
            if d.no_throw {
                self.no_throw.insert(d.key.clone());
            }
            if d.unchecked {
                self.unchecked.insert(d.key.clone());
            }
            if d.not_direct {
                self.not_direct.insert(d.key.clone());
            }
            if d.reports_invalid {
                self.reports_invalid.insert(d.key.clone());
            }
            if let Some(like) = d.like {
                likes.push((d.key.clone(), like));
            }
            if !d.throws.is_empty() {
                self.methods.entry(d.key).or_default().extend(d.throws);
            }
        }
        // "Similar to {@link #parseInt(String)} but for long values" (jackson-core's
        // NumberInput.parseLong): what the other method leaves unchecked, this one does too.
        // Followed to a fixpoint: A like B like C, in any order of declaration.
        let mut grew = true;
        while grew {
            grew = false;
            for (key, like) in &likes {
                if self.unchecked.contains(like) && !self.unchecked.contains(key) {
                    self.unchecked.insert(key.clone());
                    grew = true;
                }
            }
        }
    }

    /// Whether nothing was read that the shim could use.
    pub fn is_empty(&self) -> bool {
        self.methods.is_empty()
            && self.no_throw.is_empty()
            && self.unchecked.is_empty()
            && self.not_direct.is_empty()
            && self.reports_invalid.is_empty()
    }

    /// The table the shim reads: one line per method, `class::method ALT|ALT ALT|ALT...`,
    /// `class::method !` for a method that promises not to throw, `class::method ?` for
    /// one that says it does not check its input, `class::method -` for one whose result
    /// is not for direct use, and `class::method ~` for one that answers invalid input by
    /// its result (null, or false).
    pub fn table(&self) -> String {
        let mut s = String::from(
            "# class::method, then per Javadoc @throws its candidate class names; `!`: says it does not throw; `?`: says its input is not checked; `-`: says what it makes is not for direct use; `~`: answers invalid input by its result, null or false (jvmfuzz drivers/javadoc.rs)\n",
        );
        for (key, names) in &self.methods {
            s.push_str(key);
            for alts in names {
                s.push(' ');
                s.push_str(&alts.join("|"));
            }
            s.push('\n');
        }
        for key in &self.no_throw {
            s.push_str(key);
            s.push_str(" !\n");
        }
        for key in &self.unchecked {
            s.push_str(key);
            s.push_str(" ?\n");
        }
        for key in &self.not_direct {
            s.push_str(key);
            s.push_str(" -\n");
        }
        for key in &self.reports_invalid {
            s.push_str(key);
            s.push_str(" ~\n");
        }
        s
    }
}

/// The JDK packages whose types a library's classes extend or implement most: their Javadoc
/// states the contract of every override (`SortedSet.first` on an empty set,
/// `Iterator.remove` unsupported, `InputStream.read` with a bad offset).
const JDK_PACKAGES: [&str; 3] = ["java.base/java/lang/", "java.base/java/util/", "java.base/java/io/"];

/// The JDK's `lib/src.zip` for the JVM whose `libjvm.so` is given (`lib/server/libjvm.so`).
pub fn jdk_sources(libjvm: &Path) -> Option<PathBuf> {
    let zip = libjvm.parent()?.parent()?.join("src.zip");
    zip.is_file().then_some(zip)
}

impl Documented {
    /// Adds the documented exceptions of the JDK's own types in [`JDK_PACKAGES`] (not their
    /// subpackages) from the JDK's `src.zip`; only `@throws`, since a JDK method's promise
    /// not to throw says nothing of a library's override. Returns the files read.
    pub fn add_jdk(&mut self, src_zip: &Path) -> std::io::Result<usize> {
        let file = std::fs::File::open(src_zip)?;
        let mut zip =
            zip::ZipArchive::new(file).map_err(|e| std::io::Error::other(format!("{}: {e}", src_zip.display())))?;
        let mut jdk = Documented::default();
        for i in 0..zip.len() {
            let mut f = zip.by_index(i).map_err(|e| std::io::Error::other(format!("{}: {e}", src_zip.display())))?;
            let Ok(name) = f.name() else { continue };
            let wanted = name.ends_with(".java")
                && JDK_PACKAGES.iter().any(|p| name.strip_prefix(p).is_some_and(|rest| !rest.contains('/')));
            if !wanted {
                continue;
            }
            let mut text = Vec::new();
            f.read_to_end(&mut text)?;
            jdk.add_source(&String::from_utf8_lossy(&text));
        }
        for (key, names) in jdk.methods {
            self.methods.entry(key).or_default().extend(names);
        }
        Ok(jdk.files)
    }
}

/// Writes the table to `path`.
pub fn write_table(d: &Documented, path: &Path) -> std::io::Result<()> {
    std::fs::write(path, d.table())
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Punct(char),
    Javadoc(String),
}

fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    while i < c.len() {
        let ch = c[i];
        if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let doc = at(i + 2) == '*' && at(i + 3) != '/';
            let start = i + 2;
            i += 2;
            while i < c.len() && !(c[i] == '*' && at(i + 1) == '/') {
                i += 1;
            }
            if doc {
                out.push(Tok::Javadoc(c[start.min(c.len())..i.min(c.len())].iter().collect()));
            }
            i += 2;
        } else if ch == '"' && at(i + 1) == '"' && at(i + 2) == '"' {
            i += 3;
            while i < c.len() && !(c[i] == '"' && at(i + 1) == '"' && at(i + 2) == '"') {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 3;
        } else if ch == '"' || ch == '\'' {
            i += 1;
            while i < c.len() && c[i] != ch && c[i] != '\n' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if ch.is_alphabetic() || ch == '_' || ch == '$' {
            let s = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_' || c[i] == '$') {
                i += 1;
            }
            out.push(Tok::Ident(c[s..i].iter().collect()));
        } else {
            if !ch.is_whitespace() {
                out.push(Tok::Punct(ch));
            }
            i += 1;
        }
    }
    out
}

/// The description (the text before the first block tag), lower case, on one line.
fn description(doc: &str) -> String {
    let lines = doc.lines().map(|l| l.trim_start().trim_start_matches('*').trim()).take_while(|l| !l.starts_with('@'));
    lines.collect::<Vec<_>>().join(" ").to_lowercase()
}

/// Whether the description promises no exception at all: a sentence that ends on the promise
/// ("... without throwing an exception."), or goes on only with a remark in brackets. A promise for a case ("will not throw any exception
/// when invoked on a closed channel", "does not throw an exception for an invalid enum name",
/// "accepts a null map without throwing an exception") or of one type ("does not throw
/// IOException") says nothing of other inputs; taken whole, it made commons-compress's
/// `MultiReadOnlySeekableByteChannel.position(-1)` rejecting a negative position a bug.
fn promises_no_throw(doc: &str) -> bool {
    description(doc).split(". ").any(absolute_no_throw)
}

/// One sentence (lower case) holding a promise not to throw with no case or type named.
fn absolute_no_throw(sentence: &str) -> bool {
    let words =
        |s: &str| s.split(|c: char| !c.is_alphanumeric()).any(|w| ["if", "when", "unless", "null"].contains(&w));
    NO_THROW.iter().any(|p| {
        let Some(at) = sentence.find(p) else { return false };
        let rest = sentence[at + p.len()..].trim_start();
        let rest = rest.strip_prefix("an ").or_else(|| rest.strip_prefix("any ")).unwrap_or(rest);
        let Some(rest) = rest.strip_prefix("exceptions").or_else(|| rest.strip_prefix("exception")) else {
            return false;
        };
        let rest = rest.trim_start();
        // The sentence ends there, or a remark in brackets follows.
        (rest.is_empty() || rest.starts_with(['.', '<', '('])) && !words(&sentence[..at])
    })
}

/// Whether the description says the method does not check its input.
fn leaves_input_unchecked(doc: &str) -> bool {
    let text = description(doc);
    UNCHECKED.iter().any(|p| text.contains(p))
}

/// The names after `@throws`/`@exception` in a Javadoc comment.
fn throws_tags(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = doc;
    while let Some(p) = rest.find('@') {
        rest = &rest[p + 1..];
        let tag_end = rest.find(|c: char| !c.is_alphanumeric()).unwrap_or(rest.len());
        let tag = &rest[..tag_end];
        if tag != "throws" && tag != "exception" {
            continue;
        }
        let after = rest[tag_end..].trim_start_matches(|c: char| c.is_whitespace() || c == '*');
        let end =
            after.find(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_' || c == '$')).unwrap_or(after.len());
        let name = after[..end].trim_end_matches('.');
        if !name.is_empty() {
            out.push(name.to_string());
        }
    }
    out
}

struct Imports {
    package: String,
    single: HashMap<String, String>,
    wildcard: Vec<String>,
}

impl Imports {
    fn resolve(&self, name: &str) -> Vec<String> {
        if name.contains('.') {
            return vec![name.to_string()];
        }
        if let Some(q) = self.single.get(name) {
            return vec![q.clone()];
        }
        let mut alts = Vec::new();
        let local = if self.package.is_empty() { name.to_string() } else { format!("{}.{name}", self.package) };
        alts.push(local);
        alts.extend(self.wildcard.iter().map(|w| format!("{w}.{name}")));
        alts.push(format!("java.lang.{name}"));
        alts
    }
}

/// One documented method of a file.
struct Declaration {
    key: String,
    throws: Vec<Vec<String>>,
    no_throw: bool,
    unchecked: bool,
    not_direct: bool,
    reports_invalid: bool,
    /// The method of the same class its description says it is like (`class::method`).
    like: Option<String>,
}

/// A documented method before its `@throws` names are resolved by the imports.
struct Found {
    key: String,
    names: Vec<String>,
    no_throw: bool,
    unchecked: bool,
    not_direct: bool,
    reports_invalid: bool,
    like: Option<String>,
}

/// Every documented method declaration of one file.
fn declarations(text: &str) -> Vec<Declaration> {
    let toks = tokens(text);
    let mut imports = Imports { package: String::new(), single: HashMap::new(), wildcard: Vec::new() };
    // Declarations found, resolved once the imports are known (they all come first anyway).
    let mut found: Vec<Found> = Vec::new();
    // Open types: (binary name, the brace depth of their body).
    let mut types: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut parens = 0usize;
    let mut pending_type: Option<String> = None;
    let mut doc: Option<String> = None;
    let mut method: Option<String> = None;
    let mut field = false;
    let mut i = 0;
    let ident = |i: usize| match toks.get(i) {
        Some(Tok::Ident(s)) => Some(s.as_str()),
        _ => None,
    };
    let punct = |i: usize, p: char| matches!(toks.get(i), Some(Tok::Punct(c)) if *c == p);
    // Reads a dotted name from i: (name, index after it).
    let dotted = |mut i: usize| {
        let mut name = String::new();
        while let Some(s) = ident(i) {
            name.push_str(s);
            i += 1;
            if punct(i, '.') {
                if punct(i + 1, '*') {
                    name.push_str(".*");
                    return (name, i + 2);
                }
                name.push('.');
                i += 1;
            } else {
                break;
            }
        }
        (name, i)
    };
    while i < toks.len() {
        let at_body = types.last().map_or(depth == 0, |t| t.1 == depth) && parens == 0;
        match &toks[i] {
            Tok::Javadoc(d) if at_body => doc = Some(d.clone()),
            Tok::Ident(w) if depth == 0 && (w == "package" || w == "import") && types.is_empty() => {
                let mut j = i + 1;
                let is_static = ident(j) == Some("static");
                if is_static {
                    j += 1;
                }
                let (name, next) = dotted(j);
                if w == "package" {
                    imports.package = name;
                } else if !is_static {
                    if let Some(w) = name.strip_suffix(".*") {
                        imports.wildcard.push(w.to_string());
                    } else if let Some(simple) = name.rsplit('.').next() {
                        imports.single.insert(simple.to_string(), name.clone());
                    }
                }
                i = next;
                continue;
            }
            Tok::Ident(w)
                if at_body
                    && matches!(w.as_str(), "class" | "interface" | "enum" | "record")
                    && !(i > 0 && punct(i - 1, '.')) =>
            {
                if let Some(name) = ident(i + 1) {
                    pending_type = Some(name.to_string());
                    doc = None;
                    i += 2;
                    continue;
                }
            }
            Tok::Punct('@') if parens == 0 && ident(i + 1).is_some_and(|s| s != "interface") => {
                // An annotation: its name, then its arguments as one group.
                let (_, mut j) = dotted(i + 1);
                if punct(j, '(') {
                    let mut n = 0;
                    while j < toks.len() {
                        if punct(j, '(') {
                            n += 1;
                        } else if punct(j, ')') {
                            n -= 1;
                            if n == 0 {
                                j += 1;
                                break;
                            }
                        }
                        j += 1;
                    }
                }
                i = j;
                continue;
            }
            Tok::Ident(name) if at_body && method.is_none() && !field && punct(i + 1, '(') => {
                let owner = types.last().map(|t| t.0.as_str()).unwrap_or("");
                let simple = owner.rsplit(['.', '$']).next().unwrap_or("");
                method = Some(if name == simple { "<init>".into() } else { name.clone() });
            }
            Tok::Punct('=') if at_body => field = true,
            Tok::Punct('(') => parens += 1,
            Tok::Punct(')') => parens = parens.saturating_sub(1),
            Tok::Punct('{') => {
                if let Some(name) = pending_type.take() {
                    let binary = match types.last() {
                        Some((outer, _)) => format!("{outer}${name}"),
                        None if imports.package.is_empty() => name,
                        None => format!("{}.{name}", imports.package),
                    };
                    types.push((binary, depth + 1));
                } else if at_body {
                    emit(&mut found, &types, method.take(), doc.take());
                }
                depth += 1;
                field = false;
                method = None;
                doc = None;
            }
            Tok::Punct('}') => {
                if types.last().is_some_and(|t| t.1 == depth) {
                    types.pop();
                }
                depth = depth.saturating_sub(1);
                method = None;
                field = false;
                doc = None;
            }
            Tok::Punct(';') if at_body => {
                emit(&mut found, &types, method.take(), doc.take());
                field = false;
            }
            _ => {}
        }
        i += 1;
    }
    found
        .into_iter()
        .map(|f| Declaration {
            key: f.key,
            throws: f.names.iter().map(|n| imports.resolve(n)).collect(),
            no_throw: f.no_throw,
            unchecked: f.unchecked,
            not_direct: f.not_direct,
            reports_invalid: f.reports_invalid,
            like: f.like,
        })
        .collect()
}

fn emit(found: &mut Vec<Found>, types: &[(String, usize)], method: Option<String>, doc: Option<String>) {
    let (Some(m), Some(d), Some((class, _))) = (method, doc, types.last()) else {
        return;
    };
    let names = throws_tags(&d);
    let no_throw = promises_no_throw(&d);
    let unchecked = leaves_input_unchecked(&d);
    let like = like_method(&d).map(|other| format!("{class}::{other}"));
    let not_direct = NOT_DIRECT.iter().any(|p| description(&d).contains(p));
    let reports_invalid = answers_invalid_by_result(&d);
    if !names.is_empty() || no_throw || unchecked || not_direct || reports_invalid || like.is_some() {
        found.push(Found {
            key: format!("{class}::{m}"),
            names,
            no_throw,
            unchecked,
            not_direct,
            reports_invalid,
            like,
        });
    }
}

/// The text of the `@return` tag (up to the next block tag), lower case on one line, with
/// `{@code x}` and `{@link x}` read as `x`.
fn return_text(doc: &str) -> Option<String> {
    let lines: Vec<&str> = doc.lines().map(|l| l.trim_start().trim_start_matches('*').trim()).collect();
    let start = lines.iter().position(|l| l.starts_with("@return"))?;
    let mut text = lines[start]["@return".len()..].to_string();
    for l in lines[start + 1..].iter().take_while(|l| !l.starts_with('@')) {
        text.push(' ');
        text.push_str(l);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("{@") {
        out.push_str(&rest[..at]);
        let inner = &rest[at + 2..];
        let Some(end) = inner.find('}') else {
            rest = inner;
            break;
        };
        // "{@code null}" is "null": the tag's first word goes.
        out.push_str(inner[..end].split_once(char::is_whitespace).map_or("", |(_, v)| v.trim()));
        rest = &inner[end + 1..];
    }
    out.push_str(rest);
    Some(out.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase())
}

/// Whether the `@return` answers an invalid input by the result: with null ("null if invalid",
/// "null if not valid", "null if the value is invalid", "null if it is invalid"), or as a
/// predicate of validity ("true if valid", "true if the email address is valid").
fn answers_invalid_by_result(doc: &str) -> bool {
    let Some(text) = return_text(doc) else { return false };
    let predicate = text.match_indices("true if ").any(|(at, p)| {
        let clause = text[at + p.len()..].split([',', '.', ';', ':', '(']).next().unwrap_or("").trim();
        let clause = clause.split(" otherwise").next().unwrap_or("").trim();
        clause == "valid"
            || ((clause.starts_with("the ") || clause.starts_with("it "))
                && clause.ends_with(" is valid")
                && !clause.contains(" and ")
                && !clause.contains(" or "))
    });
    predicate
        || text.match_indices("null if ").any(|(at, p)| {
            let mut rest = &text[at + p.len()..];
            if let Some(r) = rest.strip_prefix("it is ") {
                rest = r;
            } else if let Some(r) = rest.strip_prefix("the ") {
                let Some((_, after)) = r.split_once(' ') else { return false };
                let Some(r) = after.strip_prefix("is ") else { return false };
                rest = r;
            }
            rest.starts_with("invalid") || rest.starts_with("not valid")
        })
}

/// The method of the same class a description opens by likening this one to ("Similar to
/// {@link #parseInt(String)} but for long values", "Same as {@link #wrap}"), by name.
fn like_method(doc: &str) -> Option<String> {
    let text = description(doc);
    if !["similar to {@link #", "same as {@link #"].iter().any(|p| text.find(p).is_some_and(|at| at < 40)) {
        return None;
    }
    // The description is lower-cased; the name's spelling is the link's own, the first one
    // right after those words (a match index of an ASCII pattern is a char boundary).
    let (at, _) = doc.match_indices("{@link #").find(|(i, _)| {
        let before = doc[..*i].to_lowercase();
        let before = before.trim_end();
        before.ends_with("similar to") || before.ends_with("same as")
    })?;
    let after = &doc[at + "{@link #".len()..];
    let name: String = after.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
    (!name.is_empty()).then_some(name)
}

/// Reads the sources of the classes under test: every `explicit` path (`--sources`; an
/// unreadable one is an error), then, for each class path jar holding one of `classes` (binary
/// names), its sources jar ([`local_sources`], else from Maven Central when `fetch`). Returns
/// the table and one line per jar saying where its Javadoc came from or why there is none.
pub fn collect(
    entries: &[PathBuf],
    classes: &BTreeSet<String>,
    explicit: &[PathBuf],
    fetch: bool,
) -> Result<(Documented, Vec<String>), String> {
    let mut d = Documented::default();
    let mut notes = Vec::new();
    for p in explicit {
        d.add_path(p)
            .map_err(|e| format!("--sources {}: {e} (give a folder of .java files or a -sources.jar)", p.display()))?;
        notes.push(format!("Javadoc from {}", p.display()));
    }
    if !explicit.is_empty() {
        return Ok((d, notes));
    }
    for jar in entries.iter().filter(|e| e.is_file() && holds_any(e, classes)) {
        let found = match local_sources(jar) {
            Some(p) => Ok(p),
            None => match maven_coordinates(jar) {
                None => Err("no sources jar beside it and no Maven coordinates in it; give --sources".to_string()),
                Some(_) if !fetch => {
                    Err("no sources jar beside it or in ~/.m2 (fetching is off); give --sources".into())
                }
                Some(c) => fetch_sources(&c),
            },
        };
        match found.and_then(|p| d.add_path(&p).map(|()| p).map_err(|e| e.to_string())) {
            Ok(p) => notes.push(format!("Javadoc of {} from {}", jar.display(), p.display())),
            Err(e) => notes.push(format!("no Javadoc for {}: {e}", jar.display())),
        }
    }
    Ok((d, notes))
}

fn fetch_sources(c: &Coordinates) -> Result<PathBuf, String> {
    fetch(c).map_err(|e| format!("not fetched ({e}); give --sources, or --no-fetch-sources to skip"))
}

fn holds_any(jar: &Path, classes: &BTreeSet<String>) -> bool {
    let Ok(f) = std::fs::File::open(jar) else {
        return false;
    };
    let Ok(zip) = zip::ZipArchive::new(f) else {
        return false;
    };
    let wanted: BTreeSet<String> = classes.iter().map(|c| format!("{}.class", c.replace('.', "/"))).collect();
    let found = zip.file_names().any(|n| n.is_ok_and(|n| wanted.contains(n.as_ref())));
    found
}

/// Where a class path jar's sources are, without the network: `X-sources.jar` beside `X.jar`,
/// else the local Maven repository's, else the download cache's (by the jar's
/// `META-INF/maven/**/pom.properties`).
pub fn local_sources(jar: &Path) -> Option<PathBuf> {
    let name = jar.file_name()?.to_str()?;
    let sibling = jar.with_file_name(format!("{}-sources.jar", name.strip_suffix(".jar")?));
    if sibling.is_file() {
        return Some(sibling);
    }
    let c = maven_coordinates(jar)?;
    [maven_repository().map(|r| r.join(c.repository_path())), cache_dir().map(|d| d.join(c.file_name()))]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
}

/// A jar's Maven coordinates, from the pom.properties inside it (only when there is one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coordinates {
    pub group: String,
    pub artifact: String,
    pub version: String,
}

impl Coordinates {
    pub fn file_name(&self) -> String {
        format!("{}-{}-sources.jar", self.artifact, self.version)
    }

    /// The sources jar's path under a Maven repository root (local or remote).
    pub fn repository_path(&self) -> String {
        format!("{}/{}/{}/{}", self.group.replace('.', "/"), self.artifact, self.version, self.file_name())
    }
}

pub fn maven_coordinates(jar: &Path) -> Option<Coordinates> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(jar).ok()?).ok()?;
    let names: Vec<String> = zip
        .file_names()
        .filter_map(|n| n.ok().map(|n| n.to_string()))
        .filter(|n| n.starts_with("META-INF/maven/") && n.ends_with("/pom.properties"))
        .collect();
    // A shaded jar carries several; only a single one names the jar itself.
    let [name] = names.as_slice() else {
        return None;
    };
    let mut text = String::new();
    zip.by_name(name).ok()?.read_to_string(&mut text).ok()?;
    let get = |k: &str| {
        text.lines().find_map(|l| {
            l.strip_prefix(k).and_then(|r| r.trim_start().strip_prefix('=')).map(|v| v.trim().to_string())
        })
    };
    Some(Coordinates { group: get("groupId")?, artifact: get("artifactId")?, version: get("version")? })
}

fn maven_repository() -> Option<PathBuf> {
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".m2/repository"))
}

/// Where fetched sources jars are kept: `$XDG_CACHE_HOME/jvmfuzz/sources`, else `~/.cache/...`.
pub fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("jvmfuzz/sources"))
}

/// Downloads a sources jar from Maven Central into the cache (with curl, 30 s at most).
pub fn fetch(c: &Coordinates) -> Result<PathBuf, String> {
    let dir = cache_dir().ok_or("no HOME for the download cache")?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let dest = dir.join(c.file_name());
    let part = dir.join(format!("{}.part{}", c.file_name(), std::process::id()));
    let url = format!("https://repo1.maven.org/maven2/{}", c.repository_path());
    let out = std::process::Command::new("curl")
        .args(["-fsSL", "--max-time", "30", "-o"])
        .arg(&part)
        .arg(&url)
        .output()
        .map_err(|e| format!("curl: {e}"))?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&part);
        return Err(format!("{url}: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    std::fs::rename(&part, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    Ok(dest)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = r#"
package org.acme.text;

import java.io.IOException;
import org.acme.errors.*;
import static java.util.Objects.requireNonNull;

/**
 * A class comment, with @throws in prose that documents nothing.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
public final class Words<T> {
    /** A field. @throws Nothing */
    private static final String S = "/** not a comment */ @throws Fake";
    private final Runnable r = new Runnable() {
        /** @throws IllegalStateException inside an anonymous class */
        public void run() { }
    };

    /**
     * Wraps.
     *
     * @param s text
     * @throws IllegalArgumentException if s is empty.
     * @throws java.io.UncheckedIOException
     *         when the text cannot be read
     */
    @Deprecated(since = "2.0")
    public static <U> String wrap(String s, java.util.List<U> l) throws IOException {
        char c = '{';
        String t = """
            } /** @throws Bogus */
            """;
        if (s.isEmpty()) { throw new IllegalArgumentException("empty"); }
        return s;
    }

    /**
     * @exception IOException on read
     */
    public Words(int n) { }

    /** @throws BadWord a checked one from a wildcard import */
    public abstract int count();

    public static class Inner {
        /** @throws IndexOutOfBoundsException {@code i} out of range */
        int at(int i) { return i; }
    }

    /** @throws NullPointerException after the inner class */
    public void last(Object o) { }

    /**
     * Extracts the middle without throwing an exception.
     *
     * @param i never throws, says this tag (not the description)
     */
    public String mid(int i) { return ""; }

    /**
     * Counts.
     * @return the count; it does not throw here either, but this is a tag
     */
    public int tally() { return 0; }

    /**
     * The name after the last dot. The string is assumed to be a class name - it is not checked.
     * @param name a class name
     */
    public static String shortName(String name) { return name; }

    /**
     * Trims.
     * @param s what is not checked here is only a tag
     */
    public static String trim(String s) { return s; }

    /**
     * The package. The string passed in is assumed to be a class name.
     */
    public static String packageName(String name) { return name; }

    /**
     * Parses digits. Input must be a simple integer: the caller is expected to only call this
     * where that can be guaranteed.
     */
    public static int digits(String s, int radix) { return 0; }

    /**
     * Whether ids are native. Caller is expected to either use another notation or fail.
     */
    public boolean canReadId() { return false; }

    /**
     * Parses digits.
     */
    public static int digits(String s) { return 0; }

    /**
     * Parses. Callers are expected to be careful, says nothing of this method's input.
     */
    public static int careful(String s) { return 0; }

    /**
     * See {@link #careful(String)}. Same as {@link #longDigits(String)}, for shorts: declared
     * before what it is like, and like it through another.
     */
    public static short shortDigits(String s) { return 0; }

    /**
     * Similar to {@link #digits(String)} but for {@code long} values.
     */
    public static long longDigits(String s) { return 0; }

    /**
     * Similar to {@link #careful(String)}, which checks what it needs.
     */
    public static long alsoCareful(String s) { return 0; }

    /**
     * Makes the root table. Root instance is never used directly; its children are.
     */
    public static Words createRoot() { return null; }
}
"#;

    fn doc() -> Documented {
        let mut d = Documented::default();
        d.add_source(SRC);
        d
    }

    #[test]
    fn reads_the_throws_of_each_documented_method() {
        let d = doc();
        let keys: Vec<&str> = d.methods.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "org.acme.text.Words$Inner::at",
                "org.acme.text.Words::<init>",
                "org.acme.text.Words::count",
                "org.acme.text.Words::last",
                "org.acme.text.Words::wrap",
            ]
        );
        let wrap: Vec<&Vec<String>> = d.methods["org.acme.text.Words::wrap"].iter().collect();
        assert!(wrap.contains(&&vec!["java.io.UncheckedIOException".to_string()]), "{wrap:?}");
        assert!(
            wrap.contains(&&vec![
                "org.acme.text.IllegalArgumentException".to_string(),
                "org.acme.errors.IllegalArgumentException".to_string(),
                "java.lang.IllegalArgumentException".to_string()
            ]),
            "{wrap:?}"
        );
        assert_eq!(wrap.len(), 2, "{wrap:?}");
    }

    #[test]
    fn resolves_names_by_the_imports() {
        let d = doc();
        let init: Vec<&Vec<String>> = d.methods["org.acme.text.Words::<init>"].iter().collect();
        assert_eq!(init, [&vec!["java.io.IOException".to_string()]]);
        let count: Vec<&Vec<String>> = d.methods["org.acme.text.Words::count"].iter().collect();
        assert_eq!(count[0][1], "org.acme.errors.BadWord");
    }

    #[test]
    fn the_table_has_one_line_per_method() {
        let t = doc().table();
        assert!(t.contains("\norg.acme.text.Words$Inner::at org.acme.text.IndexOutOfBoundsException|org.acme.errors.IndexOutOfBoundsException|java.lang.IndexOutOfBoundsException\n"), "{t}");
        assert_eq!(t.lines().filter(|l| !l.starts_with('#')).count(), 12, "{t}");
    }

    #[test]
    fn a_description_that_promises_no_exception_is_marked() {
        let d = doc();
        assert_eq!(d.no_throw.iter().map(String::as_str).collect::<Vec<_>>(), ["org.acme.text.Words::mid"]);
        assert!(d.table().contains("\norg.acme.text.Words::mid !\n"), "{}", d.table());
    }

    #[test]
    fn a_promise_for_one_case_or_type_is_no_promise_not_to_throw() {
        let absolute = [
            "Extracts some characters from the middle of the string builder without throwing an exception.",
            "Extracts the leftmost characters without throwing an exception.\n\n<p>More text.</p>",
            "This supplier never throws an exception.",
            "Copies it. Never throws exceptions",
            "Extracts up to count characters, without throwing an exception (so says its Javadoc).",
        ];
        for doc in absolute {
            assert!(promises_no_throw(doc), "{doc}");
        }
        // The descriptions of commons-compress, commons-lang3, commons-collections4, jackson-core,
        // joda-time and snakeyaml-engine that name a case or a type.
        let qualified = [
            "<p>\nThis method violates the contract of {@link SeekableByteChannel#position()} as it will not throw any exception when invoked on a closed channel. Instead\n",
            "<p>This method differs from {@link Enum#valueOf} in that it does not throw an exception for an invalid enum name.</p>",
            "If the passed in exception is <strong>null</strong> or has no cause, the method simply returns without throwing an exception.",
            "This method is <strong>null</strong>-safe: it accepts a <strong>null</strong> map as input without throwing an exception.",
            "Currently, the first overflow for any single bucket does not throw an exception, only second time.",
            "Returns true if toFormatter can be called without throwing an UnsupportedOperationException.",
            "Writer with the same methods as in {@link java.io.Writer} but without throwing IOExceptions",
            "Note: this method does not throw a {@link NoSuchElementException} if the iterator is already exhausted.",
        ];
        for doc in qualified {
            assert!(!promises_no_throw(doc), "{doc}");
        }
    }

    #[test]
    fn a_return_that_answers_invalid_input_is_marked() {
        // commons-validator's validators, and the wordings around them.
        let marked = [
            "Validates.\n *\n * @param value The value.\n * @return The parsed {@code BigDecimal} if valid or {@code null} if invalid.\n */",
            " * @return The parsed {@link Calendar} if valid or {@code null} if\n *         invalid.\n * @since 1.3",
            "@return the code, or null if it is invalid",
            "@return the number, or null if the text is not valid",
            "@return {@code true} if the value is valid.",
            "@return {@code true} if valid, otherwise {@code false}.",
            "@return true if the email address is valid.",
            "@return {@code true} if the check digit is valid, otherwise {@code false}.",
        ];
        for doc in marked {
            assert!(answers_invalid_by_result(doc), "{doc}");
        }
        let not = [
            "@return {@code null} if null String input",
            "@return the Arg or null if not found.",
            "The parsed value, or null if invalid. (a description, not the @return)",
            "@param value null if invalid\n@return the value",
            "@return true if all bytes are valid characters in the alphabet",
            "@return true if the code has a length of 10 and is a valid ISBN-10 check digit",
            "@return true if it only contains valid chars and is non-null",
        ];
        for doc in not {
            assert!(!answers_invalid_by_result(doc), "{doc}");
        }
        let mut d = Documented::default();
        d.add_source(
            "package v;\npublic class Dates {\n  /**\n   * Parses.\n   * @return the date if valid or {@code null} if invalid.\n   */\n  public Object validate(String value) { return null; }\n}\n",
        );
        assert!(d.table().contains("\nv.Dates::validate ~\n"), "{}", d.table());
    }

    #[test]
    fn a_description_that_leaves_its_input_unchecked_is_marked() {
        let d = doc();
        assert_eq!(
            d.unchecked.iter().map(String::as_str).collect::<Vec<_>>(),
            [
                "org.acme.text.Words::digits",
                "org.acme.text.Words::longDigits",
                "org.acme.text.Words::packageName",
                "org.acme.text.Words::shortDigits",
                "org.acme.text.Words::shortName"
            ]
        );
        assert!(d.table().contains("\norg.acme.text.Words::shortName ?\n"), "{}", d.table());
    }

    #[test]
    fn a_description_of_what_is_not_for_direct_use_is_marked() {
        let d = doc();
        assert_eq!(d.not_direct.iter().map(String::as_str).collect::<Vec<_>>(), ["org.acme.text.Words::createRoot"]);
        assert!(d.table().contains("\norg.acme.text.Words::createRoot -\n"), "{}", d.table());
    }

    #[test]
    fn throws_tags_take_the_name_only() {
        assert_eq!(throws_tags("* @throws  Foo if bar\n * @exception a.b.Baz.\n* @return x"), ["Foo", "a.b.Baz"]);
        assert!(throws_tags("{@link Foo} @see Bar").is_empty());
    }

    #[test]
    fn maven_coordinates_name_the_sources_jar() {
        let c = Coordinates {
            group: "org.apache.commons".into(),
            artifact: "commons-text".into(),
            version: "1.15.0".into(),
        };
        assert_eq!(c.repository_path(), "org/apache/commons/commons-text/1.15.0/commons-text-1.15.0-sources.jar");
    }

    #[test]
    fn a_sources_jar_beside_the_jar_is_found() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-javadoc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let jar = dir.join("lib-1.0.jar");
        std::fs::write(&jar, b"").unwrap();
        assert_eq!(local_sources(&jar), None);
        let src = dir.join("lib-1.0-sources.jar");
        let mut w = zip::ZipWriter::new(std::fs::File::create(&src).unwrap());
        w.start_file("org/acme/text/Words.java", zip::write::SimpleFileOptions::default()).unwrap();
        std::io::Write::write_all(&mut w, SRC.as_bytes()).unwrap();
        w.finish().unwrap();
        assert_eq!(local_sources(&jar), Some(src.clone()));
        let mut d = Documented::default();
        d.add_path(&src).unwrap();
        assert_eq!(d, doc());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_jdks_javadoc_is_read_from_its_src_zip() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-javadoc-jdk-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lib/server")).unwrap();
        let zip_path = dir.join("lib/src.zip");
        let mut w = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        let queue = "package java.util;\npublic interface Queue<E> {\n    /**\n     * Never throws.\n     * @throws NoSuchElementException if this queue is empty\n     */\n    E element();\n}\n";
        let deep = "package java.util.concurrent;\npublic interface Deep {\n    /** @throws IllegalStateException always */\n    void f();\n}\n";
        for (name, text) in
            [("java.base/java/util/Queue.java", queue), ("java.base/java/util/concurrent/Deep.java", deep)]
        {
            w.start_file(name, zip::write::SimpleFileOptions::default()).unwrap();
            std::io::Write::write_all(&mut w, text.as_bytes()).unwrap();
        }
        w.finish().unwrap();
        let libjvm = dir.join("lib/server/libjvm.so");
        assert_eq!(jdk_sources(&libjvm), Some(zip_path.clone()));
        let mut d = Documented::default();
        assert_eq!(d.add_jdk(&zip_path).unwrap(), 1, "only the top level of java.util");
        let element: Vec<&Vec<String>> = d.methods["java.util.Queue::element"].iter().collect();
        assert_eq!(
            element,
            [&vec!["java.util.NoSuchElementException".to_string(), "java.lang.NoSuchElementException".to_string()]]
        );
        // A JDK method's promise not to throw binds no override.
        assert!(d.no_throw.is_empty());
        assert_eq!(d.files, 0, "the library's file count is its own");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
