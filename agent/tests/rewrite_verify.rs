//! End-to-end checks of the rewriter against real JVMs.
//!
//! 1. Java programs under `tests/java/rw` (+ `rw17` and a generated `rw/Big.java` with
//!    methods that force branch widening, too-large methods and wide locals) are compiled
//!    with javac at test time, every class is instrumented (with a hand-built "full" plan
//!    that exercises every placement kind, and with the real JaCoCo planner), and the
//!    program is run with full verification on JDK 17 and JDK 25. Its output must equal the
//!    uninstrumented run's, and probe hit counts of a few hand-checked methods must be exact.
//! 2. All classes of a few real jars are instrumented and loaded + linked (which verifies
//!    them) by a small Java checker; any failure the original classes do not also have fails
//!    the test. Counts (instrumented/skipped and why) are printed (`--nocapture`).
//! 3. The solver's trace mode: the program traced throughout and run with the real shadow runtime
//!    active (same output, full verification, JDK 17 and 25), and the real jars traced and
//!    verified.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use jvmfuzz_classfile::bytecode::{self, is_conditional_branch, is_return, opcodes::*, Insn, InsnKind};
use jvmfuzz_classfile::{ClassFile, CodeAttribute, ConstantPool, CpEntry};
use jvmfuzz_instrument::plan::{MethodPlan, Placement, PlanError, PlanOptions, ProbeKind, ProbeSite};
use jvmfuzz_instrument::{
    instrument_class, instrument_class_cmp, CmpKind, CmpSites, InstrumentConfig, JacocoPlanner, MethodOutcome, Planner,
    SkipReason,
};

const JDK25_HOME: &str = "/usr/lib/jvm/temurin-25-jdk-amd64";
const VERIFY_FLAGS: [&str; 3] = ["-Xverify:all", "-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal"];
/// First probe id: ids cross 32767 so both `sipush` and `ldc_w` pushes are exercised.
const FIRST_ID: u32 = 32_600;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tmp_root() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rewrite_verify")
}

fn jdk17_bin() -> PathBuf {
    // Debian's default `java` is 17; resolve the real home so javac/java/jar match.
    let javac = fs::canonicalize("/usr/bin/javac").unwrap_or_else(|_| PathBuf::from("/usr/bin/javac"));
    javac.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("/usr/bin"))
}

fn jdk25_bin() -> PathBuf {
    Path::new(JDK25_HOME).join("bin")
}

fn fresh_dir(p: &Path) -> PathBuf {
    let _ = fs::remove_dir_all(p);
    fs::create_dir_all(p).unwrap();
    p.to_path_buf()
}

fn java_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    v.sort();
    v
}

fn class_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            class_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "class") {
            out.push(p);
        }
    }
}

fn javac(bin: &Path, release: Option<&str>, srcs: &[PathBuf], out: &Path, cp: Option<&Path>) {
    let mut cmd = Command::new(bin.join("javac"));
    cmd.arg("-g").arg("-nowarn").arg("-encoding").arg("UTF-8").arg("-d").arg(out);
    if let Some(r) = release {
        cmd.arg("--release").arg(r);
    }
    if let Some(cp) = cp {
        cmd.arg("-cp").arg(cp);
    }
    cmd.args(srcs);
    let o = cmd.output().expect("run javac");
    assert!(o.status.success(), "javac failed:\n{}", String::from_utf8_lossy(&o.stderr));
}

/// Generates `rw/Big.java`: far branches that only overflow 16 bits once probes are
/// inserted (so *our* widening runs, not javac's), a method that becomes too large, and a
/// method with 300 locals (wide loads/stores/iinc).
fn big_java() -> String {
    let mut s = String::from("package rw;\n\npublic class Big {\n");
    // far(): the loop test, the outer `if` and the back-edge goto span ~24 KB of code that
    // grows past 32 KB with probes.
    s.push_str(
        "    static int far(int[] a, int n, String str) {\n        int s = 0;\n        long big = 7;\n        double d = 0.5;\n        for (int r = 0; r < n; r++) {\n",
    );
    // Straight-line prelude before the far `if`: the widened-if frame is computed through it.
    s.push_str(
        "            str = str.substring(0, 1) + big;\n            Object o = new StringBuilder(str).append(d);\n            big = big * 3 + (long) d + o.toString().length() % 2;\n            int[][] m = new int[2][3];\n            m[1][2] = s;\n            Object[] oa = new String[] {str};\n            char c = str.charAt(0);\n            float f = c;\n            s += m[1][2] - oa.length + (int) f;\n",
    );
    s.push_str("            if (a[r % a.length] > 3) {\n");
    for k in 0..1000 {
        s.push_str(&format!("                if (a[(r + {k}) % a.length] > {m}) s += {k}; else s -= 1;\n", m = k % 5));
    }
    s.push_str("            }\n");
    s.push_str(
        "            switch (r % 3) { case 0: s += 1; break; case 1: s ^= 2; break; default: s -= 3; }\n            d += r;\n        }\n        return s + (int) big + (int) d + str.length();\n    }\n\n",
    );
    // tooBig(): ~55 KB of code; with probes it exceeds 65535 and must be skipped, intact.
    s.push_str("    static int tooBig(int[] a) {\n        int s = 0;\n");
    for k in 0..2300 {
        s.push_str(&format!("        if (a[{k} % a.length] > {m}) s += {k}; else s--;\n", m = k % 7));
    }
    s.push_str("        return s;\n    }\n\n");
    // wideLocals(): 300 int locals and a long beyond slot 255.
    s.push_str("    static long wideLocals(int p) {\n        int v0 = p;\n");
    for k in 1..300 {
        s.push_str(&format!("        int v{k} = v{} * 3 + {k};\n", k - 1));
    }
    s.push_str(
        "        long w = v299;\n        for (int i = 0; i < (v5 & 15); i++) {\n            if (v290 > i) v299 += i; else v298--;\n            v280++;\n        }\n        if (w > 10) w += v280; else w -= v298;\n        return w + v299 + v298 + v1;\n    }\n\n",
    );
    s.push_str(
        "    public static void run() {\n        int[] a = {1, 5, 9, 2, 4, 7, 3};\n        System.out.println(\"big \" + far(a, 5, \"xyz\") + \" \" + tooBig(a) + \" \" + wideLocals(3));\n    }\n}\n",
    );
    s
}

// ---------------------------------------------------------------------------------------
// Plans.

