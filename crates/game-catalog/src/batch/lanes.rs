//! The lanes of a [`Batch`](super::Batch) by their game's own type: checking a step's
//! actions against the masks last computed, and playing a block of lanes (on whichever
//! thread the pool gives it).

use game_core::Player;

use super::threads::{Lanes, Threads};
use super::{BatchError, StepOutputs};
use crate::error::ActionError;
use crate::game::CatalogGame;

/// The games of a batch of one game type, with each lane's legal actions as last computed.
#[derive(Clone, Debug)]
pub(super) struct LaneSet<G: CatalogGame> {
    /// The start every lane restarts from (boxed: a game state is kilobytes).
    pub start: Box<G>,
    pub games: Vec<G>,
    /// `games.len() * num_actions` flags: each lane's legal-action mask, computed when its
    /// game last changed (the start's, or a step's), so that a step checks its actions
    /// without asking the rules again.
    legal: Vec<bool>,
    num_actions: usize,
    /// The moves the current step plays, checked before any is played.
    chosen: Vec<G::Move>,
    /// One move buffer per thread (the mask's legal-move list).
    scratch: Vec<Vec<G::Move>>,
}

/// One block of lanes and the parts of every buffer that belong to it.
struct Block<'a, G: CatalogGame> {
    games: &'a mut [G],
    legal: &'a mut [bool],
    chosen: &'a [G::Move],
    out: StepOutputs<'a>,
    /// Values of an observation.
    obs_len: usize,
    /// Flags of a mask.
    num_actions: usize,
}

impl<G: CatalogGame> LaneSet<G> {
    /// `len` lanes at `start`.
    pub fn new(start: G, len: usize) -> LaneSet<G> {
        let num_actions = start.num_actions();
        let mut set = LaneSet {
            games: vec![start.clone(); len],
            start: Box::new(start),
            legal: vec![false; len * num_actions],
            num_actions,
            chosen: Vec::with_capacity(len),
            scratch: vec![Vec::new()],
        };
        set.restart_all();
        set
    }

    /// Every lane back at the start, its legal actions with it.
    pub fn restart_all(&mut self) {
        let mut mask = vec![false; self.num_actions];
        let mut moves = Vec::new();
        self.start
            .write_action_mask(&mut mask, &mut moves)
            .expect("the mask has the game's length");
        for (game, legal) in self
            .games
            .iter_mut()
            .zip(self.legal.chunks_exact_mut(self.num_actions))
        {
            game.clone_from(&self.start);
            legal.copy_from_slice(&mask);
        }
    }

    /// Writes every lane's observation into `out`, `obs_len` values a lane.
    pub fn write_observations(&self, out: &mut [f32]) {
        if self.games.is_empty() {
            return;
        }
        let size = out.len() / self.games.len();
        for (game, chunk) in self.games.iter().zip(out.chunks_exact_mut(size)) {
            game.write_observation(chunk)
                .expect("the batch sized the chunk");
        }
    }

    /// Every lane's legal-action mask, as last computed.
    pub fn legal(&self) -> &[bool] {
        &self.legal
    }

    /// Reads and checks every lane's action into `self.chosen`, touching no game: an
    /// action is legal when the lane's mask has it (the mask is the rules' legal moves);
    /// the rules are asked only to say why one is not.
    fn choose(&mut self, actions: &[usize]) -> Result<(), BatchError> {
        self.chosen.clear();
        let lanes = self.games.iter().zip(actions);
        for (lane, (game, &action)) in lanes.enumerate() {
            let refused = |error| BatchError::Action { lane, error };
            let mv = game.move_of(action).map_err(refused)?;
            if !self.legal[lane * self.num_actions + action] {
                game.check_move(mv).map_err(|e| {
                    refused(ActionError::Illegal {
                        action,
                        text: mv.to_string(),
                        reason: e.to_string(),
                    })
                })?;
                // The rules allow what the mask did not: the mask is the rules' legal
                // moves, so this is unreachable; the rules have the last word.
            }
            self.chosen.push(mv);
        }
        Ok(())
    }

    /// Checks the actions, then plays them in every lane and writes the outputs, in
    /// blocks of lanes on the pool's threads.
    pub fn step(
        &mut self,
        actions: &[usize],
        max_plies: Option<usize>,
        threads: &Threads,
        out: StepOutputs<'_>,
    ) -> Result<(), BatchError> {
        self.choose(actions)?;
        let len = self.games.len();
        if len == 0 {
            return Ok(());
        }
        let whole = Block {
            games: &mut self.games,
            legal: &mut self.legal,
            chosen: &self.chosen,
            obs_len: out.observations.len() / len,
            num_actions: self.num_actions,
            out,
        };
        let start = &*self.start;
        self.scratch.resize_with(threads.count().get(), Vec::new);
        threads.run(whole, &mut self.scratch, |block, moves, threaded| {
            block.play(start, max_plies, moves, threaded);
        });
        Ok(())
    }
}

impl<G: CatalogGame> Lanes for Block<'_, G> {
    fn lanes(&self) -> usize {
        self.games.len()
    }

    fn split_at(self, lanes: usize) -> (Self, Self) {
        let (games, games_rest) = self.games.split_at_mut(lanes);
        let (legal, legal_rest) = self.legal.split_at_mut(lanes * self.num_actions);
        let (chosen, chosen_rest) = self.chosen.split_at(lanes);
        let (out, out_rest) = split_outputs(self.out, lanes, self.obs_len, self.num_actions);
        let (obs_len, num_actions) = (self.obs_len, self.num_actions);
        (
            Block {
                games,
                legal,
                chosen,
                out,
                obs_len,
                num_actions,
            },
            Block {
                games: games_rest,
                legal: legal_rest,
                chosen: chosen_rest,
                out: out_rest,
                obs_len,
                num_actions,
            },
        )
    }
}

