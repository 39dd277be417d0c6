//! Deciding mail: which rows a turn, a game's start, an invitation or a registration adds
//! to the outbox, with the template's data built from what the transaction has at hand.
//!
//! Runs inside the caller's transaction and reads only through its connection, so a
//! mail exists if and only if the thing it reports was committed. Every mail has a
//! `dedupe_key`, so doing the same thing twice (a retried request, a second server)
//! never mails twice.
//!
//! What is decided here and what at send time (see `docs/operators/mail.md`): who gets which mail,
//! and the data of every template except `your_turn`, are decided now, from the committed
//! facts (the game-over data with the outcome the turn stored). A `your_turn` row holds
//! only its key (`game`, `seq`, `user`) and `{}` as data: the worker builds the data when
//! it sends (`crate::kinds::Kind::your_turn`) from the game at `seq` as the reader's seat
//! sees it, which it rebuilds anyway to draw the board; measured, building it in the
//! turn's transaction cost about a third of the turn throughput at saturation. The links
//! with tokens (`turn_url`, `verify_url`) and the unsubscribe link are minted by the worker
//! when it sends, so no token is ever stored, and a retry days later still sends a link
//! that works. The board picture is drawn at send time too (never in a turn's transaction).
//!
//! Dreams: its your-turn rows are `your_turn` rows like Gods' (the worker renders them as
//! `dreams_stars` or `dreams_guess` by the phase at `seq`); the round's reveal mail
//! (`dreams_reveal`) is decided here, its data built by the kind
//! (`crate::kinds::Kind::round_mail`) from the turn's public `revealed` event (it is once
//! a round, and all of it public by then); the last round goes into the game-over mail
//! instead. Must not: put the seed in anything before the game is over, or show a seat
//! what its view hides (D-S1: before the reveal, nothing of the mortal, the vision or
//! another seat's guess).

use crate::links;
use crate::mail::{
    words, Deadline, GameDeleted, GameOver, Invitation, Lang, MailData, PasswordReset,
    RegisterAttempt, Welcome,
};
use crate::store::deadlines::Seated;
use crate::store::models::Game;
use crate::store::outbox::NewMail;
use crate::store::{DbConn, StoreError};
use ::games::registry::AnyGame;
use ::games::{Logged, Outcome};
use chrono::NaiveDateTime;
use serde_json::Value;

/// Who gets mail about every turn (`users.mail_pref`).
pub const PREF_EVERY_TURN: &str = "every_turn";
/// Who gets no game mail at all.
pub const PREF_NONE: &str = "none";
/// Put where the worker mints a link at send time (`turn_url`, `verify_url`).
pub const LINK_AT_SEND: &str = "";

/// The facts of a game right after a turn (or its start), as the transaction has them.
/// The game's kind, seed and stored outcome are read back inside the transaction.
pub struct TurnFacts<'a> {
    pub game_id: &'a str,
    /// The game's row as the turn (or the start) leaves it: its kind, seed and outcome
    /// (the one the service shows) are read from here, not again from the database.
    pub game: &'a Game,
    /// The sequence the game is at now (0 at the start).
    pub seq: i64,
    /// The game now.
    pub engine: &'a dyn AnyGame,
    /// Seats that must act now but were told so before (they waited already: seats that
    /// act at once get one mail when their wait begins, not one per other seat's turn).
    pub told: &'a [usize],
    /// The turn's events with their audiences (none at the start). Mail reads only the
    /// public ones: Dreams' `revealed` decides the round's reveal mail.
    pub events: &'a [Logged<Value>],
    /// When it happened (the app clock).
    pub at: NaiveDateTime,
    pub public_url: &'a str,
}

/// A seated player and their mail preferences.
struct Reader {
    user_id: String,
    seat: usize,
    name: String,
    email: String,
    mail_pref: String,
    forfeited: bool,
}

fn data_error(e: impl std::error::Error + Send + Sync + 'static) -> StoreError {
    StoreError::Db(diesel::result::Error::SerializationError(Box::new(e)))
}

/// How a game is called, in mail as everywhere: `Gods #3f2a9c` ([`crate::game::naming`]).
pub fn game_name(kind: &str, game_id: &str) -> String {
    crate::game::game_name(kind, game_id)
}

/// A kind as players call it: `gods` → `Gods`.
pub fn kind_title(kind: &str) -> String {
    match kind.get(..1) {
        Some(first) => first.to_uppercase() + kind.get(1..).unwrap_or(""),
        None => String::new(),
    }
}

