//! `/decks`: Dreams decks (D-C1). `POST /decks` makes a deck of 72 cards from SVGs;
//! `GET /decks/{id}` names a deck's cards; `GET /decks/{id}/cards/{n}.png` (any deck) and
//! `GET /decks/{id}/cards/{n}.svg` (the service's own deck, `standard`) show one card.
//!
//! A user's SVG is drawn into a PNG here, once, loading nothing from outside (see
//! `crate::board::untrusted_card_png`), and only the PNG is kept and served: nothing a
//! user wrote is ever served as SVG. The SVGs served are the service's own, with the same
//! `Content-Security-Policy` and `nosniff` as the board pictures.
//!
//! Reading a deck needs no token: a deck's id is unguessable, and the pictures must load
//! where no token is sent (mail, the turn page). Making one needs a `Bearer` token.
//!
//! [`card_art`] loads the pictures a Dreams board shows, for the board's handlers.

use crate::auth::Caller;
use crate::board::dreams::{card_png, card_svg, card_title, CardArt, DECK_SIZE};
use crate::board::{untrusted_card_png_within, CardSvgError, MAX_CARD_SVG_BYTES};
use crate::error::{blocking, ApiError, ApiResult};
use crate::http::object::Object;
use crate::state::AppState;
use crate::store::decks::{self as store, Deck, DeckCard, STANDARD};
use crate::store::models::{new_id, now};
use crate::store::DbConn;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest `POST /decks` body: 72 cards at their largest, JSON-escaped, and titles.
pub const DECK_JSON_LIMIT: usize = 24 * 1024 * 1024;
/// A deck's name, a card's title: at most this many characters.
const NAME_CHARS: usize = 100;
const TITLE_CHARS: usize = 80;
/// What a served SVG may do: nothing but draw (the board's policy).
const SVG_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'";

pub use crate::board::uploads::{DeckSettings, DeckUploads};

