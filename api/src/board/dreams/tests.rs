//! Dreams pictures: the 72 cards, the table and a revealed round, snapshots of what
//! players read, escaping of what they wrote, and PNGs that really hold a drawing.

use super::*;
use crate::board::tests::assert_snapshot;
use resvg::tiny_skia::Pixmap;
use serde_json::json;
use std::collections::HashSet;

fn parse(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses")
}

/// A 4-seat game in round 3, stars phase, as seat 1 (a god) sees it.
fn stars_view() -> Value {
    json!({
        "round": 3, "dealer": 2, "phase": "stars",
        "deck": "standard", "deck_left": 52, "set_aside": 8,
        "cards": [17, 3, 50, 8],
        "stars": [
            {"seat": 2, "kind": "clear", "x": 25, "y": 70},
            {"seat": 3, "kind": "clear", "x": 80, "y": 15},
            {"seat": 0, "kind": "clear", "x": 0, "y": 0},
            {"seat": 1, "kind": "clear", "x": 52, "y": 48},
            {"seat": 2, "kind": "grey", "x": 100, "y": 100},
            {"seat": 3, "kind": "grey", "x": 12, "y": 30},
            {"seat": 0, "kind": "black", "x": 64, "y": 88}
        ],
        "unplaced": [["grey"], ["grey", "black"], ["black"], ["black"]],
        "placer": 1,
        "scores": [7, 4, 9, 2],
        "guessed": [false, false, false, false],
        "commitments": [null, null, null, null],
        "me": {"seat": 1, "role": "god", "vision": 2},
        "my_guess": null,
        "to_act": [1],
        "last_reveal": null,
        "outcome": null
    })
}

/// Round 2 revealed: seat 3 was the mortal, image 4 the vision.
fn revealed_view() -> Value {
    json!({
        "round": 3, "dealer": 2, "phase": "stars", "deck": "standard",
        "cards": [17, 3, 50, 8], "stars": [], "placer": 2,
        "scores": [7, 4, 9, 2], "to_act": [2], "me": null, "my_guess": null,
        "last_reveal": {
            "round": 2, "vision": 4, "mortal": 3,
            "cards": [60, 11, 25, 42],
            "stars": [
                {"seat": 1, "kind": "clear", "x": 70, "y": 75},
                {"seat": 2, "kind": "clear", "x": 30, "y": 20},
                {"seat": 3, "kind": "clear", "x": 55, "y": 50},
                {"seat": 0, "kind": "clear", "x": 85, "y": 80},
                {"seat": 1, "kind": "grey", "x": 20, "y": 85},
                {"seat": 2, "kind": "grey", "x": 66, "y": 90},
                {"seat": 3, "kind": "black", "x": 10, "y": 10}
            ],
            "guesses": [{"seat": 3}, {"seat": 2}, {"seat": 3}, {"image": 4}],
            "salts": ["00", "11", "22", "33"],
            "commitments": ["a", "b", "c", "d"],
            "points": [2, 0, 3, 2],
            "scores": [7, 4, 9, 2]
        },
        "outcome": null
    })
}

fn names() -> Vec<String> {
    ["Ada", "Brann", "Cleo", "Dmitri"]
        .map(String::from)
        .to_vec()
}

fn style() -> DreamsStyle {
    DreamsStyle {
        names: names(),
        ..DreamsStyle::default()
    }
}

fn inked_pixels(png: &[u8]) -> usize {
    let pixmap = Pixmap::decode_png(png).expect("the PNG decodes");
    let paper = pixmap.pixels()[0];
    pixmap.pixels().iter().filter(|&&p| p != paper).count()
}

#[test]
fn the_deck_has_72_cards_with_distinct_titles_and_pictures_that_parse() {
    let mut titles = HashSet::new();
    let mut svgs = HashSet::new();
    for n in 0..DECK_SIZE {
        let title = card_title(n);
        assert!(!title.is_empty() && title.len() <= 80, "{n}: {title}");
        assert!(titles.insert(title), "title {title:?} twice");
        let svg = card_svg(n);
        parse(&svg);
        assert!(
            svg.contains(&svg_text(title)),
            "card {n} does not show its title"
        );
        assert!(svgs.insert(svg), "card {n} looks like another");
    }
    assert_eq!(titles.len(), 72);
}

