//! The on-disk corpus and objective store of one fuzzing client.
//!
//! All clients of a `--jobs N` run share `--corpus DIR` (and `findings/.libafl`), so they
//! read each other's inputs as seeds. A single-job run (client 0) names its files after the
//! input's hash. The clients of `--jobs N` (the Launcher numbers them from 1) prefix their
//! names with `c<k>-` and write without LibAFL's shared lock counter.
//!
//! Why: LibAFL's shared naming (one file per hash, guarded by a lock file `.<name>` counting
//! owners) lets the second client that adds an input skip the write, because the counter says
//! another client owns the file. It then drops the input from memory and reloads it from that
//! file, which the first client may not have finished writing (the lock is released before the
//! write). The reload fails with ENOENT and the client dies (`--jobs 2 --seed 1` did, now and
//! then). With per-client names, every file a client reloads is one it wrote itself.
//! Two clients finding the same input keep one copy each, which is harmless.
//!
//! Client 0 keeps the counter (LibAFL then reports a failed write instead of only logging
//! it), but a counter outlives its input: `rm corpus/*` leaves the hidden `.<name>` files, and
//! the next run skipped writing an input of the same name, failed to read it back and ended
//! with ENOENT. Counters whose input is gone are removed before the corpus opens.

use std::path::Path;

use libafl::corpus::{CachedOnDiskCorpus, OnDiskCorpus};
use libafl::inputs::BytesInput;
use libafl::Error;

/// Inputs kept in memory per client; the rest are reloaded from their files.
const CACHE: usize = 4096;

/// The file-name prefix of `client` (None for client 0, the single-job run).
fn prefix(client: usize) -> Option<String> {
    (client > 0).then(|| format!("c{client}-"))
}

/// The corpus of `client` in `dir`.
pub fn client_corpus(dir: &Path, client: usize) -> Result<CachedOnDiskCorpus<BytesInput>, Error> {
    match prefix(client) {
        None => {
            remove_orphan_counters(dir);
            CachedOnDiskCorpus::no_meta(dir, CACHE)
        }
        some => CachedOnDiskCorpus::with_meta_format_and_prefix(dir, CACHE, None, some, false),
    }
}

/// The raw objective store of `client` in `dir` (the readable findings are `findings.rs`'s).
pub fn client_objectives(dir: &Path, client: usize) -> Result<OnDiskCorpus<BytesInput>, Error> {
    match prefix(client) {
        None => {
            remove_orphan_counters(dir);
            OnDiskCorpus::no_meta(dir)
        }
        some => OnDiskCorpus::with_meta_format_and_prefix(dir, None, some, false),
    }
}

/// Removes LibAFL's lock counters (`.<name>` holding a number) whose input `<name>` is gone.
/// Other hidden files are the user's and stay.
fn remove_orphan_counters(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(input) = name.to_str().and_then(|n| n.strip_prefix('.')) else { continue };
        if input.is_empty() || input.contains('.') || dir.join(input).exists() {
            continue;
        }
        let counter = std::fs::read_to_string(e.path()).is_ok_and(|c| c.trim().parse::<u32>().is_ok());
        if counter {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::corpus::{Corpus, Testcase};

    fn scratch(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("jvmfuzz-corpus-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// The `--jobs` race, staged: client 0 holds the lock counter of an input it has not
    /// written yet when client 1 adds the same input. Client 1 must still read its input back.
    #[test]
    fn a_second_client_reads_back_an_input_the_first_is_still_writing() {
        let dir = scratch("race");
        let input = BytesInput::new(b"bad!".to_vec());
        // What client 0's save leaves between its counter update and its write.
        let name = libafl::inputs::Input::generate_name(&input, None);
        std::fs::write(dir.join(format!(".{name}")), "1").unwrap();

        let mut second = client_corpus(&dir, 1).unwrap();
        let id = second.add(Testcase::new(input.clone())).unwrap();
        let tc = second.get(id).unwrap();
        let mut tc = tc.borrow_mut();
        let loaded = second.load_input_into(&mut tc);
        assert!(loaded.is_ok(), "client 1 could not read back its own input: {loaded:?}");
        assert_eq!(tc.input().as_ref(), Some(&input));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A user emptied the corpus folder with `rm corpus/*`, which leaves an earlier run's lock
    /// counters (hidden files): the same input found again is written and read back.
    #[test]
    fn an_input_whose_file_was_deleted_is_written_again() {
        let dir = scratch("deleted");
        let input = BytesInput::new(b"again".to_vec());
        let name = libafl::inputs::Input::generate_name(&input, None);
        // What LibAFL's lock counter left beside an input of an earlier run, and a file of
        // the user's.
        std::fs::write(dir.join(format!(".{name}")), "1").unwrap();
        std::fs::write(dir.join(".notes"), "mine").unwrap();
        let mut corpus = client_corpus(&dir, 0).unwrap();
        let id = corpus.add(Testcase::new(input.clone())).unwrap();
        assert!(dir.join(&name).is_file(), "the input was not written");
        let tc = corpus.get(id).unwrap();
        let mut tc = tc.borrow_mut();
        let loaded = corpus.load_input_into(&mut tc);
        assert!(loaded.is_ok(), "{loaded:?}");
        assert_eq!(tc.input().as_ref(), Some(&input));
        assert!(dir.join(".notes").is_file(), "a hidden file of the user's was removed");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn client_zero_keeps_plain_names_and_others_are_prefixed() {
        let dir = scratch("names");
        let input = BytesInput::new(b"abc".to_vec());
        let name = libafl::inputs::Input::generate_name(&input, None);
        client_corpus(&dir, 0).unwrap().add(Testcase::new(input.clone())).unwrap();
        client_corpus(&dir, 3).unwrap().add(Testcase::new(input)).unwrap();
        assert!(dir.join(&name).is_file());
        assert!(dir.join(format!("c3-{name}")).is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
