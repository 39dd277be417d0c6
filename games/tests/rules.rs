//! One or more tests per rule of `docs/rules/gods.md`, named by the rule id.
//!
//! Positions are built with `common::Position` (see its docs for the cell and tile codes).
//! Hex neighbours of (q, r), in the canonical order (G-B1): E (q+1, r), NE (q+1, r-1),
//! NW (q, r-1), W (q-1, r), SW (q-1, r+1), SE (q, r+1).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

mod common;

use common::*;
use games::gods::setup::{all_tiles, start_layout};
use games::gods::{
    Cell, Colour, Conversion, DisplayRule, Draw, EndReason, Gods, GodsEvent, GodsOptions, Hex,
    PerColour, Phase, Step, TempleMajority, Tile,
};
use games::{Game, Outcome, Seed, Viewer};
use serde_json::{json, Value};

/// Board cells as `(q, r, code)`.
type Cells<'a> = &'a [(i32, i32, &'a str)];

/// Two gods: god 0's temple at (0,0), god 1's at (1,0); two deserts on display.
fn two_temples() -> Position {
    Position::new(2)
        .board(&[(0, 0, "T0"), (1, 0, "T1")])
        .display(&["D", "D"])
}

fn bag() -> GodsOptions {
    GodsOptions {
        draw: Draw::Bag,
        ..GodsOptions::default()
    }
}

fn new_game(seed: u64, seats: usize, options: GodsOptions) -> Gods {
    Gods::new(Seed::from_u64(seed), seats, options).unwrap()
}

// ---- Components (G-C) -----------------------------------------------------------------

#[test]
fn g_c1_four_tribe_colours_independent_of_the_gods() {
    assert_eq!(
        Colour::ALL,
        [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue]
    );
    let tiles = census(&all_tiles(&GodsOptions::default()));
    for c in Colour::ALL {
        assert_eq!(tiles[&Tile::Tribe(c)], 8, "{c} tribes");
    }
    // Gods are seats 0..n-1, and any god's marker may go on a tribe of any colour: here
    // god 1 founds a blue village.
    let game = Position::new(2)
        .board(&[(0, 0, "T1")])
        .far("b1", 2)
        .display(&["b", "D"])
        .build();
    let game = play(&game, &turn(&[tribe(1, 1, 0), discard(1)]));
    assert_eq!(game.god(1).unwrap().villages.get(Colour::Blue), 1);
    for seats in 2..=4 {
        assert_eq!(
            new_game(1, seats, GodsOptions::default()).gods().len(),
            seats
        );
    }
}

#[test]
fn g_c2_each_god_has_6_temples_15_markers_and_2_crystals() {
    for seats in 2..=4 {
        let game = new_game(7, seats, GodsOptions::default());
        for (seat, god) in game.gods().iter().enumerate() {
            // One temple of the 6 is on the board (G-B3).
            assert_eq!(god.temples, 5, "{seats} gods, god {seat}");
            assert_eq!(game.board().temples_of(seat), 1);
            assert_eq!(god.markers, 15);
            // God 0 has already gathered power for the first turn (G-T2, G-T6).
            let expected = if seat == 0 { 2 + 3 } else { 2 };
            assert_eq!(god.crystals, expected, "{seats} gods, god {seat}");
            assert_eq!(god.extra_actions, 0);
        }
    }
}

#[test]
fn g_c3_the_pile_holds_32_tribes_11_deserts_2_whirlwinds_2_extra_actions_1_game_end() {
    let tiles = census(&all_tiles(&GodsOptions::default()));
    let expected = [
        (Tile::Tribe(Colour::Red), 8),
        (Tile::Tribe(Colour::Yellow), 8),
        (Tile::Tribe(Colour::Green), 8),
        (Tile::Tribe(Colour::Blue), 8),
        (Tile::Desert, 11),
        (Tile::Whirlwind, 2),
        (Tile::ExtraAction, 2),
        (Tile::GameEnd, 1),
    ];
    assert_eq!(tiles, expected.into_iter().collect());
    for seats in 2..=4 {
        let game = new_game(3, seats, GodsOptions::default());
        // Pile + display + the start desert (4 gods) = all of them.
        assert_eq!(tiles_in_game(&game), tiles, "{seats} gods");
        assert_eq!(
            game.tiles_remaining() + game.display().len(),
            if seats == 4 { 47 } else { 48 }
        );
    }
}

#[test]
fn g_c4_two_village_tiles_and_three_vp_tiles_per_colour() {
    for seats in 2..=4 {
        let game = new_game(5, seats, GodsOptions::default());
        assert_eq!(game.village_supply(), PerColour::all(2));
        assert_eq!(game.vp_supply(), PerColour::all(3));
        // The 50-crystal reserve never limits: 4 gods hold at most 4 × 12 = 48 (G-T2),
        // so the engine keeps no reserve count.
    }
}

// ---- Board (G-B) ----------------------------------------------------------------------

#[test]
fn g_b1_neighbours_in_canonical_order_e_ne_nw_w_sw_se() {
    let n = Hex::new(2, -1).neighbours();
    assert_eq!(
        n,
        [
            Hex::new(3, -1),
            Hex::new(3, -2),
            Hex::new(2, -2),
            Hex::new(1, -1),
            Hex::new(1, 0),
            Hex::new(2, 0)
        ]
    );
    for h in n {
        assert!(h.is_adjacent(Hex::new(2, -1)));
    }
    assert!(!Hex::new(0, 0).is_adjacent(Hex::new(1, 1)));
    assert!(!Hex::new(0, 0).is_adjacent(Hex::new(0, 0)));
    // The order matters where it decides something: see
    // g_a3_a_god_short_of_markers_converts_in_neighbour_order.
}

#[test]
fn g_b2_a_tile_goes_on_an_empty_hex_touching_a_tile() {
    let game = two_temples().display(&["r", "D"]).build();
    let cases: &[(Step, &str, &str)] = &[
        (
            tribe(1, 1, 0),
            "G-A1",
            "hex 1,0 is taken: tiles never stack (G-B2)",
        ),
        (tribe(1, 5, 5), "G-A1", "hex 5,5 touches no tile (G-B2)"),
        (
            temple(0, 0),
            "G-A3",
            "hex 0,0 is taken: tiles never stack (G-B2)",
        ),
        (temple(3, 0), "G-A3", "hex 3,0 touches no tile (G-B2)"),
        (
            desert(2, 0, 0),
            "G-A4",
            "hex 0,0 is taken: tiles never stack (G-B2)",
        ),
        (desert(2, -5, 0), "G-A4", "hex -5,0 touches no tile (G-B2)"),
    ];
    for (step, rule, message) in cases {
        let e = reject(&game, &turn(&[*step, discard(1)]));
        assert_eq!(
            (e.rule.as_str(), e.message.as_str(), e.step),
            (*rule, *message, Some(1))
        );
    }
}

#[test]
fn g_b2_the_board_is_unbounded_and_need_not_stay_connected() {
    // A red tribe at (3,0) touches only the desert at (2,0); a blue one lies far away.
    let game = two_temples()
        .add(2, 0, "D")
        .add(3, 0, "r")
        .add(10_000, -10_000, "b")
        .display(&["y", "g"])
        .build();
    // Moving the desert away leaves the red tribe on an island; a tribe may still join it,
    // and one may be placed next to the far blue tribe.
    let game = play(
        &game,
        &turn(&[move_desert((2, 0), (-1, 0)), tribe(1, 4, 0)]),
    );
    assert_eq!(at(&game, 2, 0), None);
    assert_eq!(
        at(&game, 4, 0),
        Some(Cell::Tribe {
            colour: Colour::Yellow,
            marker: None
        })
    );
    let game = Position::new(2)
        .board(&[(0, 0, "T0"), (10_000, -10_000, "b")])
        .display(&["g", "D"])
        .build();
    let game = play(&game, &turn(&[tribe(1, 10_001, -10_000), discard(1)]));
    assert!(at(&game, 10_001, -10_000).is_some());
}

#[test]
fn g_b3_start_layouts_for_2_3_and_4_gods() {
    let t = |god| Cell::Temple { god };
    let cases: [(usize, Vec<(Hex, Cell)>); 3] = [
        (2, vec![(Hex::new(0, 0), t(0)), (Hex::new(1, 0), t(1))]),
        (
            3,
            vec![
                (Hex::new(0, 0), t(0)),
                (Hex::new(1, 0), t(1)),
                (Hex::new(0, 1), t(2)),
            ],
        ),
        (
            4,
            vec![
                (Hex::new(0, 0), Cell::Desert),
                (Hex::new(1, 0), t(0)),
                (Hex::new(1, -1), t(1)),
                (Hex::new(-1, 0), t(2)),
                (Hex::new(-1, 1), t(3)),
            ],
        ),
    ];
    for (seats, mut expected) in cases {
        let game = new_game(11, seats, GodsOptions::default());
        let mut board: Vec<(Hex, Cell)> = game.board().iter().collect();
        board.sort_by_key(|&(h, _)| h);
        expected.sort_by_key(|&(h, _)| h);
        assert_eq!(board, expected, "{seats} gods");
        let mut layout = start_layout(seats);
        layout.sort_by_key(|&(h, _)| h);
        assert_eq!(layout, expected);
    }
    // 4 gods: the two pairs of temples are adjacent, with the desert between them.
    let pairs = [((1, 0), (1, -1)), ((-1, 0), (-1, 1))];
    for ((a, b), (c, d)) in pairs {
        assert!(Hex::new(a, b).is_adjacent(Hex::new(c, d)));
        assert!(Hex::new(0, 0).is_adjacent(Hex::new(a, b)));
        assert!(Hex::new(0, 0).is_adjacent(Hex::new(c, d)));
    }
    // The 4-god desert is one of the 11: 10 remain for the pile.
    let game = new_game(11, 4, GodsOptions::default());
    let deserts = game
        .secret_pile()
        .iter()
        .chain(game.display())
        .filter(|&&t| t == Tile::Desert)
        .count();
    assert_eq!(deserts, 10);
}

#[test]
fn g_b4_the_game_end_tile_lies_uniformly_among_the_last_end_tile_depth_tiles() {
    for depth in 1..=4u8 {
        let options = GodsOptions {
            end_tile_depth: depth,
            ..GodsOptions::default()
        };
        let mut seen = vec![0usize; usize::from(depth)];
        let games = 300;
        for seed in 0..games {
            let game = new_game(seed, 2, options.clone());
            // The top of the pile is its last element: index 0 is the very last tile.
            let from_bottom = game
                .secret_pile()
                .iter()
                .position(|&t| t == Tile::GameEnd)
                .unwrap();
            assert!(
                from_bottom < usize::from(depth),
                "depth {depth}, seed {seed}"
            );
            seen[from_bottom] += 1;
            assert!(!game.display().contains(&Tile::GameEnd));
        }
        let fair = games as usize / usize::from(depth);
        for (i, &n) in seen.iter().enumerate() {
            assert!(
                n * 10 > fair * 7,
                "depth {depth}: position {i} drawn {n} times of {games}"
            );
        }
    }
    // The rest is shuffled: seeds give different piles, the same seed the same pile.
    let a = new_game(1, 2, GodsOptions::default());
    let b = new_game(2, 2, GodsOptions::default());
    assert_ne!(a.secret_pile(), b.secret_pile());
    assert_eq!(a, new_game(1, 2, GodsOptions::default()));
    // The default depth is 3; 0 is not a depth.
    assert_eq!(GodsOptions::default().end_tile_depth, 3);
    let zero = GodsOptions {
        end_tile_depth: 0,
        ..GodsOptions::default()
    };
    let e = Gods::new(Seed::from_u64(1), 2, zero).unwrap_err();
    assert!(e.0.contains("G-B4"), "{e}");
}

#[test]
fn g_b5_seat_0_starts_and_play_goes_round_in_seat_order() {
    // (Assigning people to seats at random is the service's job, not the rules'.)
    for seats in 2..=4 {
        let mut game = new_game(21, seats, GodsOptions::default());
        let mut order = Vec::new();
        for _ in 0..3 * seats {
            order.push(game.to_move());
            assert_eq!(game.to_act(), vec![game.to_move()]);
            game = play(&game, &turn(&[discard(1), discard(1)]));
        }
        let expected: Vec<usize> = (0..3 * seats).map(|i| i % seats).collect();
        assert_eq!(order, expected, "{seats} gods");
    }
}

// ---- A turn (G-T) ---------------------------------------------------------------------

#[test]
fn g_t1_a_god_holding_3_colours_or_4_village_tiles_may_end_the_game_instead_of_playing() {
    // God 1's village tiles → may god 1 end the game when the turn comes?
    let cases: &[(&[(char, u8)], bool)] = &[
        (&[], false),
        (&[('r', 1), ('y', 1)], false),
        (&[('r', 2), ('y', 1)], false),
        (&[('r', 1), ('y', 1), ('g', 1)], true),
        (&[('r', 2), ('y', 2)], true),
        (&[('r', 2), ('y', 1), ('g', 1)], true),
        (&[('r', 1), ('y', 1), ('g', 1), ('b', 1)], true),
    ];
    for &(held, may) in cases {
        let game = two_temples()
            .backed_villages(1, held)
            .crystals(1, 2)
            .build();
        let game = play(&game, &turn(&[discard(1), discard(1)]));
        assert_eq!(game.to_move(), 1);
        assert_eq!(game.may_declare(1), may, "{held:?}");
        if may {
            // The turn waits for the decision: no power, no refill yet (G-T6).
            assert_eq!(game.phase(), Phase::MayDeclare, "{held:?}");
            assert_eq!(crystals(&game, 1), 2);
            assert!(game.display().is_empty());
            let (over, events) = play_events(&game, &declare());
            assert!(over.is_over());
            assert_eq!(over.end_reason(), Some(EndReason::Declared { seat: 1 }));
            assert_eq!(crystals(&over, 1), 2, "declaring gathers no power");
            assert!(events.contains(&GodsEvent::EndDeclared { seat: 1 }));
        } else {
            assert_eq!(game.phase(), Phase::Actions, "{held:?}");
            let e = reject(&game, &declare());
            assert_eq!(e.rule, "G-T1");
            assert!(
                e.message
                    .starts_with("you may end the game only holding village tiles of 3 colours or 4 village tiles"),
                "{e}"
            );
        }
    }
}

#[test]
fn g_t1_ending_replaces_the_whole_turn_and_comes_before_it() {
    let game = two_temples()
        .backed_villages(1, &[('r', 1), ('y', 1), ('g', 1)])
        .build();
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.phase(), Phase::MayDeclare);
    let mut both = declare();
    both.steps.push(discard(1));
    let e = reject(&game, &both);
    assert_eq!(e.rule, "G-T1");
    assert_eq!(
        e.message,
        "ending the game replaces the whole turn: send `end` with no actions"
    );
    // Once the god has chosen to play on, the end must wait for their next turn.
    let game = play(&game, &play_on());
    let e = reject(&game, &declare());
    assert_eq!(e.rule, "G-T1");
    assert!(e.message.contains("already played on"), "{e}");
}

#[test]
fn g_t2_gathering_power_adds_3_crystals_up_to_12() {
    for (before, after) in [(0, 3), (2, 5), (8, 11), (9, 12), (10, 12), (12, 12)] {
        let game = two_temples().crystals(1, before).build();
        let (game, events) = play_events(&game, &turn(&[discard(1), discard(1)]));
        assert_eq!(crystals(&game, 1), after, "from {before}");
        assert!(events.contains(&GodsEvent::PowerGathered {
            seat: 1,
            gained: after - before,
            crystals: after
        }));
    }
}

#[test]
fn g_t3_refill_to_two_draws_until_two_tiles_lie_face_up() {
    // (tiles on display before the turn, tiles left after 2 discards) → display after
    // the refill, with the pile's top last.
    let cases: &[(&[&str], &[&str])] = &[
        (&["r", "y"], &["g", "b"]),
        (&["r", "y", "b"], &["b", "g"]),
        (&["r", "y", "b", "D"], &["b", "D"]),
        (&["r", "y", "b", "D", "W"], &["b", "D", "W"]),
    ];
    for &(display, expected) in cases {
        let game = two_temples()
            .display(display)
            .pile(&["D", "b", "g"])
            .build();
        let game = play(&game, &turn(&[discard(1), discard(1)]));
        assert_eq!(game.display(), tiles(expected), "{display:?}");
    }
}

#[test]
fn g_t3_option_add_two_always_draws_two_more() {
    let options = GodsOptions {
        display: DisplayRule::AddTwo,
        ..GodsOptions::default()
    };
    let cases: &[(&[&str], &[&str])] = &[
        (&["r", "y"], &["g", "b"]),
        (&["r", "y", "b"], &["b", "g", "b"]),
        (&["r", "y", "b", "D"], &["b", "D", "g", "b"]),
    ];
    for &(display, expected) in cases {
        let game = two_temples()
            .options(options.clone())
            .display(display)
            .pile(&["D", "b", "g"])
            .build();
        let game = play(&game, &turn(&[discard(1), discard(1)]));
        assert_eq!(game.display(), tiles(expected), "{display:?}");
    }
}

#[test]
fn g_t4_a_turn_is_exactly_two_actions() {
    let game = two_temples().display(&["r", "y", "b"]).build();
    let e = reject(&game, &turn(&[discard(1)]));
    assert_eq!((e.rule.as_str(), e.step), ("G-T4", None));
    assert_eq!(e.message, "you owe 1 more action this turn");
    assert_eq!(e.to_string(), "G-T4: you owe 1 more action this turn");
    let e = reject(&game, &turn(&[]));
    assert_eq!(e.message, "you owe 2 more actions this turn");
    let e = reject(&game, &turn(&[discard(1), discard(1), discard(1)]));
    assert_eq!((e.rule.as_str(), e.step), ("G-T4", Some(3)));
    assert!(
        e.message.starts_with("you have no action left this turn"),
        "{e}"
    );
    // The same action twice is fine; a temple twice is not.
    play(&game, &turn(&[tribe(1, 0, -1), tribe(1, 2, -1)]));
    play(&game, &turn(&[discard(2), discard(2)]));
    let e = reject(&game, &turn(&[temple(0, -1), temple(2, -1)]));
    assert_eq!((e.rule.as_str(), e.step), ("G-A3", Some(2)));
    assert_eq!(e.message, "you may place only one temple per turn (G-T4)");
}

#[test]
fn g_t4_each_action_is_paid_before_the_next() {
    // 3 crystals: a tribe touching 2 tiles (2), then another touching 2 (2) is too much.
    let game = two_temples().display(&["r", "y"]).crystals(0, 3).build();
    let e = reject(&game, &turn(&[tribe(1, 0, 1), tribe(1, 1, -1)]));
    assert_eq!((e.rule.as_str(), e.step), ("G-A1", Some(2)));
    assert_eq!(
        e.message,
        "a tribe here touches 2 tiles and costs 2 crystals; you have 1"
    );
    // Legal as soon as the first one is cheaper.
    let game = play(&game, &turn(&[tribe(1, -1, 0), tribe(1, 1, -1)]));
    assert_eq!(crystals(&game, 0), 0);
}

#[test]
fn g_t4_with_no_legal_action_left_the_remaining_actions_are_forfeited() {
    // No crystals, no desert on the board, one tile on display: after discarding it
    // nothing is legal, so the turn ends with one action owed. The service decides.
    let game = two_temples().display(&["r"]).crystals(0, 0).build();
    let (after, events) = play_events(&game, &turn(&[discard(1)]));
    assert!(events.contains(&GodsEvent::ActionsForfeited { seat: 0, owed: 1 }));
    assert_eq!(after.to_move(), 1);
    // Nothing more may be played once stuck, not even a kept extra-action tile (G-A7).
    let game = two_temples()
        .display(&["r"])
        .crystals(0, 0)
        .extra_actions(0, 1)
        .build();
    let e = reject(&game, &turn(&[discard(1), play_extra()]));
    assert_eq!((e.rule.as_str(), e.step), ("G-T4", Some(2)));
    assert!(e.message.contains("none was legal"), "{e}");
    // The client cannot forfeit while an action is legal: discarding is.
    let game = two_temples().display(&["r", "y"]).crystals(0, 0).build();
    let e = reject(&game, &turn(&[discard(1)]));
    assert_eq!(e.rule, "G-T4");
}

#[test]
fn g_t4_a_turn_whose_second_step_is_illegal_is_rejected_whole() {
    let game = two_temples().display(&["r", "y"]).build();
    let before = game.clone();
    let e = reject(&game, &turn(&[tribe(1, 2, 0), temple(0, 0)]));
    assert_eq!(e.step, Some(2));
    assert_eq!(e.rule, "G-A3");
    assert_eq!(
        e.to_string(),
        "G-A3: step 2: hex 0,0 is taken: tiles never stack (G-B2)"
    );
    assert_eq!(game, before);
    assert_eq!(at(&game, 2, 0), None, "the first step did not stay applied");
    assert_eq!(crystals(&game, 0), 12);
}

#[test]
fn g_t5_then_the_next_seat_moves_and_nobody_else_may() {
    let game = Position::new(3)
        .board(&[(0, 0, "T0"), (1, 0, "T1"), (0, 1, "T2")])
        .display(&["r", "y"])
        .build();
    for seat in [1, 2, 7] {
        let e = game
            .apply(seat, &turn(&[discard(1), discard(1)]))
            .unwrap_err();
        assert_eq!(e.rule, "G-T5");
        assert_eq!(e.message, format!("it is god 0's turn, not god {seat}'s"));
    }
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.to_move(), 1);
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.to_move(), 2);
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.to_move(), 0);
}

