//! One campaign on several machines, joined by LibAFL's own LLMP broker-to-broker link.
//!
//! Each machine (a node) runs `fuzz` with its broker and its clients, as `--jobs` does.
//! `--listen ADDR:PORT` makes the node's broker accept other nodes' brokers there;
//! `--connect ADDR:PORT` links this node's broker to one that listens. Over a link, LLMP's
//! broker-to-broker threads carry every message a broker forwards to its clients, so:
//! - **new corpus entries** reach every node, where they are executed again: linked clients
//!   send with `EventConfig::AlwaysUnique`, so no node trusts another JVM's coverage map
//!   (probe ids follow class-loading order, which differs between JVMs);
//! - **findings** travel as LibAFL's shared objectives (the input rides in `Event::Objective`,
//!   `StdFuzzer::set_share_objectives`); the receiving node runs the input, so the finding is
//!   saved by that node's own store, once per findings folder, with its own stack;
//! - **a late joiner catches up**: a broker keeps every page of its outgoing map, and a new
//!   link starts reading it from the first message;
//! - **a node that dies** ends only its links; the other nodes go on.
//!
//! [`Relay`] is the broker hook that decides what crosses: an objective from a local client is
//! forwarded (LibAFL's own hook only counts it), events from a link are passed to local clients
//! and other links only when they carry an input this broker has not relayed before (so a cycle
//! of links cannot echo forever), and a remote node's statistics stay out of this node's
//! monitor and `stats.csv`.

use std::collections::HashSet;
use std::hash::Hash;
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::time::{Duration, Instant};

use libafl::events::{Event, EventWithStats, StdLlmpEventHook};
use libafl::inputs::{BytesInput, HasTargetBytes};
use libafl::monitors::Monitor;
use libafl::Error;
use libafl_bolts::compress::GzipCompressor;
use libafl_bolts::llmp::{
    Flags, LlmpBroker, LlmpBrokerInner, LlmpHook, LlmpMsgHookResult, Tag, LLMP_FLAG_COMPRESSED, LLMP_FLAG_FROM_B2B,
};
use libafl_bolts::shmem::ShMemProvider;
use libafl_bolts::{tuples::tuple_list, ClientId, ToSlice};

/// LibAFL's tag for events clients send to each other (`libafl::events::llmp`, crate-private
/// there). Messages with other tags are passed to LibAFL's hook untouched.
const EVENT_TAG: Tag = Tag(0x2B0741);

/// Time a link's thread may hold a local message before sending it (LLMP's broker-to-broker
/// threads block on the socket for 3 s between forwarding rounds). A node that ends keeps its
/// broker up this long, so its last corpus entries and its finding still reach the others.
pub const LINK_FLUSH: Duration = Duration::from_secs(4);

/// How this node joins others (`--listen`, `--connect`).
#[derive(Debug, Default)]
pub struct Links {
    /// Bound by the parent before any fork, so a taken port is a set-up error at once.
    pub listen: Option<TcpListener>,
    pub connect: Option<Connect>,
}

#[derive(Debug, Clone)]
pub struct Connect {
    /// As the user wrote it (for messages).
    pub name: String,
    pub addrs: Vec<SocketAddr>,
    pub timeout: Duration,
}

impl Links {
    /// Whether this node is linked to others at all.
    pub fn any(&self) -> bool {
        self.listen.is_some() || self.connect.is_some()
    }
}

/// Parses and binds `--listen`, resolves `--connect`. Errors say what to fix.
pub fn links(listen: Option<&str>, connect: Option<&str>, connect_timeout: Duration) -> Result<Links, String> {
    let listen = match listen {
        None => None,
        Some(l) => {
            let addr = resolve("--listen", l)?;
            let bound = addr.iter().find_map(|a| TcpListener::bind(a).ok()).ok_or_else(|| {
                format!("--listen {l}: cannot listen there (port taken, or not an address of this machine)")
            })?;
            Some(bound)
        }
    };
    let connect = match connect {
        None => None,
        Some(c) => Some(Connect { name: c.to_string(), addrs: resolve("--connect", c)?, timeout: connect_timeout }),
    };
    Ok(Links { listen, connect })
}

