DROP TABLE game_visits;
