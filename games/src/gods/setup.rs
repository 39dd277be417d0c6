//! Setting up a game (G-C, G-B3, G-B4, G-BAG1, G-BAG5).

use super::{
    Board, Cell, Colour, Draw, God, Gods, GodsOptions, Hex, PerColour, Phase, Tile,
    MARKERS_PER_GOD, START_CRYSTALS, STATE_FORMAT, TEMPLES_PER_GOD, VILLAGES_PER_COLOUR,
    VP_PER_COLOUR,
};
use crate::game::SetupError;
use crate::rng::Rng;

/// G-C3: tribes per colour, deserts, whirlwinds, extra-action tiles.
pub const TRIBES_PER_COLOUR: usize = 8;
pub const DESERTS: usize = 11;
pub const WHIRLWINDS: usize = 2;
pub const EXTRA_ACTIONS: usize = 2;

/// Every non-temple tile of a game with these options (before any is placed).
pub fn all_tiles(options: &GodsOptions) -> Vec<Tile> {
    let mut tiles = Vec::with_capacity(49);
    for c in Colour::ALL {
        tiles.extend(std::iter::repeat_n(Tile::Tribe(c), TRIBES_PER_COLOUR));
    }
    tiles.extend(std::iter::repeat_n(Tile::Desert, DESERTS));
    tiles.extend(std::iter::repeat_n(Tile::Whirlwind, WHIRLWINDS));
    tiles.extend(std::iter::repeat_n(Tile::ExtraAction, EXTRA_ACTIONS));
    match options.draw {
        Draw::Pile => tiles.push(Tile::GameEnd),
        Draw::Bag if options.decay_tile => tiles.push(Tile::Decay),
        Draw::Bag => {}
    }
    tiles
}

/// G-B3: the start layout: (hex, what lies there).
pub fn start_layout(seats: usize) -> Vec<(Hex, Cell)> {
    let t = |god| Cell::Temple { god };
    match seats {
        2 => vec![(Hex::new(0, 0), t(0)), (Hex::new(1, 0), t(1))],
        3 => vec![
            (Hex::new(0, 0), t(0)),
            (Hex::new(1, 0), t(1)),
            (Hex::new(0, 1), t(2)),
        ],
        _ => vec![
            (Hex::new(0, 0), Cell::Desert),
            (Hex::new(1, 0), t(0)),
            (Hex::new(1, -1), t(1)),
            (Hex::new(-1, 0), t(2)),
            (Hex::new(-1, 1), t(3)),
        ],
    }
}

pub(crate) fn new_game(
    mut rng: Rng,
    seats: usize,
    options: GodsOptions,
) -> Result<Gods, SetupError> {
    if !(2..=4).contains(&seats) {
        return Err(SetupError(format!("Gods is for 2 to 4 gods, not {seats}")));
    }
    if options.decay_tile && options.draw != Draw::Bag {
        return Err(SetupError(
            "the option decay_tile belongs to the bag variant: set draw to \"bag\" too (G-BAG5)"
                .into(),
        ));
    }
    if options.sudden_death && options.draw != Draw::Bag {
        return Err(SetupError(
            "the option sudden_death belongs to the bag variant: set draw to \"bag\" too (G-E2)"
                .into(),
        ));
    }
    let mut board = Board::default();
    let layout = start_layout(seats);
    for &(at, cell) in &layout {
        board.put(at, cell);
    }
    let mut tiles = all_tiles(&options);
    // The 4-god layout takes one desert from the 11 (G-B3).
    if layout.iter().any(|(_, c)| c.is_desert()) {
        if let Some(i) = tiles.iter().position(|&t| t == Tile::Desert) {
            tiles.remove(i);
        }
    }
    let pile = match options.draw {
        Draw::Pile => {
            let depth = usize::from(options.end_tile_depth);
            tiles.retain(|&t| t != Tile::GameEnd);
            if depth == 0 || depth > tiles.len() + 1 {
                return Err(SetupError(format!(
                    "end_tile_depth must be between 1 and {}, not {depth} (G-B4)",
                    tiles.len() + 1
                )));
            }
            rng.shuffle(&mut tiles);
            // The top of the pile is the end of the vector; "the last k tiles" are the
            // first k elements. Index 0 is the very last tile drawn.
            let from_bottom = rng.below(depth);
            tiles.insert(from_bottom, Tile::GameEnd);
            tiles
        }
        Draw::Bag => tiles,
    };
    let god = God {
        crystals: START_CRYSTALS,
        temples: TEMPLES_PER_GOD - 1,
        markers: MARKERS_PER_GOD,
        villages: PerColour::default(),
        vp: PerColour::default(),
        extra_actions: 0,
    };
    let mut game = Gods {
        format: STATE_FORMAT,
        options,
        rng,
        pile,
        display: Vec::new(),
        board,
        gods: vec![god; seats],
        village_supply: PerColour::all(VILLAGES_PER_COLOUR),
        vp_supply: PerColour::all(VP_PER_COLOUR),
        removed: Vec::new(),
        to_move: 0,
        phase: Phase::Actions,
        turn_number: 0,
        end: None,
    };
    let mut events = Vec::new();
    game.begin_turn(0, &mut events);
    Ok(game)
}
