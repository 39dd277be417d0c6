//! The turn page: `GET /games/{id}/play?token=T` shows a player their game — for Gods the
//! board, their god, the display, whose turn it is, the legal first steps in the notation,
//! the last turns; for Dreams its own page (`dreams`: the firmament, the seat's own role,
//! the forms for a star or a guess) — and a form; `POST /games/{id}/play?token=T`
//! (form-encoded `notation`, or a Dreams form's fields, and `expected_seq`) plays the turn
//! through the same code as `POST /games/{id}/turns` (`crate::play::submit_notation`).
//!
//! The token is a turn link (`Purpose::TurnLink`, sub = the user, obj = the game), minted
//! by `crate::links::turn_link` for the your-turn mail. It opens this game's page for this
//! user's seat and the board picture of this game, nothing else: the API refuses it (401,
//! wrong purpose), another game's page refuses it (403).
//!
//! A played turn answers 303 to the page with `played=SEQ` (the flash), so reloading the
//! page does not post again; a rule violation re-renders the page with 422 and the rule's
//! words, a stale `expected_seq` (the form was sent twice, or someone else moved) with
//! 409. There is no CSRF token: the token in the URL is the credential and is not known to
//! another site (see `docs/pages.md`).

mod dreams;

use crate::auth::jwt::Purpose;
use crate::error::{ApiError, JSON_LIMIT};
use crate::http::board::{gods_view, names_by_seat};
use crate::http::pages::{self, encode, link_claims, page, render_in, PageError, PageResult};
use crate::http::with_conn;
use crate::mail::{words, Deadline, Lang};
use crate::play::{legal, submit_notation, turn_error, Table};
use crate::state::AppState;
use crate::store::games as store;
use crate::store::models::{Turn, OVER, SOURCE_FORFEIT, SOURCE_PLAYER, SOURCE_TIMEOUT};
use crate::store::prefs;
use ::games::dreams::Dreams;
use ::games::gods::{GodsEvent, PerColour};
use ::games::registry::{visible_events, AnyGame, GameKind};
use ::games::{Game, Logged, Viewer};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;
use serde_json::{json, Value};

/// How many of the last log entries the page shows.
pub const LOG_ENTRIES: i64 = 6;

/// The user a turn link names, checked for this game. A link for another game is a 403.
fn link_user(
    state: &AppState,
    req: &HttpRequest,
    game_id: &str,
) -> Result<(String, String), PageError> {
    let (token, claims) = link_claims(state, req, Purpose::TurnLink)?;
    if claims.obj.as_deref() != Some(game_id) {
        return Err(PageError::new(
            StatusCode::FORBIDDEN,
            "This link is for another game",
            "A turn link opens only the game it was sent for.",
        ));
    }
    Ok((token, claims.sub))
}

#[derive(Serialize, Clone)]
struct GodRow {
    seat: usize,
    name: String,
    crystals: u8,
    temples_in_supply: u8,
    temples_on_board: usize,
    markers_in_supply: u8,
    markers_on_board: usize,
    extra_actions: u8,
    villages: String,
    vp: String,
}

#[derive(Serialize)]
struct LogRow {
    seq: i64,
    name: String,
    notation: String,
    words: String,
    /// Set when the service played the turn for the seat (its time ran out).
    by_service: Option<String>,
}

#[derive(Serialize)]
struct Problem {
    title: String,
    message: String,
}

#[derive(Serialize)]
struct PlayPage {
    kind: String,
    seq: i64,
    me: GodRow,
    gods: Vec<GodRow>,
    display: Vec<String>,
    tiles_remaining: usize,
    status_line: String,
    my_turn: bool,
    /// When the seats to act must have acted, in the reader's time zone.
    deadline: Option<String>,
    may_declare_end: bool,
    owed: u64,
    legal: Vec<String>,
    log: Vec<LogRow>,
    board_src: String,
    action: String,
    notation: String,
    flash: Option<String>,
    problem: Option<Problem>,
}

