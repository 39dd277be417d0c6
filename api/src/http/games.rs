//! `/games`, `/games/{id}`, `/games/{id}/join`, `/games/{id}/invites`: creating games,
//! filling seats, listing and viewing them.
//!
//! Also the helpers the other game resources share: loading a game with its players,
//! the caller's seat, the engine for a stored state, and the game as the API shows it.
//! Every response is built from a view (`AnyGame::view`), never from the stored state.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
pub use crate::game::{kind_of, Table};
use crate::http::conditional;
use crate::http::object::Object;
use crate::http::users::parse_email;
use crate::outbox::compose;
use crate::play;
use crate::state::AppState;
use crate::store::events::Wake;
use crate::store::games::{self as store, JoinError, StartPlan};
use crate::store::models::{new_id, Game, Invite, Seat, OPEN, WATCHERS, WATCH_SIGNED_IN};
use crate::store::{accounts, outbox, prefs};
use ::games::registry;
use ::games::{Seed, SeedScheme};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use rand::seq::SliceRandom;
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The ETag of a turn's answer: the game's new sequence number (a `GET` of the game tags
/// it `"SEQ-HASH"`; either is a turn's `If-Match`).
pub fn etag(seq: i64) -> (header::HeaderName, String) {
    (header::ETAG, format!("\"{seq}\""))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub kind: String,
    #[serde(deserialize_with = "crate::http::integer")]
    pub seats: i64,
    #[serde(default)]
    pub options: Value,
    /// Assign seats at random when the game starts (default); `false` keeps join order.
    #[serde(default = "yes")]
    pub random_seats: bool,
    /// Email addresses to invite.
    #[serde(default)]
    pub invite: Vec<String>,
    /// Time per turn in whole hours, 1 to 336 (14 days); default 72.
    #[serde(default, deserialize_with = "crate::http::optional_integer")]
    pub turn_hours: Option<i64>,
    /// What happens when a seat's time runs out: `auto_pass` (default), `forfeit`, `wait`.
    #[serde(default)]
    pub timeout_policy: Option<String>,
    /// The creator's own seed for the game's randomness (`docs/players/replay.md`); the server
    /// draws one when absent.
    #[serde(default)]
    pub player_seed: Option<String>,
    /// Who may watch: `signed_in` (anyone signed in; the default), `players`, or `invited`
    /// (the players and the spectators they invite, `POST /games/{id}/spectators`).
    #[serde(default)]
    pub watchers: Option<String>,
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
        .with("limit", limit)
        .with("requested", requested)),
        Err(Refusal::Spent {
            limit,
            remaining,
            requested,
            retry_after,
        }) => Err(ApiError::new(
            actix_web::http::StatusCode::TOO_MANY_REQUESTS,
            "invitation_limit",
            format!(
                "a user may invite at most {limit} addresses that no confirmed account has in 24 hours ({SETTING}); {remaining} left now, this request needs {requested}: try again in {retry_after} seconds"
            ),
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
        .with("field", "player_seed"));
    }
    Ok((seed, "player"))
}

/// The time per turn a game may have, in hours (`docs/players/deadlines.md`).
pub const TURN_HOURS: std::ops::RangeInclusive<i64> = 1..=336;
pub const DEFAULT_TURN_HOURS: i64 = 72;
/// The timeout policies, the default first.
pub const TIMEOUT_POLICIES: [&str; 3] = ["auto_pass", "forfeit", "wait"];

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
        .with("field", "timeout_policy"));
    }
    Ok((hours * 3600, policy.to_string()))
}

fn yes() -> bool {
    true
}

/// A join code: 10 characters from an alphabet without look-alikes.
fn join_code() -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let mut rng = rand::thread_rng();
    (0..10)
        .map(|_| char::from(*ALPHABET.choose(&mut rng).unwrap_or(&b'X')))
        .collect()
}

pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: Object<NewGame>,
) -> ApiResult<HttpResponse> {
    let table = create_game(&state, &caller.user_id, body.into_inner()).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("{}/games/{}", state.base_path, table.game.id),
        ))
        .json(table.summary(&caller.user_id)))
}

/// Create a game for `creator` (`POST /games` and the lobby's form): every check, then the
/// game, its invitations and the creator's seat in one transaction.
pub async fn create_game(
    state: &web::Data<AppState>,
    creator: &str,
    body: NewGame,
) -> ApiResult<Table> {
    let kind = registry::kind(&body.kind).ok_or_else(|| {
        let known: Vec<&str> = registry::KINDS.iter().map(|k| k.name()).collect();
        ApiError::unprocessable(
            "unknown_kind",
            format!("no game kind {:?}; known: {}", body.kind, known.join(", ")),
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
        ));
    }
    let options = kind
        .check_options(&body.options)
        .map_err(|e| ApiError::unprocessable("invalid_options", e.to_string()))?;
    let (turn_seconds, timeout_policy) = game_clock(&body)?;
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
                &user_id,
                (&my_seed, my_seed_by),
                &timing,
                plan_start,
                |conn, started| {
                    wakes.push(play::events::after_start(conn, started, mail_at)?);
                    compose::start_mails(conn, started, &public_url, mail_at)
                },
            )
            .map_err(join_error)?;
            Ok((Table::load(conn, &game.id)?, wakes))
        })
    })
    .await?;
    wakes.into_iter().for_each(|w| state.streams.wake(w));
    crate::outbox::wake(state);
    tracing::info!(game.id = %table.game.id, kind = %table.game.kind, "game created");
    Ok(table)
}

/// Seat the players (shuffled unless fixed) and set up the game from its seed: the
/// server's seed and, from seed scheme 2 on, every player's seed in seat order, fixed now
/// that the last seat is taken (`docs/players/replay.md`).
fn plan_start(game: &Game, joined: &[Seat]) -> Result<StartPlan, String> {
    let kind = registry::kind(&game.kind).ok_or("unknown kind")?;
    let mut order: Vec<&Seat> = joined.iter().collect();
    if game.random_seats {
        order.shuffle(&mut rand::rngs::OsRng);
    }
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

fn join_error(e: JoinError) -> ApiError {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The game's join code; not needed by an invited user.
    pub code: Option<String>,
    /// The player's own seed for the game's randomness (`docs/players/replay.md`); the server
    /// draws one when absent.
    #[serde(default)]
    pub player_seed: Option<String>,
}

pub async fn join(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<Join>,
) -> ApiResult<HttpResponse> {
    let table = join_game(
        &state,
        &caller.user_id,
        path.into_inner(),
        body.into_inner(),
    )
    .await?;
    Ok(HttpResponse::Ok().json(table.summary(&caller.user_id)))
}

/// `user_id` takes a seat in game `id` (`POST /games/{id}/join` and the join page's
/// button), with the join code or by invitation to their confirmed address.
pub async fn join_game(
    state: &web::Data<AppState>,
    user_id: &str,
    id: String,
    body: Join,
) -> ApiResult<Table> {
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
                &user_id,
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
    tracing::info!(game.id = %table.game.id, user.id = %caller_id, status = %table.game.status, "seat taken");
    Ok(table)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewInvite {
    pub email: String,
}

pub async fn invite(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<NewInvite>,
) -> ApiResult<HttpResponse> {
    let out = invite_address(
        &state,
        &caller.user_id,
        path.into_inner(),
        &body.into_inner().email,
    )
    .await?;
    Ok(HttpResponse::Created().json(out))
}

/// A player of open game `id` invites `email` (`POST /games/{id}/invites` and the lobby's
/// form): `{game_id, email}`.
pub async fn invite_address(
    state: &web::Data<AppState>,
    user_id: &str,
    id: String,
    email: &str,
) -> ApiResult<Value> {
    let email = parse_email("email", email)?;
    let caller = Caller {
        user_id: user_id.to_string(),
    };
    let public_url = state.public_url.clone();
    let mail_at = state.clock.now_naive();
    let per_day = state.mail_unconfirmed_per_day;
    let invite_limit = state.invite_unconfirmed_per_user_per_day;
    let out = state
        .db
        .write(move |conn| {
            let table = Table::load_for(conn, &id, &caller.user_id)?;
            if !table.is_player(&caller.user_id) {
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
                    &caller.user_id,
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
                    &caller.user_id,
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
                            invited_by: caller.user_id.clone(),
                            created_at: mail_at,
                        },
                    )?;
                    return Ok(play::events::after_invite(
                        conn,
                        g,
                        &email,
                        &caller.user_id,
                        mail_at,
                    )?);
                }
                Ok(Wake::default())
            })?;
            Ok((json!({ "game_id": id, "email": email }), wake))
        })
        .await?;
    let (out, wake) = out;
    state.streams.wake(wake);
    crate::outbox::wake(state);
    Ok(out)
}

