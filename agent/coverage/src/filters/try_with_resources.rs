//! try-with-resources: the code javac generates to close the resource on the normal path
//! and the `Throwable` handler that closes it and calls `addSuppressed`.
//!
//! - [`filter_javac11`]: javac 11+ (`r.close()` inlined, optionally behind `if (r != null)`).
//! - [`filter_javac7`]: javac 7-10 (the `primaryExc` variable, or `$closeResource` in javac 9/10).
//! - [`filter_ecj`]: the Eclipse compiler (a catch-any handler that closes each resource and
//!   chains suppressed exceptions by hand).

use std::collections::HashMap;

use super::{jump_label, FilterOutput, Matcher};
use crate::model::{Arg, MethodModel};
use jvmfuzz_classfile::bytecode::opcodes::*;

const THROWABLE: &str = "java/lang/Throwable";

/// `aload r; invoke{interface,virtual} <owner>.close()V`, with one owner per match.
fn next_is_close(x: &mut Matcher<'_>, owner: &mut Option<String>) {
    x.next_is_var(ALOAD, "r");
    x.next();
    let Some(c) = x.cursor else { return };
    let op = x.op();
    if op != INVOKEINTERFACE as i32 && op != INVOKEVIRTUAL as i32 {
        x.cursor = None;
        return;
    }
    let Some(Arg::Member { owner: o, name, desc }) = x.m.insn(c).map(|i| &i.arg) else {
        x.cursor = None;
        return;
    };
    if name != "close" || desc != "()V" {
        x.cursor = None;
        return;
    }
    match owner {
        None => *owner = Some(o.to_string()),
        Some(e) if e != o => x.cursor = None,
        Some(_) => {}
    }
}

