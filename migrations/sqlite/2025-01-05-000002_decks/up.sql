-- Dreams decks other than the service's own (D-C1: "a game may be created with another
-- deck of the same shape"). A deck has exactly 72 cards, numbered 0 to 71. Each card keeps
-- its title and a PNG the service drew from the SVG its owner sent; the SVG itself is not
-- kept, so nothing a user wrote is ever served as active content. The service's own deck,
-- `standard`, is drawn by the code and has no rows here.
CREATE TABLE decks (
    id TEXT PRIMARY KEY NOT NULL,
    owner_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX decks_owner ON decks (owner_id);

CREATE TABLE deck_cards (
    deck_id TEXT NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
    n BIGINT NOT NULL,
    title TEXT NOT NULL,
    png BLOB NOT NULL,
    PRIMARY KEY (deck_id, n)
);
