//! The lobby at `/`, and what it does: `POST /lobby/games` (create a game),
//! `POST /lobby/invite` (invite an address to play), `POST /lobby/spectators` (invite an
//! address to watch), and the join link's button (`POST /join/{code}`).
//!
//! Signed out, `/` welcomes and offers to sign up or log in. Signed in, it lists my games —
//! those waiting for me first, with deadlines in my time zone — the games I am invited to,
//! games I may watch, and the form for a new game.
//!
//! Owns: the pages and their forms. Must not: create, join or invite by itself — it calls
//! the acts `POST /games`, `/games/{id}/join`, `/invites` and `/spectators` call
//! (`crate::play::games`), so every rule and check is the same.

use crate::error::{ApiError, ApiResult};
use crate::game::Table;
use crate::http::account::{page_with, see_other, Me};
use crate::http::pages::{render_in, PageError, PageResult};
use crate::http::session::{self, Form, WebUser};
use crate::mail::Deadline;
use crate::play::games::{self as acts, Join, NewGame};
use crate::state::AppState;
use crate::store::models::{OPEN, OVER, WATCH_INVITED, WATCH_PLAYERS};
use crate::store::{accounts, games as store};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest};
use serde::Serialize;
use serde_json::Value;

/// How many finished games and games to watch the lobby lists.
const SHOWN: usize = 10;

/// The page of a game (`crate::http::play`; a session opens it for its player).
pub fn game_path(id: &str) -> String {
    format!("/games/{id}/play")
}

#[derive(Serialize)]
struct WelcomePage {
    account: Option<Me>,
}

/// One game as the lobby lists it.
#[derive(Serialize)]
struct Row {
    id: String,
    kind: String,
    seats: i64,
    players: String,
    status: String,
    /// The game's page, with the public URL's prefix.
    url: String,
    /// `/join/{code}` with the prefix, for an open game (share it, or take the seat).
    join_url: Option<String>,
    my_turn: bool,
    deadline: Option<String>,
    /// Open, and I play: the invite form is shown.
    may_invite: bool,
    /// I play, and the game's watchers are the spectators we invite: that form is shown.
    may_invite_spectators: bool,
    watchers: &'static str,
}

#[derive(Serialize)]
struct LobbyPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    zone: &'a str,
    waiting: Vec<Row>,
    playing: Vec<Row>,
    open: Vec<Row>,
    invited: Vec<Row>,
    over: Vec<Row>,
    watchable: Vec<Row>,
    flash: Option<String>,
    problem: Option<String>,
    form: NewGameForm,
}

/// The new-game form as it was sent (kept when it is refused), or its defaults.
#[derive(Serialize, Clone)]
struct NewGameForm {
    kind: String,
    seats: String,
    turn_hours: String,
    timeout_policy: String,
    stand_in_level: String,
    /// Seats the engine's bots play, and at which level.
    bots: String,
    bot_level: String,
    watchers: String,
    draw: String,
    deck: String,
    invite: String,
}

impl Default for NewGameForm {
    fn default() -> NewGameForm {
        NewGameForm {
            kind: crate::kinds::default_kind().name().into(),
            seats: "2".into(),
            turn_hours: acts::DEFAULT_TURN_HOURS.to_string(),
            timeout_policy: acts::TIMEOUT_POLICIES[0].into(),
            stand_in_level: acts::DEFAULT_STAND_IN_LEVEL.name().into(),
            bots: "0".into(),
            bot_level: acts::DEFAULT_STAND_IN_LEVEL.name().into(),
            watchers: crate::store::models::WATCH_SIGNED_IN.into(),
            draw: "pile".into(),
            deck: "standard".into(),
            invite: String::new(),
        }
    }
}

fn watchers_words(w: &str) -> &'static str {
    match w {
        WATCH_PLAYERS => "players only",
        WATCH_INVITED => "players and invited spectators",
        _ => "anyone signed in",
    }
}

