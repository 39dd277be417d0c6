DROP INDEX game_spectators_email;
DROP INDEX games_watchable;
