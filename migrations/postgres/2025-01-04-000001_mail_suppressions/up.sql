-- Addresses that asked for no mail through an unsubscribe link while they had no account
-- (an invitation's link). Users with an account say so with `users.mail_pref = 'none'`.
CREATE TABLE mail_suppressions (
    email TEXT PRIMARY KEY NOT NULL,
    created_at TIMESTAMP NOT NULL
);
