//! The rules of Dreams (`docs/rules/dreams.md`), one or more tests per rule id; the cases
//! the rules leave open follow `docs/players/dreams-decisions.md`. Tables where they fit.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test code, helpers included: a panic is how a test reports a failure"
)]

mod dreams_common;

use dreams_common::*;
use games::dreams::score::points;
use games::dreams::{
    Commitment, Dreams, DreamsEvent, DreamsOptions, DreamsTurn, Guess, Phase, Role, Salt, StarKind,
    DECK_SIZE,
};
use games::{Game, Seed, Viewer, Visibility};
use std::collections::BTreeSet;

// ---- D-C: components ------------------------------------------------------------------

#[test]
fn d_c0_three_to_six_players() {
    assert_eq!(Dreams::seat_counts(), 3..=6);
    for seats in [0, 1, 2, 7, 10] {
        let e = Dreams::new(Seed::from_u64(1), seats, DreamsOptions::default()).unwrap_err();
        assert!(e.to_string().contains("3 to 6 players"), "{e}");
    }
    for seats in 3..=6 {
        let game = new_game(seats, 1);
        assert_eq!(game.seats(), seats);
        assert_eq!(game.scores().len(), seats);
    }
}

#[test]
fn d_c0_a_seat_outside_the_game_is_refused() {
    let game = new_game(3, 1);
    let e = reject(&game, 3, &clear(1, 1));
    assert_eq!(e.rule, "D-C0");
    assert_eq!(
        e.message,
        "there is no seat 3 in this game: the seats are 0 to 2"
    );
    let guessing = place_all_stars(&game);
    assert_eq!(reject(&guessing, 9, &pass()).rule, "D-C0");
}

#[test]
fn d_c1_the_deck_has_72_cards_each_dealt_once_before_any_comes_again() {
    // Nobody reaches 16: the scores are set back to 0 after each round, so that the game
    // lasts past the 18th round.
    let mut game = new_game(6, 11);
    let mut seen: Vec<u8> = Vec::new();
    let mut reshuffles = Vec::new();
    for round in 1..=20u32 {
        assert_eq!(game.round(), round);
        let cards = game.cards();
        if round <= 18 {
            seen.extend(cards);
            assert_eq!(game.deck_left(), DECK_SIZE - 4 * round as usize);
            assert_eq!(game.set_aside(), 4 * (round as usize - 1));
        }
        assert!(cards.iter().all(|&c| usize::from(c) < DECK_SIZE));
        let stars = place_all_stars(&game);
        let (next, events) = guess_all(&stars, |_, _| pass());
        assert!(!next.is_over());
        for e in events_only(&events) {
            if let DreamsEvent::RoundDealt { reshuffled, .. } = e {
                reshuffles.push(reshuffled);
            }
        }
        game = with_scores(&next, &[0; 6]);
    }
    let distinct: BTreeSet<u8> = seen.iter().copied().collect();
    assert_eq!(distinct.len(), 72, "18 rounds use every card once");
    assert_eq!(distinct, (0..72).collect());
    // Rounds 2..=21 were dealt by the loop: only round 19's deal reshuffled.
    let expected: Vec<bool> = (2..=21).map(|r| r == 19).collect();
    assert_eq!(reshuffles, expected);
}

/// A guess that hands out few points: the god after the mortal names them, every other god
/// names the next god round the table, so every god but one is named.
fn thrifty_guess(seat: usize, mortal: usize, seats: usize) -> DreamsTurn {
    if seat == mortal {
        return name_image(1);
    }
    let first = (mortal + 1) % seats;
    if seat == first {
        return name_seat(mortal);
    }
    let mut next = (seat + 1) % seats;
    if next == mortal {
        next = (next + 1) % seats;
    }
    name_seat(next)
}

#[test]
fn d_c1_the_deck_is_an_option_opaque_to_the_rules() {
    let options = DreamsOptions {
        deck: "midsummer".into(),
    };
    let game = Dreams::new(Seed::from_u64(3), 4, options.clone()).unwrap();
    assert_eq!(game.options(), &options);
    assert_eq!(game.view(Viewer::Spectator).deck, "midsummer");
    assert_eq!(DreamsOptions::default().deck, "standard");
    let e = serde_json::from_value::<DreamsOptions>(serde_json::json!({"cards": 50}));
    assert!(e.is_err(), "unknown option keys are refused");
}

#[test]
fn d_c2_each_player_has_a_clear_a_grey_and_a_black_star_and_scores_from_zero() {
    let game = new_game(5, 2);
    for seat in 0..5 {
        assert_eq!(
            game.unplaced(seat).to_vec(),
            vec![StarKind::Clear, StarKind::Grey, StarKind::Black]
        );
    }
    assert_eq!(game.scores(), &[0, 0, 0, 0, 0]);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.unplaced.len(), 5);
    assert_eq!(view.scores, vec![0; 5]);
    let done = place_all_stars(&game);
    assert_eq!(done.stars().len(), 15, "3 stars each");
    for seat in 0..5 {
        let kinds: BTreeSet<StarKind> = done
            .stars()
            .iter()
            .filter(|s| s.seat == seat)
            .map(|s| s.kind)
            .collect();
        assert_eq!(kinds.len(), 3, "seat {seat} placed one star of each kind");
        assert!(done.unplaced(seat).is_empty());
    }
}

