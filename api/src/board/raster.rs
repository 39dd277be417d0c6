//! Pixels: small PNGs for mail (a palette of at most 256 colours), and drawing an SVG that
//! a user sent (a custom deck's card) into a PNG without letting it reach anything.
//!
//! A user's SVG is never served or embedded as SVG: it is drawn here, once, into a PNG of
//! a fixed size, and only the PNG is kept. Drawing it loads nothing: no file, no URL, no
//! image (even a `data:` one; a card that tries is refused, so its author learns why a part
//! is missing), no system font.

use super::card_cost::{card_cost, CardLimits, TooCostly};
use super::png::{fonts, PngError};
use resvg::tiny_skia::{Pixmap, PremultipliedColorU8, Transform};
use resvg::usvg;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The side of a custom card's picture, in pixels: the picture is a square, like the
/// firmament; an SVG of another shape is fitted inside it, centred, on white.
pub const CUSTOM_CARD_SIDE: u32 = 320;
/// The largest SVG accepted for one card, in bytes.
pub const MAX_CARD_SVG_BYTES: usize = 256 * 1024;
/// XML nodes a card's SVG may have, and elements it may expand to once every `<use>` is
/// followed: past these, drawing it would cost more than a card is worth.
const MAX_XML_NODES: u32 = 100_000;
const MAX_EXPANDED_ELEMENTS: u64 = 50_000;
/// Characters of path data (`d`, `points`) a card may have once every `<use>` is
/// followed: usvg copies a path for each use and measures its stroke while it parses.
pub const MAX_PATH_DATA: u64 = 1_000_000;
/// Characters of text a card may have, once every `<use>` is followed: a card shows a
/// few words; usvg shapes each glyph while it parses, which cannot be stopped.
pub const MAX_TEXT_CHARS: u64 = 2_000;

/// Why a user's SVG cannot be a card.
#[derive(Debug, thiserror::Error)]
pub enum CardSvgError {
    #[error("the SVG is {len} bytes; a card may have at most {max}")]
    TooLarge { len: usize, max: usize },
    #[error("the SVG does not parse: {0}")]
    Parse(String),
    #[error("the SVG refers to something outside it ({0}); a card must hold everything it shows, and may not include images")]
    External(String),
    #[error("the SVG is too complex to draw: {0}")]
    TooComplex(String),
    #[error("the SVG has no size")]
    NoSize,
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// Draw a user's SVG as a [`CUSTOM_CARD_SIDE`]-pixel square PNG (fitted, centred, on white),
/// within the default [`CardLimits`].
pub fn untrusted_card_png(svg: &str) -> Result<Vec<u8>, CardSvgError> {
    untrusted_card_png_within(svg, CardLimits::default())
}

/// [`untrusted_card_png`] within `limits`. Checks the size first, loads nothing from
/// outside, refuses an SVG that asks to, and refuses one whose drawing would cost more
/// than `limits` before drawing anything (`super::card_cost`): resvg cannot be stopped.
pub fn untrusted_card_png_within(svg: &str, limits: CardLimits) -> Result<Vec<u8>, CardSvgError> {
    let (tree, transform) = parse_card(svg)?;
    card_cost(&tree, transform, CUSTOM_CARD_SIDE, CUSTOM_CARD_SIDE, limits)
        .map_err(|TooCostly(why)| CardSvgError::TooComplex(why))?;
    let mut pixmap = Pixmap::new(CUSTOM_CARD_SIDE, CUSTOM_CARD_SIDE).ok_or(CardSvgError::NoSize)?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    encode_rgb(&pixmap).map_err(|e| CardSvgError::Encode(e.to_string()))
}

/// A user's SVG as a tree, and the transform that fits it on the card.
fn parse_card(svg: &str) -> Result<(usvg::Tree, Transform), CardSvgError> {
    if svg.len() > MAX_CARD_SVG_BYTES {
        return Err(CardSvgError::TooLarge {
            len: svg.len(),
            max: MAX_CARD_SVG_BYTES,
        });
    }
    let xml = usvg::roxmltree::Document::parse_with_options(
        svg,
        usvg::roxmltree::ParsingOptions {
            // Entities are allowed (editors write a DOCTYPE); roxmltree bounds their
            // expansion, and resolves no external entity.
            allow_dtd: true,
            nodes_limit: MAX_XML_NODES,
            ..usvg::roxmltree::ParsingOptions::default()
        },
    )
    .map_err(|e| CardSvgError::Parse(e.to_string()))?;
    check_complexity(&xml)?;

    // Every request for an image (a URL, a path or a `data:` URL) is refused and noted.
    let asked: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
    let note = |asked: &Arc<Mutex<Option<String>>>, what: String| {
        let mut slot = asked.lock().unwrap_or_else(|e| e.into_inner());
        slot.get_or_insert(what);
    };
    let (a, b) = (asked.clone(), asked.clone());
    let options = usvg::Options {
        resources_dir: None,
        font_family: "Go".to_string(),
        fontdb: fonts(),
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(move |mime: &str, _, _: &usvg::Options| {
                note(&a, format!("an embedded {mime} image"));
                None
            }),
            resolve_string: Box::new(move |href: &str, _: &usvg::Options| {
                let shown: String = href.chars().take(60).collect();
                note(&b, format!("an image at {shown:?}"));
                None
            }),
        },
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_xmltree(&xml, &options).map_err(|e| CardSvgError::Parse(e.to_string()))?;
    if let Some(what) = asked.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(CardSvgError::External(what));
    }

