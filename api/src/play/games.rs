//! Creating games and filling their seats: a user creates a game, takes a seat, invites an
//! address to play or to watch.
//!
//! One entry point per act ([`create`], [`join`], [`invite`], [`invite_spectator`]), each
//! taking plain values (the user's id, the game's id, what they asked for) and owning every
//! check, the write (game, seats, invitations, their mail, the events, in one transaction)
//! and the wakes after it. The API's `POST /games`, `/games/{id}/join`, `/invites`,
//! `/spectators` and the lobby's forms only translate to and from these.
//! Must not: know about HTTP requests, forms or response bodies.

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::outbox::compose;
use crate::play;
use crate::play::accounts::parse_email;
use crate::state::AppState;
use crate::store::events::Wake;
use crate::store::games::{self as store, JoinError, StartPlan};
use crate::store::models::{new_id, Game, Invite, Seat, OPEN, WATCHERS, WATCH_SIGNED_IN};
use crate::store::{accounts, outbox, prefs};
use ::games::bots::Level;
use ::games::registry;
use ::games::{Seed, SeedScheme};
use rand::seq::SliceRandom;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// A game as its creator asks for it (`POST /games`' body, the lobby's form).
pub struct NewGame {
    pub kind: String,
    pub seats: i64,
    pub options: Value,
    /// Assign seats at random when the game starts; `false` keeps join order.
    pub random_seats: bool,
    /// Email addresses to invite.
    pub invite: Vec<String>,
    /// Time per turn in whole hours, 1 to 336 (14 days); `None` is 72.
    pub turn_hours: Option<i64>,
    /// What happens when a seat's time runs out: `stand_in` (`None`), `auto_pass`,
    /// `forfeit`, `wait`.
    pub timeout_policy: Option<String>,
    /// The level a stand-in plays at: `greedy` (`None`), `random`, `strong`.
    pub stand_in_level: Option<String>,
    /// Seats the engine's bots play, as sent: each `{"level": LEVEL}` ([`bot_seats`]).
    pub bots: Vec<Value>,
    /// The creator's own seed for the game's randomness (`docs/players/replay.md`); the server
    /// draws one when `None`.
    pub player_seed: Option<String>,
    /// Who may watch: `signed_in` (`None`), `players`, or `invited`.
    pub watchers: Option<String>,
}

/// How a user asks for a seat.
pub struct Join {
    /// The game's join code; not needed by an invited user.
    pub code: Option<String>,
    /// The player's own seed for the game's randomness; the server draws one when `None`.
    pub player_seed: Option<String>,
}

/// An address invited to play or to watch (as the API answers it: `{game_id, email}`).
pub struct Invited {
    pub game_id: String,
    /// The address as stored (normalised).
    pub email: String,
}

/// Who may watch, as asked, or a 422 naming the field.
fn watchers(sent: Option<&str>) -> ApiResult<String> {
    let w = sent.unwrap_or(WATCH_SIGNED_IN);
    if WATCHERS.contains(&w) {
        Ok(w.to_string())
    } else {
        Err(ApiError::unprocessable(
            "invalid_watchers",
            format!(
                "`watchers` must be one of {}, not {w:?}",
                WATCHERS.join(", ")
            ),
        )
        .said(
            "problem-watchers",
            vec![
                ("codes", WATCHERS.join(", ").into()),
                ("given", format!("{w:?}").into()),
            ],
        )
        .with("field", "watchers"))
    }
}