#[test]
fn g_t6_the_service_gathers_and_refills_as_soon_as_the_previous_turn_ends() {
    let game = two_temples()
        .crystals(1, 4)
        .pile(&["D", "D", "g", "b"])
        .build();
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    // God 1 sees the display they will use, with power already gathered.
    assert_eq!(game.phase(), Phase::Actions);
    assert_eq!(crystals(&game, 1), 7);
    assert_eq!(game.display(), tiles(&["b", "g"]));
    // …except when god 1 may end the game: then nothing happens until they decide.
    let game = two_temples()
        .crystals(1, 4)
        .pile(&["D", "D", "g", "b"])
        .backed_villages(1, &[('r', 2), ('y', 2)])
        .build();
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.phase(), Phase::MayDeclare);
    assert_eq!(crystals(&game, 1), 4);
    assert!(game.display().is_empty());
    let e = reject(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(e.rule, "G-T6");
    assert!(e.message.contains("first send `end` or `continue`"), "{e}");
    let (game, events) = play_events(&game, &play_on());
    assert!(events.contains(&GodsEvent::PlayedOn { seat: 1 }));
    assert_eq!((game.phase(), game.to_move()), (Phase::Actions, 1));
    assert_eq!(crystals(&game, 1), 7);
    assert_eq!(game.display(), tiles(&["b", "g"]));
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.to_move(), 0);
}

