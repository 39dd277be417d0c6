//! The board as a picture: a Gods board drawn as SVG ([`board_svg`]) and rasterised to PNG
//! ([`board_png`]) for the your-turn email.
//!
//! Owns: the drawing (hex layout from axial coordinates, tiles, god markers, coordinates,
//! legend, side panel), escaping every piece of user text that goes into it, and the font
//! the PNG is drawn with (bundled under `assets/fonts`, never a system font).
//! Must not: load games, read the database or know about HTTP: callers hand in a
//! [`GodsView`](games::gods::view::GodsView) and the players' display names, and get text
//! or bytes back. The output depends on nothing else (no clock, no random ids), so the same
//! view always gives the same picture and snapshot tests can pin it.

mod png;
mod svg;

#[cfg(test)]
mod tests;

pub use png::{board_png, board_png_scaled, PngError, MAX_PNG_SIDE};
pub use svg::board_svg;

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
}

impl Default for BoardStyle {
    fn default() -> BoardStyle {
        BoardStyle {
            names: Vec::new(),
            hex_size: 36.0,
            details: true,
            title: None,
        }
    }
}