/// How a title appears in the SVG: escaped, and maybe split over two lines.
fn svg_text(title: &str) -> String {
    let first = title.split(' ').next().unwrap_or_default();
    crate::board::svg::esc(first)
}

#[test]
fn every_card_puts_three_to_five_things_in_distinct_places() {
    for (n, spec) in cards::CARDS.iter().enumerate() {
        let things = spec.things.len() + usize::from(spec.ground != cards::Ground::Air);
        assert!((3..=5).contains(&things), "card {n} has {things} features");
        let places: HashSet<_> = spec.things.iter().map(|&(_, p)| format!("{p:?}")).collect();
        assert_eq!(
            places.len(),
            spec.things.len(),
            "card {n} puts two things in one place"
        );
        let kinds: HashSet<_> = spec.things.iter().map(|&(t, _)| format!("{t:?}")).collect();
        assert_eq!(kinds.len(), spec.things.len(), "card {n} has a thing twice");
    }
    // No two cards have the same things in the same places.
    let layouts: HashSet<String> = cards::CARDS
        .iter()
        .map(|c| {
            let mut v: Vec<String> = c.things.iter().map(|t| format!("{t:?}")).collect();
            v.sort();
            v.join(",")
        })
        .collect();
    assert_eq!(layouts.len(), DECK_SIZE);
}

#[test]
fn a_card_is_the_same_every_time_and_holds_no_script_link_or_id() {
    for n in 0..DECK_SIZE {
        let svg = card_svg(n);
        assert_eq!(svg, card_svg(n));
        for bad in ["<script", "href", " id=", "<image", "url(", "on"] {
            let found = if bad == "on" {
                // Event handler attributes (onload=…).
                svg.contains(" on")
            } else {
                svg.contains(bad)
            };
            assert!(!found, "card {n} has {bad:?}");
        }
    }
}

#[test]
fn a_card_number_outside_the_deck_is_a_blank_card_not_a_panic() {
    parse(&card_svg(72));
    parse(&card_svg(usize::MAX));
    assert_eq!(card_title(72), "An Unknown Dream");
}

#[test]
fn some_cards_match_their_snapshots() {
    for n in [0, 17, 71] {
        assert_snapshot(&format!("dreams_card_{n}.svg"), &card_svg(n));
    }
}

#[test]
fn a_card_png_is_small_and_drawn() {
    let png = card_png(0).expect("draws");
    let pixmap = Pixmap::decode_png(&png).expect("decodes");
    assert_eq!((pixmap.width(), pixmap.height()), (300, 380));
    assert!(png.len() < 40_000, "{} bytes", png.len());
}

#[test]
fn the_table_of_a_fixed_view_matches_its_snapshot() {
    let svg = dreams_svg(&stars_view(), &style());
    parse(&svg);
    assert_snapshot("dreams_round_3_stars.svg", &svg);
}

#[test]
fn a_revealed_round_matches_its_snapshot() {
    let svg = dreams_reveal_svg(&revealed_view(), &style());
    parse(&svg);
    assert_snapshot("dreams_round_2_revealed.svg", &svg);
    // The revealed event on its own draws the same round.
    let event = revealed_view()["last_reveal"].clone();
    let alone = dreams_reveal_svg(&event, &style());
    assert!(alone.contains("the vision was image 4"), "{alone}");
}

