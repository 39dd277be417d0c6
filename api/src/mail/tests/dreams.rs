//! Dreams mail: samples for the snapshots, and the secrecy rule D-S1 — before the reveal,
//! a seat's mail shows the mortal to nobody, the true vision only to a god (their own
//! marker), and no seat's guess to another; so a seat's mail is byte for byte the same
//! whichever other seat is the mortal, whatever the vision (for the mortal) and whatever
//! the others guessed.

use super::*;
use crate::board::dreams::{card_title_in, dreams_png, DreamsStyle};
use games::dreams::random::{random_game, random_submission};
use games::dreams::{Dreams, DreamsEvent, DreamsOptions, Guess, Phase, Reveal, Role};
use games::Seat;

const SEATS: usize = 4;

/// A 4-seat game played with random legal turns (seed `seed`) until `stop` holds, and the
/// public events so far.
fn dreams_until(seed: u64, stop: impl Fn(&Dreams) -> bool) -> (Dreams, Vec<DreamsEvent>) {
    let mut game = Dreams::new(Seed::from_u64(seed), SEATS, DreamsOptions::default())
        .expect("a game of Dreams");
    let mut rng = Rng::from_seed(&Seed::from_u64(seed + 1000));
    let mut events = Vec::new();
    while !stop(&game) {
        let (seat, turn) = random_submission(&game, &mut rng).expect("the game goes on");
        let applied = game.apply(seat, &turn).expect("a random turn is legal");
        events.extend(
            applied
                .events
                .into_iter()
                .filter(|l| l.visibility == games::Visibility::Everyone)
                .map(|l| l.event),
        );
        game = applied.game;
    }
    (game, events)
}

/// Round 1, five stars (or passes) in.
fn stars_game() -> Dreams {
    dreams_until(5, |g| g.stars().len() >= 5).0
}

/// Round 1, every star placed, two seats have sealed their guesses.
fn guess_game() -> Dreams {
    dreams_until(5, |g| {
        g.phase() == Phase::Guess && (0..SEATS).filter(|&s| g.has_guessed(s)).count() >= 2
    })
    .0
}

/// The first round's reveal.
pub(super) fn first_reveal() -> Reveal {
    let (_, events) = dreams_until(5, |g| g.last_reveal().is_some());
    events
        .into_iter()
        .find_map(|e| match e {
            DreamsEvent::Revealed(r) => Some(*r),
            _ => None,
        })
        .expect("a revealed event")
}

fn titles(lang: Lang, cards: &[u8]) -> Vec<String> {
    cards
        .iter()
        .map(|&c| card_title_in(usize::from(c), lang))
        .collect()
}

/// The your-turn mail of `seat` in `game`, built from that seat's view as the worker does.
fn turn_mail(game: &Dreams, seat: Seat, names: &[String], game_name: &str) -> DreamsTurnMail {
    turn_mail_in(Lang::En, game, seat, names, game_name)
}

fn turn_mail_in(
    lang: Lang,
    game: &Dreams,
    seat: Seat,
    names: &[String],
    game_name: &str,
) -> DreamsTurnMail {
    let view = game.view(Viewer::Seat(seat));
    let images = titles(lang, &view.cards);
    DreamsYourTurn {
        lang,
        game_name,
        view: &view,
        seat,
        names,
        images: &images,
        deadline: &deadline(),
        turn_url: TURN_URL,
        game_url: GAME_URL,
    }
    .build()
    .expect("a seat's mail while the game runs")
}

fn render_turn(game: &Dreams, seat: Seat) -> Message {
    let mail = turn_mail(game, seat, &names(), "Dreams #abc123");
    render(
        mail.template(),
        &context(mail.to_data().expect("data"), vec![fake_board()], "Cleo"),
    )
    .expect("renders")
}

fn reveal_data(names: &[String], game_name: &str) -> DreamsRevealed {
    reveal_data_in(Lang::En, names, game_name)
}

