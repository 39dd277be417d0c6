//! What a user does with their account: registers one, logs in (the password checked),
//! saves their preferences, starts, moves or ends a vacation, becomes a bot.
//!
//! One entry point per act ([`register`], [`check_password`], [`save_preferences`],
//! [`vacation`], [`start_vacation`], [`end_vacation`], [`become_bot`]), each taking plain values (the
//! user's id, the client's address, what they sent) and owning the checks, the limits, the
//! write and its mail. The API (`POST /users`, `POST /auth/login`, `/me/preferences`,
//! `/me/vacation`) and the account pages only translate to and from these, so the
//! hardening here (uniform answers, limits, the bounded hashing pool) holds for both.
//! Also the address check every act that takes an address uses ([`parse_email`]).
//! Must not: know about HTTP requests, forms, cookies or response bodies; an act counted
//! against a rate limit tells the caller where the client stands through the `keep` it is
//! given (`crate::auth::ratelimit::admit`).

use crate::auth::password;
use crate::auth::ratelimit::{admit, Standings};
use crate::error::{ApiError, ApiResult};
use crate::mail::Lang;
use crate::outbox::compose;
use crate::state::AppState;
use crate::store::deadlines::{self, Vacation, VacationError};
use crate::store::models::{new_id, now, User};
use crate::store::prefs::{self, Prefs};
use crate::store::talk as talk_store;
use crate::store::{accounts, outbox, StoreError};
use chrono::{DateTime, Datelike, NaiveDateTime, Utc};
use email_address::{EmailAddress, Options};
use serde_json::{Map, Value};

/// Emails are compared without case or surrounding space.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// `raw` as a stored address (normalised), or 422 `invalid_email` naming `field`: one
/// plain address (`name@example.org`: no display name, no `<…>`, one `@` outside quotes,
/// a domain with a dot, no IP literal), checked by the `email_address` crate.
pub fn parse_email(field: &str, raw: &str) -> ApiResult<String> {
    let email = normalize_email(raw);
    let options = Options::default()
        .with_required_tld()
        .without_domain_literal()
        .without_display_text();
    let valid = email.len() <= 254
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && EmailAddress::parse_with_options(&email, options).is_ok();
    if valid {
        Ok(email)
    } else {
        Err(ApiError::unprocessable(
            "invalid_email",
            format!("`{field}` must be one address like name@example.org"),
        )
        .said("problem-email", vec![("field", field.into())])
        .with("field", field))
    }
}

/// An account as someone asks for it (`POST /users`' body, the sign-up form).
pub struct Registration {
    pub email: String,
    pub display_name: String,
    pub password: String,
    /// The account's time zone (an IANA name; the sign-up form offers the browser's), or
    /// the default, UTC.
    pub time_zone: Option<String>,
    /// The account's language, a code (`en`, `it`, `fr`, `nl`, `de`, `ja`), or the
    /// default, English. The edges offer the one the client's `Accept-Language` asks for.
    pub lang: Option<String>,
}

fn check(r: &Registration) -> ApiResult<(String, String)> {
    let email = parse_email("email", &r.email)?;
    let name = r.display_name.trim().to_string();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(
            "invalid_display_name",
            "`display_name` must be 1 to 64 printable characters",
        ));
    }
    let len = r.password.chars().count();
    if !(password::MIN_LEN..=password::MAX_LEN).contains(&len) {
        return Err(ApiError::unprocessable(
            "weak_password",
            format!(
                "`password` must be {} to {} characters long",
                password::MIN_LEN,
                password::MAX_LEN
            ),
        )
        .said(
            "problem-password-length",
            vec![
                ("min", password::MIN_LEN.into()),
                ("max", password::MAX_LEN.into()),
            ],
        ));
    }
    Ok((email, name))
}

/// What registration did (never told to the client).
enum Registered {
    New(String),
    Existing,
}

