//! The standard deck of Dreams (D-C1): 72 dream cards, drawn here as SVG.
//!
//! Each card is a square picture over a title band. The picture is cut into a 3×3 grid of
//! places (north-west … south-east) and every card puts three or four things (a moon, a
//! tower, a key, an eye …) in different places, over a ground (sea, river, meadow, desert,
//! snow, or none) under a sky (day, dawn, dusk, night). The picture is oriented like the
//! firmament: a star at `(20, 15)` points at whatever a card has up and to the left, so
//! gods can point at one card and not at the other three.
//!
//! What each card shows and its title come from the table [`CARDS`]; a fixed-seed hash of
//! the card number only moves things a little and picks colours. Nothing else varies: the
//! same number always gives the same text, in every build, on every machine.
//!
//! The drawing uses no ids (no gradients, clip paths or patterns), so any number of cards
//! can be nested in one document without clashing, and no text or link from outside.

use super::super::svg::esc;
use crate::i18n::{self, Lang};
use std::fmt::Write;
use std::sync::OnceLock;

/// Cards in a deck (D-C1). Card numbers are `0..DECK_SIZE`.
pub const DECK_SIZE: usize = 72;

/// A card's size in SVG user units (pixels at scale 1).
pub const CARD_WIDTH: f64 = 300.0;
pub const CARD_HEIGHT: f64 = 380.0;
/// The picture: a square at (`ART_INSET`, `ART_INSET`), `ART_SIZE` on a side.
pub const ART_INSET: f64 = 10.0;
pub const ART_SIZE: f64 = 280.0;

const INK: &str = "#2b2540";
const CARD_PAPER: &str = "#fbf7ee";

macro_rules! w {
    ($out:expr, $($arg:tt)*) => {{
        let _ = write!($out, $($arg)*);
    }};
}

/// Where a thing stands in the picture: a cell of a 3×3 grid, named like a compass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    NW,
    N,
    NE,
    W,
    C,
    E,
    SW,
    S,
    SE,
}

impl Place {
    /// Column and row, 0..=2 each.
    fn cell(self) -> (u8, u8) {
        match self {
            Place::NW => (0, 0),
            Place::N => (1, 0),
            Place::NE => (2, 0),
            Place::W => (0, 1),
            Place::C => (1, 1),
            Place::E => (2, 1),
            Place::SW => (0, 2),
            Place::S => (1, 2),
            Place::SE => (2, 2),
        }
    }
}

/// What covers the bottom of the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ground {
    /// Sky all the way down: things float.
    Air,
    Meadow,
    Sea,
    River,
    Desert,
    Snow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sky {
    Day,
    Dawn,
    Dusk,
    Night,
}

/// The things a dream is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Thing {
    Moon,
    Sun,
    Tower,
    Tree,
    Pine,
    House,
    Boat,
    Birds,
    Stars,
    Key,
    Eye,
    Bridge,
    Mountain,
    Cloud,
    Lighthouse,
    Fish,
    Door,
    Ladder,
    Candle,
    Balloon,
    Whale,
    Castle,
    Windmill,
    Feather,
    Crown,
    Owl,
    Shell,
    Clock,
    Flower,
    Lantern,
    Kite,
    Comet,
    Anchor,
    Island,
    Bell,
    Cat,
    Hourglass,
    Mask,
    Volcano,
    Rainbow,
}

/// What one card's picture holds. Its title is a message of the catalogues
/// (`templates/i18n/<code>/cards.ftl`, `card-<n>`): [`card_title_in`].
pub(crate) struct CardSpec {
    pub ground: Ground,
    pub sky: Sky,
    pub things: &'static [(Thing, Place)],
}

const fn card(ground: Ground, sky: Sky, things: &'static [(Thing, Place)]) -> CardSpec {
    CardSpec {
        ground,
        sky,
        things,
    }
}

use Ground::{Air, Desert, Meadow, River, Sea, Snow};
use Place::{C, E, N, NE, NW, S, SE, SW, W};
use Sky::{Dawn, Day, Dusk, Night};
use Thing::*;