fn reveal_data_in(lang: Lang, names: &[String], game_name: &str) -> DreamsRevealed {
    let reveal = first_reveal();
    DreamsRevealed {
        game_name: game_name.to_string(),
        reveal: RoundReveal::new(lang, &reveal, names, &titles(lang, &reveal.cards)),
        next_dealer: words::seat_name(names, 1),
        game_url: GAME_URL.to_string(),
    }
}

/// The Dreams samples: `(snapshot name, template, data)`.
pub(super) fn samples(
    lang: Lang,
    names: &[String],
    game_name: &str,
) -> Vec<(&'static str, Template, serde_json::Value)> {
    let stars = stars_game();
    let guess = guess_game();
    let mortal = stars.secret_mortal();
    let god = (mortal + 1) % SEATS;
    let mut out = Vec::new();
    for (name, game, seat) in [
        ("dreams_stars_god", &stars, god),
        ("dreams_stars_mortal", &stars, mortal),
        (
            "dreams_guess_god",
            &guess,
            (guess.secret_mortal() + 1) % SEATS,
        ),
        ("dreams_guess_mortal", &guess, guess.secret_mortal()),
    ] {
        let mail = turn_mail_in(lang, game, seat, names, game_name);
        out.push((name, mail.template(), mail.to_data().expect("data")));
    }
    out.push((
        "dreams_reveal",
        Template::DreamsReveal,
        data(&reveal_data_in(lang, names, game_name)),
    ));
    let (over, _) = random_game(
        Seed::from_u64(8),
        SEATS,
        DreamsOptions::default(),
        &mut Rng::from_seed(&Seed::from_u64(9)),
    )
    .expect("a whole random game");
    let outcome = over.outcome().expect("the game is over");
    let last = over.last_reveal().expect("the last round");
    // Why it ended, as the Dreams kind says it from the last turn's events.
    let reason = words::dreams_end(lang, names, &last.scores, last.round);
    let game_over = GameOver::from_outcome(
        game_name,
        &outcome,
        reason,
        names,
        "9f86d081884c7d659a2feaa0c55ad015",
        "https://hermes.test/games/7/replay",
    )
    .dreams(
        names,
        RoundReveal::new(lang, &last, names, &titles(lang, &last.cards)),
    );
    out.push(("game_over_dreams", Template::GameOver, data(&game_over)));
    let seat = stars.placer().expect("a placer");
    let pass = stars.pass_turn(seat).expect("the placer may pass");
    let events: Vec<DreamsEvent> = stars
        .apply(seat, &pass)
        .expect("a pass is legal")
        .events
        .into_iter()
        .filter(|l| l.visibility.shown_to(Viewer::Seat(seat)))
        .map(|l| l.event)
        .collect();
    out.push((
        "timeout_dreams",
        Template::Timeout,
        data(&Timeout {
            game_name: game_name.to_string(),
            god: words::seat_name(names, seat),
            you: true,
            policy: TimeoutPolicy::AutoPass,
            notation: Some(Dreams::format_turn(&pass)),
            words: words::dreams_turn(lang, names, seat, &events),
            game_url: GAME_URL.to_string(),
        }),
    ));
    out
}

/// Every other seat's guess named differently (the reader's own kept): what a seat's mail
/// must not depend on.
fn others_guess_otherwise(reader: Seat) -> impl Fn(Seat, Option<Guess>) -> Option<Guess> {
    move |seat, guess| {
        if seat == reader {
            return guess;
        }
        Some(match guess {
            Some(Guess::Seat(s)) => Guess::Seat((s + 1) % SEATS),
            Some(Guess::Image(i)) => Guess::Image(i % 4 + 1),
            None => Guess::Image(2),
        })
    }
}

/// D-S1: the same game with the hidden facts `reader` does not know changed in every way
/// its own marker allows: another mortal among the other seats (a god), another vision
/// (the mortal), and the others' guesses renamed.
fn hidden_variants(game: &Dreams, reader: Seat) -> Vec<Dreams> {
    let (mortal, vision) = (game.secret_mortal(), game.secret_vision());
    if reader == mortal {
        (1..=4)
            .filter(|&v| v != vision)
            .map(|v| game.with_hidden(mortal, v, others_guess_otherwise(reader)))
            .collect()
    } else {
        (0..SEATS)
            .filter(|&m| m != reader)
            .map(|m| game.with_hidden(m, vision, others_guess_otherwise(reader)))
            .collect()
    }
}

