//! The bots: they play only legal turns and finish whole games (plain loops over seeds:
//! a failure names its seed and replays), and they see no more than their seat's view —
//! two games that differ only in what the view hides give the same choice.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code: a panic is how a test reports a failure"
)]

use super::{dreams, gods, Budget, Level};
use crate::dreams::features::{DeckFeatures, Feature};
use crate::dreams::{Dreams, Guess, Phase as DreamsPhase, DECK_SIZE};
use crate::game::{Game, Seat, Viewer};
use crate::gods::{Draw, Gods, GodsOptions, Tile};
use crate::rng::{Rng, Seed};

/// A small budget: the tests check legality and determinism, not strength.
const TEST_BUDGET: Budget = Budget::playouts(4);

/// A made-up model of a deck in the shape of the standard one: three or four things per
/// card on a 3×3 grid of places, kinds drawn from 40.
fn synthetic_features(seed: u64) -> DeckFeatures {
    let mut rng = Rng::from_seed(&Seed::from_u64(seed));
    let cards = (0..DECK_SIZE)
        .map(|_| {
            let mut places: Vec<usize> = (0..9).collect();
            rng.shuffle(&mut places);
            let n = 3 + rng.below(2);
            places
                .into_iter()
                .take(n)
                .map(|p| Feature {
                    id: rng.below(40) as u16,
                    x: (17 + 33 * (p % 3)) as u8,
                    y: (17 + 33 * (p / 3)) as u8,
                })
                .collect()
        })
        .collect();
    DeckFeatures { cards }
}

fn level_of(seed: u64, seat: Seat) -> Level {
    Level::ALL[((seed as usize) + seat) % 3]
}

fn gods_options(seed: u64) -> GodsOptions {
    if seed % 4 == 3 {
        GodsOptions {
            draw: Draw::Bag,
            sudden_death: seed % 8 == 7,
            decay_tile: true,
            ..GodsOptions::default()
        }
    } else {
        GodsOptions::default()
    }
}

#[test]
fn gods_bots_play_only_legal_turns_and_finish_whole_games() {
    let mut ended = 0;
    for seed in 0..150u64 {
        let seats = 2 + (seed % 3) as usize;
        let mut game = Gods::new(Seed::from_u64(seed), seats, gods_options(seed)).unwrap();
        let mut turns = 0;
        while let Some(&seat) = game.to_act().first() {
            let view = game.view(Viewer::Seat(seat));
            let level = level_of(seed, seat);
            let turn = gods::choose(
                &view,
                level,
                TEST_BUDGET,
                Seed::from_u64(seed * 1000 + turns),
            )
            .unwrap_or_else(|| panic!("seed {seed}: no turn for god {seat}"));
            game = game
                .apply(seat, &turn)
                .unwrap_or_else(|e| panic!("seed {seed}, turn {turns}, {level:?}: {e} in {turn:?}"))
                .game;
            turns += 1;
            assert!(turns < 400, "seed {seed}: the game did not end");
        }
        assert!(game.outcome().is_some());
        ended += 1;
    }
    assert_eq!(ended, 150);
}

#[test]
fn gods_bots_answer_only_for_the_god_to_move() {
    let game = Gods::new(Seed::from_u64(1), 3, GodsOptions::default()).unwrap();
    for level in Level::ALL {
        assert!(gods::choose(
            &game.view(Viewer::Seat(1)),
            level,
            TEST_BUDGET,
            Seed::from_u64(0)
        )
        .is_none());
        assert!(gods::choose(
            &game.view(Viewer::Spectator),
            level,
            TEST_BUDGET,
            Seed::from_u64(0)
        )
        .is_none());
        assert!(gods::choose(
            &game.view(Viewer::Seat(0)),
            level,
            TEST_BUDGET,
            Seed::from_u64(0)
        )
        .is_some());
    }
}

