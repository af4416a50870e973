//! Many games of one spec stepped together by integer actions, for training loops: the
//! observations, masks, rewards and end flags written into the caller's buffers, finished
//! games started again in place, on one thread or several (`with_threads`). On one thread
//! nothing is allocated per step; on several, only the list of blocks handed to the pool.

mod lanes;
mod threads;

use std::num::NonZeroUsize;

use game_core::{Encoded, Game};

use crate::error::{ActionError, BufferSizeError};
use crate::game::CatalogGame;
use crate::spec::GameSpec;
use crate::{AnyGame, GameKind};
use lanes::{LaneSet, player_index};
use threads::Threads;

/// `len` games of one [`GameSpec`], stepped together ([`Batch::step`]).
///
/// Each game is a *lane*. A step plays one action in every lane, all or nothing: every
/// action is checked first (against the lane's mask, which the batch keeps: the rules'
/// legal moves), and if one is refused no lane moves. A lane whose game ends
/// (by the rules, or at the batch's ply cap) reports its reward and end flags and starts a
/// new game at once, so the observation and mask written for it are those of the new
/// game's start.
///
/// Rewards are from the point of view of the player who moved in that lane: 1 for a move
/// that wins, −1 for one that loses (Bao's safety stop can lose for the mover), 0 for any
/// other move, a draw and a truncation.
///
/// ```
/// use game_catalog::{Batch, GameSpec};
///
/// let spec: GameSpec = "go9".parse()?;
/// let mut batch = Batch::new(&spec, 4, Some(300));
/// let (actions, obs_len) = (batch.num_actions(), batch.observation_len());
/// let mut buffers = batch.buffers();
/// batch.write_masks(&mut buffers.masks)?;
/// // Every lane passes (action 81): a legal move in go9's start position.
/// let passes = vec![actions - 1; 4];
/// batch.step(&passes, buffers.outputs())?;
/// assert!(buffers.rewards.iter().all(|&r| r == 0.0));
/// assert_eq!(buffers.observations.len(), 4 * obs_len);
/// // A second pass ends every game (G-6: two passes); each lane starts again.
/// batch.step(&passes, buffers.outputs())?;
/// assert!(buffers.terminated.iter().all(|&done| done));
/// assert_eq!(batch.plies(0), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Batch {
    lanes: Lanes,
    spec: GameSpec,
    max_plies: Option<usize>,
    threads: Threads,
}

/// The games of a batch, by their own type, so that every step runs at the game's speed.
#[derive(Clone, Debug)]
enum Lanes {
    Kazura(LaneSet<kazura_core::Kazura>),
    Bao(LaneSet<bao_nyakua::Bao>),
    Go9(LaneSet<go9::Go9>),
    Bind(LaneSet<bind::Bind>),
}

macro_rules! each_lane_set {
    ($lanes:expr, $set:ident => $body:expr) => {
        match $lanes {
            Lanes::Kazura($set) => $body,
            Lanes::Bao($set) => $body,
            Lanes::Go9($set) => $body,
            Lanes::Bind($set) => $body,
        }
    };
}

/// Where [`Batch::step`] writes, one slice per output, each `len` lanes long (times the
/// observation length or the number of actions).
#[derive(Debug)]
#[non_exhaustive]
pub struct StepOutputs<'a> {
    /// `len * observation_len` values: each lane's observation after the step.
    pub observations: &'a mut [f32],
    /// `len * num_actions` values: each lane's legal-action mask after the step.
    pub masks: &'a mut [bool],
    /// The reward of the player who moved in each lane.
    pub rewards: &'a mut [f32],
    /// Whether each lane's game ended by the rules (and started again).
    pub terminated: &'a mut [bool],
    /// Whether each lane's game was cut at the ply cap (and started again).
    pub truncated: &'a mut [bool],
    /// The player to move next in each lane: 0 for the first player, 1 for the second.
    pub to_move: &'a mut [u8],
}

impl<'a> StepOutputs<'a> {
    /// The six outputs, each as [`StepOutputs`]'s field of the same name says.
    pub fn new(
        observations: &'a mut [f32],
        masks: &'a mut [bool],
        rewards: &'a mut [f32],
        terminated: &'a mut [bool],
        truncated: &'a mut [bool],
        to_move: &'a mut [u8],
    ) -> StepOutputs<'a> {
        StepOutputs {
            observations,
            masks,
            rewards,
            terminated,
            truncated,
            to_move,
        }
    }
}

