//! Delivery: SMTP, `.eml` files, or memory.
//!
//! [`Transport::send`] either hands the whole message over (SMTP server accepted it, file
//! renamed into place, message stored) or fails; it never retries. The outbox worker
//! retries, and [`MailError::is_permanent`] tells it when not to.

use super::settings::{MailSettings, SmtpSecurity, SmtpSettings, TransportKind};
use super::{MailError, Message};
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{AsyncSmtpConnection, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// Where mail goes.
#[derive(Debug, Clone)]
pub enum Transport {
    Smtp(SmtpTransport),
    File(FileTransport),
    Memory(MemoryTransport),
}

impl Transport {
    /// The transport the settings name ([`MailSettings::validate`] first).
    pub fn from_settings(settings: &MailSettings) -> Result<Transport, MailError> {
        settings.validate()?;
        Ok(match settings.transport {
            TransportKind::Smtp => Transport::Smtp(SmtpTransport::new(&settings.smtp)?),
            TransportKind::File => {
                let file = FileTransport::new(&settings.file_dir);
                // Before the first message: what a killed writer left behind.
                file.clean_stale_parts(STALE_PART_AGE);
                Transport::File(file)
            }
        })
    }

    /// `smtp`, `file` or `memory`, for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Transport::Smtp(_) => "smtp",
            Transport::File(_) => "file",
            Transport::Memory(_) => "memory",
        }
    }

    /// Deliver one message.
    pub async fn send(&self, message: &Message) -> Result<(), MailError> {
        let email = message.to_lettre()?;
        match self {
            Transport::Smtp(smtp) => smtp.send(email.envelope(), &email.formatted()).await?,
            Transport::File(file) => {
                let path = file
                    .write(email.formatted(), message.message_id().unwrap_or(""))
                    .await?;
                tracing::info!(path = %path.display(), "mail written to a file");
            }
            Transport::Memory(memory) => memory.push(message.clone()),
        }
        tracing::debug!(
            transport = self.kind(),
            message_id = message.message_id().unwrap_or(""),
            "mail handed over"
        );
        Ok(())
    }
}

/// An SMTP server, over rustls, through connections kept open between messages.
///
/// Opening a connection costs the TCP handshake, the greeting, `EHLO`, and with TLS or a
/// login the handshake, a second `EHLO` and `AUTH`: more round trips than the message
/// itself (`MAIL`, `RCPT`, `DATA`). So the connection a message went out on is kept for
/// a next one, as lettre's own pool does: checked with `NOOP` before it is used again
/// (a server that hung up in between is noticed there, before any of the message is
/// sent), let go after [`SMTP_IDLE`] without a message or after any error, and never
/// used by two messages at once (messages sent at once each take a kept connection or
/// open one; at most [`SMTP_CONNECTIONS`] are kept). They are kept here rather than in
/// lettre's pool, whose background task ties a transport to the tokio runtime it was
/// built in; this one holds no task and can be built outside a runtime.
#[derive(Clone)]
pub struct SmtpTransport {
    host: String,
    port: u16,
    security: SmtpSecurity,
    timeout: Duration,
    credentials: Option<Credentials>,
    /// The connections kept for the next messages (at most [`SMTP_CONNECTIONS`]), each
    /// with when its last message went out.
    idle: Arc<Mutex<Vec<(AsyncSmtpConnection, std::time::Instant)>>>,
    /// Connections opened so far ([`SmtpTransport::connections_opened`]).
    opened: Arc<AtomicU64>,
    server: String,
}

/// The most connections kept open at once (the outbox worker sends as many mails at once).
pub const SMTP_CONNECTIONS: usize = 8;

/// How long a connection is kept without a message: less than the five minutes a
/// server waits before it may hang up on an idle client (RFC 5321, 4.5.3.2.7).
pub const SMTP_IDLE: Duration = Duration::from_secs(60);

impl SmtpTransport {
    /// Connects lazily: a wrong host or password shows up at the first send.
    pub fn new(settings: &SmtpSettings) -> Result<SmtpTransport, MailError> {
        let host = settings.host.as_str();
        // What TLS would need, checked now (a bad host name is a settings error).
        if settings.security != SmtpSecurity::None {
            TlsParameters::new(host.to_string())?;
        }
        let credentials = match (&settings.user, &settings.password) {
            (Some(user), Some(password)) => {
                Some(Credentials::new(user.clone(), password.0.clone()))
            }
            _ => None,
        };
        Ok(SmtpTransport {
            host: host.to_string(),
            port: settings.port(),
            security: settings.security,
            timeout: Duration::from_secs(settings.timeout_seconds.max(1)),
            credentials,
            idle: Arc::new(Mutex::new(Vec::new())),
            opened: Arc::new(AtomicU64::new(0)),
            server: format!("{host}:{}", settings.port()),
        })
    }

    /// How many connections this transport has opened.
    pub fn connections_opened(&self) -> u64 {
        self.opened.load(Ordering::Relaxed)
    }

