//! Kotlin's SMAP (the `SourceDebugExtension` attribute, JSR-45 syntax), read the way JaCoCo
//! 0.8.14's `KotlinSMAP` reads it: which output lines of a class hold code inlined from which
//! class and lines.
//!
//! Kotlin gives inlined code line numbers past the end of the caller's source file and maps
//! them back in the SMAP. Two things use it: the inline filter (`filters/kotlin_inline.rs`),
//! which leaves those lines out of the caller, and the fragments (`fragments.rs`), which credit
//! them to the inline function's own lines.
//!
//! JaCoCo's parser throws on anything it does not expect (and so fails the class's analysis);
//! here that is `None`, and the class is analysed as if it had no SMAP.

/// One line section entry: output lines `output_start..output_start + repeat` of the class
/// are lines `input_start..` of `input_class`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mapping {
    /// Internal name of the class the lines come from (`None` if the file id is unknown).
    pub input_class: Option<String>,
    pub input_start: u32,
    pub repeat: u32,
    pub output_start: u32,
}

/// Parses a Kotlin SMAP whose output file must be `source_file`.
pub(crate) fn parse(source_file: &str, smap: &str) -> Option<Vec<Mapping>> {
    let mut lines = smap.lines();
    // Header, OutputFileName, DefaultStratumId, StratumSection, FileSection.
    for expected in ["SMAP", source_file, "Kotlin", "*S Kotlin", "*F"] {
        if lines.next()? != expected {
            return None;
        }
    }
    // File section: `+ <id> <file name>` followed by the class's path.
    let mut classes: Vec<(u32, String)> = Vec::new();
    loop {
        let line = lines.next()?;
        if line == "*L" {
            break;
        }
        let rest = line.strip_prefix("+ ")?;
        let (id, name) = rest.split_once(' ')?;
        if name.is_empty() {
            return None;
        }
        let id = digits(id)?;
        let class = lines.next()?;
        // A later entry with the same id wins, as in JaCoCo's map.
        classes.retain(|(i, _)| *i != id);
        classes.push((id, class.to_owned()));
    }
    // Line section, up to the end or the KotlinDebug stratum.
    let mut out = Vec::new();
    loop {
        let line = lines.next()?;
        if line == "*E" || line == "*S KotlinDebug" {
            break;
        }
        out.push(line_info(line, &classes)?);
    }
    Some(out)
}

/// `InputStartLine#LineFileID[,RepeatCount]:OutputStartLine[,OutputLineIncrement]`.
fn line_info(line: &str, classes: &[(u32, String)]) -> Option<Mapping> {
    let (input, output) = line.split_once(':')?;
    let (input, repeat) = match input.split_once(',') {
        Some((i, r)) => (i, digits(r)?),
        None => (input, 1),
    };
    // JaCoCo's pattern makes the file id optional but then reads it unconditionally.
    let (start, file) = input.split_once('#')?;
    let (input_start, file) = (digits(start)?, digits(file)?);
    let output_start = match output.split_once(',') {
        Some((o, inc)) => {
            digits(inc)?;
            digits(o)?
        }
        None => digits(output)?,
    };
    let input_class = classes.iter().find(|(i, _)| *i == file).map(|(_, c)| c.clone());
    Some(Mapping { input_class, input_start, repeat, output_start })
}

/// A non-empty run of ASCII digits that fits an `int` (Java's `Integer.parseInt`).
fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u32>().ok().filter(|&v| v <= i32::MAX as u32)
}

/// JaCoCo's `KotlinInlineFilter.getFirstGeneratedLineNumber`: the smallest output line of a
/// mapping that is not the class's own identity mapping (`u32::MAX`-like "none" when there is
/// none: every line then stays).
pub(crate) fn first_generated_line(class: &str, mappings: &[Mapping]) -> u32 {
    mappings
        .iter()
        .filter(|m| !(m.input_class.as_deref() == Some(class) && m.input_start == m.output_start))
        .map(|m| m.output_start)
        .min()
        .unwrap_or(i32::MAX as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMAP: &str = "SMAP\nMain.kt\nKotlin\n*S Kotlin\n*F\n+ 1 Main.kt\nkt/MainKt\n+ 2 Functions.kt\n\
                        kt/FunctionsKt\n*L\n1#1,40:1\n20#2,5:41\n33#2:46,2\n*E\n*S KotlinDebug\n*F\n+ 1 Main.kt\n\
                        kt/MainKt\n*L\n12#1:41,5\n*E\n";

    #[test]
    fn reads_files_and_line_sections() {
        let m = parse("Main.kt", SMAP).expect("parses");
        assert_eq!(m.len(), 3);
        assert_eq!(
            m[0],
            Mapping { input_class: Some("kt/MainKt".into()), input_start: 1, repeat: 40, output_start: 1 }
        );
        assert_eq!(
            m[1],
            Mapping { input_class: Some("kt/FunctionsKt".into()), input_start: 20, repeat: 5, output_start: 41 }
        );
        assert_eq!(m[2].output_start, 46);
        assert_eq!(m[2].repeat, 1);
        // The identity mapping of the class itself does not count.
        assert_eq!(first_generated_line("kt/MainKt", &m), 41);
        // For another class it does.
        assert_eq!(first_generated_line("kt/Other", &m), 1);
    }

    #[test]
    fn rejects_what_jacoco_rejects() {
        assert!(parse("Other.kt", SMAP).is_none(), "output file must be the source file");
        assert!(parse("Main.kt", &SMAP.replace("*S Kotlin\n", "")).is_none());
        assert!(parse("Main.kt", &SMAP.replace("20#2,5:41", "20,5:41")).is_none(), "no file id");
        assert!(parse("Main.kt", &SMAP.replace("20#2,5:41", "x#2:41")).is_none());
        assert!(parse("Main.kt", "SMAP\nMain.kt\nKotlin\n*S Kotlin\n*F\n+ 1 Main.kt\nkt/MainKt\n*L\n1#1:1\n").is_none());
        assert_eq!(first_generated_line("kt/MainKt", &[]), i32::MAX as u32);
    }
}
