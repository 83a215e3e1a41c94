//! Findings whose exception came back without a stack, and the replay that gives them one.
//!
//! A harness's JVM runs with HotSpot's default `OmitStackTraceInFastThrow`: where C2 has seen
//! an implicit exception (a null dereference, an index out of bounds, a division by zero, a bad
//! cast or array store) thrown often, its compiled code throws one preallocated instance with
//! neither stack nor message. Turning that off costs every such throw a deoptimization of its
//! frame: an OSS-Fuzz harness that catches an index error on most inputs ran at 1/19 of
//! Jazzer's speed. Findings are told apart by their stacks (`findings.rs`), so the rare
//! finding that comes back stackless (a hot site that some callers catch, a bug hit again under
//! `--keep-going`) is run once more in a child process: the same command line, a fresh JVM
//! with the flag off ([`run_child`]). Its stack is the finding's identity.
//!
//! The replay runs beside the fuzz loop, one at a time, polled between rounds of it ([`Replays`]):
//! waiting in the loop would stall it for a JVM's start-up and overrun LibAFL's executor
//! timeout. A replay that fails differently, passes or runs too long leaves the finding as it
//! came, stackless (as Jazzer reports it). Replays cost a JVM each, so they thin out where they
//! tell nothing new: past [`QUEUE`] waiting, and for an exception type whose last [`REPEATS`]
//! replays each gave a finding filed already (a known bug hit again and again under
//! `--keep-going`), stackless exceptions are counted ([`Replays::skipped`]), not replayed; of
//! the latter, the 2^k-th is replayed still, so a new bug at another hot site of the same type
//! is found late rather than never.
//!
//! A finding waiting for its replay is on disk until it is handed back to be filed (its input
//! and failure in the scratch folder, named by a token of the client process, whose `owner-`
//! file that process holds locked and which records its command line). A client that dies
//! meanwhile (a native crash, the memory limit) leaves them to the next client of the same
//! command line on that findings folder: under `--keep-going` the client restarted in its place,
//! else the next run ([`Replays::adopt_orphans`]). A lock that can be taken is a dead owner, what
//! a process id could not tell (ids are reused, in containers from run to run).

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::Failure;

/// The input file a child replays (set on the child's environment; its presence makes `fuzz`
/// a replay, see [`run_child`]).
pub const INPUT_ENV: &str = "JVMFUZZ_STACKLESS_INPUT";
/// Where the child writes the failure it saw ([`Failure::to_text`]).
pub const OUT_ENV: &str = "JVMFUZZ_STACKLESS_OUT";

/// Stackless exceptions waiting for a replay beyond the one running.
pub const QUEUE: usize = 4;

/// How long the end of a client waits for the replays still running or waiting: below the
/// watchdog's limit for a fuzzing thread that does not come back (30 s at least), and a
/// `--max-total-time` overrun of seconds at most. What is left then is filed as it came.
pub const SETTLE: Duration = Duration::from_secs(20);

/// Replays in a row of one exception type that gave known findings, after which that type is
/// no longer replayed.
pub const REPEATS: u32 = 3;

/// The exceptions HotSpot preallocates for its fast throw.
const IMPLICIT: [&str; 5] = [
    "java.lang.NullPointerException",
    "java.lang.ArithmeticException",
    "java.lang.ArrayIndexOutOfBoundsException",
    "java.lang.ArrayStoreException",
    "java.lang.ClassCastException",
];

/// `f` is HotSpot's preallocated instance: an implicit exception with no frame and no message.
pub fn is_stackless(f: &Failure) -> bool {
    f.frames.is_empty() && f.contract.is_none() && f.message == "null" && IMPLICIT.contains(&f.exception.as_str())
}

/// A stackless finding and the input that raised it.
pub struct Stackless {
    pub failure: Failure,
    pub input: Vec<u8>,
}

/// A finding queued for its replay, and its files: `input-<pid>-<n>` and `found-<pid>-<n>`
/// (the stackless failure, [`Failure::to_text`]) until it is handed back; `failure-<pid>-<n>`,
/// what the child saw.
struct Pending {
    found: Stackless,
    input_file: PathBuf,
    found_file: PathBuf,
    out_file: PathBuf,
}

