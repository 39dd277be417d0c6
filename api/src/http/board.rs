//! `GET /games/{id}/board.svg` and `GET /games/{id}/board.png`: the board as a picture,
//! now or after log entry N (`?at=N`, replayed as `GET /games/{id}/state?at=N` does).
//!
//! Who may see it: whoever may `GET /games/{id}` (a `Bearer` token; a player sees their
//! seat's view, anyone else — or a player with `as=spectator` — a spectator's), and the
//! holder of a turn link for this game (`?token=`, so that the turn page and a mail client
//! can show it without a login; it draws that seat's view). The picture is drawn by
//! `crate::board` from a view, never from the stored state, so the pile order cannot
//! appear in it.
//!
//! An SVG may hold script; ours holds none, and the response forbids it anyway
//! (`Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'`, `nosniff`).
//! The ETag is a hash of the picture: a client that has it gets 304.

use crate::auth::jwt::Purpose;
use crate::auth::Caller;
use crate::error::{blocking, ApiError, ApiResult};
use crate::game::Table;
use crate::http::client::accept_language;
use crate::http::games::ViewAs;
use crate::http::pictures::drawing;
use crate::i18n::Lang;
use crate::kinds::Drawing;
use crate::state::AppState;
use crate::store::games as store;
use ::games::Viewer;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use serde::Deserialize;
use sha2::{Digest, Sha256};

pub const SVG_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    /// After this many log entries (default: now).
    pub at: Option<i64>,
    #[serde(default, rename = "as")]
    pub as_: Option<ViewAs>,
    /// A turn link's token, instead of a `Bearer` header.
    pub token: Option<String>,
}

/// A board to draw: the kind's drawing of the view, the players' names by seat, and the
/// language of its words (the reader's).
pub struct Picture {
    pub board: Box<dyn Drawing>,
    pub names: Vec<String>,
    pub lang: Lang,
}

impl Picture {
    pub fn svg(&self) -> String {
        self.board.svg(&self.names, true, self.lang)
    }

    pub fn png(&self) -> Result<Vec<u8>, crate::board::PngError> {
        self.board.png(&self.names, self.lang)
    }
}

/// The user a turn link names, if it is for `game_id`.
pub fn turn_link_user(state: &AppState, token: &str, game_id: &str) -> ApiResult<String> {
    let claims = state.keys.verify(Purpose::TurnLink, token)?;
    if claims.obj.as_deref() != Some(game_id) {
        return Err(ApiError::forbidden(
            "wrong_game",
            "this turn link is for another game",
        ));
    }
    Ok(claims.sub)
}

async fn picture(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    id: String,
    query: BoardQuery,
) -> ApiResult<Picture> {
    // Who is asking, and as whom they see the game.
    let (user_id, by_link) = match &query.token {
        Some(token) => (turn_link_user(state, token, &id)?, true),
        None => (
            Caller::from_request(req, &mut Payload::None).await?.user_id,
            false,
        ),
    };
    let at = query.at;
    let reader = user_id.clone();
    let asked = accept_language(req);
    let (table, turns, upto, lang) = state
        .db
        .conn(move |conn| {
            let table = Table::load_for(conn, &id, &reader)?;
            // The words in the language asked for, else the reader's own.
            let lang = match asked {
                Some(lang) => lang,
                None => crate::store::accounts::lang_and_zone(conn, &reader)?
                    .and_then(|(code, _)| Lang::from_code(&code))
                    .unwrap_or_default(),
            };
            let upto = at.unwrap_or(table.game.seq);
            if upto < 0 || upto > table.game.seq {
                return Err(ApiError::not_found(
                    "entry_not_found",
                    format!("`at` must be 0 to {}", table.game.seq),
                )
                .said(
                    "problem-entry-not-found",
                    vec![("last", table.game.seq.into())],
                ));
            }
            // Now is the stored state; an earlier step is replayed from the log.
            let turns = if upto == table.game.seq {
                None
            } else {
                Some(store::turns_upto(conn, &id, upto)?)
            };
            Ok((table, turns, upto, lang))
        })
        .await?;
    let viewer = if by_link {
        // A turn link shows its own seat, or nothing.
        match table.seat_of(&user_id) {
            Some(seat) => Viewer::Seat(seat),
            None => {
                return Err(ApiError::forbidden(
                    "not_a_player",
                    "the turn link's player has no seat in this game",
                ))
            }
        }
    } else {
        table.viewer(&user_id, query.as_ == Some(ViewAs::Spectator))
    };
    // 409 for a game that has not started.
    let engine = table.engine(&state.hot)?;
    let view = match &turns {
        None => engine.view(viewer),
        Some(turns) => table.replay(turns)?.view(viewer),
    };
    let names = table.names_by_seat();
    let board = drawing(state, &table, view, upto).await?;
    Ok(Picture { board, names, lang })
}

/// The ETag of a picture: a hash of its bytes.
fn etag_of(bytes: &[u8]) -> String {
    format!("\"{}\"", hex::encode(&Sha256::digest(bytes)[..16]))
}

fn not_modified(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .map(|t| t.trim().trim_start_matches("W/"))
                .any(|t| t == etag || t == "*")
        })
}

fn respond(req: &HttpRequest, content_type: &str, body: Vec<u8>, lang: Lang) -> HttpResponse {
    let etag = etag_of(&body);
    let unchanged = not_modified(req, &etag);
    let mut res = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, etag))
        // Per viewer (a seat's view), and the game moves on: revalidate every time.
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .insert_header((header::CONTENT_SECURITY_POLICY, SVG_CSP))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        // The words drawn are in the reader's language.
        .insert_header((header::CONTENT_LANGUAGE, lang.code()))
        .insert_header((header::VARY, "Accept-Language"));
    if unchanged {
        return res.finish();
    }
    res.content_type(content_type).body(body)
}

pub async fn svg(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<BoardQuery>,
) -> ApiResult<HttpResponse> {
    let picture = picture(&req, &state, path.into_inner(), query.into_inner()).await?;
    Ok(respond(
        &req,
        "image/svg+xml",
        picture.svg().into_bytes(),
        picture.lang,
    ))
}

/// The same picture as a PNG (for mail clients and chats that do not show SVG).
pub async fn png(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<BoardQuery>,
) -> ApiResult<HttpResponse> {
    let picture = picture(&req, &state, path.into_inner(), query.into_inner()).await?;
    // Rasterising takes milliseconds of CPU: off the async workers.
    let lang = picture.lang;
    let png = blocking(move || picture.png().map_err(ApiError::internal)).await?;
    Ok(respond(&req, "image/png", png, lang))
}