/// Owned buffers of the right sizes for a [`Batch`] ([`Batch::buffers`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct StepBuffers {
    /// See [`StepOutputs::observations`].
    pub observations: Vec<f32>,
    /// See [`StepOutputs::masks`].
    pub masks: Vec<bool>,
    /// See [`StepOutputs::rewards`].
    pub rewards: Vec<f32>,
    /// See [`StepOutputs::terminated`].
    pub terminated: Vec<bool>,
    /// See [`StepOutputs::truncated`].
    pub truncated: Vec<bool>,
    /// See [`StepOutputs::to_move`].
    pub to_move: Vec<u8>,
}

impl StepBuffers {
    /// The buffers as the outputs of a step.
    pub fn outputs(&mut self) -> StepOutputs<'_> {
        StepOutputs::new(
            &mut self.observations,
            &mut self.masks,
            &mut self.rewards,
            &mut self.terminated,
            &mut self.truncated,
            &mut self.to_move,
        )
    }
}

/// Why [`Batch::step`] refused its input; no lane moved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// A buffer (or the actions) does not have the length the batch needs.
    #[error("{what} holds {} values; this batch needs exactly {}", error.given, error.needed)]
    Size {
        /// Which input or output: `actions`, `observations`, `masks`, `rewards`,
        /// `terminated`, `truncated` or `to_move`.
        what: &'static str,
        /// The lengths.
        error: BufferSizeError,
    },
    /// A lane's action was refused.
    #[error("game {lane}: {error}")]
    Action {
        /// The lane, counted from 0.
        lane: usize,
        /// Why its action was refused.
        error: ActionError,
    },
}

fn check_len(what: &'static str, given: usize, needed: usize) -> Result<(), BatchError> {
    if given == needed {
        Ok(())
    } else {
        Err(BatchError::Size {
            what,
            error: BufferSizeError { needed, given },
        })
    }
}

impl Batch {
    /// `len` games at the start of `spec`, each cut (truncated) once it has `max_plies`
    /// moves if a cap is given.
    #[must_use]
    pub fn new(spec: &GameSpec, len: usize, max_plies: Option<usize>) -> Batch {
        fn lanes<G: CatalogGame>(spec: &GameSpec, len: usize) -> LaneSet<G> {
            LaneSet::new(G::start(spec).expect("a spec of this game"), len)
        }
        let lanes = match spec.kind() {
            GameKind::Kazura => Lanes::Kazura(lanes(spec, len)),
            GameKind::Bao => Lanes::Bao(lanes(spec, len)),
            GameKind::Go9 => Lanes::Go9(lanes(spec, len)),
            GameKind::Bind => Lanes::Bind(lanes(spec, len)),
        };
        Batch {
            lanes,
            spec: *spec,
            max_plies,
            threads: Threads::one(),
        }
    }