/// Where a player finds the whole game: the replay page (for a signed-in browser; the
/// worker puts the reader's own turn-link token in it when it sends the mail).
pub fn game_url(public_url: &str, game_id: &str) -> String {
    crate::links::replay_page(public_url, game_id)
}

impl From<&Seated> for Reader {
    fn from(s: &Seated) -> Reader {
        Reader {
            user_id: s.user_id.clone(),
            seat: usize::try_from(s.seat).unwrap_or(usize::MAX),
            name: crate::game::shown_name(&s.display_name, s.bot_at.is_some()),
            email: s.email.clone(),
            mail_pref: s.mail_pref.clone(),
            forfeited: s.forfeited_at.is_some(),
        }
    }
}

fn readers(conn: &mut DbConn, game_id: &str) -> Result<Vec<Reader>, StoreError> {
    Ok(crate::store::games::seat_readers(conn, game_id)?
        .into_iter()
        .filter_map(|r| {
            Some(Reader {
                user_id: r.user_id,
                seat: usize::try_from(r.seat?).ok()?,
                name: crate::game::shown_name(&r.display_name, r.bot_at.is_some()),
                email: r.email,
                mail_pref: r.mail_pref,
                forfeited: r.forfeited_at.is_some(),
            })
        })
        .collect())
}

/// The mails a turn (or the start, `seq` 0) causes: `your_turn` to each seat that must
/// act now whose player wants every turn; `game_over` to every player who wants mail
/// once the game is over.
///
/// `seats`: the game's seats as the turn's transaction read them for the clocks
/// (`crate::store::deadlines::reset`), when the caller has them; else they are read here.
pub fn turn_mails(
    conn: &mut DbConn,
    f: &TurnFacts,
    seats: Option<&[Seated]>,
) -> Result<Vec<NewMail>, StoreError> {
    let (kind, seed, outcome) = (&f.game.kind, &f.game.seed, &f.game.outcome);
    let readers = match seats {
        Some(seats) => seats.iter().map(Reader::from).collect(),
        None => readers(conn, f.game_id)?,
    };
    let mut names: Vec<String> = Vec::new();
    for r in &readers {
        if names.len() <= r.seat {
            names.resize(r.seat + 1, String::new());
        }
        names[r.seat] = r.name.clone();
    }
    let game_name = game_name(kind, f.game_id);
    let mut mails = Vec::new();
    // The stored outcome, not the engine's: it is the one the service shows (a forfeited
    // god never wins). The seed goes into mail only here, once the game is over.
    if let Some(outcome) = outcome {
        let outcome: Outcome = serde_json::from_str(outcome).map_err(data_error)?;
        let shown = crate::kinds::of(kind);
        // Written in each reader's language: why it ended, and the last round's guesses.
        let mut data_in: Vec<(Lang, Value)> = Vec::new();
        for r in readers.iter().filter(|r| r.mail_pref != PREF_NONE) {
            let lang = reader_lang(conn, &r.user_id)?;
            let data = match data_in.iter().find(|(l, _)| *l == lang) {
                Some((_, data)) => data.clone(),
                None => {
                    let reason = shown
                        .and_then(|k| k.end_words(lang, &names, f.events))
                        .unwrap_or_else(|| outcome.reason.clone());
                    let mut over = GameOver::from_outcome(
                        &game_name,
                        &outcome,
                        reason,
                        &names,
                        seed,
                        &links::replay_page(f.public_url, f.game_id),
                    );
                    // The game-over mail is also the last round's reveal mail.
                    if let Some(round) = shown
                        .map(|k| k.revealed_round(conn, lang, f.events, f.engine, &names))
                        .transpose()?
                        .flatten()
                    {
                        over = over.dreams(&names, round);
                    }
                    let data = over.to_data().map_err(data_error)?;
                    data_in.push((lang, data.clone()));
                    data
                }
            };
            mails.push(NewMail {
                dedupe_key: Some(format!("game_over:{}:{}", f.game_id, r.user_id)),
                template: GameOver::TEMPLATE.name(),
                user_id: Some(r.user_id.clone()),
                to_addr: r.email.clone(),
                to_name: Some(r.name.clone()),
                game_id: Some(f.game_id.to_string()),
                seq: Some(f.seq),
                data: data.clone(),
                at: f.at,
            });
        }
        return Ok(mails);
    }
    let Some(kind) = crate::kinds::of(kind) else {
        // The worker builds your-turn mail (words and board) for the kinds it knows only.
        return Ok(mails);
    };
    mails.extend(round_mails(conn, kind, f, &readers, &names, &game_name)?);
    for seat in f.engine.to_act() {
        if f.told.contains(&seat) {
            continue;
        }
        let Some(r) = readers.iter().find(|r| r.seat == seat) else {
            continue;
        };
        if r.mail_pref != PREF_EVERY_TURN || r.forfeited {
            continue;
        }
        // The data is built when the mail is sent (see the module docs): only the key.
        let data = serde_json::json!({});
        mails.push(NewMail {
            dedupe_key: Some(format!("your_turn:{}:{}:{}", f.game_id, f.seq, r.user_id)),
            template: "your_turn",
            user_id: Some(r.user_id.clone()),
            to_addr: r.email.clone(),
            to_name: Some(r.name.clone()),
            game_id: Some(f.game_id.to_string()),
            seq: Some(f.seq),
            data,
            at: f.at,
        });
    }
    Ok(mails)
}

