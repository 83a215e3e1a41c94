//! Java types for the driver generator: descriptors and (best-effort) generic signatures, their
//! Java source spelling, and the knowledge base of JDK types: which `TypedValues` builtin
//! produces a String, a boxed primitive, a File, a `java.time` value, and which concrete class
//! stands in for a collection interface.

use jvmfuzz_classfile::descriptor::{self, FieldType};

/// A (possibly generic) Java type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JType {
    /// `Z B S C I J F D` (never `V` here).
    Prim(char),
    /// Internal name plus type arguments (empty when raw or unknown).
    Object(String, Vec<JType>),
    Array(Box<JType>),
}

impl JType {
    pub fn object(name: &str) -> JType {
        JType::Object(name.to_string(), Vec::new())
    }

    pub fn erased(&self) -> JType {
        match self {
            JType::Object(n, _) => JType::object(n),
            JType::Array(e) => JType::Array(Box::new(e.erased())),
            p => p.clone(),
        }
    }

    /// Java source spelling, erased (raw types): always compiles, warnings aside.
    pub fn java(&self) -> String {
        match self {
            JType::Prim(c) => prim_name(*c).to_string(),
            JType::Object(n, _) => java_name(n),
            JType::Array(e) => format!("{}[]", e.java()),
        }
    }

    /// Simple name for variable names: `Codec`, `int`, `byte[]` -> `bytes`.
    pub fn simple(&self) -> String {
        match self {
            JType::Prim(c) => prim_name(*c).to_string(),
            JType::Object(n, _) => n.rsplit(['/', '$']).next().unwrap_or(n).to_string(),
            JType::Array(e) => format!("{}s", e.simple()),
        }
    }
}

pub fn prim_name(c: char) -> &'static str {
    match c {
        'Z' => "boolean",
        'B' => "byte",
        'S' => "short",
        'C' => "char",
        'I' => "int",
        'J' => "long",
        'F' => "float",
        _ => "double",
    }
}

/// `com/acme/Outer$Inner` -> `com.acme.Outer.Inner`.
pub fn java_name(internal: &str) -> String {
    internal.replace(['/', '$'], ".")
}

/// The parameter descriptors of a method descriptor, e.g. `(I[BLjava/lang/String;)V` ->
/// `["I", "[B", "Ljava/lang/String;"]`.
pub fn param_descriptors(desc: &str) -> Option<Vec<String>> {
    Some(descriptor::param_descriptors(desc)?.into_iter().map(str::to_string).collect())
}

/// The Java type of a field descriptor.
pub fn from_descriptor(t: FieldType<'_>) -> Option<JType> {
    Some(match t {
        FieldType::Base(b) => JType::Prim(char::from(b)),
        FieldType::Object(name) => JType::object(name),
        FieldType::Array { dims, .. } => {
            let element = from_descriptor(t.element()?)?;
            (0..dims).fold(element, |inner, _| JType::Array(Box::new(inner)))
        }
    })
}

pub fn parse_descriptor(d: &str) -> Option<JType> {
    from_descriptor(descriptor::parse_field(d)?)
}