/// Charge `sender`'s invitations of `emails` against the bound on new addresses a day
/// (`crate::store::invitations`), inside the transaction that writes them: a refusal
/// writes nothing. A request that needs more than a whole day allows is a 422
/// `too_many_invitations`; one that needs more than is left today a 429
/// `invitation_limit` with `Retry-After` (when enough is left for it).
fn charge_invitations(
    conn: &mut crate::store::DbConn,
    sender: &str,
    emails: &[String],
    limit: u32,
    at: chrono::NaiveDateTime,
) -> ApiResult<()> {
    use crate::store::invitations::{charge, Refusal};
    const SETTING: &str = "invite_unconfirmed_per_user_per_day";
    match charge(conn, sender, emails, limit, at)? {
        Ok(()) => Ok(()),
        Err(Refusal::TooMany { limit, requested }) => Err(ApiError::unprocessable(
            "too_many_invitations",
            format!(
                "a user may invite at most {limit} addresses that no confirmed account has in 24 hours ({SETTING}); this request invites {requested}: invite fewer"
            ),
        )
        .said(
            "problem-too-many-invitations",
            vec![("limit", limit.into()), ("requested", requested.into())],
        )
        .with("limit", limit)
        .with("requested", requested)),
        Err(Refusal::Spent {
            limit,
            remaining,
            requested,
            retry_after,
        }) => Err(ApiError::new(
            ::http::StatusCode::TOO_MANY_REQUESTS,
            "invitation_limit",
            format!(
                "a user may invite at most {limit} addresses that no confirmed account has in 24 hours ({SETTING}); {remaining} left now, this request needs {requested}: try again in {retry_after} seconds"
            ),
        )
        .said(
            "problem-invitation-limit",
            vec![
                ("limit", limit.into()),
                ("remaining", remaining.into()),
                ("requested", requested.into()),
                ("retry", retry_after.into()),
            ],
        )
        .with_retry_after(retry_after)
        .with("limit", limit)
        .with("remaining", remaining)
        .with("requested", requested)
        .with("retry_after", retry_after)),
    }
}

/// The longest player seed, in characters.
pub const PLAYER_SEED_MAX_CHARS: usize = 128;

/// A player's seed as sent (1 to 128 characters, no control characters, used as its UTF-8
/// bytes), or one the server draws for a player who sent none (32 random bytes as 64 hex
/// digits): `(seed, by)` with `by` `player` or `server`.
fn player_seed(sent: Option<String>) -> ApiResult<(String, &'static str)> {
    let Some(seed) = sent else {
        return Ok((hex::encode(rand::random::<[u8; 32]>()), "server"));
    };
    let chars = seed.chars().count();
    if chars == 0 || chars > PLAYER_SEED_MAX_CHARS || seed.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(
            "invalid_player_seed",
            format!(
                "`player_seed` must be 1 to {PLAYER_SEED_MAX_CHARS} characters without control characters, or left out for the server to draw one"
            ),
        )
        .said(
            "problem-player-seed",
            vec![("max", PLAYER_SEED_MAX_CHARS.into())],
        )
        .with("field", "player_seed"));
    }
    Ok((seed, "player"))
}

/// The time per turn a game may have, in hours (`docs/players/deadlines.md`).
pub const TURN_HOURS: std::ops::RangeInclusive<i64> = 1..=336;
pub const DEFAULT_TURN_HOURS: i64 = 72;
/// The timeout policies, the default first (`docs/players/deadlines.md` says why).
pub const TIMEOUT_POLICIES: [&str; 4] = ["stand_in", "auto_pass", "forfeit", "wait"];
/// The level a game's stand-ins play at unless its creator chose another.
pub const DEFAULT_STAND_IN_LEVEL: Level = Level::Greedy;