    let size = tree.size();
    if !(size.width() > 0.0 && size.height() > 0.0) {
        return Err(CardSvgError::NoSize);
    }
    let side = CUSTOM_CARD_SIDE as f32;
    let scale = (side / size.width()).min(side / size.height());
    let (dx, dy) = (
        (side - size.width() * scale) / 2.0,
        (side - size.height() * scale) / 2.0,
    );
    Ok((tree, Transform::from_row(scale, 0.0, 0.0, scale, dx, dy)))
}

/// Refuse what would make usvg build an enormous tree from a small text: `<use>` chains
/// that multiply (each use copies its target), markers (copied at every vertex), and
/// more text than a card shows (usvg lays text out, glyph by glyph, while it parses).
fn check_complexity(doc: &usvg::roxmltree::Document) -> Result<(), CardSvgError> {
    use usvg::roxmltree::{Node, NodeId};
    const XLINK: &str = "http://www.w3.org/1999/xlink";
    let by_id: HashMap<&str, Node> = doc
        .descendants()
        .filter_map(|n| n.attribute("id").map(|id| (id, n)))
        .collect();
    if doc.descendants().any(|n| n.has_tag_name("marker")) {
        return Err(CardSvgError::TooComplex(
            "markers are not supported in cards".into(),
        ));
    }
    /// Elements, characters of text, and characters of path data.
    type Count = (u64, u64, u64);
    // Under `node`, each `<use>` counting its target's again; memoised, and a reference
    // loop counts as too complex.
    fn expanded<'a, 'i>(
        node: Node<'a, 'i>,
        by_id: &HashMap<&str, Node<'a, 'i>>,
        memo: &mut HashMap<NodeId, Count>,
        open: &mut Vec<NodeId>,
    ) -> Result<Count, CardSvgError> {
        if let Some(&n) = memo.get(&node.id()) {
            return Ok(n);
        }
        if open.contains(&node.id()) || open.len() > 64 {
            return Err(CardSvgError::TooComplex(
                "<use> elements refer to each other in a loop or too deeply".into(),
            ));
        }
        open.push(node.id());
        let (mut elements, mut chars) = (1u64, 0u64);
        let mut data = ["d", "points"]
            .iter()
            .filter_map(|a| node.attribute(*a))
            .map(|d| d.len() as u64)
            .sum::<u64>();
        for child in node.children() {
            if child.is_text() {
                // Text inside `<text>` (or its `<tspan>`, `<textPath>`) is laid out.
                if node.ancestors().any(|a| a.has_tag_name("text")) {
                    let n = child.text().map_or(0, |t| t.chars().count());
                    chars = chars.saturating_add(n as u64);
                }
            } else if child.is_element() {
                let (e, c, d) = expanded(child, by_id, memo, open)?;
                elements = elements.saturating_add(e);
                chars = chars.saturating_add(c);
                data = data.saturating_add(d);
            }
        }
        if node.has_tag_name("use") {
            let href = node
                .attribute("href")
                .or_else(|| node.attribute((XLINK, "href")));
            if let Some(target) = href
                .and_then(|h| h.strip_prefix('#'))
                .and_then(|id| by_id.get(id))
            {
                let (e, c, d) = expanded(*target, by_id, memo, open)?;
                elements = elements.saturating_add(e);
                chars = chars.saturating_add(c);
                data = data.saturating_add(d);
            }
        }
        open.pop();
        if elements > MAX_EXPANDED_ELEMENTS {
            return Err(CardSvgError::TooComplex(format!(
                "it expands to more than {MAX_EXPANDED_ELEMENTS} elements"
            )));
        }
        if chars > MAX_TEXT_CHARS {
            return Err(CardSvgError::TooComplex(format!(
                "it has more than {MAX_TEXT_CHARS} characters of text (counting each <use> \
                 of text again); a card may have at most {MAX_TEXT_CHARS}"
            )));
        }
        if data > MAX_PATH_DATA {
            return Err(CardSvgError::TooComplex(format!(
                "it has more than {MAX_PATH_DATA} characters of path data (counting each \
                 <use> of a path again); a card may have at most {MAX_PATH_DATA}"
            )));
        }
        memo.insert(node.id(), (elements, chars, data));
        Ok((elements, chars, data))
    }
    let mut memo = HashMap::new();
    expanded(doc.root_element(), &by_id, &mut memo, &mut Vec::new())?;
    Ok(())
}

