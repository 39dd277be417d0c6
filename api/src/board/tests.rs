//! Board pictures: snapshots of what players read, escaping of what they wrote, and PNGs
//! that really hold a drawing and text.

use super::svg::esc;
use super::{board_png, board_png_scaled, board_svg, BoardStyle, MAX_PNG_SIDE};
use games::gods::random::random_turn;
use games::gods::view::GodsView;
use games::gods::{Board, Gods, GodsOptions};
use games::{Game, Rng, Seed, Viewer};
use resvg::tiny_skia::Pixmap;
use resvg::usvg;
use std::path::PathBuf;

/// A 4-god game after `turns` random legal turns, as a spectator sees it.
fn played(seed: u64, turns: usize) -> GodsView {
    played_as(seed, turns, Viewer::Spectator)
}

/// [`played`], as `viewer` sees it.
fn played_as(seed: u64, turns: usize, viewer: Viewer) -> GodsView {
    let mut game = Gods::new(Seed::from_u64(seed), 4, GodsOptions::default()).expect("setup");
    let mut rng = Rng::from_seed(&Seed::from_u64(seed + 1000));
    for _ in 0..turns {
        let Some(turn) = random_turn(&game, &mut rng) else {
            break;
        };
        let seat = game.to_move();
        game = game
            .apply(seat, &turn)
            .expect("a random turn is legal")
            .game;
    }
    game.view(viewer)
}

fn board(cells: serde_json::Value) -> Board {
    serde_json::from_value(cells).expect("board JSON")
}

/// Every kind of tile, markers of each god and none, on a board with a gap in it.
fn every_tile() -> GodsView {
    let mut view = played(1, 0);
    view.board = board(serde_json::json!([
        { "at": [0, 0], "kind": "desert" },
        { "at": [1, 0], "kind": "temple", "god": 0 },
        { "at": [1, -1], "kind": "temple", "god": 1 },
        { "at": [-1, 0], "kind": "temple", "god": 2 },
        { "at": [-1, 1], "kind": "temple", "god": 3 },
        { "at": [2, 0], "kind": "tribe", "colour": "red", "marker": 0 },
        { "at": [2, -1], "kind": "tribe", "colour": "yellow", "marker": 1 },
        { "at": [-2, 0], "kind": "tribe", "colour": "green", "marker": 2 },
        { "at": [-2, 2], "kind": "tribe", "colour": "blue", "marker": 3 },
        { "at": [0, 1], "kind": "tribe", "colour": "blue", "marker": null },
        { "at": [0, -1], "kind": "decay" },
        { "at": [4, -3], "kind": "desert" },
    ]));
    view
}

fn names() -> Vec<String> {
    ["Ada", "Brann", "Cleo", "Dmitri"]
        .map(String::from)
        .to_vec()
}

fn parse(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses")
}

/// Compare with `tests/snapshots/<name>`. `UPDATE_SNAPSHOTS=1` writes it; otherwise a
/// missing or different snapshot fails, and the new text is left in the temp directory
/// for a look.
pub(crate) fn assert_snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    let update = std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1");
    let expected = std::fs::read_to_string(&path).ok();
    if expected.as_deref() == Some(actual) {
        return;
    }
    if update {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("snapshot folder");
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let new = std::env::temp_dir().join(format!("hermes-snapshot-{name}"));
    std::fs::write(&new, actual).expect("write the new text");
    match expected {
        None => panic!(
            "no snapshot {}: run with UPDATE_SNAPSHOTS=1 to write it (new text in {})",
            path.display(),
            new.display()
        ),
        Some(expected) => {
            let line = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
            panic!(
                "{} differs from line {} on; new text in {}; if the change is meant, run with UPDATE_SNAPSHOTS=1",
                path.display(),
                line + 1,
                new.display()
            )
        }
    }
}

/// The `viewBox` as `(width, height)`.
fn view_box(svg: &str) -> (f64, f64) {
    let start = svg.find("viewBox=\"0 0 ").expect("a viewBox") + "viewBox=\"0 0 ".len();
    let rest = &svg[start..];
    let numbers: Vec<f64> = rest[..rest.find('"').expect("closing quote")]
        .split(' ')
        .map(|x| x.parse().expect("a number"))
        .collect();
    (numbers[0], numbers[1])
}

