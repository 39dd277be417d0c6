//! Setting up and dealing a round (D-C0, D-C1, D-R1, D-R2, D-R3).
//!
//! The order of the draws from the game's [`Rng`] is part of the stored-game contract
//! (`docs/players/replay.md`, "Dreams setup from the seed"): setup shuffles the 72 card numbers
//! once; every deal then (1) shuffles the whole deck again if fewer than 4 cards are left
//! in the draw pile, (2) takes images 1..=4 from the top of the pile, (3) draws the vision
//! `1 + below(4)`, then (4) the mortal `below(seats)`.

use super::{
    private, public, Dreams, DreamsEvent, DreamsOptions, InlineVec, Kinds, Phase, Role, RoundState,
    Shared, CARDS_PER_ROUND, DECK_SIZE, IMAGES, MAX_SEATS, MIN_SEATS, STATE_FORMAT,
};
use crate::game::{Logged, SetupError};
use crate::rng::{Generator, Rng, Seed};

/// D-C0, D-C1: a new game, its first round dealt (setting up produces no events: the first
/// round's cards are in every view, each seat's role in its own view).
pub(crate) fn new_game(
    seed: Seed,
    generator: Generator,
    seats: usize,
    options: DreamsOptions,
) -> Result<Dreams, SetupError> {
    if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
        return Err(SetupError(format!(
            "dreams is for {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
        )));
    }
    let mut rng = Rng::new(generator, &seed);
    let mut cards = [0u8; DECK_SIZE];
    for (number, card) in (0u8..).zip(cards.iter_mut()) {
        *card = number;
    }
    rng.shuffle(&mut cards);
    let mut deck = InlineVec::default();
    for card in cards {
        deck.push(card);
    }
    let mut game = Dreams {
        format: STATE_FORMAT,
        options: Shared::new(options),
        seed,
        rng,
        phase: Phase::Stars,
        deck,
        left: DECK_SIZE,
        scores: InlineVec::filled(0, seats),
        round: RoundState::default(),
        last: None,
    };
    game.deal(1);
    Ok(game)
}

/// What a deal laid out, for the events.
pub(crate) struct Dealt {
    pub(crate) reshuffled: bool,
}

impl Dreams {
    /// D-R1–D-R3: lay out round `number`'s dreams, deal its roles and hand the first star
    /// to its dealer.
    pub(crate) fn deal(&mut self, number: u32) -> Dealt {
        let seats = self.scores.len().max(1);
        // D-R1: before a deal, a pile of fewer than 4 is shuffled with the set-aside cards.
        // The table is empty then (the last round's cards were set aside), so that is the
        // whole deck.
        let reshuffled = self.left < CARDS_PER_ROUND;
        if reshuffled {
            self.rng.shuffle(self.deck.as_mut_slice());
            self.left = self.deck.len();
        }
        let mut cards = [0u8; CARDS_PER_ROUND];
        for card in cards.iter_mut() {
            self.left = self.left.saturating_sub(1);
            *card = self.deck.get(self.left).copied().unwrap_or_default();
        }
        // D-R2: one stack of markers, chosen uniformly, is dealt one marker per seat.
        let vision = u8::try_from(self.rng.below(usize::from(IMAGES)))
            .unwrap_or_default()
            .saturating_add(1);
        let mortal = self.rng.below(seats);
        // D-R3: seat 0 deals first, then each next seat in turn.
        let dealer = usize::try_from(number.saturating_sub(1)).unwrap_or_default() % seats;
        self.round = RoundState {
            number,
            dealer,
            cards,
            vision,
            mortal,
            stars: InlineVec::default(),
            placements: 0,
            unplaced: InlineVec::filled(Kinds::ALL, self.scores.len()),
            sealed: Shared::new(InlineVec::filled(None, self.scores.len())),
        };
        self.phase = Phase::Stars;
        Dealt { reshuffled }
    }

    /// The next round, with its events: the layout for everyone, each role to its seat.
    pub(crate) fn deal_next(&mut self, events: &mut Vec<Logged<DreamsEvent>>) {
        let number = self.round.number.saturating_add(1);
        let dealt = self.deal(number);
        public(
            events,
            DreamsEvent::RoundDealt {
                round: number,
                dealer: self.round.dealer,
                cards: self.round.cards,
                reshuffled: dealt.reshuffled,
            },
        );
        for seat in 0..self.scores.len() {
            let role = self.role_of(seat).unwrap_or(Role::God);
            private(
                events,
                seat,
                DreamsEvent::Role {
                    round: number,
                    seat,
                    role,
                    vision: (role == Role::God).then_some(self.round.vision),
                },
            );
        }
    }
}
