//! How a game stands: going on, won, drawn, or ended without a winner.
//!
//! The reason is each game's own type (`Game::EndReason`), a small value such as an enum
//! with the numbers it needs: asking for the outcome allocates nothing, and the words are
//! produced only when the outcome is shown ([`Outcome::describe`]).

use std::fmt;

use crate::player::Player;

/// The result of a game, with the game's reason `R` (see [`crate::Game::EndReason`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome<R> {
    /// The game goes on.
    Ongoing,
    /// A player has won.
    Win {
        /// Who won.
        winner: Player,
        /// Why (`Display` gives the words: `"by 3 points"`, `"by resignation"`).
        reason: R,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: R,
    },
    /// The game ended without a winner (an adjudication such as Bao's safety stop).
    NoWinner {
        /// Why.
        reason: R,
    },
}

impl<R> Outcome<R> {
    /// A win for `winner`.
    pub fn win(winner: Player, reason: R) -> Outcome<R> {
        Outcome::Win { winner, reason }
    }

    /// A draw.
    pub fn draw(reason: R) -> Outcome<R> {
        Outcome::Draw { reason }
    }

    /// An end without a winner.
    pub fn no_winner(reason: R) -> Outcome<R> {
        Outcome::NoWinner { reason }
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
    pub fn reason(&self) -> Option<&R> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Win { reason, .. }
            | Outcome::Draw { reason }
            | Outcome::NoWinner { reason } => Some(reason),
        }
    }

    /// The same outcome with the reason changed by `f` (for example into its words).
    pub fn map_reason<S>(self, f: impl FnOnce(R) -> S) -> Outcome<S> {
        match self {
            Outcome::Ongoing => Outcome::Ongoing,
            Outcome::Win { winner, reason } => Outcome::Win {
                winner,
                reason: f(reason),
            },
            Outcome::Draw { reason } => Outcome::Draw { reason: f(reason) },
            Outcome::NoWinner { reason } => Outcome::NoWinner { reason: f(reason) },
        }
    }

    /// The score of this outcome for `player`: 1 for a win, 0 for a loss, ½ for a draw or an
    /// end without a winner, and ½ while the game goes on.
    #[must_use]
    pub fn score_for(&self, player: Player) -> f64 {
        match self.winner() {
            Some(winner) if winner == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

impl<R: fmt::Display> Outcome<R> {
    /// The outcome as the `rulebook` contract prints it after `result: `: one word (the
    /// winner's name in lower case, `draw`, `ongoing` or `none`), then the reason's words.
    ///
    /// ```
    /// use game_core::{Outcome, Player};
    /// let o = Outcome::win(Player::Second, "by 3 points");
    /// assert_eq!(o.describe(["black", "white"]).to_string(), "white by 3 points");
    /// assert_eq!(Outcome::<&str>::Ongoing.describe(["black", "white"]).to_string(), "ongoing");
    /// ```
    #[must_use]
    pub fn describe<'a>(&'a self, player_names: [&'a str; 2]) -> DescribedOutcome<'a, R> {
        DescribedOutcome {
            outcome: self,
            names: player_names,
        }
    }
}

/// An [`Outcome`] with the players' names, ready to print (see [`Outcome::describe`]).
#[derive(Clone, Copy, Debug)]
pub struct DescribedOutcome<'a, R> {
    outcome: &'a Outcome<R>,
    names: [&'a str; 2],
}

impl<R: fmt::Display> fmt::Display for DescribedOutcome<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (word, reason) = match self.outcome {
            Outcome::Ongoing => return f.write_str("ongoing"),
            Outcome::Win { winner, reason } => (self.names[winner.index()], reason),
            Outcome::Draw { reason } => ("draw", reason),
            Outcome::NoWinner { reason } => ("none", reason),
        };
        f.write_str(&word.to_ascii_lowercase())?;
        // The reason's words follow after one space; a reason with no words adds nothing.
        let words = reason.to_string();
        if !words.is_empty() {
            write!(f, " {words}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_reason_adds_no_space() {
        let o = Outcome::draw("");
        assert_eq!(o.describe(["a", "b"]).to_string(), "draw");
        let o = Outcome::no_winner("safety stop");
        assert_eq!(o.describe(["a", "b"]).to_string(), "none safety stop");
    }

    #[test]
    fn names_are_lower_cased_and_winner_is_picked_by_index() {
        let o = Outcome::win(Player::First, "x");
        assert_eq!(o.describe(["South", "North"]).to_string(), "south x");
        assert_eq!(o.winner(), Some(Player::First));
        assert_eq!(o.score_for(Player::First), 1.0);
        assert_eq!(o.score_for(Player::Second), 0.0);
        assert_eq!(Outcome::draw(1).score_for(Player::First), 0.5);
        assert_eq!(o.map_reason(str::len).reason(), Some(&1));
    }
}
