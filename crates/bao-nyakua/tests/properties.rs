//! Properties over random legal games, from the start and from random set-up positions
//! (proptest over seeds, 1,000 cases each), with game-core's random-game checker.

mod support;

#[cfg(feature = "serde")]
use bao_nyakua::Record;
use bao_nyakua::{Move, Observer, Phase, PhaseName, Position, Ruleset, Setup, Step, TOTAL_KETE};
use game_core::checker::{CheckHooks, check_random_game};
use game_core::{ByPlayer, Game, GameRng, Player};
use proptest::prelude::*;
use support::brute::Brute;

const MAX_PLIES: usize = 300;

/// The validity checker of a whole position (the checker's hook).
fn validate(position: &Position) -> Result<(), String> {
    if position.total_kete() != TOTAL_KETE {
        return Err(format!("B-3: {} kete", position.total_kete()));
    }
    let hands = [position.hand(Player::First), position.hand(Player::Second)];
    if position.phase() == Phase::Mtaji && hands != [0, 0] {
        return Err(format!("B-15: MTAJI with hands {hands:?}"));
    }
    if position.end_reason().is_none() {
        for p in Player::BOTH {
            if position.ring(p)[..8].iter().all(|&k| k == 0) {
                return Err(format!("B-20: {p:?}'s front row is empty in play"));
            }
        }
    }
    if position.pending(Player::First) + position.pending(Player::Second) > 0
        && position.end_reason().is_none()
    {
        return Err("B-9: pending kete in a game in progress".into());
    }
    // The record form reads back to the same position (set-up round trip).
    let back = Position::from_setup(position.setup())
        .map_err(|e| format!("setup() does not read back: {e}"))?;
    if back.setup() != position.setup() {
        return Err("setup() does not read back to the same set-up".into());
    }
    Ok(())
}

fn hooks() -> CheckHooks<'static, Position> {
    CheckHooks {
        candidates: &|_| Move::all().collect(),
        validate: &validate,
    }
}

fn ruleset(n: u64) -> Ruleset {
    if n.is_multiple_of(2) {
        Ruleset::Seed
    } else {
        Ruleset::Reference
    }
}

/// B-3 through the observer: board + hands + pending + kete in flight = 64 after every step.
struct Conservation {
    steps: u64,
    failure: Option<String>,
}

impl Observer for Conservation {
    fn step(&mut self, position: &Position, step: Step) {
        self.steps += 1;
        let in_flight = match step {
            Step::Lift { in_flight, .. }
            | Step::Sow { in_flight, .. }
            | Step::Capture { in_flight, .. }
            | Step::Relay { in_flight, .. } => u32::from(in_flight),
            Step::Place { .. } | Step::LapEnd { .. } | Step::Addition { .. } => 0,
        };
        let total = position.total_kete() + in_flight;
        if total != TOTAL_KETE && self.failure.is_none() {
            self.failure = Some(format!("{step:?}: {total} kete"));
        }
    }
}

/// A random set-up position: 64 kete spread over the pits (and hands in NAMUA).
fn setup_strategy() -> impl Strategy<Value = Setup> {
    (
        proptest::collection::vec(0usize..34, 64),
        any::<bool>(),
        any::<[bool; 2]>(),
        0u8..2,
    )
        .prop_map(|(slots, mtaji, owned, player)| {
            let mut pits = [[[0u8; 8]; 2]; 2];
            let mut reserve = [0u8; 2];
            for slot in slots {
                let slot = if mtaji { slot % 32 } else { slot };
                match slot {
                    32 | 33 => reserve[slot - 32] += 1,
                    _ => pits[slot / 16][(slot / 8) % 2][slot % 8] += 1,
                }
            }
            Setup {
                pits: ByPlayer::new(pits[0], pits[1]),
                reserve: ByPlayer::new(reserve[0], reserve[1]),
                house_owned: ByPlayer::new(owned[0], owned[1]),
                to_move: Player::from_index(player.into()),
                phase: if mtaji {
                    PhaseName::Mtaji
                } else {
                    PhaseName::Namua
                },
                ..Setup::new(Ruleset::Seed)
            }
        })
}

/// `state` under the ruleset `seed` picks.
fn under_ruleset(state: &Setup, seed: u64) -> Setup {
    Setup {
        ruleset: ruleset(seed),
        ..state.clone()
    }
}

