//! The parent side of `fuzz`: LibAFL's restarting machinery. `--jobs 1` uses
//! `SimpleRestartingEventManager` (fork a client, re-fork it with the saved state after a
//! timeout or a JVM crash); `--jobs N` uses LibAFL's `Launcher` (a broker plus N restarting
//! clients that share their corpus over LLMP), and so does a node linked to others
//! (`--listen`/`--connect`): its broker is `crate::nodes`'. Neither parent ever creates a JVM:
//! a JVM does not survive fork, and it must come after the client's signal handlers.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use libafl::events::{
    setup_restarting_mgr_llmp, EventConfig, Launcher, ManagerKind, ShouldSaveState, SimpleRestartingEventManager,
};
use libafl::inputs::BytesInput;
use libafl::monitors::{tui::TuiMonitor, Monitor, SimpleMonitor};
use libafl::Error;
use libafl_bolts::core_affinity::Cores;
use libafl_bolts::shmem::{ShMemProvider, StdShMemProvider};
use libafl_bolts::tuples::tuple_list;

use crate::campaign::{Recorder, StatsCsv};
use crate::engine::{run_client, FuzzConfig};
use crate::nodes::{Links, LINK_FLUSH};
use crate::state::State;

/// How progress is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Tui,
    Plain,
}

pub fn progress_mode(flag: &str) -> Result<Progress, String> {
    match flag {
        "auto" => Ok(if std::io::stdout().is_terminal() { Progress::Tui } else { Progress::Plain }),
        "tui" => Ok(Progress::Tui),
        "plain" => Ok(Progress::Plain),
        other => Err(format!("--progress: unknown mode `{other}` (use auto, tui or plain)")),
    }
}

/// One plain line per second at most (and every finding), for logs and CI.
pub fn plain_monitor() -> SimpleMonitor<impl FnMut(&str) + Clone> {
    let mut last: Option<Instant> = None;
    SimpleMonitor::new(move |line: &str| {
        let due = last.is_none_or(|t| t.elapsed() >= Duration::from_secs(1));
        if due || line.starts_with("[Objective") {
            crate::say!("jvmfuzz: {line}");
            last = Some(Instant::now());
        }
    })
}

fn tui_monitor() -> TuiMonitor {
    TuiMonitor::builder().title("jvmfuzz").enhanced_graphics(false).build()
}

/// Runs the whole fuzzing session; returns when every client has stopped. `stats` records
/// the campaign's stats.csv rows from the monitor (`campaign::stats_csv`).
pub fn run(cfg: &FuzzConfig, jobs: usize, links: Links, progress: Progress, stats: Recorder) -> Result<(), Error> {
    match progress {
        Progress::Plain => run_with(cfg, jobs, links, StatsCsv::new(plain_monitor(), stats)),
        Progress::Tui => {
            let saved = TerminalState::save();
            let r = run_with(cfg, jobs, links, StatsCsv::new(tui_monitor(), stats));
            saved.restore();
            r
        }
    }
}

/// The terminal as it was before the TUI. The TUI runs in the client process, which exits
/// without tearing it down (a crash or a restart can end it anywhere), so the parent puts the
/// terminal back: line discipline, main screen, no mouse capture, visible cursor.
struct TerminalState(Option<libc::termios>);

impl TerminalState {
    fn save() -> Self {
        // SAFETY: tcgetattr on stdout's fd into a zeroed struct it fills.
        unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            Self((libc::tcgetattr(libc::STDOUT_FILENO, &mut t) == 0).then_some(t))
        }
    }

    fn restore(&self) {
        use std::io::Write;
        if let Some(t) = &self.0 {
            // SAFETY: restores the attributes read by save() on the same fd.
            unsafe { libc::tcsetattr(libc::STDOUT_FILENO, libc::TCSANOW, t) };
            let mut out = std::io::stdout();
            let _ = out.write_all(b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1049l\x1b[?25h");
            let _ = out.flush();
        }
    }
}

fn run_with<MT: Monitor + std::fmt::Debug + Clone>(
    cfg: &FuzzConfig,
    jobs: usize,
    links: Links,
    monitor: MT,
) -> Result<(), Error> {
    let mut shmem = StdShMemProvider::new()?;
    if jobs <= 1 && !links.any() {
        let launched = SimpleRestartingEventManager::launch(monitor, &mut shmem, true);
        match launched {
            Ok((state, mgr)) => {
                // The client (a forked child): fuzz, then leave without returning into the
                // parent's code path.
                let r: Result<(), Error> = run_client::<_>(cfg, 0, state as Option<State>, mgr);
                // The monitor runs in this process: its last figures, for the parent's last row.
                crate::campaign::stats_csv::flush_pending();
                if let Some(e) = r.as_ref().err().filter(|e| !matches!(e, Error::ShuttingDown)) {
                    crate::status::append(
                        &cfg.status_file,
                        &format!("setup the fuzzing loop failed: {}", crate::engine::short_error(e)),
                    );
                }
                std::process::exit(0);
            }
            Err(Error::ShuttingDown) => Ok(()),
            Err(e) => Err(e),
        }
    } else {
        run_launcher(cfg, jobs, links, monitor, shmem)
    }
}

/// `--jobs N`: LibAFL's Launcher runs a broker and N restarting clients. Its broker never
/// exits on its own (the plain Launcher sets no "exit after N clients"), so it runs in a child
/// process group that this process supervises through the status file: when every client is
/// done, or one hit a finding (without --keep-going), or set-up failed, the group is ended;
/// a linked node's broker first gets [`LINK_FLUSH`] to pass its last events to the others.
fn run_launcher<MT: Monitor + std::fmt::Debug + Clone>(
    cfg: &FuzzConfig,
    jobs: usize,
    links: Links,
    monitor: MT,
    shmem: StdShMemProvider,
) -> Result<(), Error> {
    let linked = links.any();
    // SAFETY: plain syscall.
    let supervisor = unsafe { libc::getpid() };
    // SAFETY: no JVM exists in this process; the child only runs LibAFL's launcher and exits.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(Error::unknown("fork failed"));
    }
    if pid == 0 {
        // SAFETY: plain syscall on ourselves.
        unsafe { libc::setpgid(0, 0) };
        end_group_without(supervisor);
        let r = launcher(cfg, jobs, links, monitor, shmem);
        if let Err(e) = r {
            crate::status::append(
                &cfg.status_file,
                &format!("setup the parallel launcher failed: {}", crate::engine::short_error(&e)),
            );
        }
        // Every process of the launcher's tree that returns here (broker, client restarters)
        // leaves quietly: only the supervising parent reports.
        std::process::exit(0);
    }
    loop {
        std::thread::sleep(Duration::from_millis(200));
        let st = crate::status::read(&cfg.status_file);
        let finished = st.done >= jobs || st.setup_error.is_some() || (!cfg.keep_going && !st.findings.is_empty());
        let mut status = 0;
        // SAFETY: waiting for our own child.
        let exited = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) } == pid;
        if finished || exited {
            if linked && !exited && st.setup_error.is_none() {
                std::thread::sleep(LINK_FLUSH);
            }
            // SAFETY: signals to the process group we created (the launcher and its children).
            unsafe { libc::kill(-pid, libc::SIGTERM) };
            std::thread::sleep(Duration::from_millis(500));
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            if !exited {
                unsafe { libc::waitpid(pid, &mut status, 0) };
            }
            return Ok(());
        }
    }
}

