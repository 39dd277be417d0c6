DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (sent_at, failed_at, next_attempt_at);