fn row(state: &AppState, table: &Table, user_id: &str, zone: &str) -> Row {
    let g = &table.game;
    let my_seat = table.seat_of(user_id);
    let playing = table.is_player(user_id);
    let my_turn = my_seat.is_some_and(|s| table.to_act().contains(&s));
    let over = g.status == OVER;
    let deadline = (!over)
        .then(|| table.deadline_for(my_seat))
        .flatten()
        .map(|due| {
            let d = Deadline::new(due.and_utc(), zone);
            d.local
        });
    let status = match g.status.as_str() {
        OPEN => format!("waiting for players ({} of {})", g.players, g.seat_count),
        OVER => "over".to_string(),
        _ if my_turn => "your turn".to_string(),
        _ => "being played".to_string(),
    };
    let base = &state.base_path;
    Row {
        id: g.id.clone(),
        kind: crate::kinds::title(&g.kind),
        seats: g.seat_count,
        players: table
            .players
            .iter()
            .map(crate::game::seat_name)
            .collect::<Vec<_>>()
            .join(", "),
        status,
        url: format!("{base}{}", game_path(&g.id)),
        join_url: (g.status == OPEN).then(|| format!("{base}/join/{}", g.join_code)),
        my_turn,
        deadline,
        may_invite: playing && g.status == OPEN,
        may_invite_spectators: playing && g.watchers == WATCH_INVITED && !over,
        watchers: watchers_words(&g.watchers),
    }
}

/// My games, the games I am invited to, and games I may watch.
async fn lobby_tables(
    state: &web::Data<AppState>,
    user_id: &str,
) -> ApiResult<(Vec<Table>, Vec<Table>)> {
    let user = user_id.to_string();
    state
        .db
        .conn(move |conn| {
            let invited_as = accounts::confirmed_email(conn, &user)?;
            let shown = i64::try_from(SHOWN).unwrap_or(10);
            let mine = store::games_of(conn, &user, invited_as.as_deref(), shown)?;
            let mine = Table::list(conn, mine)?;
            let watch = store::watchable(conn, &user, invited_as.as_deref(), shown)?;
            let watch = Table::list(conn, watch)?;
            Ok((mine, watch))
        })
        .await
}

async fn lobby_page(
    state: &web::Data<AppState>,
    user: &WebUser,
    status: StatusCode,
    flash: Option<String>,
    problem: Option<String>,
    form: NewGameForm,
) -> PageResult {
    let (mine, watch) = lobby_tables(state, &user.user_id).await?;
    let zone = user.time_zone.as_str();
    let mut waiting = Vec::new();
    let mut playing = Vec::new();
    let mut open = Vec::new();
    let mut invited = Vec::new();
    let mut over = Vec::new();
    let mut sorted: Vec<&Table> = mine.iter().collect();
    // The soonest deadline first; then the most recently changed.
    sorted.sort_by(|a, b| {
        let key = |t: &Table| {
            (
                t.deadline_for(t.seat_of(&user.user_id)),
                std::cmp::Reverse(t.game.updated_at),
            )
        };
        key(a).cmp(&key(b))
    });
    for t in sorted {
        let r = row(state, t, &user.user_id, zone);
        if !t.is_player(&user.user_id) {
            invited.push(r);
        } else if r.my_turn {
            waiting.push(r);
        } else if t.game.status == OPEN {
            open.push(r);
        } else if t.game.status == OVER {
            over.push(r);
        } else {
            playing.push(r);
        }
    }
    over.truncate(SHOWN);
    let watchable = watch
        .iter()
        .map(|t| row(state, t, &user.user_id, zone))
        .collect();
    let html = render_in(
        &state.base_path,
        "lobby.html",
        &LobbyPage {
            account: Me::of(Some(user)),
            csrf: &user.csrf_token,
            zone,
            waiting,
            playing,
            open,
            invited,
            over,
            watchable,
            flash,
            problem,
            form,
        },
    )?;
    Ok(page_with(status, html, None))
}

