//! `/webhooks`: a user's webhooks (`docs/clients/webhooks.md`): URLs told of the events of the
//! user's own stream, signed with a secret the server makes and shows once.
//!
//! A hook's URL is checked here (http or https; no loopback or private address unless
//! `webhook_allow_private`) and again at each delivery (`crate::hooks::address`).

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::hooks::{address, new_secret, FORMATS};
use crate::http::object::Object;
use crate::state::AppState;
use crate::store::models::new_id;
use crate::store::webhooks::{self as store, Delivery, Webhook};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::json;

/// The most event types one hook may name.
const MAX_EVENTS: usize = 20;

fn not_found() -> ApiError {
    ApiError::not_found("webhook_not_found", "you have no webhook with this id")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewWebhook {
    pub url: String,
    #[serde(default)]
    pub format: Option<String>,
    #[serde(default)]
    pub game_id: Option<String>,
    #[serde(default)]
    pub events: Option<Vec<String>>,
}

/// `Some(None)` for an explicit `null`, `None` when the field is absent.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebhookPatch {
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub format: Option<String>,
    /// `null`: every event type.
    #[serde(default, deserialize_with = "present")]
    pub events: Option<Option<Vec<String>>>,
    /// `true` re-enables a disabled hook (its failure count starts again at 0, and what
    /// it kept goes out at once, in order); `false` disables it (what comes meanwhile is
    /// kept, up to `webhook_backlog`).
    #[serde(default)]
    pub active: Option<bool>,
}

/// A hook as shown: never its secret.
#[derive(Serialize)]
pub struct WebhookOut {
    pub id: String,
    pub url: String,
    pub format: String,
    pub game_id: Option<String>,
    pub events: Option<Vec<String>>,
    /// `active` or `disabled`.
    pub status: &'static str,
    pub disabled_at: Option<DateTime<Utc>>,
    pub disabled_reason: Option<String>,
    pub consecutive_failures: i64,
    pub last_error: Option<String>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    pub last_success_at: Option<DateTime<Utc>>,
    /// The first failure since the last success (`None`: not failing).
    pub failing_since: Option<DateTime<Utc>>,
    /// No delivery is tried before this (the failing receiver's retry window).
    pub next_retry_at: Option<DateTime<Utc>>,
    /// Undelivered deliveries it is owed (kept while it fails or is disabled).
    pub pending_deliveries: i64,
    /// Deliveries dropped, oldest first, over `webhook_backlog`, in all.
    pub dropped_deliveries: i64,
    pub created_at: DateTime<Utc>,
}

impl WebhookOut {
    /// `h` as shown, with `pending` deliveries owed.
    fn new(h: &Webhook, pending: i64) -> WebhookOut {
        WebhookOut {
            id: h.id.clone(),
            url: h.url.clone(),
            format: h.format.clone(),
            game_id: h.game_id.clone(),
            events: h.kinds(),
            status: if h.disabled_at.is_some() {
                "disabled"
            } else {
                "active"
            },
            disabled_at: h.disabled_at.map(|t| t.and_utc()),
            disabled_reason: h.disabled_reason.clone(),
            consecutive_failures: h.consecutive_failures,
            last_error: h.last_error.clone(),
            last_attempt_at: h.last_attempt_at.map(|t| t.and_utc()),
            last_success_at: h.last_success_at.map(|t| t.and_utc()),
            failing_since: h.failing_since.map(|t| t.and_utc()),
            next_retry_at: h.retry_at.map(|t| t.and_utc()),
            pending_deliveries: pending,
            dropped_deliveries: h.dropped,
            created_at: h.created_at.and_utc(),
        }
    }
}

/// The hook with its secret (at creation and rotation only).
fn with_secret(hook: &Webhook) -> serde_json::Value {
    let mut out = json!(WebhookOut::new(hook, 0));
    out["secret"] = json!(hook.secret);
    out
}

fn check_format(format: &str) -> ApiResult<()> {
    if FORMATS.contains(&format) {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "invalid_webhook_format",
            format!("`format` is one of {}", FORMATS.join(", ")),
        )
        .said(
            "problem-webhook-format",
            vec![("formats", FORMATS.join(", ").into())],
        )
        .with("field", "format"))
    }
}

/// The event types as stored (`None`: all).
fn check_events(events: Option<Vec<String>>) -> ApiResult<Option<String>> {
    let Some(mut events) = events else {
        return Ok(None);
    };
    let bad = |detail: String| {
        ApiError::unprocessable("invalid_webhook_events", detail).with("field", "events")
    };
    let named = events.len();
    events.sort();
    events.dedup();
    if events.is_empty() || named > MAX_EVENTS {
        return Err(bad(format!(
            "`events` names 1 to {MAX_EVENTS} event types, or is left out for all"
        )));
    }
    let name_ok = |e: &str| {
        (1..=40).contains(&e.len())
            && e.starts_with(|c: char| c.is_ascii_lowercase())
            && e.chars().all(|c| c.is_ascii_lowercase() || c == '_')
    };
    if let Some(e) = events.iter().find(|e| !name_ok(e)) {
        return Err(bad(format!(
            "{e:?} is not an event type (snake_case, as in docs/stream.md)"
        )));
    }
    Ok(Some(json!(events).to_string()))
}

