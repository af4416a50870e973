//! Integer actions and observation planes: a game's moves numbered `0..num_actions` and
//! its position written as `f32` planes, for learning programs. Each game crate implements
//! [`Encoded`] for its game, so the game alone gives a trainer its actions, masks and
//! planes; `game-catalog` delegates to it.
//!
//! An action id is a fixed formula of the move and the game's options (board side,
//! variant), never of the position, so a network's output layer has one unit per id for
//! the whole game; the legal ids of a position are the ids of its legal moves. A board
//! point `(col, row)` (row 0 the bottom row, `A1` = `(0, 0)`) on a side `n` is
//! `row * n + col` in every game that has points ([`point_id`]).
//!
//! Observations are planes of `f32`, plane-major then row-major, from the point of view
//! of one player. Writing one reads the position and stores every value of the buffer; it
//! allocates nothing.
//!
//! A toy game's encoding, and the checked calls the trait provides on top of it:
//!
//! ```
//! use game_core::encoding::{ActionError, Encoded};
//! use game_core::{Game, Outcome, Player};
//!
//! // Nim with a pile of at most 9: take 1–3; who takes the last wins.
//! #[derive(Clone, Debug, PartialEq)]
//! struct Nim { pile: u32, to_move: Player }
//! #[derive(Debug)]
//! struct Illegal;
//! impl std::fmt::Display for Illegal {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         f.write_str("take 1 to 3 and no more than the pile")
//!     }
//! }
//! impl std::error::Error for Illegal {}
//! impl Game for Nim {
//!     type Move = u32;
//!     type ParseMoveError = std::num::ParseIntError;
//!     type PlayError = Illegal;
//!     type EndReason = &'static str;
//!     const NAME: &'static str = "nim";
//!     const PLAYER_NAMES: [&'static str; 2] = ["first", "second"];
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, moves: &mut Vec<u32>) {
//!         moves.clear();
//!         moves.extend((1..=3).filter(|&t| t <= self.pile));
//!     }
//!     fn check_move(&self, mv: u32) -> Result<(), Illegal> {
//!         if (1..=3).contains(&mv) && mv <= self.pile { Ok(()) } else { Err(Illegal) }
//!     }
//!     fn play_unchecked(&mut self, mv: u32) {
//!         self.pile -= mv;
//!         self.to_move = self.to_move.other();
//!     }
//!     fn is_over(&self) -> bool { self.pile == 0 }
//!     fn outcome(&self) -> Outcome<&'static str> {
//!         if self.pile > 0 { Outcome::Ongoing }
//!         else { Outcome::win(self.to_move.other(), "took the last counter") }
//!     }
//!     fn ply(&self) -> usize { 0 }
//! }
//!
//! // Action `a` takes `a + 1`; the observation is one plane of 9 cells, 1.0 per counter.
//! impl Encoded for Nim {
//!     fn num_actions(&self) -> usize { 3 }
//!     fn action_of(&self, mv: u32) -> usize {
//!         if (1..=3).contains(&mv) { mv as usize - 1 } else { 3 }
//!     }
//!     fn decode_action(&self, action: usize) -> Option<u32> {
//!         Some(action as u32 + 1)
//!     }
//!     fn observation_shape(&self) -> [usize; 3] { [1, 1, 9] }
//!     fn fill_observation(&self, _viewer: Player, out: &mut [f32]) {
//!         for (cell, value) in out.iter_mut().enumerate() {
//!             *value = if (cell as u32) < self.pile { 1.0 } else { 0.0 };
//!         }
//!     }
//! }
//!
//! let mut nim = Nim { pile: 2, to_move: Player::First };
//! let mut mask = [true; 3];
//! nim.write_action_mask(&mut mask, &mut Vec::new())?;
//! assert_eq!(mask, [true, true, false]);
//! assert!(matches!(nim.play_action(2), Err(ActionError::Illegal { .. })));
//! assert!(matches!(nim.play_action(7), Err(ActionError::OutOfRange { .. })));
//! assert!(nim.write_observation(&mut [0.0; 8]).is_err());
//! assert_eq!(nim.play_action(1)?, 2);
//! assert!(nim.is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::error::Error;
use std::fmt;

use crate::game::Game;
use crate::player::Player;

/// A game whose moves have integer ids and whose position has an observation tensor.
///
/// Required: the id formula both ways ([`Encoded::num_actions`], [`Encoded::action_of`],
/// [`Encoded::decode_action`]) and the planes ([`Encoded::observation_shape`],
/// [`Encoded::fill_observation`]), each called by the provided calls only with an id in
/// range or a buffer of the right length. Provided on top: those checks
/// ([`Encoded::move_of`], [`Encoded::write_observation_for`]), the observation from the
/// player to move, the legal-action mask, both together, and playing an id. A game
/// overrides a provided call where it can do better (go9 computes the mask and the planes
/// in one pass over the board).
pub trait Encoded: Game {
    /// The number of ids for this game's options (the same in every position of a game).
    fn num_actions(&self) -> usize;

    /// The id of `mv` (legal now or not); [`Encoded::num_actions`] for a move that is not
    /// on this game's board, which no id reaches.
    fn action_of(&self, mv: Self::Move) -> usize;

    /// The move named by `action`, an id below [`Encoded::num_actions`] (legal now or
    /// not), or `None` for an id that names no move on this board (a Bind line leaving
    /// it). Callers use [`Encoded::move_of`], which checks the range first.
    fn decode_action(&self, action: usize) -> Option<Self::Move>;

    /// The move named by the id `action` (legal now or not); the inverse of
    /// [`Encoded::action_of`].
    ///
    /// # Errors
    /// [`ActionError::OutOfRange`] past the last id, [`ActionError::NoSuchMove`] for an id
    /// that names no move on this board (a Bind line leaving it).
    #[inline]
    fn move_of(&self, action: usize) -> Result<Self::Move, ActionError> {
        ActionError::check_range(action, self.num_actions())?;
        self.decode_action(action)
            .ok_or(ActionError::NoSuchMove { action })
    }

    /// The observation's shape, `[planes, rows, columns]`.
    fn observation_shape(&self) -> [usize; 3];

    /// The number of values of an observation: the product of
    /// [`Encoded::observation_shape`].
    fn observation_len(&self) -> usize {
        let [planes, rows, columns] = self.observation_shape();
        planes * rows * columns
    }

    /// Writes the observation planes from the point of view of `viewer`, who need not be
    /// the player to move (a multi-agent environment observes for each agent): "the
    /// mover" of the game's planes read as `viewer`, and the planes that describe what the
    /// player to move may do now all 0 for the other player. Every value of `out` is
    /// overwritten; nothing is allocated.
    ///
    /// # Errors
    /// [`BufferSizeError`] if `out` does not hold exactly [`Encoded::observation_len`]
    /// values; `out` is then untouched.
    fn write_observation_for(
        &self,
        viewer: Player,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        check_buffer(out.len(), self.observation_len())?;
        self.fill_observation(viewer, out);
        Ok(())
    }

    /// Writes the planes as [`Encoded::write_observation_for`] does, into `out` of exactly
    /// [`Encoded::observation_len`] values (callers use that call, which checks the
    /// length first).
    fn fill_observation(&self, viewer: Player, out: &mut [f32]);

    /// Writes the observation from the point of view of the player to move.
    ///
    /// # Errors
    /// As [`Encoded::write_observation_for`].
    fn write_observation(&self, out: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation_for(self.to_move(), out)
    }

    /// The observation from the player to move in a new vector (a caller that observes
    /// every step keeps one buffer and calls [`Encoded::write_observation`] instead).
    fn observation(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.observation_len()];
        // The buffer has the observation's length, so this cannot fail.
        let _ = self.write_observation(&mut out);
        out
    }

    /// Writes the legal-action mask into `mask` (`true` exactly at the ids of the legal
    /// moves), using `moves` as the move buffer.
    ///
    /// # Errors
    /// [`BufferSizeError`] if `mask` does not hold exactly [`Encoded::num_actions`] values;
    /// `mask` is then untouched.
    fn write_action_mask(
        &self,
        mask: &mut [bool],
        moves: &mut Vec<Self::Move>,
    ) -> Result<(), BufferSizeError> {
        check_buffer(mask.len(), self.num_actions())?;
        mask.fill(false);
        self.legal_moves(moves);
        for &mv in moves.iter() {
            mask[self.action_of(mv)] = true;
        }
        Ok(())
    }

    /// Writes the observation from the player to move and the legal-action mask together
    /// (what a training step reads): the values of [`Encoded::write_observation`] and
    /// [`Encoded::write_action_mask`], which a game may compute in one pass.
    ///
    /// # Errors
    /// [`BufferSizeError`] for either buffer of the wrong length; both are then untouched.
    fn write_observation_and_mask(
        &self,
        observation: &mut [f32],
        mask: &mut [bool],
        moves: &mut Vec<Self::Move>,
    ) -> Result<(), BufferSizeError> {
        check_buffer(observation.len(), self.observation_len())?;
        check_buffer(mask.len(), self.num_actions())?;
        self.write_observation(observation)?;
        self.write_action_mask(mask, moves)
    }

    /// Plays the move named by `action` with the checked [`Game::play`] and returns it.
    ///
    /// # Errors
    /// As [`Encoded::move_of`], and [`ActionError::Illegal`] with the game's words for a
    /// move that is not legal now; the game is unchanged.
    fn play_action(&mut self, action: usize) -> Result<Self::Move, ActionError> {
        let mv = self.move_of(action)?;
        self.play(mv).map_err(|e| ActionError::Illegal {
            action,
            text: mv.to_string(),
            reason: e.to_string(),
        })?;
        Ok(mv)
    }
}

