//! The template sets, embedded in the binary, and strict rendering.
//!
//! One tree serves every language: a file is named by its path (`your_turn/body.html`,
//! `{% extends "_layout/base.html" %}`), and its words are catalogue messages,
//! `{{ t("mail-your-turn-subject", game=game_name) }}`, rendered in the reader's language
//! (the `lang` variable every message gets; `crate::i18n`). `body.html` is HTML-escaped (by its extension), the `.txt` files are not;
//! in both, every value a template prints is first flattened to one line with control and
//! bidirectional-override characters replaced by spaces, so a display name cannot start a
//! new line, forge a paragraph or reorder the text around it. The HTML escaping is of
//! `& < > " '` (what matters in text and in quoted attributes); templates quote every
//! attribute with `"`.

use super::data::{
    Digest, GameDeleted, GameOver, Invitation, MailData, PasswordReset, RegisterAttempt, Rematch,
    Reminder, ReplyAnswer, StandIn, Talk, Timeout, Welcome, YourTurn,
};
use super::dreams::{DreamsGuess, DreamsRevealed, DreamsStars};
use super::message::{Context, Message};
use super::MailError;
use minijinja::value::{Serde, Value};
use minijinja::{escape_formatter, AutoEscape, Environment, ErrorKind, UndefinedBehavior};
use std::sync::OnceLock;

pub use crate::i18n::Lang;

/// Embed the files of `templates/mail/`. `include_str!` makes a missing file a build error
/// and rebuilds the crate when a template changes.
macro_rules! embed {
    ($($path:literal),* $(,)?) => {
        &[$((
            $path,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../templates/mail/", $path)),
        )),*]
    };
}

/// The one template tree: every language renders it, its words from the catalogues
/// (`crate::i18n`).
static FILES: &[(&str, &str)] = embed!(
    "_layout/base.txt",
    "_layout/base.html",
    "welcome/subject.txt",
    "welcome/body.txt",
    "welcome/body.html",
    "register_attempt/subject.txt",
    "register_attempt/body.txt",
    "register_attempt/body.html",
    "password_reset/subject.txt",
    "password_reset/body.txt",
    "password_reset/body.html",
    "invitation/subject.txt",
    "invitation/body.txt",
    "invitation/body.html",
    "game_deleted/subject.txt",
    "game_deleted/body.txt",
    "game_deleted/body.html",
    "your_turn/subject.txt",
    "your_turn/body.txt",
    "your_turn/body.html",
    "reminder/subject.txt",
    "reminder/body.txt",
    "reminder/body.html",
    "timeout/subject.txt",
    "timeout/body.txt",
    "timeout/body.html",
    "stand_in/subject.txt",
    "stand_in/body.txt",
    "stand_in/body.html",
    "game_over/subject.txt",
    "game_over/body.txt",
    "game_over/body.html",
    "digest/subject.txt",
    "digest/body.txt",
    "digest/body.html",
    "dreams_stars/subject.txt",
    "dreams_stars/body.txt",
    "dreams_stars/body.html",
    "dreams_guess/subject.txt",
    "dreams_guess/body.txt",
    "dreams_guess/body.html",
    "dreams_reveal/subject.txt",
    "dreams_reveal/body.txt",
    "dreams_reveal/body.html",
    "reply_answer/subject.txt",
    "reply_answer/body.txt",
    "reply_answer/body.html",
    "talk/subject.txt",
    "talk/body.txt",
    "talk/body.html",
    "rematch/subject.txt",
    "rematch/body.txt",
    "rematch/body.html",
    "_talk/lines.txt",
    "_talk/lines.html",
    "_dreams/table.txt",
    "_dreams/table.html",
    "_dreams/reveal.txt",
    "_dreams/reveal.html",
    "_queue/dropped.txt",
    "_queue/dropped.html",
);