/// Parses one generic type signature (JVMS 4.7.9.1; a field descriptor is one too); returns it
/// and the rest.
fn parse_type(s: &str) -> Option<(JType, &str)> {
    let c = s.chars().next()?;
    match c {
        'Z' | 'B' | 'S' | 'C' | 'I' | 'J' | 'F' | 'D' => Some((JType::Prim(c), &s[1..])),
        '[' => {
            let (e, rest) = parse_type(&s[1..])?;
            Some((JType::Array(Box::new(e)), rest))
        }
        'T' => {
            // A type variable: erased to Object (bounds are not tracked).
            let end = s.find(';')?;
            Some((JType::object("java/lang/Object"), &s[end + 1..]))
        }
        'L' => {
            let mut name = String::new();
            let mut args = Vec::new();
            let mut rest = &s[1..];
            loop {
                let c = rest.chars().next()?;
                match c {
                    ';' => return Some((JType::Object(name, args), &rest[1..])),
                    '<' => {
                        rest = &rest[1..];
                        args.clear();
                        while !rest.starts_with('>') {
                            let c = rest.chars().next()?;
                            if c == '*' {
                                args.push(JType::object("java/lang/Object"));
                                rest = &rest[1..];
                            } else if c == '-' && name == "java/lang/Class" {
                                // Class<? super X>: any superclass of X, which a Class bound
                                // (ClassWithin) cannot say; unbounded, as `?`.
                                let (_, r) = parse_type(&rest[1..])?;
                                args.push(JType::object("java/lang/Object"));
                                rest = r;
                            } else if c == '+' || c == '-' {
                                let (t, r) = parse_type(&rest[1..])?;
                                args.push(t);
                                rest = r;
                            } else {
                                let (t, r) = parse_type(rest)?;
                                args.push(t);
                                rest = r;
                            }
                        }
                        rest = &rest[1..];
                    }
                    '.' => {
                        // Inner class of a generic outer: Outer<T>.Inner
                        name.push('$');
                        args.clear();
                        rest = &rest[1..];
                    }
                    _ => {
                        name.push(c);
                        rest = &rest[c.len_utf8()..];
                    }
                }
            }
        }
        _ => None,
    }
}

/// Parameter types of a method: from its generic signature when it has one that agrees with the
/// descriptor in arity, else from the descriptor.
pub fn method_params(desc: &str, signature: Option<&str>) -> Option<Vec<JType>> {
    let erased: Vec<JType> = param_descriptors(desc)?.iter().map(|d| parse_descriptor(d)).collect::<Option<_>>()?;
    if let Some(sig) = signature {
        if let Some(generic) = signature_params(sig) {
            if generic.len() == erased.len()
                && generic
                    .iter()
                    .zip(&erased)
                    .all(|(g, e)| g.erased() == *e || matches!(g, JType::Object(n, _) if n == "java/lang/Object"))
            {
                // Type variables erase to their bound in the descriptor: keep the descriptor's type.
                return Some(
                    generic.into_iter().zip(erased).map(|(g, e)| if g.erased() == e { g } else { e }).collect(),
                );
            }
        }
    }
    Some(erased)
}

