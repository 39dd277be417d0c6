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
//! another site (see `docs/players/pages.md`).
//!
//! The page draws the board inline (SVG, so a phone's screen gets it sharp at any
//! density) and loads `/static/play.js`, which builds a turn by clicking: it asks
//! `GET /games/{id}/play/legal?partial=…` (the same credentials as the page, answered by
//! [`legal_json`] through `crate::play::legal`) what may come next, shows the turn in the
//! notation as it grows, and sends it whole through the page's own form. Without
//! JavaScript the form is the page. `POST /games/{id}/play/talk` posts table talk.

mod credentials;
pub(crate) mod dreams;
pub mod leave;

use crate::http::session::WebUser;
pub use credentials::{check_form, json_credentials, page_credentials, PageCredentials};

use crate::error::{ApiError, ApiResult, JSON_LIMIT};
use crate::game::Table;
use crate::http::docs::rule_href;
use crate::http::pages::{self, page, render_in, PageError, PageResult};
use crate::http::pictures::{drawing, gods_view};
use crate::kinds::TurnPage;
use crate::mail::{words, Deadline};
use crate::play::{legal, submit_notation, turn_error, TurnInput};
use crate::state::AppState;
use crate::store::games as store;
use crate::store::models::{
    Turn, OVER, SOURCE_FORFEIT, SOURCE_PLAYER, SOURCE_QUEUED, SOURCE_RESIGN, SOURCE_TIMEOUT,
};
use crate::store::prefs;
use ::games::gods::{GodsEvent, PerColour};
use ::games::registry::{visible_events, AnyGame, GameKind};
use ::games::{Logged, Viewer};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;
use serde_json::{json, Value};

/// How many of the last log entries the page shows.
pub const LOG_ENTRIES: i64 = 6;

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
pub(crate) struct LogRow {
    seq: i64,
    name: String,
    notation: String,
    words: String,
    /// Set when the service played the turn for the seat (its time ran out).
    by_service: Option<String>,
}

#[derive(Serialize)]
pub(crate) struct Problem {
    title: String,
    message: String,
    /// The rules the message names, each with its page (`/rules/gods#G-A3`).
    rules: Vec<RuleLink>,
}

#[derive(Serialize)]
struct RuleLink {
    id: String,
    href: String,
}

impl Problem {
    fn new(title: impl Into<String>, message: impl Into<String>) -> Problem {
        let message = message.into();
        let mut rules: Vec<RuleLink> = Vec::new();
        for (i, _) in message.match_indices(['G', 'D']) {
            let Some(id) = message
                .get(i..)
                .and_then(crate::http::docs::leading_rule_id)
            else {
                continue;
            };
            // Not the tail of a longer word (`XG-A3`).
            let before = message.get(..i).and_then(|b| b.chars().last());
            if before.is_some_and(|c| c.is_alphanumeric()) || rules.iter().any(|r| r.id == id) {
                continue;
            }
            if let Some(href) = rule_href("", id) {
                rules.push(RuleLink {
                    id: id.to_string(),
                    href,
                });
            }
        }
        Problem {
            title: title.into(),
            message,
            rules,
        }
    }

    /// The rule links for a server whose public URL's path is `base`.
    fn based(mut self, base: &str) -> Problem {
        for r in &mut self.rules {
            r.href = format!("{base}{}", r.href);
        }
        self
    }
}

/// What both kinds' pages carry besides the game: the board drawn inline and the page's
/// links, each with the page's own credential (`?token=…` for a turn link, nothing for a
/// session, whose cookie goes along by itself).
#[derive(Serialize)]
pub struct PageParts {
    /// The board (Gods) or the table (Dreams), an SVG drawn by `crate::board` from the
    /// seat's view: our own markup, every user text in it escaped; printed as it is.
    board_svg: String,
    /// Where the forms post the turn.
    action: String,
    /// `GET` for the next legal steps (`/static/play.js`).
    legal_url: String,
    /// Where the talk form posts.
    talk_action: String,
    /// The replay page of this game.
    replay_url: String,
    /// The board as a picture of its own, with the same credential.
    picture_url: String,
    rules_url: String,
    notation_url: String,
    script_url: String,
    /// The session's CSRF token, for the forms of a page opened signed in.
    csrf: Option<String>,
    /// The level of the stand-in bot that plays the reader's seat while they are away
    /// (timeout policy `stand_in`): the page offers to take the seat back.
    stand_in: Option<String>,
}

impl PageParts {
    pub fn new(base: &str, game_id: &str, q: &str, board_svg: String) -> PageParts {
        let page = format!("{base}/games/{game_id}/play");
        let with = |path: &str| format!("{path}{q}");
        PageParts {
            // On the page the picture is something to play on: a group of hexes (or
            // images) that the script makes focusable, not one image whose parts a
            // screen reader would never reach.
            board_svg: board_svg.replacen(" role=\"img\"", " role=\"group\"", 1),
            action: with(&page),
            legal_url: with(&format!("{page}/legal")),
            talk_action: with(&format!("{page}/talk")),
            replay_url: with(&format!("{base}/games/{game_id}/replay")),
            picture_url: with(&format!("{base}/games/{game_id}/board.svg")),
            rules_url: String::new(),
            notation_url: format!("{base}/notation"),
            script_url: format!("{base}/static/play.js"),
            csrf: None,
            stand_in: None,
        }
    }

    /// The reader's seat is played by a stand-in of `level` (`None`: by the reader).
    fn with_stand_in(mut self, level: Option<String>) -> PageParts {
        self.stand_in = level;
        self
    }

    fn with_csrf(mut self, csrf: Option<String>) -> PageParts {
        self.csrf = csrf;
        self
    }

    fn with_rules(mut self, base: &str, kind: &str) -> PageParts {
        self.rules_url = format!("{base}/rules/{kind}");
        self
    }
}

#[derive(Serialize)]
pub struct TalkRow {
    name: String,
    body: String,
    at_seq: i64,
}

impl TalkRow {
    pub fn new(name: &str, body: &str, at_seq: i64) -> TalkRow {
        TalkRow {
            name: name.to_string(),
            body: body.to_string(),
            at_seq,
        }
    }
}

impl LogRow {
    fn since(&self) -> SinceRow {
        SinceRow {
            seq: self.seq,
            name: self.name.clone(),
            text: if self.words.is_empty() {
                self.notation.clone()
            } else {
                format!("{}: {}", self.notation, self.words)
            },
        }
    }

    /// Who, the notation, the words, and whether the service played it.
    pub(crate) fn parts(self) -> (String, Option<String>, String, Option<String>) {
        (self.name, Some(self.notation), self.words, self.by_service)
    }
}

