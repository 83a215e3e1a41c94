//! Renders a [`Plan`] as Java source: one driver class per target class (one driver method per
//! method under test, like JDriver's output), the `Instances` helper class, and the `Dispatch`
//! harness that picks a driver method from the input. The source is meant to be read and kept:
//! locals are named after parameters, and every value is one visible `v.<type>()` call.
//!
//! Evaluation order is the plan's order. Whenever a value needs statements of its own (arrays,
//! collections), all the arguments of that call are hoisted into locals, left to right, so
//! Java's argument evaluation cannot reorder what is read from the input.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::rc::Rc;

use crate::drivers::plan::{
    driver_class_of, Alt, AltKind, Constants, Driver, Helper, Param, Plan, Step, Value, DISPATCH, INSTANCES, MAX_DEPTH,
    MAX_STEPS,
};
use crate::drivers::types::{java_name, JType};

/// (path relative to the source root, content). The drivers whose ids are in `by_handle` call
/// their method through a `MethodHandle` ([`handle_call`]): javac could not resolve the direct call.
pub fn render(plan: &Plan, by_handle: &BTreeSet<usize>) -> Vec<(String, String)> {
    let helpers: Rc<BTreeMap<String, String>> =
        Rc::new(plan.helpers.iter().map(|h| (h.ty.clone(), h.method.clone())).collect());
    let mut files = Vec::new();
    let mut by_class: BTreeMap<&str, Vec<&Driver>> = BTreeMap::new();
    for d in &plan.drivers {
        by_class.entry(d.class.as_str()).or_default().push(d);
    }
    for (class, drivers) in by_class {
        let consts = plan.constants.iter().find(|(c, _)| c == class).map(|(_, k)| k.clone()).unwrap_or_default();
        let fq = driver_class_of(class);
        files.push((
            format!("{}.java", fq.replace('.', "/")),
            driver_class(class, &fq, &drivers, &consts, &helpers, by_handle),
        ));
    }
    files.push((format!("{}.java", INSTANCES.replace('.', "/")), instances_class(plan, &helpers)));
    files.push((format!("{}.java", DISPATCH.replace('.', "/")), dispatch_class(plan)));
    files
}

/// Builds statements and expressions, with fresh local names.
struct Body {
    lines: Vec<String>,
    indent: usize,
    names: LocalNames,
    /// Helper method name by type.
    helpers: Rc<BTreeMap<String, String>>,
}

impl Body {
    fn new(indent: usize, helpers: &Rc<BTreeMap<String, String>>) -> Body {
        Body { lines: Vec::new(), indent, names: LocalNames::default(), helpers: Rc::clone(helpers) }
    }

    fn line(&mut self, s: impl AsRef<str>) {
        self.lines.push(format!("{}{}", "    ".repeat(self.indent), s.as_ref()));
    }

    /// A local name based on `hint`, unique in this body.
    fn fresh(&mut self, hint: &str) -> String {
        self.names.fresh(hint)
    }

    /// The expression for `value`; statements it needs go to the body first.
    fn expr(&mut self, value: &Value, ty: &JType, hint: &str, depth: &str) -> String {
        match value {
            Value::Prim(c) => format!("v.{}()", prim_method(*c)),
            Value::Builtin(m) => format!("v.{m}()"),
            Value::FilePath => "v.filePath()".into(),
            Value::Grammar { file, start, bytes } => format!(
                "v.{}({}, {})",
                if *bytes { "grammarBytes" } else { "grammarString" },
                string_literal(file),
                start.as_deref().map_or_else(|| "null".to_string(), string_literal)
            ),
            Value::Fixed(e) => (*e).to_string(),
            Value::Enum(t) => format!("v.enumValue({}.class)", java_name(t)),
            Value::ClassWithin(t) => format!("v.type({}.class)", java_name(t)),
            Value::Instance(t) => {
                format!("Instances.{}(v, {depth})", self.helpers.get(t).map_or("missingHelper", String::as_str))
            }
            Value::Array(e, et) => {
                let name = self.fresh(hint);
                let (base, dims) = array_new(et);
                self.line(format!("{}[] {name} = new {base}[v.size()]{dims};", et.java()));
                let i = self.fresh("index");
                self.line(format!("for (int {i} = 0; {i} < {name}.length; {i}++) {{"));
                self.indent += 1;
                let x = self.expr(e, et, "element", depth);
                self.line(format!("{name}[{i}] = {x};"));
                self.indent -= 1;
                self.line("}");
                name
            }
            Value::Collection(imp, e, et) => {
                let name = self.fresh(hint);
                self.line(format!("{imp} {name} = new {imp}();"));
                let n = self.fresh("count");
                self.line(format!("for (int {n} = v.size(); {n} > 0; {n}--) {{"));
                self.indent += 1;
                let x = self.expr(e, et, "element", depth);
                self.line(format!("{name}.add({x});"));
                self.indent -= 1;
                self.line("}");
                name
            }
            Value::Map(imp, k, kt, val, vt) => {
                let name = self.fresh(hint);
                self.line(format!("{imp} {name} = new {imp}();"));
                let n = self.fresh("count");
                self.line(format!("for (int {n} = v.size(); {n} > 0; {n}--) {{"));
                self.indent += 1;
                let key = self.expr(k, kt, "key", depth);
                let key = self.hoist(&key, kt, "key", k);
                let x = self.expr(val, vt, "value", depth);
                self.line(format!("{name}.put({key}, {x});"));
                self.indent -= 1;
                self.line("}");
                name
            }
            Value::Optional(e, et) => {
                let name = self.fresh(hint);
                self.line(format!("java.util.Optional {name} = java.util.Optional.empty();"));
                self.line("if (v.choice(2) == 1) {");
                self.indent += 1;
                let x = self.expr(e, et, "element", depth);
                self.line(format!("{name} = java.util.Optional.of({x});"));
                self.indent -= 1;
                self.line("}");
                name
            }
            Value::Returning(inner) => {
                let result = JType::object("java/lang/Object");
                let x = self.expr(inner, &result, "result", depth);
                format!("TypedValues.returning({x})")
            }
            Value::Nullable(inner) => {
                let mut probe = Body::new(0, &self.helpers);
                let x = probe.expr(inner, ty, hint, depth);
                if probe.lines.is_empty() {
                    format!("v.isNull() ? null : {x}")
                } else {
                    let name = self.fresh(hint);
                    self.line(format!("{} {name} = null;", ty.java()));
                    self.line("if (!v.isNull()) {");
                    self.indent += 1;
                    let x = self.expr(inner, ty, hint, depth);
                    self.line(format!("{name} = {x};"));
                    self.indent -= 1;
                    self.line("}");
                    name
                }
            }
        }
    }

    /// Keeps a map key in a local so the value's statements run after it.
    fn hoist(&mut self, expr: &str, ty: &JType, hint: &str, value: &Value) -> String {
        if is_simple(value) {
            let name = self.fresh(hint);
            self.line(format!("{} {name} = {expr};", boxed(ty)));
            name
        } else {
            expr.to_string()
        }
    }

    /// Arguments of one call, in order: inline when none needs statements, else all in locals.
    /// `cast`: inline arguments get a cast to their parameter type (an overload of the same
    /// arity exists; locals are typed already).
    fn args(&mut self, params: &[Param], depth: &str, always_locals: bool, cast: bool) -> Vec<String> {
        let needs_statements = params.iter().any(|p| !is_simple(&p.value));
        if !always_locals && !needs_statements {
            return params
                .iter()
                .map(|p| {
                    let x = self.expr(&p.value, &p.ty, &p.name, depth);
                    if cast {
                        cast_to(&p.ty, &x)
                    } else {
                        x
                    }
                })
                .collect();
        }
        let mut out = Vec::new();
        for p in params {
            let x = self.expr(&p.value, &p.ty, &p.name, depth);
            let x = if cast { cast_to(&p.ty, &x) } else { x };
            if is_simple(&p.value) {
                let name = self.fresh(&p.name);
                self.line(format!("{} {name} = {x};", p.ty.java()));
                out.push(name);
            } else {
                out.push(x);
            }
        }
        out
    }
}

