//! The Dreams table as SVG: the round's four cards in their 2×2 square beside the
//! firmament, the stars on it, and a key; or a revealed round (D-R6) the same way.
//!
//! The view is read from JSON, field by field, by the small private structs below: a field
//! that is missing or of another shape is drawn as absent, never an error, so the picture
//! does not depend on the engine's Rust types and survives a view that grows.

use super::cards::{card_body, star_points, wrap, ART_INSET, ART_SIZE, CARD_HEIGHT, CARD_WIDTH};
use super::{CardArt, DreamsStyle};
use crate::board::svg::esc;
use crate::i18n::{self, Arg};
use base64::Engine;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use std::fmt::Write;

const FONT_FAMILY: &str = "Go, &#39;DejaVu Sans&#39;, Verdana, Arial, sans-serif";
const PAPER: &str = "#f7f4ec";
const INK: &str = "#262626";
const MUTED: &str = "#5a5a5a";
const GOLD: &str = "#d9a400";
const MARGIN: f64 = 20.0;
/// Cards on the table: `CARD_SCALE` of their own size.
const CARD_SCALE: f64 = 0.55;
const CARD_GAP: f64 = 16.0;
/// The firmament: pixels per hundredth.
const UNIT: f64 = 4.0;
const FIRMAMENT: f64 = 100.0 * UNIT;
/// Longest name drawn, in characters; longer ones end in `…`.
const NAME_CHARS: usize = 20;
/// Player colours by seat: none of them white, grey or black (the star kinds), all dark
/// enough to outline a white star and light enough to outline a black one.
const SEAT_COLOURS: [(&str, &str); 6] = [
    ("#d62f2f", "#ffffff"), // red
    ("#1f6fd1", "#ffffff"), // blue
    ("#1c9a4b", "#ffffff"), // green
    ("#e58a00", "#1a1a1a"), // orange
    ("#8e44ad", "#ffffff"), // purple
    ("#0f9b9b", "#ffffff"), // teal
];

macro_rules! w {
    ($out:expr, $($arg:tt)*) => {{
        let _ = write!($out, $($arg)*);
    }};
}

// ---- The view, as far as the picture needs it. -------------------------------------

#[derive(Debug, Default, Clone, Deserialize)]
struct Star {
    #[serde(default)]
    seat: usize,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    x: f64,
    #[serde(default)]
    y: f64,
}

#[derive(Debug, Default, Clone, Deserialize)]
struct Me {
    #[serde(default)]
    seat: usize,
    #[serde(default)]
    role: String,
    #[serde(default)]
    vision: Option<u64>,
}

/// `{"seat": N}` or `{"image": N}`.
#[derive(Debug, Default, Clone, Deserialize)]
struct Guess {
    #[serde(default)]
    seat: Option<usize>,
    #[serde(default)]
    image: Option<u64>,
}

#[derive(Debug, Default, Clone, Deserialize)]
struct Outcome {
    #[serde(default)]
    winners: Vec<usize>,
}

/// Every key read, each on its own, so one odd field spoils only itself.
struct View {
    round: u64,
    phase: String,
    deck: String,
    deck_left: Option<u64>,
    set_aside: Option<u64>,
    cards: Vec<Option<usize>>,
    stars: Vec<Star>,
    unplaced: Vec<Vec<String>>,
    placer: Option<usize>,
    scores: Vec<i64>,
    guessed: Vec<bool>,
    to_act: Vec<usize>,
    me: Option<Me>,
    /// `Some(None)`: the viewer passed ("no guess").
    my_guess: Option<Option<Guess>>,
    outcome: Option<Outcome>,
    reveal: Option<Reveal>,
}

struct Reveal {
    round: u64,
    vision: Option<u64>,
    mortal: Option<usize>,
    cards: Vec<Option<usize>>,
    stars: Vec<Star>,
    guesses: Vec<Option<Guess>>,
    points: Vec<i64>,
    scores: Vec<i64>,
}

fn get<T: DeserializeOwned + Default>(v: &Value, key: &str) -> T {
    v.get(key)
        .and_then(|x| T::deserialize(x).ok())
        .unwrap_or_default()
}

fn get_opt<T: DeserializeOwned>(v: &Value, key: &str) -> Option<T> {
    v.get(key).and_then(|x| T::deserialize(x).ok())
}

/// A list read item by item: what does not fit becomes `None`.
fn list<T: DeserializeOwned>(v: &Value, key: &str) -> Vec<Option<T>> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|x| T::deserialize(x).ok()).collect())
        .unwrap_or_default()
}