#[test]
fn g_t7_slots_name_the_display_as_it_is_at_that_step() {
    // Taking slot 2 twice takes the yellow tribe, then the blue one that moved up.
    let game = two_temples()
        .display(&["r", "y", "b"])
        .pile(&["D", "g"])
        .build();
    let game = play(&game, &turn(&[tribe(2, 0, -1), tribe(2, 2, -1)]));
    let colour_at = |g: &Gods, q, r| match at(g, q, r) {
        Some(Cell::Tribe { colour, .. }) => colour,
        other => panic!("{other:?}"),
    };
    assert_eq!(colour_at(&game, 0, -1), Colour::Yellow);
    assert_eq!(colour_at(&game, 2, -1), Colour::Blue);
    // The red tribe left over keeps slot 1; the new draw is appended.
    assert_eq!(game.display(), tiles(&["r", "g"]));
    // A slot that does not exist.
    let game = two_temples().display(&["r", "y", "b"]).build();
    let e = reject(&game, &turn(&[discard(4), discard(1)]));
    assert_eq!((e.rule.as_str(), e.step), ("G-T7", Some(1)));
    assert_eq!(e.message, "there is no slot 4: the display holds 3 tiles");
    let e = reject(&game, &turn(&[discard(1), discard(1), discard(0)]));
    assert_eq!(e.rule, "G-T4");
    let e = reject(&game, &turn(&[discard(3), discard(3)]));
    assert_eq!((e.rule.as_str(), e.step), ("G-T7", Some(2)));
    assert_eq!(e.message, "there is no slot 3: the display holds 2 tiles");
}

// ---- Actions (G-A) --------------------------------------------------------------------

#[test]
fn g_a1_a_tribe_costs_1_crystal_per_touching_tile() {
    // T0 (0,0), T1 (1,0), desert (2,-1): hex → tiles touched.
    let cases = [
        ((-1, 0), 1),
        ((0, 1), 2),
        ((1, -1), 3),
        ((3, -1), 1),
        ((2, 0), 2),
    ];
    for ((q, r), cost) in cases {
        let game = two_temples()
            .add(2, -1, "D")
            .display(&["r", "D"])
            .crystals(0, 7)
            .build();
        let (game, events) = play_events(&game, &turn(&[tribe(1, q, r), discard(1)]));
        assert_eq!(crystals(&game, 0), 7 - cost, "at {q},{r}");
        assert!(matches!(
            at(&game, q, r),
            Some(Cell::Tribe {
                colour: Colour::Red,
                ..
            })
        ));
        assert!(events
            .iter()
            .any(|e| matches!(e, GodsEvent::TribePlaced { cost: c, .. } if *c == cost)));
    }
    let game = two_temples()
        .add(2, -1, "D")
        .display(&["r", "D"])
        .crystals(0, 2)
        .build();
    let e = reject(&game, &turn(&[tribe(1, 1, -1), discard(1)]));
    assert_eq!(
        e.to_string(),
        "G-A1: step 1: a tribe here touches 3 tiles and costs 3 crystals; you have 2"
    );
    let e = reject(&game, &turn(&[tribe(2, -1, 0), discard(1)]));
    assert_eq!(e.rule, "G-A1");
    assert_eq!(e.message, "slot 2 holds a desert, not a tribe");
}

