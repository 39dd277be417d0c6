//! The account pages: `GET|POST /login`, `POST /logout`, `GET|POST /signup`,
//! `GET|POST /password/forgot` and `GET|POST /password/reset?token=T`.
//!
//! Also the signed-in account pages: `GET|POST /preferences` and `GET|POST /vacation`.
//!
//! Owns: the forms and their answers. Must not: check a password, register an account,
//! save preferences, change a vacation or rate-limit on its own — it calls the acts the API
//! calls (`crate::play::accounts`), so the hardening there (uniform answers, limits, the
//! bounded hashing pool) holds for the pages too. Every `POST` checks its CSRF field first
//! (`crate::http::session`).

use crate::auth::jwt::Purpose;
use crate::auth::password;
use crate::error::ApiError;
use crate::http::client::client_ip;
use crate::http::pages::{link_claims, page, render_in, PageError, PageResult};
use crate::http::ratelimit::keep;
use crate::http::session::{self, Form, WebUser};
use crate::outbox::compose;
use crate::play::accounts::{self as acts, parse_email, Registration};
use crate::state::AppState;
use crate::store::{accounts, outbox, prefs};
use actix_web::cookie::Cookie;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

/// Who the page's header names: `None` for a signed-out reader (the header offers to log
/// in); a page that does not know (a mail link's page) leaves `me` out altogether.
#[derive(Serialize)]
pub struct Me {
    pub name: String,
    pub csrf: String,
}

impl Me {
    pub fn of(user: Option<&WebUser>) -> Option<Me> {
        user.map(|u| Me {
            name: u.display_name.clone(),
            csrf: u.csrf_token.clone(),
        })
    }
}

/// Where to go after a form: a path of this server (`/join/ABC`), never another host.
pub fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n)
            if n.starts_with('/')
                && !n.starts_with("//")
                && !n.contains('\\')
                && n.len() <= 300
                && !n.chars().any(char::is_control) =>
        {
            n.to_string()
        }
        _ => "/".to_string(),
    }
}

/// 303 to `path` (a path of this server, without the public URL's prefix).
pub fn see_other(state: &AppState, path: &str, cookie: Option<Cookie<'static>>) -> HttpResponse {
    let mut res = HttpResponse::SeeOther();
    res.insert_header((header::LOCATION, format!("{}{path}", state.base_path)))
        .insert_header((header::CACHE_CONTROL, "no-store"));
    if let Some(c) = cookie {
        res.cookie(c);
    }
    res.finish()
}

/// An HTML page, with the CSRF cookie a signed-out form needs when it is new.
pub fn page_with(
    status: StatusCode,
    html: String,
    cookie: Option<Cookie<'static>>,
) -> HttpResponse {
    let mut res = page(status, html);
    if let Some(c) = cookie {
        // A cookie we built cannot fail to encode; without it the form is refused (403).
        let _ = res.add_cookie(&c);
    }
    res
}

#[derive(Serialize)]
struct LoginPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    next: &'a str,
    next_q: String,
    email: &'a str,
    problem: Option<&'a str>,
}

fn login_page(
    state: &AppState,
    req: &HttpRequest,
    status: StatusCode,
    next: &str,
    email: &str,
    problem: Option<&str>,
) -> PageResult {
    let (csrf, cookie) = session::form_token(state, req, None);
    let html = render_in(
        &state.base_path,
        "login.html",
        &LoginPage {
            account: None,
            csrf: &csrf,
            next,
            next_q: crate::http::pages::encode(next),
            email,
            problem,
        },
    )?;
    Ok(page_with(status, html, cookie))
}

/// `GET /login?next=/path`.
pub async fn login_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
) -> PageResult {
    let next = safe_next(crate::http::pages::query_param(&req, "next").as_deref());
    if user.is_some() {
        return Ok(see_other(&state, &next, None));
    }
    login_page(&state, &req, StatusCode::OK, &next, "", None)
}