/// The levels of the seats the engine's bots play, as asked (`bots`: each
/// `{"level": LEVEL}`), or a 422 naming the item at fault. At least one seat of `seats`
/// is a person's: the creator's.
pub fn bot_seats(sent: &[Value], seats: i64) -> ApiResult<Vec<Level>> {
    let levels = Level::ALL.map(Level::name).join(", ");
    let mut out = Vec::with_capacity(sent.len());
    for (i, item) in sent.iter().enumerate() {
        let field = format!("bots[{i}]");
        let Some(obj) = item.as_object() else {
            return Err(ApiError::unprocessable(
                "invalid_bots",
                format!("`{field}` must be an object, e.g. {{\"level\": \"greedy\"}}"),
            )
            .said(
                "problem-bot-not-object",
                vec![
                    ("field", field.clone().into()),
                    ("example", r#"{"level": "greedy"}"#.into()),
                ],
            )
            .with("field", field));
        };
        if let Some(extra) = obj.keys().find(|k| k.as_str() != "level") {
            return Err(ApiError::unprocessable(
                "invalid_bots",
                format!("`{field}` has a field {extra:?}; a bot seat has only `level`"),
            )
            .said(
                "problem-bot-extra-field",
                vec![
                    ("field", field.clone().into()),
                    ("extra", format!("{extra:?}").into()),
                ],
            )
            .with("field", format!("{field}.{extra}")));
        }
        let name = obj.get("level").and_then(Value::as_str);
        let Some(level) = name.and_then(play::bots::level) else {
            return Err(ApiError::unprocessable(
                "invalid_bots",
                format!("`{field}.level` must be one of {levels}"),
            )
            .said(
                "problem-bot-level",
                vec![
                    ("field", field.clone().into()),
                    ("levels", levels.clone().into()),
                ],
            )
            .with("field", format!("{field}.level")));
        };
        out.push(level);
    }
    let room = usize::try_from(seats.saturating_sub(1)).unwrap_or(0);
    if out.len() > room {
        return Err(ApiError::unprocessable(
            "too_many_bots",
            format!(
                "{} bot seats in a game of {seats}: at most {room}, one seat is yours",
                out.len()
            ),
        )
        .said(
            "problem-too-many-bots",
            vec![
                ("count", out.len().into()),
                ("seats", seats.into()),
                ("max", room.into()),
            ],
        )
        .with("field", "bots"));
    }
    Ok(out)
}

/// The stand-ins' level as asked, or a 422 naming the field.
fn stand_in_level(sent: Option<&str>) -> ApiResult<Level> {
    match sent {
        None => Ok(DEFAULT_STAND_IN_LEVEL),
        Some(name) => play::bots::level(name).ok_or_else(|| {
            ApiError::unprocessable(
                "invalid_stand_in_level",
                format!(
                    "`stand_in_level` must be one of {}, not {name:?}",
                    Level::ALL.map(Level::name).join(", ")
                ),
            )
            .said(
                "problem-stand-in-level",
                vec![
                    ("levels", Level::ALL.map(Level::name).join(", ").into()),
                    ("given", format!("{name:?}").into()),
                ],
            )
            .with("field", "stand_in_level")
        }),
    }
}

/// The game clock a creator asked for: `(turn_seconds, timeout_policy)`, or a 422 naming
/// the field.
fn game_clock(body: &NewGame) -> ApiResult<(i64, String)> {
    let hours = body.turn_hours.unwrap_or(DEFAULT_TURN_HOURS);
    if !TURN_HOURS.contains(&hours) {
        return Err(ApiError::unprocessable(
            "invalid_turn_hours",
            format!(
                "`turn_hours` must be a whole number of hours from {} to {} (14 days), not {hours}",
                TURN_HOURS.start(),
                TURN_HOURS.end()
            ),
        )
        .said(
            "problem-turn-hours",
            vec![
                ("min", (*TURN_HOURS.start()).into()),
                ("max", (*TURN_HOURS.end()).into()),
                ("given", hours.into()),
            ],
        )
        .with("field", "turn_hours"));
    }
    let policy = body
        .timeout_policy
        .as_deref()
        .unwrap_or(TIMEOUT_POLICIES[0]);
    if !TIMEOUT_POLICIES.contains(&policy) {
        return Err(ApiError::unprocessable(
            "invalid_timeout_policy",
            format!(
                "`timeout_policy` must be one of {}, not {policy:?}",
                TIMEOUT_POLICIES.join(", ")
            ),
        )
        .said(
            "problem-timeout-policy",
            vec![
                ("codes", TIMEOUT_POLICIES.join(", ").into()),
                ("given", format!("{policy:?}").into()),
            ],
        )
        .with("field", "timeout_policy"));
    }
    Ok((hours * 3600, policy.to_string()))
}

/// A join code: 10 characters from an alphabet without look-alikes.
pub(crate) fn join_code() -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let mut rng = rand::thread_rng();
    (0..10)
        .map(|_| char::from(*ALPHABET.choose(&mut rng).unwrap_or(&b'X')))
        .collect()
}

