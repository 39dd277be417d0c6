//! The built-in SMTP listener for self-hosters (`smtp_listen`, off by default): the mail
//! exchanger for the reply domain, or a relay's next hop.
//!
//! Owns: the sockets (one thread per connection, blocking I/O, a time limit on every
//! read), the SMTP dialogue (the `mailin` crate's session), STARTTLS when a certificate
//! is configured (rustls with the ring provider; `MAIL` refused before it when
//! `smtp_listen_require_tls` is set), refusing a recipient that is
//! not a signed reply address at `RCPT` (550: nothing is accepted for an unknown
//! address, so nothing is answered), refusing a message larger than the limit while it
//! arrives (552), and handing each accepted message to [`super::receive`].
//! Must not: read a message itself (that is [`super::reader`]) or answer by SMTP what the
//! service answers by mail.

use super::{receive, Envelope};
use crate::state::AppState;
use actix_web::web;
use mailin::{Action, Handler, Response, Session, SessionBuilder};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long a client may stay silent.
const IDLE: Duration = Duration::from_secs(120);
/// At most this many connections at once; more wait in the kernel's backlog.
const MAX_CONNECTIONS: usize = 32;

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
pub fn serve(listener: TcpListener, state: web::Data<AppState>, name: String, tls: Option<Tls>) {
    let busy = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
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
                let state = state.clone();
                let name = name.clone();
                let tls = tls.clone();
                let busy = busy.clone();
                if busy.fetch_add(1, std::sync::atomic::Ordering::SeqCst) >= MAX_CONNECTIONS {
                    busy.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                    let mut s = stream;
                    let _ = s.write_all(b"421 too busy, try again later\r\n");
                    continue;
                }
                let spawned = std::thread::Builder::new()
                    .name("smtp-session".into())
                    .spawn(move || {
                        if let Err(e) = session(stream, &state, &name, tls.as_ref()) {
                            tracing::debug!(error = %e, "smtp: session ended");
                        }
                        busy.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
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
    state: &web::Data<AppState>,
    name: &str,
    tls: Option<&Tls>,
) -> std::io::Result<()> {
    stream.set_read_timeout(Some(IDLE))?;
    stream.set_write_timeout(Some(IDLE))?;
    let peer = stream
        .peer_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::from([0, 0, 0, 0]));
    let secure = Arc::new(AtomicBool::new(false));
    let handler = Collect {
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
    if dialogue(&mut plain, &mut session)? == Next::Closed {
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
    while stream.conn.is_handshaking() {
        stream.conn.complete_io(&mut stream.sock)?;
    }
    secure.store(true, Ordering::SeqCst);
    // The session starts again from the greeting's state: the client says EHLO anew.
    session.tls_active();
    let mut secured = BufReader::new(stream);
    dialogue(&mut secured, &mut session)?;
    Ok(())
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
) -> std::io::Result<Next> {
    let mut line = Vec::with_capacity(1024);
    loop {
        line.clear();
        let n = reader
            .by_ref()
            .take(64 * 1024)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(Next::Closed);
        }
        let line = normalize_mail_from(&line);
        let response = session.process(&line);
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
    state: web::Data<AppState>,
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
        if super::token::ReplyToken::from_address(&self.state.keys, to).is_none() {
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
        if self.too_large {
            return Response::custom(552, "message too large".into());
        }
        let raw = std::mem::take(&mut self.data);
        let mut conn = match self.state.pool.get() {
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
