//! A Gods board as SVG text.
//!
//! Geometry (G-B1): pointy-top hexes, so the neighbour names of the rules read straight off
//! the picture: E is to the right, NE up-right, NW up-left, W left, SW down-left, SE
//! down-right. Hex `(q, r)` is centred at `(√3·(q + r/2), 3/2·r)` hex radii.
//!
//! Every hex a player may type is labelled `q,r`: each tile (deserts can be moved, decay
//! tiles go next to temples) and each empty hex next to a tile, which are exactly the hexes
//! a tile may be placed on (G-B2). The board is unbounded, so the picture's size is the
//! bounding box of those hexes plus a margin, with the side panel to its right (or below
//! it, [`BoardStyle::stacked`](super::BoardStyle), for the mail).

use super::BoardStyle;
use crate::i18n::{self, Arg};
use games::gods::view::{GodView, GodsView};
use games::gods::{Cell, Colour, Draw, Hex, PerColour, Phase, Tile};
use games::Seat;
use std::fmt::Write;

/// √3, to the precision an f64 holds.
const SQRT3: f64 = 1.732_050_807_568_877_2;
/// The family stack: `Go` is the bundled font the PNG is drawn with; a browser showing the
/// SVG falls back to its own.
const FONT_FAMILY: &str = "Go, &#39;DejaVu Sans&#39;, Verdana, Arial, sans-serif";
const PAPER: &str = "#f7f4ec";
const INK: &str = "#262626";
/// Tiles are drawn a little inside their hex, so that neighbours stay apart.
const TILE_INSET: f64 = 0.94;
const FRONTIER_INSET: f64 = 0.88;
const MARGIN: f64 = 24.0;
pub(super) const PANEL_WIDTH: f64 = 310.0;
/// Longest name drawn, in characters; longer ones end in `…`.
const NAME_CHARS: usize = 28;

/// Writing to a `String` cannot fail, so the `fmt::Result` is dropped here once.
macro_rules! w {
    ($out:expr, $($arg:tt)*) => {{
        let _ = write!($out, $($arg)*);
    }};
}

/// Draw `view`'s board, with a legend and (per `style.details`) a side panel, as a
/// standalone SVG document. Deterministic: the same view and style give the same text.
pub fn board_svg(view: &GodsView, style: &BoardStyle) -> String {
    let s = if style.hex_size.is_finite() && style.hex_size >= 8.0 {
        style.hex_size
    } else {
        BoardStyle::default().hex_size
    };
    let frontier = view.board.frontier();

    // Bounding box of every hex drawn, in board coordinates.
    let centres = view
        .board
        .iter()
        .map(|(h, _)| h)
        .chain(frontier.iter().copied())
        .map(|h| centre(h, s));
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (i, (x, y)) in centres.enumerate() {
        if i == 0 {
            (min_x, min_y, max_x, max_y) = (x, y, x, y);
        } else {
            min_x = min_x.min(x);
            min_y = min_y.min(y);
            max_x = max_x.max(x);
            max_y = max_y.max(y);
        }
    }
    let half_w = s * SQRT3 / 2.0;
    let board_w = (max_x - min_x) + 2.0 * half_w;
    let board_h = (max_y - min_y) + 2.0 * s;
    let stacked = style.panel && style.stacked;
    // Stacked, a board narrower than the panel is centred over it.
    let shift = if stacked {
        ((PANEL_WIDTH - board_w) / 2.0).max(0.0)
    } else {
        0.0
    };
    // Board coordinates to picture coordinates.
    let ox = MARGIN + shift + half_w - min_x;
    let oy = MARGIN + s - min_y;

    let mut panel = String::new();
    let panel_h = if style.panel {
        draw_panel(&mut panel, view, style)
    } else {
        0.0
    };
    let (panel_x, panel_y) = if stacked {
        (MARGIN, MARGIN + board_h + MARGIN)
    } else {
        (MARGIN + board_w + MARGIN, MARGIN)
    };
    let width = if stacked {
        (MARGIN + board_w.max(PANEL_WIDTH) + MARGIN).ceil()
    } else if style.panel {
        (panel_x + PANEL_WIDTH + MARGIN).ceil()
    } else {
        (MARGIN + board_w + MARGIN).ceil()
    };
    let height = if stacked {
        (panel_y + panel_h + MARGIN).ceil()
    } else {
        (board_h.max(panel_h) + 2.0 * MARGIN).ceil()
    };

    let mut out = String::with_capacity(16 * 1024);
    w!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_FAMILY}\" role=\"img\">\n",
        w = n(width),
        h = n(height),
    );
    w!(
        out,
        "<title>{}</title>\n",
        // No number: the rules' own count of gods' turns is not the log's, which is the
        // "turn N" players read everywhere (`crate::game::naming`); a view has no `seq`.
        esc(&words(style, "picture-gods-board", &[]))
    );
    out.push_str(DEFS);
    w!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"{PAPER}\"/>\n",
        n(width),
        n(height)
    );

    w!(
        out,
        "<g id=\"hermes-board\" transform=\"translate({},{})\" data-hex-size=\"{}\">\n",
        n(ox),
        n(oy),
        n(s)
    );
    for &h in &frontier {
        let (x, y) = centre(h, s);
        w!(
            out,
            "<g transform=\"translate({},{})\" data-hex=\"{h}\">",
            n(x),
            n(y)
        );
        draw_frontier(&mut out, h, s);
        out.push_str("</g>\n");
    }
    for (h, cell) in view.board.iter() {
        let (x, y) = centre(h, s);
        w!(
            out,
            "<g transform=\"translate({},{})\" data-hex=\"{h}\">",
            n(x),
            n(y)
        );
        draw_cell(&mut out, cell, s);
        let fill = label_colour(cell);
        text(
            &mut out,
            0.0,
            0.68 * s,
            0.24 * s,
            fill,
            "middle",
            "",
            &h.to_string(),
        );
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
    if !style.panel {
        out.push_str("</svg>\n");
        return out;
    }

    w!(
        out,
        "<g id=\"hermes-panel\" transform=\"translate({},{})\">\n",
        n(panel_x),
        n(panel_y)
    );
    out.push_str(&panel);
    out.push_str("</g>\n</svg>\n");
    out
}

