//! What drawing a user's card would cost, found before drawing it.
//!
//! resvg cannot be stopped once it draws, and a few hundred bytes of SVG can ask it for
//! hours of work or gigabytes: `feTurbulence` costs its octaves at every pixel,
//! `feMorphology` its radius squared, each filter primitive keeps a picture of the
//! filter's region until the filter ends, each group with opacity, a filter, a clip or a
//! mask draws into a picture of its own, and clip paths, masks and patterns referring to
//! each other are drawn once per use. So the parsed tree is walked the way resvg 0.49
//! draws it (`resvg::render`: the same layer sizes, the same recursion), adding up the
//! pixel operations and the pictures alive at once, and the card is refused as soon as
//! either passes its bound. A walk ends as soon as the bound is passed, and every step of
//! it counts at least [`NODE`] operations, so the walk itself is bounded too.
//!
//! The costs are per pixel of the picture a step works on, roughly calibrated so that a
//! unit is about a nanosecond of one core (the `costs_are_close_to_the_time_drawn` test
//! prints both); they are an upper bound in spirit, not a measurement.

use resvg::tiny_skia::{IntRect, Rect, Transform};
use resvg::usvg::{self, filter::Kind, Group, Node};

/// The bounds on one card's drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardLimits {
    /// Pixel operations (about a nanosecond each).
    pub work: u64,
    /// Bytes of pictures alive at once.
    pub memory: u64,
}

impl Default for CardLimits {
    fn default() -> CardLimits {
        CardLimits {
            work: DEFAULT_CARD_WORK_MILLIONS * 1_000_000,
            memory: DEFAULT_CARD_MEMORY_MIB * 1024 * 1024,
        }
    }
}

/// `deck_card_work`'s default, in millions of pixel operations: about a tenth of a
/// second of one core (measured from 0.3 to 2 ns a unit, unloaded), so a deck of such
/// cards takes under half a minute. The service's own 72 cards cost at most 2 million
/// each; a card with a dozen blurs or drop shadows over its whole face about 80.
pub const DEFAULT_CARD_WORK_MILLIONS: u64 = 100;
/// `deck_card_memory_mib`'s default: six pictures of the largest layer resvg draws
/// (five times the card's side squared, 10 MiB), far more than a card needs.
pub const DEFAULT_CARD_MEMORY_MIB: u64 = 64;
/// The most `feTurbulence` octaves: each adds half as much as the one before, so past ten
/// the difference is below what a pixel's 8 bits show, and each costs the whole region.
pub const MAX_TURBULENCE_OCTAVES: u32 = 10;

/// Each step of the drawing (a node, a primitive): its fixed overhead.
const NODE: u64 = 1_000;
/// Per point of a path filled, and stroked (the stroker makes a new path of it).
const FILL_POINT: u64 = 20;
const STROKE_POINT: u64 = 150;
/// Per pixel an edge of a path spans on the device: the rasteriser steps every edge
/// through four sub-rows a row, and keeps the edges crossing a row sorted (measured:
/// a stroked zigzag of 2,000 points took about 1.5 ns a unit at these costs). A fill's
/// edges count their height, a stroke's outline both sides of its length.
const FILL_EDGE_PX: u64 = 64;
const STROKE_EDGE_PX: u64 = 128;
/// Per pixel covered by a fill or stroke; a gradient or pattern costs more per pixel.
const PAINT_PX: u64 = 2;
const SHADER_PX: u64 = 6;
/// Per pixel of a layer: cleared when made, composited when done (measured: about 11 ns
/// a pixel for groups with opacity).
const LAYER_PX: u64 = 12;
/// Per pixel of a clip or a mask: its picture, made, converted and applied.
const MASK_PX: u64 = 4;

/// Why a card costs too much: what passed its bound, and where most of the work was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooCostly(pub String);

/// The parts work is attributed to, for the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Paths,
    Layers,
    ClipsAndMasks,
    Patterns,
    Filter(&'static str),
}

