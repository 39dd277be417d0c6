//! The sweep of this server's open event streams (`crate::stream`).

use crate::auth::Credential;
use crate::state::AppState;
use std::sync::Arc;

/// End every open stream whose credential no longer works, as the database has it: every
/// `credentials_recheck_ms`, and at once when this server revoked one
/// (`crate::stream::Hub::recheck_now`). One query per kind of credential for all the open
/// streams, not one per stream, so that a revocation through another server on the same
/// database ends the streams here within the interval. (A stream also checks its own
/// credential each time it reads events, before sending them: `crate::http::stream`.) Runs
/// until the server stops.
pub async fn sweep(state: Arc<AppState>) {
    let hub = state.streams.clone();
    loop {
        hub.until_recheck().await;
        let held = hub.held();
        if held.is_empty() {
            continue;
        }
        let now = state.clock.now_naive();
        let (ask, ends): (Vec<(String, Credential)>, Vec<_>) =
            held.into_iter().map(|(u, c, e)| ((u, c), e)).unzip();
        let app = state.clone();
        let live = hub
            .with_conn(&state.db, move |conn| {
                let held: Vec<(&str, &Credential)> =
                    ask.iter().map(|(u, c)| (u.as_str(), c)).collect();
                Ok(crate::auth::still_live(
                    conn,
                    &held,
                    now,
                    Some(&app.epochs),
                )?)
            })
            .await;
        match live {
            Ok(live) => {
                for (end, live) in ends.iter().zip(live) {
                    if !live {
                        end.end();
                    }
                }
            }
            // The streams' own checks still hold back their events meanwhile.
            Err(e) => tracing::warn!(error = %e, "cannot check the open streams' credentials"),
        }
    }
}
