//! Where the engine's messages go: standard output for `fuzz`; standard error inside a test
//! JVM (embedded.rs), whose standard output is Surefire's channel to Maven, which text written
//! natively would corrupt.

use std::sync::atomic::{AtomicBool, Ordering};

static TO_STDERR: AtomicBool = AtomicBool::new(false);

/// Sends [`say!`] to standard error from now on.
pub fn to_stderr() {
    TO_STDERR.store(true, Ordering::Relaxed);
}

pub fn is_stderr() -> bool {
    TO_STDERR.load(Ordering::Relaxed)
}

/// The fuzz test being fuzzed inside a test JVM, named in the message that a finding which
/// ends the process (a timeout, running out of memory, a native crash) leaves behind.
static CAMPAIGN: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

pub fn set_campaign(name: Option<String>) {
    *CAMPAIGN.lock().unwrap_or_else(|e| e.into_inner()) = name;
}

/// Says, inside a test JVM, what a finding that may end the process does (`then`).
pub fn ending(what: &str, then: &str) {
    if let Some(name) = CAMPAIGN.lock().unwrap_or_else(|e| e.into_inner()).as_deref() {
        eprintln!("jvmfuzz: {name}: {what}; the input is saved (see above) and the next `mvn test` replays it. {then}");
    }
}

/// What follows a finding that may end the test JVM ([`ending`]).
pub const ENDS_NOW: &str = "The test JVM ends now: the execution cannot be stopped.";
pub const ENDS_IF_STUCK: &str =
    "The execution is stopped; if it cannot be (blocked in native code or on a lock), the test JVM ends.";

/// `println!` to the engine's output.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        if $crate::output::is_stderr() {
            eprintln!($($arg)*);
        } else {
            println!($($arg)*);
        }
    }};
}
