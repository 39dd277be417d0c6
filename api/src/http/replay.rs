//! `GET /games/{id}/replay?at=N[&token=T]`: the replay page. Any game, stepped through
//! from its first turn: the board (or the firmament) after entry `N`, recomputed from the
//! seed and the first `N` entries of the log as `GET /games/{id}/state?at=N` does, that
//! entry in the notation and in words, the table talk said there, and every entry of the
//! log as a link to its step. Plain links step back and forth: no script is needed.
//!
//! Who may open it: whoever may open the game page (`crate::http::play::credentials`);
//! the page is that seat's view at each step, so it shows nothing the seat could not see
//! then (another seat's sealed guess stays sealed until the game is over).

use crate::game::Table;
use crate::http::pages::{page, query_param, render_in, PageError, PageResult};
use crate::http::pictures::drawing;
use crate::http::play::{self, page_credentials, TalkRow};
use crate::http::session::WebUser;
use crate::kinds::TurnPage;
use crate::state::AppState;
use crate::store::games as store;
use crate::store::models::OVER;
use ::games::Viewer;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest};
use serde::Serialize;

#[derive(Serialize)]
struct Entry {
    seq: i64,
    name: String,
    /// The notation; `None` for a sealed guess the viewer may not read yet.
    notation: Option<String>,
    words: String,
    by_service: Option<String>,
    href: String,
    current: bool,
    talk: Vec<TalkRow>,
}

#[derive(Serialize)]
struct ReplayPage {
    kind: String,
    game_name: String,
    at: i64,
    last: i64,
    status_line: String,
    board_svg: String,
    first_href: String,
    prev_href: Option<String>,
    next_href: Option<String>,
    last_href: String,
    game_href: String,
    rules_url: String,
    /// What was said before the first turn.
    talk_before: Vec<TalkRow>,
    /// The entry the board is after (none at 0).
    current: Option<usize>,
    entries: Vec<Entry>,
}

fn not_found() -> PageError {
    PageError::say(StatusCode::NOT_FOUND, "page-error-game-gone", &[])
}

pub async fn get(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    user: Option<WebUser>,
) -> PageResult {
    let game_id = path.into_inner();
    let who = page_credentials(&state, &req, &game_id, user.as_ref())?;
    let asked =
        match query_param(&req, "at") {
            None => None,
            Some(a) => Some(a.trim().parse::<i64>().map_err(|_| {
                PageError::say(StatusCode::BAD_REQUEST, "page-error-which-step", &[])
            })?),
        };
    let id = game_id.clone();
    let uid = who.user_id.clone();
    // A player, or someone signed in whom the game's `watchers` let see it (else 404).
    let (table, turns, talk) = state
        .db
        .conn(move |conn| {
            let table = Table::load_for(conn, &id, &uid)?;
            let turns = store::turns_upto(conn, &id, table.game.seq)?;
            let talk = store::messages_between(conn, &id, 0, table.game.seq)?;
            Ok((table, turns, talk))
        })
        .await
        .map_err(|e| match e.code() {
            "game_not_found" => not_found(),
            _ => PageError::from(e),
        })?;
    let seat = table.seat_of(&who.user_id);
    if seat.is_none() && who.token.is_some() {
        return Err(PageError::say(
            StatusCode::FORBIDDEN,
            "page-error-not-your-game",
            &[],
        ));
    }
    // 409 for a game that has not started: nothing to replay yet.
    let now = table.engine(&state.hot)?;
    let last = i64::try_from(turns.len()).map_err(PageError::internal)?;
    let at = asked.unwrap_or(last);
    if !(0..=last).contains(&at) {
        return Err(PageError::say(
            StatusCode::NOT_FOUND,
            "page-error-no-step",
            &[("last", last.into())],
        ));
    }
    let upto = usize::try_from(at).map_err(PageError::internal)?;
    let then = table.replay(turns.get(..upto).unwrap_or(&[]))?;
    let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
    // The log's words as this seat reads them; a spectator is no seat: a seat number
    // nobody has, so only what everyone may read is told.
    let seat = seat.unwrap_or(usize::MAX);
    let view = then.view(viewer);
    let names = table.names_by_seat();
    let over = table.game.status == OVER;
    let kind = crate::kinds::of(&table.game.kind)
        .ok_or_else(|| PageError::internal(format!("no kind {}", table.game.kind)))?;
    let base = state.base_path.as_str();
    let q = who.query();
    let href = |n: i64| {
        format!(
            "{base}/games/{game_id}/replay{}",
            who.query_with(&format!("at={n}"))
        )
    };

    let svg =
        drawing(&state, &table, view, at)
            .await?
            .svg(&names, false, crate::http::page_lang::lang());

    let talk_at = |n: i64| -> Vec<TalkRow> {
        talk.iter()
            .filter(|(m, _)| m.at_seq == n)
            .map(|(m, name)| TalkRow::new(name, &m.body, m.at_seq))
            .collect()
    };
    let mut entries = Vec::with_capacity(turns.len());
    for t in &turns {
        // Each turn page writes its own log; the replay shows the same rows.
        let (name, notation, words, by_service) = match kind.page() {
            TurnPage::Dreams => play::dreams::log_row(t, &names, seat, over)?.parts(),
            TurnPage::Gods => play::log_row(t, &names, seat, over)?.parts(),
        };
        entries.push(Entry {
            seq: t.seq,
            name,
            notation,
            words,
            by_service,
            href: href(t.seq),
            current: t.seq == at,
            talk: talk_at(t.seq),
        });
    }
    let status_line = match now.outcome() {
        Some(o) if over => {
            let winners: Vec<String> = o
                .winners
                .iter()
                .map(|&s| {
                    names.get(s).cloned().unwrap_or_else(|| {
                        crate::http::pages::words(
                            "page-dreams-seat",
                            &[("seat", i64::try_from(s).unwrap_or_default().into())],
                        )
                    })
                })
                .collect();
            let ended = table
                .how_it_ended(crate::http::page_lang::lang(), &turns)
                .unwrap_or_default();
            if winners.is_empty() {
                format!(
                    "{} {ended}",
                    crate::http::pages::words("page-play-over", &[])
                )
            } else {
                let n = i64::try_from(winners.len()).unwrap_or(1);
                let names = match winners.split_last() {
                    Some((last, rest)) if !rest.is_empty() => crate::http::pages::words(
                        "page-play-and",
                        &[
                            ("first", rest.join(", ").into()),
                            ("last", last.clone().into()),
                        ],
                    ),
                    _ => winners.join(""),
                };
                format!(
                    "{} {ended}",
                    crate::http::pages::words(
                        "page-play-over-won",
                        &[("names", names.into()), ("n", n.into())]
                    )
                )
            }
        }
        _ => crate::http::pages::words("page-replay-goes-on", &[("n", last.into())]),
    };
    let ctx = ReplayPage {
        kind: kind.title().to_string(),
        game_name: table.name(),
        at,
        last,
        status_line,
        board_svg: svg,
        first_href: href(0),
        prev_href: (at > 0).then(|| href(at - 1)),
        next_href: (at < last).then(|| href(at + 1)),
        last_href: href(last),
        game_href: format!("{base}/games/{game_id}/play{q}"),
        rules_url: format!("{base}/rules/{}", kind.rules()),
        talk_before: talk_at(0),
        current: usize::try_from(at).ok().filter(|&n| n > 0).map(|n| n - 1),
        entries,
    };
    Ok(page(StatusCode::OK, render_in(base, "replay.html", &ctx)?))
}
