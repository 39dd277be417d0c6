-- The addresses that no confirmed account has which each user invited to play, for the
-- bound on invitations to new addresses per sender per day
-- (`invite_unconfirmed_per_user_per_day`). One row per sender and address, its time the
-- moment the address was first counted in the current 24 hours. Apart from `invites`,
-- which go with their game: deleting a game gives no invitation back. Rows older than a
-- day are pruned by the scheduler.
CREATE TABLE invite_log (
    invited_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (invited_by, email)
);
CREATE INDEX invite_log_created ON invite_log (created_at);
