//! Builds the [`Plan`] for a selection (`--class`, `--target`, `--package`): which methods get a
//! driver and which are skipped, and why (the seed's "fuzzing scheduling" rules that can be
//! decided statically), the receiver, the method sequence and the parameters of each driver,
//! the constants each target class offers as predefined values, and the helpers they all need.

use std::collections::{BTreeMap, BTreeSet};

use crate::drivers::classes::{
    Class, ClassPool, Method, ACC_ABSTRACT, ACC_BRIDGE, ACC_ENUM, ACC_INTERFACE, ACC_PUBLIC, ACC_STATIC, ACC_SYNTHETIC,
};
use crate::drivers::graphs::{self, Item};
use crate::drivers::instances::{self, is_identifier, param_names, TypeTable};
use crate::drivers::plan::{Constants, Driver, Param, Plan, Step, Value};
use crate::drivers::types::{self, JType};

/// What to fuzz.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// Every public method of one class (binary name).
    Class(String),
    /// One method (every overload), or one overload with `(type,type)` in Java spelling.
    Target { class: String, method: String, params: Option<Vec<String>> },
    /// Every public class in a package and its subpackages.
    Package(String),
}

impl Selection {
    /// Parses `--target Class::method` or `Class::method(byte[],int)`.
    pub fn parse_target(s: &str) -> Result<Selection, String> {
        let (class, rest) = s.split_once("::").ok_or_else(|| format!("--target `{s}`: write Class::method, e.g. --target 'com.acme.Codec::decode' or 'com.acme.Codec::decode(byte[],int)'"))?;
        let (method, params) = match rest.split_once('(') {
            Some((m, p)) => {
                let p = p
                    .strip_suffix(')')
                    .ok_or_else(|| format!("--target `{s}`: missing `)` after the parameter list"))?;
                let list =
                    if p.trim().is_empty() { vec![] } else { p.split(',').map(|x| x.trim().to_string()).collect() };
                (m.to_string(), Some(list))
            }
            None => (rest.to_string(), None),
        };
        if class.is_empty() || !is_identifier(&method) {
            return Err(format!("--target `{s}`: write Class::method with a class's binary name and a method name"));
        }
        Ok(Selection::Target { class: class.to_string(), method, params })
    }
}

/// Why a public method got no driver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub method: String,
    pub reason: String,
}

#[derive(Debug, Clone, Default)]
pub struct Report {
    pub classes: usize,
    pub public_methods: usize,
    pub skipped: Vec<Skipped>,
    pub refused_class_files: usize,
    /// Classes left out, each with the supertype missing from the class path.
    pub incomplete: Vec<(String, String)>,
    /// Classes of a `--package` left out: their module descriptor does not export their
    /// package (named exactly, a package is fuzzed all the same).
    pub unexported: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    #[error("class {0} not found on --cp (give its binary name, e.g. com.acme.Codec or com.acme.Outer$Inner)")]
    NoClass(String),
    #[error("class {0} extends or implements {1}, which is not on --cp: add the jar that holds it")]
    Incomplete(String, String),
    #[error("class {0} is not public (or not accessible from another package): drivers can only call public API")]
    NotPublic(String),
    #[error("no public method named `{method}` in {class}{detail}")]
    NoMethod { class: String, method: String, detail: String },
    #[error("no public class in package {0} on --cp")]
    EmptyPackage(String),
    #[error("{0}")]
    ParamGrammar(String),
}

pub struct Options {
    pub nulls: bool,
    /// `--param-grammar`: parameters whose values are derived from a grammar.
    pub param_grammars: Vec<ParamGrammar>,
}

/// One `--param-grammar METHOD#INDEX=FILE[:START]`.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamGrammar {
    pub class: String,
    pub method: String,
    pub params: Option<Vec<String>>,
    pub index: usize,
    pub file: String,
    pub start: Option<String>,
}

