//! Labels drawn straight into pixels, from glyphs drawn once: the fast path for the text of
//! our own pictures.
//!
//! usvg shapes every `<text>` and turns every glyph into a path each time a picture is
//! drawn, and resvg then fills those paths one by one: two thirds of a board's drawing
//! time. Here [`split`] takes out of an SVG the labels it can draw itself (a `<text>` with
//! a position, a size, a `#rrggbb` fill, an anchor and a weight, under groups that only
//! translate), the rest of the SVG is drawn by resvg as before, and [`draw`] lays the
//! labels over it: shaped with the same shaper usvg uses (harfrust, kerning on, with the
//! same bundled Go fonts) and drawn glyph by glyph from coverage masks kept per thread,
//! per glyph, size and position within a pixel (in eighths of a pixel across, 1/64 along
//! the height: the only difference from resvg is that a glyph may sit up to 1/16 of a
//! pixel left or right of where resvg puts it).
//!
//! Anything else (a `<tspan>`, a style sheet, a character the font lacks, text under a
//! group that scales, clips or paints) is left in the SVG for usvg, so the picture is
//! always drawn, only not always fast. Labels are drawn after everything else; in our
//! pictures nothing drawn after a label covers it.

use resvg::tiny_skia::{FillRule, Mask, Path, PathBuilder, Pixmap, Transform};
use resvg::usvg::roxmltree::{Document, Node};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::prelude::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use super::png::{GO_BOLD, GO_REGULAR};

/// Glyph masks kept per thread (each a few hundred bytes); past this, the cache starts
/// over.
const MAX_GLYPHS: usize = 32_768;
/// Shaped strings kept per thread; past this, the cache starts over.
const MAX_SHAPED: usize = 8_192;
/// Positions within a pixel a glyph is drawn at, across. Along the height, resvg's
/// anti-aliasing samples four lines per pixel, so a small shift up or down can move an
/// edge past a sample line: there the position is kept to 1/64 pixel (our labels sit on
/// tenths of a unit, so a picture has few distinct ones).
const SUBPIXEL_X: f32 = 8.0;
const SUBPIXEL_Y: f32 = 64.0;

/// One label to draw, in SVG user units.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Label {
    x: f32,
    y: f32,
    size: f32,
    bold: bool,
    /// 0 start, 1 middle, 2 end: how much of the width to move left, in halves.
    anchor: u8,
    rgb: [u8; 3],
    text: String,
}

/// `svg` without the labels [`draw`] can draw, and those labels; `None` when the SVG does
/// not parse (usvg then says why) or has nothing to take out.
pub(crate) fn split(svg: &str) -> Option<(String, Vec<Label>)> {
    let doc = Document::parse(svg).ok()?;
    let root = doc.root_element();
    // A style sheet could style any text; and the root must map user units to pixels 1:1.
    if doc.descendants().any(|n| n.has_tag_name("style")) || !plain_root(root) {
        return None;
    }
    let mut cut: Vec<std::ops::Range<usize>> = Vec::new();
    let mut labels = Vec::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("text")) {
        if let Some(label) = label_of(node) {
            cut.push(node.range());
            labels.push(label);
        }
    }
    if labels.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(svg.len());
    let mut at = 0;
    for r in cut {
        out.push_str(&svg[at..r.start]);
        at = r.end;
    }
    out.push_str(&svg[at..]);
    Some((out, labels))
}

/// The root `<svg>`: nothing that would scale, paint or style its content.
pub(super) fn plain_root(root: Node) -> bool {
    let number = |name: &str| {
        root.attribute(name)
            .and_then(|v| v.trim().parse::<f32>().ok())
    };
    let (Some(w), Some(h)) = (number("width"), number("height")) else {
        return false;
    };
    if let Some(view_box) = root.attribute("viewBox") {
        let v: Vec<f32> = view_box
            .split([' ', ','])
            .filter(|s| !s.is_empty())
            .filter_map(|s| s.parse().ok())
            .collect();
        if v != [0.0, 0.0, w, h] {
            return false;
        }
    }
    root.attributes().all(|a| {
        matches!(
            a.name(),
            "width" | "height" | "viewBox" | "font-family" | "role" | "version"
        ) || a.namespace() == Some("http://www.w3.org/2000/xmlns/")
    })
}

