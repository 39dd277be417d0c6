//! Dreams decks that users made (D-C1): a name, an owner, and 72 cards, each a title and
//! a PNG the service drew. The service's own deck, [`STANDARD`], is not stored: it is
//! drawn by `crate::board::dreams` and always exists.

use super::schema::{deck_cards, decks};
use super::{DbConn, StoreError};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// The id of the service's own deck.
pub const STANDARD: &str = "standard";

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = decks)]
pub struct Deck {
    pub id: String,
    pub owner_id: String,
    pub name: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = deck_cards)]
pub struct DeckCard {
    pub deck_id: String,
    /// 0 to 71.
    pub n: i64,
    pub title: String,
    /// Drawn by the service from its owner's SVG (`crate::board::untrusted_card_png`).
    pub png: Vec<u8>,
}

/// Store a deck and its cards, in one transaction.
pub fn insert_deck(conn: &mut DbConn, deck: &Deck, cards: &[DeckCard]) -> Result<(), StoreError> {
    crate::store::write_transaction(conn, |conn| {
        diesel::insert_into(decks::table)
            .values(deck)
            .execute(conn)?;
        // One statement per card: a multi-row insert of 72 PNGs is a large statement, and
        // the same code then runs on both backends.
        for card in cards {
            diesel::insert_into(deck_cards::table)
                .values(card)
                .execute(conn)?;
        }
        Ok::<_, diesel::result::Error>(())
    })?;
    Ok(())
}

/// Whether a game may use deck `id`: [`STANDARD`] always exists; any other must be stored.
pub fn deck_exists(conn: &mut DbConn, id: &str) -> Result<bool, StoreError> {
    if id == STANDARD {
        return Ok(true);
    }
    let found = decks::table
        .filter(decks::id.eq(id))
        .count()
        .get_result::<i64>(conn)?;
    Ok(found > 0)
}

pub fn deck(conn: &mut DbConn, id: &str) -> Result<Option<Deck>, StoreError> {
    Ok(decks::table
        .find(id)
        .select(Deck::as_select())
        .first(conn)
        .optional()?)
}

/// The titles of a stored deck's cards, by number.
pub fn titles(conn: &mut DbConn, id: &str) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(deck_cards::table
        .filter(deck_cards::deck_id.eq(id))
        .order(deck_cards::n.asc())
        .select((deck_cards::n, deck_cards::title))
        .load(conn)?)
}

/// The title of card `n` of a stored deck (`None`: no such card).
pub fn card_title(conn: &mut DbConn, id: &str, n: i64) -> Result<Option<String>, StoreError> {
    Ok(deck_cards::table
        .find((id, n))
        .select(deck_cards::title)
        .first(conn)
        .optional()?)
}

/// One card of a stored deck, with its picture.
pub fn card(conn: &mut DbConn, id: &str, n: i64) -> Result<Option<DeckCard>, StoreError> {
    Ok(deck_cards::table
        .find((id, n))
        .select(DeckCard::as_select())
        .first(conn)
        .optional()?)
}
