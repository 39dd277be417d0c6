//! The HTML pages the links in mail open, for people with a browser or a mail client:
//! `GET|POST /unsubscribe?token=T`, `GET /verify?token=T`, `GET /join/{code}`, and the
//! shared machinery of the turn page (`crate::http::play`).
//!
//! Owns: the page templates (`templates/pages/`, embedded at build time, rendered by
//! minijinja strictly — an unknown variable is an error — with HTML auto-escaping of every
//! value), the security headers every page carries, the HTML error page, and reading a
//! mail link's purpose-scoped token. Must not: decide a rule or write SQL (the store and
//! the turn code do), or show anything a view does not (the pile order).
//!
//! A person reads these answers, so errors are HTML pages with the right status, not
//! problem+json (`crate::error::problem_for_bare_errors` leaves text/html alone). The token
//! in the URL is the credential: pages send `Referrer-Policy: no-referrer` (the board image
//! and any link followed must not carry it elsewhere) and `Cache-Control: no-store`. No
//! inline script runs: `Content-Security-Policy` allows scripts only from this server's
//! own files (`/static/play.js`, [`script`]). `docs/players/pages.md` has the whole token model.

use crate::auth::jwt::{Claims, Purpose};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::{games as game_store, prefs};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use minijinja::{Environment, UndefinedBehavior};
use serde::Serialize;
use std::fmt;
use std::sync::OnceLock;

/// What a page may load: its own inline styles, pictures from this server (and `data:`
/// pictures, a custom Dreams card drawn inline), scripts only from this server's own files
/// (`/static/play.js`; no inline script), requests only to this server (its event
/// stream included), its icon and web app manifest from this server; no frame, forms only
/// to this server.
pub const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; connect-src 'self'; \
     style-src 'unsafe-inline'; img-src 'self' data:; manifest-src 'self'; \
     form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The page templates, embedded: a missing file is a build error.
macro_rules! embed {
    ($($path:literal),* $(,)?) => {
        &[$((
            $path,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../templates/pages/", $path)),
        )),*]
    };
}

static PAGES: &[(&str, &str)] = embed!(
    "_layout.html",
    "error.html",
    "unsubscribe.html",
    "unsubscribed.html",
    "verified.html",
    "join.html",
    "play.html",
    "play_dreams.html",
    "_talk.html",
    "_queue.html",
    "_rematch.html",
    "_since.html",
    "_points.html",
    "_reveal.html",
    "_play_style.html",
    "doc.html",
    "replay.html",
    "login.html",
    "signup.html",
    "signed_up.html",
    "forgot.html",
    "reset.html",
    "reset_done.html",
    "welcome.html",
    "lobby.html",
    "preferences.html",
    "vacation.html",
    "leave.html",
    "_leave.html",
);

fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        if let Ok(syntax) = minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .build()
        {
            env.set_syntax(syntax);
        }
        // Every page is HTML, whatever it is called: escape everything printed. The five
        // characters that matter in text and in quoted attributes (templates quote every
        // attribute with `"`); unlike minijinja's default, `/` stays, so a URL reads as one.
        env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
        env.set_formatter(|out, state, value| {
            if value.is_undefined() || value.is_none() || value.is_safe() {
                return minijinja::escape_formatter(out, state, value);
            }
            let text = value.to_string();
            let mut escaped = String::with_capacity(text.len() + 16);
            for c in text.chars() {
                match c {
                    '&' => escaped.push_str("&amp;"),
                    '<' => escaped.push_str("&lt;"),
                    '>' => escaped.push_str("&gt;"),
                    '"' => escaped.push_str("&quot;"),
                    '\'' => escaped.push_str("&#39;"),
                    c => escaped.push(c),
                }
            }
            out.write_str(&escaped).map_err(|e| {
                minijinja::Error::new(minijinja::ErrorKind::WriteFailure, e.to_string())
            })
        });
        // `t("key", name=…)`: catalogue messages in the page's `lang` (`crate::i18n`),
        // and the markup a template wraps a value of a message in.
        crate::i18n::register(&mut env);
        helpers(&mut env);
        env.set_loader(|name| {
            Ok(PAGES
                .iter()
                .find(|(path, _)| *path == name)
                .map(|(_, source)| *source))
        });
        env
    })
}

