//! The board's geometry (G-B1): an unbounded hex grid in axial coordinates.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex in axial coordinates `(q, r)`. Serialized as `[q, r]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

impl From<[i32; 2]> for Hex {
    fn from([q, r]: [i32; 2]) -> Hex {
        Hex { q, r }
    }
}

impl From<Hex> for [i32; 2] {
    fn from(h: Hex) -> [i32; 2] {
        [h.q, h.r]
    }
}

/// G-B1: the neighbour directions in canonical order: E, NE, NW, W, SW, SE.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Hex {
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The six neighbours in canonical order (G-B1), the order temple conversion uses.
    pub fn neighbours(self) -> [Hex; 6] {
        DIRECTIONS.map(|(dq, dr)| Hex::new(self.q + dq, self.r + dr))
    }

    pub fn is_adjacent(self, other: Hex) -> bool {
        self.neighbours().contains(&other)
    }
}

impl fmt::Display for Hex {
    /// The notation's form: `2,-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}
