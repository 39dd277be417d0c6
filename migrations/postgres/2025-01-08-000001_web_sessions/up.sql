-- Browser sessions (`api/src/http/session.rs`): the cookie `hermes_session` holds 32
-- random bytes; only their SHA-256 is kept here (a copy of this table logs nobody in).
-- `csrf_token` is the session's synchronizer token, put in every form a signed-in page
-- shows. Logging out sets `revoked_at`; a password reset revokes every session of the user.
CREATE TABLE web_sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX web_sessions_user ON web_sessions (user_id);