/// Shared definitions, with fixed ids: the sand texture of deserts.
const DEFS: &str = "<defs>\
<pattern id=\"hermes-sand\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">\
<rect width=\"8\" height=\"8\" fill=\"#ecd8a4\"/>\
<circle cx=\"2\" cy=\"2\" r=\"0.9\" fill=\"#c4a04f\"/>\
<circle cx=\"6\" cy=\"5.5\" r=\"0.7\" fill=\"#b8934a\"/>\
</pattern>\
</defs>\n";

/// The centre of hex `h` for hex radius `s` (pointy-top, G-B1).
fn centre(h: Hex, s: f64) -> (f64, f64) {
    let (q, r) = (f64::from(h.q), f64::from(h.r));
    (s * SQRT3 * (q + r / 2.0), s * 1.5 * r)
}

/// The corners of a pointy-top hex of radius `s` around the origin, as `points`.
fn hex_points(s: f64) -> String {
    let w = s * SQRT3 / 2.0;
    let corners = [
        (0.0, -s),
        (w, -s / 2.0),
        (w, s / 2.0),
        (0.0, s),
        (-w, s / 2.0),
        (-w, -s / 2.0),
    ];
    corners
        .iter()
        .map(|&(x, y)| format!("{},{}", n(x), n(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn tribe_fill(c: Colour) -> &'static str {
    match c {
        Colour::Red => "#d0342c",
        Colour::Yellow => "#f2c12e",
        Colour::Green => "#3a9a4a",
        Colour::Blue => "#2f6fc0",
    }
}

/// Text on a tribe of this colour.
fn tribe_ink(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "#262626",
        Colour::Red | Colour::Green | Colour::Blue => "#ffffff",
    }
}

fn colour_letter(c: Colour) -> &'static str {
    match c {
        Colour::Red => "R",
        Colour::Yellow => "Y",
        Colour::Green => "G",
        Colour::Blue => "B",
    }
}

/// What stands on a hex, in words for a screen reader, in `lang`: `red tribe with the
/// marker of Ada (god 0)`.
pub fn cell_words(cell: Cell, names: &[String], lang: i18n::Lang) -> String {
    let god = |seat: Seat| -> String {
        let n = i64::try_from(seat).unwrap_or_default();
        match names.get(seat).map(|n| n.trim()) {
            Some(name) if !name.is_empty() => i18n::text(
                lang,
                "page-cell-god-named",
                &[("name", name.into()), ("seat", n.into())],
            ),
            _ => i18n::text(lang, "page-cell-god", &[("seat", n.into())]),
        }
    };
    match cell {
        Cell::Tribe { colour, marker } => {
            let code = match colour {
                Colour::Red => "red",
                Colour::Yellow => "yellow",
                Colour::Green => "green",
                Colour::Blue => "blue",
            };
            let tribe = i18n::text(lang, "tile-tribe", &[("colour", code.into())]);
            match marker {
                Some(seat) => i18n::text(
                    lang,
                    "page-cell-marked",
                    &[("tribe", tribe.into()), ("god", god(seat).into())],
                ),
                None => tribe,
            }
        }
        Cell::Temple { god: seat } => {
            i18n::text(lang, "page-cell-temple", &[("god", god(seat).into())])
        }
        Cell::Desert => i18n::text(lang, "tile-desert", &[]),
        Cell::Decay => i18n::text(lang, "tile-decay", &[]),
    }
}

/// A god's marker colour and the colour of text on it, for a page's key: as on the board.
pub fn god_colour(seat: Seat) -> (&'static str, &'static str) {
    god_colours(seat)
}

/// A tribe's colour as drawn, for a page's key.
pub fn tribe_colour(c: Colour) -> &'static str {
    tribe_fill(c)
}