/// Pixels that differ from the top-left one (the paper).
fn inked_pixels(png: &[u8]) -> usize {
    let pixmap = Pixmap::decode_png(png).expect("the PNG decodes");
    let pixels = pixmap.pixels();
    let paper = pixels[0];
    pixels.iter().filter(|&&p| p != paper).count()
}

#[test]
fn the_board_of_a_fixed_game_matches_its_snapshot() {
    let view = played(7, 14);
    let style = BoardStyle {
        names: names(),
        // Fourteen entries in its log: turn 15 is to be played.
        turns: Some(crate::game::board_turns(14)),
        ..BoardStyle::default()
    };
    let svg = board_svg(&view, &style);
    parse(&svg);
    assert_snapshot("board_gods_4_gods_turn_15.svg", &svg);
}

/// The mail's picture puts the panel under the board: about half as wide as the board
/// with the panel beside it, so that a phone shows it at nearly twice the scale.
#[test]
fn a_stacked_board_is_narrower_and_its_panel_is_below_the_board() {
    let view = played(7, 14);
    let size = |stacked: bool| {
        let svg = board_svg(
            &view,
            &BoardStyle {
                names: names(),
                stacked,
                ..BoardStyle::default()
            },
        );
        parse(&svg);
        let num = |attr: &str| -> f64 {
            let at = svg.find(&format!(" {attr}=\"")).expect("the attribute") + attr.len() + 3;
            svg[at..].split('"').next().unwrap().parse().unwrap()
        };
        let panel_y: f64 = svg
            .split("id=\"hermes-panel\" transform=\"translate(")
            .nth(1)
            .and_then(|t| t.split(')').next())
            .and_then(|t| t.split(',').nth(1))
            .and_then(|y| y.parse().ok())
            .expect("the panel's place");
        (num("width"), num("height"), panel_y)
    };
    let (wide_w, wide_h, beside_y) = size(false);
    let (w, h, below_y) = size(true);
    assert!(
        w < wide_w * 0.7,
        "stacked {w} px wide, side by side {wide_w}"
    );
    assert!(h > wide_h, "stacked {h} px tall, side by side {wide_h}");
    assert!(
        below_y > beside_y + 100.0,
        "the panel is below the board: {below_y} vs {beside_y}"
    );
}

/// The mail's picture of a finished game numbers its last turn as the log does (the
/// game's `seq`, as every page and mail says "turn N"), not by the rules' own count of
/// gods' turns (which a `continue` does not advance); and a picture that is told no
/// sequence says no number.
#[test]
fn a_finished_games_panel_counts_turns_as_the_log_does() {
    let mut game = Gods::new(Seed::from_u64(5), 2, GodsOptions::default()).expect("setup");
    let mut rng = Rng::from_seed(&Seed::from_u64(6));
    let mut seq = 0i64;
    while let Some(turn) = random_turn(&game, &mut rng) {
        let seat = game.to_move();
        game = game
            .apply(seat, &turn)
            .expect("a random turn is legal")
            .game;
        seq += 1;
        assert!(seq < 2000, "the game does not end");
    }
    let view = game.view(Viewer::Spectator);
    assert!(view.outcome.is_some(), "the game is over");
    assert_ne!(
        i64::from(view.turn),
        seq,
        "the rules count turns otherwise than the log"
    );
    let picture = |turns| {
        board_svg(
            &view,
            &BoardStyle {
                names: names(),
                title: Some("Gods #abcdef".into()),
                stacked: true,
                turns,
                ..BoardStyle::default()
            },
        )
    };
    let svg = picture(Some(crate::game::board_turns(seq)));
    parse(&svg);
    assert!(
        svg.contains(&format!(">Game over after turn {seq}: ")),
        "{}",
        svg.split("<g id=\"hermes-panel\"").nth(1).unwrap_or(&svg)
    );
    assert!(!svg.contains(&format!("after turn {}:", view.turn)));
    let svg = picture(None);
    assert!(
        svg.contains(">Game over: "),
        "no number without the sequence"
    );
    assert!(!svg.contains("after turn"));
}

#[test]
fn every_kind_of_tile_matches_its_snapshot() {
    let svg = board_svg(
        &every_tile(),
        &BoardStyle {
            names: names(),
            title: Some("Every tile".into()),
            turns: Some(crate::game::board_turns(0)),
            ..BoardStyle::default()
        },
    );
    parse(&svg);
    assert_snapshot("board_every_tile.svg", &svg);
}