#[test]
fn g_a2_the_new_tribe_takes_a_marker_from_its_neighbours() {
    // Neighbours of (0,0) → the marker the red tribe placed at (0,0) receives.
    let cases: &[(&str, Cells, Option<usize>)] = &[
        ("(a) one god's temple", &[(1, 0, "T1")], Some(1)),
        (
            "(a) two temples of one god",
            &[(1, 0, "T1"), (-1, 0, "T1")],
            Some(1),
        ),
        (
            "(a) a temple beats marked tribes",
            &[(1, 0, "T1"), (-1, 0, "b0"), (0, 1, "y0")],
            Some(1),
        ),
        ("(a) with a desert", &[(1, 0, "D"), (0, -1, "T0")], Some(0)),
        (
            "(b) temples of two gods",
            &[(1, 0, "T1"), (-1, 0, "T0")],
            None,
        ),
        (
            "(b) even with a marked tribe",
            &[(1, 0, "T1"), (-1, 0, "T0"), (0, 1, "g1")],
            None,
        ),
        ("(c) one marked tribe", &[(1, 0, "b1")], Some(1)),
        (
            "(c) tribes of one god",
            &[(1, 0, "b1"), (0, 1, "y1")],
            Some(1),
        ),
        (
            "(c) unmarked tribes are ignored",
            &[(1, 0, "b1"), (-1, 0, "y"), (0, 1, "g")],
            Some(1),
        ),
        ("(d) only an unmarked tribe", &[(1, 0, "y")], None),
        ("(d) only a desert", &[(1, 0, "D")], None),
        (
            "(d) tribes of two gods",
            &[(1, 0, "b1"), (-1, 0, "y0")],
            None,
        ),
    ];
    for &(case, neighbours, expected) in cases {
        let game = Position::new(2)
            .board(neighbours)
            .display(&["r", "D"])
            .build();
        let markers_before: Vec<u8> = game.gods().iter().map(|g| g.markers).collect();
        let game = play(&game, &turn(&[tribe(1, 0, 0), discard(1)]));
        assert_eq!(marker(&game, 0, 0), expected, "{case}");
        for (seat, before) in markers_before.iter().enumerate() {
            let taken = u8::from(expected == Some(seat));
            assert_eq!(game.god(seat).unwrap().markers, before - taken, "{case}");
        }
    }
}

#[test]
fn g_a2_and_g_x2_a_god_with_no_marker_left_marks_no_new_tribe() {
    for neighbours in [&[(1, 0, "T1")][..], &[(1, 0, "b1")][..]] {
        let game = Position::new(2)
            .board(neighbours)
            .markers(1, 0)
            .display(&["r", "D"])
            .build();
        let game = play(&game, &turn(&[tribe(1, 0, 0), discard(1)]));
        assert_eq!(marker(&game, 0, 0), None, "{neighbours:?}");
        assert_eq!(game.god(1).unwrap().markers, 0);
    }
}

#[test]
fn g_a3_a_temple_costs_3_per_touching_tile_and_converts_neighbours() {
    // Around (0,0): E red tribe of god 1, NE unmarked blue, NW yellow of god 0 already,
    // W green of god 2. Four tiles: 12 crystals.
    let game = Position::new(3)
        .board(&[
            (1, 0, "r1"),
            (1, -1, "b"),
            (0, -1, "y0"),
            (-1, 0, "g2"),
            (5, 5, "T2"),
        ])
        .display(&["D", "D"])
        .build();
    let (game, events) = play_events(&game, &turn(&[temple(0, 0), discard(1)]));
    assert_eq!(crystals(&game, 0), 0);
    assert_eq!(at(&game, 0, 0), Some(Cell::Temple { god: 0 }));
    for (q, r) in [(1, 0), (1, -1), (0, -1), (-1, 0)] {
        assert_eq!(marker(&game, q, r), Some(0), "at {q},{r}");
    }
    // Markers taken off go back to their owners; god 0 spent 3 (the yellow needed none).
    let markers: Vec<u8> = game.gods().iter().map(|g| g.markers).collect();
    assert_eq!(markers, vec![15 - 4, 15, 15]);
    assert_eq!(game.god(0).unwrap().temples, 5);
    assert!(events.contains(&GodsEvent::TemplePlaced {
        seat: 0,
        at: Hex::new(0, 0),
        cost: 12,
        converted: vec![
            Conversion {
                at: Hex::new(1, 0),
                from: Some(1)
            },
            Conversion {
                at: Hex::new(1, -1),
                from: None
            },
            Conversion {
                at: Hex::new(-1, 0),
                from: Some(2)
            },
        ],
    }));
    // The cost per number of touching tiles.
    for (neighbours, cost) in [
        (&[(1, 0, "T1")][..], 3),
        (&[(1, 0, "T1"), (-1, 0, "D")][..], 6),
        (&[(1, 0, "T1"), (-1, 0, "D"), (0, 1, "X")][..], 9),
    ] {
        let game = Position::new(2)
            .board(neighbours)
            .display(&["D", "D"])
            .build();
        let game = play(&game, &turn(&[temple(0, 0), discard(1)]));
        assert_eq!(crystals(&game, 0), 12 - cost);
    }
}

#[test]
fn g_a3_rejection_names_the_cost_in_player_words() {
    // (1,1) touches T1 (1,0), a red tribe (0,1) and a desert (2,0).
    let game = two_temples()
        .add(0, 1, "r")
        .add(2, 0, "D")
        .crystals(0, 7)
        .build();
    assert_eq!(game.board().occupied_neighbours(Hex::new(1, 1)), 3);
    let e = reject(&game, &turn(&[temple(1, 1), discard(1)]));
    assert_eq!(e.rule, "G-A3");
    assert_eq!(
        e.message,
        "a temple here touches 3 tiles and costs 9 crystals; you have 7"
    );
    assert_eq!(
        e.to_string(),
        "G-A3: step 1: a temple here touches 3 tiles and costs 9 crystals; you have 7"
    );
    // One tile, one crystal: singular words.
    let game = two_temples().crystals(0, 1).build();
    let e = reject(&game, &turn(&[temple(-1, 0), discard(1)]));
    assert_eq!(
        e.message,
        "a temple here touches 1 tile and costs 3 crystals; you have 1"
    );
}

#[test]
fn g_a3_a_god_short_of_markers_converts_in_neighbour_order() {
    // Around (0,0) in G-B1 order: E red of god 1, NE yellow of god 0 (needs none),
    // NW unmarked blue, W green of god 1. God 0 has 2 markers left.
    let position = Position::new(2)
        .board(&[(1, 0, "r1"), (1, -1, "y0"), (0, -1, "b"), (-1, 0, "g1")])
        .display(&["D", "D"]);
    let game = play(
        &position.clone().markers(0, 2).build(),
        &turn(&[temple(0, 0), discard(1)]),
    );
    assert_eq!(marker(&game, 1, 0), Some(0));
    assert_eq!(marker(&game, 1, -1), Some(0));
    assert_eq!(marker(&game, 0, -1), Some(0));
    assert_eq!(
        marker(&game, -1, 0),
        Some(1),
        "not reached: keeps its marker"
    );
    assert_eq!(game.god(0).unwrap().markers, 0);
    assert_eq!(game.god(1).unwrap().markers, 15 - 2 + 1);
    // G-X2: with no marker at all the temple converts nothing.
    let game = play(
        &position.markers(0, 0).build(),
        &turn(&[temple(0, 0), discard(1)]),
    );
    assert_eq!(marker(&game, 1, 0), Some(1));
    assert_eq!(marker(&game, 0, -1), None);
    assert_eq!(marker(&game, -1, 0), Some(1));
    assert_eq!(at(&game, 0, 0), Some(Cell::Temple { god: 0 }));
}

#[test]
fn g_a4_a_desert_is_placed_and_brings_1_crystal_up_to_12() {
    for (before, after) in [(0, 1), (5, 6), (11, 12), (12, 12)] {
        let game = two_temples()
            .display(&["D", "r"])
            .crystals(0, before)
            .build();
        let (game, events) = play_events(&game, &turn(&[desert(1, 2, 0), discard(1)]));
        assert_eq!(at(&game, 2, 0), Some(Cell::Desert));
        assert_eq!(crystals(&game, 0), after);
        assert!(events.contains(&GodsEvent::DesertPlaced {
            seat: 0,
            at: Hex::new(2, 0),
            gained: after - before
        }));
    }
    let game = two_temples().display(&["r", "D"]).build();
    let e = reject(&game, &turn(&[desert(1, 2, 0), discard(1)]));
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("G-A4", "slot 1 holds a red tribe, not a desert")
    );
}