/// Create a game for `creator` (`POST /games` and the lobby's form): every check, then the
/// game, its invitations and the creator's seat in one transaction.
pub async fn create(state: &AppState, creator: &str, body: NewGame) -> ApiResult<Table> {
    let kind = registry::kind(&body.kind).ok_or_else(|| {
        let known: Vec<&str> = registry::KINDS.iter().map(|k| k.name()).collect();
        ApiError::unprocessable(
            "unknown_kind",
            format!("no game kind {:?}; known: {}", body.kind, known.join(", ")),
        )
        .said(
            "problem-unknown-kind",
            vec![
                ("given", format!("{:?}", body.kind).into()),
                ("kinds", known.join(", ").into()),
            ],
        )
    })?;
    let range = kind.seat_counts();
    let seats_ok = usize::try_from(body.seats).is_ok_and(|n| range.contains(&n));
    if !seats_ok {
        return Err(ApiError::unprocessable(
            "invalid_seats",
            format!(
                "{} is for {} to {} players",
                kind.name(),
                range.start(),
                range.end()
            ),
        )
        .said(
            "problem-seats",
            vec![
                ("kind", kind.name().into()),
                ("min", (*range.start()).into()),
                ("max", (*range.end()).into()),
            ],
        ));
    }
    let options = kind
        .check_options(&body.options)
        .map_err(|e| ApiError::unprocessable("invalid_options", e.to_string()))?;
    let (turn_seconds, timeout_policy) = game_clock(&body)?;
    let bots = bot_seats(&body.bots, body.seats)?;
    let stand_in_level = stand_in_level(body.stand_in_level.as_deref())?;
    let (my_seed, my_seed_by) = player_seed(body.player_seed.clone())?;
    let watchers = watchers(body.watchers.as_deref())?;
    let mut invites = body
        .invite
        .iter()
        .map(|e| parse_email("invite", e))
        .collect::<ApiResult<Vec<String>>>()?;
    // Twice the same address would be a unique violation, which aborts a Postgres
    // transaction even when caught.
    invites.sort();
    invites.dedup();
    let seed: [u8; 32] = rand::random();
    // Some options are checked only when a game is set up (e.g. one that needs another):
    // set one up now, so that a bad combination is refused here and not when the last
    // seat fills.
    let seats = usize::try_from(body.seats).map_err(ApiError::internal)?;
    kind.new_game(Seed(seed), seats, &options)
        .map_err(|e| ApiError::unprocessable("invalid_options", e.to_string()))?;
    let at = state.clock.now_naive();
    let timing = state.timing();
    let game = Game {
        id: new_id(),
        kind: kind.name().to_string(),
        options: options.to_string(),
        seat_count: body.seats,
        random_seats: body.random_seats,
        status: OPEN.to_string(),
        created_by: creator.to_string(),
        join_code: join_code(),
        seed: hex::encode(seed),
        seed_commitment: hex::encode(Sha256::digest(seed)),
        players: 0,
        seq: 0,
        state: None,
        state_seq: 0,
        to_act: "[]".to_string(),
        outcome: None,
        created_at: at,
        started_at: None,
        ended_at: None,
        updated_at: at,
        turn_seconds,
        timeout_policy,
        seed_scheme: SeedScheme::CURRENT.number(),
        watchers,
        engine_version: Some(i64::from(kind.engine_version())),
        stand_in_level: stand_in_level.name().to_string(),
    };
    let deck = options
        .get("deck")
        .and_then(Value::as_str)
        .map(str::to_string);
    let user_id = creator.to_string();
    let public_url = state.public_url.clone();
    let mail_at = state.clock.now_naive();
    let per_day = state.mail_unconfirmed_per_day;
    let invite_limit = state.invite_unconfirmed_per_user_per_day;
    let (table, wakes) = state.db.group_write(move |conn| {
        let mut wakes: Vec<Wake> = Vec::new();
        // All or nothing: no game is left behind without its creator, and each invited
        // address gets its invitation (`crate::outbox::compose`).
        // A game played with a deck of cards (Dreams) names one that exists.
        if let Some(deck) = deck.as_deref() {
            if !crate::store::decks::deck_exists(conn, deck)? {
                return Err(ApiError::unprocessable(
                    "invalid_options",
                    format!("options: there is no deck {deck:?} (use \"standard\" or the id of a deck from POST /decks)"),
                )
                .said("problem-no-such-deck", vec![("deck", format!("{deck:?}").into())])
                .with("field", "options.deck"));
            }
        }
        crate::auth::existing_user(conn, &user_id)?;
        crate::store::write_transaction(conn, |conn| {
            // The whole list or none of it: a game is not created with some of its
            // invitations (nor, on a refusal, at all).
            charge_invitations(conn, &user_id, &invites, invite_limit, at)?;
            store::insert_game(conn, &game)?;
            for email in invites {
                store::invite(
                    conn,
                    &Invite {
                        game_id: game.id.clone(),
                        email: email.clone(),
                        invited_by: user_id.clone(),
                        created_at: at,
                    },
                )?;
                let mail = compose::invitation_mail(
                    conn,
                    &game.id,
                    &game.kind,
                    game.seat_count,
                    game.turn_seconds,
                    &game.join_code,
                    &user_id,
                    &email,
                    &public_url,
                    mail_at,
                )?;
                if !prefs::refuses_mail(conn, &email)?
                    && compose::may_mail_invitation(conn, &email, per_day, mail_at)?
                {
                    outbox::enqueue(conn, &mail)?;
                }
                wakes.push(play::events::after_invite(conn, &game, &email, &user_id, at)?);
            }
            store::join(
                conn,
                &game.id,
                (&user_id, None),
                (&my_seed, my_seed_by),
                &timing,
                plan_start,
                |conn, started| {
                    wakes.push(play::events::after_start(conn, started, mail_at)?);
                    compose::start_mails(conn, started, &public_url, mail_at)
                },
            )
            .map_err(join_error)?;
            // Then the bots, after the creator (join order seats a game without random
            // seats), each a microsecond later: the game starts with the last seat.
            let mut numbered: std::collections::HashMap<Level, usize> = Default::default();
            for (level, n) in bots.iter().copied().zip(1i64..) {
                let count = numbered.entry(level).or_default();
                *count += 1;
                let bot = crate::store::bots::engine_bot_id(level.name(), *count);
                crate::store::bots::ensure_engine_bot(
                    conn,
                    &bot,
                    &play::bots::bot_name(level, *count),
                )?;
                let timing = crate::store::deadlines::Timing {
                    now: timing.now + chrono::Duration::microseconds(n),
                    ..timing
                };
                let (seed, by) = player_seed(None)?;
                store::join(
                    conn,
                    &game.id,
                    (&bot, Some(level.name())),
                    (&seed, by),
                    &timing,
                    plan_start,
                    |conn, started| {
                        wakes.push(play::events::after_start(conn, started, mail_at)?);
                        compose::start_mails(conn, started, &public_url, mail_at)
                    },
                )
                .map_err(join_error)?;
            }
            Ok((Table::load(conn, &game.id)?, wakes))
        })
    })
    .await?;
    wakes.into_iter().for_each(|w| state.streams.wake(w));
    crate::outbox::wake(state);
    if play::bots::plays_any(&table.players, &table.to_act()) {
        play::bots::wake(state);
    }
    tracing::info!(game.id = %table.game.id, kind = %table.game.kind, "game created");
    Ok(table)
}