/// A god's marker colour and the colour of text on it. Gods are seats and have nothing
/// to do with tribe colours (G-C1), so none of these is red, yellow, green or blue.
fn god_colours(seat: Seat) -> (&'static str, &'static str) {
    const GODS: [(&str, &str); 7] = [
        ("#7d3c98", "#ffffff"), // purple
        ("#ffffff", "#1a1a1a"), // white
        ("#1a1a1a", "#ffffff"), // black
        ("#48d1cc", "#1a1a1a"), // turquoise
        ("#ff8fc7", "#1a1a1a"), // pink
        ("#8b5a2b", "#ffffff"), // brown
        ("#9e9e9e", "#1a1a1a"), // grey
    ];
    GODS.get(seat % GODS.len())
        .copied()
        .unwrap_or(("#7d3c98", "#ffffff"))
}

/// The colour of the `q,r` label on a tile.
fn label_colour(cell: Cell) -> &'static str {
    match cell {
        Cell::Tribe { colour, .. } => tribe_ink(colour),
        Cell::Temple { .. } => "#333333",
        Cell::Desert => "#4a3a17",
        Cell::Decay => "#f0e6d8",
    }
}

/// One tile, centred on the origin, for hex radius `s`.
fn draw_cell(out: &mut String, cell: Cell, s: f64) {
    let sw = n((s * 0.07).max(1.2));
    let points = hex_points(s * TILE_INSET);
    match cell {
        Cell::Tribe { colour, marker } => {
            w!(
                out,
                "<polygon points=\"{points}\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"{sw}\"/>",
                tribe_fill(colour)
            );
            text(
                out,
                0.0,
                -0.5 * s,
                0.22 * s,
                tribe_ink(colour),
                "middle",
                "bold",
                colour_letter(colour),
            );
            if let Some(god) = marker {
                badge(out, 0.0, -0.06 * s, 0.32 * s, god);
            }
        }
        Cell::Temple { god } => {
            let (fill, ink) = god_colours(god);
            w!(
                out,
                "<polygon points=\"{points}\" fill=\"#e4ddcf\" stroke=\"{INK}\" stroke-width=\"{sw}\"/>"
            );
            let stroke = n((s * 0.045).max(1.0));
            // A pediment on a cella on a step: a temple, not a tribe, at a glance.
            w!(
                out,
                "<path d=\"M{} {}L0 {}L{} {}ZM{} {}h{}v{}h{}ZM{} {}h{}v{}h{}Z\" fill=\"{fill}\" stroke=\"#1a1a1a\" stroke-width=\"{stroke}\" stroke-linejoin=\"round\"/>",
                n(-0.5 * s),
                n(-0.26 * s),
                n(-0.64 * s),
                n(0.5 * s),
                n(-0.26 * s),
                n(-0.38 * s),
                n(-0.26 * s),
                n(0.76 * s),
                n(0.5 * s),
                n(-0.76 * s),
                n(-0.48 * s),
                n(0.24 * s),
                n(0.96 * s),
                n(0.1 * s),
                n(-0.96 * s),
            );
            text(
                out,
                0.0,
                -0.01 * s + 0.35 * 0.36 * s,
                0.36 * s,
                ink,
                "middle",
                "bold",
                &god.to_string(),
            );
        }
        Cell::Desert => {
            w!(
                out,
                "<polygon points=\"{points}\" fill=\"url(#hermes-sand)\" stroke=\"#9c7a35\" stroke-width=\"{sw}\"/>"
            );
            // Two dunes.
            let dune = n((s * 0.06).max(1.0));
            for (dx, dy) in [(-0.42, -0.12), (-0.2, 0.18)] {
                w!(
                    out,
                    "<path d=\"M{} {}q{} {} {} 0t{} 0\" fill=\"none\" stroke=\"#8a6a2a\" stroke-width=\"{dune}\" stroke-linecap=\"round\"/>",
                    n(dx * s),
                    n(dy * s),
                    n(0.16 * s),
                    n(-0.2 * s),
                    n(0.32 * s),
                    n(0.32 * s),
                );
            }
        }
        Cell::Decay => {
            w!(
                out,
                "<polygon points=\"{points}\" fill=\"#4d4039\" stroke=\"#111111\" stroke-width=\"{sw}\"/>"
            );
            // A crack through the tile.
            let crack = [
                (0.05, -0.78),
                (-0.1, -0.42),
                (0.12, -0.14),
                (-0.12, 0.16),
                (0.06, 0.44),
            ];
            let d = crack
                .iter()
                .enumerate()
                .map(|(i, &(x, y))| {
                    format!(
                        "{}{} {}",
                        if i == 0 { "M" } else { "L" },
                        n(x * s),
                        n(y * s)
                    )
                })
                .collect::<String>();
            w!(
                out,
                "<path d=\"{d}M{} {}L{} {}\" fill=\"none\" stroke=\"#eadbc6\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
                n(0.12 * s),
                n(-0.14 * s),
                n(0.4 * s),
                n(-0.02 * s),
                n((s * 0.06).max(1.0)),
            );
        }
    }
}