#[test]
fn d_c3_each_round_one_mortal_and_gods_who_all_see_the_same_vision() {
    let mut visions = [0u32; 5];
    let mut mortals = [0u32; 6];
    for seed in 0..3_000u64 {
        let seats = 3 + (seed % 4) as usize;
        let game = new_game(seats, seed);
        let mes: Vec<_> = (0..seats)
            .map(|s| game.view(Viewer::Seat(s)).me.unwrap())
            .collect();
        let mortal: Vec<usize> = mes
            .iter()
            .filter(|m| m.role == Role::Mortal)
            .map(|m| m.seat)
            .collect();
        assert_eq!(mortal.len(), 1, "exactly one mortal marker is dealt");
        assert!(mes
            .iter()
            .all(|m| (m.role == Role::Mortal) == m.vision.is_none()));
        let seen: BTreeSet<u8> = mes.iter().filter_map(|m| m.vision).collect();
        assert_eq!(seen.len(), 1, "every god's marker shows the same number");
        let vision = *seen.iter().next().unwrap();
        assert!((1..=4).contains(&vision));
        assert_eq!(vision, game.secret_vision());
        assert_eq!(mortal[0], game.secret_mortal());
        visions[usize::from(vision)] += 1;
        if seats == 6 {
            mortals[mortal[0]] += 1;
        }
    }
    // Uniform: each vision about 750 times in 3,000; each seat of 6 about 125 times in 750.
    assert!(
        visions[1..].iter().all(|&n| (600..900).contains(&n)),
        "{visions:?}"
    );
    assert!(
        mortals.iter().all(|&n| (75..180).contains(&n)),
        "{mortals:?}"
    );
}

// ---- D-R1..D-R3: laying out, roles, the dealer ---------------------------------------------

#[test]
fn d_r1_four_cards_from_the_top_of_the_pile_are_images_1_to_4_in_reading_order() {
    let game = new_game(4, 5);
    let state = serde_json::to_value(&game).unwrap();
    let deck: Vec<u8> = serde_json::from_value(state["deck"].clone()).unwrap();
    assert_eq!(deck.len(), 72);
    assert_eq!(state["left"], 68);
    // The top of the pile is the end of the list: images 1..4 are its last four, drawn
    // in turn from the top.
    assert_eq!(game.cards(), [deck[71], deck[70], deck[69], deck[68]]);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.cards, game.cards());
    assert_eq!((view.deck_left, view.set_aside), (68, 0));
}

#[test]
fn d_r1_the_set_aside_cards_are_shuffled_back_before_a_deal_when_fewer_than_4_remain() {
    // A game at the end of round 18: the pile is empty, 68 cards are set aside, and 4 are
    // on the table.
    let game = new_game(3, 8);
    let mut state = serde_json::to_value(&game).unwrap();
    state["left"] = 0.into();
    state["round"]["number"] = 18.into();
    state["round"]["dealer"] = 2.into();
    let game = Dreams::from_json(state).unwrap();
    assert_eq!((game.deck_left(), game.set_aside()), (0, 68));
    let stars = place_all_stars(&game);
    let (next, events) = guess_all(&stars, |seat, mortal| {
        if seat == mortal {
            pass()
        } else {
            name_seat(mortal)
        }
    });
    let dealt = events_only(&events)
        .into_iter()
        .find_map(|e| match e {
            DreamsEvent::RoundDealt {
                round,
                cards,
                reshuffled,
                ..
            } => Some((round, cards, reshuffled)),
            _ => None,
        })
        .unwrap();
    assert_eq!(dealt.0, 19);
    assert!(dealt.2, "the deal says it reshuffled");
    assert_eq!(dealt.1, next.cards());
    assert_eq!((next.deck_left(), next.set_aside()), (68, 0));
}

#[test]
fn d_r2_roles_are_dealt_afresh_each_round_and_each_seat_is_told_its_own_alone() {
    let mut game = new_game(4, 21);
    let mut mortals = BTreeSet::new();
    for _ in 0..12 {
        let stars = place_all_stars(&game);
        let (next, events) = guess_all(&stars, |_, _| pass());
        if next.is_over() {
            break;
        }
        let roles: Vec<_> = events
            .iter()
            .filter(|l| matches!(l.event, DreamsEvent::Role { .. }))
            .collect();
        assert_eq!(roles.len(), 4, "one role event per seat");
        for l in roles {
            let DreamsEvent::Role {
                round,
                seat,
                role,
                vision,
            } = l.event
            else {
                unreachable!()
            };
            assert_eq!(round, next.round());
            assert_eq!(
                l.visibility,
                Visibility::Seat(seat),
                "only the seat is told"
            );
            assert_eq!(Some(role), next.role_of(seat));
            assert_eq!(vision, (role == Role::God).then(|| next.secret_vision()));
            let me = next.view(Viewer::Seat(seat)).me.unwrap();
            assert_eq!((me.role, me.vision), (role, vision));
        }
        mortals.insert(next.secret_mortal());
        game = next;
    }
    assert!(mortals.len() > 1, "the mortal changes between rounds");
}

#[test]
fn d_r3_seat_0_deals_first_then_the_next_seat_each_round() {
    let mut game = new_game(3, 4);
    let mut dealers = vec![game.dealer()];
    for _ in 0..4 {
        let stars = place_all_stars(&game);
        game = guess_all(&stars, |seat, mortal| thrifty_guess(seat, mortal, 3)).0;
        dealers.push(game.dealer());
        assert_eq!(game.view(Viewer::Spectator).dealer, game.dealer());
    }
    assert_eq!(dealers, vec![0, 1, 2, 0, 1]);
    // The dealer places the round's first star.
    assert_eq!(game.placer(), Some(1));
    assert_eq!(game.to_act(), vec![1]);
}

