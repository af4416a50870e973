//! Counting: pass-alive dead-stone removal (G-9) and the area count with komi 7 (G-10).
//!
//! Everything works on 128-bit cell masks: chains and regions are connected components
//! found by shift-and-mask flood fill, so a whole count costs a few thousand word
//! operations and no allocation beyond the small component lists.

use std::fmt;

use board_geometry::Point;
use game_core::{ByPlayer, Player};
use smallvec::SmallVec;

use crate::board::Board;
use crate::layout::{Mask, ON_BOARD, POINTS, bit, cell_of, components, points_of, spread};

/// Komi given to White (G-10, the seed's コミ7目).
pub const KOMI: u32 = 7;

/// What G-9's Benson-style computation finds for one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PassAlive {
    /// The colour's pass-alive chains.
    pub chains: Mask,
    /// The colour's pass-alive territory (regions, opponent stones included).
    pub territory: Mask,
}

/// G-9 for `player`'s stones on `board`.
///
/// Chains and regions are numbered (at most 81 of each), and sets of chains are 128-bit
/// masks of those numbers, so the whole computation runs in fixed arrays on the stack.
pub(crate) fn pass_alive(board: &Board, player: Player) -> PassAlive {
    let own = board.stones_of(player);
    let opponent = board.stones_of(player.other());
    if own == 0 {
        // G-9.4: territory needs a stone of the colour on the board.
        return PassAlive::default();
    }
    let empty = ON_BOARD & !own & !opponent;
    // G-9.1: the colour's chains, and its regions (maximal connected non-own sets).
    // (Lists that fill as they go: zeroing fixed arrays of 81 masks cost more than the
    // computation on the boards playouts end with. A 9×9 board has at most 41 chains of a
    // colour; more would only spill to the heap.)
    let mut chains: SmallVec<[Mask; 48]> = SmallVec::new();
    let mut reach: SmallVec<[Mask; 48]> = SmallVec::new();
    // The board keeps its chains: one lookup per chain instead of a flood fill.
    let mut left = own;
    while left != 0 {
        let chain = board.chain_at(left.trailing_zeros() as usize);
        left &= !chain;
        chains.push(chain);
        reach.push(spread(chain));
    }
    let chain_count = chains.len();
    // Per region: the chains bordering it, and those it is vital to (G-9.2: every empty
    // point of the region is a liberty of the chain).
    let mut regions: SmallVec<[Mask; 48]> = SmallVec::new();
    let mut borders: SmallVec<[u128; 48]> = SmallVec::new();
    let mut vital: SmallVec<[u128; 48]> = SmallVec::new();
    for region in components(ON_BOARD & !own) {
        let (mut border, mut vital_to) = (0u128, 0u128);
        for (i, &near) in reach.iter().enumerate() {
            if near & region != 0 {
                border |= 1 << i;
                if region & empty & !near == 0 {
                    vital_to |= 1 << i;
                }
            }
        }
        regions.push(region);
        borders.push(border);
        vital.push(vital_to);
    }
    // G-9.3: a region counts while every chain bordering it is alive; a chain with fewer
    // than two counting vital regions dies. Repeat until nothing changes.
    let mut alive: u128 = (1u128 << chain_count) - 1;
    loop {
        let (mut once, mut twice) = (0u128, 0u128);
        for (&border, &vital) in borders.iter().zip(&vital) {
            if border & !alive == 0 {
                let v = vital & alive;
                twice |= once & v;
                once |= v;
            }
        }
        let next = alive & twice;
        if next == alive {
            break;
        }
        alive = next;
    }
    let mut result = PassAlive::default();
    for (i, chain) in chains.iter().enumerate() {
        if alive & (1 << i) != 0 {
            result.chains |= chain;
        }
    }
    // G-9.4: territory is a region bordered only by pass-alive chains that is small (at
    // most one point not next to the colour) or holds no opponent stones.
    let next_to_own = spread(own);
    for (&region, &border) in regions.iter().zip(&borders) {
        // At most one point not next to the colour (a bit trick instead of a popcount).
        let far = region & !next_to_own;
        if border != 0
            && border & !alive == 0
            && (far & far.wrapping_sub(1) == 0 || region & opponent == 0)
        {
            result.territory |= region;
        }
    }
    result
}

