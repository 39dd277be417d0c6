-- Issue 15: fair dice that nobody controls. How a game's seed is made (docs/replay.md):
-- 1 = the server's seed alone with xoshiro256** (every game created before this
-- migration), 2 = HMAC-SHA256 of the server's seed and every player's seed, with ChaCha20.
ALTER TABLE games ADD COLUMN seed_scheme BIGINT NOT NULL DEFAULT 1;
-- Each player's own seed, public from the start; NULL for the seats of scheme-1 games.
ALTER TABLE seats ADD COLUMN player_seed TEXT;
-- Who chose it: 'player' (sent with create or join) or 'server' (the player sent none).
ALTER TABLE seats ADD COLUMN player_seed_by TEXT;
