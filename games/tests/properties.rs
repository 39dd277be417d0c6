//! Property tests: thousands of random legal games of Gods, checked after every turn.
//!
//! Six tests (pile and bag, 2, 3 and 4 gods) of 1,700 games each: 10,200 games, every
//! option value of gods.md covered (32 option sets per draw variant, cycled by game).
//! Plain loops over seeds rather than shrinking: a failure names its seed, options and
//! turn, and replays exactly.
//!
//! After every turn: every tile accounted for exactly once; temples and markers
//! conserved; crystals within 0..=12; village and VP tiles conserved and held as entitled
//! (`common::check_counts`); the state round-trips through JSON; no view contains the
//! pile or bag order; the turn round-trips through JSON and the text notation. At the end
//! of every game: the game ended in a bounded number of turns, for a reason its variant
//! allows, the scores follow G-E3, and replaying the log (round-tripped through JSON)
//! gives the live state. Every 100th game is also replayed after every turn, and checked
//! against `legal`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

mod common;

use common::*;
use games::gods::random::random_turn;
use games::gods::{
    notation, DisplayRule, Draw, EndReason, Gods, GodsEvent, GodsOptions, GodsTurn, Hex, Phase,
    Step, TempleMajority, Tile,
};
use games::{Game, Rng, Seat, Seed, Viewer, Visibility};
use std::collections::BTreeMap;

const GAMES_PER_TEST: u64 = 1_700;
/// No game may last longer (a 2-god pile game draws at most 47 tiles, about one a turn;
/// random games last about 55 turns).
const MAX_TURNS: usize = 400;
/// Every this many games, replay after every turn and check every step against `legal`.
const DEEP_EVERY: u64 = 100;

/// The 32 option sets of the pile variant: display × end_tile_depth × same-turn extra
/// actions × temple majority.
fn pile_options(i: u64) -> GodsOptions {
    GodsOptions {
        display: if i & 1 == 0 {
            DisplayRule::RefillToTwo
        } else {
            DisplayRule::AddTwo
        },
        end_tile_depth: 1 + ((i >> 1) & 3) as u8,
        extra_action_same_turn: (i >> 3) & 1 == 1,
        temple_majority: if (i >> 4) & 1 == 0 {
            TempleMajority::Penalty
        } else {
            TempleMajority::Bonus
        },
        draw: Draw::Pile,
        sudden_death: false,
        decay_tile: false,
    }
}

/// The 32 option sets of the bag variant: display × same-turn extra actions × temple
/// majority × sudden death × decay tile.
fn bag_options(i: u64) -> GodsOptions {
    GodsOptions {
        display: if i & 1 == 0 {
            DisplayRule::RefillToTwo
        } else {
            DisplayRule::AddTwo
        },
        end_tile_depth: 3,
        extra_action_same_turn: (i >> 1) & 1 == 1,
        temple_majority: if (i >> 2) & 1 == 0 {
            TempleMajority::Penalty
        } else {
            TempleMajority::Bonus
        },
        draw: Draw::Bag,
        sudden_death: (i >> 3) & 1 == 1,
        decay_tile: (i >> 4) & 1 == 1,
    }
}

/// What the random games did, so that a test can insist they explored the rules.
#[derive(Default, Debug)]
struct Tally {
    games: u64,
    turns: usize,
    longest: usize,
    ends: BTreeMap<String, u64>,
    events: BTreeMap<&'static str, u64>,
}

fn event_name(e: &GodsEvent) -> &'static str {
    match e {
        GodsEvent::EndDeclared { .. } => "end declared",
        GodsEvent::PlayedOn { .. } => "played on",
        GodsEvent::PowerGathered { .. } => "power gathered",
        GodsEvent::TileDrawn { .. } => "tile drawn",
        GodsEvent::TilesReturned { .. } => "tiles returned",
        GodsEvent::TribePlaced { .. } => "tribe placed",
        GodsEvent::TemplePlaced { converted, .. } if !converted.is_empty() => "temple converted",
        GodsEvent::TemplePlaced { .. } => "temple placed",
        GodsEvent::DesertPlaced { .. } => "desert placed",
        GodsEvent::DesertMoved {
            whirlwind: true, ..
        } => "whirlwind",
        GodsEvent::DesertMoved { .. } => "desert moved",
        GodsEvent::ExtraActionTaken { .. } => "extra action taken",
        GodsEvent::ExtraActionPlayed { .. } => "extra action played",
        GodsEvent::Discarded { .. } => "discarded",
        GodsEvent::DecayPlaced { .. } => "decay placed",
        GodsEvent::VillageFounded { vp: true, .. } => "village founded",
        GodsEvent::VillageFounded { vp: false, .. } => "village founded without VP",
        GodsEvent::VillageLost { .. } => "village lost",
        GodsEvent::ActionsForfeited { .. } => "actions forfeited",
        GodsEvent::TurnBegan { .. } => "turn began",
        GodsEvent::GameEnded { .. } => "game ended",
    }
}