/// `(T) x`, with `x` parenthesised unless it is a plain call or name.
pub fn cast_to(ty: &JType, x: &str) -> String {
    if x.contains(' ') {
        format!("({}) ({x})", ty.java())
    } else {
        format!("({}) {x}", ty.java())
    }
}

/// A value with no statements of its own.
fn is_simple(v: &Value) -> bool {
    match v {
        Value::Array(..) | Value::Collection(..) | Value::Map(..) | Value::Optional(..) => false,
        Value::Nullable(inner) | Value::Returning(inner) => is_simple(inner),
        _ => true,
    }
}

/// The boxed type of a primitive (for generic type arguments), else the type itself.
pub fn boxed(t: &JType) -> String {
    match t {
        JType::Prim(c) => match c {
            'Z' => "Boolean",
            'B' => "Byte",
            'S' => "Short",
            'C' => "Character",
            'I' => "Integer",
            'J' => "Long",
            'F' => "Float",
            _ => "Double",
        }
        .to_string(),
        t => t.java(),
    }
}

/// `new T[n][]...` for an array of element type `et`: the base type and the extra dimensions.
pub fn array_new(et: &JType) -> (String, String) {
    let mut dims = String::new();
    let mut t = et;
    while let JType::Array(e) = t {
        dims.push_str("[]");
        t = e;
    }
    (t.java(), dims)
}

pub fn prim_method(c: char) -> &'static str {
    match c {
        'Z' => "bool",
        'B' => "int8",
        'S' => "int16",
        'C' => "char16",
        'I' => "int32",
        'J' => "int64",
        'F' => "float32",
        _ => "float64",
    }
}

/// Local variable names handed out in one method body: `x`, then `x2`, `x3`, ...
#[derive(Debug, Default)]
pub struct LocalNames(BTreeMap<String, usize>);

impl LocalNames {
    /// A name based on `hint` ([`local_name`]) not handed out before.
    pub fn fresh(&mut self, hint: &str) -> String {
        let base = local_name(hint);
        let n = self.0.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 {
            base
        } else {
            format!("{base}{n}")
        }
    }
}

/// A lowerCamel Java identifier from a hint (parameter or type name).
pub fn local_name(hint: &str) -> String {
    let cleaned: String = hint.chars().filter(|c| c.is_alphanumeric() || *c == '_').collect();
    let mut s = match cleaned.chars().next() {
        Some(c) if c.is_alphabetic() => c.to_lowercase().collect::<String>() + &cleaned[c.len_utf8()..],
        Some(_) => format!("x{cleaned}"),
        None => "x".into(),
    };
    if !crate::drivers::instances::is_identifier(&s) || s == "v" || s == "i" || s == "n" || s == "step" || s == "depth"
    {
        s.push('_');
    }
    s
}

pub fn string_literal(s: &str) -> String {
    let mut out = String::from("\"");
    for u in s.encode_utf16() {
        match u {
            0x22 => out.push_str("\\\""),
            0x5c => out.push_str("\\\\"),
            0x0a => out.push_str("\\n"),
            0x0d => out.push_str("\\r"),
            0x09 => out.push_str("\\t"),
            0x20..=0x7e => out.push(char::from(u as u8)),
            _ => {
                let _ = write!(out, "\\u{u:04x}");
            }
        }
    }
    out.push('"');
    out
}

fn double_literal(d: f64) -> String {
    if d.is_nan() {
        "Double.NaN".into()
    } else if d.is_infinite() {
        if d > 0.0 {
            "Double.POSITIVE_INFINITY".into()
        } else {
            "Double.NEGATIVE_INFINITY".into()
        }
    } else {
        let s = format!("{d:?}");
        if s.contains(['.', 'e', 'E']) {
            s
        } else {
            format!("{s}.0")
        }
    }
}

fn long_literal(l: i64) -> String {
    if l == i64::MIN {
        "Long.MIN_VALUE".into()
    } else {
        format!("{l}L")
    }
}

fn int_literal(i: i32) -> String {
    if i == i32::MIN {
        "Integer.MIN_VALUE".into()
    } else {
        i.to_string()
    }
}

fn array_literal(items: Vec<String>) -> String {
    let mut out = String::from("{");
    let mut col = 0;
    for (k, it) in items.iter().enumerate() {
        if k > 0 {
            out.push(',');
            if col > 90 {
                out.push_str("\n            ");
                col = 0;
            } else {
                out.push(' ');
            }
        }
        col += it.len() + 2;
        out.push_str(it);
    }
    out.push('}');
    out
}

fn signature_text(d: &Driver) -> String {
    let params = crate::drivers::types::method_params(&d.desc, None).unwrap_or_default();
    format!("{}.{}({})", java_name(&d.class), d.method, params.iter().map(JType::java).collect::<Vec<_>>().join(", "))
}

fn driver_class(
    class: &str,
    fq: &str,
    drivers: &[&Driver],
    k: &Constants,
    helpers: &Rc<BTreeMap<String, String>>,
    by_handle: &BTreeSet<usize>,
) -> String {
    let (pkg, simple) = fq.rsplit_once('.').unwrap_or(("", fq));
    let mut s = String::new();
    let _ = writeln!(s, "// Generated by jvmfuzz (`fuzz drivers`). Keep it, edit it, or use it as a harness.");
    let _ = writeln!(s, "package {pkg};\n");
    let _ = writeln!(s, "import com.jvmfuzz.shim.driver.TypedValues;");
    let _ = writeln!(s, "import jvmfuzz.drivers.Instances;\n");
    let _ = writeln!(s, "/**");
    let _ = writeln!(
        s,
        " * Drivers for {{@code {}}}: one method per public method under test. Each builds the",
        java_name(class)
    );
    let _ = writeln!(s, " * receiver, runs a method sequence over the modifiers of the fields the method reads, then");
    let _ = writeln!(s, " * calls it with typed values read from the fuzzer's input.");
    let _ = writeln!(s, " */");
    let _ = writeln!(s, "public final class {simple} {{");
    let _ = writeln!(s, "    private {simple}() {{}}\n");
    let _ = writeln!(s, "    /** Constants of {} (its constant pool): predefined values. */", java_name(class));
    let _ = writeln!(
        s,
        "    private static final int[] INTS = {};",
        array_literal(k.ints.iter().map(|i| int_literal(*i)).collect())
    );
    let _ = writeln!(
        s,
        "    private static final long[] LONGS = {};",
        array_literal(k.longs.iter().map(|l| long_literal(*l)).collect())
    );
    let _ = writeln!(
        s,
        "    private static final double[] DOUBLES = {};",
        array_literal(k.doubles.iter().map(|d| double_literal(*d)).collect())
    );
    let _ = writeln!(
        s,
        "    private static final String[] STRINGS = {};",
        array_literal(k.strings.iter().map(|x| string_literal(x)).collect())
    );
    for d in drivers.iter().filter(|d| by_handle.contains(&d.id)) {
        let _ = writeln!(
            s,
            "    private static final java.lang.invoke.MethodHandle {} = com.jvmfuzz.shim.driver.Handles.find({}.class, \"{}\", \"{}\", {});",
            handle_field(d),
            java_name(&d.class),
            d.method,
            d.desc,
            d.receiver.is_none()
        );
    }
    for d in drivers {
        s.push('\n');
        s.push_str(&driver_method(d, helpers, by_handle.contains(&d.id)));
    }
    s.push_str("}\n");
    s
}

