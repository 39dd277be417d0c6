//! Founding and losing villages (G-V1 … G-V3, G-X3), checked after every action.

use super::{push, Colour, Gods, GodsEvent};
use crate::game::{Logged, Seat};

/// G-V1: how many villages of `colour` god `seat` is entitled to.
pub fn entitled(game: &Gods, seat: Seat, colour: Colour) -> u8 {
    u8::try_from(game.board.tribes_worshipping(seat, colour) / 3).unwrap_or(u8::MAX)
}

/// G-V2 then G-V3, after an action of `mover`.
pub(crate) fn settle(game: &mut Gods, mover: Seat, events: &mut Vec<Logged<GodsEvent>>) {
    let n = game.gods.len();
    // G-V2: every god first gives back what they are no longer entitled to.
    for seat in 0..n {
        for colour in Colour::ALL {
            let should = entitled(game, seat, colour);
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
            let should = entitled(game, seat, colour);
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