/// How many of the last messages the game page shows.
pub const TALK_SHOWN: i64 = 12;

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
    #[serde(flatten)]
    parts: PageParts,
    /// The display as JSON (names by slot), for the script.
    display_json: String,
    /// The players' names by seat as JSON, for the script.
    names_json: String,
    notation: String,
    flash: Option<String>,
    problem: Option<Problem>,
    over: bool,
    /// Each god's points by source: now (if the game ended now), or the result.
    points: Vec<PointsRow>,
    /// Why a score is below zero, when one is.
    negative: Option<String>,
    /// The key of the board: each god's marker colour.
    key: Vec<KeyGod>,
    /// The tribes' colours as drawn.
    tribes: Vec<KeyTribe>,
    /// What the most temples are worth in this game, in words (`−4`).
    majority_words: &'static str,
    /// The last log entry and the hexes it touched (marked on the board).
    last_move: Option<LastMove>,
    /// The board in words, a line a kind of tile.
    board_words: Vec<String>,
}

#[derive(Serialize)]
struct PointsRow {
    seat: usize,
    name: String,
    village_tiles: u32,
    villages: i64,
    vp_tiles: u32,
    vp: i64,
    temples: usize,
    temple_majority: i64,
    total: i64,
    crystals: u8,
    winner: bool,
}

#[derive(Serialize)]
struct KeyGod {
    seat: usize,
    name: String,
    fill: &'static str,
    ink: &'static str,
}

#[derive(Serialize)]
struct KeyTribe {
    name: &'static str,
    letter: &'static str,
    fill: &'static str,
}

#[derive(Serialize)]
struct LastMove {
    seq: i64,
    name: String,
    notation: String,
    words: String,
    hexes: Vec<String>,
}

/// The hexes a turn in the notation names (`tribe 1 at 2,-1; desert from 0,0 to 1,1`).
fn hexes_named(notation: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in notation.split(|c: char| c.is_whitespace() || c == ';') {
        let mut parts = word.split(',');
        let (Some(q), Some(r), None) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        if let (Ok(q), Ok(r)) = (q.parse::<i32>(), r.parse::<i32>()) {
            let hex = format!("{q},{r}");
            if !out.contains(&hex) {
                out.push(hex);
            }
        }
    }
    out
}

/// The board's picture with the hexes of the last move marked (a class the page's style
/// draws, and words a screen reader says on that hex).
fn mark_last_move(svg: &str, hexes: &[String]) -> String {
    let mut svg = svg.to_string();
    // The message wraps what stands on the hex (already in the label, escaped): it is
    // rendered around a marker and the label's words put in its place.
    let said = pages::words("page-cell-last-move", &[("what", "\u{1}".into())]);
    let (before, after) = said.split_once('\u{1}').unwrap_or((said.as_str(), ""));
    let (before, after) = (
        crate::i18n::html_escape(before),
        crate::i18n::html_escape(after),
    );
    for h in hexes {
        let start = format!("data-hex=\"{h}\" aria-label=\"{h}: ");
        let Some(at) = svg.find(&start) else {
            continue;
        };
        let words_at = at + start.len();
        let Some(len) = svg[words_at..].find('"') else {
            continue;
        };
        let words = svg[words_at..words_at + len].to_string();
        svg.replace_range(
            at..words_at + len,
            &format!("data-hex=\"{h}\" class=\"last\" aria-label=\"{h}: {before}{words}{after}"),
        );
    }
    svg
}

/// The board's picture with each hex named for a screen reader: `2,-1: red tribe with the
/// marker of Ada (god 0)`. (The picture itself stays as the mail's PNG is drawn from.)
fn label_hexes(svg: &str, view: &::games::gods::view::GodsView, names: &[String]) -> String {
    let mut svg = svg.to_string();
    let cells = view
        .board
        .iter()
        .map(|(h, cell)| {
            (
                h,
                crate::board::cell_words(cell, names, crate::http::page_lang::lang()),
            )
        })
        .chain(
            view.board
                .frontier()
                .into_iter()
                .map(|h| (h, pages::words("page-play-hex-empty", &[]))),
        );
    for (h, words) in cells {
        let words = crate::board::svg_escape(&format!("{h}: {words}"));
        svg = svg.replacen(
            &format!("data-hex=\"{h}\">"),
            &format!("data-hex=\"{h}\" aria-label=\"{words}\">"),
            1,
        );
    }
    svg
}

/// What stands where, in words: one line a kind of tile, hexes by their coordinates.
fn board_words(view: &::games::gods::view::GodsView, names: &[String]) -> Vec<String> {
    use ::games::gods::{Cell, Colour};
    let mut temples: Vec<Vec<String>> = vec![Vec::new(); view.gods.len()];
    let mut tribes: Vec<(Colour, Vec<String>)> =
        Colour::ALL.iter().map(|&c| (c, Vec::new())).collect();
    let (mut deserts, mut decay) = (Vec::new(), Vec::new());
    for (h, cell) in view.board.iter() {
        match cell {
            Cell::Temple { god } => {
                if let Some(list) = temples.get_mut(god) {
                    list.push(h.to_string());
                }
            }
            Cell::Tribe { colour, marker } => {
                let at = match marker {
                    Some(seat) => pages::words(
                        "page-play-words-marked",
                        &[
                            ("hex", h.to_string().into()),
                            ("name", words::god_name(names, seat).into()),
                        ],
                    ),
                    None => h.to_string(),
                };
                if let Some((_, list)) = tribes.iter_mut().find(|(c, _)| *c == colour) {
                    list.push(at);
                }
            }
            Cell::Desert => deserts.push(h.to_string()),
            Cell::Decay => decay.push(h.to_string()),
        }
    }
    let mut out = Vec::new();
    for (seat, list) in temples.iter().enumerate() {
        if !list.is_empty() {
            out.push(pages::words(
                "page-play-words-temples",
                &[
                    ("name", words::god_name(names, seat).into()),
                    ("seat", i64::try_from(seat).unwrap_or_default().into()),
                    ("hexes", list.join(", ").into()),
                ],
            ));
        }
    }
    for (colour, list) in &tribes {
        if !list.is_empty() {
            let name = match colour {
                Colour::Red => "red",
                Colour::Yellow => "yellow",
                Colour::Green => "green",
                Colour::Blue => "blue",
            };
            out.push(pages::words(
                "page-play-words-tribes",
                &[("colour", name.into()), ("hexes", list.join(", ").into())],
            ));
        }
    }
    if !deserts.is_empty() {
        out.push(pages::words(
            "page-play-words-deserts",
            &[("hexes", deserts.join(", ").into())],
        ));
    }
    if !decay.is_empty() {
        out.push(pages::words(
            "page-play-words-decay",
            &[("hexes", decay.join(", ").into())],
        ));
    }
    let frontier: Vec<String> = view
        .board
        .frontier()
        .iter()
        .map(|h| h.to_string())
        .collect();
    out.push(pages::words(
        "page-play-words-empty",
        &[
            (
                "n",
                i64::try_from(frontier.len()).unwrap_or_default().into(),
            ),
            ("hexes", frontier.join(", ").into()),
        ],
    ));
    out
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
    .map(|(c, n)| {
        pages::words(
            "page-play-per-colour",
            &[("colour", c.into()), ("n", i64::from(n).into())],
        )
    })
    .collect();
    if parts.is_empty() {
        pages::words("page-play-none", &[])
    } else {
        parts.join(", ")
    }
}

