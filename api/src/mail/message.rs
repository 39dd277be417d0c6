//! A rendered message, what it is rendered from, and its MIME form.
//!
//! The MIME layout: `multipart/alternative` of the text and the HTML body; when the HTML
//! shows pictures (`cid:` links), the HTML and the pictures sit together in a
//! `multipart/related`; other attachments wrap all of it in a `multipart/mixed`.
//!
//! `Debug` of [`Context`] and [`Message`] leaves out the bodies and the unsubscribe link:
//! they hold tokens, which must never reach a log.

use super::templates::one_line;
use super::MailError;
use crate::board::dreams::{dreams_png, dreams_reveal_png, DreamsStyle};
use crate::board::{board_png, board_svg, BoardStyle};
use chrono::{DateTime, Utc};
use games::gods::view::GodsView;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use std::fmt;

/// The Content-ID of the board picture in a your-turn mail: `<img src="cid:board">`.
pub const BOARD_CID: &str = "board";

/// The Message-ID of the mail sent for outbox row `id`: `<outbox-{id}@{domain}>`, with
/// `domain` the host of the service's public URL. The same row always gives the same id,
/// so a mail sent again after a crash is recognisable as the same mail.
pub fn outbox_message_id(id: impl fmt::Display, domain: &str) -> String {
    let domain = if domain.is_empty() {
        "localhost"
    } else {
        domain
    };
    format!("<outbox-{id}@{domain}>")
}

/// Who a message goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub address: String,
    /// The display name: in the `To` header and the greeting. Untrusted user text.
    pub name: String,
}

impl Recipient {
    pub fn new(address: impl Into<String>, name: impl Into<String>) -> Recipient {
        Recipient {
            address: address.into(),
            name: name.into(),
        }
    }
}

/// A file that travels with a message.
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    /// A MIME type, e.g. `image/png`.
    pub content_type: String,
    /// `Some(id)`: shown inside the HTML body as `cid:{id}`; `None`: an ordinary
    /// attachment.
    pub content_id: Option<String>,
    pub bytes: Vec<u8>,
}

impl Attachment {
    /// A picture the HTML body shows as `<img src="cid:{content_id}">`.
    pub fn inline(
        content_id: impl Into<String>,
        filename: impl Into<String>,
        content_type: impl Into<String>,
        bytes: Vec<u8>,
    ) -> Attachment {
        Attachment {
            filename: filename.into(),
            content_type: content_type.into(),
            content_id: Some(content_id.into()),
            bytes,
        }
    }

    /// An ordinary attachment.
    pub fn file(
        filename: impl Into<String>,
        content_type: impl Into<String>,
        bytes: Vec<u8>,
    ) -> Attachment {
        Attachment {
            filename: filename.into(),
            content_type: content_type.into(),
            content_id: None,
            bytes,
        }
    }
}

impl fmt::Debug for Attachment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Attachment")
            .field("filename", &self.filename)
            .field("content_type", &self.content_type)
            .field("content_id", &self.content_id)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// The board of a your-turn mail as an inline PNG ([`BOARD_CID`]). `view` is the game as
/// the recipient sees it; `style` names the gods (and may give a title).
pub fn board_attachment(view: &GodsView, style: &BoardStyle) -> Result<Attachment, MailError> {
    let png = board_png(&board_svg(view, style))?;
    Ok(Attachment::inline(BOARD_CID, "board.png", "image/png", png))
}

/// A Dreams picture as the inline PNG of a mail ([`BOARD_CID`]): the table now (`board.png`,
/// `view` as the reader's seat sees it) or, with `reveal`, the last revealed round
/// (`reveal.png`). `style` names the players and holds a custom deck's card pictures.
pub fn dreams_attachment(
    view: &serde_json::Value,
    style: &DreamsStyle,
    reveal: bool,
) -> Result<Attachment, MailError> {
    Ok(if reveal {
        Attachment::inline(
            BOARD_CID,
            "reveal.png",
            "image/png",
            dreams_reveal_png(view, style)?,
        )
    } else {
        Attachment::inline(
            BOARD_CID,
            "board.png",
            "image/png",
            dreams_png(view, style)?,
        )
    })
}