/// The normal-path close before the handler: walk back from the handler until the close
/// sequence matches, then ignore it (and the `goto` over the handler after it).
fn ignore_normal_path_close(
    x: &mut Matcher<'_>,
    out: &mut FilterOutput,
    handler: usize,
    mut close: impl FnMut(&mut Matcher<'_>) -> bool,
) -> bool {
    let m = x.m;
    let mut s = m.prev(handler);
    x.at(s);
    while !close(x) {
        s = s.and_then(|n| m.prev(n));
        x.at(s);
        if s.is_none() {
            return false;
        }
    }
    let Some(first) = s.and_then(|n| m.next(n)) else { return false };
    let matched = x.cursor;
    x.next();
    if !matches!(x.cursor, Some(c) if m.opcode(c) == GOTO as i32) {
        x.cursor = matched;
    }
    if let Some(last) = x.cursor {
        out.ignore(m, first, last);
    }
    true
}

pub(crate) fn filter_javac11(m: &MethodModel, out: &mut FilterOutput) {
    if m.try_catch.is_empty() {
        return;
    }
    let mut x = Matcher::new(m);
    for t in &m.try_catch {
        if t.catch_type.as_deref() == Some(THROWABLE) {
            for null_check in [true, false] {
                match_javac11(&mut x, out, t.handler, null_check);
            }
        }
    }
}

fn match_javac11(x: &mut Matcher<'_>, out: &mut FilterOutput, start: usize, null_check: bool) {
    let m = x.m;
    x.vars.clear();
    let mut owner: Option<String> = None;
    let close = |x: &mut Matcher<'_>, owner: &mut Option<String>| {
        if null_check {
            x.next_is_var(ALOAD, "r");
            x.next_is(IFNULL);
        }
        next_is_close(x, owner);
        x.cursor.is_some()
    };
    x.at(m.prev(start));
    x.next_is_var(ASTORE, "primaryExc");
    close(x, &mut owner);
    x.next_is(GOTO);
    x.next_is_var(ASTORE, "t");
    x.next_is_var(ALOAD, "primaryExc");
    x.next_is_var(ALOAD, "t");
    x.next_is_member(INVOKEVIRTUAL, THROWABLE, "addSuppressed", "(Ljava/lang/Throwable;)V");
    x.next_is_var(ALOAD, "primaryExc");
    x.next_is(ATHROW);
    let Some(end) = x.cursor else { return };
    if ignore_normal_path_close(x, out, start, |x| close(x, &mut owner)) {
        out.ignore(m, start, end);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Javac7 {
    Optimal,
    Full,
    OmittedNullCheck,
    Method,
}

pub(crate) fn filter_javac7(m: &MethodModel, out: &mut FilterOutput) {
    if m.try_catch.is_empty() {
        return;
    }
    let mut x = Matcher::new(m);
    for t in &m.try_catch {
        if t.catch_type.as_deref() == Some(THROWABLE) {
            for p in [Javac7::Optimal, Javac7::Full, Javac7::OmittedNullCheck, Javac7::Method] {
                x.vars.clear();
                x.at(m.prev(t.handler));
                if match_javac7(&mut x, out, t.handler, p) {
                    break;
                }
            }
        }
    }
}

fn javac7_close(x: &mut Matcher<'_>, owner: &mut Option<String>, p: Javac7, ctx: &'static str) -> bool {
    if matches!(p, Javac7::Method | Javac7::Full) {
        x.next_is_var(ALOAD, "r");
        x.next_is(IFNULL);
    }
    match p {
        Javac7::Method | Javac7::Optimal => {
            x.next_is_var(ALOAD, "primaryExc");
            x.next_is_var(ALOAD, "r");
            x.next_is(INVOKESTATIC);
            let Some(c) = x.cursor else { return false };
            let ok = matches!(x.m.insn(c).map(|i| &i.arg),
                Some(Arg::Member { name, desc, .. })
                    if name == "$closeResource" && desc == "(Ljava/lang/Throwable;Ljava/lang/AutoCloseable;)V");
            if !ok {
                x.cursor = None;
            }
            ok
        }
        Javac7::Full | Javac7::OmittedNullCheck => {
            let t: &'static str = if ctx == "e" { "et" } else { "nt" };
            x.next_is_var(ALOAD, "primaryExc");
            x.next_is(IFNULL);
            next_is_close(x, owner);
            x.next_is(GOTO);
            x.next_is_var(ASTORE, t);
            x.next_is_var(ALOAD, "primaryExc");
            x.next_is_var(ALOAD, t);
            x.next_is_member(INVOKEVIRTUAL, THROWABLE, "addSuppressed", "(Ljava/lang/Throwable;)V");
            x.next_is(GOTO);
            next_is_close(x, owner);
            x.cursor.is_some()
        }
    }
}

fn match_javac7(x: &mut Matcher<'_>, out: &mut FilterOutput, start: usize, p: Javac7) -> bool {
    let m = x.m;
    let mut owner: Option<String> = None;
    x.next_is_var(ASTORE, "t1");
    x.next_is_var(ALOAD, "t1");
    x.next_is_var(ASTORE, "primaryExc");
    x.next_is_var(ALOAD, "t1");
    x.next_is(ATHROW);
    x.next_is_var(ASTORE, "t2");
    javac7_close(x, &mut owner, p, "e");
    x.next_is_var(ALOAD, "t2");
    x.next_is(ATHROW);
    let Some(end) = x.cursor else { return false };
    if !ignore_normal_path_close(x, out, start, |x| javac7_close(x, &mut owner, p, "n")) {
        return false;
    }
    out.ignore(m, start, end);
    true
}

pub(crate) fn filter_ecj(m: &MethodModel, out: &mut FilterOutput) {
    if m.try_catch.is_empty() {
        return;
    }
    for t in &m.try_catch {
        if t.catch_type.is_none() {
            let mut e = Ecj::new(m, t.handler);
            if !e.match_ecj(out) {
                let mut e = Ecj::new(m, t.handler);
                e.match_ecj_no_flow_out(out);
            }
        }
    }
}

/// ECJ's shape binds labels and close-owners per resource name ("r0", "r1", ...).
struct Ecj<'m> {
    x: Matcher<'m>,
    start: usize,
    owners: HashMap<String, String>,
    labels: HashMap<String, usize>,
}

impl<'m> Ecj<'m> {
    fn new(m: &'m MethodModel, handler: usize) -> Self {
        let mut x = Matcher::new(m);
        x.at(m.prev(handler));
        Ecj { x, start: handler, owners: HashMap::new(), labels: HashMap::new() }
    }

    fn match_ecj(&mut self, out: &mut FilterOutput) -> bool {
        let m = self.x.m;
        self.x.next_is_var(ASTORE, "primaryExc");
        self.close_and_throw("r0");
        let mut resources = 1;
        let mut r = format!("r{resources}");
        let mut c = self.x.cursor;
        while self.close(&r) {
            self.jump(GOTO, &format!("{r}.end"));
            self.suppress(&r);
            self.close_and_throw(&r);
            resources += 1;
            r = format!("r{resources}");
            c = self.x.cursor;
        }
        self.x.cursor = c;
        self.suppress("last");
        self.x.next_is_var(ALOAD, "primaryExc");
        self.x.next_is(ATHROW);
        let Some(end) = self.x.cursor else { return false };
        let Some(first) = self.find_normal_path_close() else { return false };
        self.x.next();
        let Some(g) = self.x.cursor.filter(|&g| m.opcode(g) == GOTO as i32) else { return false };
        out.ignore(m, first, g);
        out.ignore(m, self.start, end);
        true
    }

    fn match_ecj_no_flow_out(&mut self, out: &mut FilterOutput) -> bool {
        let m = self.x.m;
        self.x.next_is_var(ASTORE, "primaryExc");
        let mut resources = 0;
        let mut r = format!("r{resources}");
        let mut c = self.x.cursor;
        while self.close_and_throw(&r) && self.suppress(&r) {
            resources += 1;
            r = format!("r{resources}");
            c = self.x.cursor;
        }
        self.x.cursor = c;
        self.x.next_is_var(ALOAD, "primaryExc");
        self.x.next_is(ATHROW);
        let Some(end) = self.x.cursor else { return false };
        let Some(first) = self.find_normal_path_close() else { return false };
        for i in 1..resources {
            if !self.close(&format!("r{i}")) {
                return false;
            }
        }
        let Some(last) = self.x.cursor else { return false };
        out.ignore(m, first, last);
        out.ignore(m, self.start, end);
        true
    }

    /// Walks back from the handler to where "r0" is closed on the normal path; returns the
    /// first node of that close (the cursor is left on its last instruction).
    fn find_normal_path_close(&mut self) -> Option<usize> {
        let m = self.x.m;
        let mut s = m.prev(self.start);
        self.x.at(s);
        while !self.close("r0") {
            s = s.and_then(|n| m.prev(n));
            self.x.at(s);
            s?;
        }
        s.and_then(|n| m.next(n))
    }

    fn close(&mut self, name: &str) -> bool {
        self.x.next_is_var(ALOAD, name);
        self.jump(IFNULL, &format!("{name}.end"));
        self.invoke_close(name);
        self.x.cursor.is_some()
    }

    fn close_and_throw(&mut self, name: &str) -> bool {
        self.x.next_is_var(ALOAD, name);
        self.jump(IFNULL, name);
        self.invoke_close(name);
        self.label(name);
        self.x.next_is_var(ALOAD, "primaryExc");
        self.x.next_is(ATHROW);
        self.x.cursor.is_some()
    }

    fn suppress(&mut self, name: &str) -> bool {
        let t = format!("{name}.t");
        let start = format!("{name}.suppressStart");
        let end = format!("{name}.suppressEnd");
        self.x.next_is_var(ASTORE, &t);
        self.x.next_is_var(ALOAD, "primaryExc");
        self.jump(IFNONNULL, &start);
        self.x.next_is_var(ALOAD, &t);
        self.x.next_is_var(ASTORE, "primaryExc");
        self.jump(GOTO, &end);
        self.label(&start);
        self.x.next_is_var(ALOAD, "primaryExc");
        self.x.next_is_var(ALOAD, &t);
        self.jump(IF_ACMPEQ, &end);
        self.x.next_is_var(ALOAD, "primaryExc");
        self.x.next_is_var(ALOAD, &t);
        self.x.next_is_member(INVOKEVIRTUAL, THROWABLE, "addSuppressed", "(Ljava/lang/Throwable;)V");
        self.label(&end);
        self.x.cursor.is_some()
    }

    fn invoke_close(&mut self, name: &str) {
        self.x.next_is_var(ALOAD, name);
        self.x.next();
        let Some(c) = self.x.cursor else { return };
        let op = self.x.op();
        let ok = (op == INVOKEINTERFACE as i32 || op == INVOKEVIRTUAL as i32)
            && matches!(self.x.m.insn(c).map(|i| &i.arg), Some(Arg::Member { name: n, desc, .. }) if n == "close" && desc == "()V");
        let Some(Arg::Member { owner, .. }) = self.x.m.insn(c).map(|i| &i.arg).filter(|_| ok) else {
            self.x.cursor = None;
            return;
        };
        match self.owners.get(name) {
            None => {
                self.owners.insert(name.to_string(), owner.to_string());
            }
            Some(e) if e != owner => self.x.cursor = None,
            Some(_) => {}
        }
    }

    /// A jump with the given opcode whose target label binds to `name`.
    fn jump(&mut self, op: u8, name: &str) {
        self.x.next_is(op);
        let Some(c) = self.x.cursor else { return };
        let Some(actual) = jump_label(self.x.m, c) else {
            self.x.cursor = None;
            return;
        };
        match self.labels.get(name) {
            None => {
                self.labels.insert(name.to_string(), actual);
            }
            Some(&e) if e != actual => self.x.cursor = None,
            Some(_) => {}
        }
    }

    /// The raw next node must be the label bound to `name`.
    fn label(&mut self, name: &str) {
        let Some(c) = self.x.cursor else { return };
        let next = self.x.m.next(c);
        let bound = self.labels.get(name).copied();
        self.x.cursor = match next {
            Some(n) if matches!(self.x.m.nodes[n], crate::model::Node::Label(_)) && Some(n) == bound => Some(n),
            _ => None,
        };
    }
}