/// The words the pages' scripts show (`static/play.js`, `static/forms.js`): the messages
/// `page-js-*`, by their name without the prefix. A value the script fills in is written
/// `%n`, `%name`, `%zone`.
const SCRIPT_WORDS: &[&str] = &[
    "no-answer",
    "zoom-in",
    "zoom-out",
    "zoom-fit",
    "nothing-yet",
    "may-end",
    "end-game",
    "play-on",
    "owe-one",
    "owe",
    "complete",
    "no-action-left",
    "place-temple",
    "move-desert",
    "play-extra",
    "discard-it",
    "keep-it",
    "play-it-now",
    "take-crystal",
    "god-n",
    "choose-desert",
    "choose-where",
    "choose-lit",
    "choose-lit-n",
    "unreachable",
    "image",
    "show-large",
    "image-large",
    "guess-image",
    "close",
    "moved-on",
    "show-it",
    "will-be-lost",
    "notify",
    "notify-yes",
    "notify-no",
    "copied",
    "zone-chosen",
];

/// [`SCRIPT_WORDS`] in `lang`, as the JSON object the page gives its scripts
/// (`<body data-words>`).
pub fn script_words(lang: crate::i18n::Lang) -> String {
    let values: [(&str, crate::i18n::Arg); 3] = [
        ("n", "%n".into()),
        ("name", "%name".into()),
        ("zone", "%zone".into()),
    ];
    let words: serde_json::Map<String, serde_json::Value> = SCRIPT_WORDS
        .iter()
        .map(|name| {
            let text = crate::i18n::text(lang, &format!("page-js-{name}"), &values);
            ((*name).to_string(), text.into())
        })
        .collect();
    serde_json::Value::Object(words).to_string()
}

/// A message of the pages' catalogue in the reader's language (`crate::http::page_lang`).
pub fn words(key: &str, args: &[(&str, crate::i18n::Arg)]) -> String {
    crate::i18n::text(crate::http::page_lang::lang(), key, args)
}

/// The markup a page puts around a value it gives a message (`t("key", email=email|strong)`):
/// `strong`, `code`, `em` and `time` wrap it (escaped), `link(url, text)` links it.
fn helpers(env: &mut Environment<'static>) {
    use minijinja::Value;
    fn escaped(value: &Value) -> String {
        if value.is_safe() {
            value.to_string()
        } else {
            crate::i18n::html_escape(&crate::i18n::one_line(&value.to_string())).into_owned()
        }
    }
    for tag in ["strong", "code", "em", "time"] {
        env.add_filter(tag, move |value: Value| {
            Value::from_safe_string(format!("<{tag}>{}</{tag}>", escaped(&value)))
        });
    }
    env.add_function("link", |url: Value, text: Value| -> Value {
        Value::from_safe_string(format!(
            "<a href=\"{}\">{}</a>",
            escaped(&url),
            escaped(&text)
        ))
    });
}

/// Render `template` with `ctx` (plus `lang`, which every page has: the reader's, from
/// `crate::http::page_lang`, unless `ctx` gives one). A page rendered without knowing the
/// server (the error page) has no `home` link.
pub fn render<S: Serialize>(template: &str, ctx: &S) -> Result<String, PageError> {
    render_vars(None, template, ctx)
}

/// [`render`] for a server whose public URL's path is `base` (`AppState::base_path`):
/// the page's `home` link is `{base}/`.
pub fn render_in<S: Serialize>(base: &str, template: &str, ctx: &S) -> Result<String, PageError> {
    render_vars(Some(base), template, ctx)
}

fn render_vars<S: Serialize>(
    base: Option<&str>,
    template: &str,
    ctx: &S,
) -> Result<String, PageError> {
    let mut vars = match serde_json::to_value(ctx) {
        Ok(serde_json::Value::Object(map)) => map,
        Ok(_) => return Err(PageError::internal("page data is not an object")),
        Err(e) => return Err(PageError::internal(e)),
    };
    // The reader's language (`page_lang`), unless the page is in another (a document
    // served in English for want of a translation); and the switcher's links.
    vars.entry("lang")
        .or_insert_with(|| crate::http::page_lang::lang().code().into());
    let lang = vars
        .get("lang")
        .and_then(|v| v.as_str())
        .and_then(crate::i18n::Lang::from_code)
        .unwrap_or_default();
    if !vars.contains_key("js_words") {
        vars.insert("js_words".into(), script_words(lang).into());
    }
    if !vars.contains_key("page_langs") {
        let links = serde_json::to_value(crate::http::page_lang::switcher())
            .map_err(PageError::internal)?;
        vars.insert("page_langs".into(), links);
    }
    if let Some(base) = base {
        vars.entry("home")
            .or_insert_with(|| format!("{base}/").into());
    }
    environment()
        .get_template(template)
        .and_then(|t| t.render(minijinja::Value::from(minijinja::value::Serde(&vars))))
        .map_err(PageError::internal)
}