/// Seat the players (shuffled unless fixed) and set up the game from its seed: the
/// server's seed and, from seed scheme 2 on, every player's seed in seat order, fixed now
/// that the last seat is taken (`docs/players/replay.md`).
fn plan_start(game: &Game, joined: &[Seat]) -> Result<StartPlan, String> {
    let mut order: Vec<&Seat> = joined.iter().collect();
    if game.random_seats {
        order.shuffle(&mut rand::rngs::OsRng);
    }
    plan_in_order(game, order)
}

/// Set up `game` with its players seated in `order` (seat 0 first).
pub(crate) fn plan_in_order(game: &Game, order: Vec<&Seat>) -> Result<StartPlan, String> {
    let kind = registry::kind(&game.kind).ok_or("unknown kind")?;
    let player_seeds: Vec<String> = order
        .iter()
        .map(|s| s.player_seed.clone().unwrap_or_default())
        .collect();
    let (seed, generator) = game.engine_seed(&player_seeds)?;
    let options: Value = serde_json::from_str(&game.options).map_err(|e| e.to_string())?;
    let engine = kind
        .new_game_with(seed, generator, order.len(), &options)
        .map_err(|e| e.to_string())?;
    Ok(StartPlan {
        seats: order
            .into_iter()
            .map(|s| s.user_id.clone())
            .zip(0i64..)
            .collect(),
        state: engine.state().to_string(),
        to_act: json!(engine.to_act()).to_string(),
    })
}