/// The static field holding a driver's method handle.
fn handle_field(d: &Driver) -> String {
    format!("HANDLE_{}", d.java_name)
}

/// The call of the method under test through `handle` (an expression of type MethodHandle):
/// the receiver first for an instance method. Used when javac finds the direct call ambiguous
/// (raw-typed arguments matching two generic overloads); the handle names the exact method.
pub fn handle_call(handle: &str, d: &Driver, recv: &str, args: &[String]) -> String {
    let mut all: Vec<&str> = Vec::new();
    if d.receiver.is_some() {
        all.push(recv);
    }
    all.extend(args.iter().map(String::as_str));
    format!("{handle}.invoke({});", all.join(", "))
}

pub const HANDLE_COMMENT: &str =
    "// javac finds the direct call ambiguous (raw-typed arguments): called by its descriptor.";

fn driver_method(d: &Driver, helpers: &Rc<BTreeMap<String, String>>, by_handle: bool) -> String {
    let mut b = Body::new(2, helpers);
    let owner = java_name(&d.class);
    b.line("v.constants(INTS, LONGS, DOUBLES, STRINGS);");
    let recv = match &d.receiver {
        Some(r) => {
            let name = b.fresh(&JType::object(&d.class).simple());
            let x = b.expr(r, &JType::object(&d.class), &name, "0");
            b.line(format!("{owner} {name} = {x};"));
            name
        }
        None => owner.clone(),
    };
    // A static method that returns nothing or sets something, and the static modifiers of a
    // static method's sequence, change the class's static state, which goes back before the
    // next run (Statics): no run inherits another's setter.
    if d.receiver.is_none() && (!d.steps.is_empty() || d.desc.ends_with(")V") || d.method.starts_with("set")) {
        b.line(format!("com.jvmfuzz.shim.driver.Statics.keep({}.class);", java_name(&d.class)));
    }
    if !d.steps.is_empty() {
        b.line(format!("// Method sequence: modifiers of the fields {} reads.", d.method));
        b.line(format!("for (int step = v.choice({}); step > 0; step--) {{", MAX_STEPS + 1));
        b.indent += 1;
        let single = d.steps.len() == 1;
        if !single {
            b.line(format!("switch (v.choice({})) {{", d.steps.len()));
            b.indent += 1;
        }
        for (i, step) in d.steps.iter().enumerate() {
            let label = if i + 1 == d.steps.len() { "default".to_string() } else { format!("case {i}") };
            let comment = match step {
                Step::Call { fields, .. } => format!(" // writes {}", fields.join(", ")),
                Step::SetField { .. } => String::new(),
            };
            if single {
                if !comment.is_empty() {
                    b.line(comment.trim_start());
                }
            } else {
                b.line(format!("{label}: {{{comment}"));
                b.indent += 1;
            }
            match step {
                Step::Call { name, params, cast, .. } => {
                    // A step configures the receiver (setMaxCodeLen(n)): its integers are
                    // set-up arguments, a size the caller chose when the method allocates with it.
                    let args = setup_args(&mut b, params, "0", *cast, &d.class);
                    b.line(format!("{recv}.{name}({});", args.join(", ")));
                }
                Step::SetField { name, param } => {
                    // A public field the caller sets (HelpFormatter's defaultLeftPad) configures
                    // the receiver as a setter does: its value is a set-up argument too.
                    let x = setup_args(&mut b, std::slice::from_ref(param), "0", false, &d.class).remove(0);
                    b.line(format!("{recv}.{name} = {x};"));
                }
            }
            if !single {
                b.line("break;");
                b.indent -= 1;
                b.line("}");
            }
        }
        if !single {
            b.indent -= 1;
            b.line("}");
        }
        b.indent -= 1;
        b.line("}");
    }
    let args = b.args(&d.params, "0", true, false);
    // The integer arguments, for telling a JDK bounds check on one of them (the method's
    // contract) from one on an index the method computed (a bug): see Expected.
    let ints: Vec<String> =
        d.params.iter().zip(&args).filter(|(p, _)| is_integral(&p.ty)).map(|(_, a)| a.clone()).collect();
    if !ints.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.args(new long[] {{{}}});", ints.join(", ")));
    }
    value_arrays(&mut b, &d.params, &args);
    // The integer arguments named as positions, with the arguments and receiver they may
    // point into: an index failure while one lies outside them is the caller's (Expected).
    let positions: Vec<(String, String)> = d
        .params
        .iter()
        .zip(&args)
        .filter(|(p, _)| matches!(p.ty, JType::Prim('I' | 'J' | 'S' | 'B')))
        .filter_map(|(p, a)| position_kind(&p.name).map(|k| (format!("{k}:{}", p.name), a.clone())))
        .collect();
    let positions = with_spans(&d.params, positions);
    if !positions.is_empty() {
        // The sequences, in the order `@N` counts them: the arguments that may be one, then the
        // receiver.
        let (sequence_params, mut sequences): (Vec<&Param>, Vec<String>) = d
            .params
            .iter()
            .zip(&args)
            .filter(|(p, _)| matches!(p.ty, JType::Object(..) | JType::Array(..)))
            .map(|(p, a)| (p, a.clone()))
            .unzip();
        let positions = owned_positions(positions, &sequence_params);
        if d.receiver.is_some() {
            sequences.push(recv.clone());
        }
        let values: Vec<&str> = positions.iter().map(|(_, a)| a.as_str()).collect();
        let names: Vec<&str> = positions.iter().map(|(n, _)| n.as_str()).collect();
        b.line(format!(
            "com.jvmfuzz.shim.driver.Expected.positions(new long[] {{{}}}, \"{}\", new Object[] {{{}}});",
            values.join(", "),
            names.join(" "),
            sequences.join(", ")
        ));
        // An offset into an array the method never measures: the room after it is the
        // caller's to give (Expected.noRoomAfter).
        let arrays = d.params.iter().any(|p| matches!(p.ty, JType::Array(_)));
        if arrays && !d.reads_array_length && names.iter().any(|n| n.starts_with("i:")) {
            b.line("com.jvmfuzz.shim.driver.Expected.uncheckedRoom();");
        }
    }
    // Output arrays (by name: `out`, `dest`, `dst`, `target`, ...): an index just past the end
    // of one is the caller's array too short for what it asked to be written (Expected).
    let outputs: Vec<String> = d
        .params
        .iter()
        .zip(&args)
        .filter(|(p, _)| matches!(p.ty, JType::Array(_)) && is_output_name(&p.name))
        .map(|(_, a)| a.clone())
        .collect();
    if !outputs.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.outputs(new Object[] {{{}}});", outputs.join(", ")));
    }
    // Any array argument, with the lines of the method that write a fixed element of an array
    // parameter and read none (classes::store_only_lines): a fault there just past the end of
    // one is a write past the caller's output array, whatever its name (jsoup's
    // Entities.codepointsForName(name, int[] codepoints)).
    let arrays: Vec<String> =
        d.params.iter().zip(&args).filter(|(p, _)| matches!(p.ty, JType::Array(_))).map(|(_, a)| a.clone()).collect();
    if !arrays.is_empty() && !d.store_lines.is_empty() {
        let lines: Vec<String> = d.store_lines.iter().map(u32::to_string).collect();
        b.line(format!(
            "com.jvmfuzz.shim.driver.Expected.stores(new int[] {{{}}}, new Object[] {{{}}});",
            lines.join(", "),
            arrays.join(", ")
        ));
    }
    // The table arguments (an array of arrays, a map): a row too short for the method's fixed
    // pair or key layout is the caller's table (Expected.tableShape).
    let tables: Vec<String> =
        d.params.iter().zip(&args).filter(|(p, _)| is_table(&p.ty)).map(|(_, a)| a.clone()).collect();
    if !tables.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.tables(new Object[] {{{}}});", tables.join(", ")));
    }
    // The String arguments: a pattern the method compiles as given is its contract.
    let strings: Vec<String> =
        d.params.iter().zip(&args).filter(|(p, _)| is_string(&p.ty)).map(|(_, a)| a.clone()).collect();
    if !strings.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.strings(new String[] {{{}}});", strings.join(", ")));
    }
    // CharSequence, char[] and Object arguments, for the text they may hold (a template given
    // to replace(Object)), and arrays and collections of texts (class names in a List): a
    // detector's host, path or class inside one is the caller's. Not an output (`dest`,
    // `out`, ...): what the library writes there is not the caller's text.
    let texts = text_args(&d.params, &args);
    if !texts.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.texts(new Object[] {{{}}});", texts.join(", ")));
    }
    sequences(&mut b, &d.params, &args, "0");
    // Every sequence argument, measured before the call: an object beside it whose positions
    // lie past its end was paired with a sequence it does not describe (Expected.unfitPositions).
    let seqs: Vec<&str> =
        d.params.iter().zip(&args).filter(|(p, _)| is_sequence(&p.ty)).map(|(_, a)| a.as_str()).collect();
    if !seqs.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.callSequences(new Object[] {{{}}});", seqs.join(", ")));
    }
    // The receiver, by identity: one its maker's Javadoc says is not for direct use (a root
    // symbol table) is the caller's choice (Expected.receiver).
    if d.receiver.is_some() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.receiver({recv});"));
    }
    // From here on an exception is the method's, not its set-up's (see Expected.call).
    b.line("com.jvmfuzz.shim.driver.Expected.call();");
    if by_handle {
        b.line(HANDLE_COMMENT);
        b.line(handle_call(&handle_field(d), d, &recv, &args));
    } else {
        b.line(format!("{recv}.{}({});", d.method, args.join(", ")));
    }
    let mut s = String::new();
    let reads = if d.reads.is_empty() { String::new() } else { format!(" Reads {}.", d.reads.join(", ")) };
    let _ = writeln!(s, "    /** Fuzzes {{@code {}}}.{reads} */", signature_text(d));
    let _ = writeln!(s, "    public static void {}(TypedValues v) throws Throwable {{", d.java_name);
    for l in b.lines {
        let _ = writeln!(s, "{l}");
    }
    let _ = writeln!(s, "    }}");
    s
}