/// `GET /`: the welcome page, or my lobby. `?created=ID` / `?invited=ADDRESS` say what the
/// last form did.
pub async fn home(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
) -> PageResult {
    let Some(user) = user else {
        let html = render_in(
            &state.base_path,
            "welcome.html",
            &WelcomePage { account: None },
        )?;
        return Ok(page_with(StatusCode::OK, html, None));
    };
    let q = |name: &str| crate::http::pages::query_param(&req, name);
    let flash = match (q("created"), q("invited"), q("spectator")) {
        (Some(_), _, _) => {
            Some("Your game is created. Invite players, or share its join link.".to_string())
        }
        (_, Some(address), _) => Some(format!("{address} is invited.")),
        (_, _, Some(address)) => Some(format!(
            "{address} may watch the game once their address is confirmed."
        )),
        _ => None,
    };
    lobby_page(
        &state,
        &user,
        StatusCode::OK,
        flash,
        None,
        NewGameForm::default(),
    )
    .await
}

/// A signed-in form's user, with its CSRF field checked; signed out, a 401 page that says
/// to log in.
fn signed_in(req: &HttpRequest, user: Option<WebUser>, form: &Form) -> Result<WebUser, PageError> {
    let user = user.ok_or_else(|| {
        PageError::new(
            StatusCode::UNAUTHORIZED,
            "Log in first",
            "Log in, then send the form again.",
        )
    })?;
    session::check(req, Some(&user), form.get(session::CSRF_FIELD))?;
    Ok(user)
}

/// The API's words as a page says them.
fn words(e: &ApiError) -> String {
    crate::http::account::form_words(e)
}

/// `POST /lobby/games`: the new-game form.
pub async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    let user = signed_in(&req, user, &form)?;
    user.may_play()?;
    let get = |name: &str, default: &str| {
        form.get(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| default.to_string())
    };
    let defaults = NewGameForm::default();
    let sent = NewGameForm {
        kind: get("kind", &defaults.kind),
        seats: get("seats", &defaults.seats),
        turn_hours: get("turn_hours", &defaults.turn_hours),
        timeout_policy: get("timeout_policy", &defaults.timeout_policy),
        stand_in_level: get("stand_in_level", &defaults.stand_in_level),
        bots: get("bots", &defaults.bots),
        bot_level: get("bot_level", &defaults.bot_level),
        watchers: get("watchers", &defaults.watchers),
        draw: get("draw", &defaults.draw),
        deck: get("deck", &defaults.deck),
        invite: form.get("invite").unwrap_or_default().to_string(),
    };
    let refused = |problem: String| {
        let state = state.clone();
        let user = user.clone();
        let sent = sent.clone();
        async move {
            lobby_page(
                &state,
                &user,
                StatusCode::UNPROCESSABLE_ENTITY,
                None,
                Some(problem),
                sent,
            )
            .await
        }
    };
    let (Ok(seats), Ok(turn_hours), Ok(bots)) = (
        sent.seats.parse::<i64>(),
        sent.turn_hours.parse::<i64>(),
        sent.bots.parse::<usize>(),
    ) else {
        return refused("Seats, bots and hours per turn are whole numbers.".to_string()).await;
    };
    // More bots than seats is refused by the act, in its words; no need to build them all.
    let bots = vec![serde_json::json!({ "level": sent.bot_level }); bots.min(64)];
    let options: Value = match crate::kinds::of(&sent.kind) {
        Some(kind) => kind.lobby_options(&|field| match field {
            "draw" => sent.draw.clone(),
            "deck" => sent.deck.clone(),
            _ => String::new(),
        }),
        None => Value::Null,
    };
    let invite: Vec<String> = sent
        .invite
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|a| !a.is_empty())
        .map(str::to_string)
        .collect();
    let created = acts::create(
        &state,
        &user.user_id,
        NewGame {
            kind: sent.kind.clone(),
            seats,
            options,
            random_seats: true,
            invite,
            turn_hours: Some(turn_hours),
            timeout_policy: Some(sent.timeout_policy.clone()),
            stand_in_level: Some(sent.stand_in_level.clone()),
            bots,
            player_seed: None,
            watchers: Some(sent.watchers.clone()),
        },
    )
    .await;
    match created {
        Ok(table) => Ok(see_other(
            &state,
            &format!("/?created={}", table.game.id),
            None,
        )),
        Err(e) if e.status().is_client_error() => with_retry_after(refused(words(&e)).await, &e),
        Err(e) => Err(e.into()),
    }
}

