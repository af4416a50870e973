//! `Batch`: many games stepped together agree, lane by lane, with the same games played
//! one at a time through `AnyGame`; on several threads (`Batch::with_threads`) a batch
//! writes what it writes on one, step for step, and still refuses a step all or nothing;
//! the masks it checks actions against are the rules' legal moves.

use std::num::NonZeroUsize;

use game_catalog::{ActionError, AnyGame, Batch, BatchError, GameSpec, Player, StepBuffers};
use game_core::GameRng;

const SPECS: [&str; 5] = ["kazura:size=5", "bao", "go9", "bind", "bind:variant=full"];
/// The thread tests' games: Kazura on 9×9, whose games last long enough to cross blocks.
const THREAD_SPECS: [&str; 5] = ["kazura:size=9", "bao", "go9", "bind", "bind:variant=full"];

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

fn single(game: &AnyGame) -> (Vec<f32>, Vec<bool>) {
    let mut observation = vec![0.0; game.observation_len()];
    game.write_observation(&mut observation).unwrap();
    let mut mask = vec![false; game.num_actions()];
    game.write_action_mask(&mut mask).unwrap();
    (observation, mask)
}

#[test]
fn every_lane_is_the_game_played_alone() {
    for text in SPECS {
        let spec: GameSpec = text.parse().unwrap();
        let lanes = 6;
        let mut batch = Batch::new(&spec, lanes, Some(40));
        let mut alone: Vec<AnyGame> = (0..lanes).map(|_| AnyGame::new(&spec)).collect();
        let mut buffers = batch.buffers();
        batch.write_masks(&mut buffers.masks).unwrap();
        batch.write_observations(&mut buffers.observations).unwrap();
        let (obs_len, actions) = (batch.observation_len(), batch.num_actions());
        let mut rng = GameRng::seed_from(17);
        let (mut ended, mut cut) = (0, 0);
        for _ in 0..200 {
            let chosen = random_actions(&buffers.masks, actions, &mut rng);
            batch.step(&chosen, buffers.outputs()).unwrap();
            for (lane, game) in alone.iter_mut().enumerate() {
                let mover = game.to_move();
                game.play_action(chosen[lane]).unwrap();
                let over = game.is_over();
                let truncated = !over && game.ply() >= 40;
                let reward = match game.outcome().winner() {
                    Some(w) if w == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
                assert_eq!(buffers.rewards[lane], reward, "{text} lane {lane}");
                assert_eq!(buffers.terminated[lane], over, "{text} lane {lane}");
                assert_eq!(buffers.truncated[lane], truncated, "{text} lane {lane}");
                if over || truncated {
                    *game = AnyGame::new(&spec);
                    ended += usize::from(over);
                    cut += usize::from(truncated);
                }
                assert_eq!(batch.game(lane), *game, "{text} lane {lane}");
                let (observation, mask) = single(game);
                let at = lane * obs_len..(lane + 1) * obs_len;
                assert_eq!(
                    buffers.observations[at],
                    observation[..],
                    "{text} lane {lane}"
                );
                let at = lane * actions..(lane + 1) * actions;
                assert_eq!(buffers.masks[at], mask[..], "{text} lane {lane}");
                let to_move = u8::from(game.to_move() == Player::Second);
                assert_eq!(buffers.to_move[lane], to_move);
            }
        }
        assert!(
            ended + cut > 0,
            "{text}: some games end or are cut in 200 steps"
        );
        assert_eq!(batch.max_plies(), Some(40));
        // Asked again, the observations and masks are those the last step wrote.
        let mut again = batch.buffers();
        batch.write_observations(&mut again.observations).unwrap();
        batch.write_masks(&mut again.masks).unwrap();
        batch.write_to_move(&mut again.to_move).unwrap();
        assert_eq!(again.observations, buffers.observations, "{text}");
        assert_eq!(again.masks, buffers.masks, "{text}");
        assert_eq!(again.to_move, buffers.to_move, "{text}");
    }
}

#[test]
fn a_refused_action_moves_no_lane() {
    let spec: GameSpec = "go9".parse().unwrap();
    let mut batch = Batch::new(&spec, 3, None);
    let mut buffers = batch.buffers();
    let e5 = AnyGame::new(&spec).action_of("E5").unwrap();
    batch.step(&[e5, e5, e5], buffers.outputs()).unwrap();
    let before: Vec<AnyGame> = (0..3).map(|lane| batch.game(lane)).collect();
    let written = buffers.clone();
    // Lane 1 plays on the stone just placed.
    let c3 = AnyGame::new(&spec).action_of("C3").unwrap();
    let error = batch.step(&[c3, e5, c3], buffers.outputs()).unwrap_err();
    assert!(
        matches!(
            error,
            BatchError::Action {
                lane: 1,
                error: ActionError::Illegal { .. }
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().starts_with("game 1: "), "{error}");
    let error = batch.step(&[c3, c3, 82], buffers.outputs()).unwrap_err();
    assert!(
        matches!(
            error,
            BatchError::Action {
                lane: 2,
                error: ActionError::OutOfRange {
                    action: 82,
                    actions: 82
                }
            }
        ),
        "{error:?}"
    );
    let after: Vec<AnyGame> = (0..3).map(|lane| batch.game(lane)).collect();
    assert_eq!(after, before);
    assert_eq!(buffers, written, "no output is written");
}

#[test]
fn buffers_of_the_wrong_size_are_refused_by_name() {
    let spec: GameSpec = "bind".parse().unwrap();
    let mut batch = Batch::new(&spec, 2, None);
    let mut buffers = batch.buffers();
    let error = batch.step(&[0], buffers.outputs()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "actions holds 1 values; this batch needs exactly 2"
    );
    buffers.rewards.push(0.0);
    let error = batch.step(&[0, 0], buffers.outputs()).unwrap_err();
    assert!(
        matches!(
            error,
            BatchError::Size {
                what: "rewards",
                ..
            }
        ),
        "{error:?}"
    );
    let mut short = vec![false; 3];
    assert!(batch.write_masks(&mut short).is_err());
    let mut short = vec![0.0; 3];
    assert!(batch.write_observations(&mut short).is_err());
    assert!(batch.write_to_move(&mut [0; 3]).is_err());
    assert_eq!(batch.plies(0), 0);
}

#[test]
fn reset_starts_every_lane_again() {
    let spec: GameSpec = "kazura:size=5".parse().unwrap();
    let mut batch = Batch::new(&spec, 2, None);
    let mut buffers = batch.buffers();
    batch.step(&[0, 1], buffers.outputs()).unwrap();
    assert_eq!(batch.plies(1), 1);
    let mut to_move = [9; 2];
    batch.write_to_move(&mut to_move).unwrap();
    assert_eq!(to_move, [1, 1]);
    batch.reset();
    assert_eq!(batch.game(0), AnyGame::new(&spec));
    assert_eq!(batch.game(1), AnyGame::new(&spec));
    assert_eq!((batch.len(), batch.is_empty()), (2, false));
    assert_eq!(batch.spec(), &spec);
    assert_eq!(batch.max_plies(), None);
    assert_eq!(batch.observation_shape(), [4, 5, 5]);
}

#[test]
fn an_empty_batch_steps_without_writing() {
    let spec: GameSpec = "bao".parse().unwrap();
    let mut batch = Batch::new(&spec, 0, None);
    assert!(batch.is_empty());
    let mut buffers = batch.buffers();
    batch.step(&[], buffers.outputs()).unwrap();
    batch.write_masks(&mut buffers.masks).unwrap();
}

fn threads(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

#[test]
fn several_threads_write_what_one_thread_writes() {
    for text in THREAD_SPECS {
        let spec: GameSpec = text.parse().unwrap();
        // 100 lanes: on 2 threads, two runs of blocks of 25, 12, 6, 4 and 3 lanes; on 3,
        // runs of 17, 8, 4, 4 and 1, the last run's ending in 3 lanes and an empty block.
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
    for text in THREAD_SPECS {
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