impl ParamGrammar {
    /// Parses `com.acme.Sql::parse(String)#0=sql.g4` (`:rule` after the file picks the start).
    pub fn parse(s: &str) -> Result<ParamGrammar, String> {
        let usage =
            "write METHOD#INDEX=FILE[:START], e.g. --param-grammar 'com.acme.Sql::parse(String)#0=sql.g4:statement'";
        let (method, rest) = s.split_once('#').ok_or_else(|| format!("--param-grammar `{s}`: {usage}"))?;
        let (index, file) = rest.split_once('=').ok_or_else(|| format!("--param-grammar `{s}`: {usage}"))?;
        let index: usize = index
            .trim()
            .parse()
            .map_err(|_| format!("--param-grammar `{s}`: `{index}` is not a parameter index (0 is the first)"))?;
        let (file, start) = match file.rsplit_once(':') {
            Some((f, r)) if is_identifier(r) => (f.to_string(), Some(r.to_string())),
            _ => (file.to_string(), None),
        };
        let Selection::Target { class, method, params } =
            Selection::parse_target(method).map_err(|e| e.replacen("--target", "--param-grammar", 1))?
        else {
            return Err(format!("--param-grammar `{s}`: {usage}"));
        };
        Ok(ParamGrammar { class, method, params, index, file, start })
    }

    fn matches(&self, class: &str, m: &Method) -> bool {
        self.class.replace('.', "/") == class
            && self.method == m.name
            && self.params.as_ref().is_none_or(|p| params_match(&m.desc, p))
    }
}

/// A method name, and its parameter types when the selection names an overload.
type MethodFilter = (String, Option<Vec<String>>);

pub fn plan(pool: &ClassPool, sel: &Selection, opts: &Options) -> Result<(Plan, Report), PlanError> {
    let table = TypeTable::build(pool, opts.nulls);
    let mut report =
        Report { refused_class_files: pool.refused.len(), incomplete: pool.incomplete.clone(), ..Report::default() };
    let (classes, method_filter): (Vec<&Class>, Option<MethodFilter>) = match sel {
        Selection::Class(c) | Selection::Target { class: c, .. } => {
            let internal = c.replace('.', "/");
            if let Some((_, missing)) = pool.incomplete.iter().find(|(n, _)| *n == internal) {
                return Err(PlanError::Incomplete(c.clone(), missing.replace('/', ".")));
            }
            let class = pool.get(&internal).ok_or_else(|| PlanError::NoClass(c.clone()))?;
            if !instances::usable(class) {
                return Err(PlanError::NotPublic(c.clone()));
            }
            let filter = match sel {
                Selection::Target { method, params, .. } => Some((method.clone(), params.clone())),
                _ => None,
            };
            (vec![class], filter)
        }
        Selection::Package(p) => {
            let prefix = format!("{}/", p.replace('.', "/"));
            let named = |c: &Class| c.name.rsplit_once('/').is_some_and(|(pkg, _)| format!("{pkg}/") == prefix);
            let (cs, unexported): (Vec<&Class>, Vec<&Class>) = pool
                .classes
                .values()
                .filter(|c| c.name.starts_with(&prefix) && instances::usable(c))
                .partition(|c| !c.hidden || named(c));
            report.unexported = unexported.len();
            if cs.is_empty() {
                return Err(PlanError::EmptyPackage(p.clone()));
            }
            (cs, None)
        }
    };
    let mut plan = Plan::default();
    let mut roots: BTreeSet<String> = BTreeSet::new();
    let mut grammar_uses: Vec<ParamGrammar> = Vec::new();
    for class in classes {
        report.classes += 1;
        let g = graphs::build(pool, class);
        let mut names_used: BTreeMap<String, usize> = BTreeMap::new();
        let mut any = false;
        for m in &class.methods {
            if m.access & ACC_PUBLIC == 0
                || m.access & (ACC_SYNTHETIC | ACC_BRIDGE) != 0
                || m.name.starts_with('<')
                || m.name.starts_with("lambda$")
            {
                continue;
            }
            if let Some((name, params)) = &method_filter {
                if &m.name != name {
                    continue;
                }
                if let Some(p) = params {
                    if !params_match(&m.desc, p) {
                        continue;
                    }
                }
            }
            report.public_methods += 1;
            let label = format!("{}.{}{}", class.name.replace('/', "."), m.name, m.desc);
            match driver_for(pool, &table, class, &g, m) {
                Ok(mut d) => {
                    for pg in opts.param_grammars.iter().filter(|pg| pg.matches(&class.name, m)) {
                        let Some(p) = d.params.get_mut(pg.index) else { continue };
                        let bytes = p.ty == JType::Array(Box::new(JType::Prim('B')));
                        let text = matches!(&p.ty, JType::Object(n, _) if n == "java/lang/String" || n == "java/lang/CharSequence");
                        if bytes || text {
                            p.value = Value::Grammar { file: pg.file.clone(), start: pg.start.clone(), bytes };
                            grammar_uses.push(pg.clone());
                        }
                    }
                    let n = names_used.entry(m.name.clone()).or_insert(0);
                    *n += 1;
                    d.java_name = if *n == 1 { m.name.clone() } else { format!("{}_{}", m.name, n) };
                    d.id = plan.drivers.len();
                    if let Some(r) = &d.receiver {
                        let mut v = Vec::new();
                        instances::collect_instances(r, &mut v);
                        roots.extend(v);
                    }
                    for p in d.params.iter().chain(d.steps.iter().flat_map(|s| match s {
                        Step::Call { params, .. } => params.iter().collect::<Vec<_>>(),
                        Step::SetField { param, .. } => vec![param],
                    })) {
                        let mut v = Vec::new();
                        instances::collect_instances(&p.value, &mut v);
                        roots.extend(v);
                    }
                    plan.drivers.push(d);
                    any = true;
                }
                Err(reason) => report.skipped.push(Skipped { method: label, reason }),
            }
        }
        if any {
            plan.constants.push((class.name.clone(), constants(class)));
        }
    }
    plan.extensions = file_extensions(pool);
    if let (Some((name, params)), 0) = (&method_filter, report.public_methods) {
        let class = match sel {
            Selection::Target { class, .. } => class.clone(),
            _ => String::new(),
        };
        let detail = if params.is_some() { " with those parameter types".to_string() } else { String::new() };
        return Err(PlanError::NoMethod { class, method: name.clone(), detail });
    }
    if let Some(pg) = opts.param_grammars.iter().find(|pg| !grammar_uses.contains(pg)) {
        return Err(PlanError::ParamGrammar(format!(
            "--param-grammar {}::{}#{}: no driven method has a String, CharSequence or byte[] parameter {} there (indexes start at 0)",
            pg.class, pg.method, pg.index, pg.index
        )));
    }
    plan.helpers = table.helpers(&roots);
    Ok((plan, report))
}

