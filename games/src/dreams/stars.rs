//! Placing stars (D-R4): from the dealer, in seat order, three times around; each
//! submission places one unplaced star on a free point, or passes (the seat's first
//! unplaced kind, in the order clear, grey, black, is set aside for the round).
//!
//! Owns: judging a submission of the stars phase and playing it. Must not: depend on
//! roles (nothing here may differ between the mortal and a god, D-S1).

use super::{
    check_seat, public, Dreams, DreamsEvent, DreamsTurn, Phase, Placed, StarKind, SIDE,
    STARS_PER_SEAT,
};
use crate::game::{Logged, RuleError, Seat};

/// A submission of the stars phase, judged legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StarPlay {
    Place(Placed),
    Pass { seat: Seat, kind: StarKind },
}

const WHAT_TO_SEND: &str = "send one star, e.g. `clear at 25,70` (x then y, in hundredths from the top-left corner), or `pass`";

fn refuse(message: impl Into<String>) -> RuleError {
    RuleError::new("D-R4", message)
}

/// D-R4: is `turn` a legal submission of `seat` now? The game must be in the stars phase.
pub(crate) fn check(game: &Dreams, seat: Seat, turn: &DreamsTurn) -> Result<StarPlay, RuleError> {
    check_seat(game, seat)?;
    let placer = game.placer().unwrap_or_default();
    if seat != placer {
        return Err(refuse(format!(
            "it is seat {placer}'s turn to place a star, not seat {seat}'s"
        )));
    }
    check_content(game, seat, turn)
}

/// D-R4 without whose turn it is: what `seat` itself placed or set aside and the points
/// taken decide.
fn check_content(game: &Dreams, seat: Seat, turn: &DreamsTurn) -> Result<StarPlay, RuleError> {
    if turn.items() > 1 {
        return Err(refuse(format!(
            "send one thing at a time, not {}: {WHAT_TO_SEND}",
            turn.items()
        )));
    }
    if turn.guess.is_some() {
        return Err(refuse(format!(
            "guesses come once every star is placed (D-R5); now {WHAT_TO_SEND}"
        )));
    }
    let unplaced = game.unplaced(seat);
    if turn.pass {
        return match unplaced.first() {
            Some(kind) => Ok(StarPlay::Pass { seat, kind }),
            None => Err(refuse("you have no star left to place or set aside")),
        };
    }
    let Some(star) = turn.star else {
        return Err(refuse(WHAT_TO_SEND));
    };
    if !unplaced.contains(star.kind) {
        let placed = game
            .round
            .stars
            .iter()
            .any(|s| usize::from(s.seat) == seat && s.kind == star.kind);
        let kind = star.kind.name();
        let left: Vec<&str> = unplaced.iter().map(StarKind::name).collect();
        let left = match left.as_slice() {
            [] => "none".to_string(),
            [one] => format!("your {one} star"),
            [init @ .., last] => format!("your {} or {last} star", init.join(", ")),
        };
        return Err(refuse(if placed {
            format!("your {kind} star is already on the firmament this round; you may place {left}")
        } else {
            format!(
                "you set your {kind} star aside this round when you passed; you may place {left}"
            )
        }));
    }
    if star.x > SIDE || star.y > SIDE {
        return Err(refuse(format!(
            "{},{} is off the firmament: x and y run from 0 to {SIDE} (hundredths of its side)",
            star.x, star.y
        )));
    }
    let (x, y) = (
        u8::try_from(star.x).unwrap_or(u8::MAX),
        u8::try_from(star.y).unwrap_or(u8::MAX),
    );
    if let Some(other) = game.round.stars.iter().find(|s| s.x == x && s.y == y) {
        let whose = if usize::from(other.seat) == seat {
            "your".to_string()
        } else {
            format!("seat {}'s", other.seat)
        };
        return Err(refuse(format!(
            "{whose} {} star already lies at {x},{y}: two stars may not share a point",
            other.kind.name()
        )));
    }
    Ok(StarPlay::Place(Placed {
        seat: u8::try_from(seat).unwrap_or(u8::MAX),
        kind: star.kind,
        x,
        y,
    }))
}

/// Play a judged submission; after the last one of the round, the guesses begin (D-R5).
pub(crate) fn play(game: &mut Dreams, play: StarPlay, events: &mut Vec<Logged<DreamsEvent>>) {
    let round = game.round.number;
    match play {
        StarPlay::Place(star) => {
            game.round.stars.push(star);
            let seat = usize::from(star.seat);
            if let Some(kinds) = game.round.unplaced.get_mut(seat) {
                *kinds = kinds.without(star.kind);
            }
            public(
                events,
                DreamsEvent::StarPlaced {
                    round,
                    seat,
                    kind: star.kind,
                    x: star.x,
                    y: star.y,
                },
            );
        }
        StarPlay::Pass { seat, kind } => {
            if let Some(kinds) = game.round.unplaced.get_mut(seat) {
                *kinds = kinds.without(kind);
            }
            public(events, DreamsEvent::StarPassed { round, seat, kind });
        }
    }
    game.round.placements += 1;
    if game.round.placements >= STARS_PER_SEAT * game.scores.len() {
        game.phase = Phase::Guess;
    }
}

/// Turns `seat` queues before its turns come (D-R4, in the stars phase): at most its
/// remaining placements of the round, each judged on the firmament as the seat sees it
/// now with its own earlier queued ones played; what other seats place meanwhile is
/// judged when each is played. The index of the first refused turn, and why.
pub(crate) fn check_queued(
    game: &Dreams,
    seat: Seat,
    turns: &[DreamsTurn],
) -> Result<(), (usize, RuleError)> {
    check_seat(game, seat).map_err(|e| (0, e))?;
    if game.phase != Phase::Stars {
        return Err((
            0,
            refuse("turns are queued in the stars phase only; the guesses are sealed at once"),
        ));
    }
    let left = game.unplaced(seat).len();
    if turns.len() > left {
        return Err((
            left,
            refuse(format!(
                "you have {left} star(s) left to place this round; {} turns were queued",
                turns.len()
            )),
        ));
    }
    let mut ahead = game.clone();
    for (i, turn) in turns.iter().enumerate() {
        let play = check_content(&ahead, seat, turn).map_err(|e| (i, e))?;
        // The seat's own placements only: the others' are not known yet.
        match play {
            StarPlay::Place(star) => {
                ahead.round.stars.push(star);
                if let Some(kinds) = ahead.round.unplaced.get_mut(seat) {
                    *kinds = kinds.without(star.kind);
                }
            }
            StarPlay::Pass { kind, .. } => {
                if let Some(kinds) = ahead.round.unplaced.get_mut(seat) {
                    *kinds = kinds.without(kind);
                }
            }
        }
    }
    Ok(())
}
