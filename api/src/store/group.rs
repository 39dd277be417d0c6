//! Group commit: concurrent writes committed together.
//!
//! A durable commit waits for the disk (`synchronous = FULL` syncs SQLite's log at every
//! commit; PostgreSQL flushes its WAL at every commit), and SQLite has one writer anyway.
//! So one writer thread takes the writes that are waiting, runs them in one transaction,
//! each in its own savepoint ([`Savepoints`]), commits once, and only then
//! answers each. The same on both backends: PostgreSQL's own group commit (`commit_delay`
//! 0 by default) flushed its WAL about once per turn when each turn committed on its own
//! connection; through this writer about 30 turns share a flush (BENCHMARKS.md).
//! A write that fails (a stale sequence, a taken key, a database error in its own
//! statements) rolls back its savepoint alone; the others in the batch are applied.
//! Nobody hears "done" before the commit that holds their write is on disk; if that
//! commit fails, every write of the batch hears so. Two writes of one game in one batch:
//! the second sees the first (same transaction) and fails as stale, alone. On PostgreSQL
//! an error inside a savepoint aborts only that savepoint, which the writer rolls back
//! before the next write runs.
//!
//! Owns: the writer thread, its own connection (never one from the pool) and the count of
//! commits and writes. The requests waiting for it give their pooled connections back
//! first (`crate::store::Lease`), so a batch is bounded by `MAX_BATCH`, not `pool_size`.
//! Must not: know what a write means (callers hand in closures) or do anything after the
//! commit but answer: effects that must follow the commit (the hot cache, waking the
//! outbox worker) are the caller's, once it has its answer.

use super::{write_transaction, DbConn, Manager};
use diesel::connection::SimpleConnection;
use diesel::r2d2::{ManageConnection, R2D2Connection};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::Connection;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::oneshot;

/// The most writes committed together: a bound on one transaction's length (and so on
/// the wait of a write that arrives just after a batch began).
pub const MAX_BATCH: usize = 256;

/// One write waiting for the writer.
trait Job: Send {
    /// Run inside the batch's transaction, in a savepoint of its own: one it opens
    /// (diesel's nested transaction) or, with `held`, the one the writer holds for it
    /// ([`Savepoints::Held`]), which the writer rolls back if this fails.
    fn run(&mut self, conn: &mut DbConn, held: bool);
    /// Its run failed (and its savepoint was rolled back).
    fn failed(&self) -> bool;
    /// Its run returned, but its savepoint could not be released (a statement of it
    /// failed and it went on): the writer rolled it back, and this is its answer.
    fn undone(&mut self, e: DieselError);
    /// The batch's transaction ended: `Ok` once committed, else why not.
    fn finish(self: Box<Self>, committed: Result<(), &DieselError>);
}

struct Typed<T, E, F> {
    work: Option<F>,
    result: Option<Result<T, E>>,
    reply: oneshot::Sender<Result<T, E>>,
}

impl<T, E, F> Job for Typed<T, E, F>
where
    T: Send,
    E: From<DieselError> + Send,
    F: FnOnce(&mut DbConn) -> Result<T, E> + Send,
{
    fn run(&mut self, conn: &mut DbConn, held: bool) {
        if let Some(work) = self.work.take() {
            self.result = Some(if held {
                work(conn)
            } else {
                // Nested in the batch's transaction: a SAVEPOINT, rolled back alone on
                // error.
                conn.transaction(work)
            });
        }
    }

    fn failed(&self) -> bool {
        matches!(self.result, Some(Err(_)))
    }

    fn undone(&mut self, e: DieselError) {
        self.result = Some(Err(E::from(e)));
    }

    fn finish(self: Box<Self>, committed: Result<(), &DieselError>) {
        let Typed { result, reply, .. } = *self;
        let answer = match (committed, result) {
            // Its own failure: its savepoint was rolled back, whatever the batch did.
            (_, Some(Err(e))) => Err(e),
            (Ok(()), Some(Ok(value))) => Ok(value),
            (Err(e), _) => Err(E::from(copy(e))),
            (Ok(()), None) => Err(E::from(DieselError::NotInTransaction)),
        };
        // The caller may have given up waiting: nothing to tell then.
        let _ = reply.send(answer);
    }
}

