//! Set-up fields: instance fields of the library that a method other than a constructor gives
//! their value (`EmpiricalDistribution.load` filling `sampleStats`, an optimizer's
//! `parseOptimizationData` its `target`). Such a field is null until the caller has called
//! that method, so the JVM's NullPointerException on it in the object the caller is using is
//! the object used before it was set up (the shim's `Expected.unsetField`), not the class's
//! bug. A field only constructors write stays the class's own: a constructor that leaves it
//! null is the classic bug. Whether a constructor writes a set-up field too, itself or through
//! a method of its class it calls ([`born`]), is marked in the table: only a field no
//! constructor writes counts deeper under the call (`Expected.unsetInBuilt`), where a field a
//! constructor set and a later call let go is more often the class's own; or one only some
//! constructors write, in an object that was handed over with it still null.
//!
//! Read from the bytecode (`classes`), written as a table beside the drivers ([`write_table`])
//! and handed to the client with `-Djvmfuzz.setupFields`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::classes::{Class, ClassPool, MemberRef, Method, ACC_STATIC, ACC_SYNTHETIC};
use super::types::param_descriptors;

/// Per declaring class (internal name) and field name, the methods that set it up
/// (`Class.method`, binary names).
pub type SetUpFields = BTreeMap<(String, String), BTreeSet<String>>;

/// The set-up fields of every class in `pool`.
///
/// A writer is any method but a constructor or class initialiser. Two kinds are left out:
/// a lazy initialiser (no parameters, and it reads the field itself: `if (cache == null)
/// cache = ...`), since a sibling that forgets to call it has a bug of its own; and the
/// static accessors javac makes for an inner class (`access$002`), which stand for their
/// callers.
pub fn find(pool: &ClassPool) -> SetUpFields {
    // Who calls each accessor, by (class, name, descriptor).
    type Callers<'a> = BTreeMap<(&'a str, &'a str, &'a str), Vec<(&'a Class, &'a Method)>>;
    let mut callers = Callers::new();
    for c in pool.classes.values() {
        for m in &c.methods {
            for r in &m.calls {
                if r.name.starts_with("access$") {
                    callers.entry((&r.class, &r.name, &r.desc)).or_default().push((c, m));
                }
            }
        }
    }
    let mut out = SetUpFields::new();
    for c in pool.classes.values() {
        for m in &c.methods {
            if is_constructor(m) {
                continue;
            }
            let writers: Vec<(&Class, &Method)> = if is_accessor(m) {
                callers
                    .get(&(c.name.as_str(), m.name.as_str(), m.desc.as_str()))
                    .map(|v| v.iter().filter(|(_, w)| !is_constructor(w)).copied().collect())
                    .unwrap_or_default()
            } else {
                vec![(c, m)]
            };
            for w in &m.writes {
                let Some(owner) = declaring(pool, w) else { continue };
                for (wc, wm) in &writers {
                    if !is_accessor(m) && lazy(wm, w) {
                        continue;
                    }
                    out.entry((owner.clone(), w.name.clone())).or_default().insert(format!(
                        "{}.{}",
                        wc.name.replace('/', "."),
                        wm.name
                    ));
                }
            }
        }
    }
    out
}

/// The instance fields a constructor writes, itself or through the methods of its own class
/// it calls (an `init()` the constructors share), by declaring class and name, each with
/// whether every constructor of its declaring class writes it (following `this(...)`). Such a
/// field had a value once; null later is another story (a `finish()` that let it go) than a
/// field the caller never set up. One only some constructors write (`ValidatorResources()`
/// leaves `defaultFormSet` to `addFormSet` or `process`, its other constructors call
/// `process`) is unset in an object built the other way.
pub fn born(pool: &ClassPool) -> BTreeMap<(String, String), bool> {
    let mut out: BTreeMap<(String, String), bool> = BTreeMap::new();
    for c in pool.classes.values() {
        let constructors: Vec<&Method> = c.methods.iter().filter(|m| m.name == "<init>").collect();
        let written: Vec<BTreeSet<(String, String)>> =
            constructors.iter().map(|m| constructor_writes(pool, c, m)).collect();
        for w in &written {
            for key in w {
                // Every constructor of the declaring class writes it: only c's own answer that.
                let every = key.0 == c.name && written.iter().all(|o| o.contains(key));
                let e = out.entry(key.clone()).or_insert(false);
                *e |= every;
            }
        }
    }
    out
}

