//! What each template is rendered from: one struct per template, as JSON. Most are
//! serialised into the outbox row when the mail is decided (in the transaction that causes
//! it); `your_turn` is built by the outbox worker at send time from (game, sequence, reader)
//! — see `crate::outbox::compose` — because the worker replays that view for the board
//! anyway. Either way the data is checked against the template when it is rendered.
//!
//! Every field is text ready to print (names, links, dates in the reader's zone): the
//! templates choose words and layout, not formats. Links carry their tokens already; the
//! caller mints them (purpose-scoped, convention 8). Names are untrusted user text.
//!
//! The builders ([`GodsYourTurn`], [`GameOver::from_outcome`], [`Deadline::new`]) take
//! the facts a turn transaction has at hand (the recipient's view, the log since their
//! last turn) and never read the clock or the database.

use super::dreams::RoundReveal;
use super::templates::Template;
use super::{words, Lang, MailError};
use chrono::{DateTime, SecondsFormat, Utc};
use games::gods::view::GodsView;
use games::gods::{notation, GodsEvent, GodsTurn, Phase};
use games::{Outcome, Seat};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The data of one template.
pub trait MailData: Serialize + DeserializeOwned {
    const TEMPLATE: Template;

    /// As the outbox stores it and [`Context::data`](super::Context::data) takes it.
    fn to_data(&self) -> Result<serde_json::Value, MailError> {
        serde_json::to_value(self).map_err(|e| MailError::Data {
            template: Self::TEMPLATE.name(),
            message: e.to_string(),
        })
    }
}

/// `welcome`: a new account; the link verifies the address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Welcome {
    pub verify_url: String,
    /// How long the link works, e.g. `2 days` ([`words::hours`]).
    pub verify_valid_for: String,
}

impl MailData for Welcome {
    const TEMPLATE: Template = Template::Welcome;
}

/// `password_reset`: someone asked for a new password for the reader's account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordReset {
    /// Minted when the mail is sent (`crate::outbox`), never stored.
    pub reset_url: String,
    /// How long the link works, e.g. `1 hour` ([`words::hours`]).
    pub reset_valid_for: String,
}

impl MailData for PasswordReset {
    const TEMPLATE: Template = Template::PasswordReset;
}

/// `register_attempt`: someone tried to register the reader's address, which already
/// has an account (registration answers the same either way, so only the owner learns).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterAttempt {}

impl MailData for RegisterAttempt {
    const TEMPLATE: Template = Template::RegisterAttempt;
}

/// `invitation`: someone asks the reader to join a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Invitation {
    /// The display name of who invited.
    pub inviter: String,
    /// The inviter's name as the subject shows it, quoted there and cut to
    /// [`Invitation::SUBJECT_NAME_CHARS`] characters, to a reader whose address a confirmed
    /// account has; `None` to an address that none has (a stranger, perhaps never asked
    /// for mail from here): the subject leaves the name out, and the body says it is the
    /// name a player chose. A display name is the sender's own words; a subject line
    /// must not read as them ("Claim your prize at …").
    #[serde(default)]
    pub inviter_in_subject: Option<String>,
    pub game_name: String,
    /// The game's kind, as players call it: `Gods`.
    pub game_kind: String,
    /// Who has joined so far.
    pub players: Vec<String>,
    /// Seats in the game.
    pub seats: usize,
    /// The time per turn, e.g. `3 days`.
    pub turn_time: String,
    pub join_url: String,
}

impl MailData for Invitation {
    const TEMPLATE: Template = Template::Invitation;
}

impl Invitation {
    /// The longest inviter's name a subject shows.
    pub const SUBJECT_NAME_CHARS: usize = 32;

    /// `name` as a subject shows it: at most [`Self::SUBJECT_NAME_CHARS`] characters, the
    /// last one `…` when it was cut.
    pub fn subject_name(name: &str) -> String {
        if name.chars().count() <= Self::SUBJECT_NAME_CHARS {
            return name.to_string();
        }
        let mut cut: String = name.chars().take(Self::SUBJECT_NAME_CHARS - 1).collect();
        cut.truncate(cut.trim_end().len());
        cut.push('…');
        cut
    }
}

/// `game_deleted`: the creator deleted a game the reader had joined, before it started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDeleted {
    /// The display name of who deleted it (its creator).
    pub deleted_by: String,
    pub game_name: String,
    /// The game's kind, as players call it: `Gods`.
    pub game_kind: String,
    /// The lobby, where other games wait for players.
    pub lobby_url: String,
}

