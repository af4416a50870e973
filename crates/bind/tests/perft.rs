//! Perft of the engine against the brute-force mover of `common` (the project's perft
//! definition, the `rulebook` contract), and the move lists themselves node by node.

mod common;

use bind::{Bind, Variant};
use common::{Brute, engine_moves};
use game_core::{Game, perft};

/// Walks the tree to `depth`, comparing the sorted move lists at every node.
fn compare_tree(state: &Bind, brute: &Brute, depth: u32) {
    let engine = engine_moves(state);
    assert_eq!(engine, brute.moves(), "move lists differ at {state:?}");
    assert_eq!(state.is_over(), brute.over(), "end differs at {state:?}");
    if depth == 0 {
        return;
    }
    for name in engine {
        let mut child = state.clone();
        child.play(state.parse_move(&name).unwrap()).unwrap();
        compare_tree(&child, &brute.play(&name), depth - 1);
    }
}

#[test]
fn perft_mini_depth_1_is_30_as_the_decisions_file_says() {
    // docs/bind.md (perft from the start): 15 horizontal + 15 vertical lines.
    assert_eq!(perft(&Bind::new(Variant::MINI), 1), 30);
}

#[test]
fn perft_mini_depths_1_to_4_match_the_brute_force_mover() {
    let start = Bind::new(Variant::MINI);
    let brute = Brute::of(&start);
    for depth in 1..=4 {
        assert_eq!(perft(&start, depth), brute.perft(depth), "depth {depth}");
    }
}

#[test]
fn perft_full_depths_1_to_3_match_the_brute_force_mover() {
    let start = Bind::new(Variant::FULL);
    let brute = Brute::of(&start);
    for depth in 1..=3 {
        assert_eq!(perft(&start, depth), brute.perft(depth), "depth {depth}");
    }
}

#[test]
fn move_lists_match_the_brute_force_mover_node_by_node_on_mini_to_depth_3() {
    let start = Bind::new(Variant::MINI);
    compare_tree(&start, &Brute::of(&start), 3);
}

#[test]
fn perft_custom_boards_match_the_brute_force_mover() {
    for (size, pieces) in [(3, 3), (3, 9), (4, 5), (6, 8), (9, 20), (10, 12), (12, 40)] {
        let start = Bind::new(Variant::custom(size, pieces).unwrap());
        let brute = Brute::of(&start);
        for depth in 1..=3 {
            assert_eq!(
                perft(&start, depth),
                brute.perft(depth),
                "{size}x{size}/{pieces} depth {depth}"
            );
        }
    }
}

/// Perft from the start, depth 1 first. Kept as constants so a change shows up as a
/// number; each one is also checked against the brute-force mover (deep ones ignored).
const MINI: [u64; 7] = [30, 92, 544, 2968, 16040, 108968, 616592];
const FULL: [u64; 6] = [96, 416, 3296, 24720, 184008, 1786104];

#[test]
fn perft_constants_agree_with_the_engine_and_the_brute_force_mover() {
    for (variant, table, checked) in [(Variant::MINI, &MINI[..], 6), (Variant::FULL, &FULL[..], 5)]
    {
        let start = Bind::new(variant);
        let brute = Brute::of(&start);
        for depth in 1..=checked {
            let expected = table[depth as usize - 1];
            assert_eq!(perft(&start, depth), expected, "{variant:?} depth {depth}");
            assert_eq!(brute.perft(depth), expected, "{variant:?} depth {depth}");
        }
    }
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_perft_constants_agree_with_the_brute_force_mover() {
    for (variant, table) in [(Variant::MINI, &MINI[..]), (Variant::FULL, &FULL[..])] {
        let start = Bind::new(variant);
        let brute = Brute::of(&start);
        let depth = table.len() as u32;
        assert_eq!(perft(&start, depth), table[depth as usize - 1]);
        assert_eq!(brute.perft(depth), table[depth as usize - 1]);
    }
}

#[test]
fn move_lists_match_the_brute_force_mover_node_by_node_on_full_to_depth_2() {
    let start = Bind::new(Variant::FULL);
    compare_tree(&start, &Brute::of(&start), 2);
}

/// N-1 at the largest size: 25x25 (columns A-Z without I) runs the cell-scan generator, and
/// its move lists agree with the brute-force mover along random games, corners included.
#[test]
fn n1_the_largest_board_matches_the_brute_force_mover_along_random_games() {
    for pieces in [625, 40] {
        let start = Bind::new(Variant::custom(25, pieces).unwrap());
        let moves = engine_moves(&start);
        assert_eq!(moves.len(), 2 * 25 * 23);
        assert!(moves.contains(&"Z23-Z25".to_string()) && moves.contains(&"X25-Z25".to_string()));
        for seed in 0..4 {
            let mut state = start.clone();
            let mut brute = Brute::of(&state);
            let mut rng = game_core::GameRng::seed_from(seed);
            for _ in 0..150 {
                let listed = engine_moves(&state);
                assert_eq!(listed, brute.moves(), "{state:?}");
                if listed.is_empty() {
                    break;
                }
                let name = &listed[rng.below(listed.len())];
                state.play(state.parse_move(name).unwrap()).unwrap();
                brute = brute.play(name);
                state.validate().unwrap();
            }
        }
    }
}
