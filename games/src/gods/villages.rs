//! Founding and losing villages (G-V1 … G-V3, G-X3), checked after every action.

use super::{push, Cell, Colour, Gods, GodsEvent};
use crate::game::{Logged, Seat};

/// G-V1: how many villages of `colour` god `seat` is entitled to.
pub fn entitled(game: &Gods, seat: Seat, colour: Colour) -> u8 {
    u8::try_from(game.board.tribes_worshipping(seat, colour) / 3).unwrap_or(u8::MAX)
}

/// G-V1 for every god and colour at once: `[seat][colour]`, from one pass over the board.
fn entitlements(game: &Gods) -> Vec<[u8; 4]> {
    let mut tribes = vec![[0u8; 4]; game.gods.len()];
    for (_, cell) in game.board.iter() {
        if let Cell::Tribe {
            colour,
            marker: Some(god),
        } = cell
        {
            if let Some(c) = tribes.get_mut(god).and_then(|t| t.get_mut(colour.index())) {
                *c += 1;
            }
        }
    }
    for t in tribes.iter_mut() {
        for c in t.iter_mut() {
            *c /= 3;
        }
    }
    tribes
}

/// G-V2 then G-V3, after an action of `mover`.
pub(crate) fn settle(game: &mut Gods, mover: Seat, events: &mut Vec<Logged<GodsEvent>>) {
    let n = game.gods.len();
    let table = entitlements(game);
    let entitled = |seat: Seat, colour: Colour| {
        table
            .get(seat)
            .and_then(|t| t.get(colour.index()))
            .copied()
            .unwrap_or(0)
    };
    // G-V2: every god first gives back what they are no longer entitled to.
    for seat in 0..n {
        for colour in Colour::ALL {
            let should = entitled(seat, colour);
            let Some(god) = game.gods.get_mut(seat) else {
                continue;
            };
            while god.villages.get(colour) > should {
                *god.villages.get_mut(colour) -= 1;
                *game.village_supply.get_mut(colour) += 1;
                push(events, GodsEvent::VillageLost { seat, colour });
            }
        }
    }
    // G-V3: then, in seat order from the mover, gods found what they are entitled to.
    for k in 0..n {
        let seat = (mover + k) % n;
        for colour in Colour::ALL {
            let should = entitled(seat, colour);
            let Some(god) = game.gods.get_mut(seat) else {
                continue;
            };
            while god.villages.get(colour) < should && game.village_supply.get(colour) > 0 {
                *game.village_supply.get_mut(colour) -= 1;
                *god.villages.get_mut(colour) += 1;
                let vp = game.vp_supply.get(colour) > 0;
                if vp {
                    *game.vp_supply.get_mut(colour) -= 1;
                    *god.vp.get_mut(colour) += 1;
                }
                push(events, GodsEvent::VillageFounded { seat, colour, vp });
            }
        }
    }
}