/// `POST /login`: `email`, `password`, `csrf`, `next`.
pub async fn login(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> PageResult {
    let form = Form::parse(&body)?;
    session::check(&req, None, form.get("csrf"))?;
    let next = safe_next(form.get("next"));
    let email = form.get("email").unwrap_or_default().to_string();
    let password = form.get("password").unwrap_or_default().to_string();
    let ip = client_ip(&req);
    match acts::check_password(&state, &ip, &email, password, keep(&req)).await {
        Ok(user) => {
            let cookie = session::start(&state, &user.id).await?;
            tracing::info!(user.id = %user.id, "signed in on the web");
            Ok(see_other(&state, &next, Some(cookie)))
        }
        Err(e) if e.status() == StatusCode::UNAUTHORIZED => login_page(
            &state,
            &req,
            StatusCode::UNAUTHORIZED,
            &next,
            &email,
            Some(&crate::http::pages::words("page-login-wrong", &[])),
        ),
        Err(e) => Err(e.into()),
    }
}

/// `POST /logout`: ends this browser's session (revoked in the database, the cookie
/// cleared). Without a session there is nothing to end; either way, to `/`.
pub async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    let Some(user) = user else {
        return Ok(see_other(&state, "/", None));
    };
    session::check(&req, Some(&user), form.get("csrf"))?;
    let cookie = session::end(&state, &req).await?;
    tracing::info!(user.id = %user.user_id, "signed out on the web");
    Ok(see_other(&state, "/", Some(cookie)))
}

#[derive(Serialize)]
struct SignupPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    next: &'a str,
    next_q: String,
    email: &'a str,
    display_name: &'a str,
    problem: Option<&'a str>,
    min_len: usize,
    /// The zone picker, with the zone chosen (the browser's is offered by
    /// `/static/forms.js` while none is: `zone_chosen` false).
    zones: Vec<ZoneGroup>,
    time_zone: &'a str,
    zone_chosen: bool,
    /// The language picker, and the one chosen (first offered: the one the browser's
    /// `Accept-Language` asks for).
    langs: Vec<LangChoice>,
    account_lang: &'a str,
}

/// A language in a picker: its code and its name in itself.
#[derive(Serialize)]
struct LangChoice {
    code: &'static str,
    name: &'static str,
}

fn lang_choices() -> Vec<LangChoice> {
    crate::i18n::Lang::ALL
        .into_iter()
        .map(|l| LangChoice {
            code: l.code(),
            name: l.name(),
        })
        .collect()
}

/// The IANA zones of one region, for a zone picker (`<optgroup>`).
#[derive(Serialize)]
pub struct ZoneGroup {
    region: &'static str,
    zones: Vec<&'static str>,
}

/// The regions a zone picker lists (the IANA database's own areas).
const ZONE_REGIONS: [&str; 10] = [
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
];

/// Every canonical IANA zone by region (chrono-tz's list, without the old aliases such as
/// `US/Eastern` and the `Etc/` offsets), UTC first on its own; `current` too, when it is
/// one left out (a zone saved before the picker, or by the API).
pub fn zone_choices(current: &str) -> Vec<ZoneGroup> {
    let mut groups = vec![ZoneGroup {
        region: "UTC",
        zones: vec!["UTC"],
    }];
    for region in ZONE_REGIONS {
        let mut zones: Vec<&'static str> = chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| tz.name())
            .filter(|n| n.split('/').next() == Some(region) && n.contains('/'))
            .collect();
        zones.sort_unstable();
        groups.push(ZoneGroup { region, zones });
    }
    let listed = groups.iter().any(|g| g.zones.contains(&current));
    if !listed {
        if let Some(tz) = chrono_tz::TZ_VARIANTS
            .iter()
            .find(|tz| tz.name() == current)
        {
            groups.push(ZoneGroup {
                region: "Other",
                zones: vec![tz.name()],
            });
        }
    }
    groups
}

/// `GET /signup?next=/path`.
pub async fn signup_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
) -> PageResult {
    let next = safe_next(crate::http::pages::query_param(&req, "next").as_deref());
    if user.is_some() {
        return Ok(see_other(&state, &next, None));
    }
    let (csrf, cookie) = session::form_token(&state, &req, None);
    let html = render_in(
        &state.base_path,
        "signup.html",
        &SignupPage {
            account: None,
            csrf: &csrf,
            next: &next,
            next_q: crate::http::pages::encode(&next),
            email: "",
            display_name: "",
            problem: None,
            min_len: password::MIN_LEN,
            zones: zone_choices("UTC"),
            time_zone: "UTC",
            zone_chosen: false,
            langs: lang_choices(),
            account_lang: crate::http::client::accept_language(&req)
                .unwrap_or_default()
                .code(),
        },
    )?;
    Ok(page_with(StatusCode::OK, html, cookie))
}

#[derive(Serialize)]
struct SignedUpPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    next: &'a str,
    email: &'a str,
}