fn alt_expr(b: &mut Body, a: &Alt) -> String {
    match &a.kind {
        // Every built object is recorded (Expected.built): a detector report inside one the
        // caller built is the caller's choice.
        // With its maker (`class::method`), whose Javadoc may say the object is not for
        // direct use.
        AltKind::New(c) => {
            let args = setup_args(b, &a.params, "depth + 1", a.cast, c);
            setup_outputs(b, &a.params, &args, c);
            format!("Expected.built(new {}({}), \"{}::<init>\")", java_name(c), args.join(", "), c.replace('/', "."))
        }
        // A factory, constant or method may give null: a set-up failure.
        AltKind::Static(c, m) => {
            let args = setup_args(b, &a.params, "depth + 1", a.cast, c);
            format!("Expected.built({}.{m}({}), \"{}::{m}\")", java_name(c), args.join(", "), c.replace('/', "."))
        }
        AltKind::Field(c, f) => format!("Expected.built({}.{f})", java_name(c)),
        AltKind::Subtype(k) => b.expr(&Value::Instance(k.clone()), &JType::object(k), "sub", "depth + 1"),
        AltKind::Method(c, m) => {
            // The receiver first, in a local: argument statements must not run before it.
            let t = JType::object(c);
            let recv = b.fresh(&t.simple());
            let x = b.expr(&Value::Instance(c.clone()), &t, &recv, "depth + 1");
            b.line(format!("{} {recv} = {x};", t.java()));
            let args = setup_args(b, &a.params, "depth + 1", a.cast, c);
            format!("Expected.built({recv}.{m}({}), \"{}::{m}\")", args.join(", "), c.replace('/', "."))
        }
    }
}

/// How a parameter name reads as a position in a sequence, word by camel-case word: `e` an
/// end (`end`, `toIndex`, `bufferEnd`), `i` an index (`index`, `start`, `srcPos`,
/// `offset`, `fromIndex`), `l` a length or count (`length`, `len`, `nBytes`); else none.
/// A parameter named as the place a method writes to: its first word (camelCase) is `out`,
/// `output`, `dest`, `dst`, `destination` or `target` (`out`, `outBuf`, `destArray`).
fn is_output_name(name: &str) -> bool {
    let first: String = name.chars().take_while(|c| !c.is_ascii_uppercase() && c.is_ascii_alphabetic()).collect();
    matches!(first.as_str(), "out" | "output" | "dest" | "dst" | "destination" | "target")
        && name[first.len()..].chars().next().is_none_or(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// A length beside the one array the method takes, with no index beside it, is the span of
/// that array to read (`hash32(byte[] data, int length, int seed)`): kind `s`, so a length past
/// the array's end or below zero is the caller's (Expected.outside). Only when named `length`,
/// `len` or the array's name and one of those (`dataLen`): a `newLength` or `padLength` sizes
/// something new, and a failure past the array is then the method's.
fn with_spans(params: &[Param], positions: Vec<(String, String)>) -> Vec<(String, String)> {
    let arrays: Vec<&Param> = params.iter().filter(|p| matches!(p.ty, JType::Array(_))).collect();
    if arrays.len() != 1 || positions.iter().any(|(n, _)| !n.starts_with("l:")) {
        return positions;
    }
    let array = arrays[0].name.to_ascii_lowercase();
    positions
        .into_iter()
        .map(|(n, a)| {
            let name = n[2..].to_ascii_lowercase();
            let rest = name.strip_prefix(array.as_str()).unwrap_or(&name);
            if rest == "length" || rest == "len" {
                (format!("s:{}", &n[2..]), a)
            } else {
                (n, a)
            }
        })
        .collect()
}

/// A position named after one of the sequence parameters (`dataOffset`, `dataLen` of `data`;
/// `outOffset` of `out`) gets `@N`, N that parameter's place among the sequences: with several
/// arrays, only the pairing tells a span past its own array from one inside the longest.
fn owned_positions(positions: Vec<(String, String)>, sequences: &[&Param]) -> Vec<(String, String)> {
    positions
        .into_iter()
        .map(|(n, a)| {
            let name = &n[2..];
            // The longest such name: `dataOutOffset` is `dataOut`'s, not `data`'s.
            let owner = sequences
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    !p.name.is_empty()
                        && name
                            .strip_prefix(p.name.as_str())
                            .and_then(|rest| rest.chars().next())
                            .is_some_and(|c| c.is_ascii_uppercase())
                })
                .max_by_key(|(_, p)| p.name.len())
                .map(|(i, _)| i);
            match owner {
                Some(i) => (format!("{n}@{i}"), a),
                None => (n, a),
            }
        })
        .collect()
}