/// The instance fields constructor `m` of `c` writes: itself, through the methods of its
/// class's line it calls, and through the constructors of `c` it delegates to (`this(...)`).
fn constructor_writes(pool: &ClassPool, c: &Class, m: &Method) -> BTreeSet<(String, String)> {
    // The class and its superclasses: an `init()` it inherits, `super.init()`.
    let mut line: Vec<&Class> = vec![c];
    while let Some(s) = line.last().and_then(|x| x.super_name.as_deref()).and_then(|n| pool.get(n)) {
        if line.len() > 64 || line.iter().any(|x| x.name == s.name) {
            break;
        }
        line.push(s);
    }
    let mut out = BTreeSet::new();
    let mut seen: BTreeSet<(&str, &str, &str)> = BTreeSet::new();
    let mut todo: Vec<(&Class, &Method)> = vec![(c, m)];
    while let Some((owner, m)) = todo.pop() {
        if !seen.insert((owner.name.as_str(), m.name.as_str(), m.desc.as_str())) {
            continue;
        }
        for w in &m.writes {
            if let Some(declared) = declaring(pool, w) {
                out.insert((declared, w.name.clone()));
            }
        }
        for r in &m.calls {
            if r.name == "<init>" {
                // this(...): another constructor of the same class (a `super(...)` builds the
                // superclass's part, whose fields are the superclass's to answer for).
                if r.class == c.name && std::ptr::eq(owner, c) {
                    todo.extend(c.methods.iter().find(|y| y.name == "<init>" && y.desc == r.desc).map(|y| (c, y)));
                }
                continue;
            }
            // Resolved as the JVM would: from the named class of the line upwards.
            let Some(from) = line.iter().position(|x| x.name == r.class) else { continue };
            let found = line[from..]
                .iter()
                .find_map(|x| x.methods.iter().find(|y| y.name == r.name && y.desc == r.desc).map(|y| (*x, y)));
            todo.extend(found);
        }
    }
    out
}

fn is_constructor(m: &Method) -> bool {
    m.name == "<init>" || m.name == "<clinit>"
}

fn is_accessor(m: &Method) -> bool {
    m.access & ACC_STATIC != 0 && m.access & ACC_SYNTHETIC != 0 && m.name.starts_with("access$")
}

/// No parameters, and it reads the field it writes.
fn lazy(m: &Method, field: &MemberRef) -> bool {
    param_descriptors(&m.desc).is_some_and(|p| p.is_empty()) && m.reads.contains(field)
}

/// The class that declares the instance field `r` names: its class or a superclass (javac
/// names the class of the expression, a subclass for an inherited field).
fn declaring(pool: &ClassPool, r: &MemberRef) -> Option<String> {
    let mut name = r.class.as_str();
    for _ in 0..64 {
        let c = pool.get(name)?;
        if let Some(f) = c.fields.iter().find(|f| f.name == r.name) {
            return (f.access & ACC_STATIC == 0).then(|| c.name.clone());
        }
        name = c.super_name.as_deref()?;
    }
    None
}

