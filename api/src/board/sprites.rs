//! Pieces of a picture drawn once and laid as copies: the fast path for what repeats.
//!
//! A board repeats itself: every empty hex next to a tile is the same dashed hex, every
//! tribe of one colour with one god's marker the same tile, only moved; a Dreams table
//! shows the same four cards in every mail of a round. usvg parses and resvg fills each of
//! them anew in every picture: about half of a board's drawing time. Here [`split`] takes
//! out of an SVG (besides the labels of [`text`](super::text)) every group that only
//! translates (`<g transform="translate(..)">`, or a `<g>` with no attribute but `data-*`
//! and `role`, under groups that only translate or name themselves), and [`draw`] lays each
//! over what resvg drew of the rest, from pixmaps kept per thread: keyed by what the group
//! holds (its labels taken out: they are drawn afterwards as everywhere), the scale, and
//! where within a pixel it falls (to 1/4096 of a pixel). A piece is drawn by resvg, alone,
//! at that same position within a pixel, so it is the same pixels as resvg draws in place
//! (laying a piece over the rest rounds as resvg's own blending does; a shade may differ
//! by one).
//!
//! A piece is laid after the whole rest is drawn, so the picture is only drawn this way
//! when nothing of the rest that comes after a piece in the document overlaps it
//! (checked on the parsed rest, by bounding boxes); else [`draw`] says no and the caller
//! draws the SVG as before. A group that holds an `id`, a link (`href`) or a reference to
//! anything but the document's top-level `<defs>` stays in the SVG, as does everything
//! under a group that does more than translate.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::roxmltree::{Document, Node, NodeId};
use resvg::usvg::{self, NonZeroRect};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::png::options;
use super::text::{ancestor_moves, label_of, plain_root, translate, Label};

/// Bytes of pieces kept per thread; past this, the cache starts over. A board's pieces are
/// 20 kB each, a Dreams card's about 150 kB.
const MAX_CACHE_BYTES: usize = 16 << 20;
/// Positions within a pixel a piece is drawn at, across and down.
const SUBPIXEL: f32 = 4096.0;
/// The id of the empty group that marks where a piece was, in the rest.
const MARK: &str = "hermes-piece-";

/// A group taken out of the SVG: what it holds (without its labels), and the translations
/// that move it, outermost first, in user units.
pub(crate) struct Piece {
    content: String,
    moves: Vec<(f32, f32)>,
}

/// An SVG taken apart: the rest for usvg (each piece replaced by an empty marked group),
/// the labels and the pieces, and the start of a document to draw a piece in (the root's
/// font and the top-level `<defs>`).
pub(crate) struct Split {
    pub rest: String,
    pub labels: Vec<Label>,
    pieces: Vec<Piece>,
    prefix: String,
}