/// `red 1, blue 2`, or `none`.
fn per_colour(p: &PerColour) -> String {
    let parts: Vec<String> = [
        ("red", p.red),
        ("yellow", p.yellow),
        ("green", p.green),
        ("blue", p.blue),
    ]
    .into_iter()
    .filter(|(_, n)| *n > 0)
    .map(|(c, n)| format!("{c} {n}"))
    .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

fn joined_names(names: &[String], seats: &[usize]) -> String {
    let named: Vec<String> = seats.iter().map(|s| words::god_name(names, *s)).collect();
    named.join(" and ")
}

/// What the page shows besides the game: the flash after a played turn, or the problem
/// with the turn just sent (and its text, to correct it).
struct Extra {
    status: StatusCode,
    flash: Option<String>,
    problem: Option<Problem>,
    notation: String,
}

async fn show(
    state: &web::Data<AppState>,
    game_id: String,
    user_id: String,
    token: String,
    extra: Extra,
) -> PageResult {
    let id = game_id.clone();
    let uid = user_id.clone();
    let (table, recent, time_zone) = with_conn(state, move |conn| {
        let table = Table::load(conn, &id)?;
        let since = (table.game.seq - LOG_ENTRIES).max(0);
        let recent = store::turns_since(conn, &id, since, LOG_ENTRIES)?;
        let time_zone = prefs::prefs(conn, &uid)?.map(|p| p.time_zone);
        Ok((table, recent, time_zone))
    })
    .await
    .map_err(|e| match e.code() {
        "game_not_found" => PageError::new(
            StatusCode::NOT_FOUND,
            "No such game",
            "This game does not exist any more.",
        ),
        _ => PageError::from(e),
    })?;
    let seat = table.seat_of(&user_id).ok_or_else(|| {
        PageError::new(
            StatusCode::FORBIDDEN,
            "Not your game",
            "This link's player has no seat in this game.",
        )
    })?;
    let engine = table.engine(&state.hot)?;
    let names = names_by_seat(&table);
    let over = table.game.status == OVER;
    let status = extra.status;
    // The seat's own deadline when it must act, else the earliest of those who must.
    let deadline = (!over)
        .then(|| table.deadline_for(Some(seat)))
        .flatten()
        .map(|due| {
            let zone = time_zone.as_deref().unwrap_or("UTC");
            let d = Deadline::new(due.and_utc(), zone);
            format!("{} ({})", d.local, d.zone)
        });
    if table.game.kind == Dreams::KIND {
        let legal = dreams_legal(state, &table, &user_id, seat, over).await?;
        let log = recent
            .iter()
            .rev()
            .map(|t| dreams::log_row(t, &names, seat, over))
            .collect::<Result<Vec<_>, _>>()?;
        let ctx = dreams::build(
            dreams::DreamsFacts {
                game_id: &game_id,
                engine: engine.as_ref(),
                legal,
                seq: table.game.seq,
                seat,
                names: &names,
                over,
                deadline,
                log,
                token: &token,
                base: &state.base_path,
            },
            extra,
        )?;
        return Ok(page(
            status,
            render_in(&state.base_path, dreams::TEMPLATE, &ctx)?,
        ));
    }
    let log = recent
        .iter()
        .rev()
        .map(|t| log_row(t, &names, seat, over))
        .collect::<Result<Vec<_>, _>>()?;
    let ctx = build(
        Facts {
            game_id: &game_id,
            kind: table.kind()?,
            engine: engine.as_ref(),
            seq: table.game.seq,
            seat,
            names: &names,
            over,
            to_act: table.to_act(),
            deadline,
            log,
            token: &token,
            base: &state.base_path,
        },
        extra,
    )?;
    Ok(page(
        status,
        render_in(&state.base_path, "play.html", &ctx)?,
    ))
}

/// The seat's `/legal` answer (`crate::play::legal`) when it must act now, for the Dreams
/// page's forms. The game may have moved since `table` was loaded: then there is none, and
/// the page shows no form (a form would be stale anyway).
async fn dreams_legal(
    state: &web::Data<AppState>,
    table: &Table,
    user_id: &str,
    seat: usize,
    over: bool,
) -> Result<Option<Value>, PageError> {
    if over || !table.to_act().contains(&seat) {
        return Ok(None);
    }
    let app = state.clone();
    let (id, uid, seq) = (table.game.id.clone(), user_id.to_string(), table.game.seq);
    let answer = with_conn(state, move |conn| legal(conn, &app, &id, &uid, &json!({}))).await;
    match answer {
        Ok((at, _, l)) if at == seq => Ok(Some(l)),
        Ok(_) => Ok(None),
        Err(e) if e.status() == StatusCode::CONFLICT => Ok(None),
        Err(e) => Err(PageError::from(e)),
    }
}

/// What the page is built from, loaded by [`show`] (and made up by the snapshot test).
struct Facts<'a> {
    game_id: &'a str,
    kind: &'static dyn GameKind,
    engine: &'a dyn AnyGame,
    seq: i64,
    seat: usize,
    names: &'a [String],
    over: bool,
    to_act: Vec<usize>,
    deadline: Option<String>,
    log: Vec<LogRow>,
    token: &'a str,
    /// The public URL's path (`AppState::base_path`): links start with it.
    base: &'a str,
}

