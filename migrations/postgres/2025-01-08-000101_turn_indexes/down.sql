CREATE INDEX deadlines_user ON deadlines (user_id);
DROP INDEX events_game;
DROP INDEX events_user;
CREATE INDEX events_created ON events (created_at);
CREATE INDEX events_game ON events (game_id, id);
CREATE INDEX events_user ON events (user_id, id);
