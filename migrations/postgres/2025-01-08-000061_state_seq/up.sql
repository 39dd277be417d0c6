-- A game's state is a snapshot, rewritten every `snapshot_every` turns (issue 13): the
-- sequence it was taken at. Loading a game replays the log's turns after it. Every
-- stored state so far is the game's state at its current sequence.
ALTER TABLE games ADD COLUMN state_seq BIGINT NOT NULL DEFAULT 0;
UPDATE games SET state_seq = seq;
