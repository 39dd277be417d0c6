//! The HTTP edge: one module per resource, named after its path.
//!
//! Handlers parse and check input, call the store (in `web::block`) and the rules, and
//! shape the response. They hold no rule and no SQL.

pub mod auth;
pub mod health;
pub mod me;
pub mod openapi;
pub mod tokens;
pub mod users;

use crate::error::{blocking, ApiResult};
use crate::state::AppState;
use crate::store::DbConn;
use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/health").route(web::get().to(health::get)))
        .service(web::resource("/openapi.yaml").route(web::get().to(openapi::get)))
        .service(web::resource("/users").route(web::post().to(users::register)))
        .service(web::resource("/auth/login").route(web::post().to(auth::login)))
        .service(web::resource("/me").route(web::get().to(me::get)))
        .service(
            web::resource("/tokens")
                .route(web::get().to(tokens::list))
                .route(web::post().to(tokens::create)),
        )
        .service(web::resource("/tokens/{id}").route(web::delete().to(tokens::revoke)));
}

/// Run `f` with a pooled connection, off the async workers.
pub async fn with_conn<T, F>(state: &web::Data<AppState>, f: F) -> ApiResult<T>
where
    F: FnOnce(&mut DbConn) -> ApiResult<T> + Send + 'static,
    T: Send + 'static,
{
    let pool = state.pool.clone();
    blocking(move || {
        let mut conn = pool.get().map_err(crate::store::StoreError::from)?;
        f(&mut conn)
    })
    .await
}
