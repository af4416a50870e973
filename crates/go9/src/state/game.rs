//! `game_core::Game` for [`Go9`]: the interface the `rulebook` driver, the benches
//! and the generic tools use.

use game_core::{Game, Outcome, Player};

use super::Go9;
use crate::end::EndReason;
use crate::error::PlayError;
use crate::layout::cell_of;
use crate::moves::{Move, ParseMoveError};

impl Game for Go9 {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;
    type EndReason = EndReason;

    const NAME: &'static str = "go9";
    const PLAYER_NAMES: [&'static str; 2] = ["black", "white"];

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves_for(self.to_move, moves);
    }

    fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        self.check_move_for(self.to_move, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let captured = match mv {
            Move::Pass => 0,
            Move::Place(p) => self.board.effect(cell_of(p), self.to_move).captured,
        };
        self.apply(self.to_move, mv, captured);
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_as(self.to_move, mv)
    }

    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    fn outcome(&self) -> Outcome<EndReason> {
        let Some(reason) = self.end_reason() else {
            return Outcome::Ongoing;
        };
        match reason.winner() {
            Some(winner) => Outcome::win(winner, reason),
            None => Outcome::draw(reason),
        }
    }

    fn ply(&self) -> usize {
        self.played.len()
    }
}