/// Where a reply to a mail goes, and the one line that says how to write it (a your-turn
/// mail: the signed reply address of `crate::inbound::token`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyTo {
    pub address: String,
    /// E.g. ``Reply with your turn, e.g. `tribe 1 at 2,-1; temple at 1,0`.``
    pub hint: String,
}

/// Everything [`render`](super::render) needs besides the template.
#[derive(Clone)]
pub struct Context {
    pub lang: super::Lang,
    /// The sender, e.g. `Hermes <hermes@example.org>` (the `from` setting).
    pub from: String,
    pub to: Recipient,
    /// Stable per outbox row: see [`outbox_message_id`].
    pub message_id: String,
    /// `Some("<game-{id}@{domain}>")`: sent as `References` and `In-Reply-To`, so mail
    /// clients group the mails of one game into one thread.
    pub thread: Option<String>,
    /// The full one-click unsubscribe link, token included. It goes into the
    /// `List-Unsubscribe` header and into the body of every message.
    pub unsubscribe_url: String,
    /// The `Date` header; `None` is the time of sending. The outbox row's creation time
    /// says when the thing the mail reports happened.
    pub date: Option<DateTime<Utc>>,
    /// The template's variables: one of the `data` structs as JSON (the outbox stores it
    /// as text).
    pub data: serde_json::Value,
    pub attachments: Vec<Attachment>,
    /// `Reply-To` and the "how to answer" line (`reply_hint` in the layout), if replies
    /// are read.
    pub reply: Option<ReplyTo>,
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context")
            .field("lang", &self.lang)
            .field("to", &self.to.address)
            .field("message_id", &self.message_id)
            .field("attachments", &self.attachments)
            .finish_non_exhaustive()
    }
}

/// A rendered message, ready for a [`Transport`](super::Transport).
#[derive(Clone, PartialEq)]
pub struct Message {
    pub from: String,
    pub to: Recipient,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub attachments: Vec<Attachment>,
    /// Headers beyond From/To/Subject/Date and the MIME ones, in order: `Message-ID`,
    /// `List-Unsubscribe`, `List-Unsubscribe-Post`, `Auto-Submitted`, `Reply-To` if
    /// replies are read, and the thread's `In-Reply-To`/`References` if any.
    pub headers: Vec<(String, String)>,
    pub date: Option<DateTime<Utc>>,
}

impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Message")
            .field("to", &self.to.address)
            .field("subject", &self.subject)
            .field("message_id", &self.message_id())
            .field("attachments", &self.attachments)
            .finish_non_exhaustive()
    }
}