#[test]
fn the_table_shows_the_cards_the_stars_and_the_key() {
    let svg = dreams_svg(&stars_view(), &style());
    // The four cards, nested, with their titles.
    for card in [17, 3, 50, 8] {
        assert!(svg.contains(&crate::board::svg::esc(
            card_title(card).split(' ').next().unwrap_or_default()
        )));
    }
    // Axis numbers every 10.
    for k in (0..=100).step_by(10) {
        assert!(svg.contains(&format!(">{k}</text>")), "no {k}");
    }
    // Seven stars, one of each kind at least.
    assert_eq!(
        svg.matches("<polygon").count() - count_card_polygons(&[17, 3, 50, 8]),
        7 + 4 + 3
    );
    assert!(
        svg.contains("fill=\"#ffffff\" stroke=\"#d62f2f\""),
        "seat 0's clear star"
    );
    assert!(svg.contains("fill=\"#8c8c8c\""), "a grey star");
    assert!(svg.contains("fill=\"#141414\""), "a black star");
    assert!(svg.contains("Brann (seat 1) places next"), "status");
    assert!(
        svg.contains("the vision is image 2"),
        "the god's own vision"
    );
    assert!(
        svg.contains("your vision"),
        "the vision card marked for its god"
    );
    assert!(svg.contains("52 left"));
}

/// Polygons the standard cards themselves draw (their star clusters).
fn count_card_polygons(cards: &[usize]) -> usize {
    cards
        .iter()
        .map(|&c| card_svg(c).matches("<polygon").count())
        .sum()
}

#[test]
fn a_spectator_sees_no_role_and_no_marked_card() {
    let mut view = stars_view();
    view["me"] = Value::Null;
    let svg = dreams_svg(&view, &style());
    assert!(!svg.contains("vision is"));
    assert!(!svg.contains("your vision"));
}

#[test]
fn a_player_name_full_of_markup_is_escaped_and_the_svg_still_parses() {
    let evil = "<script>alert(1)</script>&\"'";
    let style = DreamsStyle {
        names: vec![
            evil.into(),
            "<b>&</b>".into(),
            "]]>".into(),
            "x\u{0}y".into(),
        ],
        title: Some("<svg onload=alert(1)>".into()),
        art: BTreeMap::from([(
            3,
            CardArt::Png {
                title: "<image href=\"http://evil/\"/>".into(),
                png: card_png(5).expect("png"),
            },
        )]),
        ..DreamsStyle::default()
    };
    for svg in [
        dreams_svg(&stars_view(), &style),
        dreams_reveal_svg(&revealed_view(), &style),
    ] {
        assert!(!svg.contains("<script"), "raw markup");
        assert!(!svg.contains("<b>"), "raw markup");
        assert!(!svg.contains("<svg onload"), "raw markup");
        assert!(!svg.contains("<image href=\"http"), "raw markup");
        let doc = usvg::roxmltree::Document::parse(&svg).expect("well-formed XML");
        assert!(doc
            .descendants()
            .all(|n| !n.has_tag_name("script") && n.attributes().all(|a| a.name() != "onload")));
        parse(&svg);
    }
    let svg = dreams_svg(&stars_view(), &style);
    // Shortened to 20 characters, then escaped.
    assert!(svg.contains("&lt;script&gt;alert(1)&lt;/s…"), "{svg}");
    assert!(svg.contains("&lt;b&gt;&amp;&lt;/b&gt;"));
    assert!(svg.contains("&lt;svg onload=alert(1)&gt;"));
    dreams_png(&stars_view(), &style).expect("draws");
}

#[test]
fn a_view_of_the_wrong_shape_still_draws() {
    for view in [
        json!(null),
        json!({}),
        json!({"round": "three", "cards": [1, "x", -4, null], "stars": [{"seat": 0, "x": 1e300, "y": -5}, 7]}),
        json!({"phase": "guess", "to_act": [0, 2], "guessed": [true, false, false], "scores": [1, 2, 3]}),
        json!({"last_reveal": {"round": 1, "guesses": [null, {"seat": 0}], "points": [3]}}),
    ] {
        parse(&dreams_svg(&view, &DreamsStyle::default()));
        parse(&dreams_reveal_svg(&view, &DreamsStyle::default()));
    }
}