/// Why an integer action was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ActionError {
    /// The id is not below the game's number of actions.
    OutOfRange {
        /// The id given.
        action: usize,
        /// The number of actions.
        actions: usize,
    },
    /// The id is in range but names no move on this board (a Bind line that would leave
    /// the board).
    NoSuchMove {
        /// The id given.
        action: usize,
    },
    /// The move is not legal now (masked out); `reason` is the game's play error.
    Illegal {
        /// The id given.
        action: usize,
        /// The move's notation.
        text: String,
        /// The game's own words.
        reason: String,
    },
}

impl ActionError {
    /// [`ActionError::OutOfRange`] unless `action < actions`.
    ///
    /// # Errors
    /// [`ActionError::OutOfRange`] for an id at or past `actions`.
    pub fn check_range(action: usize, actions: usize) -> Result<(), ActionError> {
        if action < actions {
            Ok(())
        } else {
            Err(ActionError::OutOfRange { action, actions })
        }
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::OutOfRange { action, actions } => write!(
                f,
                "action {action} is out of range: this game has actions 0 to {}",
                actions.saturating_sub(1)
            ),
            ActionError::NoSuchMove { action } => {
                write!(f, "action {action} names no move on this board")
            }
            ActionError::Illegal {
                action,
                text,
                reason,
            } => write!(f, "action {action} ({text}) is not legal now: {reason}"),
        }
    }
}