/// G-X4: no view, of any seat or of a spectator, shows the pile (or bag) order.
fn check_views(game: &Gods, context: &str) {
    let pile = serde_json::to_string(game.secret_pile()).unwrap();
    // The pile's JSON could only appear in a view as a whole array equal to it: the
    // display or the removed tiles. That coincidence is not a leak.
    let coincides = game.secret_pile().is_empty()
        || game.secret_pile() == game.display()
        || game.secret_pile() == game.removed();
    let viewers = std::iter::once(Viewer::Spectator).chain((0..game.seats()).map(Viewer::Seat));
    for viewer in viewers {
        let view = serde_json::to_string(&game.view(viewer)).unwrap();
        for key in ["\"pile\":", "\"bag\":", "\"rng\":"] {
            assert!(
                !view.contains(key),
                "{context}: the view of {viewer:?} has {key}"
            );
        }
        if !coincides {
            assert!(
                !view.contains(&pile),
                "{context}: the view of {viewer:?} shows the pile"
            );
        }
        let remaining = format!("\"tiles_remaining\":{}", game.tiles_remaining());
        assert!(
            view.contains(&remaining),
            "{context}: {viewer:?} is not told {remaining}"
        );
    }
}

/// The turn survives JSON and the text notation.
fn check_turn_round_trips(t: &GodsTurn, context: &str) {
    let json = serde_json::to_string(t).unwrap();
    assert_eq!(
        &serde_json::from_str::<GodsTurn>(&json).unwrap(),
        t,
        "{context}: {json}"
    );
    let text = notation::format(t);
    match notation::parse(&text) {
        Ok(back) => assert_eq!(
            &back, t,
            "{context}: the notation {text:?} reads back differently"
        ),
        Err(e) => panic!("{context}: the notation {text:?} does not parse: {e}"),
    }
    assert_eq!(Gods::parse_turn(&text).as_ref(), Ok(t), "{context}");
    assert_eq!(Gods::format_turn(t), text);
}

/// G-E3 recomputed from the final position, independently of `end::scores`.
fn expected_scores(game: &Gods) -> Vec<i64> {
    let temples: Vec<usize> = (0..game.seats())
        .map(|s| game.board().temples_of(s))
        .collect();
    let most = *temples.iter().max().unwrap();
    let majority = match game.options().temple_majority {
        TempleMajority::Penalty => -4,
        TempleMajority::Bonus => 4,
    };
    game.gods()
        .iter()
        .zip(&temples)
        .map(|(g, &t)| {
            3 * i64::from(g.villages.total())
                + 2 * i64::from(g.vp.total())
                + if t == most { majority } else { 0 }
        })
        .collect()
}

fn replay_through_json(
    seed: Seed,
    seats: usize,
    options: &GodsOptions,
    log: &[(Seat, GodsTurn)],
) -> Gods {
    let stored = serde_json::to_string(log).unwrap();
    let log: Vec<(Seat, GodsTurn)> = serde_json::from_str(&stored).unwrap();
    Gods::replay(seed, seats, options.clone(), &log).unwrap()
}

