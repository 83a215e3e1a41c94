//! The fuzzer's mode of the class-load pipeline (`fuzz`, in the JVM it runs in):
//! 1. call-site redirects and token harvest (`jvmfuzz_instrument::redirect`, `tokens`);
//! 2. the rewriter in fuzz mode (`flow_probes: false`: method entry and every branch arm) plus
//!    comparison-operand logging (`if_icmp*`, `lcmp`, switch keys, divisors, ...);
//! 3. the record for the runtime.
//!
//! What belongs to the fuzzer's engine (the cells of its value-profile map, its dictionary,
//! its coverage map's cells for a restarted client) is reached through [`FuzzHost`], so this
//! crate knows nothing of LibAFL.

use std::sync::Arc;

use jvmfuzz_instrument::redirect::redirect_and_harvest;
use jvmfuzz_instrument::{instrument_class_cmp, CmpKind, CmpSites, InstrumentConfig, JacocoPlanner};
use jvmfuzz_runtime::{ClassRecord, MethodRecord};

use super::Outcome;

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

/// The fuzz mode.
pub struct Fuzz {
    pub host: &'static dyn FuzzHost,
}

struct HostSites(&'static dyn FuzzHost);

impl CmpSites for HostSites {
    fn site(&mut self, kind: CmpKind, cases: &[i32]) -> Option<u32> {
        self.0.cmp_site(kind, cases)
    }
}

impl Fuzz {
    pub(super) fn transform(&self, name: &str, original: &[u8]) -> Outcome {
        match self.try_transform(name, original) {
            Ok(outcome) => outcome,
            Err(reason) => Outcome::Skipped { reason, notes: Vec::new(), record: None },
        }
    }

    fn try_transform(&self, name: &str, original: &[u8]) -> Result<Outcome, String> {
        let mut tokens = Vec::new();
        let (prepared, redirected) = redirect_and_harvest(original, &mut tokens).map_err(|e| e.to_string())?;
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
            Err(why) if redirected > 0 => {
                let notes = vec![format!("{name}: {redirected} calls redirected, no probes ({why})")];
                return Ok(Outcome::Instrumented { bytes: prepared, record: None, methods: 0, probes: 0, notes });
            }
            Err(why) => return Err(why),
        };
        let changed = inst.changed;
        let probes = inst.counts.probes;
        let (methods, mut notes) = super::method_records(name, inst.methods);
        let note = format!("instrumented {name}: {probes} probes, {redirected} calls redirected");
        if !changed || methods.is_empty() {
            if redirected > 0 {
                notes.push(format!("instrumented {name}: no probes, {redirected} calls redirected"));
                return Ok(Outcome::Instrumented { bytes: prepared, record: None, methods: 0, probes: 0, notes });
            }
            return Ok(Outcome::Unchanged);
        }
        notes.push(note);
        let first_probe = methods.iter().map(|m| m.first_probe).min().unwrap_or(0);
        self.host.class_probes(name, &methods);
        let n_methods = u32::try_from(methods.len()).unwrap_or(u32::MAX);
        let record =
            ClassRecord { name: name.to_string(), original: Arc::from(prepared.as_slice()), first_probe, methods };
        Ok(Outcome::Instrumented { bytes: inst.bytes, record: Some(record), methods: n_methods, probes, notes })
    }
}
