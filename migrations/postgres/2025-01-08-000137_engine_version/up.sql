-- The version of its kind's rules engine each game was created with (`Game::ENGINE_VERSION`
-- in the games crate), for `hermes check games` (docs/operations.md). NULL for the games
-- created before this migration: which engine set them up was never recorded, and the
-- current version would be a guess (the check replays them all the same).
ALTER TABLE games ADD COLUMN engine_version BIGINT;
