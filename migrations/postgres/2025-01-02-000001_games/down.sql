DROP TABLE idempotency;
DROP TABLE messages;
DROP TABLE turns;
DROP TABLE invites;
DROP TABLE seats;
DROP TABLE games;
