//! Coverage of inlined Kotlin code credited to the inline function's own lines, as JaCoCo
//! 0.8.14 does it (`ClassAnalyzer.calculateFragments`, `CoverageBuilder`,
//! `SourceNodeImpl/ClassCoverageImpl/MethodCoverageImpl.applyFragment`).
//!
//! While a Kotlin class with an SMAP is analysed, every instruction (before filtering) on an
//! output line the SMAP maps to another class's lines is tallied on that original line: one
//! [`Fragment`] per source class ([`collect`]). When a report is built, each fragment whose class
//! is in the report rewrites that class ([`apply`]): each of the class's (and each method's)
//! lines within its first..last line that the fragment touches becomes a single instruction,
//! covered if the line or the fragment's line was, and loses its branches; a method that
//! changed gets METHOD and COMPLEXITY 1 (covered if any instruction is). That last rule is
//! JaCoCo's, and is why an inline function called elsewhere reports complexity 1.

use std::collections::BTreeMap;

use crate::calculator::line_counter;
use crate::instructions::Instruction;
use crate::smap::Mapping;
use crate::{ClassCoverage, Counter, Counters, LineCounts};

/// Instructions other classes inlined from the lines of `class`, per original line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fragment {
    /// Internal name of the class whose lines these are.
    pub class: String,
    /// Original line -> instructions (missed/covered) inlined from it.
    pub lines: BTreeMap<u32, Counter>,
}

/// Tallies one method's instructions into the class's fragments (`class`: the class analysed,
/// whose identity mapping is skipped). As in JaCoCo, every other mapping gets its fragment,
/// even one no instruction falls in (applying it still recomputes the target's CLASS counter).
pub(crate) fn collect(fragments: &mut Vec<Fragment>, class: &str, mappings: &[Mapping], insns: &[Instruction]) {
    let lines = insns.iter().filter_map(|i| i.line);
    let (Some(lo), Some(hi)) = (lines.clone().min(), lines.max()) else {
        // No line at all: nothing to tally, but the fragments exist all the same.
        for mp in mappings {
            if !(mp.input_class.as_deref() == Some(class) && mp.input_start == mp.output_start) {
                fragment(fragments, mp);
            }
        }
        return;
    };
    for mp in mappings {
        if mp.input_class.as_deref() == Some(class) && mp.input_start == mp.output_start {
            continue;
        }
        let k = fragment(fragments, mp);
        let start = u64::from(mp.output_start);
        let end = start + u64::from(mp.repeat);
        // Only mappings that overlap the method's lines can hold any of its instructions
        // (the stdlib's classes have hundreds of mappings and of methods).
        if end <= u64::from(lo) || start > u64::from(hi) {
            continue;
        }
        for insn in insns {
            let Some(line) = insn.line else { continue };
            if start <= u64::from(line) && u64::from(line) < end {
                let original = u64::from(mp.input_start) + u64::from(line - mp.output_start);
                let Ok(original) = u32::try_from(original) else { continue };
                let (missed, covered) = insn.instruction_counter();
                *fragments[k].lines.entry(original).or_default() += Counter { missed, covered };
            }
        }
    }
}

/// The index of the fragment of `mp`'s input class, created if missing. JaCoCo keys fragments
/// by class name; a mapping to an unknown file id has none (here: the empty name, which no
/// class has).
fn fragment(fragments: &mut Vec<Fragment>, mp: &Mapping) -> usize {
    let name = mp.input_class.as_deref().unwrap_or_default();
    // Most recent first: consecutive mappings mostly name the same few classes.
    match fragments.iter().rposition(|f| f.class == name) {
        Some(k) => k,
        None => {
            fragments.push(Fragment { class: name.to_owned(), lines: BTreeMap::new() });
            fragments.len() - 1
        }
    }
}

/// Applies every fragment of `classes` to the class it names, if that class is among them.
/// The result does not depend on the order (a line ends up covered if any source covered it).
pub fn apply(classes: &mut [ClassCoverage]) {
    let fragments: Vec<Fragment> = classes.iter().flat_map(|c| c.fragments.iter().cloned()).collect();
    for f in &fragments {
        if let Some(c) = classes.iter_mut().find(|c| c.name == f.class) {
            apply_to_class(c, f);
        }
    }
}

fn apply_to_class(c: &mut ClassCoverage, f: &Fragment) {
    apply_to_lines(&mut c.counters, &mut c.lines, f);
    for m in &mut c.methods {
        let (method, complexity) = (m.counters.method, m.counters.complexity);
        if apply_to_lines(&mut m.counters, &mut m.lines, f) {
            m.counters.method = if m.counters.instruction.covered == 0 {
                Counter { missed: 1, covered: 0 }
            } else {
                Counter { missed: 0, covered: 1 }
            };
            m.counters.complexity = m.counters.method;
            c.counters.method = shift(c.counters.method, method, m.counters.method);
            c.counters.complexity = shift(c.counters.complexity, complexity, m.counters.complexity);
        }
    }
    // JaCoCo recomputes the class counter whatever was applied.
    c.counters.class = if c.counters.method.covered > 0 {
        Counter { missed: 0, covered: 1 }
    } else {
        Counter { missed: 1, covered: 0 }
    };
}