/// `POST /games/{id}/spectators` `{"email": …}`: a player invites an address to watch a
/// game whose watchers are `invited` (for the others it changes nothing they do not
/// already allow, and is refused: 409 `watchers_not_invited`). Twice is once. No mail is
/// sent: the players tell their friend; the game appears for the confirmed owner of the
/// address.
pub async fn add_spectator(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<NewInvite>,
) -> ApiResult<HttpResponse> {
    let out = invite_spectator(
        &state,
        &caller.user_id,
        path.into_inner(),
        &body.into_inner().email,
    )
    .await?;
    Ok(HttpResponse::Created().json(out))
}

/// A player of game `id` invites `email` to watch it (`POST /games/{id}/spectators` and
/// the lobby's form): `{game_id, email}`.
pub async fn invite_spectator(
    state: &web::Data<AppState>,
    user_id: &str,
    id: String,
    email: &str,
) -> ApiResult<Value> {
    let email = parse_email("email", email)?;
    let caller = Caller {
        user_id: user_id.to_string(),
    };
    let at = state.clock.now_naive();
    let out = state.db.write(move |conn| {
        let table = Table::load_for(conn, &id, &caller.user_id)?;
        if !table.is_player(&caller.user_id) {
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
            ));
        }
        store::add_spectator(conn, &id, &email, &caller.user_id, at)?;
        Ok(json!({ "game_id": id, "email": email }))
    })
    .await?;
    Ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    /// Only the games where the caller must act now.
    #[serde(default)]
    pub must_act: bool,
    /// At most this many games (default [`LIST_PAGE`], at most [`LIST_MAX`]).
    pub limit: Option<i64>,
    /// The `next_cursor` of the page before.
    pub cursor: Option<String>,
}

/// Games per page of `GET /games` by default, and at most.
pub const LIST_PAGE: i64 = 100;
pub const LIST_MAX: i64 = 500;

/// The cursor after `k` (opaque to clients; its time is fixed-width UTC).
fn list_cursor(k: &store::ListKey) -> String {
    conditional::cursor(&json!({
        "t": k.my_turn,
        "u": k.updated_at.and_utc().format("%Y-%m-%dT%H:%M:%S%.9fZ").to_string(),
        "id": k.id,
    }))
}

fn read_list_cursor(c: &str) -> ApiResult<store::ListKey> {
    let v = conditional::read_cursor(c)?;
    let at = v["u"]
        .as_str()
        .and_then(|u| chrono::DateTime::parse_from_rfc3339(u).ok());
    match (v["t"].as_bool(), at, v["id"].as_str()) {
        (Some(my_turn), Some(at), Some(id)) => Ok(store::ListKey {
            my_turn,
            updated_at: at.naive_utc(),
            id: id.to_string(),
        }),
        _ => Err(ApiError::bad_request(
            "invalid_cursor",
            "`cursor` must be a `next_cursor` this server gave",
        )),
    }
}

