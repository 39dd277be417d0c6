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
use crate::http::pages::{render_in, words as say, PageError, PageResult};
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
use std::collections::HashMap;

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
    /// `Gods #3f2a9c`, as its mail and pages call it (`crate::game::naming`).
    name: String,
    kind: String,
    seats: i64,
    players: String,
    status: String,
    /// The game's page, with the public URL's prefix.
    url: String,
    /// The join link of an open game as a full URL (the configured public URL), to share
    /// or to take the seat.
    join_url: Option<String>,
    /// Open, and I play: the addresses invited that have not joined yet.
    invited: Vec<String>,
    /// Open, and I created it: the delete form is shown.
    may_delete: bool,
    /// Where the delete form posts (the game page's leave form, `crate::http::play::leave`).
    leave_action: String,
    my_turn: bool,
    deadline: Option<String>,
    /// Open, and I play: the invite form is shown.
    may_invite: bool,
    /// I play, and the game's watchers are the spectators we invite: that form is shown.
    may_invite_spectators: bool,
    watchers: String,
}

#[derive(Serialize)]
struct LobbyPage<'a> {
    account: Option<Me>,
    /// The kinds the form offers, each with its seat counts.
    kinds: Vec<KindChoice>,
    /// A refusal of the new-game form that names a field, shown next to it.
    problems: FieldProblems,
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

/// A kind the new-game form offers: its name, title and how many may play it.
#[derive(Serialize)]
struct KindChoice {
    name: &'static str,
    title: &'static str,
    min_seats: usize,
    max_seats: usize,
}

fn kind_choices() -> Vec<KindChoice> {
    crate::kinds::KINDS
        .iter()
        .filter_map(|k| {
            let range = ::games::registry::kind(k.name())?.seat_counts();
            Some(KindChoice {
                name: k.name(),
                title: k.title(),
                min_seats: *range.start(),
                max_seats: *range.end(),
            })
        })
        .collect()
}

/// The new-game form's refusal, next to the field it is about.
#[derive(Serialize, Default)]
struct FieldProblems {
    kind: Option<String>,
    seats: Option<String>,
    turn_hours: Option<String>,
    timeout_policy: Option<String>,
    watchers: Option<String>,
    draw: Option<String>,
    deck: Option<String>,
    invite: Option<String>,
    bots: Option<String>,
    stand_in_level: Option<String>,
}

impl FieldProblems {
    /// The field a refusal of the act is about, by its code (and `field` member), with its
    /// words; `None` for a refusal about no one field (a limit, the account).
    fn of(e: &ApiError, words: String) -> Option<FieldProblems> {
        let mut p = FieldProblems::default();
        let slot = match e.code() {
            "unknown_kind" => &mut p.kind,
            "invalid_seats" => &mut p.seats,
            "invalid_turn_hours" => &mut p.turn_hours,
            "invalid_timeout_policy" => &mut p.timeout_policy,
            "invalid_watchers" => &mut p.watchers,
            "invalid_email" => &mut p.invite,
            "invalid_bots" | "too_many_bots" => &mut p.bots,
            "invalid_stand_in_level" => &mut p.stand_in_level,
            "invalid_options"
                if e.extra("field").and_then(|f| f.as_str()) == Some("options.deck")
                    || e.detail().contains("deck") =>
            {
                &mut p.deck
            }
            "invalid_options" => &mut p.draw,
            _ => return None,
        };
        *slot = Some(words);
        Some(p)
    }
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

fn watchers_words(w: &str) -> String {
    let key = match w {
        WATCH_PLAYERS => "page-lobby-watchers-players",
        WATCH_INVITED => "page-lobby-watchers-invited",
        _ => "page-lobby-watchers-signed-in",
    };
    say(key, &[])
}

fn row(
    state: &AppState,
    table: &Table,
    user_id: &str,
    zone: &str,
    invited: &HashMap<String, Vec<String>>,
) -> Row {
    let g = &table.game;
    let my_seat = table.seat_of(user_id);
    let playing = table.is_player(user_id);
    let my_turn = my_seat.is_some_and(|s| table.to_act().contains(&s));
    let over = g.status == OVER;
    let deadline = (!over)
        .then(|| table.deadline_for(my_seat))
        .flatten()
        .map(|due| {
            Deadline::from_now(due.and_utc(), zone, state.clock.now())
                .text_in(crate::http::page_lang::lang())
        });
    let status = match g.status.as_str() {
        OPEN => say(
            "page-lobby-status-open",
            &[("n", g.players.into()), ("of", g.seat_count.into())],
        ),
        OVER => say("page-lobby-status-over", &[]),
        _ if my_turn => say("page-lobby-status-my-turn", &[]),
        _ => say("page-lobby-status-playing", &[]),
    };
    let base = &state.base_path;
    Row {
        id: g.id.clone(),
        name: table.name(),
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
        join_url: (g.status == OPEN)
            .then(|| crate::links::join_link(&state.public_url, &g.join_code)),
        invited: if playing && g.status == OPEN {
            invited.get(&g.id).cloned().unwrap_or_default()
        } else {
            Vec::new()
        },
        may_delete: g.status == OPEN && g.created_by == user_id,
        leave_action: format!("{base}/games/{}/play/leave", g.id),
        my_turn,
        deadline,
        may_invite: playing && g.status == OPEN,
        may_invite_spectators: playing && g.watchers == WATCH_INVITED && !over,
        watchers: watchers_words(&g.watchers),
    }
}

/// My games, the games I am invited to, and games I may watch.
/// My games, the games I may watch, and who was invited to my open games but has not
/// joined (by game).
type LobbyTables = (Vec<Table>, Vec<Table>, HashMap<String, Vec<String>>);

async fn lobby_tables(state: &web::Data<AppState>, user_id: &str) -> ApiResult<LobbyTables> {
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
            let mut invited = HashMap::new();
            for t in mine
                .iter()
                .filter(|t| t.game.status == OPEN && t.is_player(&user))
            {
                invited.insert(
                    t.game.id.clone(),
                    store::invited_not_joined(conn, &t.game.id)?,
                );
            }
            Ok((mine, watch, invited))
        })
        .await
}

