//! The move generator for boards of up to 8×8 (mini and full): one `u64` bit per square,
//! so the take rule (N-5) and every line are decided for all squares at once.
//!
//! Square `row * size + col` is bit `row * size + col`. Directions are numbered as in the
//! topology: 0 up, 1 down, 2 left, 3 right; `d ^ 1` is the opposite direction.

use board_geometry::Coord;

use crate::moves::Move;

/// Where a move generator sends the moves it finds. Returning `true` stops the search
/// (an existence check stops at the first move).
pub(crate) trait Sink {
    /// Takes one move; `true` stops the generator.
    fn push(&mut self, mv: Move) -> bool;
}

/// The shift masks of one board size (at most 8, so 64 squares).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Masks {
    size: u32,
    board: u64,
    not_first_column: u64,
    not_last_column: u64,
}

impl Masks {
    /// The masks for side `size`, or `None` above 8.
    pub fn new(size: usize) -> Option<Masks> {
        if size > 8 {
            return None;
        }
        let squares = size * size;
        let board = if squares == 64 {
            u64::MAX
        } else {
            (1u64 << squares) - 1
        };
        let (mut first, mut last) = (0u64, 0u64);
        for row in 0..size {
            first |= 1 << (row * size);
            last |= 1 << (row * size + size - 1);
        }
        Some(Masks {
            size: size as u32,
            board,
            not_first_column: board & !first,
            not_last_column: board & !last,
        })
    }

    /// Every bit of `bits` moved one step in `direction`; bits leaving the board vanish.
    #[inline]
    fn shift(self, direction: usize, bits: u64) -> u64 {
        match direction {
            0 => (bits << self.size) & self.board,
            1 => bits >> self.size,
            2 => (bits >> 1) & self.not_last_column,
            _ => (bits << 1) & self.not_first_column,
        }
    }

    /// The squares next to at least one square of `bits`.
    #[inline]
    fn spread(self, bits: u64) -> u64 {
        self.shift(0, bits) | self.shift(1, bits) | self.shift(2, bits) | self.shift(3, bits)
    }

    /// The index step of `direction`.
    #[inline]
    fn step(self, direction: usize) -> isize {
        let size = self.size as isize;
        [size, -size, -1, 1][direction]
    }

    /// The squares that may be taken from `opponent` (N-5): none if two or more of its
    /// pieces stand alone, the lone one if one does, else every piece none of whose
    /// neighbours would lose its last partner.
    #[inline]
    fn takeable(self, opponent: u64) -> u64 {
        // has[d]: opponent pieces whose neighbour in direction d is an opponent piece.
        // Written out rather than `[0, 1, 2, 3].map(…)`, which the compiler does not
        // always inline (measured: 5 % of a random game's instructions when it does not).
        let has = [
            opponent & self.shift(1, opponent),
            opponent & self.shift(0, opponent),
            opponent & self.shift(3, opponent),
            opponent & self.shift(2, opponent),
        ];
        let partnered = has[0] | has[1] | has[2] | has[3];
        let alone = opponent & !partnered;
        // Planted bug (tests only): any opponent piece may be taken.
        if game_core::planted::is("N-5") {
            return opponent;
        }
        match alone.count_ones() {
            0 => {
                let two_or_more = (has[0] & (has[1] | has[2] | has[3]))
                    | (has[1] & (has[2] | has[3]))
                    | (has[2] & has[3]);
                let exactly_one = partnered & !two_or_more;
                opponent & !self.spread(exactly_one)
            }
            1 => alone,
            _ => 0,
        }
    }
}

/// Pushes a line from each square of `starts` to the square `steps` steps further in
/// `direction`.
#[inline]
fn push_lines(
    masks: Masks,
    coords: &[Coord],
    mut starts: u64,
    direction: usize,
    steps: isize,
    sink: &mut impl Sink,
) -> bool {
    let delta = masks.step(direction) * steps;
    while starts != 0 {
        let from = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let to = from.wrapping_add_signed(delta);
        if sink.push(Move::Line {
            from: coords[from],
            to: coords[to],
        }) {
            return true;
        }
    }
    false
}

/// Black's first lines: 3 squares in a row or column, from the lower-left end (N-3). The
/// board is empty then, set-ups included: `Bind::from_setup` refuses a piece on the board
/// of a colour whose first move is due, and Black's first move due with White's done
/// (`SetupError::FirstMoveAfterPlaying`, `SetupError::FirstMoveOrder`).
pub(crate) fn opening_moves(masks: Masks, coords: &[Coord], sink: &mut impl Sink) -> bool {
    let empty = masks.board;
    // Squares whose right (up) neighbour, and that one's, are empty too.
    let right = masks.shift(2, empty);
    let up = masks.shift(1, empty);
    let horizontal = empty & right & masks.shift(2, right);
    let vertical = empty & up & masks.shift(1, up);
    // Planted bug (tests only): Black's opening may be a line of two.
    if game_core::planted::is("N-3")
        && (push_lines(masks, coords, empty & right, 3, 1, sink)
            || push_lines(masks, coords, empty & up, 0, 1, sink))
    {
        return true;
    }
    push_lines(masks, coords, horizontal, 3, 2, sink)
        || push_lines(masks, coords, vertical, 0, 2, sink)
}

/// The rule-4 moves (N-5 … N-7): lines of 2 (if `two`) or 3 (if `three`) squares from a
/// takeable opponent piece over empty squares.
pub(crate) fn take_and_place_moves(
    masks: Masks,
    coords: &[Coord],
    mover: u64,
    opponent: u64,
    (two, three): (bool, bool),
    sink: &mut impl Sink,
) -> bool {
    if !(two || three) {
        return false;
    }
    let takeable = masks.takeable(opponent);
    if takeable == 0 {
        return false;
    }
    let empty = masks.board & !(mover | opponent);
    for direction in 0..4 {
        // Takeable squares whose next square in `direction` is empty, then the next two.
        let next_empty = masks.shift(direction ^ 1, empty);
        let starts = takeable & next_empty;
        // Planted bug (tests only): a line of three jumps an occupied square.
        let jumps = game_core::planted::is("N-6");
        if starts == 0 && !jumps {
            continue;
        }
        if two && push_lines(masks, coords, starts, direction, 1, sink) {
            return true;
        }
        let after_two = masks.shift(direction ^ 1, next_empty);
        let long = if jumps {
            takeable & after_two & masks.shift(direction ^ 1, masks.board)
        } else {
            starts & after_two
        };
        if three && push_lines(masks, coords, long, direction, 2, sink) {
            return true;
        }
    }
    false
}

/// The rule-5 single placements (N-9): empty squares next to the mover's pieces.
pub(crate) fn single_placements(
    masks: Masks,
    coords: &[Coord],
    mover: u64,
    opponent: u64,
    sink: &mut impl Sink,
) -> bool {
    let mut targets = masks.board & !(mover | opponent) & masks.spread(mover);
    // Planted bug (tests only): a single placement on any empty square.
    if game_core::planted::is("N-9") {
        targets = masks.board & !(mover | opponent);
    }
    while targets != 0 {
        let square = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        if sink.push(Move::Place(coords[square])) {
            return true;
        }
    }
    false
}
