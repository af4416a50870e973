//! `game_core::Game` for [`GoState`]: the interface the `rulebook` driver, the benches
//! and the generic tools use.

use game_core::{Game, Outcome, Player};

use super::{EndReason, GoState};
use crate::error::PlayError;
use crate::layout::cell_of;
use crate::moves::{Move, ParseMoveError};

impl Game for GoState {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;

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

    fn outcome(&self) -> Outcome {
        let Some(end) = self.end else {
            return Outcome::Ongoing;
        };
        let name = |p: Player| Self::PLAYER_NAMES[p.index()];
        match end {
            EndReason::TwoPasses | EndReason::MoveLimit => {
                let score = self.score();
                let why = if end == EndReason::TwoPasses {
                    "two passes"
                } else {
                    "300-move limit"
                };
                let detail = format!("({}: {score}; {why})", score.result());
                match score.winner() {
                    Some(winner) => Outcome::win(
                        winner,
                        format!("by {} points {detail}", score.margin().abs()),
                    ),
                    None => Outcome::draw(format!("by jigo {detail}")),
                }
            }
            EndReason::Resignation(loser) => Outcome::win(
                loser.other(),
                format!("by resignation ({} resigned)", name(loser)),
            ),
            EndReason::Time(loser) => Outcome::win(
                loser.other(),
                format!("on time ({} ran out of time)", name(loser)),
            ),
            EndReason::AgreedDraw => Outcome::draw("by agreement"),
        }
    }

    fn ply(&self) -> usize {
        self.played.len()
    }
}
