//! The jobs of a fuzz test (`fuzz --fuzz-test -jobs=N`) are separate JVMs that share the corpus
//! folder, as libFuzzer's `-jobs` processes do: each reads the files the others add there
//! (LibAFL's `SyncFromDiskStage`, every [`INTERVAL`]) and keeps those that add coverage.
//! Harness runs with `--jobs` share over LLMP instead (`launch`): a JVM that jvmfuzz did not
//! fork cannot be one of the Launcher's clients.
//!
//! Each job writes its inputs under its own name prefix (`corpus::client_corpus`), so a job
//! skips its own files and LibAFL's lock files (dot files) of single-job runs.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use libafl::inputs::{BytesInput, Input};
use libafl::stages::{SyncFromDiskMetadata, SyncFromDiskStage};
use libafl::{Error, HasMetadata};

use crate::state::State;

/// How often a job looks for the others' new files (libFuzzer's `-reload` default is 1 s; a
/// scan stats every file of the folder, so a little less often).
pub const INTERVAL: Duration = Duration::from_secs(2);

/// Inputs read from the other jobs' files so far, in this process.
static TAKEN: AtomicU64 = AtomicU64::new(0);

pub fn taken() -> u64 {
    TAKEN.load(Ordering::Relaxed)
}

/// Whether `path` is a file another job wrote: not a dot file, not this job's prefix.
fn from_another_job(path: &Path, own_prefix: &str) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| !n.starts_with('.') && !n.starts_with(own_prefix))
}

/// The stage that reads the other jobs' new files in `dir` (`None`: a stage that does nothing,
/// for runs with one JVM). `client` is this job's number.
#[allow(clippy::type_complexity)]
pub fn stage<E, EM, Z>(
    dir: Option<&Path>,
    client: usize,
) -> SyncFromDiskStage<impl FnMut(&mut Z, &mut State, &Path) -> Result<BytesInput, Error>, E, EM, BytesInput, State, Z>
{
    let own_prefix = format!("c{client}-");
    let dirs: Vec<PathBuf> = dir.map(Path::to_path_buf).into_iter().collect();
    let load = move |_: &mut Z, _: &mut State, path: &Path| {
        if !from_another_job(path, &own_prefix) {
            return Err(Error::invalid_input("this job's own file or a lock file"));
        }
        let input = BytesInput::from_file(path)?;
        TAKEN.fetch_add(1, Ordering::Relaxed);
        Ok(input)
    };
    SyncFromDiskStage::new(dirs, load, INTERVAL, "jobs")
}

/// Marks the corpus folder as read up to `since` (taken before the job loaded it), so the
/// first sync does not run the whole corpus again.
pub fn loaded_since(state: &mut State, since: Duration) {
    if !state.has_metadata::<SyncFromDiskMetadata>() {
        state.add_metadata(SyncFromDiskMetadata::new(since, Vec::new()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_reads_the_other_jobs_files_only() {
        assert!(from_another_job(Path::new("/c/c2-0a1b2c"), "c1-"));
        assert!(!from_another_job(Path::new("/c/c1-0a1b2c"), "c1-"));
        assert!(!from_another_job(Path::new("/c/.0a1b2c"), "c1-"));
        // A single-job run's plain names are inputs too.
        assert!(from_another_job(Path::new("/c/0a1b2c"), "c1-"));
    }
}