/// A plan exercising every placement: entry; both arms of every `if` (taken arm as an
/// Edge trampoline, fall-through arm as Fallthrough); every distinct switch target as an
/// Edge; a Label at every jump target and handler; a Fallthrough into every jump target
/// reached by fall-through; a probe between every `new` and the next instruction (with an
/// uninitialized object on the stack); a Label before every return/athrow.
fn full_plan(
    insns: &[Insn],
    code: &CodeAttribute<'_>,
    _cp: &ConstantPool<'_>,
    _o: PlanOptions,
) -> Result<MethodPlan, PlanError> {
    let flow = ProbeKind::Flow;
    let mut sites = vec![ProbeSite { kind: ProbeKind::MethodEntry, placement: Placement::Fallthrough { at: 0 } }];
    let mut targets = BTreeSet::new();
    for (i, insn) in insns.iter().enumerate() {
        let next = insns.get(i + 1).map(|n| n.offset);
        if is_conditional_branch(insn.opcode) {
            let (Some(next), InsnKind::Branch { target }) = (next, &insn.kind) else {
                continue;
            };
            sites.push(ProbeSite {
                kind: ProbeKind::BranchArm { insn: insn.offset, arm: 0 },
                placement: Placement::Fallthrough { at: next },
            });
            sites.push(ProbeSite {
                kind: ProbeKind::BranchArm { insn: insn.offset, arm: 1 },
                placement: Placement::Edge { insn: insn.offset, target: *target },
            });
        }
        if matches!(insn.kind, InsnKind::TableSwitch { .. } | InsnKind::LookupSwitch { .. }) {
            let mut seen = Vec::new();
            for t in insn.targets() {
                if !seen.contains(&t) {
                    seen.push(t);
                    sites.push(ProbeSite {
                        kind: ProbeKind::BranchArm { insn: insn.offset, arm: (seen.len() - 1) as u16 },
                        placement: Placement::Edge { insn: insn.offset, target: t },
                    });
                }
            }
        }
        if insn.opcode == NEW {
            if let Some(next) = next {
                sites.push(ProbeSite { kind: flow, placement: Placement::Fallthrough { at: next } });
            }
        }
        if is_return(insn.opcode) || insn.opcode == ATHROW {
            sites.push(ProbeSite { kind: flow, placement: Placement::Label { at: insn.offset } });
        }
        targets.extend(insn.targets());
    }
    for e in &code.exception_table {
        targets.insert(e.handler_pc as u32);
    }
    for t in targets {
        sites.push(ProbeSite { kind: flow, placement: Placement::Label { at: t } });
        let Ok(i) = insns.binary_search_by_key(&t, |x| x.offset) else {
            continue;
        };
        if i > 0 && !bytecode::is_unconditional(insns[i - 1].opcode) {
            sites.push(ProbeSite { kind: flow, placement: Placement::Fallthrough { at: t } });
        }
    }
    Ok(MethodPlan { sites, ..Default::default() })
}

#[derive(Clone, Copy, Debug)]
enum PlanKind {
    Full,
    Jacoco {
        flow: bool,
    },
    /// The fuzzer's configuration: JaCoCo arms-only plan plus comparison-operand logging.
    FuzzCmp,
    /// The solver's trace mode (no probes: the shadow machine's calls).
    Trace,
}

impl PlanKind {
    /// For directory names (no spaces or colons: they end up in class paths).
    fn tag(self) -> &'static str {
        match self {
            PlanKind::Full => "full",
            PlanKind::Jacoco { flow: true } => "jacoco-flow",
            PlanKind::Jacoco { flow: false } => "jacoco-arms",
            PlanKind::FuzzCmp => "fuzz-cmplog",
            PlanKind::Trace => "trace",
        }
    }
}

fn with_planner<R>(kind: PlanKind, f: impl FnOnce(&dyn Planner, PlanOptions) -> R) -> R {
    match kind {
        PlanKind::Full => f(&full_plan, PlanOptions { flow_probes: true }),
        PlanKind::Jacoco { flow } => f(&JacocoPlanner, PlanOptions { flow_probes: flow }),
        PlanKind::FuzzCmp | PlanKind::Trace => f(&JacocoPlanner, PlanOptions { flow_probes: false }),
    }
}

// ---------------------------------------------------------------------------------------
// Instrumenting a directory of classes.

/// What each probe id means: (class, method name, descriptor, site).
type ProbeMap = HashMap<u32, (String, String, String, ProbeSite)>;

#[derive(Default, Debug)]
struct DirReport {
    classes: u32,
    changed: u32,
    failed_classes: Vec<String>,
    methods: u32,
    instrumented: u32,
    skipped: BTreeMap<String, u32>,
    skip_examples: BTreeMap<String, Vec<String>>,
    probes: u64,
    widened_methods: u32,
    probe_map: ProbeMap,
    too_large: Vec<String>,
    structure_problems: Vec<String>,
    type_annotated_methods: u32,
    /// Comparison sites logged, by kind (`PlanKind::FuzzCmp`).
    cmp_sites: BTreeMap<String, u32>,
}

/// Site ids for `PlanKind::FuzzCmp`: a counter from 32 700, so that both `sipush` and `ldc_w`
/// pushes occur; counts the kinds.
struct CountingSites<'a> {
    next: u32,
    kinds: &'a mut BTreeMap<String, u32>,
}

impl CmpSites for CountingSites<'_> {
    fn site(&mut self, kind: CmpKind, _cases: &[i32]) -> Option<u32> {
        *self.kinds.entry(format!("{kind:?}")).or_default() += 1;
        self.next += 1;
        Some(self.next)
    }
}

/// Widened conditional branches: `if<!cond> +8; goto_w` (javac's own fat-code form too, so
/// callers compare against the original).
fn count_widened_ifs(code: &[u8]) -> usize {
    let Ok(insns) = bytecode::decode(code) else {
        return 0;
    };
    insns
        .windows(2)
        .filter(|w| {
            is_conditional_branch(w[0].opcode)
                && w[0].kind == InsnKind::Branch { target: w[0].offset + 8 }
                && w[1].opcode == GOTO_W
        })
        .count()
}