/// The messages the service sends. The outbox stores one by [`Template::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Template {
    /// A new account: verify the address.
    Welcome,
    /// Someone tried to register an address that already has an account.
    RegisterAttempt,
    /// Someone asked for a new password: the link sets one (once, within the hour).
    PasswordReset,
    /// Someone invited the reader to a game: join link.
    Invitation,
    /// The creator deleted a game the reader had joined, before it started.
    GameDeleted,
    /// The reader's turn: what happened, the board (inline PNG), the deadline, the link.
    YourTurn,
    /// The deadline is near.
    Reminder,
    /// A deadline passed and the game's timeout policy was applied.
    Timeout,
    /// A stand-in bot took a seat whose time ran out, or its player took it back.
    StandIn,
    /// Scores, winners, the revealed seed, the replay link.
    GameOver,
    /// Once a day, for readers who chose it: the games waiting for them, with deadlines.
    Digest,
    /// Dreams: the reader places a star (the outbox row is a `your_turn`; the worker
    /// renders it with this template when the game is Dreams and in its stars phase).
    DreamsStars,
    /// Dreams: every star is placed, time to guess (a `your_turn` row, as above).
    DreamsGuess,
    /// Dreams: a round revealed — vision, mortal, guesses, points, seals.
    DreamsReveal,
    ReplyAnswer,
    /// Table talk, for a reader who asked for it as it is posted (batched).
    Talk,
    /// A player proposed a rematch of a finished game: accept by a click or a reply.
    Rematch,
}

impl Template {
    pub const ALL: [Template; 17] = [
        Template::Welcome,
        Template::RegisterAttempt,
        Template::PasswordReset,
        Template::Invitation,
        Template::GameDeleted,
        Template::YourTurn,
        Template::Reminder,
        Template::Timeout,
        Template::StandIn,
        Template::GameOver,
        Template::Digest,
        Template::DreamsStars,
        Template::DreamsGuess,
        Template::DreamsReveal,
        Template::ReplyAnswer,
        Template::Talk,
        Template::Rematch,
    ];

    /// The folder name under `templates/mail/`, and the name the outbox stores.
    pub fn name(self) -> &'static str {
        match self {
            Template::Welcome => "welcome",
            Template::RegisterAttempt => "register_attempt",
            Template::PasswordReset => "password_reset",
            Template::Invitation => "invitation",
            Template::GameDeleted => "game_deleted",
            Template::YourTurn => "your_turn",
            Template::Reminder => "reminder",
            Template::Timeout => "timeout",
            Template::StandIn => "stand_in",
            Template::GameOver => "game_over",
            Template::Digest => "digest",
            Template::DreamsStars => "dreams_stars",
            Template::DreamsGuess => "dreams_guess",
            Template::DreamsReveal => "dreams_reveal",
            Template::ReplyAnswer => "reply_answer",
            Template::Talk => "talk",
            Template::Rematch => "rematch",
        }
    }

    pub fn from_name(name: &str) -> Result<Template, MailError> {
        Template::ALL
            .into_iter()
            .find(|t| t.name() == name)
            .ok_or_else(|| MailError::UnknownTemplate(name.to_string()))
    }

    /// The inline attachments (by Content-ID) the HTML body shows.
    pub fn inline_attachments(self) -> &'static [&'static str] {
        match self {
            Template::YourTurn
            | Template::DreamsStars
            | Template::DreamsGuess
            | Template::DreamsReveal => &[super::message::BOARD_CID],
            _ => &[],
        }
    }

    /// Does `data` hold exactly the fields of this template's data type? A missing field,
    /// an unexpected one or a wrong type is an error before anything is rendered.
    fn check(self, data: &serde_json::Value) -> Result<(), MailError> {
        fn fits<T: MailData>(data: &serde_json::Value) -> Result<(), MailError> {
            let error = |message: String| MailError::Data {
                template: T::TEMPLATE.name(),
                message,
            };
            let typed =
                <T as serde::Deserialize>::deserialize(data).map_err(|e| error(e.to_string()))?;
            // serde takes a missing `Option` field for `None`; here it is missing.
            if typed.to_data()? != *data {
                return Err(error(
                    "a field is missing (every field must be given, `null` for none)".into(),
                ));
            }
            Ok(())
        }
        match self {
            Template::Welcome => fits::<Welcome>(data),
            Template::RegisterAttempt => fits::<RegisterAttempt>(data),
            Template::PasswordReset => fits::<PasswordReset>(data),
            Template::Invitation => fits::<Invitation>(data),
            Template::GameDeleted => fits::<GameDeleted>(data),
            Template::YourTurn => fits::<YourTurn>(data),
            Template::Reminder => fits::<Reminder>(data),
            Template::Timeout => fits::<Timeout>(data),
            Template::StandIn => fits::<StandIn>(data),
            Template::GameOver => fits::<GameOver>(data),
            Template::Digest => fits::<Digest>(data),
            Template::DreamsStars => fits::<DreamsStars>(data),
            Template::DreamsGuess => fits::<DreamsGuess>(data),
            Template::DreamsReveal => fits::<DreamsRevealed>(data),
            Template::ReplyAnswer => fits::<ReplyAnswer>(data),
            Template::Talk => fits::<Talk>(data),
            Template::Rematch => fits::<Rematch>(data),
        }
    }
}