impl MailData for GameDeleted {
    const TEMPLATE: Template = Template::GameDeleted;
}

/// A moment in the reader's time zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deadline {
    /// `Friday 17 January 2025, 14:30 CET (Europe/Berlin)`: the zone's name is added when
    /// its abbreviation is not that name already (`… 15:12 UTC`, never `UTC (UTC)`).
    pub local: String,
    /// The IANA zone it is given in: `Europe/Berlin`.
    pub zone: String,
    /// RFC 3339 in UTC: `2025-01-17T13:30:00Z`.
    pub utc: String,
    /// How long is left as people say it, `2 days 3 hours left` (`time is up` once it has passed);
    /// empty when the mail was decided without a "now" (rows queued before it existed).
    #[serde(default)]
    pub left: String,
    /// Seconds left from the moment `left` was written: mail puts it into the reader's
    /// words (`left` is English, for rows queued before this and for pages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_secs: Option<i64>,
}

impl Deadline {
    /// `at` in `time_zone` (an IANA name such as `Europe/Berlin`). An unknown zone is
    /// shown as UTC rather than holding up the mail: the zone is named next to the time.
    pub fn new(at: DateTime<Utc>, time_zone: &str) -> Deadline {
        let zone: chrono_tz::Tz = time_zone.parse().unwrap_or(chrono_tz::UTC);
        let local = at.with_timezone(&zone);
        let abbreviation = local.format("%Z").to_string();
        let mut text = local.format("%A %-d %B %Y, %H:%M %Z").to_string();
        if abbreviation != zone.name() {
            text.push_str(&format!(" ({})", zone.name()));
        }
        Deadline {
            local: text,
            zone: zone.name().to_string(),
            utc: at.to_rfc3339_opts(SecondsFormat::Secs, true),
            left: String::new(),
            left_secs: None,
        }
    }

    /// The same, with how long is left from `now` ([`words::time_left`]).
    pub fn from_now(at: DateTime<Utc>, time_zone: &str, now: DateTime<Utc>) -> Deadline {
        Deadline {
            left: words::time_left(Lang::En, at - now),
            left_secs: Some((at - now).num_seconds()),
            ..Deadline::new(at, time_zone)
        }
    }

    /// `Friday 17 January 2025, 14:30 CET (Europe/Berlin), 2 days 3 hours left`: what a
    /// page prints.
    pub fn text(&self) -> String {
        if self.left.is_empty() {
            self.local.clone()
        } else {
            format!("{}, {}", self.local, self.left)
        }
    }

    /// [`Self::text`] in `lang`: `Freitag, 17. Januar 2025, 14:30 CET (Europe/Berlin),
    /// noch 2 Tage 3 Stunden`.
    pub fn text_in(&self, lang: Lang) -> String {
        let Ok(at) = chrono::DateTime::parse_from_rfc3339(&self.utc) else {
            return self.text();
        };
        let when = crate::i18n::long_datetime(lang, at.with_timezone(&Utc), &self.zone);
        match self.left_secs {
            Some(secs) => crate::i18n::text(
                lang,
                "deadline-with-left",
                &[
                    ("when", when.into()),
                    ("left", crate::i18n::time_left(lang, secs).into()),
                ],
            ),
            None => when,
        }
    }
}

/// One turn of another god, as the your-turn mail tells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PastTurn {
    /// Display name.
    pub god: String,
    /// The seat: the board's legend calls it `god N`.
    pub seat: Seat,
    /// The turn in the notation a player types, e.g. `tribe 1 at 2,-1; temple at 1,0`.
    pub notation: String,
    /// What it did, in sentences ([`words::turn`]).
    pub words: Vec<String>,
    /// Its number (`crate::game::naming`: the entry of the log); 0 in rows queued
    /// before it was told.
    #[serde(default)]
    pub turn: i64,
    /// Set when the service played it for the seat, why: `Ada resigned: Hermes passes for
    /// that seat from now on`. A turn the player sent has none.
    #[serde(default)]
    pub by_service: Option<String>,
}

