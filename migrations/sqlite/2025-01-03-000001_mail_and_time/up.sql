-- Mail and time: preferences, vacations, deadlines, the outbox.

-- Mail preferences: `mail_pref` is `every_turn`, `digest` or `none`; `time_zone` an IANA
-- name; `lang` a mail language code. `next_digest_at`: when this user's next daily
-- digest is due (null: none scheduled); the scheduler advances it with a conditional
-- update, so with several servers one sends it.
ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMP;
ALTER TABLE users ADD COLUMN mail_pref TEXT NOT NULL DEFAULT 'every_turn';
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE users ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
ALTER TABLE users ADD COLUMN next_digest_at TIMESTAMP;
-- Vacation: the clocks of this user's seats stand still from `vacation_start` to
-- `vacation_end`; `vacation_used_secs` counts what was used in `vacation_year`.
ALTER TABLE users ADD COLUMN vacation_start TIMESTAMP;
ALTER TABLE users ADD COLUMN vacation_end TIMESTAMP;
ALTER TABLE users ADD COLUMN vacation_year BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN vacation_used_secs BIGINT NOT NULL DEFAULT 0;

-- The clock of a game: time per turn (default 3 days) and what happens when it runs out
-- (`auto_pass`, `forfeit`, `wait`).
ALTER TABLE games ADD COLUMN turn_seconds BIGINT NOT NULL DEFAULT 259200;
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'auto_pass';

-- One running clock per seat that must act: written in the transaction that makes the
-- seat wait (the game's start, the turn before), deleted by the seat's turn. `seq` is
-- the game's sequence the seat must act at; `due_at` moves later while its player is on
-- vacation; `remind_at` is null once the reminder is enqueued; `expired_at` is set when
-- the timeout was handled (under `wait` the row stays, expired, until the seat acts).
-- The scheduler claims due rows with a lease, so with several servers one handles each.
CREATE TABLE deadlines (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat BIGINT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    seq BIGINT NOT NULL,
    started_at TIMESTAMP NOT NULL,
    due_at TIMESTAMP NOT NULL,
    remind_at TIMESTAMP,
    expired_at TIMESTAMP,
    lease_owner TEXT,
    lease_until TIMESTAMP,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_due ON deadlines (due_at);
CREATE INDEX deadlines_remind ON deadlines (remind_at);
CREATE INDEX deadlines_user ON deadlines (user_id);

-- A seat whose god dropped out (timeout policy `forfeit`).
ALTER TABLE seats ADD COLUMN forfeited_at TIMESTAMP;

-- Who made a turn: `player`, or the service on a timeout (`timeout`, `forfeit`).
ALTER TABLE turns ADD COLUMN source TEXT NOT NULL DEFAULT 'player';

-- Every mail the service sends, written in the transaction that causes it and delivered
-- by the worker. `id` makes the Message-ID; `dedupe_key` (unique) makes "once" a database
-- fact (e.g. `your_turn:GAME:SEQ:USER`). A row is claimed by a lease (`lease_owner`,
-- `lease_until`); `failed_at` marks one given up on, kept for the operator.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY NOT NULL,
    dedupe_key TEXT UNIQUE,
    template TEXT NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    to_addr TEXT NOT NULL,
    to_name TEXT,
    game_id TEXT REFERENCES games (id) ON DELETE CASCADE,
    seq BIGINT,
    data TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    lease_owner TEXT,
    lease_until TIMESTAMP,
    sent_at TIMESTAMP,
    failed_at TIMESTAMP,
    last_error TEXT
);
CREATE INDEX outbox_due ON outbox (sent_at, failed_at, next_attempt_at);
CREATE INDEX outbox_game ON outbox (game_id);