impl Part {
    fn name(self) -> String {
        match self {
            Part::Paths => "shapes and text".into(),
            Part::Layers => "groups drawn apart (opacity, filters, clips, masks)".into(),
            Part::ClipsAndMasks => "clip paths and masks".into(),
            Part::Patterns => "patterns".into(),
            Part::Filter(kind) => format!("{kind} filters"),
        }
    }
}

/// The estimated work and peak memory of a card that is within its bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cost {
    pub work: u64,
    pub peak_memory: u64,
}

struct Walk {
    limits: CardLimits,
    work: u64,
    memory: u64,
    peak: u64,
    parts: Vec<(Part, u64)>,
}

type Step = Result<(), TooCostly>;

impl Walk {
    fn charge(&mut self, part: Part, units: u64) -> Step {
        let units = units.saturating_add(NODE);
        self.work = self.work.saturating_add(units);
        match self.parts.iter_mut().find(|(p, _)| *p == part) {
            Some((_, n)) => *n = n.saturating_add(units),
            None => self.parts.push((part, units)),
        }
        if self.work > self.limits.work {
            let (most, _) = self
                .parts
                .iter()
                .copied()
                .max_by_key(|&(_, n)| n)
                .unwrap_or((part, units));
            return Err(TooCostly(format!(
                "drawing it would take more than {} million pixel operations (most of them in \
                 its {}); a card may take at most {} million",
                self.limits.work / 1_000_000,
                most.name(),
                self.limits.work / 1_000_000
            )));
        }
        Ok(())
    }

    /// A picture of `w` × `h` pixels comes alive.
    fn hold(&mut self, w: u32, h: u32) -> Result<u64, TooCostly> {
        let bytes = u64::from(w) * u64::from(h) * 4;
        self.memory = self.memory.saturating_add(bytes);
        self.peak = self.peak.max(self.memory);
        if self.memory > self.limits.memory {
            return Err(TooCostly(format!(
                "drawing it would need more than {} MiB of pictures at once (groups with \
                 opacity, filters, clips or masks inside each other, filters of many \
                 steps, or large patterns each need one); a card may need at most {} MiB",
                self.limits.memory / (1024 * 1024),
                self.limits.memory / (1024 * 1024)
            )));
        }
        Ok(bytes)
    }

    fn release(&mut self, bytes: u64) {
        self.memory = self.memory.saturating_sub(bytes);
    }
}

fn px(w: u32, h: u32) -> u64 {
    u64::from(w) * u64::from(h)
}

/// The cost of `resvg::render(tree, transform, pixmap)` on a `width` × `height` pixmap,
/// or why it is too much.
pub fn card_cost(
    tree: &usvg::Tree,
    transform: Transform,
    width: u32,
    height: u32,
    limits: CardLimits,
) -> Result<Cost, TooCostly> {
    let mut walk = Walk {
        limits,
        work: 0,
        memory: 0,
        peak: 0,
        parts: Vec::new(),
    };
    let canvas = walk.hold(width, height)?;
    walk.charge(Part::Layers, px(width, height) * LAYER_PX)?;
    // resvg's `max_filter_bbox`: layers are clamped to five times the canvas.
    let max_bbox = IntRect::from_xywh(
        i32::try_from(width).unwrap_or(i32::MAX).saturating_mul(-2),
        i32::try_from(height).unwrap_or(i32::MAX).saturating_mul(-2),
        width.saturating_mul(5),
        height.saturating_mul(5),
    );
    if let Some(max_bbox) = max_bbox {
        nodes(&mut walk, tree.root(), max_bbox, transform, (width, height))?;
    }
    walk.release(canvas);
    Ok(Cost {
        work: walk.work,
        peak_memory: walk.peak,
    })
}