/// Sets its flag when dropped: the handler's future is dropped when its client goes.
struct SetOnDrop(Arc<AtomicBool>);

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The JSON settings of `POST /decks`: the usual error shapes, a larger limit.
pub fn json_config() -> web::JsonConfig {
    crate::http::problem::json_config().limit(DECK_JSON_LIMIT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewDeck {
    pub name: String,
    pub cards: Vec<Object<NewCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewCard {
    pub title: String,
    pub svg: String,
}

#[derive(Serialize)]
pub struct DeckOut {
    pub id: String,
    pub name: String,
    /// `null` for the service's own deck.
    pub owner_id: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
    pub cards: Vec<CardOut>,
}

#[derive(Serialize)]
pub struct CardOut {
    pub n: i64,
    pub title: String,
}

/// A title or name as kept: trimmed; 1 to `max` characters, no control characters.
fn clean(text: &str, max: usize) -> Option<String> {
    let t = text.trim();
    let ok = !t.is_empty() && t.chars().count() <= max && !t.chars().any(char::is_control);
    ok.then(|| t.to_string())
}

/// A 4xx about one card, naming it (0-based, as cards are numbered) in `detail` and `card`.
fn card_problem(status: StatusCode, code: &'static str, n: usize, what: String) -> ApiError {
    ApiError::new(status, code, format!("card {n}: {what}")).with("card", n)
}

pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: Object<NewDeck>,
) -> ApiResult<HttpResponse> {
    // First, so that a client can tell a refusal by a bound from its deck's faults.
    let slot = state.decks.start(&caller.user_id)?;
    let NewDeck { name, cards } = body.into_inner();
    let cards: Vec<NewCard> = cards.into_iter().map(Object::into_inner).collect();
    let name = clean(&name, NAME_CHARS).ok_or_else(|| {
        ApiError::unprocessable(
            "invalid_name",
            format!("`name` must be 1 to {NAME_CHARS} characters, without control characters"),
        )
        .said("problem-deck-name", vec![("max", NAME_CHARS.into())])
    })?;
    if cards.len() != DECK_SIZE {
        return Err(ApiError::unprocessable(
            "wrong_card_count",
            format!(
                "a deck has exactly {DECK_SIZE} cards; this one has {}",
                cards.len()
            ),
        )
        .said(
            "problem-wrong-card-count",
            vec![("size", DECK_SIZE.into()), ("count", cards.len().into())],
        )
        .with("cards", cards.len()));
    }
    // The cheap checks for every card first, so a fault is found before any drawing.
    let mut titles = Vec::with_capacity(DECK_SIZE);
    for (n, card) in cards.iter().enumerate() {
        let title = clean(&card.title, TITLE_CHARS).ok_or_else(|| {
            card_problem(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_title",
                n,
                format!(
                    "the title must be 1 to {TITLE_CHARS} characters, without control characters"
                ),
            )
        })?;
        if card.svg.len() > MAX_CARD_SVG_BYTES {
            return Err(card_problem(
                StatusCode::PAYLOAD_TOO_LARGE,
                "card_too_large",
                n,
                format!(
                    "the SVG is {} bytes; a card may have at most {MAX_CARD_SVG_BYTES}",
                    card.svg.len()
                ),
            ));
        }
        titles.push(title);
    }
    // Drawing 72 pictures takes a while: off the async workers. A card's drawing cannot
    // be stopped, but each is bounded before it starts (`deck_card_*`), and between two
    // cards the drawing stops when the client has gone or the deck's time is up.
    let limits = state.decks.settings.card_limits();
    let draw_secs = state.decks.settings.draw_secs;
    let drawn = state.decks.cards_drawn.clone();
    let gone = Arc::new(AtomicBool::new(false));
    let _left = SetOnDrop(gone.clone());
    let pngs = blocking(move || {
        let _slot = slot;
        let started = Instant::now();
        let mut pngs = Vec::with_capacity(cards.len());
        for (n, card) in cards.iter().enumerate() {
            if gone.load(Ordering::Relaxed) {
                tracing::info!(
                    card = n,
                    "deck upload abandoned by its client; drawing stopped"
                );
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "client_gone",
                    "the client went away",
                ));
            }
            if started.elapsed() > Duration::from_secs(draw_secs) {
                return Err(card_problem(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "deck_too_slow",
                    n,
                    format!(
                        "drawing the deck took more than {draw_secs} s, as long as this server \
                         allows (`deck_draw_secs`); cards 0 to {} were drawn, this one and \
                         those after it were not: make the cards simpler",
                        n.saturating_sub(1)
                    ),
                )
                .with("bound", "deck_draw_secs"));
            }
            let png = untrusted_card_png_within(&card.svg, limits).map_err(|e| svg_problem(n, e));
            drawn.fetch_add(1, Ordering::Relaxed);
            pngs.push(png?);
        }
        Ok(pngs)
    })
    .await?;
    let deck = Deck {
        id: new_id(),
        owner_id: caller.user_id.clone(),
        name,
        created_at: now(),
    };
    let rows: Vec<DeckCard> = titles
        .into_iter()
        .zip(pngs)
        .enumerate()
        .map(|(n, (title, png))| DeckCard {
            deck_id: deck.id.clone(),
            n: i64::try_from(n).unwrap_or(0),
            title,
            png,
        })
        .collect();
    let out = DeckOut {
        id: deck.id.clone(),
        name: deck.name.clone(),
        owner_id: Some(deck.owner_id.clone()),
        created_at: Some(deck.created_at.and_utc()),
        cards: rows
            .iter()
            .map(|c| CardOut {
                n: c.n,
                title: c.title.clone(),
            })
            .collect(),
    };
    let stored = deck.clone();
    state
        .db
        .write(move |conn| Ok(store::insert_deck(conn, &stored, &rows)?))
        .await?;
    tracing::info!(user.id = %caller.user_id, deck.id = %deck.id, "deck created");
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("{}/decks/{}", state.base_path, deck.id),
        ))
        .json(out))
}

fn svg_problem(n: usize, e: CardSvgError) -> ApiError {
    let (status, code) = match &e {
        CardSvgError::TooLarge { .. } => (StatusCode::PAYLOAD_TOO_LARGE, "card_too_large"),
        CardSvgError::External(_) => (StatusCode::UNPROCESSABLE_ENTITY, "card_external_resource"),
        CardSvgError::TooComplex(_) => (StatusCode::UNPROCESSABLE_ENTITY, "card_too_complex"),
        CardSvgError::Parse(_) | CardSvgError::NoSize => {
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_card_svg")
        }
        CardSvgError::Encode(_) => return ApiError::internal(e),
    };
    card_problem(status, code, n, e.to_string())
}

