//! The dictionary tokens waiting for the fuzz loop: harvested from classes as they load (the
//! class-load pipeline's fuzz mode) and from comparison operands (`cmp_values`). The loop takes
//! them between executions and adds them to LibAFL's `Tokens`.

use std::sync::Mutex;

static PENDING: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// Queues tokens for the fuzzer's dictionary.
pub fn add(tokens: Vec<Vec<u8>>) {
    PENDING.lock().unwrap_or_else(|e| e.into_inner()).extend(tokens);
}

/// Takes the tokens queued so far.
pub fn take() -> Vec<Vec<u8>> {
    std::mem::take(&mut *PENDING.lock().unwrap_or_else(|e| e.into_inner()))
}