impl Error for ActionError {}

/// A buffer of the wrong length for a mask or an observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferSizeError {
    /// The length needed.
    pub needed: usize,
    /// The length given.
    pub given: usize,
}

impl fmt::Display for BufferSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the buffer holds {} values; this game needs exactly {}",
            self.given, self.needed
        )
    }
}

impl Error for BufferSizeError {}

/// [`BufferSizeError`] unless `given == needed`.
///
/// # Errors
/// [`BufferSizeError`] with both lengths when they differ.
#[inline]
pub fn check_buffer(given: usize, needed: usize) -> Result<(), BufferSizeError> {
    if given == needed {
        Ok(())
    } else {
        Err(BufferSizeError { needed, given })
    }
}

/// The id of the point in column `col` and row `row` of a board of side `side`:
/// `row * side + col`.
#[inline]
#[must_use]
pub const fn point_id(col: usize, row: usize, side: usize) -> usize {
    row * side + col
}

/// The column and row of point id `id` on a board of side `side`: the inverse of
/// [`point_id`].
#[inline]
#[must_use]
pub const fn point_col_row(id: usize, side: usize) -> (usize, usize) {
    (id % side, id / side)
}

/// The `plane`-th plane of `out`, each plane holding `plane_len` values.
///
/// # Panics
/// If `out` holds fewer than `(plane + 1) * plane_len` values: call it on a buffer checked
/// with [`check_buffer`].
#[inline]
pub fn plane_mut(out: &mut [f32], plane: usize, plane_len: usize) -> &mut [f32] {
    &mut out[plane * plane_len..(plane + 1) * plane_len]
}