    /// A new connection: TLS from the start, or upgraded by `STARTTLS`, or plain, as the
    /// settings say; logged in if they name a user.
    async fn connect(&self) -> Result<AsyncSmtpConnection, lettre::transport::smtp::Error> {
        let hello = ClientId::default();
        let tls = || TlsParameters::new(self.host.clone());
        let wrapper = match self.security {
            SmtpSecurity::Tls => Some(tls()?),
            SmtpSecurity::Starttls | SmtpSecurity::None => None,
        };
        let mut conn = AsyncSmtpConnection::connect_tokio1(
            (self.host.as_str(), self.port),
            Some(self.timeout),
            &hello,
            wrapper,
            None,
        )
        .await?;
        self.opened.fetch_add(1, Ordering::Relaxed);
        if self.security == SmtpSecurity::Starttls {
            conn.starttls(tls()?, &hello).await?;
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(DEFAULT_MECHANISMS, credentials).await?;
        }
        Ok(conn)
    }

    /// Send one message: on a kept connection that answers `NOOP` (the most recently
    /// used first; one that does not is closed), else on a new one; kept afterwards
    /// unless the send failed.
    async fn send(
        &self,
        envelope: &lettre::address::Envelope,
        email: &[u8],
    ) -> Result<(), lettre::transport::smtp::Error> {
        // Those kept too long are closed, wherever they are in the list.
        let stale: Vec<_> = {
            let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
            let (fresh, stale) = std::mem::take(&mut *idle)
                .into_iter()
                .partition(|(_, since)| since.elapsed() < SMTP_IDLE);
            *idle = fresh;
            stale
        };
        for (mut conn, _) in stale {
            conn.abort().await;
        }
        let mut conn = loop {
            let kept = self
                .idle
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop();
            match kept {
                Some((mut conn, _)) => {
                    if conn.test_connected().await {
                        break conn;
                    }
                    conn.abort().await;
                }
                None => break self.connect().await?,
            }
        };
        // On an error lettre has already sent QUIT and closed the connection.
        conn.send(envelope, email).await?;
        if conn.has_broken() {
            return Ok(());
        }
        let extra = {
            let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
            if idle.len() < SMTP_CONNECTIONS {
                idle.push((conn, std::time::Instant::now()));
                None
            } else {
                Some(conn)
            }
        };
        if let Some(mut extra) = extra {
            extra.abort().await;
        }
        Ok(())
    }
}

impl fmt::Debug for SmtpTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpTransport")
            .field("server", &self.server)
            .finish_non_exhaustive()
    }
}

/// A `.part` file older than this is a killed writer's leftover: writing one message
/// takes milliseconds, and another process may be writing into the same directory now.
pub const STALE_PART_AGE: Duration = Duration::from_secs(60);

/// One `.eml` file per message in a directory, named
/// `{UTC time}-{process id}-{counter}-{Message-ID's left part}.eml`, e.g.
/// `20250117T133000.123456Z-4242-000007-outbox-42.eml`: names sort by the time of sending
/// and never collide. A file appears whole (written beside as `.{name}.part`, synced, then
/// renamed), so a reader never sees half a message; the directory is synced after the
/// rename, so a message the outbox marks sent is still there after a power loss.
#[derive(Debug, Clone)]
pub struct FileTransport {
    dir: PathBuf,
}

impl FileTransport {
    /// The directory is created at the first message.
    pub fn new(dir: impl Into<PathBuf>) -> FileTransport {
        FileTransport { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    async fn write(&self, eml: Vec<u8>, message_id: &str) -> Result<PathBuf, MailError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let stem: String = message_id
            .trim_matches(|c| c == '<' || c == '>')
            .split('@')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            .take(64)
            .collect();
        let name = format!(
            "{}-{}-{:06}-{}.eml",
            chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ"),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            if stem.is_empty() { "message" } else { &stem },
        );
        let dir = self.dir.clone();
        let path = dir.join(&name);
        let temp = dir.join(format!(".{name}.part"));
        let target = path.clone();
        let written = tokio::task::spawn_blocking(move || {
            write_durably(&dir, &temp, &target, &eml, &mut |_| {})
        })
        .await
        .map_err(std::io::Error::other)
        .and_then(|r| r);
        written.map_err(|source| MailError::File {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }

    /// Remove the `.part` files of this directory that are older than `age` (a writer
    /// killed between creating and renaming one), and say which. A missing directory has
    /// none; a file that cannot be removed is logged and left.
    pub fn clean_stale_parts(&self, age: Duration) -> Vec<PathBuf> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
            Err(e) => {
                tracing::warn!(dir = %self.dir.display(), error = %e, "mail: cannot list the mail directory");
                return Vec::new();
            }
        };
        let now = std::time::SystemTime::now();
        let mut removed = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !(name.starts_with('.') && name.ends_with(".part")) {
                continue;
            }
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| now.duration_since(t).ok())
                .is_some_and(|elapsed| elapsed >= age);
            if !old {
                continue;
            }
            let path = entry.path();
            match std::fs::remove_file(&path) {
                Ok(()) => {
                    tracing::info!(path = %path.display(), "mail: removed a stale partial file");
                    removed.push(path);
                }
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "mail: cannot remove a stale partial file")
                }
            }
        }
        removed
    }
}

