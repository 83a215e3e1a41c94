//! One campaign on several machines, joined by LibAFL's own LLMP broker-to-broker link.
//!
//! Each machine (a node) runs `fuzz` with its broker and its clients, as `--jobs` does.
//! `--listen ADDR:PORT` makes the node's broker accept other nodes' brokers there;
//! `--connect ADDR:PORT` links this node's broker to one that listens. Over a link, LLMP's
//! broker-to-broker threads carry every message a broker puts on its outgoing map, so:
//! - **new corpus entries** reach every node, where they are executed again: [`Relay`] strips
//!   another node's coverage map from them, since probe ids follow class-loading order, which
//!   differs between JVMs (the clients of one node still share theirs);
//! - **findings** travel as LibAFL's shared objectives (the input rides in `Event::Objective`,
//!   `StdFuzzer::set_share_objectives`); the receiving node runs the input, so the finding is
//!   saved by that node's own store, once per findings folder, with its own stack;
//! - **a late joiner catches up**: a broker keeps every page of its outgoing map, and a new
//!   link starts reading it from the first message;
//! - **a node that dies** ends only its links; the other nodes go on.
//!
//! [`Relay`] is the broker hook that decides what crosses, and the one place that knows the
//! quirks of LLMP's links it works around (see its comment). LLMP's link threads themselves
//! are LibAFL's: they trust their peer, which is why `--listen` belongs on a private network.

use std::collections::HashSet;
use std::hash::Hash;
use std::io::Read;
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use libafl::events::{Event, EventWithStats, StdLlmpEventHook};
use libafl::inputs::{BytesInput, HasTargetBytes};
use libafl::monitors::Monitor;
use libafl::Error;
use libafl_bolts::compress::GzipCompressor;
use libafl_bolts::llmp::{
    Flags, LlmpBroker, LlmpBrokerInner, LlmpHook, LlmpMsgHookResult, Tag, TcpResponse, LLMP_FLAG_COMPRESSED,
    LLMP_FLAG_FROM_B2B, LLMP_FLAG_FROM_MM,
};
use libafl_bolts::shmem::ShMemProvider;
use libafl_bolts::{tuples::tuple_list, ClientId, ToSlice};

/// LibAFL's tag for events clients send to each other (`libafl::events::llmp`, crate-private
/// there). Messages with other tags are passed to LibAFL's hook untouched.
const EVENT_TAG: Tag = Tag(0x2B0741);

/// How long a node that ends keeps its broker up, so its last entries and its finding still
/// reach the others: a link's thread may hold a local message for 3 s (it blocks reading its
/// socket between forwarding rounds), and a hang finding reaches the broker up to 2 s after the
/// watchdog saved it (LibAFL's own timeout, `engine::RESTART_AFTER`).
pub const LINK_FLUSH: Duration = Duration::from_secs(8);

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
        let at = wait_for_node(&mut broker, c)?;
        broker.inner_mut().connect_b2b(at)?;
        crate::say!("jvmfuzz: node: linked to the node at {}", c.name);
    }
    broker.loop_with_timeouts(Duration::from_secs(30), Some(Duration::from_millis(5)));
    Err(Error::shutting_down())
}

