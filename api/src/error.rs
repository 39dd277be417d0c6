//! The error policy, in one place.
//!
//! Every error the API returns is `application/problem+json` (RFC 9457) with `type`,
//! `title`, `status`, `detail` and a stable snake_case `code` that clients branch on
//! (`type` is `/problems/{code}`). A 4xx says what to fix; a 5xx says nothing about the
//! inside (the cause is logged instead, with an id the response repeats).
//!
//! [`ApiError`] is what every act, store call and check returns; the HTTP edge turns it
//! into a response, once (`crate::http::problem`), and the mail edge into words. actix's
//! own errors (malformed JSON, wrong content type, body too large, bad query, unknown
//! path, method not allowed) are brought into the same shape there too.
//!
//! `detail` (and `title`) are prose: the HTTP edge writes them in the reader's language.
//! An error may name its sentence in the catalogues (`templates/i18n/<code>/problems.ftl`)
//! with [`ApiError::said`], a key and the values put into it; one that does not is told in
//! another language by its code's sentence (`problem-<code>`), and in English by its
//! `detail` as written here. `type`, `code` and the extension members stay as they are in
//! every language.

use http::StatusCode;
use serde_json::{json, Map, Value};
use std::fmt;

pub const PROBLEM_JSON: &str = "application/problem+json";

/// Largest JSON body accepted.
pub const JSON_LIMIT: usize = 64 * 1024;

/// An error on its way to the client.
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    detail: String,
    /// Extension members (e.g. `current_seq`, `rule`), merged into the body.
    extra: Map<String, Value>,
    retry_after: Option<u64>,
    /// The inside story of a 5xx: logged, never sent.
    cause: Option<String>,
    /// The catalogue's sentence for `detail`, and the values put into it (boxed: an
    /// error is returned by value everywhere, and stays small).
    said: Option<Box<Sentence>>,
}

/// A message key of the catalogues and the values put into it.
type Sentence = (&'static str, Vec<(&'static str, Said)>);

/// A value put into a problem's sentence (the catalogue's `{ $name }`).
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    Text(String),
    Number(i64),
}

impl From<&str> for Said {
    fn from(s: &str) -> Said {
        Said::Text(s.to_string())
    }
}

impl From<String> for Said {
    fn from(s: String) -> Said {
        Said::Text(s)
    }
}

macro_rules! said_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Said {
            fn from(n: $t) -> Said {
                Said::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
said_number!(i64, i32, u32, u64, usize);

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            detail: detail.into(),
            extra: Map::new(),
            retry_after: None,
            cause: None,
            said: None,
        }
    }

    pub fn bad_request(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, detail)
    }

    pub fn unauthorized(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, code, detail)
    }

    pub fn forbidden(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, detail)
    }

    pub fn not_found(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, code, detail)
    }

    pub fn conflict(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, detail)
    }

    pub fn unprocessable(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, detail)
    }

    pub fn too_many_requests(detail: impl Into<String>, retry_after_secs: u64) -> ApiError {
        let mut e = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", detail);
        e.retry_after = Some(retry_after_secs.max(1));
        e
    }

    /// A failure of ours. `cause` goes to the log only.
    pub fn internal(cause: impl fmt::Display) -> ApiError {
        let mut e = ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "the server failed; the failure is logged",
        );
        e.cause = Some(cause.to_string());
        e
    }

    /// The database cannot be reached, does not answer in time, or broke the connection:
    /// the client may retry (a write may or may not have happened; a turn retried with
    /// its `Idempotency-Key` is answered once).
    pub fn database_unavailable(cause: impl fmt::Display) -> ApiError {
        let mut e = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "database_unavailable",
            "the database does not answer; retry shortly",
        );
        e.cause = Some(cause.to_string());
        e.retry_after = Some(5);
        e
    }

    /// SQLite: another process held the database's write lock for longer than the busy
    /// timeout. Nothing was written.
    pub fn database_busy(cause: impl fmt::Display) -> ApiError {
        let mut e = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "database_busy",
            "the database is busy with another writer; retry shortly",
        );
        e.cause = Some(cause.to_string());
        e.retry_after = Some(1);
        e
    }

    /// Send `Retry-After: secs` with the error.
    pub fn with_retry_after(mut self, secs: u64) -> ApiError {
        self.retry_after = Some(secs.max(1));
        self
    }

    /// The same problem in other words (English; the catalogue's sentence, if one was
    /// named, no longer says it).
    pub fn with_detail(mut self, detail: impl Into<String>) -> ApiError {
        self.detail = detail.into();
        self.said = None;
        self
    }

    /// `detail` is the catalogue's message `key` with `values` (its English text is the
    /// detail given: the edge writes it in the reader's language).
    pub fn said(mut self, key: &'static str, values: Vec<(&'static str, Said)>) -> ApiError {
        self.said = Some(Box::new((key, values)));
        self
    }

    /// The catalogue's sentence named by [`ApiError::said`], if any.
    pub fn sentence(&self) -> Option<(&'static str, &[(&'static str, Said)])> {
        self.said.as_deref().map(|(k, v)| (*k, v.as_slice()))
    }

    /// Add an extension member to the body.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> ApiError {
        self.extra.insert(key.to_string(), value.into());
        self
    }

    /// An extension member (e.g. `rule`, `word`).
    pub fn extra(&self, key: &str) -> Option<&Value> {
        self.extra.get(key)
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The `Retry-After` seconds it is sent with, if any.
    pub fn retry_after(&self) -> Option<u64> {
        self.retry_after
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The inside story of a 5xx, for the log.
    pub fn cause(&self) -> Option<&str> {
        self.cause.as_deref()
    }

    /// What to fix, as sent (the HTML pages show it to a person).
    pub fn detail(&self) -> &str {
        &self.detail
    }

    /// The problem+json body, in English.
    pub fn body(&self) -> Value {
        self.body_with(
            self.status.canonical_reason().unwrap_or("Error"),
            &self.detail,
            &Map::new(),
        )
    }

    /// The problem+json body with `title` and `detail` as given (in the reader's
    /// language), and extension members replaced by `words` (a member that is prose, as a
    /// rule's `message`).
    pub fn body_with(&self, title: &str, detail: &str, words: &Map<String, Value>) -> Value {
        let mut body = Map::new();
        body.insert("type".into(), json!(format!("/problems/{}", self.code)));
        body.insert("title".into(), json!(title));
        body.insert("status".into(), json!(self.status.as_u16()));
        body.insert("detail".into(), json!(detail));
        body.insert("code".into(), json!(self.code));
        for (k, v) in &self.extra {
            body.insert(k.clone(), words.get(k).unwrap_or(v).clone());
        }
        Value::Object(body)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.detail)
    }
}

/// Run blocking work (diesel, argon2) off the async workers.
pub async fn blocking<T, F>(f: F) -> ApiResult<T>
where
    F: FnOnce() -> ApiResult<T> + Send + 'static,
    T: Send + 'static,
{
    // The request's span (its request id) goes along to the blocking thread.
    let span = tracing::Span::current();
    match tokio::task::spawn_blocking(move || span.in_scope(f)).await {
        Ok(result) => result,
        Err(e) => Err(ApiError::internal(e)),
    }
}