/// An HTML page with the headers every page carries.
pub fn page(status: StatusCode, html: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CONTENT_SECURITY_POLICY, PAGE_CSP))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(html)
}

/// Why a page could not be shown, as an HTML page for a person.
#[derive(Debug)]
pub struct PageError {
    pub status: StatusCode,
    pub title: String,
    pub message: String,
    /// `Retry-After` seconds (a 429 or a 503 of the API's, shown as a page).
    pub retry_after: Option<u64>,
}

impl PageError {
    pub fn new(status: StatusCode, title: &str, message: impl Into<String>) -> PageError {
        PageError {
            status,
            title: title.to_string(),
            message: message.into(),
            retry_after: None,
        }
    }

    /// `status` with the pages' message `key` (its title is `{key}-title`), in the reader's
    /// language.
    pub fn say(status: StatusCode, key: &str, args: &[(&str, crate::i18n::Arg)]) -> PageError {
        PageError {
            status,
            title: words(&format!("{key}-title"), &[]),
            message: words(key, args),
            retry_after: None,
        }
    }

    /// A failure of ours: logged, and the page says nothing about it.
    pub fn internal(cause: impl fmt::Display) -> PageError {
        // Through ApiError, which logs the cause once at error level.
        PageError::from(ApiError::internal(cause))
    }
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.title)
    }
}

impl From<ApiError> for PageError {
    fn from(e: ApiError) -> PageError {
        let mut page = if e.status().is_server_error() {
            // Logs the cause (never sent); the page says only that we failed.
            let _ = e.error_response();
            PageError::say(e.status(), "page-error-internal", &[])
        } else {
            let title = e.status().canonical_reason().unwrap_or("Error");
            PageError::new(e.status(), title, e.detail())
        };
        page.retry_after = e.retry_after();
        page
    }
}

#[derive(Serialize)]
struct ErrorPage<'a> {
    title: &'a str,
    message: &'a str,
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let html = render(
            "error.html",
            &ErrorPage {
                title: &self.title,
                message: &self.message,
            },
        )
        // The error page has no data that can fail; should it ever, say it plainly.
        .unwrap_or_else(|_| "<!DOCTYPE html><title>Error</title><p>Error</p>".to_string());
        let mut res = page(self.status, html);
        if let Some(secs) = self.retry_after {
            res.headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(secs));
        }
        res
    }
}

pub type PageResult = Result<HttpResponse, PageError>;