/// A diesel error again (it is not `Clone`): the kind and message of a database error
/// are kept, so an outage is still recognised as one (`super::outage_of`).
fn copy(e: &DieselError) -> DieselError {
    match e {
        DieselError::DatabaseError(kind, info) => {
            DieselError::DatabaseError(*kind, Box::new(info.message().to_string()))
        }
        other => DieselError::QueryBuilderError(other.to_string().into()),
    }
}

fn unavailable(message: String) -> DieselError {
    DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, Box::new(message))
}

/// How many commits and writes the writer made (read by `GET /metrics` and the tests).
#[derive(Debug)]
pub struct Counts {
    commits: AtomicU64,
    writes: AtomicU64,
    largest: AtomicU64,
    /// Writes per commit (`hermes_db_group_commit_batch_size` in `GET /metrics`).
    batches: Histogram,
}

impl Default for Counts {
    fn default() -> Counts {
        Counts {
            commits: AtomicU64::new(0),
            writes: AtomicU64::new(0),
            largest: AtomicU64::new(0),
            // 1, 2, 4, … 256 (`MAX_BATCH`).
            batches: Histogram::new(exponential_buckets(1.0, 2.0, 9)),
        }
    }
}

impl Counts {
    /// Transactions the writer committed (or tried to).
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    /// Writes it ran in them.
    pub fn writes(&self) -> u64 {
        self.writes.load(Ordering::Relaxed)
    }

    /// The most writes one commit held.
    pub fn largest(&self) -> u64 {
        self.largest.load(Ordering::Relaxed)
    }

    /// The histogram of writes per commit (registered by `crate::metrics`).
    pub fn batches(&self) -> Histogram {
        self.batches.clone()
    }
}

/// The writer of one server process.
pub struct GroupCommit {
    queue: Mutex<mpsc::Sender<Box<dyn Job>>>,
    counts: Arc<Counts>,
    /// Dropped with the writer: the checkpointer thread (SQLite) then ends.
    _checkpointer: Option<mpsc::Sender<()>>,
    /// Taken by the writer while it collects a batch ([`GroupCommit::hold`]).
    gate: Arc<Mutex<()>>,
}

/// How often the checkpointer copies the SQLite log into the database.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// SQLite: copy the log (WAL) into the database file in the background, with a
/// connection of its own, so that a turn's commit never does it (with its disk syncs)
/// while the turns of the next batch wait. `PASSIVE` neither waits for nor blocks the
/// writer or the readers; what it cannot copy yet it copies next time. Ends when `stop`'s
/// sender is dropped.
fn checkpointer(manager: Manager, stop: mpsc::Receiver<()>) {
    let mut conn: Option<DbConn> = None;
    while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY) {
        if conn.is_none() {
            conn = manager.connect().ok();
        }
        if let Some(DbConn::Sqlite(c)) = conn.as_mut() {
            if let Err(e) = c.batch_execute("PRAGMA wal_checkpoint(PASSIVE)") {
                tracing::debug!(error = %e, "checkpoint skipped");
                conn = None;
            }
        }
    }
}

impl GroupCommit {
    /// Start the writer thread with a connection of its own from `manager`. `one_writer`
    /// is the process's SQLite writer lock, held for each batch so that the process's
    /// other writers (the scheduler, the outbox worker, joins) take turns with it; `None`
    /// on PostgreSQL, where row locks order the writers.
    pub fn start(
        manager: Manager,
        one_writer: Option<Arc<Mutex<()>>>,
    ) -> std::io::Result<GroupCommit> {
        let (tx, rx) = mpsc::channel::<Box<dyn Job>>();
        let counts = Arc::new(Counts::default());
        let checkpointing = if let super::DatabaseUrl::Sqlite(_) = manager.url {
            let (stop, stopped) = mpsc::channel::<()>();
            let manager = manager.clone();
            std::thread::Builder::new()
                .name("hermes-checkpoint".into())
                .spawn(move || checkpointer(manager, stopped))?;
            Some(stop)
        } else {
            None
        };
        let gate = Arc::new(Mutex::new(()));
        let (thread_counts, thread_gate) = (counts.clone(), gate.clone());
        std::thread::Builder::new()
            .name("hermes-writer".into())
            .spawn(move || {
                writer(
                    &rx,
                    &manager,
                    one_writer.as_deref(),
                    &thread_gate,
                    &thread_counts,
                );
            })?;
        Ok(GroupCommit {
            queue: Mutex::new(tx),
            counts,
            _checkpointer: checkpointing,
            gate,
        })
    }