/// One line per field: `binary.Class field writer writer ...`, then `<init>` when every
/// constructor of its class writes it too, `<init>?` when some do (see `born`).
pub fn write_table(fields: &SetUpFields, born: &BTreeMap<(String, String), bool>, path: &Path) -> std::io::Result<()> {
    use std::fmt::Write as _;
    let mut s = String::from(
        "# set-up fields: class field, then the methods other than constructors that write it, then <init> when every constructor does too, <init>? when some do\n",
    );
    for (key, writers) in fields {
        let _ = write!(s, "{} {}", key.0.replace('/', "."), key.1);
        for w in writers {
            let _ = write!(s, " {w}");
        }
        match born.get(key) {
            Some(true) => s.push_str(" <init>"),
            Some(false) => s.push_str(" <init>?"),
            None => {}
        }
        s.push('\n');
    }
    std::fs::write(path, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drivers::classes::Field;

    fn field_ref(class: &str, name: &str) -> MemberRef {
        MemberRef { class: class.into(), name: name.into(), desc: "Ljava/lang/Object;".into() }
    }

    fn method(name: &str, desc: &str, access: u16, reads: &[MemberRef], writes: &[MemberRef]) -> Method {
        Method {
            name: name.into(),
            desc: desc.into(),
            access,
            reads: reads.to_vec(),
            writes: writes.to_vec(),
            ..Default::default()
        }
    }

    fn pool(classes: Vec<Class>) -> ClassPool {
        let mut p = ClassPool::default();
        for c in classes {
            p.classes.insert(c.name.clone(), c);
        }
        p
    }

    fn class(name: &str, sup: &str, fields: &[(&str, u16)], methods: Vec<Method>) -> Class {
        Class {
            name: name.into(),
            super_name: Some(sup.into()),
            fields: fields
                .iter()
                .map(|(n, a)| Field {
                    name: (*n).into(),
                    desc: "Ljava/lang/Object;".into(),
                    access: *a,
                    signature: None,
                })
                .collect(),
            methods,
            ..Default::default()
        }
    }

    /// What `write_table` writes for `p`, in a folder of the test's own (`name`).
    fn table_text(p: &ClassPool, born: &BTreeMap<(String, String), bool>, name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("set-up-fields-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.txt");
        write_table(&find(p), born, &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        text
    }

    #[test]
    fn a_method_that_loads_the_object_sets_its_field_up() {
        let stats = field_ref("a/Dist", "stats");
        let p = pool(vec![class(
            "a/Dist",
            "java/lang/Object",
            &[("stats", 0)],
            vec![
                method("<init>", "()V", 1, &[], std::slice::from_ref(&stats)),
                method("load", "([D)V", 1, &[], std::slice::from_ref(&stats)),
                method("mean", "()D", 1, std::slice::from_ref(&stats), &[]),
            ],
        )]);
        let f = find(&p);
        let w = f.get(&("a/Dist".to_string(), "stats".to_string())).map(|s| s.iter().cloned().collect::<Vec<_>>());
        assert_eq!(w, Some(vec!["a.Dist.load".to_string()]));
    }

    #[test]
    fn a_field_a_constructor_writes_through_its_init_is_born_set() {
        // BZip2CompressorOutputStream: its constructor calls init(), which sets `data`;
        // finish() lets it go. A Segment's `header` is set by parse() only.
        let data = field_ref("a/Out", "data");
        let header = field_ref("a/Out", "header");
        let init = MemberRef { class: "a/Out".into(), name: "init".into(), desc: "()V".into() };
        let p = pool(vec![class(
            "a/Out",
            "java/lang/Object",
            &[("data", 0), ("header", 0)],
            vec![
                Method { calls: vec![init], ..method("<init>", "()V", 1, &[], &[]) },
                method("init", "()V", 2, &[], std::slice::from_ref(&data)),
                method("finish", "()V", 1, &[], std::slice::from_ref(&data)),
                method("parse", "([B)V", 1, &[], std::slice::from_ref(&header)),
            ],
        )]);
        let b = born(&p);
        assert_eq!(b.get(&("a/Out".to_string(), "data".to_string())), Some(&true), "{b:?}");
        assert!(!b.contains_key(&("a/Out".to_string(), "header".to_string())), "{b:?}");
        let text = table_text(&p, &b, "born");
        assert!(text.contains("a.Out data a.Out.finish a.Out.init <init>\n"), "{text}");
        assert!(text.contains("a.Out header a.Out.parse\n"), "{text}");
    }

    #[test]
    fn a_field_only_some_constructors_write_is_marked_apart() {
        // commons-validator's ValidatorResources: `()` writes nothing, `(InputStream)`
        // delegates to `(InputStream[])`, which calls process(); `forms` every one writes.
        let default = field_ref("a/Res", "defaultSet");
        let forms = field_ref("a/Res", "forms");
        let process = MemberRef { class: "a/Res".into(), name: "process".into(), desc: "()V".into() };
        let this = MemberRef { class: "a/Res".into(), name: "<init>".into(), desc: "([La/In;)V".into() };
        let p = pool(vec![class(
            "a/Res",
            "java/lang/Object",
            &[("defaultSet", 0), ("forms", 0)],
            vec![
                method("<init>", "()V", 1, &[], std::slice::from_ref(&forms)),
                Method { calls: vec![this], ..method("<init>", "(La/In;)V", 1, &[], &[]) },
                Method { calls: vec![process], ..method("<init>", "([La/In;)V", 1, &[], std::slice::from_ref(&forms)) },
                method("process", "()V", 1, &[], std::slice::from_ref(&default)),
                method("addSet", "(La/Set;)V", 1, &[], &[default, forms]),
            ],
        )]);
        let b = born(&p);
        assert_eq!(b.get(&("a/Res".to_string(), "defaultSet".to_string())), Some(&false), "{b:?}");
        assert_eq!(b.get(&("a/Res".to_string(), "forms".to_string())), Some(&true), "{b:?}");
        let text = table_text(&p, &b, "some");
        assert!(text.contains("a.Res defaultSet a.Res.addSet a.Res.process <init>?\n"), "{text}");
        assert!(text.contains("a.Res forms a.Res.addSet <init>\n"), "{text}");
    }

    #[test]
    fn an_init_the_class_inherits_counts_for_its_constructor() {
        // `init()` of the superclass, called as `invokevirtual Sub.init` (javac names the
        // class of the receiver) from Sub's constructor.
        let data = field_ref("a/Base", "data");
        let init = MemberRef { class: "a/Sub".into(), name: "init".into(), desc: "()V".into() };
        let p = pool(vec![
            class(
                "a/Base",
                "java/lang/Object",
                &[("data", 0)],
                vec![
                    method("init", "()V", 4, &[], std::slice::from_ref(&data)),
                    method("finish", "()V", 1, &[], std::slice::from_ref(&data)),
                ],
            ),
            class("a/Sub", "a/Base", &[], vec![Method { calls: vec![init], ..method("<init>", "()V", 1, &[], &[]) }]),
        ]);
        let b = born(&p);
        assert!(b.contains_key(&("a/Base".to_string(), "data".to_string())), "{b:?}");
    }

    #[test]
    fn constructors_lazy_initialisers_and_static_fields_set_nothing_up() {
        let cache = field_ref("a/Box", "cache");
        let count = field_ref("a/Box", "count");
        let p = pool(vec![class(
            "a/Box",
            "java/lang/Object",
            &[("cache", 0), ("count", ACC_STATIC)],
            vec![
                method("<init>", "(Ljava/lang/Object;)V", 1, &[], std::slice::from_ref(&cache)),
                method("cache", "()Ljava/lang/Object;", 1, std::slice::from_ref(&cache), std::slice::from_ref(&cache)),
                method("bump", "(I)V", 1, &[], &[count]),
            ],
        )]);
        assert!(find(&p).is_empty(), "{:?}", find(&p));
    }

    #[test]
    fn an_inherited_field_is_the_superclass_one_and_an_accessor_stands_for_its_caller() {
        // javac names the subclass in `this.target = t` written in a subclass method, and
        // writes an outer field from an inner class through a static synthetic accessor.
        let sub_target = field_ref("a/Sub", "target");
        let outer_stats = field_ref("a/Outer", "stats");
        let p = pool(vec![
            class("a/Base", "java/lang/Object", &[("target", 0)], vec![]),
            class("a/Sub", "a/Base", &[], vec![method("parse", "([Ljava/lang/Object;)V", 4, &[], &[sub_target])]),
            class(
                "a/Outer",
                "java/lang/Object",
                &[("stats", 0)],
                vec![method(
                    "access$002",
                    "(La/Outer;Ljava/lang/Object;)V",
                    ACC_STATIC | ACC_SYNTHETIC,
                    &[],
                    &[outer_stats],
                )],
            ),
            class(
                "a/Outer$Adapter",
                "java/lang/Object",
                &[],
                vec![Method {
                    calls: vec![MemberRef {
                        class: "a/Outer".into(),
                        name: "access$002".into(),
                        desc: "(La/Outer;Ljava/lang/Object;)V".into(),
                    }],
                    ..method("computeStats", "()V", 1, &[], &[])
                }],
            ),
        ]);
        let f = find(&p);
        let get =
            |c: &str, n: &str| f.get(&(c.to_string(), n.to_string())).map(|s| s.iter().cloned().collect::<Vec<_>>());
        assert_eq!(get("a/Base", "target"), Some(vec!["a.Sub.parse".to_string()]));
        assert_eq!(get("a/Outer", "stats"), Some(vec!["a.Outer$Adapter.computeStats".to_string()]));
        assert_eq!(f.len(), 2);
    }
}
