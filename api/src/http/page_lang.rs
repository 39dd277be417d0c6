//! The language a page is written in: one choice for every page, error pages included.
//!
//! Owns: choosing the reader's language ([`choose`]: `?lang=xx`, else the language the
//! reader chose before and a cookie remembers (`hermes_lang`), else the account's language
//! (the signed-in session's, or the user a mail link's token names), else the first of ours
//! `Accept-Language` asks for, else English); the middleware ([`scope`]) that reads a
//! request's side of that once and keeps it for the request's handler, so that every page
//! rendered while it runs ([`crate::http::pages::render_in`]) and every sentence a handler
//! builds ([`lang`]) is in that language; remembering a `?lang=` in the cookie; the
//! language switcher's links ([`switcher`]). Must not: change an account's language (that
//! is the preferences' form: it sets the language of mail too).
//!
//! The account's language is learnt while the request runs: the session extractor
//! ([`crate::http::session::WebUser`]) tells it ([`set_account`]) when it finds a live
//! session, and a mail link's token is read here (its user's language is one lookup).

use crate::auth::jwt::Purpose;
use crate::i18n::Lang;
use crate::state::AppState;
use crate::store::prefs;
use actix_web::body::MessageBody;
use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;
use std::cell::Cell;
use std::rc::Rc;

/// The cookie that remembers the language a reader chose with `?lang=`.
pub const LANG_COOKIE: &str = "hermes_lang";

/// What a request says about its reader's language.
#[derive(Debug, Default)]
pub struct Reader {
    /// `?lang=xx`.
    chosen: Option<Lang>,
    /// The `hermes_lang` cookie: a `?lang=` of an earlier page.
    remembered: Option<Lang>,
    /// The account's language, once the request has found whose it is.
    account: Cell<Option<Lang>>,
    /// The first of ours `Accept-Language` asks for.
    browser: Option<Lang>,
    /// The page's public path and query without `lang` (`/hermes/games/x/play?token=T`):
    /// the switcher links to it.
    here: String,
}

tokio::task_local! {
    static READER: Rc<Reader>;
}

/// A language named in a query or a cookie (`fr`, `fr-CA`): one of ours, or none.
pub fn lang_in_query(value: &str) -> Option<Lang> {
    Lang::from_code(value.split(['-', '_']).next().unwrap_or_default())
}

/// The reader's language from what is known of them, first found wins: the address
/// (`?lang=`), an earlier choice (the cookie), the account, the browser, English.
pub fn choose(
    chosen: Option<Lang>,
    remembered: Option<Lang>,
    account: Option<Lang>,
    browser: Option<Lang>,
) -> Lang {
    chosen
        .or(remembered)
        .or(account)
        .or(browser)
        .unwrap_or_default()
}

impl Reader {
    fn lang(&self) -> Lang {
        choose(
            self.chosen,
            self.remembered,
            self.account.get(),
            self.browser,
        )
    }
}

/// The language of the page being answered; English outside a request (a test rendering
/// a template by itself).
pub fn lang() -> Lang {
    READER.try_with(|r| r.lang()).unwrap_or_default()
}

/// Whether the reader chose the language in the address (`?lang=`): links to other
/// documents carry it on.
pub fn chosen_in_address() -> Option<Lang> {
    READER.try_with(|r| r.chosen).ok().flatten()
}

/// The request's reader is signed in as (or holds a link for) an account in `lang`. The
/// first account found counts (a mail link's token is read before the session).
pub fn set_account(lang: Lang) {
    let _ = READER.try_with(|r| {
        if r.account.get().is_none() {
            r.account.set(Some(lang));
        }
    });
}

/// Run `f` as a request from a reader who chose `lang` would: every page it renders and
/// every sentence it builds is in `lang` (the page tests render each page in each language).
#[cfg(test)]
pub fn in_lang<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    let reader = Reader {
        chosen: Some(lang),
        here: "/here?token=T".into(),
        ..Reader::default()
    };
    READER.sync_scope(Rc::new(reader), f)
}

/// A language of the switcher: its name in itself and the link to this page in it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SwitchTo {
    pub code: &'static str,
    pub name: &'static str,
    pub href: String,
    pub current: bool,
}

