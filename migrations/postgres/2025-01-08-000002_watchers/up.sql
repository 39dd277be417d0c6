-- Who may watch a game (`docs/pages.md`, "Who may watch"): `signed_in` (anyone signed in:
-- what every game was before), `players` (its players, and the addresses invited to play),
-- `invited` (the players and the spectators they invite by address).
ALTER TABLE games ADD COLUMN watchers TEXT NOT NULL DEFAULT 'signed_in';

-- The spectators the players of a game invited, by address: a user watches as the
-- confirmed owner of the address (as an invitation to play is taken).
CREATE TABLE game_spectators (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    invited_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, email)
);