/// `svg` taken apart into the rest, the labels and the pieces; `None` when it does not
/// parse, is not plain (see [`text`](super::text)) or has no piece to take out.
pub(crate) fn split(svg: &str) -> Option<Split> {
    let doc = Document::parse(svg).ok()?;
    let root = doc.root_element();
    if doc.descendants().any(|n| n.has_tag_name("style")) || !plain_root(root) {
        return None;
    }
    // The top-level definitions a piece may refer to.
    let mut prefix = String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"");
    if let Some(font) = root.attribute("font-family") {
        prefix.push_str(" font-family=\"");
        prefix.push_str(&super::svg::esc(font));
        prefix.push('"');
    }
    prefix.push_str(" width=\"1\" height=\"1\">");
    let mut defined: HashSet<&str> = HashSet::new();
    for defs in root.children().filter(|n| n.has_tag_name("defs")) {
        prefix.push_str(&svg[defs.range()]);
        defined.extend(defs.descendants().filter_map(|n| n.attribute("id")));
    }

    // Cuts in document order: a label's range (removed) or a piece's (replaced by a mark).
    let mut labels: Vec<(std::ops::Range<usize>, Label)> = Vec::new();
    // A piece's range, node and translations.
    type Found = (std::ops::Range<usize>, NodeId, Vec<(f32, f32)>);
    let mut pieces: Vec<Found> = Vec::new();
    let mut inside: Option<std::ops::Range<usize>> = None;
    for node in doc.descendants().filter(|n| n.is_element()) {
        let range = node.range();
        if inside.as_ref().is_some_and(|r| range.start >= r.end) {
            inside = None;
        }
        if node.has_tag_name("text") {
            if let Some(label) = label_of(node) {
                labels.push((range, label));
            }
            continue;
        }
        if inside.is_none() {
            if let Some(offset) = piece_of(node, &defined) {
                inside = Some(range.clone());
                pieces.push((range, node.id(), offset));
            }
        }
    }
    if pieces.is_empty() {
        return None;
    }

    let mut rest = String::with_capacity(svg.len());
    let mut out_pieces = Vec::with_capacity(pieces.len());
    let mut at = 0;
    let mut li = labels.iter().peekable();
    for (range, id, moves) in pieces {
        // Labels before this piece.
        while let Some((r, _)) = li.peek() {
            if r.start >= range.start {
                break;
            }
            rest.push_str(&svg[at..r.start]);
            at = r.end;
            li.next();
        }
        rest.push_str(&svg[at..range.start]);
        at = range.end;
        // The piece's inner content, without its labels.
        let node = doc.get_node(id)?;
        let (first, last) = (node.first_child()?, node.last_child()?);
        let (start, end) = (first.range().start, last.range().end);
        let mut content = String::with_capacity(end - start);
        let mut from = start;
        while let Some((r, _)) = li.peek() {
            if r.start >= range.end {
                break;
            }
            content.push_str(&svg[from..r.start]);
            from = r.end;
            li.next();
        }
        content.push_str(&svg[from..end]);
        if !content.contains('<') {
            // Only labels: nothing left to draw.
            continue;
        }
        rest.push_str(&format!("<g id=\"{MARK}{}\"/>", out_pieces.len()));
        out_pieces.push(Piece { content, moves });
    }
    for (r, _) in li {
        rest.push_str(&svg[at..r.start]);
        at = r.end;
    }
    rest.push_str(&svg[at..]);
    if out_pieces.is_empty() {
        return None;
    }
    Some(Split {
        rest,
        labels: labels.into_iter().map(|(_, l)| l).collect(),
        pieces: out_pieces,
        prefix,
    })
}

/// A group that can be drawn apart, and the translations that move it from the picture's
/// origin, outermost first.
fn piece_of(node: Node, defined: &HashSet<&str>) -> Option<Vec<(f32, f32)>> {
    if !node.has_tag_name("g") || node.parent_element().is_none() {
        return None;
    }
    let mut moves = Vec::new();
    for a in node.attributes() {
        if a.namespace().is_some() {
            return None;
        }
        match a.name() {
            "transform" => moves.push(translate(a.value())?),
            "role" => {}
            n if n.starts_with("data-") => {}
            _ => return None,
        }
    }
    // Only groups that translate or name themselves, up to the root.
    moves.extend(ancestor_moves(node)?);
    moves.reverse();
    // Nothing inside that the rest may refer to, or that refers outside but to the defs.
    node.first_child()?;
    for d in node.descendants().skip(1).filter(|n| n.is_element()) {
        for a in d.attributes() {
            if a.name() == "id" || a.name() == "href" || a.name() == "style" {
                return None;
            }
            let v = a.value();
            let mut rest = v;
            while let Some(i) = rest.find("url(") {
                let after = &rest[i + 4..];
                let inner = after.split(')').next()?.trim();
                let id = inner.trim_matches(['\'', '"']).strip_prefix('#')?;
                if !defined.contains(id) {
                    return None;
                }
                rest = &after[inner.len().min(after.len())..];
            }
        }
    }
    Some(moves)
}

/// A piece drawn: its pixels, and where its top left pixel goes relative to the pixel
/// its origin falls in.
struct Drawn {
    left: i32,
    top: i32,
    pixmap: Pixmap,
}

