//! A local SMTP sink for the benches: real TCP on `127.0.0.1:0`, one thread per
//! connection, speaking just enough of RFC 5321 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
//! QUIT) for lettre to deliver to it. It counts the messages and their bytes and keeps
//! nothing else, so the server under test pays for a real SMTP exchange and the sink
//! stays cheap.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub struct SmtpSink {
    pub addr: SocketAddr,
    messages: Arc<AtomicU64>,
    bytes: Arc<AtomicU64>,
}

impl SmtpSink {
    /// Listen on a free port of 127.0.0.1 until the process ends.
    pub fn start() -> std::io::Result<SmtpSink> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let addr = listener.local_addr()?;
        let messages = Arc::new(AtomicU64::new(0));
        let bytes = Arc::new(AtomicU64::new(0));
        let (m, b) = (messages.clone(), bytes.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (m, b) = (m.clone(), b.clone());
                std::thread::spawn(move || {
                    let _ = serve(stream, &m, &b);
                });
            }
        });
        Ok(SmtpSink {
            addr,
            messages,
            bytes,
        })
    }

    /// Messages accepted so far.
    pub fn messages(&self) -> u64 {
        self.messages.load(Ordering::Relaxed)
    }

    /// Bytes of DATA accepted so far.
    #[allow(dead_code)]
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

fn serve(stream: TcpStream, messages: &AtomicU64, bytes: &AtomicU64) -> std::io::Result<()> {
    stream.set_nodelay(true)?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    out.write_all(b"220 sink ESMTP bench sink\r\n")?;
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let upper = String::from_utf8_lossy(&line)
            .trim_end()
            .to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") {
            b"250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n"
        } else if upper.starts_with("HELO") {
            b"250 sink\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            b"250 2.1.0 OK\r\n"
        } else if upper.starts_with("RCPT TO:") {
            b"250 2.1.5 OK\r\n"
        } else if upper == "DATA" {
            out.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
            let mut n = 0u64;
            loop {
                line.clear();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    return Ok(());
                }
                if line == b".\r\n" || line == b".\n" {
                    break;
                }
                n += line.len() as u64;
            }
            messages.fetch_add(1, Ordering::Relaxed);
            bytes.fetch_add(n, Ordering::Relaxed);
            b"250 2.0.0 OK queued\r\n"
        } else if upper == "RSET" || upper == "NOOP" {
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
