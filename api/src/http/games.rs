//! `/games`, `/games/{id}`, `/games/{id}/join`, `/games/{id}/invites`,
//! `/games/{id}/spectators`: creating games, filling seats, listing and viewing them.
//!
//! Creating, joining and inviting are acts (`crate::play::games`): the handlers here parse
//! the body into the act's plain values and shape its answer. Also the helpers the other
//! game resources share: the game as the API shows it. Every response is built from a
//! view (`AnyGame::view`), never from the stored state.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
pub use crate::game::{kind_of, Table};
use crate::http::conditional;
use crate::http::object::Object;
use crate::play::games as acts;
use crate::state::AppState;
use crate::store::accounts;
use crate::store::games as store;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

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
    /// What happens when a seat's time runs out: `stand_in` (default), `auto_pass`,
    /// `forfeit`, `wait`.
    #[serde(default)]
    pub timeout_policy: Option<String>,
    /// The level a stand-in plays at (`random`, `greedy`, `strong`); default `greedy`.
    #[serde(default)]
    pub stand_in_level: Option<String>,
    /// Seats the engine's bots play, each `{"level": "greedy"}`; checked by the act, which
    /// names the item at fault.
    #[serde(default)]
    pub bots: Vec<Value>,
    /// The creator's own seed for the game's randomness (`docs/players/replay.md`); the server
    /// draws one when absent.
    #[serde(default)]
    pub player_seed: Option<String>,
    /// Who may watch: `signed_in` (anyone signed in; the default), `players`, or `invited`
    /// (the players and the spectators they invite, `POST /games/{id}/spectators`).
    #[serde(default)]
    pub watchers: Option<String>,
}

impl From<NewGame> for acts::NewGame {
    fn from(b: NewGame) -> acts::NewGame {
        acts::NewGame {
            kind: b.kind,
            seats: b.seats,
            options: b.options,
            random_seats: b.random_seats,
            invite: b.invite,
            turn_hours: b.turn_hours,
            timeout_policy: b.timeout_policy,
            stand_in_level: b.stand_in_level,
            bots: b.bots,
            player_seed: b.player_seed,
            watchers: b.watchers,
        }
    }
}

fn yes() -> bool {
    true
}

/// `POST /games` (`crate::play::games::create`).
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: Object<NewGame>,
) -> ApiResult<HttpResponse> {
    let table = acts::create(&state, &caller.user_id, body.into_inner().into()).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("{}/games/{}", state.base_path, table.game.id),
        ))
        .json(table.summary(&caller.user_id)))
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

/// `POST /games/{id}/join` (`crate::play::games::join`).
pub async fn join(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<Join>,
) -> ApiResult<HttpResponse> {
    let Join { code, player_seed } = body.into_inner();
    let table = acts::join(
        &state,
        &caller.user_id,
        path.into_inner(),
        acts::Join { code, player_seed },
    )
    .await?;
    Ok(HttpResponse::Ok().json(table.summary(&caller.user_id)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewInvite {
    pub email: String,
}

/// `{game_id, email}`, as an invitation is answered.
fn invited(out: acts::Invited) -> Value {
    json!({ "game_id": out.game_id, "email": out.email })
}

/// `POST /games/{id}/invites` `{"email": …}` (`crate::play::games::invite`).
pub async fn invite(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<NewInvite>,
) -> ApiResult<HttpResponse> {
    let out = acts::invite(
        &state,
        &caller.user_id,
        path.into_inner(),
        &body.into_inner().email,
    )
    .await?;
    Ok(HttpResponse::Created().json(invited(out)))
}

/// `POST /games/{id}/spectators` `{"email": …}`: a player invites an address to watch a
/// game whose watchers are `invited` (`crate::play::games::invite_spectator`).
pub async fn add_spectator(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<NewInvite>,
) -> ApiResult<HttpResponse> {
    let out = acts::invite_spectator(
        &state,
        &caller.user_id,
        path.into_inner(),
        &body.into_inner().email,
    )
    .await?;
    Ok(HttpResponse::Created().json(invited(out)))
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
        )
        .said("problem-limit", vec![("max", LIST_MAX.into())]));
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

/// `DELETE /games/{id}/stand-in`: take the caller's seat back from its stand-in
/// (`crate::play::bots::take_back`).
pub async fn take_back(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let table = crate::play::bots::take_back(&state, &caller.user_id, path.into_inner()).await?;
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
