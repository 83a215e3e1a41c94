//! Readable JUnit 5 reproducers for findings of generated drivers. The failing input is run once
//! more with recording on (`Expected.trace`), which yields every decision and value as Java
//! source; this module walks the driver's [`Plan`] with that trace, exactly as the driver did,
//! and writes the same objects, the same values and the same calls as straight-line code. No
//! byte blob: a `byte[]` argument is written as the array it was.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::drivers::java::{array_new, boxed, cast_to, handle_call, local_name, LocalNames, HANDLE_COMMENT};
use crate::drivers::plan::{Alt, AltKind, Driver, Param, Plan, Step, Value, MAX_DEPTH};
use crate::drivers::types::{java_name, JType};

/// One trace entry: a choice index or a value's Java expression.
#[derive(Debug, Clone, PartialEq)]
enum Entry {
    Choice(usize),
    Value(String),
}

fn parse_trace(trace: &str) -> Vec<Entry> {
    trace
        .lines()
        .filter_map(|l| {
            let (k, rest) = l.split_at_checked(2)?;
            match k {
                "c " => rest.parse().ok().map(Entry::Choice),
                "v " => Some(Entry::Value(rest.to_string())),
                _ => None,
            }
        })
        .collect()
}

struct Walker<'a> {
    plan: &'a Plan,
    trace: std::vec::IntoIter<Entry>,
    lines: Vec<String>,
    names: LocalNames,
}

