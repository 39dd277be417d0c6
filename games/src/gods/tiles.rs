//! The pieces (G-C): tribe colours, the tiles of the pile or bag, what lies on a hex.

use crate::game::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// G-C1: the four tribe colours. They have nothing to do with the gods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tile of the draw pile or bag (G-C3, G-BAG5). Temples are not in the pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "colour")]
pub enum Tile {
    Tribe(Colour),
    Desert,
    Whirlwind,
    ExtraAction,
    GameEnd,
    Decay,
}

impl Tile {
    /// The tile's name in words and in the notation.
    pub fn name(self) -> String {
        match self {
            Tile::Tribe(c) => format!("{c} tribe"),
            Tile::Desert => "desert".into(),
            Tile::Whirlwind => "whirlwind".into(),
            Tile::ExtraAction => "extra-action tile".into(),
            Tile::GameEnd => "game-end tile".into(),
            Tile::Decay => "decay tile".into(),
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// What lies on a hex of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Cell {
    /// A tribe, with the marker of the god it worships, if any.
    Tribe {
        colour: Colour,
        marker: Option<Seat>,
    },
    Temple {
        god: Seat,
    },
    Desert,
    Decay,
}

impl Cell {
    pub fn is_desert(self) -> bool {
        matches!(self, Cell::Desert)
    }
}

/// A count per tribe colour, serialized as `{"red": n, "yellow": n, "green": n, "blue": n}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PerColour {
    pub red: u8,
    pub yellow: u8,
    pub green: u8,
    pub blue: u8,
}

impl PerColour {
    pub const fn all(n: u8) -> PerColour {
        PerColour {
            red: n,
            yellow: n,
            green: n,
            blue: n,
        }
    }

    pub fn get(&self, c: Colour) -> u8 {
        match c {
            Colour::Red => self.red,
            Colour::Yellow => self.yellow,
            Colour::Green => self.green,
            Colour::Blue => self.blue,
        }
    }

    pub fn get_mut(&mut self, c: Colour) -> &mut u8 {
        match c {
            Colour::Red => &mut self.red,
            Colour::Yellow => &mut self.yellow,
            Colour::Green => &mut self.green,
            Colour::Blue => &mut self.blue,
        }
    }

    pub fn total(&self) -> u32 {
        Colour::ALL.iter().map(|&c| u32::from(self.get(c))).sum()
    }

    /// How many colours have at least one.
    pub fn colours_held(&self) -> usize {
        Colour::ALL.iter().filter(|&&c| self.get(c) > 0).count()
    }
}