    /// Keep the writer from starting its next batch until the guard is dropped: the
    /// writes sent meanwhile wait, and then all go into one batch (up to `MAX_BATCH`).
    /// The tests use it to see writes that wait together share one commit.
    pub fn hold(&self) -> std::sync::MutexGuard<'_, ()> {
        self.gate.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// Run `work` in the next batch's transaction, in its own savepoint, and return its
    /// result once that transaction has committed (or its error, or the commit's).
    /// Blocks the calling thread: call it from a blocking context.
    pub fn write<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<DieselError> + Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T, E> + Send + 'static,
    {
        self.send(work).wait()
    }

    /// [`GroupCommit::write`] without waiting here: the answer comes through the
    /// returned [`Pending`], which an async task awaits (no thread sleeps through the
    /// commit, and the writer wakes the task's worker directly).
    pub fn send<T, E, F>(&self, work: F) -> Pending<T, E>
    where
        T: Send + 'static,
        E: From<DieselError> + Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T, E> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job = Box::new(Typed {
            work: Some(work),
            result: None,
            reply,
        });
        let sent = self
            .queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(job);
        // A job the writer will never take is dropped with its sender: the answer is then
        // "stopped", below.
        drop(sent);
        Pending(answer)
    }
}

/// The writer's answer to one write, still to come ([`GroupCommit::send`]).
pub struct Pending<T, E>(oneshot::Receiver<Result<T, E>>);

impl<T, E: From<DieselError>> Pending<T, E> {
    /// Wait for it on this thread (a blocking one, never an async worker).
    pub fn wait(self) -> Result<T, E> {
        self.0.blocking_recv().unwrap_or_else(|_| Err(stopped()))
    }

    /// Wait for it in an async task.
    pub async fn answer(self) -> Result<T, E> {
        self.0.await.unwrap_or_else(|_| Err(stopped()))
    }
}

/// The writer has stopped (or never took the write): nothing of it was committed.
fn stopped<E: From<DieselError>>() -> E {
    E::from(unavailable("the database writer has stopped".into()))
}

/// How each write of a batch gets its savepoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Savepoints {
    /// diesel's nested transaction: `SAVEPOINT` before the write, `RELEASE` (or `ROLLBACK
    /// TO`) after it. On SQLite these are calls into the library, not round trips.
    Nested,
    /// PostgreSQL: the writer holds one savepoint, [`HOLD`], open through the batch. A
    /// write that succeeds is kept by releasing it and opening the next one in one round
    /// trip (`RELEASE …; SAVEPOINT …`, two statements of one simple query), one that
    /// fails is undone by `ROLLBACK TO` it, which keeps it open for the next write. One
    /// round trip a write instead of two; the batch's `COMMIT` releases the last one.
    Held,
}

/// The savepoint the PostgreSQL writer holds for the write it runs ([`Savepoints::Held`]),
/// and the statements that open it, keep a write and open it again, and undo a write.
const HOLD: &str = "SAVEPOINT hermes_write";
const KEEP: &str = "RELEASE SAVEPOINT hermes_write; SAVEPOINT hermes_write";
const UNDO: &str = "ROLLBACK TO SAVEPOINT hermes_write";

impl Savepoints {
    fn of(conn: &DbConn) -> Savepoints {
        match conn {
            DbConn::Pg(_) => Savepoints::Held,
            DbConn::Sqlite(_) => Savepoints::Nested,
        }
    }
}

/// Run the batch's writes, each in a savepoint of its own (the batch's transaction is
/// open). `Err` fails the whole batch: a write panicked, or a savepoint could not be
/// opened or rolled back.
fn run_batch(
    c: &mut DbConn,
    batch: &mut [Box<dyn Job>],
    deferring: &super::events::Deferring,
) -> Result<(), DieselError> {
    let savepoints = Savepoints::of(c);
    let held = savepoints == Savepoints::Held;
    if held {
        c.batch_execute(HOLD)?;
    }
    for job in batch.iter_mut() {
        let mark = deferring.kept();
        if catch_unwind(AssertUnwindSafe(|| job.run(c, held))).is_err() {
            // A savepoint left open by a panic: roll the whole batch back rather than
            // commit half a write.
            return Err(DieselError::RollbackTransaction);
        }
        if held && !job.failed() {
            // Fails if a statement of the write failed and the write went on (the
            // transaction is then aborted on PostgreSQL): undone, as a nested
            // transaction's failed `RELEASE` is.
            if let Err(e) = c.batch_execute(KEEP) {
                job.undone(e);
            }
        }
        if job.failed() {
            if held {
                c.batch_execute(UNDO)?;
            }
            // Its savepoint was rolled back: so are its events.
            deferring.forget_from(mark);
        }
    }
    Ok(())
}

