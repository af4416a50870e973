//! Counting: pass-alive dead-stone removal (G-9) and the area count with komi 7 (G-10).
//!
//! Everything works on 128-bit cell masks: chains and regions are connected components
//! found by shift-and-mask flood fill, so a whole count costs a few thousand word
//! operations and no allocation beyond the small component lists.

use std::cmp::Ordering;
use std::fmt;

use board_geometry::Point;
use game_core::{ByPlayer, Player};
use smallvec::SmallVec;

use crate::board::Board;
use crate::layout::{
    Mask, ON_BOARD, POINTS, at_most_one, bit, cell_of, cells, components, neighbours_in, points_of,
    spread,
};

/// Komi given to White (G-10; the seed text gives White seven points).
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
    // `number[head]` is the chain's number, for the one-point regions below.
    let mut number = [0u8; 128];
    let mut left = own;
    while left != 0 {
        let c = left.trailing_zeros() as usize;
        let chain = board.chain_at(c);
        left &= !chain;
        number[board.head_at(c)] = chains.len() as u8;
        chains.push(chain);
        reach.push(spread(chain));
    }
    let chain_count = chains.len();
    // Per region: the chains bordering it, and those it is vital to (G-9.2: every empty
    // point of the region is a liberty of the chain).
    let mut regions: SmallVec<[Mask; 48]> = SmallVec::new();
    let mut borders: SmallVec<[u128; 48]> = SmallVec::new();
    let mut vital: SmallVec<[u128; 48]> = SmallVec::new();
    // One-point regions (most of them at the end of a playout: eyes) need no flood fill:
    // they border the chains of their own-colour neighbours and are vital to all of them
    // (an empty point is a liberty of each; an opponent stone has no empty point).
    let others = ON_BOARD & !own;
    let lonely = others & !spread(others);
    for c in cells(lonely) {
        let border = neighbours_in(c, own).fold(0u128, |b, n| b | 1 << number[board.head_at(n)]);
        regions.push(bit(c));
        borders.push(border);
        vital.push(border);
    }
    for region in components(others & !lonely) {
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
        // At most one point not next to the colour.
        let far = region & !next_to_own;
        if border != 0 && border & !alive == 0 && (at_most_one(far) || region & opponent == 0) {
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
/// pass-alive territory. Both colours are computed on the board as it stands. (The count
/// itself goes through [`CountDetail::of`]; the tests check it against this.)
#[cfg(test)]
pub(crate) fn dead_masks(board: &Board) -> [Mask; 2] {
    let black = board.stones_of(Player::First);
    let white = board.stones_of(Player::Second);
    let black_area = pass_alive(board, Player::First);
    let white_area = pass_alive(board, Player::Second);
    [black & white_area.territory, white & black_area.territory]
}

/// The count of a position (G-10) as a small `Copy` value: each colour's area, the
/// neutral points, komi and how many stones G-9 removed. It is what a counted
/// [`EndReason`](crate::EndReason) carries; [`Score`] has the dead stones themselves.
///
/// ```
/// use go9::{AreaCount, Go9, Player};
/// let count = AreaCount::count(Go9::new().board());
/// assert_eq!(count.area[Player::First], 0);
/// assert_eq!(count.neutral, 81);
/// assert_eq!((count.margin(), count.result()), (-7, "W+7".to_string()));
/// assert_eq!(count.to_string(), "Black 0 – White 7, komi 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct AreaCount {
    /// Stones plus surrounded empty points per colour (komi not included).
    pub area: ByPlayer<u32>,
    /// Points that score for nobody (dame, seki, and empty regions touching no stone).
    pub neutral: u32,
    /// Komi given to White (always [`KOMI`]).
    pub komi: u32,
    /// How many stones of each colour were removed as dead before counting (G-9).
    pub dead: ByPlayer<u32>,
}

impl AreaCount {
    /// Counts `board` as the final count does (G-9 removal, then G-10 area), allocating
    /// nothing.
    #[must_use]
    pub fn count(board: &Board) -> AreaCount {
        count_with_dead(board).0
    }

    /// White's total: area plus komi.
    #[must_use]
    pub fn white_total(&self) -> u32 {
        self.area.second + self.komi
    }

    /// Black's total minus White's total (komi included): positive when Black leads.
    #[must_use]
    pub fn margin(&self) -> i64 {
        i64::from(self.area.first) - i64::from(self.white_total())
    }

    /// The leader, or `None` for jigo.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.margin().cmp(&0) {
            Ordering::Greater => Some(Player::First),
            Ordering::Less => Some(Player::Second),
            Ordering::Equal => None,
        }
    }

    /// The result as G-10 writes it: `B+3`, `W+10` or `0`.
    #[must_use]
    pub fn result(&self) -> String {
        let m = self.margin();
        match m.cmp(&0) {
            Ordering::Greater => format!("B+{m}"),
            Ordering::Less => format!("W+{}", -m),
            Ordering::Equal => "0".to_string(),
        }
    }
}