/// Register `body` from client address `ip` (the API's `POST /users` and the sign-up
/// page): checks, the limit per client address (where the client stands goes to `keep`),
/// one password hash, then a new account with its welcome mail or, for an address that
/// has one, the note to its owner. Answers the same either way: the normalised address.
pub async fn register(
    state: &AppState,
    ip: &str,
    body: Registration,
    keep: impl FnOnce(Standings),
) -> ApiResult<String> {
    let (email, display_name) = check(&body)?;
    let time_zone = match body.time_zone.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(zone) => Some(time_zone(zone)?),
    };
    let lang = match body.lang.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(code) => Some(lang(code)?),
    };
    admit(
        state.register_limits.check(ip),
        keep,
        "too many registrations from this address; wait before trying again",
    )
    .inspect_err(|_| tracing::warn!(%ip, "registration rate limit reached"))?;
    // Hash before taking a connection (argon2 is slow on purpose, and a pooled connection
    // should not wait for it), on one of the few hashers (`crate::auth::hashing`). An
    // address that has an account costs the same hash, so the time tells nothing.
    let password = body.password;
    let password_hash = state
        .hashers
        .run(move || password::hash(&password).map_err(ApiError::internal))
        .await?;
    let at = state.clock.now_naive();
    let answer_email = email.clone();
    let registered = state
        .db
        .write(move |conn| {
            let written = crate::store::write_transaction(conn, |conn| {
                if let Some(owner) = accounts::user_by_email(conn, &email)? {
                    if !prefs::refuses_mail(conn, &owner.email)? {
                        let note = compose::register_attempt_mail(
                            &owner.id,
                            &owner.email,
                            &owner.display_name,
                            at,
                        )?;
                        outbox::enqueue(conn, &note)?;
                    }
                    return Ok::<_, StoreError>(Registered::Existing);
                }
                let user = User {
                    id: new_id(),
                    email,
                    display_name,
                    password_hash,
                    created_at: now(),
                    credentials_epoch: 0,
                    bot_at: None,
                };
                // The account and its welcome mail (with the verify link) are one transaction.
                accounts::insert_user(conn, &user)?;
                if let Some(zone) = &time_zone {
                    accounts::set_time_zone(conn, &user.id, zone)?;
                }
                if let Some(code) = &lang {
                    accounts::set_lang(conn, &user.id, code)?;
                }
                let welcome = compose::welcome_mail(&user.id, &user.email, &user.display_name, at)?;
                outbox::enqueue(conn, &welcome)?;
                Ok(Registered::New(user.id))
            });
            match written {
                Ok(r) => Ok(r),
                // Registered a moment ago by a concurrent request: it got the welcome mail.
                Err(e) if e.is_unique_violation() => Ok(Registered::Existing),
                Err(e) => Err(e.into()),
            }
        })
        .await?;
    crate::outbox::wake(state);
    match registered {
        Registered::New(id) => tracing::info!(user.id = %id, "user registered"),
        Registered::Existing => {
            tracing::info!("registration of an address that has an account: owner notified")
        }
    }
    Ok(answer_email)
}

fn bad_credentials() -> ApiError {
    ApiError::unauthorized("invalid_credentials", "wrong email or password")
}

/// The account `email` and `password` name, or 401 `invalid_credentials` (the same answer,
/// after the same time, for an unknown address and a wrong password), or 429 past the
/// login limits for client address `ip` (where the client stands goes to `keep`). The
/// API's login and the log-in page both go through here; each then hands out its own
/// credential (an access token, a browser session).
pub async fn check_password(
    state: &AppState,
    ip: &str,
    email: &str,
    password: String,
    keep: impl FnOnce(Standings),
) -> ApiResult<User> {
    let email = normalize_email(email);
    admit(
        state.login_limits.check(ip, &email),
        keep,
        "too many login attempts; wait before trying again",
    )
    .inspect_err(|_| tracing::warn!(%ip, "login rate limit reached"))?;
    let user = state
        .db
        .conn(move |conn| Ok(accounts::user_by_email(conn, &email)?))
        .await?;
    // Verify without holding a connection (argon2 is slow on purpose), on one of the few
    // hashers (`crate::auth::hashing`); an unknown email costs the same time as a wrong
    // password.
    state
        .hashers
        .run(move || match user {
            Some(u) if password::verify(&password, &u.password_hash) => Ok(u),
            Some(_) => Err(bad_credentials()),
            None => {
                password::verify_dummy(&password);
                Err(bad_credentials())
            }
        })
        .await
}

