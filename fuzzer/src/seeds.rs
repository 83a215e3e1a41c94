//! Seed inputs as libFuzzer reads them: every file under the corpus folders (recursively,
//! hidden and empty files skipped, in the order LibAFL's own loader takes them), each cut to
//! `--max-len`; and libFuzzer's default for `-max_len`, 4096 bytes or the longest seed.
//!
//! LibAFL's `load_initial_inputs` reads whole files and offers no loader of our own, so this
//! walks the folders itself and evaluates each input through the same `Evaluator` calls.
//! Cutting matters for corpora from other campaigns: a Jazzer user's `-max_len=100` means no
//! input the harness sees is longer, seeds included.

use std::path::{Path, PathBuf};

use libafl::inputs::BytesInput;
use libafl::{Error, Evaluator, ExecuteInputResult};

use crate::state::State;

/// `--max-len` when none is given and no seed is longer (libFuzzer's default).
pub const DEFAULT_MAX_LEN: usize = 4096;

/// The most libFuzzer's guess from the corpus goes to (its `kMaxSaneLen`).
const MAX_GUESS: usize = 1 << 20;

/// `--max-len` as given, else libFuzzer's guess: [`DEFAULT_MAX_LEN`], or the longest file
/// under `dirs` if longer (at most 1 MiB).
pub fn max_len(given: Option<usize>, dirs: &[PathBuf]) -> usize {
    let guess = || {
        let longest = seed_files(dirs)
            .iter()
            .filter_map(|f| std::fs::metadata(f).ok())
            .map(|m| usize::try_from(m.len()).unwrap_or(usize::MAX))
            .max()
            .unwrap_or(0);
        longest.clamp(DEFAULT_MAX_LEN, MAX_GUESS)
    };
    given.unwrap_or_else(guess).max(1)
}

/// The seed files under `dirs` (a file given directly counts too), in the order LibAFL's
/// loader would run them: the last folder's last entry first, a folder's entries as found.
pub fn seed_files(dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut todo: Vec<PathBuf> = dirs.to_vec();
    let mut files = Vec::new();
    while let Some(path) = todo.pop() {
        if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
            continue;
        }
        let Ok(meta) = std::fs::metadata(&path) else { continue };
        if meta.is_file() && meta.len() > 0 {
            files.push(path);
        } else if meta.is_dir() {
            if let Ok(entries) = path.read_dir() {
                todo.extend(entries.filter_map(Result::ok).map(|e| e.path()));
            }
        }
    }
    files
}

/// Runs every seed under `dirs`, cut to `max_len`, into the corpus (the uninteresting ones as
/// disabled entries, as LibAFL's loader keeps them). Returns how many were cut.
pub fn load<E, EM, Z>(
    state: &mut State,
    fuzzer: &mut Z,
    executor: &mut E,
    mgr: &mut EM,
    dirs: &[PathBuf],
    max_len: usize,
) -> Result<usize, Error>
where
    Z: Evaluator<E, EM, BytesInput, State>,
{
    let mut cut = 0;
    for file in seed_files(dirs) {
        let Some(bytes) = read_at_most(&file, max_len) else { continue };
        if bytes.1 {
            cut += 1;
        }
        let input = BytesInput::new(bytes.0);
        let (result, _) = fuzzer.evaluate_input(state, executor, mgr, &input)?;
        if result == ExecuteInputResult::None {
            fuzzer.add_disabled_input(state, input)?;
        }
    }
    Ok(cut)
}

/// The first `max` bytes of `file`, and whether there were more (None: unreadable).
fn read_at_most(file: &Path, max: usize) -> Option<(Vec<u8>, bool)> {
    use std::io::Read;
    // One byte past the limit tells a longer file without reading a corpus's gigabyte seed.
    let mut bytes = Vec::new();
    std::fs::File::open(file).ok()?.take(max as u64 + 1).read_to_end(&mut bytes).ok()?;
    let longer = bytes.len() > max;
    bytes.truncate(max);
    Some((bytes, longer))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jvmfuzz-seeds-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("sub")).expect("scratch");
        d
    }

    #[test]
    fn hidden_and_empty_files_are_no_seeds_and_folders_are_walked() {
        let d = scratch("walk");
        std::fs::write(d.join("a"), b"x").expect("a");
        std::fs::write(d.join(".a.metadata"), b"{}").expect("hidden");
        std::fs::write(d.join("empty"), b"").expect("empty");
        std::fs::write(d.join("sub").join("b"), b"yy").expect("b");
        let mut names: Vec<String> = seed_files(std::slice::from_ref(&d))
            .iter()
            .map(|f| f.file_name().unwrap().to_string_lossy().into())
            .collect();
        names.sort();
        assert_eq!(names, ["a", "b"]);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn the_default_max_len_is_4096_or_the_longest_seed() {
        let d = scratch("len");
        std::fs::write(d.join("small"), [1u8; 10]).expect("small");
        assert_eq!(max_len(None, std::slice::from_ref(&d)), 4096);
        std::fs::write(d.join("sub").join("big"), vec![2u8; 5000]).expect("big");
        assert_eq!(max_len(None, std::slice::from_ref(&d)), 5000);
        assert_eq!(max_len(Some(100), std::slice::from_ref(&d)), 100);
        assert_eq!(max_len(None, &[d.join("missing")]), 4096);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_seed_is_cut_to_max_len() {
        let d = scratch("cut");
        let f = d.join("long");
        std::fs::write(&f, b"0123456789").expect("long");
        assert_eq!(read_at_most(&f, 4), Some((b"0123".to_vec(), true)));
        assert_eq!(read_at_most(&f, 10), Some((b"0123456789".to_vec(), false)));
        let _ = std::fs::remove_dir_all(&d);
    }
}
