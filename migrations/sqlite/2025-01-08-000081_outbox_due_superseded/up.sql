-- The rows the outbox worker claims are neither sent, failed nor superseded, and it takes
-- them in the order (next_attempt_at, created_at, id). The index on (sent_at, failed_at,
-- next_attempt_at) also held every superseded row (neither sent nor failed) among them,
-- and each claim walked past all of those: under load, tens of thousands more every few
-- seconds (BENCHMARKS.md, "Tenth pass"). With superseded_at in the key they are out of the
-- way, and the rows come in the claim's order without a sort.
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (sent_at, failed_at, superseded_at, next_attempt_at, created_at, id);
