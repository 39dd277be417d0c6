//! Mail: the messages the service sends, rendered from template files, and the transports
//! that deliver them.
//!
//! Owns: the template sets under `templates/mail/` (embedded in the binary at build time,
//! so it runs from any directory), strict rendering ([`render`]: a variable a template
//! uses but the data lacks is an error, and so is data a template does not expect), HTML
//! escaping of everything that goes into `body.html`, the one-click unsubscribe headers
//! (RFC 8058), the MIME layout of a message, and delivery ([`Transport`]: SMTP, `.eml`
//! files, memory).
//! Must not: read the database, decide who gets mail or when, retry, or mint tokens. The
//! outbox worker hands in a [`Context`] (recipient, the outbox row's Message-ID, the
//! unsubscribe and action links with their tokens already in them, the template's data)
//! and gets a [`Message`] back, which it passes to [`Transport::send`]; retrying with
//! backoff and marking the row sent are the worker's job. Nothing here reads the clock
//! except the file transport, for its file names.
//!
//! # Templates and languages
//! Each message is a folder with `subject.txt`, `body.txt` and `body.html`; `_layout/`
//! holds the frame every message shares (greeting, footer, unsubscribe link). One tree
//! serves every language: its words are messages of the catalogues (`crate::i18n`),
//! rendered in the recipient's [`Lang`] (`Context::lang`). Words the service writes itself
//! (what a turn did, in [`words`]) take the [`Lang`] too, and are English for now.
//!
//! # The outbox worker, in short
//! ```text
//! let template = Template::from_name(&row.template)?;          // stored by name
//! let data: serde_json::Value = serde_json::from_str(&row.data)?; // a data::* struct, as JSON
//! let context = Context {
//!     lang, from: settings.from.clone(),
//!     to: Recipient::new(row.to, display_name),
//!     message_id: outbox_message_id(row.id, &host),            // stable across retries
//!     unsubscribe_url,                                         // with a purpose-scoped token
//!     date: Some(row.created_at),
//!     data,
//!     attachments: vec![board_attachment(&view, &style)?],     // your_turn only
//! };
//! transport.send(&render(template, &context)?).await            // Err: retry unless is_permanent()
//! ```

pub mod authres;
mod data;
mod dreams;
mod message;
pub mod reader;
mod settings;
mod templates;
mod transport;
pub mod words;

#[cfg(test)]
mod tests;

pub use data::{
    Deadline, Digest, DigestGame, GameDeleted, GameOver, GodsYourTurn, Invitation, MailData,
    PasswordReset, PastTurn, PlayedTurn, RegisterAttempt, Rematch, Reminder, ReplyAnswer, Score,
    StandIn, Talk, TalkLine, TalkLines, Timeout, TimeoutPolicy, Welcome, YourTurn,
};
pub use dreams::{
    DreamsGuess, DreamsRevealed, DreamsStars, DreamsTurnMail, DreamsYourTurn, RevealedSeat,
    RoundReveal, SeatScore, StarLine,
};
pub use message::{
    board_attachment, dreams_attachment, outbox_message_id, Attachment, Context, Message,
    Recipient, ReplyTo, BOARD_CID,
};
pub use settings::{MailSettings, SmtpSecurity, SmtpSettings, TransportKind};
pub use templates::{render, Lang, Template};
pub use transport::{
    FileTransport, MemoryTransport, SmtpTransport, Transport, SMTP_CONNECTIONS, SMTP_IDLE,
};

use std::path::PathBuf;

/// Why a message could not be rendered or delivered.
///
/// [`MailError::is_permanent`] tells the outbox worker whether trying again can help. No
/// variant carries a body, a link or a password: error text is safe to log.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("unknown mail template `{0}`")]
    UnknownTemplate(String),
    #[error("the data for mail template `{template}` does not fit it: {message}")]
    Data {
        template: &'static str,
        message: String,
    },
    #[error("mail template `{template}` failed to render: {source}")]
    Render {
        template: String,
        #[source]
        source: minijinja::Error,
    },
    #[error("mail template `{template}` needs the inline attachment `{content_id}`")]
    MissingAttachment {
        template: &'static str,
        content_id: &'static str,
    },
    #[error("invalid mail address in `{field}`: {message}")]
    Address {
        field: &'static str,
        message: String,
    },
    #[error("invalid mail header `{name}`: {message}")]
    Header { name: String, message: String },
    #[error("cannot build the message: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("cannot draw the board for the mail: {0}")]
    Board(#[from] crate::board::PngError),
    #[error("SMTP delivery failed: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("cannot write mail to {path}: {source}")]
    File {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("mail settings: {0}")]
    Settings(String),
}

impl MailError {
    /// Would sending the same message again fail the same way? Rendering, data, address
    /// and settings errors are permanent, and so is an SMTP 5xx reply; a connection
    /// failure, a timeout, a 4xx reply or a full disk may pass.
    pub fn is_permanent(&self) -> bool {
        match self {
            MailError::Smtp(e) => e.is_permanent(),
            MailError::File { .. } => false,
            MailError::UnknownTemplate(_)
            | MailError::Data { .. }
            | MailError::Render { .. }
            | MailError::MissingAttachment { .. }
            | MailError::Address { .. }
            | MailError::Header { .. }
            | MailError::Build(_)
            | MailError::Board(_)
            | MailError::Settings(_) => true,
        }
    }
}
