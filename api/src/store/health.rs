//! Whether the database answers (`GET /ready`).
//!
//! Owns: the probe query. Must not: decide what a failed probe means to a client (the
//! HTTP layer maps the error to 503).

use super::{DbConn, StoreError};
use diesel::RunQueryDsl;

/// Run the cheapest query there is: `Ok` once the database answered it.
pub fn ping(conn: &mut DbConn) -> Result<(), StoreError> {
    diesel::sql_query("SELECT 1").execute(conn)?;
    Ok(())
}