// ---- D-R4: stars ------------------------------------------------------------------------

#[test]
fn d_r4_from_the_dealer_in_seat_order_three_times_around() {
    let mut game = new_game(4, 6);
    let mut placers = Vec::new();
    while game.phase() == Phase::Stars {
        let seat = game.placer().unwrap();
        assert_eq!(game.to_act(), vec![seat]);
        placers.push(seat);
        let kind = game.unplaced(seat).first().unwrap();
        let (x, y) = free_point(&game);
        game = play(&game, seat, &star(kind, x, y)).0;
    }
    assert_eq!(placers, [0, 1, 2, 3].repeat(3));
    assert_eq!(game.phase(), Phase::Guess);
}

#[test]
fn d_r4_a_star_may_be_any_unplaced_kind_at_any_free_point_and_never_moves() {
    let game = new_game(3, 7);
    let (g, events) = play(&game, 0, &star(StarKind::Black, 100, 0));
    assert_eq!(
        events_only(&events),
        vec![DreamsEvent::StarPlaced {
            round: 1,
            seat: 0,
            kind: StarKind::Black,
            x: 100,
            y: 0
        }]
    );
    assert_eq!(events[0].visibility, Visibility::Everyone);
    let (g, _) = play(&g, 1, &star(StarKind::Grey, 0, 100));
    let (g, _) = play(&g, 2, &star(StarKind::Clear, 50, 50));
    let (g, _) = play(&g, 0, &star(StarKind::Clear, 0, 0));
    let placed: Vec<(usize, StarKind, u8, u8)> = g
        .stars()
        .iter()
        .map(|s| (s.seat, s.kind, s.x, s.y))
        .collect();
    assert_eq!(
        placed,
        vec![
            (0, StarKind::Black, 100, 0),
            (1, StarKind::Grey, 0, 100),
            (2, StarKind::Clear, 50, 50),
            (0, StarKind::Clear, 0, 0),
        ]
    );
    assert_eq!(g.unplaced(0).to_vec(), vec![StarKind::Grey]);
    assert_eq!(g.view(Viewer::Seat(2)).stars, g.stars());
}

#[test]
fn d_r4_two_stars_may_not_share_a_point() {
    let game = new_game(3, 7);
    let (g, _) = play(&game, 0, &clear(25, 70));
    let e = reject(&g, 1, &star(StarKind::Grey, 25, 70));
    assert_eq!(e.rule, "D-R4");
    assert_eq!(
        e.message,
        "seat 0's clear star already lies at 25,70: two stars may not share a point"
    );
    // A neighbouring point is fine: one hundredth apart.
    play(&g, 1, &star(StarKind::Grey, 25, 71));
    play(&g, 1, &star(StarKind::Grey, 26, 70));
}

#[test]
fn d_r4_refusals_name_the_rule_and_what_to_send() {
    let game = new_game(3, 9);
    let (after_black, _) = play(&game, 0, &star(StarKind::Black, 10, 10));
    let (g, _) = play(&after_black, 1, &pass());
    let (g, _) = play(&g, 2, &clear(20, 20));
    let (g, _) = play(&g, 0, &pass()); // seat 0 sets its clear star aside
    let (g, _) = play(&g, 1, &star(StarKind::Black, 30, 30));
    let table: Vec<(&str, usize, DreamsTurn, &str)> = vec![
        (
            "not your turn",
            1,
            clear(5, 5),
            "it is seat 2's turn to place a star, not seat 1's",
        ),
        (
            "the empty turn",
            2,
            DreamsTurn::default(),
            "send one star, e.g. `clear at 25,70` (x then y, in hundredths from the top-left corner), or `pass`",
        ),
        (
            "off the firmament",
            2,
            star(StarKind::Grey, 101, 5),
            "101,5 is off the firmament: x and y run from 0 to 100 (hundredths of its side)",
        ),
        (
            "a kind already placed",
            2,
            clear(5, 5),
            "your clear star is already on the firmament this round; you may place your grey or black star",
        ),
        (
            "a guess in the stars phase",
            2,
            name_seat(0),
            "guesses come once every star is placed (D-R5); now send one star, e.g. `clear at 25,70` (x then y, in hundredths from the top-left corner), or `pass`",
        ),
        (
            "two things at once",
            2,
            DreamsTurn {
                star: clear(5, 5).star,
                pass: true,
                guess: None,
            },
            "send one thing at a time, not 2: send one star, e.g. `clear at 25,70` (x then y, in hundredths from the top-left corner), or `pass`",
        ),
    ];
    for (what, seat, turn, message) in table {
        let e = reject(&g, seat, &turn);
        assert_eq!(
            (e.rule.as_str(), e.message.as_str()),
            ("D-R4", message),
            "{what}"
        );
    }
    // Seat 0 set its clear star aside, and placed its black one.
    let (g, _) = play(&g, 2, &star(StarKind::Grey, 40, 40));
    let e = reject(&g, 0, &clear(5, 5));
    assert_eq!(
        e.message,
        "you set your clear star aside this round when you passed; you may place your grey star"
    );
    let e = reject(&g, 0, &star(StarKind::Black, 5, 5));
    assert!(e
        .message
        .starts_with("your black star is already on the firmament"));
}

