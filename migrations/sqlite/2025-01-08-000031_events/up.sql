-- Event streams (`api/src/stream`, `docs/stream.md`): every event a stream may send,
-- written in the transaction that causes it. `id` is the event id a client resumes from
-- (`Last-Event-ID`); it grows in commit order. `user_id` set: for that user's stream
-- only (`GET /stream`); `NULL`: for the game's stream (`GET /games/{id}/stream`).
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id TEXT,
    game_id TEXT,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX events_user ON events (user_id, id);
CREATE INDEX events_game ON events (game_id, id);
CREATE INDEX events_created ON events (created_at);
-- Calendar feeds (`GET /calendar/{token}.ics`): one secret URL per user, kept as the
-- SHA-256 of its token; rotating replaces it.
CREATE TABLE calendar_feeds (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);
