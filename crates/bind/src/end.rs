//! How a game ends (N-10, N-12, N-15, N-16).

use std::fmt;

use game_core::{Outcome, Player};

use crate::state::NAMES;

fn name(player: Player) -> &'static str {
    NAMES[player.index()]
}

/// Why a game is over: the reason of [`Game::outcome`](game_core::Game::outcome).
///
/// A small `Copy` value, so asking for the outcome allocates nothing. Its `Display` gives
/// the words that follow the winner's name (or `draw`) in `rulebook`'s `result:` line.
///
/// ```
/// use bind::{EndReason, Outcome, Player};
/// let end = EndReason::NoMove { loser: Player::Second };
/// assert_eq!(end.winner(), Some(Player::First));
/// assert_eq!(end.to_string(), "wins: white has no legal move");
/// assert_eq!(end.outcome(), Outcome::win(Player::First, end));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The winner placed every piece it owns (rule 8, N-12).
    AllPlaced {
        /// The player whose hand is empty.
        winner: Player,
    },
    /// The loser, to move, had neither a take-and-place move nor a single placement
    /// (rule 5, N-10).
    NoMove {
        /// The player who could not move.
        loser: Player,
    },
    /// Both colours hold exactly one piece, so both must pass for ever: a draw (N-16).
    BothHoldOne,
    /// A player resigned (N-15: a separate call, not a move).
    Resigned {
        /// The player who resigned.
        loser: Player,
    },
}

impl EndReason {
    /// The winner, or `None` for the draw.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            EndReason::AllPlaced { winner } => Some(winner),
            // Planted bug (tests only): the player with no move wins.
            EndReason::NoMove { loser } if game_core::planted::is("N-10") => Some(loser),
            // Planted bug (tests only): the resigning colour wins.
            EndReason::Resigned { loser } if game_core::planted::is("N-15") => Some(loser),
            EndReason::NoMove { loser } | EndReason::Resigned { loser } => Some(loser.other()),
            EndReason::BothHoldOne => None,
        }
    }

    /// The end as a game-core [`Outcome`] with this reason.
    #[must_use]
    pub fn outcome(self) -> Outcome<EndReason> {
        match self.winner() {
            Some(winner) => Outcome::win(winner, self),
            None => Outcome::draw(self),
        }
    }
}

impl fmt::Display for EndReason {
    /// The words after the winner's name (or `draw`) in the `result:` line:
    /// `placed every piece`, `wins: white has no legal move`, `both colours hold one piece`,
    /// `wins: black resigned`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::AllPlaced { .. } => f.write_str("placed every piece"),
            EndReason::NoMove { loser } => write!(f, "wins: {} has no legal move", name(*loser)),
            EndReason::BothHoldOne => f.write_str("both colours hold one piece"),
            EndReason::Resigned { loser } => write!(f, "wins: {} resigned", name(*loser)),
        }
    }
}