impl Pending {
    fn remove_files(&self) {
        for f in [&self.input_file, &self.found_file, &self.out_file] {
            let _ = std::fs::remove_file(f);
        }
    }
}

struct Running {
    child: Child,
    started: Instant,
    pending: Pending,
}

/// The replays of one fuzzing client.
pub struct Replays {
    /// The child's program and arguments: this process's own command line.
    program: PathBuf,
    args: Vec<std::ffi::OsString>,
    scratch: PathBuf,
    /// How long a replay may take: a JVM's start-up and the harness's initialisation, then one
    /// execution within `--timeout`.
    limit: Duration,
    running: Option<Running>,
    waiting: VecDeque<Pending>,
    next: u64,
    /// Names this process's files: its id and the time the replays were made.
    token: String,
    /// `owner-<token>`, locked while this process lives (made with the first file).
    owner: Option<std::fs::File>,
    /// Stackless exceptions not replayed (the queue was full).
    pub skipped: u64,
    /// Replays that ended (run to their end, or stopped at their limit).
    pub replayed: u64,
    /// Of those, the ones that gave the finding a stack.
    pub resolved: u64,
    /// Per exception type, the replays in a row that gave a known finding ([`Replays::known`]),
    /// and the instances offered since that count reached [`REPEATS`].
    repeats: HashMap<String, (u32, u64)>,
    /// Findings no replay will be started for (the child could not be started): returned as
    /// they came by the next [`Replays::poll`].
    unstarted: Vec<Pending>,
}

impl Replays {
    /// Replays with this process's command line; files go to `scratch` (created on demand).
    pub fn for_this_process(scratch: PathBuf, timeout: Duration) -> Option<Replays> {
        let program = std::env::current_exe().ok()?;
        Some(Replays::new(program, std::env::args_os().skip(1).collect(), scratch, timeout))
    }

    pub fn new(program: PathBuf, args: Vec<std::ffi::OsString>, scratch: PathBuf, timeout: Duration) -> Replays {
        Replays {
            program,
            args,
            scratch,
            limit: timeout + Duration::from_secs(60),
            running: None,
            waiting: VecDeque::new(),
            next: 0,
            token: format!(
                "{}x{}",
                std::process::id(),
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
            ),
            owner: None,
            skipped: 0,
            replayed: 0,
            resolved: 0,
            repeats: HashMap::new(),
            unstarted: Vec::new(),
        }
    }

    /// Queues a replay of `found` (false: the queue is full and it was counted, not kept).
    pub fn offer(&mut self, found: Stackless) -> bool {
        let repeated = match self.repeats.get_mut(&found.failure.exception) {
            Some((n, since)) if *n >= REPEATS => {
                *since += 1;
                !since.is_power_of_two()
            }
            _ => false,
        };
        if repeated || self.waiting.len() >= QUEUE {
            self.skipped += 1;
            return false;
        }
        let pending = self.pending(found);
        self.waiting.push_back(pending);
        self.start_next();
        true
    }

    /// `found`, with its files written (a failure to write them costs only the safety net).
    fn pending(&mut self, found: Stackless) -> Pending {
        self.own();
        self.next += 1;
        let p = self.named(found, self.next);
        let _ = std::fs::write(&p.input_file, &p.found.input)
            .and_then(|()| std::fs::write(&p.found_file, p.found.failure.to_text()));
        p
    }

    fn named(&self, found: Stackless, n: u64) -> Pending {
        let name = |kind: &str| file(&self.scratch, kind, &self.token, n);
        Pending { input_file: name("input"), found_file: name("found"), out_file: name("failure"), found }
    }

    /// The command line as `owner-` files record it.
    fn command_line(&self) -> Vec<u8> {
        let mut v = self.program.as_os_str().as_encoded_bytes().to_vec();
        for a in &self.args {
            v.push(0);
            v.extend_from_slice(a.as_encoded_bytes());
        }
        v
    }

