-- Who wants table talk by mail as it is posted (batched: `talk_mail_minutes`), rather
-- than only in their next your-turn mail. No row: talk comes with the turn mail only.
CREATE TABLE talk_mail_prefs (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    mode TEXT NOT NULL
);
-- A finished game's rematch: the same table again, as a new game that starts when every
-- player of the old one has taken their seat. One per finished game (the key), and a
-- new game is the rematch of one game at most.
CREATE TABLE rematches (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    new_game_id TEXT NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    proposed_by TEXT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
