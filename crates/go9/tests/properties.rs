//! Invariants over random legal games (proptest over seeds), through the workspace's
//! random-game checker with every syntactically possible move as a candidate.

mod common;

use board_geometry::Point;
use game_core::checker::{CheckHooks, check_random_game};
use game_core::{Game, GameRng};
use go9::{Go9, Move, POINTS};
use proptest::prelude::*;

fn every_move(_: &Go9) -> Vec<Move> {
    (0..POINTS)
        .map(|i| Move::Place(Point::from_index(i)))
        .chain([Move::Pass])
        .collect()
}

fn validate(state: &Go9) -> Result<(), String> {
    state.validate()?;
    let score = state.score();
    let total = score.area.first + score.area.second + score.neutral;
    if total != 81 {
        return Err(format!("area black + white + neutral = {total}, not 81"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The checker's properties plus ours at every state: chains and liberties equal a
    /// from-scratch recomputation, no chain without liberties, incremental hash = hash
    /// from scratch, no board of the history repeats, area(B) + area(W) + neutral = 81.
    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>()) {
        let hooks = CheckHooks { candidates: &every_move, validate: &validate };
        check_random_game(&Go9::new(), seed, 300, &hooks).map_err(TestCaseError::fail)?;
    }

    /// Undo after any move of a random game restores the exact state, hash included.
    #[test]
    fn undo_restores_the_exact_state_and_hash(seed in any::<u64>()) {
        let mut rng = GameRng::seed_from(seed);
        let mut state = Go9::new();
        let mut moves = Vec::new();
        let mut earlier = vec![state.clone()];
        while !state.is_over() {
            state.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            let before = state.clone();
            state.play(mv).unwrap();
            let mut undone = state.clone();
            prop_assert_eq!(undone.undo(), Ok(mv));
            prop_assert_eq!(&undone, &before);
            prop_assert_eq!(undone.board().hash(), before.board().hash());
            earlier.push(state.clone());
        }
        // Undo all the way back passes through every earlier state.
        earlier.pop();
        while let Some(expected) = earlier.pop() {
            state.undo().unwrap();
            prop_assert_eq!(&state, &expected);
        }
        prop_assert!(state.undo().is_err());
    }
}
