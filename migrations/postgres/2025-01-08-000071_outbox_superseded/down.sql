ALTER TABLE outbox DROP COLUMN superseded_at;
