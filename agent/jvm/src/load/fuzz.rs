//! The fuzzer's mode of the class-load pipeline (`fuzz`, in the JVM it runs in):
//! 1. call-site redirects, `@MethodHook`s and token harvest (`jvmfuzz_instrument::redirect`,
//!    `hooks`, `tokens`);
//! 2. the rewriter in fuzz mode (`flow_probes: false`: method entry and every branch arm) plus
//!    comparison-operand logging (`if_icmp*`, `lcmp`, switch keys, divisors, ...);
//! 3. the hooks' bridge methods appended (after the rewriter, so they get no probes); in a
//!    class retransformed after the hooks were installed, which may not gain methods, they
//!    go to a companion class defined before the class is handed back;
//! 4. the record for the runtime.
//!
//! Hook classes themselves are left alone. Classes the filter refuses but a hook names in
//! `additionalClassesToHook` get only their hooked calls ([`Fuzz::hook_only`]).
//!
//! What belongs to the fuzzer's engine (the cells of its value-profile map, its dictionary,
//! its coverage map's cells for a restarted client) is reached through [`FuzzHost`], so this
//! crate knows nothing of LibAFL.

use std::sync::Arc;

use jvmfuzz_instrument::hooks::{append_bridges, companion_class, Bridges, HookSet};
use jvmfuzz_instrument::redirect::{prepare_in, Prepared};
use jvmfuzz_instrument::{instrument_class_cmp, CmpKind, CmpSites, InstrumentConfig, JacocoPlanner};
use jvmfuzz_runtime::{ClassRecord, MethodRecord};

use super::{Definer, Outcome};
use crate::filter::ClassFilter;

/// The fuzzer's side of fuzz mode.
pub trait FuzzHost: Send + Sync {
    /// A site id for one comparison the rewriter logs (`CmpSites::site`), or `None` when
    /// there is no room: the comparison is then not logged.
    fn cmp_site(&self, kind: CmpKind, cases: &[i32]) -> Option<u32>;
    /// Dictionary tokens harvested from a loading class.
    fn tokens(&self, tokens: Vec<Vec<u8>>);
    /// A class's probes, before the class can run (a restarted client's probes get their old
    /// map cells back before any of them fires).
    fn class_probes(&self, name: &str, methods: &[MethodRecord]);
}

/// The `@MethodHook`s of a run and the classes whose calls they apply to.
#[derive(Debug, Default)]
pub struct HookRules {
    pub hooks: HookSet,
    /// Jazzer's `--custom_hook_includes/excludes`: whose call sites are hooked (besides the
    /// `additionalClassesToHook`, always). Within what the class filter accepts.
    pub filter: ClassFilter,
}

/// The fuzz mode.
pub struct Fuzz {
    pub host: &'static dyn FuzzHost,
    pub hooks: &'static HookRules,
    /// False for a run that only replays inputs (a JUnit regression run): classes get their
    /// hooked calls (the bug detectors) and no probes or comparison logging.
    pub probes: bool,
}

static NO_HOOKS: once_cell::sync::Lazy<HookSet> = once_cell::sync::Lazy::new(HookSet::default);

/// Why a class was not transformed: the class itself (handed back as it was), or its hooks
/// (transformed again without them).
enum Refused {
    Class(String),
    Hooks(String),
}