#[test]
fn g_a4_a_whirlwind_moves_a_desert_for_free_even_one_placed_this_turn() {
    let game = two_temples().display(&["D", "W"]).crystals(0, 5).build();
    let (game, events) = play_events(
        &game,
        &turn(&[desert(1, 2, 0), whirlwind(1, (2, 0), (-1, 0))]),
    );
    assert_eq!(at(&game, 2, 0), None);
    assert_eq!(at(&game, -1, 0), Some(Cell::Desert));
    assert_eq!(
        crystals(&game, 0),
        6,
        "the desert's crystal; the whirlwind is free"
    );
    assert_eq!(
        game.removed(),
        tiles(&["W"]),
        "the whirlwind leaves the game"
    );
    assert!(events.contains(&GodsEvent::DesertMoved {
        seat: 0,
        from: Hex::new(2, 0),
        to: Hex::new(-1, 0),
        cost: 0,
        whirlwind: true
    }));
    // Where it may go is G-A6's rule.
    let game = two_temples().add(2, 0, "D").display(&["W", "r"]).build();
    let e = reject(&game, &turn(&[whirlwind(1, (2, 0), (3, 0)), discard(1)]));
    assert_eq!(e.rule, "G-A4");
    assert!(
        e.message
            .contains("touches no tile other than the desert being moved"),
        "{e}"
    );
}

#[test]
fn g_a4_a_whirlwind_cannot_be_taken_without_a_desert_on_the_board_but_can_be_discarded() {
    let game = two_temples().display(&["W", "r"]).build();
    let e = reject(&game, &turn(&[whirlwind(1, (2, 0), (-1, 0)), discard(1)]));
    assert_eq!(e.rule, "G-A4");
    assert_eq!(
        e.message,
        "a whirlwind cannot be taken while no desert is on the board (you may discard it)"
    );
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.removed(), tiles(&["W", "r"]));
}

#[test]
fn g_a4_an_extra_action_tile_is_kept_for_a_later_turn() {
    let game = two_temples().display(&["E", "r"]).crystals(0, 5).build();
    let game = play(&game, &turn(&[take_extra(1), discard(1)]));
    assert_eq!(game.god(0).unwrap().extra_actions, 1);
    assert_eq!(crystals(&game, 0), 5);
    assert!(!game.removed().contains(&Tile::ExtraAction));
    let game = two_temples().display(&["r", "E"]).build();
    let e = reject(&game, &turn(&[take_extra(1), discard(1)]));
    assert_eq!(e.rule, "G-A4");
}

#[test]
fn g_a5_discarding_removes_a_display_tile_from_the_game_for_free() {
    let game = two_temples()
        .display(&["r", "W", "E"])
        .crystals(0, 0)
        .build();
    let game = play(&game, &turn(&[discard(2), discard(2)]));
    assert_eq!(game.removed(), tiles(&["W", "E"]));
    assert_eq!(crystals(&game, 0), 0);
}

#[test]
fn g_a6_moving_a_desert_costs_2_and_needs_a_tile_other_than_itself_next_to_it() {
    // T0 (0,0), T1 (1,0), desert (2,0).
    let ok = |to: (i32, i32)| (to, None);
    let no = |to: (i32, i32), why: &'static str| (to, Some(why));
    let cases = [
        ok((-1, 0)),
        ok((2, -1)),
        ok((1, 1)),
        no(
            (3, 0),
            "hex 3,0 touches no tile other than the desert being moved (G-A6)",
        ),
        no(
            (3, -1),
            "hex 3,-1 touches no tile other than the desert being moved (G-A6)",
        ),
        no((2, 0), "the desert must move to a different hex than 2,0"),
        no((0, 0), "hex 0,0 is taken: tiles never stack (G-B2)"),
        no(
            (9, 9),
            "hex 9,9 touches no tile other than the desert being moved (G-A6)",
        ),
    ];
    for ((q, r), why) in cases {
        let game = two_temples().add(2, 0, "D").crystals(0, 5).build();
        let t = turn(&[move_desert((2, 0), (q, r)), discard(1)]);
        match why {
            None => {
                let game = play(&game, &t);
                assert_eq!(at(&game, q, r), Some(Cell::Desert));
                assert_eq!(at(&game, 2, 0), None);
                assert_eq!(crystals(&game, 0), 3);
            }
            Some(why) => {
                let e = reject(&game, &t);
                assert_eq!(
                    (e.rule.as_str(), e.message.as_str()),
                    ("G-A6", why),
                    "to {q},{r}"
                );
            }
        }
    }
    let game = two_temples().add(2, 0, "D").crystals(0, 1).build();
    let e = reject(&game, &turn(&[move_desert((2, 0), (-1, 0)), discard(1)]));
    assert_eq!(e.message, "moving a desert costs 2 crystals; you have 1");
    let e = reject(&game, &turn(&[move_desert((1, 0), (-1, 0)), discard(1)]));
    assert_eq!(e.message, "hex 1,0 holds no desert");
}

#[test]
fn g_a7_a_kept_extra_action_tile_adds_one_action_at_any_point_of_the_turn() {
    let position = two_temples()
        .display(&["r", "y", "b", "g"])
        .extra_actions(0, 1);
    for steps in [
        vec![play_extra(), discard(1), discard(1), discard(1)],
        vec![discard(1), play_extra(), discard(1), discard(1)],
        vec![discard(1), discard(1), play_extra(), discard(1)],
    ] {
        let (game, events) = play_events(&position.build(), &turn(&steps));
        assert_eq!(
            census(game.removed()),
            census(&tiles(&["r", "y", "b", "E"])),
            "{steps:?}"
        );
        assert_eq!(game.god(0).unwrap().extra_actions, 0);
        assert!(events.contains(&GodsEvent::ExtraActionPlayed { seat: 0 }));
    }
    // Playing it is not an action: with the tile played, 2 actions are not enough.
    let e = reject(
        &position.build(),
        &turn(&[play_extra(), discard(1), discard(1)]),
    );
    assert_eq!(e.message, "you owe 1 more action this turn");
    // Both tiles in one turn.
    let game = position.extra_actions(0, 2).build();
    let game = play(
        &game,
        &turn(&[
            play_extra(),
            play_extra(),
            discard(1),
            discard(1),
            discard(1),
            discard(1),
        ]),
    );
    assert_eq!(game.god(0).unwrap().extra_actions, 0);
    let e = reject(&two_temples().build(), &turn(&[play_extra()]));
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("G-A7", "you hold no extra-action tile")
    );
}

#[test]
fn g_a7_a_tile_taken_this_turn_waits_unless_extra_action_same_turn() {
    let steps = turn(&[take_extra(1), play_extra(), discard(1), discard(1)]);
    let position = two_temples().display(&["E", "r", "y"]);
    let e = reject(&position.build(), &steps);
    assert_eq!((e.rule.as_str(), e.step), ("G-A7", Some(2)));
    assert_eq!(
        e.message,
        "an extra-action tile cannot be played in the turn it was taken"
    );
    // One kept from before may be played, the new one not.
    let game = position.clone().extra_actions(0, 1).build();
    play(&game, &steps);
    let e = reject(
        &game,
        &turn(&[
            take_extra(1),
            play_extra(),
            play_extra(),
            discard(1),
            discard(1),
            discard(1),
        ]),
    );
    assert_eq!((e.rule.as_str(), e.step), ("G-A7", Some(3)));
    // The option allows it.
    let options = GodsOptions {
        extra_action_same_turn: true,
        ..GodsOptions::default()
    };
    let game = play(&position.options(options).build(), &steps);
    assert_eq!(game.god(0).unwrap().extra_actions, 0);
    assert!(game.removed().contains(&Tile::ExtraAction));
}

// ---- Villages (G-V) -------------------------------------------------------------------

#[test]
fn g_v1_three_tribes_of_a_colour_make_a_village_wherever_they_lie() {
    // Red tribes carrying god 0's marker, none touching another → village tiles held
    // once the next action is settled (at most 2: G-X3).
    for (tribes, villages) in [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 2)] {
        let game = two_temples().far("r0", tribes).far("r1", 2).build();
        let game = play(&game, &turn(&[discard(1), discard(1)]));
        let god = game.god(0).unwrap();
        assert_eq!(god.villages.get(Colour::Red), villages, "{tribes} tribes");
        assert_eq!(god.vp.get(Colour::Red), villages);
        assert_eq!(game.god(1).unwrap().villages.total(), 0);
    }
    // The third tribe founds the village at once, before the turn's next action.
    let game = two_temples().far("r0", 2).display(&["r", "D"]).build();
    let (game, events) = play_events(&game, &turn(&[tribe(1, -1, 0), discard(1)]));
    let placed = events
        .iter()
        .position(|e| matches!(e, GodsEvent::TribePlaced { .. }))
        .unwrap();
    let discarded = events
        .iter()
        .position(|e| matches!(e, GodsEvent::Discarded { .. }))
        .unwrap();
    let founded = events
        .iter()
        .position(|e| {
            *e == GodsEvent::VillageFounded {
                seat: 0,
                colour: Colour::Red,
                vp: true,
            }
        })
        .unwrap();
    assert!(placed < founded && founded < discarded);
    assert_eq!(game.village_supply().get(Colour::Red), 1);
    assert_eq!(game.vp_supply().get(Colour::Red), 2);
}