pub fn position_kind(name: &str) -> Option<char> {
    let mut words: Vec<String> = Vec::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() || words.is_empty() {
            words.push(String::new());
        }
        if let Some(w) = words.last_mut() {
            w.push(c.to_ascii_lowercase());
        }
    }
    let last = words.last()?.as_str();
    // An end of a sequence, not of anything else (`endMillis` ends a time span).
    let ends_at = matches!(last, "end" | "to" | "index" | "idx" | "pos" | "position" | "exclusive" | "inclusive");
    if ends_at && words.iter().any(|w| matches!(w.as_str(), "end" | "to")) {
        return Some('e');
    }
    // `from` alone is a start (commons-compress's write(byte[] b, int from, int length)).
    let from = words.len() == 1 && last == "from";
    if from || matches!(last, "index" | "idx" | "start" | "begin" | "pos" | "position" | "offset" | "off" | "ptr") {
        return Some('i');
    }
    // nBytes, nHex, nBools: Conversion's counts; qlen, buflen: a length in one word.
    let counted = words.len() == 2 && words[0] == "n";
    if counted || matches!(last, "length" | "count") || last.ends_with("len") {
        return Some('l');
    }
    None
}

/// An array of arrays or a `java.util.Map` (a table of rows or of key-value pairs).
fn is_table(t: &JType) -> bool {
    match t {
        JType::Array(e) => matches!(**e, JType::Array(_)),
        JType::Object(n, _) => matches!(n.as_str(), "java/util/Map" | "java/util/SortedMap" | "java/util/NavigableMap"),
        JType::Prim(_) => false,
    }
}

/// The arguments that may hold the caller's text ([`holds_text`]), but no output array
/// (`dest`, `out`, ...): what the library writes there is not the caller's text.
fn text_args<'a>(params: &[Param], args: &'a [String]) -> Vec<&'a str> {
    params
        .iter()
        .zip(args)
        .filter(|(p, _)| holds_text(&p.ty) && !is_output_name(&p.name))
        .map(|(_, a)| a.as_str())
        .collect()
}

/// A parameter whose value may be or hold the caller's text: a CharSequence (a String
/// builder too) or Object, a `char[]`, or an array or collection of them or of Strings
/// (`Expected.texts` reads the elements); a URI or URL (or an array of them), whose host and
/// whole text are the caller's (a detector's host or path chosen by it).
fn holds_text(t: &JType) -> bool {
    let text = |n: &str| {
        matches!(
            n,
            "java/lang/Object"
                | "java/lang/CharSequence"
                | "java/lang/String"
                | "java/lang/StringBuilder"
                | "java/lang/StringBuffer"
        )
    };
    match t {
        _ if is_string(t) => false,
        JType::Object(n, _) if text(n) => true,
        JType::Object(n, _) if matches!(n.as_str(), "java/net/URI" | "java/net/URL") => true,
        JType::Array(e) => {
            matches!(&**e, JType::Object(n, _) if text(n) || matches!(n.as_str(), "java/net/URI" | "java/net/URL"))
                || matches!(**e, JType::Prim('C'))
        }
        JType::Object(n, _) => matches!(
            n.as_str(),
            "java/util/List" | "java/util/Collection" | "java/util/Set" | "java/lang/Iterable" | "java/util/SortedSet"
        ),
        JType::Prim(_) => false,
    }
}

fn is_string(t: &JType) -> bool {
    matches!(t, JType::Object(n, _) if n == "java/lang/String")
}

fn is_integral(t: &JType) -> bool {
    matches!(t, JType::Prim('I' | 'J' | 'S' | 'B' | 'C'))
}

/// An array of a primitive type (`Expected.valueArrays`): a buffer whose length the library
/// may index to; the elements of an `int[]`, `long[]` or `short[]` are numbers the caller
/// chose, which it may use as indexes or code points (not a `byte[]`'s or a `char[]`'s: data,
/// whose bytes a table lookup that forgets the sign misreads, a bug of the library's).
fn is_value_array(t: &JType) -> bool {
    matches!(t, JType::Array(e) if matches!(**e, JType::Prim(_)))
}

/// Records the value arrays among a call's arguments (`Expected.valueArrays`).
fn value_arrays(b: &mut Body, params: &[Param], args: &[String]) {
    let arrays: Vec<&str> =
        params.iter().zip(args).filter(|(p, _)| is_value_array(&p.ty)).map(|(_, a)| a.as_str()).collect();
    if !arrays.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.valueArrays(new Object[] {{{}}});", arrays.join(", ")));
    }
}

/// A set-up call's positions over the primitive arrays it takes (a parser built over part of
/// a buffer: `start`, `end`), with `owner`, the class the call configures
/// (`Expected.setupSpans`): an index fault in that class's code over an array of that length,
/// after positions outside it, is the caller's.
fn setup_spans(b: &mut Body, params: &[Param], args: &[String], owner: &str) {
    let arrays: Vec<(&Param, &String)> = params.iter().zip(args).filter(|(p, _)| is_value_array(&p.ty)).collect();
    let positions: Vec<(String, String)> = params
        .iter()
        .zip(args)
        .filter(|(p, _)| matches!(p.ty, JType::Prim('I' | 'J' | 'S' | 'B')))
        .filter_map(|(p, a)| position_kind(&p.name).map(|k| (format!("{k}:{}", p.name), a.clone())))
        .collect();
    if arrays.is_empty() || positions.is_empty() {
        return;
    }
    let array_params: Vec<&Param> = arrays.iter().map(|(p, _)| *p).collect();
    let positions = owned_positions(with_spans(params, positions), &array_params);
    let values: Vec<&str> = positions.iter().map(|(_, a)| a.as_str()).collect();
    let names: Vec<&str> = positions.iter().map(|(n, _)| n.as_str()).collect();
    let arrays: Vec<&str> = arrays.iter().map(|(_, a)| a.as_str()).collect();
    b.line(format!(
        "com.jvmfuzz.shim.driver.Expected.setupSpans(\"{}\", new long[] {{{}}}, \"{}\", new Object[] {{{}}});",
        owner.replace('/', "."),
        values.join(", "),
        names.join(" "),
        arrays.join(", ")
    ));
}

/// A constructor's primitive arrays named as its output (`outputBuffer`, `dest`), with
/// `owner`, the class it builds (`Expected.setupOutputs`): a buffer too small for what the
/// object later writes is the caller's (a generator given a `byte[0]` to write to). Not a
/// step's or a factory's: an array a cipher's `processBlock(in, inOff, out, outOff)` writes
/// says nothing of the buffers the object keeps.
fn setup_outputs(b: &mut Body, params: &[Param], args: &[String], owner: &str) {
    let outputs: Vec<&str> = params
        .iter()
        .zip(args)
        .filter(|(p, _)| is_value_array(&p.ty) && is_output_name(&p.name))
        .map(|(_, a)| a.as_str())
        .collect();
    if !outputs.is_empty() {
        b.line(format!(
            "com.jvmfuzz.shim.driver.Expected.setupOutputs(\"{}\", new Object[] {{{}}});",
            owner.replace('/', "."),
            outputs.join(", ")
        ));
    }
}