/// The mail preferences a user may choose.
pub const MAIL_PREFS: [&str; 3] = ["every_turn", "digest", "none"];

fn invalid(field: &'static str, detail: String) -> ApiError {
    ApiError::unprocessable("invalid_preference", detail).with("field", field)
}

fn string<'a>(field: &'static str, value: &'a Value) -> ApiResult<&'a str> {
    value
        .as_str()
        .ok_or_else(|| invalid(field, format!("`{field}` must be a string")))
}

/// Check one preference; the value as stored.
fn check_preference(field: &str, value: &Value) -> ApiResult<String> {
    match field {
        "mail" => {
            let v = string("mail", value)?;
            MAIL_PREFS
                .iter()
                .find(|m| **m == v)
                .map(|m| m.to_string())
                .ok_or_else(|| {
                    invalid(
                        "mail",
                        format!("`mail` must be one of {}", MAIL_PREFS.join(", ")),
                    )
                })
        }
        "time_zone" => time_zone(string("time_zone", value)?),
        "lang" => lang(string("lang", value)?),
        "talk" => {
            let v = string("talk", value)?;
            talk_store::MODES
                .iter()
                .find(|m| **m == v)
                .map(|m| m.to_string())
                .ok_or_else(|| {
                    invalid(
                        "talk",
                        format!("`talk` must be one of {}", talk_store::MODES.join(", ")),
                    )
                })
        }
        other => Err(
            ApiError::unprocessable("unknown_field", format!("no preference `{other}`"))
                .said("problem-unknown-preference", vec![("field", other.into())])
                .with("field", other.to_string()),
        ),
    }
}

/// `user_id` saves preferences: every field of `fields` (`mail`, `time_zone`, `lang`; all
/// three when `whole`; `talk` may be left out even then, as clients from before it do) is checked, a bad one is a 422 naming it, then they are written, all
/// or nothing. The API's `PUT`/`PATCH /me/preferences` and the preferences page both save
/// through here. When `mail` or `time_zone` changes, the next digest is unscheduled and
/// the scheduler computes it again (`crate::store::prefs::set_prefs`).
pub async fn save_preferences(
    state: &AppState,
    user_id: String,
    fields: Map<String, Value>,
    whole: bool,
) -> ApiResult<Prefs> {
    // Every field is checked before anything is written: all or nothing.
    let mut checked = Map::new();
    for (field, value) in &fields {
        checked.insert(
            field.clone(),
            Value::String(check_preference(field, value)?),
        );
    }
    if whole {
        if let Some(missing) = ["mail", "time_zone", "lang"]
            .into_iter()
            .find(|f| !checked.contains_key(*f))
        {
            return Err(invalid(
                missing,
                format!("`{missing}` is missing: PUT sets every preference (PATCH sets some)"),
            ));
        }
    }
    state
        .db
        .write(move |conn| {
            let old = prefs::prefs(conn, &user_id)?.ok_or_else(gone)?;
            let pick = |field: &str, old: &str| -> String {
                checked
                    .get(field)
                    .and_then(Value::as_str)
                    .unwrap_or(old)
                    .to_string()
            };
            let (mail, tz, lang) = (
                pick("mail", &old.mail_pref),
                pick("time_zone", &old.time_zone),
                pick("lang", &old.lang),
            );
            // A bot follows its event stream; its mail stays off (`become_bot`).
            if mail != "none" && accounts::is_bot(conn, &user_id)? {
                return Err(invalid(
                    "mail",
                    "a bot account gets no game mail (`mail` stays `none`): it follows its \
                     event stream, GET /stream"
                        .to_string(),
                ));
            }
            crate::store::write_transaction(conn, |conn| {
                prefs::set_prefs(conn, &user_id, &mail, &tz, &lang)?;
                if let Some(talk) = checked.get("talk").and_then(Value::as_str) {
                    talk_store::set_mode(conn, &user_id, talk)?;
                }
                Ok::<_, crate::store::StoreError>(())
            })?;
            prefs::prefs(conn, &user_id)?
                .ok_or_else(|| ApiError::internal("the user vanished while saving preferences"))
        })
        .await
}