/// `POST /signup`: `email`, `display_name`, `password`, `csrf`, `next`. Registration as
/// `POST /users` does it (the same answer whether or not the address has an account), then
/// a page that says to confirm the address and offers to log in meanwhile.
pub async fn signup(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> PageResult {
    let form = Form::parse(&body)?;
    session::check(&req, None, form.get("csrf"))?;
    let next = safe_next(form.get("next"));
    let email = form.get("email").unwrap_or_default().to_string();
    let display_name = form.get("display_name").unwrap_or_default().to_string();
    let time_zone = form.get("time_zone").unwrap_or_default().trim().to_string();
    let lang = form.get("lang").unwrap_or_default().trim().to_string();
    let ip = client_ip(&req);
    let registered = acts::register(
        &state,
        &ip,
        Registration {
            email: email.clone(),
            display_name: display_name.clone(),
            password: form.get("password").unwrap_or_default().to_string(),
            time_zone: Some(time_zone.clone()),
            lang: Some(lang.clone()),
        },
        keep(&req),
    )
    .await;
    let (csrf, cookie) = session::form_token(&state, &req, None);
    match registered {
        Ok(address) => {
            let html = render_in(
                &state.base_path,
                "signed_up.html",
                &SignedUpPage {
                    account: None,
                    csrf: &csrf,
                    next: &next,
                    email: &address,
                },
            )?;
            Ok(page_with(StatusCode::OK, html, cookie))
        }
        Err(e) if e.status() == StatusCode::UNPROCESSABLE_ENTITY => {
            let html = render_in(
                &state.base_path,
                "signup.html",
                &SignupPage {
                    account: None,
                    csrf: &csrf,
                    next: &next,
                    next_q: crate::http::pages::encode(&next),
                    email: &email,
                    display_name: &display_name,
                    problem: Some(&form_words(&e)),
                    min_len: password::MIN_LEN,
                    zones: zone_choices(&time_zone),
                    time_zone: &time_zone,
                    zone_chosen: true,
                    langs: lang_choices(),
                    account_lang: &lang,
                },
            )?;
            Ok(page_with(StatusCode::UNPROCESSABLE_ENTITY, html, cookie))
        }
        Err(e) => Err(e.into()),
    }
}

/// The API's words for a field (`` `email` must be … ``) as a page says them.
pub fn form_words(e: &ApiError) -> String {
    let detail = crate::http::pages::refusal(e).replace('`', "");
    if detail.trim().is_empty() {
        return crate::http::pages::words("page-check-form", &[]);
    }
    crate::http::pages::as_sentence(&detail).replace("display_name", "name")
}

#[derive(Serialize)]
struct ForgotPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    email: &'a str,
    problem: Option<&'a str>,
    sent: bool,
}

/// `GET /password/forgot`.
pub async fn forgot_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
) -> PageResult {
    let (csrf, cookie) = session::form_token(&state, &req, user.as_ref());
    let html = render_in(
        &state.base_path,
        "forgot.html",
        &ForgotPage {
            account: Me::of(user.as_ref()),
            csrf: &csrf,
            email: "",
            problem: None,
            sent: false,
        },
    )?;
    Ok(page_with(StatusCode::OK, html, cookie))
}

/// `POST /password/forgot`: `email`, `csrf`. The same page whether or not an account has
/// the address; the mail (at most one per account in ten minutes) goes only to an
/// account's own address. Counted against the registrations' limit per client address
/// (both send mail to an address a stranger typed).
pub async fn forgot(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    session::check(&req, user.as_ref(), form.get("csrf"))?;
    let typed = form.get("email").unwrap_or_default().to_string();
    let (csrf, cookie) = session::form_token(&state, &req, user.as_ref());
    let email = match parse_email("email", &typed) {
        Ok(e) => e,
        Err(e) => {
            let html = render_in(
                &state.base_path,
                "forgot.html",
                &ForgotPage {
                    account: Me::of(user.as_ref()),
                    csrf: &csrf,
                    email: &typed,
                    problem: Some(&form_words(&e)),
                    sent: false,
                },
            )?;
            return Ok(page_with(StatusCode::UNPROCESSABLE_ENTITY, html, cookie));
        }
    };
    let ip = crate::http::client::client_ip(&req);
    crate::http::ratelimit::record(
        &req,
        state.register_limits.check(&ip),
        "too many requests from this address; wait before trying again",
    )
    .inspect_err(|_| tracing::warn!(%ip, "password reset rate limit reached"))?;
    let at = state.clock.now_naive();
    let lookup = email.clone();
    state
        .db
        .write(move |conn| {
            let Some(user) = accounts::user_by_email(conn, &lookup)? else {
                return Ok(());
            };
            let mail = compose::password_reset_mail(&user.id, &user.email, &user.display_name, at)?;
            // A second request within the ten minutes finds the first mail's dedupe key.
            outbox::enqueue(conn, &mail)?;
            tracing::info!(user.id = %user.id, "password reset mail queued");
            Ok(())
        })
        .await?;
    crate::outbox::wake(&state);
    let html = render_in(
        &state.base_path,
        "forgot.html",
        &ForgotPage {
            account: Me::of(user.as_ref()),
            csrf: &csrf,
            email: &email,
            problem: None,
            sent: true,
        },
    )?;
    Ok(page_with(StatusCode::OK, html, cookie))
}

