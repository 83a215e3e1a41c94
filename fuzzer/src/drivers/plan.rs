//! The driver plan: what a generated driver does, as data. The Java writer (`java.rs`) renders
//! it as source, and the reproducer writer (`reproducer.rs`) walks the very same plan with the
//! decisions a failing run recorded, so the two cannot drift apart.
//!
//! Order is part of the contract: a driver consumes typed values in exactly the order its plan
//! lists them (receiver, then the method sequence, then the parameters, each left to right).

use crate::drivers::types::JType;

/// How one value is produced.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A primitive: `v.int32()` etc. One trace entry.
    Prim(char),
    /// A `TypedValues` builtin (`string`, `bytes`, `file`, ...). One trace entry.
    Builtin(&'static str),
    /// A String parameter that names a file (JDriver's heuristic): a real temporary file's path.
    FilePath,
    /// An expression that consumes nothing.
    Fixed(&'static str),
    /// An enum constant. One trace entry.
    Enum(String),
    /// A Class object within a bound (`Class<? extends Bound>`: this internal name). One trace
    /// entry.
    ClassWithin(String),
    /// An object from the instance helper of this internal name.
    Instance(String),
    /// An array of non-primitive elements: a size, then the elements.
    Array(Box<Value>, JType),
    /// A collection (`ArrayList`, `LinkedHashSet`, `ArrayDeque`) of one element kind: a size,
    /// then the elements.
    Collection(&'static str, Box<Value>, JType),
    /// A map (`LinkedHashMap`, `TreeMap`): a size, then key and value per entry.
    Map(&'static str, Box<Value>, JType, Box<Value>, JType),
    /// `Optional.empty()` or `Optional.of(..)`: a choice, then the element if present.
    Optional(Box<Value>, JType),
    /// With `--nulls`: a choice whether the reference is null, then the value if not.
    Nullable(Box<Value>),
    /// A `Function<A, R>` whose R is no A: one that answers this value of R whatever it is
    /// given (`TypedValues.returning`), where `Function.identity()` would hand the library an A
    /// it casts to R. The value is read where the function is built.
    Returning(Box<Value>),
    /// `--param-grammar`: a String (or byte[]) derived from a grammar. One trace entry.
    Grammar { file: String, start: Option<String>, bytes: bool },
}

impl Value {
    /// Rough effort to produce this value: the select policy prefers cheap modifiers and
    /// helpers list cheap alternatives first.
    pub fn cost(&self) -> u32 {
        match self {
            Value::Prim(_)
            | Value::Builtin(_)
            | Value::FilePath
            | Value::Fixed(_)
            | Value::Enum(_)
            | Value::ClassWithin(_) => 1,
            Value::Grammar { .. } => 1,
            Value::Instance(_) => 4,
            Value::Array(e, _)
            | Value::Collection(_, e, _)
            | Value::Optional(e, _)
            | Value::Nullable(e)
            | Value::Returning(e) => 1 + e.cost(),
            Value::Map(_, k, _, v, _) => 1 + k.cost() + v.cost(),
        }
    }

    /// Whether building this value calls an instance helper (recursion depth matters).
    pub fn uses_helper(&self) -> bool {
        match self {
            Value::Instance(_) => true,
            Value::Array(e, _)
            | Value::Collection(_, e, _)
            | Value::Optional(e, _)
            | Value::Nullable(e)
            | Value::Returning(e) => e.uses_helper(),
            Value::Map(_, k, _, v, _) => k.uses_helper() || v.uses_helper(),
            _ => false,
        }
    }
}

/// A parameter of a call: its Java name (from the class file when it has names), type and value.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: String,
    pub ty: JType,
    pub value: Value,
}

/// One way an instance helper can build its type.
#[derive(Debug, Clone, PartialEq)]
pub enum AltKind {
    /// `new C(..)`.
    New(String),
    /// `C.m(..)`, a static factory.
    Static(String, String),
    /// `C.F`, a public static final field.
    Field(String, String),
    /// `recv.m(..)` where `recv` comes from the helper of `C` (a builder's `build()`, a
    /// factory object's `create(..)`): the type table's instance methods.
    Method(String, String),
    /// The helper of a subtype (an implementation of an interface or abstract class).
    Subtype(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Alt {
    pub kind: AltKind,
    pub params: Vec<Param>,
    pub cost: u32,
    /// The callee has an overload of the same arity: arguments are cast to the parameter
    /// types so Java picks this one.
    pub cast: bool,
}

impl Alt {
    /// A leaf alternative needs no other helper: the only ones allowed at the depth bound.
    pub fn is_leaf(&self) -> bool {
        !matches!(self.kind, AltKind::Subtype(_) | AltKind::Method(..))
            && self.params.iter().all(|p| !p.value.uses_helper())
    }
}

/// An instance helper: `static T name(TypedValues v, int depth)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Helper {
    pub ty: String,
    pub method: String,
    /// Cheapest first.
    pub alts: Vec<Alt>,
}

impl Helper {
    pub fn leaves(&self) -> Vec<&Alt> {
        self.alts.iter().filter(|a| a.is_leaf()).collect()
    }
}

/// Deeper helpers use leaf alternatives only; a helper with none gives up (TooDeep).
pub const MAX_DEPTH: u32 = 3;
/// The method sequence runs 0..=MAX_STEPS modifier calls.
pub const MAX_STEPS: u32 = 4;

/// One step of a method sequence on the receiver (Algorithm 2's items).
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// `recv.name(args)`; `fields` are the accessed fields it writes (for the comment); `cast`
    /// as in [`Alt::cast`].
    Call { name: String, params: Vec<Param>, fields: Vec<String>, cast: bool },
    /// `recv.field = value` for a public field.
    SetField { name: String, param: Param },
}

/// One driver method: builds the receiver, runs the method sequence, calls the method under test.
#[derive(Debug, Clone, PartialEq)]
pub struct Driver {
    /// Index in the dispatcher.
    pub id: usize,
    /// Internal name of the class declaring the method under test.
    pub class: String,
    pub method: String,
    pub desc: String,
    /// The driver method's Java name (the method's, made unique among overloads).
    pub java_name: String,
    /// How the receiver is built (an instance helper, or an enum constant); `None` for a
    /// static method under test.
    pub receiver: Option<Value>,
    pub steps: Vec<Step>,
    pub params: Vec<Param>,
    /// Fields the method reads (Access Graph), for the comment.
    pub reads: Vec<String>,
    /// The method's store-only lines (`Method::store_lines`), for Expected's output-array rule.
    pub store_lines: Vec<u32>,
    /// It reads the length of an array parameter itself (`Method::reads_array_length`).
    pub reads_array_length: bool,
}

impl Driver {
    /// `binary.Name::method`, as stack traces name it.
    pub fn target(&self) -> String {
        format!("{}::{}", self.class.replace('/', "."), self.method)
    }
    pub fn driver_class(&self) -> String {
        driver_class_of(&self.class)
    }
}

/// `com/acme/Codec$Options` -> `jvmfuzz.drivers.com.acme.Codec_OptionsDriver`.
pub fn driver_class_of(class: &str) -> String {
    let (pkg, simple) = class.rsplit_once('/').unwrap_or(("", class));
    let pkg = if pkg.is_empty() {
        "jvmfuzz.drivers".to_string()
    } else {
        format!("jvmfuzz.drivers.{}", pkg.replace('/', "."))
    };
    format!("{pkg}.{}Driver", simple.replace('$', "_"))
}

pub const DISPATCH: &str = "jvmfuzz.drivers.Dispatch";
pub const INSTANCES: &str = "jvmfuzz.drivers.Instances";

/// Everything generated for one run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Plan {
    pub drivers: Vec<Driver>,
    pub helpers: Vec<Helper>,
    /// Constants per target class (internal name): ints, longs, doubles, strings.
    pub constants: Vec<(String, Constants)>,
    /// String constants of the whole class path shaped like file-name extensions (`.xpm`),
    /// sorted: the drivers' temporary files take their names' extensions from them too.
    pub extensions: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constants {
    pub ints: Vec<i32>,
    pub longs: Vec<i64>,
    pub doubles: Vec<f64>,
    pub strings: Vec<String>,
}

impl Plan {
    pub fn helper(&self, ty: &str) -> Option<&Helper> {
        self.helpers.iter().find(|h| h.ty == ty)
    }
}
