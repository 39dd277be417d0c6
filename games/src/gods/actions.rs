//! The actions of a turn (G-A1 … G-A7, G-BAG5) and the turn's bookkeeping (G-T4).

use super::{push, villages, Cell, Gods, GodsEvent, Hex, Step, Tile, MAX_CRYSTALS};
use crate::game::{Logged, RuleError, Seat};

/// Where a turn stands between its steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnProgress {
    /// Actions still owed (G-T4): 2, plus 1 per extra-action tile played.
    pub owed: u32,
    /// A temple was placed this turn (G-T4: at most once).
    pub temple_placed: bool,
    /// Extra-action tiles taken this turn (G-A7: not playable this turn by default).
    pub extra_taken: u8,
    /// An action was owed and none was legal: the turn is over (G-T4, G-A7).
    pub stuck: bool,
}

impl TurnProgress {
    pub fn start() -> TurnProgress {
        TurnProgress {
            owed: 2,
            temple_placed: false,
            extra_taken: 0,
            stuck: false,
        }
    }
}

/// "a desert", "an extra-action tile".
fn a(name: &str) -> String {
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

impl Gods {
    /// The tile in display `slot` (1-based, G-T7).
    pub(crate) fn slot(&self, slot: usize) -> Result<Tile, RuleError> {
        slot.checked_sub(1)
            .and_then(|i| self.display.get(i))
            .copied()
            .ok_or_else(|| {
                RuleError::new(
                    "G-T7",
                    format!(
                        "there is no slot {slot}: the display holds {}",
                        plural(self.display.len(), "tile")
                    ),
                )
            })
    }

    fn expect_slot(&self, slot: usize, want: Tile, rule: &str) -> Result<(), RuleError> {
        let tile = self.slot(slot)?;
        let same = match (tile, want) {
            (Tile::Tribe(_), Tile::Tribe(_)) => true,
            (a, b) => a == b,
        };
        if same {
            Ok(())
        } else {
            let wanted = match want {
                Tile::Tribe(_) => "a tribe".to_string(),
                other => a(&other.name()),
            };
            Err(RuleError::new(
                rule,
                format!("slot {slot} holds {}, not {wanted}", a(&tile.name())),
            ))
        }
    }

    fn take_slot(&mut self, slot: usize) -> Option<Tile> {
        let i = slot.checked_sub(1)?;
        (i < self.display.len()).then(|| self.display.remove(i))
    }

    /// G-B2: `at` is empty and touches at least one tile.
    pub(crate) fn check_place(&self, at: Hex, rule: &str) -> Result<(), RuleError> {
        if !self.board.is_empty_at(at) {
            return Err(RuleError::new(
                rule,
                format!("hex {at} is taken: tiles never stack (G-B2)"),
            ));
        }
        if self.board.occupied_neighbours(at) == 0 {
            return Err(RuleError::new(
                rule,
                format!("hex {at} touches no tile (G-B2)"),
            ));
        }
        Ok(())
    }

    /// G-A6: the desert at `from` may move to `to`.
    pub(crate) fn check_desert_move(
        &self,
        from: Hex,
        to: Hex,
        rule: &str,
    ) -> Result<(), RuleError> {
        if self.board.get(from) != Some(Cell::Desert) {
            return Err(RuleError::new(rule, format!("hex {from} holds no desert")));
        }
        if from == to {
            return Err(RuleError::new(
                rule,
                format!("the desert must move to a different hex than {from}"),
            ));
        }
        if !self.board.is_empty_at(to) {
            return Err(RuleError::new(
                rule,
                format!("hex {to} is taken: tiles never stack (G-B2)"),
            ));
        }
        if self.board.occupied_neighbours_ignoring(to, from) == 0 {
            return Err(RuleError::new(
                rule,
                format!("hex {to} touches no tile other than the desert being moved (G-A6)"),
            ));
        }
        Ok(())
    }

    /// G-A2: the marker a tribe placed at `at` receives.
    pub(crate) fn marker_for_new_tribe(&self, at: Hex) -> Option<Seat> {
        let mut temple_god: Option<Seat> = None;
        let mut temples_of_many = false;
        let mut tribe_god: Option<Seat> = None;
        let mut tribes_of_many = false;
        for n in at.neighbours() {
            match self.board.get(n) {
                Some(Cell::Temple { god }) => match temple_god {
                    None => temple_god = Some(god),
                    Some(g) if g != god => temples_of_many = true,
                    Some(_) => {}
                },
                Some(Cell::Tribe {
                    marker: Some(god), ..
                }) => match tribe_god {
                    None => tribe_god = Some(god),
                    Some(g) if g != god => tribes_of_many = true,
                    Some(_) => {}
                },
                _ => {}
            }
        }
        let god = match (temple_god, temples_of_many) {
            (Some(_), true) => None,             // (b)
            (Some(g), false) => Some(g),         // (a)
            (None, _) if tribes_of_many => None, // (d)
            (None, _) => tribe_god,              // (c), or (d) with no marked tribe
        }?;
        // G-X2: no marker in supply, no marker.
        (self.gods.get(god)?.markers > 0).then_some(god)
    }

    /// Pay `cost` crystals, or fail with `why(have)`.
    fn pay(
        &mut self,
        seat: Seat,
        cost: usize,
        rule: &str,
        why: impl FnOnce(usize) -> String,
    ) -> Result<u8, RuleError> {
        let god = self.god_mut(seat)?;
        let have = usize::from(god.crystals);
        if cost > have {
            return Err(RuleError::new(rule, why(have)));
        }
        let cost = u8::try_from(cost).unwrap_or(u8::MAX);
        god.crystals -= cost;
        Ok(cost)
    }

    /// G-A3: the temple's conversions, in neighbour order, while `seat` has markers.
    fn convert_around(&mut self, seat: Seat, at: Hex) -> Vec<super::Conversion> {
        let mut converted = Vec::new();
        for n in at.neighbours() {
            let Some(Cell::Tribe { marker, .. }) = self.board.get(n) else {
                continue;
            };
            if marker == Some(seat) {
                continue;
            }
            if self.gods.get(seat).is_none_or(|g| g.markers == 0) {
                break;
            }
            if let Some(old) = marker {
                if let Some(g) = self.gods.get_mut(old) {
                    g.markers += 1;
                }
            }
            if let Some(g) = self.gods.get_mut(seat) {
                g.markers -= 1;
            }
            if let Some(Cell::Tribe { marker, .. }) = self.board.cell_mut(n) {
                *marker = Some(seat);
            }
            converted.push(super::Conversion {
                at: n,
                from: marker,
            });
        }
        converted
    }

    /// G-B2/G-A6 shared by the whirlwind and the paid move.
    fn move_desert(&mut self, from: Hex, to: Hex) {
        if let Some(cell) = self.board.lift(from) {
            self.board.put(to, cell);
        }
    }
}

/// Apply one step of `seat`'s turn to `game`, or say which rule it breaks. A step is
/// checked in full before anything changes, so on error `game` and `progress` are as
/// they were; a whole turn is still applied to a copy (see `Gods::apply_turn`).
pub(crate) fn apply_step(
    game: &mut Gods,
    seat: Seat,
    progress: &mut TurnProgress,
    step: &Step,
    events: &mut Vec<Logged<GodsEvent>>,
) -> Result<(), RuleError> {
    if progress.stuck {
        return Err(RuleError::new(
            "G-T4",
            "an action was owed and none was legal, so your turn ended: nothing more may be played",
        ));
    }
    if step.is_action() && progress.owed == 0 {
        return Err(RuleError::new(
            "G-T4",
            "you have no action left this turn; play a kept extra-action tile to gain one (G-A7)",
        ));
    }
    match *step {
        Step::PlaceTribe { slot, at } => {
            game.expect_slot(slot, Tile::Tribe(super::Colour::Red), "G-A1")?;
            game.check_place(at, "G-A1")?;
            let touching = game.board.occupied_neighbours(at);
            let cost = game.pay(seat, touching, "G-A1", |have| {
                costs("a tribe", touching, 1, have)
            })?;
            let Some(Tile::Tribe(colour)) = game.take_slot(slot) else {
                return Err(RuleError::new(
                    "G-A1",
                    format!("slot {slot} holds no tribe"),
                ));
            };
            let marker = game.marker_for_new_tribe(at);
            if let Some(g) = marker.and_then(|g| game.gods.get_mut(g)) {
                g.markers -= 1;
            }
            game.board.put(at, Cell::Tribe { colour, marker });
            push(
                events,
                GodsEvent::TribePlaced {
                    seat,
                    colour,
                    at,
                    cost,
                    marker,
                },
            );
        }
        Step::PlaceTemple { at } => {
            if progress.temple_placed {
                return Err(RuleError::new(
                    "G-A3",
                    "you may place only one temple per turn (G-T4)",
                ));
            }
            if game.gods.get(seat).is_none_or(|g| g.temples == 0) {
                return Err(RuleError::new("G-X1", "you have no temple left to place"));
            }
            game.check_place(at, "G-A3")?;
            let touching = game.board.occupied_neighbours(at);
            let cost = game.pay(seat, 3 * touching, "G-A3", |have| {
                costs("a temple", touching, 3, have)
            })?;
            game.god_mut(seat)?.temples -= 1;
            game.board.put(at, Cell::Temple { god: seat });
            let converted = game.convert_around(seat, at);
            progress.temple_placed = true;
            push(
                events,
                GodsEvent::TemplePlaced {
                    seat,
                    at,
                    cost,
                    converted,
                },
            );
        }
        Step::PlaceDesert { slot, at } => {
            game.expect_slot(slot, Tile::Desert, "G-A4")?;
            game.check_place(at, "G-A4")?;
            game.take_slot(slot);
            game.board.put(at, Cell::Desert);
            let god = game.god_mut(seat)?;
            let before = god.crystals;
            god.crystals = (god.crystals + 1).min(MAX_CRYSTALS);
            let gained = god.crystals - before;
            push(events, GodsEvent::DesertPlaced { seat, at, gained });
        }
        Step::Whirlwind { slot, from, to } => {
            game.expect_slot(slot, Tile::Whirlwind, "G-A4")?;
            if game.board.deserts().next().is_none() {
                return Err(RuleError::new(
                    "G-A4",
                    "a whirlwind cannot be taken while no desert is on the board (you may discard it)",
                ));
            }
            game.check_desert_move(from, to, "G-A4")?;
            game.take_slot(slot);
            game.move_desert(from, to);
            game.removed.push(Tile::Whirlwind);
            push(
                events,
                GodsEvent::DesertMoved {
                    seat,
                    from,
                    to,
                    cost: 0,
                    whirlwind: true,
                },
            );
        }
        Step::TakeExtraAction { slot } => {
            game.expect_slot(slot, Tile::ExtraAction, "G-A4")?;
            game.take_slot(slot);
            game.god_mut(seat)?.extra_actions += 1;
            progress.extra_taken += 1;
            push(events, GodsEvent::ExtraActionTaken { seat });
        }
        Step::Discard { slot } => {
            game.slot(slot)?;
            if let Some(tile) = game.take_slot(slot) {
                game.removed.push(tile);
                push(events, GodsEvent::Discarded { seat, tile });
            }
        }
        Step::MoveDesert { from, to } => {
            game.check_desert_move(from, to, "G-A6")?;
            let cost = game.pay(seat, 2, "G-A6", |have| {
                format!("moving a desert costs 2 crystals; you have {have}")
            })?;
            game.move_desert(from, to);
            push(
                events,
                GodsEvent::DesertMoved {
                    seat,
                    from,
                    to,
                    cost,
                    whirlwind: false,
                },
            );
        }
        Step::PlayExtraAction => {
            let playable = playable_extra_actions(game, seat, progress);
            if playable == 0 {
                let held = game.gods.get(seat).map_or(0, |g| g.extra_actions);
                let why = if held > 0 {
                    "an extra-action tile cannot be played in the turn it was taken".to_string()
                } else {
                    "you hold no extra-action tile".to_string()
                };
                return Err(RuleError::new("G-A7", why));
            }
            game.god_mut(seat)?.extra_actions -= 1;
            game.removed.push(Tile::ExtraAction);
            progress.owed += 1;
            push(events, GodsEvent::ExtraActionPlayed { seat });
            return Ok(());
        }
        Step::PlaceDecay { slot, at, victim } => {
            game.expect_slot(slot, Tile::Decay, "G-BAG5")?;
            if victim == seat {
                return Err(RuleError::new("G-BAG5", "name another god than yourself"));
            }
            if victim >= game.gods.len() {
                return Err(RuleError::new(
                    "G-BAG5",
                    format!("there is no god {victim} in this game"),
                ));
            }
            game.check_place(at, "G-BAG5")?;
            let next_to_victim = at
                .neighbours()
                .iter()
                .any(|&n| game.board.get(n) == Some(Cell::Temple { god: victim }));
            if !next_to_victim {
                return Err(RuleError::new(
                    "G-BAG5",
                    format!("hex {at} is not next to a temple of god {victim}"),
                ));
            }
            game.take_slot(slot);
            game.board.put(at, Cell::Decay);
            let taken = match game.gods.get_mut(victim) {
                Some(v) if v.crystals > 0 => {
                    v.crystals -= 1;
                    1
                }
                _ => 0,
            };
            let me = game.god_mut(seat)?;
            let gained = u8::from(taken == 1 && me.crystals < MAX_CRYSTALS);
            me.crystals += gained;
            push(
                events,
                GodsEvent::DecayPlaced {
                    seat,
                    at,
                    victim,
                    taken,
                    gained,
                },
            );
        }
    }
    progress.owed -= 1;
    villages::settle(game, seat, events);
    Ok(())
}

/// G-A7: how many kept extra-action tiles `seat` may play now.
pub(crate) fn playable_extra_actions(game: &Gods, seat: Seat, progress: &TurnProgress) -> u8 {
    let held = game.gods.get(seat).map_or(0, |g| g.extra_actions);
    if game.options.extra_action_same_turn {
        held
    } else {
        held.saturating_sub(progress.extra_taken)
    }
}

/// "a temple here touches 3 tiles and costs 9 crystals; you have 7"
fn costs(what: &str, touching: usize, per_tile: usize, have: usize) -> String {
    format!(
        "{what} here touches {} and costs {}; you have {have}",
        plural(touching, "tile"),
        plural(per_tile * touching, "crystal")
    )
}