fn writer(
    rx: &mpsc::Receiver<Box<dyn Job>>,
    manager: &Manager,
    one_writer: Option<&Mutex<()>>,
    gate: &Mutex<()>,
    counts: &Counts,
) {
    // A poisoned lock only means its holder panicked; the database is intact.
    fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
        m.lock().unwrap_or_else(|e| e.into_inner())
    }
    let mut conn: Option<DbConn> = None;
    // Ends when the GroupCommit (and so the sender) is dropped.
    while let Ok(first) = rx.recv() {
        let held = lock(gate);
        let guard = one_writer.map(lock);
        // Whatever arrived while the last batch committed (or the lock was taken) joins.
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        drop(held);
        if conn.is_none() {
            match manager.connect() {
                Ok(c) => conn = Some(c),
                Err(e) => {
                    drop(guard);
                    let e = unavailable(format!("the writer cannot connect: {e}"));
                    for job in batch {
                        job.finish(Err(&e));
                    }
                    continue;
                }
            }
        }
        let Some(c) = conn.as_mut() else { continue };
        let committed = write_transaction(c, |c| {
            // The events the writes append are written together at the end (and on
            // PostgreSQL the events' ordering lock taken only then: `events::Deferring`).
            let deferring = super::events::Deferring::begin();
            run_batch(c, &mut batch, &deferring)?;
            super::events::write_deferred(c, &deferring)
        });
        // A transaction left open (a panic), a stuck transaction manager or a server
        // gone away (PostgreSQL): the next batch takes a new connection (dropping this
        // one rolls back what is open).
        let lost = committed.as_ref().err().and_then(super::outage_of);
        if c.is_broken() || matches!(lost, Some(super::Outage::Unavailable)) {
            conn = None;
        }
        drop(guard);
        let size = u64::try_from(batch.len()).unwrap_or(0);
        counts.commits.fetch_add(1, Ordering::Relaxed);
        counts.writes.fetch_add(size, Ordering::Relaxed);
        counts.largest.fetch_max(size, Ordering::Relaxed);
        #[expect(clippy::cast_precision_loss, reason = "at most MAX_BATCH")]
        counts.batches.observe(size as f64);
        for job in batch {
            job.finish(committed.as_ref().map(|_| ()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::RunQueryDsl;

    fn setup() -> (tempfile::TempDir, Manager, Arc<Mutex<()>>) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/g.sqlite3", dir.path().display());
        let (pool, manager) = super::super::open_durable(
            &url,
            1,
            &super::super::Timeouts::default(),
            super::super::Synchronous::Full,
        )
        .unwrap();
        let mut c = pool.get().unwrap();
        diesel::sql_query("CREATE TABLE t (k INTEGER PRIMARY KEY)")
            .execute(&mut *c)
            .unwrap();
        (dir, manager, Arc::new(Mutex::new(())))
    }

    fn insert(k: i64) -> impl FnOnce(&mut DbConn) -> Result<i64, DieselError> {
        move |c| {
            diesel::sql_query(format!("INSERT INTO t (k) VALUES ({k})")).execute(c)?;
            Ok(k)
        }
    }

    #[test]
    fn writes_waiting_together_share_one_commit_and_a_failing_one_leaves_the_others() {
        let (_dir, manager, lock) = setup();
        let group = Arc::new(GroupCommit::start(manager.clone(), Some(lock.clone())).unwrap());
        // Hold the writer lock: the writer takes the first write and waits for the lock,
        // while the others queue behind it; all of them go into the next batch.
        let held = lock.lock().unwrap();
        let mut waiting = Vec::new();
        for k in [1, 2, 1, 3] {
            let g = group.clone();
            waiting.push(std::thread::spawn(move || g.write(insert(k))));
            std::thread::sleep(std::time::Duration::from_millis(30));
        }
        drop(held);
        let answers: Vec<Result<i64, DieselError>> =
            waiting.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(answers[0].as_ref().unwrap(), &1);
        assert_eq!(answers[1].as_ref().unwrap(), &2);
        assert!(
            matches!(
                answers[2],
                Err(DieselError::DatabaseError(
                    DatabaseErrorKind::UniqueViolation,
                    _
                ))
            ),
            "{:?}",
            answers[2]
        );
        assert_eq!(answers[3].as_ref().unwrap(), &3);
        assert_eq!(group.counts().commits(), 1, "one commit for four writes");
        assert_eq!(group.counts().writes(), 4);
        // Committed: another connection sees the three rows.
        let DbConn::Sqlite(mut other) = manager.connect().unwrap() else {
            panic!("expected sqlite")
        };
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let n: N = diesel::sql_query("SELECT COUNT(*) AS n FROM t")
            .get_result(&mut other)
            .unwrap();
        assert_eq!(n.n, 3);
    }

    #[test]
    fn the_events_of_a_batch_are_written_at_its_end_and_a_failed_write_takes_its_own_back() {
        use super::super::events::{append, NewEvent};
        let (_dir, manager, lock) = setup();
        // (The migrations made the events table.)
        let DbConn::Sqlite(mut other) = manager.connect().unwrap() else {
            panic!("expected sqlite")
        };
        let group = Arc::new(GroupCommit::start(manager.clone(), Some(lock.clone())).unwrap());
        // Appends an event for `k`, then inserts `k` (which fails for a `k` already there).
        let write = |k: i64| {
            move |c: &mut DbConn| -> Result<i64, DieselError> {
                let event = NewEvent {
                    user_id: None,
                    game_id: Some(format!("g{k}")),
                    kind: "turn".into(),
                    data: "{}".into(),
                    created_at: chrono::DateTime::from_timestamp(0, 0).unwrap().naive_utc(),
                };
                append(c, &[event]).map_err(|e| DieselError::QueryBuilderError(e.into()))?;
                insert(k)(c)
            }
        };
        let held = lock.lock().unwrap();
        let mut waiting = Vec::new();
        for k in [1, 1, 2] {
            let g = group.clone();
            waiting.push(std::thread::spawn(move || g.write(write(k))));
            std::thread::sleep(std::time::Duration::from_millis(30));
        }
        drop(held);
        let answers: Vec<bool> = waiting
            .into_iter()
            .map(|t| t.join().unwrap().is_ok())
            .collect();
        assert_eq!(answers, [true, false, true]);
        assert_eq!(group.counts().commits(), 1);
        #[derive(diesel::QueryableByName, Debug, PartialEq)]
        struct G {
            #[diesel(sql_type = diesel::sql_types::Text)]
            game_id: String,
        }
        let written: Vec<G> = diesel::sql_query("SELECT game_id FROM events ORDER BY id")
            .load(&mut other)
            .unwrap();
        // The failed write's event is not there; the others are, in the order written.
        let written: Vec<String> = written.into_iter().map(|g| g.game_id).collect();
        assert_eq!(written, ["g1", "g2"]);
        // Outside a batch, an event is written at once.
        let mut c = manager.connect().unwrap();
        append(
            &mut c,
            &[NewEvent {
                user_id: Some("u".into()),
                game_id: None,
                kind: "turn".into(),
                data: "{}".into(),
                created_at: chrono::DateTime::from_timestamp(0, 0).unwrap().naive_utc(),
            }],
        )
        .unwrap();
        let n: Vec<G> = diesel::sql_query("SELECT kind AS game_id FROM events")
            .load(&mut other)
            .unwrap();
        assert_eq!(n.len(), 3);
    }

    #[test]
    fn a_write_that_panics_fails_its_batch_and_the_writer_goes_on() {
        let (_dir, manager, lock) = setup();
        let group = GroupCommit::start(manager, Some(lock)).unwrap();
        let r: Result<(), DieselError> = group.write(|_| panic!("a bug in a write"));
        assert!(r.is_err());
        assert_eq!(group.write(insert(7)).unwrap(), 7);
    }
}
