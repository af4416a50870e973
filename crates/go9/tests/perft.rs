//! Perft against the independent brute-force mover of `common::brute`.

mod common;

use common::brute::{Brute, Cells};
use game_core::{Game, GameRng, Player, perft};
use go9::{Go9, Move};

fn sorted_legal(state: &Go9) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    names
}

fn cells_of(state: &Go9) -> Cells {
    let mut cells = [0u8; 81];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = match state.board().stone_at(board_geometry::Point::from_index(i)) {
            Some(p) => p.index() as u8 + 1,
            None => 0,
        };
    }
    cells
}

#[test]
fn perft_from_the_empty_board_depth_1_and_2_are_the_published_numbers() {
    let start = Go9::new();
    // docs/go9.md, "Checks against GNU Go and perft": 82, and 81 · 81 + 82.
    assert_eq!(perft(&start, 1), 82);
    assert_eq!(perft(&start, 2), 6_643);
    let brute = Brute::new([0; 81], Player::First);
    assert_eq!(brute.perft(1), 82);
    assert_eq!(brute.perft(2), 6_643);
}

#[test]
fn perft_from_the_empty_board_depth_3_equals_the_brute_force_count() {
    let start = Go9::new();
    let brute = Brute::new([0; 81], Player::First);
    assert_eq!(perft(&start, 3), brute.perft(3));
}

/// Plays a random game in both movers, comparing the legal moves at every position;
/// returns the engine state after `plies` moves (or at the end).
fn random_line(seed: u64, plies: usize) -> (Go9, Brute, usize) {
    let mut rng = GameRng::seed_from(seed);
    let mut state = Go9::new();
    let mut brute = Brute::new([0; 81], Player::First);
    let mut moves = Vec::new();
    let mut superko_positions = 0;
    for ply in 0..plies {
        superko_positions += usize::from(!state.superko_points().is_empty());
        let legal = sorted_legal(&state);
        assert_eq!(legal, brute.legal(), "seed {seed} ply {ply}");
        if state.is_over() {
            break;
        }
        state.legal_moves(&mut moves);
        // Prefer placements so that captures and repeats happen.
        let placements: Vec<Move> = moves.iter().copied().filter(|m| *m != Move::Pass).collect();
        let mv = if placements.is_empty() || rng.below(40) == 0 {
            Move::Pass
        } else {
            placements[rng.below(placements.len())]
        };
        state.play(mv).unwrap();
        brute.play(&mv.to_string());
        assert_eq!(cells_of(&state), brute.cells, "seed {seed} after {mv}");
    }
    (state, brute, superko_positions)
}

#[test]
fn legal_moves_equal_the_brute_force_along_long_random_games() {
    // Uniform random placements fill the board, capture large groups and run into many
    // superko refusals well before the 300-move cap.
    let superko_positions: usize = (0..12).map(|seed| random_line(seed, 320).2).sum();
    assert!(
        superko_positions >= 10,
        "the games must exercise superko ({superko_positions} positions had a superko point)"
    );
}

#[test]
fn perft_2_from_mid_game_positions_equals_the_brute_force_count() {
    for seed in 100..106 {
        for plies in [60, 150, 230] {
            let (state, _, _) = random_line(seed, plies);
            // Rebuild the brute-force history by replaying the same moves.
            let mut brute = Brute::new([0; 81], Player::First);
            for mv in state.moves() {
                brute.play(&mv.to_string());
            }
            assert_eq!(
                perft(&state, 2),
                brute.perft(2),
                "seed {seed} plies {plies}"
            );
        }
    }
}

#[test]
#[ignore = "deep: run with --release --ignored"]
fn perft_from_the_empty_board_depth_4_equals_the_brute_force_count() {
    let start = Go9::new();
    let brute = Brute::new([0; 81], Player::First);
    assert_eq!(perft(&start, 4), brute.perft(4));
}