async fn lobby_page(
    state: &web::Data<AppState>,
    user: &WebUser,
    status: StatusCode,
    flash: Option<String>,
    problem: Option<String>,
    problems: FieldProblems,
    form: NewGameForm,
) -> PageResult {
    let (mine, watch, invited_to) = lobby_tables(state, &user.user_id).await?;
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
        let r = row(state, t, &user.user_id, zone, &invited_to);
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
        .map(|t| row(state, t, &user.user_id, zone, &invited_to))
        .collect();
    let html = render_in(
        &state.base_path,
        "lobby.html",
        &LobbyPage {
            account: Me::of(Some(user)),
            kinds: kind_choices(),
            problems,
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
        (Some(_), _, _) => Some(say("page-lobby-created", &[])),
        (_, Some(address), _) => Some(say("page-lobby-invited", &[("address", address.into())])),
        (_, _, Some(address)) => Some(say("page-lobby-spectator", &[("address", address.into())])),
        _ if q("deleted").is_some() => Some(say("page-lobby-deleted", &[])),
        _ => None,
    };
    lobby_page(
        &state,
        &user,
        StatusCode::OK,
        flash,
        None,
        FieldProblems::default(),
        NewGameForm::default(),
    )
    .await
}

/// A signed-in form's user, with its CSRF field checked; signed out, a 401 page that says
/// to log in.
fn signed_in(req: &HttpRequest, user: Option<WebUser>, form: &Form) -> Result<WebUser, PageError> {
    let user = user.ok_or_else(|| {
        PageError::say(StatusCode::UNAUTHORIZED, "page-error-log-in-to-send", &[])
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
    let refused = |problem: String, problems: FieldProblems| {
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
                problems,
                sent,
            )
            .await
        }
    };
    let whole = say("page-lobby-whole-number", &[]);
    let (seats, turn_hours, bots) = (
        sent.seats.parse::<i64>(),
        sent.turn_hours.parse::<i64>(),
        sent.bots.parse::<usize>(),
    );
    let (Ok(seats), Ok(turn_hours), Ok(bots)) = (&seats, &turn_hours, &bots) else {
        let problems = FieldProblems {
            seats: seats.is_err().then(|| whole.clone()),
            turn_hours: turn_hours.is_err().then(|| whole.clone()),
            bots: bots.is_err().then(|| whole.clone()),
            ..FieldProblems::default()
        };
        return refused(say("page-lobby-not-created", &[]), problems).await;
    };
    let (seats, turn_hours) = (*seats, *turn_hours);
    // More bots than seats is refused by the act, in its words; no need to build them all.
    let bots = vec![serde_json::json!({ "level": sent.bot_level }); (*bots).min(64)];
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
        Err(e) if e.status().is_client_error() => {
            let page = match FieldProblems::of(&e, words(&e)) {
                Some(problems) => refused(say("page-lobby-not-created", &[]), problems).await,
                None => refused(words(&e), FieldProblems::default()).await,
            };
            with_retry_after(page, &e)
        }
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
                FieldProblems::default(),
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
                FieldProblems::default(),
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
        .ok_or_else(|| PageError::say(StatusCode::NOT_FOUND, "page-error-no-join-code", &[]))?;
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