#[test]
fn a_custom_deck_embeds_its_own_pngs_and_the_png_lays_them_over() {
    let mut view = stars_view();
    view["deck"] = json!("a1b2");
    let art = BTreeMap::from([(
        17,
        CardArt::Png {
            title: "My Dream".into(),
            png: card_png(40).expect("png"),
        },
    )]);
    let style = DreamsStyle { art, ..style() };
    let svg = dreams_svg(&view, &style);
    parse(&svg);
    assert_eq!(svg.matches("href=\"data:image/png;base64,").count(), 1);
    assert!(svg.contains(">My Dream</text>"));
    // The other three have no picture handed in: blank, named by number.
    assert!(svg.contains(">card 3</text>") && svg.contains(">card 50</text>"));
    assert!(
        !svg.contains("<svg x="),
        "no standard card in a custom deck"
    );
    let with = Pixmap::decode_png(&dreams_png(&view, &style).expect("draws")).expect("decodes");
    let without = Pixmap::decode_png(&dreams_png(&view, &style_without_art()).expect("draws"))
        .expect("decodes");
    let differ = with
        .pixels()
        .iter()
        .zip(without.pixels())
        .filter(|(a, b)| a != b)
        .count();
    // Most of the 154×154 picture of card 1 differs from the blank it replaces.
    assert!(
        differ > 15_000,
        "{differ} pixels differ: the picture is not laid over"
    );
    assert_eq!(
        cards_shown(&revealed_view()),
        vec![17, 3, 50, 8, 60, 11, 25, 42]
    );
}

fn style_without_art() -> DreamsStyle {
    style()
}

#[test]
fn the_png_is_a_small_palette_png_of_the_svg_size() {
    let png = dreams_png(&stars_view(), &style()).expect("draws");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    // Colour type 3 (indexed) in the IHDR.
    assert_eq!(png[25], 3, "not a palette PNG");
    let pixmap = Pixmap::decode_png(&png).expect("decodes");
    let svg = dreams_svg(&stars_view(), &style());
    assert!(svg.contains(&format!(
        "width=\"{}\" height=\"{}\"",
        pixmap.width(),
        pixmap.height()
    )));
    assert!(png.len() < 150_000, "{} bytes", png.len());
    assert!(inked_pixels(&png) > (pixmap.width() * pixmap.height() / 4) as usize);
}

#[test]
fn the_same_view_gives_the_same_bytes() {
    assert_eq!(
        dreams_png(&stars_view(), &style()).expect("draws"),
        dreams_png(&stars_view(), &style()).expect("draws")
    );
}

/// Not a test of behaviour: writes the pictures to the temp directory for a person to look
/// at (`cargo test -p hermes-api --lib dreams -- --ignored`).
#[test]
#[ignore]
fn write_dreams_pictures_for_a_look() {
    let dir = std::env::temp_dir();
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes).expect("write");
        println!("{} {} bytes", dir.join(name).display(), bytes.len());
    };
    write(
        "hermes-dreams-table.svg",
        dreams_svg(&stars_view(), &style()).as_bytes(),
    );
    write(
        "hermes-dreams-table.png",
        &dreams_png(&stars_view(), &style()).expect("png"),
    );
    write(
        "hermes-dreams-reveal.png",
        &dreams_reveal_png(&revealed_view(), &style()).expect("png"),
    );
    write(
        "hermes-dreams-table-2x.png",
        &dreams_png_scaled(&stars_view(), &style(), 2.0).expect("png"),
    );
    // A contact sheet of the whole deck, 12 across.
    let mut sheet = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1800\" height=\"1140\" font-family=\"Go\"><rect width=\"1800\" height=\"1140\" fill=\"#ffffff\"/>",
    );
    for n in 0..DECK_SIZE {
        let (x, y) = ((n % 12) as f64 * 150.0, (n / 12) as f64 * 190.0);
        sheet.push_str(&format!(
            "<svg x=\"{x}\" y=\"{y}\" width=\"150\" height=\"190\" viewBox=\"0 0 300 380\">{}</svg>",
            cards::card_body(n, crate::i18n::Lang::En)
        ));
    }
    sheet.push_str("</svg>");
    let tree = usvg::Tree::from_str(&sheet, &options()).expect("sheet");
    let pixmap = render_tree(&tree, 1.0).expect("render");
    write("hermes-dreams-deck.png", &encode_rgb(&pixmap).expect("png"));
    for (name, steps) in [("6-guess", 18), ("6-later", 40)] {
        let view = real_view(9, steps, games::Viewer::Seat(0));
        write(
            &format!("hermes-dreams-{name}.png"),
            &dreams_png(&view, &DreamsStyle::default()).expect("png"),
        );
        write(
            &format!("hermes-dreams-{name}-reveal.png"),
            &dreams_reveal_png(&view, &DreamsStyle::default()).expect("png"),
        );
    }
    // A custom deck: the four pictures as users' cards are kept (320×320 truecolour).
    let mut custom = stars_view();
    custom["deck"] = json!("a1b2");
    let art = [17usize, 3, 50, 8]
        .into_iter()
        .map(|n| {
            let png = crate::board::untrusted_card_png(&card_svg(n)).expect("png");
            (
                n,
                CardArt::Png {
                    title: format!("Custom {n}"),
                    png,
                },
            )
        })
        .collect();
    let custom_style = DreamsStyle { art, ..style() };
    write(
        "hermes-dreams-custom.png",
        &dreams_png(&custom, &custom_style).expect("png"),
    );
    write(
        "hermes-dreams-custom.svg",
        dreams_svg(&custom, &custom_style).as_bytes(),
    );
    for n in [0, 17, 33] {
        write(
            &format!("hermes-dreams-card-{n}.png"),
            &card_png(n).expect("png"),
        );
    }
}

