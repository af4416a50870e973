//! Perft (docs/rulebook.md, "Perft") of the engine against the brute-force mover of `brute/`, which
//! recomputes every group by flood fill at every node.
//!
//! The deeper counts are kept as constants, found with the engine's perft and checked here
//! against the brute-force count in `#[ignore]`d tests (run them with
//! `cargo test --release -p kazura-core --test perft -- --ignored`).

mod brute;

use brute::Brute;
use kazura_core::{Game, Kazura, perft, perft_divide};

fn engine_after(size: usize, moves: &str) -> Kazura {
    let mut game = Kazura::new(size).unwrap();
    for text in moves.split_whitespace() {
        game.play(game.parse_move(text).unwrap()).unwrap();
    }
    game
}

fn brute_after(size: usize, moves: &str) -> Brute {
    let mut brute = Brute::new(size);
    for text in moves.split_whitespace() {
        let text = text.to_ascii_uppercase();
        let mv = if text == "PASS" || text == "SWAP" {
            text.to_ascii_lowercase()
        } else {
            text
        };
        assert!(
            brute.legal_moves().contains(&mv),
            "{mv} not legal for brute"
        );
        brute.play(&mv);
    }
    brute
}

/// Engine and brute force agree at every depth up to `depth`; returns the counts.
fn agree(size: usize, moves: &str, depth: u32) -> Vec<u64> {
    let game = engine_after(size, moves);
    let brute = brute_after(size, moves);
    (1..=depth)
        .map(|d| {
            let (ours, theirs) = (perft(&game, d), brute.perft(d));
            assert_eq!(ours, theirs, "{size}x{size} after [{moves}] depth {d}");
            ours
        })
        .collect()
}

#[test]
fn k13_perft_13x13_depth_1_and_2_is_169_and_28561() {
    assert_eq!(agree(13, "", 2), [169, 28_561]);
}

#[test]
fn perft_9x9_depths_1_to_3_match_the_brute_force_mover() {
    assert_eq!(agree(9, "", 3), [81, 6_561, 518_400]);
}

#[test]
fn perft_small_boards_to_the_end_match_the_brute_force_mover() {
    // 2×2 games end by ply 5 at the latest (a full board, or swap then four stones).
    assert_eq!(agree(2, "", 7), [4, 16, 36, 48, 24, 0, 0]);
    assert_eq!(
        agree(3, "", 7),
        [9, 81, 576, 3_528, 18_144, 75_600, 236_160]
    );
}

#[test]
fn k6_perft_through_a_forced_pass_matches_the_brute_force_mover() {
    let counts = agree(3, "A3 C2 A2 A1 B3 C1 B1 C3", 3);
    assert_eq!(counts, [1, 1, 0]);
    agree(4, "A1 D4 A2 C4 B2", 4);
}

#[test]
fn k8_perft_after_the_swap_matches_the_brute_force_mover() {
    agree(5, "C3 swap", 3);
    agree(5, "C3", 3);
}

/// `n · (n − 1) ⋯ (n − k + 1)`: ways to fill `k` distinct points of `n` in order.
fn falling(n: u64, k: u64) -> u64 {
    (0..k).map(|i| n.saturating_sub(i)).product()
}

/// K-13, counted by hand rather than by any mover: a loop needs four stones of one colour
/// (the 2×2 square) and the fourth must touch two of the others, so in the first six plies
/// no colour can close one (by ply 6 neither colour has placed a fourth stone, with or
/// without the swap), every empty point is legal for both colours, and no pass or early end
/// can occur. So depth `d` counts `d` distinct points in order without the swap, plus
/// `d − 1` points after the swap at ply 1 (K-8): `falling(N, d) + falling(N, d − 1)` for
/// `d ≥ 2`, `N` the number of points. On a full board it is 0, as it must be.
#[test]
fn k13_perft_to_depth_6_equals_its_count_by_hand() {
    for (size, deepest) in [(2, 6), (3, 6), (4, 5), (5, 4), (13, 3), (25, 2)] {
        let game = Kazura::new(size).unwrap();
        let n = (size * size) as u64;
        for depth in 1..=deepest {
            let by_hand = match depth {
                1 => n,
                d => falling(n, d) + falling(n, d - 1),
            };
            assert_eq!(
                perft(&game, depth as u32),
                by_hand,
                "{size}x{size} depth {depth}"
            );
        }
    }
    // The documented deep counts follow the same count.
    assert_eq!(falling(169, 3) + falling(169, 2), 4_769_856);
    assert_eq!(falling(81, 4) + falling(81, 3), 40_441_680);
}

#[test]
fn perft_divide_sums_to_perft_and_lists_each_move_once() {
    let game = Kazura::new(5).unwrap();
    let rows = perft_divide(&game, 3);
    assert_eq!(rows.len(), 25);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), perft(&game, 3));
}

#[test]
#[ignore = "deep: run in release"]
fn perft_13x13_depth_3_matches_the_brute_force_mover() {
    assert_eq!(agree(13, "", 3), [169, 28_561, 4_769_856]);
}

#[test]
#[ignore = "deep: run in release"]
fn perft_9x9_depth_4_matches_the_brute_force_mover() {
    assert_eq!(agree(9, "", 4), [81, 6_561, 518_400, 40_441_680]);
}

#[test]
#[ignore = "deep: run in release"]
fn perft_3x3_depth_9_matches_the_brute_force_mover() {
    assert_eq!(
        agree(3, "", 9),
        [9, 81, 576, 3_528, 18_144, 75_600, 236_160, 515_520, 675_072]
    );
}
