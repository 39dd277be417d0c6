//! The one place an [`ApiError`] becomes an HTTP response (`application/problem+json`),
//! and where actix's own errors (malformed JSON, wrong content type, body too large, bad
//! query, unknown path, method not allowed) are brought into the same shape: the handlers
//! in [`json_config`], [`query_config`], [`path_config`], [`not_found`] and
//! [`problem_for_bare_errors`].

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, JSON_LIMIT, PROBLEM_JSON};
pub use crate::i18n::problems::{words_in, Words};
use crate::i18n::Lang;
use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::ServiceResponse;
use actix_web::error::{JsonPayloadError, QueryPayloadError};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse, ResponseError};

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = self.cause() {
            tracing::error!(code = self.code(), cause = %cause, "request failed");
        }
        // In English here; [`problem_for_bare_errors`] writes it again in the reader's
        // language, where it has the request.
        response_in(self, Lang::En)
    }
}

/// The problem+json response for `e`, its words in `lang` ([`words_in`]), with
/// `Content-Language` saying which language they are in.
pub fn response_in(e: &ApiError, lang: Lang) -> HttpResponse {
    let words = words_in(e, lang);
    let mut res = HttpResponse::build(e.status());
    res.insert_header((header::CONTENT_TYPE, PROBLEM_JSON));
    res.insert_header((header::CONTENT_LANGUAGE, words.lang.code()));
    if let Some(secs) = e.retry_after() {
        res.insert_header((header::RETRY_AFTER, secs.to_string()));
    }
    if e.status() == StatusCode::UNAUTHORIZED {
        res.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
    }
    res.body(
        e.body_with(&words.title, &words.detail, &words.members)
            .to_string(),
    )
}

/// The signed-in account's language ([`Caller`] left in the request); English when it
/// cannot be read.
async fn account_lang(state: web::Data<AppState>, user_id: String) -> Lang {
    let read = state
        .db
        .conn(move |conn| Ok(crate::store::accounts::lang_and_zone(conn, &user_id)?))
        .await;
    match read {
        Ok(Some((code, _))) => Lang::from_code(&code).unwrap_or_default(),
        _ => Lang::En,
    }
}

/// The snake_case code for a bare HTTP status.
fn code_for(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "bad_request",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        406 => "not_acceptable",
        408 => "request_timeout",
        411 => "length_required",
        413 => "payload_too_large",
        414 => "uri_too_long",
        415 => "unsupported_media_type",
        431 => "headers_too_large",
        500..=599 => "internal_error",
        _ => "error",
    }
}

fn json_error(err: JsonPayloadError) -> ApiError {
    match &err {
        JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "send the body as application/json",
        ),
        JsonPayloadError::Overflow { limit }
        | JsonPayloadError::OverflowKnownLength { limit, .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("the body is larger than {limit} bytes"),
        )
        .said("problem-body-too-large", vec![("limit", (*limit).into())]),
        JsonPayloadError::Deserialize(e) if e.is_data() => {
            ApiError::unprocessable("invalid_body", format!("the body does not fit: {e}")).said(
                "problem-body-does-not-fit",
                vec![("error", e.to_string().into())],
            )
        }
        JsonPayloadError::Deserialize(e) => {
            ApiError::bad_request("malformed_json", format!("the body is not JSON: {e}")).said(
                "problem-body-not-json",
                vec![("error", e.to_string().into())],
            )
        }
        _ => ApiError::bad_request("bad_request", format!("cannot read the body: {err}")),
    }
}

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .error_handler(|err, _req| json_error(err).into())
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _req| {
        let error = match &err {
            QueryPayloadError::Deserialize(e) => e.to_string(),
            _ => err.to_string(),
        };
        ApiError::bad_request("invalid_query", format!("bad query string: {error}"))
            .said("problem-bad-query", vec![("error", error.into())])
            .into()
    })
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default()
        .error_handler(|err, _req| ApiError::not_found("not_found", err.to_string()).into())
}

