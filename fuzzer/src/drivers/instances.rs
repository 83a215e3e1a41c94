//! Instance generation: the type table of constructors, factories and constants (the JDriver
//! seed's Algorithm 3), which types can be built at all (a least fixpoint, so cycles without a
//! way out are not "buildable"), and the instance helpers (Algorithm 4), plus how a value of
//! any parameter type is produced (JDK knowledge first, then the helpers).
//!
//! Beyond JDriver: interfaces and abstract classes are built through implementations found on
//! the class path, `byte[]` and any number of Strings work, collections and maps are filled
//! with elements of their generic element types, and enums pick a constant.

use std::collections::{BTreeMap, BTreeSet};

use crate::drivers::classes::{
    Class, ClassPool, ACC_ABSTRACT, ACC_BRIDGE, ACC_ENUM, ACC_FINAL, ACC_INTERFACE, ACC_PUBLIC, ACC_STATIC,
    ACC_SYNTHETIC,
};
use crate::drivers::plan::{Alt, AltKind, Helper, Param, Value};
use crate::drivers::types::{self, JType, Known};

/// Most alternatives one helper offers (the cheapest ones).
const MAX_ALTS: usize = 16;

#[derive(Debug, Clone)]
struct Candidate {
    kind: AltKind,
    params: Vec<(String, JType)>,
    overloaded: bool,
}

/// Whether `c` has another method (or constructor) called `name` with `arity` parameters.
pub fn overloaded(c: &Class, name: &str, arity: usize) -> bool {
    c.methods
        .iter()
        .filter(|m| {
            m.name == name
                && m.access & ACC_BRIDGE == 0
                && types::param_descriptors(&m.desc).map_or(0, |p| p.len()) == arity
        })
        .count()
        > 1
}

pub struct TypeTable<'a> {
    pool: &'a ClassPool,
    candidates: BTreeMap<String, Vec<Candidate>>,
    buildable: BTreeSet<String>,
    pub nulls: bool,
}

/// Whether `name` (internal) is usable from generated source: every segment a Java
/// identifier, in a named package.
pub fn nameable(name: &str) -> bool {
    name.contains('/') && name.split(['/', '$']).all(is_identifier)
}

pub fn is_identifier(s: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "abstract",
        "assert",
        "boolean",
        "break",
        "byte",
        "case",
        "catch",
        "char",
        "class",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extends",
        "final",
        "finally",
        "float",
        "for",
        "goto",
        "if",
        "implements",
        "import",
        "instanceof",
        "int",
        "interface",
        "long",
        "native",
        "new",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "short",
        "static",
        "strictfp",
        "super",
        "switch",
        "synchronized",
        "this",
        "throw",
        "throws",
        "transient",
        "try",
        "void",
        "volatile",
        "while",
        "true",
        "false",
        "null",
        "var",
        "record",
        "yield",
        "_",
    ];
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        && !KEYWORDS.contains(&s)
}

/// A class the generated code may name and use.
/// `c` has a public constructor that is not deprecated.
fn has_current_constructor(c: &Class) -> bool {
    c.methods.iter().any(|m| m.name == "<init>" && m.access & ACC_PUBLIC != 0 && !m.deprecated)
}

/// The class whose member or helper a way of building runs.
fn owner(kind: &AltKind) -> &str {
    match kind {
        AltKind::New(c)
        | AltKind::Static(c, _)
        | AltKind::Field(c, _)
        | AltKind::Method(c, _)
        | AltKind::Subtype(c) => c,
    }
}

pub fn usable(c: &Class) -> bool {
    c.accessible && c.access & (ACC_SYNTHETIC | 0x2000) == 0 && nameable(&c.name)
}

