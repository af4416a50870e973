//! What the player to move may do on every point, in one pass: for observations, legal
//! masks and boards a UI draws.

use board_geometry::Point;
use game_core::Player;

use super::Go9;
use crate::error::PlayError;
use crate::layout::{Mask, POINTS, bit, cell_of, spread};

/// A point as the player to move sees it ([`Go9::point_statuses`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PointStatus {
    /// A stone of this player.
    Stone(Player),
    /// Empty, and the player to move may place here.
    Legal,
    /// Empty, but a stone here would have no liberty and capture nothing (G-3).
    Suicide,
    /// Empty, but a stone here would repeat an earlier board (G-5): forbidden only by
    /// superko.
    Superko,
    /// Empty, and the game is over.
    Ended,
}

impl Go9 {
    /// The empty cells where a placement is legal without a closer look: next to an empty
    /// point a stone has a liberty (no suicide), and where no stone ever stood the board
    /// after it is new (no superko).
    #[inline]
    pub(crate) fn surely_legal(&self) -> Mask {
        let empty = self.board.empty_mask();
        empty & spread(empty) & !self.ever_occupied
    }

    /// The status of every point, in point order (`A1`, `B1`, …, `J9`), from the point of
    /// view of the player to move: whose stone, or whether a placement is legal, suicide or
    /// forbidden by superko. The same answers as `check_move` point by point, in one pass
    /// that allocates nothing and looks closely only at points where a placement could be
    /// refused (next to no empty point, or where a stone has stood before).
    ///
    /// ```
    /// use go9::{Go9, Game, Move, PointStatus, Player, parse_point, POINTS};
    /// let mut game = Go9::new();
    /// game.play(Move::Place(parse_point("E5")?))?;
    /// let mut statuses = [PointStatus::Legal; POINTS];
    /// game.point_statuses(&mut statuses);
    /// assert_eq!(statuses[parse_point("E5")?.index()], PointStatus::Stone(Player::First));
    /// assert_eq!(statuses.iter().filter(|&&s| s == PointStatus::Legal).count(), 80);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn point_statuses(&self, out: &mut [PointStatus; POINTS]) {
        let player = self.to_move;
        let surely_legal = self.surely_legal();
        for (index, slot) in out.iter_mut().enumerate() {
            let c = cell_of(Point::from_index(index));
            *slot = if let Some(owner) = self.board.stone_at_cell(c) {
                PointStatus::Stone(owner)
            } else if self.end.is_some() {
                PointStatus::Ended
            } else if surely_legal & bit(c) != 0 {
                PointStatus::Legal
            } else {
                match self.check_placement(c, player) {
                    Ok(_) => PointStatus::Legal,
                    Err(PlayError::Superko { .. }) => PointStatus::Superko,
                    Err(_) => PointStatus::Suicide,
                }
            };
        }
    }
}