pub(crate) fn join_error(e: JoinError) -> ApiError {
    match e {
        JoinError::NotOpen => ApiError::conflict("game_not_open", "the game has already started"),
        JoinError::Full => ApiError::conflict("game_full", "every seat is taken"),
        JoinError::AlreadySeated => {
            ApiError::conflict("already_seated", "you already have a seat in this game")
        }
        JoinError::Start(reason) => ApiError::internal(format!("cannot start: {reason}")),
        JoinError::Store(e) => e.into(),
    }
}

/// `user_id` takes a seat in game `id` (`POST /games/{id}/join` and the join page's
/// button), with the join code or by invitation to their confirmed address.
pub async fn join(state: &AppState, user_id: &str, id: String, body: Join) -> ApiResult<Table> {
    let code = body.code;
    let (my_seed, my_seed_by) = player_seed(body.player_seed)?;
    let caller_id = user_id.to_string();
    let user_id = caller_id.clone();
    let timing = state.timing();
    let public_url = state.public_url.clone();
    let mail_at = state.clock.now_naive();
    let (table, wake) = state
        .db
        .group_write(move |conn| {
            let mut wake = Wake::default();
            let game = store::game(conn, &id)?.ok_or_else(|| {
                ApiError::not_found("game_not_found", "there is no game with this id")
            })?;
            let user = crate::auth::existing_user(conn, &user_id)?;
            crate::play::rematch::refuse_plain_join(conn, &id)?;
            let allowed = match &code {
            Some(c) => c.trim().eq_ignore_ascii_case(&game.join_code),
            // An invitation is to an address: only its confirmed owner may take it (anyone
            // may register an address, but only its owner can confirm it).
            None => match accounts::confirmed_email(conn, &user_id)? {
                Some(email) => store::is_invited(conn, &id, &email)?,
                None if store::is_invited(conn, &id, &user.email)? => {
                    return Err(ApiError::forbidden(
                        "email_unconfirmed",
                        "an invitation is taken by the confirmed owner of the address: open the \
                         link in the welcome mail first, or join with the game's join code",
                    ))
                }
                None => false,
            },
        };
            if !allowed {
                return Err(match code {
                    Some(_) => {
                        ApiError::forbidden("bad_join_code", "this join code is not the game's")
                    }
                    None => ApiError::forbidden(
                        "not_invited",
                        "you are not invited to this game; ask a player for its join code",
                    ),
                });
            }
            store::join(
                conn,
                &id,
                (&user_id, None),
                (&my_seed, my_seed_by),
                &timing,
                plan_start,
                |conn, started| {
                    wake = play::events::after_start(conn, started, mail_at)?;
                    compose::start_mails(conn, started, &public_url, mail_at)
                },
            )
            .map_err(join_error)?;
            Ok((Table::load(conn, &id)?, wake))
        })
        .await?;
    state.streams.wake(wake);
    crate::outbox::wake(state);
    if play::bots::plays_any(&table.players, &table.to_act()) {
        play::bots::wake(state);
    }
    tracing::info!(game.id = %table.game.id, user.id = %caller_id, status = %table.game.status, "seat taken");
    Ok(table)
}