#[test]
fn g_v2_a_nation_that_declines_returns_its_village_but_keeps_the_vp_tile() {
    // God 0: a red tribe at (0,0) and two far ones, one red village and its VP tile.
    // God 1 builds a temple at (0,-1), converting (0,0).
    let game = Position::new(2)
        .board(&[(0, 0, "r0"), (5, 5, "T1")])
        .far("r0", 2)
        .villages(0, &[('r', 1)])
        .vp(0, &[('r', 1)])
        .display(&["D", "D"])
        .mover(1)
        .build();
    let (game, events) = play_events(&game, &turn(&[temple(0, -1), discard(1)]));
    assert_eq!(marker(&game, 0, 0), Some(1));
    let god0 = game.god(0).unwrap();
    assert_eq!(god0.villages.get(Colour::Red), 0);
    assert_eq!(god0.vp.get(Colour::Red), 1, "VP tiles are never returned");
    assert_eq!(game.village_supply().get(Colour::Red), 2);
    assert_eq!(game.vp_supply().get(Colour::Red), 2);
    assert!(events.contains(&GodsEvent::VillageLost {
        seat: 0,
        colour: Colour::Red
    }));
}

#[test]
fn g_v3_waiting_gods_take_a_freed_village_in_seat_order_from_the_mover() {
    // 4 gods, no red village tile in the supply: god 0 holds both (6 red tribes, one at
    // (0,0)); gods 1 and 3 have 3 red tribes each and wait. God 2, the mover, converts
    // the tribe at (0,0): god 0 drops to 5 tribes and returns a village. Seat order from
    // the mover is 2, 3, 0, 1.
    // (god 2's own red tribes before, who gets the freed village)
    for (own, receiver) in [(0, 3), (2, 2)] {
        let game = Position::new(4)
            .board(&[(0, 0, "r0")])
            .far("r0", 5)
            .villages(0, &[('r', 2)])
            .vp(0, &[('r', 2)])
            .far("r1", 3)
            .far("r3", 3)
            .far("r2", own)
            .display(&["D", "D"])
            .mover(2)
            .build();
        let game = play(&game, &turn(&[temple(0, -1), discard(1)]));
        let villages: Vec<u8> = game
            .gods()
            .iter()
            .map(|g| g.villages.get(Colour::Red))
            .collect();
        let mut expected = vec![1, 0, 0, 0];
        expected[receiver] = 1;
        assert_eq!(villages, expected, "god 2 had {own} red tribes");
        // With the village comes a VP tile, while there is one (3 - 2 held by god 0).
        assert_eq!(game.god(receiver).unwrap().vp.get(Colour::Red), 1);
        assert_eq!(game.vp_supply().get(Colour::Red), 0);
        assert_eq!(game.village_supply().get(Colour::Red), 0);
    }
}

// ---- End and score (G-E) --------------------------------------------------------------

#[test]
fn g_e1_drawing_the_game_end_tile_ends_the_game_at_once() {
    // Top of the pile last: god 1's refill draws the blue tribe, then the game-end tile.
    let game = two_temples()
        .display(&["r", "y"])
        .pile(&["D", "END", "b"])
        .crystals(1, 3)
        .build();
    let (game, events) = play_events(&game, &turn(&[discard(1), discard(1)]));
    assert!(game.is_over());
    assert_eq!(game.end_reason(), Some(EndReason::GameEndTile));
    assert!(game.to_act().is_empty());
    assert_eq!(crystals(&game, 1), 6, "god 1 had already gathered power");
    assert_eq!(game.display(), tiles(&["b"]));
    assert!(game.removed().contains(&Tile::GameEnd));
    assert_eq!(game.tiles_remaining(), 1);
    assert!(events.iter().any(|e| matches!(
        e,
        GodsEvent::GameEnded {
            reason: EndReason::GameEndTile,
            ..
        }
    )));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, "the game-end tile was drawn (G-E1)");
    // …and plays nothing.
    let e = game.apply(1, &turn(&[discard(1), discard(1)])).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("G-E1", "the game is over")
    );
    // At once: with add_two, a game-end tile drawn first stops the second draw.
    let add_two = GodsOptions {
        display: DisplayRule::AddTwo,
        ..GodsOptions::default()
    };
    let game = two_temples()
        .options(add_two)
        .display(&["r", "y", "g"])
        .pile(&["b", "END"])
        .build();
    let game = play(&game, &turn(&[discard(1), discard(1)]));
    assert_eq!(game.end_reason(), Some(EndReason::GameEndTile));
    assert_eq!(game.display(), tiles(&["g"]));
    assert_eq!(game.secret_pile(), tiles(&["b"]));
    let e = game.apply(1, &turn(&[discard(1), discard(1)])).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("G-E1", "the game is over")
    );
}

#[test]
fn g_e2_a_god_may_end_the_game_by_declaration_but_not_in_the_bag_variant_without_sudden_death() {
    for (options, may) in [
        (GodsOptions::default(), true),
        (bag(), false),
        (
            GodsOptions {
                sudden_death: true,
                ..bag()
            },
            true,
        ),
    ] {
        let game = two_temples()
            .options(options.clone())
            .pile(&["r", "y", "g", "b", "D", "W"])
            .backed_villages(1, &[('r', 1), ('y', 1), ('g', 1)])
            .build();
        let game = play(&game, &turn(&[discard(1), discard(1)]));
        assert_eq!(game.may_declare(1), may, "{options:?}");
        if may {
            let game = play(&game, &declare());
            assert_eq!(game.end_reason(), Some(EndReason::Declared { seat: 1 }));
            assert_eq!(
                game.outcome().unwrap().reason,
                "god 1 declared the end (G-E2)"
            );
        } else {
            assert_eq!(game.phase(), Phase::Actions);
            let e = reject(&game, &declare());
            assert_eq!(e.rule, "G-E2");
        }
    }
    // sudden_death belongs to the bag variant.
    let e = Gods::new(
        Seed::from_u64(1),
        2,
        GodsOptions {
            sudden_death: true,
            ..GodsOptions::default()
        },
    )
    .unwrap_err();
    assert!(e.0.contains("G-E2"), "{e}");
}

/// End the game where it stands, by a declaration of the god to move, and score it.
/// (The declaration only shortcuts to the end: nothing is settled on the way.)
fn final_outcome(position: Position) -> Outcome {
    let game = with_state(&position.build(), &[("phase", json!("may_declare"))]);
    play(&game, &declare()).outcome().unwrap()
}

#[test]
fn g_e3_score_3_per_village_2_per_vp_and_4_off_for_the_most_temples() {
    let majority_bonus = GodsOptions {
        temple_majority: TempleMajority::Bonus,
        ..GodsOptions::default()
    };
    let cases: &[(&str, Position, Vec<i64>)] = &[
        (
            "god 1 has the most temples",
            two_temples()
                .add(2, 0, "T1")
                .villages(0, &[('r', 2), ('y', 1)])
                .vp(0, &[('r', 2), ('y', 1)])
                .vp(1, &[('g', 1)]),
            vec![9 + 6, 2 - 4],
        ),
        (
            "a tie: both lose 4",
            two_temples().vp(0, &[('r', 1)]).villages(1, &[('b', 1)]),
            vec![2 - 4, 3 - 4],
        ),
        (
            "all three tie, all lose 4",
            Position::new(3).board(&[(0, 0, "T0"), (1, 0, "T1"), (0, 1, "T2")]),
            vec![-4, -4, -4],
        ),
        (
            "temple_majority bonus: +4",
            two_temples()
                .options(majority_bonus)
                .add(2, 0, "T1")
                .villages(0, &[('r', 2), ('y', 1)])
                .vp(0, &[('r', 2), ('y', 1)])
                .vp(1, &[('g', 1)]),
            vec![9 + 6, 2 + 4],
        ),
        (
            "the start temple counts",
            Position::new(3)
                .board(&[(0, 0, "T0"), (1, 0, "T1"), (0, 1, "T2"), (-1, 0, "T0")])
                .vp(2, &[('b', 3)]),
            vec![-4, 0, 6],
        ),
    ];
    for (case, position, scores) in cases {
        assert_eq!(&final_outcome(position.clone()).scores, scores, "{case}");
    }
    assert_eq!(
        GodsOptions::default().temple_majority,
        TempleMajority::Penalty
    );
}