struct HostSites(&'static dyn FuzzHost);

impl CmpSites for HostSites {
    fn site(&mut self, kind: CmpKind, cases: &[i32]) -> Option<u32> {
        self.0.cmp_site(kind, cases)
    }
}

/// The class with its bridges: appended to it, or, for a retransformation, in its companion,
/// which `define` makes before the class may be handed back.
fn finish(bytes: &[u8], bridges: &Bridges, define: Option<&Definer>) -> Result<Vec<u8>, String> {
    match (companion_class(bytes, bridges).map_err(|e| e.to_string())?, define) {
        (None, _) => append_bridges(bytes, bridges).map_err(|e| e.to_string()),
        (Some((name, companion)), Some(define)) => {
            define(&name, &companion)?;
            Ok(bytes.to_vec())
        }
        (Some((name, _)), None) => Err(format!("{name}: no class loader to define it in")),
    }
}

/// A retransformation's hooks failed (their companion could not be defined): the class is
/// transformed again without them, and the note says why.
fn without_hooks(outcome: Outcome, why: &str) -> Outcome {
    match outcome {
        Outcome::Instrumented { bytes, record, methods, probes, mut notes } => {
            notes.push(format!("its calls are not hooked: {why}"));
            Outcome::Instrumented { bytes, record, methods, probes, notes }
        }
        other => other,
    }
}

impl Fuzz {
    /// `redefining`: a retransformation of a class loaded before the hook (see
    /// [`Fuzz::retransform_loaded`]), which may not add methods: its hooks' bridges go to a
    /// companion class that the definer makes.
    pub(super) fn transform(&self, name: &str, original: &[u8], redefining: Option<&Definer>) -> Outcome {
        let hooked = self.try_transform(name, original, redefining.is_some(), &self.hooks.hooks, redefining);
        match hooked {
            Ok(outcome) => outcome,
            Err(Refused::Hooks(why)) => match self.try_transform(name, original, false, &NO_HOOKS, None) {
                Ok(outcome) => without_hooks(outcome, &why),
                Err(Refused::Class(reason) | Refused::Hooks(reason)) => {
                    Outcome::Skipped { reason, notes: Vec::new(), record: None }
                }
            },
            Err(Refused::Class(reason)) => Outcome::Skipped { reason, notes: Vec::new(), record: None },
        }
    }

    /// A class outside the filter that a hook names in `additionalClassesToHook`.
    pub(super) fn wants_hook_only(&self, name: &str) -> bool {
        // Not the JDK's classes: the bridge would call a hook class that their (boot or
        // platform) loader cannot see.
        self.hooks.hooks.is_additional(name) && ClassFilter::default().accepts(name)
    }

    /// The hooked calls of a class [`Fuzz::wants_hook_only`], or of every class without
    /// [`Fuzz::probes`] (no probes, no redirects).
    pub(super) fn hook_only(&self, name: &str, original: &[u8], redefining: Option<&Definer>) -> Outcome {
        let mut tokens = Vec::new();
        let hooked = prepare_in(original, &self.hooks.hooks, false, &mut tokens, redefining.is_some())
            .map_err(|e| e.to_string())
            .and_then(|p| Ok((finish(&p.bytes, &p.bridges, redefining)?, p.hooked)));
        match hooked {
            Ok((_, 0)) => Outcome::Unchanged,
            Ok((bytes, n)) => Outcome::Instrumented {
                bytes,
                record: None,
                methods: 0,
                probes: 0,
                notes: vec![if self.probes {
                    format!("{name}: {n} calls hooked (additionalClassesToHook)")
                } else {
                    format!("{name}: {n} calls hooked (replay: no probes)")
                }],
            },
            Err(reason) => Outcome::Skipped { reason, notes: Vec::new(), record: None },
        }
    }

    fn try_transform(
        &self,
        name: &str,
        original: &[u8],
        companion: bool,
        hooks: &HookSet,
        define: Option<&Definer>,
    ) -> Result<Outcome, Refused> {
        if self.hooks.hooks.is_hook_class(name) {
            return Ok(Outcome::Unchanged);
        }
        let mut tokens = Vec::new();
        let rules = self.hooks;
        let hooks = if rules.filter.accepts(name) || rules.hooks.is_additional(name) { hooks } else { &NO_HOOKS };
        let p: Prepared =
            prepare_in(original, hooks, true, &mut tokens, companion).map_err(|e| Refused::Class(e.to_string()))?;
        let (prepared, redirected, hooked) = (p.bytes, p.redirected, p.hooked);
        let finish = |bytes: &[u8]| finish(bytes, &p.bridges, define).map_err(Refused::Hooks);
        if !tokens.is_empty() {
            self.host.tokens(tokens);
        }
        let mut sites = HostSites(self.host);
        let rewritten = super::with_runtime_ids(|alloc| {
            instrument_class_cmp(&prepared, &InstrumentConfig::fuzz(), alloc, &JacocoPlanner, Some(&mut sites))
        });
        let inst = match rewritten {
            Ok(i) => i,
            // No probes, but the redirects stay: a class that may call System.exit must not end
            // the fuzzing JVM because its probes could not be placed.
            Err(why) if redirected > 0 || hooked > 0 => {
                let notes = vec![format!("{name}: {redirected} calls redirected, {hooked} hooked, no probes ({why})")];
                let bytes = finish(&prepared)?;
                return Ok(Outcome::Instrumented { bytes, record: None, methods: 0, probes: 0, notes });
            }
            Err(why) => return Err(Refused::Class(why)),
        };
        let changed = inst.changed;
        let probes = inst.counts.probes;
        let (methods, mut notes) = super::method_records(name, inst.methods);
        let note = format!("instrumented {name}: {probes} probes, {redirected} calls redirected, {hooked} hooked");
        if !changed || methods.is_empty() {
            if redirected > 0 || hooked > 0 {
                notes.push(format!("instrumented {name}: no probes, {redirected} calls redirected, {hooked} hooked"));
                let bytes = finish(&prepared)?;
                return Ok(Outcome::Instrumented { bytes, record: None, methods: 0, probes: 0, notes });
            }
            return Ok(Outcome::Unchanged);
        }
        notes.push(note);
        let first_probe = methods.iter().map(|m| m.first_probe).min().unwrap_or(0);
        self.host.class_probes(name, &methods);
        let n_methods = u32::try_from(methods.len()).unwrap_or(u32::MAX);
        let record =
            ClassRecord { name: name.to_string(), original: Arc::from(prepared.as_slice()), first_probe, methods };
        let bytes = finish(&inst.bytes)?;
        Ok(Outcome::Instrumented { bytes, record: Some(record), methods: n_methods, probes, notes })
    }
}
