//! A minimal SMTP server for tests: real TCP on `127.0.0.1:0`, one thread per connection,
//! speaking just enough of RFC 5321 (EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP,
//! QUIT) for lettre to deliver to it. It keeps what arrived, envelope and bytes.

use std::io::{BufRead, BufReader, Write};
use std::net::Shutdown;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;

/// One message as it arrived.
#[derive(Debug, Clone, Default)]
pub struct Received {
    /// The base64 argument of `AUTH PLAIN`, if the client logged in.
    pub auth_plain: Option<String>,
    pub mail_from: String,
    pub rcpt_to: Vec<String>,
    /// The DATA, dot-unstuffed, without the final `.` line.
    pub data: Vec<u8>,
}

pub struct SmtpServer {
    pub addr: SocketAddr,
    received: Arc<Mutex<Vec<Received>>>,
    /// Every connection accepted so far (a clone of its stream, to hang up on it).
    connections: Arc<Mutex<Vec<TcpStream>>>,
}

impl SmtpServer {
    /// Listen on a free port of 127.0.0.1, until the test process ends.
    pub fn start() -> SmtpServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
        let addr = listener.local_addr().expect("the bound address");
        let received = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(Mutex::new(Vec::new()));
        let (store, accepted) = (received.clone(), connections.clone());
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                if let Ok(clone) = stream.try_clone() {
                    accepted.lock().expect("not poisoned").push(clone);
                }
                let store = store.clone();
                thread::spawn(move || {
                    // A client hanging up mid-way is its business, not the server's.
                    let _ = serve(stream, &store);
                });
            }
        });
        SmtpServer {
            addr,
            received,
            connections,
        }
    }

    /// How many connections the server has accepted.
    pub fn connections(&self) -> usize {
        self.connections.lock().expect("not poisoned").len()
    }

    /// Close every connection open now, as a server does to a client idle too long.
    pub fn hang_up(&self) {
        for stream in self.connections.lock().expect("not poisoned").iter() {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Everything that arrived so far, oldest first.
    pub fn received(&self) -> Vec<Received> {
        self.received.lock().expect("not poisoned").clone()
    }
}

fn serve(stream: TcpStream, store: &Mutex<Vec<Received>>) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    out.write_all(b"220 smtp.test ESMTP test listener\r\n")?;
    let mut current = Received::default();
    let mut auth = None;
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let command = String::from_utf8_lossy(&line);
        let command = command.trim_end_matches(['\r', '\n']);
        let upper = command.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") {
            b"250-smtp.test\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 AUTH PLAIN\r\n"
        } else if upper.starts_with("HELO") {
            b"250 smtp.test\r\n"
        } else if upper.starts_with("AUTH PLAIN ") {
            auth = Some(command["AUTH PLAIN ".len()..].trim().to_string());
            b"235 2.7.0 Authentication successful\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            current = Received {
                auth_plain: auth.clone(),
                mail_from: angle(command),
                ..Received::default()
            };
            b"250 2.1.0 OK\r\n"
        } else if upper.starts_with("RCPT TO:") {
            current.rcpt_to.push(angle(command));
            b"250 2.1.5 OK\r\n"
        } else if upper == "DATA" {
            out.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
            let mut data = Vec::new();
            loop {
                let mut line = Vec::new();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    return Ok(());
                }
                if line == b".\r\n" || line == b".\n" {
                    break;
                }
                // RFC 5321 4.5.2: a leading dot was doubled by the client.
                let line = if line.starts_with(b"..") {
                    &line[1..]
                } else {
                    &line[..]
                };
                data.extend_from_slice(line);
            }
            current.data = data;
            store
                .lock()
                .expect("not poisoned")
                .push(std::mem::take(&mut current));
            b"250 2.0.0 OK queued\r\n"
        } else if upper == "RSET" {
            current = Received::default();
            b"250 2.0.0 OK\r\n"
        } else if upper == "NOOP" {
            b"250 2.0.0 OK\r\n"
        } else if upper == "QUIT" {
            out.write_all(b"221 2.0.0 Bye\r\n")?;
            return Ok(());
        } else {
            b"502 5.5.2 Command not recognised\r\n"
        };
        out.write_all(reply)?;
    }
}

/// The address between `<` and `>` of `MAIL FROM:<a@b> BODY=8BITMIME`.
fn angle(command: &str) -> String {
    let start = command.find('<').map_or(0, |i| i + 1);
    let end = command[start..]
        .find('>')
        .map_or(command.len(), |i| start + i);
    command[start..end].to_string()
}

/// Standard base64 with padding, to compare with what `AUTH PLAIN` sent.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