/// The mail about the round this turn revealed, to every player who wants mail (Dreams'
/// `dreams_reveal`, one per round and reader). The game-over mail covers the last round
/// instead (the caller returns before this once the game is over).
fn round_mails(
    conn: &mut DbConn,
    kind: &dyn crate::kinds::Kind,
    f: &TurnFacts,
    readers: &[Reader],
    names: &[String],
    game_name: &str,
) -> Result<Vec<NewMail>, StoreError> {
    let game_url = game_url(f.public_url, f.game_id);
    let mut out = Vec::new();
    // Each reader's in their language (the guesses in words), built once a language.
    let mut mail_in: Vec<(Lang, crate::kinds::RoundMail)> = Vec::new();
    for r in readers.iter().filter(|r| r.mail_pref != PREF_NONE) {
        let lang = reader_lang(conn, &r.user_id)?;
        if !mail_in.iter().any(|(l, _)| *l == lang) {
            let Some(mail) =
                kind.round_mail(conn, lang, f.events, f.engine, names, game_name, &game_url)?
            else {
                return Ok(Vec::new());
            };
            mail_in.push((lang, mail));
        }
        let Some((_, mail)) = mail_in.iter().find(|(l, _)| *l == lang) else {
            continue;
        };
        out.push(NewMail {
            dedupe_key: Some(format!(
                "{}:{}:{}:{}",
                mail.template.name(),
                f.game_id,
                mail.round,
                r.user_id
            )),
            template: mail.template.name(),
            user_id: Some(r.user_id.clone()),
            to_addr: r.email.clone(),
            to_name: Some(r.name.clone()),
            game_id: Some(f.game_id.to_string()),
            seq: Some(f.seq),
            data: mail.data.clone(),
            at: f.at,
        });
    }
    Ok(out)
}

/// The language a player reads their mail in (English for one not found).
fn reader_lang(conn: &mut DbConn, user_id: &str) -> Result<Lang, StoreError> {
    Ok(crate::store::accounts::lang_and_zone(conn, user_id)?
        .and_then(|(code, _)| Lang::from_code(&code))
        .unwrap_or_default())
}

/// The seat's running deadline at `seq` in the reader's zone, with how long is left from
/// `now` (the mail is sent then), or "no deadline" when the game has no clock for it (the
/// scheduler writes `deadlines` in the same transaction).
pub fn deadline_of(
    conn: &mut DbConn,
    game_id: &str,
    seat: usize,
    seq: i64,
    time_zone: &str,
    now: NaiveDateTime,
) -> Result<Deadline, StoreError> {
    let seat_i = i64::try_from(seat).map_err(data_error)?;
    let due = crate::store::deadlines::due_at(conn, game_id, seat_i, seq)?;
    Ok(match due {
        Some(due) => Deadline::from_now(due.and_utc(), time_zone, now.and_utc()),
        None => Deadline {
            local: "no deadline".to_string(),
            zone: time_zone.to_string(),
            utc: String::new(),
            left: String::new(),
            left_secs: None,
        },
    })
}

