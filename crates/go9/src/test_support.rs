//! Helpers of the crate's unit tests: positions from move lists, cells from point names.

use game_core::Game;

use crate::layout::cell_of;
use crate::moves::parse_point;
use crate::state::Go9;

/// The game after `moves` (space-separated point names, `pass` allowed), each played
/// through the rules.
pub(crate) fn after(moves: &str) -> Go9 {
    let mut state = Go9::new();
    for text in moves.split_whitespace() {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    state
}

/// The mailbox cell of a point name.
pub(crate) fn cell(point: &str) -> usize {
    cell_of(parse_point(point).unwrap())
}