fn nodes(
    walk: &mut Walk,
    parent: &Group,
    max_bbox: IntRect,
    ts: Transform,
    target: (u32, u32),
) -> Step {
    for node in parent.children() {
        match node {
            Node::Group(group) => self::group(walk, group, max_bbox, ts, target)?,
            Node::Path(path) => {
                if path.is_visible() {
                    self::path(walk, path, max_bbox, ts, target, true)?;
                }
            }
            // Cards may hold no image (refused before this); its area, to be safe.
            Node::Image(_) => walk.charge(Part::Paths, px(target.0, target.1) * PAINT_PX)?,
            Node::Text(text) => self::group(walk, text.flattened(), max_bbox, ts, target)?,
        }
    }
    Ok(())
}

/// resvg's `render_group` and `render_layer`.
fn group(
    walk: &mut Walk,
    group: &Group,
    max_bbox: IntRect,
    ts: Transform,
    target: (u32, u32),
) -> Step {
    let ts = ts.pre_concat(group.transform());
    if !group.should_isolate() {
        return nodes(walk, group, max_bbox, ts, target);
    }
    walk.charge(Part::Layers, 0)?;
    let rest = if group.filters().is_empty() {
        Transform::identity()
    } else {
        let sx = ts.sx.hypot(ts.ky);
        let sy = ts.kx.hypot(ts.sy);
        Transform::from_row(ts.sx / sx, ts.ky / sx, ts.kx / sy, ts.sy / sy, 0.0, 0.0)
    };
    let Some(inv_rest) = rest.invert() else {
        return Ok(());
    };
    let Some(max_bbox) = max_bbox
        .to_rect()
        .transform(inv_rest)
        .and_then(|r| r.round_out())
    else {
        return Ok(());
    };
    let ts = inv_rest.pre_concat(ts);
    let Some(bbox) = group.layer_bounding_box().transform(ts) else {
        return Ok(());
    };
    let ibbox = if group.filters().is_empty() {
        IntRect::from_xywh(
            (bbox.x().floor() as i32).saturating_sub(2),
            (bbox.y().floor() as i32).saturating_sub(2),
            (bbox.width().ceil() as u32).saturating_add(4),
            (bbox.height().ceil() as u32).saturating_add(4),
        )
    } else {
        IntRect::from_xywh(
            bbox.x().floor() as i32,
            bbox.y().floor() as i32,
            bbox.width().ceil().max(1.0) as u32,
            bbox.height().ceil().max(1.0) as u32,
        )
    };
    let Some(ibbox) = ibbox.and_then(|r| fit_to_rect(r, max_bbox)) else {
        return Ok(());
    };
    let ts = Transform::from_translate(-ibbox.x() as f32, -ibbox.y() as f32).pre_concat(ts);
    let (w, h) = (ibbox.width(), ibbox.height());
    let layer = walk.hold(w, h)?;
    walk.charge(Part::Layers, px(w, h) * LAYER_PX)?;
    nodes(walk, group, max_bbox, ts, (w, h))?;
    for f in group.filters() {
        filter(walk, f, ts, (w, h))?;
    }
    if let Some(clip) = group.clip_path() {
        clip_path(walk, clip, ts, (w, h))?;
    }
    if let Some(m) = group.mask() {
        mask(walk, m, max_bbox, ts, (w, h))?;
    }
    walk.release(layer);
    Ok(())
}

/// A blur's cost a pixel, as resvg's `resolve_std_dev` chooses it: a box blur (five
/// passes each way, whatever the deviation) from a deviation of 2 pixels, below that an
/// IIR blur, which measured about ten times as slow.
fn blur_px(std_dx: f32, std_dy: f32, sx: f32, sy: f32) -> u64 {
    let (dx, dy) = (std_dx * sx, std_dy * sy);
    if dx.abs() < 1e-6 && dy.abs() < 1e-6 {
        0
    } else if dx >= 2.0 || dy >= 2.0 {
        40
    } else {
        400
    }
}

fn fit_to_rect(r: IntRect, bounds: IntRect) -> Option<IntRect> {
    IntRect::from_ltrb(
        r.left().max(bounds.left()),
        r.top().max(bounds.top()),
        r.right().min(bounds.right()),
        r.bottom().min(bounds.bottom()),
    )
}

