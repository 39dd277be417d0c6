//! The built-in SMTP listener for self-hosters (`smtp_listen`, off by default): the mail
//! exchanger for the reply domain, or a relay's next hop.
//!
//! Owns: the sockets (one thread per connection, blocking I/O), the bounds on clients
//! ([`Limits`]: connections at once, and per client address; the time a command or a line
//! of data may take; the length of a session; commands that bring no message further),
//! the SMTP dialogue (the `mailin` crate's session), STARTTLS when a certificate
//! is configured (rustls with the ring provider; `MAIL` refused before it when
//! `smtp_listen_require_tls` is set), refusing a recipient that is
//! not a signed reply address at `RCPT` (550: nothing is accepted for an unknown
//! address, so nothing is answered), refusing a message larger than the limit while it
//! arrives (552), and handing each accepted message to [`super::receive`].
//! Must not: read a message itself (that is [`super::reader`]) or answer by SMTP what the
//! service answers by mail.

use crate::play::reply::{receive, Envelope};
use crate::state::AppState;
use mailin::{Action, Handler, Response, Session, SessionBuilder};
use std::cell::Cell;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use crate::state::settings::SmtpLimits as Limits;

/// Who is connected: how many connections in all and from each client.
struct Clients {
    max: usize,
    per_client: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One admitted connection; dropping it frees its place.
struct Admitted {
    clients: Arc<Clients>,
    client: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.clients.open.lock().unwrap_or_else(|e| e.into_inner());
        open.0 = open.0.saturating_sub(1);
        if let Some(n) = open.1.get_mut(&self.client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.1.remove(&self.client);
            }
        }
    }
}

impl Clients {
    /// A place for a connection from `peer`, or the `421` line that refuses it.
    fn admit(self: &Arc<Clients>, peer: IpAddr) -> Result<Admitted, &'static [u8]> {
        let client = client_of(peer);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mine = open.1.get(&client).copied().unwrap_or(0);
        if mine >= self.per_client {
            return Err(b"421 4.7.0 too many connections from your address, try again later\r\n");
        }
        if open.0 >= self.max {
            return Err(b"421 4.3.2 too busy, try again later\r\n");
        }
        open.0 += 1;
        open.1.insert(client, mine + 1);
        Ok(Admitted {
            clients: self.clone(),
            client,
        })
    }
}

/// The client a connection counts against: an IPv4 address (also when mapped into
/// IPv6), or the /64 of an IPv6 address.
fn client_of(peer: IpAddr) -> IpAddr {
    match peer {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut s = v6.segments();
                s[4..].fill(0);
                IpAddr::from(s)
            }
        },
    }
}

/// TLS for the listener: the certificate chain and key of `smtp_listen_cert` and
/// `smtp_listen_key` (PEM), and whether a client must start TLS before `MAIL`.
#[derive(Clone)]
pub struct Tls {
    pub config: Arc<rustls::ServerConfig>,
    pub required: bool,
}

/// Why the listener's certificate or key cannot be used (a startup error).
#[derive(Debug, thiserror::Error)]
#[error("smtp_listen TLS: {path}: {reason}")]
pub struct TlsError {
    pub path: String,
    pub reason: String,
}

/// The server side of TLS from a PEM certificate chain (leaf first) and a PEM private
/// key (PKCS#8, PKCS#1 or SEC1), with the ring provider (no aws-lc: a C compiler is all
/// the build needs).
pub fn tls_config(cert: &Path, key: &Path) -> Result<Arc<rustls::ServerConfig>, TlsError> {
    use rustls::pki_types::pem::{self, PemObject};
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let fail = |path: &Path, reason: String| TlsError {
        path: path.display().to_string(),
        reason,
    };
    let pem_error = |path: &Path, e: pem::Error| match e {
        pem::Error::Io(e) => fail(path, format!("cannot read it: {e}")),
        pem::Error::NoItemsFound => fail(path, "no PEM section of the expected kind".into()),
        other => fail(path, format!("not valid PEM: {other:?}")),
    };
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| pem_error(cert, e))?
        .collect::<Result<_, _>>()
        .map_err(|e| pem_error(cert, e))?;
    if chain.is_empty() {
        return Err(fail(cert, "no CERTIFICATE in it".into()));
    }
    let key_der = PrivateKeyDer::from_pem_file(key).map_err(|e| pem_error(key, e))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| fail(cert, e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(chain, key_der)
        .map_err(|e| fail(key, format!("does not go with the certificate: {e}")))?;
    Ok(Arc::new(config))
}

