//! Random playouts: uniform over the legal moves that do not fill one's own single-point
//! eye, with full superko legality, until the game ends by the rules.

use game_core::{GameRng, Player};

use crate::layout::{diagonal, on_edge, orthogonal, point_of};
use crate::moves::Move;
use crate::state::GoState;

impl GoState {
    /// Whether the empty cell `c` is a single-point eye of `player`: every on-board
    /// neighbour is `player`'s stone, and the diagonals hold at most one opponent stone
    /// (none on the edge), so filling it could only hurt.
    #[inline]
    pub(crate) fn is_own_eye(&self, c: usize, player: Player) -> bool {
        let board = self.board();
        let own = board.stones_of(player);
        if orthogonal(c) & !own != 0 {
            return false;
        }
        // At most one opponent stone on the diagonals, none on the edge (a bit trick
        // instead of a popcount: `e & (e - 1)` clears the lowest stone).
        let enemies = diagonal(c) & board.stones_of(player.other());
        enemies == 0 || (!on_edge(c) && enemies & (enemies - 1) == 0)
    }

    /// Whether placing on `p` would fill the player to move's own single-point eye (see
    /// [`GoState::playout_move`]).
    #[must_use]
    pub fn fills_own_eye(&self, mv: Move) -> bool {
        match mv {
            Move::Pass => false,
            Move::Place(p) => {
                let c = crate::layout::cell_of(p);
                self.board().cell(c) == crate::board::EMPTY
                    && self.is_own_eye(c, game_core::Game::to_move(self))
            }
        }
    }

    /// A move of the random playout policy: uniform over the legal placements that do not
    /// fill the mover's own single-point eye (an empty point whose neighbours are all the
    /// mover's stones, with at most one opponent stone on its diagonals and none if it is
    /// on the edge); `pass` when there is none. `None` once the game is over.
    ///
    /// It draws candidates without replacement, so each acceptable move is equally likely,
    /// and checks only those drawn (occupied, suicide and superko as in play).
    pub fn playout_move(&self, rng: &mut GameRng) -> Option<Move> {
        self.playout_choice(rng).map(|(mv, _)| mv)
    }

    /// [`GoState::playout_move`] with the captures of the chosen placement.
    #[inline]
    fn playout_choice(&self, rng: &mut GameRng) -> Option<(Move, u128)> {
        if game_core::Game::is_over(self) {
            return None;
        }
        let player = game_core::Game::to_move(self);
        let (mut candidates, mut n) = self.board().empty_cells();
        while n > 0 {
            let i = rng.below(n);
            let c = usize::from(candidates[i]);
            if !self.is_own_eye(c, player) {
                if let Ok(captured) = self.check_placement(c, player) {
                    return Some((Move::Place(point_of(c)), captured));
                }
            }
            n -= 1;
            candidates[i] = candidates[n];
        }
        Some((Move::Pass, 0))
    }

    /// Plays [`GoState::playout_move`] until the game ends by the rules (two passes or the
    /// 300th move). Returns the number of moves played.
    pub fn random_playout(&mut self, rng: &mut GameRng) -> usize {
        self.reserve_for_full_game();
        let mut played = 0;
        while let Some((mv, captured)) = self.playout_choice(rng) {
            let player = game_core::Game::to_move(self);
            self.apply(player, mv, captured);
            played += 1;
        }
        played
    }
}