fn signature_params(sig: &str) -> Option<Vec<JType>> {
    let mut s = sig;
    if s.starts_with('<') {
        // Skip the method's type parameters.
        let mut depth = 0;
        let mut end = 0;
        for (i, c) in s.char_indices() {
            match c {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        s = &s[end..];
    }
    let mut rest = s.strip_prefix('(')?;
    let mut out = Vec::new();
    while !rest.starts_with(')') {
        let (t, r) = parse_type(rest)?;
        out.push(t);
        rest = r;
    }
    Some(out)
}

/// Whether a method signature's parameters use a type variable the method does not declare
/// itself (one of its class's).
pub fn uses_class_type_variables(sig: &str) -> bool {
    let mut own: Vec<&str> = Vec::new();
    let mut rest = sig;
    if let Some(body) = sig.strip_prefix('<') {
        // `<T:Ljava/lang/Object;U::Ljava/lang/Comparable<TU;>;>(...)`: names precede a ':' at depth 0.
        let mut depth = 0;
        let mut start = 0;
        let mut end = body.len();
        for (i, c) in body.char_indices() {
            match c {
                '<' => depth += 1,
                '>' if depth == 0 => {
                    end = i;
                    break;
                }
                '>' => depth -= 1,
                ':' if depth == 0 && start <= i => {
                    if i > start && !body[start..i].contains(';') {
                        own.push(&body[start..i]);
                    }
                    start = i + 1;
                }
                ';' if depth == 0 => start = i + 1,
                _ => {}
            }
        }
        rest = &body[(end + 1).min(body.len())..];
    }
    let params = rest.split_once(')').map_or(rest, |(p, _)| p);
    let b = params.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'T' && (i == 0 || matches!(b[i - 1], b'(' | b';' | b'[' | b'<' | b'+' | b'-')) {
            if let Some(end) = params[i + 1..].find(';') {
                let name = &params[i + 1..i + 1 + end];
                if !name.contains(['/', '<']) && !own.contains(&name) {
                    return true;
                }
            }
        }
    }
    false
}

pub fn return_type(desc: &str) -> Option<JType> {
    from_descriptor(descriptor::parse_method(desc)?.1?)
}

/// How the JDK knowledge base builds a value of a JDK type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Known {
    /// `v.<method>()`, one trace entry; the Java expression may need a cast or wrapper.
    Builtin {
        method: &'static str,
    },
    /// An expression that consumes nothing (e.g. an output sink).
    Fixed(&'static str),
    /// A collection of this concrete class, filled with elements of the type argument.
    Collection(&'static str),
    /// A map of this concrete class.
    Map(&'static str),
    Optional,
    /// A JDK enum: a constant.
    Enum,
}

/// JDK enums parameters commonly take (the JDK is not parsed, so they are listed).
const JDK_ENUMS: &[&str] = &[
    "java/util/concurrent/TimeUnit",
    "java/math/RoundingMode",
    "java/time/DayOfWeek",
    "java/time/Month",
    "java/time/temporal/ChronoUnit",
    "java/time/temporal/ChronoField",
    "java/time/format/TextStyle",
    "java/nio/file/StandardOpenOption",
    "java/nio/file/LinkOption",
    "java/nio/file/AccessMode",
    "java/nio/file/StandardCopyOption",
    "java/lang/annotation/ElementType",
    "java/lang/annotation/RetentionPolicy",
    "java/lang/Thread$State",
    "java/nio/file/attribute/PosixFilePermission",
    "java/text/Normalizer$Form",
    "java/lang/Character$UnicodeScript",
    "java/util/Locale$Category",
    "java/net/Proxy$Type",
    "java/util/stream/Collector$Characteristics",
];

/// The knowledge base: JDK types the generator can build without looking for constructors.
pub fn known(internal: &str) -> Option<Known> {
    use Known::*;
    let b = |method| Some(Builtin { method });
    match internal {
        "java/lang/String"
        | "java/lang/CharSequence"
        | "java/lang/Object"
        | "java/lang/Comparable"
        | "java/io/Serializable" => b("string"),
        "java/lang/Integer" | "java/lang/Number" => b("int32"),
        "java/lang/Long" => b("int64"),
        "java/lang/Short" => b("int16"),
        "java/lang/Byte" => b("int8"),
        "java/lang/Character" => b("char16"),
        "java/lang/Boolean" => b("bool"),
        "java/lang/Float" => b("float32"),
        "java/lang/Double" => b("float64"),
        "java/math/BigInteger" => b("bigInteger"),
        "java/math/BigDecimal" => b("bigDecimal"),
        "java/io/File" => b("file"),
        "java/nio/file/Path" => b("path"),
        "java/io/InputStream" => b("inputStream"),
        "java/io/Reader" => b("reader"),
        "java/nio/ByteBuffer" => b("byteBuffer"),
        "java/util/regex/Pattern" => b("pattern"),
        "java/net/URI" => b("uri"),
        "java/net/URL" => b("url"),
        "java/util/UUID" => b("uuid"),
        "java/nio/charset/Charset" => b("charset"),
        "java/util/Locale" => b("locale"),
        "java/time/Instant" => b("instant"),
        "java/time/Duration" => b("duration"),
        "java/time/LocalDate" => b("localDate"),
        "java/time/LocalTime" => b("localTime"),
        "java/time/LocalDateTime" => b("localDateTime"),
        "java/time/ZoneId" => b("zoneId"),
        "java/time/ZonedDateTime" => b("zonedDateTime"),
        "java/io/OutputStream" | "java/io/ByteArrayOutputStream" => Some(Fixed("new java.io.ByteArrayOutputStream()")),
        "java/io/Writer" | "java/io/StringWriter" => Some(Fixed("new java.io.StringWriter()")),
        // A text to read or a buffer to append to: with the input's text, which an appending
        // method keeps in front of what it adds.
        "java/lang/StringBuilder" => b("stringBuilder"),
        "java/lang/StringBuffer" => b("stringBuffer"),
        "java/lang/Appendable" => Some(Fixed("new StringBuilder()")),
        "java/io/PrintWriter" => Some(Fixed("new java.io.PrintWriter(new java.io.StringWriter())")),
        "java/io/PrintStream" => Some(Fixed("new java.io.PrintStream(new java.io.ByteArrayOutputStream())")),
        "java/lang/Throwable" | "java/lang/Exception" | "java/lang/RuntimeException" => {
            Some(Fixed("new RuntimeException(\"jvmfuzz\")"))
        }
        "java/awt/image/ColorModel" => Some(Fixed("java.awt.image.ColorModel.getRGBdefault()")),
        "java/awt/Rectangle" => b("rectangle"),
        "java/awt/Point" => b("point"),
        "java/awt/Dimension" => b("dimension"),
        "java/awt/Color" => b("color"),
        "java/awt/color/ColorSpace" => b("colorSpace"),
        "java/awt/image/BufferedImage" | "java/awt/image/RenderedImage" | "java/awt/Image" => b("bufferedImage"),
        "java/util/List"
        | "java/util/Collection"
        | "java/lang/Iterable"
        | "java/util/ArrayList"
        | "java/util/AbstractList" => Some(Collection("java.util.ArrayList")),
        "java/util/Set" | "java/util/HashSet" | "java/util/LinkedHashSet" => {
            Some(Collection("java.util.LinkedHashSet"))
        }
        "java/util/SortedSet" | "java/util/NavigableSet" | "java/util/TreeSet" => Some(Collection("java.util.TreeSet")),
        "java/util/Queue" | "java/util/Deque" | "java/util/ArrayDeque" => Some(Collection("java.util.ArrayDeque")),
        "java/util/concurrent/BlockingQueue" | "java/util/concurrent/LinkedBlockingQueue" => {
            Some(Collection("java.util.concurrent.LinkedBlockingQueue"))
        }
        "java/util/Map" | "java/util/HashMap" | "java/util/LinkedHashMap" => Some(Map("java.util.LinkedHashMap")),
        "java/util/SortedMap" | "java/util/NavigableMap" | "java/util/TreeMap" => Some(Map("java.util.TreeMap")),
        "java/util/concurrent/ConcurrentMap" | "java/util/concurrent/ConcurrentHashMap" => {
            Some(Map("java.util.concurrent.ConcurrentHashMap"))
        }
        "java/util/Optional" => Some(Optional),
        "java/lang/Class" => b("type"),
        "java/lang/Readable" => b("reader"),
        "java/util/stream/IntStream" => b("intStream"),
        "java/util/stream/LongStream" => b("longStream"),
        "java/util/stream/DoubleStream" => b("doubleStream"),
        "java/util/function/Predicate" => b("predicate"),
        // Functional interfaces without a value to fuzz: a fixed, harmless implementation, cast
        // to the raw type so it converts to any parameterisation (generic inference cannot fail).
        // A Function<A, R> whose R is no A answers a value of R instead (`value_for`).
        "java/lang/Runnable" => Some(Fixed("(java.lang.Runnable) () -> {}")),
        "java/util/function/Consumer" => Some(Fixed("(java.util.function.Consumer) x -> {}")),
        "java/util/function/BiConsumer" => Some(Fixed("(java.util.function.BiConsumer) (x, y) -> {}")),
        "java/util/function/Function" => {
            Some(Fixed("(java.util.function.Function) java.util.function.Function.identity()"))
        }
        "java/util/function/IntFunction" => Some(Fixed("(java.util.function.IntFunction) Object[]::new")),
        "java/util/function/UnaryOperator" => {
            Some(Fixed("(java.util.function.UnaryOperator) java.util.function.UnaryOperator.identity()"))
        }
        "java/util/Comparator" => Some(Fixed("(java.util.Comparator) java.util.Comparator.naturalOrder()")),
        "java/util/concurrent/Executor" | "java/util/concurrent/ExecutorService" => {
            Some(Fixed("java.util.concurrent.ForkJoinPool.commonPool()"))
        }
        n if JDK_ENUMS.contains(&n) => Some(Enum),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors() {
        assert_eq!(
            param_descriptors("(I[BLjava/lang/String;[[J)V").unwrap(),
            vec!["I", "[B", "Ljava/lang/String;", "[[J"]
        );
        assert_eq!(param_descriptors("()V").unwrap(), Vec::<String>::new());
        assert!(param_descriptors("I").is_none());
        assert_eq!(parse_descriptor("[Ljava/lang/String;").unwrap().java(), "java.lang.String[]");
        // Every dimension counts (a `String[][]` parameter is not a `String[]`).
        assert_eq!(parse_descriptor("[[Ljava/lang/String;").unwrap().java(), "java.lang.String[][]");
        assert_eq!(return_type("()[[[I").unwrap().java(), "int[][][]");
        assert_eq!(return_type("()Lcom/a/B$C;").unwrap().java(), "com.a.B.C");
    }

    #[test]
    fn class_type_variables() {
        assert!(uses_class_type_variables("(TT;)Z"));
        assert!(uses_class_type_variables("(Lcom/fasterxml/Provider;TT;)Z"));
        assert!(!uses_class_type_variables("<T:Ljava/lang/Object;>(TT;)Z"));
        assert!(!uses_class_type_variables(
            "<K:Ljava/lang/Object;V::Ljava/lang/Comparable<TV;>;>(Ljava/util/Map<TK;TV;>;)V"
        ));
        assert!(uses_class_type_variables("<K:Ljava/lang/Object;>(Ljava/util/Map<TK;TE;>;)V"));
        assert!(!uses_class_type_variables("(Ljava/lang/String;[Lcom/a/TypeRef;)V"));
    }

    #[test]
    fn generic_signatures() {
        let p = method_params(
            "(Ljava/util/List;Ljava/util/Map;Ljava/lang/Object;)V",
            Some("<T:Ljava/lang/Object;>(Ljava/util/List<Ljava/lang/String;>;Ljava/util/Map<Ljava/lang/String;+Ljava/lang/Integer;>;TT;)V"),
        )
        .unwrap();
        assert_eq!(p[0], JType::Object("java/util/List".into(), vec![JType::object("java/lang/String")]));
        assert_eq!(
            p[1],
            JType::Object(
                "java/util/Map".into(),
                vec![JType::object("java/lang/String"), JType::object("java/lang/Integer")]
            )
        );
        assert_eq!(p[2], JType::object("java/lang/Object"));
        // Arity mismatch (e.g. enum constructors' synthetic parameters): the descriptor wins.
        let q = method_params("(Ljava/lang/String;I)V", Some("()V")).unwrap();
        assert_eq!(q.len(), 2);
        // Malformed signatures fall back to the descriptor.
        assert_eq!(method_params("(I)V", Some("(Lbroken")).unwrap(), vec![JType::Prim('I')]);
        // A Class's upper bound is kept; its lower bound is no bound (any class).
        let c = method_params(
            "(Ljava/lang/Class;Ljava/lang/Class;)V",
            Some("(Ljava/lang/Class<+Ljava/lang/Number;>;Ljava/lang/Class<-Ljava/lang/Number;>;)V"),
        )
        .unwrap();
        assert_eq!(c[0], JType::Object("java/lang/Class".into(), vec![JType::object("java/lang/Number")]));
        assert_eq!(c[1], JType::Object("java/lang/Class".into(), vec![JType::object("java/lang/Object")]));
    }
}