/// G-9's pass-alive chains and territory of both colours, by point index.
pub(crate) fn pass_alive_map(board: &Board) -> Vec<Option<Player>> {
    let areas = [
        pass_alive(board, Player::First),
        pass_alive(board, Player::Second),
    ];
    (0..POINTS)
        .map(|i| {
            let cell = bit(cell_of(Point::from_index(i)));
            Player::BOTH
                .into_iter()
                .find(|p| (areas[p.index()].chains | areas[p.index()].territory) & cell != 0)
        })
        .collect()
}

/// The stones G-9 removes before counting: per colour, its stones inside the opponent's
/// pass-alive territory. Both colours are computed on the board as it stands.
pub(crate) fn dead_masks(board: &Board) -> [Mask; 2] {
    let black = board.stones_of(Player::First);
    let white = board.stones_of(Player::Second);
    let black_area = pass_alive(board, Player::First);
    let white_area = pass_alive(board, Player::Second);
    [black & white_area.territory, white & black_area.territory]
}

/// The count of a position (G-10), after G-9's removal: each colour's area, the neutral
/// points, komi, and the stones removed as dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Stones plus surrounded empty points per colour (komi not included).
    pub area: ByPlayer<u32>,
    /// Points that score for nobody (dame, seki, and empty regions touching no stone).
    pub neutral: u32,
    /// Stones removed as dead before counting, per colour (G-9).
    pub dead: ByPlayer<Vec<Point>>,
}

impl Score {
    /// Counts `board` as the final count does (G-9 removal, then G-10 area).
    #[must_use]
    pub fn count(board: &Board) -> Score {
        let dead = dead_masks(board);
        let black = board.stones_of(Player::First) & !dead[0];
        let white = board.stones_of(Player::Second) & !dead[1];
        let empty = ON_BOARD & !black & !white;
        // Each colour's surrounded regions are collected as one mask and counted once.
        let mut surrounded = [0 as Mask; 2];
        for region in components(empty) {
            let around = spread(region);
            match (around & black != 0, around & white != 0) {
                (true, false) => surrounded[0] |= region,
                (false, true) => surrounded[1] |= region,
                _ => {}
            }
        }
        let area = [
            (black | surrounded[0]).count_ones(),
            (white | surrounded[1]).count_ones(),
        ];
        let neutral = POINTS as u32 - area[0] - area[1];
        Score {
            area: ByPlayer::new(area[0], area[1]),
            neutral,
            dead: ByPlayer::new(points_of(dead[0]), points_of(dead[1])),
        }
    }

    /// White's total: area plus komi.
    #[must_use]
    pub fn white_total(&self) -> u32 {
        self.area.second + KOMI
    }

    /// Black's total minus White's total (komi included): positive when Black leads.
    #[must_use]
    pub fn margin(&self) -> i64 {
        i64::from(self.area.first) - i64::from(self.white_total())
    }

    /// The leader, or `None` for jigo.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.margin() {
            0 => None,
            m if m > 0 => Some(Player::First),
            _ => Some(Player::Second),
        }
    }

    /// The result as G-10 writes it: `B+3`, `W+10` or `0`.
    #[must_use]
    pub fn result(&self) -> String {
        match self.margin() {
            0 => "0".to_string(),
            m if m > 0 => format!("B+{m}"),
            m => format!("W+{}", -m),
        }
    }
}

impl fmt::Display for Score {
    /// The G-11 preview line: `Black 41 – White 47, komi 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Black {} – White {}, komi {KOMI}",
            self.area.first,
            self.white_total()
        )
    }
}