/// A player of open game `id` invites `email` (`POST /games/{id}/invites` and the lobby's
/// form).
pub async fn invite(
    state: &AppState,
    user_id: &str,
    id: String,
    email: &str,
) -> ApiResult<Invited> {
    let email = parse_email("email", email)?;
    let inviter = user_id.to_string();
    let public_url = state.public_url.clone();
    let mail_at = state.clock.now_naive();
    let per_day = state.mail_unconfirmed_per_day;
    let invite_limit = state.invite_unconfirmed_per_user_per_day;
    let out = state
        .db
        .write(move |conn| {
            let table = Table::load_for(conn, &id, &inviter)?;
            if !table.is_player(&inviter) {
                return Err(ApiError::forbidden(
                    "not_a_player",
                    "only the game's players may invite",
                ));
            }
            if table.game.status != OPEN {
                return Err(ApiError::conflict(
                    "game_not_open",
                    "the game has already started",
                ));
            }
            // The invitation mail's dedupe key settles a race between two invites of one
            // address before the invite row is written (a caught unique violation would
            // abort a Postgres transaction).
            let wake = crate::store::write_transaction(conn, |conn| -> ApiResult<Wake> {
                if store::is_invited(conn, &id, &email)? {
                    return Ok(Wake::default());
                }
                charge_invitations(
                    conn,
                    &inviter,
                    std::slice::from_ref(&email),
                    invite_limit,
                    mail_at,
                )?;
                let g = &table.game;
                let mail = compose::invitation_mail(
                    conn,
                    &g.id,
                    &g.kind,
                    g.seat_count,
                    g.turn_seconds,
                    &g.join_code,
                    &inviter,
                    &email,
                    &public_url,
                    mail_at,
                )?;
                // An address that asked for no mail, or that no confirmed account has and
                // that had its day's invitations (`compose::may_mail_invitation`), is still
                // invited, silently (the invite row below settles a second invitation).
                let fresh = if prefs::refuses_mail(conn, &email)?
                    || !compose::may_mail_invitation(conn, &email, per_day, mail_at)?
                {
                    true
                } else {
                    outbox::enqueue(conn, &mail)?
                };
                if fresh {
                    store::invite(
                        conn,
                        &Invite {
                            game_id: id.clone(),
                            email: email.clone(),
                            invited_by: inviter.clone(),
                            created_at: mail_at,
                        },
                    )?;
                    return Ok(play::events::after_invite(
                        conn, g, &email, &inviter, mail_at,
                    )?);
                }
                Ok(Wake::default())
            })?;
            Ok((Invited { game_id: id, email }, wake))
        })
        .await?;
    let (out, wake) = out;
    state.streams.wake(wake);
    crate::outbox::wake(state);
    Ok(out)
}

/// A player of game `id` invites `email` to watch it (`POST /games/{id}/spectators` and
/// the lobby's form): a game whose watchers are `invited` (for the others it changes
/// nothing they do not already allow, and is refused: 409 `watchers_not_invited`). Twice
/// is once. No mail is sent: the players tell their friend; the game appears for the
/// confirmed owner of the address.
pub async fn invite_spectator(
    state: &AppState,
    user_id: &str,
    id: String,
    email: &str,
) -> ApiResult<Invited> {
    let email = parse_email("email", email)?;
    let inviter = user_id.to_string();
    let at = state.clock.now_naive();
    let out = state.db.write(move |conn| {
        let table = Table::load_for(conn, &id, &inviter)?;
        if !table.is_player(&inviter) {
            return Err(ApiError::forbidden(
                "not_a_player",
                "only the game's players may invite spectators",
            ));
        }
        if table.game.watchers != crate::store::models::WATCH_INVITED {
            return Err(ApiError::conflict(
                "watchers_not_invited",
                format!(
                    "this game's watchers are {:?}: spectators are invited only to a game created with \"watchers\": \"invited\"",
                    table.game.watchers
                ),
            )
            .said(
                "problem-watchers-not-invited",
                vec![("watchers", format!("{:?}", table.game.watchers).into())],
            ));
        }
        store::add_spectator(conn, &id, &email, &inviter, at)?;
        Ok(Invited { game_id: id, email })
    })
    .await?;
    Ok(out)
}
