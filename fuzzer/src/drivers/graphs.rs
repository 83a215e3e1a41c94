//! Dependency analysis (the JDriver seed's Algorithm 1) and method sequences (Algorithm 2).
//!
//! For one class, the Access Graph links a method to the fields it reads and to the methods it
//! calls; the Modify Graph links a field to the methods that write it, directly or through a
//! call (a public `reset()` that calls a private `clear()` that writes `count` modifies
//! `count`). Calls are resolved within the class and its superclasses known to the pool; calls
//! to other classes do not change this object's fields and are not followed.

use std::collections::{BTreeMap, BTreeSet};

use crate::drivers::classes::{
    Class, ClassPool, Method, ACC_ABSTRACT, ACC_BRIDGE, ACC_FINAL, ACC_PUBLIC, ACC_STATIC, ACC_SYNTHETIC,
};

/// (declaring class, name, descriptor)
pub type MethodKey = (String, String, String);
/// (declaring class, name)
pub type FieldKey = (String, String);

#[derive(Debug, Default)]
pub struct Graphs {
    /// method -> fields it reads, transitively through calls within the class.
    pub access: BTreeMap<MethodKey, BTreeSet<FieldKey>>,
    /// field -> methods that write it, transitively.
    pub modify: BTreeMap<FieldKey, BTreeSet<MethodKey>>,
}

/// The class and its superclasses in the pool, most derived first.
pub fn lineage<'a>(pool: &'a ClassPool, class: &'a Class) -> Vec<&'a Class> {
    let mut out = vec![class];
    let mut cur = class;
    while let Some(s) = cur.super_name.as_deref().and_then(|s| pool.get(s)) {
        if out.iter().any(|c| c.name == s.name) {
            break;
        }
        out.push(s);
        cur = s;
    }
    out
}

fn find_method<'a>(line: &[&'a Class], name: &str, desc: &str) -> Option<(&'a Class, &'a Method)> {
    line.iter().find_map(|c| c.methods.iter().find(|m| m.name == name && m.desc == desc).map(|m| (*c, m)))
}

fn find_field(line: &[&Class], name: &str) -> Option<FieldKey> {
    line.iter().find_map(|c| c.fields.iter().find(|f| f.name == name).map(|_| (c.name.clone(), name.to_string())))
}

/// Algorithm 1 for `class` (and what it inherits).
pub fn build(pool: &ClassPool, class: &Class) -> Graphs {
    let line = lineage(pool, class);
    let names: BTreeSet<&str> = line.iter().map(|c| c.name.as_str()).collect();
    let mut reads: BTreeMap<MethodKey, BTreeSet<FieldKey>> = BTreeMap::new();
    let mut writes: BTreeMap<MethodKey, BTreeSet<FieldKey>> = BTreeMap::new();
    let mut calls: BTreeMap<MethodKey, BTreeSet<MethodKey>> = BTreeMap::new();
    for c in &line {
        for m in &c.methods {
            let key = (c.name.clone(), m.name.clone(), m.desc.clone());
            let field = |r: &crate::drivers::classes::MemberRef| {
                names.contains(r.class.as_str()).then(|| find_field(&line, &r.name)).flatten()
            };
            reads.insert(key.clone(), m.reads.iter().filter_map(field).collect());
            writes.insert(key.clone(), m.writes.iter().filter_map(field).collect());
            let callees = m
                .calls
                .iter()
                .filter(|r| names.contains(r.class.as_str()))
                .filter_map(|r| {
                    find_method(&line, &r.name, &r.desc)
                        .map(|(dc, dm)| (dc.name.clone(), dm.name.clone(), dm.desc.clone()))
                })
                .filter(|k| *k != key)
                .collect();
            calls.insert(key, callees);
        }
    }
    // Transitive closure over the (small) intra-class call graph.
    let close = |direct: &BTreeMap<MethodKey, BTreeSet<FieldKey>>| -> BTreeMap<MethodKey, BTreeSet<FieldKey>> {
        let mut out = direct.clone();
        loop {
            let mut changed = false;
            for (m, cs) in &calls {
                let mut add = BTreeSet::new();
                for c in cs {
                    if let Some(fs) = out.get(c) {
                        add.extend(fs.iter().cloned());
                    }
                }
                let e = out.entry(m.clone()).or_default();
                let before = e.len();
                e.extend(add);
                changed |= e.len() != before;
            }
            if !changed {
                return out;
            }
        }
    };
    let access = close(&reads);
    let all_writes = close(&writes);
    let mut modify: BTreeMap<FieldKey, BTreeSet<MethodKey>> = BTreeMap::new();
    for (m, fs) in all_writes {
        for f in fs {
            modify.entry(f).or_default().insert(m.clone());
        }
    }
    Graphs { access, modify }
}

