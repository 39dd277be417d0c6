-- Issue 14: a player can leave. A seat that resigned (by its player's choice) has
-- forfeited_at set as on a forfeit, and resigned_at too: the service's passes for it are
-- logged with the source 'resign'.
ALTER TABLE seats ADD COLUMN resigned_at TIMESTAMP;