fn joined_names(names: &[String], seats: &[usize]) -> String {
    let named: Vec<String> = seats.iter().map(|s| words::god_name(names, *s)).collect();
    match named.split_last() {
        Some((last, rest)) if !rest.is_empty() => pages::words(
            "page-play-and",
            &[
                ("first", rest.join(", ").into()),
                ("last", last.clone().into()),
            ],
        ),
        _ => named.join(""),
    }
}

/// What the page shows besides the game: the flash after a played turn, or the problem
/// with the turn just sent (and its text, to correct it).
pub(crate) struct Extra {
    status: StatusCode,
    flash: Option<String>,
    problem: Option<Problem>,
    notation: String,
}

/// Where "since your last visit" is kept for a page's reader, and whether the page lists
/// what happened since.
pub(crate) enum Visit {
    /// A page asked for: it lists what the others did since the reader's last visit.
    /// `account`: the reader's own session opened it, and the account keeps the visit
    /// (`game_visits`), whichever browser they use; else `cookie` is this browser's.
    Asked {
        account: bool,
        cookie: Option<(usize, i64)>,
    },
    /// The answer to a form (a refused turn): nothing listed; the visit is kept still.
    Quiet { account: bool },
}

impl Visit {
    /// The visit of the page `req` asks for: kept by the account when the browser's
    /// session is the reader's own (a turn link opened while signed in as its player
    /// included), else by the browser's cookie (a turn link without the session: a mail
    /// program that opens links to scan them must not use up the player's news).
    pub(crate) fn asked(
        req: &HttpRequest,
        game_id: &str,
        who: &PageCredentials,
        user: Option<&WebUser>,
    ) -> Visit {
        Visit::Asked {
            account: user.is_some_and(|u| u.user_id == who.user_id),
            cookie: seen_of(req, game_id),
        }
    }

    /// The visit of a form's answer.
    fn quiet(who: &PageCredentials) -> Visit {
        Visit::Quiet {
            account: who.token.is_none(),
        }
    }

    fn by_account(&self) -> bool {
        match self {
            Visit::Asked { account, .. } | Visit::Quiet { account } => *account,
        }
    }
}

/// The cookie that keeps, per game, the last log entry this browser's reader was shown:
/// `SEAT:SEQ`, read for "since your last visit" (a reader without the account's session).
fn seen_cookie_name(game_id: &str) -> String {
    format!("hermes_seen_{game_id}")
}

/// The entry this browser last showed `seat` of the game, from its cookie.
fn seen_of(req: &HttpRequest, game_id: &str) -> Option<(usize, i64)> {
    let c = req.cookie(&seen_cookie_name(game_id))?;
    let (seat, seq) = c.value().split_once(':')?;
    Some((seat.parse().ok()?, seq.parse().ok()?))
}

/// How many entries "since your last visit" lists at most.
const SINCE_SHOWN: i64 = 30;

/// One entry of "since your last visit".
#[derive(Serialize)]
pub(crate) struct SinceRow {
    pub(crate) seq: i64,
    pub(crate) name: String,
    pub(crate) text: String,
}