impl<'a> TypeTable<'a> {
    /// Algorithm 3 over every class of the pool, then the buildability fixpoint.
    pub fn build(pool: &'a ClassPool, nulls: bool) -> TypeTable<'a> {
        let mut candidates: BTreeMap<String, Vec<Candidate>> = BTreeMap::new();
        for c in pool.classes.values().filter(|c| usable(c)) {
            let concrete = c.access & (ACC_ABSTRACT | ACC_INTERFACE) == 0 && !c.inner_non_static;
            for m in &c.methods {
                if m.access & ACC_PUBLIC == 0
                    || m.access & (ACC_SYNTHETIC | ACC_BRIDGE) != 0
                    || m.name.starts_with("lambda$")
                {
                    continue;
                }
                // javac cannot compile a call naming a class missing from the class path.
                if !pool.resolves(&m.desc) {
                    continue;
                }
                let Some(params) = types::method_params(&m.desc, m.signature.as_deref()) else { continue };
                let names = param_names(&m.param_names, params.len());
                let over = overloaded(c, &m.name, params.len());
                let params: Vec<(String, JType)> = names.into_iter().zip(params).collect();
                if m.name == "<init>" {
                    // A deprecated constructor beside a current one is kept for binary
                    // compatibility and often makes an object of no use (commons-codec's
                    // `new DigestUtils()`, whose every method throws a NullPointerException):
                    // objects are built the current way. It is still fuzzed as a method.
                    if m.deprecated && has_current_constructor(c) {
                        continue;
                    }
                    if concrete && c.access & ACC_ENUM == 0 {
                        candidates.entry(c.name.clone()).or_default().push(Candidate {
                            kind: AltKind::New(c.name.clone()),
                            params,
                            overloaded: over,
                        });
                    }
                } else if c.access & ACC_ENUM != 0 && m.name == "valueOf" {
                    // An enum's valueOf(String) fails on any name but its constants', which
                    // are candidates of their own (below): a set-up failure on nearly every run.
                    continue;
                } else if m.access & ACC_STATIC != 0 && is_identifier(&m.name) {
                    if let Some(JType::Object(t, _)) = types::return_type(&m.desc) {
                        candidates.entry(t).or_default().push(Candidate {
                            kind: AltKind::Static(c.name.clone(), m.name.clone()),
                            params,
                            overloaded: over,
                        });
                    }
                } else if is_identifier(&m.name) && m.access & ACC_ABSTRACT == 0 && c.access & ACC_INTERFACE == 0 {
                    // Instance methods of another type that return this one (builders, factories).
                    if let Some(JType::Object(t, _)) = types::return_type(&m.desc) {
                        if t != c.name && !m.signature.as_deref().is_some_and(types::uses_class_type_variables) {
                            candidates.entry(t).or_default().push(Candidate {
                                kind: AltKind::Method(c.name.clone(), m.name.clone()),
                                params,
                                overloaded: over,
                            });
                        }
                    }
                }
            }
            for f in &c.fields {
                let want = ACC_PUBLIC | ACC_STATIC | ACC_FINAL;
                // An enum's constants (ACC_ENUM fields) too: an enum reached as a subtype of
                // an interface it implements is built as one of them.
                if f.access & want == want
                    && f.access & ACC_SYNTHETIC == 0
                    && is_identifier(&f.name)
                    && pool.resolves(&f.desc)
                {
                    if let Some(JType::Object(t, _)) = types::parse_descriptor(&f.desc) {
                        candidates.entry(t).or_default().push(Candidate {
                            kind: AltKind::Field(c.name.clone(), f.name.clone()),
                            params: vec![],
                            overloaded: false,
                        });
                    }
                }
            }
            if concrete {
                for s in pool.supertypes(&c.name) {
                    if s != "java/lang/Object" && types::known(&s).is_none() {
                        candidates.entry(s).or_default().push(Candidate {
                            kind: AltKind::Subtype(c.name.clone()),
                            params: vec![],
                            overloaded: false,
                        });
                    }
                }
            }
        }
        // Types the knowledge base covers are built by it, never through the table; and a type
        // the generated code cannot name (package-private, anonymous) cannot be built.
        candidates.retain(|t, _| types::known(t).is_none() && pool.get(t).map_or(nameable(t), usable));
        // The library's API is built through its API: a class its module keeps to itself
        // builds only types kept there too (gson's internal TypeAdapters.CLASS is no way to
        // get a TypeAdapter; an internal class named with --class is still built).
        let hidden = |n: &str| pool.get(n).is_some_and(|c| c.hidden);
        for (t, cs) in candidates.iter_mut() {
            if !hidden(t) {
                cs.retain(|c| !hidden(owner(&c.kind)));
            }
        }
        let mut table = TypeTable { pool, candidates, buildable: BTreeSet::new(), nulls };
        loop {
            let mut newly = Vec::new();
            for (t, cs) in &table.candidates {
                if table.buildable.contains(t) {
                    continue;
                }
                if cs.iter().any(|c| table.resolves(c)) {
                    newly.push(t.clone());
                }
            }
            if newly.is_empty() {
                break;
            }
            table.buildable.extend(newly);
        }
        table
    }

    fn resolves(&self, c: &Candidate) -> bool {
        match &c.kind {
            AltKind::Subtype(k) => self.buildable.contains(k),
            AltKind::Method(owner, _) => {
                self.buildable.contains(owner) && c.params.iter().all(|(n, t)| self.value_for(t, n).is_some())
            }
            _ => c.params.iter().all(|(n, t)| self.value_for(t, n).is_some()),
        }
    }

    pub fn is_buildable(&self, t: &str) -> bool {
        self.buildable.contains(t)
    }

    fn is_enum(&self, t: &str) -> bool {
        self.pool.get(t).is_some_and(|c| c.access & ACC_ENUM != 0 && usable(c))
    }

    /// How a value of type `ty` (parameter `name`) is produced; None if it cannot be.
    pub fn value_for(&self, ty: &JType, name: &str) -> Option<Value> {
        match ty {
            JType::Prim(c) => Some(Value::Prim(*c)),
            JType::Array(e) => match &**e {
                JType::Prim(c) => Some(Value::Builtin(match c {
                    'B' => "bytes",
                    'Z' => "booleans",
                    'S' => "shorts",
                    'C' => "chars",
                    'I' => "ints",
                    'J' => "longs",
                    'F' => "floats",
                    _ => "doubles",
                })),
                other => Some(Value::Array(Box::new(self.value_for(other, "element")?), other.erased())),
            },
            JType::Object(n, args) => {
                if n == "java/lang/String" && is_file_name(name) {
                    return Some(Value::FilePath);
                }
                // Class<? extends Bound>: a class the compiler would take (an enum class for an
                // enum's bound), not any class through the erased signature. JDK bounds only
                // (public, so the driver can name them); a library's goes on taking type().
                if n == "java/lang/Class" {
                    if let Some(JType::Object(bound, _)) = args.first() {
                        if bound != "java/lang/Object" && bound.starts_with("java/") && nameable(bound) {
                            return Some(Value::ClassWithin(bound.clone()));
                        }
                    }
                }
                if let Some(k) = types::known(n) {
                    let arg = |i: usize| args.get(i).cloned().unwrap_or_else(|| JType::object("java/lang/String"));
                    let elem = |i: usize| -> Option<(Value, JType)> {
                        let t = arg(i);
                        Some((self.value_for(&t, "element")?, t))
                    };
                    // Function<A, R> with R no A: identity would hand the library an A
                    // where it casts to R.
                    if n == "java/util/function/Function" {
                        if let (Some(a), Some(r)) = (args.first(), args.get(1)) {
                            if r.erased() != a.erased() && r.erased() != JType::object("java/lang/Object") {
                                if let Some(value) = self.value_for(r, "result") {
                                    return Some(Value::Returning(Box::new(value)));
                                }
                            }
                        }
                    }
                    return match k {
                        Known::Builtin { method } => Some(Value::Builtin(method)),
                        Known::Fixed(e) => Some(Value::Fixed(e)),
                        Known::Collection(imp) => elem(0).map(|(v, t)| Value::Collection(imp, Box::new(v), t)),
                        Known::Map(imp) => {
                            let (kv, kt) = elem(0)?;
                            let (vv, vt) = elem(1)?;
                            Some(Value::Map(imp, Box::new(kv), kt, Box::new(vv), vt))
                        }
                        Known::Enum => Some(Value::Enum(n.clone())),
                        Known::Optional => elem(0).map(|(v, t)| Value::Optional(Box::new(v), t)),
                    };
                }
                if self.is_enum(n) {
                    return Some(Value::Enum(n.clone()));
                }
                if self.buildable.contains(n) {
                    return Some(Value::Instance(n.clone()));
                }
                None
            }
        }
    }

    /// The value of a top-level parameter: with `--nulls`, references may be null.
    pub fn param(&self, ty: &JType, name: &str) -> Option<Param> {
        let mut value = self.value_for(ty, name)?;
        if self.nulls && !matches!(ty, JType::Prim(_)) && !matches!(value, Value::Fixed(_)) {
            value = Value::Nullable(Box::new(value));
        }
        Some(Param { name: name.to_string(), ty: ty.clone(), value })
    }

    /// Algorithm 4: helpers for `roots` and, recursively, for every type their alternatives need.
    pub fn helpers(&self, roots: &BTreeSet<String>) -> Vec<Helper> {
        let mut out: Vec<Helper> = Vec::new();
        let mut done: BTreeSet<String> = BTreeSet::new();
        let mut todo: Vec<String> = roots.iter().cloned().collect();
        let mut used_names: BTreeMap<String, usize> = BTreeMap::new();
        while let Some(t) = todo.pop() {
            if !done.insert(t.clone()) || !self.buildable.contains(&t) {
                continue;
            }
            let mut alts: Vec<Alt> = Vec::new();
            for c in self.candidates.get(&t).into_iter().flatten() {
                if !self.resolves(c) {
                    continue;
                }
                let params: Vec<Param> = c.params.iter().filter_map(|(n, ty)| self.param(ty, n)).collect();
                if params.len() != c.params.len() {
                    continue;
                }
                let cost = match &c.kind {
                    AltKind::Subtype(_) => 6,
                    AltKind::Field(..) => 0,
                    AltKind::Method(..) => 5 + params.iter().map(|p| p.value.cost()).sum::<u32>(),
                    _ => 1 + params.iter().map(|p| p.value.cost()).sum::<u32>(),
                };
                alts.push(Alt { kind: c.kind.clone(), params, cost, cast: c.overloaded });
            }
            alts.sort_by(|a, b| {
                a.cost.cmp(&b.cost).then_with(|| format!("{:?}", a.kind).cmp(&format!("{:?}", b.kind)))
            });
            alts.dedup();
            alts.truncate(MAX_ALTS);
            for a in &alts {
                if let AltKind::Subtype(k) | AltKind::Method(k, _) = &a.kind {
                    todo.push(k.clone());
                }
                for p in &a.params {
                    collect_instances(&p.value, &mut todo);
                }
            }
            let simple = JType::object(&t).simple();
            let n = used_names.entry(simple.clone()).or_insert(0);
            *n += 1;
            let method = if *n == 1 { format!("new{simple}") } else { format!("new{simple}{n}") };
            out.push(Helper { ty: t, method, alts });
        }
        out.sort_by(|a, b| a.ty.cmp(&b.ty));
        out
    }
}

/// Adds the helper types `v` needs to `out`.
pub fn collect_instances(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Instance(t) => out.push(t.clone()),
        Value::Array(e, _)
        | Value::Collection(_, e, _)
        | Value::Optional(e, _)
        | Value::Nullable(e)
        | Value::Returning(e) => collect_instances(e, out),
        Value::Map(_, k, _, v, _) => {
            collect_instances(k, out);
            collect_instances(v, out);
        }
        _ => {}
    }
}