/// The pixels of `rect` (in `ts`'s user space) on a `target`-sized picture.
fn covered(rect: Rect, ts: Transform, target: (u32, u32)) -> u64 {
    let Some(r) = rect.transform(ts) else {
        return 0;
    };
    let w = (r.right().min(target.0 as f32) - r.left().max(0.0)).max(0.0);
    let h = (r.bottom().min(target.1 as f32) - r.top().max(0.0)).max(0.0);
    // Anti-aliasing touches a pixel more on each side.
    ((w.ceil() as u64).saturating_add(2)).saturating_mul((h.ceil() as u64).saturating_add(2))
}

fn path(
    walk: &mut Walk,
    path: &usvg::Path,
    max_bbox: IntRect,
    ts: Transform,
    target: (u32, u32),
    stroke: bool,
) -> Step {
    let points = path.data().points().len() as u64;
    // The points' polygon on the device: at least as long as the curves through them.
    let (mut length, mut height) = (0f64, 0f64);
    let mut last: Option<(f32, f32)> = None;
    for p in path.data().points() {
        let mut q = *p;
        ts.map_point(&mut q);
        let (x, y) = (q.x, q.y);
        if let Some((lx, ly)) = last {
            let (dx, dy) = (f64::from(x - lx), f64::from(y - ly));
            length += dx.hypot(dy);
            height += dy.abs();
        }
        last = Some((x, y));
    }
    let edge_px = |px: f64, per_px: u64| -> u64 {
        if px.is_finite() {
            (px.min(1e15) as u64).saturating_mul(per_px)
        } else {
            u64::MAX
        }
    };
    if let Some(fill) = path.fill() {
        let area = covered(path.bounding_box(), ts, target);
        walk.charge(
            Part::Paths,
            (points * FILL_POINT).saturating_add(edge_px(height, FILL_EDGE_PX)),
        )?;
        paint(walk, fill.paint(), max_bbox, ts, area)?;
    }
    if let Some(s) = path.stroke().filter(|_| stroke) {
        let area = covered(path.stroke_bounding_box(), ts, target);
        let mut segments = points;
        if let Some(dashes) = s.dasharray() {
            // tiny-skia dashes a path into at most a million pieces; the pieces are
            // the path's length over the pattern's (the points' polygon is at least
            // as long as the curves through them).
            let period: f32 = dashes.iter().sum();
            let length: f32 = path
                .data()
                .points()
                .windows(2)
                .map(|p| p[0].distance(p[1]))
                .sum();
            let pieces = if period > 0.0 {
                (length / period * dashes.len() as f32).min(1e6) as u64
            } else {
                0
            };
            segments = segments.saturating_add(pieces.saturating_mul(4));
        }
        walk.charge(
            Part::Paths,
            segments
                .saturating_mul(STROKE_POINT)
                .saturating_add(edge_px(length, STROKE_EDGE_PX)),
        )?;
        paint(walk, s.paint(), max_bbox, ts, area)?;
    }
    Ok(())
}

fn paint(
    walk: &mut Walk,
    paint: &usvg::Paint,
    max_bbox: IntRect,
    ts: Transform,
    area: u64,
) -> Step {
    match paint {
        usvg::Paint::Color(_) => walk.charge(Part::Paths, area * PAINT_PX),
        usvg::Paint::LinearGradient(_) | usvg::Paint::RadialGradient(_) => {
            walk.charge(Part::Paths, area * SHADER_PX)
        }
        usvg::Paint::Pattern(pattern) => {
            // resvg's `render_pattern_pixmap`: one tile at the device's scale.
            let (sx, sy) = ts.pre_concat(pattern.transform()).get_scale();
            let rect = pattern.rect();
            let (w, h) = (
                (rect.width() * sx).round().max(0.0),
                (rect.height() * sy).round().max(0.0),
            );
            if !(w >= 1.0 && h >= 1.0) {
                return Ok(());
            }
            // Saturating: a tile too large for u32 is refused by `hold` as u32::MAX.
            let (w, h) = (w.min(u32::MAX as f32) as u32, h.min(u32::MAX as f32) as u32);
            let tile = walk.hold(w, h)?;
            walk.charge(Part::Patterns, px(w, h) * LAYER_PX + area * SHADER_PX)?;
            nodes(
                walk,
                pattern.root(),
                max_bbox,
                Transform::from_scale(sx, sy),
                (w, h),
            )?;
            walk.release(tile);
            Ok(())
        }
    }
}