fn link_used() -> PageError {
    PageError::say(StatusCode::FORBIDDEN, "page-error-reset-used", &[])
}

/// The user a reset link is for, if the link still matches their password.
async fn reset_user(
    state: &web::Data<AppState>,
    req: &HttpRequest,
) -> Result<(String, crate::store::models::User), PageError> {
    let (token, claims) = link_claims(state, req, Purpose::PasswordReset)?;
    let fingerprint = claims.obj.unwrap_or_default();
    let user_id = claims.sub;
    let user = state
        .db
        .conn(move |conn| Ok(accounts::user_by_id(conn, &user_id)?))
        .await?
        .ok_or_else(|| {
            PageError::say(StatusCode::NOT_FOUND, "page-error-link-account-gone", &[])
        })?;
    if crate::links::password_fingerprint(&user.password_hash) != fingerprint {
        return Err(link_used());
    }
    Ok((token, user))
}

#[derive(Serialize)]
struct ResetPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    action: &'a str,
    email: &'a str,
    problem: Option<&'a str>,
    min_len: usize,
}

fn reset_page(
    state: &AppState,
    req: &HttpRequest,
    user: Option<&WebUser>,
    token: &str,
    email: &str,
    status: StatusCode,
    problem: Option<&str>,
) -> PageResult {
    let (csrf, cookie) = session::form_token(state, req, user);
    let action = format!(
        "{}/password/reset?token={}",
        state.base_path,
        crate::http::pages::encode(token)
    );
    let html = render_in(
        &state.base_path,
        "reset.html",
        &ResetPage {
            account: Me::of(user),
            csrf: &csrf,
            action: &action,
            email,
            problem,
            min_len: password::MIN_LEN,
        },
    )?;
    Ok(page_with(status, html, cookie))
}

/// `GET /password/reset?token=T`: the form for a new password (opening the link changes
/// nothing: mail scanners open links).
pub async fn reset_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
) -> PageResult {
    let (token, account) = reset_user(&state, &req).await?;
    reset_page(
        &state,
        &req,
        user.as_ref(),
        &token,
        &account.email,
        StatusCode::OK,
        None,
    )
}

#[derive(Serialize)]
struct ResetDonePage {
    account: Option<Me>,
    email: String,
}

/// `POST /password/reset?token=T`: `password`, `password_again`, `csrf`. Sets the password
/// if the link still matches the old one (once), ends every credential of the account
/// (browser sessions, access tokens, personal tokens, and so the event streams opened with
/// them) and, since the mail reached it, confirms the address.
pub async fn reset(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    session::check(&req, user.as_ref(), form.get("csrf"))?;
    let (token, account) = reset_user(&state, &req).await?;
    let new = form.get("password").unwrap_or_default().to_string();
    let again = form.get("password_again").unwrap_or_default();
    let len = new.chars().count();
    let problem = if !(password::MIN_LEN..=password::MAX_LEN).contains(&len) {
        Some(crate::http::pages::words(
            "page-password-length",
            &[
                ("min", i64::try_from(password::MIN_LEN).unwrap_or(0).into()),
                ("max", i64::try_from(password::MAX_LEN).unwrap_or(0).into()),
            ],
        ))
    } else if new != again {
        Some(crate::http::pages::words("page-password-differ", &[]))
    } else {
        None
    };
    if let Some(problem) = problem {
        return reset_page(
            &state,
            &req,
            user.as_ref(),
            &token,
            &account.email,
            StatusCode::UNPROCESSABLE_ENTITY,
            Some(&problem),
        );
    }
    let new_hash = state
        .hashers
        .run(move || password::hash(&new).map_err(ApiError::internal))
        .await?;
    let at = state.clock.now_naive();
    let (id, old_hash, email) = (
        account.id.clone(),
        account.password_hash.clone(),
        account.email.clone(),
    );
    let replaced = state
        .db
        .write(move |conn| {
            Ok(crate::store::write_transaction(conn, |conn| {
                if !accounts::replace_password(conn, &id, &old_hash, &new_hash)? {
                    return Ok::<_, crate::store::StoreError>(None);
                }
                // The recovery after a compromise: whatever the old password let anyone
                // obtain stops working (docs/players/pages.md, "Forgotten passwords").
                let epoch = accounts::end_credentials(conn, &id, at)?;
                prefs::verify_email(conn, &id, &email, at)?;
                Ok(Some(epoch))
            })?)
        })
        .await?;
    let Some(epoch) = replaced else {
        return Err(link_used());
    };
    // This server knows at once; the others within `credentials_recheck_ms`.
    state.epochs.remember(&account.id, epoch);
    state.streams.recheck_now();
    tracing::info!(
        user.id = %account.id,
        "password set from a reset link; sessions, access and personal tokens, streams ended"
    );
    let html = render_in(
        &state.base_path,
        "reset_done.html",
        &ResetDonePage {
            account: None,
            email: account.email,
        },
    )?;
    // This browser's session (if any) was one of those ended: clear its cookie too.
    let mut cookie = Cookie::new(session::SESSION_COOKIE, "");
    cookie.set_path(format!("{}/", state.base_path));
    cookie.make_removal();
    Ok(page_with(StatusCode::OK, html, Some(cookie)))
}