/// `your_turn`: it is the reader's turn. The board goes with it as an inline PNG
/// ([`board_attachment`](super::board_attachment)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YourTurn {
    pub game_name: String,
    /// The number of the turn the reader is asked for: the next entry of the log
    /// (`crate::game::naming`), as the reply's answer, the pages and the API count.
    pub turn_number: i64,
    /// The reader's seat (`god N` on the board).
    pub seat: Seat,
    /// What the other gods did since the reader's last turn, oldest first.
    pub since: Vec<PastTurn>,
    pub crystals: u8,
    /// Extra-action tiles the reader holds.
    pub extra_actions: u8,
    /// The display, slot 1 first: `red tribe`, `desert`, …
    pub display: Vec<String>,
    pub tiles_remaining: usize,
    /// The reader may end the game now (G-T1): the display is refilled only once they
    /// play on.
    pub may_declare_end: bool,
    pub deadline: Deadline,
    /// Opens the reader's turn (the link holds a turn token).
    pub turn_url: String,
    pub game_url: String,
    /// Table talk since the reader's last mail; filled in when it is sent.
    #[serde(default)]
    pub talk: TalkLines,
    /// Why the turns the reader queued were dropped, when they were (only ever in the
    /// reader's own mail).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue_dropped: Option<QueueDropped>,
}

/// The seat's queued turns were dropped when its turn came: the first was no longer
/// legal (`crate::play::queue`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueDropped {
    /// The first queued turn, in the notation.
    pub notation: String,
    /// How many turns the queue held.
    pub count: usize,
    /// The rule it broke (`D-R4`), when a rule refused it.
    pub rule: Option<String>,
    pub message: String,
}

/// One message of table talk, as a mail tells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TalkLine {
    /// The speaker's display name.
    pub name: String,
    /// What they said (untrusted user text).
    pub body: String,
}

/// The table talk a mail tells: what the other players said since the reader's last mail
/// that told talk in the game (`crate::store::talk::window`), the newest
/// [`TalkLines::MAX`] of it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TalkLines {
    /// Oldest first.
    pub lines: Vec<TalkLine>,
    /// How many earlier messages of that time were left out (the game page has them).
    pub earlier: i64,
}

impl TalkLines {
    /// The most messages one mail tells.
    pub const MAX: i64 = 30;
}

/// `talk`: what the other players said at a table, sent to a reader who asked for talk by
/// mail as it is posted, at most one a game per `talk_mail_minutes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Talk {
    pub game_name: String,
    /// Filled in when the mail is sent.
    pub talk: TalkLines,
    /// The game's page, where the talk is (with a turn-link token, minted when sent).
    pub talk_url: String,
}

impl MailData for Talk {
    const TEMPLATE: Template = Template::Talk;
}

/// `rematch`: a player proposed to play a finished game's table again. The reader
/// accepts with a click (the old game's page) or by replying `rematch`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rematch {
    /// The finished game's name.
    pub game_name: String,
    /// Who proposed it (display name).
    pub proposer: String,
    /// The game's kind, as players call it: `Gods`.
    pub game_kind: String,
    /// Who has accepted so far (the proposer first).
    pub accepted: Vec<String>,
    /// Who has still to accept.
    pub waiting: Vec<String>,
    /// The finished game's page, where the reader accepts; minted when the mail is sent.
    pub rematch_url: String,
}

impl MailData for Rematch {
    const TEMPLATE: Template = Template::Rematch;
}

impl MailData for YourTurn {
    const TEMPLATE: Template = Template::YourTurn;
}

/// One turn from the log of a Gods game: who played it, what they sent, what it caused.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedTurn {
    /// Its entry in the log.
    pub seq: i64,
    pub seat: Seat,
    /// Who sent it: the player, or the service for the seat (`store::models::SOURCE_*`).
    pub source: String,
    pub turn: GodsTurn,
    /// The turn's events as the recipient may see them (all Gods events are public).
    pub events: Vec<GodsEvent>,
}

/// The facts a your-turn mail of a Gods game is made from.
#[derive(Debug, Clone, Copy)]
pub struct GodsYourTurn<'a> {
    pub lang: Lang,
    pub game_name: &'a str,
    /// The number of the turn asked for ([`YourTurn::turn_number`]).
    pub turn_number: i64,
    /// The game now, as the recipient sees it (`Viewer::Seat(seat)`).
    pub view: &'a GodsView,
    pub seat: Seat,
    /// Display names by seat.
    pub names: &'a [String],
    /// The turns since the recipient's last one, oldest first.
    pub since: &'a [PlayedTurn],
    pub deadline: &'a Deadline,
    pub turn_url: &'a str,
    pub game_url: &'a str,
}

