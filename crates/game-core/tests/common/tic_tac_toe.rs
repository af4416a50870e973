//! Tic-tac-toe, the smallest test game (with faults the checker's own tests switch on).

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use game_core::{Game, GameRng, Outcome, Player};

/// A square 0..9, printed `a1`..`c3` (column letter, row from the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square(pub u8);

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ParseSquareError {
    #[error("`{0}` is not a square a1..c3")]
    Bad(String),
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(ParseSquareError::Bad(s.into()));
        }
        let col = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let row = b[1].wrapping_sub(b'1');
        if col < 3 && row < 3 {
            Ok(Square(row * 3 + col))
        } else {
            Err(ParseSquareError::Bad(s.into()))
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.0 % 3), self.0 / 3 + 1)
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TicTacToeError {
    #[error("{0} is taken")]
    Occupied(Square),
    #[error("the game is over")]
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct TicTacToe {
    pub cells: [Option<Player>; 9],
    pub ply: usize,
    /// Test-only faults, to prove the checker notices them.
    pub fault: Fault,
}

#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Fault {
    #[default]
    None,
    DuplicateFirstMove,
    AcceptOccupied,
    /// `random_move` picks the last listed move instead of a uniform one.
    BiasedRandomMove,
    /// `random_move` makes the uniform pick, then draws once more from the generator (the
    /// same move, but the generator is left elsewhere).
    RandomMoveDrawsTwice,
    /// `parse_move` reads every square as the next one.
    MisreadsMoves,
    /// `check_move` refuses the listed move `a1`.
    RefusesA1,
    /// `play` counts two plies where `play_unchecked` counts one.
    PlayDiffersFromUnchecked,
    /// A refused `play` still counts a ply.
    RefusalChangesState,
    /// `outcome` says the game goes on when it is over.
    OutcomeNeverEnds,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    pub fn winner(&self) -> Option<Player> {
        LINES.iter().find_map(|l| {
            let a = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(a) && self.cells[l[2]] == Some(a)).then_some(a)
        })
    }
}

impl Game for TicTacToe {
    type Move = Square;
    type ParseMoveError = ParseSquareError;
    type PlayError = TicTacToeError;
    type EndReason = &'static str;
    const NAME: &'static str = "tictactoe";
    const PLAYER_NAMES: [&'static str; 2] = ["x", "o"];

    fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, moves: &mut Vec<Square>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        moves.extend(
            (0..9u8)
                .filter(|&i| self.cells[usize::from(i)].is_none())
                .map(Square),
        );
        if self.fault == Fault::DuplicateFirstMove {
            moves.push(moves[0]);
        }
    }
    fn check_move(&self, mv: Square) -> Result<(), TicTacToeError> {
        if self.is_over() {
            return Err(TicTacToeError::GameOver);
        }
        if self.cells[usize::from(mv.0)].is_some() && self.fault != Fault::AcceptOccupied {
            return Err(TicTacToeError::Occupied(mv));
        }
        if self.fault == Fault::RefusesA1 && mv == Square(0) {
            return Err(TicTacToeError::Occupied(mv));
        }
        Ok(())
    }
    fn play(&mut self, mv: Square) -> Result<(), TicTacToeError> {
        if let Err(e) = self.check_move(mv) {
            if self.fault == Fault::RefusalChangesState {
                self.ply += 1;
            }
            return Err(e);
        }
        self.play_unchecked(mv);
        if self.fault == Fault::PlayDiffersFromUnchecked {
            self.ply += 1;
        }
        Ok(())
    }
    fn parse_move(&self, text: &str) -> Result<Square, ParseSquareError> {
        let square: Square = text.parse()?;
        if self.fault == Fault::MisreadsMoves {
            return Ok(Square((square.0 + 1) % 9));
        }
        Ok(square)
    }
    fn random_move(&self, rng: &mut GameRng, moves: &mut Vec<Square>) -> Option<Square> {
        self.legal_moves(moves);
        match self.fault {
            Fault::BiasedRandomMove => moves.last().copied(),
            Fault::RandomMoveDrawsTwice => {
                let picked = rng.choose(moves).copied();
                let _ = rng.below(2);
                picked
            }
            _ => rng.choose(moves).copied(),
        }
    }
    fn play_unchecked(&mut self, mv: Square) {
        self.cells[usize::from(mv.0)] = Some(self.to_move());
        self.ply += 1;
    }
    fn is_over(&self) -> bool {
        self.winner().is_some() || self.ply == 9
    }
    fn outcome(&self) -> Outcome<&'static str> {
        if self.fault == Fault::OutcomeNeverEnds {
            return Outcome::Ongoing;
        }
        match self.winner() {
            Some(p) => Outcome::win(p, "three in a row"),
            None if self.ply == 9 => Outcome::draw("board full"),
            None => Outcome::Ongoing,
        }
    }
    fn ply(&self) -> usize {
        self.ply
    }
}

/// The position after `moves` (squares separated by spaces) from the empty board.
pub fn position(moves: &str) -> TicTacToe {
    let mut s = TicTacToe::default();
    for m in moves.split_whitespace() {
        s.play(m.parse().unwrap()).unwrap();
    }
    s
}

/// Every position of tic-tac-toe reachable from the start, each once (in the order of a
/// depth-first walk, the same on every run).
pub fn all_positions() -> Vec<TicTacToe> {
    let mut seen = HashSet::new();
    let mut stack = vec![TicTacToe::default()];
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while let Some(s) = stack.pop() {
        if !seen.insert(s.cells) {
            continue;
        }
        if !s.is_over() {
            s.legal_moves(&mut moves);
            for &mv in &moves {
                let mut next = s.clone();
                next.play_unchecked(mv);
                stack.push(next);
            }
        }
        out.push(s);
    }
    out
}