/// A real 6-seat game after `steps` random submissions, as `viewer` sees it (JSON).
fn real_view(seed: u64, steps: usize, viewer: games::Viewer) -> Value {
    use games::dreams::random::random_submission;
    use games::dreams::{Dreams, DreamsOptions};
    use games::{Game, Rng, Seed};
    let mut game = Dreams::new(Seed::from_u64(seed), 6, DreamsOptions::default()).expect("setup");
    let mut rng = Rng::from_seed(&Seed::from_u64(seed + 1));
    for _ in 0..steps {
        let Some((seat, turn)) = random_submission(&game, &mut rng) else {
            break;
        };
        game = game
            .apply(seat, &turn)
            .expect("a random turn is legal")
            .game;
    }
    serde_json::to_value(game.view(viewer)).expect("a view is JSON")
}

#[test]
fn views_of_real_games_draw_for_every_viewer_with_every_star() {
    for steps in [0, 7, 18, 23, 40, 95] {
        for viewer in [
            games::Viewer::Spectator,
            games::Viewer::Seat(0),
            games::Viewer::Seat(5),
        ] {
            let view = real_view(9, steps, viewer);
            let svg = dreams_svg(&view, &style());
            parse(&svg);
            let stars = view["stars"].as_array().map_or(0, Vec::len);
            // Every star on the firmament carries its seat badge.
            let firmament = &svg[svg.find("id=\"hermes-firmament\"").expect("firmament")..];
            let firmament = &firmament[..firmament.find("</g>").expect("end")];
            assert_eq!(
                firmament.matches("<polygon").count(),
                stars,
                "{steps} steps"
            );
            parse(&dreams_reveal_svg(&view, &style()));
        }
    }
}

#[test]
fn the_table_and_a_reveal_with_labels_from_cached_glyphs_look_as_resvg_draws_them() {
    use crate::board::png::{render_scaled, render_slow};
    use crate::board::tests::difference;
    for svg in [
        dreams_svg(&real_view(9, 18, games::Viewer::Seat(1)), &style()),
        dreams_svg(&stars_view(), &style()),
        dreams_reveal_svg(&revealed_view(), &style()),
    ] {
        let (rest, labels) = crate::board::text::split(&svg).expect("labels to draw");
        assert!(labels.len() > 20, "{} labels", labels.len());
        let fast = render_scaled(&svg, 1.0).expect("draws");
        let slow = render_slow(&svg, 1.0).expect("draws");
        let no_text = render_slow(&rest, 1.0).expect("draws");
        let inked = slow
            .pixels()
            .iter()
            .zip(no_text.pixels())
            .filter(|(p, q)| p != q)
            .count();
        assert!(inked > 2_000, "only {inked} pixels of text");
        // As for a Gods board: only the shade of some glyph edges may differ.
        let (worst, over) = difference(&fast, &slow, 40);
        assert!(worst < 128, "a pixel differs by {worst}");
        assert!(
            over * 25 < inked,
            "{over} pixels of {inked} differ by more than 40"
        );
    }
}

