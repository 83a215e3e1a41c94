//! Field and method descriptors (JVMS 4.3), the one parser of them: the rewriter's frames take
//! verifier types from it, the driver generator Java types. Generic signatures (JVMS 4.7.9.1)
//! are a different grammar and stay with the driver generator.

/// The type at the start of `d` and the rest of `d`.
fn split(d: &str) -> Option<(FieldType<'_>, &str)> {
    let first = *d.as_bytes().first()?;
    match first {
        b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' => Some((FieldType::Base(first), &d[1..])),
        b'L' => {
            let end = d.find(';')?;
            (end >= 2).then(|| (FieldType::Object(&d[1..end]), &d[end + 1..]))
        }
        b'[' => {
            let dims = d.bytes().take_while(|&b| b == b'[').count();
            let (_, rest) = split(&d[dims..]).filter(|(k, _)| !matches!(k, FieldType::Array { .. }))?;
            let len = d.len() - rest.len();
            Some((FieldType::Array { descriptor: &d[..len], dims }, rest))
        }
        _ => None,
    }
}

/// One field type, borrowing from the descriptor. An array keeps its whole descriptor, which is
/// also its class's internal name; [`FieldType::element`] parses its element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType<'d> {
    Base(u8),
    Object(&'d str),
    Array { descriptor: &'d str, dims: usize },
}

impl<'d> FieldType<'d> {
    /// The element type of an array (`[[Ljava/lang/String;` -> `Object("java/lang/String")`).
    pub fn element(&self) -> Option<FieldType<'d>> {
        match *self {
            FieldType::Array { descriptor, dims } => split(&descriptor[dims..]).map(|(k, _)| k),
            _ => None,
        }
    }
}

/// Parses one field type at the start of `d`; returns it and the rest of `d`.
pub fn field_type(d: &str) -> Option<(FieldType<'_>, &str)> {
    split(d)
}

/// Exactly one field type.
pub fn parse_field(d: &str) -> Option<FieldType<'_>> {
    match split(d)? {
        (k, "") => Some(k),
        _ => None,
    }
}

/// The parameter types and the return type (`None` for `void`) of a method descriptor.
pub fn parse_method(d: &str) -> Option<(Vec<FieldType<'_>>, Option<FieldType<'_>>)> {
    let mut rest = d.strip_prefix('(')?;
    let mut params = Vec::new();
    while !rest.starts_with(')') {
        let (k, r) = split(rest)?;
        params.push(k);
        rest = r;
    }
    let ret = &rest[1..];
    if ret == "V" {
        return Some((params, None));
    }
    Some((params, Some(parse_field(ret)?)))
}

/// The parameter descriptors of a method descriptor, as written (`(I[BLjava/lang/String;)V` ->
/// `["I", "[B", "Ljava/lang/String;"]`).
pub fn param_descriptors(d: &str) -> Option<Vec<&str>> {
    let mut rest = d.strip_prefix('(')?;
    let mut out = Vec::new();
    while !rest.starts_with(')') {
        let (_, r) = split(rest)?;
        out.push(&rest[..rest.len() - r.len()]);
        rest = r;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields() {
        assert_eq!(parse_field("I"), Some(FieldType::Base(b'I')));
        assert_eq!(parse_field("Ljava/lang/String;"), Some(FieldType::Object("java/lang/String")));
        let arr = parse_field("[[Ljava/lang/String;").unwrap();
        assert_eq!(arr, FieldType::Array { descriptor: "[[Ljava/lang/String;", dims: 2 });
        assert_eq!(arr.element(), Some(FieldType::Object("java/lang/String")));
        for bad in ["", "V", "L;", "Ljava/lang/String", "[", "[V", "II", "Q"] {
            assert_eq!(parse_field(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn methods() {
        let (p, r) = parse_method("(IJ[[Ljava/lang/String;Z[D)Ljava/util/List;").unwrap();
        assert_eq!(p.len(), 5);
        assert_eq!(p[2], FieldType::Array { descriptor: "[[Ljava/lang/String;", dims: 2 });
        assert_eq!(r, Some(FieldType::Object("java/util/List")));
        assert_eq!(parse_method("()V"), Some((vec![], None)));
        for bad in ["", "V", "(I", "(I)", "(V)V", "(I)VV", "()II"] {
            assert_eq!(parse_method(bad), None, "{bad:?}");
        }
        assert_eq!(
            param_descriptors("(I[BLjava/lang/String;[[J)V").unwrap(),
            vec!["I", "[B", "Ljava/lang/String;", "[[J"]
        );
        assert_eq!(param_descriptors("()V").unwrap(), Vec::<&str>::new());
        assert!(param_descriptors("I").is_none());
    }
}