/// `user_id` makes their account a bot, for good (`POST /me/bot`, the preferences page):
/// refused `409 bot_after_games` once the account has taken a seat in any game (a bot
/// is a bot from its first game on, so that every table it sat at knew). From then on it
/// plays with `bot:play` tokens only, gets no game mail and is shown as a bot wherever a
/// seat is (docs/clients/bots.md). Already a bot: nothing changes. Answers the account.
pub async fn become_bot(state: &AppState, user_id: String) -> ApiResult<User> {
    let at = state.clock.now_naive();
    let user = state
        .db
        .write(move |conn| {
            match accounts::become_bot(conn, &user_id, at)? {
                accounts::BecameBot::Bot => {}
                accounts::BecameBot::HasPlayed => {
                    return Err(ApiError::conflict(
                        "bot_after_games",
                        "this account has taken a seat in a game: only an account that has \
                         never played may become a bot (register a new one for the bot)",
                    ))
                }
                accounts::BecameBot::Gone => return Err(gone()),
            }
            accounts::user_by_id(conn, &user_id)?.ok_or_else(gone)
        })
        .await?;
    tracing::info!(user.id = %user.id, "account became a bot");
    Ok(user)
}

/// The caller's account is gone (deleted while their credential was still good).
fn gone() -> ApiError {
    ApiError::unauthorized("invalid_token", "the token's user no longer exists")
}

const DAY: f64 = 86_400.0;

/// Days with two decimals, as people read them.
fn days(secs: i64) -> f64 {
    (secs as f64 / DAY * 100.0).round() / 100.0
}

/// Where a user's vacation stands this calendar year (UTC). While a player is on vacation
/// their clocks stand still: every deadline of theirs moves later by exactly the vacation
/// time (`crate::store::deadlines::set_vacation_end`, `docs/players/deadlines.md`). The
/// budget is `vacation_days_per_year` per calendar year, counted in seconds.
pub struct VacationStatus {
    pub on_vacation: bool,
    /// The running vacation's start and end.
    pub start: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// The last vacation's start and end, running or not.
    pub last_start: Option<DateTime<Utc>>,
    pub last_end: Option<DateTime<Utc>>,
    pub year: i32,
    pub days_per_year: u32,
    pub used_seconds: i64,
    pub left_seconds: i64,
    pub days_used: f64,
    pub days_left: f64,
}

impl VacationStatus {
    fn of(v: &Vacation, now: NaiveDateTime, budget_days: u32) -> VacationStatus {
        let budget = i64::from(budget_days) * 86_400;
        let used = v.used_in(now).min(budget);
        let running = v.running_until(now);
        VacationStatus {
            on_vacation: running.is_some(),
            start: running.and(v.start).map(|t| t.and_utc()),
            until: running.map(|t| t.and_utc()),
            last_start: v.start.map(|t| t.and_utc()),
            last_end: v.end.map(|t| t.and_utc()),
            year: now.year(),
            days_per_year: budget_days,
            used_seconds: used,
            left_seconds: budget - used,
            days_used: days(used),
            days_left: days(budget - used),
        }
    }
}

