-- A turn the rules seal (a Dreams guess before the reveal): only this seat reads its JSON
-- and notation in the log until the game is over. NULL: everyone may read it.
ALTER TABLE turns ADD COLUMN sealed_for BIGINT;
