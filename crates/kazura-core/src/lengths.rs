//! Group lengths and the result they give (K-9, K-10).

use std::cmp::Ordering;
use std::fmt;

use crate::colour::Colour;

/// Each colour's group lengths, longest first (K-10): what decides the game, kept so that a
/// program can show why it ended as it did.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GroupLengths {
    /// Black's group lengths, longest first.
    pub black: Vec<u16>,
    /// White's group lengths, longest first.
    pub white: Vec<u16>,
}

/// How two length lists compare under K-10.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// The lists differ first at `rank` (counted from 1), where `winner` has the longer group.
    LongerGroup {
        /// Who has the longer group there.
        winner: Colour,
        /// The position, from 1.
        rank: usize,
    },
    /// One list is a prefix of the other; `winner` still has groups at `rank` (from 1).
    MoreGroups {
        /// Who has the longer list.
        winner: Colour,
        /// The first position where only the winner has a group.
        rank: usize,
    },
    /// Equal lists.
    Equal,
}

impl GroupLengths {
    /// The list of one colour.
    #[must_use]
    pub fn of(&self, colour: Colour) -> &[u16] {
        match colour {
            Colour::Black => &self.black,
            Colour::White => &self.white,
        }
    }

    /// K-10: compare position by position; at the first difference the longer group wins;
    /// if one list is a prefix of the other, the longer list wins; equal lists draw.
    #[must_use]
    pub fn compare(&self) -> Comparison {
        let who = |order: Ordering| {
            if order == Ordering::Greater {
                Colour::Black
            } else {
                Colour::White
            }
        };
        for (i, (b, w)) in self.black.iter().zip(&self.white).enumerate() {
            if b != w {
                return Comparison::LongerGroup {
                    winner: who(b.cmp(w)),
                    rank: i + 1,
                };
            }
        }
        match self.black.len().cmp(&self.white.len()) {
            Ordering::Equal => Comparison::Equal,
            order => Comparison::MoreGroups {
                winner: who(order),
                rank: self.black.len().min(self.white.len()) + 1,
            },
        }
    }

    /// The colour K-10 makes the winner, or `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        match self.compare() {
            Comparison::LongerGroup { winner, .. } | Comparison::MoreGroups { winner, .. } => {
                Some(winner)
            }
            Comparison::Equal => None,
        }
    }
}

impl fmt::Display for GroupLengths {
    /// `black [9 4 1], white [9 3 3 2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for colour in Colour::BOTH {
            if colour == Colour::White {
                f.write_str(", ")?;
            }
            write!(f, "{colour} [")?;
            for (i, length) in self.of(colour).iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{length}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}
