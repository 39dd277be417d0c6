//! The error policy, in one place.
//!
//! Every error the API returns is `application/problem+json` (RFC 9457) with `type`,
//! `title`, `status`, `detail` and a stable snake_case `code` that clients branch on
//! (`type` is `/problems/{code}`). A 4xx says what to fix; a 5xx says nothing about the
//! inside (the cause is logged instead, with an id the response repeats).
//!
//! actix's own errors (malformed JSON, wrong content type, body too large, bad query,
//! unknown path, method not allowed) are brought into the same shape by the handlers in
//! [`json_config`], [`query_config`], [`path_config`], [`not_found`] and
//! [`problem_for_bare_errors`].

use crate::store::{Outage, StoreError};
use actix_web::body::MessageBody;
use actix_web::dev::ServiceResponse;
use actix_web::error::{JsonPayloadError, QueryPayloadError};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use serde_json::{json, Map, Value};
use std::fmt;

pub const PROBLEM_JSON: &str = "application/problem+json";

/// An error on its way to the client.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    detail: String,
    /// Extension members (e.g. `current_seq`, `rule`), merged into the body.
    extra: Map<String, Value>,
    retry_after: Option<u64>,
    /// The inside story of a 5xx: logged, never sent.
    cause: Option<String>,
}

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

    /// The same problem in other words.
    pub fn with_detail(mut self, detail: impl Into<String>) -> ApiError {
        self.detail = detail.into();
        self
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

    /// What to fix, as sent (the HTML pages show it to a person).
    pub fn detail(&self) -> &str {
        &self.detail
    }

    fn body(&self) -> Value {
        let mut body = Map::new();
        body.insert("type".into(), json!(format!("/problems/{}", self.code)));
        body.insert(
            "title".into(),
            json!(self.status.canonical_reason().unwrap_or("Error")),
        );
        body.insert("status".into(), json!(self.status.as_u16()));
        body.insert("detail".into(), json!(self.detail));
        body.insert("code".into(), json!(self.code));
        for (k, v) in &self.extra {
            body.insert(k.clone(), v.clone());
        }
        Value::Object(body)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.detail)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = &self.cause {
            tracing::error!(code = self.code, cause = %cause, "request failed");
        }
        let mut res = HttpResponse::build(self.status);
        res.insert_header((header::CONTENT_TYPE, PROBLEM_JSON));
        if let Some(secs) = self.retry_after {
            res.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        if self.status == StatusCode::UNAUTHORIZED {
            res.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        res.body(self.body().to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e.outage() {
            Some(Outage::Unavailable) => ApiError::database_unavailable(e),
            Some(Outage::Busy) => ApiError::database_busy(e),
            None => ApiError::internal(e),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> ApiError {
        StoreError::from(e).into()
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> ApiError {
        ApiError::internal(e)
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
    web::block(move || span.in_scope(f)).await?
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
        ),
        JsonPayloadError::Deserialize(e) if e.is_data() => {
            ApiError::unprocessable("invalid_body", format!("the body does not fit: {e}"))
        }
        JsonPayloadError::Deserialize(e) => {
            ApiError::bad_request("malformed_json", format!("the body is not JSON: {e}"))
        }
        _ => ApiError::bad_request("bad_request", format!("cannot read the body: {err}")),
    }
}

/// Largest JSON body accepted.
pub const JSON_LIMIT: usize = 64 * 1024;

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .error_handler(|err, _req| json_error(err).into())
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _req| {
        let detail = match &err {
            QueryPayloadError::Deserialize(e) => format!("bad query string: {e}"),
            _ => format!("bad query string: {err}"),
        };
        ApiError::bad_request("invalid_query", detail).into()
    })
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default()
        .error_handler(|err, _req| ApiError::not_found("not_found", err.to_string()).into())
}

/// The default service: an unknown path.
pub async fn not_found(req: HttpRequest) -> ApiResult<HttpResponse> {
    Err(ApiError::not_found(
        "not_found",
        format!("no such path: {}", req.path()),
    ))
}

/// Middleware hook: a 4xx/5xx that is not problem+json yet (a 405 from a resource, a
/// payload error, a panic) gets the standard body. Its original body may carry internals,
/// so it is dropped.
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
    if is_problem || is_page {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
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
    let problem = ApiError::new(status, code_for(status), detail);
    let (req, mut old) = res.into_parts();
    let mut new = problem.error_response();
    // Keep headers such as Allow; replace the body's type.
    for (name, value) in old.headers_mut().drain() {
        if let Some(name) = name {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                new.headers_mut().insert(name, value);
            }
        }
    }
    new.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
    let res = ServiceResponse::new(req, new).map_into_right_body::<B>();
    Ok(ErrorHandlerResponse::Response(res))
}