/// A `<text>` this module draws the same as usvg, as a label in picture coordinates.
pub(super) fn label_of(node: Node) -> Option<Label> {
    let mut label = Label {
        x: 0.0,
        y: 0.0,
        size: 0.0,
        bold: false,
        anchor: 0,
        rgb: [0, 0, 0],
        text: String::new(),
    };
    let number = |v: &str| v.trim().parse::<f32>().ok().filter(|x| x.is_finite());
    let (mut size, mut fill) = (None, None);
    for a in node.attributes() {
        if a.namespace().is_some() {
            return None;
        }
        let v = a.value();
        match a.name() {
            "x" => label.x = number(v)?,
            "y" => label.y = number(v)?,
            "font-size" => size = Some(number(v.strip_suffix("px").unwrap_or(v))?),
            "fill" => fill = Some(hex_colour(v)?),
            "text-anchor" => {
                label.anchor = match v {
                    "start" => 0,
                    "middle" => 1,
                    "end" => 2,
                    _ => return None,
                }
            }
            "font-weight" => {
                label.bold = match v {
                    "normal" | "400" => false,
                    "bold" | "700" => true,
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
    label.size = size.filter(|s| *s > 0.0)?;
    label.rgb = fill?;
    // One run of text, nothing that xml:space handling would change.
    let mut children = node.children();
    let only = children.next()?;
    if children.next().is_some() || !only.is_text() {
        return None;
    }
    let text = only.text()?;
    if text.is_empty()
        || text.starts_with(' ')
        || text.ends_with(' ')
        || text.contains("  ")
        || text.chars().any(|c| c.is_control() || right_to_left(c))
    {
        return None;
    }
    let font = font(label.bold);
    let charmap = font.font.charmap();
    if !text.chars().all(|c| charmap.map(c).is_some()) {
        return None;
    }
    label.text = text.to_string();
    for (dx, dy) in ancestor_moves(node)? {
        label.x += dx;
        label.y += dy;
    }
    Some(label)
}

/// The translations of `node`'s ancestors below the root, innermost first, if every one
/// of them is a group that only translates or names itself (`id`, `role`, `data-…`);
/// `None` if any does anything else.
pub(super) fn ancestor_moves(node: Node) -> Option<Vec<(f32, f32)>> {
    let mut moves = Vec::new();
    for a in node.ancestors().skip(1).filter(|n| n.is_element()) {
        if a.parent_element().is_none() {
            break;
        }
        if !a.has_tag_name("g") {
            return None;
        }
        for attr in a.attributes() {
            match attr.name() {
                "transform" => moves.push(translate(attr.value())?),
                "id" | "role" => {}
                n if n.starts_with("data-") => {}
                _ => return None,
            }
        }
    }
    Some(moves)
}

/// Characters that bidi reordering or shaping across fonts could move: left to usvg.
fn right_to_left(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08ff | 0xfb1d..=0xfdff | 0xfe70..=0xfeff | 0x200e..=0x200f | 0x202a..=0x202e | 0x2066..=0x2069 | 0x10800..=0x10fff | 0x1e800..=0x1efff)
}

/// `#rrggbb`.
fn hex_colour(v: &str) -> Option<[u8; 3]> {
    let hex = v.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// `translate(x)` or `translate(x, y)`.
pub(super) fn translate(v: &str) -> Option<(f32, f32)> {
    let inner = v.trim().strip_prefix("translate(")?.strip_suffix(')')?;
    let parts: Vec<f32> = inner
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<f32>().ok().filter(|x| x.is_finite()))
        .collect::<Option<_>>()?;
    match parts[..] {
        [x] => Some((x, 0.0)),
        [x, y] => Some((x, y)),
        _ => None,
    }
}

/// A bundled font, parsed once per process.
struct Font {
    font: FontRef<'static>,
    units_per_em: f32,
}

fn font(bold: bool) -> &'static Font {
    static FONTS: std::sync::OnceLock<[Font; 2]> = std::sync::OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        [GO_REGULAR, GO_BOLD].map(|data| {
            let font = FontRef::new(data).expect("the bundled font parses");
            let units_per_em = f32::from(
                font.metrics(Size::unscaled(), LocationRef::default())
                    .units_per_em,
            );
            Font { font, units_per_em }
        })
    });
    &fonts[usize::from(bold)]
}

