//! The end of a game: its reason and result (G-10), and the calls that end it whatever
//! the board says (resignation, time, agreed draw: G-7).

use game_core::Player;

use super::Go9;
use crate::end::{EndReason, Ending};
use crate::error::PlayError;
use crate::scoring::AreaCount;

impl Go9 {
    /// Why the game ended, if it has; a game the rules ended carries its count (computed
    /// now, allocating nothing).
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        Some(match self.end? {
            Ending::TwoPasses => EndReason::TwoPasses(AreaCount::count(&self.board)),
            Ending::MoveLimit => EndReason::MoveLimit(AreaCount::count(&self.board)),
            Ending::Resignation(p) => EndReason::Resignation(p),
            Ending::Time(p) => EndReason::Time(p),
            Ending::AgreedDraw => EndReason::AgreedDraw,
        })
    }

    fn end_by_call(&mut self, ending: Ending) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::GameOver);
        }
        self.end = Some(ending);
        Ok(())
    }

    /// `player` resigns: the other colour wins (G-7).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has ended.
    pub fn resign(&mut self, player: Player) -> Result<(), PlayError> {
        self.end_by_call(Ending::Resignation(player))
    }

    /// `player` lost on time: the other colour wins whatever the board says (G-7).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has ended.
    pub fn lose_on_time(&mut self, player: Player) -> Result<(), PlayError> {
        // Planted bug (tests only): the colour that ran out of time is taken as the winner.
        let loser = if game_core::planted::is("G-7") {
            player.other()
        } else {
            player
        };
        self.end_by_call(Ending::Time(loser))
    }

    /// Both players agree to a draw (G-7).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has ended.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        self.end_by_call(Ending::AgreedDraw)
    }

    /// The result as G-10 writes it (`B+3`, `W+10`, `0`, `B+R`, `W+T`), or `None` while
    /// the game goes on.
    #[must_use]
    pub fn result(&self) -> Option<String> {
        self.end_reason().map(|reason| reason.result())
    }
}