/// The page's data: the seat's view, never the stored state.
fn build(f: Facts<'_>, extra: Extra) -> Result<PlayPage, PageError> {
    let Facts {
        game_id,
        kind,
        engine,
        seq,
        seat,
        names,
        over,
        to_act,
        deadline,
        log,
        token,
        base,
    } = f;
    let view = gods_view(engine.view(Viewer::Seat(seat)))?;
    let my_turn = !over && to_act.contains(&seat);
    let (mut may_declare_end, mut owed, mut legal) = (false, 0, Vec::new());
    if my_turn {
        let l = engine.legal(seat, &json!({})).map_err(turn_error)?;
        may_declare_end = l["may_declare_end"] == json!(true);
        owed = l["owed"].as_u64().unwrap_or(0);
        for step in l["steps"].as_array().into_iter().flatten() {
            let text = kind
                .format_turn(&json!({ "steps": [step] }))
                .map_err(turn_error)?;
            legal.push(text);
        }
    }
    let status_line = if over {
        match &view.outcome {
            Some(o) => format!(
                "The game is over: {} won ({}).",
                joined_names(names, &o.winners),
                o.reason
            ),
            None => "The game is over.".to_string(),
        }
    } else if my_turn {
        "It is your turn.".to_string()
    } else {
        format!("It is {}'s turn.", joined_names(names, &to_act))
    };
    let rows: Vec<GodRow> = view
        .gods
        .iter()
        .map(|g| GodRow {
            seat: g.seat,
            name: words::god_name(names, g.seat),
            crystals: g.crystals,
            temples_in_supply: g.temples_in_supply,
            temples_on_board: g.temples_on_board,
            markers_in_supply: g.markers_in_supply,
            markers_on_board: g.markers_on_board,
            extra_actions: g.extra_actions,
            villages: per_colour(&g.villages),
            vp: per_colour(&g.vp),
        })
        .collect();
    let me = rows
        .iter()
        .find(|g| g.seat == seat)
        .cloned()
        .ok_or_else(|| PageError::internal("the seat's god is missing from the view"))?;
    let token_q = encode(token);
    Ok(PlayPage {
        kind: kind.name().to_string(),
        seq,
        me,
        gods: rows,
        display: view.display.iter().map(|t| t.name()).collect(),
        tiles_remaining: view.tiles_remaining,
        status_line,
        my_turn,
        deadline,
        may_declare_end,
        owed,
        legal,
        log,
        board_src: format!("{base}/games/{game_id}/board.svg?token={token_q}&at={seq}"),
        action: format!("{base}/games/{game_id}/play?token={token_q}"),
        notation: extra.notation,
        flash: extra.flash,
        problem: extra.problem,
    })
}

/// One log entry: who, the notation, and what the rules did, in words.
fn log_row(t: &Turn, names: &[String], seat: usize, over: bool) -> Result<LogRow, PageError> {
    let notation = if t.readable_by(::games::Viewer::Seat(seat), over) {
        t.notation.as_str()
    } else {
        "(a sealed guess)"
    };
    let mut row = log_entry(t.seq, t.seat, notation, &t.events, names, seat, over)?;
    row.by_service = match t.source.as_str() {
        SOURCE_TIMEOUT => Some("played by Hermes: the time ran out".to_string()),
        SOURCE_FORFEIT => Some("the god dropped out: the time ran out".to_string()),
        _ => None,
    };
    Ok(row)
}

