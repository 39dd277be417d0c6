ALTER TABLE games DROP COLUMN engine_version;