impl GodsYourTurn<'_> {
    pub fn build(&self) -> YourTurn {
        let me = self.view.gods.get(self.seat);
        YourTurn {
            game_name: self.game_name.to_string(),
            turn_number: self.turn_number,
            seat: self.seat,
            since: self
                .since
                .iter()
                .map(|t| PastTurn {
                    god: words::god_name(self.names, t.seat),
                    seat: t.seat,
                    notation: notation::format(&t.turn),
                    words: words::turn(self.lang, self.names, &t.events),
                    turn: t.seq,
                    by_service: words::by_service(self.lang, self.names, t.seat, &t.source),
                })
                .collect(),
            crystals: me.map_or(0, |g| g.crystals),
            extra_actions: me.map_or(0, |g| g.extra_actions),
            display: self
                .view
                .display
                .iter()
                .map(|t| words::tile(self.lang, *t))
                .collect(),
            tiles_remaining: self.view.tiles_remaining,
            may_declare_end: self.view.phase == Phase::MayDeclare,
            deadline: self.deadline.clone(),
            turn_url: self.turn_url.to_string(),
            game_url: self.game_url.to_string(),
            queue_dropped: None,
            talk: TalkLines::default(),
        }
    }
}

/// What happens when a deadline passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeoutPolicy {
    /// The service plays the smallest legal turn for the seat.
    AutoPass,
    /// The seat drops out.
    Forfeit,
    /// Nothing: the game waits.
    Wait,
    /// A stand-in bot plays for the seat until its player is back.
    StandIn,
}

/// `reminder`: the reader's deadline is near.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reminder {
    pub game_name: String,
    pub deadline: Deadline,
    /// How long is left, e.g. `24 hours`.
    pub time_left: String,
    /// What happens at the deadline.
    pub policy: TimeoutPolicy,
    pub turn_url: String,
}

impl MailData for Reminder {
    const TEMPLATE: Template = Template::Reminder;
}

/// `timeout`: a deadline passed and the game's policy was applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timeout {
    pub game_name: String,
    /// Whose time ran out (display name).
    pub god: String,
    /// Is that the reader?
    pub you: bool,
    pub policy: TimeoutPolicy,
    /// The turn the service played, in the notation (`auto_pass`), if any.
    pub notation: Option<String>,
    /// What that turn did, in sentences.
    pub words: Vec<String>,
    pub game_url: String,
}

impl MailData for Timeout {
    const TEMPLATE: Template = Template::Timeout;
}

/// `stand_in`: to the other players, when a stand-in bot took a seat whose time ran out
/// (`started`), or when its player took it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandIn {
    pub game_name: String,
    /// The absent (or returning) player.
    pub god: String,
    pub started: bool,
    /// The stand-in's level, e.g. `greedy`.
    pub level: String,
    pub game_url: String,
}

impl MailData for StandIn {
    const TEMPLATE: Template = Template::StandIn;
}

/// One game waiting for the reader, in a [`Digest`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DigestGame {
    pub game_name: String,
    /// The reader's deadline in that game, in their zone.
    pub deadline: Deadline,
    pub policy: TimeoutPolicy,
    /// The game (no token: one link per game would need one token per game).
    pub game_url: String,
}

/// The daily digest (`mail_pref = digest`): the games waiting for the reader, earliest
/// deadline first. Sent only when there is at least one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Digest {
    /// The reader's local date, e.g. `Tuesday 3 March 2026` (English: for rows written
    /// before `day`).
    pub date: String,
    /// The same day as `2026-03-03`: the mail writes it in the reader's language. `null`
    /// in rows written before it.
    #[serde(default)]
    pub day: Option<String>,
    pub games: Vec<DigestGame>,
}

impl MailData for Digest {
    const TEMPLATE: Template = Template::Digest;
}

/// One line of the final scores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    pub god: String,
    pub seat: Seat,
    pub score: i64,
    pub winner: bool,
}

