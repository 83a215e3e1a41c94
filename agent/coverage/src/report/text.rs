//! Building report text: decimal numbers and markup-escaped strings pushed straight into the
//! output `String`.
//!
//! Why not `write!`: the reports are rendered at VM death, on the profiled program's clock.
//! Rendering was about a quarter of the exit work on commons-lang3's classes (`perf` of
//! `examples/exit_work.rs`), much of it in `core::fmt` and in a fresh `String` per escaped
//! value and per cell. Pushing bytes directly gives the same text in about 40% less time there.

/// Appends `v` in decimal, as `{}` would.
pub(crate) fn num(out: &mut String, v: impl Into<u64>) {
    let mut v: u64 = v.into();
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    // Only ASCII digits were written: the fallback never happens.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

/// Appends `s` with `&`, `<`, `>` and `"` replaced by their XML entities.
pub(crate) fn escaped(out: &mut String, s: &str) {
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => continue,
        };
        // The four bytes are ASCII, so `i` is a char boundary.
        out.push_str(&s[start..i]);
        out.push_str(entity);
        start = i + 1;
    }
    out.push_str(&s[start..]);
}

/// `s` escaped as [`escaped`] does, as a new string.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escaped(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for v in [0u64, 1, 9, 10, 99, 100, 4_294_967_295, 1_234_567_890_123, u64::MAX] {
            let mut s = String::from("x");
            num(&mut s, v);
            assert_eq!(s, format!("x{v}"));
        }
        let mut s = String::new();
        num(&mut s, 42u32);
        assert_eq!(s, "42");
    }

    #[test]
    fn only_the_four_markup_characters_are_escaped() {
        assert_eq!(escape(""), "");
        assert_eq!(escape("plain"), "plain");
        assert_eq!(escape("<a href=\"x\">&</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
        // Multi-byte characters around and between the escaped ones stay intact; `'` is not
        // escaped (JaCoCo's XML writer does not either).
        assert_eq!(escape("é<ü>'ß"), "é&lt;ü&gt;'ß");
        assert_eq!(escape("&&"), "&amp;&amp;");
    }
}