/// A pixmap as a truecolour PNG (RGB, or RGBA when anything is see-through).
pub fn encode_rgb(pixmap: &Pixmap) -> Result<Vec<u8>, PngError> {
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == 255);
    let mut data = Vec::with_capacity(pixmap.pixels().len() * 4);
    for p in pixmap.pixels() {
        let c = p.demultiply();
        data.extend_from_slice(&[c.red(), c.green(), c.blue()]);
        if !opaque {
            data.push(c.alpha());
        }
    }
    let colour = if opaque {
        ::png::ColorType::Rgb
    } else {
        ::png::ColorType::Rgba
    };
    write_png(
        pixmap.width(),
        pixmap.height(),
        colour,
        None,
        None,
        &data,
        Deflate::Best,
    )
}

/// A pixmap as an indexed PNG of at most 256 colours: exact when the picture has no more,
/// else by median cut (weighted by how many pixels have each colour, so large flat areas
/// keep their colour exactly and anti-aliased edges share the rest). No dithering: our
/// pictures are flat colours and text, where dithering only adds noise and bytes.
///
/// One pass over the pixels collects runs of one colour (our pictures are flat: most
/// pixels repeat their left neighbour), and every later step works on the runs and the
/// distinct colours, not the pixels.
pub fn encode_indexed(pixmap: &Pixmap) -> Result<Vec<u8>, PngError> {
    encode_indexed_at(pixmap, Deflate::Default)
}

/// How hard to compress a palette PNG: [`encode_indexed`]'s choice, and the others the
/// mail picture micro-bench (`benches/mailpic.rs`) compares it with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deflate {
    /// zlib level 9: the smallest, and the slowest by far on our flat pictures.
    Best,
    /// zlib level 6.
    Balanced,
    /// What [`encode_indexed`] uses: zlib level 2, compressed by zlib-rs (png's `zlib-rs`
    /// feature; miniz_oxide took about three times as long). On a board, per
    /// `benches/mailpic.rs`: level 3 gives 4 % fewer bytes for half as much time again,
    /// level 1 a quarter more bytes in a quarter of the time.
    Default,
    /// fdeflate's ultra-fast mode: the fastest, and the largest.
    Fastest,
}

/// [`encode_indexed`] at a given compression.
pub fn encode_indexed_at(pixmap: &Pixmap, deflate: Deflate) -> Result<Vec<u8>, PngError> {
    type Map<V> = HashMap<u32, V, foldhash::fast::FixedState>;
    // A pixel as one number: RGBA, demultiplied (every transparent pixel is one colour).
    let key = |p: PremultipliedColorU8| -> u32 {
        match p.alpha() {
            255 => u32::from_be_bytes([p.red(), p.green(), p.blue(), 255]),
            0 => 0,
            _ => {
                let c = p.demultiply();
                u32::from_be_bytes([c.red(), c.green(), c.blue(), c.alpha()])
            }
        }
    };
    let pixels = pixmap.pixels();
    // Runs of one colour, each colour by a dense number (its first appearance), so that a
    // colour is hashed once per run at most and looked up by number afterwards.
    let mut runs: Vec<(u32, u32)> = Vec::with_capacity(pixels.len() / 8);
    let mut ids: Map<u32> = Map::default();
    let mut seen: Vec<(u32, u64)> = Vec::new();
    // A small direct-mapped cache in front of the map: (colour, number + 1), 0 if empty. A
    // picture has a few thousand colours, met again and again (the same edges repeat).
    const SLOTS: usize = 1 << 12;
    let mut recent: Vec<(u32, u32)> = vec![(0, 0); SLOTS];
    // The pixels as numbers, to find where a run ends eight pixels at a time.
    let bytes = pixmap.data();
    let word = |at: &[u8]| u32::from_ne_bytes([at[0], at[1], at[2], at[3]]);
    let mut i = 0;
    while i < pixels.len() {
        let first = pixels[i];
        let f = word(&bytes[i * 4..]);
        let mut j = i + 1;
        while let Some(next) = bytes.get(j * 4..j * 4 + 32) {
            let differ = next.chunks_exact(4).fold(0, |acc, p| acc | (word(p) ^ f));
            if differ != 0 {
                break;
            }
            j += 8;
        }
        while j < pixels.len() && pixels[j] == first {
            j += 1;
        }
        let k = key(first);
        let slot = (k.wrapping_mul(0x9e37_79b1) >> 20) as usize % SLOTS;
        let id = match recent[slot] {
            (rk, id) if id != 0 && rk == k => id - 1,
            _ => {
                let id = *ids.entry(k).or_insert_with(|| {
                    seen.push((k, 0));
                    u32::try_from(seen.len() - 1).unwrap_or(u32::MAX)
                });
                recent[slot] = (k, id.saturating_add(1));
                id
            }
        };
        let n = u32::try_from(j - i).unwrap_or(u32::MAX);
        if let Some(s) = seen.get_mut(id as usize) {
            s.1 += u64::from(n);
        }
        runs.push((id, n));
        i = j;
    }
    // A fixed order, so the same picture always gives the same bytes.
    let mut order: Vec<u32> = (0..seen.len() as u32).collect();
    order.sort_unstable_by_key(|&id| seen[id as usize].0);
    let colours: Vec<([u8; 4], u64)> = order
        .iter()
        .map(|&id| {
            let (k, n) = seen[id as usize];
            (k.to_be_bytes(), n)
        })
        .collect();
    // The palette, and the palette index of each colour, by its number.
    let mut index: Vec<u8> = vec![0; seen.len()];
    let palette = if colours.len() <= 256 {
        for (i, &id) in order.iter().enumerate() {
            index[id as usize] = u8::try_from(i).unwrap_or(0);
        }
        colours.iter().map(|&(c, _)| c).collect()
    } else {
        let (palette, boxes) = median_cut(&colours, 256);
        // A colour that is in the palette is itself (the first entry of equals); any
        // other is its box's mean.
        let mut exact: Map<u8> = Map::default();
        for (i, c) in palette.iter().enumerate().rev() {
            exact.insert(u32::from_be_bytes(*c), u8::try_from(i).unwrap_or(0));
        }
        for ((&id, (c, _)), &b) in order.iter().zip(&colours).zip(&boxes) {
            index[id as usize] = exact.get(&u32::from_be_bytes(*c)).copied().unwrap_or(b);
        }
        palette
    };
    let mut data: Vec<u8> = vec![0; pixels.len()];
    let mut at = 0;
    for (id, n) in runs {
        let i = index.get(id as usize).copied().unwrap_or(0);
        let end = at + n as usize;
        if let Some(run) = data.get_mut(at..end) {
            run.fill(i);
        }
        at = end;
    }
    let plte: Vec<u8> = palette.iter().flat_map(|c| [c[0], c[1], c[2]]).collect();
    let mut trns: Vec<u8> = palette.iter().map(|c| c[3]).collect();
    while trns.last() == Some(&255) {
        trns.pop();
    }
    write_png(
        pixmap.width(),
        pixmap.height(),
        ::png::ColorType::Indexed,
        Some(plte),
        (!trns.is_empty()).then_some(trns),
        &data,
        deflate,
    )
}