/// Start listening on `listener` (already bound); connections are served on threads of
/// their own until the process ends. With `tls`, STARTTLS is offered.
pub fn serve(listener: TcpListener, state: Arc<AppState>, name: String, tls: Option<Tls>) {
    let limits = state.inbound.smtp_limits.clone();
    let clients = Arc::new(Clients {
        max: limits.max_connections,
        per_client: limits.per_client,
        open: Mutex::new((0, HashMap::new())),
    });
    let spawned = std::thread::Builder::new()
        .name("smtp-listener".into())
        .spawn(move || {
            for conn in listener.incoming() {
                let stream = match conn {
                    Ok(s) => s,
                    Err(e) => {
                        tracing::warn!(error = %e, "smtp: accept failed");
                        continue;
                    }
                };
                let peer = stream
                    .peer_addr()
                    .map(|a| a.ip())
                    .unwrap_or(IpAddr::from([0, 0, 0, 0]));
                let admitted = match clients.admit(peer) {
                    Ok(a) => a,
                    Err(refusal) => {
                        let mut s = stream;
                        let _ = s.set_write_timeout(Some(Duration::from_secs(1)));
                        let _ = s.write_all(refusal);
                        tracing::debug!(%peer, "smtp: connection refused by a limit");
                        continue;
                    }
                };
                let state = state.clone();
                let name = name.clone();
                let tls = tls.clone();
                let limits = limits.clone();
                let spawned = std::thread::Builder::new()
                    .name("smtp-session".into())
                    .spawn(move || {
                        if let Err(e) = session(stream, &state, &name, tls.as_ref(), &limits) {
                            tracing::debug!(error = %e, "smtp: session ended");
                        }
                        drop(admitted);
                    });
                if let Err(e) = spawned {
                    tracing::warn!(error = %e, "smtp: cannot start a session thread");
                }
            }
        });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "smtp: cannot start the listener thread");
    }
}

/// One client connection: in plain text, then (after STARTTLS) over TLS.
fn session(
    stream: TcpStream,
    state: &Arc<AppState>,
    name: &str,
    tls: Option<&Tls>,
    limits: &Limits,
) -> std::io::Result<()> {
    stream.set_write_timeout(Some(limits.idle))?;
    let peer = stream
        .peer_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::from([0, 0, 0, 0]));
    let started = Instant::now();
    let bounds = Bounds {
        line: Rc::new(Cell::new(started + limits.idle)),
        end: started + limits.session,
        idle: limits.idle,
        max_idle_commands: limits.max_idle_commands,
        idle_commands: Cell::new(0),
        messages: Arc::new(AtomicU64::new(0)),
    };
    let stream = Timed {
        tcp: stream,
        line: bounds.line.clone(),
        end: bounds.end,
    };
    let secure = Arc::new(AtomicBool::new(false));
    let handler = Collect {
        messages: bounds.messages.clone(),
        state: state.clone(),
        envelope: Envelope::default(),
        data: Vec::new(),
        too_large: false,
        secure: secure.clone(),
        require_tls: tls.is_some_and(|t| t.required),
    };
    let mut builder = SessionBuilder::new(name.to_string());
    if tls.is_some() {
        builder.enable_start_tls();
    }
    let mut session = builder.build(peer, handler);
    let mut plain = BufReader::new(stream);
    session.greeting().write_to(plain.get_mut())?;
    if dialogue(&mut plain, &mut session, &bounds)? == Next::Closed {
        return Ok(());
    }
    let Some(tls) = tls else {
        // mailin answers STARTTLS only when it was enabled.
        return Ok(());
    };
    // Nothing may follow STARTTLS before the handshake (RFC 3207 §4.2): text a client
    // pipelined after it would otherwise be taken as if it came over TLS.
    if !plain.buffer().is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "data after STARTTLS before the handshake",
        ));
    }
    let tcp = plain.into_inner();
    let conn = rustls::ServerConnection::new(tls.config.clone()).map_err(std::io::Error::other)?;
    let mut stream = rustls::StreamOwned::new(conn, tcp);
    // The handshake is bounded as a command is.
    bounds.line.set(Instant::now() + bounds.idle);
    while stream.conn.is_handshaking() {
        stream.conn.complete_io(&mut stream.sock)?;
    }
    secure.store(true, Ordering::SeqCst);
    // The session starts again from the greeting's state: the client says EHLO anew.
    session.tls_active();
    let mut secured = BufReader::new(stream);
    dialogue(&mut secured, &mut session, &bounds)?;
    Ok(())
}