async fn show(
    state: &web::Data<AppState>,
    game_id: String,
    visit: Visit,
    who: PageCredentials,
    extra: Extra,
) -> PageResult {
    let id = game_id.clone();
    let uid = who.user_id.clone();
    let signed_in = who.token.is_none();
    let app = state.clone();
    let by_account = visit.by_account();
    let listed = matches!(visit, Visit::Asked { .. });
    let cookie = match visit {
        Visit::Asked { cookie, .. } if !by_account => cookie,
        _ => None,
    };
    let (table, recent, time_zone, talk, since_turns, rematch, queue, last_seen) = state
        .db
        .conn(move |conn| {
            let table = Table::load(conn, &id)?;
            // A signed-in reader whom the game's watchers do not include is told what an
            // unknown id tells (`Table::load_for`), not sent on to the replay page: that
            // answer alone would say the game exists.
            if signed_in && !table.may_watch(conn, &uid)? {
                return Err(ApiError::not_found(
                    "game_not_found",
                    "there is no game with this id",
                ));
            }
            let since = (table.game.seq - LOG_ENTRIES).max(0);
            let recent = store::turns_since(conn, &id, since, LOG_ENTRIES)?;
            let time_zone = prefs::prefs(conn, &uid)?.map(|p| p.time_zone);
            let talk = store::recent_messages(conn, &id, TALK_SHOWN)?;
            // The seat's own queue (none for a reader without a seat, or a game over).
            let queue = crate::play::queue::list(conn, &app, &id, &uid)
                .ok()
                .filter(|q| q.limit > 0 || !q.turns.is_empty())
                .map(|q| PageQueue {
                    turns: q.turns.into_iter().map(|t| t.notation).collect(),
                    limit: q.limit,
                    seq: q.seq,
                });
            // The reader's last visit: the account's, or this browser's.
            let last_seen = if by_account {
                crate::store::visits::last_seen(conn, &uid, &id)?
            } else {
                None
            };
            let seen_seq = if by_account {
                last_seen
            } else {
                cookie.map(|(_, seq)| seq)
            };
            let since_turns = match seen_seq.filter(|_| listed) {
                Some(seq) if seq < table.game.seq => {
                    let from = seq.max(table.game.seq - SINCE_SHOWN);
                    store::turns_since(conn, &id, from, SINCE_SHOWN)?
                }
                _ => Vec::new(),
            };
            let rematch = crate::play::rematch::view(conn, &id, &uid)?;
            Ok((
                table,
                recent,
                time_zone,
                talk,
                since_turns,
                rematch,
                queue,
                last_seen,
            ))
        })
        .await
        .map_err(page_error)?;
    let user_id = who.user_id.clone();
    // A signed-in reader without a seat (a spectator from the lobby) watches the game on
    // its replay page, which decides whether they may (and is a 404 if not, like a game
    // that does not exist).
    if table.seat_of(&user_id).is_none() && who.token.is_none() {
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                header::LOCATION,
                format!("{}/games/{game_id}/replay", state.base_path),
            ))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish());
    }
    let seat = table
        .seat_of(&user_id)
        .ok_or_else(|| PageError::say(StatusCode::FORBIDDEN, "page-error-not-your-game", &[]))?;
    let engine = table.engine(&state.hot)?;
    let names = table.names_by_seat();
    let over = table.game.status == OVER;
    let stand_in = table
        .players
        .iter()
        .find(|p| p.seat.user_id == user_id && p.seat.stand_in_at.is_some())
        .filter(|_| !over)
        .map(|_| table.game.stand_in_level.clone());
    let status = extra.status;
    // What the others did since the reader's last visit (the account's; or this browser's,
    // when it showed this seat).
    let same_seat = by_account || cookie.is_some_and(|(s, _)| s == seat);
    let since_turns: Vec<&Turn> = if same_seat {
        since_turns
            .iter()
            .filter(|t| usize::try_from(t.seat).ok() != Some(seat))
            .collect()
    } else {
        Vec::new()
    };
    if by_account && last_seen.is_none_or(|s| s < table.game.seq) {
        let (uid, gid, seq, at) = (
            user_id.clone(),
            game_id.clone(),
            table.game.seq,
            state.clock.now().naive_utc(),
        );
        // The page is shown even if this cannot be kept: the next visit lists more.
        if let Err(e) = state
            .db
            .group_write(move |conn| Ok(crate::store::visits::record(conn, &uid, &gid, seq, at)?))
            .await
        {
            tracing::warn!(game.id = %game_id, error = %e, "the visit was not kept");
        }
    }
    // A reader without the account's session: the browser keeps the visit.
    let seen_now = (!by_account).then(|| {
        let mut c = actix_web::cookie::Cookie::new(
            seen_cookie_name(&game_id),
            format!("{seat}:{}", table.game.seq),
        );
        c.set_http_only(true);
        c.set_same_site(actix_web::cookie::SameSite::Lax);
        c.set_path(format!("{}/", state.base_path));
        c.set_secure(state.public_url.starts_with("https://"));
        c.set_max_age(actix_web::cookie::time::Duration::days(120));
        c
    });
    let base = state.base_path.as_str();
    let q = who.query();
    let talk: Vec<TalkRow> = talk
        .into_iter()
        .map(|(m, name)| TalkRow {
            name,
            body: m.body,
            at_seq: m.at_seq,
        })
        .collect();
    let rematch = RematchBox::new(base, &game_id, &q, &user_id, over, rematch);
    let extra = Extra {
        problem: extra.problem.map(|p| p.based(base)),
        ..extra
    };
    // The seat's own deadline when it must act, else the earliest of those who must.
    let deadline = (!over)
        .then(|| table.deadline_for(Some(seat)))
        .flatten()
        .map(|due| {
            let zone = time_zone.as_deref().unwrap_or("UTC");
            Deadline::from_now(due.and_utc(), zone, state.clock.now())
                .text_in(crate::http::page_lang::lang())
        });
    let view = engine.view(Viewer::Seat(seat));
    let leave_action = leave::action(base, &game_id, &who);
    let kind = crate::kinds::of(&table.game.kind)
        .ok_or_else(|| PageError::internal(format!("no kind {}", table.game.kind)))?;
    // The kind's own turn page (Gods' is the rest of this function).
    if kind.page() == TurnPage::Dreams {
        let legal = dreams_legal(state, &table, &user_id, seat, over).await?;
        let log = recent
            .iter()
            .rev()
            .map(|t| dreams::log_row(t, &names, seat, over))
            .collect::<Result<Vec<_>, _>>()?;
        let svg = drawing(state, &table, view, table.game.seq).await?.svg(
            &names,
            false,
            crate::http::page_lang::lang(),
        );
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
                parts: PageParts::new(base, &game_id, &q, svg)
                    .with_rules(base, kind.rules())
                    .with_csrf(who.csrf.clone())
                    .with_stand_in(stand_in.clone()),
                base,
            },
            extra,
        )?;
        let since = since_turns
            .iter()
            .map(|t| dreams::log_row(t, &names, seat, over).map(|r| r.since()))
            .collect::<Result<Vec<_>, _>>()?;
        let ctx = WithTalk {
            page: ctx,
            talk,
            since,
            rematch,
            queue,
            game: GameParts::of(&table, &recent, &user_id, &names, leave_action),
        };
        let mut res = page(status, render_in(base, dreams::TEMPLATE, &ctx)?);
        if let Some(c) = &seen_now {
            let _ = res.add_cookie(c);
        }
        return Ok(res);
    }
    let log = recent
        .iter()
        .rev()
        .map(|t| log_row(t, &names, seat, over))
        .collect::<Result<Vec<_>, _>>()?;
    let svg = drawing(state, &table, view, table.game.seq).await?.svg(
        &names,
        false,
        crate::http::page_lang::lang(),
    );
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
            parts: PageParts::new(base, &game_id, &q, svg)
                .with_rules(base, kind.rules())
                .with_csrf(who.csrf.clone())
                .with_stand_in(stand_in),
        },
        extra,
    )?;
    let since = since_turns
        .iter()
        .map(|t| log_row(t, &names, seat, over).map(|r| r.since()))
        .collect::<Result<Vec<_>, _>>()?;
    let ctx = WithTalk {
        page: ctx,
        talk,
        since,
        rematch,
        queue,
        game: GameParts::of(&table, &recent, &user_id, &names, leave_action),
    };
    let mut res = page(status, render_in(base, "play.html", &ctx)?);
    if let Some(c) = &seen_now {
        let _ = res.add_cookie(c);
    }
    Ok(res)
}

/// A page's data with the table talk beside it, the rematch it is part of, what both
/// kinds' pages say about the game as a whole (its name, who left it, how it ended, the ways
/// out) and the seat's turns queued in advance.
#[derive(Serialize)]
pub(crate) struct WithTalk<P: Serialize> {
    #[serde(flatten)]
    pub(crate) page: P,
    pub(crate) talk: Vec<TalkRow>,
    /// What the others did since the reader's last visit (this browser's).
    pub(crate) since: Vec<SinceRow>,
    pub(crate) rematch: RematchBox,
    #[serde(flatten)]
    pub(crate) game: GameParts,
    pub(crate) queue: Option<PageQueue>,
}

/// The seat's queue on its page (`docs/players/queued.md`): the turns, in the notation,
/// and how many it may queue now (0 while it is its turn).
#[derive(Serialize)]
pub(crate) struct PageQueue {
    turns: Vec<String>,
    limit: usize,
    seq: i64,
}