impl Walker<'_> {
    fn choice(&mut self) -> Option<usize> {
        match self.trace.next()? {
            Entry::Choice(c) => Some(c),
            Entry::Value(_) => None,
        }
    }

    fn value_text(&mut self) -> Option<String> {
        match self.trace.next()? {
            Entry::Value(v) => Some(v),
            Entry::Choice(_) => None,
        }
    }

    fn fresh(&mut self, hint: &str) -> String {
        self.names.fresh(hint)
    }

    fn line(&mut self, s: String) {
        self.lines.push(format!("        {s}"));
    }

    /// The expression of one value, as the driver built it (None: the trace ended there).
    fn value(&mut self, v: &Value, hint: &str, depth: u32) -> Option<String> {
        match v {
            Value::Prim(_)
            | Value::Builtin(_)
            | Value::FilePath
            | Value::Enum(_)
            | Value::ClassWithin(_)
            | Value::Grammar { .. } => self.value_text(),
            Value::Fixed(e) => Some((*e).to_string()),
            Value::Instance(t) => self.helper(t, depth),
            Value::Array(e, et) => {
                let n = self.choice()?;
                let items: Option<Vec<String>> = (0..n).map(|_| self.value(e, "element", depth)).collect();
                let (base, dims) = array_new(et);
                Some(format!("new {base}[]{dims} {{{}}}", items?.join(", ")))
            }
            Value::Collection(imp, e, et) => {
                let n = self.choice()?;
                let items: Option<Vec<String>> = (0..n).map(|_| self.value(e, "element", depth)).collect();
                let name = self.fresh(hint);
                self.line(format!("{imp}<{}> {name} = new {imp}<>();", boxed(et)));
                for i in items? {
                    self.line(format!("{name}.add({i});"));
                }
                Some(name)
            }
            Value::Map(imp, k, kt, val, vt) => {
                let n = self.choice()?;
                let mut entries = Vec::new();
                for _ in 0..n {
                    let key = self.value(k, "key", depth)?;
                    let x = self.value(val, "value", depth)?;
                    entries.push((key, x));
                }
                let name = self.fresh(hint);
                self.line(format!("{imp}<{}, {}> {name} = new {imp}<>();", boxed(kt), boxed(vt)));
                for (key, x) in entries {
                    self.line(format!("{name}.put({key}, {x});"));
                }
                Some(name)
            }
            Value::Optional(e, _) => {
                if self.choice()? == 1 {
                    Some(format!("java.util.Optional.of({})", self.value(e, hint, depth)?))
                } else {
                    Some("java.util.Optional.empty()".into())
                }
            }
            Value::Returning(inner) => {
                let x = self.value(inner, "result", depth)?;
                Some(format!("(java.util.function.Function) x -> {x}"))
            }
            Value::Nullable(inner) => {
                if self.choice()? == 1 {
                    Some("null".into())
                } else {
                    self.value(inner, hint, depth)
                }
            }
        }
    }

    /// An instance helper's result, assigned to a local named after its type.
    fn helper(&mut self, ty: &str, depth: u32) -> Option<String> {
        let h = self.plan.helper(ty)?;
        let alts: Vec<&Alt> = if depth > MAX_DEPTH { h.leaves() } else { h.alts.iter().collect() };
        if alts.is_empty() {
            return None;
        }
        let k = if alts.len() == 1 { 0 } else { self.choice()? };
        let alt = *alts.get(k)?;
        let expr = match &alt.kind {
            AltKind::New(c) => {
                format!("new {}({})", java_name(c), self.args(&alt.params, depth + 1, alt.cast)?.join(", "))
            }
            AltKind::Static(c, m) => {
                format!("{}.{m}({})", java_name(c), self.args(&alt.params, depth + 1, alt.cast)?.join(", "))
            }
            AltKind::Field(c, f) => format!("{}.{f}", java_name(c)),
            AltKind::Subtype(k) => return self.helper(k, depth + 1),
            AltKind::Method(c, m) => {
                let recv = self.helper(c, depth + 1)?;
                format!("{recv}.{m}({})", self.args(&alt.params, depth + 1, alt.cast)?.join(", "))
            }
        };
        let t = JType::object(ty);
        let name = self.fresh(&t.simple());
        self.line(format!("{} {name} = {expr};", t.java()));
        Some(name)
    }

    fn args(&mut self, params: &[Param], depth: u32, cast: bool) -> Option<Vec<String>> {
        params
            .iter()
            .map(|p| {
                let x = self.value(&p.value, &p.name, depth)?;
                Some(if cast { cast_to(&p.ty, &x) } else { x })
            })
            .collect()
    }

    /// Walks one driver; statements stop where the recorded run stopped.
    fn driver(&mut self, d: &Driver, by_handle: bool) -> Option<()> {
        let owner = java_name(&d.class);
        let recv = match &d.receiver {
            Some(r) => {
                let t = JType::object(&d.class);
                let x = self.value(r, &t.simple(), 0)?;
                if matches!(r, Value::Instance(_)) {
                    x
                } else {
                    let name = self.fresh(&t.simple());
                    self.line(format!("{owner} {name} = {x};"));
                    name
                }
            }
            None => owner,
        };
        if !d.steps.is_empty() {
            let n = self.choice()?;
            for _ in 0..n {
                let k = if d.steps.len() == 1 { 0 } else { self.choice()? };
                match d.steps.get(k)? {
                    Step::Call { name, params, cast, .. } => {
                        let args = self.args(params, 0, *cast)?;
                        self.line(format!("{recv}.{name}({});", args.join(", ")));
                    }
                    Step::SetField { name, param } => {
                        let x = self.value(&param.value, &param.name, 0)?;
                        self.line(format!("{recv}.{name} = {x};"));
                    }
                }
            }
        }
        let mut args = Vec::new();
        for p in &d.params {
            let x = self.value(&p.value, &p.name, 0)?;
            let name = self.fresh(&p.name);
            self.line(format!("{} {name} = {x};", p.ty.java()));
            args.push(name);
        }
        if by_handle {
            let owner = java_name(&d.class);
            let find = if d.receiver.is_some() { "findVirtual" } else { "findStatic" };
            self.line(HANDLE_COMMENT.to_string());
            self.line(format!(
                "java.lang.invoke.MethodHandle handle = java.lang.invoke.MethodHandles.publicLookup().{find}({owner}.class, \"{}\", java.lang.invoke.MethodType.fromMethodDescriptorString(\"{}\", {owner}.class.getClassLoader()));",
                d.method, d.desc
            ));
            self.line(handle_call("handle", d, &recv, &args));
        } else {
            self.line(format!("{recv}.{}({});", d.method, args.join(", ")));
        }
        Some(())
    }
}

