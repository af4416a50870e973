//! How a game stands: going on, won, drawn, or ended without a winner.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::player::Player;

/// The result of a game, with the reason in words.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// A player has won.
    Win {
        /// Who won.
        winner: Player,
        /// Why, in words (`"by 3 points"`, `"opponent resigned"`).
        reason: String,
    },
    /// A draw.
    Draw {
        /// Why, in words.
        reason: String,
    },
    /// The game ended without a winner (an adjudication such as Bao's safety stop).
    NoWinner {
        /// Why, in words.
        reason: String,
    },
}

impl Outcome {
    /// A win for `winner`.
    pub fn win(winner: Player, reason: impl Into<String>) -> Outcome {
        Outcome::Win {
            winner,
            reason: reason.into(),
        }
    }

    /// A draw.
    pub fn draw(reason: impl Into<String>) -> Outcome {
        Outcome::Draw {
            reason: reason.into(),
        }
    }

    /// An end without a winner.
    pub fn no_winner(reason: impl Into<String>) -> Outcome {
        Outcome::NoWinner {
            reason: reason.into(),
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// The reason, if the game is over.
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Win { reason, .. }
            | Outcome::Draw { reason }
            | Outcome::NoWinner { reason } => Some(reason),
        }
    }

    /// The outcome as the `rulebook` contract prints it after `result: `: one word (the
    /// winner's name in lower case, `draw`, `ongoing` or `none`), then the reason.
    ///
    /// ```
    /// use game_core::{Outcome, Player};
    /// let o = Outcome::win(Player::Second, "by 3 points");
    /// assert_eq!(o.describe(["black", "white"]).to_string(), "white by 3 points");
    /// assert_eq!(Outcome::Ongoing.describe(["black", "white"]).to_string(), "ongoing");
    /// ```
    #[must_use]
    pub fn describe<'a>(&'a self, player_names: [&'a str; 2]) -> DescribedOutcome<'a> {
        DescribedOutcome {
            outcome: self,
            names: player_names,
        }
    }
}

/// An [`Outcome`] with the players' names, ready to print (see [`Outcome::describe`]).
#[derive(Clone, Copy, Debug)]
pub struct DescribedOutcome<'a> {
    outcome: &'a Outcome,
    names: [&'a str; 2],
}

impl fmt::Display for DescribedOutcome<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (word, reason) = match self.outcome {
            Outcome::Ongoing => ("ongoing", ""),
            Outcome::Win { winner, reason } => (self.names[winner.index()], reason.as_str()),
            Outcome::Draw { reason } => ("draw", reason.as_str()),
            Outcome::NoWinner { reason } => ("none", reason.as_str()),
        };
        f.write_str(&word.to_ascii_lowercase())?;
        if !reason.is_empty() {
            write!(f, " {reason}")?;
        }
        Ok(())
    }
}