/// A log entry from its stored parts (`events`: the stored JSON), as `seat` may read it.
fn log_entry(
    seq: i64,
    by: i64,
    notation: &str,
    events: &str,
    names: &[String],
    seat: usize,
    over: bool,
) -> Result<LogRow, PageError> {
    let logged: Vec<Logged<Value>> = serde_json::from_str(events).map_err(PageError::internal)?;
    let events: Vec<GodsEvent> = visible_events(&logged, Viewer::Seat(seat), over)
        .into_iter()
        .filter_map(|e| serde_json::from_value(e).ok())
        .collect();
    let who = usize::try_from(by).map_err(PageError::internal)?;
    Ok(LogRow {
        seq,
        name: words::god_name(names, who),
        notation: notation.to_string(),
        words: words::turn(Lang::En, names, &events).join(" "),
        by_service: None,
    })
}

/// `GET /games/{id}/play?token=T[&played=SEQ]`.
pub async fn get(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> PageResult {
    let game_id = path.into_inner();
    let (token, user_id) = link_user(&state, &req, &game_id)?;
    let flash = pages::query_param(&req, "played")
        .and_then(|s| s.parse::<i64>().ok())
        .map(|seq| format!("Your turn was played: it is entry {seq} of the log."));
    let extra = Extra {
        status: StatusCode::OK,
        flash,
        problem: None,
        notation: String::new(),
    };
    show(&state, game_id, user_id, token, extra).await
}

/// `POST /games/{id}/play?token=T`, form-encoded `notation` and `expected_seq`.
pub async fn post(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Bytes,
) -> PageResult {
    let game_id = path.into_inner();
    let (token, user_id) = link_user(&state, &req, &game_id)?;
    if body.len() > JSON_LIMIT {
        return Err(PageError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "Too long",
            format!("A turn is at most {JSON_LIMIT} bytes."),
        ));
    }
    let field = |name: &str| {
        url::form_urlencoded::parse(&body)
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    };
    let expected_seq = field("expected_seq")
        .and_then(|s| s.trim().parse::<i64>().ok())
        .ok_or_else(|| {
            PageError::new(
                StatusCode::BAD_REQUEST,
                "The form is incomplete",
                "The form did not say which state of the game your turn is for (expected_seq). Reload the page and play again.",
            )
        })?;
    // The free-text field, or the Dreams page's form fields (a star, a guess, a pass).
    let notation = match field("notation") {
        Some(text) => text,
        None => match dreams::form_notation(field) {
            Some(Ok(text)) => text,
            Some(Err(problem)) => {
                let extra = Extra {
                    status: dreams::FORM_STATUS,
                    flash: None,
                    problem: Some(problem),
                    notation: String::new(),
                };
                return show(&state, game_id, user_id, token, extra).await;
            }
            None => String::new(),
        },
    };
    let app = state.clone();
    let (gid, uid, text) = (game_id.clone(), user_id.clone(), notation.clone());
    let result = with_conn(&state, move |conn| {
        submit_notation(conn, &app, &gid, &uid, expected_seq, &text, SOURCE_PLAYER)
            .map(|(seq, _)| seq)
    })
    .await;
    match result {
        Ok(seq) => Ok(HttpResponse::SeeOther()
            .insert_header((
                header::LOCATION,
                format!(
                    "{}/games/{game_id}/play?token={}&played={seq}",
                    state.base_path,
                    encode(&token)
                ),
            ))
            .insert_header((header::REFERRER_POLICY, "no-referrer"))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish()),
        Err(e) if e.status().is_client_error() && e.code() != "game_not_found" => {
            let problem = Problem {
                title: problem_title(&e).to_string(),
                message: e.detail().to_string(),
            };
            let extra = Extra {
                status: e.status(),
                flash: None,
                problem: Some(problem),
                // A stale form's turn was for another position: start afresh.
                notation: if e.code() == "stale_seq" {
                    String::new()
                } else {
                    notation
                },
            };
            show(&state, game_id, user_id, token, extra).await
        }
        Err(e) => Err(PageError::from(e)),
    }
}