fn resolve(flag: &str, spec: &str) -> Result<Vec<SocketAddr>, String> {
    let hint = "give HOST:PORT, e.g. 10.0.0.1:7700 or node-a:7700";
    if !spec.contains(':') {
        return Err(format!("{flag} {spec}: no port ({hint})"));
    }
    let addrs: Vec<SocketAddr> = spec.to_socket_addrs().map_err(|e| format!("{flag} {spec}: {e} ({hint})"))?.collect();
    if addrs.is_empty() {
        return Err(format!("{flag} {spec}: the name resolves to no address ({hint})"));
    }
    Ok(addrs)
}

/// Runs this node's broker until the process is ended: clients attach on `local_port`
/// (loopback), other nodes' brokers on the `--listen` socket, and `--connect` links to a node.
pub fn run_broker<MT, SP>(shmem: SP, monitor: MT, local_port: u16, links: Links) -> Result<(), Error>
where
    MT: Monitor,
    SP: ShMemProvider,
{
    let relay = Relay::new(StdLlmpEventHook::<BytesInput, MT>::new(monitor)?, links.any());
    let mut broker = LlmpBroker::create_attach_to_tcp(shmem, tuple_list!(relay), local_port)?;
    if let Some(listener) = links.listen {
        let at = listener.local_addr().map_or_else(|_| "?".into(), |a| a.to_string());
        broker.inner_mut().launch_listener(libafl_bolts::llmp::Listener::Tcp(listener))?;
        crate::say!("jvmfuzz: node: other nodes can join at {at}");
    }
    if let Some(c) = &links.connect {
        connect(broker.inner_mut(), c)?;
        crate::say!("jvmfuzz: node: linked to the node at {}", c.name);
    }
    broker.loop_with_timeouts(Duration::from_secs(30), Some(Duration::from_millis(5)));
    Err(Error::shutting_down())
}

