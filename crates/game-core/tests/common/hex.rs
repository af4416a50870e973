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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hex<const N: usize> {
    pub cells: Vec<Option<Player>>,
    pub ply: usize,
    pub winner: Option<Player>,
}

impl<const N: usize> Default for Hex<N> {
    fn default() -> Self {
        Hex {
            cells: vec![None; N * N],
            ply: 0,
            winner: None,
        }
    }
}

impl<const N: usize> Hex<N> {
    fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
        let (r, c) = ((cell / N) as isize, (cell % N) as isize);
        [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]
            .into_iter()
            .map(move |(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..N as isize).contains(&r) && (0..N as isize).contains(&c))
            .map(|(r, c)| r as usize * N + c as usize)
    }

    /// Whether `player`'s group through `cell` touches both of `player`'s edges.
    fn connects(&self, cell: usize, player: Player) -> bool {
        let edge = |cell: usize| match player {
            Player::First => (cell / N == 0, cell / N == N - 1),
            Player::Second => (cell % N == 0, cell % N == N - 1),
        };
        let mut seen = vec![false; N * N];
        let mut stack = vec![cell];
        seen[cell] = true;
        let (mut low, mut high) = (false, false);
        while let Some(x) = stack.pop() {
            let (l, h) = edge(x);
            low |= l;
            high |= h;
            for y in Self::neighbours(x) {
                if !seen[y] && self.cells[y] == Some(player) {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        low && high
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
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        if self.winner.is_none() {
            moves.extend(
                (0..N * N)
                    .filter(|&c| self.cells[c].is_none())
                    .map(|c| Cell(c as u8)),
            );
        }
    }
    fn check_move(&self, mv: Cell) -> Result<(), Illegal> {
        match self.cells.get(usize::from(mv.0)) {
            Some(None) if self.winner.is_none() => Ok(()),
            _ => Err(Illegal),
        }
    }
    fn play_unchecked(&mut self, mv: Cell) {
        let player = self.to_move();
        let cell = usize::from(mv.0);
        self.cells[cell] = Some(player);
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