/// The mail worker keeps one picture of a Gods board per game and sequence for every
/// seat (`crate::outbox::board_seat`): that holds only while the board shows nothing one
/// seat sees and another does not.
#[test]
fn a_gods_board_is_the_same_picture_for_every_seat_and_a_spectator() {
    let style = BoardStyle {
        names: names(),
        title: Some("Gods #7".into()),
        ..Default::default()
    };
    for turns in [0, 9, 40] {
        let seen = board_svg(&played_as(5, turns, Viewer::Spectator), &style);
        for seat in 0..4 {
            let view = played_as(5, turns, Viewer::Seat(seat));
            assert_eq!(
                board_svg(&view, &style),
                seen,
                "seat {seat} after {turns} turns"
            );
        }
    }
}

#[test]
fn the_same_view_always_gives_the_same_svg() {
    let view = played(3, 9);
    let style = BoardStyle::default();
    assert_eq!(board_svg(&view, &style), board_svg(&view, &style));
}

#[test]
fn every_tile_and_every_hex_a_tile_may_go_on_is_labelled_with_its_coordinates() {
    let view = played(11, 12);
    let svg = board_svg(&view, &BoardStyle::default());
    let hexes = view
        .board
        .iter()
        .map(|(h, _)| h)
        .chain(view.board.frontier());
    for h in hexes {
        assert!(svg.contains(&format!(">{h}</text>")), "no label {h}");
    }
}

#[test]
fn a_player_name_full_of_markup_is_escaped_and_the_svg_still_parses() {
    let evil = "<script>alert(1)</script>&\"'";
    let short = "<b>&\"'</b>";
    let view = played(5, 2);
    let style = BoardStyle {
        names: vec![
            evil.into(),
            short.into(),
            "]]>".into(),
            "x\u{0}\u{1b}y".into(),
        ],
        title: Some("<svg onload=alert(1)>".into()),
        ..BoardStyle::default()
    };
    let svg = board_svg(&view, &style);
    assert!(!svg.contains("<script"), "raw markup in the SVG");
    assert!(!svg.contains("<b>"), "raw markup in the SVG");
    assert!(!svg.contains("<svg onload"), "raw markup in the SVG");
    assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(svg.contains("&lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;"));
    assert!(svg.contains("]]&gt;"));

    // Well-formed XML whose text reads back as the names, and an SVG usvg accepts.
    let doc = usvg::roxmltree::Document::parse(&svg).expect("well-formed XML");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.contains(&short), "{texts:?}");
    assert!(texts.contains(&evil), "{texts:?}");
    assert!(texts.contains(&"x\u{fffd}\u{fffd}y"));
    assert!(texts.contains(&"<svg onload=alert(1)>"));
    assert!(doc
        .descendants()
        .all(|n| !n.has_tag_name("script") && n.attributes().all(|a| a.name() != "onload")));
    parse(&svg);
    board_png(&svg).expect("draws");
}

#[test]
fn escaping_covers_the_five_xml_specials_and_control_characters() {
    assert_eq!(esc("a&b<c>d\"e'f"), "a&amp;b&lt;c&gt;d&quot;e&#39;f");
    assert_eq!(esc("\u{0}\u{8}\u{fffe}"), "\u{fffd}\u{fffd}\u{fffd}");
    assert_eq!(esc("Zoë Ωμέγα"), "Zoë Ωμέγα");
}

#[test]
fn the_view_box_fits_a_board_far_from_the_origin() {
    let mut view = played(1, 0);
    view.board = board(serde_json::json!([
        { "at": [40, -30], "kind": "desert" },
        { "at": [-25, 12], "kind": "temple", "god": 2 },
        { "at": [-25, 13], "kind": "tribe", "colour": "green", "marker": 2 },
    ]));
    let style = BoardStyle::default();
    let svg = board_svg(&view, &style);
    let (width, height) = view_box(&svg);
    let tree = parse(&svg);
    let bbox = tree.root().abs_bounding_box();
    assert!(bbox.left() >= 0.0 && bbox.top() >= 0.0, "{bbox:?}");
    assert!(
        f64::from(bbox.right()) <= width && f64::from(bbox.bottom()) <= height,
        "{bbox:?} outside {width}×{height}"
    );
    // Hex centres span 44 hex widths (x ∝ q + r/2) and 43 rows.
    assert!(width > 44.0 * style.hex_size * 1.73, "{width}");
    assert!(height > 43.0 * style.hex_size * 1.5, "{height}");
    assert!(svg.contains(">40,-30</text>") && svg.contains(">-25,13</text>"));
}

