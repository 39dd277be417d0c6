-- Turns a seat queued before its turn (docs/players/queued.md): played in order when the
-- seat's turn comes, in the transaction of the act that made it the seat's turn. Private
-- to the seat: read only by the seat's own requests, never by a view, the log or events.
CREATE TABLE queued_turns (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat BIGINT NOT NULL,
    position BIGINT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    turn TEXT NOT NULL,
    notation TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, seat, position)
);
