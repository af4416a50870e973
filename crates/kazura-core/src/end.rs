//! Why a game ended (K-10, K-11), as a small value: the outcome allocates nothing.

use std::fmt;

use crate::colour::Colour;

/// Why a Kazura game ended: the reason of its [`game_core::Outcome`].
///
/// It holds numbers and colours only, so the outcome of a [`crate::Kazura`]
/// ([`Game::outcome`](game_core::Game::outcome)) never allocates. `Display` gives the words
/// that follow the winner's word in the `result:` line, without the two length lists:
/// [`Game::outcome_text`](game_core::Game::outcome_text), the text `rulebook` prints, adds
/// them; `outcome().describe(..)` does not (use `group_lengths()` for the lists).
///
/// ```
/// use kazura_core::{Colour, EndReason, Game, Kazura};
///
/// // 3×3: the board fills up with black [4 1] against white [4].
/// let mut game = Kazura::new(3)?;
/// for text in ["A1", "C1", "B3", "B2", "C3", "A2", "A3", "B1", "C2"] {
///     game.play(game.parse_move(text)?)?;
/// }
/// let reason = EndReason::MoreGroups { winner: Colour::Black, rank: 2 };
/// assert_eq!(game.end_reason(), Some(reason));
/// assert_eq!(
///     game.outcome().describe(Kazura::PLAYER_NAMES).to_string(),
///     "black by more groups (white has none at rank 2)"
/// );
/// assert_eq!(
///     game.outcome_text(),
///     "black by more groups (white has none at rank 2); lengths black [4 1], white [4]"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// `loser` resigned (K-11). Display: `as white resigned`.
    Resigned {
        /// The colour that resigned and lost.
        loser: Colour,
    },
    /// The sorted length lists first differ at `rank`, where `winner` has the longer group
    /// (K-10). Display: `by a longer group at rank 2 (4 against 3)`.
    LongerGroup {
        /// The colour with the longer group there.
        winner: Colour,
        /// The position in the longest-first lists, counted from 1.
        rank: usize,
        /// The winner's group length at that rank.
        winner_length: u16,
        /// The loser's group length at that rank.
        loser_length: u16,
    },
    /// The loser's list is a prefix of the winner's: the loser has no group left at `rank`
    /// (K-10). Display: `by more groups (black has none at rank 3)`.
    MoreGroups {
        /// The colour with more groups.
        winner: Colour,
        /// The first position (from 1) where only the winner has a group.
        rank: usize,
    },
    /// Both colours have the same length lists: a draw (K-10). Display: `with equal
    /// lengths`.
    EqualLengths,
}

impl EndReason {
    /// The winning colour, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Colour> {
        match self {
            EndReason::Resigned { loser } => Some(loser.other()),
            EndReason::LongerGroup { winner, .. } | EndReason::MoreGroups { winner, .. } => {
                Some(winner)
            }
            EndReason::EqualLengths => None,
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EndReason::Resigned { loser } => write!(f, "as {loser} resigned"),
            EndReason::LongerGroup {
                rank,
                winner_length,
                loser_length,
                ..
            } => write!(
                f,
                "by a longer group at rank {rank} ({winner_length} against {loser_length})"
            ),
            EndReason::MoreGroups { winner, rank } => write!(
                f,
                "by more groups ({} has none at rank {rank})",
                winner.other()
            ),
            EndReason::EqualLengths => f.write_str("with equal lengths"),
        }
    }
}