async fn check_url(state: &AppState, url: &str) -> ApiResult<String> {
    let url = url.trim();
    address::check(url, state.webhooks.allow_private)
        .await
        .map_err(|r| ApiError::unprocessable(r.code, r.detail).with("field", "url"))?;
    Ok(url.to_string())
}

/// `POST /webhooks`.
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: Object<NewWebhook>,
) -> ApiResult<HttpResponse> {
    let body = body.into_inner();
    let format = body.format.unwrap_or_else(|| "generic".to_string());
    check_format(&format)?;
    let events = check_events(body.events)?;
    let url = check_url(&state, &body.url).await?;
    let at = state.clock.now_naive();
    let user_id = caller.user_id.clone();
    let game_id = body.game_id;
    let hook = state
        .db
        .write(move |conn| {
            crate::store::write_transaction(conn, |conn| {
                crate::auth::existing_user(conn, &user_id)?;
                // A game the caller may not watch is, here as on every read, one that does
                // not exist (`Table::load_for`): its id tells nothing.
                if let Some(g) = &game_id {
                    if !crate::game::Table::exists_for(conn, g, &user_id)? {
                        return Err(ApiError::unprocessable(
                            "unknown_game",
                            "there is no game with this `game_id`",
                        )
                        .with("field", "game_id"));
                    }
                }
                if store::count(conn, &user_id)? >= store::MAX_PER_USER {
                    return Err(ApiError::conflict(
                        "too_many_webhooks",
                        format!(
                            "an account has at most {} webhooks; delete one first",
                            store::MAX_PER_USER
                        ),
                    )
                    .said(
                        "problem-too-many-webhooks",
                        vec![("max", store::MAX_PER_USER.into())],
                    ));
                }
                let hook = Webhook {
                    id: new_id(),
                    user_id,
                    game_id,
                    url,
                    format,
                    events,
                    secret: new_secret(),
                    since_event: crate::store::events::last_id(conn)?,
                    created_at: at,
                    consecutive_failures: 0,
                    last_error: None,
                    last_attempt_at: None,
                    last_success_at: None,
                    disabled_at: None,
                    disabled_reason: None,
                    failing_since: None,
                    retry_at: None,
                    dropped: 0,
                    dropped_untold: 0,
                };
                store::insert(conn, &hook)?;
                Ok(hook)
            })
        })
        .await?;
    tracing::info!(user.id = %caller.user_id, webhook.id = %hook.id, "webhook created");
    Ok(HttpResponse::Created()
        .insert_header(("Location", format!("/webhooks/{}", hook.id)))
        .json(with_secret(&hook)))
}