/// A signed-in page: the user, or a 303 to the log-in page that comes back to `path`.
fn signed_in_or_login(
    state: &AppState,
    user: Option<WebUser>,
    path: &str,
) -> Result<WebUser, Box<HttpResponse>> {
    user.ok_or_else(|| {
        Box::new(see_other(
            state,
            &format!("/login?next={}", crate::http::pages::encode(path)),
            None,
        ))
    })
}

#[derive(Serialize)]
struct PrefsPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    email: String,
    mail: String,
    time_zone: String,
    talk: String,
    langs: Vec<LangChoice>,
    account_lang: String,
    /// A bot account (`POST /me/bot`, or this page's own button).
    bot: bool,
    zones: Vec<ZoneGroup>,
    flash: Option<&'a str>,
    problem: Option<String>,
}

async fn prefs_page(
    state: &web::Data<AppState>,
    user: &WebUser,
    status: StatusCode,
    flash: Option<&str>,
    problem: Option<String>,
) -> PageResult {
    let id = user.user_id.clone();
    let p = state
        .db
        .conn(move |conn| Ok(prefs::prefs(conn, &id)?))
        .await?
        .ok_or_else(|| PageError::say(StatusCode::NOT_FOUND, "page-error-account-gone", &[]))?;
    let html = render_in(
        &state.base_path,
        "preferences.html",
        &PrefsPage {
            account: Me::of(Some(user)),
            csrf: &user.csrf_token,
            email: p.email,
            mail: p.mail_pref,
            zones: zone_choices(&p.time_zone),
            time_zone: p.time_zone,
            talk: p.talk_mail,
            langs: lang_choices(),
            account_lang: p.lang,
            bot: user.bot,
            flash,
            problem,
        },
    )?;
    Ok(page_with(status, html, None))
}

/// `GET /preferences`: mail (every turn, a daily digest, none — re-subscribing is choosing
/// one again) and the time zone. Signed out, to the log-in page and back.
pub async fn preferences_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
) -> PageResult {
    let user = match signed_in_or_login(&state, user, "/preferences") {
        Ok(u) => u,
        Err(redirect) => return Ok(*redirect),
    };
    let saved = crate::http::pages::query_param(&req, "saved").is_some();
    prefs_page(
        &state,
        &user,
        StatusCode::OK,
        saved
            .then(|| crate::http::pages::words("page-saved", &[]))
            .as_deref(),
        None,
    )
    .await
}

