//! Guessing (D-R5): every seat at once — each god names the seat they suspect, the mortal
//! an image — and every guess is sealed as soon as it is accepted: final, and public only
//! as a commitment (see [`super::seal`]) until the last one is in and the round is
//! revealed (D-R6).
//!
//! Owns: judging a submission of the guess phase and sealing it. Must not: tell anyone but
//! the author anything about a guess, or its author's role: the answers to a seat's own
//! submission may speak of its own role (it knows it), nothing else may.

use super::seal::{Commitment, Salt};
use super::{
    check_seat, private, public, score, Dreams, DreamsEvent, DreamsTurn, Guess, Role, Sealed,
    IMAGES,
};
use crate::game::{Logged, RuleError, Seat};

fn refuse(message: impl Into<String>) -> RuleError {
    RuleError::new("D-R5", message)
}

/// What a seat of `role` may send now, for the messages.
fn what_to_send(role: Role) -> &'static str {
    match role {
        Role::God => "you are a god this round: name the seat you suspect is the mortal, e.g. `guess seat 2`, or send `pass` (no guess)",
        Role::Mortal => "you are the mortal this round: name the image you believe is the true vision, `guess image 1` to `guess image 4`, or send `pass` (no guess)",
    }
}

/// D-R5: is `turn` a legal submission of `seat` now? The game must be in the guess phase.
/// `Ok(None)` is "no guess".
pub(crate) fn check(
    game: &Dreams,
    seat: Seat,
    turn: &DreamsTurn,
) -> Result<Option<Guess>, RuleError> {
    check_seat(game, seat)?;
    if game.has_guessed(seat) {
        return Err(refuse(
            "you have already sealed your guess this round: a sealed guess cannot be changed",
        ));
    }
    let role = game.role_of(seat).unwrap_or(Role::God);
    if turn.items() > 1 {
        return Err(refuse(format!(
            "send one thing, not {}: {}",
            turn.items(),
            what_to_send(role)
        )));
    }
    if turn.star.is_some() {
        return Err(refuse(format!(
            "every star is placed: it is time to guess; {}",
            what_to_send(role)
        )));
    }
    if turn.pass {
        return Ok(None);
    }
    let Some(guess) = turn.guess else {
        return Err(refuse(what_to_send(role)));
    };
    match (role, guess) {
        (Role::God, Guess::Seat(named)) => {
            if named == seat {
                return Err(refuse(
                    "a god never names themself: name the seat you suspect is the mortal",
                ));
            }
            check_seat(game, named).map_err(|e| refuse(e.message))?;
        }
        (Role::Mortal, Guess::Image(image)) => {
            if !(1..=IMAGES).contains(&image) {
                return Err(refuse(format!(
                    "there is no image {image}: the images are numbered 1 to {IMAGES}"
                )));
            }
        }
        (Role::God, Guess::Image(_)) | (Role::Mortal, Guess::Seat(_)) => {
            return Err(refuse(what_to_send(role)));
        }
    }
    Ok(Some(guess))
}

/// Seal `seat`'s judged guess; when it is the last, reveal and score the round (D-R6–D-R8).
pub(crate) fn seal(
    game: &mut Dreams,
    seat: Seat,
    guess: Option<Guess>,
    events: &mut Vec<Logged<DreamsEvent>>,
) {
    let round = game.round.number;
    let salt = Salt::derive(&game.seed, round, seat);
    let commitment = Commitment::compute(round, seat, guess, &salt);
    if let Some(slot) = game.round.sealed.make_mut().get_mut(seat) {
        *slot = Some(Sealed {
            guess,
            salt,
            commitment,
        });
    }
    public(
        events,
        DreamsEvent::GuessSealed {
            round,
            seat,
            commitment,
        },
    );
    private(
        events,
        seat,
        DreamsEvent::MyGuess {
            round,
            seat,
            guess,
            salt,
        },
    );
    if game.round.sealed.iter().all(Option::is_some) {
        score::reveal(game, events);
    }
}
