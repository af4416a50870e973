//! Taking back the last move (G-8).

use game_core::Player;

use super::Go9;
use crate::board::Board;
use crate::end::Ending;
use crate::error::UndoError;
use crate::layout::{bit, cell_of};
use crate::moves::Move;

impl Go9 {
    /// Takes back the last move, stone or pass (G-8): captures, superko history, pass
    /// count and prisoners are restored exactly; undoing the move that ended the game
    /// reopens it.
    ///
    /// # Errors
    /// [`UndoError::AtStart`] with no move to take back; [`UndoError::EndedByCall`] after
    /// a resignation, time loss or agreed draw.
    pub fn undo(&mut self) -> Result<Move, UndoError> {
        if matches!(
            self.end,
            Some(Ending::Resignation(_) | Ending::Time(_) | Ending::AgreedDraw)
        ) {
            return Err(UndoError::EndedByCall);
        }
        let last = self.played.pop().ok_or(UndoError::AtStart)?;
        let mv = self.moves.pop().ok_or(UndoError::AtStart)?;
        if let Move::Place(p) = mv {
            if let Some(last_board) = self.seen.pop() {
                for (colour, list) in self.by_count.iter_mut().enumerate() {
                    list.pop(
                        last_board.stones(colour),
                        last_board.earlier_same_count[colour],
                    );
                }
            }
            let mut masks = [
                self.board.stones_of(Player::First),
                self.board.stones_of(Player::Second),
            ];
            masks[last.player.index()] &= !bit(cell_of(p));
            // Planted bug (tests only): undo does not put the captured stones back.
            if !game_core::planted::is("G-8") {
                masks[last.player.other().index()] |= last.captured;
            }
            self.board = Board::from_masks(masks[0], masks[1]);
            // With the planted bug of G-11, one prisoner was counted per capturing move.
            self.prisoners[last.player] -= if game_core::planted::is("G-11") {
                u32::from(last.captured != 0)
            } else {
                last.captured.count_ones()
            };
        }
        self.to_move = last.to_move_before;
        self.passes = last.passes_before;
        if let (Move::Place(p), true) = (mv, last.first_on_point) {
            self.ever_occupied &= !bit(cell_of(p));
        }
        self.end = None;
        Ok(mv)
    }
}
