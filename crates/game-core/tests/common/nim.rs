//! Nim with several piles (normal play: who takes the last counter wins). The winning moves
//! are known (leave a zero nim-sum, Bouton 1901), so a search can be checked against them.

use std::fmt;
use std::str::FromStr;

use game_core::{Game, Outcome, Player};

use super::{BadMove, Illegal};

/// Take `count` counters from pile `pile`, written `pile-count` (`0-3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    pub pile: u8,
    pub count: u8,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.pile, self.count)
    }
}

impl FromStr for Take {
    type Err = BadMove;
    fn from_str(s: &str) -> Result<Take, BadMove> {
        let bad = || BadMove(s.into());
        let (p, c) = s.split_once('-').ok_or_else(bad)?;
        Ok(Take {
            pile: p.parse().map_err(|_| bad())?,
            count: c.parse().map_err(|_| bad())?,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pub piles: Vec<u8>,
    pub to_move: Player,
    pub ply: usize,
}

impl Nim {
    pub fn new(piles: &[u8]) -> Nim {
        Nim {
            piles: piles.to_vec(),
            to_move: Player::First,
            ply: 0,
        }
    }

    /// Whether the player to move can force a win (a non-zero nim-sum).
    pub fn is_winning(&self) -> bool {
        self.piles.iter().fold(0, |x, &p| x ^ p) != 0
    }
}

impl Game for Nim {
    type Move = Take;
    type ParseMoveError = BadMove;
    type PlayError = Illegal;
    type EndReason = &'static str;
    const NAME: &'static str = "nim";
    const PLAYER_NAMES: [&'static str; 2] = ["first", "second"];

    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<Take>) {
        moves.clear();
        for (pile, &n) in self.piles.iter().enumerate() {
            moves.extend((1..=n).map(|count| Take {
                pile: pile as u8,
                count,
            }));
        }
    }
    fn check_move(&self, mv: Take) -> Result<(), Illegal> {
        match self.piles.get(usize::from(mv.pile)) {
            Some(&n) if (1..=n).contains(&mv.count) => Ok(()),
            _ => Err(Illegal),
        }
    }
    fn play_unchecked(&mut self, mv: Take) {
        self.piles[usize::from(mv.pile)] -= mv.count;
        self.to_move = self.to_move.other();
        self.ply += 1;
    }
    fn is_over(&self) -> bool {
        self.piles.iter().all(|&p| p == 0)
    }
    fn outcome(&self) -> Outcome<&'static str> {
        if self.is_over() {
            Outcome::win(self.to_move.other(), "took the last counter")
        } else {
            Outcome::Ongoing
        }
    }
    fn ply(&self) -> usize {
        self.ply
    }
}
