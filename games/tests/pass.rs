//! The pass turn (`Game::pass_turn`): the smallest legal turn the service plays for a god
//! whose time ran out. Tests name the rules it follows: G-T4 (actions owed, forfeited
//! when none is legal), G-A5 (discard, free), G-T1/G-T6 (never declares the end).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

mod common;

use common::*;
use games::gods::random::random_turn;
use games::gods::{Gods, GodsEvent, GodsOptions, Phase, Step};
use games::{Game, Rng, Seed};

#[test]
fn g_a5_g_t4_the_pass_discards_twice_and_spends_nothing() {
    let game = Position::new(2)
        .board(&[(0, 0, "T0"), (1, 0, "T1")])
        .display(&["r", "D", "y"])
        .build();
    let pass = game.pass_turn(0).unwrap();
    assert_eq!(pass.steps, vec![discard(1), discard(1)]);
    assert!(!pass.declare_end);
    let (after, events) = play_events(&game, &pass);
    assert_eq!(crystals(&after, 0), 12, "the pass spent crystals");
    let discarded = events
        .iter()
        .filter(|e| matches!(e, GodsEvent::Discarded { seat: 0, .. }))
        .count();
    assert_eq!(discarded, 2);
    assert_eq!(after.to_move(), 1, "G-T5: the next god moves");
}

#[test]
fn g_t4_with_one_tile_left_the_pass_discards_it_and_the_engine_forfeits_the_rest() {
    // A god with no crystals cannot place a temple or move a desert: after one discard
    // nothing is legal, and the owed action is forfeited by the engine.
    let game = Position::new(2)
        .board(&[(0, 0, "T0"), (1, 0, "T1")])
        .display(&["r"])
        .crystals(0, 0)
        .build();
    let pass = game.pass_turn(0).unwrap();
    assert_eq!(pass.steps, vec![discard(1)]);
    let (_, events) = play_events(&game, &pass);
    assert!(events
        .iter()
        .any(|e| matches!(e, GodsEvent::ActionsForfeited { seat: 0, owed: 1 })));
}

#[test]
fn g_t4_when_no_free_action_is_left_the_pass_takes_a_legal_one_rather_than_owe_it() {
    // Empty display, 12 crystals: a temple is affordable, so an action is owed and the
    // engine would refuse an empty turn; the pass takes the first legal step.
    let game = Position::new(2)
        .board(&[(0, 0, "T0"), (1, 0, "T1")])
        .build();
    assert_eq!(reject(&game, &turn(&[])).rule, "G-T4");
    let pass = game.pass_turn(0).unwrap();
    assert!(!pass.steps.is_empty());
    play(&game, &pass);
}

#[test]
fn g_t1_g_t6_a_god_who_may_declare_is_passed_on_not_ended() {
    let game = Position::new(2)
        .board(&[(0, 0, "T0"), (1, 0, "T1")])
        .villages(1, &[('r', 1), ('y', 1), ('g', 1)])
        .backed_villages(1, &[('r', 1), ('y', 1), ('g', 1)])
        .display(&["D", "D"])
        .build();
    // God 0's turn ends; god 1 may declare (G-T1).
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.phase(), Phase::MayDeclare);
    let pass = game.pass_turn(1).unwrap();
    assert!(!pass.declare_end && pass.steps.is_empty(), "{pass:?}");
    let game = play(&game, &pass);
    assert!(!game.is_over(), "the pass declared the end");
    assert_eq!(game.phase(), Phase::Actions);
    assert_eq!(game.to_act(), vec![1], "the same god now owes the actions");
    let second = game.pass_turn(1).unwrap();
    assert!(second
        .steps
        .iter()
        .all(|s| matches!(s, Step::Discard { .. })));
    let game = play(&game, &second);
    assert_eq!(game.to_act(), vec![0]);
}

#[test]
fn only_the_god_to_move_has_a_pass_turn() {
    let game = Position::new(3).display(&["D", "D"]).build();
    assert!(game.pass_turn(0).is_some());
    assert!(game.pass_turn(1).is_none());
    assert!(game.pass_turn(7).is_none());
}

#[test]
fn passing_every_turn_from_any_random_position_is_legal_and_ends_every_game() {
    // From random points of random games, every god passes from then on: every pass is
    // accepted, never declares the end, and the game still ends (the pile runs out).
    for seed in 0..300u64 {
        let seats = 2 + (seed % 3) as usize;
        let mut game = Gods::new(Seed::from_u64(seed), seats, GodsOptions::default()).unwrap();
        let mut rng = Rng::from_seed(&Seed::from_u64(seed ^ 0xdead));
        for _ in 0..(seed % 40) {
            let Some(t) = random_turn(&game, &mut rng) else {
                break;
            };
            let seat = game.to_act()[0];
            game = game.apply(seat, &t).unwrap().game;
            if game.is_over() {
                break;
            }
        }
        let mut turns = 0;
        while !game.is_over() {
            let seat = game.to_act()[0];
            let pass = game
                .pass_turn(seat)
                .unwrap_or_else(|| panic!("seed {seed}: no pass for the god to move"));
            assert!(!pass.declare_end);
            let applied = game
                .apply(seat, &pass)
                .unwrap_or_else(|e| panic!("seed {seed}: pass {pass:?} refused: {e}"));
            assert!(applied
                .events
                .iter()
                .all(|e| !matches!(e.event, GodsEvent::EndDeclared { .. })));
            game = applied.game;
            check_counts(&game, &format!("seed {seed}"));
            turns += 1;
            assert!(turns < 400, "seed {seed}: passing never ended the game");
        }
    }
}