fn stars(v: &Value, key: &str) -> Vec<Star> {
    list::<Star>(v, key)
        .into_iter()
        .flatten()
        .filter(|s| s.x.is_finite() && s.y.is_finite())
        .collect()
}

impl View {
    fn read(v: &Value) -> View {
        let my_guess = v
            .get("my_guess")
            .filter(|g| g.is_object())
            .map(|g| get_opt::<Guess>(g, "guess"));
        // A view's `last_reveal`, or a `revealed` event handed in as it is.
        let reveal = v
            .get("last_reveal")
            .filter(|r| r.is_object())
            .or_else(|| v.get("mortal").map(|_| v))
            .map(|r| Reveal {
                round: get(r, "round"),
                vision: get_opt(r, "vision"),
                mortal: get_opt(r, "mortal"),
                cards: list(r, "cards"),
                stars: stars(r, "stars"),
                guesses: list(r, "guesses"),
                points: list::<i64>(r, "points")
                    .into_iter()
                    .map(Option::unwrap_or_default)
                    .collect(),
                scores: list::<i64>(r, "scores")
                    .into_iter()
                    .map(Option::unwrap_or_default)
                    .collect(),
            });
        View {
            round: get(v, "round"),
            phase: get(v, "phase"),
            deck: get(v, "deck"),
            deck_left: get_opt(v, "deck_left"),
            set_aside: get_opt(v, "set_aside"),
            cards: list(v, "cards"),
            stars: stars(v, "stars"),
            unplaced: list::<Vec<String>>(v, "unplaced")
                .into_iter()
                .map(Option::unwrap_or_default)
                .collect(),
            placer: get_opt(v, "placer"),
            scores: list::<i64>(v, "scores")
                .into_iter()
                .map(Option::unwrap_or_default)
                .collect(),
            guessed: list::<bool>(v, "guessed")
                .into_iter()
                .map(Option::unwrap_or_default)
                .collect(),
            to_act: list::<usize>(v, "to_act").into_iter().flatten().collect(),
            me: get_opt(v, "me"),
            my_guess,
            outcome: get_opt(v, "outcome"),
            reveal,
        }
    }

    /// Seats at the table: the longest per-seat list, or one more than the highest seat
    /// named anywhere.
    fn seats(&self) -> usize {
        let named = self
            .stars
            .iter()
            .map(|s| s.seat + 1)
            .chain(self.to_act.iter().map(|s| s + 1))
            .chain(self.placer.map(|s| s + 1))
            .max()
            .unwrap_or(0);
        [
            self.scores.len(),
            self.unplaced.len(),
            self.guessed.len(),
            named,
        ]
        .into_iter()
        .max()
        .unwrap_or(0)
        .min(12)
    }

    fn is_standard(&self) -> bool {
        self.deck.is_empty() || self.deck == "standard"
    }
}

/// The card numbers a view shows: the round's four, then the revealed round's, without
/// repeats. The HTTP layer loads these pictures for a custom deck.
pub fn cards_shown(view: &Value) -> Vec<usize> {
    let v = View::read(view);
    let mut out: Vec<usize> = Vec::new();
    let revealed = v.reveal.iter().flat_map(|r| r.cards.iter());
    for n in v.cards.iter().chain(revealed).flatten() {
        if !out.contains(n) {
            out.push(*n);
        }
    }
    out
}

// ---- Drawing. -----------------------------------------------------------------------

/// A picture of one of the user's own PNGs, to lay over the rasterised SVG when the PNG is
/// drawn without embedding (resvg is built without raster image support).
pub(super) struct Overlay {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub png: Vec<u8>,
}

/// The SVG text being written, and the pictures to lay over it.
pub(super) struct Canvas {
    pub out: String,
    pub overlays: Vec<Overlay>,
    /// Embed PNG card art as `data:` images (for an SVG to serve), or leave its place
    /// empty and note it in `overlays` (for the PNG).
    embed: bool,
}

/// What to draw: the table now, or the last revealed round.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Now,
    Reveal,
}