/// Instruments every class under `src` into `dst` (unchanged classes are copied).
fn instrument_dir(src: &Path, dst: &Path, kind: PlanKind, keep_map: bool) -> DirReport {
    let mut files = Vec::new();
    class_files(src, &mut files);
    files.sort();
    let mut rep = DirReport::default();
    let mut next_id = FIRST_ID;
    let mut next_site = 32_700;
    for f in files {
        let rel = f.strip_prefix(src).unwrap();
        let out = dst.join(rel);
        fs::create_dir_all(out.parent().unwrap()).unwrap();
        let bytes = fs::read(&f).unwrap();
        rep.classes += 1;
        if let PlanKind::Trace = kind {
            trace_class(&bytes, &out, rel, &mut rep);
            continue;
        }
        let mut alloc = |n: u32| {
            let first = next_id;
            next_id += n;
            first
        };
        let mut sites = CountingSites { next: next_site, kinds: &mut rep.cmp_sites };
        let result = with_planner(kind, |planner, opts| {
            let cfg = InstrumentConfig { plan_options: opts, ..InstrumentConfig::fuzz() };
            match kind {
                PlanKind::FuzzCmp => instrument_class_cmp(&bytes, &cfg, &mut alloc, planner, Some(&mut sites)),
                _ => instrument_class(&bytes, &cfg, &mut alloc, planner),
            }
        });
        next_site = sites.next;
        let inst = match result {
            Ok(i) => i,
            Err(e) => {
                rep.failed_classes.push(format!("{}: {e}", rel.display()));
                fs::write(&out, &bytes).unwrap();
                continue;
            }
        };
        if inst.changed {
            rep.changed += 1;
        }
        let orig = ClassFile::parse(&bytes).unwrap();
        let new = ClassFile::parse(&inst.bytes).unwrap();
        if keep_map && inst.changed {
            rep.structure_problems.extend(check_structure(&bytes, &inst.bytes));
            rep.type_annotated_methods += new
                .methods
                .iter()
                .filter_map(|m| m.code())
                .filter(|c| c.attribute(&new.constant_pool, "RuntimeVisibleTypeAnnotations").is_some())
                .count() as u32;
        }
        for (mi, m) in inst.methods.iter().enumerate() {
            rep.methods += 1;
            match &m.outcome {
                MethodOutcome::Instrumented { first_probe, probe_count } => {
                    rep.instrumented += 1;
                    rep.probes += *probe_count as u64;
                    let (oc, nc) = (orig.methods[mi].code().unwrap(), new.methods[mi].code().unwrap());
                    if count_widened_ifs(&nc.code) > count_widened_ifs(&oc.code) {
                        rep.widened_methods += 1;
                    }
                    if keep_map {
                        let insns = bytecode::decode(&oc.code).unwrap();
                        let plan = with_planner(kind, |p, o| p.plan(&insns, oc, &orig.constant_pool, o)).unwrap();
                        assert_eq!(plan.sites.len() as u32, *probe_count);
                        for (k, site) in plan.sites.iter().enumerate() {
                            rep.probe_map.insert(
                                first_probe + k as u32,
                                (inst.class_name.clone(), m.name.clone(), m.descriptor.clone(), *site),
                            );
                        }
                    }
                }
                MethodOutcome::Skipped(r) => {
                    let label = r.label().to_string();
                    *rep.skipped.entry(label.clone()).or_default() += 1;
                    if matches!(r, SkipReason::TooLarge) {
                        rep.too_large.push(format!("{}.{}", inst.class_name, m.name));
                    }
                    if matches!(r, SkipReason::Rewrite(_) | SkipReason::Plan(_)) {
                        let ex = rep.skip_examples.entry(label).or_default();
                        if ex.len() < 8 {
                            ex.push(format!("{}.{}{}: {:?}", inst.class_name, m.name, m.descriptor, r));
                        }
                    }
                }
            }
        }
        fs::write(&out, &inst.bytes).unwrap();
    }
    rep
}