fn write_png(
    width: u32,
    height: u32,
    colour: ::png::ColorType,
    palette: Option<Vec<u8>>,
    trns: Option<Vec<u8>>,
    data: &[u8],
    deflate: Deflate,
) -> Result<Vec<u8>, PngError> {
    let mut out = Vec::new();
    {
        let mut encoder = ::png::Encoder::new(&mut out, width, height);
        encoder.set_color(colour);
        encoder.set_depth(::png::BitDepth::Eight);
        encoder.set_deflate_compression(match deflate {
            Deflate::Best => ::png::DeflateCompression::Level(9),
            Deflate::Balanced => ::png::DeflateCompression::Level(6),
            Deflate::Default => ::png::DeflateCompression::Level(2),
            Deflate::Fastest => ::png::DeflateCompression::FdeflateUltraFast,
        });
        if colour == ::png::ColorType::Indexed {
            // Row filters predict smooth gradients; palette indices are not smooth.
            // (Sub or Up with fdeflate: about twice the bytes of zlib level 2 with none.)
            encoder.set_filter(::png::Filter::NoFilter);
        }
        if let Some(p) = palette {
            encoder.set_palette(p);
        }
        if let Some(t) = trns {
            encoder.set_trns(t);
        }
        let mut writer = encoder
            .write_header()
            .map_err(|e| PngError::Encode(e.to_string()))?;
        writer
            .write_image_data(data)
            .map_err(|e| PngError::Encode(e.to_string()))?;
        writer
            .finish()
            .map_err(|e| PngError::Encode(e.to_string()))?;
    }
    Ok(out)
}