/// The time and command bounds of one session.
struct Bounds {
    /// When the line being read must be in (now + `idle` as each line begins); shared
    /// with the socket's reader ([`Timed`]).
    line: Rc<Cell<Instant>>,
    /// When the session ends, whatever it is doing.
    end: Instant,
    idle: Duration,
    max_idle_commands: u32,
    /// Commands without progress since the last message.
    idle_commands: Cell<u32>,
    /// Messages that came to their end (counted by [`Collect::data_end`]).
    messages: Arc<AtomicU64>,
}

/// The commands that bring no message further.
const NO_PROGRESS: [&str; 8] = [
    "NOOP", "RSET", "HELO", "EHLO", "HELP", "VRFY", "EXPN", "LHLO",
];

/// The socket, read with a deadline: the current line's, or the session's end if that
/// comes first. A client that trickles a byte at a time does not stretch either.
struct Timed {
    tcp: TcpStream,
    line: Rc<Cell<Instant>>,
    end: Instant,
}

impl Read for Timed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let until = self.line.get().min(self.end);
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client took too long",
            ));
        }
        self.tcp.set_read_timeout(Some(left))?;
        self.tcp.read(buf)
    }
}

impl Write for Timed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tcp.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.tcp.flush()
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Next {
    /// The client quit, hung up, or was sent away.
    Closed,
    /// STARTTLS was accepted (its `220` is sent): the handshake comes next.
    StartTls,
}

/// Commands and answers until the connection ends or turns to TLS.
fn dialogue<S: Read + Write>(
    reader: &mut BufReader<S>,
    session: &mut Session<Collect>,
    bounds: &Bounds,
) -> std::io::Result<Next> {
    let mut line = Vec::with_capacity(1024);
    loop {
        line.clear();
        bounds.line.set(Instant::now() + bounds.idle);
        let read = reader.by_ref().take(64 * 1024).read_until(b'\n', &mut line);
        let n = match read {
            Ok(n) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
                ) =>
            {
                let why: &[u8] = if Instant::now() >= bounds.end {
                    b"421 4.4.2 session too long, closing\r\n"
                } else {
                    b"421 4.4.2 idle too long, closing\r\n"
                };
                // Best effort: the client may not be reading either.
                let _ = reader.get_mut().write_all(why);
                let _ = reader.get_mut().flush();
                return Err(e);
            }
            Err(e) => return Err(e),
        };
        if n == 0 {
            return Ok(Next::Closed);
        }
        let line = normalize_mail_from(&line);
        let messages = bounds.messages.load(Ordering::SeqCst);
        let response = session.process(&line);
        if response.action != Action::NoReply {
            if bounds.messages.load(Ordering::SeqCst) != messages {
                bounds.idle_commands.set(0);
            } else if response.is_error || no_progress(&line) {
                let n = bounds.idle_commands.get() + 1;
                bounds.idle_commands.set(n);
                if n > bounds.max_idle_commands {
                    reader
                        .get_mut()
                        .write_all(b"421 4.7.0 too many commands without a message, closing\r\n")?;
                    reader.get_mut().flush()?;
                    return Ok(Next::Closed);
                }
            }
        }
        match response.action {
            Action::Reply => response.write_to(reader.get_mut())?,
            Action::Close => {
                response.write_to(reader.get_mut())?;
                reader.get_mut().flush()?;
                return Ok(Next::Closed);
            }
            Action::UpgradeTls => {
                response.write_to(reader.get_mut())?;
                reader.get_mut().flush()?;
                return Ok(Next::StartTls);
            }
            Action::NoReply => {}
        }
        reader.get_mut().flush()?;
    }
}

/// Whether a command line is one of [`NO_PROGRESS`].
fn no_progress(line: &[u8]) -> bool {
    let verb = line
        .split(|b| b.is_ascii_whitespace())
        .next()
        .unwrap_or_default();
    NO_PROGRESS
        .iter()
        .any(|v| v.as_bytes().eq_ignore_ascii_case(verb))
}

/// Stands for the null reverse path `<>` inside the session (mailin's parser wants an
/// address there); [`Collect::mail`] turns it back into the null sender.
const NULL_SENDER: &str = "null-sender@null.invalid";