#[test]
fn d_r4_a_pass_sets_aside_the_first_unplaced_star_for_the_round() {
    let game = new_game(3, 10);
    let (g, events) = play(&game, 0, &pass());
    assert_eq!(
        events_only(&events),
        vec![DreamsEvent::StarPassed {
            round: 1,
            seat: 0,
            kind: StarKind::Clear
        }]
    );
    assert_eq!(events[0].visibility, Visibility::Everyone);
    assert_eq!(
        g.unplaced(0).to_vec(),
        vec![StarKind::Grey, StarKind::Black]
    );
    assert_eq!(
        g.placer(),
        Some(1),
        "the next seat places: no turn comes back"
    );
    // A seat that placed its clear star sets its grey one aside.
    let (g, _) = play(&g, 1, &clear(1, 1));
    let (g, _) = play(&g, 2, &pass());
    let (g, events) = play(&g, 0, &pass());
    assert!(matches!(
        events[0].event,
        DreamsEvent::StarPassed {
            kind: StarKind::Grey,
            ..
        }
    ));
    let (g, _) = play(&g, 1, &pass());
    assert!(matches!(
        play(&g, 2, &pass()).1[0].event,
        DreamsEvent::StarPassed { seat: 2, .. }
    ));
    // Passing every time: the round goes on to the guesses with no stars of seat 0.
    let mut g = g;
    while let Some(seat) = g.placer() {
        g = play(&g, seat, &pass()).0;
    }
    assert_eq!(g.phase(), Phase::Guess);
    assert!(g.stars().iter().all(|s| s.seat != 0));
    assert_eq!(g.stars().len(), 1);
}

#[test]
fn d_r4_the_timeout_plays_a_pass_for_the_placer_only() {
    let game = new_game(4, 12);
    assert_eq!(game.pass_turn(0), Some(pass()));
    for seat in 1..4 {
        assert_eq!(game.pass_turn(seat), None);
    }
    let (g, _) = play(&game, 0, &game.pass_turn(0).unwrap());
    assert_eq!(g.pass_turn(1), Some(pass()));
}

#[test]
fn d_r4_stars_return_for_the_next_round() {
    let game = place_all_stars(&new_game(3, 13));
    let (next, _) = guess_all(&game, |_, _| pass());
    assert_eq!(next.round(), 2);
    assert!(next.stars().is_empty());
    for seat in 0..3 {
        assert_eq!(next.unplaced(seat).len(), 3);
    }
    let view = next.view(Viewer::Spectator);
    assert_eq!(view.last_reveal.unwrap().stars, game.stars());
}

#[test]
fn d_r4_legal_lists_the_kinds_and_the_taken_points() {
    let game = new_game(3, 14);
    let (g, _) = play(&game, 0, &star(StarKind::Grey, 3, 4));
    let legal = g.legal(1, &DreamsTurn::default()).unwrap();
    assert_eq!(legal.phase, Phase::Stars);
    assert_eq!(
        legal.kinds,
        vec![StarKind::Clear, StarKind::Grey, StarKind::Black]
    );
    assert_eq!(legal.taken.len(), 1);
    assert_eq!((legal.taken[0].x, legal.taken[0].y), (3, 4));
    assert_eq!(legal.max, 100);
    assert!(legal.may_pass && !legal.complete);
    assert!(legal.seats.is_empty() && legal.images.is_empty());
    assert!(g.legal(1, &clear(5, 5)).unwrap().complete);
    assert_eq!(g.legal(0, &DreamsTurn::default()).unwrap_err().rule, "D-R4");
}

// ---- D-R5: guesses --------------------------------------------------------------------------

fn guessing(seats: usize, seed: u64, mortal: usize, vision: u8) -> Dreams {
    let game = place_all_stars(&new_game(seats, seed));
    assert_eq!(game.phase(), Phase::Guess);
    with_roles(&game, mortal, vision)
}

#[test]
fn d_r5_everyone_guesses_at_once_in_any_order() {
    let game = guessing(4, 15, 2, 3);
    assert_eq!(game.to_act(), vec![0, 1, 2, 3]);
    let (g, _) = play(&game, 3, &name_seat(0));
    assert_eq!(g.to_act(), vec![0, 1, 2]);
    let (g, _) = play(&g, 1, &name_seat(3));
    let (g, _) = play(&g, 2, &name_image(4));
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.phase(), Phase::Guess);
    assert_eq!(
        g.view(Viewer::Spectator).guessed,
        vec![false, true, true, true]
    );
}

#[test]
fn d_r5_a_god_names_another_seat_and_the_mortal_an_image() {
    let game = guessing(4, 16, 1, 2);
    for image in 1..=4 {
        play(&game, 1, &name_image(image));
    }
    for seat in [1, 2, 3] {
        play(&game, 0, &name_seat(seat));
    }
    let table: Vec<(usize, DreamsTurn, &str)> = vec![
        (0, name_seat(0), "a god never names themself: name the seat you suspect is the mortal"),
        (0, name_seat(4), "there is no seat 4 in this game: the seats are 0 to 3"),
        (0, name_image(2), "you are a god this round: name the seat you suspect is the mortal, e.g. `guess seat 2`, or send `pass` (no guess)"),
        (1, name_seat(0), "you are the mortal this round: name the image you believe is the true vision, `guess image 1` to `guess image 4`, or send `pass` (no guess)"),
        (1, name_image(0), "there is no image 0: the images are numbered 1 to 4"),
        (1, name_image(5), "there is no image 5: the images are numbered 1 to 4"),
        (2, clear(1, 1), "every star is placed: it is time to guess; you are a god this round: name the seat you suspect is the mortal, e.g. `guess seat 2`, or send `pass` (no guess)"),
        (2, DreamsTurn::default(), "you are a god this round: name the seat you suspect is the mortal, e.g. `guess seat 2`, or send `pass` (no guess)"),
        (1, DreamsTurn::default(), "you are the mortal this round: name the image you believe is the true vision, `guess image 1` to `guess image 4`, or send `pass` (no guess)"),
    ];
    for (seat, turn, message) in table {
        let e = reject(&game, seat, &turn);
        assert_eq!((e.rule.as_str(), e.message.as_str()), ("D-R5", message));
    }
    let both = DreamsTurn {
        guess: Some(Guess::Seat(2)),
        pass: true,
        star: None,
    };
    assert!(reject(&game, 0, &both)
        .message
        .starts_with("send one thing, not 2"));
}