/// Variables every template gets besides its data.
const COMMON: [&str; 4] = ["recipient_name", "unsubscribe_url", "reply_hint", "lang"];

/// Render `template` for `ctx`: subject, text and HTML, with the headers every message
/// carries (Message-ID, one-click unsubscribe, `Auto-Submitted`).
///
/// Fails when the data does not fit the template, a template uses a variable that is not
/// there, or an inline attachment the HTML shows (the board of `your_turn`) is missing.
pub fn render(template: Template, ctx: &Context) -> Result<Message, MailError> {
    template.check(&ctx.data)?;
    for &content_id in template.inline_attachments() {
        if !ctx
            .attachments
            .iter()
            .any(|a| a.content_id.as_deref() == Some(content_id))
        {
            return Err(MailError::MissingAttachment {
                template: template.name(),
                content_id,
            });
        }
    }
    let mut vars = match &ctx.data {
        serde_json::Value::Object(map) => map.clone(),
        _ => {
            return Err(MailError::Data {
                template: template.name(),
                message: "the data is not a JSON object".to_string(),
            })
        }
    };
    if let Some(key) = COMMON.iter().find(|key| vars.contains_key(**key)) {
        return Err(MailError::Data {
            template: template.name(),
            message: format!("`{key}` is set by the mail module, not by the data"),
        });
    }
    vars.insert("lang".into(), ctx.lang.code().into());
    vars.insert("recipient_name".into(), ctx.to.name.clone().into());
    vars.insert("unsubscribe_url".into(), ctx.unsubscribe_url.clone().into());
    vars.insert(
        "reply_hint".into(),
        ctx.reply
            .as_ref()
            .map_or(serde_json::Value::Null, |r| r.hint.clone().into()),
    );
    let vars = Value::from(Serde(&vars));

    let env = environment();
    let render_file = |file: &str| -> Result<String, MailError> {
        let name = format!("{}/{}", template.name(), file);
        env.get_template(&name)
            .and_then(|t| t.render(&vars))
            .map_err(|source| MailError::Render {
                template: name,
                source,
            })
    };
    let subject = one_line(&render_file("subject.txt")?)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut text = render_file("body.txt")?;
    let mut html = render_file("body.html")?;
    for body in [&mut text, &mut html] {
        if !body.ends_with('\n') {
            body.push('\n');
        }
    }
    Message::new(ctx, subject, text, html)
}

/// The environment with every language's templates, built once.
pub(super) fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        // Block tags on their own line leave no blank line behind.
        if let Ok(syntax) = minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .build()
        {
            env.set_syntax(syntax);
        }
        env.set_loader(|name| {
            Ok(FILES
                .iter()
                .find(|(path, _)| *path == name)
                .map(|(_, source)| *source))
        });
        crate::i18n::register(&mut env);
        helpers(&mut env);
        env.set_formatter(|out, state, value| {
            // Undefined (an error: strict), none, and what a template marked safe go the
            // default way.
            if value.is_undefined() || value.is_none() || value.is_safe() {
                return escape_formatter(out, state, value);
            }
            let text = value.to_string();
            let text = one_line(&text);
            if matches!(state.auto_escape(), AutoEscape::None) {
                out.write_str(&text)
            } else {
                // The five characters that matter in HTML text and quoted attributes;
                // unlike the default, `/` stays as it is, so links read as links.
                out.write_str(&html_escape(&text))
            }
            .map_err(|e| minijinja::Error::new(ErrorKind::WriteFailure, e.to_string()))
        });
        env
    })
}