/// `GET /webhooks`.
pub async fn list(state: web::Data<AppState>, caller: Caller) -> ApiResult<HttpResponse> {
    let out = state
        .db
        .conn(move |conn| {
            let hooks = store::of_user(conn, &caller.user_id)?;
            hooks
                .iter()
                .map(|h| Ok(WebhookOut::new(h, store::pending(conn, &h.id)?)))
                .collect::<ApiResult<Vec<WebhookOut>>>()
        })
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `GET /webhooks/{id}`.
pub async fn get(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let out = state
        .db
        .conn(move |conn| {
            let hook = store::get(conn, &caller.user_id, &id)?.ok_or_else(not_found)?;
            Ok(WebhookOut::new(&hook, store::pending(conn, &hook.id)?))
        })
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `PATCH /webhooks/{id}`: change the URL, the format or the event types; re-enable or
/// disable.
pub async fn patch(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: Object<WebhookPatch>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let body = body.into_inner();
    if let Some(f) = &body.format {
        check_format(f)?;
    }
    let events = body.events.map(check_events).transpose()?;
    let url = match &body.url {
        Some(u) => Some(check_url(&state, u).await?),
        None => None,
    };
    let at = state.clock.now_naive();
    let active = body.active;
    let format = body.format;
    let (out, enabled) = state
        .db
        .write(move |conn| {
            crate::store::write_transaction(conn, |conn| {
                let mut hook = store::get(conn, &caller.user_id, &id)?.ok_or_else(not_found)?;
                let mut enabled = false;
                if let Some(u) = url {
                    hook.url = u;
                }
                if let Some(f) = format {
                    hook.format = f;
                }
                if let Some(e) = events {
                    hook.events = e;
                }
                match active {
                    Some(true) if hook.disabled_at.is_some() => {
                        hook.disabled_at = None;
                        hook.disabled_reason = None;
                        hook.consecutive_failures = 0;
                        hook.failing_since = None;
                        hook.retry_at = None;
                        // What it kept while disabled goes out now, oldest first.
                        store::due_now(conn, &hook.id, at)?;
                        enabled = true;
                    }
                    Some(false) if hook.disabled_at.is_none() => {
                        hook.disabled_at = Some(at);
                        hook.disabled_reason = Some("disabled by its owner".to_string());
                    }
                    _ => {}
                }
                store::update(conn, &hook)?;
                let pending = store::pending(conn, &hook.id)?;
                Ok((WebhookOut::new(&hook, pending), enabled))
            })
        })
        .await?;
    if enabled {
        // The worker looks now, not at its next poll.
        state.streams.wake(crate::store::events::Wake {
            users: vec![out.id.clone()],
            games: Vec::new(),
        });
    }
    Ok(HttpResponse::Ok().json(out))
}

/// `DELETE /webhooks/{id}`.
pub async fn delete(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let gone = state
        .db
        .write(move |conn| Ok(store::delete(conn, &caller.user_id, &id)?))
        .await?;
    if gone {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(not_found())
    }
}

/// `POST /webhooks/{id}/secret`: a new secret (the old one stops signing at once).
pub async fn rotate(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let hook = state
        .db
        .write(move |conn| {
            crate::store::write_transaction(conn, |conn| {
                let mut hook = store::get(conn, &caller.user_id, &id)?.ok_or_else(not_found)?;
                hook.secret = new_secret();
                store::update(conn, &hook)?;
                Ok(hook)
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(with_secret(&hook)))
}

/// A delivery as shown.
#[derive(Serialize)]
pub struct DeliveryOut {
    pub id: String,
    pub event_id: Option<i64>,
    #[serde(rename = "type")]
    pub kind: String,
    /// `pending`, `delivered` or `failed`.
    pub status: &'static str,
    pub attempts: i64,
    pub created_at: DateTime<Utc>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub failed_at: Option<DateTime<Utc>>,
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
}

impl From<&Delivery> for DeliveryOut {
    fn from(d: &Delivery) -> DeliveryOut {
        let status = d.status();
        DeliveryOut {
            id: d.id.clone(),
            event_id: d.event_id,
            kind: d.kind.clone(),
            status,
            attempts: d.attempts,
            created_at: d.created_at.and_utc(),
            next_attempt_at: (status == "pending").then(|| d.next_attempt_at.and_utc()),
            delivered_at: d.delivered_at.map(|t| t.and_utc()),
            failed_at: d.failed_at.map(|t| t.and_utc()),
            last_status: d.last_status,
            last_error: d.last_error.clone(),
        }
    }
}

/// `POST /webhooks/{id}/test`: a `ping` delivery, through the same outbox and worker as
/// any other; answered 202 at once with the delivery (its outcome:
/// `GET /webhooks/{id}/deliveries`).
pub async fn test(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let at = state.clock.now_naive();
    let state_backlog = state.webhooks.backlog;
    let delivery = state
        .db
        .write(move |conn| {
            crate::store::write_transaction(conn, |conn| {
                let hook = store::get(conn, &caller.user_id, &id)?.ok_or_else(not_found)?;
                if hook.disabled_at.is_some() {
                    return Err(ApiError::conflict(
                        "webhook_disabled",
                        "this webhook is disabled; re-enable it (PATCH `active: true`) first",
                    ));
                }
                let data = json!({
                    "type": "ping",
                    "webhook_id": hook.id,
                    "at": at.and_utc(),
                });
                let delivery = Delivery::new(&hook.id, None, "ping", data.to_string(), at);
                store::add_delivery(conn, &delivery, i64::from(state_backlog))?;
                Ok(delivery)
            })
        })
        .await?;
    // The worker looks now, not at its next poll.
    state.streams.wake(crate::store::events::Wake {
        users: vec![delivery.webhook_id.clone()],
        games: Vec::new(),
    });
    Ok(HttpResponse::Accepted().json(DeliveryOut::from(&delivery)))
}

/// `GET /webhooks/{id}/deliveries`: the newest 50 deliveries.
pub async fn deliveries(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let rows = state
        .db
        .conn(move |conn| {
            store::get(conn, &caller.user_id, &id)?.ok_or_else(not_found)?;
            Ok(store::recent(conn, &id, 50)?)
        })
        .await?;
    let out: Vec<DeliveryOut> = rows.iter().map(DeliveryOut::from).collect();
    Ok(HttpResponse::Ok().json(out))
}