impl Message {
    /// Assemble a rendered message: check the addresses and ids, set the headers.
    pub(crate) fn new(
        ctx: &Context,
        subject: String,
        text: String,
        html: String,
    ) -> Result<Message, MailError> {
        mailbox("from", &ctx.from, None)?;
        mailbox("to", &ctx.to.address, Some(&ctx.to.name))?;
        check_msg_id("message_id", &ctx.message_id)?;
        let url = &ctx.unsubscribe_url;
        let url_ok = (url.starts_with("https://") || url.starts_with("http://"))
            && !url
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | '"'));
        if !url_ok {
            return Err(MailError::Header {
                name: "List-Unsubscribe".into(),
                message: "the unsubscribe link is not an http(s) URL".into(),
            });
        }
        let mut headers = vec![
            ("Message-ID".to_string(), ctx.message_id.clone()),
            ("List-Unsubscribe".to_string(), format!("<{url}>")),
            (
                "List-Unsubscribe-Post".to_string(),
                "List-Unsubscribe=One-Click".to_string(),
            ),
            // RFC 3834: no vacation auto-replies to the service.
            ("Auto-Submitted".to_string(), "auto-generated".to_string()),
        ];
        if let Some(reply) = &ctx.reply {
            mailbox("reply_to", &reply.address, None)?;
            headers.push(("Reply-To".to_string(), reply.address.clone()));
        }
        if let Some(thread) = &ctx.thread {
            check_msg_id("thread", thread)?;
            headers.push(("In-Reply-To".to_string(), thread.clone()));
            headers.push(("References".to_string(), thread.clone()));
        }
        Ok(Message {
            from: ctx.from.clone(),
            to: ctx.to.clone(),
            subject,
            text,
            html,
            attachments: ctx.attachments.clone(),
            headers,
            date: ctx.date,
        })
    }

    /// The first header called `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn message_id(&self) -> Option<&str> {
        self.header("Message-ID")
    }

    /// The message as lettre builds it (its envelope: `from` → `to`).
    pub fn to_lettre(&self) -> Result<lettre::Message, MailError> {
        let mut builder = lettre::Message::builder()
            .from(mailbox("from", &self.from, None)?)
            .to(mailbox("to", &self.to.address, Some(&self.to.name))?)
            .subject(self.subject.clone());
        if let Some(date) = self.date {
            builder = builder.date(date.into());
        }
        for (name, value) in &self.headers {
            if name.eq_ignore_ascii_case("Message-ID") {
                builder = builder.message_id(Some(value.clone()));
                continue;
            }
            let header_name =
                HeaderName::new_from_ascii(name.clone()).map_err(|e| MailError::Header {
                    name: name.clone(),
                    message: e.to_string(),
                })?;
            builder = builder.raw_header(HeaderValue::new(header_name, one_line(value).into()));
        }

        let text = SinglePart::plain(self.text.clone());
        let html = SinglePart::html(self.html.clone());
        let mut inline = Vec::new();
        let mut files = Vec::new();
        for a in &self.attachments {
            let content_type =
                ContentType::parse(&a.content_type).map_err(|e| MailError::Header {
                    name: "Content-Type".into(),
                    message: format!("{}: {e}", a.content_type),
                })?;
            let filename = one_line(&a.filename).into_owned();
            match &a.content_id {
                Some(id) => inline.push(
                    lettre::message::Attachment::new_inline_with_name(id.clone(), filename)
                        .body(a.bytes.clone(), content_type),
                ),
                None => files.push(
                    lettre::message::Attachment::new(filename).body(a.bytes.clone(), content_type),
                ),
            }
        }
        let alternative = MultiPart::alternative().singlepart(text);
        let alternative = if inline.is_empty() {
            alternative.singlepart(html)
        } else {
            let related = inline
                .into_iter()
                .fold(MultiPart::related().singlepart(html), |r, part| {
                    r.singlepart(part)
                });
            alternative.multipart(related)
        };
        let body = if files.is_empty() {
            alternative
        } else {
            files
                .into_iter()
                .fold(MultiPart::mixed().multipart(alternative), |m, part| {
                    m.singlepart(part)
                })
        };
        Ok(builder.multipart(body)?)
    }

    /// The message as RFC 5322 bytes, as it goes over SMTP or into an `.eml` file.
    pub fn to_eml(&self) -> Result<Vec<u8>, MailError> {
        Ok(self.to_lettre()?.formatted())
    }
}

/// Parse an address (with an optional display name, flattened to one line).
fn mailbox(field: &'static str, address: &str, name: Option<&str>) -> Result<Mailbox, MailError> {
    let bad = |e: &dyn fmt::Display| MailError::Address {
        field,
        message: e.to_string(),
    };
    match name {
        None => address.parse::<Mailbox>().map_err(|e| bad(&e)),
        Some(name) => {
            let address = address.parse().map_err(|e| bad(&e))?;
            let name = one_line(name).trim().to_string();
            Ok(Mailbox::new((!name.is_empty()).then_some(name), address))
        }
    }
}

/// `<left@right>` with nothing that could break a header.
fn check_msg_id(field: &str, id: &str) -> Result<(), MailError> {
    let inner = id.strip_prefix('<').and_then(|s| s.strip_suffix('>'));
    let ok = inner.is_some_and(|s| {
        s.split_once('@')
            .is_some_and(|(l, r)| !l.is_empty() && !r.is_empty())
            && s.chars()
                .all(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>'))
    });
    if ok {
        Ok(())
    } else {
        Err(MailError::Header {
            name: field.to_string(),
            message: "not of the form <left@right>".into(),
        })
    }
}
