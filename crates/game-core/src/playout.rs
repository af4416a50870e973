//! Seeded random games.

use crate::game::Game;
use crate::rng::GameRng;

/// How a random playout ended. More ways may be added in a minor release, so a `match`
/// needs a `_` arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayoutEnd {
    /// The game is over by its rules.
    Finished,
    /// The caller's ply cap was reached first (a caller's stop, not a rule result).
    PlyCap,
}

/// Plays uniformly random legal moves from `state` until the game ends or `max_plies` moves
/// have been played. `moves` is a reusable buffer. Returns how it ended and the plies played.
///
/// The same state and seed give the same game in every version (see [`GameRng`]).
pub fn random_playout<G: Game>(
    state: &mut G,
    rng: &mut GameRng,
    max_plies: usize,
    moves: &mut Vec<G::Move>,
) -> (PlayoutEnd, usize) {
    for played in 0..max_plies {
        let Some(mv) = state.random_move(rng, moves) else {
            return (PlayoutEnd::Finished, played);
        };
        state.play_unchecked(mv);
    }
    if state.is_over() {
        (PlayoutEnd::Finished, max_plies)
    } else {
        (PlayoutEnd::PlyCap, max_plies)
    }
}

/// A uniformly random legal move, or `None` when the game is over.
pub fn random_move<G: Game>(
    state: &G,
    rng: &mut GameRng,
    moves: &mut Vec<G::Move>,
) -> Option<G::Move> {
    state.legal_moves(moves);
    rng.choose(moves).copied()
}