#[test]
fn dreams_bots_play_only_legal_turns_and_finish_whole_games() {
    let model = synthetic_features(7);
    for seed in 0..120u64 {
        let seats = 3 + (seed % 4) as usize;
        // Every fifth game is a custom deck without a model: every level plays at random.
        let features = (seed % 5 != 4).then_some(&model);
        let mut game = Dreams::new(Seed::from_u64(seed), seats, Default::default()).unwrap();
        let mut n = 0u64;
        while !game.is_over() {
            // In the guess phase several seats act: take them in turn.
            let seat = game.to_act()[(n as usize) % game.to_act().len()];
            let level = level_of(seed, seat);
            let view = game.view(Viewer::Seat(seat));
            let turn = dreams::choose(
                &view,
                features,
                level,
                TEST_BUDGET,
                Seed::from_u64(seed * 10_000 + n),
            )
            .unwrap_or_else(|| panic!("seed {seed}: no turn for seat {seat}"));
            assert!(!turn.pass, "bots place every star and always guess");
            game = game
                .apply(seat, &turn)
                .unwrap_or_else(|e| {
                    panic!("seed {seed}, submission {n}, {level:?}: {e} in {turn:?}")
                })
                .game;
            n += 1;
            assert!(n < 5_000, "seed {seed}: the game did not end");
        }
    }
}

#[test]
fn dreams_bots_answer_only_for_a_seat_that_must_act() {
    let model = synthetic_features(7);
    let game = Dreams::new(Seed::from_u64(3), 4, Default::default()).unwrap();
    let placer = game.placer().unwrap();
    for level in Level::ALL {
        let other = (placer + 1) % 4;
        assert!(dreams::choose(
            &game.view(Viewer::Seat(other)),
            Some(&model),
            level,
            TEST_BUDGET,
            Seed::from_u64(0)
        )
        .is_none());
        assert!(dreams::choose(
            &game.view(Viewer::Spectator),
            Some(&model),
            level,
            TEST_BUDGET,
            Seed::from_u64(0)
        )
        .is_none());
        assert!(dreams::choose(
            &game.view(Viewer::Seat(placer)),
            Some(&model),
            level,
            TEST_BUDGET,
            Seed::from_u64(0)
        )
        .is_some());
    }
}

#[test]
fn a_level_without_a_model_of_the_images_is_random() {
    for level in Level::ALL {
        assert_eq!(level.effective(false), Level::Random);
        assert_eq!(level.effective(true), level);
    }
    // An incomplete model counts as none: the greedy bot then plays as the random one.
    let game = Dreams::new(Seed::from_u64(3), 4, Default::default()).unwrap();
    let view = game.view(Viewer::Seat(0));
    let partial = DeckFeatures {
        cards: vec![Vec::new(); 3],
    };
    let seed = Seed::from_u64(9);
    assert_eq!(
        dreams::choose(&view, Some(&partial), Level::Greedy, TEST_BUDGET, seed),
        dreams::choose(&view, None, Level::Random, TEST_BUDGET, seed)
    );
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap()
}