/// The rematch part of a game page: the offer once the game is over, who has accepted,
/// and the link from each game of a rematch to the other.
#[derive(Serialize, Default)]
pub(crate) struct RematchBox {
    /// The game is over and no rematch was proposed: the button proposes one.
    offer: bool,
    /// Where the button posts.
    action: String,
    /// This game's rematch was proposed: who accepted, who has still to, and whether the
    /// reader has (else the button accepts).
    proposed: bool,
    i_accepted: bool,
    started: bool,
    accepted: Vec<String>,
    waiting: Vec<String>,
    /// The rematch's page (from the finished game).
    rematch_url: Option<String>,
    /// The finished game's page (from its rematch).
    rematch_of_url: Option<String>,
}

impl RematchBox {
    fn new(
        base: &str,
        game_id: &str,
        q: &str,
        user_id: &str,
        over: bool,
        view: Option<crate::play::rematch::RematchView>,
    ) -> RematchBox {
        let action = format!("{base}/games/{game_id}/play/rematch{q}");
        let Some(v) = view else {
            return RematchBox {
                offer: over,
                action,
                ..RematchBox::default()
            };
        };
        // A turn link opens one game only: the other game's page is opened signed in.
        if v.rematch_game_id == game_id {
            return RematchBox {
                rematch_of_url: Some(format!("{base}/games/{}/play", v.game_id)),
                ..RematchBox::default()
            };
        }
        RematchBox {
            offer: false,
            action,
            proposed: true,
            i_accepted: v.accepted.iter().any(|p| p.user_id == user_id),
            started: v.status != crate::store::models::OPEN,
            accepted: v.accepted.into_iter().map(|p| p.display_name).collect(),
            waiting: v.waiting.into_iter().map(|p| p.display_name).collect(),
            rematch_url: Some(format!("{base}/games/{}/play", v.rematch_game_id)),
            rematch_of_url: None,
        }
    }
}

/// What both kinds' pages say about the game as a whole.
#[derive(Serialize)]
pub(crate) struct GameParts {
    /// `Gods #3f2a9c` (`crate::game::naming`).
    pub(crate) game_name: String,
    /// Seats that left while the game goes on (`Ada resigned: …`), or, once it is over,
    /// how it ended.
    pub(crate) notes: Vec<String>,
    /// The reader's ways out of the game, when there are any.
    pub(crate) leave: Option<leave::LeaveParts>,
}

impl GameParts {
    /// What the snapshot tests show: a game a seat may resign from, where one resigned.
    #[cfg(test)]
    pub(crate) fn sample() -> GameParts {
        GameParts {
            game_name: "Gods #3f2a9c".into(),
            notes: vec![crate::i18n::text(
                crate::http::page_lang::lang(),
                "words-sentence",
                &[(
                    "text",
                    words::by_service(
                        crate::http::page_lang::lang(),
                        &["Ann".to_string(), "Bob & Co's".to_string()],
                        1,
                        crate::store::models::SOURCE_RESIGN,
                    )
                    .unwrap_or_default()
                    .into(),
                )],
            )],
            leave: Some(leave::LeaveParts {
                action: "/games/g/play/leave".into(),
                may_resign: true,
                may_abort: false,
                may_delete: false,
            }),
        }
    }
}

impl GameParts {
    fn of(
        table: &Table,
        recent: &[Turn],
        user_id: &str,
        names: &[String],
        action: String,
    ) -> GameParts {
        let mut notes = Vec::new();
        if let Some(ended) = table.how_it_ended(crate::http::page_lang::lang(), recent) {
            notes.push(ended);
        } else {
            let mut out: Vec<(usize, bool)> = table
                .players
                .iter()
                .filter(|p| p.seat.resigned_at.is_some() || p.seat.forfeited_at.is_some())
                .filter_map(|p| {
                    let seat = usize::try_from(p.seat.seat?).ok()?;
                    Some((seat, p.seat.resigned_at.is_some()))
                })
                .collect();
            out.sort_unstable();
            let lang = crate::http::page_lang::lang();
            for (seat, resigned) in out {
                let source = if resigned {
                    crate::store::models::SOURCE_RESIGN
                } else {
                    crate::store::models::SOURCE_FORFEIT
                };
                if let Some(clause) = words::by_service(lang, names, seat, source) {
                    notes.push(crate::i18n::text(
                        lang,
                        "words-sentence",
                        &[("text", clause.into())],
                    ));
                }
            }
        }
        GameParts {
            game_name: table.name(),
            notes,
            leave: leave::LeaveParts::of(table, user_id, action),
        }
    }
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
    let answer = state
        .db
        .conn(move |conn| legal(conn, &app, &id, &uid, &json!({})))
        .await;
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
    parts: PageParts,
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
        parts,
    } = f;
    let _ = game_id;
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
        // How it ended (the reason, who resigned or aborted) is the page's note below.
        match &view.outcome {
            Some(o) if !o.winners.is_empty() => pages::words(
                "page-play-over-won",
                &[
                    ("names", joined_names(names, &o.winners).into()),
                    ("n", i64::try_from(o.winners.len()).unwrap_or(1).into()),
                ],
            ),
            _ => pages::words("page-play-over", &[]),
        }
    } else if my_turn {
        pages::words("page-play-is-your-turn", &[])
    } else {
        pages::words(
            "page-play-is-turn-of",
            &[("names", joined_names(names, &to_act).into())],
        )
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
    let lang = crate::http::page_lang::lang();
    let display: Vec<String> = view.display.iter().map(|t| words::tile(lang, *t)).collect();
    let winners = view
        .outcome
        .as_ref()
        .map(|o| o.winners.clone())
        .unwrap_or_default();
    let parts_now = ::games::gods::end::score_parts(&::games::gods::Gods::from_view(&view));
    let points: Vec<PointsRow> = parts_now
        .iter()
        .zip(&view.gods)
        .map(|(p, g)| PointsRow {
            seat: g.seat,
            name: words::god_name(names, g.seat),
            village_tiles: p.village_tiles,
            villages: p.villages,
            vp_tiles: p.vp_tiles,
            vp: p.vp,
            temples: p.temples,
            temple_majority: p.temple_majority,
            // The result as the game stored it; until then, the sum.
            total: view
                .outcome
                .as_ref()
                .and_then(|o| o.scores.get(g.seat).copied())
                .unwrap_or_else(|| p.total()),
            crystals: g.crystals,
            winner: winners.contains(&g.seat),
        })
        .collect();
    let negative = points
        .iter()
        .filter(|p| p.total < 0)
        .map(|p| {
            pages::words(
                "page-points-below-zero",
                &[
                    ("name", p.name.clone().into()),
                    ("total", p.total.into()),
                    ("majority", p.temple_majority.into()),
                    (
                        "temples",
                        i64::try_from(p.temples).unwrap_or_default().into(),
                    ),
                    ("tiles", (p.villages + p.vp).into()),
                ],
            )
        })
        .collect::<Vec<_>>();
    let negative = (!negative.is_empty()).then(|| negative.join(" "));
    let key = view
        .gods
        .iter()
        .map(|g| {
            let (fill, ink) = crate::board::god_colour(g.seat);
            KeyGod {
                seat: g.seat,
                name: words::god_name(names, g.seat),
                fill,
                ink,
            }
        })
        .collect();
    let tribes = [
        (::games::gods::Colour::Red, "red", "R"),
        (::games::gods::Colour::Yellow, "yellow", "Y"),
        (::games::gods::Colour::Green, "green", "G"),
        (::games::gods::Colour::Blue, "blue", "B"),
    ]
    .into_iter()
    .map(|(c, name, letter)| KeyTribe {
        name,
        letter,
        fill: crate::board::tribe_colour(c),
    })
    .collect();
    let last_move = log.first().map(|row| LastMove {
        seq: row.seq,
        name: row.name.clone(),
        notation: row.notation.clone(),
        words: row.words.clone(),
        hexes: hexes_named(&row.notation),
    });
    let mut parts = parts;
    parts.board_svg = label_hexes(&parts.board_svg, &view, names);
    if let Some(last) = &last_move {
        parts.board_svg = mark_last_move(&parts.board_svg, &last.hexes);
    }
    let board_words = board_words(&view, names);
    let majority_words = match view.options.temple_majority {
        ::games::gods::TempleMajority::Penalty => "−4",
        ::games::gods::TempleMajority::Bonus => "+4",
    };
    Ok(PlayPage {
        majority_words,
        over,
        points,
        negative,
        key,
        tribes,
        last_move,
        board_words,
        kind: kind.name().to_string(),
        seq,
        me,
        gods: rows,
        display_json: serde_json::to_string(&display).map_err(PageError::internal)?,
        names_json: serde_json::to_string(names).map_err(PageError::internal)?,
        display,
        tiles_remaining: view.tiles_remaining,
        status_line,
        my_turn,
        deadline,
        may_declare_end,
        owed,
        legal,
        log,
        parts,
        notation: extra.notation,
        flash: extra.flash,
        problem: extra.problem,
    })
}

