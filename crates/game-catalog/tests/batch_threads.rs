//! `Batch::with_threads`: a batch stepped on several threads writes what the same batch
//! writes on one, step for step, and still refuses a step all or nothing; the masks it
//! checks actions against are the rules' legal moves.

use std::num::NonZeroUsize;

use game_catalog::{ActionError, AnyGame, Batch, BatchError, GameSpec, StepBuffers};
use game_core::GameRng;

const SPECS: [&str; 5] = ["kazura:size=9", "bao", "go9", "bind", "bind:variant=full"];

fn threads(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

/// A random legal action of each lane, from the lane's mask.
fn random_actions(masks: &[bool], actions: usize, rng: &mut GameRng) -> Vec<usize> {
    masks
        .chunks_exact(actions)
        .map(|mask| {
            let legal: Vec<usize> = (0..actions).filter(|&a| mask[a]).collect();
            *rng.choose(&legal)
                .expect("a game in progress has a legal action")
        })
        .collect()
}

#[test]
fn several_threads_write_what_one_thread_writes() {
    for text in SPECS {
        let spec: GameSpec = text.parse().unwrap();
        // 100 lanes: blocks of 16 to 25 lanes, the last one shorter.
        let lanes = 100;
        let mut batches: Vec<(Batch, StepBuffers)> = [1, 2, 3]
            .into_iter()
            .map(|n| {
                let batch = Batch::new(&spec, lanes, Some(30)).with_threads(threads(n));
                assert_eq!(batch.threads(), threads(n), "{text}");
                let buffers = batch.buffers();
                (batch, buffers)
            })
            .collect();
        let actions = batches[0].0.num_actions();
        let mut masks = vec![false; lanes * actions];
        batches[0].0.write_masks(&mut masks).unwrap();
        let mut rng = GameRng::seed_from(29);
        let mut restarts = 0;
        for step in 0..120 {
            let chosen = random_actions(&masks, actions, &mut rng);
            for (batch, buffers) in &mut batches {
                batch.step(&chosen, buffers.outputs()).unwrap();
            }
            let (first, others) = batches.split_first().unwrap();
            for (batch, buffers) in others {
                let n = batch.threads();
                assert_eq!(*buffers, first.1, "{text}, {n} threads, step {step}");
                for lane in [0, 37, lanes - 1] {
                    assert_eq!(batch.game(lane), first.0.game(lane), "{text} lane {lane}");
                }
            }
            restarts += first.1.terminated.iter().filter(|&&t| t).count();
            restarts += first.1.truncated.iter().filter(|&&t| t).count();
            masks.copy_from_slice(&first.1.masks);
        }
        assert!(restarts > 0, "{text}: games end or are cut in 120 steps");
    }
}

#[test]
fn a_refused_action_in_any_block_moves_no_lane() {
    let spec: GameSpec = "go9".parse().unwrap();
    let lanes = 64;
    let mut batch = Batch::new(&spec, lanes, None).with_threads(threads(2));
    let mut buffers = batch.buffers();
    let e5 = AnyGame::new(&spec).action_of("E5").unwrap();
    batch.step(&vec![e5; lanes], buffers.outputs()).unwrap();
    let before: Vec<AnyGame> = (0..lanes).map(|lane| batch.game(lane)).collect();
    let written = buffers.clone();
    let c3 = AnyGame::new(&spec).action_of("C3").unwrap();
    // Every lane plays C3 but the last, in the last block, which plays on E5's stone.
    let mut chosen = vec![c3; lanes];
    chosen[lanes - 1] = e5;
    let error = batch.step(&chosen, buffers.outputs()).unwrap_err();
    assert!(
        matches!(
            error,
            BatchError::Action {
                lane: 63,
                error: ActionError::Illegal { .. }
            }
        ),
        "{error:?}"
    );
    let after: Vec<AnyGame> = (0..lanes).map(|lane| batch.game(lane)).collect();
    assert_eq!(after, before);
    assert_eq!(buffers, written, "no output is written");
}

#[test]
fn the_masks_a_step_checks_against_are_the_rules_legal_actions() {
    for text in SPECS {
        let spec: GameSpec = text.parse().unwrap();
        let lanes = 4;
        let mut batch = Batch::new(&spec, lanes, Some(60));
        let mut buffers = batch.buffers();
        batch.write_masks(&mut buffers.masks).unwrap();
        let actions = batch.num_actions();
        let mut rng = GameRng::seed_from(31);
        for _ in 0..80 {
            for lane in 0..lanes {
                let game = batch.game(lane);
                for action in 0..actions {
                    let allowed = game.clone().play_action(action).is_ok();
                    let mask = buffers.masks[lane * actions + action];
                    assert_eq!(mask, allowed, "{text} lane {lane} action {action}\n{game}");
                }
            }
            let chosen = random_actions(&buffers.masks, actions, &mut rng);
            batch.step(&chosen, buffers.outputs()).unwrap();
        }
    }
}

#[test]
fn one_thread_is_the_default_and_the_machine_has_at_least_one() {
    let spec: GameSpec = "bind".parse().unwrap();
    assert_eq!(Batch::new(&spec, 8, None).threads(), NonZeroUsize::MIN);
    assert!(Batch::machine_threads() >= NonZeroUsize::MIN);
}

#[test]
fn an_action_legal_in_another_lane_is_refused_in_its_own() {
    // Lane 0 is at the start, where E5 is legal; lane 1 has a stone on E5. The batch
    // must read lane 1's own mask (on one thread and on two).
    let spec: GameSpec = "go9".parse().unwrap();
    let e5 = AnyGame::new(&spec).action_of("E5").unwrap();
    let pass = AnyGame::new(&spec).num_actions() - 1;
    for n in [1, 2] {
        let lanes = 40;
        let mut batch = Batch::new(&spec, lanes, None).with_threads(threads(n));
        let mut buffers = batch.buffers();
        let mut chosen = vec![pass; lanes];
        chosen[1] = e5;
        batch.step(&chosen, buffers.outputs()).unwrap();
        // Lane 0 passed (White to move, E5 still empty); lane 1's E5 is taken.
        let error = batch.step(&chosen, buffers.outputs()).unwrap_err();
        assert!(
            matches!(
                error,
                BatchError::Action {
                    lane: 1,
                    error: ActionError::Illegal { .. }
                }
            ),
            "{n} threads: {error:?}"
        );
    }
}
