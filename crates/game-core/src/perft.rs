//! Perft: counting move sequences, the number every move generator is checked against.

use crate::game::Game;

/// The number of legal move sequences of length `depth` from `state`.
///
/// `perft(s, 0) = 1`; for `depth > 0` it is the sum of `perft(child, depth - 1)` over every
/// legal move (a finished game has none and contributes 0). Moves with different notation
/// count separately even when they lead to the same position.
///
/// ```
/// # use game_core::{perft, Game};
/// # fn demo<G: Game>(start: &G) {
/// let nodes = perft(start, 3);
/// # let _ = nodes;
/// # }
/// ```
#[must_use]
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    perft_with(state, depth, &mut buffers)
}

fn perft_with<G: Game>(state: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, deeper) = buffers.split_first_mut().expect("one buffer per level");
    state.legal_moves(mine);
    if crate::planted::is("B-23") {
        // Planted bug (tests only, bao's B-23): a move written with a choice (`F4R:stop`,
        // `F4R:use`) counted once.
        let mut seen = std::collections::HashSet::new();
        mine.retain(|mv| {
            let text = mv.to_string();
            seen.insert(text.split(':').next().unwrap_or_default().to_string())
        });
    }
    if depth == 1 {
        return mine.len() as u64;
    }
    let mut total = 0;
    for &mv in mine.iter() {
        let mut child = state.clone();
        child.play_unchecked(mv);
        total += perft_with(&child, depth - 1, deeper);
    }
    total
}

/// Perft split by first move: each legal move of `state` with `perft(child, depth - 1)`,
/// in the order the game lists them. `depth` must be at least 1 (at depth 0 the list is
/// empty).
#[must_use]
pub fn perft_divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}