/// One log entry: who, the notation, and what the rules did, in words.
pub(crate) fn log_row(
    t: &Turn,
    names: &[String],
    seat: usize,
    over: bool,
) -> Result<LogRow, PageError> {
    let sealed;
    let notation = if t.readable_by(::games::Viewer::Seat(seat), over) {
        t.notation.as_str()
    } else {
        sealed = format!("({})", pages::words("page-sealed-guess", &[]));
        sealed.as_str()
    };
    let mut row = log_entry(t.seq, t.seat, notation, &t.events, names, seat, over)?;
    row.by_service = match t.source.as_str() {
        SOURCE_TIMEOUT => Some("page-source-timeout"),
        crate::store::models::SOURCE_STAND_IN => Some("page-source-stand-in"),
        SOURCE_FORFEIT => Some("page-source-forfeit"),
        SOURCE_QUEUED => Some("page-source-queued"),
        SOURCE_RESIGN => Some("page-source-resign"),
        _ => None,
    }
    .map(|key| pages::words(key, &[]));
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
        words: words::turn(crate::http::page_lang::lang(), names, &events).join(" "),
        by_service: None,
    })
}

/// `GET /games/{id}/play?token=T[&played=SEQ|&back=1]`.
pub async fn get(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    user: Option<WebUser>,
) -> PageResult {
    let game_id = path.into_inner();
    let who = page_credentials(&state, &req, &game_id, user.as_ref())?;
    let flash = pages::query_param(&req, "played")
        .and_then(|s| s.parse::<i64>().ok())
        .map(|seq| {
            pages::words(
                "page-flash-played",
                &[("turn", crate::game::turn_of_seq(seq).into())],
            )
        })
        .or_else(|| {
            pages::query_param(&req, "queued").map(|n| match n.as_str() {
                "0" => pages::words("page-flash-queue-withdrawn", &[]),
                n => pages::words(
                    "page-flash-queued",
                    &[("n", n.parse::<i64>().unwrap_or(1).into())],
                ),
            })
        })
        .or_else(|| {
            pages::query_param(&req, "back").map(|_| pages::words("page-flash-seat-back", &[]))
        })
        .or_else(|| pages::query_param(&req, "left").and_then(|l| leave::flash(&l)));
    let extra = Extra {
        status: StatusCode::OK,
        flash,
        problem: None,
        notation: String::new(),
    };
    let visit = Visit::asked(&req, &game_id, &who, user.as_ref());
    show(&state, game_id, visit, who, extra).await
}

/// `POST /games/{id}/play?token=T`, form-encoded `notation` and `expected_seq`.
pub async fn post(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Bytes,
    user: Option<WebUser>,
) -> PageResult {
    let game_id = path.into_inner();
    let who = page_credentials(&state, &req, &game_id, user.as_ref())?;
    let user_id = who.user_id.clone();
    if body.len() > JSON_LIMIT {
        return Err(PageError::say(
            StatusCode::PAYLOAD_TOO_LARGE,
            "page-error-turn-too-long",
            &[("n", i64::try_from(JSON_LIMIT).unwrap_or(i64::MAX).into())],
        ));
    }
    let field = |name: &str| {
        url::form_urlencoded::parse(&body)
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    };
    check_form(&req, &who, user.as_ref(), field("csrf").as_deref())?;
    // "Take my seat back" from a stand-in: no turn, the seat is the player's again.
    if field("take_back").is_some() {
        let flash = match crate::play::bots::take_back(&state, &user_id, game_id.clone()).await {
            Ok(_) => "back",
            Err(e) if e.code() == "no_stand_in" => "back",
            Err(e) => return Err(e.into()),
        };
        return Ok(to_game_page(&state, &game_id, &who, &format!("{flash}=1")));
    }
    if who.token.is_none() {
        user.as_ref().map(WebUser::may_play).transpose()?;
    }
    if let Some(intent) = field("intent").filter(|i| i == "queue" || i == "withdraw") {
        let lines: Vec<TurnInput> = if intent == "queue" {
            field("notation")
                .unwrap_or_default()
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(|l| TurnInput::Notation(l.to_string()))
                .collect()
        } else {
            Vec::new()
        };
        let expected_seq = field("expected_seq").and_then(|s| s.trim().parse::<i64>().ok());
        return queue_form(&state, game_id, who, expected_seq, lines).await;
    }
    let expected_seq = field("expected_seq")
        .and_then(|s| s.trim().parse::<i64>().ok())
        .ok_or_else(|| {
            PageError::say(StatusCode::BAD_REQUEST, "page-error-no-expected-seq", &[])
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
                return show(&state, game_id, Visit::quiet(&who), who, extra).await;
            }
            None => String::new(),
        },
    };
    let app = state.clone();
    let (gid, uid, text) = (game_id.clone(), user_id.clone(), notation.clone());
    let result = state
        .db
        .lease(move |lease| {
            submit_notation(lease, &app, &gid, &uid, expected_seq, &text, SOURCE_PLAYER)
        })
        .await;
    match result {
        Ok(seq) => Ok(to_game_page(
            &state,
            &game_id,
            &who,
            &format!("played={seq}"),
        )),
        Err(e) if e.status().is_client_error() && e.code() != "game_not_found" => {
            let problem = Problem::new(problem_title(&e), pages::refusal(&e));
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
            show(&state, game_id, Visit::quiet(&who), who, extra).await
        }
        Err(e) => Err(page_error(e)),
    }
}