/// `params` in Java spelling (`byte[]`, `int`, `String` or `java.lang.String`) against a descriptor.
fn params_match(desc: &str, params: &[String]) -> bool {
    let Some(ps) = types::method_params(desc, None) else { return false };
    ps.len() == params.len()
        && ps.iter().zip(params).all(|(t, want)| {
            let full = t.java();
            let want = want.replace(' ', "");
            full == want || full.rsplit('.').next() == Some(want.as_str()) || full.ends_with(&format!(".{want}"))
        })
}

fn driver_for(
    pool: &ClassPool,
    table: &TypeTable,
    class: &Class,
    g: &graphs::Graphs,
    m: &Method,
) -> Result<Driver, String> {
    let is_static = m.access & ACC_STATIC != 0;
    if m.access & ACC_ABSTRACT != 0 {
        return Err("abstract".into());
    }
    if !is_identifier(&m.name) {
        return Err("name is not a Java identifier".into());
    }
    // Compiler-generated enum methods (JaCoCo filters them too): nothing of the author's to test.
    if class.access & ACC_ENUM != 0
        && is_static
        && (m.name == "values" || (m.name == "valueOf" && m.desc.starts_with("(Ljava/lang/String;)")))
    {
        return Err("enum values()/valueOf(String), compiler-generated".into());
    }
    if !pool.resolves(&m.desc) {
        return Err("a type of its signature is missing from the class path".into());
    }
    // Seed rule (2): a method with no branch, no call and no throw cannot fail: a getter/setter.
    if m.branches == 0 && !m.throws && m.calls.is_empty() {
        return Err("trivial (no branch, call or throw)".into());
    }
    let receiver = if is_static {
        None
    } else if class.access & ACC_ENUM != 0 {
        Some(Value::Enum(class.name.clone()))
    } else if class.access & ACC_INTERFACE != 0 || table.is_buildable(&class.name) {
        if !table.is_buildable(&class.name) {
            return Err("no implementation of this interface can be built".into());
        }
        Some(Value::Instance(class.name.clone()))
    } else {
        return Err("no public constructor, factory or subclass builds the receiver".into());
    };
    let types = types::method_params(&m.desc, m.signature.as_deref()).ok_or("unreadable descriptor")?;
    let names = param_names(&m.param_names, types.len());
    let mut params = Vec::new();
    for (n, t) in names.iter().zip(&types) {
        params.push(table.param(t, n).ok_or_else(|| format!("cannot build a {}", t.java()))?);
    }
    let key = (class.name.clone(), m.name.clone(), m.desc.clone());
    let cost = |mm: &Method| -> Option<u32> {
        // A modifier inherited from a generic superclass may take the superclass's type
        // variable, bound to an unknown type here: calling it is a guess that may not compile.
        if mm.signature.as_deref().is_some_and(types::uses_class_type_variables)
            && !class.methods.iter().any(|x| std::ptr::eq(x, mm))
        {
            return None;
        }
        let ts = types::method_params(&mm.desc, mm.signature.as_deref())?;
        let ns = param_names(&mm.param_names, ts.len());
        ts.iter().zip(&ns).map(|(t, n)| table.value_for(t, n).map(|v| v.cost())).sum()
    };
    let settable = |d: &str| d.len() == 1 || d == "Ljava/lang/String;";
    let items = graphs::sequence(pool, class, g, &key, is_static, &cost, &settable);
    let mut steps = Vec::new();
    for (item, field) in items {
        match item {
            Item::Field((_, name)) => {
                let Some(f) =
                    graphs::lineage(pool, class).iter().find_map(|c| c.fields.iter().find(|x| x.name == name)).cloned()
                else {
                    continue;
                };
                let Some(ty) = types::parse_descriptor(&f.desc) else { continue };
                let Some(value) = table.value_for(&ty, &name) else { continue };
                steps.push(Step::SetField { name: name.clone(), param: Param { name, ty, value } });
            }
            Item::Method((owner, name, desc)) => {
                let Some(mm) =
                    pool.get(&owner).and_then(|c| c.methods.iter().find(|x| x.name == name && x.desc == desc))
                else {
                    continue;
                };
                if !pool.resolves(&mm.desc) {
                    continue;
                }
                let Some(ts) = types::method_params(&mm.desc, mm.signature.as_deref()) else { continue };
                let ns = param_names(&mm.param_names, ts.len());
                let ps: Option<Vec<Param>> = ts.iter().zip(&ns).map(|(t, n)| table.param(t, n)).collect();
                let Some(ps) = ps else { continue };
                let cast = pool.get(&owner).is_some_and(|c| instances::overloaded(c, &name, ps.len()));
                steps.push(Step::Call { name, params: ps, fields: vec![field.1.clone()], cast });
            }
        }
    }
    let reads = g.access.get(&key).map(|fs| fs.iter().map(|f| f.1.clone()).collect()).unwrap_or_default();
    Ok(Driver {
        id: 0,
        class: class.name.clone(),
        method: m.name.clone(),
        desc: m.desc.clone(),
        java_name: m.name.clone(),
        receiver,
        steps,
        params,
        reads,
        store_lines: m.store_lines.clone(),
        reads_array_length: m.reads_array_length,
    })
}