impl<'a, G: CatalogGame> Block<'a, G> {
    /// Plays each lane's chosen move, writes its reward and end flags, restarts an ended
    /// game, and writes the lane's observation, mask (kept as its legal actions too) and
    /// player to move. `moves` is the thread's buffer for the mask's legal moves.
    ///
    /// `threaded`, when the step's blocks are shared among several threads:
    /// - an ended game starts again in its own memory (`clone_from`, which for go9 keeps
    ///   its history's buffers) rather than in a fresh copy of the start. On one thread a
    ///   fresh copy is faster (the allocator hands back memory just freed, still in the
    ///   cache); on several, allocating and freeing on every thread made them wait for
    ///   each other's allocator locks (glibc's per-thread caches pass memory between its
    ///   arenas), and a batch of 256 go9 games stepped slower on two threads than on one;
    /// - the block's masks and legal flags are first cleared in one pass. Since the last
    ///   step the calling thread has read them (the trainer's draw reads the masks, the
    ///   check of the actions the legal flags), so a block another thread stepped last
    ///   time has them in the caller's core's cache: claimed one lane at a time, among the
    ///   lane's other writes, each line held up the writing thread; claimed in one pass
    ///   of plain stores, they arrive together (two 2-thread batches of 256 go9 games
    ///   stepped in turns, one with the pass: its steps 6 to 9 % shorter, docs/python.md).
    fn play(self, start: &G, max_plies: Option<usize>, moves: &mut Vec<G::Move>, threaded: bool) {
        let (obs_len, num_actions) = (self.obs_len, self.num_actions);
        let out = self.out;
        if threaded {
            out.masks.fill(false);
            self.legal.fill(false);
        }
        let lanes = self
            .games
            .iter_mut()
            .zip(self.chosen)
            .zip(out.observations.chunks_exact_mut(obs_len))
            .zip(out.masks.chunks_exact_mut(num_actions))
            .zip(self.legal.chunks_exact_mut(num_actions));
        for (lane, ((((game, &mv), observation), mask), legal)) in lanes.enumerate() {
            let mover = game.to_move();
            game.play_unchecked(mv);
            let over = game.is_over();
            let cut = !over && max_plies.is_some_and(|cap| game.ply() >= cap);
            out.rewards[lane] = if over {
                match game.outcome().winner() {
                    Some(winner) if winner == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                }
            } else {
                0.0
            };
            out.terminated[lane] = over;
            out.truncated[lane] = cut;
            if over || cut {
                if threaded {
                    game.clone_from(start);
                } else {
                    *game = start.clone();
                }
            }
            game.write_observation_and_mask(observation, mask, moves)
                .expect("the batch sized the chunks");
            legal.copy_from_slice(mask);
            out.to_move[lane] = player_index(game.to_move());
        }
    }
}

/// The outputs of the first `lanes` lanes, and the rest's.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn split_outputs(
    out: StepOutputs<'_>,
    lanes: usize,
    obs_len: usize,
    num_actions: usize,
) -> (StepOutputs<'_>, StepOutputs<'_>) {
    let (observations, observations_rest) = out.observations.split_at_mut(lanes * obs_len);
    let (masks, masks_rest) = out.masks.split_at_mut(lanes * num_actions);
    let (rewards, rewards_rest) = out.rewards.split_at_mut(lanes);
    let (terminated, terminated_rest) = out.terminated.split_at_mut(lanes);
    let (truncated, truncated_rest) = out.truncated.split_at_mut(lanes);
    let (to_move, to_move_rest) = out.to_move.split_at_mut(lanes);
    (
        StepOutputs::new(observations, masks, rewards, terminated, truncated, to_move),
        StepOutputs::new(
            observations_rest,
            masks_rest,
            rewards_rest,
            terminated_rest,
            truncated_rest,
            to_move_rest,
        ),
    )
}

/// 0 for the first player, 1 for the second.
pub(super) fn player_index(player: Player) -> u8 {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameSpec;

    #[test]
    fn a_block_counts_its_lanes_and_splits_every_buffer_at_a_lane() {
        let spec: GameSpec = "go9".parse().unwrap();
        let mut set = LaneSet::new(go9::Go9::start(&spec).unwrap(), 10);
        let (obs_len, num_actions) = (4 * 81, set.num_actions);
        let mut observations = vec![0.0; 10 * obs_len];
        let mut masks = vec![false; 10 * num_actions];
        let (mut rewards, mut terminated, mut truncated) = ([0.0; 10], [false; 10], [false; 10]);
        let mut to_move = [0; 10];
        set.chosen = vec![go9::Move::Pass; 10];
        let out = StepOutputs::new(
            &mut observations,
            &mut masks,
            &mut rewards,
            &mut terminated,
            &mut truncated,
            &mut to_move,
        );
        let whole = Block {
            games: &mut set.games,
            legal: &mut set.legal,
            chosen: &set.chosen,
            obs_len,
            num_actions,
            out,
        };
        assert_eq!(whole.lanes(), 10);
        let (head, tail) = whole.split_at(3);
        assert_eq!((head.lanes(), tail.lanes()), (3, 7));
        for (block, lanes) in [(&head, 3), (&tail, 7)] {
            assert_eq!(block.legal.len(), lanes * num_actions);
            assert_eq!(block.chosen.len(), lanes);
            assert_eq!(block.out.observations.len(), lanes * obs_len);
            assert_eq!(block.out.masks.len(), lanes * num_actions);
            assert_eq!(block.out.rewards.len(), lanes);
            assert_eq!(block.out.terminated.len(), lanes);
            assert_eq!(block.out.truncated.len(), lanes);
            assert_eq!(block.out.to_move.len(), lanes);
        }
    }
}
