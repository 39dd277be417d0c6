-- "Since your last visit" for a signed-in reader: the last sequence number of each game
-- its page showed them (a reader without the account's session is remembered by a
-- cookie of the browser instead). One row per reader and game; it only grows.
CREATE TABLE game_visits (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    visited_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
-- A game's rows go with the game.
CREATE INDEX game_visits_game ON game_visits (game_id);
