DROP TABLE game_spectators;
ALTER TABLE games DROP COLUMN watchers;
