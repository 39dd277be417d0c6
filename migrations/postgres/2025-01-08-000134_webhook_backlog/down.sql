DROP INDEX webhook_deliveries_pending;
ALTER TABLE webhooks DROP COLUMN dropped_untold;
ALTER TABLE webhooks DROP COLUMN dropped;
ALTER TABLE webhooks DROP COLUMN retry_at;
ALTER TABLE webhooks DROP COLUMN failing_since;