/// What was drawn, what the picture holds, its scale and position within a pixel.
type Key = (String, u32, u16, u16);

#[derive(Default)]
struct Cache {
    drawn: HashMap<Key, Option<Arc<Drawn>>>,
    bytes: usize,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// Forget every piece of this thread (for tests: a cold drawing).
#[cfg(test)]
pub(crate) fn clear_cache() {
    CACHE.with(|c| *c.borrow_mut() = Cache::default());
}

/// A piece placed: the pixel its origin falls in, and its drawing.
struct Placed {
    x: i32,
    y: i32,
    drawn: Arc<Drawn>,
}

impl Placed {
    /// Its pixels' rectangle: left, top, right, bottom (exclusive).
    fn rect(&self) -> (i32, i32, i32, i32) {
        let (l, t) = (self.x + self.drawn.left, self.y + self.drawn.top);
        (
            l,
            t,
            l + self.drawn.pixmap.width() as i32,
            t + self.drawn.pixmap.height() as i32,
        )
    }
}

/// Draw `tree` (the parsed [`Split::rest`]) as [`render_tree`](super::png::render_tree)
/// does at `asked` (which draws it at `scale` pixels per user unit) with the pieces laid in
/// their places; `None` when a piece cannot be drawn apart or something drawn after it
/// overlaps it (then draw the whole SVG instead).
pub(crate) fn draw(tree: &usvg::Tree, split: &Split, asked: f32, scale: f32) -> Option<Pixmap> {
    let placed: Vec<Placed> = CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        split
            .pieces
            .iter()
            .map(|p| place(&mut cache, &split.prefix, p, scale))
            .collect::<Option<Vec<_>>>()
    })?;
    // Nothing drawn after a piece may overlap it: it is laid after the rest.
    let mut seen: Vec<usize> = Vec::new();
    if !in_order(tree.root(), &placed, &mut seen, scale) {
        return None;
    }
    let mut pixmap = super::png::render_tree(tree, asked).ok()?;
    for p in &placed {
        lay(
            &mut pixmap,
            &p.drawn.pixmap,
            p.x + p.drawn.left,
            p.y + p.drawn.top,
        );
    }
    Some(pixmap)
}

/// Whether nothing under `group` overlaps a piece marked before it (`seen`: the pieces
/// marked so far, in document order).
fn in_order(group: &usvg::Group, placed: &[Placed], seen: &mut Vec<usize>, scale: f32) -> bool {
    for node in group.children() {
        let bounds = match node {
            usvg::Node::Group(g) => {
                if let Some(i) = g.id().strip_prefix(MARK) {
                    match i.parse::<usize>() {
                        Ok(i) if i < placed.len() => seen.push(i),
                        _ => return false,
                    }
                    continue;
                }
                if !g.should_isolate() {
                    if !in_order(g, placed, seen, scale) {
                        return false;
                    }
                    continue;
                }
                Some(g.abs_layer_bounding_box().to_rect())
            }
            other => Some(other.abs_stroke_bounding_box()),
        };
        let Some(b) = bounds else { continue };
        if seen.is_empty() {
            continue;
        }
        // In pixels, a pixel wider each way for anti-aliasing.
        let (l, t, r, btm) = (
            (b.left() * scale).floor() as i32 - 1,
            (b.top() * scale).floor() as i32 - 1,
            (b.right() * scale).ceil() as i32 + 1,
            (b.bottom() * scale).ceil() as i32 + 1,
        );
        for &i in seen.iter() {
            let (pl, pt, pr, pb) = placed[i].rect();
            if l < pr && pl < r && t < pb && pt < btm {
                return false;
            }
        }
    }
    true
}

