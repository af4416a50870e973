//! Properties over random legal games (proptest over seeds, 1,000 cases each): the
//! workspace's random-game checker, and the invariants the decisions name.

mod common;

use bind::{Bind, EndReason, Move, Variant};
use common::{Brute, every_candidate};
use game_core::checker::{CheckHooks, check_random_game};
use game_core::{Game, GameRng, Player};
use proptest::prelude::*;

const CASES: u32 = 1_000;

/// Plays a random game from `start` (at most `max_plies`), calling `visit` on every state
/// with its legal moves.
fn random_game(start: &Bind, seed: u64, max_plies: usize, mut visit: impl FnMut(&Bind, &[Move])) {
    let mut rng = GameRng::seed_from(seed);
    let mut state = start.clone();
    let mut moves = Vec::new();
    for _ in 0..=max_plies {
        state.legal_moves(&mut moves);
        visit(&state, &moves);
        if moves.is_empty() {
            return;
        }
        let mv = moves[rng.below(moves.len())];
        state.play(mv).expect("a listed move is legal");
    }
}

fn custom_variant() -> impl Strategy<Value = Variant> {
    (3usize..=12).prop_flat_map(|size| {
        (Just(size), 3usize..=(size * size).min(40))
            .prop_map(|(size, pieces)| Variant::custom(size, pieces).unwrap())
    })
}

fn run_checker(variant: Variant, seed: u64, max_plies: usize) -> Result<usize, String> {
    // One row and column past the board, so squares and lines off it are tried too: they
    // must be refused and leave the state unchanged.
    let candidates = every_candidate(variant.size() + 1);
    let hooks = CheckHooks {
        candidates: &|_: &Bind| candidates.clone(),
        validate: &|state: &Bind| state.validate(),
    };
    check_random_game(&Bind::new(variant), seed, max_plies, &hooks)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// The workspace checker on mini with every syntactically possible move as a candidate.
    #[test]
    fn checker_mini(seed in any::<u64>()) {
        run_checker(Variant::MINI, seed, 300).map_err(TestCaseError::fail)?;
    }

    /// The workspace checker on full (games cut at 120 plies to keep the run short).
    #[test]
    fn checker_full(seed in any::<u64>()) {
        run_checker(Variant::FULL, seed, 120).map_err(TestCaseError::fail)?;
    }

    /// The workspace checker on random custom sizes and piece counts.
    #[test]
    fn checker_custom(variant in custom_variant(), seed in any::<u64>()) {
        run_checker(variant, seed, 200).map_err(TestCaseError::fail)?;
    }

    /// The engine's move list and end agree with the brute-force mover at every state.
    #[test]
    fn move_lists_agree_with_the_brute_force_mover(
        seed in any::<u64>(),
        variant in prop_oneof![Just(Variant::MINI), Just(Variant::FULL), custom_variant()],
    ) {
        // The brute-force mover plays the same moves on its own board, hands, first-move
        // flags and turn, so nothing of the engine's state leaks into it after the start.
        let mut state = Bind::new(variant);
        let mut brute = Brute::of(&state);
        let mut rng = GameRng::seed_from(seed);
        let mut moves = Vec::new();
        for _ in 0..=150 {
            prop_assert_eq!(&brute, &Brute::of(&state), "positions differ at {:?}", state);
            // N-5 keeps every piece partnered in play: a take may not leave an opponent
            // piece alone and placing only adds partners (lone pieces come from setups).
            for colour in [1, 2] {
                prop_assert!(Brute::all_have_partner(&brute.board, colour), "{:?}", state);
            }
            state.legal_moves(&mut moves);
            let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
            names.sort();
            prop_assert_eq!(&names, &brute.moves(), "{:?}", state);
            prop_assert_eq!(state.is_over(), brute.over(), "{:?}", state);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            state.play(mv).expect("a listed move is legal");
            brute = brute.play(&mv.to_string());
        }
    }

    /// N-2: hand + board = the variant's count for both colours after every move.
    #[test]
    fn n2_hand_plus_board_is_the_piece_count(variant in custom_variant(), seed in any::<u64>()) {
        random_game(&Bind::new(variant), seed, 300, |state, _| {
            for player in Player::BOTH {
                assert_eq!(state.hand(player) + state.on_board(player), variant.pieces());
            }
        });
    }

    /// N-8: the mover's moves are all of one kind: lines (rule 4 or the first move) or
    /// single placements, and single placements only when no rule-4 move exists.
    #[test]
    fn n8_move_kinds_obey_the_priority(seed in any::<u64>(), full in any::<bool>()) {
        let variant = if full { Variant::FULL } else { Variant::MINI };
        random_game(&Bind::new(variant), seed, 200, |state, moves| {
            let lines = moves.iter().filter(|m| matches!(m, Move::Line { .. })).count();
            let places = moves.iter().filter(|m| matches!(m, Move::Place(_))).count();
            assert!(lines == 0 || places == 0, "{state:?}");
            if places > 0 {
                assert!(Brute::of(state).rule4_moves().is_empty(), "{state:?}");
            }
        });
    }

    /// N-11: pass is listed exactly when the mover holds one piece and the opponent more.
    #[test]
    fn n11_pass_appears_exactly_with_one_piece_against_more(variant in custom_variant(), seed in any::<u64>()) {
        random_game(&Bind::new(variant), seed, 300, |state, moves| {
            let mover = state.to_move();
            let expected = state.hand(mover) == 1 && state.hand(mover.other()) > 1;
            assert_eq!(moves.contains(&Move::Pass), expected, "{state:?}");
            if expected {
                assert_eq!(moves.len(), 1);
            }
        });
    }

    /// A game ends only by N-10 (no move), N-12 (all placed) or N-16 (both hold one), and
    /// each end matches the position.
    #[test]
    fn games_end_only_by_n10_n12_or_n16(variant in custom_variant(), seed in any::<u64>()) {
        random_game(&Bind::new(variant), seed, 2_000, |state, moves| {
            match state.end_reason() {
                None => assert!(!moves.is_empty()),
                Some(EndReason::AllPlaced { winner }) => {
                    assert_eq!(state.hand(winner), 0);
                    assert_eq!(state.to_move(), winner.other());
                }
                Some(EndReason::BothHoldOne) => {
                    assert_eq!((state.hand(Player::First), state.hand(Player::Second)), (1, 1));
                }
                Some(EndReason::NoMove { loser }) => {
                    assert_eq!(state.to_move(), loser);
                    assert!(Brute::of(state).raw_moves().is_empty());
                }
                Some(other) => panic!("nobody resigned: {other:?}"),
            }
        });
    }

    /// Serde of the state (through its record) and the JSON record round-trip along random
    /// games, with the history the game kept.
    #[cfg(feature = "serde")]
    #[test]
    fn state_json_and_records_round_trip(variant in custom_variant(), seed in any::<u64>()) {
        let mut played = Vec::new();
        let mut rng = GameRng::seed_from(seed);
        let mut state = Bind::new(variant);
        let mut moves = Vec::new();
        for _ in 0..200 {
            prop_assert_eq!(state.moves(), &played[..]);
            let json = serde_json::to_string(&state).unwrap();
            let back: Bind = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &state);
            let Some(mv) = bind::game_core::random_move(&state, &mut rng, &mut moves) else { break };
            state.play(mv).unwrap();
            played.push(mv);
        }
        let record = state.to_record();
        let read = bind::Record::from_json(&record.to_json()).unwrap();
        prop_assert_eq!(&read, &record);
        let replayed = read.replay().unwrap();
        prop_assert_eq!(replayed.moves(), &played[..]);
        prop_assert_eq!(replayed, state);
    }
}