/// Split the colours into at most `k` boxes, always the box with the largest
/// pixels × widest channel, at its weighted median; each box gives its weighted mean.
/// Returns the means, and for each colour the index of its box's mean: a colour is
/// drawn in its own box's colour, which lies within the box (searching all `k` means for
/// the nearest was over a quarter of the encoding's own instructions, BENCHMARKS.md).
fn median_cut(colours: &[([u8; 4], u64)], k: usize) -> (Vec<[u8; 4]>, Vec<u8>) {
    /// A colour, its pixels, and where it is in `colours`.
    type Colour = ([u8; 4], u64, u32);
    struct Cube {
        colours: Vec<Colour>,
        weight: u64,
        channel: usize,
        range: u8,
    }
    fn cube(colours: Vec<Colour>) -> Cube {
        let mut weight = 0;
        let (mut lo, mut hi) = ([255u8; 4], [0u8; 4]);
        for &(c, w, _) in &colours {
            weight += w;
            for ch in 0..4 {
                lo[ch] = lo[ch].min(c[ch]);
                hi[ch] = hi[ch].max(c[ch]);
            }
        }
        let (mut channel, mut range) = (0, 0);
        for ch in 0..4 {
            let r = hi[ch].saturating_sub(lo[ch]);
            if r > range {
                (channel, range) = (ch, r);
            }
        }
        Cube {
            colours,
            weight,
            channel,
            range,
        }
    }
    let all: Vec<Colour> = colours
        .iter()
        .enumerate()
        .map(|(i, &(c, w))| (c, w, u32::try_from(i).unwrap_or(u32::MAX)))
        .collect();
    let mut cubes = vec![cube(all)];
    while cubes.len() < k {
        let Some((i, _)) = cubes
            .iter()
            .enumerate()
            .filter(|(_, c)| c.range > 0 && c.colours.len() > 1)
            .max_by_key(|(_, c)| {
                // The square root keeps a huge flat area from taking every split.
                (c.weight as f64).sqrt() as u64 * u64::from(c.range)
            })
        else {
            break;
        };
        let mut c = cubes.swap_remove(i);
        let ch = c.channel;
        // In order of the channel, then the whole colour (one number per colour), the cut
        // is after the colour where the weight reaches half. Found without sorting the
        // cube: the weights by the channel's value give the value it is reached at, and
        // only the colours of that value are sorted.
        let order =
            |col: &[u8; 4]| (u64::from(col[ch]) << 32) | u64::from(u32::from_be_bytes(*col));
        let half = c.weight / 2;
        let mut by_value = [0u64; 256];
        for (col, w, _) in &c.colours {
            by_value[usize::from(col[ch])] += w;
        }
        let mut acc = 0;
        let mut value = 255;
        for (v, &w) in by_value.iter().enumerate() {
            if w > 0 && acc + w >= half {
                value = v;
                break;
            }
            acc += w;
        }
        let below = c
            .colours
            .iter()
            .filter(|(col, _, _)| usize::from(col[ch]) < value)
            .count();
        let mut at_value: Vec<Colour> = c
            .colours
            .iter()
            .filter(|(col, _, _)| usize::from(col[ch]) == value)
            .copied()
            .collect();
        at_value.sort_unstable_by_key(|(col, _, _)| order(col));
        let mut cut = 1;
        for (j, (_, w, _)) in at_value.iter().enumerate() {
            acc += w;
            if acc >= half {
                cut = (below + j + 1).clamp(1, c.colours.len() - 1);
                break;
            }
        }
        // The `cut` first colours in that order, before the others.
        c.colours
            .select_nth_unstable_by_key(cut, |(col, _, _)| order(col));
        let upper = c.colours.split_off(cut);
        cubes.push(cube(c.colours));
        cubes.push(cube(upper));
    }
    let mut boxes = vec![0u8; colours.len()];
    let means = cubes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let i = u8::try_from(i).unwrap_or(u8::MAX);
            for &(_, _, at) in &c.colours {
                if let Some(b) = boxes.get_mut(at as usize) {
                    *b = i;
                }
            }
            let w = c.weight.max(1);
            let mut mean = [0u8; 4];
            for (ch, m) in mean.iter_mut().enumerate() {
                let sum: u64 = c
                    .colours
                    .iter()
                    .map(|(col, n, _)| u64::from(col[ch]) * n)
                    .sum();
                *m = u8::try_from((sum + w / 2) / w).unwrap_or(255);
            }
            mean
        })
        .collect();
    (means, boxes)
}

#[cfg(test)]
mod tests {
    use super::super::card_cost::Cost;
    use super::*;
    use crate::board::MAX_TURBULENCE_OCTAVES;

