//! How a game ends (N-10, N-12, N-15, N-16).

use game_core::{Outcome, Player};

use crate::state::NAMES;

fn name(player: Player) -> &'static str {
    NAMES[player.index()]
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The winner placed every piece it owns (rule 8, N-12).
    AllPlaced(Player),
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

impl End {
    /// The winner, or `None` for the draw.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            End::AllPlaced(winner) => Some(winner),
            End::NoMove { loser } | End::Resigned { loser } => Some(loser.other()),
            End::BothHoldOne => None,
        }
    }

    /// The end as a game-core [`Outcome`].
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self {
            End::AllPlaced(winner) => Outcome::win(winner, "placed every piece"),
            End::NoMove { loser } => Outcome::win(
                loser.other(),
                format!("wins: {} has no legal move", name(loser)),
            ),
            End::BothHoldOne => Outcome::draw("both colours hold one piece"),
            End::Resigned { loser } => {
                Outcome::win(loser.other(), format!("wins: {} resigned", name(loser)))
            }
        }
    }
}
