//! Random playouts: uniform over the legal moves that do not fill one's own single-point
//! eye, with full superko legality, until the game ends by the rules.

use game_core::{Game, GameRng, Player};

use crate::layout::{Mask, diagonal, near_on, on_edge, point_of};
use crate::moves::Move;
use crate::state::Go9;

/// A placement the playout policy chose, with what was found while checking it: its
/// captures and the stones next to it (`layout::near` words), so that playing it does not
/// look them up again.
#[derive(Clone, Copy)]
pub(crate) struct Choice {
    pub(crate) cell: usize,
    pub(crate) captured: Mask,
    pub(crate) own: u32,
    pub(crate) opponent: u32,
}

impl Go9 {
    /// Whether the empty cell `c` is a single-point eye of `player`: every on-board
    /// neighbour is `player`'s stone, and the diagonals hold at most one opponent stone
    /// (none on the edge), so filling it could only hurt.
    #[inline]
    pub(crate) fn is_own_eye(&self, c: usize, player: Player) -> bool {
        let (own, _) = self.board().near_stones(c, player);
        self.is_own_eye_near(c, player, own)
    }

    /// [`Go9::is_own_eye`] with `player`'s stones next to `c` already read (as a
    /// `layout::near` word).
    #[inline]
    fn is_own_eye_near(&self, c: usize, player: Player, own: u32) -> bool {
        if near_on(c) & !own != 0 {
            return false;
        }
        // At most one opponent stone on the diagonals, none on the edge (a bit trick
        // instead of a popcount: `e & (e - 1)` clears the lowest stone).
        let enemies = diagonal(c) & self.board().stones_of(player.other());
        enemies == 0 || (!on_edge(c) && enemies & (enemies - 1) == 0)
    }

    /// Whether placing on `p` would fill the player to move's own single-point eye (see
    /// [`Go9::playout_move`]).
    #[must_use]
    pub fn fills_own_eye(&self, mv: Move) -> bool {
        match mv {
            Move::Pass => false,
            Move::Place(p) => {
                let c = crate::layout::cell_of(p);
                self.board().cell(c) == crate::board::EMPTY && self.is_own_eye(c, self.to_move())
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
        if self.is_over() {
            return None;
        }
        Some(match self.playout_choice(rng) {
            Some(choice) => Move::Place(point_of(choice.cell)),
            None => Move::Pass,
        })
    }

    /// The policy's choice: the chosen placement (see [`Choice`]), `None` for a pass. The
    /// game must not be over.
    ///
    /// The first candidate is drawn from the board's list of empty points as it stands;
    /// only after a rejection is the list copied, so that the draws go on without
    /// replacement (the same draws, in the same order, as copying it up front).
    #[inline]
    pub(crate) fn playout_choice(&self, rng: &mut GameRng) -> Option<Choice> {
        let player = self.to_move();
        let (list, total) = self.board().empty_cells();
        if total == 0 {
            return None;
        }
        let i = rng.below(total);
        let c = usize::from(list[i]);
        if let Some(choice) = self.acceptable(c, player) {
            return Some(choice);
        }
        let mut candidates = *list;
        let mut n = total - 1;
        candidates[i] = candidates[n];
        while n > 0 {
            let i = rng.below(n);
            let c = usize::from(candidates[i]);
            if let Some(choice) = self.acceptable(c, player) {
                return Some(choice);
            }
            n -= 1;
            candidates[i] = candidates[n];
        }
        None
    }

    /// The captures of a placement by `player` on the empty cell `c` if the policy accepts
    /// it (legal, and not `player`'s own single-point eye).
    #[inline(always)]
    pub(crate) fn acceptable(&self, c: usize, player: Player) -> Option<Choice> {
        let (own, opponent) = self.board().near_stones(c, player);
        if self.is_own_eye_near(c, player, own) {
            None
        } else {
            self.legal_captures(c, player, own, opponent)
                .map(|captured| Choice {
                    cell: c,
                    captured,
                    own,
                    opponent,
                })
        }
    }

    /// Plays [`Go9::playout_move`] until the game ends by the rules (two passes or the
    /// 300th move). Returns the number of moves played.
    ///
    /// The moves are recorded as by [`game_core::Game::play`] (undo, the record and the
    /// superko history all work afterwards); only the checks that the policy already made
    /// are not repeated.
    pub fn random_playout(&mut self, rng: &mut GameRng) -> usize {
        self.reserve_for_full_game();
        let mut played = 0;
        while !self.is_over() {
            let player = self.to_move();
            match self.playout_choice(rng) {
                Some(choice) => self.apply_placement_near(
                    player,
                    choice.cell,
                    choice.captured,
                    choice.own,
                    choice.opponent,
                ),
                None => self.apply_pass(player),
            }
            played += 1;
        }
        played
    }
}
