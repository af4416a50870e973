//! The playout policy: legal moves only, never the mover's own single-point eye, a pass
//! only when nothing else is acceptable, and every acceptable move drawn.

mod common;

use common::{position, pt};
use game_core::{Game, GameRng, Player};
use go9::{GoState, Move};

#[test]
fn playout_moves_are_legal_never_fill_an_own_eye_and_pass_only_when_forced() {
    let mut legal = Vec::new();
    for seed in 0..60 {
        let mut rng = GameRng::seed_from(seed);
        let mut state = GoState::new();
        while let Some(mv) = state.playout_move(&mut rng) {
            state.legal_moves(&mut legal);
            assert!(legal.contains(&mv), "seed {seed}: {mv} is not legal");
            assert!(
                !state.fills_own_eye(mv),
                "seed {seed}: {mv} fills an own eye"
            );
            if mv == Move::Pass {
                assert!(
                    legal
                        .iter()
                        .all(|&m| m == Move::Pass || state.fills_own_eye(m)),
                    "seed {seed}: passed with an acceptable placement left"
                );
            }
            state.play(mv).unwrap();
        }
        assert!(state.is_over());
    }
}

#[test]
fn the_playout_draw_reaches_every_acceptable_move() {
    let mut state = GoState::new();
    common::play_all(&mut state, "E5 D5 C3");
    let mut seen = std::collections::BTreeSet::new();
    let mut rng = GameRng::seed_from(1);
    for _ in 0..4_000 {
        seen.insert(state.playout_move(&mut rng).unwrap());
    }
    assert_eq!(seen.len(), 78, "every empty point is acceptable here");
}

#[test]
fn an_own_eye_has_own_neighbours_and_at_most_one_opponent_diagonal_none_on_the_edge() {
    let game = position(
        &[
            ".X.......",
            "X.XO.....",
            ".X.......",
            ".........",
            "...X.....",
            "..X.X....",
            "..OX.....",
            "XX.......",
            ".X.......",
        ],
        Player::First,
    );
    // A1: a corner eye. A9: an edge eye. B8: no opponent diagonal. D4: one opponent
    // diagonal (C3) in the middle of the board is still an eye.
    for eye in ["A1", "A9", "B8", "D4"] {
        assert!(game.fills_own_eye(Move::Place(pt(eye))), "{eye}");
    }
    // C9 has an empty neighbour (D9): not an eye; B9 is a stone.
    assert!(!game.fills_own_eye(Move::Place(pt("C9"))));
    assert!(!game.fills_own_eye(Move::Place(pt("B9"))));
    // On the edge a single opponent diagonal makes the eye false.
    let edge = position(
        &[
            ".X.......",
            "XO.......",
            "O........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        Player::First,
    );
    assert!(
        !edge.fills_own_eye(Move::Place(pt("A9"))),
        "a false edge eye"
    );
    let two_diagonals = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            "...XO....",
            "..X.X....",
            "..OX.O...",
            ".........",
            ".........",
        ],
        Player::First,
    );
    assert!(
        !two_diagonals.fills_own_eye(Move::Place(pt("D4"))),
        "a false eye"
    );
}
