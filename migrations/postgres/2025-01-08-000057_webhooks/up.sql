-- Webhooks (`api/src/webhooks`, `docs/webhooks.md`): a user's URLs that are told of the
-- events of the user's own stream (`GET /stream`), all of them or one game's. `secret`
-- signs each delivery (HMAC-SHA256) and so is kept as it is; `since_event` is the last
-- event id when the hook was made (it is told of later events only).
CREATE TABLE webhooks (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game_id TEXT,
    url TEXT NOT NULL,
    format TEXT NOT NULL,
    events TEXT,
    secret TEXT NOT NULL,
    since_event BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    consecutive_failures BIGINT NOT NULL DEFAULT 0,
    last_error TEXT,
    last_attempt_at TIMESTAMP,
    last_success_at TIMESTAMP,
    disabled_at TIMESTAMP,
    disabled_reason TEXT
);
CREATE INDEX webhooks_user ON webhooks (user_id);
-- The webhook outbox: one row per event and hook, written by the fan-out worker in the
-- same transaction that moves `webhook_cursor` past the event (so an event is fanned
-- out exactly once, crash or not), then claimed with a lease and delivered with retries
-- as the mail outbox is. `data` is the event's JSON as the owner's stream sends it.
CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY NOT NULL,
    webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id BIGINT,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    lease_owner TEXT,
    lease_until TIMESTAMP,
    delivered_at TIMESTAMP,
    failed_at TIMESTAMP,
    last_status BIGINT,
    last_error TEXT
);
CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (webhook_id, event_id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, created_at);
-- How far the fan-out has read the `events` table: one row. It starts at the newest
-- event, so a database that had events before webhooks existed does not read them all.
CREATE TABLE webhook_cursor (
    id INTEGER PRIMARY KEY NOT NULL,
    last_event_id BIGINT NOT NULL
);
INSERT INTO webhook_cursor (id, last_event_id) SELECT 1, COALESCE(MAX(id), 0) FROM events;