pub async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ListQuery>,
) -> ApiResult<HttpResponse> {
    let ListQuery {
        must_act,
        limit,
        cursor,
    } = query.into_inner();
    let limit = limit.unwrap_or(LIST_PAGE);
    if !(1..=LIST_MAX).contains(&limit) {
        return Err(ApiError::bad_request(
            "invalid_query",
            format!("`limit` must be 1 to {LIST_MAX}"),
        ));
    }
    let after = cursor.as_deref().map(read_list_cursor).transpose()?;
    let user_id = caller.user_id.clone();
    let (out, next_cursor) = state
        .db
        .conn(move |conn| {
            crate::auth::existing_user(conn, &user_id)?;
            // Invitations are shown to the confirmed owner of the address only.
            let invited_as = accounts::confirmed_email(conn, &user_id)?;
            // One more than the page, to know whether another follows.
            let mut games = store::page_of_games(
                conn,
                &user_id,
                invited_as.as_deref(),
                must_act,
                after.as_ref(),
                limit + 1,
            )?;
            let more = games.len() > usize::try_from(limit).unwrap_or(usize::MAX);
            games.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
            let next_cursor = match games.last() {
                Some((last, my_turn)) if more => Some(list_cursor(&store::ListKey {
                    my_turn: *my_turn,
                    updated_at: last.updated_at,
                    id: last.id.clone(),
                })),
                _ => None,
            };
            let mut out = Vec::with_capacity(games.len());
            for table in Table::list(conn, games.into_iter().map(|(game, _)| game).collect())? {
                let mut summary = table.summary(&user_id);
                summary["invited"] = json!(!table.is_player(&user_id));
                summary["updated_at"] = json!(table.game.updated_at.and_utc());
                out.push(summary);
            }
            Ok((out, next_cursor))
        })
        .await?;
    let body = json!({ "games": out, "next_cursor": next_cursor });
    Ok(conditional::json(&req, &caller.user_id, None, &body))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ViewQuery {
    /// `spectator` to see what a spectator sees even when seated.
    #[serde(default, rename = "as")]
    pub as_: Option<ViewAs>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ViewAs {
    Spectator,
}

pub async fn get(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<ViewQuery>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let spectator = query.as_ == Some(ViewAs::Spectator);
    let user_id = caller.user_id.clone();
    let reader = user_id.clone();
    let table = state
        .db
        .conn(move |conn| Table::load_for(conn, &id, &reader))
        .await?;
    let mut out = table.summary(&user_id);
    out["view"] = match table.game.state {
        Some(_) => table
            .engine(&state.hot)?
            .view(table.viewer(&user_id, spectator)),
        None => Value::Null,
    };
    // `"SEQ-HASH"`: changes with anything this reader sees (`crate::http::conditional`).
    Ok(conditional::json(
        &req,
        &caller.user_id,
        Some(table.game.seq),
        &out,
    ))
}

/// `POST /games/{id}/resign`: your seat drops out (`crate::play::leave`).
pub async fn resign(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let (app, user_id) = (state.clone(), caller.user_id.clone());
    let table = state
        .db
        .conn(move |conn| crate::play::leave::resign(conn, &app, &id, &user_id))
        .await?;
    Ok(HttpResponse::Ok().json(table.summary(&caller.user_id)))
}

/// `POST /games/{id}/abort`: end a game nobody has moved in yet (`crate::play::leave`).
pub async fn abort(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let (app, user_id) = (state.clone(), caller.user_id.clone());
    let table = state
        .db
        .conn(move |conn| crate::play::leave::abort(conn, &app, &id, &user_id))
        .await?;
    Ok(HttpResponse::Ok().json(table.summary(&caller.user_id)))
}

/// `DELETE /games/{id}`: the creator deletes a game that has not started.
pub async fn delete(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let app = state.clone();
    state
        .db
        .conn(move |conn| crate::play::leave::delete(conn, &app, &id, &caller.user_id))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
