//! Delivery: SMTP, `.eml` files, or memory.
//!
//! [`Transport::send`] either hands the whole message over (SMTP server accepted it, file
//! renamed into place, message stored) or fails; it never retries. The outbox worker
//! retries, and [`MailError::is_permanent`] tells it when not to.

use super::settings::{MailSettings, SmtpSecurity, SmtpSettings, TransportKind};
use super::{MailError, Message};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
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
            TransportKind::File => Transport::File(FileTransport::new(&settings.file_dir)),
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
            Transport::Smtp(smtp) => {
                smtp.inner.send(email).await?;
            }
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

/// An SMTP server, over rustls. One connection per message: no pool, so the transport is
/// not tied to the tokio runtime it was built in, and can be built outside one.
#[derive(Clone)]
pub struct SmtpTransport {
    inner: AsyncSmtpTransport<Tokio1Executor>,
    server: String,
}

impl SmtpTransport {
    /// Connects lazily: a wrong host or password shows up at the first send.
    pub fn new(settings: &SmtpSettings) -> Result<SmtpTransport, MailError> {
        let host = settings.host.as_str();
        let builder = match settings.security {
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)?,
            SmtpSecurity::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)?,
            SmtpSecurity::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        };
        let mut builder = builder
            .port(settings.port())
            .timeout(Some(Duration::from_secs(settings.timeout_seconds.max(1))));
        if let (Some(user), Some(password)) = (&settings.user, &settings.password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.0.clone()));
        }
        Ok(SmtpTransport {
            inner: builder.build(),
            server: format!("{host}:{}", settings.port()),
        })
    }
}

impl fmt::Debug for SmtpTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpTransport")
            .field("server", &self.server)
            .finish_non_exhaustive()
    }
}

/// One `.eml` file per message in a directory, named
/// `{UTC time}-{process id}-{counter}-{Message-ID's left part}.eml`, e.g.
/// `20250117T133000.123456Z-4242-000007-outbox-42.eml`: names sort by the time of sending
/// and never collide. A file appears whole (written beside, synced, then renamed), so a
/// reader never sees half a message.
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
        let written = tokio::task::spawn_blocking(move || -> std::io::Result<()> {
            use std::io::Write;
            std::fs::create_dir_all(&dir)?;
            let mut file = std::fs::File::create(&temp)?;
            file.write_all(&eml)?;
            file.sync_all()?;
            std::fs::rename(&temp, &target)
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