/// Piece `p` at `scale`: drawn now, or taken from the cache.
fn place(cache: &mut Cache, prefix: &str, p: &Piece, scale: f32) -> Option<Placed> {
    // The piece's origin in pixels, summed as resvg sums the groups' transforms, so that
    // it is the same number.
    let ts = p
        .moves
        .iter()
        .fold(Transform::from_scale(scale, scale), |ts, &(x, y)| {
            ts.pre_concat(Transform::from_translate(x, y))
        });
    let (x, y) = (ts.tx, ts.ty);
    if !(x.is_finite() && y.is_finite()) {
        return None;
    }
    let (mut ix, mut iy) = (x.floor(), y.floor());
    let (mut qx, mut qy) = (((x - ix) * SUBPIXEL).round(), ((y - iy) * SUBPIXEL).round());
    if qx >= SUBPIXEL {
        (ix, qx) = (ix + 1.0, 0.0);
    }
    if qy >= SUBPIXEL {
        (iy, qy) = (iy + 1.0, 0.0);
    }
    let mut key_text = String::with_capacity(prefix.len() + p.content.len());
    key_text.push_str(prefix);
    key_text.push_str(&p.content);
    let key: Key = (key_text, scale.to_bits(), qx as u16, qy as u16);
    let drawn = match cache.drawn.get(&key) {
        Some(d) => d.clone(),
        None => {
            let d =
                draw_piece(prefix, &p.content, scale, qx / SUBPIXEL, qy / SUBPIXEL).map(Arc::new);
            let bytes = d.as_ref().map_or(0, |d| d.pixmap.data().len()) + key.0.len();
            if cache.bytes + bytes > MAX_CACHE_BYTES {
                *cache = Cache::default();
            }
            cache.bytes += bytes;
            cache.drawn.insert(key, d.clone());
            d
        }
    }?;
    Some(Placed {
        x: ix as i32,
        y: iy as i32,
        drawn,
    })
}

/// Draw `content` alone, its origin at `(fx, fy)` within a pixel.
fn draw_piece(prefix: &str, content: &str, scale: f32, fx: f32, fy: f32) -> Option<Drawn> {
    let doc = format!("{prefix}<g>{content}</g></svg>");
    let tree = usvg::Tree::from_str(&doc, &options()).ok()?;
    let b: NonZeroRect = tree.root().abs_layer_bounding_box();
    let left = (b.left() * scale + fx).floor() as i32 - 1;
    let top = (b.top() * scale + fy).floor() as i32 - 1;
    let right = (b.right() * scale + fx).ceil() as i32 + 1;
    let bottom = (b.bottom() * scale + fy).ceil() as i32 + 1;
    let (w, h) = (
        u32::try_from(right - left).ok()?,
        u32::try_from(bottom - top).ok()?,
    );
    if w > super::png::MAX_PNG_SIDE || h > super::png::MAX_PNG_SIDE {
        return None;
    }
    let mut pixmap = Pixmap::new(w, h)?;
    resvg::render(
        &tree,
        Transform::from_row(scale, 0.0, 0.0, scale, fx - left as f32, fy - top as f32),
        &mut pixmap.as_mut(),
    );
    Some(Drawn { left, top, pixmap })
}

/// Lay `src` over `dst` (source over, premultiplied, rounded as tiny-skia rounds), its top
/// left pixel at `(x, y)`.
fn lay(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let (x0, x1) = (x.max(0), (x + sw).min(dw));
    if x0 >= x1 {
        return;
    }
    let data = dst.data_mut();
    let from = src.data();
    for row in 0..sh {
        let dy = y + row;
        if dy < 0 || dy >= dh {
            continue;
        }
        let s = &from[((row * sw + x0 - x) * 4) as usize..((row * sw + x1 - x) * 4) as usize];
        let d = &mut data[((dy * dw + x0) * 4) as usize..((dy * dw + x1) * 4) as usize];
        for (d, s) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let inv = u16::from(255 - a);
                    for (d, &s) in d.iter_mut().zip(s) {
                        let v = u16::from(s) + ((u16::from(*d) * inv + 255) >> 8);
                        *d = v.min(255) as u8;
                    }
                }
            }
        }
    }
}
