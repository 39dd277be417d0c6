//! SVG to PNG with resvg, drawing text with the bundled fonts only.
//!
//! The font database holds nothing but `assets/fonts/Go-*.ttf` and, for the Japanese words
//! the Go fonts lack, `assets/fonts/NotoSansJP-Subset-*.otf` (embedded in the binary), so
//! the picture is the same on a developer's machine, in CI and on a server without fonts.
//! A character Go lacks is drawn from the first bundled font of the nearest weight that
//! has it.
//! The labels of our own pictures are drawn from glyphs cached per thread
//! ([`text`](super::text)), not by usvg: the same shapes, several times faster; and what
//! repeats in them (hexes, tiles, cards) is drawn once per thread and laid as copies
//! ([`sprites`](super::sprites)).

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};
use skrifa::MetadataProvider;
use std::sync::{Arc, OnceLock};

pub(super) static GO_REGULAR: &[u8] = include_bytes!("../../assets/fonts/Go-Regular.ttf");
pub(super) static GO_BOLD: &[u8] = include_bytes!("../../assets/fonts/Go-Bold.ttf");
/// Noto Sans CJK JP, cut down to the characters the pictures' words need and the kana
/// (`assets/fonts/subset-cjk.py`).
pub(super) static JP_REGULAR: &[u8] =
    include_bytes!("../../assets/fonts/NotoSansJP-Subset-Regular.otf");
pub(super) static JP_BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Subset-Bold.otf");

/// The longest side of a PNG, in pixels. A board is unbounded; a picture is not: a larger
/// one is scaled down to fit, so a pathological board cannot exhaust memory.
pub const MAX_PNG_SIDE: u32 = 4096;

/// Why an SVG could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    #[error("the SVG does not parse: {0}")]
    Parse(#[from] usvg::Error),
    #[error("cannot draw a {width}×{height} picture")]
    Size { width: u32, height: u32 },
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// The fonts, loaded once per process.
pub(crate) fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_font_source(fontdb::Source::Binary(Arc::new(GO_REGULAR)));
            db.load_font_source(fontdb::Source::Binary(Arc::new(GO_BOLD)));
            db.load_font_source(fontdb::Source::Binary(Arc::new(JP_REGULAR)));
            db.load_font_source(fontdb::Source::Binary(Arc::new(JP_BOLD)));
            // Whatever family an SVG asks for, it gets Go.
            db.set_sans_serif_family("Go");
            db.set_serif_family("Go");
            db.set_monospace_family("Go");
            db.set_cursive_family("Go");
            db.set_fantasy_family("Go");
            Arc::new(db)
        })
        .clone()
}

/// Draw an SVG (such as [`board_svg`](super::board_svg)'s) as a PNG at its own size: one
/// SVG user unit, one pixel.
pub fn board_png(svg: &str) -> Result<Vec<u8>, PngError> {
    board_png_scaled(svg, 1.0)
}

/// Draw an SVG as a PNG at `scale` pixels per user unit (2.0 for high-density screens),
/// scaled down further if a side would exceed [`MAX_PNG_SIDE`]. A palette PNG
/// ([`encode_indexed`](super::encode_indexed)): our boards are flat colours and text, so
/// 256 colours keep them sharp at about a third of the bytes of a full-colour one.
pub fn board_png_scaled(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    super::raster::encode_indexed(&render_scaled(svg, scale)?)
}

/// The stages of [`board_png_scaled`] apart, for the mail picture micro-bench
/// (`benches/mailpic.rs`): parse the SVG and rasterise it into RGBA pixels.
pub fn rasterise(svg: &str, scale: f32) -> Result<Pixmap, PngError> {
    render_scaled(svg, scale)
}

/// The usvg options for our own pictures: the bundled fonts.
pub(crate) fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: "Go".to_string(),
        fontdb: fonts(),
        font_resolver: usvg::FontResolver {
            select_font: usvg::FontResolver::default_font_selector(),
            select_fallback: fallback(),
        },
        ..usvg::Options::default()
    }
}