#[test]
fn the_cards_are_laid_as_copies_that_look_as_resvg_draws_them_in_place() {
    use crate::board::png::{options, render_scaled, render_without_pieces};
    use crate::board::sprites;
    use crate::board::tests::difference;
    sprites::clear_cache();
    for svg in [
        dreams_svg(&real_view(9, 18, games::Viewer::Seat(1)), &style()),
        dreams_svg(&stars_view(), &style()),
        dreams_reveal_svg(&revealed_view(), &style()),
    ] {
        let split = sprites::split(&svg).expect("pieces to lay");
        assert!(!split.rest.contains("data-image"), "a card left for usvg");
        let tree = usvg::Tree::from_str(&split.rest, &options()).expect("parses");
        assert!(sprites::draw(&tree, &split, 1.0, 1.0).is_some());
        // Twice: drawn cold, then laid from the cache.
        for _ in 0..2 {
            let fast = render_scaled(&svg, 1.0).expect("draws");
            let (slow, _) = render_without_pieces(&svg, 1.0).expect("draws");
            // As for a Gods board: a shade here and there, never a shape.
            let (worst, over) = difference(&fast, &slow, 2);
            let pixels = fast.pixels().len();
            assert!(worst < 48, "a pixel differs by {worst}");
            assert!(over * 5_000 < pixels, "{over} pixels differ by more than 2");
        }
    }
}

/// The table and a revealed round in Japanese: every word from the catalogue, every
/// character of them in the bundled fonts, and drawn.
#[test]
fn the_japanese_firmament_says_its_words_in_japanese_and_draws_every_glyph() {
    use crate::board::tests::{drawn_words, undrawable};
    let style = DreamsStyle {
        lang: crate::i18n::Lang::Ja,
        ..style()
    };
    let now = dreams_svg(&stars_view(), &style);
    let reveal = dreams_reveal_svg(&revealed_view(), &style);
    for (svg, said) in [
        (&now, ["プレイヤー", "星", "あなた", "デッキ"]),
        (&reveal, ["予想と点", "真のビジョン", "人間", "公開"]),
    ] {
        parse(svg);
        let words = drawn_words(svg);
        for w in said {
            assert!(words.contains(w), "no {w:?} in {words}");
        }
        for english in [
            "Players",
            "Stars",
            "deck:",
            "Guesses and points",
            " won",
            "seat ",
        ] {
            assert!(!words.contains(english), "{english:?} in {words}");
        }
        assert_eq!(undrawable(&words), Vec::<char>::new());
    }
    // The cards' titles too.
    let words = drawn_words(&now);
    for card in [17, 3, 50, 8] {
        let title = cards::card_title_in(card, crate::i18n::Lang::Ja);
        assert!(words.contains(&title), "no {title:?} in {words}");
        assert!(!words.contains(card_title(card)), "{}", card_title(card));
    }
    let png = dreams_png(&stars_view(), &style).expect("draws");
    let ascii_only: String = now
        .chars()
        .filter(|c| c.is_ascii() || !c.is_alphabetic())
        .collect();
    let without = dreams_png_of_svg(&ascii_only);
    assert!(
        inked_pixels(&dreams_png_of_svg(&now)) > inked_pixels(&without) + 2_000,
        "the Japanese words drew little ink"
    );
    if let Some(dir) = std::env::var_os("HERMES_SHOTS") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("the shots folder");
        std::fs::write(dir.join("firmament-ja.png"), &png).expect("written");
        let revealed = dreams_reveal_png(&revealed_view(), &style).expect("draws");
        std::fs::write(dir.join("firmament-revealed-ja.png"), &revealed).expect("written");
    }
}

fn dreams_png_of_svg(svg: &str) -> Vec<u8> {
    crate::board::board_png(svg).expect("draws")
}