/// A set-up call's arguments; integer ones are recorded first (`Expected.setupArgs`), so an
/// exception of the call is judged with them (a capacity of a billion asked of a
/// constructor is its caller's business, as for the method under test).
/// Likewise its tables (`Expected.setupTables`: LookupTranslator's constructor reading the
/// pairs of the table it is given) and its Strings (`Expected.setupStrings`: a constructor
/// compiling the pattern it is given).
fn setup_args(b: &mut Body, params: &[Param], depth: &str, cast: bool, owner: &str) -> Vec<String> {
    let parallel = params.iter().filter(|p| is_sequence(&p.ty)).count() >= 2;
    let described = describes(&params.iter().map(|p| &p.ty).collect::<Vec<_>>());
    if !parallel
        && !described
        && !params
            .iter()
            .any(|p| is_integral(&p.ty) || is_table(&p.ty) || is_string(&p.ty) || is_sized(&p.ty) || holds_text(&p.ty))
    {
        return b.args(params, depth, false, cast);
    }
    let args = b.args(params, depth, true, cast);
    value_arrays(b, params, &args);
    setup_spans(b, params, &args, owner);
    // Inside an instance helper the call builds an object at the helper's `depth` (0: an
    // argument or the receiver of the method under test); a step's call is on the receiver.
    let level = if depth == "depth + 1" { "depth" } else { "0" };
    if parallel || described {
        sequences(b, params, &args, level);
    }
    let strings: Vec<&str> =
        params.iter().zip(&args).filter(|(p, _)| is_string(&p.ty)).map(|(_, a)| a.as_str()).collect();
    if !strings.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.setupStrings(new String[] {{{}}});", strings.join(", ")));
    }
    // Its other texts, as for the method under test (a String[] of patterns it compiles).
    let texts = text_args(params, &args);
    if !texts.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.setupTexts(new Object[] {{{}}});", texts.join(", ")));
    }
    let ints: Vec<&str> =
        params.iter().zip(&args).filter(|(p, _)| is_integral(&p.ty)).map(|(_, a)| a.as_str()).collect();
    if !ints.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.setupArgs(new long[] {{{}}});", ints.join(", ")));
    }
    // Its arrays and collections: an empty one is a size of zero the caller configured, as a
    // 0 among its integers is (weights of none, divided by: Expected.callersZero).
    let sized: Vec<&str> = params.iter().zip(&args).filter(|(p, _)| is_sized(&p.ty)).map(|(_, a)| a.as_str()).collect();
    if !sized.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.setupSizes(new Object[] {{{}}});", sized.join(", ")));
    }
    let tables: Vec<&str> =
        params.iter().zip(&args).filter(|(p, _)| is_table(&p.ty)).map(|(_, a)| a.as_str()).collect();
    if !tables.is_empty() {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.setupTables(new Object[] {{{}}});", tables.join(", ")));
    }
    args
}

/// An array of objects or a collection: what a method may index in step with another such
/// argument. Not an array of primitives: a buffer, read or written by the rules for output
/// arrays (a `char[]` too short for what `HexOut.spread` writes is its own bug).
/// A call that takes an array of primitives beside an object of a library's (not the JDK's):
/// the array may describe that object, as joda-time's `int[]` of field values describes the
/// `ReadablePartial` beside it (`Expected.described`).
fn describes(types: &[&JType]) -> bool {
    types.iter().any(|t| is_primitive_array(t)) && types.iter().any(|t| is_library_object(t))
}

fn is_primitive_array(t: &JType) -> bool {
    matches!(t, JType::Array(e) if matches!(**e, JType::Prim(_)))
}

fn is_library_object(t: &JType) -> bool {
    matches!(t, JType::Object(n, _) if !n.starts_with("java/") && !n.starts_with("javax/"))
}

/// An array of any element type, or a collection (`is_sequence`): what has a size.
fn is_sized(t: &JType) -> bool {
    matches!(t, JType::Array(_)) || is_sequence(t)
}

fn is_sequence(t: &JType) -> bool {
    match t {
        JType::Array(e) => !matches!(**e, JType::Prim(_)),
        JType::Object(n, _) => matches!(
            n.as_str(),
            "java/util/List"
                | "java/util/Collection"
                | "java/lang/Iterable"
                | "java/util/ArrayList"
                | "java/util/LinkedList"
        ),
        JType::Prim(_) => false,
    }
}

/// The sequence arguments of one call that takes two or more (`Expected.sequences`), and its
/// arrays of primitives with the library objects beside them (`Expected.described`), with the
/// depth of the object the call builds (`level`; 0 for the method under test, its receiver and
/// its arguments): an index fault inside one of them and past the end of another is the
/// caller's sequences not lining up (a table's headers, styles and rows of different
/// lengths), not the method's bound.
fn sequences(b: &mut Body, params: &[Param], args: &[String], level: &str) {
    let seqs: Vec<&str> =
        params.iter().zip(args).filter(|(p, _)| is_sequence(&p.ty)).map(|(_, a)| a.as_str()).collect();
    if seqs.len() >= 2 {
        b.line(format!("com.jvmfuzz.shim.driver.Expected.sequences({level}, new Object[] {{{}}});", seqs.join(", ")));
    }
    if describes(&params.iter().map(|p| &p.ty).collect::<Vec<_>>()) {
        let pairs: Vec<&str> = params
            .iter()
            .zip(args)
            .filter(|(p, _)| is_primitive_array(&p.ty) || is_library_object(&p.ty))
            .map(|(_, a)| a.as_str())
            .collect();
        b.line(format!("com.jvmfuzz.shim.driver.Expected.described({level}, new Object[] {{{}}});", pairs.join(", ")));
    }
}

/// A choice among `alts` (none when there is only one: nothing is read from the input).
fn helper_switch(b: &mut Body, alts: &[&Alt]) {
    if let [only] = alts {
        let x = alt_expr(b, only);
        b.line(format!("return {x};"));
        return;
    }
    b.line(format!("switch (v.choice({})) {{", alts.len()));
    b.indent += 1;
    for (i, a) in alts.iter().enumerate() {
        let label = if i + 1 == alts.len() { "default".to_string() } else { format!("case {i}") };
        b.line(format!("{label}: {{"));
        b.indent += 1;
        let x = alt_expr(b, a);
        b.line(format!("return {x};"));
        b.indent -= 1;
        b.line("}");
    }
    b.indent -= 1;
    b.line("}");
}

fn helper_method(h: &Helper, helpers: &Rc<BTreeMap<String, String>>) -> String {
    let ty = java_name(&h.ty);
    let mut b = Body::new(2, helpers);
    let leaves = h.leaves();
    if leaves.len() < h.alts.len() {
        b.line(format!("if (depth > {MAX_DEPTH}) {{"));
        b.indent += 1;
        if leaves.is_empty() {
            b.line("throw Expected.tooDeep();");
        } else {
            helper_switch(&mut b, &leaves);
        }
        b.indent -= 1;
        b.line("}");
    }
    let all: Vec<&Alt> = h.alts.iter().collect();
    helper_switch(&mut b, &all);
    let mut s = String::new();
    let _ = writeln!(s, "    /** A {{@code {ty}}}: {} way(s), cheapest first. */", h.alts.len());
    let _ = writeln!(s, "    public static {ty} {}(TypedValues v, int depth) throws Throwable {{", h.method);
    for l in b.lines {
        let _ = writeln!(s, "{l}");
    }
    let _ = writeln!(s, "    }}");
    s
}

fn instances_class(plan: &Plan, helpers: &Rc<BTreeMap<String, String>>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "// Generated by jvmfuzz (`fuzz drivers`).");
    let _ = writeln!(s, "package jvmfuzz.drivers;\n");
    let _ = writeln!(s, "import com.jvmfuzz.shim.driver.Expected;");
    let _ = writeln!(s, "import com.jvmfuzz.shim.driver.TypedValues;\n");
    let _ = writeln!(s, "/**");
    let _ = writeln!(s, " * Instance helpers: how to build each type the drivers need, from the constructors, static");
    let _ = writeln!(s, " * factories and constants found on the class path, or through an implementation of an");
    let _ = writeln!(
        s,
        " * interface or abstract class. Below depth {MAX_DEPTH}, only ways that need no other helper are used."
    );
    let _ = writeln!(s, " */");
    let _ = writeln!(s, "@SuppressWarnings({{\"rawtypes\", \"unchecked\", \"deprecation\"}})");
    let _ = writeln!(s, "public final class Instances {{");
    let _ = writeln!(s, "    private Instances() {{}}");
    for h in &plan.helpers {
        s.push('\n');
        s.push_str(&helper_method(h, helpers));
    }
    s.push_str("}\n");
    s
}

