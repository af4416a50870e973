//! The stones and their chains: a padded mailbox with every chain's stones and liberties
//! kept as 128-bit masks, updated incrementally as stones are placed and captured.

use board_geometry::{Point, zobrist};
use game_core::Player;

use crate::layout::{
    CELLS, Mask, ON_BOARD, POINTS, at_most_one, bit, cell_of, cells, components, near, near_cells,
    near_on, neighbours_in, orthogonal, point_of, spread,
};

/// What a cell holds.
pub(crate) const EMPTY: u8 = 0;
/// A cell outside the 9×9 board.
pub(crate) const EDGE: u8 = 3;

/// Per-cell arrays have 128 slots and are indexed with `cell & MASK_INDEX`, so the
/// compiler sees every index is in bounds and the hot paths carry no bounds checks.
const SLOTS: usize = 128;
const MASK_INDEX: usize = SLOTS - 1;

/// The cell content of a player's stone (1 for Black, 2 for White).
#[inline]
pub(crate) const fn stone(player: Player) -> u8 {
    player.index() as u8 + 1
}

const fn zobrist_table() -> [[u64; 2]; SLOTS] {
    let mut t = [[0u64; 2]; SLOTS];
    let mut i = 0;
    while i < POINTS {
        let c = cell_of(Point::from_index(i));
        t[c][0] = zobrist::key64(Point::from_index(i), 0);
        t[c][1] = zobrist::key64(Point::from_index(i), 1);
        i += 1;
    }
    t
}

/// Zobrist keys by cell and colour (the workspace's stable 64-bit table, keyed by point).
const ZOBRIST: [[u64; 2]; SLOTS] = zobrist_table();

/// The Zobrist key of a stone of `player` on `cell`.
#[inline]
pub(crate) fn key(cell: usize, player: Player) -> u64 {
    ZOBRIST[cell & MASK_INDEX][player.index() & 1]
}

/// The Zobrist hash of a whole board, computed from scratch (the reference the incremental
/// hash is tested against).
#[must_use]
pub(crate) fn hash_from_scratch(black: Mask, white: Mask) -> u64 {
    cells(black).fold(0, |h, c| h ^ key(c, Player::First))
        ^ cells(white).fold(0, |h, c| h ^ key(c, Player::Second))
}

/// What a placement would do, found without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlacementEffect {
    /// The opponent stones it removes (G-3).
    pub captured: Mask,
    /// Whether the placed stone's chain is left without liberties (suicide, G-3).
    pub suicide: bool,
}

/// A chain's stones and liberties, by its head cell (`Board::chains`).
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(32))]
struct Chain {
    stones: Mask,
    liberties: Mask,
}

/// The stones on the 9×9 board, their chains and the incremental Zobrist hash.
///
/// Equality compares the stones only (chain bookkeeping is derived data).
#[derive(Clone, Debug)]
pub struct Board {
    /// `EMPTY`, 1 (black), 2 (white) or `EDGE` per cell.
    colour: [u8; SLOTS],
    /// The head cell of the chain each stone belongs to.
    head: [u8; SLOTS],
    /// The chain whose head is the index: its stones and liberties side by side, so that
    /// a chain's look-up reads one cache line.
    chains: [Chain; SLOTS],
    /// The number of stones of the chain whose head is the index (merges keep the larger
    /// chain's head without a popcount).
    size: [u8; SLOTS],
    /// The stones of each colour.
    by_colour: [Mask; 2],
    /// The stones, of either colour, whose chain has exactly one liberty (in atari): a
    /// placement next to one of them on its liberty captures it if it is the opponent's,
    /// and gets no liberty from it if it is the mover's.
    in_atari: Mask,
    /// Zobrist hash of the stones.
    hash: u64,
    /// The empty cells, in no particular order (for random move choice in O(1)).
    empties: [u8; POINTS],
    /// The position of each empty cell in `empties`.
    empty_slot: [u8; SLOTS],
    /// How many entries of `empties` are in use.
    empty_count: u8,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.by_colour == other.by_colour
    }
}

