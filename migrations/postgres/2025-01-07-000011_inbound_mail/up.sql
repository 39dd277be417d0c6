-- Replies by mail (`api/src/inbound`): every message received, once, by its Message-ID
-- (a second delivery of the same message finds its row and is not played again), with
-- what became of it. `answered` counts towards the answers-per-address limit.
CREATE TABLE inbound_mail (
    message_id TEXT PRIMARY KEY NOT NULL,
    received_at TIMESTAMP NOT NULL,
    from_addr TEXT,
    game_id TEXT,
    seat BIGINT,
    seq BIGINT,
    -- received, played, refused, noted, automatic, unknown_address, wrong_sender,
    -- unauthenticated, rate_limited
    outcome TEXT NOT NULL,
    detail TEXT,
    answered BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX inbound_mail_from ON inbound_mail (from_addr, received_at);