/// A glyph of a shaped string, in font units.
#[derive(Clone, Copy)]
struct Shaped {
    id: u32,
    dx: i32,
    dy: i32,
    advance: i32,
}

/// A glyph's coverage at one size and position within a pixel, and where its top left
/// pixel is relative to the pixel the pen is in.
struct GlyphMask {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
}

/// Bold, glyph, size in pixels (its bits), and position within a pixel across and down.
type GlyphKey = (bool, u32, u32, u8, u8);

#[derive(Default)]
struct Caches {
    shapers: Option<[harfrust::ShaperData; 2]>,
    shaped: HashMap<(bool, String), Arc<[Shaped]>>,
    glyphs: HashMap<GlyphKey, Option<Arc<GlyphMask>>>,
}

thread_local! {
    static CACHES: RefCell<Caches> = RefCell::new(Caches::default());
}

/// Forget every shaped string and glyph of this thread (for tests: a cold drawing).
#[cfg(test)]
pub(crate) fn clear_caches() {
    CACHES.with(|c| *c.borrow_mut() = Caches::default());
}

/// Draw `labels` over `pixmap`, drawn at `scale` pixels per user unit.
pub(crate) fn draw(pixmap: &mut Pixmap, labels: &[Label], scale: f32) {
    CACHES.with(|caches| {
        let mut caches = caches.borrow_mut();
        for label in labels {
            draw_label(&mut caches, pixmap, label, scale);
        }
    });
}

fn draw_label(caches: &mut Caches, pixmap: &mut Pixmap, label: &Label, scale: f32) {
    let font = font(label.bold);
    let shaped = shape(caches, label.bold, &label.text);
    let size = label.size * scale;
    let k = size / font.units_per_em;
    let width: f32 = shaped.iter().map(|g| g.advance as f32 * k).sum();
    let mut pen = label.x * scale - width * f32::from(label.anchor) / 2.0;
    let baseline = label.y * scale;
    for g in shaped.iter() {
        let (x, y) = (pen + g.dx as f32 * k, baseline - g.dy as f32 * k);
        pen += g.advance as f32 * k;
        // The pixel and the part of it the glyph's origin falls in.
        let (qx, qy) = ((x * SUBPIXEL_X).round(), (y * SUBPIXEL_Y).round());
        let (px, py) = ((qx / SUBPIXEL_X).floor(), (qy / SUBPIXEL_Y).floor());
        let fx = (qx - px * SUBPIXEL_X) as u8;
        let fy = (qy - py * SUBPIXEL_Y) as u8;
        let key = (label.bold, g.id, size.to_bits(), fx, fy);
        if caches.glyphs.len() >= MAX_GLYPHS && !caches.glyphs.contains_key(&key) {
            caches.glyphs.clear();
        }
        let mask = caches
            .glyphs
            .entry(key)
            .or_insert_with(|| {
                let (fx, fy) = (f32::from(fx) / SUBPIXEL_X, f32::from(fy) / SUBPIXEL_Y);
                glyph_mask(font, g.id, k, fx, fy).map(Arc::new)
            })
            .clone();
        if let Some(mask) = mask {
            blend(pixmap, &mask, px as i32, py as i32, label.rgb);
        }
    }
}

