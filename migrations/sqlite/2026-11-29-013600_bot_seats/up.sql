-- Seats the engine's bots play, and stand-ins (docs/players/bots.md).
-- `seats.bot`: the level of the engine bot that plays the seat (`random`, `greedy`,
-- `strong`); NULL for a person. Its user is one of the engine's bot users
-- (`engine-bot-LEVEL-N`, written when first seated), who get no mail and cannot log in.
ALTER TABLE seats ADD COLUMN bot TEXT;
-- `seats.stand_in_at`: when a stand-in bot took the seat of a player whose time ran out
-- (timeout policy `stand_in`); NULL again once the player is back.
ALTER TABLE seats ADD COLUMN stand_in_at TIMESTAMP;
-- The level a game's stand-ins play at.
ALTER TABLE games ADD COLUMN stand_in_level TEXT NOT NULL DEFAULT 'greedy';
-- The seats the bot worker looks for.
CREATE INDEX seats_played_by_bots ON seats (game_id, seat)
    WHERE bot IS NOT NULL OR stand_in_at IS NOT NULL;