pub(super) fn draw(view: &Value, style: &DreamsStyle, mode: Mode, embed: bool) -> Canvas {
    let v = View::read(view);
    let mut c = Canvas {
        out: String::with_capacity(48 * 1024),
        overlays: Vec::new(),
        embed,
    };
    let seats = v.seats();
    let cards_x = MARGIN + 10.0;
    let cards_y = 76.0;
    let (card_w, card_h) = (CARD_WIDTH * CARD_SCALE, CARD_HEIGHT * CARD_SCALE);
    let block_w = 2.0 * card_w + CARD_GAP;
    let block_h = 2.0 * card_h + CARD_GAP;
    let fx = cards_x + block_w + 46.0;
    let fy = cards_y + 22.0;
    let width = (fx + FIRMAMENT + 34.0).ceil();

    let mut body = Canvas {
        out: String::with_capacity(48 * 1024),
        overlays: Vec::new(),
        embed,
    };

    // The heading: the game's title, if any, and where the game is.
    let mut y = 30.0;
    if let Some(title) = style
        .title
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let title: String = title.chars().take(50).collect();
        text(&mut body.out, MARGIN, y, 22.0, INK, "start", "bold", &title);
        y += 28.0;
    }
    let heading = match mode {
        Mode::Now => status(&v, style),
        Mode::Reveal => match &v.reveal {
            Some(r) => reveal_heading(r, style),
            None => words(style, "picture-no-reveal", &[]),
        },
    };
    text(
        &mut body.out,
        MARGIN,
        y,
        19.0,
        INK,
        "start",
        "bold",
        &heading,
    );
    let shift = y - 30.0;

    // Which cards, stars and marks.
    let (cards, stars, vision, mortal, vision_label) = match (mode, &v.reveal) {
        (Mode::Reveal, Some(r)) => (
            r.cards.clone(),
            r.stars.clone(),
            r.vision,
            r.mortal,
            words(style, "picture-the-vision", &[]),
        ),
        (Mode::Reveal, None) => (Vec::new(), Vec::new(), None, None, String::new()),
        (Mode::Now, _) => {
            let mine =
                v.me.as_ref()
                    .filter(|m| m.role == "god")
                    .and_then(|m| m.vision);
            let label = words(style, "picture-your-vision", &[]);
            (v.cards.clone(), v.stars.clone(), mine, None, label)
        }
    };

    let top = cards_y + shift;
    for (i, pos) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
        .iter()
        .enumerate()
    {
        let x = cards_x + pos.0 * (card_w + CARD_GAP);
        let y = top + pos.1 * (card_h + CARD_GAP);
        let number = i + 1;
        let card = cards.get(i).copied().flatten();
        let marked = vision == Some(number as u64);
        draw_card(
            &mut body,
            &v,
            style,
            x,
            y,
            number,
            card,
            marked.then_some(vision_label.as_str()),
        );
    }

    draw_firmament(&mut body.out, fx, fy + shift, &stars, mortal);

    // The key, under both.
    let key_top = (top + block_h).max(fy + shift + FIRMAMENT + 26.0) + 34.0;
    let key_bottom = match mode {
        Mode::Now => draw_key_now(&mut body.out, &v, style, seats, key_top, width),
        Mode::Reveal => draw_key_reveal(&mut body.out, &v, style, key_top, width),
    };
    let height = (key_bottom + MARGIN).ceil();

    let title = match mode {
        Mode::Now => words(style, "picture-dreams-round", &[("round", v.round.into())]),
        Mode::Reveal => words(
            style,
            "picture-dreams-round-revealed",
            &[("round", v.reveal.as_ref().map_or(0, |r| r.round).into())],
        ),
    };
    w!(
        c.out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_FAMILY}\" role=\"img\">\n<title>{}</title>\n<rect width=\"{w}\" height=\"{h}\" fill=\"{PAPER}\"/>\n",
        esc(&title),
        w = n(width),
        h = n(height),
    );
    c.out.push_str(&body.out);
    c.out.push_str("</svg>\n");
    c.overlays = body.overlays;
    c
}