fn dispatch_class(plan: &Plan) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "// Generated by jvmfuzz (`fuzz drivers`).");
    let _ = writeln!(s, "package jvmfuzz.drivers;\n");
    let _ = writeln!(s, "import com.jvmfuzz.shim.driver.Expected;");
    let _ = writeln!(s, "import com.jvmfuzz.shim.driver.TypedValues;\n");
    let _ = writeln!(s, "/** The harness: the input's first value picks the driver method, the rest feeds it. */");
    let _ = writeln!(s, "public final class Dispatch {{");
    let _ = writeln!(s, "    private Dispatch() {{}}\n");
    // A class file's methods hold at most 64 KiB of code: a library of thousands of driver
    // methods (groovy-all has 6,667) gets its table and its switch in shards of DISPATCH_SHARD.
    let shards: Vec<&[Driver]> = plan.drivers.chunks(DISPATCH_SHARD).collect();
    let _ = writeln!(s, "    /** The method under test of each driver method, as stack traces name it. */");
    if shards.len() <= 1 {
        let _ = writeln!(s, "    static final String[] TARGETS = {{");
        for d in &plan.drivers {
            let _ = writeln!(s, "        {},", string_literal(&d.target()));
        }
        let _ = writeln!(s, "    }};\n");
    } else {
        let parts: Vec<String> = (0..shards.len()).map(|i| format!("targets{i}()")).collect();
        let _ = writeln!(s, "    static final String[] TARGETS = concat({});\n", parts.join(", "));
        for (i, shard) in shards.iter().enumerate() {
            let _ = writeln!(s, "    private static String[] targets{i}() {{");
            let _ = writeln!(s, "        return new String[] {{");
            for d in *shard {
                let _ = writeln!(s, "            {},", string_literal(&d.target()));
            }
            let _ = writeln!(s, "        }};");
            let _ = writeln!(s, "    }}\n");
        }
        let _ = writeln!(s, "    private static String[] concat(String[]... parts) {{");
        let _ = writeln!(s, "        java.util.List<String> all = new java.util.ArrayList<>();");
        let _ = writeln!(s, "        for (String[] p : parts) {{");
        let _ = writeln!(s, "            all.addAll(java.util.Arrays.asList(p));");
        let _ = writeln!(s, "        }}");
        let _ = writeln!(s, "        return all.toArray(new String[0]);");
        let _ = writeln!(s, "    }}\n");
    }
    let _ = writeln!(
        s,
        "    /** File-name extensions among the class path's string constants (temporary files' names). */"
    );
    let _ = writeln!(s, "    static final String[] EXTENSIONS = {{");
    for e in &plan.extensions {
        let _ = writeln!(s, "        {},", string_literal(e));
    }
    let _ = writeln!(s, "    }};\n");
    let _ = writeln!(s, "    static {{");
    let _ = writeln!(s, "        Expected.register(Dispatch.class, TARGETS);");
    let _ = writeln!(s, "        TypedValues.fileExtensions(EXTENSIONS);");
    let _ = writeln!(s, "    }}\n");
    let _ = writeln!(s, "    public static void fuzzerTestOneInput(byte[] data) throws Throwable {{");
    let _ = writeln!(s, "        run(new TypedValues(data));");
    let _ = writeln!(s, "        Expected.end();");
    let _ = writeln!(s, "    }}\n");
    let _ = writeln!(s, "    static void run(TypedValues v) throws Throwable {{");
    let _ = writeln!(s, "        int m = v.choice({});", plan.drivers.len());
    let _ = writeln!(s, "        Expected.begin(m);");
    if shards.len() <= 1 {
        dispatch_switch(&mut s, &plan.drivers, plan.drivers.len(), "        ");
        let _ = writeln!(s, "    }}");
    } else {
        let _ = writeln!(s, "        switch (m / {DISPATCH_SHARD}) {{");
        for i in 0..shards.len() {
            let label = if i + 1 == shards.len() { "default".to_string() } else { format!("case {i}") };
            let _ = writeln!(s, "            {label}:");
            let _ = writeln!(s, "                run{i}(m, v);");
            let _ = writeln!(s, "                break;");
        }
        let _ = writeln!(s, "        }}");
        let _ = writeln!(s, "    }}");
        for (i, shard) in shards.iter().enumerate() {
            let _ = writeln!(s, "\n    private static void run{i}(int m, TypedValues v) throws Throwable {{");
            dispatch_switch(&mut s, shard, plan.drivers.len(), "        ");
            let _ = writeln!(s, "    }}");
        }
    }
    s.push_str("}\n");
    s
}

/// Driver methods per shard of `Dispatch`'s table and switch.
const DISPATCH_SHARD: usize = 1000;