/// Gods: the same game with the hidden part dealt otherwise — the unseen tiles in
/// another order, the game-end tile elsewhere among the last ones, the bag's generator
/// elsewhere — gives the same view and the same choice at every level.
#[test]
fn gods_bots_choose_the_same_whatever_the_pile_holds() {
    let mut checked = 0;
    for seed in 0..24u64 {
        let seats = 2 + (seed % 3) as usize;
        let options = gods_options(seed);
        let mut game = Gods::new(Seed::from_u64(seed), seats, options).unwrap();
        let mut rng = Rng::from_seed(&Seed::from_u64(seed + 100));
        // Play into the game a little, at random.
        for _ in 0..(seed % 9) {
            let Some(turn) = crate::gods::random::random_turn(&game, &mut rng) else {
                break;
            };
            let seat = game.to_move();
            game = game.apply(seat, &turn).unwrap().game;
        }
        if game.is_over() {
            continue;
        }
        let seat = game.to_move();
        for swap in 0..3u64 {
            let mut other = game.clone();
            let mut shuffler = Rng::from_seed(&Seed::from_u64(seed * 31 + swap));
            if options_pile(&other) {
                // Keep the game-end tile among the bottom `end_tile_depth`, as setup does.
                let end = other.pile.iter().position(|&t| t == Tile::GameEnd);
                other.pile.retain(|&t| t != Tile::GameEnd);
                shuffler.shuffle(&mut other.pile);
                if end.is_some() {
                    let depth = usize::from(other.options.end_tile_depth).min(other.pile.len() + 1);
                    let at = shuffler.below(depth);
                    other.pile.insert(at, Tile::GameEnd);
                }
            } else {
                shuffler.shuffle(&mut other.pile);
                other.rng = Rng::from_seed(&Seed::from_u64(swap + 77));
            }
            if swap > 0 {
                assert_ne!(other, game, "seed {seed}: the swap changed nothing hidden");
            }
            let (a, b) = (
                game.view(Viewer::Seat(seat)),
                other.view(Viewer::Seat(seat)),
            );
            assert_eq!(json(&a), json(&b), "seed {seed}: the view shows the pile");
            for level in Level::ALL {
                let bot_seed = Seed::from_u64(seed ^ 0x5eed);
                assert_eq!(
                    gods::choose(&a, level, TEST_BUDGET, bot_seed),
                    gods::choose(&b, level, TEST_BUDGET, bot_seed),
                    "seed {seed}, {level:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

fn options_pile(game: &Gods) -> bool {
    game.options.draw == Draw::Pile
}

/// Dreams: for a god, the same round with another mortal (never the god itself); for
/// the mortal, the same round with another true vision; and the other seats' sealed
/// guesses renamed — the same view and the same choice at every level.
#[test]
fn dreams_bots_choose_the_same_whoever_the_mortal_and_whatever_the_vision() {
    let model = synthetic_features(11);
    let mut checked = 0;
    for seed in 0..40u64 {
        let seats = 3 + (seed % 4) as usize;
        let mut game = Dreams::new(Seed::from_u64(seed), seats, Default::default()).unwrap();
        let mut rng = Rng::from_seed(&Seed::from_u64(seed + 500));
        // Into the stars phase (or the guess phase, for every third seed).
        let steps = if seed % 3 == 0 {
            3 * seats + 1
        } else {
            (seed as usize) % (3 * seats)
        };
        for _ in 0..steps {
            let Some((seat, turn)) = crate::dreams::random::random_submission(&game, &mut rng)
            else {
                break;
            };
            game = game.apply(seat, &turn).unwrap().game;
        }
        if game.is_over() {
            continue;
        }
        for &seat in &game.to_act() {
            let mortal = game.secret_mortal();
            let vision = game.secret_vision();
            let rename = |s: Seat, g: Option<Guess>| {
                if s == seat {
                    g
                } else {
                    Some(match g {
                        Some(Guess::Seat(x)) => Guess::Seat((x + 1) % seats),
                        Some(Guess::Image(i)) => Guess::Image(i % 4 + 1),
                        None => Guess::Image(1),
                    })
                }
            };
            let others: Vec<Dreams> = if seat == mortal {
                (1..=4u8)
                    .filter(|&v| v != vision)
                    .map(|v| game.with_hidden(seat, v, rename))
                    .collect()
            } else {
                (0..seats)
                    .filter(|&m| m != seat && m != mortal)
                    .map(|m| game.with_hidden(m, vision, rename))
                    .collect()
            };
            let view = game.view(Viewer::Seat(seat));
            for other in &others {
                let other_view = other.view(Viewer::Seat(seat));
                assert_eq!(
                    json(&view),
                    json(&other_view),
                    "seed {seed}: the view shows a secret"
                );
                for level in Level::ALL {
                    let bot_seed = Seed::from_u64(seed ^ 0xd5ea);
                    assert_eq!(
                        dreams::choose(&view, Some(&model), level, TEST_BUDGET, bot_seed),
                        dreams::choose(&other_view, Some(&model), level, TEST_BUDGET, bot_seed),
                        "seed {seed}, seat {seat}, {level:?}, phase {:?}",
                        game.phase()
                    );
                    checked += 1;
                }
            }
        }
        let _ = DreamsPhase::Stars;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn bots_are_deterministic_in_their_seed() {
    let game = Gods::new(Seed::from_u64(4), 4, GodsOptions::default()).unwrap();
    let view = game.view(Viewer::Seat(0));
    for level in Level::ALL {
        let a = gods::choose(&view, level, TEST_BUDGET, Seed::from_u64(1));
        assert_eq!(
            a,
            gods::choose(&view, level, TEST_BUDGET, Seed::from_u64(1))
        );
    }
}