/// For a character the font of its text lacks: the bundled font that has it, of the
/// weight nearest that font's (a bold label stays bold); quietly (usvg's own choice logs
/// a warning for every label).
fn fallback() -> usvg::FallbackSelectionFn<'static> {
    Box::new(|c, used, db| {
        let weight = used
            .first()
            .and_then(|id| db.face(*id))
            .map_or(400, |face| face.weight.0);
        let has = |id| {
            db.with_face_data(id, |data, index| {
                skrifa::FontRef::from_index(data, index)
                    .is_ok_and(|font| font.charmap().map(c).is_some())
            })
            .unwrap_or(false)
        };
        db.faces()
            .filter(|face| !used.contains(&face.id) && has(face.id))
            .min_by_key(|face| face.weight.0.abs_diff(weight))
            .map(|face| face.id)
    })
}

/// Draw an SVG into a pixmap at `scale` pixels per user unit, scaled down further if a
/// side would exceed [`MAX_PNG_SIDE`]. Labels that [`text`](super::text) can draw are
/// taken out of the SVG and drawn from cached glyphs over what resvg drew.
pub(crate) fn render_scaled(svg: &str, scale: f32) -> Result<Pixmap, PngError> {
    Ok(render_sized(svg, scale)?.0)
}

/// [`render_scaled`], and the SVG's size in user units.
pub(crate) fn render_sized(svg: &str, scale: f32) -> Result<(Pixmap, usvg::Size), PngError> {
    // Repeated pieces from pixmaps kept per thread, labels from cached glyphs.
    if let Some(split) = super::sprites::split(svg) {
        let tree = usvg::Tree::from_str(&split.rest, &options())?;
        let k = fit(tree.size(), scale);
        if let Some(mut pixmap) = super::sprites::draw(&tree, &split, scale, k) {
            super::text::draw(&mut pixmap, &split.labels, k);
            return Ok((pixmap, tree.size()));
        }
    }
    render_without_pieces(svg, scale)
}

/// [`render_sized`] with every piece drawn in place by resvg (labels still from cached
/// glyphs): what it does when the pieces cannot be laid apart, and what they are compared
/// with in the tests.
pub(crate) fn render_without_pieces(
    svg: &str,
    scale: f32,
) -> Result<(Pixmap, usvg::Size), PngError> {
    let Some((rest, labels)) = super::text::split(svg) else {
        let tree = usvg::Tree::from_str(svg, &options())?;
        return Ok((render_tree(&tree, scale)?, tree.size()));
    };
    let tree = usvg::Tree::from_str(&rest, &options())?;
    let mut pixmap = render_tree(&tree, scale)?;
    super::text::draw(&mut pixmap, &labels, fit(tree.size(), scale));
    Ok((pixmap, tree.size()))
}

/// [`render_scaled`] with every label drawn by usvg and resvg (what the fast path is
/// compared with).
#[cfg(test)]
pub(crate) fn render_slow(svg: &str, scale: f32) -> Result<Pixmap, PngError> {
    let tree = usvg::Tree::from_str(svg, &options())?;
    render_tree(&tree, scale)
}

/// The pixels per user unit a picture of `size` is drawn at when `scale` is asked for.
fn fit(size: usvg::Size, scale: f32) -> f32 {
    let scale = if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    };
    let longest = size.width().max(size.height()) * scale;
    if longest > MAX_PNG_SIDE as f32 {
        scale * MAX_PNG_SIDE as f32 / longest
    } else {
        scale
    }
}

/// [`render_scaled`] for a parsed tree.
pub(crate) fn render_tree(tree: &usvg::Tree, scale: f32) -> Result<Pixmap, PngError> {
    let size = tree.size();
    let scale = fit(size, scale);
    // Float to pixel count: rounded up; finite, positive and at most MAX_PNG_SIDE (give or
    // take rounding) by the scaling above.
    let (width, height) = (
        ((size.width() * scale).ceil() as u32).clamp(1, MAX_PNG_SIDE),
        ((size.height() * scale).ceil() as u32).clamp(1, MAX_PNG_SIDE),
    );
    let mut pixmap = Pixmap::new(width, height).ok_or(PngError::Size { width, height })?;
    resvg::render(
        tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}