#[test]
fn d_r5_a_sealed_guess_is_final() {
    let game = guessing(3, 17, 0, 1);
    let (g, _) = play(&game, 1, &name_seat(2));
    for turn in [name_seat(0), pass(), DreamsTurn::default()] {
        let e = reject(&g, 1, &turn);
        assert_eq!(e.rule, "D-R5");
        assert_eq!(
            e.message,
            "you have already sealed your guess this round: a sealed guess cannot be changed"
        );
    }
    assert_eq!(g.pass_turn(1), None);
    assert_eq!(
        g.view(Viewer::Seat(1)).my_guess.unwrap().guess,
        Some(Guess::Seat(2))
    );
}

#[test]
fn d_r5_a_guess_is_sealed_with_a_public_commitment_and_told_to_its_seat_alone() {
    let game = guessing(3, 18, 2, 4);
    let (g, events) = play(&game, 0, &name_seat(2));
    assert_eq!(events.len(), 2);
    let salt = Salt::derive(&game.secret_seed(), 1, 0);
    let commitment = Commitment::compute(1, 0, Some(Guess::Seat(2)), &salt);
    assert_eq!(events[0].visibility, Visibility::Everyone);
    assert_eq!(
        events[0].event,
        DreamsEvent::GuessSealed {
            round: 1,
            seat: 0,
            commitment
        }
    );
    assert_eq!(events[1].visibility, Visibility::Seat(0));
    assert_eq!(
        events[1].event,
        DreamsEvent::MyGuess {
            round: 1,
            seat: 0,
            guess: Some(Guess::Seat(2)),
            salt
        }
    );
    let spectator = g.view(Viewer::Spectator);
    assert_eq!(spectator.commitments, vec![Some(commitment), None, None]);
    assert_eq!(spectator.guessed, vec![true, false, false]);
    assert!(spectator.my_guess.is_none() && spectator.me.is_none());
    let own = g.view(Viewer::Seat(0)).my_guess.unwrap();
    assert_eq!((own.guess, own.salt), (Some(Guess::Seat(2)), salt));
    assert!(g.view(Viewer::Seat(1)).my_guess.is_none());
    // In the log, a turn of the guess phase is its author's alone.
    assert_eq!(game.turn_visibility(0, &name_seat(2)), Visibility::Seat(0));
    assert_eq!(game.turn_visibility(1, &pass()), Visibility::Seat(1));
    let stars = new_game(3, 18);
    assert_eq!(stars.turn_visibility(0, &pass()), Visibility::Everyone);
    assert_eq!(stars.turn_visibility(0, &clear(1, 1)), Visibility::Everyone);
}

#[test]
fn d_r5_the_timeout_seals_no_guess_for_every_seat_still_to_guess() {
    let game = guessing(4, 19, 3, 1);
    for seat in 0..4 {
        assert_eq!(game.pass_turn(seat), Some(pass()));
    }
    let (g, events) = play(&game, 3, &pass());
    assert!(matches!(
        events[1].event,
        DreamsEvent::MyGuess {
            guess: None,
            seat: 3,
            ..
        }
    ));
    assert_eq!(g.pass_turn(3), None);
    assert_eq!(g.view(Viewer::Seat(3)).my_guess.unwrap().guess, None);
}

#[test]
fn d_r5_legal_offers_a_god_the_other_seats_and_the_mortal_the_images() {
    let game = guessing(5, 20, 3, 2);
    let god = game.legal(1, &DreamsTurn::default()).unwrap();
    assert_eq!(god.seats, vec![0, 2, 3, 4]);
    assert!(god.images.is_empty() && god.kinds.is_empty());
    assert!(god.may_pass && !god.complete);
    let mortal = game.legal(3, &DreamsTurn::default()).unwrap();
    assert_eq!(
        mortal.images,
        vec![1, 2, 3, 4],
        "all four: no hint (decision 9)"
    );
    assert!(mortal.seats.is_empty());
    assert!(game.legal(3, &name_image(2)).unwrap().complete);
    assert_eq!(game.legal(3, &name_seat(1)).unwrap_err().rule, "D-R5");
}

// ---- D-R6..D-R8: reveal, score, end -------------------------------------------------------

#[test]
fn d_r6_the_last_guess_reveals_every_guess_marker_the_vision_and_the_mortal() {
    let game = guessing(3, 22, 1, 3);
    let (g, _) = play(&game, 2, &name_seat(1));
    let (g, _) = play(&g, 1, &name_image(2));
    let (next, events) = play(&g, 0, &name_seat(2));
    let reveal = revealed(&events);
    assert_eq!(reveal.round, 1);
    assert_eq!((reveal.vision, reveal.mortal), (3, 1));
    assert_eq!(reveal.cards, game.cards());
    assert_eq!(reveal.stars, game.stars());
    assert_eq!(
        reveal.guesses,
        vec![
            Some(Guess::Seat(2)),
            Some(Guess::Image(2)),
            Some(Guess::Seat(1))
        ]
    );
    for seat in 0..3 {
        let salt = Salt::derive(&game.secret_seed(), 1, seat);
        assert_eq!(reveal.salts[seat], salt);
        assert!(reveal.commitments[seat].verifies(1, seat, reveal.guesses[seat], &salt));
    }
    let logged = events
        .iter()
        .find(|l| matches!(l.event, DreamsEvent::Revealed(_)))
        .unwrap();
    assert_eq!(logged.visibility, Visibility::Everyone);
    // Every view shows it as the last reveal, while the next round begins.
    for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
        assert_eq!(next.view(viewer).last_reveal.as_ref(), Some(&reveal));
    }
    assert_eq!((next.round(), next.phase()), (2, Phase::Stars));
}