/// Where `user_id`'s vacation stands (`GET /me/vacation`, the vacation page).
pub async fn vacation(state: &AppState, user_id: String) -> ApiResult<VacationStatus> {
    let now = state.clock.now_naive();
    let budget = state.time.vacation_days_per_year;
    let v = state
        .db
        .conn(move |conn| deadlines::vacation(conn, &user_id)?.ok_or_else(gone))
        .await?;
    Ok(VacationStatus::of(&v, now, budget))
}

/// `user_id` goes on vacation from now until `until` (in the future), or moves the end of
/// the running one (`PUT /me/vacation`, the vacation page); going over the year's budget is
/// a 422 that says how much is left.
pub async fn start_vacation(
    state: &AppState,
    user_id: &str,
    until: DateTime<Utc>,
) -> ApiResult<VacationStatus> {
    let now = state.clock.now_naive();
    let until = crate::clock::truncate_micros(until.naive_utc());
    if until <= now {
        return Err(ApiError::unprocessable(
            "invalid_until",
            "`until` must be in the future (to end a vacation now, DELETE /me/vacation)",
        )
        .with("field", "until"));
    }
    change_vacation(state, user_id, now, until).await
}

/// `user_id`'s vacation ends now (`DELETE /me/vacation`, the vacation page): the unused
/// part goes back to the budget.
pub async fn end_vacation(state: &AppState, user_id: &str) -> ApiResult<VacationStatus> {
    let now = state.clock.now_naive();
    change_vacation(state, user_id, now, now).await
}

async fn change_vacation(
    state: &AppState,
    user_id: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
) -> ApiResult<VacationStatus> {
    let budget_days = state.time.vacation_days_per_year;
    let budget = i64::from(budget_days) * 86_400;
    let id = user_id.to_string();
    let v = state.db.write(move |conn| {
        deadlines::set_vacation_end(conn, &id, now, until, budget).map_err(|e| match e {
            VacationError::OverBudget { wanted, left } => ApiError::unprocessable(
                "vacation_over_budget",
                format!(
                    "that is {:.2} more days of vacation; {:.2} of {budget_days} are left this year",
                    days(wanted),
                    days(left)
                ),
            )
            .said(
                "problem-vacation-over-budget",
                vec![
                    ("wanted", format!("{:.2}", days(wanted)).into()),
                    ("left", format!("{:.2}", days(left)).into()),
                    ("budget", budget_days.into()),
                ],
            )
            .with("days_left", days(left))
            .with("field", "until"),
            VacationError::NoUser => gone(),
            VacationError::Store(e) => e.into(),
        })
    })
    .await?;
    tracing::info!(user.id = %user_id, until = %until, "vacation changed");
    Ok(VacationStatus::of(&v, now, budget_days))
}

/// An IANA time zone's canonical name (`europe/berlin` is `Europe/Berlin`), or why not.
/// A language code as stored: one of [`Lang::ALL`] (`FR` is `fr`), or a 422 naming them.
pub fn lang(v: &str) -> ApiResult<String> {
    Lang::from_code(v)
        .map(|l| l.code().to_string())
        .ok_or_else(|| {
            let known: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            invalid(
                "lang",
                format!("`lang` must be one of: {}", known.join(", ")),
            )
            .said(
                "problem-lang-one-of",
                vec![("codes", known.join(", ").as_str().into())],
            )
        })
}

pub fn time_zone(v: &str) -> ApiResult<String> {
    v.parse::<chrono_tz::Tz>()
        .or_else(|_| {
            // `europe/berlin` is Europe/Berlin.
            chrono_tz::TZ_VARIANTS
                .iter()
                .find(|tz| tz.name().eq_ignore_ascii_case(v))
                .copied()
                .ok_or(())
        })
        .map(|tz| tz.name().to_string())
        .map_err(|_| {
            invalid(
                "time_zone",
                "`time_zone` must be an IANA time zone name, e.g. Europe/Berlin or UTC".to_string(),
            )
        })
}