/// The invitation to `email`, sent by `inviter` (display name) to a game still filling.
#[allow(clippy::too_many_arguments)]
pub fn invitation_mail(
    conn: &mut DbConn,
    game_id: &str,
    kind: &str,
    seat_count: i64,
    turn_seconds: i64,
    join_code: &str,
    inviter_id: &str,
    email: &str,
    public_url: &str,
    at: NaiveDateTime,
) -> Result<NewMail, StoreError> {
    let inviter = crate::store::accounts::display_name(conn, inviter_id)?;
    let invitee = crate::store::accounts::invitee(conn, email)?;
    let confirmed = invitee
        .as_ref()
        .is_some_and(|i| i.email_verified_at.is_some());
    let players = crate::store::games::names_in_join_order(conn, game_id)?;
    let lang = invitee
        .as_ref()
        .and_then(|i| Lang::from_code(&i.lang))
        .unwrap_or_default();
    let hours = u32::try_from(turn_seconds / 3600).unwrap_or(u32::MAX);
    let data = Invitation {
        inviter_in_subject: confirmed.then(|| Invitation::subject_name(&inviter)),
        inviter,
        game_name: game_name(kind, game_id),
        game_kind: kind_title(kind),
        players,
        seats: usize::try_from(seat_count).unwrap_or(0),
        turn_time: words::hours(lang, hours),
        join_url: links::join_link(public_url, join_code),
    }
    .to_data()
    .map_err(data_error)?;
    Ok(NewMail {
        dedupe_key: Some(format!("invitation:{game_id}:{email}")),
        template: Invitation::TEMPLATE.name(),
        user_id: invitee.as_ref().map(|i| i.id.clone()),
        to_addr: email.to_string(),
        to_name: invitee.map(|i| i.display_name),
        game_id: Some(game_id.to_string()),
        seq: None,
        data,
        at,
    })
}

/// The `game_deleted` mail to each player who joined `game` (still open), but its creator
/// who deleted it (`deleted_by`, a display name), unless they want no game mail. Read in
/// the deletion's transaction, before the seats go. The rows name no game: the game's
/// row, and with it every outbox row that names it, is deleted in the same transaction.
pub fn deletion_mails(
    conn: &mut DbConn,
    game: &Game,
    deleted_by: &str,
    public_url: &str,
    at: NaiveDateTime,
) -> Result<Vec<NewMail>, StoreError> {
    let joined =
        crate::store::games::other_players_to_mail(conn, &game.id, &game.created_by, PREF_NONE)?;
    let data = GameDeleted {
        deleted_by: deleted_by.to_string(),
        game_name: game_name(&game.kind, &game.id),
        game_kind: kind_title(&game.kind),
        lobby_url: format!("{}/", public_url.trim_end_matches('/')),
    }
    .to_data()
    .map_err(data_error)?;
    Ok(joined
        .into_iter()
        .map(|(user_id, name, email)| NewMail {
            dedupe_key: Some(format!("game_deleted:{}:{user_id}", game.id)),
            template: GameDeleted::TEMPLATE.name(),
            user_id: Some(user_id),
            to_addr: email,
            to_name: Some(name),
            game_id: None,
            seq: None,
            data: data.clone(),
            at,
        })
        .collect())
}

/// The welcome mail of a new account (its verify link is minted at send time).
pub fn welcome_mail(
    user_id: &str,
    email: &str,
    display_name: &str,
    at: NaiveDateTime,
) -> Result<NewMail, StoreError> {
    let hours = u32::try_from(links::VERIFY_TTL.num_hours()).unwrap_or(48);
    let data = Welcome {
        verify_url: LINK_AT_SEND.to_string(),
        verify_valid_for: words::hours(Lang::En, hours),
    }
    .to_data()
    .map_err(data_error)?;
    Ok(NewMail {
        dedupe_key: Some(format!("welcome:{user_id}")),
        template: Welcome::TEMPLATE.name(),
        user_id: Some(user_id.to_string()),
        to_addr: email.to_string(),
        to_name: Some(display_name.to_string()),
        game_id: None,
        seq: None,
        data,
        at,
    })
}

