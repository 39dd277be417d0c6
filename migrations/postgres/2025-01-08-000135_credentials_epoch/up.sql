-- The account's credentials epoch: a password reset adds one, and an access token (JWT)
-- carries the epoch it was issued in (`ep`), so every access token issued before a reset
-- stops working (`api/src/auth/epochs.rs`). Existing tokens carry none: epoch 0, as every
-- account starts.
ALTER TABLE users ADD COLUMN credentials_epoch BIGINT NOT NULL DEFAULT 0;