/// Brokers this node's own clients while it waits for the node at `c` to answer as an LLMP
/// broker (nodes start in any order; the clients start before the broker and must not fill
/// their pages unread). LibAFL's `connect_b2b` blocks without a timeout and panics on a peer
/// that is not a broker, so it is only called on an address that just sent a broker's hello.
fn wait_for_node<HT, SP>(broker: &mut LlmpBroker<HT, SP::ShMem, SP>, c: &Connect) -> Result<SocketAddr, Error>
where
    HT: libafl_bolts::llmp::LlmpHookTuple<SP::ShMem, SP>,
    SP: ShMemProvider,
{
    let start = Instant::now();
    let mut why = String::from("nothing tried");
    loop {
        for a in &c.addrs {
            match broker_hello(a) {
                Ok(()) => return Ok(*a),
                Err(e) => why = e,
            }
        }
        if start.elapsed() >= c.timeout {
            return Err(Error::illegal_argument(format!(
                "--connect {}: no node answered within {} s ({why}); is `fuzz --listen` running there, and the port open?",
                c.name,
                c.timeout.as_secs()
            )));
        }
        let pause = Instant::now();
        while pause.elapsed() < Duration::from_millis(500) {
            broker.broker_once()?;
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Whether an LLMP broker listens at `addr`: it greets every connection with a hello.
fn broker_hello(addr: &SocketAddr) -> Result<(), String> {
    const WAIT: Duration = Duration::from_secs(2);
    let mut s = TcpStream::connect_timeout(addr, WAIT).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(WAIT)).map_err(|e| e.to_string())?;
    let not_llmp = || format!("something that is not a jvmfuzz node answers at {addr}");
    let mut len = [0u8; 4];
    s.read_exact(&mut len).map_err(|_| not_llmp())?;
    let len = u32::from_be_bytes(len) as usize;
    if len > 1 << 16 {
        return Err(not_llmp());
    }
    let mut body = vec![0; len];
    s.read_exact(&mut body).map_err(|_| not_llmp())?;
    match TcpResponse::try_from(body) {
        Ok(TcpResponse::BrokerConnectHello { .. }) => Ok(()),
        _ => Err(not_llmp()),
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
/// forwarding the client's. LLMP numbers local clients, accepted links and the `--connect`
/// link from three separate counters, so a link can carry the id of a local client or of
/// another link: the client would drop the link's messages as its own echo, and the link would
/// drop the client's as coming from the other side. The broker's own id (0) is never a
/// client's or a link's, so its messages reach every client and every link. A client then
/// also gets its own entries back, with their coverage map (no execution).
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

    /// The event a message holds, if it is a corpus entry or a finding with its input.
    fn parse(&self, flags: Flags, msg: &[u8]) -> Option<(Carries, EventWithStats<BytesInput>)> {
        let inflated;
        let bytes = if flags & LLMP_FLAG_COMPRESSED == LLMP_FLAG_COMPRESSED {
            inflated = self.gzip.decompress(msg).ok()?;
            &inflated[..]
        } else {
            msg
        };
        let event: EventWithStats<BytesInput> = postcard::from_bytes(bytes).ok()?;
        let digest = |input: &BytesInput| self.hash.hash_one(input.target_bytes().to_slice());
        let carries = match event.event() {
            Event::NewTestcase { input, .. } => Carries::Entry(digest(input)),
            Event::Objective { input: Some(input), .. } => Carries::Finding(digest(input)),
            _ => return None,
        };
        Some((carries, event))
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
        if !self.linked {
            return self.local.on_new_message(inner, client_id, msg_tag, msg_flags, msg, new_msgs);
        }
        let from_link = *msg_flags & LLMP_FLAG_FROM_B2B == LLMP_FLAG_FROM_B2B;
        if from_link {
            // Another node's input, once (a cycle of links would echo it forever); never its
            // statistics (this node's monitor and stats.csv count this node) nor anything
            // else a remote peer sends.
            let fresh = if *msg_tag == EVENT_TAG { self.parse(*msg_flags, msg) } else { None };
            if let Some((_, mut event)) = fresh.filter(|(c, _)| self.relayed.insert(*c)) {
                // Another JVM's coverage map means nothing here: this node's clients run it.
                if let Event::NewTestcase { observers_buf, .. } = event.event_mut() {
                    *observers_buf = None;
                }
                if let Ok(bytes) = postcard::to_allocvec(&event) {
                    new_msgs.push((EVENT_TAG, Flags(0), bytes));
                }
            }
            return Ok(LlmpMsgHookResult::Handled);
        }
        // From a local client: LibAFL's hook counts it (and would drop a finding).
        let local = self.local.on_new_message(inner, client_id, msg_tag, msg_flags, msg, new_msgs)?;
        let parsed = if *msg_tag == EVENT_TAG { self.parse(*msg_flags, msg) } else { None };
        Ok(match parsed {
            Some((c, _)) => {
                self.relayed.insert(c);
                let flags = match c {
                    Carries::Entry(_) => *msg_flags,
                    // For the links only: LibAFL's clients ignore every event but a new
                    // testcase when it is flagged as from another machine, so this node's
                    // clients, which have the finding, do not run it again.
                    Carries::Finding(_) => Flags(msg_flags.0 | LLMP_FLAG_FROM_MM.0),
                };
                new_msgs.push((*msg_tag, flags, msg.to_vec()));
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

    fn carries(r: &Relay<Seen>, flags: Flags, msg: &[u8]) -> Option<Carries> {
        r.parse(flags, msg).map(|(c, _)| c)
    }

    fn entry_with_map(bytes: &[u8]) -> Vec<u8> {
        let mut e: EventWithStats<BytesInput> = postcard::from_bytes(&entry(bytes)).unwrap();
        if let Event::NewTestcase { observers_buf, .. } = e.event_mut() {
            *observers_buf = Some(vec![1, 2, 3]);
        }
        postcard::to_allocvec(&e).unwrap()
    }

    #[test]
    fn reads_what_an_event_carries_compressed_or_not() {
        let r = Relay::new(Seen::default(), true);
        let a = carries(&r, Flags(0), &entry(b"abc"));
        assert!(matches!(a, Some(Carries::Entry(_))));
        assert_eq!(carries(&r, Flags(0), &entry(b"abc")), a, "same input, same digest");
        assert_ne!(carries(&r, Flags(0), &entry(b"abd")), a);
        assert!(matches!(carries(&r, Flags(0), &finding(b"abc")), Some(Carries::Finding(_))));
        let packed = GzipCompressor::new().compress(&entry(b"abc"));
        assert_eq!(carries(&r, LLMP_FLAG_COMPRESSED, &packed), a);
        assert_eq!(carries(&r, Flags(0), b"\xff\xff not an event"), None);
    }

    /// What a relay did with one message: the message it sent on (forwarded, or as the
    /// broker's own), and whether LibAFL's hook (the monitor) saw it.
    #[derive(Debug, PartialEq)]
    struct Did {
        sent: Option<(Flags, Vec<u8>)>,
        monitor: bool,
    }

    fn relay_tagged(r: &mut Relay<Seen>, tag: Tag, flags: Flags, mut msg: Vec<u8>) -> Did {
        use libafl_bolts::shmem::{ShMemProvider, StdShMemProvider};
        let provider = StdShMemProvider::new().unwrap();
        let mut inner = LlmpBrokerInner::new(provider).unwrap();
        let before = r.local.0.len();
        let (mut flags, mut tag, mut new_msgs) = (flags, tag, Vec::new());
        let out = r.on_new_message(&mut inner, ClientId(1), &mut tag, &mut flags, &mut msg, &mut new_msgs).unwrap();
        let sent = match (out, new_msgs.as_slice()) {
            (LlmpMsgHookResult::ForwardToClients, []) => Some((flags, msg.clone())),
            (LlmpMsgHookResult::Handled, []) => None,
            (LlmpMsgHookResult::Handled, [(t, f, m)]) if *t == EVENT_TAG => Some((*f, m.clone())),
            other => panic!("unexpected {other:?}"),
        };
        Did { sent, monitor: r.local.0.len() > before }
    }

    fn relay(r: &mut Relay<Seen>, flags: Flags, msg: Vec<u8>) -> Did {
        relay_tagged(r, EVENT_TAG, flags, msg)
    }

    const LOCAL: Flags = Flags(0);
    const LINK: Flags = LLMP_FLAG_FROM_B2B;

    #[test]
    fn unlinked_it_is_libafls_hook_alone() {
        let mut r = Relay::new(Seen::default(), false);
        assert_eq!(relay(&mut r, LOCAL, finding(b"boom")), Did { sent: None, monitor: true });
        assert_eq!(relay(&mut r, LOCAL, entry(b"x")), Did { sent: None, monitor: true });
    }

    #[test]
    fn local_entries_go_to_everyone_and_local_findings_to_the_links_only() {
        let mut r = Relay::new(Seen::default(), true);
        let e = entry_with_map(b"x");
        assert_eq!(relay(&mut r, LOCAL, e.clone()), Did { sent: Some((LOCAL, e)), monitor: true });
        let f = finding(b"boom");
        assert_eq!(relay(&mut r, LOCAL, f.clone()), Did { sent: Some((LLMP_FLAG_FROM_MM, f)), monitor: true });
        let packed = GzipCompressor::new().compress(&entry(b"y"));
        assert_eq!(
            relay(&mut r, LLMP_FLAG_COMPRESSED, packed.clone()),
            Did { sent: Some((LLMP_FLAG_COMPRESSED, packed)), monitor: true }
        );
    }

    #[test]
    fn a_linked_input_is_relayed_once_without_its_map_and_never_echoed() {
        let mut r = Relay::new(Seen::default(), true);
        assert_eq!(
            relay(&mut r, LINK, entry_with_map(b"from b")),
            Did { sent: Some((LOCAL, entry(b"from b"))), monitor: false }
        );
        assert_eq!(relay(&mut r, LINK, entry(b"from b")), Did { sent: None, monitor: false }, "again: a cycle");
        let f = finding(b"from b");
        let flagged = Flags(LINK.0 | LLMP_FLAG_FROM_MM.0);
        assert_eq!(relay(&mut r, flagged, f.clone()), Did { sent: Some((LOCAL, f)), monitor: false }, "to our clients");
        relay(&mut r, LOCAL, entry(b"mine"));
        assert_eq!(relay(&mut r, LINK, entry(b"mine")), Did { sent: None, monitor: false }, "our own, back");
        let packed = GzipCompressor::new().compress(&entry(b"zipped"));
        assert_eq!(
            relay(&mut r, Flags(LINK.0 | LLMP_FLAG_COMPRESSED.0), packed),
            Did { sent: Some((LOCAL, entry(b"zipped"))), monitor: false }
        );
    }

    #[test]
    fn a_remote_nodes_statistics_and_other_messages_stay_out() {
        let mut r = Relay::new(Seen::default(), true);
        let stats = EventWithStats::<BytesInput>::new(Event::Heartbeat, ExecStats::new(std::time::Duration::ZERO, 7));
        let msg = postcard::to_allocvec(&stats).unwrap();
        assert_eq!(relay(&mut r, LINK, msg.clone()), Did { sent: None, monitor: false });
        assert_eq!(relay(&mut r, LOCAL, msg), Did { sent: None, monitor: true });
        assert_eq!(relay_tagged(&mut r, Tag(0x1234), LINK, entry(b"odd tag")), Did { sent: None, monitor: false });
    }
}