/// An empty hex next to a tile (G-B2), with its coordinates to type.
fn draw_frontier(out: &mut String, h: Hex, s: f64) {
    w!(
        out,
        "<polygon points=\"{}\" fill=\"#ffffff\" fill-opacity=\"0.55\" stroke=\"#9a9a9a\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\"/>",
        hex_points(s * FRONTIER_INSET),
        n((s * 0.04).max(1.0)),
        n(0.12 * s),
        n(0.08 * s),
    );
    text(
        out,
        0.0,
        0.35 * 0.3 * s,
        0.3 * s,
        "#4d4d4d",
        "middle",
        "",
        &h.to_string(),
    );
}

/// A god marker: a disc in the god's colour with the god's seat number.
fn badge(out: &mut String, x: f64, y: f64, r: f64, god: Seat) {
    let (fill, ink) = god_colours(god);
    w!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#111111\" stroke-width=\"{}\"/>",
        n(x),
        n(y),
        n(r),
        n((r * 0.14).max(1.0)),
    );
    let size = r * 1.15;
    text(
        out,
        x,
        y + 0.35 * size,
        size,
        ink,
        "middle",
        "bold",
        &god.to_string(),
    );
}

/// A text element. `content` is escaped here, whatever its source.
#[expect(
    clippy::too_many_arguments,
    reason = "a flat list of SVG attributes reads better than a builder here"
)]
fn text(
    out: &mut String,
    x: f64,
    y: f64,
    size: f64,
    fill: &str,
    anchor: &str,
    weight: &str,
    content: &str,
) {
    w!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\"",
        n(x),
        n(y),
        n(size)
    );
    if anchor != "start" {
        w!(out, " text-anchor=\"{anchor}\"");
    }
    if !weight.is_empty() {
        w!(out, " font-weight=\"{weight}\"");
    }
    w!(out, ">{}</text>", esc(content));
}

/// Message `key` of the picture's language.
fn words(style: &BoardStyle, key: &str, args: &[(&str, Arg)]) -> String {
    i18n::text(style.lang, key, args)
}

