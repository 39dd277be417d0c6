//! Refilling the display (G-T3, G-T7, G-E1, G-BAG1, G-BAG2, G-BAG4).

use super::{push, DisplayRule, Draw, EndReason, Gods, GodsEvent, Tile};
use crate::game::Logged;

/// G-BAG2 returns identical pairs "repeatedly"; past this many returns in one refill the
/// draw stands, so that no seed can make a refill loop for ever.
const MAX_RETURNS: usize = 1000;

impl Gods {
    /// How many tiles this refill draws (G-T3).
    fn refill_need(&self) -> usize {
        match self.options.display {
            DisplayRule::RefillToTwo => 2usize.saturating_sub(self.display.len()),
            DisplayRule::AddTwo => 2,
        }
    }

    /// Refill the display for the god to move. Returns why the game ended, if it did.
    pub(crate) fn refill(&mut self, events: &mut Vec<Logged<GodsEvent>>) -> Option<EndReason> {
        match self.options.draw {
            Draw::Pile => self.refill_from_pile(events),
            Draw::Bag => self.refill_from_bag(events),
        }
    }

    fn refill_from_pile(&mut self, events: &mut Vec<Logged<GodsEvent>>) -> Option<EndReason> {
        for _ in 0..self.refill_need() {
            let Some(tile) = self.pile.pop() else {
                break;
            };
            push(events, GodsEvent::TileDrawn { tile });
            if tile == Tile::GameEnd {
                // G-E1: the game ends at once; the tile is out of play.
                self.removed.push(tile);
                return Some(EndReason::GameEndTile);
            }
            self.display.push(tile);
        }
        if self.display.is_empty() && self.pile.is_empty() {
            return Some(EndReason::PileEmpty);
        }
        None
    }

    fn draw_from_bag(&mut self, events: &mut Vec<Logged<GodsEvent>>) {
        let i = self.rng.below(self.pile.len());
        if i < self.pile.len() {
            let tile = self.pile.swap_remove(i);
            push(events, GodsEvent::TileDrawn { tile });
            self.display.push(tile);
        }
    }

    fn refill_from_bag(&mut self, events: &mut Vec<Logged<GodsEvent>>) -> Option<EndReason> {
        let need = self.refill_need();
        // G-BAG4: too few tiles for the refill: the game ends before drawing.
        if self.pile.len() < need {
            return Some(EndReason::BagEmpty);
        }
        for _ in 0..need {
            self.draw_from_bag(events);
        }
        if need == 0 {
            return None;
        }
        // G-BAG2: exactly two identical tiles go back, unless the bag has nothing else.
        for _ in 0..MAX_RETURNS {
            let pair = match self.display.as_slice() {
                [a, b] if a == b => *a,
                _ => break,
            };
            if !self.pile.iter().any(|&t| t != pair) {
                break;
            }
            self.pile.append(&mut self.display);
            push(events, GodsEvent::TilesReturned { tile: pair });
            for _ in 0..2 {
                self.draw_from_bag(events);
            }
        }
        None
    }
}
