//! What the player to move may do on every point, in one pass: for observations, legal
//! masks and boards a UI draws.
//!
//! `Go9::check_placement` answers for one point: the captures, suicide, then the board
//! after it looked up in the history. [`Go9::placement_refusals`] answers for every point
//! at once and looks closely only where an answer can be "no":
//! - a placement that captures nothing is suicide only on a point without an empty
//!   neighbour (few points; a close look at each);
//! - a placement by P on `c` that is no suicide makes the board with P's stones and `c`,
//!   and the other colour's stones less those it captures. A board of the history equals
//!   it only if it has one stone of P more than this board, all of this board's P stones,
//!   and none of the other colour's but this board's. The history lists its boards by the
//!   number of each colour's stones (`Go9::by_count`), so one short walk over the boards
//!   with one P stone more finds each candidate; its one new P stone names `c`, which
//!   repeats it if `c` is empty and a stone there captures just the stones it lacks.

use board_geometry::Point;
use game_core::Player;

use super::Go9;
use crate::error::PlayError;
use crate::layout::{Mask, POINTS, bit, cell_of, cells, spread};

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

/// The empty points where a player may not place, by reason, as cell masks
/// ([`Go9::placement_refusals`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Refusals {
    /// A stone there would have no liberty and capture nothing (G-3).
    pub suicide: Mask,
    /// A stone there would repeat an earlier board (G-4).
    pub superko: Mask,
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

    /// Where `player` may not place with this board and history (whoever is to move, and
    /// whether or not the game is over): the same answers as `check_placement` on every
    /// empty point (module doc).
    pub(crate) fn placement_refusals(&self, player: Player) -> Refusals {
        let empty = self.board.empty_mask();
        let look = empty & !self.surely_legal();
        if look == 0 {
            return Refusals::default();
        }
        // Planted bugs (tests only) change what `check_placement` answers: ask it.
        if game_core::planted::is("G-3") || game_core::planted::is("G-4") {
            return self.refusals_point_by_point(player, look);
        }
        // A point without an empty neighbour: a stone there captures next to an opponent
        // stone in atari (that point is its chain's only liberty), and has a liberty next
        // to an own stone not in atari (its chain has another); else it is suicide.
        let board = &self.board;
        let in_atari = board.in_atari();
        let captures = spread(board.stones_of(player.other()) & in_atari);
        let breathes = spread(board.stones_of(player) & !in_atari);
        Refusals {
            suicide: look & !spread(empty) & !captures & !breathes,
            superko: self.repeating_points(player),
        }
    }

    /// The empty points where a stone of `player` would make a board seen before (module
    /// doc): for each board of the history with one stone of `player` more than this one,
    /// all of this board's and the other colour's among this board's, the point of its new
    /// stone, if a stone there captures just the stones that board lacks.
    fn repeating_points(&self, player: Player) -> Mask {
        let (mover, other) = (player.index(), player.other().index());
        let own = self.board.stones_of(player);
        let theirs = self.board.stones_of(player.other());
        let empty = self.board.empty_mask();
        let mut points = 0;
        let mut link = self.by_count[mover].latest(own.count_ones() as usize + 1);
        while let Some(seen) = usize::from(link)
            .checked_sub(1)
            .and_then(|i| self.seen.get(i))
        {
            link = seen.earlier_same_count[mover];
            let (seen_own, seen_theirs) = (seen.masks[mover], seen.masks[other]);
            let new = seen_own & !own;
            if seen_own & own != own || seen_theirs & !theirs != 0 || new & empty == 0 {
                continue;
            }
            // One P stone more and all of this board's: `new` is one point, and empty.
            let c = new.trailing_zeros() as usize;
            if self.board.effect(c, player).captured == theirs & !seen_theirs {
                points |= new;
            }
        }
        points
    }

    /// [`Go9::placement_refusals`] by asking `check_placement` point by point, over the
    /// cells of `look` (the others are legal).
    fn refusals_point_by_point(&self, player: Player, look: Mask) -> Refusals {
        let mut refusals = Refusals::default();
        for c in cells(look) {
            match self.check_placement(c, player) {
                Ok(_) => {}
                Err(PlayError::Superko { .. }) => refusals.superko |= bit(c),
                Err(_) => refusals.suicide |= bit(c),
            }
        }
        refusals
    }

    /// The status of every point, in point order (`A1`, `B1`, …, `J9`), from the point of
    /// view of the player to move: whose stone, or whether a placement is legal, suicide or
    /// forbidden by superko. The same answers as `check_move` point by point, in one pass
    /// that allocates nothing and looks closely only at points where a placement could be
    /// refused (module doc).
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
        let refusals = if self.end.is_some() {
            Refusals::default()
        } else {
            self.placement_refusals(self.to_move)
        };
        for (index, slot) in out.iter_mut().enumerate() {
            let c = cell_of(Point::from_index(index));
            *slot = if let Some(owner) = self.board.stone_at_cell(c) {
                PointStatus::Stone(owner)
            } else if self.end.is_some() {
                PointStatus::Ended
            } else if refusals.suicide & bit(c) != 0 {
                PointStatus::Suicide
            } else if refusals.superko & bit(c) != 0 {
                PointStatus::Superko
            } else {
                PointStatus::Legal
            };
        }
    }
}