/// The mail that sets a new password for `user`. At most one per account in ten minutes
/// (the dedupe key names the ten minutes), so nobody can flood an address by asking; the
/// link is minted when the mail is sent, from the password hash of that moment.
pub fn password_reset_mail(
    user_id: &str,
    email: &str,
    display_name: &str,
    at: NaiveDateTime,
) -> Result<NewMail, StoreError> {
    let hours = u32::try_from(links::PASSWORD_RESET_TTL.num_hours()).unwrap_or(1);
    let data = PasswordReset {
        reset_url: LINK_AT_SEND.to_string(),
        reset_valid_for: words::hours(Lang::En, hours),
    }
    .to_data()
    .map_err(data_error)?;
    Ok(NewMail {
        dedupe_key: Some(format!(
            "password_reset:{user_id}:{}",
            at.and_utc().timestamp() / 600
        )),
        template: PasswordReset::TEMPLATE.name(),
        user_id: Some(user_id.to_string()),
        to_addr: email.to_string(),
        to_name: Some(display_name.to_string()),
        game_id: None,
        seq: None,
        data,
        at,
    })
}

/// The note to the owner of `user`'s address that someone tried to register it again. At
/// most one a day per account (the dedupe key names the day), so a stranger who keeps
/// registering the address cannot flood its owner.
pub fn register_attempt_mail(
    user_id: &str,
    email: &str,
    display_name: &str,
    at: NaiveDateTime,
) -> Result<NewMail, StoreError> {
    let data = RegisterAttempt {}.to_data().map_err(data_error)?;
    Ok(NewMail {
        dedupe_key: Some(format!(
            "register_attempt:{user_id}:{}",
            at.date().format("%Y-%m-%d")
        )),
        template: RegisterAttempt::TEMPLATE.name(),
        user_id: Some(user_id.to_string()),
        to_addr: email.to_string(),
        to_name: Some(display_name.to_string()),
        game_id: None,
        seq: None,
        data,
        at,
    })
}

/// May one more invitation be mailed to `email` now? Always when a confirmed account has
/// the address; otherwise only while fewer than `per_day` invitations went to it in the
/// last 24 hours (so that nobody can use Hermes to send mail at any rate to an address
/// that never asked for it). The invitation itself is recorded either way.
pub fn may_mail_invitation(
    conn: &mut DbConn,
    email: &str,
    per_day: u32,
    at: NaiveDateTime,
) -> Result<bool, StoreError> {
    if crate::store::accounts::address_confirmed(conn, email)? {
        return Ok(true);
    }
    let since = at - chrono::Duration::hours(24);
    let sent = crate::store::outbox::enqueued_to(conn, email, Invitation::TEMPLATE.name(), since)?;
    Ok(sent < i64::from(per_day))
}

/// The mails of a game's start (`game` as just started, at sequence 0): `your_turn` for
/// the seats that act first. Nothing when `game` has not started.
pub fn start_mails(
    conn: &mut DbConn,
    game: &Game,
    public_url: &str,
    at: NaiveDateTime,
) -> Result<Vec<NewMail>, StoreError> {
    if game.state.is_none() || ::games::registry::kind(&game.kind).is_none() {
        return Ok(Vec::new());
    }
    let tail = crate::store::games::turns_between(conn, &game.id, game.state_seq, game.seq)?;
    let engine = crate::game::table::restore(game, game.seq, &tail)
        .map_err(|e| data_error(std::io::Error::other(e)))?;
    turn_mails(
        conn,
        &TurnFacts {
            game_id: &game.id,
            game,
            seq: game.seq,
            engine: engine.as_ref(),
            told: &[],
            events: &[],
            at,
            public_url,
        },
        None,
    )
}

/// The `stand_in` mail to the other players of `game` (who want game mail; bots get
/// none): a stand-in bot took seat `seat` (`started`), or its player took it back.
/// `players`: the game's seats with their players' names.
pub fn stand_in_mails(
    conn: &mut DbConn,
    game: &Game,
    players: &[crate::store::games::SeatedPlayer],
    seat: i64,
    started: bool,
    public_url: &str,
    at: NaiveDateTime,
) -> Result<Vec<NewMail>, StoreError> {
    let Some(absent) = players.iter().find(|p| p.seat.seat == Some(seat)) else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = {
        let mut names = Vec::new();
        for p in players {
            if let Some(s) = p.seat.seat.and_then(|s| usize::try_from(s).ok()) {
                if names.len() <= s {
                    names.resize(s + 1, String::new());
                }
                if let Some(slot) = names.get_mut(s) {
                    *slot = p.display_name.clone();
                }
            }
        }
        names
    };
    let god = match (crate::kinds::of(&game.kind), usize::try_from(seat).ok()) {
        (Some(kind), Some(s)) => kind.player_name(&names, s),
        _ => absent.display_name.clone(),
    };
    let data = crate::mail::StandIn {
        game_name: game_name(&game.kind, &game.id),
        god,
        started,
        level: game.stand_in_level.clone(),
        game_url: game_url(public_url, &game.id),
    }
    .to_data()
    .map_err(data_error)?;
    let others = crate::store::games::other_players_to_mail(
        conn,
        &game.id,
        &absent.seat.user_id,
        PREF_NONE,
    )?;
    let what = if started { "started" } else { "ended" };
    Ok(others
        .into_iter()
        .map(|(user_id, name, email)| NewMail {
            dedupe_key: Some(format!(
                "stand_in_{what}:{}:{}:{seat}:{user_id}",
                game.id, game.seq
            )),
            template: crate::mail::StandIn::TEMPLATE.name(),
            user_id: Some(user_id),
            to_addr: email,
            to_name: Some(name),
            game_id: Some(game.id.clone()),
            seq: Some(game.seq),
            data: data.clone(),
            at,
        })
        .collect())
}

