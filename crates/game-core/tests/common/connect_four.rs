//! Connect Four on the classic 7×6 board: drop a disc in a column (`a`..`g`); four in a row
//! in any direction wins; a full board is a draw.

use std::fmt;
use std::str::FromStr;

use game_core::{Game, Outcome, Player};

use super::{BadMove, Illegal};

pub const WIDTH: usize = 7;
pub const HEIGHT: usize = 6;

/// A column, 0..7, written `a`..`g`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column(pub u8);

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", char::from(b'a' + self.0))
    }
}

impl FromStr for Column {
    type Err = BadMove;
    fn from_str(s: &str) -> Result<Column, BadMove> {
        match s.as_bytes() {
            [c] if (b'a'..b'a' + WIDTH as u8).contains(&c.to_ascii_lowercase()) => {
                Ok(Column(c.to_ascii_lowercase() - b'a'))
            }
            _ => Err(BadMove(s.into())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ConnectFour {
    /// `cells[column][row]`, row 0 at the bottom.
    pub cells: [[Option<Player>; HEIGHT]; WIDTH],
    pub heights: [u8; WIDTH],
    pub ply: usize,
    pub winner: Option<Player>,
}

impl ConnectFour {
    /// The position after `moves` (columns, with or without spaces) from the empty board.
    pub fn after(moves: &str) -> ConnectFour {
        let mut s = ConnectFour::default();
        for c in moves.chars().filter(|c| !c.is_whitespace()) {
            s.play(c.to_string().parse().unwrap()).unwrap();
        }
        s
    }

    fn at(&self, col: isize, row: isize) -> Option<Player> {
        if (0..WIDTH as isize).contains(&col) && (0..HEIGHT as isize).contains(&row) {
            self.cells[col as usize][row as usize]
        } else {
            None
        }
    }

    /// Whether the disc just placed at (`col`, `row`) makes four in a row.
    fn wins_at(&self, col: usize, row: usize, player: Player) -> bool {
        let (c, r) = (col as isize, row as isize);
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let count = |sign: isize| {
                (1..4)
                    .take_while(|&k| self.at(c + sign * k * dc, r + sign * k * dr) == Some(player))
                    .count()
            };
            1 + count(1) + count(-1) >= 4
        })
    }
}

impl Game for ConnectFour {
    type Move = Column;
    type ParseMoveError = BadMove;
    type PlayError = Illegal;
    type EndReason = &'static str;
    const NAME: &'static str = "connect-four";
    const PLAYER_NAMES: [&'static str; 2] = ["red", "yellow"];

    fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, moves: &mut Vec<Column>) {
        moves.clear();
        if !self.is_over() {
            moves.extend(
                (0..WIDTH as u8)
                    .filter(|&c| usize::from(self.heights[usize::from(c)]) < HEIGHT)
                    .map(Column),
            );
        }
    }
    fn check_move(&self, mv: Column) -> Result<(), Illegal> {
        let c = usize::from(mv.0);
        if !self.is_over() && c < WIDTH && usize::from(self.heights[c]) < HEIGHT {
            Ok(())
        } else {
            Err(Illegal)
        }
    }
    fn play_unchecked(&mut self, mv: Column) {
        let player = self.to_move();
        let col = usize::from(mv.0);
        let row = usize::from(self.heights[col]);
        self.cells[col][row] = Some(player);
        self.heights[col] += 1;
        self.ply += 1;
        if self.wins_at(col, row, player) {
            self.winner = Some(player);
        }
    }
    fn is_over(&self) -> bool {
        self.winner.is_some() || self.ply == WIDTH * HEIGHT
    }
    fn outcome(&self) -> Outcome<&'static str> {
        match self.winner {
            Some(p) => Outcome::win(p, "four in a row"),
            None if self.ply == WIDTH * HEIGHT => Outcome::draw("board full"),
            None => Outcome::Ongoing,
        }
    }
    fn ply(&self) -> usize {
        self.ply
    }
}
