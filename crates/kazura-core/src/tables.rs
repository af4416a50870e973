//! The lookup tables of one board size: each point's four neighbours, its column and row,
//! and its placement move. Each size's tables are built the first time a game of that size
//! needs them and then shared, so a state stores only its size, a move is listed without a
//! division, and the crate carries no tables for the sizes nobody plays (as `static` data
//! for every size from 1 to 25 they were 228 KB of every program, the playground's
//! WebAssembly module included).

use std::ops::Deref;
use std::sync::OnceLock;

use board_geometry::{Coord, MAX_POINTS, MAX_SIZE};

use crate::forest::{NeighbourTable, OFF_BOARD};
use crate::moves::Move;

/// The tables of one board size; entries past the last point are never read (neighbours
/// [`OFF_BOARD`], coordinates `A1`, placements `pass`).
pub(crate) struct SizeTables {
    /// Four neighbours per point (above, left, right, below), missing ones as
    /// [`OFF_BOARD`].
    pub neighbours: NeighbourTable,
    /// The column and row of every point index.
    pub coords: [Coord; MAX_POINTS],
    /// The placement on every point index.
    pub placements: [Move; MAX_POINTS],
}

impl SizeTables {
    /// The tables of a `size`×`size` board.
    fn new(size: usize) -> SizeTables {
        let mut tables = SizeTables {
            neighbours: [[OFF_BOARD; 4]; MAX_POINTS],
            coords: [Coord::new(0, 0); MAX_POINTS],
            placements: [Move::Pass; MAX_POINTS],
        };
        for index in 0..size * size {
            let (row, col) = (index / size, index % size);
            let entry = &mut tables.neighbours[index];
            if row > 0 {
                entry[0] = (index - size) as u16;
            }
            if col > 0 {
                entry[1] = (index - 1) as u16;
            }
            if col + 1 < size {
                entry[2] = (index + 1) as u16;
            }
            if row + 1 < size {
                entry[3] = (index + size) as u16;
            }
            let coord = Coord::new(col as u8, row as u8);
            tables.coords[index] = coord;
            tables.placements[index] = Move::Place(coord);
        }
        tables
    }
}

/// A game's reference to its size's tables, kept in the state so that the hot paths read
/// a table through one pointer, as they read `static` data, with no first-use check.
/// Two references are equal when they are the same tables (each size has one).
#[derive(Clone, Copy)]
pub(crate) struct Tables(&'static SizeTables);

impl Tables {
    /// The tables of a `size`×`size` board (`size` at most [`MAX_SIZE`]), built on first
    /// use.
    pub(crate) fn of(size: u8) -> Tables {
        static TABLES: [OnceLock<Box<SizeTables>>; MAX_SIZE as usize + 1] =
            [const { OnceLock::new() }; MAX_SIZE as usize + 1];
        Tables(
            TABLES[usize::from(size)].get_or_init(|| Box::new(SizeTables::new(usize::from(size)))),
        )
    }
}

impl Deref for Tables {
    type Target = SizeTables;

    fn deref(&self) -> &SizeTables {
        self.0
    }
}

impl PartialEq for Tables {
    fn eq(&self, other: &Tables) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Tables {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table of every size against the board's own arithmetic, written once more
    /// from the point notation: a neighbour is the point one column or row away, if on
    /// the board.
    #[test]
    fn tables_match_the_board_on_every_size() {
        for size in 1..=MAX_SIZE as usize {
            let tables = Tables::of(size as u8);
            for row in 0..size {
                for col in 0..size {
                    let index = row * size + col;
                    let coord = Coord::new(col as u8, row as u8);
                    assert_eq!(tables.coords[index], coord);
                    assert_eq!(tables.placements[index], Move::Place(coord));
                    let at = |r: isize, c: isize| {
                        if (0..size as isize).contains(&r) && (0..size as isize).contains(&c) {
                            (r as usize * size + c as usize) as u16
                        } else {
                            OFF_BOARD
                        }
                    };
                    let (r, c) = (row as isize, col as isize);
                    let expected = [at(r - 1, c), at(r, c - 1), at(r, c + 1), at(r + 1, c)];
                    assert_eq!(tables.neighbours[index], expected, "{size}: {coord}");
                }
            }
            assert!(
                tables.neighbours[size * size..]
                    .iter()
                    .all(|n| *n == [OFF_BOARD; 4])
            );
            assert!(tables == Tables::of(size as u8), "built once");
            assert!(size == 1 || tables != Tables::of(size as u8 - 1));
        }
    }
}