/// The standard deck, card 0 first.
pub(crate) const CARDS: [CardSpec; DECK_SIZE] = [
    card(Sea, Night, &[(Tower, SE), (Moon, NW), (Birds, N)]),
    card(Meadow, Night, &[(Moon, N), (Key, C), (House, SW)]),
    card(
        River,
        Day,
        &[(Eye, N), (Bridge, S), (Tree, SW), (Cloud, NE)],
    ),
    card(Sea, Dusk, &[(Lighthouse, SW), (Boat, SE), (Stars, NE)]),
    card(
        Air,
        Night,
        &[(Boat, C), (Stars, NW), (Moon, NE), (Fish, SE)],
    ),
    card(Snow, Dawn, &[(Mountain, S), (Sun, NE), (Birds, W)]),
    card(Meadow, Day, &[(Clock, N), (Flower, SW), (Tree, SE)]),
    card(Air, Day, &[(Whale, C), (Cloud, NW), (Sun, NE), (Birds, SE)]),
    card(Desert, Day, &[(Door, S), (Sun, NW), (Birds, NE)]),
    card(Meadow, Night, &[(Castle, SE), (Comet, NW), (Stars, N)]),
    card(
        Meadow,
        Night,
        &[(Owl, W), (Lantern, E), (Moon, N), (Pine, SW)],
    ),
    card(Sea, Dusk, &[(Crown, S), (Fish, W), (Sun, NE)]),
    card(
        Meadow,
        Dawn,
        &[(Windmill, SW), (Sun, NE), (Cloud, N), (Birds, E)],
    ),
    card(Sea, Day, &[(Island, S), (Sun, NW), (Cloud, NE)]),
    card(Meadow, Night, &[(Ladder, C), (Moon, N), (House, SE)]),
    card(Desert, Dusk, &[(Volcano, S), (Comet, NE), (Birds, NW)]),
    card(
        Meadow,
        Day,
        &[(Kite, NE), (Cloud, NW), (Tree, SW), (Birds, C)],
    ),
    card(River, Dusk, &[(Bell, N), (Bridge, S), (Pine, SE)]),
    card(Meadow, Night, &[(Cat, SW), (Flower, SE), (Moon, NE)]),
    card(Snow, Day, &[(Hourglass, C), (Pine, SW), (Sun, NE)]),
    card(Air, Dusk, &[(Mask, C), (Stars, NE), (Feather, SW)]),
    card(Sea, Dawn, &[(Feather, NW), (Fish, E), (Boat, SW)]),
    card(Meadow, Day, &[(Balloon, N), (House, SE), (Tree, SW)]),
    card(Meadow, Day, &[(Rainbow, NW), (Key, SE), (Cloud, NE)]),
    card(Air, Day, &[(Anchor, C), (Cloud, NE), (Birds, W)]),
    card(Sea, Dawn, &[(Shell, S), (Moon, NE), (Fish, NW)]),
    card(Snow, Night, &[(Pine, S), (Moon, NW), (Stars, NE)]),
    card(Meadow, Dawn, &[(Tower, SW), (Bell, NE), (Birds, C)]),
    card(
        Air,
        Dusk,
        &[(Eye, C), (Cloud, NE), (Birds, SW), (Comet, NW)],
    ),
    card(Desert, Night, &[(House, SE), (Moon, NW), (Stars, W)]),
    card(Sea, Night, &[(Candle, C), (Boat, SE), (Moon, NW)]),
    card(Meadow, Day, &[(Door, SW), (Flower, SE), (Sun, N)]),
    card(Meadow, Night, &[(Mountain, SE), (Moon, NW), (Pine, SW)]),
    card(Air, Dawn, &[(Tower, S), (Clock, NE), (Key, W)]),
    card(River, Day, &[(Boat, S), (Fish, E), (Sun, NW)]),
    card(Sea, Dusk, &[(Whale, SW), (Boat, SE), (Birds, N)]),
    card(Desert, Dusk, &[(Sun, C), (Castle, SE), (Birds, NW)]),
    card(Meadow, Night, &[(Owl, C), (Crown, N), (Tree, SE)]),
    card(Sea, Day, &[(Key, NW), (Lighthouse, SE), (Cloud, N)]),
    card(River, Night, &[(Bridge, S), (Stars, NW), (Comet, NE)]),
    card(Snow, Dawn, &[(Castle, S), (Crown, NE), (Cloud, NW)]),
    card(Desert, Day, &[(Flower, S), (Sun, NE), (Birds, W)]),
    card(River, Night, &[(Lantern, C), (Moon, NE), (Tree, SW)]),
    card(Meadow, Day, &[(Windmill, SE), (Whale, NW), (Cloud, NE)]),
    card(Meadow, Dusk, &[(Tree, SE), (Ladder, SW), (Sun, N)]),
    card(Air, Dawn, &[(Feather, C), (Birds, NE), (Cloud, SW)]),
    card(
        Meadow,
        Night,
        &[(Castle, S), (Comet, N), (Moon, NW), (Owl, E)],
    ),
    card(Sea, Day, &[(Volcano, SE), (Boat, SW), (Cloud, N)]),
    card(Meadow, Dusk, &[(Tower, S), (Eye, N), (Birds, W)]),
    card(Sea, Dusk, &[(Bell, C), (Castle, SE), (Fish, SW)]),
    card(Air, Night, &[(Cat, SW), (Clock, NE), (Moon, NW)]),
    card(Desert, Dusk, &[(Mask, NE), (Door, S), (Stars, NW)]),
    card(Meadow, Day, &[(Kite, C), (Sun, NE), (House, SW)]),
    card(Sea, Dawn, &[(Hourglass, NE), (Shell, SW), (Moon, NW)]),
    card(Snow, Night, &[(Lantern, NE), (Pine, SW), (House, SE)]),
    card(Air, Night, &[(Balloon, SW), (Comet, NE), (Moon, N)]),
    card(Sea, Day, &[(Anchor, SW), (Key, NE), (Birds, N)]),
    card(River, Day, &[(Rainbow, N), (Bridge, S), (Tree, SE)]),
    card(Air, Day, &[(Door, N), (Ladder, S), (Cloud, W)]),
    card(Snow, Dusk, &[(Mountain, S), (Shell, NE), (Sun, NW)]),
    card(Meadow, Day, &[(Tree, S), (Fish, N), (Cloud, NE)]),
    card(
        Air,
        Night,
        &[(Crown, N), (Candle, S), (Stars, NE), (Feather, W)],
    ),
    card(Meadow, Dusk, &[(Clock, NW), (Owl, E), (Tree, SW)]),
    card(Snow, Dawn, &[(Windmill, S), (Sun, NW), (Birds, NE)]),
    card(Sea, Night, &[(Whale, SE), (Lantern, NW), (Stars, N)]),
    card(Desert, Day, &[(Tower, SW), (Hourglass, NE), (Sun, N)]),
    card(Meadow, Night, &[(Mask, C), (Moon, NE), (Tree, SW)]),
    card(Meadow, Dusk, &[(Volcano, SW), (Rainbow, NE), (Birds, N)]),
    card(River, Dusk, &[(Bridge, SW), (Cat, SE), (Moon, N)]),
    card(Sea, Day, &[(Whale, S), (Eye, NW), (Cloud, NE)]),
    card(Sea, Dawn, &[(Island, SE), (Bell, NW), (Birds, N)]),
    card(Air, Night, &[(Eye, C), (Key, SW), (Moon, NE), (Stars, NW)]),
];

/// The English title of card `n`, or `"An Unknown Dream"` when `n` is not a card of the
/// deck: the deck's own names, as the API gives them.
pub fn card_title(n: usize) -> &'static str {
    static ENGLISH: OnceLock<Vec<String>> = OnceLock::new();
    let titles = ENGLISH.get_or_init(|| {
        (0..=DECK_SIZE)
            .map(|n| card_title_in(n, Lang::En))
            .collect()
    });
    titles[n.min(DECK_SIZE)].as_str()
}

/// The title of card `n` in `lang` (`card-<n>` in `cards.ftl`), or the language's
/// "unknown dream" when `n` is not a card of the deck.
pub fn card_title_in(n: usize, lang: Lang) -> String {
    if n < DECK_SIZE {
        i18n::text(lang, &format!("card-{n}"), &[])
    } else {
        i18n::text(lang, "card-unknown", &[])
    }
}

/// What card `n`'s picture is made of and where, for the bots' model of the images:
/// per thing, and for the ground (if the card has one), a number naming what it is (the
/// same number on every card that shows the same kind of thing) and its centre in
/// hundredths of the picture's side, `(id, x, y)` with `0, 0` top left — the point of the
/// firmament a star at the same place points at. A thing stands at the centre of its
/// place (the drawing moves it by under 2 hundredths); the ground, a band along the
/// bottom, is given as three points along it. The sky covers the whole picture and points
/// at nothing. Empty for a number outside `0..DECK_SIZE`.
pub fn card_features(n: usize) -> Vec<(u16, u8, u8)> {
    const GROUND_IDS: u16 = 100;
    let Some(spec) = CARDS.get(n) else {
        return Vec::new();
    };
    let centre = |i: u8| 17 + 33 * i;
    let mut out: Vec<(u16, u8, u8)> = spec
        .things
        .iter()
        .map(|&(thing, place)| {
            let (col, row) = place.cell();
            (thing as u16, centre(col), centre(row))
        })
        .collect();
    if spec.ground != Ground::Air {
        // The band runs from 76 % of the height to the bottom.
        out.extend((0..3).map(|col| (GROUND_IDS + spec.ground as u16, centre(col), 88)));
    }
    out
}

