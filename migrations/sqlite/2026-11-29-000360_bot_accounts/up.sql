-- When the account became a bot (`POST /me/bot`): NULL for a person. Set once, before the
-- account took any seat, and never cleared (docs/clients/bots.md).
ALTER TABLE users ADD COLUMN bot_at TIMESTAMP;