/// Plays a random game comparing the engine with the brute-force mover at every ply.
fn compare_with_brute(start: Position, seed: u64) -> Result<(), String> {
    let mut rng = GameRng::seed_from(seed);
    let mut position = start;
    let mut brute = Brute::from_setup(&start.setup());
    let mut moves = Vec::new();
    for _ in 0..MAX_PLIES {
        position.legal_moves(&mut moves);
        let mut ours: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let mut theirs: Vec<String> = brute.legal_moves().iter().map(|m| m.name()).collect();
        ours.sort();
        theirs.sort();
        if ours != theirs {
            return Err(format!(
                "legal moves differ at {:?}: engine {ours:?}, brute {theirs:?}",
                position.setup()
            ));
        }
        if moves.is_empty() {
            return Ok(());
        }
        let mv = moves[rng.below(moves.len())];
        let brute_move = *brute
            .legal_moves()
            .iter()
            .find(|m| m.name() == mv.to_string())
            .expect("same list");
        let before = position.setup();
        position.play(mv).map_err(|e| e.to_string())?;
        brute.play(brute_move);
        if position.setup() != brute.setup() {
            return Err(format!(
                "{mv} from {before:?}: engine {:?}, brute {:?}",
                position.setup(),
                brute.setup()
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_games_from_the_start_pass_the_checker(seed in any::<u64>()) {
        let start = Position::start(ruleset(seed));
        check_random_game(&start, seed, MAX_PLIES, &hooks()).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_games_from_random_setups_pass_the_checker(
        state in setup_strategy(), seed in any::<u64>()
    ) {
        // Set-ups that are already over (an empty front row, no move) are refused.
        if let Ok(start) = Position::from_setup(under_ruleset(&state, seed)) {
            check_random_game(&start, seed, MAX_PLIES, &hooks()).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn the_engine_agrees_with_the_brute_force_mover_from_the_start(seed in any::<u64>()) {
        compare_with_brute(Position::start(ruleset(seed)), seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn the_engine_agrees_with_the_brute_force_mover_from_random_setups(
        state in setup_strategy(), seed in any::<u64>()
    ) {
        if let Ok(start) = Position::from_setup(under_ruleset(&state, seed)) {
            compare_with_brute(start, seed).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn b3_conservation_holds_after_every_single_step(seed in any::<u64>()) {
        let mut rng = GameRng::seed_from(seed);
        let mut position = Position::start(ruleset(seed));
        let mut moves = Vec::new();
        let mut watch = Conservation { steps: 0, failure: None };
        for _ in 0..MAX_PLIES {
            position.legal_moves(&mut moves);
            let Some(&mv) = rng.choose(&moves) else { break };
            // The kete-by-kete path (observed) and the lap-at-once path (unobserved) agree.
            let mut unobserved = position;
            let report = unobserved.play_reported(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let observed = position.play_observed(mv, &mut watch).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(position, unobserved);
            prop_assert_eq!(report, observed);
            if let Some(failure) = watch.failure.take() {
                return Err(TestCaseError::fail(format!("after {mv}: {failure}")));
            }
        }
        prop_assert!(watch.steps > 0);
    }

    #[test]
    fn b3_conservation_holds_at_every_step_from_random_setups(
        state in setup_strategy(), seed in any::<u64>()
    ) {
        let Ok(mut position) = Position::from_setup(under_ruleset(&state, seed)) else {
            return Ok(());
        };
        let mut rng = GameRng::seed_from(seed);
        let mut moves = Vec::new();
        let mut watch = Conservation { steps: 0, failure: None };
        for _ in 0..MAX_PLIES {
            position.legal_moves(&mut moves);
            let Some(&mv) = rng.choose(&moves) else { break };
            // Set-ups reach large pits and long laps sooner than games from the start: the
            // lap-at-once path must agree with the kete-by-kete one there too.
            let mut unobserved = position;
            let report = unobserved.play_reported(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let observed = position.play_observed(mv, &mut watch).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(position, unobserved);
            prop_assert_eq!(report, observed);
            prop_assert!(watch.failure.is_none(), "after {}: {:?}", mv, watch.failure);
        }
    }

    #[test]
    fn b15_b16_namua_hands_and_the_44_ply_bound_from_the_start(seed in any::<u64>()) {
        let mut rng = GameRng::seed_from(seed);
        let mut position = Position::start(ruleset(seed));
        let mut moves = Vec::new();
        let mut left_namua = false;
        for ply in 0..MAX_PLIES {
            let south = position.hand(Player::First);
            let north = position.hand(Player::Second);
            match position.phase() {
                Phase::Namua => {
                    prop_assert!(!left_namua, "the phase returned to NAMUA at ply {}", ply);
                    prop_assert!(ply <= 44, "NAMUA still on at ply {}", ply);
                    if position.end_reason().is_none() {
                        // South to move: equal hands; north to move: south one less.
                        let expected = if position.to_move() == Player::First { north } else { north - 1 };
                        prop_assert_eq!(south, expected, "hands at ply {}", ply);
                    } else {
                        prop_assert!(south == north || south + 1 == north);
                    }
                }
                Phase::Mtaji => left_namua = true,
            }
            position.legal_moves(&mut moves);
            prop_assert!(!moves.contains(&Move::Pass), "B-16: no pass from the normal start");
            let Some(&mv) = rng.choose(&moves) else { break };
            position.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn b24_a_random_game_record_replays_and_rewrites_itself_byte_for_byte(seed in any::<u64>()) {
        let mut rng = GameRng::seed_from(seed);
        let mut game = bao_nyakua::Bao::new(ruleset(seed));
        let mut moves = Vec::new();
        for _ in 0..rng.below(MAX_PLIES) {
            game.legal_moves(&mut moves);
            let Some(&mv) = rng.choose(&moves) else { break };
            game.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let text = game.to_record().to_json();
        let one_final_newline = text.ends_with("}\n") && !text.ends_with("\n\n");
        prop_assert!(one_final_newline, "the record ends with one newline");
        // As the trial app saves it, without the final newline, it reads the same.
        let trimmed = Record::from_json(text.trim_end()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(trimmed.to_json(), text.clone());
        let replayed = Record::from_json(&text)
            .and_then(|r| r.replay())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.to_record().to_json(), text);
    }
}