#[test]
fn g_e4_most_points_wins_then_most_crystals_else_the_win_is_shared() {
    // (VP tiles of gods 0, 1, 2; crystals) → winners. Every god has one temple.
    let cases: &[(&[u8], &[u8], &[usize])] = &[
        (&[1, 0, 0], &[0, 12, 12], &[0]),
        (&[1, 1, 0], &[3, 4, 12], &[1]),
        (&[1, 1, 0], &[4, 4, 12], &[0, 1]),
        (&[0, 0, 0], &[5, 5, 5], &[0, 1, 2]),
        (&[2, 1, 2], &[0, 9, 1], &[2]),
    ];
    for &(vp, crystals, winners) in cases {
        let mut position = Position::new(3).board(&[(0, 0, "T0"), (1, 0, "T1"), (0, 1, "T2")]);
        for seat in 0..3 {
            let colour = ['r', 'y', 'g'][seat];
            position = position
                .vp(seat, &[(colour, vp[seat])])
                .crystals(seat, crystals[seat]);
        }
        assert_eq!(
            final_outcome(position).winners,
            winners,
            "{vp:?} {crystals:?}"
        );
    }
}

// ---- General (G-X) --------------------------------------------------------------------

#[test]
fn g_x1_a_god_with_no_temples_left_cannot_place_one() {
    let game = two_temples().temples(0, 0).build();
    let e = reject(&game, &turn(&[temple(-1, 0), discard(1)]));
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("G-X1", "you have no temple left to place")
    );
    let legal = game.legal(0, &turn(&[])).unwrap();
    assert!(!legal
        .steps
        .iter()
        .any(|s| matches!(s, Step::PlaceTemple { .. })));
    let game = two_temples().temples(0, 1).build();
    let game = play(&game, &turn(&[temple(-1, 0), discard(1)]));
    assert_eq!(game.god(0).unwrap().temples, 0);
}

#[test]
fn g_x2_markers_come_back_to_a_god_and_can_be_used_again() {
    // God 1 has no marker left: a tribe next to its temple stays unmarked (G-A2). When god
    // 0's temple converts a god-1 tribe, the marker returns and the next tribe is marked.
    let game = Position::new(2)
        .board(&[(0, 0, "T1"), (3, 0, "r1")])
        .markers(1, 0)
        .display(&["b", "D", "y"])
        .build();
    let game = play(&game, &turn(&[tribe(1, 1, 0), temple(4, 0)]));
    assert_eq!(marker(&game, 1, 0), None);
    assert_eq!(marker(&game, 3, 0), Some(0));
    assert_eq!(game.god(1).unwrap().markers, 1);
    let game = play(&game, &turn(&[tribe(2, -1, 0), discard(1)]));
    assert_eq!(marker(&game, -1, 0), Some(1));
    assert_eq!(game.god(1).unwrap().markers, 0);
}

#[test]
fn g_x3_no_vp_tile_left_means_none_and_no_village_tile_left_means_no_village() {
    // God 1 holds one red village and all 3 red VP tiles: god 0's village comes alone.
    let game = two_temples()
        .backed_villages(1, &[('r', 1)])
        .vp(1, &[('r', 3)])
        .far("r0", 2)
        .display(&["r", "D"])
        .build();
    let (game, events) = play_events(&game, &turn(&[tribe(1, -1, 0), discard(1)]));
    assert_eq!(game.god(0).unwrap().villages.get(Colour::Red), 1);
    assert_eq!(game.god(0).unwrap().vp.get(Colour::Red), 0);
    assert!(events.contains(&GodsEvent::VillageFounded {
        seat: 0,
        colour: Colour::Red,
        vp: false
    }));
    // God 1 holds both red village tiles: god 0 founds nothing.
    let game = two_temples()
        .backed_villages(1, &[('r', 2)])
        .vp(1, &[('r', 2)])
        .far("r0", 2)
        .display(&["r", "D"])
        .build();
    let game = play(&game, &turn(&[tribe(1, -1, 0), discard(1)]));
    assert_eq!(game.god(0).unwrap().villages.get(Colour::Red), 0);
    assert_eq!(game.god(0).unwrap().vp.get(Colour::Red), 0);
    assert_eq!(game.vp_supply().get(Colour::Red), 1);
}

fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

#[test]
fn g_x4_everything_is_public_but_the_order_of_the_pile() {
    let position = two_temples()
        .add(2, 0, "r1")
        .display(&["W", "g"])
        .pile(&["END", "b", "y", "D", "r"])
        .removed(&["E"])
        .extra_actions(1, 1)
        .crystals(1, 9);
    let game = position.build();
    let view = serde_json::to_value(game.view(Viewer::Spectator)).unwrap();
    assert_eq!(view["tiles_remaining"], json!(5));
    assert_eq!(
        view["display"],
        serde_json::to_value(tiles(&["W", "g"])).unwrap()
    );
    assert_eq!(
        view["removed"],
        serde_json::to_value(tiles(&["E"])).unwrap()
    );
    assert_eq!(view["gods"][1]["crystals"], json!(9));
    assert_eq!(view["gods"][1]["extra_actions"], json!(1));
    assert_eq!(view["gods"][1]["markers_in_supply"], json!(14));
    assert_eq!(view["gods"][1]["markers_on_board"], json!(1));
    assert_eq!(view["gods"][0]["temples_in_supply"], json!(5));
    assert_eq!(
        view["village_supply"],
        json!({"red": 2, "yellow": 2, "green": 2, "blue": 2})
    );
    assert_eq!(view["board"], serde_json::to_value(game.board()).unwrap());
    let mut names = Vec::new();
    keys(&view, &mut names);
    for secret in ["pile", "bag", "rng", "s"] {
        assert!(
            !names.iter().any(|k| k == secret),
            "the view has a {secret:?} key"
        );
    }
    // Every viewer sees the same, and a different pile order changes nothing in a view.
    let reordered = position.pile(&["b", "D", "END", "r", "y"]).seed(99).build();
    assert_ne!(game, reordered);
    let without_viewer = |mut v: Value| {
        v.as_object_mut().unwrap().remove("viewer");
        v
    };
    for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
        let seen = serde_json::to_value(game.view(viewer)).unwrap();
        let other = serde_json::to_value(reordered.view(viewer)).unwrap();
        assert_eq!(seen, other, "{viewer:?}");
        assert_eq!(seen["viewer"], serde_json::to_value(viewer).unwrap());
        assert_eq!(
            without_viewer(seen),
            without_viewer(view.clone()),
            "{viewer:?} sees what a spectator sees"
        );
    }
}

// ---- Bag variant (G-BAG) --------------------------------------------------------------

#[test]
fn g_bag1_the_bag_holds_every_non_temple_tile_and_no_game_end_tile() {
    let tiles = census(&all_tiles(&bag()));
    assert!(!tiles.contains_key(&Tile::GameEnd));
    assert_eq!(tiles.values().sum::<usize>(), 47);
    for seats in 2..=4 {
        let game = new_game(4, seats, bag());
        assert_eq!(tiles_in_game(&game), tiles, "{seats} gods");
        assert_eq!(game.display().len(), 2);
    }
    // Draws are random, from the game's own generator: the same seed draws the same.
    let displays: Vec<Vec<Tile>> = (0..20)
        .map(|seed| new_game(seed, 2, bag()).display().to_vec())
        .collect();
    assert!(displays.iter().any(|d| d != &displays[0]));
    assert_eq!(new_game(3, 2, bag()), new_game(3, 2, bag()));
}

#[test]
fn g_bag2_two_identical_tiles_go_back_and_the_display_is_refilled_again() {
    let mut returned = 0;
    for seed in 0..40 {
        // After god 0 discards both tiles, god 1's refill draws 2 of desert, desert, red.
        let game = two_temples()
            .options(bag())
            .seed(seed)
            .display(&["y", "g"])
            .pile(&["D", "D", "r"])
            .build();
        let (game, events) = play_events(&game, &turn(&[discard(1), discard(1)]));
        let mut display = game.display().to_vec();
        display.sort();
        assert_eq!(display, tiles(&["r", "D"]), "seed {seed}");
        returned += events
            .iter()
            .filter(|e| **e == GodsEvent::TilesReturned { tile: Tile::Desert })
            .count();
    }
    assert!(returned > 0, "no seed drew the pair");
}

#[test]
fn g_bag2_a_tile_left_from_the_last_turn_counts() {
    let mut returned = 0;
    for seed in 0..40 {
        // God 0 leaves the red tribe; god 1's refill draws one of red, red, yellow.
        let game = two_temples()
            .options(bag())
            .seed(seed)
            .add(2, 0, "D")
            .display(&["r", "g"])
            .pile(&["r", "r", "y"])
            .build();
        let (game, events) = play_events(&game, &turn(&[discard(2), move_desert((2, 0), (-1, 0))]));
        let d = game.display();
        assert_eq!(d.len(), 2);
        assert_ne!(d[0], d[1], "seed {seed}");
        returned += events
            .iter()
            .filter(|e| matches!(e, GodsEvent::TilesReturned { .. }))
            .count();
    }
    assert!(returned > 0, "no seed drew the pair");
}