/// Card `n` as a standalone SVG document, [`CARD_WIDTH`]×[`CARD_HEIGHT`], titled in
/// English (as the API serves it). A number outside `0..DECK_SIZE` gives a blank card
/// saying so (never a panic).
pub fn card_svg(n: usize) -> String {
    card_svg_in(n, Lang::En)
}

/// [`card_svg`], titled in `lang`.
pub fn card_svg_in(n: usize, lang: Lang) -> String {
    let mut out = String::with_capacity(8 * 1024);
    w!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CARD_WIDTH}\" height=\"{CARD_HEIGHT}\" viewBox=\"0 0 {CARD_WIDTH} {CARD_HEIGHT}\" font-family=\"Go, &#39;DejaVu Sans&#39;, Verdana, Arial, sans-serif\" role=\"img\">\n<title>{}</title>\n",
        esc(&card_title_in(n, lang))
    );
    out.push_str(&card_body(n, lang));
    out.push_str("</svg>\n");
    out
}

/// The elements of card `n` (frame, picture, title in `lang`), in the card's own
/// coordinates (`0 0 CARD_WIDTH CARD_HEIGHT`), to nest in another document.
pub fn card_body(n: usize, lang: Lang) -> String {
    let mut out = String::with_capacity(8 * 1024);
    w!(
        out,
        "<rect x=\"1.5\" y=\"1.5\" width=\"{}\" height=\"{}\" rx=\"14\" fill=\"{CARD_PAPER}\" stroke=\"{INK}\" stroke-width=\"3\"/>\n",
        CARD_WIDTH - 3.0,
        CARD_HEIGHT - 3.0
    );
    match CARDS.get(n) {
        Some(spec) => {
            w!(
                out,
                "<g transform=\"translate({ART_INSET},{ART_INSET})\">\n"
            );
            out.push_str(&art(n, spec));
            out.push_str("</g>\n");
            w!(
                out,
                "<rect x=\"{ART_INSET}\" y=\"{ART_INSET}\" width=\"{ART_SIZE}\" height=\"{ART_SIZE}\" rx=\"6\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"2\"/>\n"
            );
            title_band(&mut out, &card_title_in(n, lang));
        }
        None => {
            w!(
                out,
                "<rect x=\"{ART_INSET}\" y=\"{ART_INSET}\" width=\"{ART_SIZE}\" height=\"{ART_SIZE}\" rx=\"6\" fill=\"#e9e4d8\" stroke=\"{INK}\" stroke-width=\"2\"/>\n"
            );
            title_band(&mut out, &card_title_in(n, lang));
        }
    }
    // The card's number in the deck, small, for whoever wants to refer to it.
    w!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#8a8270\" text-anchor=\"end\">{}</text>\n",
        CARD_WIDTH - 12.0,
        CARD_HEIGHT - 10.0,
        if n < DECK_SIZE {
            esc(&i18n::text(lang, "picture-card-number", &[("n", n.into())]))
        } else {
            String::new()
        }
    );
    out
}

/// The title under the picture, on one line or two.
fn title_band(out: &mut String, title: &str) {
    let lines = wrap(title, 21);
    let size = if lines.iter().any(|l| l.chars().count() > 21) {
        18.0
    } else {
        21.0
    };
    let mid = ART_INSET + ART_SIZE + (CARD_HEIGHT - ART_INSET - ART_SIZE - 14.0) / 2.0;
    let first = match lines.len() {
        1 => mid + size * 0.35,
        _ => mid - size * 0.3,
    };
    for (i, line) in lines.iter().enumerate() {
        w!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{size}\" font-weight=\"bold\" fill=\"{INK}\" text-anchor=\"middle\">{}</text>\n",
            CARD_WIDTH / 2.0,
            fmt1(first + i as f64 * size * 1.15),
            esc(line)
        );
    }
}

/// Split `text` into at most two lines of about `width` characters, at a space: the
/// split that makes the longer line shortest.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let text = text.trim();
    if text.chars().count() <= width {
        return vec![text.to_string()];
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut best: Option<(usize, String, String)> = None;
    for i in 1..words.len() {
        let (a, b) = (words[..i].join(" "), words[i..].join(" "));
        let longer = a.chars().count().max(b.chars().count());
        if best.as_ref().is_none_or(|(l, _, _)| longer < *l) {
            best = Some((longer, a, b));
        }
    }
    match best {
        Some((_, a, b)) => vec![a, b],
        None => vec![text.to_string()],
    }
}

/// A small deterministic generator (splitmix64), seeded from the card number alone.
struct Mix(u64);

impl Mix {
    fn for_card(n: usize) -> Mix {
        Mix(0x6472_6561_6d73_0001 ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit
    }

    fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
        let len = options.len().max(1) as u64;
        let i = usize::try_from(self.next() % len).unwrap_or(0);
        options.get(i).copied().unwrap_or(INK)
    }
}

/// One decimal, no `-0`.
fn fmt1(x: f64) -> String {
    let v = (x * 10.0).round() / 10.0;
    let v = if v == 0.0 { 0.0 } else { v };
    format!("{v}")
}

/// The picture of a card, in `0 0 ART_SIZE ART_SIZE`.
fn art(n: usize, spec: &CardSpec) -> String {
    let mut mix = Mix::for_card(n);
    let mut out = String::with_capacity(6 * 1024);
    sky(&mut out, spec.sky, &mut mix, spec.ground);
    ground(&mut out, spec.ground, &mut mix);
    for &(thing, place) in spec.things {
        let (col, row) = place.cell();
        let cell = ART_SIZE / 3.0;
        // A thing fills its place and a little more; it stays inside the picture.
        let size = 98.0 * mix.range(0.93, 1.04);
        let cx = cell * (f64::from(col) + 0.5) + mix.range(-5.0, 5.0);
        let cy = cell * (f64::from(row) + 0.5) + mix.range(-5.0, 5.0);
        let s = size / 100.0;
        let limit = ART_SIZE - size - 3.0;
        w!(
            out,
            "<g transform=\"translate({},{}) scale({})\">",
            fmt1((cx - size / 2.0).clamp(3.0, limit)),
            fmt1((cy - size / 2.0).clamp(3.0, limit)),
            (s * 1000.0).round() / 1000.0
        );
        draw_thing(&mut out, thing, spec.sky, &mut mix);
        out.push_str("</g>\n");
    }
    out
}

