-- Personal tokens with scopes and an optional expiry (issue 14, item 4). Existing tokens
-- keep every scope and never expire, as before.
ALTER TABLE api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'read play talk account';
ALTER TABLE api_tokens ADD COLUMN expires_at TIMESTAMP;