/// One of the four cards, `number` 1–4, at `(x, y)`.
#[expect(
    clippy::too_many_arguments,
    reason = "one card's place, number, picture and mark; a struct would only rename them"
)]
fn draw_card(
    c: &mut Canvas,
    v: &View,
    style: &DreamsStyle,
    x: f64,
    y: f64,
    number: usize,
    card: Option<usize>,
    mark: Option<&str>,
) {
    let (cw, ch) = (CARD_WIDTH * CARD_SCALE, CARD_HEIGHT * CARD_SCALE);
    // Named for the game page's script: a click on image N picks it as a guess.
    w!(c.out, "<g data-image=\"{number}\">");
    if mark.is_some() {
        w!(
            c.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"12\" fill=\"{GOLD}\"/>",
            n(x - 6.0),
            n(y - 6.0),
            n(cw + 12.0),
            n(ch + 12.0)
        );
    }
    let art = card.and_then(|k| match style.art.get(&k) {
        Some(a) => Some(a.clone()),
        None if v.is_standard() => Some(CardArt::Standard(k)),
        None => None,
    });
    match (card, art) {
        (Some(_), Some(CardArt::Standard(k))) => {
            w!(
                c.out,
                "<svg x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {CARD_WIDTH} {CARD_HEIGHT}\">\n{}</svg>\n",
                n(x),
                n(y),
                n(cw),
                n(ch),
                card_body(k, style.lang)
            );
        }
        (Some(k), Some(CardArt::Png { title, png })) => {
            card_frame(&mut c.out, x, y, &title, Some(k));
            let (px, py, side) = (
                x + ART_INSET * CARD_SCALE,
                y + ART_INSET * CARD_SCALE,
                ART_SIZE * CARD_SCALE,
            );
            if c.embed {
                w!(
                    c.out,
                    "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"xMidYMid meet\" href=\"data:image/png;base64,{}\"/>\n",
                    n(px),
                    n(py),
                    n(side),
                    n(side),
                    base64::engine::general_purpose::STANDARD.encode(&png)
                );
            } else {
                c.overlays.push(Overlay {
                    x: px,
                    y: py,
                    width: side,
                    height: side,
                    png,
                });
            }
        }
        (Some(k), None) => {
            // A custom deck whose picture was not handed in: say which card it is.
            let label = words(style, "picture-card", &[("n", k.into())]);
            card_frame(&mut c.out, x, y, &label, Some(k));
        }
        (None, _) => {
            card_frame(&mut c.out, x, y, "", None);
        }
    }
    // The image number, 1–4 (D-R1), in a badge on the corner.
    let (bx, by) = (x + 2.0, y + 2.0);
    w!(
        c.out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"16\" fill=\"{INK}\" stroke=\"#ffffff\" stroke-width=\"2.5\"/>",
        n(bx),
        n(by)
    );
    text(
        &mut c.out,
        bx,
        by + 7.0,
        20.0,
        "#ffffff",
        "middle",
        "bold",
        &number.to_string(),
    );
    if let Some(label) = mark {
        // Bold at 15px: about 9px a Latin character, 15px a wide (CJK) one.
        let width: f64 = label
            .chars()
            .map(|c| if u32::from(c) >= 0x2E80 { 15.0 } else { 9.0 })
            .sum();
        let lw = width + 16.0;
        let (lx, ly) = (x + cw - lw - 6.0, y - 14.0);
        w!(
            c.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"22\" rx=\"11\" fill=\"{GOLD}\" stroke=\"{INK}\" stroke-width=\"1.5\"/>",
            n(lx),
            n(ly),
            n(lw)
        );
        text(
            &mut c.out,
            lx + lw / 2.0,
            ly + 16.0,
            15.0,
            INK,
            "middle",
            "bold",
            label,
        );
    }
    c.out.push_str("</g>\n");
}

/// A card's frame and title for a card not drawn from the standard deck.
fn card_frame(out: &mut String, x: f64, y: f64, title: &str, card: Option<usize>) {
    let s = CARD_SCALE;
    w!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"8\" fill=\"#fbf7ee\" stroke=\"#2b2540\" stroke-width=\"2\"/>",
        n(x + 0.75),
        n(y + 0.75),
        n(CARD_WIDTH * s - 1.5),
        n(CARD_HEIGHT * s - 1.5)
    );
    w!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"#e9e4d8\"/>",
        n(x + ART_INSET * s),
        n(y + ART_INSET * s),
        n(ART_SIZE * s),
        n(ART_SIZE * s)
    );
    let title: String = title.trim().chars().take(80).collect();
    let lines = wrap(&title, 26);
    let lines: Vec<String> = lines.into_iter().map(|l| shorten(&l, 28)).take(2).collect();
    let mid = y + (ART_INSET + ART_SIZE + 38.0) * s;
    let first = if lines.len() == 1 {
        mid + 4.0
    } else {
        mid - 4.0
    };
    for (i, line) in lines.iter().enumerate() {
        text(
            out,
            x + CARD_WIDTH * s / 2.0,
            first + i as f64 * 12.5,
            11.5,
            "#2b2540",
            "middle",
            "bold",
            line,
        );
    }
    if card.is_none() {
        text(
            out,
            x + CARD_WIDTH * s / 2.0,
            y + (ART_INSET + ART_SIZE / 2.0) * s,
            13.0,
            MUTED,
            "middle",
            "",
            "no card",
        );
    }
}