/// resvg's `clip::apply`.
fn clip_path(walk: &mut Walk, clip: &usvg::ClipPath, ts: Transform, target: (u32, u32)) -> Step {
    let picture = walk.hold(target.0, target.1)?;
    // Its alpha as a mask: a quarter of the bytes.
    let alpha = walk.hold(target.0, target.1.div_ceil(4))?;
    walk.charge(Part::ClipsAndMasks, px(target.0, target.1) * MASK_PX)?;
    clip_children(walk, clip.root(), ts.pre_concat(clip.transform()), target)?;
    if let Some(inner) = clip.clip_path() {
        clip_path(walk, inner, ts, target)?;
    }
    walk.release(alpha);
    walk.release(picture);
    Ok(())
}

/// resvg's `clip::draw_children`: paths are filled only; a group with its own clip path
/// is drawn on a picture of its own.
fn clip_children(walk: &mut Walk, parent: &Group, ts: Transform, target: (u32, u32)) -> Step {
    let nowhere = IntRect::from_xywh(0, 0, 1, 1);
    for node in parent.children() {
        match node {
            Node::Path(p) => {
                if p.is_visible() {
                    if let Some(nowhere) = nowhere {
                        path(walk, p, nowhere, ts, target, false)?;
                    }
                }
            }
            Node::Text(text) => clip_children(walk, text.flattened(), ts, target)?,
            Node::Group(group) => {
                let ts = ts.pre_concat(group.transform());
                walk.charge(Part::ClipsAndMasks, 0)?;
                if let Some(clip) = group.clip_path() {
                    let picture = walk.hold(target.0, target.1)?;
                    walk.charge(Part::ClipsAndMasks, px(target.0, target.1) * MASK_PX)?;
                    clip_children(walk, group, ts, target)?;
                    clip_path(walk, clip, ts, target)?;
                    walk.release(picture);
                } else {
                    clip_children(walk, group, ts, target)?;
                }
            }
            Node::Image(_) => {}
        }
    }
    Ok(())
}

/// resvg's `mask::apply`.
fn mask(
    walk: &mut Walk,
    mask: &usvg::Mask,
    max_bbox: IntRect,
    ts: Transform,
    target: (u32, u32),
) -> Step {
    walk.charge(Part::ClipsAndMasks, px(target.0, target.1))?;
    if mask.root().children().is_empty() {
        return Ok(());
    }
    let picture = walk.hold(target.0, target.1)?;
    let alpha = walk.hold(target.0, target.1.div_ceil(4))?;
    walk.charge(Part::ClipsAndMasks, px(target.0, target.1) * MASK_PX)?;
    nodes(walk, mask.root(), max_bbox, ts, target)?;
    if let Some(inner) = mask.mask() {
        self::mask(walk, inner, max_bbox, ts, target)?;
    }
    walk.release(alpha);
    walk.release(picture);
    Ok(())
}

