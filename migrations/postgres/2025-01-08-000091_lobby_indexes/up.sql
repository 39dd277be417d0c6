-- The lobby's "games to watch" (the newest running games a reader may watch) walked every
-- game and sorted them: with many games, each lobby page read them all. This index gives
-- them in that order, so only the games shown are read. It changes when a game starts or
-- ends, never on a turn (a turn's `updated_at` is not in it). `watchers` leads, so a
-- query on `status` alone (a player's finished games) keeps starting from the player's
-- seats. Invited spectators are found by their address.
CREATE INDEX games_watchable ON games (watchers, status, started_at);
CREATE INDEX game_spectators_email ON game_spectators (email);
