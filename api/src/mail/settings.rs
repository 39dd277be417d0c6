//! Mail settings: where mail goes and who it is from.
//!
//! `config.rs` owns reading them (file keys, environment variables, flags); this file owns
//! their meaning and their defaults. The enums parse from the words a settings file or an
//! environment variable holds (`smtp`, `file`; `starttls`, `tls`, `none`).

use super::MailError;
use crate::secret::Secret;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Which transport delivers mail. The in-memory transport is for tests and is built in
/// code, never chosen by configuration: a server that keeps mail in memory loses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TransportKind {
    /// Send through an SMTP server.
    Smtp,
    /// Write each message as an `.eml` file (the default: a local run needs no mail server).
    #[default]
    File,
}

impl FromStr for TransportKind {
    type Err = MailError;
    fn from_str(s: &str) -> Result<Self, MailError> {
        match s.to_ascii_lowercase().as_str() {
            "smtp" => Ok(TransportKind::Smtp),
            "file" => Ok(TransportKind::File),
            other => Err(MailError::Settings(format!(
                "unknown mail transport `{other}` (expected `smtp` or `file`)"
            ))),
        }
    }
}

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmtpSecurity {
    /// Plain connection upgraded with STARTTLS, which must succeed (port 587).
    #[default]
    Starttls,
    /// TLS from the first byte, "SMTPS" (port 465).
    Tls,
    /// No encryption (port 25): only for a relay on the same machine or in tests.
    None,
}

impl SmtpSecurity {
    /// The port this kind of connection usually uses.
    pub fn default_port(self) -> u16 {
        match self {
            SmtpSecurity::Starttls => 587,
            SmtpSecurity::Tls => 465,
            SmtpSecurity::None => 25,
        }
    }
}

impl FromStr for SmtpSecurity {
    type Err = MailError;
    fn from_str(s: &str) -> Result<Self, MailError> {
        match s.to_ascii_lowercase().as_str() {
            "starttls" => Ok(SmtpSecurity::Starttls),
            "tls" => Ok(SmtpSecurity::Tls),
            "none" => Ok(SmtpSecurity::None),
            other => Err(MailError::Settings(format!(
                "unknown SMTP security `{other}` (expected `starttls`, `tls` or `none`)"
            ))),
        }
    }
}

/// The SMTP server to send through.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    pub host: String,
    /// `None`: [`SmtpSecurity::default_port`].
    pub port: Option<u16>,
    pub security: SmtpSecurity,
    /// Log in with these when both are given.
    pub user: Option<String>,
    pub password: Option<Secret>,
    /// Give up on a connection or a reply after this many seconds.
    pub timeout_seconds: u64,
}

impl SmtpSettings {
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(self.security.default_port())
    }
}

impl Default for SmtpSettings {
    fn default() -> SmtpSettings {
        SmtpSettings {
            host: "localhost".to_string(),
            port: None,
            security: SmtpSecurity::default(),
            user: None,
            password: None,
            timeout_seconds: 30,
        }
    }
}

impl fmt::Debug for SmtpSettings {
    /// Without the password (the user name is shown: it says which account is used).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port())
            .field("security", &self.security)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "…"))
            .field("timeout_seconds", &self.timeout_seconds)
            .finish()
    }
}

/// Everything about sending mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    pub transport: TransportKind,
    /// The sender of every message, e.g. `Hermes <hermes@example.org>`.
    pub from: String,
    /// Where the file transport writes `.eml` files (created if missing).
    pub file_dir: PathBuf,
    /// Used when `transport` is [`TransportKind::Smtp`].
    pub smtp: SmtpSettings,
}

impl MailSettings {
    /// The settings of a local run: `.eml` files in `DATA_DIR/mail`, from
    /// `Hermes <hermes@localhost>`.
    pub fn local(data_dir: &Path) -> MailSettings {
        MailSettings {
            transport: TransportKind::File,
            from: "Hermes <hermes@localhost>".to_string(),
            file_dir: data_dir.join("mail"),
            smtp: SmtpSettings::default(),
        }
    }

    /// Check what can be checked before the first mail: the sender parses, an SMTP host is
    /// named, a user comes with a password.
    pub fn validate(&self) -> Result<(), MailError> {
        self.from
            .parse::<lettre::message::Mailbox>()
            .map_err(|e| MailError::Settings(format!("`from` is not a mail address: {e}")))?;
        if self.transport == TransportKind::Smtp {
            if self.smtp.host.trim().is_empty() {
                return Err(MailError::Settings("the SMTP host is empty".into()));
            }
            if self.smtp.user.is_some() != self.smtp.password.is_some() {
                return Err(MailError::Settings(
                    "an SMTP user needs a password, and a password a user".into(),
                ));
            }
            if self.smtp.port == Some(0) {
                return Err(MailError::Settings("the SMTP port is 0".into()));
            }
        }
        if self.transport == TransportKind::File && self.file_dir.as_os_str().is_empty() {
            return Err(MailError::Settings("the mail directory is empty".into()));
        }
        Ok(())
    }
}