/// One class in trace mode, into `out` (the original bytes if nothing was traced).
fn trace_class(bytes: &[u8], out: &Path, rel: &Path, rep: &mut DirReport) {
    use jvmfuzz_instrument::trace::{instrument_class_trace, ModelTable};
    static MODELS: OnceLock<ModelTable> = OnceLock::new();
    let models = MODELS.get_or_init(|| {
        ModelTable::parse(include_str!("../../java-shim/src/main/java/com/jvmfuzz/shim/sym/models.txt")).unwrap()
    });
    let mut sites = CountingTraceSites { sites: 0, methods: 0 };
    match instrument_class_trace(bytes, &mut sites, models) {
        Ok(Some(t)) => {
            rep.changed += 1;
            rep.instrumented += t.methods;
            for why in &t.skipped {
                let label = if why.contains("class-file limit") { "too large" } else { "other" };
                *rep.skipped.entry(label.to_string()).or_default() += 1;
                if label == "other" {
                    let ex = rep.skip_examples.entry(label.to_string()).or_default();
                    if ex.len() < 8 {
                        ex.push(why.clone());
                    }
                }
            }
            fs::write(out, &t.bytes).unwrap();
        }
        Ok(None) => fs::write(out, bytes).unwrap(),
        Err(e) => {
            rep.failed_classes.push(format!("{}: {e}", rel.display()));
            fs::write(out, bytes).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------
// Structural checks of rewritten Code sub-attributes.

fn be16(b: &[u8], i: usize) -> usize {
    u16::from_be_bytes([b[i], b[i + 1]]) as usize
}

/// Skips one element_value (test inputs are javac output, so no bounds care here).
fn skip_element_value(b: &[u8], mut i: usize) -> usize {
    let tag = b[i];
    i += 1;
    match tag {
        b'e' => i + 4,
        b'@' => skip_annotation(b, i),
        b'[' => {
            let n = be16(b, i);
            i += 2;
            for _ in 0..n {
                i = skip_element_value(b, i);
            }
            i
        }
        _ => i + 2,
    }
}

fn skip_annotation(b: &[u8], mut i: usize) -> usize {
    let pairs = be16(b, i + 2);
    i += 4;
    for _ in 0..pairs {
        i = skip_element_value(b, i + 2);
    }
    i
}

/// (target_type, offsets, localvar ranges) of one type annotation.
type TypeAnnoTarget = (u8, Vec<usize>, Vec<(usize, usize)>);

/// The targets of every type annotation in a Code attribute.
fn type_annotation_targets(b: &[u8]) -> Vec<TypeAnnoTarget> {
    let mut out = Vec::new();
    let mut i = 2;
    for _ in 0..be16(b, 0) {
        let t = b[i];
        i += 1;
        let (mut offs, mut ranges) = (Vec::new(), Vec::new());
        match t {
            0x40 | 0x41 => {
                let n = be16(b, i);
                i += 2;
                for _ in 0..n {
                    ranges.push((be16(b, i), be16(b, i + 2)));
                    i += 6;
                }
            }
            0x42 => i += 2,
            0x43..=0x46 => {
                offs.push(be16(b, i));
                i += 2;
            }
            _ => {
                offs.push(be16(b, i));
                i += 3;
            }
        }
        i += 1 + 2 * b[i] as usize;
        i = skip_annotation(b, i);
        out.push((t, offs, ranges));
    }
    out
}

/// Every remapped offset of every rewritten method must land on an instruction of the new
/// code, and annotated instructions must still be the same instructions.
fn check_structure(orig: &[u8], new: &[u8]) -> Vec<String> {
    let (o, n) = (ClassFile::parse(orig).unwrap(), ClassFile::parse(new).unwrap());
    let mut problems = Vec::new();
    for (om, nm) in o.methods.iter().zip(&n.methods) {
        let (Some(oc), Some(nc)) = (om.code(), nm.code()) else {
            continue;
        };
        if oc.code == nc.code {
            continue;
        }
        let name = om.name(&o.constant_pool).unwrap().into_owned();
        let starts: BTreeSet<usize> = bytecode::decode(&nc.code).unwrap().iter().map(|i| i.offset as usize).collect();
        let len = nc.code.len();
        let mut bad = |what: &str, v: usize| problems.push(format!("{name}: {what} {v} not an instruction"));
        if let Some(lnt) = nc.attribute(&n.constant_pool, "LineNumberTable") {
            for k in 0..be16(lnt, 0) {
                let pc = be16(lnt, 2 + 4 * k);
                if !starts.contains(&pc) {
                    bad("line start", pc);
                }
            }
        }
        for attr in ["LocalVariableTable", "LocalVariableTypeTable"] {
            if let Some(t) = nc.attribute(&n.constant_pool, attr) {
                for k in 0..be16(t, 0) {
                    let (s, l) = (be16(t, 2 + 10 * k), be16(t, 4 + 10 * k));
                    if !starts.contains(&s) {
                        bad("local start", s);
                    }
                    if s + l != len && !starts.contains(&(s + l)) {
                        bad("local end", s + l);
                    }
                }
            }
        }
        for attr in ["RuntimeVisibleTypeAnnotations", "RuntimeInvisibleTypeAnnotations"] {
            let (Some(ot), Some(nt)) = (oc.attribute(&o.constant_pool, attr), nc.attribute(&n.constant_pool, attr))
            else {
                continue;
            };
            for ((_, oo, _), (_, no, nr)) in type_annotation_targets(ot).into_iter().zip(type_annotation_targets(nt)) {
                for (a, b) in oo.iter().zip(&no) {
                    if oc.code[*a] != nc.code[*b] {
                        bad("type annotation moved to a different instruction at", *b);
                    }
                }
                for (s, l) in nr {
                    if !starts.contains(&s) || (s + l != len && !starts.contains(&(s + l))) {
                        bad("annotated local", s);
                    }
                }
            }
        }
    }
    problems
}

// ---------------------------------------------------------------------------------------
// Running.

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn run_java(bin: &Path, cp: &[&Path], args: &[&str], props: &[(&str, &Path)]) -> Run {
    run_java_with(bin, &[], cp, args, props)
}

fn run_java_with(bin: &Path, jvm_args: &[&str], cp: &[&Path], args: &[&str], props: &[(&str, &Path)]) -> Run {
    let cp = std::env::join_paths(cp).unwrap();
    let mut cmd = Command::new(bin.join("java"));
    cmd.args(VERIFY_FLAGS).arg("-Xshare:off").args(jvm_args);
    for (k, v) in props {
        cmd.arg(format!("-D{k}={}", v.display()));
    }
    cmd.arg("-cp").arg(cp).args(args);
    let o = cmd.output().expect("run java");
    Run {
        ok: o.status.success(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

fn read_hits(p: &Path) -> HashMap<u32, u64> {
    let text = fs::read_to_string(p).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.parse().ok()?, it.next()?.parse().ok()?))
        })
        .collect()
}

/// The shim stand-in, compiled once.
fn shim_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let out = fresh_dir(&tmp_root().join("shim"));
        let src = manifest_dir().join("tests/java/shim/com/jvmfuzz/shim/Probes.java");
        // The fuzzer's real comparison shim: its natives are not bound here, so it only
        // computes the results of the comparisons it stands in for (lcmp, fcmpl, ...).
        let fuzz = manifest_dir().join("../java-shim/src/main/java/com/jvmfuzz/shim/fuzz");
        javac(
            &jdk17_bin(),
            Some("8"),
            &[src, fuzz.join("Cmp.java"), fuzz.join("Observed.java"), fuzz.join("Spans.java")],
            &out,
            None,
        );
        out
    })
    .clone()
}

/// Compiles the test program once per (javac, release).
/// Rewrites the class-file version of every class under `dir` to 49 (pre-StackMapTable,
/// checked by the old inference verifier), except classes that need 51+ features
/// (invokedynamic, method handles/types in the constant pool).
fn downgrade_to_49(dir: &Path) -> u32 {
    let mut files = Vec::new();
    class_files(dir, &mut files);
    let mut n = 0;
    for f in files {
        let mut bytes = fs::read(&f).unwrap();
        let cf = ClassFile::parse(&bytes).unwrap();
        let modern = cf.constant_pool.iter().any(|(_, e)| {
            matches!(e, CpEntry::InvokeDynamic { .. } | CpEntry::MethodHandle { .. } | CpEntry::MethodType { .. })
        });
        if !modern {
            bytes[6..8].copy_from_slice(&49u16.to_be_bytes());
            fs::write(&f, bytes).unwrap();
            n += 1;
        }
    }
    n
}

fn compiled(name: &str, bin: &Path, release: Option<&str>, modern: bool) -> PathBuf {
    static CACHE: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = guard.get(name) {
        return p.clone();
    }
    let root = tmp_root().join(name);
    let gen = fresh_dir(&root.join("gen/rw"));
    fs::write(gen.join("Big.java"), big_java()).unwrap();
    let out = fresh_dir(&root.join("orig"));
    let mut srcs = java_files(&manifest_dir().join("tests/java/rw"));
    srcs.push(gen.join("Big.java"));
    if modern {
        srcs.extend(java_files(&manifest_dir().join("tests/java/rw17")));
    }
    javac(bin, release, &srcs, &out, None);
    if name.ends_with("v49") {
        assert!(downgrade_to_49(&out) >= 5);
    }
    guard.insert(name.to_string(), out.clone());
    out
}

fn hits_of(
    hits: &HashMap<u32, u64>,
    map: &ProbeMap,
    class: &str,
    method: &str,
    pred: impl Fn(&ProbeSite) -> bool,
) -> Vec<u64> {
    let mut ids: Vec<u32> =
        map.iter().filter(|(_, (c, m, _, s))| c == class && m == method && pred(s)).map(|(id, _)| *id).collect();
    ids.sort();
    ids.iter().map(|id| hits.get(id).copied().unwrap_or(0)).collect()
}

