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
//! The JDK's `java.util.regex` matching nodes, outside any filter, get only the regex
//! roadblocks ([`Fuzz::roadblocks`]). Hook classes themselves are left alone. Classes the filter refuses but a hook names in
//! `additionalClassesToHook` get only their hooked calls ([`Fuzz::hook_only`]).
//!
//! What belongs to the fuzzer's engine (the cells of its value-profile map, its dictionary,
//! its coverage map's cells for a restarted client) is reached through [`FuzzHost`], so this
//! crate knows nothing of LibAFL.

use std::sync::Arc;

use jvmfuzz_instrument::hooks::{append_bridges, companion_class, HookSet};
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
    /// `additionalClassesToHook`, always). Within what the class filter accepts, unless
    /// `beyond_instrumented`.
    pub filter: ClassFilter,
    /// Whether classes outside the instrumentation filter that `filter` takes get the hooks
    /// (no probes), as Jazzer's "custom hooks only" classes do: in a JVM of jvmfuzz's own. Not
    /// in a test JVM (`--fuzz-test`, JUnit), where the engine's and the build tool's classes
    /// load too.
    pub beyond_instrumented: bool,
}

/// The fuzz mode.
pub struct Fuzz {
    pub host: &'static dyn FuzzHost,
    pub hooks: &'static HookRules,
    /// False for a run that only replays inputs (a JUnit regression run): classes get their
    /// hooked calls (the bug detectors) and no probes or comparison logging.
    pub probes: bool,
    /// `java.util.regex`'s matching nodes log what a pattern wanted where the input differed
    /// (`jvmfuzz_instrument::regex`); only with [`Fuzz::probes`].
    pub regex_roadblocks: bool,
}

static NO_HOOKS: once_cell::sync::Lazy<HookSet> = once_cell::sync::Lazy::new(HookSet::default);