/// The queue form of the turn page: `lines` become the seat's queue (none: withdrawn).
async fn queue_form(
    state: &web::Data<AppState>,
    game_id: String,
    who: PageCredentials,
    expected_seq: Option<i64>,
    lines: Vec<TurnInput>,
) -> PageResult {
    let app = state.clone();
    let (gid, uid) = (game_id.clone(), who.user_id.clone());
    let count = lines.len();
    let result = state
        .db
        .conn(move |conn| crate::play::queue::set(conn, &app, &gid, &uid, expected_seq, &lines))
        .await;
    match result {
        Ok(_) => Ok(to_game_page(
            state,
            &game_id,
            &who,
            &format!("queued={count}"),
        )),
        Err(e) if e.status().is_client_error() && e.code() != "game_not_found" => {
            let problem = Problem::new(problem_title(&e), pages::refusal(&e));
            let extra = Extra {
                status: e.status(),
                flash: None,
                problem: Some(problem),
                notation: String::new(),
            };
            show(state, game_id, Visit::quiet(&who), who, extra).await
        }
        Err(e) => Err(page_error(e)),
    }
}

/// `GET /games/{id}/play/legal?partial=JSON[&token=T]`: the next legal steps for the page's
/// seat after the turn built so far (`crate::play::legal`, as `GET /games/{id}/legal`),
/// with that turn in the notation. The page's credentials, answered as problem+json: the
/// page's script reads it.
pub async fn legal_json(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    user: Option<WebUser>,
) -> ApiResult<HttpResponse> {
    let game_id = path.into_inner();
    let who = credentials::json_credentials(&state, &req, &game_id, user.as_ref())?;
    let partial: Value = match pages::query_param(&req, "partial") {
        Some(p) if p.len() > JSON_LIMIT => {
            return Err(ApiError::bad_request(
                "invalid_query",
                format!("`partial` is longer than {JSON_LIMIT} bytes"),
            )
            .said(
                "problem-partial-too-long",
                vec![("limit", JSON_LIMIT.into())],
            ))
        }
        Some(p) => serde_json::from_str(&p).map_err(|e| {
            ApiError::bad_request("invalid_query", format!("`partial` is not JSON: {e}")).said(
                "problem-partial-not-json",
                vec![("error", e.to_string().into())],
            )
        })?,
        None => json!({}),
    };
    // The turn so far in the notation; nothing yet is the empty string.
    let empty = partial.as_object().is_none_or(|o| {
        o.values()
            .all(|v| v.as_array().is_some_and(|a| a.is_empty()) || v == &json!(false))
    });
    let app = state.clone();
    let (seq, seat, legal, notation) = state
        .db
        .conn(move |conn| {
            let (seq, seat, legal) =
                crate::play::legal(conn, &app, &game_id, &who.user_id, &partial)?;
            let notation = if empty {
                String::new()
            } else {
                Table::load(conn, &game_id)?
                    .kind()?
                    .format_turn(&partial)
                    .map_err(turn_error)?
            };
            Ok((seq, seat, legal, notation))
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .json(json!({ "seq": seq, "seat": seat, "legal": legal, "notation": notation })))
}

/// `POST /games/{id}/play/talk[?token=T]`, form-encoded `body`: the page's seat says
/// something at the table (`crate::play::post_message`, as `POST /games/{id}/messages`),
/// then 303 back to the page's talk. A refused message (empty, too long, over the seat's
/// talk limit: then 429 with `Retry-After`) is the page again with the reason.
pub async fn talk(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Bytes,
    user: Option<WebUser>,
) -> PageResult {
    let game_id = path.into_inner();
    let who = page_credentials(&state, &req, &game_id, user.as_ref())?;
    if body.len() > JSON_LIMIT {
        return Err(PageError::say(
            StatusCode::PAYLOAD_TOO_LARGE,
            "page-error-talk-too-long",
            &[(
                "n",
                i64::try_from(crate::play::MAX_CHARS)
                    .unwrap_or(i64::MAX)
                    .into(),
            )],
        ));
    }
    let field = |name: &str| {
        url::form_urlencoded::parse(&body)
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    };
    check_form(&req, &who, user.as_ref(), field("csrf").as_deref())?;
    let text = field("body").unwrap_or_default();
    let app = state.clone();
    let (gid, uid) = (game_id.clone(), who.user_id.clone());
    let result = state
        .db
        .conn(move |conn| crate::play::post_message(conn, &app, &gid, &uid, &text).map(|_| ()))
        .await;
    match result {
        Ok(()) => Ok(HttpResponse::SeeOther()
            .insert_header((
                header::LOCATION,
                format!(
                    "{}/games/{game_id}/play{}#talk",
                    state.base_path,
                    who.query()
                ),
            ))
            .insert_header((header::REFERRER_POLICY, "no-referrer"))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish()),
        Err(e) if matches!(e.code(), "invalid_message" | "rate_limited") => {
            let extra = Extra {
                status: e.status(),
                flash: None,
                problem: Some(Problem::new(
                    pages::words("page-talk-not-posted", &[]),
                    pages::refusal(&e),
                )),
                notation: String::new(),
            };
            let mut page = show(&state, game_id, Visit::quiet(&who), who, extra).await?;
            if let Some(secs) = e.retry_after() {
                page.headers_mut()
                    .insert(header::RETRY_AFTER, header::HeaderValue::from(secs));
            }
            Ok(page)
        }
        Err(e) => Err(PageError::from(e)),
    }
}

/// `POST /games/{id}/play/rematch` (the game page's button, with its credentials):
/// propose or accept the rematch of this finished game (`crate::play::rematch`), then 303
/// back to the page. A refusal (the game is not over) is the page with the reason.
pub async fn rematch(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Bytes,
    user: Option<WebUser>,
) -> PageResult {
    let game_id = path.into_inner();
    let who = page_credentials(&state, &req, &game_id, user.as_ref())?;
    let csrf = url::form_urlencoded::parse(&body)
        .find(|(k, _)| k == "csrf")
        .map(|(_, v)| v.into_owned());
    check_form(&req, &who, user.as_ref(), csrf.as_deref())?;
    match crate::play::rematch::want(&state, &who.user_id, &game_id).await {
        Ok(_) => Ok(HttpResponse::SeeOther()
            .insert_header((
                header::LOCATION,
                format!(
                    "{}/games/{game_id}/play{}#rematch",
                    state.base_path,
                    who.query()
                ),
            ))
            .insert_header((header::REFERRER_POLICY, "no-referrer"))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish()),
        Err(e) if e.status().is_client_error() && e.code() != "game_not_found" => {
            let extra = Extra {
                status: e.status(),
                flash: None,
                problem: Some(Problem::new(
                    pages::words("page-rematch-refused", &[]),
                    pages::refusal(&e),
                )),
                notation: String::new(),
            };
            show(&state, game_id, Visit::quiet(&who), who, extra).await
        }
        Err(e) => Err(PageError::from(e)),
    }
}

/// The page of a failed request: a game that does not exist, or that the reader may not
/// see, is one page.
fn page_error(e: ApiError) -> PageError {
    match e.code() {
        "game_not_found" => PageError::say(StatusCode::NOT_FOUND, "page-error-game-gone", &[]),
        _ => PageError::from(e),
    }
}

fn problem_title(e: &ApiError) -> String {
    let key = match e.code() {
        "rule_violation" => "page-refused-rules",
        "invalid_notation" => "page-refused-unreadable",
        "invalid_turn" => "page-refused-not-a-turn",
        "stale_seq" => "page-refused-stale",
        "not_your_turn" => "page-refused-not-your-turn",
        "game_over" => "page-refused-over",
        "game_not_started" => "page-refused-not-started",
        "not_a_player" => "page-refused-no-seat",
        _ => "page-refused",
    };
    pages::words(key, &[])
}

/// The answer to a form the game page posted: back to the page (by `who`'s credential),
/// with `param` telling it what was done.
fn to_game_page(
    state: &AppState,
    game_id: &str,
    who: &PageCredentials,
    param: &str,
) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((
            header::LOCATION,
            format!(
                "{}/games/{game_id}/play{}",
                state.base_path,
                who.query_with(param)
            ),
        ))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{board_svg, BoardStyle};
    use crate::kinds::Kind;
    use ::games::gods::random::random_turn;
    use ::games::gods::{Gods, GodsOptions};
    use ::games::{Game, Rng, Seed};

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
                parts: PageParts::new(
                    "",
                    "g1",
                    "?token=T0K3N",
                    board_svg(
                        &gods_view(engine.view(Viewer::Seat(seat))).expect("a gods view"),
                        &BoardStyle {
                            names: names.clone(),
                            panel: false,
                            lang: crate::http::page_lang::lang(),
                            ..BoardStyle::default()
                        },
                    ),
                )
                .with_rules("", crate::kinds::gods::GODS.rules()),
            },
            extra,
        )
        .expect("page data");
        let ctx = WithTalk {
            page: ctx,
            talk: vec![TalkRow {
                name: "Bob & Co's".into(),
                body: "<b>hello</b>".into(),
                at_seq: 2,
            }],
            game: GameParts::sample(),
            since: vec![SinceRow {
                seq: 3,
                name: "Bob & Co's".into(),
                text: "discard 1; discard 1".into(),
            }],
            rematch: RematchBox::default(),
            queue: None,
        };
        render_in("", "play.html", &ctx).expect("rendered")
    }

    /// The turn page in the reader's language, for the test of every page in every
    /// language (`crate::http::pages`): as the fixed game's snapshot, and refused.
    pub(crate) fn samples() -> Vec<(&'static str, &'static str, String)> {
        let played = fixed_page(Extra {
            status: StatusCode::OK,
            flash: Some(pages::words("page-flash-played", &[("turn", 3i64.into())])),
            problem: None,
            notation: String::new(),
        });
        let refused = fixed_page(Extra {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            flash: None,
            problem: Some(Problem::new(
                pages::words("page-refused-rules", &[]),
                "G-A3 (G-B2)",
            )),
            notation: "temple at 9,9".into(),
        });
        vec![
            ("play", "play.html", played),
            ("play_refused", "play.html", refused),
        ]
    }

    #[test]
    fn the_turn_page_of_a_fixed_game_matches_its_snapshot() {
        let html = fixed_page(Extra {
            status: StatusCode::OK,
            flash: Some("Your turn was played: it is turn 3 of the game.".into()),
            problem: None,
            notation: String::new(),
        });
        assert!(html.contains("It is your turn."), "{html}");
        assert!(html.contains("Ann &lt;the&gt; &quot;first&quot;"), "{html}");
        assert!(html.contains("Bob &amp; Co&#39;s"), "{html}");
        // The last move is marked on the board, each hex says what stands on it, and the
        // points are shown by source before the game is over.
        assert!(html.contains("class=\"last\" aria-label=\""), "{html}");
        assert!(html.contains("aria-label=\"0,0: temple of "), "{html}");
        assert!(
            html.contains("The points by source, if the game ended now"),
            "{html}"
        );
        assert!(html.contains("Since your last visit"), "{html}");
        // Its snapshot is `pages/en/play.html`, kept by the every-language page test.
    }

    #[test]
    fn a_refused_turn_is_shown_with_its_reason_and_the_text_kept() {
        let html = fixed_page(Extra {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            flash: None,
            problem: Some(Problem::new(
                "The rules do not allow this turn",
                "G-A3: a temple here <costs> 9 (G-B2)",
            )),
            notation: "temple at 9,9 </textarea><script>".into(),
        });
        assert!(
            html.contains("G-A3: a temple here &lt;costs&gt; 9"),
            "{html}"
        );
        assert!(html.contains("temple at 9,9 &lt;/textarea&gt;&lt;script&gt;</textarea>"));
        // The one script is the server's own file.
        assert_eq!(html.matches("<script").count(), 1, "{html}");
        assert!(html.contains("<script src=\"/static/play.js\" defer></script>"));
        // Both rules the message names link to their pages.
        assert!(html.contains("href=\"/rules/gods#G-A3\""), "{html}");
        assert!(html.contains("href=\"/rules/gods#G-B2\""), "{html}");
        assert!(html.contains("&lt;b&gt;hello&lt;/b&gt;"), "talk is escaped");
    }
}