/// The switcher's links: this page in each language (`?lang=xx` added to its address).
/// Empty outside a request.
pub fn switcher() -> Vec<SwitchTo> {
    let (here, current) = match READER.try_with(|r| (r.here.clone(), r.lang())) {
        Ok(v) => v,
        Err(_) => return Vec::new(),
    };
    let joiner = if here.contains('?') { '&' } else { '?' };
    Lang::ALL
        .into_iter()
        .map(|l| SwitchTo {
            code: l.code(),
            name: l.name(),
            href: format!("{here}{joiner}lang={}", l.code()),
            current: l == current,
        })
        .collect()
}

/// The query without its `lang` parameters, re-encoded (`token=T&x=1`).
fn query_without_lang(query: &str) -> String {
    let kept: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| k != "lang")
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(kept)
        .finish()
}

/// The user a mail link's token in the query names, if it is a valid link of a kind a
/// page opens (a turn link, an unsubscribe or a confirmation link) and names an account.
fn token_user(state: &AppState, query: &str) -> Option<String> {
    let token = url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned())?;
    [Purpose::TurnLink, Purpose::Unsubscribe, Purpose::Verify]
        .into_iter()
        .find_map(|p| state.keys.verify(p, &token).ok())
        .map(|c| c.sub)
        // An invitation's unsubscribe link names an address, not an account.
        .filter(|sub| !sub.contains('@'))
}

/// The middleware (`actix_web::middleware::from_fn(page_lang::scope)`): reads the
/// request's side of the reader's language and keeps it while the request is answered;
/// a `?lang=` naming one of ours is remembered in the `hermes_lang` cookie for a year.
pub async fn scope(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let query = req.query_string().to_string();
    let chosen = url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| lang_in_query(&v));
    let remembered = req
        .cookie(LANG_COOKIE)
        .and_then(|c| lang_in_query(c.value()));
    let browser = req
        .headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(Lang::negotiate);
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let base = state
        .as_ref()
        .map(|s| s.base_path.clone())
        .unwrap_or_default();
    let rest = query_without_lang(&query);
    let here = if rest.is_empty() {
        format!("{base}{}", req.path())
    } else {
        format!("{base}{}?{rest}", req.path())
    };
    let reader = Rc::new(Reader {
        chosen,
        remembered,
        account: Cell::new(None),
        browser,
        here,
    });
    // The token's user decides only when nothing the reader chose does, and is looked up
    // only for what may be a page (not a script's JSON or an event stream, which say so).
    let may_be_a_page = req
        .headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|a| a.contains("text/html") || a.contains("*/*"));
    if chosen.is_none() && remembered.is_none() && may_be_a_page {
        if let Some(user) = state.as_ref().and_then(|s| token_user(s, &query)) {
            if let Some(state) = &state {
                let found = state
                    .db
                    .conn(move |conn| Ok(prefs::prefs(conn, &user)?))
                    .await;
                if let Ok(Some(p)) = found {
                    reader.account.set(Lang::from_code(&p.lang));
                }
            }
        }
    }
    let mut res = READER.scope(Rc::clone(&reader), next.call(req)).await?;
    if let (Some(lang), Some(state)) = (chosen, &state) {
        if remembered != Some(lang) {
            let mut c = Cookie::new(LANG_COOKIE, lang.code());
            c.set_http_only(true);
            c.set_same_site(SameSite::Lax);
            c.set_path(format!("{}/", state.base_path));
            c.set_secure(state.public_url.starts_with("https://"));
            c.set_max_age(time::Duration::days(365));
            // A response whose headers cannot take it keeps working without it.
            let _ = res.response_mut().add_cookie(&c);
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_wins_then_the_cookie_the_account_the_browser_and_english() {
        let (de, fr, ja, it) = (
            Some(Lang::De),
            Some(Lang::Fr),
            Some(Lang::Ja),
            Some(Lang::It),
        );
        assert_eq!(choose(de, fr, ja, it), Lang::De);
        assert_eq!(choose(None, fr, ja, it), Lang::Fr);
        assert_eq!(choose(None, None, ja, it), Lang::Ja);
        assert_eq!(choose(None, None, None, it), Lang::It);
        assert_eq!(choose(None, None, None, None), Lang::En);
        assert_eq!(lang_in_query("fr-CA"), Some(Lang::Fr));
        assert_eq!(lang_in_query("xx"), None);
        assert_eq!(
            query_without_lang("token=a%2Bb&lang=de&x=1"),
            "token=a%2Bb&x=1"
        );
        // Outside a request: English, and no switcher.
        assert_eq!(lang(), Lang::En);
        assert!(switcher().is_empty());
    }
}