    /// Makes and locks `owner-<token>` (once; a failure leaves the files unowned, which no
    /// other client adopts).
    fn own(&mut self) {
        if self.owner.is_some() {
            return;
        }
        let path = self.scratch.join(format!("owner-{}", self.token));
        let owner = std::fs::create_dir_all(&self.scratch)
            .and_then(|()| std::fs::write(&path, self.command_line()))
            .and_then(|()| std::fs::File::open(&path))
            .and_then(|f| f.try_lock().map(|()| f).map_err(std::io::Error::other));
        self.owner = owner.ok();
    }

    /// Queues the findings that ended clients of this command line left waiting in the scratch
    /// folder (an owner whose lock can be taken has ended; each file is taken by renaming, so
    /// two clients starting together do not both take one). Returns how many.
    pub fn adopt_orphans(&mut self) -> usize {
        let Ok(dir) = std::fs::read_dir(&self.scratch) else { return 0 };
        let owners: Vec<String> = dir
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().to_str()?.strip_prefix("owner-").map(str::to_string))
            .filter(|t| *t != self.token)
            .collect();
        let mine = self.command_line();
        let mut adopted = 0;
        for token in owners {
            let owner_path = self.scratch.join(format!("owner-{token}"));
            let Ok(owner) = std::fs::File::open(&owner_path) else { continue };
            if owner.try_lock().is_err() {
                continue; // alive
            }
            if std::fs::read(&owner_path).ok().as_deref() != Some(mine.as_slice()) {
                continue; // another command line's: its replay would run something else
            }
            let Ok(dir) = std::fs::read_dir(&self.scratch) else { break };
            let theirs: Vec<String> = dir
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().to_str().map(str::to_string))
                .filter(|n| n.split_once('-').is_some_and(|(_, rest)| rest.starts_with(&format!("{token}-"))))
                .collect();
            for name in theirs.iter().filter(|n| n.starts_with("found-")) {
                let n = &name["found-".len() + token.len() + 1..];
                self.own();
                self.next += 1;
                let mine_found = file(&self.scratch, "found", &self.token, self.next);
                let mine_input = file(&self.scratch, "input", &self.token, self.next);
                if std::fs::rename(self.scratch.join(name), &mine_found).is_err() {
                    continue; // another client took it
                }
                let taken = std::fs::rename(file(&self.scratch, "input", &token, n), &mine_input).is_ok();
                let failure = std::fs::read_to_string(&mine_found).ok().and_then(|t| Failure::parse(&t));
                match (taken, failure, std::fs::read(&mine_input).ok()) {
                    (true, Some(failure), Some(input)) => {
                        self.waiting.push_back(self.named(Stackless { failure, input }, self.next));
                        adopted += 1;
                    }
                    _ => {
                        let _ = std::fs::remove_file(&mine_found);
                        let _ = std::fs::remove_file(&mine_input);
                    }
                }
            }
            // What is left of it: inputs without a finding, a replay's late output.
            for name in theirs.iter().filter(|n| !n.starts_with("found-")) {
                let _ = std::fs::remove_file(self.scratch.join(name));
            }
            let _ = std::fs::remove_file(&owner_path);
        }
        self.start_next();
        adopted
    }

    /// What the replay of an `exception` gave was a finding filed already (`known`) or a new
    /// one.
    pub fn known(&mut self, exception: &str, known: bool) {
        let (n, since) = self.repeats.entry(exception.to_string()).or_default();
        if known {
            *n = n.saturating_add(1);
        } else {
            (*n, *since) = (0, 0);
        }
    }

    /// How long one replay may take.
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// Nothing running or waiting.
    pub fn idle(&self) -> bool {
        self.running.is_none() && self.waiting.is_empty() && self.unstarted.is_empty()
    }

    /// The findings whose replay has ended, each with the stack its replay gave it (or as it
    /// came). Never blocks.
    pub fn poll(&mut self) -> Vec<Stackless> {
        let mut done: Vec<Stackless> = std::mem::take(&mut self.unstarted)
            .into_iter()
            .map(|p| {
                p.remove_files();
                p.found
            })
            .collect();
        while let Some(r) = self.running.as_mut() {
            let over = r.started.elapsed() >= self.limit;
            match r.child.try_wait() {
                Ok(None) if !over => break,
                Ok(None) | Err(_) => {
                    let _ = r.child.kill();
                    let _ = r.child.wait();
                }
                Ok(Some(_)) => {}
            }
            if let Some(r) = self.running.take() {
                done.push(self.finish(r));
            }
            self.start_next();
        }
        done
    }

    /// Waits for every replay, up to `limit` in all; those still to run then come back as they
    /// came.
    pub fn drain(&mut self, limit: Duration) -> Vec<Stackless> {
        let end = Instant::now() + limit;
        let mut done = Vec::new();
        while !self.idle() && Instant::now() < end {
            done.extend(self.poll());
            if !self.idle() {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        if let Some(mut r) = self.running.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
            r.pending.remove_files();
            done.push(r.pending.found);
        }
        for p in self.waiting.drain(..) {
            p.remove_files();
            done.push(p.found);
        }
        done
    }

    fn start_next(&mut self) {
        while self.running.is_none() {
            let Some(pending) = self.waiting.pop_front() else { return };
            let spawned = std::fs::create_dir_all(&self.scratch)
                .and_then(|()| {
                    // Written when it was queued; again, in case that failed.
                    if pending.input_file.is_file() {
                        Ok(())
                    } else {
                        std::fs::write(&pending.input_file, &pending.found.input)
                    }
                })
                .and_then(|()| {
                    let _ = std::fs::remove_file(&pending.out_file);
                    let mut command = Command::new(&self.program);
                    // SAFETY: prctl is async-signal-safe; it makes the replay die with its client
                    // (a client killed by a signal runs no Drop).
                    unsafe {
                        std::os::unix::process::CommandExt::pre_exec(&mut command, || {
                            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                            Ok(())
                        });
                    }
                    command
                        .args(&self.args)
                        .env(INPUT_ENV, &pending.input_file)
                        .env(OUT_ENV, &pending.out_file)
                        .stdin(Stdio::null())
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .spawn()
                });
            match spawned {
                Ok(child) => self.running = Some(Running { child, started: Instant::now(), pending }),
                Err(e) => {
                    crate::say!(
                        "jvmfuzz: note: cannot replay a stackless {} for its stack: {e}",
                        pending.found.failure.exception
                    );
                    // Filed as it came (next poll): no replay will give it more.
                    self.unstarted.push(pending);
                }
            }
        }
    }

    /// The replayed failure when it is the same exception with a stack, else the original.
    fn finish(&mut self, r: Running) -> Stackless {
        let p = r.pending;
        self.replayed += 1;
        let seen = std::fs::read_to_string(&p.out_file).ok().and_then(|t| Failure::parse(&t));
        p.remove_files();
        match seen {
            Some(f) if f.exception == p.found.failure.exception && !f.frames.is_empty() => {
                self.resolved += 1;
                Stackless { failure: f, input: p.found.input }
            }
            _ => p.found,
        }
    }
}