/// Every string constant on the class path shaped like a file-name extension, dotted and sorted
/// (so one selector always means the same extension). Libraries that pick a format by file name
/// declare their extensions as such constants (commons-imaging's `ImageFormats`: "xpm", "pnm",
/// ...), usually in a class other than the one under test, and compare them in a dependency
/// (commons-lang3's `ArrayUtils.contains`) that the comparison hooks do not see.
fn file_extensions(pool: &ClassPool) -> Vec<String> {
    let mut set = BTreeSet::new();
    for c in pool.classes.values() {
        for s in c.strings.iter().flat_map(|s| s.split('\u{1}')) {
            if let Some(e) = as_extension(s) {
                set.insert(e);
            }
        }
    }
    set.into_iter().collect()
}

/// `xpm` or `.xpm` -> `.xpm`: 2-4 ASCII lowercase letters and digits, at least one letter.
fn as_extension(s: &str) -> Option<String> {
    let body = s.strip_prefix('.').unwrap_or(s);
    let shaped = (2..=4).contains(&body.len())
        && body.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && body.bytes().any(|b| b.is_ascii_lowercase());
    shaped.then(|| format!(".{body}"))
}

/// The class's constants (its constant pool plus bipush/sipush operands), at most 255 each.
fn constants(class: &Class) -> Constants {
    let mut c = Constants::default();
    let mut ints = BTreeSet::new();
    let mut longs = BTreeSet::new();
    for v in class.longs.iter().chain(class.methods.iter().flat_map(|m| m.ints.iter())) {
        if let Ok(i) = i32::try_from(*v) {
            if !(-1..=1).contains(&i) && ints.insert(i) {
                c.ints.push(i);
            }
        } else if longs.insert(*v) {
            c.longs.push(*v);
        }
    }
    let mut seen = BTreeSet::new();
    for d in &class.doubles {
        if seen.insert(d.to_bits()) {
            c.doubles.push(*d);
        }
    }
    let mut strings = BTreeSet::new();
    // \u{1} marks a hole in a string-concatenation recipe: its literal parts are the values.
    for s in class.strings.iter().flat_map(|s| s.split('\u{1}')).filter(|p| !p.is_empty() || !class.strings.is_empty())
    {
        if s.chars().count() <= 256 && strings.insert(s.to_string()) {
            c.strings.push(s.to_string());
        }
    }
    c.ints.truncate(255);
    c.longs.truncate(255);
    c.doubles.truncate(255);
    c.strings.truncate(255);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_shapes() {
        assert_eq!(as_extension("xpm").as_deref(), Some(".xpm"));
        assert_eq!(as_extension(".tif").as_deref(), Some(".tif"));
        assert_eq!(as_extension("mp3").as_deref(), Some(".mp3"));
        for no in ["x", "abcde", "XPM", "12", "a-b", ".", "", "é1"] {
            assert_eq!(as_extension(no), None, "{no}");
        }
    }

    #[test]
    fn target_syntax() {
        assert_eq!(
            Selection::parse_target("com.a.B::decode").unwrap(),
            Selection::Target { class: "com.a.B".into(), method: "decode".into(), params: None }
        );
        assert_eq!(
            Selection::parse_target("com.a.B::decode(byte[], int)").unwrap(),
            Selection::Target {
                class: "com.a.B".into(),
                method: "decode".into(),
                params: Some(vec!["byte[]".into(), "int".into()])
            }
        );
        assert!(Selection::parse_target("com.a.B").is_err());
        assert!(Selection::parse_target("com.a.B::decode(int").is_err());
        assert!(params_match("([BI)V", &["byte[]".into(), "int".into()]));
        assert!(params_match("(Ljava/lang/String;)V", &["String".into()]));
        assert!(!params_match("(Ljava/lang/String;)V", &["int".into()]));
    }
}

#[cfg(test)]
mod param_grammar_tests {
    use super::ParamGrammar;

    #[test]
    fn specs_name_the_method_the_parameter_the_file_and_the_start() {
        let pg = ParamGrammar::parse("com.a.Sql::parse(String,int)#0=/g/sql#2.g4:statement").unwrap();
        assert_eq!((pg.class.as_str(), pg.method.as_str()), ("com.a.Sql", "parse"));
        assert_eq!(pg.params, Some(vec!["String".to_string(), "int".to_string()]));
        assert_eq!((pg.index, pg.file.as_str(), pg.start.as_deref()), (0, "/g/sql#2.g4", Some("statement")));
        let pg = ParamGrammar::parse("com.a.Sql::parse#1=sql.json").unwrap();
        assert_eq!((pg.params, pg.index, pg.file.as_str(), pg.start), (None, 1, "sql.json", None));
        assert!(ParamGrammar::parse("com.a.Sql::parse#x=sql.g4").unwrap_err().contains("not a parameter index"));
        assert!(ParamGrammar::parse("com.a.Sql::parse=sql.g4").unwrap_err().contains("write METHOD#INDEX=FILE"));
    }
}
