//! A bound on password hashing: argon2id takes about 19 MiB of memory and a CPU core for
//! a noticeable time per hash, on purpose. Unbounded, a burst of registrations or logins
//! (no account needed) runs as many at once as there are blocking threads and takes
//! gigabytes. Here at most `concurrency` hashes run at once (one per core by default);
//! the others wait up to `wait` for a turn, then get 503 `busy` with `Retry-After`.
//!
//! The hashes run on `concurrency` threads of their own, not on the shared blocking pool,
//! and each thread keeps its argon2 memory from one hash to the next
//! (`crate::auth::password`): allocated and freed per hash, that memory stayed with the
//! process (glibc did not give it back), about 19 MiB more per hash even two at a time
//! (measured: 400 MiB after 19 registrations; 80 MiB with the memory kept per thread). So
//! the total stays about `concurrency` × 19 MiB above the server's own.

use crate::error::{ApiError, ApiResult};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{oneshot, Semaphore};

type Job = Box<dyn FnOnce() + Send>;

pub struct Hashers {
    permits: Arc<Semaphore>,
    wait: Duration,
    /// To the hasher threads; they end when this is dropped.
    jobs: Mutex<mpsc::Sender<Job>>,
}

impl Hashers {
    pub fn new(concurrency: u32, wait: Duration) -> Hashers {
        let n = usize::try_from(concurrency.max(1)).unwrap_or(1);
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..n {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("hasher-{i}"))
                .spawn(move || loop {
                    // A poisoned lock only means another hasher panicked between jobs.
                    let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    match job {
                        Ok(job) => job(),
                        Err(_) => return,
                    }
                });
            if let Err(e) = spawned {
                tracing::error!("cannot start a password hasher thread: {e}");
            }
        }
        Hashers {
            permits: Arc::new(Semaphore::new(n)),
            wait,
            jobs: Mutex::new(tx),
        }
    }

    /// Run `f` (a hash or a verification) when a hasher is free; 503 `busy` when none is
    /// free within the wait.
    pub async fn run<T, F>(&self, f: F) -> ApiResult<T>
    where
        F: FnOnce() -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| busy(self.wait))?
            .map_err(ApiError::internal)?;
        let (done, result) = oneshot::channel();
        let job: Job = Box::new(move || {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
                .unwrap_or_else(|_| Err(ApiError::internal("a password hash panicked")));
            drop(permit);
            let _ = done.send(out);
        });
        self.jobs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(job)
            .map_err(|_| ApiError::internal("the password hashers have stopped"))?;
        result
            .await
            .map_err(|_| ApiError::internal("a password hasher stopped"))?
    }
}

fn busy(wait: Duration) -> ApiError {
    tracing::warn!("every password hasher is busy; a request is turned away");
    ApiError::new(
        http::StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "too many logins and registrations at once; retry shortly",
    )
    .with_retry_after(wait.as_secs().max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn no_more_than_the_bound_run_at_once_and_a_long_wait_is_refused() {
        let hashers = Arc::new(Hashers::new(2, Duration::from_secs(30)));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs = (0..8).map(|_| {
            let (hashers, running, most) = (hashers.clone(), running.clone(), most.clone());
            async move {
                hashers
                    .run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(50));
                        running.fetch_sub(1, Ordering::SeqCst);
                        Ok(())
                    })
                    .await
            }
        });
        for r in futures_util::future::join_all(jobs).await {
            r.unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);

        let short = Arc::new(Hashers::new(1, Duration::from_millis(50)));
        let slow = {
            let short = short.clone();
            tokio::spawn(async move {
                short
                    .run(|| {
                        std::thread::sleep(Duration::from_millis(1000));
                        Ok(())
                    })
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(200)).await;
        let e = short.run(|| Ok(())).await.unwrap_err();
        assert_eq!((e.status().as_u16(), e.code()), (503, "busy"));
        slow.await.unwrap().unwrap();
    }
}