fn sky(out: &mut String, sky: Sky, mix: &mut Mix, ground: Ground) {
    // Bands from the top down: flat colours (they compress well and survive a palette).
    let bands: [&str; 3] = match sky {
        Sky::Day => ["#a9d6f2", "#bfe1f5", "#d5ecf8"],
        Sky::Dawn => ["#c6cdea", "#eac4d3", "#f7dcc6"],
        Sky::Dusk => ["#85729f", "#c486a2", "#efae88"],
        Sky::Night => ["#1b2447", "#243060", "#2f3d73"],
    };
    for (i, colour) in bands.iter().enumerate() {
        let y = i as f64 * ART_SIZE / 3.0;
        w!(
            out,
            "<rect y=\"{}\" width=\"{ART_SIZE}\" height=\"{}\" fill=\"{colour}\"/>",
            fmt1(y),
            fmt1(ART_SIZE - y)
        );
    }
    out.push('\n');
    if sky == Sky::Night {
        // A scatter of faint specks: texture, not things to point at.
        let bottom = if ground == Ground::Air {
            ART_SIZE
        } else {
            ART_SIZE * 0.74
        };
        for _ in 0..18 {
            w!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#dfe6ff\" fill-opacity=\"0.7\"/>",
                fmt1(mix.range(4.0, ART_SIZE - 4.0)),
                fmt1(mix.range(4.0, bottom - 4.0)),
                fmt1(mix.range(0.7, 1.5))
            );
        }
        out.push('\n');
    }
}

fn ground(out: &mut String, ground: Ground, mix: &mut Mix) {
    let top = ART_SIZE * 0.76;
    let a = fmt1(top + mix.range(-6.0, 4.0));
    let b = fmt1(top + mix.range(-8.0, 6.0));
    let (z, t) = (fmt1(ART_SIZE), fmt1(top));
    match ground {
        Ground::Air => {}
        Ground::Meadow => {
            w!(
                out,
                "<path d=\"M0 {a}Q70 {} 140 {t}T{z} {b}V{z}H0Z\" fill=\"#8cc474\"/><path d=\"M0 {}Q90 {} 180 {}T{z} {}V{z}H0Z\" fill=\"#76b05f\"/>\n",
                fmt1(top - 16.0),
                fmt1(top + 26.0),
                fmt1(top + 8.0),
                fmt1(top + 30.0),
                fmt1(top + 16.0),
            );
        }
        Ground::Sea => {
            w!(
                out,
                "<rect y=\"{t}\" width=\"{z}\" height=\"{}\" fill=\"#3f7fb5\"/>",
                fmt1(ART_SIZE - top)
            );
            for (row, dy) in [(0, 14.0), (1, 32.0), (2, 50.0)] {
                let shift = if row % 2 == 0 { 0.0 } else { 18.0 };
                let mut d = String::new();
                let mut x = -10.0 + shift;
                while x < ART_SIZE {
                    w!(d, "M{} {}q9 -6 18 0", fmt1(x), fmt1(top + dy));
                    x += 36.0;
                }
                w!(
                    out,
                    "<path d=\"{d}\" fill=\"none\" stroke=\"#a9cdea\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
                );
            }
            out.push('\n');
        }
        Ground::River => {
            w!(
                out,
                "<rect y=\"{t}\" width=\"{z}\" height=\"{}\" fill=\"#8cc474\"/>",
                fmt1(ART_SIZE - top)
            );
            w!(
                out,
                "<path d=\"M0 {}C60 {} 90 {} 140 {}S230 {} {z} {}V{}C230 {} 200 {} 140 {}S60 {} 0 {}Z\" fill=\"#4a90c8\" stroke=\"#2f6f9f\" stroke-width=\"1.5\"/>\n",
                fmt1(top + 30.0),
                fmt1(top + 12.0),
                fmt1(top + 52.0),
                fmt1(top + 38.0),
                fmt1(top + 14.0),
                fmt1(top + 26.0),
                fmt1(top + 46.0),
                fmt1(top + 34.0),
                fmt1(top + 66.0),
                fmt1(top + 58.0),
                fmt1(top + 28.0),
                fmt1(top + 52.0),
            );
        }
        Ground::Desert => {
            w!(
                out,
                "<path d=\"M0 {a}Q80 {} 150 {t}T{z} {b}V{z}H0Z\" fill=\"#e8c98a\"/><path d=\"M0 {}Q110 {} 200 {}T{z} {}V{z}H0Z\" fill=\"#d9b170\"/>\n",
                fmt1(top - 12.0),
                fmt1(top + 34.0),
                fmt1(top + 14.0),
                fmt1(top + 32.0),
                fmt1(top + 26.0),
            );
        }
        Ground::Snow => {
            w!(
                out,
                "<path d=\"M0 {a}Q70 {} 140 {t}T{z} {b}V{z}H0Z\" fill=\"#f4f7fb\"/><path d=\"M30 {}q30 -8 60 0M160 {}q40 -10 80 0\" fill=\"none\" stroke=\"#b8c6d8\" stroke-width=\"2\" stroke-linecap=\"round\"/>\n",
                fmt1(top - 14.0),
                fmt1(top + 30.0),
                fmt1(top + 46.0),
            );
        }
    }
}

