//! What the operator sees and does (`hermes outbox`): counts, the failed rows, requeueing.

use crate::store::StoreError;

// The queries are the store's; named here too, where the operator's tools look for them.
pub use crate::store::outbox::{counts, failed, oldest_pending, retry, Counts};

/// Why an operator command failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Startup(#[from] crate::store::StartupError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot write the report: {0}")]
    Io(#[from] std::io::Error),
    #[error("no failed mail with id {0}")]
    NotFound(String),
}

fn connect(settings: &crate::config::Settings) -> Result<crate::store::Pool, AdminError> {
    Ok(crate::store::open_with(
        &settings.database_url.0,
        1,
        &settings.database,
    )?)
}

/// `hermes outbox`: the counts, then one line per failed mail.
pub fn report(
    settings: &crate::config::Settings,
    out: &mut impl std::io::Write,
) -> Result<(), AdminError> {
    let pool = connect(settings)?;
    let mut conn = pool.get().map_err(StoreError::from)?;
    let c = counts(&mut conn)?;
    writeln!(
        out,
        "pending {}  sent {}  failed {}  superseded {}",
        c.pending, c.sent, c.failed, c.superseded
    )?;
    let rows = failed(&mut conn)?;
    if !rows.is_empty() {
        writeln!(
            out,
            "\nfailed mail (requeue: hermes outbox retry ID | --all-failed):"
        )?;
        writeln!(out, "id\ttemplate\tto\tattempts\tlast_error")?;
    }
    for r in rows {
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            r.id,
            r.template,
            r.to_addr,
            r.attempts,
            r.last_error
                .as_deref()
                .unwrap_or("")
                .replace(['\r', '\n', '\t'], " ")
        )?;
    }
    Ok(())
}

/// `hermes outbox retry ID|--all-failed`.
pub fn requeue(
    settings: &crate::config::Settings,
    id: Option<&str>,
    out: &mut impl std::io::Write,
) -> Result<(), AdminError> {
    let pool = connect(settings)?;
    let mut conn = pool.get().map_err(StoreError::from)?;
    // The operator's wall clock: the servers' workers compare it with their own.
    let now = crate::clock::truncate_micros(chrono::Utc::now().naive_utc());
    let n = retry(&mut conn, id, now)?;
    if let (Some(id), 0) = (id, n) {
        return Err(AdminError::NotFound(id.to_string()));
    }
    writeln!(out, "requeued {n} mail(s)")?;
    Ok(())
}
