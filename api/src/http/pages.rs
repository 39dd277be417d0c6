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
use crate::http::session::WebUser;
use crate::state::AppState;
use crate::store::{games as game_store, prefs};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, ResponseError};
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

/// Why the API refused something, as a page tells it: in the reader's language, as the
/// API's problem body would (`crate::i18n::problems`); the code's own words in English.
pub fn refusal(e: &ApiError) -> String {
    crate::i18n::problems::words_in(e, crate::http::page_lang::lang()).detail
}

/// `words` as a sentence in the reader's language: its first letter upper-case, closed by
/// `.` (`。` in Japanese) unless it already ends in a full stop, a question or an
/// exclamation mark.
pub fn as_sentence(words: &str) -> String {
    let mut chars = words.trim().chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut out: String = first.to_uppercase().chain(chars).collect();
    if !out.ends_with(['.', '!', '?', '。', '！', '？']) {
        out.push(if crate::http::page_lang::lang() == crate::i18n::Lang::Ja {
            '。'
        } else {
            '.'
        });
    }
    out
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
        // The language the page is in is the one marked (a document served in English
        // for want of a translation marks English).
        let mut links = crate::http::page_lang::switcher();
        for link in &mut links {
            link.current = link.code == lang.code();
        }
        let links = serde_json::to_value(links).map_err(PageError::internal)?;
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

/// An HTML page with the headers every page carries (`Content-Language`: the reader's).
pub fn page(status: StatusCode, html: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CONTENT_SECURITY_POLICY, PAGE_CSP))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_LANGUAGE,
            crate::http::page_lang::lang().code(),
        ))
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
            let words = crate::i18n::problems::words_in(&e, crate::http::page_lang::lang());
            PageError::new(e.status(), &words.title, words.detail)
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
/// public path; its description is in the pages' language (`page_lang`, as the page that
/// links it: the same cookies and `Accept-Language`).
pub async fn manifest(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    // The session, if any, tells the reader's account language.
    let _ = WebUser::from_request(&req, &mut actix_web::dev::Payload::None).await;
    let lang = crate::http::page_lang::lang();
    let base = &state.base_path;
    let body = serde_json::json!({
        "name": "Hermes",
        "short_name": "Hermes",
        "lang": lang.code(),
        "description": crate::i18n::text(lang, "page-manifest-description", &[]),
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
    let mut res = static_file(&req, &body, "application/manifest+json");
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.code()),
    );
    headers.insert(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    res
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::http::page_lang::in_lang;
    use crate::i18n::Lang;
    use serde_json::json;
    use std::path::PathBuf;

    /// Compare with `tests/snapshots/<name>`; `UPDATE_SNAPSHOTS=1` writes it.
    pub(crate) fn assert_snapshot(name: &str, actual: &str) {
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

    fn w(key: &str, args: &[(&str, crate::i18n::Arg)]) -> String {
        words(key, args)
    }

    fn zones() -> serde_json::Value {
        json!([{ "region": "Europe", "zones": ["Europe/Berlin", "Europe/Rome"] }])
    }

    fn langs() -> serde_json::Value {
        Lang::ALL
            .iter()
            .map(|l| json!({ "code": l.code(), "name": l.name() }))
            .collect()
    }

    fn account() -> serde_json::Value {
        json!({ "name": "Ann <the> \"first\"", "csrf": "C5RF" })
    }

    /// A lobby row, its words in the reader's language as the lobby makes them.
    fn row(id: &str, status: String, join: bool) -> serde_json::Value {
        json!({
            "id": id,
            "name": format!("Gods #{id}"),
            "kind": "Gods",
            "seats": 2,
            "players": "Ann <the> \"first\", Bob & Co's",
            "status": status,
            "url": format!("/games/{id}/play"),
            "join_url": join.then(|| format!("https://hermes.test/join/{id}")),
            "invited": if join { json!(["cleo@example.org"]) } else { json!([]) },
            "may_delete": join,
            "leave_action": format!("/games/{id}/play/leave"),
            "my_turn": !join,
            "deadline": (!join).then(|| {
                crate::mail::Deadline::from_now(
                    chrono::DateTime::parse_from_rfc3339("2026-03-03T14:30:00Z")
                        .expect("a time")
                        .with_timezone(&chrono::Utc),
                    "Europe/Berlin",
                    chrono::DateTime::parse_from_rfc3339("2026-03-01T10:00:00Z")
                        .expect("a time")
                        .with_timezone(&chrono::Utc),
                )
                .text_in(crate::http::page_lang::lang())
            }),
            "may_invite": join,
            "may_invite_spectators": true,
            "watchers": w("page-lobby-watchers-invited", &[]),
        })
    }

    /// Every page template but the game pages (`crate::http::play` makes those), with
    /// data as its handler gives it, in the reader's language.
    fn template_samples() -> Vec<(&'static str, &'static str, serde_json::Value)> {
        let problems = json!({
            "kind": null, "seats": w("page-lobby-whole-number", &[]), "draw": null,
            "deck": null, "bots": null, "turn_hours": null, "timeout_policy": null,
            "watchers": null, "invite": null
        });
        let form = json!({
            "kind": "gods", "seats": "2", "draw": "pile", "deck": "standard", "bots": "0",
            "bot_level": "greedy", "turn_hours": "72", "timeout_policy": "stand_in",
            "stand_in_level": "greedy", "watchers": "signed_in", "invite": ""
        });
        let kinds = json!([
            { "name": "gods", "title": "Gods", "min_seats": 2, "max_seats": 4 },
            { "name": "dreams", "title": "Dreams", "min_seats": 3, "max_seats": 6 }
        ]);
        let entry = |seq: i64, current: bool, sealed: bool| {
            json!({
                "seq": seq,
                "name": "Bob & Co's",
                "notation": if sealed { json!(null) } else { json!("discard 1; discard 1") },
                "words": "",
                "by_service": (seq == 2).then(|| w("page-source-queued", &[])),
                "href": format!("/games/g1/replay?at={seq}"),
                "current": current,
                "talk": [{ "name": "Ann", "body": "<b>hello</b>" }],
            })
        };
        vec![
            (
                "error",
                "error.html",
                json!({
                    "title": w("page-error-game-gone-title", &[]),
                    "message": w("page-error-game-gone", &[]),
                }),
            ),
            (
                "unsubscribe",
                "unsubscribe.html",
                json!({ "email": "ann@example.org", "already": false, "action": "/unsubscribe?token=T" }),
            ),
            (
                "unsubscribe_already",
                "unsubscribe.html",
                json!({ "email": "ann@example.org", "already": true, "action": "/unsubscribe?token=T" }),
            ),
            (
                "unsubscribed",
                "unsubscribed.html",
                json!({ "email": "ann@example.org" }),
            ),
            (
                "verified",
                "verified.html",
                json!({ "name": "Ann <the> \"first\"", "email": "ann@example.org" }),
            ),
            (
                "join",
                "join.html",
                json!({
                    "account": null, "csrf": null, "seated": false, "game_url": "/games/g1/play",
                    "signup_url": "/signup?next=%2Fjoin%2FCODE", "login_url": "/login?next=%2Fjoin%2FCODE",
                    "kind": "Gods", "created_by": "Ann", "seat_count": 3, "players": ["Ann"],
                    "status": w("page-join-status-open", &[]), "open": true,
                    "join_url": "https://hermes.test/games/g1/join", "code": "CODE123456",
                }),
            ),
            (
                "join_seated",
                "join.html",
                json!({
                    "account": account(), "csrf": "C5RF", "seated": true, "game_url": "/games/g1/play",
                    "signup_url": "/signup", "login_url": "/login", "kind": "Dreams",
                    "created_by": "Ann", "seat_count": 3, "players": [],
                    "status": w("page-join-status-running", &[]), "open": false,
                    "join_url": "https://hermes.test/games/g1/join", "code": "CODE123456",
                }),
            ),
            (
                "join_started",
                "join.html",
                json!({
                    "account": account(), "csrf": "C5RF", "seated": false, "game_url": "/games/g1/play",
                    "signup_url": "/signup", "login_url": "/login", "kind": "Gods",
                    "created_by": "Ann", "seat_count": 2, "players": ["Ann", "Bob"],
                    "status": w("page-join-status-running", &[]), "open": false,
                    "join_url": "https://hermes.test/games/g1/join", "code": "CODE123456",
                }),
            ),
            (
                "login",
                "login.html",
                json!({
                    "account": null, "csrf": "C5RF", "next": "/", "next_q": "%2F",
                    "email": "ann@example.org", "problem": w("page-login-wrong", &[]),
                }),
            ),
            (
                "signup",
                "signup.html",
                json!({
                    "account": null, "csrf": "C5RF", "next": "/", "next_q": "%2F",
                    "display_name": "Ann", "email": "ann@example.org", "min_len": 10,
                    "zones": zones(), "time_zone": "Europe/Berlin", "zone_chosen": false,
                    "langs": langs(), "account_lang": "de",
                    "problem": w("page-password-length", &[("min", 10i64.into()), ("max", 128i64.into())]),
                }),
            ),
            (
                "signed_up",
                "signed_up.html",
                json!({ "account": null, "csrf": "C5RF", "next": "/", "email": "ann@example.org" }),
            ),
            (
                "forgot",
                "forgot.html",
                json!({ "account": null, "csrf": "C5RF", "email": "", "problem": null, "sent": false }),
            ),
            (
                "forgot_sent",
                "forgot.html",
                json!({ "account": null, "csrf": "C5RF", "email": "ann@example.org", "problem": null, "sent": true }),
            ),
            (
                "reset",
                "reset.html",
                json!({
                    "account": null, "csrf": "C5RF", "email": "ann@example.org", "min_len": 10,
                    "action": "/password/reset?token=T", "problem": w("page-password-differ", &[]),
                }),
            ),
            (
                "reset_done",
                "reset_done.html",
                json!({ "account": null, "email": "ann@example.org" }),
            ),
            ("welcome", "welcome.html", json!({ "account": null })),
            (
                "lobby",
                "lobby.html",
                json!({
                    "account": account(), "kinds": kinds, "problems": problems, "csrf": "C5RF",
                    "zone": "Europe/Berlin",
                    "waiting": [row("3f2a9c", w("page-lobby-status-my-turn", &[]), false)],
                    "playing": [], "invited": [],
                    "open": [row("77aa01", w("page-lobby-status-open", &[("n", 1i64.into()), ("of", 2i64.into())]), true)],
                    "over": [], "watchable": [],
                    "flash": w("page-lobby-created", &[]),
                    "problem": w("page-lobby-not-created", &[]),
                    "form": form,
                }),
            ),
            (
                "preferences",
                "preferences.html",
                json!({
                    "account": account(), "csrf": "C5RF", "email": "ann@example.org",
                    "mail": "every_turn", "talk": "with_turn", "zones": zones(),
                    "time_zone": "Europe/Berlin", "langs": langs(), "account_lang": "ja",
                    "bot": false, "flash": w("page-saved", &[]), "problem": null,
                }),
            ),
            (
                "preferences_bot",
                "preferences.html",
                json!({
                    "account": account(), "csrf": "C5RF", "email": "bot@example.org",
                    "mail": "none", "talk": "with_turn", "zones": zones(),
                    "time_zone": "Europe/Berlin", "langs": langs(), "account_lang": "en",
                    "bot": true, "flash": null, "problem": null,
                }),
            ),
            (
                "vacation",
                "vacation.html",
                json!({
                    "account": account(), "csrf": "C5RF", "days_per_year": 30, "days_left": 21,
                    "on_vacation": true, "until": "2026-08-01", "zone": "Europe/Berlin",
                    "flash": null, "problem": w("page-vacation-give-day", &[]),
                }),
            ),
            (
                "leave",
                "leave.html",
                json!({
                    "account": account(), "game_name": "Gods #3f2a9c", "act": "resign",
                    "consequence": w("page-leave-resign-means", &[]),
                    "button": w("page-leave-yes-resign", &[]),
                    "action": "/games/g1/play/leave", "csrf": "C5RF", "back_url": "/games/g1/play",
                }),
            ),
            (
                "replay",
                "replay.html",
                json!({
                    "account": account(), "game_name": "Gods #3f2a9c", "kind": "Gods",
                    "status_line": w("page-replay-goes-on", &[("n", 3i64.into())]),
                    "first_href": "/r?at=0", "prev_href": "/r?at=1", "next_href": "/r?at=3",
                    "last_href": "/r?at=3", "at": 2, "last": 3, "board_svg": "<svg></svg>",
                    "current": 1, "entries": [entry(1, false, false), entry(2, true, false), entry(3, false, true)],
                    "talk_before": [{ "name": "Ann", "body": "hi" }],
                    "game_href": "/games/g1/play", "rules_url": "/rules/gods",
                }),
            ),
            (
                "doc",
                "doc.html",
                json!({
                    "title": "Gods", "body": "<h1>Gods</h1>",
                    "langs": [], "langs_label": w("page-languages", &[]),
                }),
            ),
        ]
    }

    /// What a reader reads of a page: its text and the attributes a browser shows or says
    /// (`aria-label`, `title`, `placeholder`, `alt`), and the scripts' words; not its style,
    /// its board picture (drawn by the board's own code) or its markup.
    fn readable(html: &str) -> String {
        fn cut(mut s: String, open: &str, close: &str) -> String {
            while let Some(start) = s.find(open) {
                let Some(len) = s[start..].find(close) else {
                    break;
                };
                s.replace_range(start..start + len + close.len(), " ");
            }
            s
        }
        let mut s = cut(html.to_string(), "<style", "</style>");
        s = cut(s, "<svg", "</svg>");
        // Code to copy (a `curl` line) is not prose.
        s = cut(s, "<pre", "</pre>");
        let mut out = String::new();
        let mut rest = s.as_str();
        while let Some(open) = rest.find('<') {
            out.push_str(&rest[..open]);
            out.push(' ');
            let Some(close) = rest[open..].find('>') else {
                break;
            };
            let tag = &rest[open..open + close];
            for attr in [
                "aria-label=\"",
                "title=\"",
                "placeholder=\"",
                "alt=\"",
                "data-words=\"",
            ] {
                if let Some(at) = tag.find(attr) {
                    let value = &tag[at + attr.len()..];
                    out.push_str(value.split('"').next().unwrap_or_default());
                    out.push(' ');
                }
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        out.replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&")
    }

    /// What is wrong with a page in `lang`: a placeholder or a key left, another `<html
    /// lang>`, an English sentence in another language.
    fn problems_of(lang: Lang, name: &str, html: &str, english: &[String]) -> Vec<String> {
        let mut problems = Vec::new();
        if !html.contains(&format!("<html lang=\"{}\">", lang.code())) {
            problems.push(format!(
                "{} {name}: <html lang> is not {}",
                lang.code(),
                lang.code()
            ));
        }
        let text = readable(html);
        // The scripts' words are JSON: their braces are not placeholders.
        let words = script_words(lang);
        let text = text.replace(&words, " ");
        for mark in ["{", "}", "$", "page-", "{{", "{%"] {
            if text.contains(mark) {
                problems.push(format!("{} {name}: `{mark}` is left", lang.code()));
            }
        }
        let values: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&words).expect("the scripts' words are JSON");
        let mut flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for (key, value) in &values {
            let value = value.as_str().unwrap_or_default();
            if value.contains('{') || value.contains('$') || value.starts_with("page-") {
                problems.push(format!("{} script word {key}: {value:?}", lang.code()));
            }
            flat.push_str(" | ");
            flat.push_str(value);
        }
        if lang != Lang::En {
            for fragment in english {
                if flat.contains(fragment.as_str()) {
                    problems.push(format!(
                        "{} {name}: English left: {fragment:?}",
                        lang.code()
                    ));
                }
            }
        }
        problems
    }

    /// Every page in every language: rendered as its snapshot
    /// (`tests/snapshots/pages/<code>/<name>.html`) says, with `<html lang>` set, every key
    /// found, no placeholder left and, but in English, no English sentence of the
    /// catalogues.
    #[test]
    fn every_page_renders_in_every_language_as_its_snapshots_say() {
        let english = crate::i18n::english_fragments(3);
        assert!(
            english.iter().any(|f| f == "Nobody has said anything yet"),
            "the pages' English is read"
        );
        let mut problems = Vec::new();
        let mut templates_seen = std::collections::BTreeSet::new();
        for lang in Lang::ALL {
            let pages: Vec<(String, String)> = in_lang(lang, || {
                let mut pages: Vec<(String, String)> = template_samples()
                    .into_iter()
                    .map(|(name, template, ctx)| {
                        templates_seen.insert(template);
                        let html = render_in("", template, &ctx)
                            .unwrap_or_else(|e| panic!("{} {name}: {e}", lang.code()));
                        (name.to_string(), html)
                    })
                    .collect();
                for (name, template, html) in crate::http::play::tests::samples()
                    .into_iter()
                    .chain(crate::http::play::dreams::tests::samples())
                {
                    templates_seen.insert(template);
                    pages.push((name.to_string(), html));
                }
                pages
            });
            for (name, html) in pages {
                problems.extend(problems_of(lang, &name, &html, &english));
                assert_snapshot(&format!("pages/{}/{name}.html", lang.code()), &html);
            }
        }
        for (path, _) in PAGES {
            if !path.starts_with('_') {
                assert!(templates_seen.contains(path), "no sample of {path}");
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// The checks find what they look for.
    #[test]
    fn the_page_checks_see_an_english_sentence_a_placeholder_and_a_key() {
        let english = crate::i18n::english_fragments(3);
        let html = "<html lang=\"de\"><p title=\"Nobody has said anything yet.\">{ $n } page-x</p>";
        let found = problems_of(Lang::De, "x", html, &english).join("\n");
        assert!(found.contains("English left"), "{found}");
        assert!(found.contains("`$` is left"), "{found}");
        assert!(found.contains("`page-` is left"), "{found}");
        let html = "<html lang=\"en\"><p>Nobody has said anything yet.</p>";
        assert!(problems_of(Lang::De, "x", html, &english)
            .iter()
            .any(|p| p.contains("<html lang>")));
    }
}
