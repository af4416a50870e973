//! The padded 11×11 mailbox behind the 9×9 board, and 128-bit masks over it.
//!
//! A cell index is `(row + 1) * 11 + (col + 1)`: the 9×9 points sit inside a one-cell
//! frame, so a neighbour is always `cell ± 1` or `cell ± 11` and never needs a bounds
//! check. 121 cells fit one `u128`, so a set of points (a chain's stones, its liberties,
//! the black stones) is one machine-word pair and union, intersection and popcount are a
//! handful of instructions.

use board_geometry::Point;

/// The board's side (G-1).
pub const SIZE: usize = 9;
/// Points on the board.
pub const POINTS: usize = SIZE * SIZE;
/// Width of the padded mailbox.
pub(crate) const WIDTH: usize = SIZE + 2;
/// Cells of the padded mailbox.
pub(crate) const CELLS: usize = WIDTH * WIDTH;

/// A set of cells as a bit mask (bit `c` = cell `c`).
pub(crate) type Mask = u128;

/// The cell of a board point.
#[inline]
pub(crate) const fn cell_of(p: Point) -> usize {
    let i = p.index();
    (i / SIZE + 1) * WIDTH + i % SIZE + 1
}

const fn point_table() -> [u8; 128] {
    let mut t = [0u8; 128];
    let mut c = 0;
    while c < 128 {
        if ON_BOARD & (1u128 << c) != 0 {
            t[c] = ((c / WIDTH - 1) * SIZE + c % WIDTH - 1) as u8;
        }
        c += 1;
    }
    t
}

/// The point index of every on-board cell (a table read instead of a division by 11).
const POINT_INDEX: [u8; 128] = point_table();

/// The board point of an on-board cell.
#[inline]
pub(crate) const fn point_of(cell: usize) -> Point {
    Point::from_index(POINT_INDEX[cell & 127] as usize)
}

const fn bit_table() -> [Mask; 128] {
    let mut t = [0u128; 128];
    let mut c = 0;
    while c < 128 {
        t[c] = 1u128 << c;
        c += 1;
    }
    t
}

/// `1 << c` for every cell: a 128-bit shift by a variable amount is half a dozen
/// instructions on x86-64, a table read is one or two.
const BITS: [Mask; 128] = bit_table();

/// The single-cell mask (`cell` is below 128).
#[inline]
pub(crate) const fn bit(cell: usize) -> Mask {
    BITS[cell & 127]
}

const fn on_board_mask() -> Mask {
    let mut m = 0u128;
    let mut row = 0;
    while row < SIZE {
        let mut col = 0;
        while col < SIZE {
            m |= 1u128 << ((row + 1) * WIDTH + col + 1);
            col += 1;
        }
        row += 1;
    }
    m
}

/// Every on-board cell.
pub(crate) const ON_BOARD: Mask = on_board_mask();

const fn adjacency_tables() -> ([Mask; 128], [Mask; 128], [bool; 128]) {
    let mut orthogonal = [0u128; 128];
    let mut diagonal = [0u128; 128];
    let mut edge = [false; 128];
    let mut c = 0;
    while c < 128 {
        if ON_BOARD & (1u128 << c) != 0 {
            orthogonal[c] = spread(1u128 << c);
            let d = (1u128 << (c - WIDTH - 1))
                | (1u128 << (c - WIDTH + 1))
                | (1u128 << (c + WIDTH - 1))
                | (1u128 << (c + WIDTH + 1));
            diagonal[c] = d & ON_BOARD;
            edge[c] = orthogonal[c].count_ones() < 4;
        }
        c += 1;
    }
    (orthogonal, diagonal, edge)
}

const ADJACENCY: ([Mask; 128], [Mask; 128], [bool; 128]) = adjacency_tables();

/// The on-board orthogonal neighbours of cell `c`.
#[inline]
pub(crate) const fn orthogonal(c: usize) -> Mask {
    ADJACENCY.0[c & 127]
}

/// The on-board diagonal neighbours of cell `c`.
#[inline]
pub(crate) const fn diagonal(c: usize) -> Mask {
    ADJACENCY.1[c & 127]
}

/// Whether cell `c` lies on the edge of the board.
#[inline]
pub(crate) const fn on_edge(c: usize) -> bool {
    ADJACENCY.2[c & 127]
}

/// The bits of the four neighbours of a cell `c` in a mask shifted right by `c - WIDTH`.
const NEAR_BITS: u32 = 1 | 1 << (WIDTH - 1) | 1 << (WIDTH + 1) | 1 << (2 * WIDTH);

/// The neighbours of the on-board cell `c` that lie in `m`, as bits of a 32-bit word: bit
/// `i` stands for cell `c - WIDTH + i`, so only bits 0, `WIDTH - 1`, `WIDTH + 1` and
/// `2 * WIDTH` can be set. One 128-bit shift; everything after it is 32-bit work.
#[inline]
pub(crate) fn near(c: usize, m: Mask) -> u32 {
    (m >> (c - WIDTH)) as u32 & NEAR_BITS
}