/// Offsets of the single switch in `class.method` and its key -> target map (from the
/// original class), to find per-case probes.
fn switch_targets(orig: &Path, class: &str, method: &str) -> (u32, u32, HashMap<i32, u32>) {
    let bytes = fs::read(orig.join(format!("{class}.class"))).unwrap();
    let cf = ClassFile::parse(&bytes).unwrap();
    let m = cf.methods.iter().find(|m| m.name(&cf.constant_pool).unwrap() == method).unwrap();
    let insns = bytecode::decode(&m.code().unwrap().code).unwrap();
    for i in insns {
        match i.kind {
            InsnKind::TableSwitch { default, low, targets, .. } => {
                let keys = targets.iter().enumerate().map(|(k, t)| (low + k as i32, *t)).collect();
                return (i.offset, default, keys);
            }
            InsnKind::LookupSwitch { default, pairs } => return (i.offset, default, pairs.into_iter().collect()),
            _ => {}
        }
    }
    panic!("no switch in {class}.{method}");
}

fn check_counts(orig: &Path, hits: &HashMap<u32, u64>, map: &ProbeMap) {
    let entry = |s: &ProbeSite| s.kind == ProbeKind::MethodEntry;
    // Loops.loop10: `for (i = 0; i < 10; i++)` -> test runs 11 times: 10 x fall-through
    // into the body (arm 0), 1 x taken exit (arm 1); one return.
    assert_eq!(hits_of(hits, map, "rw/Loops", "loop10", entry), vec![1]);
    let arm = |a: u16| move |s: &ProbeSite| matches!(s.kind, ProbeKind::BranchArm { arm, .. } if arm == a);
    assert_eq!(hits_of(hits, map, "rw/Loops", "loop10", arm(0)), vec![10], "loop10 fall-through arm");
    assert_eq!(hits_of(hits, map, "rw/Loops", "loop10", arm(1)), vec![1], "loop10 exit arm");

    // Switches.classify over {1, 2, 2, 9, 10, -4}: case 1 once, case 2 twice, 3 never,
    // default three times.
    let (sw, default, keys) = switch_targets(orig, "rw/Switches", "classify");
    assert_eq!(hits_of(hits, map, "rw/Switches", "classify", entry), vec![6]);
    let edge_to = |t: u32| move |s: &ProbeSite| s.placement == Placement::Edge { insn: sw, target: t };
    let got: Vec<Vec<u64>> = [keys[&1], keys[&2], keys[&3], default]
        .iter()
        .map(|&t| hits_of(hits, map, "rw/Switches", "classify", edge_to(t)))
        .collect();
    assert_eq!(got, vec![vec![1], vec![2], vec![0], vec![3]], "classify switch arms");

    // Exceptions.thrower: 8 calls, 4 throws caught by the single handler; the handler's
    // Label probe runs with the exception on the stack.
    assert_eq!(hits_of(hits, map, "rw/Exceptions", "thrower", entry), vec![8]);
    let bytes = fs::read(orig.join("rw/Exceptions.class")).unwrap();
    let cf = ClassFile::parse(&bytes).unwrap();
    let m = cf.methods.iter().find(|m| m.name(&cf.constant_pool).unwrap() == "thrower").unwrap();
    let handler = m.code().unwrap().exception_table[0].handler_pc as u32;
    let at_handler = |s: &ProbeSite| s.placement == Placement::Label { at: handler };
    assert_eq!(hits_of(hits, map, "rw/Exceptions", "thrower", at_handler), vec![4], "handler label");
    // The athrow's Label probe runs exactly as often.
    let athrow_label = |s: &ProbeSite| {
        s.kind == ProbeKind::Flow
            && matches!(s.placement, Placement::Label { at } if m.code().unwrap().code.get(at as usize) == Some(&ATHROW))
    };
    assert_eq!(hits_of(hits, map, "rw/Exceptions", "thrower", athrow_label), vec![4], "athrow label");
}

/// Compile, instrument, run original and instrumented on the given JVMs, compare.
fn program_case(name: &str, javac_bin: &Path, release: Option<&str>, modern: bool, kind: PlanKind, jvms: &[PathBuf]) {
    let orig = compiled(name, javac_bin, release, modern);
    let inst = fresh_dir(&tmp_root().join(format!("{name}-{}", kind.tag())).join("inst"));
    let rep = instrument_dir(&orig, &inst, kind, true);
    println!(
        "{name} {kind:?}: {} classes ({} changed), {} methods, {} instrumented, {} probes, widened in {} methods, skipped {:?} {:?}",
        rep.classes, rep.changed, rep.methods, rep.instrumented, rep.probes, rep.widened_methods, rep.skipped, rep.skip_examples
    );
    assert!(rep.failed_classes.is_empty(), "{:?}", rep.failed_classes);
    assert!(rep.structure_problems.is_empty(), "{:#?}", rep.structure_problems);
    assert!(rep.type_annotated_methods >= 1, "TypeAnno must carry type annotations in Code");
    // Only the deliberately huge method may be skipped (plus no-code / no-probe methods).
    assert_eq!(rep.too_large, vec!["rw/Big.tooBig".to_string()]);
    assert!(rep.skip_examples.is_empty(), "unexpected skips: {:?}", rep.skip_examples);
    if let PlanKind::FuzzCmp = kind {
        println!("comparison sites: {:?}", rep.cmp_sites);
        for k in ["Int", "Ref", "Zero", "IntDivisor", "LongDivisor", "Switch", "Long", "Difference"] {
            assert!(rep.cmp_sites.contains_key(k), "no {k} site in {:?}", rep.cmp_sites);
        }
        for k in ["Float { g: false }", "Float { g: true }", "Double { g: false }", "Double { g: true }"] {
            assert!(rep.cmp_sites.contains_key(k), "no {k} site in {:?}", rep.cmp_sites);
        }
    }
    if !matches!(kind, PlanKind::Jacoco { flow: false } | PlanKind::FuzzCmp) {
        // Arms-only plans add too little code to push Big.far's branches past 32 KB.
        assert!(rep.widened_methods >= 1, "Big.far must need widening");
    }
    let shim = shim_dir();
    for jvm in jvms {
        let base = run_java(jvm, &[&orig, &shim], &["rw.Main"], &[]);
        assert!(base.ok, "original run failed on {}:\n{}", jvm.display(), base.stderr);
        let hits_file =
            inst.parent().unwrap().join(format!("hits-{}.txt", jvm.display().to_string().replace('/', "_")));
        let _ = fs::remove_file(&hits_file);
        let run = run_java(jvm, &[&inst, &shim], &["rw.Main"], &[("probes.out", &hits_file)]);
        assert!(run.ok, "instrumented run failed on {}:\n{}", jvm.display(), run.stderr);
        assert_eq!(run.stdout, base.stdout, "output differs on {}", jvm.display());
        assert!(base.stdout.contains("done") && base.stdout.contains("big "));
        if modern {
            assert!(base.stdout.contains("modern "));
        }
        let hits = read_hits(&hits_file);
        assert!(!hits.is_empty());
        // Ids above 32767 (ldc_w pushes) must fire as well as sipush ones.
        assert!(hits.keys().any(|&id| id > 32_767) && hits.keys().any(|&id| id <= 32_767));
        if let PlanKind::Full = kind {
            check_counts(&orig, &hits, &rep.probe_map);
        }
    }
}