/// JDriver's heuristic for methods that process files: a String parameter named like a file.
pub fn is_file_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    n.contains("file") || n.contains("path")
}

/// Parameter names: the class file's, else `p0`, `p1`...; made unique and non-keyword.
pub fn param_names(names: &[Option<String>], n: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for i in 0..n {
        let mut name =
            names.get(i).cloned().flatten().filter(|s| is_identifier(s) && s != "v").unwrap_or_else(|| format!("p{i}"));
        if out.contains(&name) {
            name = format!("{name}{i}");
        }
        out.push(name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drivers::classes::{Class, Method};

    fn class(name: &str, access: u16, supers: &[&str], ctors: &[&str]) -> Class {
        Class {
            name: name.into(),
            access,
            accessible: access & ACC_PUBLIC != 0,
            super_name: Some("java/lang/Object".into()),
            interfaces: supers.iter().map(|s| s.to_string()).collect(),
            methods: ctors
                .iter()
                .map(|d| Method { name: "<init>".into(), desc: d.to_string(), access: ACC_PUBLIC, ..Method::default() })
                .collect(),
            ..Class::default()
        }
    }

    fn pool(classes: Vec<Class>) -> ClassPool {
        let mut p = ClassPool::default();
        for c in classes {
            p.classes.insert(c.name.clone(), c);
        }
        p
    }

    #[test]
    fn buildability_is_a_least_fixpoint() {
        // A needs B, B needs A: neither can be built. C has a way out, so D (needs C) can.
        let p = pool(vec![
            class("x/A", ACC_PUBLIC, &[], &["(Lx/B;)V"]),
            class("x/B", ACC_PUBLIC, &[], &["(Lx/A;)V"]),
            class("x/C", ACC_PUBLIC, &[], &["(Lx/C;)V", "(I[BLjava/lang/String;)V"]),
            class("x/D", ACC_PUBLIC, &[], &["(Lx/C;)V"]),
            class("x/Hidden", 0, &[], &["()V"]),
        ]);
        let t = TypeTable::build(&p, false);
        assert!(!t.is_buildable("x/A") && !t.is_buildable("x/B"));
        assert!(t.is_buildable("x/C") && t.is_buildable("x/D"));
        assert!(!t.is_buildable("x/Hidden"), "package-private classes cannot be named");
        let hs = t.helpers(&["x/D".to_string()].into_iter().collect());
        let c = hs.iter().find(|h| h.ty == "x/C").unwrap();
        // The cheapest way first, and the recursive one is not a leaf.
        assert_eq!(c.alts[0].params.len(), 3);
        assert!(c.alts[0].is_leaf() && !c.alts[1].is_leaf());
    }

    #[test]
    fn a_deprecated_constructor_beside_a_current_one_builds_nothing() {
        // x/Digest's no-argument constructor is deprecated, its String one is not: objects are
        // built with a name. x/Old has only a deprecated constructor: it is still the way.
        let mut digest = class("x/Digest", ACC_PUBLIC, &[], &["()V", "(Ljava/lang/String;)V"]);
        digest.methods[0].deprecated = true;
        let mut old = class("x/Old", ACC_PUBLIC, &[], &["()V"]);
        old.methods[0].deprecated = true;
        let p = pool(vec![digest, old]);
        let t = TypeTable::build(&p, false);
        let hs = t.helpers(&["x/Digest".to_string(), "x/Old".to_string()].into_iter().collect());
        let digest = hs.iter().find(|h| h.ty == "x/Digest").unwrap();
        assert_eq!(digest.alts.len(), 1);
        assert_eq!(digest.alts[0].params.len(), 1);
        assert_eq!(hs.iter().find(|h| h.ty == "x/Old").unwrap().alts.len(), 1);
    }

    #[test]
    fn interfaces_are_built_through_implementations() {
        let mut shape = class("x/Shape", ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, &[], &[]);
        shape.super_name = Some("java/lang/Object".into());
        let p = pool(vec![shape, class("x/Circle", ACC_PUBLIC, &["x/Shape"], &["(D)V"])]);
        let t = TypeTable::build(&p, false);
        assert_eq!(t.value_for(&JType::object("x/Shape"), "s"), Some(Value::Instance("x/Shape".into())));
        let hs = t.helpers(&["x/Shape".to_string()].into_iter().collect());
        let shape = hs.iter().find(|h| h.ty == "x/Shape").unwrap();
        assert_eq!(shape.alts[0].kind, AltKind::Subtype("x/Circle".into()));
        assert!(hs.iter().any(|h| h.ty == "x/Circle"));
    }

    #[test]
    fn an_enum_behind_an_interface_is_one_of_its_constants_not_value_of_a_string() {
        let mut lookup = class("x/Lookup", ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, &[], &[]);
        lookup.super_name = Some("java/lang/Object".into());
        let mut kinds = class("x/Kinds", ACC_PUBLIC | ACC_FINAL | ACC_ENUM, &["x/Lookup"], &[]);
        kinds.super_name = Some("java/lang/Enum".into());
        kinds.methods.push(Method {
            name: "valueOf".into(),
            desc: "(Ljava/lang/String;)Lx/Kinds;".into(),
            access: ACC_PUBLIC | ACC_STATIC,
            ..Method::default()
        });
        for name in ["DATE", "ENV"] {
            kinds.fields.push(crate::drivers::classes::Field {
                name: name.into(),
                desc: "Lx/Kinds;".into(),
                access: ACC_PUBLIC | ACC_STATIC | ACC_FINAL | ACC_ENUM,
                ..Default::default()
            });
        }
        let p = pool(vec![lookup, kinds]);
        let t = TypeTable::build(&p, false);
        let hs = t.helpers(&["x/Lookup".to_string()].into_iter().collect());
        let kinds = hs.iter().find(|h| h.ty == "x/Kinds").unwrap();
        let alts: Vec<_> = kinds.alts.iter().map(|a| a.kind.clone()).collect();
        assert_eq!(
            alts,
            vec![AltKind::Field("x/Kinds".into(), "DATE".into()), AltKind::Field("x/Kinds".into(), "ENV".into())]
        );
    }

    #[test]
    fn a_class_parameter_gets_a_class_within_its_bound() {
        let p = pool(vec![]);
        let t = TypeTable::build(&p, true);
        // Class<? extends Enum<?>>, as the generic signature parses.
        let enums = JType::Object(
            "java/lang/Class".into(),
            vec![JType::Object("java/lang/Enum".into(), vec![JType::object("java/lang/Object")])],
        );
        assert_eq!(t.value_for(&enums, "headerEnum"), Some(Value::ClassWithin("java/lang/Enum".into())));
        // Unbounded (Class<?>, Class<T>) and raw: any class.
        let any = JType::Object("java/lang/Class".into(), vec![JType::object("java/lang/Object")]);
        assert_eq!(t.value_for(&any, "type"), Some(Value::Builtin("type")));
        assert_eq!(t.value_for(&JType::object("java/lang/Class"), "type"), Some(Value::Builtin("type")));
        // A library's bound: not nameable with certainty from a driver; any class, as before.
        let own = JType::Object("java/lang/Class".into(), vec![JType::object("x/Shape")]);
        assert_eq!(t.value_for(&own, "type"), Some(Value::Builtin("type")));
    }

    #[test]
    fn jdk_knowledge_and_file_names() {
        let p = pool(vec![]);
        let t = TypeTable::build(&p, true);
        let list = JType::Object("java/util/List".into(), vec![JType::object("java/lang/Integer")]);
        assert_eq!(
            t.value_for(&list, "xs"),
            Some(Value::Collection(
                "java.util.ArrayList",
                Box::new(Value::Builtin("int32")),
                JType::object("java/lang/Integer")
            ))
        );
        assert_eq!(
            t.value_for(&JType::object("java/util/concurrent/TimeUnit"), "u"),
            Some(Value::Enum("java/util/concurrent/TimeUnit".into()))
        );
        assert!(matches!(
            t.value_for(&JType::object("java/util/SortedMap"), "m"),
            Some(Value::Map("java.util.TreeMap", ..))
        ));
        assert_eq!(t.value_for(&JType::object("java/lang/String"), "fileName"), Some(Value::FilePath));
        assert_eq!(t.value_for(&JType::object("java/lang/String"), "name"), Some(Value::Builtin("string")));
        assert_eq!(t.value_for(&JType::Array(Box::new(JType::Prim('B'))), "data"), Some(Value::Builtin("bytes")));
        assert_eq!(t.value_for(&JType::object("java/util/concurrent/Semaphore"), "e"), None);
        // A Function answers its declared result type; identity only where it is the argument's.
        let function = |a: &str, r: &str| {
            JType::Object("java/util/function/Function".into(), vec![JType::object(a), JType::object(r)])
        };
        assert_eq!(
            t.value_for(&function("java/lang/String", "java/lang/Boolean"), "f"),
            Some(Value::Returning(Box::new(Value::Builtin("bool"))))
        );
        assert!(matches!(
            t.value_for(&function("java/lang/String", "java/lang/String"), "f"),
            Some(Value::Fixed(e)) if e.contains("identity()")
        ));
        assert!(matches!(t.value_for(&JType::object("java/util/function/Function"), "f"), Some(Value::Fixed(_))));
        // --nulls: references may be null, primitives never.
        assert!(matches!(t.param(&JType::object("java/lang/String"), "s").unwrap().value, Value::Nullable(_)));
        assert_eq!(t.param(&JType::Prim('I'), "i").unwrap().value, Value::Prim('I'));
    }
}
