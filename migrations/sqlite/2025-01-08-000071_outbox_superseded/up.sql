-- A your-turn mail whose reader has already acted when the worker gets to it is not sent:
-- the row is marked superseded instead (docs/mail.md, "Stale your-turn mail"). Such a row
-- is neither pending, nor sent, nor failed.
ALTER TABLE outbox ADD COLUMN superseded_at TIMESTAMP;