/// Links to the node at `c`, retrying until its timeout: nodes start in any order.
fn connect<SP: ShMemProvider>(broker: &mut LlmpBrokerInner<SP::ShMem, SP>, c: &Connect) -> Result<(), Error> {
    let start = Instant::now();
    loop {
        let mut last = None;
        for a in &c.addrs {
            match broker.connect_b2b(a) {
                Ok(()) => return Ok(()),
                Err(e) => last = Some(e),
            }
        }
        if start.elapsed() >= c.timeout {
            let why = match last {
                Some(Error::OsError(io, ..)) => format!(" ({io})"),
                Some(e) => format!(" ({})", crate::engine::short_error(&e)),
                None => String::new(),
            };
            return Err(Error::illegal_argument(format!(
                "--connect {}: no node answered within {} s{why}; is `fuzz --listen` running there, and the port open?",
                c.name,
                c.timeout.as_secs()
            )));
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// What an event carries that other nodes need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Carries {
    Entry(u64),
    Finding(u64),
}

/// The broker hook of a node (see the module comment); wraps LibAFL's own hook, which keeps
/// the monitor. Unlinked (`--jobs` alone) it only passes messages to LibAFL's hook.
///
/// Linked, the broker sends every entry and finding on as a message of its own instead of
/// forwarding the client's. LLMP numbers local clients (its listener's counter) and links
/// (`connect_b2b`: the broker's next receiver id) independently, so a link can carry the id of
/// a local client: that client would drop the link's messages as its own echo, and the link
/// would drop that client's messages as coming from the other side. The broker's own id (0)
/// is never a client's or a link's, so its messages reach every client and every link.
pub struct Relay<H> {
    local: H,
    linked: bool,
    relayed: HashSet<Carries>,
    hash: ahash::RandomState,
    gzip: GzipCompressor,
}

impl<H> Relay<H> {
    pub fn new(local: H, linked: bool) -> Self {
        Self { local, linked, relayed: HashSet::new(), hash: ahash::RandomState::new(), gzip: GzipCompressor::new() }
    }

    /// The input an event message carries, if it is a corpus entry or a finding with its input.
    fn carries(&self, flags: Flags, msg: &[u8]) -> Option<Carries> {
        let inflated;
        let bytes = if flags & LLMP_FLAG_COMPRESSED == LLMP_FLAG_COMPRESSED {
            inflated = self.gzip.decompress(msg).ok()?;
            &inflated[..]
        } else {
            msg
        };
        let event: EventWithStats<BytesInput> = postcard::from_bytes(bytes).ok()?;
        let digest = |input: &BytesInput| self.hash.hash_one(input.target_bytes().to_slice());
        match event.event() {
            Event::NewTestcase { input, .. } => Some(Carries::Entry(digest(input))),
            Event::Objective { input: Some(input), .. } => Some(Carries::Finding(digest(input))),
            _ => None,
        }
    }
}

impl<H, SHM, SP> LlmpHook<SHM, SP> for Relay<H>
where
    H: LlmpHook<SHM, SP>,
{
    fn on_new_message(
        &mut self,
        inner: &mut LlmpBrokerInner<SHM, SP>,
        client_id: ClientId,
        msg_tag: &mut Tag,
        msg_flags: &mut Flags,
        msg: &mut [u8],
        new_msgs: &mut Vec<(Tag, Flags, Vec<u8>)>,
    ) -> Result<LlmpMsgHookResult, Error> {
        if !self.linked || *msg_tag != EVENT_TAG {
            return self.local.on_new_message(inner, client_id, msg_tag, msg_flags, msg, new_msgs);
        }
        let carries = self.carries(*msg_flags, msg);
        if *msg_flags & LLMP_FLAG_FROM_B2B == LLMP_FLAG_FROM_B2B {
            // From another node: its input once (a cycle of links would echo it forever), and
            // never its statistics (this node's monitor and stats.csv count this node).
            if carries.is_some_and(|c| self.relayed.insert(c)) {
                new_msgs.push((*msg_tag, Flags(msg_flags.0 & !LLMP_FLAG_FROM_B2B.0), msg.to_vec()));
            }
            return Ok(LlmpMsgHookResult::Handled);
        }
        // From a local client: LibAFL's hook counts it (and would drop a finding).
        let local = self.local.on_new_message(inner, client_id, msg_tag, msg_flags, msg, new_msgs)?;
        Ok(match carries {
            Some(c) => {
                self.relayed.insert(c);
                new_msgs.push((*msg_tag, *msg_flags, msg.to_vec()));
                LlmpMsgHookResult::Handled
            }
            None => local,
        })
    }

    fn on_timeout(&mut self) -> Result<(), Error> {
        self.local.on_timeout()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::events::{EventConfig, ExecStats};
    use libafl::executors::ExitKind;

    /// A stand-in for LibAFL's hook that records what reached it.
    #[derive(Default)]
    struct Seen(Vec<u32>);

    impl<SHM, SP> LlmpHook<SHM, SP> for Seen {
        fn on_new_message(
            &mut self,
            _: &mut LlmpBrokerInner<SHM, SP>,
            _: ClientId,
            _: &mut Tag,
            _: &mut Flags,
            _: &mut [u8],
            _: &mut Vec<(Tag, Flags, Vec<u8>)>,
        ) -> Result<LlmpMsgHookResult, Error> {
            self.0.push(1);
            Ok(LlmpMsgHookResult::Handled)
        }
    }

    fn entry(bytes: &[u8]) -> Vec<u8> {
        let e = EventWithStats::new(
            Event::NewTestcase {
                input: BytesInput::new(bytes.to_vec()),
                observers_buf: None,
                exit_kind: ExitKind::Ok,
                corpus_size: 1,
                client_config: EventConfig::AlwaysUnique,
                forward_id: None,
            },
            ExecStats::new(std::time::Duration::ZERO, 0),
        );
        postcard::to_allocvec(&e).unwrap()
    }

    fn finding(bytes: &[u8]) -> Vec<u8> {
        let e = EventWithStats::new(
            Event::Objective { input: Some(BytesInput::new(bytes.to_vec())), objective_size: 1 },
            ExecStats::new(std::time::Duration::ZERO, 0),
        );
        postcard::to_allocvec(&e).unwrap()
    }

    #[test]
    fn reads_what_an_event_carries_compressed_or_not() {
        let r = Relay::new(Seen::default(), true);
        let a = r.carries(Flags(0), &entry(b"abc"));
        assert!(matches!(a, Some(Carries::Entry(_))));
        assert_eq!(r.carries(Flags(0), &entry(b"abc")), a, "same input, same digest");
        assert_ne!(r.carries(Flags(0), &entry(b"abd")), a);
        assert!(matches!(r.carries(Flags(0), &finding(b"abc")), Some(Carries::Finding(_))));
        let packed = GzipCompressor::new().compress(&entry(b"abc"));
        assert_eq!(r.carries(LLMP_FLAG_COMPRESSED, &packed), a);
        assert_eq!(r.carries(Flags(0), b"\xff\xff not an event"), None);
    }

    /// What a relay did with one message: sent it on (forwarded, or as the broker's own
    /// message, with these flags), and whether LibAFL's hook (the monitor) saw it.
    #[derive(Debug, PartialEq)]
    struct Did {
        sent: Option<Flags>,
        monitor: bool,
    }

    fn relay(r: &mut Relay<Seen>, flags: Flags, mut msg: Vec<u8>) -> Did {
        use libafl_bolts::shmem::{ShMemProvider, StdShMemProvider};
        let provider = StdShMemProvider::new().unwrap();
        let mut inner = LlmpBrokerInner::new(provider).unwrap();
        let before = r.local.0.len();
        let (mut flags, mut tag, mut new_msgs) = (flags, EVENT_TAG, Vec::new());
        let out = r.on_new_message(&mut inner, ClientId(1), &mut tag, &mut flags, &mut msg, &mut new_msgs).unwrap();
        let sent = match (out, new_msgs.as_slice()) {
            (LlmpMsgHookResult::ForwardToClients, []) => Some(flags),
            (LlmpMsgHookResult::Handled, []) => None,
            (LlmpMsgHookResult::Handled, [(t, f, m)]) if *t == EVENT_TAG && *m == msg => Some(*f),
            other => panic!("unexpected {other:?}"),
        };
        Did { sent, monitor: r.local.0.len() > before }
    }

    const LOCAL: Flags = Flags(0);

    #[test]
    fn unlinked_it_is_libafls_hook_alone() {
        let mut r = Relay::new(Seen::default(), false);
        assert_eq!(relay(&mut r, LOCAL, finding(b"boom")), Did { sent: None, monitor: true });
        assert_eq!(relay(&mut r, LOCAL, entry(b"x")), Did { sent: None, monitor: true });
    }

    #[test]
    fn local_entries_and_findings_are_counted_and_sent_on_by_the_broker() {
        let mut r = Relay::new(Seen::default(), true);
        assert_eq!(relay(&mut r, LOCAL, finding(b"boom")), Did { sent: Some(LOCAL), monitor: true });
        assert_eq!(relay(&mut r, LOCAL, entry(b"x")), Did { sent: Some(LOCAL), monitor: true });
        let packed = GzipCompressor::new().compress(&entry(b"y"));
        assert_eq!(
            relay(&mut r, LLMP_FLAG_COMPRESSED, packed),
            Did { sent: Some(LLMP_FLAG_COMPRESSED), monitor: true }
        );
    }

    #[test]
    fn a_linked_input_is_relayed_once_and_never_echoed() {
        let mut r = Relay::new(Seen::default(), true);
        let link = LLMP_FLAG_FROM_B2B;
        assert_eq!(relay(&mut r, link, entry(b"from b")), Did { sent: Some(LOCAL), monitor: false });
        assert_eq!(relay(&mut r, link, entry(b"from b")), Did { sent: None, monitor: false }, "again: a cycle");
        assert_eq!(relay(&mut r, link, finding(b"from b")), Did { sent: Some(LOCAL), monitor: false });
        relay(&mut r, LOCAL, entry(b"mine"));
        assert_eq!(relay(&mut r, link, entry(b"mine")), Did { sent: None, monitor: false }, "our own, back");
    }

    #[test]
    fn a_remote_nodes_statistics_stay_out_of_this_nodes_monitor() {
        let mut r = Relay::new(Seen::default(), true);
        let stats = EventWithStats::<BytesInput>::new(Event::Heartbeat, ExecStats::new(std::time::Duration::ZERO, 7));
        let msg = postcard::to_allocvec(&stats).unwrap();
        assert_eq!(relay(&mut r, LLMP_FLAG_FROM_B2B, msg.clone()), Did { sent: None, monitor: false });
        assert_eq!(relay(&mut r, LOCAL, msg), Did { sent: None, monitor: true });
    }
}
