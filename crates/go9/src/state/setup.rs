//! Set-up positions (SGF `AB`/`AW` with `PL`): a game from one, and the one a game
//! started from.

use board_geometry::Point;
use game_core::ByPlayer;

use super::Go9;
use crate::board::Board;
use crate::error::SetupError;
use crate::layout::{ON_BOARD, bit, cell_of, cells, point_of};
use crate::setup::Setup;

impl Go9 {
    /// A game from a set-up position (SGF `AB`/`AW` with `PL`): that board is the first
    /// board of the history (G-4). A point listed twice for one colour counts once.
    ///
    /// # Errors
    /// [`SetupError`] if a point has both colours or a chain has no liberties.
    pub fn from_setup(setup: Setup) -> Result<Go9, SetupError> {
        let mask = |points: &[Point]| points.iter().fold(0, |m, &p| m | bit(cell_of(p)));
        let (b, w) = (mask(&setup.stones.first), mask(&setup.stones.second));
        let to_move = setup.to_move;
        if let Some(c) = cells(b & w).next() {
            return Err(SetupError::BothColours(point_of(c)));
        }
        let board = Board::from_masks(b, w);
        // Every stone, in point order (so the first stone without liberties is named).
        for c in cells(ON_BOARD & !board.empty_mask()) {
            if board.liberties_at(c) == 0 {
                return Err(SetupError::NoLiberties(point_of(c)));
            }
        }
        Ok(Go9::from_board(board, to_move))
    }

    /// The set-up position the game started from (the empty board with Black to move for
    /// [`Go9::new`]), its points in index order.
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            stones: ByPlayer::new(
                crate::layout::points_of(self.setup[0]),
                crate::layout::points_of(self.setup[1]),
            ),
            to_move: self.first_to_move,
        }
    }
}