/// The default service: an unknown path.
pub async fn not_found(req: HttpRequest) -> ApiResult<HttpResponse> {
    Err(
        ApiError::not_found("not_found", format!("no such path: {}", req.path()))
            .said("problem-no-such-path", vec![("path", req.path().into())]),
    )
}

/// Middleware hook: every 4xx/5xx of the API leaves here as problem+json in the reader's
/// language: the one `Accept-Language` asks for, else the signed-in account's, else
/// English (`Content-Language` says which; `Vary: Accept-Language`). A 4xx/5xx that is not
/// problem+json yet (a 405 from a resource, a payload error, a panic) gets the standard
/// body; its original body may carry internals, so it is dropped.
pub fn problem_for_bare_errors<B: MessageBody + 'static>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_problem = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(PROBLEM_JSON.as_bytes()));
    // The HTML pages (`crate::http::pages`) answer people with an HTML error page of their
    // own; actix's bare errors are never text/html.
    let is_page = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if is_page {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let problem = if is_problem {
        match res
            .response()
            .error()
            .and_then(|e| e.as_error::<ApiError>())
        {
            Some(e) => e.clone(),
            None => return Ok(ErrorHandlerResponse::Response(res.map_into_left_body())),
        }
    } else {
        let status = res.status();
        let detail = match status {
            StatusCode::METHOD_NOT_ALLOWED => format!(
                "{} is not allowed on {}",
                res.request().method(),
                res.request().path()
            ),
            s if s.is_server_error() => "the server failed; the failure is logged".to_string(),
            s => s.canonical_reason().unwrap_or("error").to_string(),
        };
        let code = code_for(status);
        let problem = ApiError::new(status, code, detail);
        if status == StatusCode::METHOD_NOT_ALLOWED {
            problem.said(
                "problem-method-not-allowed",
                vec![
                    ("method", res.request().method().as_str().into()),
                    ("path", res.request().path().into()),
                ],
            )
        } else {
            problem
        }
    };
    if let Some(lang) = crate::http::client::accept_language(res.request()) {
        return Ok(ErrorHandlerResponse::Response(in_words(
            res, &problem, lang,
        )));
    }
    // The account's language costs a read: not for a server that is failing.
    let user = res
        .request()
        .extensions()
        .get::<Caller>()
        .map(|c| c.user_id.clone());
    let state = res.request().app_data::<web::Data<AppState>>().cloned();
    match (user, state) {
        (Some(user), Some(state)) if !res.status().is_server_error() => {
            Ok(ErrorHandlerResponse::Future(Box::pin(async move {
                let lang = account_lang(state, user).await;
                Ok(in_words(res, &problem, lang))
            })))
        }
        _ => Ok(ErrorHandlerResponse::Response(in_words(
            res,
            &problem,
            Lang::En,
        ))),
    }
}

