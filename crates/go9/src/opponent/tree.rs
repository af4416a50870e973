//! The computer's tree moves (`docs/go9.md`, "The computer opponent", the tree-moves row):
//! which legal moves the search may choose among, and when it passes.
//!
//! * Never a placement in the mover's own single-point eye (the playout's eye test).
//! * Never a placement in the mover's own territory (an empty point the count, after G-9's
//!   removal, gives to the mover as surrounded), unless it is tactical: it captures, it
//!   fills the last liberty of an own chain (so the opponent cannot capture there), or it
//!   lies in a small eye space still to settle (at most [`EYE_SPACE`] points, not
//!   pass-alive, where an opponent stone would have two liberties or more: the vital point
//!   of a three- to six-point eye). Under area scoring a fill gains nothing.
//! * In the opening (fewer than [`OPENING_PLIES`] plies played and as few stones on the
//!   board), never a first-line placement unless it captures or saves an own chain in
//!   atari.
//! * After the opponent's pass, when the count wins for the mover, the pass only: passing
//!   ends the game with the win, and nothing left can better that.
//! * Otherwise a pass when no other move is left, or when the count wins for the mover and
//!   no dame is left.
//!
//! In clean-up mode (GTP `kgs-genmove_cleanup`) the territory and opening filters are off
//! (the mode exists to play inside one's area) and the pass needs the win with no dame left
//! (or nothing else to play), even after the opponent's pass.

use game_core::{Game, Player};

use crate::layout::{Mask, bit, cell_of, flood, spread};
use crate::moves::Move;
use crate::scoring::CountDetail;
use crate::state::Go9;

use super::{Go9Hooks, line_of};

/// The opening, for the first-line rule: positions with fewer plies played than this (and
/// fewer stones on the board).
pub const OPENING_PLIES: usize = 20;

/// The largest eye space (points of one's own territory) whose vital point the tree
/// still offers: six, the largest shape a placement inside can kill (rabbity six).
pub const EYE_SPACE: u32 = 6;

impl Go9Hooks {
    /// The tree moves of `state` (not over) into `moves`, which holds its legal moves.
    pub(super) fn filter_tree_moves(&self, state: &Go9, moves: &mut Vec<Move>) {
        moves.retain(|&m| m != Move::Pass && !state.fills_own_eye(m));
        let player = state.to_move();
        if self.cleanup {
            if self.pass_allowed(state, None, moves.len()) {
                moves.push(Move::Pass);
            }
            return;
        }
        let detail = CountDetail::of(state.board());
        if state.consecutive_passes() == 1 && self.wins(&detail, player) {
            moves.clear();
            moves.push(Move::Pass);
            return;
        }
        moves.retain(|&m| !fills_own_territory(state, &detail, m));
        if in_opening(state) {
            let before = moves.len();
            let mut kept: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| !idle_first_line(state, m))
                .collect();
            if !kept.is_empty() && kept.len() < before {
                std::mem::swap(moves, &mut kept);
            }
        }
        if self.pass_allowed(state, Some(&detail), moves.len()) {
            moves.push(Move::Pass);
        }
    }

    /// Whether the count in `detail` wins for `player` with this komi (a tie is no win).
    fn wins(&self, detail: &CountDetail, player: Player) -> bool {
        let area = detail.count.area;
        let margin = f64::from(area.first) - f64::from(area.second) - self.komi;
        match player {
            Player::First => margin > 0.0,
            Player::Second => margin < 0.0,
        }
    }

    /// Whether a pass is one of `state`'s tree moves beside `others` other moves (the
    /// count in `detail` when the caller has it).
    fn pass_allowed(&self, state: &Go9, detail: Option<&CountDetail>, others: usize) -> bool {
        if others == 0 {
            return true;
        }
        // A cheap test first: an empty point next to both colours is dame (its region
        // touches both), so not every dame is filled.
        let b = state.board();
        let dame = spread(b.stones_of(Player::First))
            & spread(b.stones_of(Player::Second))
            & b.empty_mask();
        if dame != 0 {
            return false;
        }
        let counted;
        let detail = match detail {
            Some(d) => d,
            None => {
                counted = CountDetail::of(b);
                &counted
            }
        };
        detail.count.neutral == 0 && self.wins(detail, state.to_move())
    }
}

/// Whether `state` is still in its opening for the first-line rule.
fn in_opening(state: &Go9) -> bool {
    let b = state.board();
    let stones = (b.stones_of(Player::First) | b.stones_of(Player::Second)).count_ones();
    state.ply() < OPENING_PLIES && (stones as usize) < OPENING_PLIES
}

/// Whether the placement on cell `c` by the player to move is tactical: it captures, or it
/// fills the last liberty of an own chain (which an opponent stone there would capture).
fn tactical(state: &Go9, c: usize) -> bool {
    let player = state.to_move();
    let board = state.board();
    board.effect(c, player).captured != 0 || board.effect(c, player.other()).captured != 0
}

/// Whether `mv` is a first-line placement that is not tactical.
fn idle_first_line(state: &Go9, mv: Move) -> bool {
    match mv {
        Move::Pass => false,
        Move::Place(p) => {
            let c = cell_of(p);
            line_of(c) == 1 && !tactical(state, c)
        }
    }
}

/// Whether `mv` fills the mover's own territory without a tactical reason (see the module
/// documentation).
pub(crate) fn fills_own_territory(state: &Go9, detail: &CountDetail, mv: Move) -> bool {
    let Move::Place(p) = mv else {
        return false;
    };
    let c = cell_of(p);
    let player = state.to_move();
    let own: Mask = detail.territory[player.index()];
    if own & bit(c) == 0 || tactical(state, c) {
        return false;
    }
    let region = flood(bit(c), own);
    let empty = state.board().empty_mask();
    let unsettled = region.count_ones() <= EYE_SPACE
        && region & detail.pass_alive[player.index()] == 0
        && (spread(bit(c)) & empty).count_ones() >= 2;
    !unsettled
}