/// `game_over`: scores, winners, the seed revealed, the replay link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOver {
    pub game_name: String,
    /// Why it ended, e.g. `the game-end tile was drawn`.
    pub reason: String,
    /// Highest first; ties keep seat order.
    pub scores: Vec<Score>,
    /// Display names of the winners (several when the win is shared).
    pub winners: Vec<String>,
    /// The game's seed, secret until now: with the log it replays the whole game.
    pub seed: String,
    pub replay_url: String,
    /// How the scores call a seat: `god` in Gods (`god 2`, as on its board), `seat` in
    /// Dreams (where "god" is a role).
    pub seat_label: String,
    /// Dreams: the last round, revealed (the game-over mail is also its reveal mail, and
    /// carries its picture); `null` for other games.
    pub last_round: Option<RoundReveal>,
    /// The final picture (the board, or Dreams' last round) travels inline as
    /// `cid:board` and the HTML shows it. Set when the mail is sent, with the picture.
    #[serde(default)]
    pub board: bool,
    /// The game's page, where one click proposes (or accepts) a rematch; minted when the
    /// mail is sent (`null` to a reader without a seat).
    #[serde(default)]
    pub rematch_url: Option<String>,
}

impl MailData for GameOver {
    const TEMPLATE: Template = Template::GameOver;
}

impl GameOver {
    /// From the engine's outcome. `reason` in words: see [`words::end_reason`] for Gods.
    pub fn from_outcome(
        game_name: &str,
        outcome: &Outcome,
        reason: String,
        names: &[String],
        seed: &str,
        replay_url: &str,
    ) -> GameOver {
        let mut scores: Vec<Score> = outcome
            .scores
            .iter()
            .enumerate()
            .map(|(seat, &score)| Score {
                god: words::god_name(names, seat),
                seat,
                score,
                winner: outcome.winners.contains(&seat),
            })
            .collect();
        scores.sort_by(|a, b| b.score.cmp(&a.score).then(a.seat.cmp(&b.seat)));
        GameOver {
            game_name: game_name.to_string(),
            reason,
            scores,
            winners: outcome
                .winners
                .iter()
                .map(|&seat| words::god_name(names, seat))
                .collect(),
            seed: seed.to_string(),
            replay_url: replay_url.to_string(),
            seat_label: "god".to_string(),
            last_round: None,
            board: false,
            rematch_url: None,
        }
    }

    /// The game-over mail of a Dreams game, whose last round is `last_round`: seats are
    /// called by name or `seat N`.
    pub fn dreams(mut self, names: &[String], last_round: RoundReveal) -> GameOver {
        for s in &mut self.scores {
            s.god = words::seat_name(names, s.seat);
        }
        self.winners = self
            .scores
            .iter()
            .filter(|s| s.winner)
            .map(|s| s.god.clone())
            .collect();
        self.seat_label = "seat".to_string();
        self.last_round = Some(last_round);
        self
    }
}

/// `reply_answer`: the answer to a reply by mail (`crate::inbound`), in the reply's thread.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplyAnswer {
    pub game_name: String,
    /// `played` (the turn is in), `refused` (nothing applied), `moved_on` (the reply was
    /// for an older position), `noted` (only talk or questions).
    pub outcome: String,
    /// `Re: ` and the reply's subject.
    pub subject: String,
    /// The number of the turn played (`played`; `crate::game::naming`), as the your-turn
    /// mail, the pages and the API count. Absent in answers queued before it.
    #[serde(default)]
    pub turn: Option<i64>,
    /// The turn as the log stores it (`played`).
    pub notation: Option<String>,
    /// What the turn did, in words, as the reader's seat may see it.
    pub happened: Vec<String>,
    /// Why nothing was applied, as the API says it (code, words, rule or word).
    pub problem: Option<String>,
    /// Table talk posted from the reply.
    pub said: Vec<String>,
    /// What of the reply's talk was not posted, and why (over the seat's talk limit, or
    /// past the `say:` lines one reply may post). Absent in answers queued before it.
    #[serde(default)]
    pub talk_notes: Vec<String>,
    /// What became of a `rematch` (or `yes`) in the reply, in words.
    #[serde(default)]
    pub rematch: Option<String>,
    /// The steps the seat may take first (asked for with `legal`, or after a refusal).
    pub legal: Vec<String>,
    /// Where the game stands now (after a refusal or on `board`).
    pub position: Vec<String>,
    /// The board picture is attached (`board`).
    pub board: bool,
    /// What became of the reply's `queue:` lines: the queue as it now stands, or why it
    /// was not set. Absent in answers written before queued turns.
    #[serde(default)]
    pub queue_notes: Vec<String>,
    pub game_url: String,
    /// The reply's Message-ID, `<…>`: the answer's `In-Reply-To` and `References`.
    pub in_reply_to: String,
}

impl MailData for ReplyAnswer {
    const TEMPLATE: Template = Template::ReplyAnswer;
}