/// The launcher's group (its broker, the clients and their JVMs) is in a process group of its
/// own, which a terminal's Ctrl-C or a `kill` of this process does not reach: when the
/// supervising process is gone, a thread of the launcher ends the whole group, so no broker is
/// left holding the run's ports and output.
fn end_group_without(supervisor: libc::pid_t) {
    let watch = std::thread::Builder::new().name("jvmfuzz-orphan".into()).spawn(move || loop {
        std::thread::sleep(Duration::from_millis(250));
        // SAFETY: plain syscalls; kill(0, ..) is this process's own group.
        if unsafe { libc::getppid() } != supervisor {
            unsafe { libc::kill(0, libc::SIGKILL) };
        }
    });
    if watch.is_err() {
        // SAFETY: plain syscall; without the watch the group must not outlive the supervisor.
        unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    }
}

fn launcher<MT: Monitor + std::fmt::Debug + Clone>(
    cfg: &FuzzConfig,
    jobs: usize,
    links: Links,
    monitor: MT,
    shmem: StdShMemProvider,
) -> Result<(), Error> {
    {
        // Clients send their coverage maps with their entries; a linked node's broker strips
        // them from other nodes' entries (`crate::nodes::Relay`).
        let configuration = EventConfig::from_name("jvmfuzz");
        let mut links = Some(links);
        let provider = shmem.clone();
        let ncores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let used = jobs.min(ncores).max(1);
        let cores = Cores::from((0..used).collect::<Vec<_>>());
        let overcommit = jobs.div_ceil(used);
        let port = free_port().unwrap_or(1337);
        let launched = Launcher::builder()
            .shmem_provider(shmem)
            .configuration(configuration)
            .monitor(monitor)
            .run_client(|state: Option<State>, mgr, desc: libafl::events::launcher::ClientDescription| {
                let r = run_client(cfg, desc.id(), state, mgr);
                // ShuttingDown: another client ended the session (e.g. its finding).
                if let Some(e) = r.as_ref().err().filter(|e| !matches!(e, Error::ShuttingDown)) {
                    crate::status::append(
                        &cfg.status_file,
                        &format!("setup the fuzzing loop failed: {}", crate::engine::short_error(e)),
                    );
                }
                r
            })
            .cores(&cores)
            .overcommit(overcommit)
            .broker_port(port)
            .stdout_file(None)
            .build()
            .launch_with_manager(
                |_, client: Option<libafl::events::launcher::ClientDescription>, monitor: Option<MT>| {
                    match client {
                        Some(client_description) => setup_restarting_mgr_llmp::<_, BytesInput, MT, State, _>(
                            provider.clone(),
                            configuration,
                            None,
                            port,
                            ManagerKind::Client { client_description },
                            None,
                            ShouldSaveState::OnRestart,
                            tuple_list!(),
                        ),
                        // The broker: this node's, linked to the others (LibAFL's own broker when
                        // there are no links, plus the relay hook, which then has nothing to do).
                        None => {
                            // LibAFL's Launcher only logs a broker's error: say it where the
                            // supervisor reads it (a --connect that finds no node ends the run).
                            let monitor = monitor.ok_or_else(|| Error::illegal_state("the broker has no monitor"))?;
                            let ran = crate::nodes::run_broker(
                                provider.clone(),
                                monitor,
                                port,
                                links.take().unwrap_or_default(),
                            );
                            if let Some(e) = ran.as_ref().err().filter(|e| !matches!(e, Error::ShuttingDown)) {
                                let why = match e {
                                    Error::IllegalArgument(msg, _) => msg.clone(),
                                    e => format!("the node's broker failed: {}", crate::engine::short_error(e)),
                                };
                                crate::status::append(&cfg.status_file, &format!("setup {why}"));
                            }
                            Err(Error::shutting_down())
                        }
                    }
                },
            );
        match launched {
            Ok(()) | Err(Error::ShuttingDown) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// A TCP port free right now for the LLMP broker (so parallel sessions do not collide).
fn free_port() -> Option<u16> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").ok()?;
    l.local_addr().ok().map(|a| a.port())
}
