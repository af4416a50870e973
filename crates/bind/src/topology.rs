//! Per-size board tables shared by every state of that size: each square's coordinate and
//! the square one step away in each direction.

use std::sync::OnceLock;

use board_geometry::{Coord, MAX_SIZE};

use crate::bitboard::Masks;

/// The four directions a line may run in, as indices into [`Topology::steps`].
pub(crate) const DIRECTIONS: usize = 4;

/// The tables of one board size, built once and shared (`&'static`), so a state only holds
/// a reference and cloning a state never copies them.
#[derive(Debug)]
pub(crate) struct Topology {
    /// The board side.
    pub size: usize,
    /// For each square, the square one step up, down, left and right; a step off the
    /// board leads to the border cell, index `size * size`, which is never empty and
    /// never a piece, so scans need no bounds test.
    pub steps: Vec<[u16; DIRECTIONS]>,
    /// For each square, its column and row.
    pub coords: Vec<Coord>,
    /// Bitboard masks for boards up to 8×8 (the fast generator), `None` above.
    pub masks: Option<Masks>,
}

impl Topology {
    fn build(size: usize) -> Topology {
        let n = size * size;
        let off = n as u16;
        let mut steps = Vec::with_capacity(n);
        let mut coords = Vec::with_capacity(n);
        for index in 0..n {
            let (row, col) = (index / size, index % size);
            let at = |c: usize, r: usize| (r * size + c) as u16;
            steps.push([
                if row + 1 < size {
                    at(col, row + 1)
                } else {
                    off
                },
                if row > 0 { at(col, row - 1) } else { off },
                if col > 0 { at(col - 1, row) } else { off },
                if col + 1 < size {
                    at(col + 1, row)
                } else {
                    off
                },
            ]);
            coords.push(Coord::new(col as u8, row as u8));
        }
        Topology {
            size,
            steps,
            coords,
            masks: Masks::new(size),
        }
    }

    /// The tables for boards of side `size` (3–25, checked by the caller).
    pub fn get(size: usize) -> &'static Topology {
        static TABLES: [OnceLock<Topology>; MAX_SIZE as usize + 1] =
            [const { OnceLock::new() }; MAX_SIZE as usize + 1];
        TABLES[size].get_or_init(|| Topology::build(size))
    }

    /// The square at `coord`, if it lies on this board.
    #[inline]
    pub fn square(&self, coord: Coord) -> Option<usize> {
        let (col, row) = (usize::from(coord.col), usize::from(coord.row));
        (col < self.size && row < self.size).then_some(row * self.size + col)
    }
}