/// resvg's `filter::apply`: every primitive works on the whole filter region, and each
/// result is kept until the filter ends.
fn filter(
    walk: &mut Walk,
    filter: &usvg::filter::Filter,
    ts: Transform,
    target: (u32, u32),
) -> Step {
    let Some(region) = filter.rect().transform(ts).map(|r| r.to_int_rect()) else {
        return Ok(());
    };
    let Some(canvas) = IntRect::from_xywh(0, 0, target.0, target.1) else {
        return Ok(());
    };
    let Some(region) = fit_to_rect(region, canvas) else {
        return Ok(());
    };
    let (w, h) = (region.width(), region.height());
    let n = px(w, h);
    let ts = ts.post_translate(-region.x() as f32, -region.y() as f32);
    let (sx, sy) = ts.get_scale();
    let mut held = vec![walk.hold(w, h)?];
    for primitive in filter.primitives() {
        // Colour space conversions, copies of inputs shared with later primitives.
        let base = 4 * n;
        let (name, per_px) = match primitive.kind() {
            Kind::Blend(_) => ("feBlend", 8),
            Kind::ColorMatrix(_) => ("feColorMatrix", 8),
            Kind::ComponentTransfer(_) => ("feComponentTransfer", 8),
            Kind::Composite(_) => ("feComposite", 8),
            Kind::ConvolveMatrix(fe) => (
                "feConvolveMatrix",
                u64::from(fe.matrix().columns())
                    .saturating_mul(u64::from(fe.matrix().rows()))
                    .saturating_mul(4)
                    .saturating_add(8),
            ),
            Kind::DiffuseLighting(_) => ("feDiffuseLighting", 120),
            Kind::SpecularLighting(_) => ("feSpecularLighting", 160),
            Kind::DisplacementMap(_) => ("feDisplacementMap", 12),
            // A blur, an offset, a flood and a composite.
            Kind::DropShadow(fe) => (
                "feDropShadow",
                blur_px(fe.std_dev_x().get(), fe.std_dev_y().get(), sx, sy) + 20,
            ),
            Kind::Flood(_) => ("feFlood", 2),
            Kind::GaussianBlur(fe) => (
                "feGaussianBlur",
                blur_px(fe.std_dev_x().get(), fe.std_dev_y().get(), sx, sy),
            ),
            Kind::Image(fe) => {
                let picture = walk.hold(w, h)?;
                walk.charge(Part::Filter("feImage"), n * LAYER_PX)?;
                if let Some(inner) = IntRect::from_xywh(0, 0, w, h) {
                    nodes(
                        walk,
                        fe.root(),
                        inner,
                        Transform::from_scale(sx, sy),
                        (w, h),
                    )?;
                }
                walk.release(picture);
                ("feImage", 0)
            }
            Kind::Merge(fe) => ("feMerge", (fe.inputs().len() as u64).saturating_mul(6)),
            Kind::Morphology(fe) => {
                // Every pixel looks at its (2rx + 1) × (2ry + 1) neighbours; resvg clamps
                // the radius to the region.
                let rx = (fe.radius_x().get() * sx).round().clamp(0.0, w as f32) as u64;
                let ry = (fe.radius_y().get() * sy).round().clamp(0.0, h as f32) as u64;
                ("feMorphology", (2 * rx + 1) * (2 * ry + 1) * 2 + 4)
            }
            Kind::Offset(_) => ("feOffset", 4),
            Kind::Tile(_) => ("feTile", 8),
            Kind::Turbulence(fe) => {
                if fe.num_octaves() > MAX_TURBULENCE_OCTAVES {
                    return Err(TooCostly(format!(
                        "an feTurbulence has numOctaves=\"{}\"; a card may use at most {} \
                         (past that an octave changes no pixel, and each costs the whole \
                         region)",
                        fe.num_octaves(),
                        MAX_TURBULENCE_OCTAVES
                    )));
                }
                // Four channels, each octave a noise lookup (measured: about 65 ns an
                // octave a pixel).
                ("feTurbulence", u64::from(fe.num_octaves().max(1)) * 4 * 20)
            }
        };
        walk.charge(
            Part::Filter(name),
            n.saturating_mul(per_px).saturating_add(base),
        )?;
        held.push(walk.hold(w, h)?);
    }
    walk.charge(Part::Filter("filter"), n * LAYER_PX)?;
    for bytes in held {
        walk.release(bytes);
    }
    Ok(())
}
