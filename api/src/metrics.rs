//! What an operator watches: `GET /metrics` in the Prometheus (OpenMetrics) text format
//! (`prometheus-client`), served by `crate::http::metrics`.
//!
//! Owns: the metric families of one server process, the counters the play layer and the
//! HTTP edge move, and the gauges read at scrape time (the outbox from the database, the
//! connection pool, the scheduler's lag).
//! Must not: label by anything unbounded or secret (a raw path holds ids and a mail
//! link's token; routes are labelled by their pattern, refusals by their stable code).
//!
//! Who may read it: anyone who reaches the server when `metrics_token` is not set (the
//! default bind is loopback); with `metrics_token` set, only `Authorization: Bearer TOKEN`.

use crate::error::{ApiError, ApiResult};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use sha2::{Digest, Sha256};
use std::sync::atomic::AtomicU64;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct SourceLabels {
    /// `player` (the API, the turn page) or `email` (a reply).
    pub source: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RefusedLabels {
    pub source: String,
    /// The problem's stable `code` (`stale_seq`, `rule_violation`, `not_your_turn`, …).
    pub code: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub method: String,
    /// The route's pattern (`/games/{id}/turns`), or `unmatched`.
    pub route: String,
    pub status: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct StateLabels {
    pub state: String,
}

type FloatGauge = Gauge<f64, AtomicU64>;

/// The metric families of one server process.
pub struct Metrics {
    registry: Registry,
    turns_accepted: Family<SourceLabels, Counter>,
    turns_refused: Family<RefusedLabels, Counter>,
    requests: Family<RouteLabels, Histogram, fn() -> Histogram>,
    mail: Family<StateLabels, Gauge>,
    mail_oldest_pending: FloatGauge,
    webhook_deliveries: Family<StateLabels, Gauge>,
    scheduler_lag: FloatGauge,
    scheduler_ticks: Histogram,
    scheduler_failures: Counter,
    pool_connections: Family<StateLabels, Gauge>,
    pool_max: Gauge,
    commits: Counter,
    committed_writes: Counter,
    hot_entries: Gauge,
    hot_hits: Counter,
    hot_misses: Counter,
    group_sync: Mutex<()>,
    /// When the scheduler last finished a pass (at first: when the process started), and
    /// its interval: the next pass is due then.
    scheduler: Mutex<(Instant, Duration)>,
    /// sha256 of `metrics_token`, when one is set.
    token_hash: Option<[u8; 32]>,
}

fn request_histogram() -> Histogram {
    // 1 ms to about 16 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Metrics {
    pub fn new(metrics_token: Option<&str>, scheduler_tick: Duration) -> Metrics {
        let mut registry = Registry::with_prefix("hermes");
        let turns_accepted = Family::<SourceLabels, Counter>::default();
        registry.register(
            "turns_accepted",
            "Turns submitted and written to a game's log",
            turns_accepted.clone(),
        );
        // Known from the start (a rate over a series that appears later misses its start).
        for source in ["player", "email"] {
            drop(turns_accepted.get_or_create(&SourceLabels {
                source: source.into(),
            }));
        }
        let turns_refused = Family::<RefusedLabels, Counter>::default();
        registry.register(
            "turns_refused",
            "Turns submitted and refused, by the problem's code",
            turns_refused.clone(),
        );
        let requests: Family<RouteLabels, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(request_histogram);
        registry.register(
            "http_request_duration_seconds",
            "Time to answer an HTTP request (until the response starts), by route pattern",
            requests.clone(),
        );
        let mail = Family::<StateLabels, Gauge>::default();
        registry.register(
            "mail",
            "Mails in the outbox by state (pending, sent, failed, superseded: a your-turn mail not sent because its reader had already acted), all servers on the database",
            mail.clone(),
        );
        let webhook_deliveries = Family::<StateLabels, Gauge>::default();
        registry.register(
            "webhook_deliveries",
            "Webhook deliveries by state (pending, delivered, failed), all servers on the database",
            webhook_deliveries.clone(),
        );
        let mail_oldest_pending = FloatGauge::default();
        registry.register(
            "mail_oldest_pending_age_seconds",
            "Age of the oldest mail not yet sent nor given up on (0 when none)",
            mail_oldest_pending.clone(),
        );
        let scheduler_lag = FloatGauge::default();
        registry.register(
            "scheduler_lag_seconds",
            "How long ago the scheduler's next pass was due and has not finished (0: on time)",
            scheduler_lag.clone(),
        );
        let scheduler_ticks = Histogram::new(exponential_buckets(0.001, 2.0, 15));
        registry.register(
            "scheduler_tick_duration_seconds",
            "Time one scheduler pass took",
            scheduler_ticks.clone(),
        );
        let scheduler_failures = Counter::default();
        registry.register(
            "scheduler_tick_failures",
            "Scheduler passes that failed (the next one retries)",
            scheduler_failures.clone(),
        );
        let pool_connections = Family::<StateLabels, Gauge>::default();
        registry.register(
            "db_pool_connections",
            "Database connections of this process by state (idle, in_use)",
            pool_connections.clone(),
        );
        let pool_max = Gauge::default();
        registry.register(
            "db_pool_max_connections",
            "The pool's size (pool_size)",
            pool_max.clone(),
        );
        let commits = Counter::default();
        registry.register(
            "db_group_commits",
            "Transactions the group-commit writer committed (each holds one or more turns)",
            commits.clone(),
        );
        let committed_writes = Counter::default();
        registry.register(
            "db_group_commit_writes",
            "Writes (turns) the group-commit writer ran, each in its own savepoint",
            committed_writes.clone(),
        );
        let hot_entries = Gauge::default();
        registry.register(
            "hot_games",
            "Games whose engine is kept in memory (bounded by hot_games)",
            hot_entries.clone(),
        );
        let hot_hits = Counter::default();
        registry.register(
            "hot_game_hits",
            "Loads of a game's engine served from memory",
            hot_hits.clone(),
        );
        let hot_misses = Counter::default();
        registry.register(
            "hot_game_misses",
            "Loads of a game's engine read from the database (cold)",
            hot_misses.clone(),
        );
        let build = Family::<BuildLabels, Gauge>::default();
        build
            .get_or_create(&BuildLabels {
                version: crate::VERSION.to_string(),
                commit: crate::COMMIT.unwrap_or("unknown").to_string(),
            })
            .set(1);
        registry.register("build_info", "The running version (always 1)", build);
        Metrics {
            registry,
            turns_accepted,
            turns_refused,
            requests,
            mail,
            mail_oldest_pending,
            webhook_deliveries,
            scheduler_lag,
            scheduler_ticks,
            scheduler_failures,
            pool_connections,
            pool_max,
            commits,
            committed_writes,
            hot_entries,
            hot_hits,
            hot_misses,
            group_sync: Mutex::new(()),
            scheduler: Mutex::new((Instant::now(), scheduler_tick)),
            token_hash: metrics_token.map(|t| Sha256::digest(t.as_bytes()).into()),
        }
    }

    /// A submitted turn was written (`source`: `player`, `email`).
    pub fn turn_accepted(&self, source: &str) {
        self.turns_accepted
            .get_or_create(&SourceLabels {
                source: source.to_string(),
            })
            .inc();
    }

    /// A submitted turn was refused with the problem `code`.
    pub fn turn_refused(&self, source: &str, code: &str) {
        self.turns_refused
            .get_or_create(&RefusedLabels {
                source: source.to_string(),
                code: code.to_string(),
            })
            .inc();
    }

    /// An HTTP request was answered.
    pub fn request(&self, method: &str, route: &str, status: u16, took: Duration) {
        self.requests
            .get_or_create(&RouteLabels {
                method: method.to_string(),
                route: route.to_string(),
                status: status.to_string(),
            })
            .observe(took.as_secs_f64());
    }

    /// The scheduler finished a pass that took `took`.
    pub fn scheduler_pass(&self, took: Duration, failed: bool) {
        self.scheduler_ticks.observe(took.as_secs_f64());
        if failed {
            self.scheduler_failures.inc();
        }
        let mut last = self.scheduler.lock().unwrap_or_else(|e| e.into_inner());
        last.0 = Instant::now();
    }

    fn scheduler_lag(&self) -> f64 {
        let (last, every) = *self.scheduler.lock().unwrap_or_else(|e| e.into_inner());
        last.elapsed().saturating_sub(every).as_secs_f64()
    }

    /// The text exposition, after reading the gauges of this moment.
    pub fn render(
        &self,
        outbox: &OutboxNow,
        pool: diesel::r2d2::State,
        pool_max: u32,
        group: Option<&crate::store::group::Counts>,
        hot: &crate::game::hot::HotGames,
    ) -> ApiResult<String> {
        if let Some(group) = group {
            // The writer counts; the counters catch up with it at each scrape (one scrape
            // at a time, so two never add the same difference).
            let _one = self.group_sync.lock().unwrap_or_else(|e| e.into_inner());
            for (counter, now) in [
                (&self.commits, group.commits()),
                (&self.committed_writes, group.writes()),
            ] {
                counter.inc_by(now.saturating_sub(counter.get()));
            }
        }
        {
            let _one = self.group_sync.lock().unwrap_or_else(|e| e.into_inner());
            for (counter, now) in [
                (&self.hot_hits, hot.hits()),
                (&self.hot_misses, hot.misses()),
            ] {
                counter.inc_by(now.saturating_sub(counter.get()));
            }
            self.hot_entries
                .set(i64::try_from(hot.len()).unwrap_or(i64::MAX));
        }
        for (state, n) in [
            ("pending", outbox.pending),
            ("sent", outbox.sent),
            ("failed", outbox.failed),
            ("superseded", outbox.superseded),
        ] {
            self.mail
                .get_or_create(&StateLabels {
                    state: state.into(),
                })
                .set(n);
        }
        self.mail_oldest_pending.set(outbox.oldest_pending_secs);
        let (pending, delivered, failed) = outbox.webhooks;
        for (state, n) in [
            ("pending", pending),
            ("delivered", delivered),
            ("failed", failed),
        ] {
            self.webhook_deliveries
                .get_or_create(&StateLabels {
                    state: state.into(),
                })
                .set(n);
        }
        self.scheduler_lag.set(self.scheduler_lag());
        let idle = i64::from(pool.idle_connections);
        let in_use = i64::from(pool.connections) - idle;
        for (state, n) in [("idle", idle), ("in_use", in_use)] {
            self.pool_connections
                .get_or_create(&StateLabels {
                    state: state.into(),
                })
                .set(n);
        }
        self.pool_max.set(i64::from(pool_max));
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &self.registry)
            .map_err(ApiError::internal)?;
        Ok(out)
    }

    /// Show the group-commit writer's writes per commit (the writer starts with the
    /// process, before the metrics).
    pub fn register_batches(&mut self, batches: Histogram) {
        self.registry.register(
            "db_group_commit_batch_size",
            "Writes (turns) per commit of the group-commit writer",
            batches,
        );
    }

    /// Whether `given` (the request's bearer token, `""` for none) may read the metrics.
    pub fn allows(&self, given: &str) -> bool {
        let Some(want) = &self.token_hash else {
            return true;
        };
        // Compare hashes, so the time taken says nothing about the token.
        let got: [u8; 32] = Sha256::digest(given.as_bytes()).into();
        &got == want
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: String,
    commit: String,
}

/// The outbox at scrape time.
pub struct OutboxNow {
    pub pending: i64,
    pub sent: i64,
    pub failed: i64,
    pub superseded: i64,
    pub oldest_pending_secs: f64,
    /// Webhook deliveries: pending, delivered, failed.
    pub webhooks: (i64, i64, i64),
}