/// (seats, mortal, vision, guesses, points): `None` is no guess.
type ScoreCase = (usize, usize, u8, Vec<Option<Guess>>, Vec<u32>);

fn s(seat: usize) -> Option<Guess> {
    Some(Guess::Seat(seat))
}

fn i(image: u8) -> Option<Guess> {
    Some(Guess::Image(image))
}

fn score_cases() -> Vec<ScoreCase> {
    vec![
        // Nobody names the mortal, who names the vision: 3 + 2; each god named by the
        // other scores nothing.
        (3, 0, 2, vec![i(2), s(2), s(1)], vec![5, 0, 0]),
        // The mortal is named by one god and misses the vision: 0; that god 2 (named by the
        // other, so no more); the other god, unnamed, 1.
        (3, 0, 2, vec![i(1), s(0), s(1)], vec![0, 2, 1]),
        // Both gods find the mortal; nobody names them: 2 + 1 each.
        (3, 2, 4, vec![s(2), s(2), i(4)], vec![3, 3, 2]),
        // The sheets' example: the mortal (seat 2) named image 2, the vision was 3, the
        // gods named seats 0 and 1; seat 3 was named by nobody.
        (4, 2, 3, vec![s(1), s(0), i(2), s(0)], vec![0, 0, 3, 1]),
        // No guess at all: the mortal still scores 3 unnamed, each god 1 unnamed.
        (4, 1, 1, vec![None, None, None, None], vec![1, 3, 1, 1]),
        // The mortal passes but is unnamed: 3, no vision points.
        (4, 3, 2, vec![s(1), s(2), s(0), None], vec![0, 0, 0, 3]),
        // A god who passes names nobody: no naming points, still 1 when unnamed.
        (
            5,
            4,
            1,
            vec![None, s(4), s(4), s(0), i(1)],
            vec![0, 3, 3, 1, 2],
        ),
        // Six seats, everyone named by someone, nobody finds the mortal.
        (
            6,
            5,
            4,
            vec![s(1), s(2), s(3), s(4), s(0), i(3)],
            vec![0, 0, 0, 0, 0, 3],
        ),
        // Six seats, all five gods find the mortal.
        (
            6,
            0,
            2,
            vec![i(2), s(0), s(0), s(0), s(0), s(0)],
            vec![2, 3, 3, 3, 3, 3],
        ),
    ]
}

#[test]
fn d_r7_points_follow_the_table() {
    for (seats, mortal, vision, guesses, expected) in score_cases() {
        assert_eq!(guesses.len(), seats);
        assert_eq!(points(mortal, vision, &guesses), expected, "{guesses:?}");
    }
}

#[test]
fn d_r7_a_played_round_scores_by_the_table() {
    for (n, (seats, mortal, vision, guesses, expected)) in score_cases().into_iter().enumerate() {
        let game = guessing(seats, 30 + n as u64, mortal, vision);
        let (after, events) = guess_all(&game, |seat, _| match guesses[seat] {
            Some(g) => DreamsTurn::guess(g),
            None => pass(),
        });
        let reveal = revealed(&events);
        assert_eq!(reveal.points, expected, "case {n}");
        assert_eq!(reveal.scores, expected, "case {n}: from 0");
        assert_eq!(after.scores(), expected.as_slice());
    }
}

#[test]
fn d_r7_scores_add_up_over_rounds() {
    let game = guessing(3, 40, 0, 1);
    let game = with_scores(&game, &[4, 7, 9]);
    let (after, events) = guess_all(&game, |seat, _| match seat {
        0 => name_image(1),
        1 => name_seat(2),
        _ => name_seat(1),
    });
    let reveal = revealed(&events);
    assert_eq!(reveal.points, vec![5, 0, 0]);
    assert_eq!(reveal.scores, vec![9, 7, 9]);
    assert_eq!(after.scores(), &[9, 7, 9]);
}

#[test]
fn d_r8_the_game_ends_after_the_round_in_which_someone_reaches_16() {
    let game = with_scores(&guessing(4, 41, 0, 2), &[13, 15, 10, 2]);
    // Seat 0, the mortal, names the vision and is unnamed: 13 + 5 = 18.
    let (over, events) = guess_all(&game, |seat, _| match seat {
        0 => name_image(2),
        1 => name_seat(2),
        2 => name_seat(3),
        _ => name_seat(1),
    });
    assert!(over.is_over());
    assert_eq!(over.phase(), Phase::Over);
    assert!(over.to_act().is_empty());
    assert_eq!(over.scores(), &[18, 15, 10, 2]);
    let last = events_only(&events).last().cloned().unwrap();
    assert_eq!(
        last,
        DreamsEvent::GameOver {
            scores: vec![18, 15, 10, 2],
            winners: vec![0]
        }
    );
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.scores, vec![18, 15, 10, 2]);
    assert_eq!(outcome.reason, "seat 0 reached 16 points in round 1 (D-R8)");
    assert!(!events
        .iter()
        .any(|l| matches!(l.event, DreamsEvent::RoundDealt { .. })));
    assert_eq!(over.view(Viewer::Spectator).outcome, Some(outcome));
    assert_eq!(reject(&over, 0, &pass()).rule, "D-R8");
    assert_eq!(
        over.legal(0, &DreamsTurn::default()).unwrap_err().rule,
        "D-R8"
    );
    assert_eq!(over.pass_turn(0), None);
}