/// A tile's name in the picture's language.
fn tile_words(style: &BoardStyle, tile: Tile) -> String {
    match tile {
        Tile::Tribe(c) => words(style, "tile-tribe", &[("colour", c.name().into())]),
        Tile::Desert => words(style, "tile-desert", &[]),
        Tile::Whirlwind => words(style, "tile-whirlwind", &[]),
        Tile::ExtraAction => words(style, "tile-extra-action", &[]),
        Tile::GameEnd => words(style, "tile-game-end", &[]),
        Tile::Decay => words(style, "tile-decay", &[]),
    }
}

/// About how wide `label` is drawn at 12px: a wide (CJK) character takes about twice a
/// Latin one.
pub(super) fn width_at_12(label: &str) -> f64 {
    label
        .chars()
        .map(|c| if u32::from(c) >= 0x2E80 { 12.0 } else { 6.6 })
        .sum()
}

/// The font size, 12px or less, at which `line` fits in `width`: a long line (German's
/// supplies with two-digit counts and extra actions) is drawn smaller rather than past
/// the panel's edge. Go's Latin letters average about 85 % of [`width_at_12`]'s guess.
fn fitted_size(line: &str, width: f64) -> f64 {
    let guess = width_at_12(line) * 0.85;
    if guess <= width {
        12.0
    } else {
        (12.0 * width / guess).max(9.0)
    }
}

/// The name drawn for `seat`: the display name, trimmed and shortened, or `god N`.
fn name_of(style: &BoardStyle, seat: Seat) -> String {
    match style.names.get(seat).map(|s| s.trim()) {
        Some(name) if !name.is_empty() => {
            if name.chars().count() > NAME_CHARS {
                let mut short: String = name.chars().take(NAME_CHARS - 1).collect();
                short.push('…');
                short
            } else {
                name.to_string()
            }
        }
        _ => words(style, "picture-god", &[("seat", seat.into())]),
    }
}

/// The side panel: status, gods (the legend of marker colours), display, key. Drawn from
/// its own origin; returns its height.
fn draw_panel(out: &mut String, view: &GodsView, style: &BoardStyle) -> f64 {
    let mut y = 0.0;
    if let Some(title) = style.title.as_deref().filter(|t| !t.trim().is_empty()) {
        y += 18.0;
        let title: String = title.trim().chars().take(40).collect();
        text(out, 0.0, y, 18.0, INK, "start", "bold", &title);
        y += 8.0;
    }
    y += 18.0;
    text(out, 0.0, y, 14.0, INK, "start", "", &status(view, style));
    y += 14.0;

    heading(out, &mut y, &words(style, "picture-gods", &[]));
    for god in &view.gods {
        draw_god(out, &mut y, view, style, god);
    }

    if style.details {
        heading(out, &mut y, &words(style, "picture-display", &[]));
        if view.display.is_empty() {
            y += 18.0;
            let empty = words(style, "picture-empty", &[]);
            text(out, 8.0, y, 13.0, "#555555", "start", "", &empty);
        }
        for (i, tile) in view.display.iter().enumerate() {
            y += 24.0;
            text(
                out,
                8.0,
                y + 5.0,
                14.0,
                INK,
                "start",
                "bold",
                &(i + 1).to_string(),
            );
            w!(out, "<g transform=\"translate(38,{})\">", n(y));
            draw_tile_glyph(out, *tile, 11.0);
            out.push_str("</g>");
            text(
                out,
                56.0,
                y + 5.0,
                13.0,
                INK,
                "start",
                "",
                &tile_words(style, *tile),
            );
        }
        y += 22.0;
        let key = match view.options.draw {
            Draw::Pile => "picture-left-in-pile",
            Draw::Bag => "picture-left-in-bag",
        };
        let left = words(style, key, &[("n", view.tiles_remaining.into())]);
        text(out, 8.0, y, 12.0, "#555555", "start", "", &left);
        y += 6.0;
    }

    heading(out, &mut y, &words(style, "picture-key", &[]));
    let key = |out: &mut String, y: &mut f64, cell: Option<Cell>, words: &str| {
        *y += 28.0;
        w!(out, "<g transform=\"translate(18,{})\">", n(*y));
        match cell {
            Some(cell) => draw_cell(out, cell, 13.0),
            None => draw_frontier(out, Hex::new(2, -1), 13.0),
        }
        out.push_str("</g>");
        text(out, 40.0, *y + 4.5, 12.0, INK, "start", "", words);
    };
    key(
        out,
        &mut y,
        Some(Cell::Temple { god: 0 }),
        &words(style, "picture-key-temple", &[]),
    );
    key(
        out,
        &mut y,
        Some(Cell::Tribe {
            colour: Colour::Red,
            marker: Some(0),
        }),
        &words(style, "picture-key-tribe", &[]),
    );
    key(
        out,
        &mut y,
        Some(Cell::Desert),
        &tile_words(style, Tile::Desert),
    );
    let decay_in_play =
        view.options.decay_tile || view.board.iter().any(|(_, c)| matches!(c, Cell::Decay));
    if decay_in_play {
        key(
            out,
            &mut y,
            Some(Cell::Decay),
            &tile_words(style, Tile::Decay),
        );
    }
    key(out, &mut y, None, &words(style, "picture-key-empty", &[]));
    y += 24.0;
    text(
        out,
        0.0,
        y,
        12.0,
        "#555555",
        "start",
        "",
        &words(style, "picture-key-axes", &[]),
    );
    y + 6.0
}