/// `SourceNodeImpl.applyFragment` on one node's counters and lines; true if a line changed.
fn apply_to_lines(counters: &mut Counters, lines: &mut BTreeMap<u32, LineCounts>, f: &Fragment) -> bool {
    let (Some(&first), Some(&last)) = (lines.keys().next(), lines.keys().next_back()) else { return false };
    let mut applied = false;
    for (&nr, fl) in f.lines.range(first..=last) {
        if fl.total() == 0 {
            continue;
        }
        let old = lines.get(&nr).copied().unwrap_or_default();
        let one = if old.instructions.covered > 0 || fl.covered > 0 {
            Counter { missed: 0, covered: 1 }
        } else {
            Counter { missed: 1, covered: 0 }
        };
        lines.insert(nr, LineCounts { instructions: one, branches: Counter::default() });
        counters.instruction = shift(counters.instruction, old.instructions, one);
        counters.branch = shift(counters.branch, old.branches, Counter::default());
        applied = true;
    }
    if applied {
        counters.line = line_counter(lines);
    }
    applied
}

/// `total - before + after`, field by field.
fn shift(total: Counter, before: Counter, after: Counter) -> Counter {
    Counter {
        missed: (total.missed + after.missed).saturating_sub(before.missed),
        covered: (total.covered + after.covered).saturating_sub(before.covered),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MethodCoverage;

    fn c(missed: u32, covered: u32) -> Counter {
        Counter { missed, covered }
    }

    fn lc(im: u32, ic: u32, bm: u32, bc: u32) -> LineCounts {
        LineCounts { instructions: c(im, ic), branches: c(bm, bc) }
    }

    fn method(lines: &[(u32, LineCounts)], complexity: Counter) -> MethodCoverage {
        let lines: BTreeMap<u32, LineCounts> = lines.iter().copied().collect();
        let mut counters = Counters::default();
        for l in lines.values() {
            counters.instruction += l.instructions;
            counters.branch += l.branches;
        }
        counters.line = line_counter(&lines);
        counters.complexity = complexity;
        counters.method = if counters.instruction.covered > 0 { c(0, 1) } else { c(1, 0) };
        MethodCoverage {
            name: "f".into(),
            descriptor: "()V".into(),
            first_line: lines.keys().next().copied(),
            counters,
            lines,
            instrumented: true,
            approximate: false,
            filters: Vec::new(),
        }
    }

    fn class(name: &str, methods: Vec<MethodCoverage>, fragments: Vec<Fragment>) -> ClassCoverage {
        let mut counters = Counters::default();
        let mut lines: BTreeMap<u32, LineCounts> = BTreeMap::new();
        for m in &methods {
            counters += m.counters;
            for (&nr, l) in &m.lines {
                *lines.entry(nr).or_default() += *l;
            }
        }
        counters.line = line_counter(&lines);
        counters.class = if counters.method.covered > 0 { c(0, 1) } else { c(1, 0) };
        ClassCoverage {
            name: name.into(),
            source_file: Some("F.kt".into()),
            methods,
            counters,
            lines,
            skipped: Vec::new(),
            hidden: Vec::new(),
            jacoco_probes: None,
            fragments,
        }
    }

    #[test]
    fn collects_mapped_lines_per_source_class() {
        let insn = |line: u32, covered: bool| {
            let mut i = Instruction { line: Some(line), branches: 1, ..Default::default() };
            if covered {
                i.covered.set(0);
            }
            i
        };
        let mappings = vec![
            Mapping { input_class: Some("kt/MainKt".into()), input_start: 1, repeat: 30, output_start: 1 },
            Mapping { input_class: Some("kt/FKt".into()), input_start: 10, repeat: 3, output_start: 31 },
        ];
        let mut f = Vec::new();
        collect(&mut f, "kt/MainKt", &mappings, &[insn(5, true), insn(31, true), insn(33, false), insn(33, true)]);
        assert_eq!(f.len(), 1, "the identity mapping makes no fragment");
        assert_eq!(f[0].class, "kt/FKt");
        assert_eq!(f[0].lines, BTreeMap::from([(10, c(0, 1)), (12, c(1, 1))]));
    }

    #[test]
    fn a_fragment_turns_lines_into_one_instruction_and_drops_their_branches() {
        // The inline function `g` (lines 10..12, never called directly: all missed, a branch on
        // line 11) and an unrelated method on line 20.
        let g = method(&[(10, lc(3, 0, 0, 0)), (11, lc(4, 0, 2, 0)), (12, lc(2, 0, 0, 0))], c(2, 0));
        let other = method(&[(20, lc(0, 2, 0, 0))], c(0, 1));
        let fragment = Fragment { class: "kt/FKt".into(), lines: BTreeMap::from([(10, c(0, 2)), (11, c(3, 0))]) };
        let caller = class("kt/MainKt", vec![method(&[(1, lc(0, 1, 0, 0))], c(0, 1))], vec![fragment]);
        let mut classes = vec![class("kt/FKt", vec![g, other], Vec::new()), caller];
        apply(&mut classes);
        let f = &classes[0];
        let g = &f.methods[0];
        assert_eq!(g.lines[&10], lc(0, 1, 0, 0));
        assert_eq!(g.lines[&11], lc(1, 0, 0, 0));
        assert_eq!(g.lines[&12], lc(2, 0, 0, 0));
        assert_eq!(g.counters.instruction, c(3, 1));
        assert_eq!(g.counters.branch, c(0, 0));
        assert_eq!(g.counters.line, c(2, 1));
        assert_eq!((g.counters.method, g.counters.complexity), (c(0, 1), c(0, 1)));
        // The other method is untouched (its lines are outside the fragment's).
        assert_eq!(f.methods[1].counters.complexity, c(0, 1));
        // The class follows: g's method and complexity deltas, its lines.
        assert_eq!(f.counters.method, c(0, 2));
        assert_eq!(f.counters.complexity, c(0, 2));
        assert_eq!(f.counters.instruction, c(3, 3));
        assert_eq!(f.counters.line, c(2, 2));
        assert_eq!(f.counters.class, c(0, 1));
        // The caller is not changed by its own fragments.
        assert_eq!(classes[1].methods[0].counters.instruction, c(0, 1));
    }
}