impl fmt::Display for AreaCount {
    /// The G-11 preview line: `Black 41 – White 47, komi 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Black {} – White {}, komi {}",
            self.area.first,
            self.white_total(),
            self.komi
        )
    }
}

/// The komi of the count: [`KOMI`].
fn komi() -> u32 {
    // Planted bug (tests only): komi 6.
    if game_core::planted::is("G-10") {
        KOMI - 1
    } else {
        KOMI
    }
}

/// The count of `board`, the stones G-9 removed before it and the empty points each
/// colour surrounds (its territory), per colour.
fn count_with_dead(board: &Board) -> (AreaCount, [Mask; 2], [Mask; 2]) {
    let detail = CountDetail::of(board);
    (detail.count, detail.dead, detail.territory)
}

/// The count of a position with what the computer's tree moves need besides
/// (`opponent::tree`): each colour's territory and its pass-alive territory (G-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CountDetail {
    /// The count (G-9 removal, then G-10 area).
    pub count: AreaCount,
    /// Per colour, its stones G-9 removed.
    pub dead: [Mask; 2],
    /// Per colour, the points it surrounds once the dead stones are off (the dead stones'
    /// points included).
    pub territory: [Mask; 2],
    /// Per colour, its pass-alive territory (G-9.4).
    pub pass_alive: [Mask; 2],
}

impl CountDetail {
    /// Counts `board` as the final count does and keeps the masks on the way.
    pub(crate) fn of(board: &Board) -> CountDetail {
        let areas = [
            pass_alive(board, Player::First).territory,
            pass_alive(board, Player::Second).territory,
        ];
        // Planted bug (tests only): no stone is removed as dead before the count.
        let dead = if game_core::planted::is("G-9") {
            [0; 2]
        } else {
            [
                board.stones_of(Player::First) & areas[1],
                board.stones_of(Player::Second) & areas[0],
            ]
        };
        let (count, territory) = area_after_removal(board, dead);
        CountDetail {
            count,
            dead,
            territory,
            pass_alive: areas,
        }
    }
}

/// G-10's area of `board` once the `dead` stones are off: the count and each colour's
/// surrounded points.
fn area_after_removal(board: &Board, dead: [Mask; 2]) -> (AreaCount, [Mask; 2]) {
    let black = board.stones_of(Player::First) & !dead[0];
    let white = board.stones_of(Player::Second) & !dead[1];
    let empty = ON_BOARD & !black & !white;
    // Each colour's surrounded regions are collected as one mask and counted once.
    // One-point regions (eyes, mostly) are sorted in bulk: all their neighbours are
    // stones, so they are a colour's if no neighbour has the other colour.
    let lonely = empty & !spread(empty);
    let mut surrounded = [lonely & !spread(white), lonely & !spread(black)];
    for region in components(empty & !lonely) {
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
    let count = AreaCount {
        area: ByPlayer::new(area[0], area[1]),
        neutral: POINTS as u32 - area[0] - area[1],
        komi: komi(),
        dead: ByPlayer::new(dead[0].count_ones(), dead[1].count_ones()),
    };
    (count, surrounded)
}

/// The count of a position (G-10), after G-9's removal: each colour's area, the neutral
/// points, and the stones removed as dead ([`AreaCount`] is the same without the list of
/// dead stones).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Score {
    /// Stones plus surrounded empty points per colour (komi not included).
    pub area: ByPlayer<u32>,
    /// Points that score for nobody (dame, seki, and empty regions touching no stone).
    pub neutral: u32,
    /// Stones removed as dead before counting, per colour (G-9).
    pub dead: ByPlayer<Vec<Point>>,
    /// The empty points each colour surrounds once the dead stones are off (G-10): with the
    /// colour's living stones they make its area. A dead stone's point counts here as the
    /// empty point it becomes.
    pub territory: ByPlayer<Vec<Point>>,
}

impl Score {
    /// Counts `board` as the final count does (G-9 removal, then G-10 area).
    #[must_use]
    pub fn count(board: &Board) -> Score {
        let (count, dead, territory) = count_with_dead(board);
        Score {
            area: count.area,
            neutral: count.neutral,
            dead: ByPlayer::new(points_of(dead[0]), points_of(dead[1])),
            territory: ByPlayer::new(points_of(territory[0]), points_of(territory[1])),
        }
    }

    /// The same count without the list of dead stones (a `Copy` value).
    #[must_use]
    pub fn summary(&self) -> AreaCount {
        AreaCount {
            area: self.area,
            neutral: self.neutral,
            komi: komi(),
            dead: ByPlayer::new(self.dead.first.len() as u32, self.dead.second.len() as u32),
        }
    }

    /// White's total: area plus komi.
    #[must_use]
    pub fn white_total(&self) -> u32 {
        self.summary().white_total()
    }