impl Eq for Board {}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// The empty board.
    #[must_use]
    pub fn empty() -> Board {
        let mut colour = [EDGE; SLOTS];
        let mut empties = [0u8; POINTS];
        let mut empty_slot = [0u8; SLOTS];
        for (i, c) in cells(ON_BOARD).enumerate() {
            colour[c] = EMPTY;
            empties[i] = c as u8;
            empty_slot[c] = i as u8;
        }
        Board {
            colour,
            head: [0; SLOTS],
            chains: [Chain::default(); SLOTS],
            size: [0; SLOTS],
            by_colour: [0; 2],
            in_atari: 0,
            hash: 0,
            empties,
            empty_slot,
            empty_count: POINTS as u8,
        }
    }

    /// A board with these stones (masks over cells, disjoint, on the board), its chains
    /// computed from scratch. Chains without liberties are allowed here; callers check.
    pub(crate) fn from_masks(black: Mask, white: Mask) -> Board {
        let mut board = Board::empty();
        board.by_colour = [black & ON_BOARD, white & ON_BOARD & !black];
        let empty = board.empty_mask();
        for player in Player::BOTH {
            let own = board.by_colour[player.index()];
            for c in cells(own) {
                board.colour[c] = stone(player);
            }
            for chain in components(own) {
                let h = chain.trailing_zeros() as usize;
                board.chains[h].stones = chain;
                board.chains[h].liberties = spread(chain) & empty;
                board.size[h] = chain.count_ones() as u8;
                board.mark_atari(h);
                for c in cells(chain) {
                    board.head[c] = h as u8;
                }
            }
        }
        board.hash = hash_from_scratch(board.by_colour[0], board.by_colour[1]);
        board.empty_count = 0;
        for c in cells(empty) {
            board.push_empty(c);
        }
        board
    }

    /// The head cell of the chain of the stone on `c`.
    #[inline]
    fn head_of(&self, c: usize) -> usize {
        usize::from(self.head[c & MASK_INDEX]) & MASK_INDEX
    }

    /// Puts the stones of the chain with head `h` into `in_atari` if it has exactly one
    /// liberty, takes them out otherwise (after any change to its liberties).
    #[inline]
    fn mark_atari(&mut self, h: usize) {
        let chain = self.chains[h & MASK_INDEX];
        if at_most_one(chain.liberties) {
            self.in_atari |= chain.stones;
        } else {
            self.in_atari &= !chain.stones;
        }
    }

    /// The stones, of either colour, whose chain has exactly one liberty.
    #[inline]
    pub(crate) fn in_atari(&self) -> Mask {
        self.in_atari
    }

    #[inline]
    fn push_empty(&mut self, c: usize) {
        let n = usize::from(self.empty_count);
        self.empties[n] = c as u8;
        self.empty_slot[c & MASK_INDEX] = n as u8;
        self.empty_count += 1;
    }

    #[inline]
    fn take_empty(&mut self, c: usize) {
        let slot = usize::from(self.empty_slot[c & MASK_INDEX]);
        self.empty_count -= 1;
        let last = self.empties[usize::from(self.empty_count)];
        self.empties[slot] = last;
        self.empty_slot[usize::from(last) & MASK_INDEX] = slot as u8;
    }

    /// The empty cells, in no particular order (the list and how many entries are used).
    #[inline]
    pub(crate) fn empty_cells(&self) -> (&[u8; POINTS], usize) {
        (&self.empties, usize::from(self.empty_count))
    }

    /// The stones of `player` as a cell mask.
    #[inline]
    pub(crate) fn stones_of(&self, player: Player) -> Mask {
        self.by_colour[player.index()]
    }

    /// The empty on-board cells.
    #[inline]
    pub(crate) fn empty_mask(&self) -> Mask {
        ON_BOARD & !self.by_colour[0] & !self.by_colour[1]
    }

    /// The Zobrist hash of the stones (kept incrementally): the XOR, over every stone, of
    /// `board_geometry::zobrist::key64(point, colour)` with colour 0 for Black and 1 for
    /// White. Those keys are fixed, so a hash stays valid across versions.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The cell content (`EMPTY`, 1, 2 or `EDGE`).
    #[inline]
    pub(crate) fn cell(&self, c: usize) -> u8 {
        self.colour[c & MASK_INDEX]
    }

    /// The stone on `p`, if any.
    #[must_use]
    pub fn stone_at(&self, p: Point) -> Option<Player> {
        self.stone_at_cell(cell_of(p))
    }

    /// The stone on cell `c`, if any.
    #[inline]
    pub(crate) fn stone_at_cell(&self, c: usize) -> Option<Player> {
        match self.colour[c & MASK_INDEX] {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    /// The points holding `player`'s stones, in point order.
    #[must_use]
    pub fn stone_points(&self, player: Player) -> Vec<Point> {
        crate::layout::points_of(self.by_colour[player.index()])
    }

    /// The number of stones of `player`.
    #[must_use]
    pub fn stone_count(&self, player: Player) -> usize {
        self.by_colour[player.index()].count_ones() as usize
    }

    /// The stones of the chain through `p` (empty if `p` is empty), in point order.
    #[must_use]
    pub fn chain_points(&self, p: Point) -> Vec<Point> {
        let c = cell_of(p);
        if self.colour[c & MASK_INDEX] == EMPTY {
            return Vec::new();
        }
        crate::layout::points_of(self.chains[self.head_of(c)].stones)
    }

    /// The liberties of the chain through `p` (empty if `p` is empty), in point order.
    #[must_use]
    pub fn liberty_points(&self, p: Point) -> Vec<Point> {
        let c = cell_of(p);
        if self.colour[c & MASK_INDEX] == EMPTY {
            return Vec::new();
        }
        crate::layout::points_of(self.chains[self.head_of(c)].liberties)
    }

    /// The head cell of the chain of the stone on `c` (the same for all its stones).
    #[inline]
    pub(crate) fn head_at(&self, c: usize) -> usize {
        self.head_of(c)
    }

    /// The stones of the chain of the stone on `c`.
    #[inline]
    pub(crate) fn chain_at(&self, c: usize) -> Mask {
        self.chains[self.head_of(c)].stones
    }

    /// The liberty mask of the chain of the stone on `c`.
    #[inline]
    pub(crate) fn liberties_at(&self, c: usize) -> Mask {
        self.chains[self.head_of(c)].liberties
    }

    /// What placing a `player` stone on the empty cell `c` would capture, and whether it
    /// would be suicide (G-3: captures first, then the own chain's liberties).
    #[inline]
    pub(crate) fn effect(&self, c: usize, player: Player) -> PlacementEffect {
        let (own, opponent) = self.near_stones(c, player);
        self.effect_near(c, own, opponent)
    }

    /// Takes off the chain on `c` if it has no liberty (a suicide that was let through):
    /// only a planted bug plays such a stone; the rules forbid it (G-3).
    #[cfg(feature = "planted-bugs")]
    pub(crate) fn take_off_if_dead(&mut self, c: usize) {
        if self.cell(c) != EMPTY && self.liberties_at(c) == 0 {
            let chain = self.chains[self.head_of(c)].stones;
            *self = Board::from_masks(self.by_colour[0] & !chain, self.by_colour[1] & !chain);
        }
    }

    /// `player`'s and the opponent's stones next to `c`, as [`near`] words.
    #[inline]
    pub(crate) fn near_stones(&self, c: usize, player: Player) -> (u32, u32) {
        (
            near(c, self.by_colour[player.index()]),
            near(c, self.by_colour[player.other().index()]),
        )
    }

    /// [`Board::effect`] from the [`Board::near_stones`] of `c`.
    ///
    /// Only the stones actually next to `c` cost anything: most placements touch no
    /// opponent stone and have an empty neighbour.
    #[inline]
    pub(crate) fn effect_near(&self, c: usize, own: u32, opponent: u32) -> PlacementEffect {
        // A chain next to the empty `c` has `c` among its liberties: in atari, `c` is its
        // only one (an opponent's is captured, an own one gives no other liberty).
        let in_atari = near(c, self.in_atari);
        let mut captured = 0;
        for n in near_cells(c, opponent & in_atari) {
            captured |= self.chains[self.head_of(n)].stones;
        }
        let breathes = captured != 0 || near_on(c) & !own & !opponent != 0 || own & !in_atari != 0;
        PlacementEffect {
            captured,
            suicide: !breathes,
        }
    }

    /// Places a `player` stone on the empty cell `c`, removes the opponent chains left
    /// without liberties, and returns them. The caller has checked the move is not suicide.
    ///
    /// `near_own` and `near_opponent` are the [`Board::near_stones`] of `c` (read before
    /// the placement; the callers have them already).
    #[inline]
    pub(crate) fn place_near(
        &mut self,
        c: usize,
        player: Player,
        near_own: u32,
        near_opponent: u32,
    ) -> Mask {
        let me = bit(c);
        let around = orthogonal(c);
        self.colour[c & MASK_INDEX] = stone(player);
        self.take_empty(c);
        self.by_colour[player.index()] |= me;
        self.hash ^= key(c, player);
        let own = self.by_colour[player.index()];
        let opponent = self.by_colour[player.other().index()];
        // The new stone joins its first friendly neighbour's chain (or starts its own);
        // further friendly chains are merged into the larger one.
        let mut friends = near_cells(c, near_own);
        let first_friend = friends.next();
        let mut head = if let Some(first) = first_friend {
            let h = self.head_of(first);
            self.chains[h].stones |= me;
            self.size[h] += 1;
            h
        } else {
            self.chains[c & MASK_INDEX].stones = me;
            self.size[c & MASK_INDEX] = 1;
            self.chains[c & MASK_INDEX].liberties = 0;
            c
        };
        self.head[c & MASK_INDEX] = head as u8;
        self.chains[head & MASK_INDEX].liberties |= around & !own & !opponent;
        for n in friends {
            let other = self.head_of(n);
            if other != head {
                head = self.merge(head, other);
            }
        }
        self.chains[head & MASK_INDEX].liberties &= !me;
        self.mark_atari(head);
        let mut captured = 0;
        for n in near_cells(c, near_opponent) {
            let h = self.head_of(n);
            self.chains[h].liberties &= !me;
            if self.chains[h].liberties == 0 {
                captured |= self.chains[h].stones;
            } else {
                self.mark_atari(h);
            }
        }
        if captured != 0 {
            self.remove(captured, player.other());
        }
        captured
    }

    /// Merges two chains; returns the surviving head (the larger chain's, so the fewest
    /// stones are relabelled).
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (keep, gone) = if self.size[a & MASK_INDEX] >= self.size[b & MASK_INDEX] {
            (a, b)
        } else {
            (b, a)
        };
        for s in cells(self.chains[gone & MASK_INDEX].stones) {
            self.head[s & MASK_INDEX] = keep as u8;
        }
        self.chains[keep & MASK_INDEX].stones |= self.chains[gone & MASK_INDEX].stones;
        self.chains[keep & MASK_INDEX].liberties |= self.chains[gone & MASK_INDEX].liberties;
        self.size[keep & MASK_INDEX] += self.size[gone & MASK_INDEX];
        keep
    }

    /// Removes the stones `captured` of `owner`, giving their points back as liberties to
    /// the neighbouring chains of the other colour.
    fn remove(&mut self, captured: Mask, owner: Player) {
        self.by_colour[owner.index()] &= !captured;
        self.in_atari &= !captured;
        let capturer = self.by_colour[owner.other().index()];
        for s in cells(captured) {
            self.colour[s & MASK_INDEX] = EMPTY;
            self.push_empty(s);
            self.hash ^= key(s, owner);
            for n in neighbours_in(s, capturer) {
                let h = self.head_of(n);
                self.chains[h].liberties |= bit(s);
                self.mark_atari(h);
            }
        }
    }

    /// Checks the chain bookkeeping and hash against a from-scratch recomputation.
    ///
    /// # Errors
    /// A message naming the first disagreement.
    pub(crate) fn validate(&self) -> Result<(), String> {
        let fresh = Board::from_masks(self.by_colour[0], self.by_colour[1]);
        if self.hash != fresh.hash {
            return Err(format!(
                "incremental hash {:#x} differs from the from-scratch hash {:#x}",
                self.hash, fresh.hash
            ));
        }
        let listed = self.empties[..usize::from(self.empty_count)]
            .iter()
            .fold(0, |m, &c| m | bit(usize::from(c)));
        if listed != self.empty_mask() || self.empty_count as u32 != listed.count_ones() {
            return Err("the list of empty points is wrong".into());
        }
        if self.by_colour[0] & self.by_colour[1] != 0 {
            return Err("a cell holds both colours".into());
        }
        if self.in_atari != fresh.in_atari {
            return Err("the stones in atari are wrong".into());
        }
        for c in 0..CELLS {
            let expected = if ON_BOARD & bit(c) == 0 {
                EDGE
            } else if self.by_colour[0] & bit(c) != 0 {
                1
            } else if self.by_colour[1] & bit(c) != 0 {
                2
            } else {
                EMPTY
            };
            if self.colour[c & MASK_INDEX] != expected {
                return Err(format!(
                    "cell {c} holds {} not {expected}",
                    self.colour[c & MASK_INDEX]
                ));
            }
            if expected == 1 || expected == 2 {
                let mine = self.head_of(c);
                let theirs = usize::from(fresh.head[c]);
                if self.chains[mine & MASK_INDEX].stones != fresh.chains[theirs].stones {
                    return Err(format!(
                        "the chain through {} is wrong",
                        point_of(c).index()
                    ));
                }
                if self.chains[mine & MASK_INDEX].liberties != fresh.chains[theirs].liberties {
                    return Err(format!(
                        "the liberties of the chain through point {} are wrong",
                        point_of(c).index()
                    ));
                }
                if u32::from(self.size[mine & MASK_INDEX])
                    != fresh.chains[theirs].stones.count_ones()
                {
                    return Err(format!(
                        "the stone count of the chain through point {} is wrong",
                        point_of(c).index()
                    ));
                }
                if self.chains[mine & MASK_INDEX].liberties == 0 {
                    return Err(format!(
                        "the chain through point {} has no liberties",
                        point_of(c).index()
                    ));
                }
            }
        }
        Ok(())
    }

    /// A copy that stores `hash` as its hash, right or wrong (for tests that change one
    /// part of a game).
    #[cfg(test)]
    pub(crate) fn with_stored_hash(&self, hash: u64) -> Board {
        Board {
            hash,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Places a `player` stone on the point with index `i` (row-major) and checks the board.
    fn place(board: &mut Board, i: usize, player: Player) {
        let c = cell_of(Point::from_index(i));
        let (own, opponent) = board.near_stones(c, player);
        board.place_near(c, player, own, opponent);
        board.validate().unwrap();
    }

    /// "Board design" in docs/go9.md: when a stone joins chains, the larger chain keeps its
    /// head, so only the smaller chain's stones are relabelled. Checked with the larger
    /// chain on either side of the joining stone, so that it is once the first friend the
    /// new stone meets and once a later one.
    #[test]
    fn joining_chains_keeps_the_larger_chains_head() {
        // Points 18..=26 are one row: a chain of three and a single stone, one point apart.
        for (long, single, join) in [([18, 19, 20], 22, 21), ([24, 25, 26], 22, 23)] {
            let mut board = Board::empty();
            for i in long {
                place(&mut board, i, Player::First);
            }
            place(&mut board, single, Player::First);
            let long_head = board.head_at(cell_of(Point::from_index(long[0])));
            let single_head = board.head_at(cell_of(Point::from_index(single)));
            assert_ne!(long_head, single_head);
            place(&mut board, join, Player::First);
            for i in long.into_iter().chain([single, join]) {
                assert_eq!(
                    board.head_at(cell_of(Point::from_index(i))),
                    long_head,
                    "stone {i} of the joined chain"
                );
            }
            assert_eq!(board.chain_at(long_head).count_ones(), 5);
        }
    }

    /// `validate`, the consistency check the random-game tests lean on (G-3, G-4), must
    /// notice each kind of corruption of the incremental board.
    #[test]
    fn validate_notices_each_corrupted_part_of_the_board() {
        let mut board = Board::empty();
        for (i, player) in [
            (30, Player::First),
            (31, Player::First),
            (40, Player::Second),
        ] {
            place(&mut board, i, player);
        }
        let chain = cell_of(Point::from_index(30));
        let head = board.head_at(chain);
        // Each corruption is given the board and the head cell of the black chain.
        type Corruption = fn(&mut Board, usize);
        let corruptions: [(&str, Corruption); 7] = [
            ("hash", |b, _| b.hash ^= 1),
            ("empty list one short", |b, _| b.empty_count -= 1),
            ("chain stones", |b, h| {
                b.chains[h].stones &= b.chains[h].stones - 1
            }),
            ("chain liberties", |b, h| {
                b.chains[h].liberties &= b.chains[h].liberties - 1
            }),
            ("chain size", |b, h| b.size[h] += 1),
            ("stones in atari", |b, _| b.in_atari ^= b.by_colour[1]),
            ("colour", |b, h| b.colour[h] = EMPTY),
        ];
        for (what, corrupt) in corruptions {
            let mut broken = board.clone();
            corrupt(&mut broken, head);
            assert!(broken.validate().is_err(), "a corrupted {what} passed");
        }
    }
}
