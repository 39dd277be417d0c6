//! The one place an [`ApiError`] becomes an HTTP response (`application/problem+json`),
//! and where actix's own errors (malformed JSON, wrong content type, body too large, bad
//! query, unknown path, method not allowed) are brought into the same shape: the handlers
//! in [`json_config`], [`query_config`], [`path_config`], [`not_found`] and
//! [`problem_for_bare_errors`].

use crate::error::{ApiError, ApiResult, JSON_LIMIT, PROBLEM_JSON};
use actix_web::body::MessageBody;
use actix_web::dev::ServiceResponse;
use actix_web::error::{JsonPayloadError, QueryPayloadError};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = self.cause() {
            tracing::error!(code = self.code(), cause = %cause, "request failed");
        }
        let mut res = HttpResponse::build(self.status());
        res.insert_header((header::CONTENT_TYPE, PROBLEM_JSON));
        if let Some(secs) = self.retry_after() {
            res.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        if self.status() == StatusCode::UNAUTHORIZED {
            res.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        res.body(self.body().to_string())
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