/// What Algorithm 2's select policy may pick for one accessed field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// Assign the public field directly.
    Field(FieldKey),
    /// Call this modifier.
    Method(MethodKey),
}

/// Algorithm 2: the method sequence items for `mut` of `class`. `cost` rates a modifier's
/// parameters (None: cannot be built), so that the simplest modifier of each field is chosen.
pub fn sequence(
    pool: &ClassPool,
    class: &Class,
    graphs: &Graphs,
    mut_key: &MethodKey,
    is_static: bool,
    cost: &dyn Fn(&Method) -> Option<u32>,
    settable_field: &dyn Fn(&str) -> bool,
) -> Vec<(Item, FieldKey)> {
    let line = lineage(pool, class);
    let mut out: Vec<(Item, FieldKey)> = Vec::new();
    let Some(accessed) = graphs.access.get(mut_key) else { return out };
    for f in accessed {
        let Some(fc) = line.iter().find(|c| c.name == f.0) else { continue };
        let Some(field) = fc.fields.iter().find(|x| x.name == f.1) else { continue };
        let field_static = field.access & ACC_STATIC != 0;
        if field_static != is_static {
            continue;
        }
        // Public primitive (or String) fields first: assigned directly.
        if fc.accessible
            && field.access & ACC_PUBLIC != 0
            && field.access & ACC_FINAL == 0
            && settable_field(&field.desc)
        {
            out.push((Item::Field(f.clone()), f.clone()));
            continue;
        }
        // Otherwise the modifier with the simplest parameters.
        let best = graphs
            .modify
            .get(f)
            .into_iter()
            .flatten()
            .filter(|k| k != &mut_key && k.1 != "<init>" && k.1 != "<clinit>" && !ends_life(&k.1))
            .filter_map(|k| {
                let (dc, m) = find_method(&line, &k.1, &k.2)?;
                let callable = dc.accessible
                    && m.access & ACC_PUBLIC != 0
                    && m.access & (ACC_ABSTRACT | ACC_SYNTHETIC | ACC_BRIDGE) == 0
                    && (m.access & ACC_STATIC != 0) == is_static;
                if !callable {
                    return None;
                }
                Some((cost(m)?, k.clone()))
            })
            .min();
        if let Some((_, k)) = best {
            if let Some(existing) = out.iter_mut().find(|(i, _)| *i == Item::Method(k.clone())) {
                // One modifier writing several accessed fields appears once.
                let _ = existing;
                continue;
            }
            out.push((Item::Method(k), f.clone()));
        }
    }
    out
}