/// Play one random game to its end, checking everything after every turn.
fn play_checked(seats: usize, options: GodsOptions, n: u64, tally: &mut Tally) {
    let seed = Seed::from_u64(n);
    let mut rng = Rng::from_seed(&Seed::from_u64(n ^ 0x9e37_79b9_7f4a_7c15));
    let deep = n.checked_rem(DEEP_EVERY) == Some(0);
    let mut game = Gods::new(seed, seats, options.clone()).unwrap();
    let mut log: Vec<(Seat, GodsTurn)> = Vec::new();
    check_counts(
        &game,
        &format!("game {n} ({seats} gods, {options:?}) at setup"),
    );
    check_views(&game, "setup");
    while let Some(t) = random_turn(&game, &mut rng) {
        let seat = game.to_move();
        let context = format!(
            "game {n} ({seats} gods, {options:?}), turn {} by god {seat}: {t:?}",
            log.len() + 1
        );
        assert_eq!(game.to_act(), vec![seat], "{context}");
        if game.phase() == Phase::MayDeclare {
            assert!(game.may_declare(seat), "{context}");
        }
        if deep {
            check_against_legal(&game, seat, &t, &context);
        }
        let applied = match game.apply(seat, &t) {
            Ok(applied) => applied,
            Err(e) => panic!("{context}: a random legal turn was rejected: {e}"),
        };
        game = applied.game;
        log.push((seat, t.clone()));
        for logged in &applied.events {
            assert_eq!(logged.visibility, Visibility::Everyone, "{context}");
            *tally.events.entry(event_name(&logged.event)).or_insert(0) += 1;
        }
        let ended = applied
            .events
            .iter()
            .any(|l| matches!(l.event, GodsEvent::GameEnded { .. }));
        assert_eq!(ended, game.is_over(), "{context}");

        check_counts(&game, &context);
        let state = serde_json::to_string(&game).unwrap();
        // Straight from the text every turn; through `Gods::from_json` (the service's
        // loader, by way of a `Value`: twice the cost in a test build) every 8th turn.
        let loaded = if log.len().checked_rem(8) == Some(0) {
            Gods::from_json(serde_json::from_str(&state).unwrap()).unwrap()
        } else {
            serde_json::from_str::<Gods>(&state).unwrap()
        };
        assert!(
            loaded == game,
            "{context}: the state does not round-trip through JSON"
        );
        check_views(&game, &context);
        check_turn_round_trips(&t, &context);
        if deep {
            let replayed = replay_through_json(seed, seats, &options, &log);
            assert!(
                replayed == game,
                "{context}: the replay differs from the live game"
            );
        }
        assert!(log.len() <= MAX_TURNS, "{context}: the game does not end");
    }

    let context = format!("game {n} ({seats} gods, {options:?}), the end");
    // Every game ends, for a reason its variant allows.
    assert!(game.is_over() && game.to_act().is_empty(), "{context}");
    let reason = game.end_reason().unwrap();
    let allowed = match (options.draw, reason) {
        (Draw::Pile, EndReason::GameEndTile | EndReason::Declared { .. }) => true,
        (Draw::Bag, EndReason::BagEmpty) => true,
        (Draw::Bag, EndReason::Declared { .. }) => options.sudden_death,
        _ => false,
    };
    assert!(allowed, "{context}: ended by {reason:?}");
    if reason == EndReason::GameEndTile {
        assert!(game.removed().contains(&Tile::GameEnd), "{context}");
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores, expected_scores(&game), "{context}");
    assert!(!outcome.winners.is_empty(), "{context}");
    // The state is replay(seed, seats, options, turns).
    let replayed = replay_through_json(seed, seats, &options, &log);
    assert!(
        replayed == game,
        "{context}: the replay differs from the live game"
    );

    tally.games += 1;
    tally.turns += log.len();
    tally.longest = tally.longest.max(log.len());
    *tally
        .ends
        .entry(
            format!("{reason:?}")
                .chars()
                .take_while(|c| c.is_alphabetic())
                .collect(),
        )
        .or_insert(0) += 1;
}

/// Every step of the turn is one `legal` offers after the steps before it, the whole turn
/// may be submitted, and every first step `legal` offers is accepted.
fn check_against_legal(game: &Gods, seat: Seat, t: &GodsTurn, context: &str) {
    if game.phase() == Phase::MayDeclare {
        let legal = game.legal(seat, &GodsTurn::default()).unwrap();
        assert!(legal.may_declare_end && legal.can_finish, "{context}");
        return;
    }
    for i in 0..t.steps.len() {
        let prefix = turn(&t.steps[..i]);
        let legal = game.legal(seat, &prefix).unwrap();
        assert!(
            legal.steps.contains(&t.steps[i]),
            "{context}: step {} not offered",
            i + 1
        );
    }
    let legal = game.legal(seat, t).unwrap();
    assert!(
        legal.can_finish,
        "{context}: legal says the turn is unfinished"
    );
    // Conversely, every first step `legal` offers is one the rules accept.
    for step in game.legal(seat, &GodsTurn::default()).unwrap().steps {
        if let Err(e) = game.legal(seat, &turn(&[step])) {
            panic!("{context}: legal offers {step:?}, which is refused: {e}");
        }
    }
}

