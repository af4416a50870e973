//! An exhaustive game solver for the small test games, to check the search's moves.

use std::collections::HashMap;
use std::hash::Hash;

use game_core::Game;

/// The exact value of `state` for the player to move: 1 win, 0 draw, -1 loss (negamax
/// over the whole tree, memoised by `key`).
pub fn value<G: Game, K: Hash + Eq>(
    state: &G,
    key: &impl Fn(&G) -> K,
    memo: &mut HashMap<K, i8>,
) -> i8 {
    if let Some(&v) = memo.get(&key(state)) {
        return v;
    }
    let v = if state.is_over() {
        match state.outcome().winner() {
            Some(w) if w == state.to_move() => 1,
            Some(_) => -1,
            None => 0,
        }
    } else {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut next = state.clone();
                next.play_unchecked(mv);
                let v = value(&next, key, memo);
                if next.to_move() == state.to_move() {
                    v
                } else {
                    -v
                }
            })
            .max()
            .expect("a game not over has moves")
    };
    memo.insert(key(state), v);
    v
}

/// The moves of `state` that keep its exact value (the optimal moves).
pub fn best_moves<G: Game, K: Hash + Eq>(state: &G, key: &impl Fn(&G) -> K) -> Vec<G::Move> {
    let mut memo = HashMap::new();
    let target = value(state, key, &mut memo);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|&mv| {
            let mut next = state.clone();
            next.play_unchecked(mv);
            let v = value(&next, key, &mut memo);
            (if next.to_move() == state.to_move() {
                v
            } else {
                -v
            }) == target
        })
        .collect()
}