    /// Black's total minus White's total (komi included): positive when Black leads.
    #[must_use]
    pub fn margin(&self) -> i64 {
        self.summary().margin()
    }

    /// The leader, or `None` for jigo.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.summary().winner()
    }

    /// The result as G-10 writes it: `B+3`, `W+10` or `0`.
    #[must_use]
    pub fn result(&self) -> String {
        self.summary().result()
    }
}

impl fmt::Display for Score {
    /// The G-11 preview line: `Black 41 – White 47, komi 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.summary().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Go9;
    use game_core::{Game, GameRng};

    /// G-9 as first written: chains by flood fill, every region by flood fill, fixed
    /// arrays. The faster `pass_alive` must agree with it everywhere.
    fn reference_pass_alive(own: Mask, opponent: Mask) -> PassAlive {
        if own == 0 {
            // G-9.4: territory needs a stone of the colour on the board.
            return PassAlive::default();
        }
        let empty = ON_BOARD & !own & !opponent;
        // G-9.1: the colour's chains, and its regions (maximal connected non-own sets).
        let mut chains = [0 as Mask; POINTS];
        let mut reach = [0 as Mask; POINTS];
        let mut chain_count = 0;
        for chain in components(own) {
            chains[chain_count] = chain;
            reach[chain_count] = spread(chain);
            chain_count += 1;
        }
        // Per region: the chains bordering it, and those it is vital to (G-9.2: every empty
        // point of the region is a liberty of the chain).
        let mut regions = [0 as Mask; POINTS];
        let mut borders = [0u128; POINTS];
        let mut vital = [0u128; POINTS];
        let mut region_count = 0;
        for region in components(ON_BOARD & !own) {
            for (i, &near) in reach[..chain_count].iter().enumerate() {
                if near & region != 0 {
                    borders[region_count] |= 1 << i;
                    if region & empty & !near == 0 {
                        vital[region_count] |= 1 << i;
                    }
                }
            }
            regions[region_count] = region;
            region_count += 1;
        }
        // G-9.3: a region counts while every chain bordering it is alive; a chain with fewer
        // than two counting vital regions dies. Repeat until nothing changes.
        let mut alive: u128 = (1u128 << chain_count) - 1;
        loop {
            let (mut once, mut twice) = (0u128, 0u128);
            for (&border, &vital) in borders[..region_count].iter().zip(&vital[..region_count]) {
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
        for (i, chain) in chains[..chain_count].iter().enumerate() {
            if alive & (1 << i) != 0 {
                result.chains |= chain;
            }
        }
        // G-9.4: territory is a region bordered only by pass-alive chains that is small (at
        // most one point not next to the colour) or holds no opponent stones.
        let next_to_own = spread(own);
        for (&region, &border) in regions[..region_count].iter().zip(&borders[..region_count]) {
            if border != 0
                && border & !alive == 0
                && ((region & !next_to_own).count_ones() <= 1 || region & opponent == 0)
            {
                result.territory |= region;
            }
        }
        result
    }

    /// The area count as first written: every empty region by flood fill.
    /// Each colour's area and the neutral points, and each colour's territory, by flood
    /// fill of every empty region.
    fn reference_area(board: &Board) -> ([u32; 3], [Mask; 2]) {
        let dead = dead_masks(board);
        let black = board.stones_of(Player::First) & !dead[0];
        let white = board.stones_of(Player::Second) & !dead[1];
        let mut area = [black.count_ones(), white.count_ones(), 0];
        let mut territory = [0 as Mask; 2];
        for region in components(ON_BOARD & !black & !white) {
            let around = spread(region);
            let i = match (around & black != 0, around & white != 0) {
                (true, false) => 0,
                (false, true) => 1,
                _ => 2,
            };
            area[i] += region.count_ones();
            if i < 2 {
                territory[i] |= region;
            }
        }
        (area, territory)
    }

    #[test]
    fn pass_alive_and_the_count_agree_with_the_first_implementation() {
        let mut boards = 0;
        for seed in 0..300 {
            let mut rng = GameRng::seed_from(seed);
            let mut state = Go9::new();
            loop {
                let board = state.board();
                for player in Player::BOTH {
                    let own = board.stones_of(player);
                    let opponent = board.stones_of(player.other());
                    assert_eq!(
                        pass_alive(board, player),
                        reference_pass_alive(own, opponent),
                        "seed {seed}, ply {}",
                        state.ply()
                    );
                }
                let score = Score::count(board);
                let ([b, w, n], territory) = reference_area(board);
                assert_eq!(
                    (score.area.first, score.area.second, score.neutral),
                    (b, w, n)
                );
                assert_eq!(
                    (&score.territory.first, &score.territory.second),
                    (&points_of(territory[0]), &points_of(territory[1]))
                );
                boards += 1;
                match state.playout_move(&mut rng) {
                    Some(mv) => state.play(mv).unwrap(),
                    None => break,
                }
            }
        }
        assert!(boards > 300 * 50);
    }
}