#[test]
fn program_release17_full_plan_jdk17_and_jdk25() {
    program_case("r17", &jdk17_bin(), Some("17"), true, PlanKind::Full, &[jdk17_bin(), jdk25_bin()]);
}

#[test]
fn program_release8_full_plan_jdk17_and_jdk25() {
    program_case("r8", &jdk17_bin(), Some("8"), false, PlanKind::Full, &[jdk17_bin(), jdk25_bin()]);
}

/// Most classes as version 49: no frames needed, checked by the old inference verifier.
#[test]
fn program_release8_as_version49_full_plan() {
    program_case("r8v49", &jdk17_bin(), Some("8"), false, PlanKind::Full, &[jdk17_bin(), jdk25_bin()]);
}

#[test]
fn program_jdk25_classes_full_plan() {
    program_case("r25", &jdk25_bin(), None, true, PlanKind::Full, &[jdk25_bin()]);
}

/// The fuzzer's configuration (arms-only plan plus comparison logging): same output on JDK 17
/// and 25 with full verification, for class files with and without frames.
#[test]
fn program_fuzz_cmplog_jdk17_and_jdk25() {
    program_case("r17", &jdk17_bin(), Some("17"), true, PlanKind::FuzzCmp, &[jdk17_bin(), jdk25_bin()]);
    program_case("r8v49", &jdk17_bin(), Some("8"), false, PlanKind::FuzzCmp, &[jdk17_bin()]);
}

#[test]
fn program_release17_jacoco_plans() {
    program_case("r17", &jdk17_bin(), Some("17"), true, PlanKind::Jacoco { flow: true }, &[jdk17_bin(), jdk25_bin()]);
    program_case("r17", &jdk17_bin(), Some("17"), true, PlanKind::Jacoco { flow: false }, &[jdk17_bin()]);
}

// ---------------------------------------------------------------------------------------
// Real jars.

struct JarCase {
    jar: &'static str,
    deps: &'static [&'static str],
}

const JARS: &[JarCase] = &[
    JarCase {
        jar: "/usr/share/java/guava.jar",
        deps: &["/usr/share/java/jsr305.jar", "/usr/share/java/error_prone_annotations.jar"],
    },
    JarCase {
        jar: "/usr/share/java/groovy.jar",
        deps: &[
            "/usr/share/java/antlr.jar",
            "/usr/share/java/asm-all.jar",
            "/usr/share/java/commons-cli.jar",
            "/usr/share/java/ant.jar",
            "/usr/share/java/ant-launcher.jar",
            "/usr/share/java/jline2.jar",
            "/usr/share/java/xstream.jar",
            "/usr/share/java/ivy.jar",
            "/usr/share/java/qdox.jar",
        ],
    },
    JarCase { jar: "/usr/share/java/kotlin-stdlib.jar", deps: &[] },
    JarCase { jar: "/usr/share/java/scala-library.jar", deps: &[] },
];

fn checker_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let out = fresh_dir(&tmp_root().join("checker"));
        javac(&jdk17_bin(), Some("11"), &[manifest_dir().join("tests/java/checker/VerifyLoad.java")], &out, None);
        out
    })
    .clone()
}

const FAILOVER: &str = "Fail over class verification to old verifier for: ";

/// Failures of a checker run: class name -> "exception: message". Besides load/link errors,
/// a version-50 class whose StackMapTable does not type-check is silently re-verified by
/// the old verifier; HotSpot logs that (class+init), and it counts as a failure here.
fn check_load(jvm: &Path, list: &Path, cp: &[&Path]) -> (u32, BTreeMap<String, String>) {
    let checker = checker_dir();
    let mut args: Vec<String> = vec!["VerifyLoad".into(), list.display().to_string()];
    args.extend(cp.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = run_java_with(jvm, &["-Xlog:class+init=info"], &[&checker], &args, &[]);
    assert!(run.ok, "checker crashed:\n{}\n{}", run.stdout, run.stderr);
    let mut fails = BTreeMap::new();
    let mut ok: u32 = 0;
    let mut failovers: u32 = 0;
    for l in run.stdout.lines() {
        if let Some((_, name)) = l.split_once(FAILOVER) {
            fails.insert(name.trim().to_string(), "failed type-checking (fell back to the old verifier)".to_string());
            failovers += 1;
            continue;
        }
        if let Some(rest) = l.strip_prefix("FAIL ") {
            let (name, why) = rest.split_once(' ').unwrap_or((rest, ""));
            fails.insert(name.to_string(), why.to_string());
        } else if let Some(rest) = l.strip_prefix("OK ") {
            ok = rest.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0);
        }
    }
    // A class that fell back still loaded, so the checker counted it as OK.
    (ok.saturating_sub(failovers), fails)
}

fn jar_case(case: &JarCase, kind: PlanKind, jvms: &[PathBuf]) -> Vec<String> {
    let jar = Path::new(case.jar);
    let stem = jar.file_stem().unwrap().to_string_lossy().into_owned();
    let root = tmp_root().join(format!("jar-{stem}-{}", kind.tag()));
    let orig = fresh_dir(&root.join("orig"));
    let o = Command::new("unzip").arg("-q").arg("-o").arg(jar).arg("*.class").arg("-d").arg(&orig).output().unwrap();
    assert!(o.status.success(), "unzip: {}", String::from_utf8_lossy(&o.stderr));
    // Multi-release variants and module descriptors are not loadable by name here.
    let _ = fs::remove_dir_all(orig.join("META-INF"));
    let _ = fs::remove_file(orig.join("module-info.class"));
    let inst = fresh_dir(&root.join("inst"));
    let rep = instrument_dir(&orig, &inst, kind, false);
    let mut files = Vec::new();
    class_files(&orig, &mut files);
    let mut names: Vec<String> = files
        .iter()
        .map(|f| f.strip_prefix(&orig).unwrap().with_extension("").to_string_lossy().replace('/', "."))
        .collect();
    names.sort();
    let list = root.join("classes.txt");
    fs::write(&list, names.join("\n")).unwrap();
    println!(
        "{stem} {kind:?}: {} classes ({} changed, {} unparsable), {} methods: {} instrumented ({} probes, widened in {}), skipped {:?}",
        rep.classes, rep.changed, rep.failed_classes.len(), rep.methods, rep.instrumented, rep.probes, rep.widened_methods, rep.skipped
    );
    for (k, v) in &rep.skip_examples {
        println!("  {k}: {v:#?}");
    }
    if let PlanKind::FuzzCmp = kind {
        println!("  comparison sites: {:?}", rep.cmp_sites);
        assert!(rep.cmp_sites.values().sum::<u32>() > 1000, "{stem}: {:?}", rep.cmp_sites);
    }
    let deps: Vec<&Path> = case.deps.iter().map(Path::new).filter(|p| p.exists()).collect();
    let shim = shim_dir();
    let mut problems = Vec::new();
    for jvm in jvms {
        let mut cp_orig: Vec<&Path> = vec![&orig, jar];
        cp_orig.extend(&deps);
        let mut cp_inst: Vec<&Path> = vec![&inst, &shim, jar];
        cp_inst.extend(&deps);
        let (ok_o, fail_o) = check_load(jvm, &list, &cp_orig);
        let (ok_i, fail_i) = check_load(jvm, &list, &cp_inst);
        println!(
            "  {}: original {} ok / {} failed; instrumented {} ok / {} failed",
            jvm.display(),
            ok_o,
            fail_o.len(),
            ok_i,
            fail_i.len()
        );
        for (name, why) in &fail_i {
            if !fail_o.contains_key(name) {
                problems.push(format!("{stem} on {}: {name}: {why}", jvm.display()));
            }
        }
    }
    problems
}

