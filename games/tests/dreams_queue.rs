//! Turns queued in advance in Dreams (`Game::queue_limit`, `Game::check_queued`): at most
//! the seat's remaining stars of the round, each judged on the firmament as the seat sees
//! it with its own earlier queued stars on it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

use games::dreams::{Dreams, DreamsTurn, StarKind};
use games::{Game, Seed};

fn game() -> Dreams {
    Dreams::new(Seed::from_u64(7), 4, Default::default()).unwrap()
}

#[test]
fn a_seat_may_queue_its_three_stars_and_no_more() {
    let g = game();
    assert_eq!(g.queue_limit(2), 3);
    let three = [
        DreamsTurn::star(StarKind::Clear, 1, 1),
        DreamsTurn::star(StarKind::Grey, 2, 2),
        DreamsTurn::star(StarKind::Black, 3, 3),
    ];
    assert_eq!(g.check_queued(2, &three), Ok(()));
    let mut four = three.to_vec();
    four.push(DreamsTurn::pass());
    let (at, e) = g.check_queued(2, &four).unwrap_err();
    assert_eq!((at, e.rule.as_str()), (3, "D-R4"));
}

#[test]
fn queued_stars_are_judged_with_the_seats_own_earlier_queued_ones() {
    let g = game();
    let same_kind = [
        DreamsTurn::star(StarKind::Clear, 1, 1),
        DreamsTurn::star(StarKind::Clear, 2, 2),
    ];
    assert_eq!(g.check_queued(1, &same_kind).unwrap_err().0, 1);
    let same_point = [
        DreamsTurn::star(StarKind::Clear, 1, 1),
        DreamsTurn::star(StarKind::Grey, 1, 1),
    ];
    assert_eq!(g.check_queued(1, &same_point).unwrap_err().0, 1);
    // A point another seat took is refused; one taken after queueing is judged at play.
    let dealer = g.to_act()[0];
    let g = g
        .apply(dealer, &DreamsTurn::star(StarKind::Clear, 5, 5))
        .unwrap()
        .game;
    let taken = [DreamsTurn::star(StarKind::Grey, 5, 5)];
    let (at, e) = g.check_queued(3, &taken).unwrap_err();
    assert_eq!((at, e.rule.as_str()), (0, "D-R4"));
}