#[test]
fn before_the_reveal_a_seats_mail_is_the_same_whoever_else_is_the_mortal_d_s1() {
    for game in [stars_game(), guess_game()] {
        for reader in 0..SEATS {
            let base = render_turn(&game, reader);
            let variants = hidden_variants(&game, reader);
            assert!(variants.len() >= 3, "the mortal or the vision changes");
            for other in variants {
                assert_eq!(
                    other.view(Viewer::Seat(reader)),
                    game.view(Viewer::Seat(reader)),
                    "seat {reader}'s view (the picture is drawn from it)"
                );
                let mail = render_turn(&other, reader);
                assert_eq!(mail.subject, base.subject, "seat {reader}");
                assert_eq!(mail.text, base.text, "seat {reader}");
                assert_eq!(mail.html, base.html, "seat {reader}");
            }
        }
    }
}

#[test]
fn before_the_reveal_a_mail_names_the_vision_to_gods_only_and_the_mortal_to_nobody_d_s1() {
    for game in [stars_game(), guess_game()] {
        let (mortal, vision) = (game.secret_mortal(), game.secret_vision());
        for reader in 0..SEATS {
            let mail = render_turn(&game, reader);
            for body in [&mail.subject, &mail.text, &mail.html] {
                assert!(!body.contains("was the mortal"), "seat {reader}: {body}");
                assert!(!body.contains("named"), "no guess in words: {body}");
                if reader == mortal {
                    assert!(!body.contains("true vision is"), "seat {reader}: {body}");
                }
            }
            let told_vision = format!("the true vision is image {vision}");
            let plain_vision = format!("the true vision is <strong>image {vision}</strong>");
            if reader == mortal {
                assert!(mail.text.contains("You are the mortal this round"));
            } else {
                assert!(mail.text.contains(&told_vision), "a god's own knowledge");
                assert!(mail.html.contains(&plain_vision));
                assert!(!mail.text.contains("You are the mortal"));
            }
        }
        // A seat's own guess is not in its mail either (the turn page shows it): the mail
        // is the same before and after the seat sealed it.
        if game.phase() == Phase::Guess {
            for reader in (0..SEATS).filter(|&s| game.has_guessed(s)) {
                let view = game.view(Viewer::Seat(reader));
                assert!(view.my_guess.is_some());
                let data = turn_mail(&game, reader, &names(), "Dreams #abc123")
                    .to_data()
                    .expect("data");
                assert!(data.get("my_guess").is_none());
            }
        }
    }
}

#[test]
fn the_firmament_picture_is_the_same_whoever_else_is_the_mortal() {
    let game = guess_game();
    let reader = (game.secret_mortal() + 1) % SEATS;
    let style = DreamsStyle {
        names: names(),
        title: Some("Dreams #abc123".to_string()),
        ..DreamsStyle::default()
    };
    let picture = |g: &Dreams| {
        dreams_attachment(
            &serde_json::to_value(g.view(Viewer::Seat(reader))).expect("json"),
            &style,
            false,
        )
        .expect("draws")
    };
    let base = picture(&game);
    assert!(base.bytes.starts_with(b"\x89PNG"));
    assert_eq!(base.content_id.as_deref(), Some(BOARD_CID));
    let other = game.with_hidden(
        (reader + 2) % SEATS,
        game.secret_vision(),
        others_guess_otherwise(reader),
    );
    assert_eq!(picture(&other).bytes, base.bytes);
    // For a look: `HERMES_MAIL_PNG=/tmp/x.png cargo test … the_firmament_picture`.
    if let Ok(path) = std::env::var("HERMES_MAIL_PNG") {
        std::fs::write(path, &base.bytes).expect("write the picture");
    }
    let reveal = serde_json::to_value(first_reveal()).expect("json");
    let revealed = dreams_attachment(&reveal, &style, true).expect("draws");
    assert_eq!(revealed.filename, "reveal.png");
    if let Ok(path) = std::env::var("HERMES_MAIL_REVEAL_PNG") {
        std::fs::write(path, &revealed.bytes).expect("write the picture");
    }
    // The same bytes as the board module draws (the mail adds nothing of its own).
    let view = serde_json::to_value(game.view(Viewer::Seat(reader))).expect("json");
    assert_eq!(dreams_png(&view, &style).expect("draws"), base.bytes);
}