/// Negative control: the checker must notice broken frames, both as a VerifyError (class
/// version >= 51) and as a silent fall-back to the old verifier (version 50).
#[test]
fn checker_detects_broken_frames() {
    let root = fresh_dir(&tmp_root().join("negative"));
    let mut cases = Vec::new();
    for (jar, class) in [
        ("/usr/share/java/guava.jar", "com/google/common/base/Strings"),
        ("/usr/share/java/scala-library.jar", "scala/collection/immutable/List"),
    ] {
        if Path::new(jar).exists() {
            cases.push((jar, class));
        }
    }
    assert!(!cases.is_empty(), "no jar to test with");
    for (jar, class) in cases {
        let dir = fresh_dir(&root.join(class.replace('/', "_")));
        let o = Command::new("unzip")
            .arg("-q")
            .arg("-o")
            .arg(jar)
            .arg(format!("{class}.class"))
            .arg("-d")
            .arg(&dir)
            .output();
        assert!(o.unwrap().status.success());
        let path = dir.join(format!("{class}.class"));
        let bytes = fs::read(&path).unwrap();
        // Instrument, then hide every StackMapTable by renaming the attribute (same length).
        let mut next = 0;
        let mut alloc = |n: u32| {
            next += n;
            next - n
        };
        let cfg = InstrumentConfig::fuzz();
        let inst = instrument_class(&bytes, &cfg, &mut alloc, &full_plan).unwrap();
        assert!(inst.changed);
        let pos = inst.bytes.windows(13).position(|w| w == b"StackMapTable").expect("has frames");
        let mut broken = inst.bytes.clone();
        broken[pos + 12] = b'X';
        fs::write(&path, &broken).unwrap();
        let list = dir.join("list.txt");
        fs::write(&list, class.replace('/', ".")).unwrap();
        let (ok, fails) = check_load(&jdk17_bin(), &list, &[&dir, &shim_dir(), Path::new(jar)]);
        assert_eq!((ok, fails.len()), (0, 1), "{class}: {fails:?}");
        // And the intact instrumented class passes.
        fs::write(&path, &inst.bytes).unwrap();
        let (ok, fails) = check_load(&jdk17_bin(), &list, &[&dir, &shim_dir(), Path::new(jar)]);
        assert_eq!((ok, fails.len()), (1, 0), "{class}: {fails:?}");
    }
}

/// Instruments every class of the real jars with `kind` and loads them on each of `jdks`: no class
/// may fail only after instrumentation. A missing jar is skipped with a message, or fails the
/// test under CI / JVMFUZZ_REQUIRE_JAVA=1 (scripts/fetch-test-deps.sh installs them all).
/// JVMFUZZ_SKIP_JAR_TESTS=1 skips.
fn real_jars_verify(kind: PlanKind, jdks: &[PathBuf]) {
    if std::env::var_os("JVMFUZZ_SKIP_JAR_TESTS").is_some() {
        println!("skipped (JVMFUZZ_SKIP_JAR_TESTS)");
        return;
    }
    let must = std::env::var_os("CI").is_some() || std::env::var_os("JVMFUZZ_REQUIRE_JAVA").is_some();
    let mut problems = Vec::new();
    for case in JARS {
        if !Path::new(case.jar).exists() {
            assert!(!must, "missing {} (scripts/fetch-test-deps.sh installs it)", case.jar);
            println!("skipping missing {}", case.jar);
            continue;
        }
        problems.extend(jar_case(case, kind, jdks));
    }
    for p in problems.iter().take(50) {
        println!("NEW FAILURE {p}");
    }
    assert!(problems.is_empty(), "{} classes fail only after instrumentation", problems.len());
}

/// The full plan (entry, arms and flow probes) on JDK 17 and 25. Takes a few minutes (about 10k
/// classes, each loaded four times).
#[test]
fn real_jars_full_plan_verify() {
    real_jars_verify(PlanKind::Full, &[jdk17_bin(), jdk25_bin()]);
}

/// The fuzzer's configuration (arms-only plan plus comparison logging) on JDK 17.
#[test]
fn real_jars_fuzz_cmplog_verify() {
    real_jars_verify(PlanKind::FuzzCmp, &[jdk17_bin()]);
}

/// The solver's trace mode on JDK 17: every traced class must verify.
#[test]
fn real_jars_trace_mode_verify() {
    real_jars_verify(PlanKind::Trace, &[jdk17_bin()]);
}

/// The production planner (JaCoCo placement with flow probes) on JDK 17: every plan it makes
/// must be accepted by the rewriter and verify.
#[test]
fn real_jars_jacoco_plan_verify() {
    real_jars_verify(PlanKind::Jacoco { flow: true }, &[jdk17_bin()]);
}

// ---------------------------------------------------------------------------------------
// Robustness.

/// Byte ranges (relative to the class bytes) of every method's code and Code sub-attributes:
/// mutations there reach the rewriter rather than stopping in the parser.
fn interesting_ranges(bytes: &[u8]) -> Vec<(usize, usize)> {
    let cf = ClassFile::parse(bytes).unwrap();
    let base = bytes.as_ptr() as usize;
    let mut v = Vec::new();
    let mut add = |s: &[u8]| {
        let p = s.as_ptr() as usize;
        if p >= base && p + s.len() <= base + bytes.len() && !s.is_empty() {
            v.push((p - base, s.len()));
        }
    };
    for m in &cf.methods {
        if let Some(c) = m.code() {
            add(&c.code);
            for a in &c.attributes {
                if let Some(r) = a.raw() {
                    add(r);
                }
            }
        }
    }
    v
}