/// `GET /decks/{id}`: the deck's name and its cards' titles.
pub async fn get(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    if id == STANDARD {
        return Ok(HttpResponse::Ok().json(DeckOut {
            id,
            name: "The standard deck".to_string(),
            owner_id: None,
            created_at: None,
            cards: (0..DECK_SIZE)
                .map(|n| CardOut {
                    n: i64::try_from(n).unwrap_or(0),
                    title: card_title(n).to_string(),
                })
                .collect(),
        }));
    }
    let (deck, titles) = state
        .db
        .conn(move |conn| {
            let deck = store::deck(conn, &id)?.ok_or_else(deck_not_found)?;
            let titles = store::titles(conn, &deck.id)?;
            Ok((deck, titles))
        })
        .await?;
    Ok(HttpResponse::Ok().json(DeckOut {
        id: deck.id,
        name: deck.name,
        owner_id: Some(deck.owner_id),
        created_at: Some(deck.created_at.and_utc()),
        cards: titles
            .into_iter()
            .map(|(n, title)| CardOut { n, title })
            .collect(),
    }))
}

fn deck_not_found() -> ApiError {
    ApiError::not_found("deck_not_found", "no deck has this id")
}

/// A card number from the path: `0` to `71`.
fn card_number(raw: &str) -> ApiResult<usize> {
    raw.parse::<usize>()
        .ok()
        .filter(|&n| n < DECK_SIZE)
        .ok_or_else(|| {
            ApiError::not_found(
                "card_not_found",
                format!("cards are numbered 0 to {}", DECK_SIZE - 1),
            )
            .said(
                "problem-card-not-found",
                vec![("last", (DECK_SIZE - 1).into())],
            )
        })
}

/// `GET /decks/{id}/cards/{n}.svg`: a card of the standard deck, as drawn by the service.
pub async fn card_svg_get(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (id, n) = path.into_inner();
    let n = card_number(&n)?;
    if id != STANDARD {
        // Only our own drawings are served as SVG; say which kind of 404 this is.
        let exists = state
            .db
            .conn(move |conn| Ok(store::deck_exists(conn, &id)?))
            .await?;
        return Err(if exists {
            ApiError::not_found(
                "no_svg",
                "a custom deck's cards are served as PNG only: ask for .png",
            )
        } else {
            deck_not_found()
        });
    }
    Ok(picture(&req, "image/svg+xml", card_svg(n).into_bytes()))
}

/// `GET /decks/{id}/cards/{n}.png`: a card of any deck as a PNG.
pub async fn card_png_get(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (id, n) = path.into_inner();
    let n = card_number(&n)?;
    let png = if id == STANDARD {
        blocking(move || card_png(n).map_err(ApiError::internal)).await?
    } else {
        state
            .db
            .conn(move |conn| {
                let card = store::card(conn, &id, i64::try_from(n).unwrap_or(0))?;
                match card {
                    Some(card) => Ok(card.png),
                    None => Err(deck_not_found()),
                }
            })
            .await?
    };
    Ok(picture(&req, "image/png", png))
}

/// A picture response: ETag (304 when the client has it), cacheable (a card never
/// changes), and no active content.
fn picture(req: &HttpRequest, content_type: &str, body: Vec<u8>) -> HttpResponse {
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
    let unchanged = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .map(|t| t.trim().trim_start_matches("W/"))
                .any(|t| t == etag || t == "*")
        });
    let mut res = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((header::CONTENT_SECURITY_POLICY, SVG_CSP))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"));
    if unchanged {
        return res.finish();
    }
    res.content_type(content_type).body(body)
}

/// The pictures of cards `numbers` of deck `deck`, for
/// [`DreamsStyle::art`](crate::board::dreams::DreamsStyle::art): the standard deck's are
/// drawn from code, a stored deck's are its PNGs (a card it lacks is left out and drawn
/// blank). Pass `crate::board::dreams::cards_shown(&view)` as `numbers`.
pub fn card_art(
    conn: &mut DbConn,
    deck: &str,
    numbers: &[usize],
) -> ApiResult<BTreeMap<usize, CardArt>> {
    let mut art = BTreeMap::new();
    for &n in numbers {
        if deck == STANDARD {
            art.insert(n, CardArt::Standard(n));
            continue;
        }
        let Ok(k) = i64::try_from(n) else { continue };
        if let Some(card) = store::card(conn, deck, k)? {
            art.insert(
                n,
                CardArt::Png {
                    title: card.title,
                    png: card.png,
                },
            );
        }
    }
    Ok(art)
}