#[test]
fn d_r8_the_highest_score_wins_even_if_another_reached_16() {
    // Seat 1 reaches 16, but seat 2 ends higher: the highest score wins.
    let game = with_scores(&guessing(3, 42, 0, 1), &[0, 14, 15]);
    let (over, _) = guess_all(&game, |seat, _| match seat {
        0 => name_image(4),
        1 => name_seat(0),
        _ => name_seat(0),
    });
    assert_eq!(over.scores(), &[0, 17, 18]);
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.winners, vec![2]);
    assert_eq!(
        outcome.reason,
        "seats 1 and 2 reached 16 points in round 1 (D-R8)"
    );
}

#[test]
fn d_r8_a_tie_for_the_highest_score_is_a_shared_win() {
    let game = with_scores(&guessing(4, 43, 3, 1), &[14, 14, 5, 0]);
    let (over, events) = guess_all(&game, |seat, _| match seat {
        3 => name_image(2),
        _ => name_seat(3),
    });
    assert_eq!(over.scores(), &[17, 17, 8, 0]);
    assert_eq!(over.outcome().unwrap().winners, vec![0, 1]);
    assert!(matches!(
        events_only(&events).last(),
        Some(DreamsEvent::GameOver { winners, .. }) if winners == &vec![0, 1]
    ));
}

#[test]
fn d_r8_below_16_the_next_round_begins() {
    let game = with_scores(&guessing(3, 44, 0, 1), &[10, 15, 0]);
    let (next, events) = guess_all(&game, |seat, _| match seat {
        0 => name_image(2),
        1 => name_seat(2),
        _ => name_seat(1),
    });
    // Seat 0 named the wrong image and was unnamed: 13; 15 stays 15 (named); 0 stays 0.
    assert_eq!(next.scores(), &[13, 15, 0]);
    assert!(!next.is_over() && next.outcome().is_none());
    assert_eq!(
        (next.round(), next.phase(), next.dealer()),
        (2, Phase::Stars, 1)
    );
    let kinds: Vec<&str> = events_only(&events)
        .iter()
        .map(|e| match e {
            DreamsEvent::GuessSealed { .. } => "sealed",
            DreamsEvent::MyGuess { .. } => "mine",
            DreamsEvent::Revealed(_) => "revealed",
            DreamsEvent::RoundDealt { .. } => "dealt",
            DreamsEvent::Role { .. } => "role",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "sealed", "mine", "sealed", "mine", "sealed", "mine", "revealed", "dealt", "role",
            "role", "role"
        ]
    );
}

// ---- D-T1, D-S1, D-S2 -----------------------------------------------------------------------

#[test]
fn d_t1_talk_is_not_a_turn_and_the_engine_never_judges_it() {
    // The service carries table talk; the notation reads turns only.
    for talk in ["I am a god, trust me", "seat 2 is the mortal", "image 3!"] {
        assert!(Dreams::parse_turn(talk).is_err(), "{talk}");
    }
    // And no turn says anything about roles: a god may pass or name anyone but
    // themselves, whatever they said.
    let game = guessing(3, 45, 0, 1);
    play(&game, 1, &name_seat(2));
    play(&game, 1, &pass());
}

#[test]
fn d_s1_before_the_reveal_a_seat_sees_only_its_own_marker_and_guess() {
    let game = guessing(4, 46, 2, 3);
    let (g, _) = play(&game, 2, &name_image(1));
    let (g, _) = play(&g, 0, &name_seat(2));
    for seat in 0..4 {
        let view = g.view(Viewer::Seat(seat));
        let me = view.me.unwrap();
        assert_eq!(me.seat, seat);
        assert_eq!(me.role == Role::Mortal, seat == 2);
        assert_eq!(me.vision, (seat != 2).then_some(3));
        assert_eq!(
            view.my_guess.map(|m| m.guess),
            match seat {
                2 => Some(Some(Guess::Image(1))),
                0 => Some(Some(Guess::Seat(2))),
                _ => None,
            }
        );
        assert!(view.last_reveal.is_none());
        let json = serde_json::to_string(&view).unwrap();
        // Field names of the state and of a reveal that must not appear before it.
        for key in [
            "\"mortal\":",
            "\"rng\":",
            "\"seed\":",
            "\"sealed\":",
            "\"guesses\":",
            "\"salts\":",
        ] {
            assert!(!json.contains(key), "seat {seat}'s view has {key}");
        }
    }
    let spectator = serde_json::to_value(g.view(Viewer::Spectator)).unwrap();
    assert_eq!(spectator["me"], serde_json::Value::Null);
    assert_eq!(spectator["my_guess"], serde_json::Value::Null);
}