/// A refused form's page, with the refusal's `Retry-After` (a bound on invitations).
fn with_retry_after(page: PageResult, e: &ApiError) -> PageResult {
    let mut page = page?;
    if let Some(secs) = e.retry_after() {
        page.headers_mut().insert(
            actix_web::http::header::RETRY_AFTER,
            actix_web::http::header::HeaderValue::from(secs),
        );
    }
    Ok(page)
}

/// `POST /lobby/invite` (`game`, `email`): invite an address to play an open game.
pub async fn invite(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    let user = signed_in(&req, user, &form)?;
    let game = form.get("game").unwrap_or_default().to_string();
    let email = form.get("email").unwrap_or_default().to_string();
    match acts::invite(&state, &user.user_id, game, &email).await {
        Ok(out) => {
            let address = out.email;
            Ok(see_other(
                &state,
                &format!("/?invited={}", crate::http::pages::encode(&address)),
                None,
            ))
        }
        Err(e) if e.status().is_client_error() => {
            let page = lobby_page(
                &state,
                &user,
                e.status(),
                None,
                Some(words(&e)),
                NewGameForm::default(),
            )
            .await;
            with_retry_after(page, &e)
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /lobby/spectators` (`game`, `email`): invite an address to watch.
pub async fn spectator(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    let user = signed_in(&req, user, &form)?;
    let game = form.get("game").unwrap_or_default().to_string();
    let email = form.get("email").unwrap_or_default().to_string();
    match acts::invite_spectator(&state, &user.user_id, game, &email).await {
        Ok(out) => {
            let address = out.email;
            Ok(see_other(
                &state,
                &format!("/?spectator={}", crate::http::pages::encode(&address)),
                None,
            ))
        }
        Err(e) if e.status().is_client_error() => {
            lobby_page(
                &state,
                &user,
                e.status(),
                None,
                Some(words(&e)),
                NewGameForm::default(),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /join/{code}`: the join page's button; takes a seat with the code, then on to the
/// game's page (or back to the join page, which says why not).
pub async fn join(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    path: web::Path<String>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    let code = path.into_inner();
    let Some(user) = user else {
        return Ok(see_other(
            &state,
            &format!(
                "/login?next={}",
                crate::http::pages::encode(&format!("/join/{code}"))
            ),
            None,
        ));
    };
    session::check(&req, Some(&user), form.get(session::CSRF_FIELD))?;
    user.may_play()?;
    let lookup = code.clone();
    let game = state
        .db
        .conn(move |conn| Ok(crate::store::prefs::game_by_join_code(conn, &lookup)?))
        .await?
        .ok_or_else(|| {
            PageError::new(
                StatusCode::NOT_FOUND,
                "No such game",
                "No game has this join code. Check the link in your invitation.",
            )
        })?;
    let id = game.id.clone();
    let joined = acts::join(
        &state,
        &user.user_id,
        game.id,
        Join {
            code: Some(code),
            player_seed: None,
        },
    )
    .await;
    match joined {
        Ok(_) => Ok(see_other(&state, &game_path(&id), None)),
        // Already seated: the game is theirs to open.
        Err(e) if e.code() == "already_seated" => Ok(see_other(&state, &game_path(&id), None)),
        Err(e) => Err(e.into()),
    }
}