const fn near_on_table() -> [u32; 128] {
    let mut t = [0u32; 128];
    // Every cell that has a near word: from the first cell of the mailbox's second row on.
    let mut c = WIDTH;
    while c < 128 {
        t[c] = (ON_BOARD >> (c - WIDTH)) as u32 & NEAR_BITS;
        c += 1;
    }
    t
}

/// `near(c, ON_BOARD)` for every cell from `WIDTH` on: the neighbours that are on the board.
const NEAR_ON: [u32; 128] = near_on_table();

/// The on-board neighbours of `c` as a [`near`] word.
#[inline]
pub(crate) const fn near_on(c: usize) -> u32 {
    NEAR_ON[c & 127]
}

/// The cells of a [`near`] word of `c`, lowest first.
#[inline]
pub(crate) fn near_cells(c: usize, mut bits: u32) -> impl Iterator<Item = usize> {
    let base = c - WIDTH;
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let n = base + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(n)
        }
    })
}

/// The orthogonal neighbours of the on-board cell `c` that lie in `m`, lowest first
/// (a loop over `cells(orthogonal(c) & m)` would pay 128-bit operations at every step).
#[inline]
pub(crate) fn neighbours_in(c: usize, m: Mask) -> impl Iterator<Item = usize> {
    near_cells(c, near(c, m))
}

/// Whether `m` holds no cell or a single one (a chain in atari has one liberty).
#[inline]
pub(crate) const fn at_most_one(m: Mask) -> bool {
    m & m.wrapping_sub(1) == 0
}

/// The on-board cells orthogonally adjacent to some cell of `m` (may include `m` itself).
#[inline]
pub(crate) const fn spread(m: Mask) -> Mask {
    ((m << 1) | (m >> 1) | (m << WIDTH) | (m >> WIDTH)) & ON_BOARD
}

/// The connected part of `within` that contains `seed` (which must lie in `within`).
#[inline]
pub(crate) fn flood(seed: Mask, within: Mask) -> Mask {
    let mut filled = seed & within;
    loop {
        let next = (filled | spread(filled)) & within;
        if next == filled {
            return filled;
        }
        filled = next;
    }
}

/// Iterates the cells of a mask, lowest first.
#[inline]
pub(crate) fn cells(mut m: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(c)
        }
    })
}

/// The connected components of `m`.
pub(crate) fn components(mut m: Mask) -> impl Iterator<Item = Mask> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let part = flood(m & m.wrapping_neg(), m);
            m &= !part;
            Some(part)
        }
    })
}

/// The points of the cell mask `m` as a mask over point indices: bit `row * 9 + col` for
/// the point `(col, row)`.
#[inline]
pub(crate) fn point_bits(m: Mask) -> u128 {
    let mut bits = 0;
    let mut row = 0;
    while row < SIZE {
        bits |= ((m >> ((row + 1) * WIDTH + 1)) & 0x1ff) << (row * SIZE);
        row += 1;
    }
    bits
}

/// The board points of a mask, in point order.
pub(crate) fn points_of(m: Mask) -> Vec<Point> {
    // Cell order is row-major like point order, so the list comes out sorted.
    cells(m & ON_BOARD).map(point_of).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_points_round_trip_and_stay_inside_the_frame() {
        for i in 0..POINTS {
            let p = Point::from_index(i);
            let c = cell_of(p);
            assert_eq!(point_of(c), p);
            assert!(ON_BOARD & bit(c) != 0);
        }
        assert_eq!(ON_BOARD.count_ones() as usize, POINTS);
        const { assert!(CELLS <= 128) };
    }

    #[test]
    fn point_bits_moves_each_cell_to_its_point_index_and_drops_the_frame() {
        for i in 0..POINTS {
            assert_eq!(
                point_bits(bit(cell_of(Point::from_index(i)))),
                1 << i,
                "point {i}"
            );
        }
        assert_eq!(point_bits(ON_BOARD), (1 << POINTS) - 1);
        assert_eq!(point_bits(!ON_BOARD), 0);
    }

    #[test]
    fn the_on_board_table_is_the_near_word_of_the_board_for_every_cell() {
        for c in WIDTH..128 {
            assert_eq!(near_on(c), near(c, ON_BOARD), "cell {c}");
        }
    }

    #[test]
    fn spread_matches_the_neighbour_lists() {
        for i in 0..POINTS {
            let c = cell_of(Point::from_index(i));
            let expected = [c - WIDTH, c - 1, c + 1, c + WIDTH]
                .into_iter()
                .filter(|&n| ON_BOARD & bit(n) != 0)
                .fold(0, |m, n| m | bit(n));
            assert_eq!(spread(bit(c)), expected);
            assert_eq!(orthogonal(c), expected);
            assert_eq!(on_edge(c), expected.count_ones() < 4);
            let listed = near_cells(c, near_on(c)).fold(0, |m, n| m | bit(n));
            assert_eq!(listed, expected);
            assert_eq!(near(c, expected), near_on(c));
            let listed = neighbours_in(c, !0).fold(0, |m, n| m | bit(n));
            assert_eq!(listed & ON_BOARD, expected);
            let some = ON_BOARD & !(bit(c - 1) | bit(c + WIDTH));
            let listed = neighbours_in(c, some).fold(0, |m, n| m | bit(n));
            assert_eq!(listed, expected & some);
        }
    }
}
