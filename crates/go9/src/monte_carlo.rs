//! Flat Monte Carlo move choice: every candidate move gets an equal share of random
//! playouts, and the best average is played. Not a search: `genmove` (G-14) and the
//! levels use game-core's tree search; this stays as a simple baseline.

use game_core::{Game, GameRng, Player};

use crate::moves::Move;
use crate::scoring::AreaCount;
use crate::state::Go9;

/// Playouts [`monte_carlo_move`] spends on one `genmove` by default.
pub const MONTE_CARLO_PLAYOUTS: usize = 2_000;

/// How one playout ended for `player`: 2 for a win, 1 for jigo, 0 for a loss.
fn playout_points(state: &Go9, player: Player, rng: &mut GameRng) -> u32 {
    let mut copy = state.clone();
    copy.random_playout(rng);
    match AreaCount::count(copy.board()).winner() {
        Some(w) if w == player => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// The move flat Monte Carlo chooses for `player` in `state` (whoever is to move), or
/// `None` if the game is over. Each candidate (a legal placement that does not fill
/// `player`'s own single-point eye) gets an equal share of `playouts` random playouts
/// ([`Go9::random_playout`]); the best average wins, the first in point order among
/// equals. It passes when there is no candidate, and after the opponent's pass when the
/// count already gives it the game.
///
/// ```
/// use go9::{GameRng, Go9, Player, monte_carlo_move};
/// let mv = monte_carlo_move(&Go9::new(), Player::First, 200, &mut GameRng::seed_from(1));
/// assert!(mv.is_some());
/// ```
#[must_use]
pub fn monte_carlo_move(
    state: &Go9,
    player: Player,
    playouts: usize,
    rng: &mut GameRng,
) -> Option<Move> {
    if state.is_over() {
        return None;
    }
    let view = state.with_to_move(player);
    let mut legal = Vec::new();
    view.legal_moves(&mut legal);
    let candidates: Vec<Move> = legal
        .into_iter()
        .filter(|&m| m != Move::Pass && !view.fills_own_eye(m))
        .collect();
    if candidates.is_empty() {
        return Some(Move::Pass);
    }
    if view.consecutive_passes() == 1 && AreaCount::count(view.board()).winner() == Some(player) {
        return Some(Move::Pass);
    }
    let per_move = (playouts / candidates.len()).max(1);
    let mut best = (0u32, candidates[0]);
    for &mv in &candidates {
        let mut child = view.clone();
        child.play(mv).ok()?;
        let points: u32 = (0..per_move)
            .map(|_| playout_points(&child, player, rng))
            .sum();
        if points > best.0 {
            best = (points, mv);
        }
    }
    Some(best.1)
}