/// A method that ends an object's life (`close()` nulls jsoup's `CharacterReader.charBuf`): no
/// modifier to set a field with. As the cheapest writer of what it releases it would otherwise
/// be chosen, and every method after it would fail on a closed object, the caller's misuse.
/// Such methods are still each a method under test of their own.
fn ends_life(name: &str) -> bool {
    matches!(name, "close" | "dispose" | "destroy" | "release" | "shutdown" | "shutdownNow" | "terminate")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drivers::classes::{Field, MemberRef};

    fn m(name: &str, access: u16, reads: &[&str], writes: &[&str], calls: &[&str]) -> Method {
        let r = |n: &&str| MemberRef { class: "a/C".into(), name: n.to_string(), desc: "I".into() };
        Method {
            name: name.into(),
            desc: "()V".into(),
            access,
            reads: reads.iter().map(r).collect(),
            writes: writes.iter().map(r).collect(),
            calls: calls
                .iter()
                .map(|n| MemberRef { class: "a/C".into(), name: n.to_string(), desc: "()V".into() })
                .collect(),
            ..Method::default()
        }
    }

    #[test]
    fn transitive_access_and_modify() {
        let class = Class {
            name: "a/C".into(),
            access: ACC_PUBLIC,
            accessible: true,
            fields: vec![
                Field { name: "count".into(), desc: "I".into(), access: 0x2, signature: None },
                Field { name: "open".into(), desc: "Z".into(), access: 0x2, signature: None },
                Field { name: "limit".into(), desc: "I".into(), access: ACC_PUBLIC, signature: None },
            ],
            methods: vec![
                m("check", 0x2, &["count"], &[], &[]),
                m("run", ACC_PUBLIC, &["open"], &[], &["check"]),
                m("clear", 0x2, &[], &["count"], &[]),
                m("reset", ACC_PUBLIC, &[], &[], &["clear"]),
                m("open", ACC_PUBLIC, &[], &["open"], &[]),
                m("peek", ACC_PUBLIC, &["limit"], &[], &["run"]),
            ],
            ..Class::default()
        };
        let mut pool = ClassPool::default();
        pool.classes.insert("a/C".into(), class.clone());
        let g = build(&pool, &class);
        let run = ("a/C".to_string(), "run".to_string(), "()V".to_string());
        let acc: Vec<_> = g.access[&run].iter().map(|f| f.1.as_str()).collect();
        assert_eq!(acc, vec!["count", "open"]);
        let modifiers: Vec<_> = g.modify[&("a/C".into(), "count".into())].iter().map(|k| k.1.as_str()).collect();
        assert_eq!(modifiers, vec!["clear", "reset"]);
        let seq = sequence(&pool, &class, &g, &run, false, &|_| Some(0), &|d| d == "I" || d == "Z");
        let names: Vec<_> = seq
            .iter()
            .map(|(i, _)| match i {
                Item::Method(k) => k.1.clone(),
                Item::Field(f) => format!("={}", f.1),
            })
            .collect();
        // clear is private: reset is chosen; open() for the private field `open`.
        assert_eq!(names, vec!["reset", "open"]);
        let peek = ("a/C".to_string(), "peek".to_string(), "()V".to_string());
        let seq = sequence(&pool, &class, &g, &peek, false, &|_| Some(0), &|d| d == "I");
        assert!(seq.iter().any(|(i, _)| *i == Item::Field(("a/C".into(), "limit".into()))));
    }

    #[test]
    fn close_is_no_modifier() {
        // close() writes the buffer read() reads, with no parameters: the cheapest writer, yet
        // an object closed before the call fails by the caller's misuse. fill(int) is taken.
        let class = Class {
            name: "a/C".into(),
            access: ACC_PUBLIC,
            accessible: true,
            fields: vec![Field { name: "buf".into(), desc: "[C".into(), access: 0x2, signature: None }],
            methods: vec![
                m("read", ACC_PUBLIC, &["buf"], &[], &[]),
                m("close", ACC_PUBLIC, &[], &["buf"], &[]),
                m("fill", ACC_PUBLIC, &[], &["buf"], &[]),
            ],
            ..Class::default()
        };
        let mut pool = ClassPool::default();
        pool.classes.insert("a/C".into(), class.clone());
        let g = build(&pool, &class);
        let read = ("a/C".to_string(), "read".to_string(), "()V".to_string());
        let cost = |m: &Method| Some(if m.name == "fill" { 5 } else { 0 });
        let seq = sequence(&pool, &class, &g, &read, false, &cost, &|_| false);
        let names: Vec<_> = seq.iter().map(|(i, _)| format!("{i:?}")).collect();
        assert_eq!(names.len(), 1, "{names:?}");
        assert!(names[0].contains("\"fill\""), "{names:?}");
    }
}