#[test]
fn an_empty_board_still_draws() {
    let mut view = played(1, 0);
    view.board = Board::default();
    parse(&board_svg(&view, &BoardStyle::default()));
}

#[test]
fn the_png_is_a_png_of_the_svg_size_with_a_drawing_on_it() {
    let svg = board_svg(&played(7, 14), &BoardStyle::default());
    let png = board_png(&svg).expect("draws");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    let pixmap = Pixmap::decode_png(&png).expect("the PNG decodes");
    let (width, height) = view_box(&svg);
    assert_eq!(
        (f64::from(pixmap.width()), f64::from(pixmap.height())),
        (width, height)
    );
    let inked = inked_pixels(&png);
    let all = pixmap.pixels().len();
    assert!(inked > all / 10, "only {inked} of {all} pixels drawn");
}

#[test]
fn the_png_draws_text_with_the_bundled_font() {
    let page = |words: &str| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"40\">\
             <rect width=\"200\" height=\"40\" fill=\"#ffffff\"/>\
             <text x=\"10\" y=\"28\" font-size=\"20\" font-family=\"NoSuchFont, sans-serif\">{words}</text></svg>"
        )
    };
    let blank = inked_pixels(&board_png(&page("")).expect("draws"));
    let written = inked_pixels(&board_png(&page("tribe 1 at 2,-1")).expect("draws"));
    assert_eq!(blank, 0);
    assert!(written > 300, "only {written} pixels of text");
    let bold = page("tribe 1 at 2,-1").replace("<text ", "<text font-weight=\"bold\" ");
    let bold = inked_pixels(&board_png(&bold).expect("draws"));
    assert!(
        bold > written,
        "bold ({bold}) is no heavier than regular ({written})"
    );
}

#[test]
fn a_late_board_is_a_palette_png_under_100_kb() {
    let style = BoardStyle {
        names: names(),
        ..BoardStyle::default()
    };
    let svg = board_svg(&played(7, 40), &style);
    let png = board_png(&svg).expect("draws");
    // Colour type 3 (indexed) in the IHDR chunk.
    assert_eq!(png.get(25), Some(&3), "not a palette PNG");
    assert!(png.len() <= 100_000, "{} bytes", png.len());
    let pixmap = Pixmap::decode_png(&png).expect("decodes");
    assert!(inked_pixels(&png) > pixmap.pixels().len() / 10);
}

#[test]
fn a_png_larger_than_the_limit_is_scaled_down() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20000\" height=\"100\">\
               <rect width=\"20000\" height=\"100\" fill=\"#123456\"/></svg>";
    let png = board_png_scaled(svg, 2.0).expect("draws");
    let pixmap = Pixmap::decode_png(&png).expect("decodes");
    assert_eq!(pixmap.width(), MAX_PNG_SIDE);
    assert!(pixmap.height() <= 21, "{}", pixmap.height());
}

#[test]
fn a_png_can_be_drawn_at_twice_the_size() {
    let svg = board_svg(&played(2, 3), &BoardStyle::default());
    let png = board_png_scaled(&svg, 2.0).expect("draws");
    let pixmap = Pixmap::decode_png(&png).expect("decodes");
    let (width, _) = view_box(&svg);
    assert_eq!(f64::from(pixmap.width()), width * 2.0);
}

#[test]
fn an_svg_that_is_not_svg_is_an_error_not_a_panic() {
    assert!(board_png("<svg").is_err());
    assert!(board_png("hello").is_err());
}

