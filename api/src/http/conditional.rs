//! Conditional reads: a strong ETag per reader and response, `304 Not Modified` when the
//! client has it (`If-None-Match`), and opaque paging cursors.
//!
//! The ETag is a hash of who reads (the user) and of the very body that reader gets: it
//! changes exactly when what that reader sees changes (a turn, talk in the log, a seat
//! taken, a deadline moved…) and never with what they may not see, and two readers never
//! share one, so comparing ETags tells nobody anything about another's view. Where the
//! response is a game at a sequence, the ETag starts with it (`"SEQ-HASH"`), so a client
//! may send it back as a turn's `If-Match`.
//! Must not: decide what a reader may see (the handlers build the body from a view).

use crate::error::{ApiError, ApiResult};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use base64::Engine;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The ETag of `body` as `reader` gets it; `seq` first when the body is a game at a
/// sequence.
pub fn etag(reader: &str, seq: Option<i64>, body: &Value) -> String {
    let mut h = Sha256::new();
    h.update(reader.as_bytes());
    h.update([0]);
    h.update(body.to_string().as_bytes());
    let hash = hex::encode(&h.finalize()[..16]);
    match seq {
        Some(seq) => format!("\"{seq}-{hash}\""),
        None => format!("\"{hash}\""),
    }
}

/// Does the request's `If-None-Match` name `etag` (weak comparison, RFC 9110 §13.1.2)?
fn has(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim())
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag)
}

/// `200` with `body` and its ETag, or `304` with the ETag alone when the client has it.
/// Private (per reader) and revalidated every time.
pub fn json(req: &HttpRequest, reader: &str, seq: Option<i64>, body: &Value) -> HttpResponse {
    let tag = etag(reader, seq, body);
    let fresh = has(req, &tag);
    let mut res = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, tag))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"));
    if fresh {
        res.finish()
    } else {
        res.json(body)
    }
}

/// An opaque cursor for `value` (what the next page starts after).
pub fn cursor(value: &Value) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value.to_string())
}

/// The value a [`cursor`] holds, or a 400 `invalid_cursor`.
pub fn read_cursor(cursor: &str) -> ApiResult<Value> {
    let bad = || {
        ApiError::bad_request(
            "invalid_cursor",
            "`cursor` must be a `next_cursor` this server gave",
        )
    };
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(cursor.trim())
        .map_err(|_| bad())?;
    serde_json::from_slice(&bytes).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn two_readers_of_the_same_body_get_different_etags_and_a_change_changes_it() {
        let body = json!({"seq": 3, "view": {"board": []}});
        let a = etag("user-a", Some(3), &body);
        assert!(a.starts_with("\"3-"), "{a}");
        assert_ne!(a, etag("user-b", Some(3), &body));
        assert_ne!(
            a,
            etag(
                "user-a",
                Some(3),
                &json!({"seq": 3, "view": {"board": [1]}})
            )
        );
        assert_eq!(a, etag("user-a", Some(3), &body));
    }

    #[test]
    fn a_cursor_reads_back_and_garbage_is_a_400() {
        let v = json!({"after": 12});
        assert_eq!(read_cursor(&cursor(&v)).unwrap(), v);
        assert_eq!(
            read_cursor("not a cursor!").unwrap_err().code(),
            "invalid_cursor"
        );
    }
}
