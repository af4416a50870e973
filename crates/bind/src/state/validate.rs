//! The state's self-check: `Bind::validate` recomputes every stored count from the
//! board and names the first that disagrees (for tests and fuzzing).

use game_core::{ByPlayer, Player};

use super::{Bind, name};
use crate::end::EndReason;

impl Bind {
    /// Checks every invariant by recomputing it from the board: hand + board = pieces for
    /// both colours (N-2), the partner and isolation counts, the first-move flags and the
    /// end. For tests and fuzzing.
    ///
    /// # Errors
    /// A message naming the broken invariant.
    pub fn validate(&self) -> Result<(), String> {
        let pieces = self.variant.pieces();
        let mut on_board = ByPlayer::splat(0usize);
        let mut isolated = ByPlayer::splat(0u16);
        for square in 0..self.squares() {
            let Some(owner) = self.owner_at(square) else {
                if self.cells[square] != 0 {
                    return Err(format!("empty square {square} has partner bits"));
                }
                continue;
            };
            on_board[owner] += 1;
            let partners = self.topology.steps[square]
                .iter()
                .filter(|&&n| self.owner_at(usize::from(n)) == Some(owner))
                .count();
            if partners != usize::from(self.partners(square)) {
                return Err(format!("square {square}: stored partner count is wrong"));
            }
            if partners == 0 {
                isolated[owner] += 1;
            }
        }
        for player in Player::BOTH {
            let (hand, board) = (self.hand(player), on_board[player]);
            if hand + board != pieces {
                return Err(format!(
                    "N-2: {} has {hand} in hand and {board} on the board, not {pieces}",
                    name(player)
                ));
            }
            let bits = (0..self.squares())
                .filter(|&s| self.owner_at(s) == Some(player))
                .fold(0u64, |b, s| b | 1u64.checked_shl(s as u32).unwrap_or(0));
            let expected_bits = if self.topology.masks.is_some() {
                bits
            } else {
                0
            };
            if self.bits[player] != expected_bits {
                return Err(format!("{}: stored bitboard is wrong", name(player)));
            }
            if board != self.on_board(player) || isolated[player] != self.isolated[player] {
                return Err(format!("{}: stored counts are wrong", name(player)));
            }
            // With N-2 checked above, a piece on the board is the same as one out of hand.
            if self.first_move_due[player] && board != 0 {
                return Err(format!("{}: first move due after playing", name(player)));
            }
        }
        let expected = match self.end {
            Some(EndReason::Resigned { .. }) => self.end,
            _ => self.rule_end(),
        };
        if expected != self.end {
            return Err(format!("stored end {:?}, rules say {expected:?}", self.end));
        }
        Ok(())
    }
}
