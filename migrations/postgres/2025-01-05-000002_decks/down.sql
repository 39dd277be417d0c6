DROP TABLE deck_cards;
DROP TABLE decks;