/// `POST /preferences` (`csrf`, `mail`, `time_zone`, `talk`, `lang`): saved as `PATCH /me/preferences`
/// saves them.
pub async fn preferences(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    let user = match signed_in_or_login(&state, user, "/preferences") {
        Ok(u) => u,
        Err(redirect) => return Ok(*redirect),
    };
    session::check(&req, Some(&user), form.get("csrf"))?;
    // The page's other form: the account becomes a bot, as `POST /me/bot` makes it.
    if form.get("bot") == Some("yes") {
        return match acts::become_bot(&state, user.user_id.clone()).await {
            Ok(_) => Ok(see_other(&state, "/preferences?saved=1", None)),
            Err(e) if e.status() == StatusCode::CONFLICT => {
                prefs_page(
                    &state,
                    &user,
                    StatusCode::CONFLICT,
                    None,
                    Some(form_words(&e)),
                )
                .await
            }
            Err(e) => Err(e.into()),
        };
    }
    let mut fields = serde_json::Map::new();
    for name in ["mail", "time_zone", "talk", "lang"] {
        if let Some(v) = form.get(name) {
            fields.insert(
                name.to_string(),
                serde_json::Value::String(v.trim().to_string()),
            );
        }
    }
    match acts::save_preferences(&state, user.user_id.clone(), fields, false).await {
        Ok(_) => Ok(see_other(&state, "/preferences?saved=1", None)),
        Err(e) if e.status() == StatusCode::UNPROCESSABLE_ENTITY => {
            prefs_page(
                &state,
                &user,
                StatusCode::UNPROCESSABLE_ENTITY,
                None,
                Some(form_words(&e)),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Serialize)]
struct VacationPage<'a> {
    account: Option<Me>,
    csrf: &'a str,
    on_vacation: bool,
    until: Option<String>,
    days_left: f64,
    days_per_year: u64,
    zone: &'a str,
    flash: Option<&'a str>,
    problem: Option<String>,
}

async fn vacation_page(
    state: &web::Data<AppState>,
    user: &WebUser,
    status: StatusCode,
    flash: Option<&str>,
    problem: Option<String>,
) -> PageResult {
    let v = acts::vacation(state, user.user_id.clone()).await?;
    let until = v
        .until
        .map(|t| crate::i18n::long_datetime(crate::http::page_lang::lang(), t, &user.time_zone));
    let html = render_in(
        &state.base_path,
        "vacation.html",
        &VacationPage {
            account: Me::of(Some(user)),
            csrf: &user.csrf_token,
            on_vacation: v.on_vacation,
            until,
            days_left: v.days_left,
            days_per_year: u64::from(v.days_per_year),
            zone: &user.time_zone,
            flash,
            problem,
        },
    )?;
    Ok(page_with(status, html, None))
}

/// `GET /vacation`: where my vacation stands, a form to start (or move) one and a button to
/// end it. Signed out, to the log-in page and back.
pub async fn vacation_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
) -> PageResult {
    let user = match signed_in_or_login(&state, user, "/vacation") {
        Ok(u) => u,
        Err(redirect) => return Ok(*redirect),
    };
    let saved = crate::http::pages::query_param(&req, "saved").is_some();
    vacation_page(
        &state,
        &user,
        StatusCode::OK,
        saved
            .then(|| crate::http::pages::words("page-saved", &[]))
            .as_deref(),
        None,
    )
    .await
}

/// `POST /vacation` (`csrf`, and `until` — a date, the vacation ending at its start in my
/// time zone — or `end`): as `PUT` and `DELETE /me/vacation`.
pub async fn vacation(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Option<WebUser>,
    body: web::Bytes,
) -> PageResult {
    let form = Form::parse(&body)?;
    let user = match signed_in_or_login(&state, user, "/vacation") {
        Ok(u) => u,
        Err(redirect) => return Ok(*redirect),
    };
    session::check(&req, Some(&user), form.get("csrf"))?;
    let done = if form.get("end").is_some() {
        acts::end_vacation(&state, &user.user_id).await
    } else {
        let date = form.get("until").unwrap_or_default().trim().to_string();
        let zone: chrono_tz::Tz = user.time_zone.parse().unwrap_or(chrono_tz::UTC);
        let until = chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .and_then(|t| t.and_local_timezone(zone).earliest())
            .map(|t| t.with_timezone(&chrono::Utc));
        match until {
            Some(u) => acts::start_vacation(&state, &user.user_id, u).await,
            None => {
                return vacation_page(
                    &state,
                    &user,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    None,
                    Some(crate::http::pages::words("page-vacation-give-day", &[])),
                )
                .await
            }
        }
    };
    match done {
        Ok(_) => Ok(see_other(&state, "/vacation?saved=1", None)),
        Err(e) if e.status() == StatusCode::UNPROCESSABLE_ENTITY => {
            let problem = form_words(&e)
                .replace(" (to end a vacation now, DELETE /me/vacation)", "")
                .replace("until must be", "The end must be");
            vacation_page(
                &state,
                &user,
                StatusCode::UNPROCESSABLE_ENTITY,
                None,
                Some(problem),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}
