DROP INDEX seats_played_by_bots;
ALTER TABLE games DROP COLUMN stand_in_level;
ALTER TABLE seats DROP COLUMN stand_in_at;
ALTER TABLE seats DROP COLUMN bot;
