ALTER TABLE seats DROP COLUMN player_seed_by;
ALTER TABLE seats DROP COLUMN player_seed;
ALTER TABLE games DROP COLUMN seed_scheme;