/// How far apart two drawings of the same size are: the largest difference of a channel,
/// and how many pixels differ by more than `by` in some channel.
pub(crate) fn difference(a: &Pixmap, b: &Pixmap, by: u8) -> (u8, usize) {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let mut worst = 0;
    let mut over = 0;
    for (p, q) in a.pixels().iter().zip(b.pixels()) {
        let d = [
            p.red().abs_diff(q.red()),
            p.green().abs_diff(q.green()),
            p.blue().abs_diff(q.blue()),
            p.alpha().abs_diff(q.alpha()),
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        worst = worst.max(d);
        if d > by {
            over += 1;
        }
    }
    (worst, over)
}

/// Pixels where `a` and `b` differ at all.
fn changed(a: &Pixmap, b: &Pixmap) -> usize {
    a.pixels()
        .iter()
        .zip(b.pixels())
        .filter(|(p, q)| p != q)
        .count()
}

#[test]
fn labels_drawn_from_cached_glyphs_look_as_resvg_draws_them() {
    let style = BoardStyle {
        names: vec![
            "Ada Łukasiewicz".into(),
            "Brann «the» Bold".into(),
            "Cleo".into(),
            "Dmitri Иванов".into(),
        ],
        title: Some("Gods #0a1b2c".into()),
        ..BoardStyle::default()
    };
    for (view, scale) in [
        (every_tile(), 1.0),
        (played(7, 40), 1.0),
        (played(7, 14), 2.0),
    ] {
        let svg = board_svg(&view, &style);
        // The fast path really takes the text out: every `<text>` of the board is a label.
        let (rest, labels) = super::text::split(&svg).expect("labels to draw");
        assert_eq!(labels.len(), svg.matches("<text ").count());
        assert!(!rest.contains("<text"), "text left for usvg");
        let fast = super::png::render_scaled(&svg, scale).expect("draws");
        let slow = super::png::render_slow(&svg, scale).expect("draws");
        let no_text = super::png::render_slow(&rest, scale).expect("draws");
        // The labels are there: as many pixels differ from the drawing without text (by
        // more than the shade that laying the hexes as copies may change, see
        // `pieces_laid_as_copies_look_as_resvg_draws_them_in_place`).
        let (inked_fast, inked_slow) = (
            difference(&fast, &no_text, 2).1,
            difference(&slow, &no_text, 2).1,
        );
        assert!(inked_slow > 2_000, "only {inked_slow} pixels of text");
        assert!(
            inked_fast.abs_diff(inked_slow) * 50 < inked_slow,
            "{inked_fast} pixels of text where resvg draws {inked_slow}"
        );
        // And in the same places: a glyph may sit up to 1/16 of a pixel left or right of
        // where resvg puts it, which changes the shade of some edge pixels (resvg samples
        // four columns per pixel: an edge that crosses one changes by a quarter), never a
        // whole glyph (a misplaced, missing or other glyph changes most of its pixels).
        let (worst, over) = difference(&fast, &slow, 40);
        assert!(worst < 128, "a pixel differs by {worst}");
        assert!(
            over * 25 < inked_slow,
            "{over} pixels of {inked_slow} differ by more than 40"
        );
    }
}

#[test]
fn a_cold_and_a_warm_glyph_cache_draw_the_same_pixels() {
    let svg = board_svg(
        &played(7, 30),
        &BoardStyle {
            names: names(),
            ..BoardStyle::default()
        },
    );
    super::text::clear_caches();
    super::sprites::clear_cache();
    let cold = super::png::render_scaled(&svg, 1.0).expect("draws");
    let warm = super::png::render_scaled(&svg, 1.0).expect("draws");
    assert_eq!(changed(&cold, &warm), 0);
    // Another picture in between (other strings, other glyph positions) changes nothing.
    super::png::render_scaled(&board_svg(&every_tile(), &BoardStyle::default()), 2.0)
        .expect("draws");
    let again = super::png::render_scaled(&svg, 1.0).expect("draws");
    assert_eq!(changed(&cold, &again), 0);
}

#[test]
fn text_the_glyph_cache_cannot_draw_is_left_to_usvg_and_still_drawn() {
    let page = |inner: &str| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"60\" viewBox=\"0 0 300 60\">\
             <rect width=\"300\" height=\"60\" fill=\"#ffffff\"/>\
             <text x=\"5\" y=\"20\" font-size=\"14\" fill=\"#262626\">plain 1,2</text>{inner}</svg>"
        )
    };
    for inner in [
        "<text x=\"5\" y=\"45\" font-size=\"14\"><tspan fill=\"#ff0000\">a tspan</tspan></text>",
        "<g transform=\"scale(2)\"><text x=\"5\" y=\"22\" font-size=\"7\" fill=\"#000000\">scaled</text></g>",
        "<g fill=\"#ff0000\"><text x=\"5\" y=\"45\" font-size=\"14\">inherits a fill</text></g>",
        "<text x=\"5\" y=\"45\" font-size=\"14\" fill=\"#000000\">漢字 not in Go</text>",
        "<text x=\"5\" y=\"45\" font-size=\"14\" fill=\"#000000\">שלום right to left</text>",
        "<text x=\"5\" y=\"45\" font-size=\"14\" fill=\"red\">a named colour</text>",
        "<text x=\"5\" y=\"45\" font-size=\"14\" fill=\"#000000\" opacity=\"0.5\">see-through</text>",
        "<defs><text id=\"t\" x=\"5\" y=\"45\" font-size=\"14\" fill=\"#000000\">in defs</text></defs><use href=\"#t\"/>",
    ] {
        let svg = page(inner);
        let (rest, labels) = super::text::split(&svg).expect("the plain label");
        assert_eq!(labels.len(), 1, "{inner}");
        assert!(rest.contains(inner), "{inner} was taken out");
        let fast = super::png::render_scaled(&svg, 1.0).expect("draws");
        let slow = super::png::render_slow(&svg, 1.0).expect("draws");
        let (_, over) = difference(&fast, &slow, 40);
        assert!(over < 20, "{inner}: {over} pixels differ");
        // The second line is drawn (by usvg).
        let lower = fast.pixels()[300 * 30..].iter().filter(|p| p.green() < 200).count();
        assert!(lower > 50, "{inner}: the second line is missing");
    }
    // A style sheet could style any text: nothing is taken out.
    assert!(super::text::split(&page("<style>text { fill: red }</style>")).is_none());
}

