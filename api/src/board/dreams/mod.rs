//! Dreams as pictures: the standard deck's 72 cards (D-C1), the table (the round's four
//! cards beside the firmament with its stars, D-R1/D-R4) and a revealed round (D-R6).
//!
//! Owns: drawing the cards ([`card_svg`], [`card_title`], [`card_png`]), the table
//! ([`dreams_svg`], [`dreams_png`]) and a revealed round ([`dreams_reveal_svg`],
//! [`dreams_reveal_png`]) from a Dreams view as JSON, escaping every piece of user text
//! that goes into them (display names, a custom deck's titles).
//!
//! Must not: read the database, know HTTP, or know the engine's Rust types. A view is read
//! from JSON by private, tolerant structs (see `firmament.rs`): a field that is missing or
//! odd is drawn as absent. A custom deck's pictures are handed in by the caller as PNGs
//! that the service rasterised itself ([`CardArt::Png`]; see
//! [`untrusted_card_png`](super::untrusted_card_png)); a user's SVG never reaches a picture
//! drawn here. Only what the view holds is drawn: a seat's view shows that seat's own role
//! and sealed guess (the picture is for that seat alone), a spectator's shows neither.
//!
//! Deterministic: the same view and style give the same text and bytes.

mod cards;
mod firmament;

#[cfg(test)]
mod tests;

use super::png::{options, render_sized, render_tree, PngError};
use super::raster::{encode_indexed, encode_rgb};
pub use cards::{
    card_features, card_svg, card_svg_in, card_title, card_title_in, CARD_HEIGHT, CARD_WIDTH,
    DECK_SIZE,
};
pub use firmament::cards_shown;
use firmament::{draw, Canvas, Mode};
use resvg::tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};
use resvg::usvg;
use serde_json::Value;
use std::collections::BTreeMap;

/// The picture of one card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardArt {
    /// Card `n` of the standard deck, drawn from [`card_svg`]'s elements.
    Standard(usize),
    /// A card of a custom deck: its title (untrusted: escaped) and its picture, a PNG that
    /// the service rasterised from the user's SVG (embedded as a `data:` URL in the SVG,
    /// laid over the drawing in the PNG).
    Png { title: String, png: Vec<u8> },
}

/// How to draw the table. `Default` draws the standard deck with seats named `seat N`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DreamsStyle {
    /// Display names by seat. Untrusted user text: escaped and shortened when drawn.
    pub names: Vec<String>,
    /// A heading, e.g. the game's name. Untrusted: escaped.
    pub title: Option<String>,
    /// Pictures by card number. A card not in here is drawn from the standard deck when the
    /// view's `deck` is `"standard"`, else as a blank card naming its number: for a custom
    /// deck, hand in the pictures of [`cards_shown`].
    pub art: BTreeMap<usize, CardArt>,
    /// The language of the picture's words (the headings, the key, the status line).
    pub lang: crate::i18n::Lang,
}

/// The table now, as a standalone SVG document: the round's four cards numbered 1–4 in
/// their 2×2 square (1 top left … 4 bottom right) beside the firmament (0–100 both ways,
/// y down, numbered every 10), each star in its player's colour and kind with its seat
/// number, and a key (players and scores, star kinds, the viewer's own role and sealed
/// guess if the view has them, the deck). `view` is a Dreams view as JSON.
pub fn dreams_svg(view: &Value, style: &DreamsStyle) -> String {
    draw(view, style, Mode::Now, true).out
}

/// The last revealed round (the view's `last_reveal`, or `view` itself when it is a
/// `revealed` event): its cards with the true vision marked, its stars with the mortal's
/// ringed, and every seat's role, guess, points and score.
pub fn dreams_reveal_svg(view: &Value, style: &DreamsStyle) -> String {
    draw(view, style, Mode::Reveal, true).out
}

/// [`dreams_svg`] as a PNG, one pixel per unit: a palette PNG for the standard deck (a
/// custom deck's pictures are photos as often as not, so then it is truecolour).
pub fn dreams_png(view: &Value, style: &DreamsStyle) -> Result<Vec<u8>, PngError> {
    dreams_png_scaled(view, style, 1.0)
}

/// [`dreams_png`] at `scale` pixels per unit (2.0 for high-density screens).
pub fn dreams_png_scaled(
    view: &Value,
    style: &DreamsStyle,
    scale: f32,
) -> Result<Vec<u8>, PngError> {
    png_of(draw(view, style, Mode::Now, false), scale)
}

/// [`dreams_reveal_svg`] as a PNG, as [`dreams_png`].
pub fn dreams_reveal_png(view: &Value, style: &DreamsStyle) -> Result<Vec<u8>, PngError> {
    png_of(draw(view, style, Mode::Reveal, false), 1.0)
}

/// Standard card `n` as a palette PNG, [`CARD_WIDTH`]×[`CARD_HEIGHT`] pixels.
pub fn card_png(n: usize) -> Result<Vec<u8>, PngError> {
    let tree = usvg::Tree::from_str(&card_svg(n), &options())?;
    encode_indexed(&render_tree(&tree, 1.0)?)
}

/// Rasterise a drawing, lay its PNG pictures over it, and encode it.
fn png_of(canvas: Canvas, scale: f32) -> Result<Vec<u8>, PngError> {
    let (mut pixmap, size) = render_sized(&canvas.out, scale)?;
    if canvas.overlays.is_empty() {
        return encode_indexed(&pixmap);
    }
    // The scale actually used (a huge picture is scaled down to fit).
    let k = pixmap.width() as f32 / size.width();
    for o in &canvas.overlays {
        let Ok(picture) = Pixmap::decode_png(&o.png) else {
            continue;
        };
        let (pw, ph) = (picture.width() as f32, picture.height() as f32);
        // Fit inside the box, centred (as `xMidYMid meet` in the SVG).
        let fit = (o.width as f32 / pw).min(o.height as f32 / ph);
        let tx = o.x as f32 + (o.width as f32 - pw * fit) / 2.0;
        let ty = o.y as f32 + (o.height as f32 - ph * fit) / 2.0;
        let paint = PixmapPaint {
            quality: FilterQuality::Bicubic,
            ..PixmapPaint::default()
        };
        pixmap.draw_pixmap(
            0,
            0,
            picture.as_ref(),
            &paint,
            Transform::from_row(fit * k, 0.0, 0.0, fit * k, tx * k, ty * k),
            None,
        );
    }
    encode_rgb(&pixmap)
}