/// The firmament at `(x, y)`: grid, numbers to type, and the stars.
fn draw_firmament(out: &mut String, x: f64, y: f64, stars: &[Star], mortal: Option<usize>) {
    w!(
        out,
        "<g id=\"hermes-firmament\" transform=\"translate({},{})\">\n<rect width=\"{FIRMAMENT}\" height=\"{FIRMAMENT}\" fill=\"#f2f4fa\"/>\n",
        n(x),
        n(y)
    );
    let mut minor = String::new();
    let mut major = String::new();
    for i in 1..10 {
        let at = f64::from(i) * 10.0 * UNIT;
        let d = if i == 5 { &mut major } else { &mut minor };
        w!(d, "M{} 0V{FIRMAMENT}M0 {}H{FIRMAMENT}", n(at), n(at));
    }
    w!(
        out,
        "<path d=\"{minor}\" stroke=\"#d3d9e8\" stroke-width=\"1\"/><path d=\"{major}\" stroke=\"#a6b0c8\" stroke-width=\"1.5\"/>\n<rect width=\"{FIRMAMENT}\" height=\"{FIRMAMENT}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"2\"/>\n"
    );
    for i in 0..=10 {
        let at = f64::from(i) * 10.0 * UNIT;
        let label = (i * 10).to_string();
        // x above and below, y to the left and right: wherever a star is, a number is near.
        text(out, at, -8.0, 13.0, MUTED, "middle", "", &label);
        text(out, at, FIRMAMENT + 19.0, 13.0, MUTED, "middle", "", &label);
        text(out, -7.0, at + 4.5, 13.0, MUTED, "end", "", &label);
        text(
            out,
            FIRMAMENT + 7.0,
            at + 4.5,
            13.0,
            MUTED,
            "start",
            "",
            &label,
        );
    }
    for star in stars {
        let (sx, sy) = (
            star.x.clamp(0.0, 100.0) * UNIT,
            star.y.clamp(0.0, 100.0) * UNIT,
        );
        if mortal == Some(star.seat) {
            w!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"19\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
                n(sx),
                n(sy)
            );
        }
        star_glyph(out, sx, sy, 13.0, &star.kind, seat_colour(star.seat).0);
        seat_badge(out, sx + 13.0, sy - 13.0, 8.5, star.seat);
    }
    out.push_str("</g>\n");
}

fn seat_colour(seat: usize) -> (&'static str, &'static str) {
    SEAT_COLOURS
        .get(seat % SEAT_COLOURS.len())
        .copied()
        .unwrap_or(("#d62f2f", "#ffffff"))
}

/// A star of `kind` (clear, grey, black) outlined in `colour`: white, grey and black
/// fills, so the kinds differ in greyscale too.
fn star_glyph(out: &mut String, x: f64, y: f64, r: f64, kind: &str, colour: &str) {
    let fill = match kind {
        "grey" | "gray" => "#8c8c8c",
        "black" => "#141414",
        _ => "#ffffff",
    };
    w!(
        out,
        "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
        star_points(x, y, r, r * 0.48),
        n((r * 0.26).max(2.0))
    );
}

/// A seat's number on a disc of its colour.
fn seat_badge(out: &mut String, x: f64, y: f64, r: f64, seat: usize) {
    let (fill, ink) = seat_colour(seat);
    w!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
        n(x),
        n(y),
        n(r)
    );
    text(
        out,
        x,
        y + r * 0.42,
        r * 1.3,
        ink,
        "middle",
        "bold",
        &seat.to_string(),
    );
}

/// Message `key` of the picture's language.
fn words(style: &DreamsStyle, key: &str, args: &[(&str, Arg)]) -> String {
    i18n::text(style.lang, key, args)
}

/// `seat N`.
fn seat_words(style: &DreamsStyle, seat: usize) -> String {
    words(style, "picture-seat", &[("seat", seat.into())])
}

/// `image N`.
fn image_words(style: &DreamsStyle, image: u64) -> String {
    words(style, "picture-image", &[("n", image.into())])
}

/// Winners' names, joined.
fn joined(style: &DreamsStyle, names: Vec<String>) -> String {
    names
        .into_iter()
        .reduce(|first, second| {
            words(
                style,
                "picture-and",
                &[("first", first.into()), ("second", second.into())],
            )
        })
        .unwrap_or_default()
}