/// Whose turn it is, or who won, numbered as the log numbers turns (`style.turns`; never
/// the view's own `turn`, the rules' count, which a god's `continue` does not advance).
fn status(view: &GodsView, style: &BoardStyle) -> String {
    if let Some(outcome) = &view.outcome {
        let winners = outcome
            .winners
            .iter()
            .map(|&seat| {
                words(
                    style,
                    "picture-god-named",
                    &[("seat", seat.into()), ("name", name_of(style, seat).into())],
                )
            })
            .reduce(|first, second| {
                words(
                    style,
                    "picture-and",
                    &[("first", first.into()), ("second", second.into())],
                )
            })
            .unwrap_or_default();
        return match style.turns {
            Some(t) => words(
                style,
                "picture-game-over-after-turn",
                &[("turn", t.last.into()), ("winners", winners.into())],
            ),
            None => words(
                style,
                "picture-game-over-won",
                &[("winners", winners.into())],
            ),
        };
    }
    match view.to_move {
        Some(seat) => {
            let name = name_of(style, seat);
            let to_move = match style.turns {
                Some(t) => words(
                    style,
                    "picture-turn-god-to-move",
                    &[
                        ("turn", t.next.into()),
                        ("seat", seat.into()),
                        ("name", name.into()),
                    ],
                ),
                None => words(
                    style,
                    "picture-god-to-move",
                    &[("seat", seat.into()), ("name", name.into())],
                ),
            };
            match view.phase {
                Phase::MayDeclare => {
                    format!("{to_move} {}", words(style, "picture-may-end", &[]))
                }
                Phase::Actions | Phase::Over => to_move,
            }
        }
        None => style
            .turns
            .map(|t| words(style, "picture-turn", &[("turn", t.next.into())]))
            .unwrap_or_default(),
    }
}

fn heading(out: &mut String, y: &mut f64, words: &str) {
    *y += 30.0;
    text(out, 0.0, *y, 15.0, INK, "start", "bold", words);
    w!(
        out,
        "<line x1=\"0\" y1=\"{y2}\" x2=\"{PANEL_WIDTH}\" y2=\"{y2}\" stroke=\"#c9c2b2\" stroke-width=\"1\"/>",
        y2 = n(*y + 5.0)
    );
    *y += 4.0;
}

