//! What the service needs of a game kind, behind one trait: [`Kind`], implemented once per
//! kind ([`gods`], [`dreams`]) and found by name with [`of`].
//!
//! Owns: everything the service decides by a game's kind — how the lobby names it and
//! reads its options from the new-game form, which rules page and which turn page it has,
//! how a player of it is called, its events and legal steps in words (mail and pages), the
//! example of a reply, the your-turn mail's template and data, its board pictures (which
//! seat's view a picture is kept for, what the store holds for drawing it), and the round
//! reveals mailed to the table. The rules themselves are the `games` crate's; this is the
//! service's side of a kind.
//!
//! Must not: import the layers above the domain (http, play, outbox, inbound, scheduler,
//! webhooks, stream, state, metrics, config). What a caller up there has (a deadline in
//! the reader's zone, a game's address) comes in as a value. Outside this folder no code
//! compares a kind's name: it asks [`of`] for the kind and calls through it.
//!
//! A trait object rather than an enum: adding a game is its line in
//! `games::registry::KINDS`, one module here and its line in [`KINDS`]; the callers do not
//! change. The one exception is the turn page ([`TurnPage`]): a page is edge code (HTML
//! forms, in `http/play`), so a kind names which page it is played on, and a game with a
//! page of its own adds one there too.

pub mod dreams;
pub mod gods;

use crate::board::TurnNumbers;
use crate::mail::{Attachment, Deadline, Lang, MailError, RoundReveal, Template};
use crate::store::{DbConn, StoreError};
use ::games::registry::AnyGame;
use ::games::Logged;
use serde_json::Value;

/// The kinds the service serves, by name: each of `games::registry::KINDS`.
pub static KINDS: [&dyn Kind; 2] = [&gods::GODS, &dreams::DREAMS];

/// The kind named `name` (a `games.kind` value), if the service knows it.
pub fn of(name: &str) -> Option<&'static dyn Kind> {
    KINDS.iter().copied().find(|k| k.name() == name)
}

/// The kind a new game gets when its form names none.
pub fn default_kind() -> &'static dyn Kind {
    &gods::GODS
}

/// A kind as players call it (`gods` → `Gods`); an unknown name capitalised.
pub fn title(name: &str) -> String {
    match of(name) {
        Some(kind) => kind.title().to_string(),
        None => match name.get(..1) {
            Some(first) => first.to_uppercase() + name.get(1..).unwrap_or(""),
            None => String::new(),
        },
    }
}

/// The turn page a kind is played on (`http/play`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnPage {
    /// The board, the gods' rows, the legal first steps and the notation form.
    Gods,
    /// Dreams' own page: the firmament, the seat's role, the star and guess forms.
    Dreams,
}

/// Why a kind could not build what was asked of it.
#[derive(Debug, thiserror::Error)]
pub enum KindError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Mail(#[from] MailError),
    /// The view is not one of this kind (never, for a view its own engine showed).
    #[error("{0}")]
    Unfit(String),
    /// Nothing to build (a your-turn mail of a game that is over): the reason.
    #[error("{0}")]
    Nothing(&'static str),
}

/// What a your-turn mail is built from, read by the caller at send time.
pub struct YourTurnFacts<'a> {
    pub game_id: &'a str,
    pub seq: i64,
    /// The number of the turn the reader is asked for (`crate::game::naming`: the next
    /// entry of the log).
    pub turn_number: i64,
    pub seat: usize,
    pub lang: Lang,
    /// The game at `seq` as the reader's seat sees it.
    pub view: &'a Value,
    /// Display names by seat.
    pub names: &'a [String],
    /// The game's name in mail.
    pub game_name: &'a str,
    /// The seat's deadline at `seq` in the reader's zone.
    pub deadline: &'a Deadline,
    /// The turn link (minted by the worker at send time).
    pub turn_url: &'a str,
    pub game_url: &'a str,
}

/// A your-turn mail: its template (a kind may have one per phase) and data.
pub struct YourTurnMail {
    pub template: Template,
    pub data: Value,
}

/// The mail a revealed round sends to the table (one per round and reader).
pub struct RoundMail {
    pub template: Template,
    pub round: u32,
    pub data: Value,
}

/// A board picture for a page, with what the store holds for it.
pub trait Drawing: Send {
    /// Whether [`Drawing::read_store`] must run before drawing (a custom deck's cards).
    fn reads_store(&self) -> bool {
        false
    }
    /// Read what drawing needs from the store.
    fn read_store(&mut self, _conn: &mut DbConn) -> Result<(), StoreError> {
        Ok(())
    }
    /// The picture as SVG, the players named by seat; `panel`: with the side panel where
    /// the kind has one (the board picture's own page; a turn page shows it as HTML).
    /// `lang`: the language of its words.
    fn svg(&self, names: &[String], panel: bool, lang: crate::i18n::Lang) -> String;
    /// The picture as PNG (with its panel), its words in `lang`.
    fn png(
        &self,
        names: &[String],
        lang: crate::i18n::Lang,
    ) -> Result<Vec<u8>, crate::board::PngError>;
}