/// A query parameter, read leniently (a page never answers a bad query with JSON).
pub fn query_param(req: &HttpRequest, name: &str) -> Option<String> {
    url::form_urlencoded::parse(req.query_string().as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// The link's token, checked for `purpose`. A link without one, with a bad signature,
/// made for another purpose or expired is refused with 403 and a page that says which.
pub fn link_claims(
    state: &AppState,
    req: &HttpRequest,
    purpose: Purpose,
) -> Result<(String, Claims), PageError> {
    let token = query_param(req, "token")
        .filter(|t| !t.is_empty())
        .ok_or_else(|| PageError::say(StatusCode::BAD_REQUEST, "page-error-no-token", &[]))?;
    let claims = state.keys.verify(purpose, &token).map_err(|e| {
        let key = match e.code() {
            "token_expired" => "page-error-link-expired",
            "wrong_token_purpose" => "page-error-link-purpose",
            _ => "page-error-link-invalid",
        };
        let mut page = PageError::say(StatusCode::FORBIDDEN, key, &[]);
        page.title = words("page-error-link-broken-title", &[]);
        page
    })?;
    Ok((token, claims))
}

/// An unsubscribe token names a user id (hex) or, for mail to someone without an
/// account (an invitation), the address itself.
fn is_address(sub: &str) -> bool {
    sub.contains('@')
}

fn account_gone() -> PageError {
    PageError::say(StatusCode::NOT_FOUND, "page-error-link-account-gone", &[])
}

#[derive(Serialize)]
struct UnsubscribePage {
    email: String,
    already: bool,
    action: String,
}

/// `GET /unsubscribe?token=T`: asks; changes nothing (mail scanners open links).
pub async fn unsubscribe_form(req: HttpRequest, state: web::Data<AppState>) -> PageResult {
    let (token, claims) = link_claims(&state, &req, Purpose::Unsubscribe)?;
    let action = format!("{}/unsubscribe?token={}", state.base_path, encode(&token));
    let sub = claims.sub;
    // An invitation to an address with no account carries the address itself.
    if is_address(&sub) {
        let email = sub.clone();
        let already = state
            .db
            .conn(move |conn| Ok(prefs::refuses_mail(conn, &sub)?))
            .await?;
        let html = render_in(
            &state.base_path,
            "unsubscribe.html",
            &UnsubscribePage {
                email,
                already,
                action,
            },
        )?;
        return Ok(page(StatusCode::OK, html));
    }
    let found = state
        .db
        .conn(move |conn| Ok(prefs::prefs(conn, &sub)?))
        .await?;
    let p = found.ok_or_else(account_gone)?;
    let html = render_in(
        &state.base_path,
        "unsubscribe.html",
        &UnsubscribePage {
            email: p.email,
            already: p.mail_pref == "none",
            action,
        },
    )?;
    Ok(page(StatusCode::OK, html))
}

#[derive(Serialize)]
struct EmailPage {
    email: String,
}

/// `POST /unsubscribe?token=T`: the one-click unsubscribe (RFC 8058) and the form's
/// button. Any body is accepted and ignored; idempotent.
pub async fn unsubscribe(req: HttpRequest, state: web::Data<AppState>) -> PageResult {
    let (_, claims) = link_claims(&state, &req, Purpose::Unsubscribe)?;
    let user = claims.sub.clone();
    if is_address(&user) {
        let at = state.clock.now_naive();
        let email = user.clone();
        state
            .db
            .write(move |conn| Ok(prefs::suppress_address(conn, &user, at)?))
            .await?;
        tracing::info!("mail to an address without an account stopped by an unsubscribe link");
        let html = render_in(&state.base_path, "unsubscribed.html", &EmailPage { email })?;
        return Ok(page(StatusCode::OK, html));
    }
    let found = state
        .db
        .write(move |conn| {
            if !prefs::unsubscribe(conn, &user)? {
                return Ok(None);
            }
            Ok(prefs::prefs(conn, &user)?)
        })
        .await?;
    let p = found.ok_or_else(account_gone)?;
    tracing::info!(user.id = %claims.sub, "mail stopped by an unsubscribe link");
    let html = render_in(
        &state.base_path,
        "unsubscribed.html",
        &EmailPage { email: p.email },
    )?;
    Ok(page(StatusCode::OK, html))
}

#[derive(Serialize)]
struct VerifiedPage {
    name: String,
    email: String,
}

/// `GET /verify?token=T`: confirms the address the token names, if it is still the
/// user's. Idempotent: the first confirmation's time is kept.
pub async fn verify(req: HttpRequest, state: web::Data<AppState>) -> PageResult {
    let (_, claims) = link_claims(&state, &req, Purpose::Verify)?;
    let address = claims.obj.unwrap_or_default();
    let user = claims.sub;
    let at = state.clock.now_naive();
    let (found, verified) = state
        .db
        .write(move |conn| {
            let verified = prefs::verify_email(conn, &user, &address, at)?;
            Ok((prefs::prefs(conn, &user)?, verified))
        })
        .await?;
    let p = found.ok_or_else(account_gone)?;
    if !verified {
        return Err(PageError::say(
            StatusCode::CONFLICT,
            "page-error-address-not-yours",
            &[],
        ));
    }
    let html = render_in(
        &state.base_path,
        "verified.html",
        &VerifiedPage {
            name: p.display_name,
            email: p.email,
        },
    )?;
    Ok(page(StatusCode::OK, html))
}

#[derive(Serialize)]
struct JoinPage {
    account: Option<crate::http::account::Me>,
    /// The form's CSRF token (signed in) — the button posts to this page's URL.
    csrf: Option<String>,
    /// I already have a seat: the page links to the game instead.
    seated: bool,
    game_url: String,
    /// `/signup?next=/join/CODE` and `/login?next=…`, for a signed-out reader.
    signup_url: String,
    login_url: String,
    kind: String,
    created_by: String,
    seat_count: i64,
    players: Vec<String>,
    status: String,
    open: bool,
    join_url: String,
    code: String,
}

/// `GET /join/{code}`: the game a join code opens; signed in, a button that takes a seat
/// (`POST`, same URL); signed out, sign up or log in and come back here; and how to join
/// with the API.
pub async fn join(
    state: web::Data<AppState>,
    path: web::Path<String>,
    user: Option<crate::http::session::WebUser>,
) -> PageResult {
    let code = path.into_inner();
    let unknown = || PageError::say(StatusCode::NOT_FOUND, "page-error-no-join-code", &[]);
    // Codes are 10 letters and digits; anything else cannot be one.
    if code.is_empty() || code.len() > 64 || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(unknown());
    }
    let found = state
        .db
        .conn(move |conn| {
            let Some(game) = prefs::game_by_join_code(conn, &code)? else {
                return Ok(None);
            };
            let players = game_store::players(conn, &game.id)?;
            let creator = crate::store::accounts::user_by_id(conn, &game.created_by)?
                .map(|u| crate::game::shown_name(&u.display_name, u.is_bot()))
                .unwrap_or_default();
            Ok(Some((game, players, creator)))
        })
        .await?;
    let (game, players, creator) = found.ok_or_else(unknown)?;
    let open = game.status == crate::store::models::OPEN;
    let seated = user
        .as_ref()
        .is_some_and(|u| players.iter().any(|p| p.seat.user_id == u.user_id));
    let here = encode(&format!("/join/{}", game.join_code));
    let html = render_in(
        &state.base_path,
        "join.html",
        &JoinPage {
            account: crate::http::account::Me::of(user.as_ref()),
            csrf: user.as_ref().map(|u| u.csrf_token.clone()),
            seated,
            game_url: format!(
                "{}{}",
                state.base_path,
                crate::http::lobby::game_path(&game.id)
            ),
            signup_url: format!("{}/signup?next={here}", state.base_path),
            login_url: format!("{}/login?next={here}", state.base_path),
            kind: game.kind.clone(),
            created_by: creator,
            seat_count: game.seat_count,
            players: players.iter().map(crate::game::seat_name).collect(),
            status: match game.status.as_str() {
                "open" => words("page-join-status-open", &[]),
                "running" => words("page-join-status-running", &[]),
                other => other.to_string(),
            },
            open,
            join_url: format!(
                "{}/games/{}/join",
                state.public_url.trim_end_matches('/'),
                game.id
            ),
            code: game.join_code,
        },
    )?;
    Ok(page(StatusCode::OK, html))
}

/// `s` for a query string.
pub fn encode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// The game page's script, embedded at build time.
const PLAY_JS: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/static/play.js"));

/// `GET /static/play.js`: the pages' script — builds a turn by clicking, and keeps the
/// game pages and the lobby up to date from their event stream (no build step, no
/// library). Cached for an hour and revalidated by its ETag.
pub async fn script(req: HttpRequest) -> HttpResponse {
    static_file(&req, PLAY_JS, "text/javascript; charset=utf-8")
}

/// The forms' script (a join link's copy button, the new-game form's kinds, the browser's
/// time zone at sign-up), embedded at build time.
const FORMS_JS: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/static/forms.js"));

/// `GET /static/forms.js`: cached as the turn page's script.
pub async fn forms_script(req: HttpRequest) -> HttpResponse {
    static_file(&req, FORMS_JS, "text/javascript; charset=utf-8")
}

/// The pages' icon, embedded at build time.
const ICON_SVG: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/static/icon.svg"));

/// `GET /static/icon.svg`: the icon every page links (`rel=icon`) and the web app manifest
/// names. Cached as the script.
pub async fn icon(req: HttpRequest) -> HttpResponse {
    static_file(&req, ICON_SVG, "image/svg+xml")
}

/// `GET /manifest.webmanifest`: the web app manifest every page links, so that a browser
/// may install the site (the lobby as its start, the icon). Its URLs follow the server's
/// public path.
pub async fn manifest(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let base = &state.base_path;
    let body = serde_json::json!({
        "name": "Hermes",
        "short_name": "Hermes",
        "description": "Your games of Gods and Dreams, played turn by turn.",
        "start_url": format!("{base}/"),
        "scope": format!("{base}/"),
        "display": "standalone",
        "background_color": "#fdfcf8",
        "theme_color": "#24345c",
        "icons": [{
            "src": format!("{base}/static/icon.svg"),
            "sizes": "any",
            "type": "image/svg+xml",
            "purpose": "any"
        }]
    })
    .to_string();
    static_file(&req, &body, "application/manifest+json")
}

/// A file of our own: an ETag of its content (304 when the client has it), cached an hour.
fn static_file(req: &HttpRequest, body: &str, content_type: &str) -> HttpResponse {
    use sha2::{Digest, Sha256};
    let etag = format!(
        "\"{}\"",
        hex::encode(&Sha256::digest(body.as_bytes())[..12])
    );
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut res = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if fresh {
        return res.finish();
    }
    res.content_type(content_type).body(body.to_string())
}