/// The name drawn for `seat`: the display name, trimmed and shortened, or `seat N`.
fn name_of(style: &DreamsStyle, seat: usize) -> String {
    match style.names.get(seat).map(|s| s.trim()) {
        Some(name) if !name.is_empty() => shorten(name, NAME_CHARS),
        _ => seat_words(style, seat),
    }
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() > max {
        let mut short: String = s.chars().take(max.saturating_sub(1)).collect();
        short.push('…');
        short
    } else {
        s.to_string()
    }
}

fn who(style: &DreamsStyle, seat: usize) -> String {
    if style.names.get(seat).is_some_and(|n| !n.trim().is_empty()) {
        words(
            style,
            "picture-seat-named",
            &[("name", name_of(style, seat).into()), ("seat", seat.into())],
        )
    } else {
        seat_words(style, seat)
    }
}

fn status(v: &View, style: &DreamsStyle) -> String {
    if let Some(outcome) = &v.outcome {
        let winners: Vec<String> = outcome.winners.iter().map(|&s| who(style, s)).collect();
        return match winners.len() {
            0 => words(style, "picture-game-over", &[]),
            _ => words(
                style,
                "picture-game-over-won",
                &[("winners", joined(style, winners).into())],
            ),
        };
    }
    let round = || ("round", Arg::from(v.round));
    match v.phase.as_str() {
        "stars" => match v.placer {
            Some(seat) => words(
                style,
                "picture-round-stars-next",
                &[round(), ("who", who(style, seat).into())],
            ),
            None => words(style, "picture-round-stars", &[round()]),
        },
        "guess" => {
            let waiting: Vec<String> = v.to_act.iter().map(|&s| who(style, s)).collect();
            if waiting.is_empty() {
                words(style, "picture-round-guesses", &[round()])
            } else {
                words(
                    style,
                    "picture-round-guesses-waiting",
                    &[round(), ("who", shorten(&waiting.join(", "), 60).into())],
                )
            }
        }
        "over" => words(style, "picture-game-over", &[]),
        _ => words(style, "picture-round", &[round()]),
    }
}

fn reveal_heading(r: &Reveal, style: &DreamsStyle) -> String {
    let vision = r.vision.map_or("?".to_string(), |v| image_words(style, v));
    let mortal = r.mortal.map_or("?".to_string(), |m| who(style, m));
    words(
        style,
        "picture-round-revealed",
        &[
            ("round", r.round.into()),
            ("vision", vision.into()),
            ("mortal", mortal.into()),
        ],
    )
}

fn heading(out: &mut String, x: f64, y: f64, width: f64, words: &str) {
    text(out, x, y, 17.0, INK, "start", "bold", words);
    w!(
        out,
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#c9c2b2\" stroke-width=\"1\"/>",
        n(x),
        n(y + 6.0),
        n(x + width),
        n(y + 6.0)
    );
}