/// The service's side of one game kind (see the module docs).
pub trait Kind: Send + Sync {
    /// Its name: `games.kind`, the registry's name.
    fn name(&self) -> &'static str;
    /// As players call it: `Gods`.
    fn title(&self) -> &'static str;
    /// The anchor of its rules page (`/rules/{anchor}`).
    fn rules(&self) -> &'static str;
    /// The turn page it is played on.
    fn page(&self) -> TurnPage;
    /// Its options as the lobby's new-game form gives them (`field`: a form field's value,
    /// or its default).
    fn lobby_options(&self, field: &dyn Fn(&str) -> String) -> Value;
    /// How mail names the player in `seat`: their display name, else the kind's word.
    fn player_name(&self, names: &[String], seat: usize) -> String;
    /// The events of a turn (JSON, as `seat` may read them) in sentences for `seat`.
    fn turn_words(
        &self,
        lang: Lang,
        names: &[String],
        seat: usize,
        events: &[Value],
    ) -> Vec<String>;
    /// The legal first steps (a `/legal` answer) in the game's notation, for a reply.
    fn legal_words(&self, legal: &Value) -> Vec<String>;
    /// An answer to a your-turn mail, by its data: the reply hint's example.
    fn reply_example(&self, data: &Value) -> String;
    /// The one line of a your-turn mail that says how to answer, by the mail's data, in
    /// the reader's language: the example is notation (one in every language), the reply
    /// words the reader's language's (`crate::mail::reader::keywords`; English's are read
    /// as well).
    fn reply_hint(&self, lang: crate::i18n::Lang, data: &Value) -> String {
        use crate::mail::reader::{hint_say, hint_word};
        crate::i18n::text(
            lang,
            "reply-hint-turn",
            &[
                ("example", format!("`{}`", self.reply_example(data)).into()),
                ("legal", hint_word(lang, |k| k.legal).into()),
                ("board", hint_word(lang, |k| k.board).into()),
                ("say", hint_say(lang).into()),
            ],
        )
    }
    /// The seat a board picture is kept for (`None`: one picture serves every seat).
    fn picture_seat(&self, seat: usize) -> Option<usize>;
    /// Whether the game is played in rounds revealed to everyone: a reveal mail (and the
    /// game-over mail) shows the last revealed round as everyone sees it.
    fn reveals_rounds(&self) -> bool {
        false
    }
    /// The level an engine bot asked to play at `level` plays at in a game with `options`:
    /// a Dreams bot needs a model of the deck's images, which a custom deck has not
    /// (`games::bots::Level::effective`).
    fn bot_level(&self, _options: &Value, level: ::games::bots::Level) -> ::games::bots::Level {
        level
    }
    /// The turn an engine bot at `level` plays for the seat whose view is `view` (that
    /// seat's view as its engine wrote it, and nothing else: a bot is never handed the
    /// game), in the engine's JSON; `None` when the seat need not act. `options`: the
    /// game's (Dreams' deck). Deterministic in `seed`; its thinking is bounded by `budget`.
    fn bot_turn(
        &self,
        view: &str,
        options: &Value,
        level: ::games::bots::Level,
        budget: ::games::bots::Budget,
        seed: ::games::Seed,
    ) -> Result<Option<Value>, KindError>;
    /// The your-turn mail for the reader's seat, built at send time.
    fn your_turn(&self, conn: &mut DbConn, f: &YourTurnFacts) -> Result<YourTurnMail, KindError>;
    /// A view (JSON) as a picture for a page.
    /// `turns`: where the view is in the game's log, as a picture numbers turns (none: no
    /// number is drawn).
    fn drawing(
        &self,
        view: Value,
        turns: Option<TurnNumbers>,
    ) -> Result<Box<dyn Drawing>, KindError>;
    /// A view (JSON) as the inline PNG of a mail, its game named `title`; `reveal`: the
    /// last revealed round rather than the table ([`Kind::reveals_rounds`]); `turns` as
    /// for [`Kind::drawing`]; its words in `lang`, the reader's.
    #[expect(
        clippy::too_many_arguments,
        reason = "what a picture shows, each named; a struct would only rename them"
    )]
    fn mail_picture(
        &self,
        conn: &mut DbConn,
        view: &Value,
        names: &[String],
        title: &str,
        reveal: bool,
        turns: Option<TurnNumbers>,
        lang: crate::i18n::Lang,
    ) -> Result<Attachment, KindError>;
    /// The round a turn revealed, from its public events, in words for mail (`engine`:
    /// the game after the turn). None for a kind without rounds.
    fn revealed_round(
        &self,
        _conn: &mut DbConn,
        _lang: Lang,
        _events: &[Logged<Value>],
        _engine: &dyn AnyGame,
        _names: &[String],
    ) -> Result<Option<RoundReveal>, StoreError> {
        Ok(None)
    }
    /// Why the game ended, in `lang`, from the events of the turn that ended it; `None`
    /// when they do not say (the stored outcome's words serve then).
    fn end_words(
        &self,
        _lang: Lang,
        _names: &[String],
        _events: &[Logged<Value>],
    ) -> Option<String> {
        None
    }
    /// The mail to the table about the round a turn revealed (the game goes on), for
    /// readers of `lang`.
    #[expect(
        clippy::too_many_arguments,
        reason = "the facts of the turn, and the readers' language"
    )]
    fn round_mail(
        &self,
        _conn: &mut DbConn,
        _lang: Lang,
        _events: &[Logged<Value>],
        _engine: &dyn AnyGame,
        _names: &[String],
        _game_name: &str,
        _game_url: &str,
    ) -> Result<Option<RoundMail>, StoreError> {
        Ok(None)
    }
}

/// A value as JSON data of a mail (an error is a store error, as the outbox reports it).
pub(crate) fn data_error(e: impl std::error::Error + Send + Sync + 'static) -> StoreError {
    StoreError::Db(diesel::result::Error::SerializationError(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_has_a_kind_and_no_other() {
        let registry: Vec<&str> = ::games::registry::KINDS.iter().map(|k| k.name()).collect();
        let ours: Vec<&str> = KINDS.iter().map(|k| k.name()).collect();
        assert_eq!(registry, ours);
        assert!(of("chess").is_none());
        assert_eq!(title("gods"), "Gods");
        assert_eq!(title("dreams"), "Dreams");
    }
}