/// A step of [`write_durably`], in the order it takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Written,
    FileSynced,
    Renamed,
    DirSynced,
}

/// Write `bytes` to `temp`, sync it, rename it to `target` and sync the directory, telling
/// `step` after each: a reader sees the whole file or none, and once this returns the file
/// and its name survive a power loss.
fn write_durably(
    dir: &Path,
    temp: &Path,
    target: &Path,
    bytes: &[u8],
    step: &mut dyn FnMut(Step),
) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::create_dir_all(dir)?;
    let mut file = std::fs::File::create(temp)?;
    file.write_all(bytes)?;
    step(Step::Written);
    file.sync_all()?;
    drop(file);
    step(Step::FileSynced);
    std::fs::rename(temp, target)?;
    step(Step::Renamed);
    sync_dir(dir)?;
    step(Step::DirSynced);
    Ok(())
}

/// Make a directory's entries (a new name) durable.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Elsewhere a directory cannot be opened to sync; the rename is as durable as it gets.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Messages kept in memory, for tests. Clones share the same list.
#[derive(Debug, Clone, Default)]
pub struct MemoryTransport {
    sent: Arc<Mutex<Vec<Message>>>,
}

impl MemoryTransport {
    pub fn new() -> MemoryTransport {
        MemoryTransport::default()
    }

    /// Every message sent so far, oldest first.
    pub fn messages(&self) -> Vec<Message> {
        self.sent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Every message sent so far, emptying the list.
    pub fn take(&self) -> Vec<Message> {
        std::mem::take(&mut *self.sent.lock().unwrap_or_else(PoisonError::into_inner))
    }

    fn push(&self, message: Message) {
        self.sent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(message);
    }
}

impl From<MemoryTransport> for Transport {
    fn from(memory: MemoryTransport) -> Transport {
        Transport::Memory(memory)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    fn age(path: &Path, by: Duration) {
        let file = std::fs::File::options()
            .write(true)
            .open(path)
            .expect("open");
        file.set_modified(SystemTime::now() - by)
            .expect("set mtime");
    }

    #[test]
    fn stale_part_files_are_removed_and_fresh_ones_and_mail_are_kept() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let stale = dir
            .path()
            .join(".20250117T133000.123456Z-4242-000007-outbox-42.eml.part");
        let fresh = dir
            .path()
            .join(".20250117T133001.000000Z-4343-000001-outbox-43.eml.part");
        let mail = dir
            .path()
            .join("20250117T133000.000000Z-4242-000006-outbox-41.eml");
        let old_mail_named_part = dir.path().join("notes.part");
        for path in [&stale, &fresh, &mail, &old_mail_named_part] {
            std::fs::write(path, b"x").expect("write");
        }
        for path in [&stale, &mail, &old_mail_named_part] {
            age(path, Duration::from_secs(3600));
        }
        let transport = FileTransport::new(dir.path());
        let removed = transport.clean_stale_parts(STALE_PART_AGE);
        assert_eq!(removed, vec![stale.clone()]);
        assert!(!stale.exists(), "the killed writer's leftover is gone");
        assert!(fresh.exists(), "a writer may be writing this one now");
        assert!(mail.exists(), "a delivered mail stays");
        assert!(
            old_mail_named_part.exists(),
            "only our own hidden .part files"
        );
    }

    #[test]
    fn a_missing_mail_directory_has_nothing_to_clean() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let transport = FileTransport::new(dir.path().join("not-yet"));
        assert!(transport.clean_stale_parts(Duration::ZERO).is_empty());
    }

    #[test]
    fn the_file_transport_cleans_stale_parts_when_it_is_set_up() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let settings = MailSettings::local(dir.path());
        std::fs::create_dir_all(&settings.file_dir).expect("mkdir");
        let stale = settings
            .file_dir
            .join(".20250117T133000.123456Z-4242-000007-outbox-42.eml.part");
        std::fs::write(&stale, b"half a mess").expect("write");
        age(&stale, STALE_PART_AGE + Duration::from_secs(1));
        let transport = Transport::from_settings(&settings).expect("file");
        assert_eq!(transport.kind(), "file");
        assert!(!stale.exists());
    }

    #[test]
    fn a_file_is_synced_before_its_rename_and_the_directory_after() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let sub = dir.path().join("mail");
        let temp = sub.join(".m.eml.part");
        let target = sub.join("m.eml");
        let mut steps = Vec::new();
        write_durably(
            &sub,
            &temp,
            &target,
            b"Subject: hi\r\n\r\nhi\r\n",
            &mut |s| steps.push(s),
        )
        .expect("written");
        assert_eq!(
            steps,
            [
                Step::Written,
                Step::FileSynced,
                Step::Renamed,
                Step::DirSynced
            ]
        );
        assert_eq!(
            std::fs::read(&target).expect("there"),
            b"Subject: hi\r\n\r\nhi\r\n"
        );
        assert!(!temp.exists());
    }
}
