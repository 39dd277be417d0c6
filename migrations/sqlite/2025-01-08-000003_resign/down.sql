ALTER TABLE seats DROP COLUMN resigned_at;