#[test]
fn d_s1_a_seat_s_view_is_the_same_whichever_other_seat_is_the_mortal() {
    let base = guessing(5, 47, 1, 2);
    let (g, _) = play(&base, 3, &name_seat(1));
    let (g, _) = play(&g, 1, &name_image(4));
    for viewer in 0..5 {
        let own_role = g.role_of(viewer).unwrap();
        let view = g.view(Viewer::Seat(viewer));
        for other in (0..5).filter(|&o| o != viewer) {
            for vision in 1..=4 {
                // Same role for the viewer; anything else may differ.
                let alt = match own_role {
                    Role::God if other != viewer => {
                        g.with_hidden(other, g.secret_vision(), |s, guess| {
                            if s == viewer {
                                guess
                            } else {
                                Some(Guess::Seat((s + 1) % 5))
                            }
                        })
                    }
                    _ => g.with_hidden(
                        viewer,
                        vision,
                        |s, guess| {
                            if s == viewer {
                                guess
                            } else {
                                None
                            }
                        },
                    ),
                };
                assert_eq!(alt.view(Viewer::Seat(viewer)), view, "viewer {viewer}");
                assert_eq!(alt.view(Viewer::Spectator), g.view(Viewer::Spectator));
            }
        }
    }
}

#[test]
fn d_s1_what_others_see_of_a_guess_does_not_depend_on_roles() {
    // The same public events and the same to_act for a god's guess and the mortal's.
    let game = guessing(3, 48, 0, 1);
    let (_, as_mortal) = play(&game, 0, &name_image(1));
    let god = with_roles(&game, 1, 1);
    let (_, as_god) = play(&god, 0, &name_seat(2));
    let shape = |events: &[games::Logged<DreamsEvent>]| -> Vec<(Visibility, String)> {
        events
            .iter()
            .map(|l| {
                let kind = serde_json::to_value(&l.event).unwrap()["type"].to_string();
                (l.visibility, kind)
            })
            .collect()
    };
    assert_eq!(shape(&as_mortal), shape(&as_god));
}

#[test]
fn d_s2_after_the_game_the_seed_replays_the_log_and_every_commitment_verifies() {
    let mut rng = games::Rng::from_seed(&Seed::from_u64(99));
    let seed = Seed::from_u64(49);
    let (game, log) =
        games::dreams::random::random_game(seed, 5, DreamsOptions::default(), &mut rng).unwrap();
    assert!(game.is_over());
    let replayed = Dreams::replay(seed, 5, DreamsOptions::default(), &log).unwrap();
    assert_eq!(
        serde_json::to_value(&replayed).unwrap(),
        serde_json::to_value(&game).unwrap()
    );
    // Every round's reveal verifies from the seed alone.
    let mut g = Dreams::new(seed, 5, DreamsOptions::default()).unwrap();
    let mut rounds = 0;
    for (seat, turn) in &log {
        let (next, events) = play(&g, *seat, turn);
        for l in &events {
            if let DreamsEvent::Revealed(r) = &l.event {
                rounds += 1;
                for s in 0..5 {
                    let salt = Salt::derive(&seed, r.round, s);
                    assert_eq!(r.salts[s], salt);
                    assert!(r.commitments[s].verifies(r.round, s, r.guesses[s], &salt));
                }
            }
        }
        g = next;
    }
    assert_eq!(u32::try_from(rounds).unwrap(), game.round());
}

#[test]
fn the_worked_example_of_replay_md_is_what_the_engine_computes() {
    let seed: Seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        .parse()
        .unwrap();
    let salt = Salt::derive(&seed, 1, 2);
    let commitment = Commitment::compute(1, 2, Some(Guess::Seat(0)), &salt);
    assert_eq!(salt.to_hex(), "45868872655ca2922955dd3e25d8fe76");
    assert_eq!(
        commitment.to_hex(),
        "7a5bcd3b484ae6f2e468746381dff119894b093588bf736db1b6517ae272e0e6"
    );
    let doc = include_str!("../../docs/players/replay.md");
    assert!(doc.contains("## Dreams: checking the sealed guesses"));
    assert!(doc.contains(&format!("salt        {salt}")));
    assert!(doc.contains(&format!("commitment  {commitment}")));
    assert!(doc.contains(&format!("`hermes-dreams-guess-v1:1:2:guess seat 0:{salt}`")));
    // The same through a game: seat 2 of a game with that seed seals `guess seat 0` in
    // round 1 with this very commitment (when seat 2 is a god and seat 0 another seat).
    let game = place_all_stars(&Dreams::new(seed, 3, DreamsOptions::default()).unwrap());
    let game = with_roles(&game, 1, 1);
    let (_, events) = play(&game, 2, &name_seat(0));
    assert_eq!(
        events[0].event,
        DreamsEvent::GuessSealed {
            round: 1,
            seat: 2,
            commitment
        }
    );
}

// ---- Coverage of the rule sheet -------------------------------------------------------------

#[test]
fn every_rule_id_of_the_sheet_names_a_test() {
    let sheet = include_str!("../../docs/rules/dreams.md");
    let ids: Vec<&str> = sheet
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .filter_map(|l| l.split("**").next())
        .filter(|w| w.starts_with("D-"))
        .collect();
    assert_eq!(
        ids, RULE_IDS,
        "docs/rules/dreams.md changed: update RULE_IDS and the tests"
    );
    let source = include_str!("dreams_rules.rs");
    for id in RULE_IDS {
        let name = format!("fn {}_", id.to_lowercase().replace('-', "_"));
        assert!(source.contains(&name), "no test is named after {id}");
    }
}

#[test]
fn the_docs_never_point_at_the_shared_folder() {
    for (name, text) in [
        (
            "rules/dreams.md",
            include_str!("../../docs/rules/dreams.md"),
        ),
        (
            "dreams-decisions.md",
            include_str!("../../docs/players/dreams-decisions.md"),
        ),
    ] {
        assert!(!text.contains("shared/"), "docs/{name} points at shared/");
    }
}