/// `res` answered with `problem` in `lang`, keeping its headers (`Allow`, CORS).
fn in_words<B: MessageBody + 'static>(
    res: ServiceResponse<B>,
    problem: &ApiError,
    lang: Lang,
) -> ServiceResponse<actix_web::body::EitherBody<B>> {
    let (req, mut old) = res.into_parts();
    let mut new = response_in(problem, lang);
    for (name, value) in old.headers_mut().drain() {
        if let Some(name) = name {
            if name != header::CONTENT_TYPE
                && name != header::CONTENT_LENGTH
                && name != header::CONTENT_LANGUAGE
            {
                new.headers_mut().insert(name, value);
            }
        }
    }
    new.headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept-language"));
    ServiceResponse::new(req, new).map_into_right_body::<B>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// The codes the source gives a problem: the first string literal of every
    /// `ApiError::…(` (after its status, if it takes one), every `(StatusCode::…, "code")`
    /// and `code: "…"`, and the codes of bare statuses.
    fn codes_in_source() -> BTreeSet<String> {
        fn literal_after(text: &str) -> Option<String> {
            let text = text.trim_start();
            let rest = text.strip_prefix('"')?;
            let end = rest.find('"')?;
            let code = &rest[..end];
            let snake = !code.is_empty()
                && code.starts_with(|c: char| c.is_ascii_lowercase())
                && code
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            snake.then(|| code.to_string())
        }
        fn walk(dir: &Path, out: &mut BTreeSet<String>) {
            for entry in std::fs::read_dir(dir).expect("the source folder").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let whole = std::fs::read_to_string(&path).expect("a source file");
                // Not the tests: what they make up is no code the service gives.
                let source = whole
                    .split("#[cfg(test)]\nmod tests")
                    .next()
                    .unwrap_or_default();
                if path.components().any(|c| c.as_os_str() == "tests")
                    || path.file_name().is_some_and(|n| n == "tests.rs")
                {
                    continue;
                }
                for ctor in [
                    "ApiError::new(",
                    "ApiError::bad_request(",
                    "ApiError::unauthorized(",
                    "ApiError::forbidden(",
                    "ApiError::not_found(",
                    "ApiError::conflict(",
                    "ApiError::unprocessable(",
                    "card_problem(",
                ] {
                    for (at, _) in source.match_indices(ctor) {
                        let mut rest = source[at + ctor.len()..].trim_start();
                        // The status argument, if the constructor takes one.
                        if ctor.ends_with("new(") || ctor == "card_problem(" {
                            match rest.find(',') {
                                Some(comma) => rest = &rest[comma + 1..],
                                None => continue,
                            }
                        }
                        out.extend(literal_after(rest));
                    }
                }
                for (at, _) in source.match_indices("StatusCode::") {
                    let rest = &source[at..];
                    let name_end = rest
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                        .unwrap_or(rest.len());
                    if let Some(after) = rest[name_end..].strip_prefix(',') {
                        out.extend(literal_after(after));
                    }
                }
                for (at, _) in source.match_indices("code: ") {
                    let field = source[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
                    if field {
                        out.extend(literal_after(&source[at + "code: ".len()..]));
                    }
                }
            }
        }
        let mut out = BTreeSet::new();
        walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
        for status in 400..600 {
            if let Ok(status) = StatusCode::from_u16(status) {
                out.insert(code_for(status).to_string());
            }
        }
        out
    }

    #[test]
    fn every_problem_code_has_its_sentence_in_every_language() {
        let codes = codes_in_source();
        // The scan finds the codes it must (one of each way a code is written).
        for known in [
            "stale_seq",
            "game_not_found",
            "card_too_complex",
            "invalid_webhook_url",
            "method_not_allowed",
            "rate_limited",
            "database_busy",
        ] {
            assert!(
                codes.contains(known),
                "the scan misses `{known}`: {codes:?}"
            );
        }
        let mut missing = Vec::new();
        for lang in Lang::ALL {
            for code in &codes {
                let key = format!("problem-{code}");
                if !i18n::has(lang, &key) {
                    missing.push(format!("{}: {key}", lang.code()));
                }
            }
        }
        assert!(missing.is_empty(), "no sentence for {missing:#?}");
    }

    /// Every rule id the engine refuses a turn by (a `"G-…"` or `"D-…"` literal of the
    /// games' source) says what it asks in every language.
    #[test]
    fn every_rule_the_engine_refuses_by_says_what_it_asks_in_every_language() {
        fn walk(dir: &Path, out: &mut BTreeSet<String>) {
            for entry in std::fs::read_dir(dir).expect("the games' source").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let source = std::fs::read_to_string(&path).expect("a source file");
                for (at, _) in source.match_indices("RuleError::new(") {
                    let rest = source[at + "RuleError::new(".len()..].trim_start();
                    if let Some(id) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) {
                        out.insert(id.to_string());
                    }
                }
                // Rules handed on as a value: `check_place(at, "G-A3")`, `refuse` in Dreams.
                for (at, _) in source
                    .match_indices("\"G-")
                    .chain(source.match_indices("\"D-"))
                {
                    let id: String = source[at + 1..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                        .collect();
                    let closed = source[at + 1 + id.len()..].starts_with('"');
                    if closed && id.ends_with(|c: char| c.is_ascii_digit()) {
                        out.insert(id);
                    }
                }
            }
        }
        let mut rules = BTreeSet::new();
        walk(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/src"),
            &mut rules,
        );
        for known in ["G-T5", "G-A1", "D-R4", "D-R8"] {
            assert!(rules.contains(known), "the scan misses {known}: {rules:?}");
        }
        let mut missing = Vec::new();
        for lang in Lang::ALL {
            for rule in &rules {
                if !i18n::has(lang, &format!("rule-{rule}")) {
                    missing.push(format!("{}: rule-{rule}", lang.code()));
                }
            }
        }
        assert!(missing.is_empty(), "no sentence for {missing:#?}");
    }

    #[test]
    fn every_status_a_problem_has_its_title_in_every_language() {
        for status in [
            400, 401, 403, 404, 405, 406, 408, 409, 411, 413, 414, 415, 422, 428, 429, 431, 500,
            503,
        ] {
            for lang in Lang::ALL {
                assert!(
                    i18n::has(lang, &format!("problem-status-{status}")),
                    "{} {status}",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn a_problem_is_told_in_the_readers_language_and_its_code_and_members_stay() {
        let e = ApiError::bad_request("invalid_query", "`limit` must be 1 to 500")
            .said("problem-limit", vec![("max", 500.into())])
            .with("field", "limit");
        let en = words_in(&e, Lang::En);
        assert_eq!(en.detail, "`limit` must be 1 to 500");
        assert_eq!(en.title, "Bad Request");
        let de = words_in(&e, Lang::De);
        assert_eq!(de.lang, Lang::De);
        assert_eq!(de.detail, "`limit` muss 1 bis 500 sein");
        assert_eq!(de.title, "Ungültige Anfrage");
        let body = e.body_with(&de.title, &de.detail, &de.members);
        assert_eq!(body["code"], "invalid_query");
        assert_eq!(body["type"], "/problems/invalid_query");
        assert_eq!(body["field"], "limit");
        let ja = words_in(&e, Lang::Ja);
        assert_eq!(ja.detail, "`limit` は 1 から 500 にしてください");
    }

    #[test]
    fn a_problem_without_a_sentence_of_its_own_says_its_codes_sentence_but_in_english() {
        let e = ApiError::not_found("game_not_found", "there is no game with this id");
        assert_eq!(
            words_in(&e, Lang::En).detail,
            "there is no game with this id"
        );
        let it = words_in(&e, Lang::It);
        assert_eq!(it.detail, "non c'è nessuna partita con questo id");
        assert_eq!(it.lang, Lang::It);
        // A code the catalogues do not know is told in English, and says so.
        let odd = ApiError::bad_request("no_such_code_anywhere", "odd");
        let told = words_in(&odd, Lang::Ja);
        assert_eq!((told.lang, told.detail.as_str()), (Lang::En, "odd"));
    }

    #[test]
    fn a_rule_refusal_keeps_its_rule_id_and_says_the_rule_in_the_readers_language() {
        let e = ApiError::unprocessable("rule_violation", "G-T5: it is god 1's turn, not god 0's")
            .with("rule", "G-T5")
            .with("message", "it is god 1's turn, not god 0's");
        let en = words_in(&e, Lang::En);
        assert_eq!(en.detail, "G-T5: it is god 1's turn, not god 0's");
        let it = words_in(&e, Lang::It);
        assert_eq!(it.detail, "G-T5: è il turno di un altro dio");
        let body = e.body_with(&it.title, &it.detail, &it.members);
        assert_eq!(body["rule"], "G-T5");
        assert_eq!(body["message"], "è il turno di un altro dio");
        let stepped = e.clone().with("step", 2);
        assert_eq!(
            words_in(&stepped, Lang::De).detail,
            "G-T5: Schritt 2: ein anderer Gott ist am Zug"
        );
    }
}