#[test]
fn the_stars_mail_says_whose_stars_are_where_and_how_to_answer() {
    let game = stars_game();
    let seat = game.placer().expect("a placer");
    let DreamsTurnMail::Stars(mail) = turn_mail(&game, seat, &names(), "Dreams #abc123") else {
        panic!("the stars phase")
    };
    assert_eq!(mail.round, 1);
    assert_eq!(mail.stars.len(), game.stars().len());
    for (line, star) in mail.stars.iter().zip(game.stars()) {
        assert_eq!(line.seat, star.seat);
        assert_eq!(line.at, format!("{},{}", star.x, star.y));
        assert_eq!(line.player, names()[star.seat]);
    }
    let unplaced = game.unplaced(seat).to_vec();
    assert_eq!(mail.unplaced.len(), unplaced.len());
    // The example is a turn the seat could send: its first unplaced star, a free point.
    let turn = games::dreams::notation::parse(&mail.example).expect("the notation");
    let star = turn.star.expect("a star");
    assert_eq!(Some(star.kind), unplaced.first().copied());
    assert!(!game.is_taken(star.x, star.y));
    assert!(game.apply(seat, &turn).is_ok(), "{}", mail.example);
    assert_eq!(
        mail.role,
        if game.role_of(seat) == Some(Role::God) {
            "god"
        } else {
            "mortal"
        }
    );
}

#[test]
fn the_guess_mail_gives_an_example_guess_of_the_readers_own_kind() {
    let game = guess_game();
    for seat in (0..SEATS).filter(|&s| !game.has_guessed(s)) {
        let DreamsTurnMail::Guess(mail) = turn_mail(&game, seat, &names(), "Dreams #abc123") else {
            panic!("the guess phase")
        };
        let turn = games::dreams::notation::parse(&mail.example).expect("the notation");
        assert!(game.apply(seat, &turn).is_ok(), "{}", mail.example);
        match game.role_of(seat) {
            Some(Role::God) => assert_eq!(
                mail.example,
                format!("guess seat {}", (seat + 1) % SEATS),
                "the same for every god: it names no suspect"
            ),
            _ => assert_eq!(mail.example, "guess image 1"),
        }
    }
}

#[test]
fn a_revealed_round_tells_every_guess_its_points_and_its_seal() {
    let reveal = first_reveal();
    let data = reveal_data(&names(), "Dreams #abc123");
    let r = &data.reveal;
    assert_eq!(r.vision, reveal.vision);
    assert_eq!(r.mortal_seat, reveal.mortal);
    assert_eq!(r.mortal, names()[reveal.mortal]);
    assert_eq!(
        r.vision_title,
        titles(Lang::En, &reveal.cards)[usize::from(reveal.vision) - 1]
    );
    for (seat, s) in r.seats.iter().enumerate() {
        assert_eq!(s.seat, seat);
        assert_eq!(s.points, reveal.points[seat]);
        assert_eq!(s.score, reveal.scores[seat]);
        assert_eq!(s.role == "mortal", seat == reveal.mortal);
        let guess = reveal.guesses[seat];
        assert!(reveal.commitments[seat].verifies(
            reveal.round,
            seat,
            guess,
            &s.salt.parse().expect("a salt")
        ));
        assert_eq!(s.commitment, reveal.commitments[seat].to_hex());
        let right = match guess {
            Some(Guess::Seat(m)) => seat != reveal.mortal && m == reveal.mortal,
            Some(Guess::Image(v)) => seat == reveal.mortal && v == reveal.vision,
            None => false,
        };
        assert_eq!(s.right, right, "seat {seat}");
    }
    let message = render_sample(Template::DreamsReveal, super::data(&data), "Cleo");
    assert!(message.subject.contains("was the mortal"));
    for s in &r.seats {
        assert!(message.text.contains(&s.commitment));
        assert!(message.text.contains(&s.salt));
    }
}