/// TypedValues.bufferedImage's pixels, for reproducers that pass an image.
const IMAGE_HELPER: &str = "
    /** The image the driver built: w x h of the given type, pixel (x, y) = seed * (31 * y + x + 1). */
    static java.awt.image.BufferedImage jvmfuzzImage(int w, int h, int type, int seed) {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(w, h, type);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, seed * (31 * y + x + 1));
            }
        }
        return img;
    }
";

/// What a finding's reproducer needs to say about the failure.
pub struct FindingInfo<'a> {
    pub id: &'a str,
    pub exception: &'a str,
    pub message: &'a str,
    pub class_path: &'a str,
}

/// The JUnit 5 test class for `trace` (from `Expected.trace`), or None if the trace does not
/// match the plan (e.g. drivers regenerated since).
/// `by_handle`: the drivers that call their method through a method handle (see
/// [`crate::drivers::java::handle_call`]); the reproducer does the same.
pub fn junit(plan: &Plan, trace: &str, f: &FindingInfo, by_handle: &BTreeSet<usize>) -> Option<String> {
    let entries = parse_trace(trace);
    let mut w = Walker { plan, trace: entries.into_iter(), lines: Vec::new(), names: Default::default() };
    let m = w.choice()?;
    let d = plan.drivers.get(m)?;
    let complete = w.driver(d, by_handle.contains(&d.id)).is_some();
    let detector = crate::detectors::of_finding(f.exception, f.message);
    let class_path = match detector {
        Some(_) => format!("{}:jvmfuzz-junit.jar", f.class_path),
        None => f.class_path.to_string(),
    };
    let mut s = String::new();
    let _ = writeln!(s, "// jvmfuzz finding {}: {}: {}", f.id, f.exception, f.message.replace(['\n', '\r'], " "));
    let _ = writeln!(
        s,
        "// The calls the generated driver {}.{} made on the failing input.",
        d.driver_class(),
        d.java_name
    );
    let _ = writeln!(s, "// Run it with the target on the class path, e.g.:");
    let _ = writeln!(s, "//   javac -cp {class_path}:junit-platform-console-standalone.jar ReproducerTest.java");
    let _ = writeln!(
        s,
        "//   java -jar junit-platform-console-standalone.jar -cp {class_path}:. --select-class ReproducerTest"
    );
    if let Some(d) = detector {
        s.push_str(&crate::findings::detector_note(d.name));
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "import org.junit.jupiter.api.Test;\n");
    let _ = writeln!(s, "class ReproducerTest {{");
    let _ = writeln!(s, "    /** Expected to throw {}. */", f.exception);
    let _ = writeln!(s, "    @Test");
    let _ = writeln!(s, "    @SuppressWarnings({{\"rawtypes\", \"unchecked\", \"deprecation\"}})");
    let _ = writeln!(s, "    void {}() throws Throwable {{", local_name(&d.java_name));
    // A detector's finding: the same calls inside Detectors.replay, one level deeper.
    let indent = if detector.is_some() { "    " } else { "" };
    if detector.is_some() {
        let _ = writeln!(s, "        {}.replay(() -> {{", crate::findings::DETECTORS_CLASS);
    }
    for l in &w.lines {
        let _ = writeln!(s, "{indent}{l}");
    }
    if !complete {
        let _ = writeln!(s, "{indent}        // (the failure happened here, before the method under test was called)");
    }
    if detector.is_some() {
        let _ = writeln!(s, "        }});");
    }
    let _ = writeln!(s, "    }}");
    if w.lines.iter().any(|l| l.contains("jvmfuzzImage(")) {
        s.push_str(IMAGE_HELPER);
    }
    let _ = writeln!(s, "}}");
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drivers::plan::Helper;

    fn plan() -> Plan {
        let account = "com/acme/Account".to_string();
        Plan {
            drivers: vec![Driver {
                id: 0,
                class: account.clone(),
                method: "withdraw".into(),
                desc: "(I)V".into(),
                java_name: "withdraw".into(),
                receiver: Some(Value::Instance(account.clone())),
                steps: vec![
                    Step::Call {
                        name: "deposit".into(),
                        params: vec![Param { name: "amount".into(), ty: JType::Prim('I'), value: Value::Prim('I') }],
                        fields: vec!["balance".into()],
                        cast: false,
                    },
                    Step::Call { name: "freeze".into(), params: vec![], fields: vec!["frozen".into()], cast: false },
                ],
                params: vec![Param { name: "amount".into(), ty: JType::Prim('I'), value: Value::Prim('I') }],
                reads: vec!["balance".into(), "frozen".into()],
                store_lines: vec![],
                reads_array_length: false,
            }],
            helpers: vec![Helper {
                ty: account.clone(),
                method: "newAccount".into(),
                alts: vec![
                    Alt { kind: AltKind::New(account.clone()), params: vec![], cost: 1, cast: false },
                    Alt {
                        kind: AltKind::New(account),
                        params: vec![Param {
                            name: "owner".into(),
                            ty: JType::object("java/lang/String"),
                            value: Value::Builtin("string"),
                        }],
                        cost: 2,
                        cast: false,
                    },
                ],
            }],
            constants: vec![],
            extensions: vec![],
        }
    }

    #[test]
    fn walks_the_plan_with_the_trace() {
        let trace = "c 0\nc 1\nv \"bob\"\nc 2\nc 0\nv 1234567\nc 1\nv 5\n";
        let f = FindingInfo {
            id: "abc",
            exception: "java.lang.IllegalStateException",
            message: "bug",
            class_path: "app.jar",
        };
        let src = junit(&plan(), trace, &f, &BTreeSet::new()).unwrap();
        let body: Vec<&str> = src
            .lines()
            .map(str::trim)
            .filter(|l| l.contains(';') && !l.starts_with("//") && !l.starts_with("import"))
            .collect();
        assert_eq!(
            body,
            vec![
                "com.acme.Account account = new com.acme.Account(\"bob\");",
                "account.deposit(1234567);",
                "account.freeze();",
                "int amount = 5;",
                "account.withdraw(amount);",
            ]
        );
        assert!(!src.contains("the failure happened here"));
    }

    #[test]
    fn stops_where_the_run_stopped() {
        // The run ended inside the method sequence (a modifier threw).
        let trace = "c 0\nc 0\nc 2\nc 1\n";
        let f = FindingInfo { id: "abc", exception: "E", message: "", class_path: "." };
        let src = junit(&plan(), trace, &f, &BTreeSet::new()).unwrap();
        assert!(src.contains("account.freeze();"));
        assert!(!src.contains("account.withdraw("));
        assert!(src.contains("the failure happened here"));
        // A trace of another plan is refused.
        assert!(junit(&plan(), "c 7\n", &f, &BTreeSet::new()).is_none());
    }

    #[test]
    fn a_detector_finding_replays_through_the_detectors() {
        let trace = "c 0\nc 1\nv \"bob\"\nc 2\nc 0\nv 1234567\nc 1\nv 5\n";
        let f = FindingInfo {
            id: "abc",
            exception: "com.jvmfuzz.shim.detectors.SecurityIssue",
            message: "sql-injection: the input changes the query",
            class_path: "app.jar",
        };
        let src = junit(&plan(), trace, &f, &BTreeSet::new()).unwrap();
        let start = src.find("com.jvmfuzz.junit.Detectors.replay(() -> {").expect(&src);
        let call = src.find("account.withdraw(amount);").expect(&src);
        let end = src.rfind("});").expect(&src);
        assert!(start < call && call < end, "{src}");
        assert!(src.contains("app.jar:jvmfuzz-junit.jar"), "{src}");
        // Any other exception is called plainly.
        let plain = FindingInfo { exception: "java.lang.IllegalStateException", ..f };
        assert!(!junit(&plan(), trace, &plain, &BTreeSet::new()).unwrap().contains("Detectors"));
    }
}
