//! The invariant check against a from-scratch recomputation, for tests and fuzzing.

use game_core::Player;

use super::Go9;
use crate::layout::{ON_BOARD, POINTS};
use crate::moves::Move;

impl Go9 {
    /// Checks every invariant against a from-scratch recomputation: chains, liberties and
    /// hash; no chain without liberties; no board repeated in the history, whose lists by
    /// stone count link each board to the one before with as many; the pass count.
    ///
    /// # Errors
    /// A message naming the first broken invariant.
    pub fn validate(&self) -> Result<(), String> {
        self.board.validate()?;
        let now = [
            self.board.stones_of(Player::First),
            self.board.stones_of(Player::Second),
        ];
        let last = self.seen.last().ok_or("the history is empty")?;
        if last.masks != now {
            return Err("the last board of the history is not the board".into());
        }
        let mut distinct = std::collections::HashSet::with_capacity(self.seen.len());
        for (i, a) in self.seen.iter().enumerate() {
            if !distinct.insert(a.masks) {
                return Err(format!("board {i} of the history repeats an earlier one"));
            }
        }
        let mut latest = [[0_u16; POINTS + 1]; 2];
        for (i, board) in self.seen.iter().enumerate() {
            for (colour, latest) in latest.iter_mut().enumerate() {
                let stones = board.stones(colour);
                if board.earlier_same_count[colour] != latest[stones] {
                    return Err(format!(
                        "board {i} of the history links to the wrong board with as many \
                         stones of colour {colour}"
                    ));
                }
                latest[stones] = i as u16 + 1;
            }
        }
        for (list, latest) in self.by_count.iter().zip(&latest) {
            if (0..=POINTS).any(|stones| list.latest(stones) != latest[stones]) {
                return Err(
                    "the history's lists by stone count do not end at its last boards".into(),
                );
            }
        }
        let occupied = self.seen.iter().flat_map(|s| s.masks).fold(0, |m, x| m | x);
        if occupied != self.ever_occupied || occupied & !ON_BOARD != 0 {
            return Err("the ever-occupied points are wrong".into());
        }
        if self.moves.len() != self.played.len() {
            return Err("the moves and their bookkeeping differ in length".into());
        }
        let trailing = self
            .moves
            .iter()
            .rev()
            .take_while(|&&mv| mv == Move::Pass)
            .count();
        if trailing.min(2) != usize::from(self.passes).min(2) {
            return Err(format!("{} passes counted, {trailing} played", self.passes));
        }
        Ok(())
    }
}