fn problem_title(e: &ApiError) -> &'static str {
    match e.code() {
        "rule_violation" => "The rules do not allow this turn",
        "invalid_notation" => "This turn cannot be read",
        "invalid_turn" => "This is not a turn of this game",
        "stale_seq" => "The game has moved on since you loaded this page; nothing was played",
        "not_your_turn" => "It is not your turn",
        "game_over" => "The game is over",
        "game_not_started" => "The game has not started",
        "not_a_player" => "You have no seat in this game",
        _ => "Your turn was not played",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::games::gods::random::random_turn;
    use ::games::gods::{Gods, GodsOptions};
    use ::games::{Game, Rng, Seed};
    use std::path::PathBuf;

    /// Compare with `tests/snapshots/<name>`; `UPDATE_SNAPSHOTS=1` writes it (as the board
    /// snapshots do).
    fn assert_snapshot(name: &str, actual: &str) {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/snapshots")
            .join(name);
        if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, actual).expect("write snapshot");
            return;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            panic!(
                "no snapshot {}: run with UPDATE_SNAPSHOTS=1",
                path.display()
            )
        });
        if expected != actual {
            let new = std::env::temp_dir().join(name.replace('/', "-"));
            std::fs::write(&new, actual).expect("write the new text");
            panic!(
                "{} differs; new text in {}; if the change is meant, run with UPDATE_SNAPSHOTS=1",
                path.display(),
                new.display()
            );
        }
    }

    /// A fixed 2-god game after three random legal turns, its page for the god to move.
    fn fixed_page(extra: Extra) -> String {
        let names = vec!["Ann <the> \"first\"".to_string(), "Bob & Co's".to_string()];
        let mut game = Gods::new(Seed::from_u64(11), 2, GodsOptions::default()).expect("setup");
        let mut rng = Rng::from_seed(&Seed::from_u64(12));
        let mut turns = Vec::new();
        for seq in 1..=3 {
            let turn = random_turn(&game, &mut rng).expect("a legal turn");
            let by = game.to_move();
            let applied = game.apply(by, &turn).expect("legal");
            let events: Vec<Logged<Value>> = applied
                .events
                .iter()
                .map(|e| Logged {
                    visibility: e.visibility,
                    event: serde_json::to_value(&e.event).expect("event"),
                })
                .collect();
            turns.push((seq, by, Gods::format_turn(&turn), events));
            game = applied.game;
        }
        let seat = game.to_move();
        let log = turns
            .iter()
            .rev()
            .map(|(seq, by, notation, events)| {
                let events = serde_json::to_string(events).expect("events");
                log_entry(*seq, *by as i64, notation, &events, &names, seat, false)
            })
            .collect::<Result<Vec<_>, _>>()
            .expect("log");
        let kind = ::games::registry::kind("gods").expect("gods");
        let engine = kind
            .load(&serde_json::to_value(&game).expect("state"))
            .expect("load");
        let ctx = build(
            Facts {
                game_id: "g1",
                kind,
                engine: engine.as_ref(),
                seq: 3,
                seat,
                names: &names,
                over: false,
                to_act: engine.to_act(),
                deadline: None,
                log,
                token: "T0K3N",
                base: "",
            },
            extra,
        )
        .expect("page data");
        render_in("", "play.html", &ctx).expect("rendered")
    }

    #[test]
    fn the_turn_page_of_a_fixed_game_matches_its_snapshot() {
        let html = fixed_page(Extra {
            status: StatusCode::OK,
            flash: Some("Your turn was played: it is entry 3 of the log.".into()),
            problem: None,
            notation: String::new(),
        });
        assert!(html.contains("It is your turn."), "{html}");
        assert!(html.contains("Ann &lt;the&gt; &quot;first&quot;"), "{html}");
        assert!(html.contains("Bob &amp; Co&#39;s"), "{html}");
        assert_snapshot("pages/play.html", &html);
    }

    #[test]
    fn a_refused_turn_is_shown_with_its_reason_and_the_text_kept() {
        let html = fixed_page(Extra {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            flash: None,
            problem: Some(Problem {
                title: "The rules do not allow this turn".into(),
                message: "G-A3: a temple here <costs> 9".into(),
            }),
            notation: "temple at 9,9 </textarea><script>".into(),
        });
        assert!(
            html.contains("G-A3: a temple here &lt;costs&gt; 9"),
            "{html}"
        );
        assert!(html.contains("temple at 9,9 &lt;/textarea&gt;&lt;script&gt;</textarea>"));
        assert!(!html.contains("<script"));
    }
}