/// One god's row: marker badge and name (the legend), then their public belongings.
fn draw_god(out: &mut String, y: &mut f64, view: &GodsView, style: &BoardStyle, god: &GodView) {
    let lines = if style.details { 2.0 } else { 0.0 };
    let top = *y + 6.0;
    let height = 26.0 + lines * 17.0;
    if view.to_move == Some(god.seat) {
        w!(
            out,
            "<rect x=\"-16\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"#fff1b8\" stroke=\"#e0c860\"/>",
            n(top),
            n(PANEL_WIDTH + 16.0),
            n(height)
        );
    }
    *y = top + 13.0;
    badge(out, 12.0, *y, 10.0, god.seat);
    let to_move = view.to_move == Some(god.seat);
    if to_move {
        // A pointer at the god to move, besides the highlight and the status line.
        w!(
            out,
            "<path d=\"M-12 {}l8 6l-8 6z\" fill=\"{INK}\"/>",
            n(*y - 6.0)
        );
    }
    let name = name_of(style, god.seat);
    let weight = if to_move { "bold" } else { "" };
    text(out, 30.0, *y + 5.0, 14.0, INK, "start", weight, &name);
    if let Some(score) = view.outcome.as_ref().and_then(|o| o.scores.get(god.seat)) {
        let won = view
            .outcome
            .as_ref()
            .is_some_and(|o| o.winners.contains(&god.seat));
        text(
            out,
            PANEL_WIDTH,
            *y + 5.0,
            14.0,
            INK,
            "end",
            if won { "bold" } else { "" },
            &words(style, "picture-points", &[("score", (*score).into())]),
        );
    }
    if style.details {
        *y += 19.0;
        let many = |key: &str, n: u8| words(style, key, &[("n", u32::from(n).into())]);
        let mut supplies = words(
            style,
            "picture-supplies",
            &[
                ("crystals", many("picture-crystals", god.crystals).into()),
                (
                    "temples",
                    many("picture-temples", god.temples_in_supply).into(),
                ),
                (
                    "markers",
                    many("picture-markers", god.markers_in_supply).into(),
                ),
            ],
        );
        if god.extra_actions > 0 {
            w!(supplies, " · {}", many("picture-extra", god.extra_actions));
        }
        text(
            out,
            30.0,
            *y + 4.0,
            fitted_size(&supplies, PANEL_WIDTH - 30.0),
            INK,
            "start",
            "",
            &supplies,
        );
        *y += 17.0;
        let none = words(style, "picture-none", &[]);
        let villages = words(style, "picture-villages", &[]);
        let x = chips(out, 30.0, *y, &villages, &god.villages, &none);
        let vp = words(style, "picture-vp", &[]);
        chips(out, x + 14.0, *y, &vp, &god.vp, &none);
    }
    *y = top + height;
}

/// `label` then, per colour held, a small square in the tribe colour and the count.
/// Returns where it ended.
fn chips(out: &mut String, x: f64, y: f64, label: &str, counts: &PerColour, none: &str) -> f64 {
    text(out, x, y + 4.0, 12.0, INK, "start", "", label);
    let mut x = x + width_at_12(label) + 6.0;
    if counts.total() == 0 {
        text(out, x, y + 4.0, 12.0, "#777777", "start", "", none);
        return x + width_at_12(none).max(30.0);
    }
    for c in Colour::ALL {
        let k = counts.get(c);
        if k == 0 {
            continue;
        }
        w!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\" stroke=\"{INK}\"/>",
            n(x),
            n(y - 5.0),
            tribe_fill(c)
        );
        text(
            out,
            x + 13.0,
            y + 4.0,
            12.0,
            INK,
            "start",
            "",
            &k.to_string(),
        );
        x += 13.0 + 7.0 * k.to_string().len() as f64 + 7.0;
    }
    x
}

/// A display tile, small, centred on the origin.
fn draw_tile_glyph(out: &mut String, tile: Tile, s: f64) {
    match tile {
        Tile::Tribe(colour) => draw_cell(
            out,
            Cell::Tribe {
                colour,
                marker: None,
            },
            s,
        ),
        Tile::Desert => draw_cell(out, Cell::Desert, s),
        Tile::Decay => draw_cell(out, Cell::Decay, s),
        Tile::Whirlwind | Tile::ExtraAction | Tile::GameEnd => {
            let (fill, ink, mark) = match tile {
                Tile::Whirlwind => ("#cfe3ea", "#1f4e5f", "@"),
                Tile::ExtraAction => ("#f4e2c1", "#5a3d0a", "+1"),
                _ => ("#262626", "#ffffff", "E"),
            };
            w!(
                out,
                "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1\"/>",
                hex_points(s * TILE_INSET)
            );
            text(out, 0.0, 0.35 * s, s, ink, "middle", "bold", mark);
        }
    }
}

/// A coordinate or length: one decimal at most, no `-0`.
fn n(x: f64) -> String {
    let v = (x * 10.0).round() / 10.0;
    let v = if v == 0.0 { 0.0 } else { v };
    format!("{v}")
}

/// Escape text for XML content or a quoted attribute. Characters XML 1.0 does not allow
/// (most C0 controls) become U+FFFD, so no input can make the document ill-formed.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}