/// The key under the table now: players, star kinds, the viewer's own role, the deck.
fn draw_key_now(
    out: &mut String,
    v: &View,
    style: &DreamsStyle,
    seats: usize,
    top: f64,
    width: f64,
) -> f64 {
    let col_w = (width - 3.0 * MARGIN) * 0.56;
    let right_x = MARGIN * 2.0 + col_w;
    let right_w = width - right_x - MARGIN;

    // Players.
    heading(
        out,
        MARGIN,
        top,
        col_w,
        &words(style, "picture-players", &[]),
    );
    let mut y = top + 12.0;
    for seat in 0..seats {
        y += 30.0;
        let to_act = match v.phase.as_str() {
            "stars" => v.placer == Some(seat),
            "guess" => v.to_act.contains(&seat),
            _ => false,
        };
        if to_act {
            w!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"28\" rx=\"5\" fill=\"#fff1b8\" stroke=\"#e0c860\"/>",
                n(MARGIN - 6.0),
                n(y - 19.0),
                n(col_w + 12.0)
            );
        }
        star_glyph(
            out,
            MARGIN + 12.0,
            y - 5.0,
            11.0,
            "clear",
            seat_colour(seat).0,
        );
        seat_badge(out, MARGIN + 36.0, y - 5.0, 10.0, seat);
        let weight = if to_act { "bold" } else { "" };
        text(
            out,
            MARGIN + 54.0,
            y,
            17.0,
            INK,
            "start",
            weight,
            &name_of(style, seat),
        );
        let score = v.scores.get(seat).copied().unwrap_or(0);
        let won = v
            .outcome
            .as_ref()
            .is_some_and(|o| o.winners.contains(&seat));
        text(
            out,
            MARGIN + col_w,
            y,
            17.0,
            INK,
            "end",
            if won { "bold" } else { "" },
            &words(style, "picture-points", &[("score", score.into())]),
        );
        let state = match v.phase.as_str() {
            "stars" => {
                let left = v
                    .unplaced
                    .get(seat)
                    .map(|kinds| {
                        kinds
                            .iter()
                            .map(|k| {
                                words(style, "picture-star-kind", &[("kind", k.as_str().into())])
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .unwrap_or_default();
                if v.placer == Some(seat) {
                    words(style, "picture-places-next", &[])
                } else if left.is_empty() {
                    words(style, "picture-all-placed", &[])
                } else {
                    words(style, "picture-stars-left", &[("stars", left.into())])
                }
            }
            "guess" => {
                if v.guessed.get(seat).copied().unwrap_or(false) {
                    words(style, "picture-guess-sealed", &[])
                } else {
                    words(style, "picture-to-guess", &[])
                }
            }
            _ if won => words(style, "picture-won", &[]),
            _ => String::new(),
        };
        text(
            out,
            MARGIN + col_w - 78.0,
            y,
            14.0,
            MUTED,
            "end",
            "",
            &state,
        );
    }
    let left_bottom = y + 10.0;

    // Stars, the viewer, the deck.
    heading(
        out,
        right_x,
        top,
        right_w,
        &words(style, "picture-stars", &[]),
    );
    let mut ry = top + 12.0;
    for (kind, key) in [
        ("clear", "picture-star-clear"),
        ("grey", "picture-star-grey"),
        ("black", "picture-star-black"),
    ] {
        ry += 30.0;
        star_glyph(out, right_x + 12.0, ry - 5.0, 11.0, kind, "#555555");
        let said = words(style, key, &[]);
        text(out, right_x + 32.0, ry, 16.0, INK, "start", "", &said);
    }
    ry += 26.0;
    text(
        out,
        right_x,
        ry,
        14.0,
        MUTED,
        "start",
        "",
        &words(style, "picture-outline", &[]),
    );
    ry += 20.0;
    text(
        out,
        right_x,
        ry,
        14.0,
        MUTED,
        "start",
        "",
        &words(style, "picture-axes", &[]),
    );
    if let Some(me) = &v.me {
        ry += 34.0;
        heading(out, right_x, ry, right_w, &words(style, "picture-you", &[]));
        ry += 26.0;
        let role = match (me.role.as_str(), me.vision) {
            ("god", Some(vision)) => words(
                style,
                "picture-role-god-vision",
                &[("image", vision.into())],
            ),
            ("god", None) => words(style, "picture-role-god", &[]),
            ("mortal", _) => words(style, "picture-role-mortal", &[]),
            _ => words(style, "picture-role-watching", &[]),
        };
        text(
            out,
            right_x,
            ry,
            15.0,
            INK,
            "start",
            "",
            &words(
                style,
                "picture-you-seat",
                &[("seat", me.seat.into()), ("role", role.into())],
            ),
        );
        if let Some(guess) = &v.my_guess {
            ry += 22.0;
            text(
                out,
                right_x,
                ry,
                15.0,
                INK,
                "start",
                "",
                &words(
                    style,
                    "picture-your-guess",
                    &[("guess", guess_words(guess.as_ref(), style).into())],
                ),
            );
        }
    }
    ry += 30.0;
    let mut deck = if v.is_standard() {
        words(style, "picture-deck-standard", &[])
    } else {
        words(
            style,
            "picture-deck",
            &[("deck", shorten(&v.deck, 24).into())],
        )
    };
    if let Some(left) = v.deck_left {
        w!(
            deck,
            " · {}",
            words(style, "picture-deck-left", &[("n", left.into())])
        );
    }
    if let Some(aside) = v.set_aside.filter(|&a| a > 0) {
        w!(
            deck,
            " · {}",
            words(style, "picture-set-aside", &[("n", aside.into())])
        );
    }
    text(out, right_x, ry, 14.0, MUTED, "start", "", &deck);
    left_bottom.max(ry + 8.0)
}

fn guess_words(guess: Option<&Guess>, style: &DreamsStyle) -> String {
    match guess {
        Some(Guess {
            seat: Some(seat), ..
        }) => who(style, *seat),
        Some(Guess {
            image: Some(image), ..
        }) => image_words(style, *image),
        _ => words(style, "picture-no-guess", &[]),
    }
}

/// The key of a revealed round: every seat's role, guess, points and score.
fn draw_key_reveal(out: &mut String, v: &View, style: &DreamsStyle, top: f64, width: f64) -> f64 {
    let Some(r) = &v.reveal else {
        return top;
    };
    let inner = width - 2.0 * MARGIN;
    heading(
        out,
        MARGIN,
        top,
        inner,
        &words(style, "picture-guesses-and-points", &[]),
    );
    let seats = r.guesses.len().max(r.points.len()).max(r.scores.len());
    let mut y = top + 12.0;
    for seat in 0..seats.min(12) {
        y += 32.0;
        let mortal = r.mortal == Some(seat);
        if mortal {
            w!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"30\" rx=\"5\" fill=\"#ece6f7\" stroke=\"#b7a8d6\"/>",
                n(MARGIN - 6.0),
                n(y - 21.0),
                n(inner + 12.0)
            );
        }
        star_glyph(
            out,
            MARGIN + 12.0,
            y - 6.0,
            11.0,
            "clear",
            seat_colour(seat).0,
        );
        seat_badge(out, MARGIN + 36.0, y - 6.0, 10.0, seat);
        text(
            out,
            MARGIN + 54.0,
            y,
            17.0,
            INK,
            "start",
            if mortal { "bold" } else { "" },
            &name_of(style, seat),
        );
        text(
            out,
            MARGIN + 230.0,
            y,
            16.0,
            INK,
            "start",
            "",
            &words(
                style,
                if mortal {
                    "picture-role-mortal-short"
                } else {
                    "picture-role-god-short"
                },
                &[],
            ),
        );
        let guess = r.guesses.get(seat).and_then(Option::as_ref);
        let right = match guess {
            Some(Guess { seat: Some(s), .. }) => Some(r.mortal == Some(*s)),
            Some(Guess { image: Some(i), .. }) => Some(r.vision == Some(*i)),
            _ => None,
        };
        // Right or wrong as a drawn tick or cross (the bundled font has neither glyph).
        let (mx, my) = (MARGIN + 318.0, y - 6.0);
        match right {
            Some(true) => w!(
                out,
                "<path d=\"M{} {}l5 5l9 -11\" fill=\"none\" stroke=\"#1c9a4b\" stroke-width=\"3.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                n(mx - 7.0),
                n(my)
            ),
            Some(false) => w!(
                out,
                "<path d=\"M{} {}l12 12m0 -12l-12 12\" fill=\"none\" stroke=\"#d62f2f\" stroke-width=\"3.5\" stroke-linecap=\"round\"/>",
                n(mx - 6.0),
                n(my - 6.0)
            ),
            None => {}
        }
        let guess_text = match guess {
            Some(Guess { seat: Some(s), .. }) => {
                words(style, "picture-named", &[("who", who(style, *s).into())])
            }
            Some(Guess { image: Some(i), .. }) => {
                words(style, "picture-named-image", &[("n", (*i).into())])
            }
            _ => words(style, "picture-no-guess", &[]),
        };
        text(out, MARGIN + 336.0, y, 16.0, INK, "start", "", &guess_text);
        let points = r.points.get(seat).copied().unwrap_or(0);
        let score = r.scores.get(seat).copied().unwrap_or(0);
        text(
            out,
            MARGIN + inner,
            y,
            17.0,
            INK,
            "end",
            "bold",
            &format!("+{points} → {score}"),
        );
    }
    y += 30.0;
    text(
        out,
        MARGIN,
        y,
        14.0,
        MUTED,
        "start",
        "",
        &words(style, "picture-reveal-note", &[]),
    );
    if let Some(outcome) = &v.outcome {
        let winners: Vec<String> = outcome.winners.iter().map(|&s| who(style, s)).collect();
        if !winners.is_empty() {
            y += 26.0;
            text(
                out,
                MARGIN,
                y,
                17.0,
                INK,
                "start",
                "bold",
                &words(
                    style,
                    "picture-game-over-won",
                    &[("winners", joined(style, winners).into())],
                ),
            );
        }
    }
    y + 8.0
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

/// A coordinate or length: one decimal at most, no `-0`.
fn n(x: f64) -> String {
    let v = (x * 10.0).round() / 10.0;
    let v = if v == 0.0 { 0.0 } else { v };
    format!("{v}")
}