/// `text` shaped with the regular or bold font, cached.
fn shape(caches: &mut Caches, bold: bool, text: &str) -> Arc<[Shaped]> {
    let key = (bold, text.to_string());
    if let Some(s) = caches.shaped.get(&key) {
        return s.clone();
    }
    let shapers = caches
        .shapers
        .get_or_insert_with(|| [false, true].map(|b| harfrust::ShaperData::new(&harfrust_font(b))));
    let hr = harfrust_font(bold);
    let shaper = shapers[usize::from(bold)].shaper(&hr).build();
    let mut buffer = harfrust::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(harfrust::Direction::LeftToRight);
    buffer.guess_segment_properties();
    let output = shaper.shape(buffer, harfrust::ShapeOptions::new());
    let glyphs: Arc<[Shaped]> = output
        .glyph_infos()
        .iter()
        .zip(output.glyph_positions())
        .map(|(i, p)| Shaped {
            id: i.glyph_id,
            dx: p.x_offset,
            dy: p.y_offset,
            advance: p.x_advance,
        })
        .collect();
    if caches.shaped.len() >= MAX_SHAPED {
        caches.shaped.clear();
    }
    caches.shaped.insert(key, glyphs.clone());
    glyphs
}

fn harfrust_font(bold: bool) -> harfrust::FontRef<'static> {
    harfrust::FontRef::new(if bold { GO_BOLD } else { GO_REGULAR })
        .expect("the bundled font parses")
}

/// Glyph `id` at `k` pixels per font unit, its origin at `(fx, fy)` within a pixel.
fn glyph_mask(font: &Font, id: u32, k: f32, fx: f32, fy: f32) -> Option<GlyphMask> {
    let outline = font.font.outline_glyphs().get(skrifa::GlyphId::new(id))?;
    let mut pen = Pen(PathBuilder::new());
    outline
        .draw(
            DrawSettings::unhinted(Size::unscaled(), LocationRef::default()),
            &mut pen,
        )
        .ok()?;
    let path: Path = pen.0.finish()?;
    // Font units are y up.
    let ts = Transform::from_row(k, 0.0, 0.0, -k, fx, fy);
    let bounds = path.clone().transform(ts)?.bounds();
    let left = bounds.left().floor() as i32 - 1;
    let top = bounds.top().floor() as i32 - 1;
    let width = (bounds.right().ceil() as i32 + 1 - left).max(1) as u32;
    let height = (bounds.bottom().ceil() as i32 + 1 - top).max(1) as u32;
    let mut mask = Mask::new(width, height)?;
    mask.fill_path(
        &path,
        FillRule::Winding,
        true,
        ts.post_translate(-left as f32, -top as f32),
    );
    Some(GlyphMask {
        left,
        top,
        width: width as usize,
        coverage: mask.data().to_vec(),
    })
}

struct Pen(PathBuilder);

impl OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.0.quad_to(cx0, cy0, x, y);
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.0.cubic_to(cx0, cy0, cx1, cy1, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// Lay an opaque colour over `pixmap` through `mask`, its pen pixel at `(px, py)`.
fn blend(pixmap: &mut Pixmap, mask: &GlyphMask, px: i32, py: i32, rgb: [u8; 3]) {
    let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
    let src = [rgb[0], rgb[1], rgb[2], 255].map(u32::from);
    let data = pixmap.data_mut();
    for (row, line) in mask.coverage.chunks_exact(mask.width).enumerate() {
        let y = py + mask.top + row as i32;
        if y < 0 || y >= ph {
            continue;
        }
        for (col, &c) in line.iter().enumerate() {
            let x = px + mask.left + col as i32;
            if c == 0 || x < 0 || x >= pw {
                continue;
            }
            let at = (y as usize * pw as usize + x as usize) * 4;
            let c = u32::from(c);
            for (d, s) in data[at..at + 4].iter_mut().zip(src) {
                *d = ((s * c + u32::from(*d) * (255 - c) + 127) / 255) as u8;
            }
        }
    }
}
