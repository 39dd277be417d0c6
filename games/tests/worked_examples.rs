//! The worked examples of the published rule books of Gods, as tests.
//!
//! The printed games give each god a colour; here gods are seats (G-C1): the "red god"
//! is god 0, the "blue god" god 1, the "yellow god" god 2.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

mod common;

use common::*;
use games::gods::{Cell, Colour, Conversion, GodsEvent, Hex, Step};
use games::Game;

/// 000 (Italian), "SUGGERIMENTI TATTICI": a tribe between its god's temple and a desert,
/// all three in a straight line, makes a temple on any free hex next to the tribe cost 6
/// crystals (G-A3: 3 per touching tile, and each of those hexes touches 2 tiles).
#[test]
fn the_straight_line_defence_makes_a_temple_next_to_the_tribe_cost_6() {
    // God 0's temple (0,0), its red tribe (1,0), a desert (2,0): a line going east.
    let line = Position::new(2)
        .board(&[(0, 0, "T0"), (1, 0, "r0"), (2, 0, "D"), (10, 10, "T1")])
        .display(&["D", "D"])
        .mover(1);
    let free_neighbours = [(2, -1), (1, -1), (0, 1), (1, 1)];
    for (q, r) in free_neighbours {
        assert!(Hex::new(q, r).is_adjacent(Hex::new(1, 0)));
        let game = line.clone().build();
        assert_eq!(
            game.board().occupied_neighbours(Hex::new(q, r)),
            2,
            "{q},{r}"
        );
        // Affordable with 6: the tribe is converted.
        let (after, events) = play_events(&game, &turn(&[temple(q, r), discard(1)]));
        assert_eq!(crystals(&after, 1), 12 - 6, "{q},{r}");
        assert_eq!(marker(&after, 1, 0), Some(1));
        assert!(events.iter().any(|e| matches!(
            e,
            GodsEvent::TemplePlaced { cost: 6, converted, .. }
                if converted == &vec![Conversion { at: Hex::new(1, 0), from: Some(0) }]
        )));
        // With 5 crystals the attack is out of reach.
        let poor = line.clone().crystals(1, 5).build();
        let e = reject(&poor, &turn(&[temple(q, r), discard(1)]));
        assert_eq!(
            e.to_string(),
            "G-A3: step 1: a temple here touches 2 tiles and costs 6 crystals; you have 5"
        );
    }
    // With 5 crystals, the service offers no temple next to the tribe, though it offers
    // cheaper ones elsewhere (west of god 0's temple touches 1 tile: 3 crystals).
    let poor = line.clone().crystals(1, 5).build();
    let legal = poor.legal(1, &turn(&[])).unwrap();
    let temples: Vec<Hex> = legal
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::PlaceTemple { at } => Some(*at),
            _ => None,
        })
        .collect();
    assert!(temples.contains(&Hex::new(-1, 0)));
    assert!(
        !temples.iter().any(|h| h.is_adjacent(Hex::new(1, 0))),
        "{temples:?}"
    );
    // Without the desert, two of those hexes touch only the tribe: 3 crystals.
    let open = Position::new(2)
        .board(&[(0, 0, "T0"), (1, 0, "r0"), (10, 10, "T1")])
        .display(&["D", "D"])
        .mover(1)
        .build();
    let touching: Vec<usize> = free_neighbours
        .iter()
        .map(|&(q, r)| open.board().occupied_neighbours(Hex::new(q, r)))
        .collect();
    assert_eq!(touching, vec![1, 2, 2, 1]);
}

/// 001 (French), "Placer un temple": after the red temple is placed the adjacent tribes
/// change religion; the blue markers are removed (back to blue's supply) and replaced by
/// red ones; the temple costs 6 crystals because it touches 2 tiles.
#[test]
fn a_red_temple_touching_two_tiles_costs_6_and_converts_the_blue_marked_tribes() {
    // The blue god's temple (0,0) with two tribes carrying blue markers at (1,0), (1,-1).
    // The red god places a temple at (2,-1), touching both tribes and nothing else.
    let game = Position::new(2)
        .board(&[(0, 0, "T1"), (1, 0, "y1"), (1, -1, "g1"), (-5, 0, "T0")])
        .display(&["D", "D"])
        .crystals(0, 8)
        .build();
    assert_eq!(game.god(1).unwrap().markers, 13);
    let (game, events) = play_events(&game, &turn(&[temple(2, -1), discard(1)]));
    assert_eq!(crystals(&game, 0), 2);
    assert_eq!(marker(&game, 1, 0), Some(0));
    assert_eq!(marker(&game, 1, -1), Some(0));
    assert_eq!(game.god(1).unwrap().markers, 15, "blue's markers went home");
    assert_eq!(game.god(0).unwrap().markers, 13);
    assert!(events.contains(&GodsEvent::TemplePlaced {
        seat: 0,
        at: Hex::new(2, -1),
        cost: 6,
        converted: vec![
            Conversion {
                at: Hex::new(1, -1),
                from: Some(1)
            },
            Conversion {
                at: Hex::new(1, 0),
                from: Some(1)
            },
        ],
    }));
}

/// 001 (French), "Fonder une nation", the example: 2 green tribes worship the blue god,
/// one the yellow god. Blue places a temple, a green tribe changes religion, and blue at
/// once takes a VP tile and a nation (village) tile of green.
#[test]
fn the_green_nation_blue_converts_a_yellow_green_tribe_and_founds_a_green_village_at_once() {
    // Blue (god 1) has two green tribes far away; yellow (god 2) one at (0,0).
    let game = Position::new(3)
        .board(&[(0, 0, "g2"), (-3, 3, "T0"), (3, 3, "T1"), (0, 5, "T2")])
        .far("g1", 2)
        .display(&["D", "D"])
        .mover(1)
        .build();
    let (game, events) = play_events(&game, &turn(&[temple(0, -1), discard(1)]));
    assert_eq!(marker(&game, 0, 0), Some(1));
    assert_eq!(game.board().tribes_worshipping(1, Colour::Green), 3);
    let blue = game.god(1).unwrap();
    assert_eq!(blue.villages.get(Colour::Green), 1);
    assert_eq!(blue.vp.get(Colour::Green), 1);
    assert_eq!(
        game.god(2).unwrap().markers,
        15,
        "yellow's marker went home"
    );
    assert_eq!(game.village_supply().get(Colour::Green), 1);
    assert_eq!(game.vp_supply().get(Colour::Green), 2);
    // "Immediately": founded right after the temple, before the turn's second action.
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            GodsEvent::TemplePlaced { .. } => Some("temple"),
            GodsEvent::VillageFounded {
                seat: 1,
                colour: Colour::Green,
                vp: true,
            } => Some("village"),
            GodsEvent::Discarded { .. } => Some("discard"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, vec!["temple", "village", "discard"]);
    assert!(matches!(at(&game, 0, -1), Some(Cell::Temple { god: 1 })));
}