#[test]
fn the_words_of_a_timed_out_seat_say_hermes_passed_and_tell_no_other_seats_guess() {
    let names = names();
    let passed_star = DreamsEvent::StarPassed {
        round: 2,
        seat: 1,
        kind: games::dreams::StarKind::Grey,
    };
    assert_eq!(
        words::dreams_event(Lang::En, &names, 1, &passed_star).as_deref(),
        Some("Hermes passed for you: no star this time around (your grey star is set aside for this round).")
    );
    let my_guess = |seat, guess| DreamsEvent::MyGuess {
        round: 2,
        seat,
        guess,
        salt: games::dreams::Salt([3; 16]),
    };
    assert_eq!(
        words::dreams_event(Lang::En, &names, 1, &my_guess(1, None)).as_deref(),
        Some("Hermes passed for you: no guess this round.")
    );
    // Another seat's guess is never told (nor handed in: it is not visible to the reader).
    assert_eq!(
        words::dreams_event(Lang::En, &names, 1, &my_guess(2, Some(Guess::Seat(1)))),
        None
    );
    let role = |seat, role, vision| DreamsEvent::Role {
        round: 2,
        seat,
        role,
        vision,
    };
    assert_eq!(
        words::dreams_event(Lang::En, &names, 1, &role(2, Role::God, Some(3))),
        None
    );
    assert_eq!(
        words::dreams_event(Lang::En, &names, 1, &role(1, Role::Mortal, None)).as_deref(),
        Some("You are the mortal this round.")
    );
    assert_eq!(words::seat_name(&names, 9), "seat 9");
}

/// The timeout mail of `seat` when the service passes for it in `game` (policy
/// `auto_pass`), built as `play::timeout` builds it: the words of the pass's events that
/// the seat may read.
fn timeout_mail(game: &Dreams, seat: Seat) -> Message {
    let pass = game.pass_turn(seat).expect("the seat must act");
    let applied = game.apply(seat, &pass).expect("a pass is legal");
    let visible: Vec<DreamsEvent> = applied
        .events
        .into_iter()
        .filter(|l| l.visibility.shown_to(Viewer::Seat(seat)))
        .map(|l| l.event)
        .collect();
    let data = Timeout {
        game_name: "Dreams #abc123".to_string(),
        god: words::seat_name(&names(), seat),
        you: true,
        policy: TimeoutPolicy::AutoPass,
        notation: Some(Dreams::format_turn(&pass)),
        words: words::dreams_turn(Lang::En, &names(), seat, &visible),
        game_url: GAME_URL.to_string(),
    };
    render_sample(Template::Timeout, super::data(&data), "Cleo")
}

#[test]
fn a_timeout_mail_tells_the_seat_its_own_pass_and_nothing_hidden_d_s1() {
    let stars = stars_game();
    let placer = stars.placer().expect("a placer");
    let mail = timeout_mail(&stars, placer);
    assert!(
        mail.text
            .contains("Hermes passed for you: no star this time around"),
        "{}",
        mail.text
    );
    let guess = guess_game();
    let waiting: Vec<Seat> = (0..SEATS).filter(|&s| !guess.has_guessed(s)).collect();
    assert!(waiting.len() >= 2, "the pass is not the round's last guess");
    for seat in waiting {
        let mail = timeout_mail(&guess, seat);
        assert!(
            mail.text
                .contains("Hermes passed for you: no guess this round."),
            "{}",
            mail.text
        );
        for other in hidden_variants(&guess, seat) {
            let again = timeout_mail(&other, seat);
            assert_eq!(again.text, mail.text, "seat {seat}");
            assert_eq!(again.html, mail.html, "seat {seat}");
        }
    }
}
