//! The board as a picture: a Gods board drawn as SVG ([`board_svg`]) and rasterised to PNG
//! ([`board_png`]) for the your-turn email; Dreams' cards, table and revealed rounds
//! ([`dreams`]); and a user's SVG (a custom deck's card) drawn into a PNG without reaching
//! anything outside it ([`untrusted_card_png`]).
//!
//! Owns: the drawing (hex layout from axial coordinates, tiles, god markers, coordinates,
//! legend, side panel; Dreams' cards, firmament, stars and key), escaping every piece of
//! user text that goes into it, the font the PNG is drawn with (bundled under
//! `assets/fonts`, never a system font; labels drawn from cached glyphs, `text.rs`; what
//! repeats, such as hexes, tiles and cards, drawn once and laid as copies, `sprites.rs`), and
//! PNG encoding (a palette PNG for our own flat
//! pictures: [`encode_indexed`]).
//! Must not: load games, read the database or know about HTTP: callers hand in a
//! [`GodsView`](games::gods::view::GodsView) (or a Dreams view as JSON), the players'
//! display names and, for a custom Dreams deck, the card PNGs, and get text or bytes back.
//! The output depends on nothing else (no clock, no random ids), so the same view always
//! gives the same picture and snapshot tests can pin it. A user's SVG is only ever an input
//! to [`untrusted_card_png`], never part of a picture served as SVG.

mod card_cost;
pub mod dreams;
mod png;
mod raster;
mod sprites;
mod svg;
mod text;
pub mod uploads;

#[cfg(test)]
mod tests;

use crate::i18n::Lang;

pub use card_cost::{
    CardLimits, DEFAULT_CARD_MEMORY_MIB, DEFAULT_CARD_WORK_MILLIONS, MAX_TURBULENCE_OCTAVES,
};
pub use png::{board_png, board_png_scaled, rasterise, PngError, MAX_PNG_SIDE};
pub use raster::{
    encode_indexed, encode_indexed_at, encode_rgb, untrusted_card_png, untrusted_card_png_within,
    CardSvgError, Deflate, CUSTOM_CARD_SIDE, MAX_CARD_SVG_BYTES, MAX_TEXT_CHARS,
};
/// The pixels [`rasterise`] returns.
pub use resvg::tiny_skia::Pixmap;
pub(crate) use svg::esc as svg_escape;
pub use svg::{board_svg, cell_words, god_colour, tribe_colour};

/// How to draw a board. `Default` is what the service serves and mails.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardStyle {
    /// Display names by seat (index 0 is god 0). Untrusted user text: it is escaped and
    /// shortened when drawn. A seat without a name is called `god N`.
    pub names: Vec<String>,
    /// Circumradius of a hex, in SVG user units (pixels at PNG scale 1).
    pub hex_size: f64,
    /// Draw each god's crystals and supplies, village and VP tiles, and the display in the
    /// side panel. The legend (god markers, names, tile kinds) is always drawn.
    pub details: bool,
    /// A heading over the side panel, e.g. the game's name. Untrusted: escaped.
    pub title: Option<String>,
    /// Draw the side panel (the legend and the details) at all: off for the game page,
    /// which shows the same in HTML below or beside the board.
    pub panel: bool,
    /// Put the side panel below the board rather than to its right: the mail's picture,
    /// about half as wide, so that a phone shows it at nearly twice the scale.
    pub stacked: bool,
    /// The turn numbers the panel's status line says, as players read them everywhere
    /// (`crate::game::naming`: from the log's sequence, which the view does not hold).
    /// `None`: the line says no number (the rules' own count of gods' turns is not it).
    pub turns: Option<TurnNumbers>,
    /// The language of the picture's words (the panel, the key, the status line).
    pub lang: Lang,
}

/// A board's place in its game's log, as the status line numbers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnNumbers {
    /// The last turn played: a finished game ended after it.
    pub last: i64,
    /// The turn the seat to move plays.
    pub next: i64,
}

impl Default for BoardStyle {
    fn default() -> BoardStyle {
        BoardStyle {
            names: Vec::new(),
            hex_size: 36.0,
            details: true,
            title: None,
            panel: true,
            stacked: false,
            turns: None,
            lang: Lang::En,
        }
    }
}