struct HostSites(&'static dyn FuzzHost);

impl CmpSites for HostSites {
    fn site(&mut self, kind: CmpKind, cases: &[i32]) -> Option<u32> {
        self.0.cmp_site(kind, cases)
    }
}

/// Classes whose first load got their bridges as methods of their own (internal names). A
/// retransformation must keep a class's methods, so such a class (retransformed later by
/// another agent, a mocking library or a debugger's hot swap) gets the same bridges again, not
/// a companion.
static OWN_BRIDGES: once_cell::sync::Lazy<std::sync::Mutex<std::collections::HashSet<String>>> =
    once_cell::sync::Lazy::new(Default::default);

/// Redirects and hooks `original` ([`prepare_in`]); in a retransformation (`define` given) of a
/// class loaded before the hooks, the bridges go to a companion class, defined here before
/// anything else happens to the class. If the companion cannot be defined (or the JVM refuses
/// it when linking it), the class is prepared again without hooks, and the second value says
/// why.
fn prepare_class(
    name: &str,
    original: &[u8],
    hooks: &HookSet,
    redirect: bool,
    tokens: &mut Vec<Vec<u8>>,
    define: Option<&Definer>,
) -> Result<(Prepared, Option<String>), String> {
    let own = || OWN_BRIDGES.lock().unwrap_or_else(|e| e.into_inner());
    let define = define.filter(|_| !own().contains(name));
    let p = prepare_in(original, hooks, redirect, tokens, define.is_some()).map_err(|e| e.to_string())?;
    let made = companion_class(&p.bytes, &p.bridges).map_err(|e| e.to_string());
    let refused = match (made, define) {
        (Ok(None), _) => {
            if !p.bridges.is_empty() {
                own().insert(name.to_string());
            }
            return Ok((p, None));
        }
        (Ok(Some(companion)), Some(define)) => match define(&companion) {
            Ok(()) => return Ok((p, None)),
            Err(why) => why,
        },
        (Ok(Some(c)), None) => format!("{}: no class loader to define it in", c.name),
        (Err(why), _) => why,
    };
    tokens.clear();
    let p = prepare_in(original, &NO_HOOKS, redirect, tokens, false).map_err(|e| e.to_string())?;
    Ok((p, Some(format!("its calls are not hooked: {refused}"))))
}

impl Fuzz {
    /// `redefining`: a retransformation of a class loaded before the hook (see
    /// [`Fuzz::retransform_loaded`]), which may not add methods: its hooks' bridges go to a
    /// companion class that the definer makes.
    pub(super) fn transform(&self, name: &str, original: &[u8], redefining: Option<&Definer>) -> Outcome {
        match self.try_transform(name, original, redefining) {
            Ok(outcome) => outcome,
            Err(reason) => Outcome::Skipped { reason, notes: Vec::new(), record: None },
        }
    }

    /// A JDK regex node class (the boot loader's) that gets the regex roadblocks.
    pub(super) fn wants_roadblocks(&self, name: &str, boot: bool) -> bool {
        self.probes && self.regex_roadblocks && boot && jvmfuzz_instrument::regex::is_node(name)
    }

    /// The roadblock call at the entry of a regex node's `match`.
    pub(super) fn roadblocks(&self, name: &str, original: &[u8]) -> Outcome {
        match jvmfuzz_instrument::regex::instrument_node(original) {
            Ok(Some(bytes)) => Outcome::Instrumented {
                bytes,
                record: None,
                methods: 0,
                probes: 0,
                notes: vec![format!("{name}: regex roadblocks")],
            },
            Ok(None) => Outcome::Skipped {
                reason: "no regex node's match method to give roadblocks".to_string(),
                notes: Vec::new(),
                record: None,
            },
            Err(e) => Outcome::Skipped { reason: e.to_string(), notes: Vec::new(), record: None },
        }
    }

    /// A class outside the instrumentation filter that the hooks apply to all the same: one a
    /// hook names in `additionalClassesToHook`, or one the hook filter takes (Jazzer's
    /// `--custom_hook_includes`, by default every class outside the JDK). As in Jazzer, whose
    /// harness class outside `--instrumentation_includes` still gets the bug detectors' hooks
    /// (OSS-Fuzz's JXPath harness parses XML itself: its SSRF is seen there).
    pub(super) fn wants_hook_only(&self, name: &str) -> bool {
        // Not the JDK's classes: the bridge would call a hook class that their (boot or
        // platform) loader cannot see.
        (self.hooks.hooks.is_additional(name) || (self.hooks.beyond_instrumented && self.hooks.filter.accepts(name)))
            && ClassFilter::default().accepts(name)
    }

    /// The hooked calls of a class [`Fuzz::wants_hook_only`], or of every class without
    /// [`Fuzz::probes`] (no probes, no redirects).
    pub(super) fn hook_only(&self, name: &str, original: &[u8], redefining: Option<&Definer>) -> Outcome {
        let mut tokens = Vec::new();
        let hooked = prepare_class(name, original, &self.hooks.hooks, false, &mut tokens, redefining)
            .and_then(|(p, _)| Ok((append_bridges(&p.bytes, &p.bridges).map_err(|e| e.to_string())?, p.hooked)));
        match hooked {
            Ok((_, 0)) => Outcome::Unchanged,
            Ok((bytes, n)) => Outcome::Instrumented {
                bytes,
                record: None,
                methods: 0,
                probes: 0,
                notes: vec![if self.probes && self.hooks.hooks.is_additional(name) {
                    format!("{name}: {n} calls hooked (additionalClassesToHook)")
                } else if self.probes {
                    format!("{name}: {n} calls hooked (hooks only: outside the instrumentation filter)")
                } else {
                    format!("{name}: {n} calls hooked (replay: no probes)")
                }],
            },
            Err(reason) => Outcome::Skipped { reason, notes: Vec::new(), record: None },
        }
    }

    fn try_transform(&self, name: &str, original: &[u8], define: Option<&Definer>) -> Result<Outcome, String> {
        if self.hooks.hooks.is_hook_class(name) {
            return Ok(Outcome::Unchanged);
        }
        let mut tokens = Vec::new();
        let rules = self.hooks;
        let hooks =
            if rules.filter.accepts(name) || rules.hooks.is_additional(name) { &rules.hooks } else { &NO_HOOKS };
        let (p, unhooked) = prepare_class(name, original, hooks, true, &mut tokens, define)?;
        let unhooked: Vec<String> = unhooked.into_iter().map(|why| format!("{name}: {why}")).collect();
        let (prepared, redirected, hooked) = (p.bytes, p.redirected, p.hooked);
        let finish = |bytes: &[u8]| append_bridges(bytes, &p.bridges).map_err(|e| e.to_string());
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
                let mut notes =
                    vec![format!("{name}: {redirected} calls redirected, {hooked} hooked, no probes ({why})")];
                notes.extend(unhooked);
                let bytes = finish(&prepared)?;
                return Ok(Outcome::Instrumented { bytes, record: None, methods: 0, probes: 0, notes });
            }
            Err(why) => return Err(why),
        };
        let changed = inst.changed;
        let probes = inst.counts.probes;
        let (methods, mut notes) = super::method_records(name, inst.methods);
        let note = format!("instrumented {name}: {probes} probes, {redirected} calls redirected, {hooked} hooked");
        if !changed || methods.is_empty() {
            if redirected > 0 || hooked > 0 {
                notes.push(format!("instrumented {name}: no probes, {redirected} calls redirected, {hooked} hooked"));
                notes.extend(unhooked);
                let bytes = finish(&prepared)?;
                return Ok(Outcome::Instrumented { bytes, record: None, methods: 0, probes: 0, notes });
            }
            return Ok(Outcome::Unchanged);
        }
        notes.push(note);
        notes.extend(unhooked);
        let first_probe = methods.iter().map(|m| m.first_probe).min().unwrap_or(0);
        self.host.class_probes(name, &methods);
        let n_methods = u32::try_from(methods.len()).unwrap_or(u32::MAX);
        let record =
            ClassRecord { name: name.to_string(), original: Arc::from(prepared.as_slice()), first_probe, methods };
        let bytes = finish(&inst.bytes)?;
        Ok(Outcome::Instrumented { bytes, record: Some(record), methods: n_methods, probes, notes })
    }
}
