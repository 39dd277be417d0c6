//! The built-in SMTP listener for self-hosters (`smtp_listen`, off by default): the mail
//! exchanger for the reply domain, or a relay's next hop.
//!
//! Owns: the sockets (one thread per connection, blocking I/O, a time limit on every
//! read), the SMTP dialogue (the `mailin` crate's session), refusing a recipient that is
//! not a signed reply address at `RCPT` (550: nothing is accepted for an unknown
//! address, so nothing is answered), refusing a message larger than the limit while it
//! arrives (552), and handing each accepted message to [`super::receive`].
//! Must not: read a message itself (that is [`super::reader`]) or answer by SMTP what the
//! service answers by mail.

use super::{receive, Envelope};
use crate::state::AppState;
use actix_web::web;
use mailin::{Action, Handler, Response, SessionBuilder};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::time::Duration;

/// How long a client may stay silent.
const IDLE: Duration = Duration::from_secs(120);
/// At most this many connections at once; more wait in the kernel's backlog.
const MAX_CONNECTIONS: usize = 32;

/// Start listening on `listener` (already bound); connections are served on threads of
/// their own until the process ends.
pub fn serve(listener: TcpListener, state: web::Data<AppState>, name: String) {
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
                        if let Err(e) = session(stream, &state, &name) {
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

/// One client connection.
fn session(stream: TcpStream, state: &web::Data<AppState>, name: &str) -> std::io::Result<()> {
    stream.set_read_timeout(Some(IDLE))?;
    stream.set_write_timeout(Some(IDLE))?;
    let peer = stream
        .peer_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::from([0, 0, 0, 0]));
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let handler = Collect {
        state: state.clone(),
        envelope: Envelope::default(),
        data: Vec::new(),
        too_large: false,
    };
    let mut session = SessionBuilder::new(name.to_string()).build(peer, handler);
    session.greeting().write_to(&mut writer)?;
    let mut line = Vec::with_capacity(1024);
    loop {
        line.clear();
        let n = reader
            .by_ref()
            .take(64 * 1024)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(());
        }
        let line = normalize_mail_from(&line);
        let response = session.process(&line);
        match response.action {
            Action::Reply => response.write_to(&mut writer)?,
            Action::Close => {
                response.write_to(&mut writer)?;
                return Ok(());
            }
            // Not offered: STARTTLS is not advertised.
            Action::UpgradeTls => {
                response.write_to(&mut writer)?;
                return Ok(());
            }
            Action::NoReply => {}
        }
        writer.flush()?;
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
}

impl Handler for Collect {
    fn mail(&mut self, _ip: IpAddr, _domain: &str, from: &str) -> Response {
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
