-- A webhook's receiver may be down for a while (`docs/webhooks.md`): its failures count
-- once per retry window (`retry_at`: no delivery of it is tried before), it is disabled
-- only after failing for long (`failing_since`: the first failure since its last
-- success), and what it is owed is kept, bounded (`webhook_backlog`): the oldest
-- dropped over the bound are counted (`dropped`, in all; `dropped_untold`, not yet told
-- to the receiver in `Hermes-Dropped`).
ALTER TABLE webhooks ADD COLUMN failing_since TIMESTAMP;
ALTER TABLE webhooks ADD COLUMN retry_at TIMESTAMP;
ALTER TABLE webhooks ADD COLUMN dropped BIGINT NOT NULL DEFAULT 0;
ALTER TABLE webhooks ADD COLUMN dropped_untold BIGINT NOT NULL DEFAULT 0;
-- A hook's undelivered deliveries, in the order they go out: claimed a hook at a time,
-- counted and trimmed against the bound.
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, created_at, event_id)
    WHERE delivered_at IS NULL AND failed_at IS NULL;