#[test]
fn g_bag2_no_return_without_a_draw_or_without_a_different_tile_in_the_bag() {
    // Nothing drawn: the pair left on display stays.
    let game = two_temples()
        .options(bag())
        .add(2, 0, "D")
        .display(&["r", "r", "g"])
        .pile(&["y", "b", "D"])
        .build();
    let (game, events) = play_events(&game, &turn(&[discard(3), move_desert((2, 0), (-1, 0))]));
    assert_eq!(game.display(), tiles(&["r", "r"]));
    assert!(!events
        .iter()
        .any(|e| matches!(e, GodsEvent::TilesReturned { .. })));
    // The bag holds nothing but more of the same: the pair stays.
    for seed in 0..5 {
        let game = two_temples()
            .options(bag())
            .seed(seed)
            .display(&["y", "g"])
            .pile(&["D", "D", "D"])
            .build();
        let (game, events) = play_events(&game, &turn(&[discard(1), discard(1)]));
        assert_eq!(game.display(), tiles(&["D", "D"]));
        assert!(!events
            .iter()
            .any(|e| matches!(e, GodsEvent::TilesReturned { .. })));
    }
}

#[test]
fn g_bag3_played_whirlwinds_and_extra_action_tiles_leave_the_game() {
    let game = two_temples()
        .options(bag())
        .add(2, 0, "D")
        .display(&["W", "y"])
        .extra_actions(0, 1)
        .pile(&["r", "g", "b", "D"])
        .build();
    let game = play(
        &game,
        &turn(&[
            whirlwind(1, (2, 0), (-1, 0)),
            play_extra(),
            discard(1),
            move_desert((-1, 0), (2, 0)),
        ]),
    );
    assert_eq!(game.removed(), tiles(&["W", "E", "y"]));
    let in_bag = census(game.secret_pile());
    assert!(!in_bag.contains_key(&Tile::Whirlwind) && !in_bag.contains_key(&Tile::ExtraAction));
    assert_eq!(game.tiles_remaining() + game.display().len(), 4);
}

#[test]
fn g_bag4_the_game_ends_before_drawing_when_the_bag_cannot_refill() {
    // (display left after god 0's turn, bag, display rule) → over?
    let cases: &[(&[&str], &[&str], DisplayRule, bool)] = &[
        (&["r", "y"], &["b"], DisplayRule::RefillToTwo, true),
        (&["r", "y", "g"], &["b"], DisplayRule::RefillToTwo, false),
        (&["r", "y", "g", "D"], &[], DisplayRule::RefillToTwo, false),
        (&["r", "y", "g"], &[], DisplayRule::RefillToTwo, true),
        (&["r", "y", "g"], &["b"], DisplayRule::AddTwo, true),
        (&["r", "y"], &["b", "D"], DisplayRule::AddTwo, false),
    ];
    for &(display, in_bag, rule, over) in cases {
        let options = GodsOptions {
            display: rule,
            ..bag()
        };
        let game = two_temples()
            .options(options)
            .display(display)
            .pile(in_bag)
            .crystals(1, 0)
            .build();
        let game = play(&game, &turn(&[discard(1), discard(1)]));
        assert_eq!(game.is_over(), over, "{display:?} {in_bag:?} {rule:?}");
        if over {
            assert_eq!(game.end_reason(), Some(EndReason::BagEmpty));
            assert_eq!(game.tiles_remaining(), in_bag.len(), "nothing was drawn");
            assert_eq!(crystals(&game, 1), 3);
        }
    }
}

#[test]
fn g_bag5_the_decay_tile_takes_a_crystal_from_the_god_whose_temple_it_touches() {
    let decay_bag = GodsOptions {
        decay_tile: true,
        ..bag()
    };
    assert_eq!(census(&all_tiles(&decay_bag))[&Tile::Decay], 1);
    assert!(!all_tiles(&bag()).contains(&Tile::Decay));
    let e = Gods::new(
        Seed::from_u64(1),
        2,
        GodsOptions {
            decay_tile: true,
            ..GodsOptions::default()
        },
    )
    .unwrap_err();
    assert!(e.0.contains("G-BAG5"), "{e}");
    // (taker's crystals, victim's crystals) → (taker's, victim's) after; free to place.
    for (me, victim, me_after, victim_after) in [(5, 4, 6, 3), (5, 0, 5, 0), (12, 4, 12, 3)] {
        let game = two_temples()
            .options(decay_bag.clone())
            .display(&["X", "r"])
            .pile(&["D", "D", "D"])
            .crystals(0, me)
            .crystals(1, victim)
            .build();
        let (game, events) = play_events(&game, &turn(&[decay(1, 2, 0, 1), discard(1)]));
        assert_eq!(at(&game, 2, 0), Some(Cell::Decay));
        assert_eq!(crystals(&game, 0), me_after, "{me} {victim}");
        assert_eq!(
            crystals(&game, 1),
            victim_after + 3,
            "then god 1 gathers (G-T2)"
        );
        assert!(events.contains(&GodsEvent::DecayPlaced {
            seat: 0,
            at: Hex::new(2, 0),
            victim: 1,
            taken: victim - victim_after,
            gained: me_after - me
        }));
    }
    let game = two_temples()
        .options(decay_bag)
        .add(-2, 0, "r")
        .display(&["X", "r"])
        .build();
    let cases = [
        (decay(1, -1, 0, 0), "name another god than yourself"),
        (
            decay(1, -3, 0, 1),
            "hex -3,0 is not next to a temple of god 1",
        ),
        (decay(1, 2, 0, 3), "there is no god 3 in this game"),
        (decay(1, 5, 5, 1), "hex 5,5 touches no tile (G-B2)"),
    ];
    for (step, message) in cases {
        let e = reject(&game, &turn(&[step, discard(1)]));
        assert_eq!((e.rule.as_str(), e.message.as_str()), ("G-BAG5", message));
    }
}

// ---- The stored state -----------------------------------------------------------------

#[test]
fn a_stored_state_names_its_format_and_an_unknown_format_is_refused() {
    let game = new_game(1, 3, GodsOptions::default());
    let mut state = serde_json::to_value(&game).unwrap();
    assert_eq!(state["format"], json!(1));
    assert_eq!(Gods::from_json(state.clone()).unwrap(), game);
    state["format"] = json!(2);
    let e = Gods::from_json(state.clone()).unwrap_err();
    assert!(e.to_string().contains("unknown state format 2"), "{e}");
    state.as_object_mut().unwrap().remove("format");
    assert!(Gods::from_json(state).is_err());
}

#[test]
fn setup_refuses_other_than_2_to_4_gods() {
    for seats in [0, 1, 5] {
        assert!(Gods::new(Seed::from_u64(1), seats, GodsOptions::default()).is_err());
    }
    assert_eq!(Gods::seat_counts(), 2..=4);
}

// ---- Coverage of the rule sheet -------------------------------------------------------

#[test]
fn every_rule_id_of_the_sheet_names_a_test() {
    // docs/rules/gods.md starts each rule with its id (`- G-…`), in order; the list
    // above must still be theirs.
    let sheet = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules/gods.md");
    if let Ok(text) = std::fs::read_to_string(sheet) {
        let ids: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("- "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| w.starts_with("G-"))
            .collect();
        assert_eq!(
            ids, RULE_IDS,
            "gods.md changed: update RULE_IDS and the tests"
        );
    }
    let source = include_str!("rules.rs");
    for id in RULE_IDS {
        let name = format!("fn {}_", id.to_lowercase().replace('-', "_"));
        let combined = format!("_and_{}_", id.to_lowercase().replace('-', "_"));
        assert!(
            source.contains(&name) || source.contains(&combined),
            "no test is named after {id}"
        );
    }
}

#[test]
fn g_a4_and_g_a1_a_slot_holding_the_wrong_tile_is_named_in_correct_english() {
    // The extra-action tile is the one tile whose name starts with a vowel.
    let game = two_temples().display(&["r", "E"]).build();
    let e = reject(&game, &turn(&[take_extra(1), discard(1)]));
    assert_eq!(e.rule, "G-A4");
    assert_eq!(
        e.message,
        "slot 1 holds a red tribe, not an extra-action tile"
    );
    let e = reject(&game, &turn(&[tribe(2, -1, 0), discard(1)]));
    assert_eq!(e.rule, "G-A1");
    assert_eq!(e.message, "slot 2 holds an extra-action tile, not a tribe");
}
