//! Hex on an N×N rhombus: the first player (black) joins the top and bottom edges, the
//! second (white) the left and right ones; the board never fills without a winner. Moves
//! are cells, so AMAF/RAVE applies: [`HexHooks`] gives each cell its key.

use std::fmt;
use std::str::FromStr;

use game_core::search::SearchHooks;
use game_core::{Game, Outcome, Player};

use super::{BadMove, Illegal};

/// A cell, row-major index; written column letter and row number (`a1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The board size is not known here; cells print as their index.
        write!(f, "{}", self.0)
    }
}

impl FromStr for Cell {
    type Err = BadMove;
    fn from_str(s: &str) -> Result<Cell, BadMove> {
        s.parse().map(Cell).map_err(|_| BadMove(s.into()))
    }
}

/// The board as two bit sets (N ≤ 11, so N² ≤ 128 cells), row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hex<const N: usize> {
    pub stones: [u128; 2],
    pub ply: usize,
    pub winner: Option<Player>,
}

impl<const N: usize> Default for Hex<N> {
    fn default() -> Self {
        assert!(N * N <= 128, "the board fits a u128");
        Hex {
            stones: [0; 2],
            ply: 0,
            winner: None,
        }
    }
}

impl<const N: usize> Hex<N> {
    const BOARD: u128 = if N * N == 128 {
        u128::MAX
    } else {
        (1 << (N * N)) - 1
    };

    /// The cells of column `col`.
    const fn column(col: usize) -> u128 {
        let mut mask = 0;
        let mut r = 0;
        while r < N {
            mask |= 1 << (r * N + col);
            r += 1;
        }
        mask
    }

    /// The cells of row `row`.
    const fn row(row: usize) -> u128 {
        ((1 << N) - 1) << (row * N)
    }

    /// `set` and every cell next to it.
    fn grow(set: u128) -> u128 {
        let not_first = Self::BOARD & !Self::column(0);
        let not_last = Self::BOARD & !Self::column(N - 1);
        set | (set >> N)
            | ((set >> (N - 1)) & not_first)
            | ((set >> 1) & not_last)
            | ((set << 1) & not_first)
            | ((set << (N - 1)) & not_last)
            | ((set << N) & Self::BOARD)
    }

    /// Whether `player`'s group through `cell` touches both of `player`'s edges.
    fn connects(&self, cell: usize, player: Player) -> bool {
        let own = self.stones[player.index()];
        let mut group = 1u128 << cell;
        loop {
            let next = Self::grow(group) & own;
            if next == group {
                break;
            }
            group = next;
        }
        let (low, high) = match player {
            Player::First => (Self::row(0), Self::row(N - 1)),
            Player::Second => (Self::column(0), Self::column(N - 1)),
        };
        group & low != 0 && group & high != 0
    }

    fn empty(&self) -> u128 {
        Self::BOARD & !(self.stones[0] | self.stones[1])
    }
}

impl<const N: usize> Game for Hex<N> {
    type Move = Cell;
    type ParseMoveError = BadMove;
    type PlayError = Illegal;
    type EndReason = &'static str;
    const NAME: &'static str = "hex";
    const PLAYER_NAMES: [&'static str; 2] = ["black", "white"];

    fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        if self.winner.is_none() {
            let mut empty = self.empty();
            while empty != 0 {
                moves.push(Cell(empty.trailing_zeros() as u8));
                empty &= empty - 1;
            }
        }
    }
    fn check_move(&self, mv: Cell) -> Result<(), Illegal> {
        if self.winner.is_none() && usize::from(mv.0) < N * N && self.empty() >> mv.0 & 1 == 1 {
            Ok(())
        } else {
            Err(Illegal)
        }
    }
    fn play_unchecked(&mut self, mv: Cell) {
        let player = self.to_move();
        let cell = usize::from(mv.0);
        self.stones[player.index()] |= 1 << cell;
        self.ply += 1;
        if self.connects(cell, player) {
            self.winner = Some(player);
        }
    }
    fn is_over(&self) -> bool {
        self.winner.is_some()
    }
    fn outcome(&self) -> Outcome<&'static str> {
        match self.winner {
            Some(p) => Outcome::win(p, "joined its edges"),
            None => Outcome::Ongoing,
        }
    }
    fn ply(&self) -> usize {
        self.ply
    }
}

/// Hex's hooks: every cell is an AMAF key, so RAVE is on.
#[derive(Clone, Copy, Debug, Default)]
pub struct HexHooks;

impl<const N: usize> SearchHooks<Hex<N>> for HexHooks {
    fn amaf_key_space(&self, _root: &Hex<N>) -> usize {
        N * N
    }
    fn amaf_key(&self, mv: Cell) -> Option<usize> {
        Some(usize::from(mv.0))
    }
}
