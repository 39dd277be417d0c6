//! What a viewer sees (D-S1, D-S2): the public facts of the game, and for a seat its own
//! marker and its own sealed guess — never the mortal, the vision or another seat's guess
//! before the reveal.
//!
//! Owns: building the view. Must not: read `round.mortal`, `round.vision` or another
//! seat's sealed guess except through [`Dreams::role_of`] of the viewer itself, so that a
//! seat's view is the same whichever other seat is the mortal.

use super::{
    Commitment, Dreams, Guess, Phase, Reveal, Role, Salt, Star, StarKind, CARDS_PER_ROUND,
};
use crate::game::{Game, Outcome, Seat, Viewer};
use serde::{Deserialize, Serialize};

/// A seat's own marker this round (D-R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Me {
    pub seat: Seat,
    pub role: Role,
    /// The true vision, for a god; `None` for the mortal.
    pub vision: Option<u8>,
}

/// The viewer's own sealed guess this round, with its salt (so the viewer can check its
/// commitment at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyGuess {
    /// `None`: the viewer passed ("no guess").
    pub guess: Option<Guess>,
    pub salt: Salt,
}

/// A game of Dreams as a viewer sees it. Per-seat lists are indexed by seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DreamsView {
    pub round: u32,
    pub dealer: Seat,
    pub phase: Phase,
    /// The deck's id (the game's option).
    pub deck: String,
    /// Cards in the draw pile.
    pub deck_left: usize,
    /// Cards set aside in earlier rounds.
    pub set_aside: usize,
    /// The card numbers of images 1..=4 of this round.
    pub cards: [u8; CARDS_PER_ROUND],
    /// This round's stars, in the order they were placed.
    pub stars: Vec<Star>,
    /// Per seat, the kinds not yet placed (nor set aside) this round.
    pub unplaced: Vec<Vec<StarKind>>,
    /// Whose star is next, in the stars phase.
    pub placer: Option<Seat>,
    pub scores: Vec<u32>,
    /// Guess phase: who has sealed a guess (not what).
    pub guessed: Vec<bool>,
    /// The commitments of the sealed guesses.
    pub commitments: Vec<Option<Commitment>>,
    /// The viewer's marker; `None` for a spectator.
    pub me: Option<Me>,
    /// The viewer's sealed guess this round; `None` for a spectator or before it is sealed.
    pub my_guess: Option<MyGuess>,
    pub to_act: Vec<Seat>,
    /// The previous round, revealed (the last round's, once the game is over).
    pub last_reveal: Option<Reveal>,
    pub outcome: Option<Outcome>,
}

pub(crate) fn view(game: &Dreams, viewer: Viewer) -> DreamsView {
    let seats = game.seats();
    let own = match viewer {
        Viewer::Seat(seat) if seat < seats => Some(seat),
        _ => None,
    };
    let me = own.and_then(|seat| {
        game.role_of(seat).map(|role| Me {
            seat,
            role,
            vision: (role == Role::God).then_some(game.round.vision),
        })
    });
    let my_guess = own
        .and_then(|seat| game.round.sealed.get(seat).copied().flatten())
        .map(|s| MyGuess {
            guess: s.guess,
            salt: s.salt,
        });
    DreamsView {
        round: game.round.number,
        dealer: game.round.dealer,
        phase: game.phase,
        deck: game.options.deck.clone(),
        deck_left: game.deck_left(),
        set_aside: game.set_aside(),
        cards: game.round.cards,
        stars: game.stars(),
        unplaced: (0..seats).map(|s| game.unplaced(s).to_vec()).collect(),
        placer: game.placer(),
        scores: game.scores().to_vec(),
        guessed: (0..seats).map(|s| game.has_guessed(s)).collect(),
        commitments: (0..seats).map(|s| game.commitment(s)).collect(),
        me,
        my_guess,
        to_act: game.to_act(),
        last_reveal: game.last_reveal(),
        outcome: game.outcome(),
    }
}