pub(crate) use crate::i18n::{html_escape, one_line};

/// The mail templates' helpers besides `t`: the HTML pieces that wrap a value (`strong`,
/// `code`, `link`, `button`) and the words built from a [`Deadline`](super::Deadline) or a
/// day, in the template's language.
fn helpers(env: &mut Environment<'static>) {
    fn escaped(value: &Value) -> String {
        if value.is_safe() {
            value.to_string()
        } else {
            html_escape(&one_line(&value.to_string())).into_owned()
        }
    }
    env.add_filter("strong", |value: Value| {
        Value::from_safe_string(format!("<strong>{}</strong>", escaped(&value)))
    });
    env.add_filter("code", |value: Value| {
        Value::from_safe_string(format!(
            "<code style=\"background:#ebe6da;padding:1px 4px;\">{}</code>",
            escaped(&value)
        ))
    });
    env.add_function(
        "link",
        |url: Value, text: Value, style: Option<String>| -> Value {
            let style = style
                .map(|s| format!(" style=\"{}\"", html_escape(&s)))
                .unwrap_or_default();
            Value::from_safe_string(format!(
                "<a href=\"{}\"{style}>{}</a>",
                escaped(&url),
                escaped(&text)
            ))
        },
    );
    env.add_function("button", |url: Value, text: Value| -> Value {
        Value::from_safe_string(format!(
            "<a href=\"{}\" style=\"display:inline-block;background:#262626;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;\">{}</a>",
            escaped(&url),
            escaped(&text)
        ))
    });
    env.add_function("when", |state: &minijinja::State, deadline: Value| {
        deadline_words(crate::i18n::lang_of(state), &deadline, true)
    });
    env.add_function(
        "deadline_at",
        |state: &minijinja::State, deadline: Value| {
            deadline_words(crate::i18n::lang_of(state), &deadline, false)
        },
    );
    env.add_function(
        "digest_day",
        |state: &minijinja::State, date: String, day: Value| -> String {
            let lang = crate::i18n::lang_of(state);
            day.as_str()
                .and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
                .map_or(date, |d| crate::i18n::long_date(lang, d))
        },
    );
    env.add_function(
        "star_kinds",
        |state: &minijinja::State, kinds: Vec<String>| -> String {
            let lang = crate::i18n::lang_of(state);
            kinds
                .iter()
                .map(|k| crate::i18n::text(lang, "star-kind", &[("kind", k.as_str().into())]))
                .collect::<Vec<_>>()
                .join(", ")
        },
    );
}

/// A deadline in `lang`: the moment in full, and with `left` how long was left when the
/// mail was written. A deadline without a moment is "no deadline"; one written before the
/// mail counted seconds has its moment and no time left.
fn deadline_words(lang: Lang, deadline: &Value, left: bool) -> Result<String, minijinja::Error> {
    let field = |name: &str| -> Option<Value> {
        deadline
            .get_attr(name)
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_none())
    };
    let utc = field("utc").and_then(|v| v.as_str().map(str::to_string));
    let zone = field("zone").and_then(|v| v.as_str().map(str::to_string));
    let Some(at) = utc
        .as_deref()
        .and_then(|u| chrono::DateTime::parse_from_rfc3339(u).ok())
    else {
        return Ok(crate::i18n::text(lang, "deadline-none", &[]));
    };
    let when = crate::i18n::long_datetime(
        lang,
        at.with_timezone(&chrono::Utc),
        zone.as_deref().unwrap_or("UTC"),
    );
    match field("left_secs").and_then(|v| v.as_i64()) {
        Some(secs) if left => Ok(crate::i18n::text(
            lang,
            "deadline-with-left",
            &[
                ("when", when.into()),
                ("left", crate::i18n::time_left(lang, secs).into()),
            ],
        )),
        _ => Ok(when),
    }
}

/// Every embedded file's path, for the test that no file on disk is left out.
#[cfg(test)]
pub(crate) fn embedded_files() -> Vec<&'static str> {
    FILES.iter().map(|(path, _)| *path).collect()
}