/// A five-pointed star around `(cx, cy)` as polygon points.
pub(crate) fn star_points(cx: f64, cy: f64, outer: f64, inner: f64) -> String {
    (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let a = std::f64::consts::PI * (f64::from(i) / 5.0) - std::f64::consts::FRAC_PI_2;
            format!("{},{}", fmt1(cx + r * a.cos()), fmt1(cy + r * a.sin()))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One thing, drawn in a 100×100 box from its own origin.
fn draw_thing(out: &mut String, thing: Thing, sky: Sky, mix: &mut Mix) {
    // Outlines that show on a dark sky too.
    let ink = if sky == Sky::Night { "#0f0c1c" } else { INK };
    let sw = "stroke-width=\"2.5\" stroke-linejoin=\"round\"";
    match thing {
        Moon => {
            w!(
                out,
                "<path d=\"M62 18A34 34 0 1 0 62 82A40 40 0 0 1 62 18Z\" fill=\"#f7e07e\" stroke=\"{ink}\" {sw}/><circle cx=\"34\" cy=\"44\" r=\"4\" fill=\"#e6c95a\"/><circle cx=\"30\" cy=\"62\" r=\"3\" fill=\"#e6c95a\"/>"
            );
        }
        Sun => {
            let mut rays = String::new();
            for i in 0..12 {
                let a = std::f64::consts::PI * f64::from(i) / 6.0;
                w!(
                    rays,
                    "M{} {}L{} {}",
                    fmt1(50.0 + 28.0 * a.cos()),
                    fmt1(50.0 + 28.0 * a.sin()),
                    fmt1(50.0 + 42.0 * a.cos()),
                    fmt1(50.0 + 42.0 * a.sin())
                );
            }
            w!(
                out,
                "<path d=\"{rays}\" stroke=\"#f29e1f\" stroke-width=\"6\" stroke-linecap=\"round\"/><circle cx=\"50\" cy=\"50\" r=\"22\" fill=\"#ffc83d\" stroke=\"{ink}\" {sw}/>"
            );
        }
        Tower => {
            let roof = mix.pick(&["#7d4f8f", "#a23e48", "#3d6b8c"]);
            w!(
                out,
                "<rect x=\"34\" y=\"26\" width=\"32\" height=\"72\" fill=\"#c3b4a2\" stroke=\"{ink}\" {sw}/><path d=\"M28 28L50 0L72 28Z\" fill=\"{roof}\" stroke=\"{ink}\" {sw}/><path d=\"M45 50a5 5 0 0 1 10 0v10h-10Z\" fill=\"#ffe39a\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M43 98v-16a7 7 0 0 1 14 0v16Z\" fill=\"#6e4a2e\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M34 40h32M34 70h32\" stroke=\"#9a8a78\" stroke-width=\"1.5\"/>"
            );
        }
        Tree => {
            w!(
                out,
                "<path d=\"M45 98V62h10v36Z\" fill=\"#7a5232\" stroke=\"{ink}\" {sw}/><circle cx=\"30\" cy=\"52\" r=\"18\" fill=\"#4f9d4a\" stroke=\"{ink}\" {sw}/><circle cx=\"70\" cy=\"52\" r=\"18\" fill=\"#4f9d4a\" stroke=\"{ink}\" {sw}/><circle cx=\"50\" cy=\"34\" r=\"26\" fill=\"#5fae55\" stroke=\"{ink}\" {sw}/><circle cx=\"40\" cy=\"28\" r=\"4\" fill=\"#d94a4a\"/><circle cx=\"60\" cy=\"42\" r=\"4\" fill=\"#d94a4a\"/>"
            );
        }
        Pine => {
            w!(
                out,
                "<path d=\"M46 98V84h8v14Z\" fill=\"#6e4a2e\" stroke=\"{ink}\" {sw}/><path d=\"M50 4L68 34H60L76 60H66L84 86H16L34 60H24L40 34H32Z\" fill=\"#2f7a55\" stroke=\"{ink}\" {sw}/>"
            );
        }
        House => {
            let roof = mix.pick(&["#c0504d", "#5a6fa8", "#8a5a3c"]);
            w!(
                out,
                "<rect x=\"60\" y=\"22\" width=\"10\" height=\"20\" fill=\"#9a6b4f\" stroke=\"{ink}\" {sw}/><rect x=\"20\" y=\"48\" width=\"60\" height=\"48\" fill=\"#f2dfb8\" stroke=\"{ink}\" {sw}/><path d=\"M12 50L50 18L88 50Z\" fill=\"{roof}\" stroke=\"{ink}\" {sw}/><rect x=\"44\" y=\"70\" width=\"13\" height=\"26\" fill=\"#7a5232\" stroke=\"{ink}\" stroke-width=\"2\"/><rect x=\"26\" y=\"58\" width=\"12\" height=\"12\" fill=\"#ffe39a\" stroke=\"{ink}\" stroke-width=\"2\"/><rect x=\"62\" y=\"58\" width=\"12\" height=\"12\" fill=\"#ffe39a\" stroke=\"{ink}\" stroke-width=\"2\"/>"
            );
        }
        Boat => {
            let sail = mix.pick(&["#e25d4f", "#f2b134", "#4f8fd6"]);
            w!(
                out,
                "<path d=\"M50 72V10\" stroke=\"{ink}\" stroke-width=\"3\"/><path d=\"M53 12V66H86Z\" fill=\"#f7f3ea\" stroke=\"{ink}\" {sw}/><path d=\"M47 22V66H20Z\" fill=\"{sail}\" stroke=\"{ink}\" {sw}/><path d=\"M8 70H92L78 90H22Z\" fill=\"#8a5a3c\" stroke=\"{ink}\" {sw}/>"
            );
        }
        Birds => {
            let colour = if sky == Sky::Night { "#e8ecff" } else { INK };
            w!(
                out,
                "<path d=\"M10 40q10 -12 20 0q10 -12 20 0M46 20q8 -10 16 0q8 -10 16 0M52 66q10 -12 20 0q10 -12 20 0M20 76q7 -8 14 0q7 -8 14 0\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
            );
        }
        Stars => {
            for (x, y, r) in [
                (26.0, 26.0, 14.0),
                (72.0, 20.0, 9.0),
                (60.0, 58.0, 16.0),
                (20.0, 72.0, 8.0),
                (86.0, 84.0, 7.0),
            ] {
                w!(
                    out,
                    "<polygon points=\"{}\" fill=\"#fff1a1\" stroke=\"#c79a1e\" stroke-width=\"2\" stroke-linejoin=\"round\"/>",
                    star_points(x, y, r, r * 0.45)
                );
            }
        }
        Key => {
            w!(
                out,
                "<path d=\"M40 44H92V56H86V68H78V56H72V66H64V56H40Z\" fill=\"#e0b43c\" stroke=\"{ink}\" {sw}/><circle cx=\"26\" cy=\"50\" r=\"19\" fill=\"#e0b43c\" stroke=\"{ink}\" {sw}/><circle cx=\"26\" cy=\"50\" r=\"8\" fill=\"#fbf7ee\" stroke=\"{ink}\" stroke-width=\"2\"/>"
            );
        }
        Eye => {
            w!(
                out,
                "<path d=\"M6 50Q50 6 94 50Q50 94 6 50Z\" fill=\"#ffffff\" stroke=\"{ink}\" stroke-width=\"3\"/><circle cx=\"50\" cy=\"50\" r=\"17\" fill=\"#4a8fc0\" stroke=\"{ink}\" stroke-width=\"2\"/><circle cx=\"50\" cy=\"50\" r=\"7\" fill=\"#151020\"/><circle cx=\"55\" cy=\"45\" r=\"3\" fill=\"#ffffff\"/><path d=\"M22 34l-6 -9M38 25l-3 -10M56 23l2 -10M74 30l6 -9\" stroke=\"{ink}\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
            );
        }
        Bridge => {
            w!(
                out,
                "<path d=\"M0 52H100V86H84A34 34 0 0 0 16 86H0Z\" fill=\"#b9a99a\" stroke=\"{ink}\" {sw}/><path d=\"M0 40H100M10 40V52M30 40V52M50 40V52M70 40V52M90 40V52\" stroke=\"{ink}\" stroke-width=\"2.5\"/>"
            );
        }
        Mountain => {
            w!(
                out,
                "<path d=\"M40 96L70 36L100 96Z\" fill=\"#a7a3bd\" stroke=\"{ink}\" {sw}/><path d=\"M0 96L42 12L84 96Z\" fill=\"#8e8aa6\" stroke=\"{ink}\" {sw}/><path d=\"M42 12L30 36L37 32L42 40L48 32L55 36Z\" fill=\"#ffffff\" stroke=\"{ink}\" stroke-width=\"2\"/>"
            );
        }
        Cloud => {
            w!(
                out,
                "<path d=\"M18 72A14 14 0 0 1 20 44A20 20 0 0 1 56 34A18 18 0 0 1 86 50A12 12 0 0 1 82 72Z\" fill=\"#ffffff\" stroke=\"#7d8aa3\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>"
            );
        }
        Lighthouse => {
            w!(
                out,
                "<path d=\"M60 24L100 8V40Z\" fill=\"#fff6b0\" fill-opacity=\"0.7\"/><path d=\"M38 98L44 32H56L62 98Z\" fill=\"#ffffff\" stroke=\"{ink}\" {sw}/><path d=\"M42.4 50H57.6L58.8 64H41.2ZM40 78H60L61.4 92H38.6Z\" fill=\"#d2433f\"/><rect x=\"42\" y=\"18\" width=\"16\" height=\"14\" fill=\"#ffe066\" stroke=\"{ink}\" {sw}/><path d=\"M38 19L50 6L62 19Z\" fill=\"#d2433f\" stroke=\"{ink}\" {sw}/>"
            );
        }
        Fish => {
            let body = mix.pick(&["#f28c3c", "#e96a8d", "#5fb3a8"]);
            w!(
                out,
                "<path d=\"M74 50L96 32V68Z\" fill=\"{body}\" stroke=\"{ink}\" {sw}/><path d=\"M8 50Q40 16 76 50Q40 84 8 50Z\" fill=\"{body}\" stroke=\"{ink}\" {sw}/><circle cx=\"26\" cy=\"46\" r=\"4\" fill=\"#151020\"/><path d=\"M44 36q8 14 0 28\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2\"/>"
            );
        }
        Door => {
            w!(
                out,
                "<path d=\"M22 98V42A28 28 0 0 1 78 42V98Z\" fill=\"#a89a8a\" stroke=\"{ink}\" {sw}/><path d=\"M30 98V44A20 20 0 0 1 70 44V98Z\" fill=\"#6b3f8f\" stroke=\"{ink}\" {sw}/><path d=\"M50 26V98\" stroke=\"{ink}\" stroke-width=\"2\"/><circle cx=\"60\" cy=\"68\" r=\"3.5\" fill=\"#f2c94c\"/>"
            );
        }
        Ladder => {
            w!(
                out,
                "<path d=\"M30 2V98M70 2V98M30 12H70M30 28H70M30 44H70M30 60H70M30 76H70M30 92H70\" stroke=\"#8a5a3c\" stroke-width=\"6\" stroke-linecap=\"round\"/><path d=\"M30 2V98M70 2V98\" stroke=\"{ink}\" stroke-width=\"1.5\"/>"
            );
        }
        Candle => {
            w!(
                out,
                "<circle cx=\"50\" cy=\"26\" r=\"20\" fill=\"#fff3b0\" fill-opacity=\"0.55\"/><rect x=\"38\" y=\"44\" width=\"24\" height=\"52\" rx=\"3\" fill=\"#f4efe2\" stroke=\"{ink}\" {sw}/><path d=\"M50 44V36\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M50 10C58 22 58 30 50 36C42 30 42 22 50 10Z\" fill=\"#ffb02e\" stroke=\"#d9731a\" stroke-width=\"2\"/>"
            );
        }
        Balloon => {
            let a = mix.pick(&["#e25d4f", "#7b5ccf", "#2f9e8f"]);
            w!(
                out,
                "<path d=\"M50 4C20 4 12 36 30 56L42 70H58L70 56C88 36 80 4 50 4Z\" fill=\"#f2c94c\" stroke=\"{ink}\" {sw}/><path d=\"M50 4C38 12 36 44 44 70H56C64 44 62 12 50 4Z\" fill=\"{a}\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M42 70L44 82M58 70L56 82\" stroke=\"{ink}\" stroke-width=\"2\"/><rect x=\"42\" y=\"82\" width=\"16\" height=\"12\" fill=\"#8a5a3c\" stroke=\"{ink}\" {sw}/>"
            );
        }
        Whale => {
            w!(
                out,
                "<path d=\"M40 30q-4 -14 -10 -18M40 30q2 -14 8 -20M40 30q6 -10 14 -12\" fill=\"none\" stroke=\"#8fc3ee\" stroke-width=\"3\" stroke-linecap=\"round\"/><path d=\"M4 62Q12 32 52 34Q80 36 84 54L98 42V74L86 66Q70 84 36 82Q6 80 4 62Z\" fill=\"#4a6fa5\" stroke=\"{ink}\" {sw}/><path d=\"M10 66Q40 80 78 64\" fill=\"none\" stroke=\"#c9d8ec\" stroke-width=\"2.5\"/><circle cx=\"22\" cy=\"56\" r=\"3.5\" fill=\"#ffffff\"/>"
            );
        }
        Castle => {
            w!(
                out,
                "<path d=\"M22 98V48H78V98Z\" fill=\"#c8c0b4\" stroke=\"{ink}\" {sw}/><path d=\"M4 98V32H8V26H14V32H18V26H24V32H28V98ZM72 98V32H76V26H82V32H86V26H92V32H96V98Z\" fill=\"#b3a99b\" stroke=\"{ink}\" {sw}/><path d=\"M40 98V80A10 10 0 0 1 60 80V98Z\" fill=\"#6e4a2e\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M50 48V20\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M50 20H66L61 26L66 32H50Z\" fill=\"#d2433f\" stroke=\"{ink}\" stroke-width=\"1.5\"/><rect x=\"12\" y=\"50\" width=\"8\" height=\"10\" fill=\"#ffe39a\"/><rect x=\"80\" y=\"50\" width=\"8\" height=\"10\" fill=\"#ffe39a\"/>"
            );
        }
        Windmill => {
            w!(
                out,
                "<path d=\"M36 98L42 44H58L64 98Z\" fill=\"#e9dcc4\" stroke=\"{ink}\" {sw}/><path d=\"M40 46L50 34L60 46Z\" fill=\"#a23e48\" stroke=\"{ink}\" {sw}/><g transform=\"rotate(20 50 40)\"><path d=\"M48 40V2H58V36ZM52 40V78H42V44ZM50 38H12V48H46ZM50 42H88V32H54Z\" fill=\"#f7f3ea\" stroke=\"{ink}\" stroke-width=\"2\"/></g><circle cx=\"50\" cy=\"40\" r=\"4\" fill=\"{ink}\"/><rect x=\"46\" y=\"80\" width=\"9\" height=\"18\" fill=\"#7a5232\"/>"
            );
        }
        Feather => {
            w!(
                out,
                "<path d=\"M22 90Q26 44 82 8Q76 60 22 90Z\" fill=\"#e6e0f5\" stroke=\"{ink}\" {sw}/><path d=\"M14 98L80 12\" stroke=\"{ink}\" stroke-width=\"2.5\" stroke-linecap=\"round\"/><path d=\"M38 62l-8 -4M48 48l-8 -6M58 36l-6 -7M44 60l8 2M56 46l8 1\" stroke=\"#9b8fc2\" stroke-width=\"2\"/>"
            );
        }
        Crown => {
            w!(
                out,
                "<path d=\"M12 78V32L32 54L50 22L68 54L88 32V78Z\" fill=\"#e8b931\" stroke=\"{ink}\" {sw}/><rect x=\"12\" y=\"70\" width=\"76\" height=\"12\" fill=\"#d19a1c\" stroke=\"{ink}\" {sw}/><circle cx=\"50\" cy=\"58\" r=\"6\" fill=\"#d2433f\" stroke=\"{ink}\" stroke-width=\"1.5\"/><circle cx=\"28\" cy=\"64\" r=\"4\" fill=\"#3f7fb5\"/><circle cx=\"72\" cy=\"64\" r=\"4\" fill=\"#3f7fb5\"/>"
            );
        }
        Owl => {
            w!(
                out,
                "<path d=\"M26 24L30 8L40 20M74 24L70 8L60 20\" fill=\"#8a6a4a\" stroke=\"{ink}\" {sw}/><ellipse cx=\"50\" cy=\"58\" rx=\"28\" ry=\"38\" fill=\"#9a7b5a\" stroke=\"{ink}\" {sw}/><ellipse cx=\"50\" cy=\"70\" rx=\"16\" ry=\"20\" fill=\"#d8c2a0\"/><circle cx=\"38\" cy=\"40\" r=\"11\" fill=\"#fff4c2\" stroke=\"{ink}\" stroke-width=\"2\"/><circle cx=\"62\" cy=\"40\" r=\"11\" fill=\"#fff4c2\" stroke=\"{ink}\" stroke-width=\"2\"/><circle cx=\"38\" cy=\"40\" r=\"5\" fill=\"#151020\"/><circle cx=\"62\" cy=\"40\" r=\"5\" fill=\"#151020\"/><path d=\"M46 50L50 58L54 50Z\" fill=\"#e8a33a\"/>"
            );
        }
        Shell => {
            w!(
                out,
                "<path d=\"M50 92C20 92 8 66 12 46C16 22 40 8 60 12C80 16 92 36 86 56C80 72 60 76 50 66C40 56 46 42 56 42C64 42 66 52 60 56\" fill=\"#f5c9b0\" stroke=\"{ink}\" stroke-width=\"3\" stroke-linecap=\"round\"/><path d=\"M50 92H74\" stroke=\"{ink}\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
            );
        }
        Clock => {
            let mut ticks = String::new();
            for i in 0..12 {
                let a = std::f64::consts::PI * f64::from(i) / 6.0;
                w!(
                    ticks,
                    "M{} {}L{} {}",
                    fmt1(50.0 + 30.0 * a.cos()),
                    fmt1(50.0 + 30.0 * a.sin()),
                    fmt1(50.0 + 36.0 * a.cos()),
                    fmt1(50.0 + 36.0 * a.sin())
                );
            }
            w!(
                out,
                "<circle cx=\"50\" cy=\"50\" r=\"42\" fill=\"#f7f1e1\" stroke=\"{ink}\" stroke-width=\"4\"/><path d=\"{ticks}\" stroke=\"{ink}\" stroke-width=\"2.5\"/><path d=\"M50 50L50 24M50 50L70 60\" stroke=\"{ink}\" stroke-width=\"4\" stroke-linecap=\"round\"/><circle cx=\"50\" cy=\"50\" r=\"4\" fill=\"#d2433f\"/>"
            );
        }
        Flower => {
            let petal = mix.pick(&["#e8708a", "#9c6ade", "#f28c3c"]);
            let mut petals = String::new();
            for i in 0..6 {
                let a = std::f64::consts::PI * f64::from(i) / 3.0;
                w!(
                    petals,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"11\" fill=\"{petal}\" stroke=\"{ink}\" stroke-width=\"2\"/>",
                    fmt1(50.0 + 15.0 * a.cos()),
                    fmt1(32.0 + 15.0 * a.sin())
                );
            }
            w!(
                out,
                "<path d=\"M50 44V98\" stroke=\"#3f8a3a\" stroke-width=\"5\"/><path d=\"M50 78Q30 62 22 74Q36 86 50 78ZM50 66Q70 52 78 64Q64 76 50 66Z\" fill=\"#5fae55\" stroke=\"{ink}\" stroke-width=\"2\"/>{petals}<circle cx=\"50\" cy=\"32\" r=\"9\" fill=\"#f6d54a\" stroke=\"{ink}\" stroke-width=\"2\"/>"
            );
        }
        Lantern => {
            w!(
                out,
                "<circle cx=\"50\" cy=\"56\" r=\"30\" fill=\"#fff3b0\" fill-opacity=\"0.45\"/><path d=\"M50 2V18\" stroke=\"{ink}\" stroke-width=\"2.5\"/><circle cx=\"50\" cy=\"14\" r=\"5\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2.5\"/><path d=\"M34 28H66L60 20H40Z\" fill=\"#3d3a4f\" stroke=\"{ink}\" {sw}/><rect x=\"34\" y=\"28\" width=\"32\" height=\"50\" rx=\"6\" fill=\"#ffcf6b\" stroke=\"{ink}\" {sw}/><path d=\"M45 28V78M55 28V78\" stroke=\"#c98a1e\" stroke-width=\"2\"/><path d=\"M32 78H68V86H32Z\" fill=\"#3d3a4f\" stroke=\"{ink}\" {sw}/>"
            );
        }
        Kite => {
            let a = mix.pick(&["#e05a5a", "#4f8fd6", "#f2b134"]);
            w!(
                out,
                "<path d=\"M50 66Q40 76 50 84Q60 92 48 100\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M44 78l-6 -4v8ZM54 90l6 -4v8Z\" fill=\"{a}\"/><path d=\"M50 2L76 32L50 66L24 32Z\" fill=\"{a}\" stroke=\"{ink}\" {sw}/><path d=\"M50 2V66M24 32H76\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M50 2L76 32L50 32Z\" fill=\"#ffffff\" fill-opacity=\"0.35\"/>"
            );
        }
        Comet => {
            w!(
                out,
                "<path d=\"M66 22L6 84L78 36Z\" fill=\"#fff3a6\" fill-opacity=\"0.55\"/><path d=\"M66 26L22 74\" stroke=\"#fff8d0\" stroke-width=\"3\" stroke-linecap=\"round\"/><circle cx=\"74\" cy=\"26\" r=\"12\" fill=\"#fff1a1\" stroke=\"#c79a1e\" stroke-width=\"2.5\"/>"
            );
        }
        Anchor => {
            w!(
                out,
                "<g fill=\"none\" stroke=\"#4b5563\" stroke-width=\"8\" stroke-linecap=\"round\"><circle cx=\"50\" cy=\"14\" r=\"9\"/><path d=\"M50 24V92M30 38H70M14 62Q18 92 50 92Q82 92 86 62\"/></g><path d=\"M8 66L14 54L22 66ZM78 66L86 54L92 66Z\" fill=\"#4b5563\"/>"
            );
        }
        Island => {
            w!(
                out,
                "<path d=\"M6 92Q50 64 94 92Z\" fill=\"#e8c98a\" stroke=\"{ink}\" {sw}/><path d=\"M52 80Q56 48 46 24\" fill=\"none\" stroke=\"#7a5232\" stroke-width=\"6\" stroke-linecap=\"round\"/><path d=\"M46 24Q30 14 14 26Q30 22 46 24ZM46 24Q62 10 82 20Q62 20 46 24ZM46 24Q30 30 22 46Q36 32 46 24ZM46 24Q64 28 72 44Q58 32 46 24Z\" fill=\"#3f9a4a\" stroke=\"{ink}\" stroke-width=\"2\"/><circle cx=\"50\" cy=\"30\" r=\"4\" fill=\"#7a5232\"/>"
            );
        }
        Bell => {
            w!(
                out,
                "<path d=\"M50 4V14\" stroke=\"{ink}\" stroke-width=\"4\"/><path d=\"M50 14C30 14 26 34 26 52C26 66 16 72 12 80H88C84 72 74 66 74 52C74 34 70 14 50 14Z\" fill=\"#e0b43c\" stroke=\"{ink}\" {sw}/><circle cx=\"50\" cy=\"86\" r=\"7\" fill=\"#a97f1c\" stroke=\"{ink}\" stroke-width=\"2\"/><path d=\"M34 40Q36 26 46 22\" fill=\"none\" stroke=\"#fff3c4\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
            );
        }
        Cat => {
            w!(
                out,
                "<path d=\"M70 92Q96 92 90 66Q86 56 92 48\" fill=\"none\" stroke=\"#2a2838\" stroke-width=\"7\" stroke-linecap=\"round\"/><path d=\"M24 96Q20 60 40 46L32 22L46 34H56L68 22L62 48Q80 62 74 96Z\" fill=\"#2a2838\" stroke=\"{ink}\" {sw}/><ellipse cx=\"44\" cy=\"40\" rx=\"4\" ry=\"3\" fill=\"#f6d54a\"/><ellipse cx=\"58\" cy=\"40\" rx=\"4\" ry=\"3\" fill=\"#f6d54a\"/>"
            );
        }
        Hourglass => {
            w!(
                out,
                "<path d=\"M28 12H72Q72 40 54 50Q72 60 72 88H28Q28 60 46 50Q28 40 28 12Z\" fill=\"#e8f3fb\" fill-opacity=\"0.85\" stroke=\"{ink}\" {sw}/><path d=\"M36 24H64Q62 38 50 46Q38 38 36 24ZM34 86Q40 68 50 66Q60 68 66 86Z\" fill=\"#e8c98a\"/><path d=\"M50 46V76\" stroke=\"#e8c98a\" stroke-width=\"2\"/><rect x=\"20\" y=\"4\" width=\"60\" height=\"9\" rx=\"2\" fill=\"#8a5a3c\" stroke=\"{ink}\" {sw}/><rect x=\"20\" y=\"87\" width=\"60\" height=\"9\" rx=\"2\" fill=\"#8a5a3c\" stroke=\"{ink}\" {sw}/>"
            );
        }
        Mask => {
            w!(
                out,
                "<path d=\"M14 22Q50 8 86 22Q90 66 50 92Q10 66 14 22Z\" fill=\"#f7f3ea\" stroke=\"{ink}\" {sw}/><path d=\"M26 40Q34 32 44 40Q34 48 26 40ZM56 40Q66 32 74 40Q66 48 56 40Z\" fill=\"#151020\"/><path d=\"M34 66Q50 78 66 66\" fill=\"none\" stroke=\"#c0504d\" stroke-width=\"4\" stroke-linecap=\"round\"/><path d=\"M24 54q4 6 10 4M66 58q6 2 10 -4\" fill=\"none\" stroke=\"#e8708a\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
            );
        }
        Volcano => {
            w!(
                out,
                "<circle cx=\"44\" cy=\"14\" r=\"9\" fill=\"#9a9aa8\"/><circle cx=\"58\" cy=\"8\" r=\"7\" fill=\"#b1b1bd\"/><path d=\"M4 98L38 30H62L96 98Z\" fill=\"#7a5a4a\" stroke=\"{ink}\" {sw}/><path d=\"M38 30H62L58 44L52 38L46 50L42 40Z\" fill=\"#f06a2a\" stroke=\"{ink}\" stroke-width=\"2\"/>"
            );
        }
        Rainbow => {
            let mut arcs = String::new();
            for (i, colour) in [
                "#e25d4f", "#f2b134", "#f6e05e", "#5fae55", "#4f8fd6", "#7b5ccf",
            ]
            .iter()
            .enumerate()
            {
                let r = 46.0 - i as f64 * 6.0;
                w!(
                    arcs,
                    "<path d=\"M{} 80A{r} {r} 0 0 1 {} 80\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"6\"/>",
                    fmt1(50.0 - r),
                    fmt1(50.0 + r)
                );
            }
            out.push_str(&arcs);
        }
    }
}