impl Drop for Replays {
    /// No replay outlives its client. What was not handed back stays on disk for the next
    /// client to adopt.
    fn drop(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
            let _ = std::fs::remove_file(&r.pending.out_file);
            self.waiting.push_back(r.pending);
        }
        if self.waiting.is_empty() && self.unstarted.is_empty() {
            let _ = std::fs::remove_file(self.scratch.join(format!("owner-{}", self.token)));
        }
    }
}

/// The child's side: runs the input named by [`INPUT_ENV`] once on `target` (started with
/// `-XX:-OmitStackTraceInFastThrow`) and writes what failed to [`OUT_ENV`]. `None` when this
/// process is no such child.
pub fn run_child(start: impl FnOnce() -> anyhow::Result<crate::target::Target>) -> Option<anyhow::Result<()>> {
    let input = std::env::var_os(INPUT_ENV)?;
    let out = std::env::var_os(OUT_ENV)?;
    Some(replay(Path::new(&input), Path::new(&out), start))
}

fn replay(
    input: &Path,
    out: &Path,
    start: impl FnOnce() -> anyhow::Result<crate::target::Target>,
) -> anyhow::Result<()> {
    use anyhow::Context;
    let data = std::fs::read(input).with_context(|| format!("cannot read {}", input.display()))?;
    let target = start()?;
    let outcome = target.run(&data, false)?;
    if let crate::target::Outcome::Failed(f) = outcome {
        std::fs::write(out, f.to_text()).with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}

/// `<kind>-<token>-<n>` in `scratch`: a waiting finding's files (`found`, `input`, `failure`).
fn file(scratch: &Path, kind: &str, token: &str, n: impl std::fmt::Display) -> PathBuf {
    scratch.join(format!("{kind}-{token}-{n}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn npe(frames: &[&str]) -> Failure {
        Failure {
            exception: "java.lang.NullPointerException".into(),
            message: "null".into(),
            stack_text: "java.lang.NullPointerException\n".into(),
            frames: frames.iter().map(|s| s.to_string()).collect(),
            contract: None,
        }
    }

    #[test]
    fn only_a_preallocated_implicit_exception_is_stackless() {
        assert!(is_stackless(&npe(&[])));
        assert!(!is_stackless(&npe(&["a.B.c(B.java:1)"])));
        assert!(!is_stackless(&Failure { message: "Cannot invoke".into(), ..npe(&[]) }));
        assert!(!is_stackless(&Failure { exception: "java.lang.IllegalStateException".into(), ..npe(&[]) }));
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jvmfuzz-stackless-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// A child standing in for the replay: a shell that writes the failure it was told to.
    fn replays_with(script: &str, dir: &Path) -> Replays {
        Replays::new(
            PathBuf::from("/bin/sh"),
            vec!["-c".into(), script.into()],
            dir.join("scratch"),
            Duration::from_secs(1),
        )
    }

    #[test]
    fn a_replay_that_fails_with_a_stack_gives_the_finding_that_stack() {
        let dir = scratch("resolve");
        let with_stack = npe(&["a.B.c(B.java:1)"]).to_text();
        let src = dir.as_path().join("failure");
        std::fs::write(&src, with_stack).unwrap();
        let mut r = replays_with(&format!("cp '{}' \"${OUT_ENV}\"", src.display()), dir.as_path());
        assert!(r.offer(Stackless { failure: npe(&[]), input: b"in".to_vec() }));
        let done = r.drain(Duration::from_secs(20));
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].failure.frames, vec!["a.B.c(B.java:1)".to_string()]);
        assert_eq!(done[0].input, b"in");
        assert_eq!((r.replayed, r.resolved), (1, 1));
        // The scratch files go, the owner file with the client.
        drop(r);
        assert_eq!(std::fs::read_dir(dir.as_path().join("scratch")).unwrap().count(), 0);
    }

    #[test]
    fn a_replay_that_passes_or_fails_otherwise_leaves_the_finding_as_it_came() {
        let dir = scratch("other");
        let mut r = replays_with("exit 0", dir.as_path());
        r.offer(Stackless { failure: npe(&[]), input: b"x".to_vec() });
        let done = r.drain(Duration::from_secs(20));
        assert_eq!(done[0].failure, npe(&[]));

        let other = Failure { exception: "java.lang.IllegalStateException".into(), ..npe(&["a.B(B.java:2)"]) };
        let src = dir.as_path().join("other");
        std::fs::write(&src, other.to_text()).unwrap();
        let mut r = replays_with(&format!("cp '{}' \"${OUT_ENV}\"", src.display()), dir.as_path());
        r.offer(Stackless { failure: npe(&[]), input: b"x".to_vec() });
        assert_eq!(r.drain(Duration::from_secs(20))[0].failure, npe(&[]));
        assert_eq!((r.replayed, r.resolved), (1, 0));
    }

    #[test]
    fn a_type_whose_replays_keep_giving_known_findings_is_replayed_ever_more_rarely() {
        let dir = scratch("repeats");
        let mut r = replays_with("exit 0", dir.as_path());
        for _ in 0..REPEATS {
            r.known("java.lang.NullPointerException", true);
        }
        // The first instance after the count is replayed still (2^0), the second (2^1) too, the
        // third not, the fourth (2^2) again.
        let offers: Vec<bool> =
            (0..4).map(|_| r.offer(Stackless { failure: npe(&[]), input: b"x".to_vec() })).collect();
        assert_eq!(offers, [true, true, false, true]);
        assert_eq!(r.skipped, 1);
        r.drain(Duration::from_secs(20));
        let div = Failure { exception: "java.lang.ArithmeticException".into(), ..npe(&[]) };
        assert!(r.offer(Stackless { failure: div, input: b"x".to_vec() }), "another type still is");
        // A new finding from a replay starts the count again.
        r.known("java.lang.NullPointerException", false);
        assert!(r.offer(Stackless { failure: npe(&[]), input: b"x".to_vec() }));
        r.drain(Duration::from_secs(20));
    }

    #[test]
    fn what_an_ended_client_left_waiting_is_adopted_by_the_next_of_its_command_line() {
        let dir = scratch("orphans");
        let src = dir.as_path().join("failure");
        std::fs::write(&src, npe(&["a.B.c(B.java:1)"]).to_text()).unwrap();
        let go = dir.as_path().join("go");
        // One command line for both clients: its replays hang until `go` exists.
        let script =
            format!("if [ -f '{}' ]; then cp '{}' \"${OUT_ENV}\"; else sleep 30; fi", go.display(), src.display());
        let scratch_dir = dir.join("scratch");
        let mut r = replays_with(&script, dir.as_path());
        assert!(r.offer(Stackless { failure: npe(&[]), input: b"first".to_vec() }));
        assert!(r.offer(Stackless { failure: npe(&[]), input: b"second".to_vec() }));
        // Alive (its owner file locked): not taken, by the same command line or another.
        let mut live = replays_with(&script, dir.as_path());
        assert_eq!(live.adopt_orphans(), 0);
        drop(live);
        // Ended without handing them back; a client of another command line leaves them be.
        drop(r);
        assert_eq!(replays_with("exit 0", dir.as_path()).adopt_orphans(), 0);
        std::fs::write(&go, b"").unwrap();
        let mut next = replays_with(&script, dir.as_path());
        assert_eq!(next.adopt_orphans(), 2);
        let mut done: Vec<Vec<u8>> = next
            .drain(Duration::from_secs(20))
            .into_iter()
            .map(|s| {
                assert_eq!(s.failure.frames, vec!["a.B.c(B.java:1)".to_string()]);
                s.input
            })
            .collect();
        done.sort();
        assert_eq!(done, [b"first".to_vec(), b"second".to_vec()]);
        drop(next);
        // Nothing is left: no finding, input, output or owner file.
        let left: Vec<String> = std::fs::read_dir(&scratch_dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn a_replay_that_cannot_start_gives_the_finding_back_as_it_came() {
        let dir = scratch("unstarted");
        let mut r = Replays::new(dir.join("no-such-program"), Vec::new(), dir.join("scratch"), Duration::from_secs(1));
        assert!(r.offer(Stackless { failure: npe(&[]), input: b"x".to_vec() }));
        let done = r.poll();
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].failure, npe(&[]));
        assert!(r.idle());
    }

    #[test]
    fn a_replay_past_its_limit_is_stopped_and_a_full_queue_counts_the_rest() {
        let dir = scratch("limit");
        let src = dir.as_path().join("failure");
        std::fs::write(&src, npe(&["a.B.c(B.java:1)"]).to_text()).unwrap();
        // Would give a stack, too late: stopped at its limit, it gives none.
        let mut r = replays_with(&format!("sleep 30; cp '{}' \"${OUT_ENV}\"", src.display()), dir.as_path());
        r.limit = Duration::from_millis(200);
        for _ in 0..=QUEUE + 2 {
            r.offer(Stackless { failure: npe(&[]), input: b"x".to_vec() });
        }
        // One running, QUEUE waiting, the rest counted.
        assert_eq!(r.skipped, 2);
        let done = r.drain(Duration::from_secs(60));
        assert_eq!(done.len(), QUEUE + 1);
        assert!(done.iter().all(|s| s.failure == npe(&[])));
        assert_eq!(r.resolved, 0);
    }
}