    /// This batch stepping its lanes on `threads` threads: the calling thread and a pool
    /// every batch of that many threads in the process shares. Each thread has a run of
    /// neighbouring lanes, cut into blocks of half the run, a quarter, and so on down to 4
    /// lanes; it plays its own run's blocks first and then any block not started, from the
    /// end of another's run. A pool thread waits awake for up to 0.5 ms after a step for
    /// the next, then sleeps. The outputs are the same as on one thread, value for value
    /// (each lane is played alone; only the order in which lanes are played changes).
    ///
    /// A small batch gains nothing: a batch of fewer than 32 lanes steps on one thread.
    /// Where threads cannot be started (WebAssembly, or a system that refuses them) the
    /// batch keeps one thread; [`Batch::threads`] says how many it has.
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    /// use game_catalog::{Batch, GameSpec};
    ///
    /// let spec: GameSpec = "go9".parse()?;
    /// let threads = NonZeroUsize::new(2).unwrap();
    /// let mut batch = Batch::new(&spec, 256, Some(300)).with_threads(threads);
    /// let mut buffers = batch.buffers();
    /// batch.step(&vec![batch.num_actions() - 1; 256], buffers.outputs())?;
    /// assert!(batch.threads() <= threads);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: NonZeroUsize) -> Batch {
        self.threads = Threads::new(threads);
        self
    }

    /// The threads the batch steps on (1 unless [`Batch::with_threads`] gave more and the
    /// system started them).
    #[must_use]
    pub fn threads(&self) -> NonZeroUsize {
        self.threads.count()
    }

    /// The threads a machine offers, for [`Batch::with_threads`]: what the operating
    /// system reports as available to this process (1 if it cannot say).
    #[must_use]
    pub fn machine_threads() -> NonZeroUsize {
        std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
    }

    /// The games' spec.
    #[must_use]
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// The number of games (lanes).
    #[must_use]
    pub fn len(&self) -> usize {
        each_lane_set!(&self.lanes, set => set.games.len())
    }

    /// Whether the batch has no games.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The ply cap, if any.
    #[must_use]
    pub fn max_plies(&self) -> Option<usize> {
        self.max_plies
    }

    /// The number of integer actions of each game.
    #[must_use]
    pub fn num_actions(&self) -> usize {
        each_lane_set!(&self.lanes, set => set.start.num_actions())
    }

    /// The shape of each game's observation, `[planes, rows, columns]`.
    #[must_use]
    pub fn observation_shape(&self) -> [usize; 3] {
        each_lane_set!(&self.lanes, set => set.start.observation_shape())
    }

    /// The number of values of each game's observation.
    #[must_use]
    pub fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Buffers of the sizes [`Batch::step`] needs.
    #[must_use]
    pub fn buffers(&self) -> StepBuffers {
        let len = self.len();
        StepBuffers {
            observations: vec![0.0; len * self.observation_len()],
            masks: vec![false; len * self.num_actions()],
            rewards: vec![0.0; len],
            terminated: vec![false; len],
            truncated: vec![false; len],
            to_move: vec![0; len],
        }
    }

    /// Moves played in lane `lane`'s current game.
    ///
    /// # Panics
    /// If `lane` is not below [`Batch::len`].
    #[must_use]
    pub fn plies(&self, lane: usize) -> usize {
        each_lane_set!(&self.lanes, set => set.games[lane].ply())
    }

    /// Lane `lane`'s current game, as an [`AnyGame`] (a copy).
    ///
    /// # Panics
    /// If `lane` is not below [`Batch::len`].
    #[must_use]
    pub fn game(&self, lane: usize) -> AnyGame {
        each_lane_set!(&self.lanes, set => set.games[lane].clone().into_any())
    }

    /// Starts every game again.
    pub fn reset(&mut self) {
        each_lane_set!(&mut self.lanes, set => set.restart_all());
    }

    /// Writes every lane's observation into `out` (lane after lane).
    ///
    /// # Errors
    /// [`BatchError::Size`] unless `out` holds `len * observation_len` values.
    pub fn write_observations(&self, out: &mut [f32]) -> Result<(), BatchError> {
        check_len(
            "observations",
            out.len(),
            self.len() * self.observation_len(),
        )?;
        each_lane_set!(&self.lanes, set => set.write_observations(out));
        Ok(())
    }

    /// Writes every lane's legal-action mask into `out` (lane after lane).
    ///
    /// # Errors
    /// [`BatchError::Size`] unless `out` holds `len * num_actions` values.
    pub fn write_masks(&self, out: &mut [bool]) -> Result<(), BatchError> {
        check_len("masks", out.len(), self.len() * self.num_actions())?;
        each_lane_set!(&self.lanes, set => out.copy_from_slice(set.legal()));
        Ok(())
    }

    /// Writes the player to move in every lane (0 or 1) into `out`.
    ///
    /// # Errors
    /// [`BatchError::Size`] unless `out` holds `len` values.
    pub fn write_to_move(&self, out: &mut [u8]) -> Result<(), BatchError> {
        check_len("to_move", out.len(), self.len())?;
        each_lane_set!(&self.lanes, set => {
            for (slot, game) in out.iter_mut().zip(&set.games) {
                *slot = player_index(game.to_move());
            }
        });
        Ok(())
    }

    /// Plays `actions[i]` in lane `i`, for every lane, then writes the outputs (see
    /// [`Batch`] for rewards and restarts).
    ///
    /// # Errors
    /// [`BatchError::Size`] for an input or output of the wrong length,
    /// [`BatchError::Action`] for the first lane whose action is out of range, names no
    /// move or is not legal. Then no lane has moved and no output is written.
    pub fn step(&mut self, actions: &[usize], out: StepOutputs<'_>) -> Result<(), BatchError> {
        let len = self.len();
        check_len("actions", actions.len(), len)?;
        check_len(
            "observations",
            out.observations.len(),
            len * self.observation_len(),
        )?;
        check_len("masks", out.masks.len(), len * self.num_actions())?;
        check_len("rewards", out.rewards.len(), len)?;
        check_len("terminated", out.terminated.len(), len)?;
        check_len("truncated", out.truncated.len(), len)?;
        check_len("to_move", out.to_move.len(), len)?;
        let max_plies = self.max_plies;
        each_lane_set!(&mut self.lanes, set => set.step(actions, max_plies, &self.threads, out))
    }
}