/// `switch (m)` over `drivers`; the last driver method of all is the `default`.
fn dispatch_switch(s: &mut String, drivers: &[Driver], total: usize, indent: &str) {
    let _ = writeln!(s, "{indent}switch (m) {{");
    for d in drivers {
        let label = if d.id + 1 == total { "default".to_string() } else { format!("case {}", d.id) };
        let _ = writeln!(s, "{indent}    {label}:");
        let _ = writeln!(s, "{indent}        {}.{}(v);", d.driver_class(), d.java_name);
        let _ = writeln!(s, "{indent}        break;");
    }
    let _ = writeln!(s, "{indent}}}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn many_drivers(n: usize) -> Plan {
        let drivers = (0..n)
            .map(|id| Driver {
                id,
                class: format!("com/acme/C{}", id / 100),
                method: format!("m{id}"),
                desc: "()V".into(),
                java_name: format!("m{id}"),
                receiver: None,
                steps: vec![],
                params: vec![],
                reads: vec![],
                store_lines: vec![],
                reads_array_length: false,
            })
            .collect();
        Plan { drivers, helpers: vec![], constants: vec![], extensions: vec![] }
    }

    #[test]
    fn a_large_dispatch_is_split_in_shards_below_the_class_file_limits() {
        let dispatch = |n| render(&many_drivers(n), &BTreeSet::new()).pop().unwrap().1;
        let small = dispatch(3);
        assert!(small.contains("    static final String[] TARGETS = {"), "{small}");
        assert!(!small.contains("run0("), "{small}");
        let large = dispatch(2500);
        assert!(large.contains("static final String[] TARGETS = concat(targets0(), targets1(), targets2());"));
        assert!(large.contains("switch (m / 1000) {"));
        assert!(large.contains("    private static void run2(int m, TypedValues v) throws Throwable {"));
        // Every driver method is dispatched once, in its shard; the last one is the default.
        assert_eq!(large.matches(".m1999(v);").count(), 1);
        let run1 = &large[large.find("void run1(").unwrap()..large.find("void run2(").unwrap()];
        assert!(run1.contains("case 1000:") && run1.contains("case 1999:") && !run1.contains("case 2000:"));
        assert!(large.contains("            default:\n                jvmfuzz.drivers.com.acme.C24Driver.m2499(v);"));
    }

    #[test]
    fn literals() {
        assert_eq!(string_literal("a\"b\\c\n\u{0}\u{e9}\u{1F600}"), "\"a\\\"b\\\\c\\n\\u0000\\u00e9\\ud83d\\ude00\"");
        assert_eq!(double_literal(1.0), "1.0");
        assert_eq!(double_literal(f64::NAN), "Double.NaN");
        assert_eq!(double_literal(1e300), "1e300");
        assert_eq!(long_literal(i64::MIN), "Long.MIN_VALUE");
        assert_eq!(local_name("Codec"), "codec");
        assert_eq!(local_name("int"), "int_");
        assert_eq!(local_name("v"), "v_");
    }

    #[test]
    fn positions_are_read_from_parameter_names() {
        for (name, kind) in [
            ("index", Some('i')),
            ("startIndex", Some('i')),
            ("bufferStart", Some('i')),
            ("srcPos", Some('i')),
            ("offset", Some('i')),
            ("fromIndex", Some('i')),
            ("from", Some('i')),
            ("end", Some('e')),
            ("endIndex", Some('e')),
            ("toIndex", Some('e')),
            ("bufferEnd", Some('e')),
            ("ptr", Some('i')),
            ("inputPtr", Some('i')),
            ("length", Some('l')),
            ("len", Some('l')),
            ("nBytes", Some('l')),
            ("qlen", Some('l')),
            ("bufLen", Some('l')),
            ("wrapLength", Some('l')),
            // Not positions: a width, a size, generated names, a count-like word inside a name.
            ("width", None),
            ("size", None),
            ("p0", None),
            ("n", None),
            ("indexOfLast", None),
            ("limit", None),
            ("endMillis", None),
            ("toMillis", None),
            ("endExclusive", Some('e')),
        ] {
            assert_eq!(position_kind(name), kind, "{name}");
        }
    }

    #[test]
    fn sequences_are_arrays_of_objects_and_collections() {
        let object = |n: &str| JType::object(n);
        assert!(is_sequence(&JType::Array(Box::new(object("java/lang/String")))));
        assert!(is_sequence(&JType::Array(Box::new(JType::Array(Box::new(JType::Prim('I')))))));
        assert!(is_sequence(&object("java/util/List")));
        assert!(is_sequence(&object("java/lang/Iterable")));
        // Buffers (judged as outputs), maps (tables), single values: not sequences.
        assert!(!is_sequence(&JType::Array(Box::new(JType::Prim('C')))));
        assert!(!is_sequence(&object("java/util/Map")));
        assert!(!is_sequence(&object("java/lang/String")));
        assert!(!is_sequence(&JType::Prim('I')));
    }

    #[test]
    fn an_array_of_primitives_beside_a_library_object_may_describe_it() {
        let ints = JType::Array(Box::new(JType::Prim('I')));
        let partial = JType::object("org/joda/time/ReadablePartial");
        assert!(describes(&[&partial, &ints]));
        assert!(!describes(&[&JType::object("java/lang/String"), &ints]), "a JDK object");
        assert!(!describes(&[&JType::object("org/acme/Shape"), &JType::Prim('I')]), "no array");
    }

    #[test]
    fn output_names() {
        for name in ["out", "outBuf", "output", "dest", "dstArray", "destination", "target", "out2"] {
            assert!(is_output_name(name), "{name}");
        }
        for name in ["outline", "data", "buffer", "in", "targets", "destroy", "o"] {
            assert!(!is_output_name(name), "{name}");
        }
    }

    #[test]
    fn a_set_up_calls_output_buffers_are_recorded_with_its_class() {
        let p = |name: &str, ty: JType| Param { name: name.into(), ty, value: Value::Prim('I') };
        let bytes = JType::Array(Box::new(JType::Prim('B')));
        let helpers = Rc::new(BTreeMap::new());
        // UTF8JsonGenerator(..., byte[] outputBuffer, int outputOffset, boolean bufferRecyclable)
        let params = [p("outputBuffer", bytes.clone()), p("outputOffset", JType::Prim('I')), p("data", bytes.clone())];
        let args = ["buf".to_string(), "off".to_string(), "data".to_string()];
        let mut b = Body::new(0, &helpers);
        setup_outputs(&mut b, &params, &args, "com/acme/Gen");
        assert_eq!(b.lines, ["com.jvmfuzz.shim.driver.Expected.setupOutputs(\"com.acme.Gen\", new Object[] {buf});"]);
        // An input buffer, or an output that is no primitive array, records nothing.
        let params = [p("input", bytes), p("out", JType::object("java/io/OutputStream"))];
        let mut b = Body::new(0, &helpers);
        setup_outputs(&mut b, &params, &args[..2], "com/acme/Parser");
        assert!(b.lines.is_empty());
    }

    #[test]
    fn a_length_beside_the_one_array_is_a_span_of_it() {
        let p = |name: &str, ty: JType| Param { name: name.into(), ty, value: Value::Prim('I') };
        let bytes = JType::Array(Box::new(JType::Prim('B')));
        let kinds = |params: &[Param], names: &[&str]| -> Vec<String> {
            let positions = names.iter().map(|n| (n.to_string(), String::new())).collect();
            with_spans(params, positions).into_iter().map(|(n, _)| n).collect()
        };
        // hash32(byte[] data, int length, int seed), encode(byte[] data, int dataLen)
        let hash = [p("data", bytes.clone()), p("length", JType::Prim('I')), p("seed", JType::Prim('I'))];
        assert_eq!(kinds(&hash, &["l:length"]), ["s:length"]);
        let enc = [p("data", bytes.clone()), p("dataLen", JType::Prim('I'))];
        assert_eq!(kinds(&enc, &["l:dataLen"]), ["s:dataLen"]);
        // A new length sizes something new; an index beside a length makes it a length from there;
        // two arrays leave open which one a length spans; a String is no array.
        let grow = [p("data", bytes.clone()), p("newLength", JType::Prim('I'))];
        assert_eq!(kinds(&grow, &["l:newLength"]), ["l:newLength"]);
        let off = [p("data", bytes.clone()), p("offset", JType::Prim('I')), p("length", JType::Prim('I'))];
        assert_eq!(kinds(&off, &["i:offset", "l:length"]), ["i:offset", "l:length"]);
        let two = [p("a", bytes.clone()), p("b", bytes), p("length", JType::Prim('I'))];
        assert_eq!(kinds(&two, &["l:length"]), ["l:length"]);
        let text = [p("s", JType::object("java/lang/String")), p("length", JType::Prim('I'))];
        assert_eq!(kinds(&text, &["l:length"]), ["l:length"]);
    }

    #[test]
    fn positions_named_after_a_sequence_parameter_belong_to_it() {
        let p = |name: &str, ty: JType| Param { name: name.into(), ty, value: Value::Prim('I') };
        let bytes = JType::Array(Box::new(JType::Prim('B')));
        let chars = JType::Array(Box::new(JType::Prim('C')));
        // Hex.encodeHex(byte[] data, int dataOffset, int dataLen, boolean lower, char[] out, int outOffset)
        let (data, out) = (p("data", bytes), p("out", chars));
        let sequences = [&data, &out];
        let names = ["i:dataOffset", "l:dataLen", "i:outOffset", "i:offset", "l:outline", "i:data"];
        let positions = names.iter().map(|n| (n.to_string(), String::new())).collect();
        let owned: Vec<String> = owned_positions(positions, &sequences).into_iter().map(|(n, _)| n).collect();
        // `outline` is no word of `out`, and a name equal to the parameter's owns nothing.
        assert_eq!(owned, ["i:dataOffset@0", "l:dataLen@0", "i:outOffset@1", "i:offset", "l:outline", "i:data"]);
        // The longest name owns: `dataOutOffset` is `dataOut`'s.
        let data_out = p("dataOut", JType::Array(Box::new(JType::Prim('C'))));
        let positions = vec![("i:dataOutOffset".to_string(), String::new())];
        let owned: Vec<String> = owned_positions(positions, &[&data, &data_out]).into_iter().map(|(n, _)| n).collect();
        assert_eq!(owned, ["i:dataOutOffset@1"]);
    }
}