#[test]
fn pieces_laid_as_copies_look_as_resvg_draws_them_in_place() {
    let style = BoardStyle {
        names: names(),
        title: Some("Gods #0a1b2c".into()),
        ..BoardStyle::default()
    };
    super::sprites::clear_cache();
    for (view, scale) in [
        (every_tile(), 1.0),
        (played(7, 40), 1.0),
        (played(7, 14), 2.0),
    ] {
        let svg = board_svg(&view, &style);
        // The fast path is taken: every hex is taken out as a piece, and laid.
        let split = super::sprites::split(&svg).expect("pieces to lay");
        assert!(!split.rest.contains("data-hex="), "a hex left for usvg");
        let tree = usvg::Tree::from_str(&split.rest, &super::png::options()).expect("parses");
        assert!(super::sprites::draw(&tree, &split, scale, scale).is_some());
        let fast = super::png::render_scaled(&svg, scale).expect("draws");
        let (slow, _) = super::png::render_without_pieces(&svg, scale).expect("draws");
        // Each piece is drawn by resvg at the same place within a pixel (to 1/4096 of a
        // pixel, from other f32 sums): laying it over the paper rounds a shade by one here
        // and there, and an edge that sits on one of resvg's sample lines may fall on its
        // other side (a few edge pixels a little lighter or darker; at other scales, such
        // as 1.5, a whole straight edge's column a quarter lighter); never a shape.
        let (worst, over) = difference(&fast, &slow, 2);
        let far = difference(&fast, &slow, 40).1;
        let pixels = fast.pixels().len();
        assert!(worst < 128, "a pixel differs by {worst}");
        assert!(over * 5_000 < pixels, "{over} pixels differ by more than 2");
        assert!(far * 50_000 < pixels, "{far} pixels differ by more than 40");
    }
}

#[test]
fn a_piece_that_something_later_overlaps_is_drawn_in_place() {
    let page = |inner: &str| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"60\" viewBox=\"0 0 120 60\">\
             <rect width=\"120\" height=\"60\" fill=\"#ffffff\"/>{inner}</svg>"
        )
    };
    // A disc over a square: the square is a piece, the disc comes after it and covers it.
    let svg = page(
        "<g transform=\"translate(10.3,10.7)\"><rect width=\"30\" height=\"30\" fill=\"#2f6fc0\"/></g>\
         <circle cx=\"40\" cy=\"40\" r=\"15\" fill=\"#d0342c\"/>",
    );
    let split = super::sprites::split(&svg).expect("a piece");
    let tree = usvg::Tree::from_str(&split.rest, &super::png::options()).expect("parses");
    assert!(super::sprites::draw(&tree, &split, 1.0, 1.0).is_none());
    let fast = super::png::render_scaled(&svg, 1.0).expect("draws");
    let slow = super::png::render_slow(&svg, 1.0).expect("draws");
    assert_eq!(changed(&fast, &slow), 0);
    // The disc is on top where they overlap.
    let at = fast.pixel(38, 38).expect("pixel");
    assert_eq!((at.red(), at.blue()), (0xd0, 0x2c));

    // Groups that hold an id, a link or a reference outside the top-level defs stay.
    for inner in [
        "<g transform=\"translate(5,5)\"><rect id=\"r\" width=\"9\" height=\"9\"/></g><use href=\"#r\" x=\"50\"/>",
        "<defs><g id=\"d\"><circle r=\"4\"/></g></defs><g transform=\"translate(5,5)\"><use href=\"#d\"/></g>",
        "<linearGradient id=\"l\"><stop offset=\"0\" stop-color=\"#000000\"/></linearGradient><g transform=\"translate(5,5)\"><rect width=\"9\" height=\"9\" fill=\"url(#l)\"/></g>",
        "<g opacity=\"0.5\"><g transform=\"translate(5,5)\"><rect width=\"9\" height=\"9\"/></g></g>",
    ] {
        assert!(super::sprites::split(&page(inner)).is_none(), "{inner}");
    }
}

