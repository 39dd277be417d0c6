//! Pixels: small PNGs for mail (a palette of at most 256 colours), and drawing an SVG that
//! a user sent (a custom deck's card) into a PNG without letting it reach anything.
//!
//! A user's SVG is never served or embedded as SVG: it is drawn here, once, into a PNG of
//! a fixed size, and only the PNG is kept. Drawing it loads nothing: no file, no URL, no
//! image (even a `data:` one; a card that tries is refused, so its author learns why a part
//! is missing), no system font.

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

/// Draw a user's SVG as a [`CUSTOM_CARD_SIDE`]-pixel square PNG (fitted, centred, on white).
/// Checks the size first, loads nothing from outside, and refuses an SVG that asks to.
pub fn untrusted_card_png(svg: &str) -> Result<Vec<u8>, CardSvgError> {
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
    let mut pixmap = Pixmap::new(CUSTOM_CARD_SIDE, CUSTOM_CARD_SIDE).ok_or(CardSvgError::NoSize)?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        Transform::from_row(scale, 0.0, 0.0, scale, dx, dy),
        &mut pixmap.as_mut(),
    );
    encode_rgb(&pixmap).map_err(|e| CardSvgError::Encode(e.to_string()))
}

/// Refuse what would make usvg build an enormous tree from a small text: `<use>` chains
/// that multiply (each use copies its target), and markers (copied at every vertex).
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
    // Elements under `node`, each `<use>` counting its target's again; memoised, and a
    // reference loop counts as too complex.
    fn expanded<'a, 'i>(
        node: Node<'a, 'i>,
        by_id: &HashMap<&str, Node<'a, 'i>>,
        memo: &mut HashMap<NodeId, u64>,
        open: &mut Vec<NodeId>,
    ) -> Result<u64, CardSvgError> {
        if let Some(&n) = memo.get(&node.id()) {
            return Ok(n);
        }
        if open.contains(&node.id()) || open.len() > 64 {
            return Err(CardSvgError::TooComplex(
                "<use> elements refer to each other in a loop or too deeply".into(),
            ));
        }
        open.push(node.id());
        let mut total: u64 = 1;
        for child in node.children().filter(|c| c.is_element()) {
            total = total.saturating_add(expanded(child, by_id, memo, open)?);
        }
        if node.has_tag_name("use") {
            let href = node
                .attribute("href")
                .or_else(|| node.attribute((XLINK, "href")));
            if let Some(target) = href
                .and_then(|h| h.strip_prefix('#'))
                .and_then(|id| by_id.get(id))
            {
                total = total.saturating_add(expanded(*target, by_id, memo, open)?);
            }
        }
        open.pop();
        if total > MAX_EXPANDED_ELEMENTS {
            return Err(CardSvgError::TooComplex(format!(
                "it expands to more than {MAX_EXPANDED_ELEMENTS} elements"
            )));
        }
        memo.insert(node.id(), total);
        Ok(total)
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
    use super::*;

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
