//! Integer actions and observation tensors through [`AnyGame`] (docs/actions.md).

use game_core::{Encoded, Game, Player};

use crate::any::{AnyGame, each_game};
use crate::error::{ActionError, BufferSizeError, MoveError};

impl AnyGame {
    /// The number of integer actions for this game's options: ids are `0..num_actions`.
    #[must_use]
    pub fn num_actions(&self) -> usize {
        each_game!(self, g => g.num_actions())
    }

    /// The action id of the move written `text` (legal now or not).
    ///
    /// # Errors
    /// [`MoveError::Parse`] for a text that is no move of this game.
    pub fn action_of(&self, text: &str) -> Result<usize, MoveError> {
        let text = text.trim();
        each_game!(self, g => g
            .parse_move(text)
            .map(|mv| g.action_of(mv))
            .map_err(|e| MoveError::Parse { text: text.to_string(), reason: e.to_string() }))
    }

    /// The move named by `action`, in canonical notation (legal now or not).
    ///
    /// # Errors
    /// [`ActionError::OutOfRange`] or [`ActionError::NoSuchMove`].
    pub fn move_of(&self, action: usize) -> Result<String, ActionError> {
        each_game!(self, g => g.move_of(action).map(|mv| mv.to_string()))
    }

    /// The ids of the legal moves, ascending, into `actions` (cleared first).
    pub fn legal_actions(&self, actions: &mut Vec<usize>) {
        actions.clear();
        each_game!(self, g => {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            actions.extend(moves.into_iter().map(|mv| g.action_of(mv)));
        });
        actions.sort_unstable();
    }

    /// Writes the legal-action mask: `true` exactly at the ids of the legal moves.
    ///
    /// # Errors
    /// [`BufferSizeError`] unless `mask` holds exactly [`AnyGame::num_actions`] values.
    pub fn write_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        each_game!(self, g => g.write_action_mask(mask, &mut Vec::new()))
    }

    /// Plays the move named by `action` and returns its notation.
    ///
    /// # Errors
    /// [`ActionError`]: out of range, no such move, or not legal now (the game's words);
    /// the game is unchanged.
    pub fn play_action(&mut self, action: usize) -> Result<String, ActionError> {
        each_game!(self, g => g.play_action(action).map(|mv| mv.to_string()))
    }

    /// The observation's shape, `[planes, rows, columns]`.
    #[must_use]
    pub fn observation_shape(&self) -> [usize; 3] {
        each_game!(self, g => g.observation_shape())
    }

    /// The number of values of an observation: the product of its shape.
    #[must_use]
    pub fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Writes the observation planes from the mover's point of view into `out`, allocating
    /// nothing.
    ///
    /// # Errors
    /// [`BufferSizeError`] unless `out` holds exactly [`AnyGame::observation_len`] values.
    pub fn write_observation(&self, out: &mut [f32]) -> Result<(), BufferSizeError> {
        each_game!(self, g => g.write_observation(out))
    }

    /// Writes the observation planes from `viewer`'s point of view, who need not be the
    /// player to move ([`Encoded::write_observation_for`](game_core::Encoded::write_observation_for)).
    ///
    /// # Errors
    /// [`BufferSizeError`] unless `out` holds exactly [`AnyGame::observation_len`] values.
    pub fn write_observation_for(
        &self,
        viewer: Player,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        each_game!(self, g => g.write_observation_for(viewer, out))
    }
}