fn run(draw: Draw, seats: usize) -> Tally {
    let mut tally = Tally::default();
    // Distinct seeds for every test: pile/bag and seat count pick the block.
    let base = match draw {
        Draw::Pile => 0,
        Draw::Bag => 1_000_000,
    } + seats as u64 * 100_000;
    for i in 0..GAMES_PER_TEST {
        let options = match draw {
            Draw::Pile => pile_options(i % 32),
            Draw::Bag => bag_options(i % 32),
        };
        play_checked(seats, options, base + i, &mut tally);
    }
    // The random games must have explored the rules, not just discarded tiles.
    let mut expected = vec![
        "tribe placed",
        "temple placed",
        "temple converted",
        "desert placed",
        "desert moved",
        "whirlwind",
        "extra action taken",
        "extra action played",
        "discarded",
        "village founded",
        "village lost",
    ];
    if draw == Draw::Bag {
        expected.extend(["tiles returned", "decay placed"]);
    }
    // With 2 gods villages come fast enough that declaring is common (G-T1).
    if seats == 2 {
        expected.extend(["end declared", "played on"]);
    }
    for name in expected {
        assert!(
            tally.events.contains_key(name),
            "{draw:?}, {seats} gods: no {name:?} in {tally:?}"
        );
    }
    eprintln!("{draw:?}, {seats} gods: {tally:?}");
    tally
}

#[test]
fn random_pile_games_with_2_gods_keep_every_invariant() {
    run(Draw::Pile, 2);
}

#[test]
fn random_pile_games_with_3_gods_keep_every_invariant() {
    run(Draw::Pile, 3);
}

#[test]
fn random_pile_games_with_4_gods_keep_every_invariant() {
    run(Draw::Pile, 4);
}

#[test]
fn random_bag_games_with_2_gods_keep_every_invariant() {
    run(Draw::Bag, 2);
}

#[test]
fn random_bag_games_with_3_gods_keep_every_invariant() {
    run(Draw::Bag, 3);
}

#[test]
fn random_bag_games_with_4_gods_keep_every_invariant() {
    run(Draw::Bag, 4);
}

#[test]
fn the_option_sets_cover_every_option_value() {
    let mut seen: BTreeMap<&str, std::collections::BTreeSet<String>> = BTreeMap::new();
    for i in 0..32 {
        for o in [pile_options(i), bag_options(i)] {
            let v = serde_json::to_value(&o).unwrap();
            for (k, x) in v.as_object().unwrap() {
                let key: &str = match k.as_str() {
                    "display" => "display",
                    "end_tile_depth" => "end_tile_depth",
                    "extra_action_same_turn" => "extra_action_same_turn",
                    "temple_majority" => "temple_majority",
                    "draw" => "draw",
                    "sudden_death" => "sudden_death",
                    "decay_tile" => "decay_tile",
                    other => panic!("an option the property tests do not vary: {other}"),
                };
                seen.entry(key).or_default().insert(x.to_string());
            }
            // Every set is one the setup accepts.
            Gods::new(Seed::from_u64(i), 2, o).unwrap();
        }
    }
    let counts: Vec<(&str, usize)> = seen.iter().map(|(k, v)| (*k, v.len())).collect();
    assert_eq!(
        counts,
        vec![
            ("decay_tile", 2),
            ("display", 2),
            ("draw", 2),
            ("end_tile_depth", 4),
            ("extra_action_same_turn", 2),
            ("sudden_death", 2),
            ("temple_majority", 2),
        ]
    );
    let pile: std::collections::BTreeSet<String> =
        (0..32).map(|i| format!("{:?}", pile_options(i))).collect();
    let bag: std::collections::BTreeSet<String> =
        (0..32).map(|i| format!("{:?}", bag_options(i))).collect();
    assert_eq!((pile.len(), bag.len()), (32, 32));
}