/// The value of a 0/1 plane for `flag`: 1.0 when true, 0.0 when false.
#[inline]
#[must_use]
pub const fn flag_value(flag: bool) -> f32 {
    if flag { 1.0 } else { 0.0 }
}

/// Writes planes 0 and 1 of a board of `plane_len` points: 1.0 in plane 0 where
/// `owner_at(point id)` is `mover`, 1.0 in plane 1 where it is the other player, 0.0
/// everywhere else.
///
/// # Panics
/// If `out` holds fewer than `2 * plane_len` values.
#[inline]
pub fn write_stone_planes(
    out: &mut [f32],
    plane_len: usize,
    mover: Player,
    owner_at: impl Fn(usize) -> Option<Player>,
) {
    let (mover_plane, rest) = out.split_at_mut(plane_len);
    let opponent_plane = &mut rest[..plane_len];
    for (id, (own, other)) in mover_plane
        .iter_mut()
        .zip(opponent_plane.iter_mut())
        .enumerate()
    {
        let owner = owner_at(id);
        *own = flag_value(owner == Some(mover));
        *other = flag_value(owner == Some(mover.other()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_read_as_before() {
        assert_eq!(
            ActionError::OutOfRange {
                action: 90,
                actions: 82
            }
            .to_string(),
            "action 90 is out of range: this game has actions 0 to 81"
        );
        assert_eq!(
            ActionError::NoSuchMove { action: 7 }.to_string(),
            "action 7 names no move on this board"
        );
        assert_eq!(
            ActionError::Illegal {
                action: 3,
                text: "D1".into(),
                reason: "occupied".into()
            }
            .to_string(),
            "action 3 (D1) is not legal now: occupied"
        );
        assert_eq!(
            check_buffer(3, 4).unwrap_err().to_string(),
            "the buffer holds 3 values; this game needs exactly 4"
        );
        assert_eq!(check_buffer(4, 4), Ok(()));
        assert_eq!(ActionError::check_range(81, 82), Ok(()));
        assert_eq!(
            ActionError::check_range(82, 82),
            Err(ActionError::OutOfRange {
                action: 82,
                actions: 82
            })
        );
    }

    #[test]
    fn points_and_planes() {
        assert_eq!(point_id(2, 1, 9), 11);
        assert_eq!(point_col_row(11, 9), (2, 1));
        let mut out = [9.0; 6];
        write_stone_planes(&mut out, 3, Player::Second, |id| match id {
            0 => Some(Player::Second),
            2 => Some(Player::First),
            _ => None,
        });
        assert_eq!(out, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        plane_mut(&mut out, 1, 3).fill(flag_value(true));
        assert_eq!(out, [1.0, 0.0, 0.0, 1.0, 1.0, 1.0]);
        let mut planes = [0.0; 12];
        plane_mut(&mut planes, 2, 4).fill(7.0);
        assert_eq!(planes[..8], [0.0; 8]);
        assert_eq!(planes[8..], [7.0; 4]);
        assert_eq!(flag_value(false), 0.0);
    }
}