/// Mutated classes must never make instrumentation panic; whatever it returns must parse.
#[test]
fn mutated_classes_never_panic() {
    let orig = compiled("r17", &jdk17_bin(), Some("17"), true);
    let mut files = Vec::new();
    class_files(&orig, &mut files);
    files.sort();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut runs, mut ok) = (0u32, 0u32);
    for f in &files {
        let bytes = fs::read(f).unwrap();
        let ranges = interesting_ranges(&bytes);
        if ranges.is_empty() {
            continue;
        }
        for _ in 0..60 {
            let mut m = bytes.clone();
            for _ in 0..1 + rnd() % 3 {
                let (start, len) = ranges[(rnd() % ranges.len() as u64) as usize];
                let at = start + (rnd() % len as u64) as usize;
                m[at] = rnd() as u8;
            }
            for kind in [PlanKind::Full, PlanKind::Jacoco { flow: true }] {
                runs += 1;
                let res = std::panic::catch_unwind(|| {
                    let mut next = 0u32;
                    let mut alloc = |n: u32| {
                        next += n;
                        next - n
                    };
                    with_planner(kind, |p, o| {
                        let cfg = InstrumentConfig { plan_options: o, ..InstrumentConfig::fuzz() };
                        instrument_class(&m, &cfg, &mut alloc, p).map(|i| i.bytes)
                    })
                });
                match res {
                    Err(_) => panic!("panic instrumenting mutated {} ({kind:?}); input saved", {
                        let p = tmp_root().join("panic.class");
                        fs::write(&p, &m).unwrap();
                        p.display().to_string()
                    }),
                    Ok(Ok(out)) => {
                        ok += 1;
                        let cf = ClassFile::parse(&out).expect("output parses");
                        for meth in &cf.methods {
                            if let Some(c) = meth.code() {
                                let _ = bytecode::decode(&c.code);
                            }
                        }
                    }
                    Ok(Err(_)) => {}
                }
            }
        }
    }
    println!("mutation runs: {runs}, {ok} produced a class");
    assert!(runs > 1000 && ok > 0);
}

// ---------------------------------------------------------------------------------------
// Trace mode (the solver's): the test program with every method traced, run with the real
// shadow runtime tracing its main thread, under full verification. Tracing must not change
// what the program does.

struct CountingTraceSites {
    sites: u32,
    methods: u32,
}

impl jvmfuzz_instrument::trace::TraceSites for CountingTraceSites {
    fn site(&mut self, _class: &str, _method: &str, _offset: u32, _cases: &[i32]) -> Option<u32> {
        self.sites += 1;
        Some(self.sites)
    }
    fn method(&mut self, _class: &str, _method: &str) -> u32 {
        self.methods += 1;
        self.methods
    }
}

/// The whole shim (the shadow runtime, its models and providers) plus `TraceMain`, which begins
/// a trace on the main thread, runs `rw.Main` and prints the trace's size.
fn sym_dir(orig: &Path) -> PathBuf {
    let out = fresh_dir(&tmp_root().join("sym-shim"));
    let mut srcs = Vec::new();
    let mut stack = vec![manifest_dir().join("../java-shim/src/main/java")];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "java") {
                srcs.push(p);
            }
        }
    }
    let main = out.join("src/TraceMain.java");
    fs::create_dir_all(main.parent().unwrap()).unwrap();
    fs::write(
        &main,
        "public class TraceMain {\n\
           public static void main(String[] args) throws Throwable {\n\
             com.jvmfuzz.shim.sym.Sym.begin(new byte[] {1, 2, 3, 4});\n\
             Throwable thrown = null;\n\
             try { rw.Main.main(args); } catch (Throwable t) { thrown = t; }\n\
             byte[] trace = com.jvmfuzz.shim.sym.Sym.finish();\n\
             System.err.println(\"TRACE \" + trace.length);\n\
             if (thrown != null) throw thrown;\n\
           }\n\
         }\n",
    )
    .unwrap();
    srcs.push(main);
    javac(&jdk17_bin(), Some("11"), &srcs, &out.join("classes"), Some(orig));
    out.join("classes")
}

#[test]
fn program_trace_mode_jdk17_and_jdk25() {
    use jvmfuzz_instrument::trace::{instrument_class_trace, ModelTable};
    let models =
        ModelTable::parse(include_str!("../../java-shim/src/main/java/com/jvmfuzz/shim/sym/models.txt")).unwrap();
    let orig = compiled("r17", &jdk17_bin(), Some("17"), true);
    let inst = fresh_dir(&tmp_root().join("r17-trace").join("inst"));
    let mut files = Vec::new();
    class_files(&orig, &mut files);
    let mut sites = CountingTraceSites { sites: 0, methods: 0 };
    let (mut traced, mut skipped) = (0, Vec::new());
    for f in files {
        let out = inst.join(f.strip_prefix(&orig).unwrap());
        fs::create_dir_all(out.parent().unwrap()).unwrap();
        let bytes = fs::read(&f).unwrap();
        match instrument_class_trace(&bytes, &mut sites, &models).unwrap() {
            Some(t) => {
                traced += t.methods;
                skipped.extend(t.skipped);
                fs::write(&out, &t.bytes).unwrap();
            }
            None => fs::write(&out, &bytes).unwrap(),
        }
    }
    println!("trace mode: {traced} methods traced, {} sites, skipped {skipped:?}", sites.sites);
    assert!(traced > 50 && sites.sites > 1000);
    // Only the deliberately huge methods may be left as they were.
    assert!(skipped.iter().all(|s| s.contains("rw/Big")), "{skipped:#?}");
    let shim = sym_dir(&orig);
    for jvm in [jdk17_bin(), jdk25_bin()] {
        let base = run_java(&jvm, &[&orig, &shim], &["TraceMain"], &[]);
        assert!(base.ok, "original run failed on {}:\n{}", jvm.display(), base.stderr);
        let run = run_java(&jvm, &[&inst, &shim], &["TraceMain"], &[]);
        assert!(run.ok, "traced run failed on {}:\n{}\n{}", jvm.display(), run.stderr, run.stdout);
        assert_eq!(run.stdout, base.stdout, "output differs on {}", jvm.display());
        assert!(base.stdout.contains("done") && base.stdout.contains("modern "));
        assert!(run.stderr.contains("TRACE "), "{}", run.stderr);
    }
}