/// An arbitrary step near the board: mostly illegal, sometimes legal.
fn junk_step(game: &Gods, rng: &mut Rng) -> Step {
    let cells: Vec<Hex> = game.board().iter().map(|(h, _)| h).collect();
    let near = |rng: &mut Rng| {
        let base = cells[rng.below(cells.len())];
        match rng.below(8) {
            0 => base,
            7 => Hex::new(base.q + 5, base.r - 3),
            k => base.neighbours()[k - 1],
        }
    };
    let slot = rng.below(game.display().len() + 2);
    match rng.below(9) {
        0 => Step::PlaceTribe {
            slot,
            at: near(rng),
        },
        1 => Step::PlaceTemple { at: near(rng) },
        2 => Step::PlaceDesert {
            slot,
            at: near(rng),
        },
        3 => Step::Whirlwind {
            slot,
            from: near(rng),
            to: near(rng),
        },
        4 => Step::TakeExtraAction { slot },
        5 => Step::Discard { slot },
        6 => Step::MoveDesert {
            from: near(rng),
            to: near(rng),
        },
        7 => Step::PlayExtraAction,
        _ => Step::PlaceDecay {
            slot,
            at: near(rng),
            victim: rng.below(game.seats() + 1),
        },
    }
}

/// A random legal turn, changed a little (a step replaced, dropped, repeated or moved), or
/// made of arbitrary steps altogether.
fn mutate(game: &Gods, legal: &GodsTurn, rng: &mut Rng) -> GodsTurn {
    let mut t = legal.clone();
    let len = t.steps.len();
    match rng.below(6) {
        0 if len > 0 => t.steps[rng.below(len)] = junk_step(game, rng),
        1 if len > 0 => {
            t.steps.remove(rng.below(len));
        }
        2 if len > 0 => {
            let i = rng.below(len);
            t.steps.insert(rng.below(len + 1), t.steps[i]);
        }
        3 if len > 1 => t.steps.swap(rng.below(len), rng.below(len)),
        4 => t.declare_end = !t.declare_end,
        _ => {
            t.steps = (0..rng.below(5)).map(|_| junk_step(game, rng)).collect();
            t.declare_end = rng.below(20) == 0;
        }
    }
    t
}

/// Arbitrary turns, legal or not, thrown at positions of random games: an accepted turn
/// is one `legal` offers step by step and keeps every invariant; a rejected one names a
/// rule of the sheet, the step that broke it, and says why in words, not in Rust.
#[test]
fn arbitrary_turns_are_accepted_only_when_legal_and_rejected_in_player_words() {
    let mut accepted = 0;
    let mut rules_seen = std::collections::BTreeSet::new();
    let mut total = 0;
    for n in 0..150u64 {
        let seats = 2 + (n % 3) as usize;
        let options = match n % 2 {
            0 => pile_options(n % 32),
            _ => bag_options(n % 32),
        };
        let mut game = Gods::new(Seed::from_u64(7_000_000 + n), seats, options).unwrap();
        let mut rng = Rng::from_seed(&Seed::from_u64(8_000_000 + n));
        let mut turns = 0usize;
        while let Some(t) = random_turn(&game, &mut rng) {
            turns += 1;
            if turns.checked_rem(4) == Some(0) {
                for _ in 0..10 {
                    let junk = mutate(&game, &t, &mut rng);
                    let context = format!("game {n}, turn {turns}: {junk:?}");
                    let seat = if rng.below(10) == 0 {
                        rng.below(seats + 1)
                    } else {
                        game.to_move()
                    };
                    match game.apply(seat, &junk) {
                        Ok(applied) => {
                            accepted += 1;
                            check_against_legal(&game, seat, &junk, &context);
                            check_counts(&applied.game, &context);
                        }
                        Err(e) => {
                            assert!(RULE_IDS.contains(&e.rule.as_str()), "{context}: {e}");
                            if let Some(step) = e.step {
                                assert!(step >= 1 && step <= junk.steps.len(), "{context}: {e}");
                            }
                            assert!(!e.message.is_empty(), "{context}");
                            for rust in ["{", "Some(", "None", "Tribe(", "::", "Hex"] {
                                assert!(!e.message.contains(rust), "{context}: {e}");
                            }
                            rules_seen.insert(e.rule);
                        }
                    }
                }
            }
            game = game.apply(game.to_move(), &t).unwrap().game;
        }
        total += turns;
    }
    assert!(accepted > 0);
    eprintln!(
        "{accepted} arbitrary turns accepted, {total} turns; rejections named {rules_seen:?}"
    );
    assert!(rules_seen.len() >= 10, "{rules_seen:?}");
}
