-- A game of any kind. `state` is a cache of replay(seed, seats, options, turns);
-- `seq` counts the turns applied and is the game's version (its ETag).
CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    options TEXT NOT NULL,
    seat_count BIGINT NOT NULL,
    random_seats BOOLEAN NOT NULL,
    status TEXT NOT NULL,
    created_by TEXT NOT NULL REFERENCES users (id),
    join_code TEXT NOT NULL UNIQUE,
    seed TEXT NOT NULL,
    seed_commitment TEXT NOT NULL,
    players BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    state TEXT,
    to_act TEXT NOT NULL,
    outcome TEXT,
    created_at TIMESTAMP NOT NULL,
    started_at TIMESTAMP,
    ended_at TIMESTAMP,
    updated_at TIMESTAMP NOT NULL
);

-- Who plays a game; `seat` is assigned when the game starts.
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id),
    seat BIGINT,
    joined_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, user_id),
    UNIQUE (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE invites (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    invited_by TEXT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, email)
);
CREATE INDEX invites_email ON invites (email);

-- The action log. The primary key makes a double-applied turn impossible.
CREATE TABLE turns (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    turn TEXT NOT NULL,
    notation TEXT NOT NULL,
    events TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Table talk. `at_seq` places a message in the action log.
CREATE TABLE messages (
    id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id),
    seat BIGINT,
    at_seq BIGINT NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX messages_game ON messages (game_id, created_at);

-- The first response to a request with an Idempotency-Key, replayed on retries.
CREATE TABLE idempotency (
    user_id TEXT NOT NULL REFERENCES users (id),
    idem_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status BIGINT NOT NULL,
    response TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);