/// `MAIL FROM:<>` (a bounce's null sender) as [`NULL_SENDER`], and without the parameters
/// mailin does not know (`SIZE=`, `SMTPUTF8`; `BODY=` is kept): other lines unchanged.
fn normalize_mail_from(line: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    const PREFIX: &[u8] = b"MAIL FROM:<";
    let Some(head) = line.get(..PREFIX.len()) else {
        return line.into();
    };
    if !head.eq_ignore_ascii_case(PREFIX) {
        return line.into();
    }
    let rest = line.get(PREFIX.len()..).unwrap_or_default();
    let Some(end) = rest.iter().position(|&b| b == b'>') else {
        return line.into();
    };
    let path = rest.get(..end).unwrap_or_default();
    let params = String::from_utf8_lossy(rest.get(end + 1..).unwrap_or_default());
    let body = params
        .split_whitespace()
        .find(|p| p.to_ascii_uppercase().starts_with("BODY="))
        .map(|p| format!(" {p}"))
        .unwrap_or_default();
    let path = if path.is_empty() {
        NULL_SENDER.as_bytes()
    } else {
        path
    };
    let mut out = b"MAIL FROM:<".to_vec();
    out.extend_from_slice(path);
    out.push(b'>');
    out.extend_from_slice(body.as_bytes());
    out.extend_from_slice(b"\r\n");
    out.into()
}

/// Collects one message and hands it over at its end.
struct Collect {
    /// Messages that came to their end in this session.
    messages: Arc<AtomicU64>,
    state: Arc<AppState>,
    envelope: Envelope,
    data: Vec<u8>,
    too_large: bool,
    /// Whether the connection runs over TLS now.
    secure: Arc<AtomicBool>,
    /// `smtp_listen_require_tls`: no `MAIL` before STARTTLS.
    require_tls: bool,
}

impl Handler for Collect {
    fn mail(&mut self, _ip: IpAddr, _domain: &str, from: &str) -> Response {
        if self.require_tls && !self.secure.load(Ordering::SeqCst) {
            return Response::custom(530, "5.7.0 Must issue a STARTTLS command first".into());
        }
        let from = if from == NULL_SENDER { "" } else { from };
        self.envelope = Envelope {
            mail_from: Some(from.to_string()),
            rcpt_to: Vec::new(),
        };
        self.data.clear();
        self.too_large = false;
        mailin::response::OK
    }

    fn rcpt(&mut self, to: &str) -> Response {
        if crate::links::reply::ReplyToken::from_address(&self.state.keys, to).is_none() {
            return mailin::response::NO_MAILBOX;
        }
        self.envelope.rcpt_to.push(to.to_string());
        mailin::response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if self.data.len() + buf.len() > self.state.inbound.max_bytes {
            // Keep reading to the end of the data, but keep nothing.
            self.too_large = true;
            self.data.clear();
        } else if !self.too_large {
            self.data.extend_from_slice(buf);
        }
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        self.messages.fetch_add(1, Ordering::SeqCst);
        if self.too_large {
            return Response::custom(552, "message too large".into());
        }
        let raw = std::mem::take(&mut self.data);
        let mut conn = match self.state.db.pool.get() {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(error = %e, "smtp: no database connection");
                return Response::custom(451, "try again later".into());
            }
        };
        match receive(&mut conn, &self.state, &raw, &self.envelope) {
            Ok(r) => {
                tracing::debug!(outcome = r.outcome, "smtp: message taken");
                mailin::response::OK
            }
            Err(e) if e.status().is_client_error() => {
                Response::custom(554, format!("{}: {}", e.code(), e.detail()))
            }
            Err(e) => {
                tracing::warn!(error = ?e, "smtp: cannot take a message");
                Response::custom(451, "try again later".into())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64_and_mapped_ipv4_as_ipv4() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(client_of(ip("2001:db8:1:2:3:4:5:6")), ip("2001:db8:1:2::"));
        assert_eq!(client_of(ip("2001:db8:1:2:ffff::1")), ip("2001:db8:1:2::"));
        assert_eq!(client_of(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(client_of(ip("192.0.2.7")), ip("192.0.2.7"));
    }

    #[test]
    fn the_commands_without_progress() {
        assert!(no_progress(b"NOOP\r\n"));
        assert!(no_progress(b"ehlo client.test\r\n"));
        assert!(!no_progress(b"MAIL FROM:<a@x.test>\r\n"));
        assert!(!no_progress(b"NOOPS\r\n"));
    }

    #[test]
    fn the_null_sender_and_unknown_parameters_are_made_readable() {
        let n =
            |l: &str| String::from_utf8(normalize_mail_from(l.as_bytes()).into_owned()).unwrap();
        assert_eq!(
            n("MAIL FROM:<>\r\n"),
            format!("MAIL FROM:<{NULL_SENDER}>\r\n")
        );
        assert_eq!(
            n("mail from:<a@x.test> SIZE=123 BODY=8BITMIME SMTPUTF8\r\n"),
            "MAIL FROM:<a@x.test> BODY=8BITMIME\r\n"
        );
        assert_eq!(n("RCPT TO:<b@x.test>\r\n"), "RCPT TO:<b@x.test>\r\n");
    }
}
