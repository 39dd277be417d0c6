-- Fewer index entries written by every turn. A turn writes an event for each player and
-- one for the game's stream, and hands the clock from one seat to the next.
-- * A player's event is read by its user (`events_user`), a stream's event by its game
--   (`events_game`, `user_id IS NULL`): each index now holds only the rows it serves, so
--   an event is written into one of them instead of both.
-- * Events are pruned by id, not by an index on their time: ids grow with the time they
--   were written, so the old ones are the first ids (`store::events::prune`).
-- * A user's clocks are found through their seats (`seats_user`, then the clocks' key),
--   so the clocks need no index on `user_id`, which every turn's handover rewrote.
DROP INDEX events_user;
DROP INDEX events_game;
DROP INDEX events_created;
CREATE INDEX events_user ON events (user_id, id) WHERE user_id IS NOT NULL;
CREATE INDEX events_game ON events (game_id, id) WHERE user_id IS NULL;
DROP INDEX deadlines_user;