/// The talk mails a message at `game`'s table causes: one to each other player who asked
/// for talk by mail as it is posted (and gets game mail at all), unless one is already
/// waiting for them in this game; due at once, or `minutes` after their last talk mail
/// there (the batch: what is said meanwhile goes into it). The talk itself is read when
/// the mail is sent (`crate::store::talk::window`).
pub fn talk_mails(
    conn: &mut DbConn,
    game: &Game,
    speaker: &str,
    seq: i64,
    minutes: u32,
    at: NaiveDateTime,
) -> Result<Vec<NewMail>, StoreError> {
    let others = crate::store::games::other_players_to_mail(conn, &game.id, speaker, PREF_NONE)?;
    let ids: Vec<String> = others.iter().map(|(id, _, _)| id.clone()).collect();
    let wanting = crate::store::talk::at_once(conn, &ids)?;
    let data = crate::mail::Talk {
        game_name: game_name(&game.kind, &game.id),
        talk: crate::mail::TalkLines::default(),
        talk_url: LINK_AT_SEND.to_string(),
    }
    .to_data()
    .map_err(data_error)?;
    let mut out = Vec::new();
    for (user_id, name, email) in others {
        if !wanting.contains(&user_id) {
            continue;
        }
        let (last, waiting) = crate::store::talk::last_talk_mail(conn, &game.id, &user_id)?;
        if waiting {
            continue;
        }
        let due = last.map_or(at, |last| {
            at.max(last + chrono::Duration::minutes(i64::from(minutes)))
        });
        out.push(NewMail {
            dedupe_key: Some(format!(
                "talk:{}:{user_id}:{}",
                game.id,
                due.and_utc().timestamp_micros()
            )),
            template: crate::mail::Talk::TEMPLATE.name(),
            user_id: Some(user_id),
            to_addr: email,
            to_name: Some(name),
            game_id: Some(game.id.clone()),
            seq: Some(seq),
            data: data.clone(),
            at: due,
        });
    }
    Ok(out)
}

/// The rematch mails: to each player of `game` but the proposer, who may accept by a
/// click or a reply.
pub fn rematch_mails(
    conn: &mut DbConn,
    game: &Game,
    proposer: &str,
    accepted: &[String],
    waiting: &[String],
    at: NaiveDateTime,
) -> Result<Vec<NewMail>, StoreError> {
    let others = crate::store::games::other_players_to_mail(conn, &game.id, proposer, PREF_NONE)?;
    let proposer_name = accepted.first().cloned().unwrap_or_default();
    let data = crate::mail::Rematch {
        game_name: game_name(&game.kind, &game.id),
        proposer: proposer_name,
        game_kind: kind_title(&game.kind),
        accepted: accepted.to_vec(),
        waiting: waiting.to_vec(),
        rematch_url: LINK_AT_SEND.to_string(),
    }
    .to_data()
    .map_err(data_error)?;
    Ok(others
        .into_iter()
        .map(|(user_id, name, email)| NewMail {
            dedupe_key: Some(format!("rematch:{}:{user_id}", game.id)),
            template: crate::mail::Rematch::TEMPLATE.name(),
            user_id: Some(user_id),
            to_addr: email,
            to_name: Some(name),
            game_id: Some(game.id.clone()),
            seq: Some(game.seq),
            data: data.clone(),
            at,
        })
        .collect())
}