/// Not a test of behaviour: writes the pictures to the temp directory for a person to look
/// at (`cargo test -p hermes-api board -- --ignored`).
#[test]
#[ignore]
fn write_pictures_for_a_look() {
    let style = BoardStyle {
        names: names(),
        ..BoardStyle::default()
    };
    let dir = std::env::temp_dir();
    for (name, view) in [
        ("game", played(7, 14)),
        ("every-tile", every_tile()),
        ("late", played(7, 40)),
    ] {
        let svg = board_svg(&view, &style);
        std::fs::write(dir.join(format!("hermes-board-{name}.svg")), &svg).expect("write");
        let png = board_png(&svg).expect("draws");
        std::fs::write(dir.join(format!("hermes-board-{name}.png")), png).expect("write");
    }
}

/// The bundled faces, regular and bold: Go, then the Japanese subset.
fn bundled_faces() -> [[skrifa::FontRef<'static>; 2]; 2] {
    use super::png::{GO_BOLD, GO_REGULAR, JP_BOLD, JP_REGULAR};
    let face = |data: &'static [u8]| skrifa::FontRef::new(data).expect("a bundled font parses");
    [
        [face(GO_REGULAR), face(JP_REGULAR)],
        [face(GO_BOLD), face(JP_BOLD)],
    ]
}

/// The characters of `text` that no bundled font of either weight draws.
pub(crate) fn undrawable(text: &str) -> Vec<char> {
    use skrifa::MetadataProvider;
    let faces = bundled_faces();
    let mut missing: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .filter(|&c| {
            !faces
                .iter()
                .all(|weight| weight.iter().any(|f| f.charmap().map(c).is_some()))
        })
        .collect();
    missing.sort_unstable();
    missing.dedup();
    missing
}

/// The text of every `<text>` of an SVG.
pub(crate) fn drawn_words(svg: &str) -> String {
    let doc = usvg::roxmltree::Document::parse(svg).expect("the SVG parses");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .flat_map(|n| n.descendants().filter_map(|t| t.text()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every character the pictures' words may draw, in every language (every text of every
/// variant of `pictures.ftl` and of the tiles' names), is in a bundled font, regular and
/// bold: no box for a missing glyph in any language.
#[test]
fn every_character_of_the_pictures_words_in_every_language_is_in_the_bundled_fonts() {
    use crate::i18n::{sources, Lang};
    use fluent_syntax::ast;
    fn texts(p: &ast::Pattern<&str>, out: &mut String) {
        for element in &p.elements {
            match element {
                ast::PatternElement::TextElement { value } => out.push_str(value),
                ast::PatternElement::Placeable {
                    expression: ast::Expression::Select { variants, .. },
                } => {
                    for v in variants {
                        texts(&v.value, out);
                    }
                }
                ast::PatternElement::Placeable { .. } => {}
            }
        }
    }
    let mut checked = 0;
    for lang in Lang::ALL {
        let mut words = String::new();
        for (file, source) in sources(lang) {
            let resource = fluent_syntax::parser::parse(*source).expect("the catalogue parses");
            for entry in &resource.body {
                let ast::Entry::Message(m) = entry else {
                    continue;
                };
                let drawn = *file == "pictures.ftl"
                    || *file == "cards.ftl"
                    || (*file == "common.ftl" && m.id.name.starts_with("tile-"));
                if let (true, Some(p)) = (drawn, &m.value) {
                    texts(p, &mut words);
                    checked += 1;
                }
            }
        }
        assert_eq!(undrawable(&words), Vec::<char>::new(), "{}", lang.code());
    }
    assert!(checked > 6 * 60, "only {checked} messages read");
    // The check can fail: Go alone has no kanji or kana, and nothing has every character.
    let go = skrifa::FontRef::new(super::png::GO_REGULAR).expect("Go");
    use skrifa::MetadataProvider;
    assert!(go.charmap().map('神').is_none() && go.charmap().map('の').is_none());
    assert_eq!(undrawable("神の\u{10FFFD}"), vec!['\u{10FFFD}']);
}

/// The board in Japanese: its words from the catalogue, every character of them in the
/// bundled fonts, and drawn (the Japanese labels are drawn by resvg from the Japanese
/// font: more ink than the same board with its Japanese characters removed).
#[test]
fn a_japanese_board_says_its_words_in_japanese_and_draws_every_glyph() {
    use crate::i18n::Lang;
    let style = BoardStyle {
        names: names(),
        title: Some("Gods #0a1b2c".to_string()),
        lang: Lang::Ja,
        ..BoardStyle::default()
    };
    let view = played(7, 40);
    let svg = board_svg(&view, &style);
    let words = drawn_words(&svg);
    for said in ["凡例", "場のタイル", "村落", "神 "] {
        assert!(words.contains(said), "no {said:?} in {words}");
    }
    for english in ["Key", "Display", "villages", "supply", "left in the"] {
        assert!(!words.contains(english), "{english:?} in {words}");
    }
    assert_eq!(undrawable(&words), Vec::<char>::new());
    let png = board_png(&svg).expect("draws");
    let ascii_only: String = svg
        .chars()
        .filter(|c| c.is_ascii() || !c.is_alphabetic())
        .collect();
    let without = board_png(&ascii_only).expect("draws");
    assert!(
        inked_pixels(&png) > inked_pixels(&without) + 2_000,
        "the Japanese words drew little ink"
    );
    if let Some(dir) = std::env::var_os("HERMES_SHOTS") {
        std::fs::create_dir_all(&dir).expect("the shots folder");
        std::fs::write(PathBuf::from(dir).join("board-ja.png"), &png).expect("written");
    }
}

/// The English board's words are as they were before they came from the catalogue.
#[test]
fn the_english_board_reads_as_before() {
    let style = BoardStyle {
        names: names(),
        ..BoardStyle::default()
    };
    let words = drawn_words(&board_svg(&played(7, 40), &style));
    for said in [
        "Key",
        "Display",
        "temple: its god's colour and number",
        "tribe (R/Y/G/B) with a god's marker",
        "empty hex a tile may go on: q,r",
        "q+1: one hex east (right); r+1: one hex south-east",
        " · supply: ",
        "villages",
    ] {
        assert!(words.contains(said), "no {said:?} in {words}");
    }
}

/// A god's supplies line fits the panel in every language, however big its counts: a long
/// one (German, two-digit counts, extra actions) is drawn smaller, an English one as
/// before.
#[test]
fn a_long_supplies_line_is_drawn_smaller_to_fit_the_panel() {
    use super::svg::{width_at_12, PANEL_WIDTH};
    use crate::i18n::Lang;
    let mut view = played(7, 40);
    view.gods[1].crystals = 12;
    view.gods[1].markers_in_supply = 13;
    view.gods[1].extra_actions = 2;
    let line_of = |lang: Lang, words: &str| -> (f64, String) {
        let style = BoardStyle {
            names: names(),
            lang,
            ..BoardStyle::default()
        };
        let svg = board_svg(&view, &style);
        let line = svg
            .split("<text ")
            .filter_map(|t| t.split("</text>").next())
            .find(|t| t.contains(words))
            .unwrap_or_else(|| panic!("no line with {words:?} in {svg}"))
            .to_string();
        let size: f64 = line
            .split("font-size=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse().ok())
            .expect("a font size");
        (size, line)
    };
    let (size, line) = line_of(Lang::De, "13 Göttersteine · 2 extra");
    assert!(size < 12.0, "{line}");
    let drawn = line.split('>').nth(1).unwrap_or_default();
    assert!(
        width_at_12(drawn) * 0.85 * size / 12.0 <= PANEL_WIDTH - 30.0,
        "{line}"
    );
    let (size, line) = line_of(Lang::En, "13 markers");
    assert_eq!(size, 12.0, "{line}");
}
