//! Java's "modified UTF-8" (JVMS 4.4.7), the encoding of `CONSTANT_Utf8` entries.
//!
//! It differs from standard UTF-8 in two ways: NUL is written as `0xC0 0x80`, and
//! supplementary characters are written as a surrogate pair of two 3-byte sequences
//! instead of one 4-byte sequence. Almost every real string has neither, so both
//! directions first try a zero-copy path where the two encodings coincide.

use std::borrow::Cow;

/// Decodes modified UTF-8. Returns `None` for structurally malformed input (a raw NUL
/// byte, a 4-byte sequence, a bad continuation byte, a cut-off sequence).
///
/// Unpaired surrogates are legal in Java strings but cannot live in a Rust `str`; they
/// decode to U+FFFD. So decoding is lossy only for strings that no `&str` could represent.
pub fn decode(b: &[u8]) -> Option<Cow<'_, str>> {
    // Standard UTF-8 never accepts surrogates or the overlong `C0 80`, so if it accepts
    // the bytes they can only differ from modified UTF-8 by a raw NUL or a 4-byte form,
    // both of which are invalid here.
    if let Ok(s) = std::str::from_utf8(b) {
        if b.iter().any(|&c| c == 0 || c >= 0xF0) {
            return None;
        }
        return Some(Cow::Borrowed(s));
    }
    decode_slow(b).map(Cow::Owned)
}

fn cont(b: &[u8], i: usize) -> Option<u32> {
    match b.get(i) {
        Some(&c) if c & 0xC0 == 0x80 => Some(u32::from(c & 0x3F)),
        _ => None,
    }
}

/// Decodes one 3-byte sequence at `i` if there is one.
fn three(b: &[u8], i: usize) -> Option<u32> {
    let c = *b.get(i)?;
    if c & 0xF0 != 0xE0 {
        return None;
    }
    Some((u32::from(c & 0x0F) << 12) | (cont(b, i + 1)? << 6) | cont(b, i + 2)?)
}

fn decode_slow(b: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            0x01..=0x7F => {
                out.push(char::from(c));
                i += 1;
            }
            // Overlong 2-byte forms (only `C0 80` is canonical) are accepted, as
            // DataInputStream.readUTF does.
            0xC0..=0xDF => {
                let v = (u32::from(c & 0x1F) << 6) | cont(b, i + 1)?;
                out.push(char::from_u32(v)?);
                i += 2;
            }
            0xE0..=0xEF => {
                let v = three(b, i)?;
                i += 3;
                match v {
                    0xD800..=0xDBFF => match three(b, i) {
                        Some(lo @ 0xDC00..=0xDFFF) => {
                            let cp = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
                            out.push(char::from_u32(cp)?);
                            i += 3;
                        }
                        _ => out.push(char::REPLACEMENT_CHARACTER),
                    },
                    0xDC00..=0xDFFF => out.push(char::REPLACEMENT_CHARACTER),
                    _ => out.push(char::from_u32(v)?),
                }
            }
            _ => return None,
        }
    }
    Some(out)
}

/// Encodes a string as modified UTF-8.
pub fn encode(s: &str) -> Cow<'_, [u8]> {
    if !s.bytes().any(|c| c == 0 || c >= 0xF0) {
        return Cow::Borrowed(s.as_bytes());
    }
    let mut out = Vec::with_capacity(s.len() + 8);
    for ch in s.chars() {
        let v = u32::from(ch);
        match v {
            0 => out.extend_from_slice(&[0xC0, 0x80]),
            0x01..=0xFFFF => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            }
            _ => {
                let mut units = [0u16; 2];
                for &u in ch.encode_utf16(&mut units).iter() {
                    push_three(&mut out, u);
                }
            }
        }
    }
    Cow::Owned(out)
}

fn push_three(out: &mut Vec<u8>, u: u16) {
    out.push(0xE0 | (u >> 12) as u8);
    out.push(0x80 | ((u >> 6) & 0x3F) as u8);
    out.push(0x80 | (u & 0x3F) as u8);
}