    fn svg(inner: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"100\" height=\"50\"><rect width=\"100\" height=\"50\" fill=\"#3366cc\"/>{inner}</svg>"
        )
    }

    #[test]
    fn a_card_is_drawn_on_a_square_fitted_and_centred() {
        let png = untrusted_card_png(&svg("")).expect("draws");
        let pixmap = Pixmap::decode_png(&png).expect("decodes");
        assert_eq!((pixmap.width(), pixmap.height()), (320, 320));
        // 100×50 fitted into 320×320: a 320×160 band in the middle, white above and below.
        let at = |x: u32, y: u32| pixmap.pixel(x, y).expect("pixel").demultiply();
        assert_eq!((at(160, 10).red(), at(160, 10).blue()), (255, 255));
        assert_eq!((at(160, 160).red(), at(160, 160).blue()), (0x33, 0xcc));
    }

    #[test]
    fn an_image_from_outside_is_refused_whatever_its_address() {
        for href in [
            "http://example.org/x.png",
            "file:///etc/passwd",
            "/etc/passwd",
            "x.png",
            "data:image/png;base64,iVBORw0KGgo=",
            "data:image/svg+xml;utf8,%3Csvg xmlns='http://www.w3.org/2000/svg' width='5' height='5'/%3E",
        ] {
            for attr in ["href", "xlink:href"] {
                let card = svg(&format!("<image {attr}=\"{href}\" width=\"10\" height=\"10\"/>"));
                let err = untrusted_card_png(&card).expect_err(href);
                assert!(matches!(err, CardSvgError::External(_)), "{href}: {err}");
            }
        }
    }

    #[test]
    fn script_and_event_handlers_are_ignored_and_the_png_has_none() {
        let card =
            svg("<script>alert(1)</script><rect onload=\"alert(2)\" width=\"10\" height=\"10\"/>");
        let png = untrusted_card_png(&card).expect("draws");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert!(!png.windows(6).any(|w| w == b"script" || w == b"alert("));
    }

    #[test]
    fn too_large_broken_or_explosive_svgs_are_refused() {
        let big = svg(&" ".repeat(MAX_CARD_SVG_BYTES));
        assert!(matches!(
            untrusted_card_png(&big),
            Err(CardSvgError::TooLarge { .. })
        ));
        assert!(matches!(
            untrusted_card_png("<svg"),
            Err(CardSvgError::Parse(_))
        ));
        assert!(matches!(
            untrusted_card_png("hello"),
            Err(CardSvgError::Parse(_))
        ));
        // Ten levels of ten uses each: 10^10 elements from a few hundred bytes.
        let mut defs = String::from("<g id=\"l0\"><rect width=\"1\" height=\"1\"/></g>");
        for level in 1..=10 {
            defs.push_str(&format!("<g id=\"l{level}\">"));
            for _ in 0..10 {
                defs.push_str(&format!("<use href=\"#l{}\"/>", level - 1));
            }
            defs.push_str("</g>");
        }
        let bomb = svg(&format!("<defs>{defs}</defs><use href=\"#l10\"/>"));
        assert!(matches!(
            untrusted_card_png(&bomb),
            Err(CardSvgError::TooComplex(_))
        ));
        let looped = svg("<g id=\"a\"><use href=\"#b\"/></g><g id=\"b\"><use href=\"#a\"/></g>");
        assert!(untrusted_card_png(&looped).is_err());
        let marker = svg("<marker id=\"m\"><rect width=\"1\" height=\"1\"/></marker><path d=\"M0 0L5 5\" marker-mid=\"url(#m)\"/>");
        assert!(matches!(
            untrusted_card_png(&marker),
            Err(CardSvgError::TooComplex(_))
        ));
        // Entities that expand a billion times.
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\"><!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\"><!ENTITY h \"&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;\"><!ENTITY i \"&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;\">]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text>&i;</text></svg>";
        assert!(matches!(
            untrusted_card_png(laughs),
            Err(CardSvgError::Parse(_))
        ));
    }

    /// The reason a card is refused as too complex; any other answer fails the test.
    fn too_complex(card: &str) -> String {
        match untrusted_card_png(card) {
            Err(CardSvgError::TooComplex(why)) => why,
            Err(e) => panic!("refused for another reason: {e}"),
            Ok(_) => panic!("drawn"),
        }
    }

    /// A filter `f` (its primitives) on the card's rect.
    fn filtered(primitives: &str) -> String {
        svg(&format!(
            "<filter id=\"f\">{primitives}</filter><rect width=\"100\" height=\"50\" filter=\"url(#f)\"/>"
        ))
    }

    #[test]
    fn a_turbulence_of_many_octaves_is_refused_before_drawing() {
        let card = filtered("<feTurbulence baseFrequency=\"0.05\" numOctaves=\"1000\"/>");
        let why = too_complex(&card);
        assert!(why.contains("numOctaves=\"1000\""), "{why}");
        assert!(why.contains(&MAX_TURBULENCE_OCTAVES.to_string()), "{why}");
        untrusted_card_png(&card.replace("1000", "10")).expect("ten octaves are drawn");
    }

    #[test]
    fn a_flood_of_text_is_refused_before_it_is_laid_out() {
        let flood = svg(&format!("<text y=\"20\">{}</text>", "W".repeat(20_000)));
        let why = too_complex(&flood);
        assert!(why.contains("characters of text"), "{why}");
        // Text used again counts again.
        let used = svg(&format!(
            "<defs><text id=\"t\" y=\"20\"><tspan>{}</tspan></text></defs>{}",
            "W".repeat(500),
            "<use href=\"#t\"/>".repeat(5)
        ));
        assert!(too_complex(&used).contains("characters of text"));
        let words = svg(&format!(
            "<text y=\"20\" font-size=\"2\">{}</text>",
            "W".repeat(2_000)
        ));
        untrusted_card_png(&words).expect("2000 characters are drawn");
    }

    #[test]
    fn a_huge_morphology_radius_is_refused_before_drawing() {
        let card = filtered("<feMorphology operator=\"dilate\" radius=\"100000000\"/>");
        let why = too_complex(&card);
        assert!(why.contains("feMorphology"), "{why}");
        untrusted_card_png(&card.replace("100000000", "2")).expect("a small radius is drawn");
    }

    #[test]
    fn stacked_blurs_are_refused_before_drawing() {
        // Groups inside each other, each blurred: a layer each, alive at once.
        // (Deeper than 64 elements is refused by the parser's check of `<use>` depth.)
        let nested = svg(&format!(
            "<filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter>{}<rect width=\"100\" height=\"50\"/>{}",
            "<g filter=\"url(#b)\">".repeat(60),
            "</g>".repeat(60)
        ));
        let why = too_complex(&nested);
        assert!(why.contains("MiB") || why.contains("million"), "{why}");
        // One filter of many steps: each result is kept until the filter ends.
        let long = filtered(&"<feGaussianBlur stdDeviation=\"3\"/>".repeat(500));
        let why = too_complex(&long);
        assert!(why.contains("MiB") || why.contains("million"), "{why}");
        untrusted_card_png(&filtered(&"<feGaussianBlur stdDeviation=\"3\"/>".repeat(3)))
            .expect("a few blurs are drawn");
    }

    #[test]
    fn clips_patterns_and_shapes_that_multiply_are_refused_before_drawing() {
        // Clip paths whose shapes are clipped by the clip path before: 10^8 clips.
        let mut defs =
            String::from("<clipPath id=\"c0\"><rect width=\"9\" height=\"9\"/></clipPath>");
        for level in 1..=8 {
            defs.push_str(&format!("<clipPath id=\"c{level}\">"));
            for _ in 0..10 {
                defs.push_str(&format!(
                    "<rect width=\"9\" height=\"9\" clip-path=\"url(#c{})\"/>",
                    level - 1
                ));
            }
            defs.push_str("</clipPath>");
        }
        let clips = svg(&format!(
            "<defs>{defs}</defs><rect width=\"100\" height=\"50\" clip-path=\"url(#c8)\"/>"
        ));
        assert!(too_complex(&clips).contains("million"));
        // A pattern tile of a million pixels a side.
        let tile = svg("<pattern id=\"p\" width=\"1000000\" height=\"1000000\" patternUnits=\"userSpaceOnUse\"><rect width=\"5\" height=\"5\"/></pattern><rect width=\"100\" height=\"50\" fill=\"url(#p)\"/>");
        assert!(too_complex(&tile).contains("MiB"));
        // A long path used 27,000 times (within the elements a card may expand to).
        let mut d = String::from("M0 0");
        for i in 0..2_000 {
            d.push_str(&format!("L{} {}", i % 100, (i * 7) % 50));
        }
        let mut defs = format!("<path id=\"l0\" d=\"{d}\" fill=\"none\" stroke=\"#000\"/>");
        for level in 1..=3 {
            defs.push_str(&format!("<g id=\"l{level}\">"));
            defs.push_str(&format!("<use href=\"#l{}\"/>", level - 1).repeat(30));
            defs.push_str("</g>");
        }
        let paths = svg(&format!("<defs>{defs}</defs><use href=\"#l3\"/>"));
        assert!(too_complex(&paths).contains("path data"));
        // Within the path data, drawn too often.
        let paths = svg(&format!(
            "<defs><path id=\"p\" d=\"{d}\" fill=\"none\" stroke=\"#000\"/></defs>{}",
            "<use href=\"#p\"/>".repeat(40)
        ));
        assert!(too_complex(&paths).contains("shapes"));
    }

    #[test]
    fn every_card_of_the_standard_deck_is_within_the_default_limits() {
        let mut most = Cost::default();
        for n in 0..crate::board::dreams::DECK_SIZE {
            let (tree, ts) = parse_card(&crate::board::dreams::card_svg(n)).expect("parses");
            let cost = card_cost(
                &tree,
                ts,
                CUSTOM_CARD_SIDE,
                CUSTOM_CARD_SIDE,
                CardLimits::default(),
            )
            .unwrap_or_else(|e| panic!("card {n}: {e:?}"));
            most.work = most.work.max(cost.work);
            most.peak_memory = most.peak_memory.max(cost.peak_memory);
        }
        println!("the standard deck's costliest card: {most:?}");
    }

    /// Not a check: prints each card's estimate next to the time it took to draw, to
    /// calibrate the costs (`cargo test -p hermes-api --lib costs_are -- --ignored --nocapture`).
    #[test]
    #[ignore = "a measurement, not a check"]
    fn costs_are_close_to_the_time_drawn() {
        let unlimited = CardLimits {
            work: u64::MAX,
            memory: u64::MAX,
        };
        let mut d = String::from("M0 0");
        for i in 0..2_000 {
            d.push_str(&format!("L{} {}", i % 100, (i * 7) % 50));
        }
        let cards = [
            ("standard card 0", crate::board::dreams::card_svg(0)),
            ("standard card 40", crate::board::dreams::card_svg(40)),
            ("turbulence 10", filtered("<feTurbulence baseFrequency=\"0.05\" numOctaves=\"10\"/>")),
            ("morphology 12", filtered("<feMorphology operator=\"dilate\" radius=\"12\"/>")),
            ("blur x20", filtered(&"<feGaussianBlur stdDeviation=\"3\"/>".repeat(20))),
            ("small blur x20", filtered(&"<feGaussianBlur stdDeviation=\"0.5\"/>".repeat(20))),
            ("lighting x10", filtered(&"<feSpecularLighting specularExponent=\"20\"><fePointLight x=\"5\" y=\"5\" z=\"20\"/></feSpecularLighting>".repeat(10))),
            ("convolve 9x9", filtered(&format!("<feConvolveMatrix order=\"9\" kernelMatrix=\"{}\"/>", "1 ".repeat(81)))),
            ("nested opacity x40", svg(&format!("{}<rect width=\"100\" height=\"50\"/>{}", "<g opacity=\"0.9\">".repeat(40), "</g>".repeat(40)))),
            ("text 2000", svg(&format!("<text y=\"20\" font-size=\"2\">{}</text>", "W".repeat(2_000)))),
            ("big text 2000", svg(&format!("<text y=\"20\" font-size=\"40\">{}</text>", "W ".repeat(1_000)))),
            ("path x900", svg(&format!("<defs><path id=\"p\" d=\"{d}\" fill=\"none\" stroke=\"#000\"/><g id=\"g\">{}</g></defs>{}", "<use href=\"#p\"/>".repeat(30), "<use href=\"#g\"/>".repeat(30)))),
            ("full rects x5000", svg(&"<rect width=\"100\" height=\"50\" fill=\"#123\"/>".repeat(5_000))),
            ("small blur x3", filtered(&"<feGaussianBlur stdDeviation=\"0.5\"/>".repeat(3))),
            ("nested blurs x6", svg(&format!("<filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter>{}<rect width=\"100\" height=\"50\"/>{}", "<g filter=\"url(#b)\">".repeat(6), "</g>".repeat(6)))),
            ("path x30", svg(&format!("<defs><path id=\"p\" d=\"{d}\" fill=\"none\" stroke=\"#000\"/></defs>{}", "<use href=\"#p\"/>".repeat(30)))),
            ("filled path x30", svg(&format!("<defs><path id=\"p\" d=\"{d}\"/></defs>{}", "<use href=\"#p\"/>".repeat(30)))),
            ("dashes", svg(&format!("<path d=\"{d}\" fill=\"none\" stroke=\"#000\" stroke-dasharray=\"0.01\"/>"))),
            ("dashes 0.02", svg(&format!("<path d=\"{d}\" fill=\"none\" stroke=\"#000\" stroke-dasharray=\"0.02\"/>"))),
            ("dashes 0.2", svg(&format!("<path d=\"{d}\" fill=\"none\" stroke=\"#000\" stroke-dasharray=\"0.2\"/>"))),
        ];
        for (name, card) in cards {
            let parsing = std::time::Instant::now();
            let parsed = parse_card(&card);
            let parsed_in = parsing.elapsed();
            let (tree, ts) = match parsed {
                Ok(t) => t,
                Err(e) => {
                    println!("{name}: {e}");
                    continue;
                }
            };
            let cost = card_cost(&tree, ts, CUSTOM_CARD_SIDE, CUSTOM_CARD_SIDE, unlimited)
                .expect("unlimited");
            let started = std::time::Instant::now();
            let mut pixmap = Pixmap::new(CUSTOM_CARD_SIDE, CUSTOM_CARD_SIDE).expect("pixmap");
            resvg::render(&tree, ts, &mut pixmap.as_mut());
            let took = started.elapsed();
            println!(
                "{name:>20}: parsed in {:>4} ms; estimated {:>6} M operations, {:>5} MiB; drawn in {:>6} ms ({:.2} ns a unit); within the defaults: {}",
                parsed_in.as_millis(),
                cost.work / 1_000_000,
                cost.peak_memory / (1024 * 1024),
                took.as_millis(),
                took.as_nanos() as f64 / cost.work.max(1) as f64,
                card_cost(&tree, ts, CUSTOM_CARD_SIDE, CUSTOM_CARD_SIDE, CardLimits::default()).is_ok(),
            );
        }
    }

    #[test]
    fn a_palette_png_keeps_flat_colours_exactly_and_others_close() {
        // 64 flat bands and a smooth gradient: more than 256 colours.
        let mut pixmap = Pixmap::new(256, 128).expect("pixmap");
        for (i, px) in pixmap.pixels_mut().iter_mut().enumerate() {
            let (x, y) = ((i % 256) as u8, (i / 256) as u8);
            let c = if y < 64 {
                resvg::tiny_skia::ColorU8::from_rgba(x & 0xc0, 0x40, 0x80, 255)
            } else {
                resvg::tiny_skia::ColorU8::from_rgba(x, y, 255 - x, 255)
            };
            *px = c.premultiply();
        }
        let png = encode_indexed(&pixmap).expect("encodes");
        assert_eq!(png[25], 3, "indexed colour");
        let back = Pixmap::decode_png(&png).expect("decodes");
        for (a, b) in pixmap.pixels().iter().zip(back.pixels()).take(256 * 64) {
            assert_eq!(a, b, "a flat colour changed");
        }
        let worst = pixmap
            .pixels()
            .iter()
            .zip(back.pixels())
            .map(|(a, b)| {
                (i32::from(a.red()) - i32::from(b.red())).abs()
                    + (i32::from(a.green()) - i32::from(b.green())).abs()
                    + (i32::from(a.blue()) - i32::from(b.blue())).abs()
            })
            .max()
            .unwrap_or(0);
        assert!(worst < 48, "a colour moved by {worst}");
    }
}
