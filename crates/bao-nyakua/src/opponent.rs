//! The computer opponent: the search's hooks ([`BaoHooks`]) and each level's budget for
//! this game (`docs/bao-nyakua.md`, "The computer opponent").
//!
//! The search only ever chooses among the legal moves as [`Game::legal_moves`] lists them
//! (the NYUMBA's `:stop` and `:use` of B-22 included), so the rules stay exact; the hooks
//! add knowledge only through priors, the playout's policy and the reward.

use game_core::search::{Budget, Level, Opponent, Playout, Prior, SearchConfig, SearchHooks};
use game_core::{Game, GameRng, Player};

use crate::moves::Move;
use crate::position::Position;
use crate::Bao;

/// The search hooks of Bao, the same for [`Bao`] and [`Position`] (a search of either plays
/// the same moves for a seed).
///
/// * **Priors**: each new child is played one ply ahead on a copy. A move that wins at
///   once gets [`BaoHooks::decisive_weight`] virtual wins, a move that loses at once as
///   many virtual losses; any other gets [`BaoHooks::prior_weight`] virtual playouts whose
///   mean grows with the kete the move wins (the mover's kete on its board, in its hand and
///   pending, minus the opponent's, compared with before the move).
/// * **Playouts**: uniform random moves (the game's fast [`Game::random_move`]), at most
///   [`SearchConfig::max_playout_plies`] of them.
/// * **Reward**: 1, ½ or 0 for a finished game (the safety stop counts as ½); a playout
///   stopped at the ply cap is scored from the kete balance (see [`BaoHooks::reward`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct BaoHooks {
    /// Virtual playouts of the material prior for an ordinary move (0: no priors).
    pub prior_weight: u32,
    /// How many kete of gain make the prior's value move from ½ halfway to 1 (the value is
    /// `½ + ½·tanh(gain / prior_scale)`).
    pub prior_scale: f32,
    /// Virtual playouts of the prior for a move that ends the game at once (0: none).
    pub decisive_weight: u32,
    /// How many kete of balance make an unfinished playout's reward move from ½ halfway to
    /// 1 (the reward is `½ + ½·tanh(balance / reward_scale)`).
    pub reward_scale: f64,
}

impl Default for BaoHooks {
    /// The hooks of every level.
    fn default() -> Self {
        BaoHooks {
            prior_weight: 10,
            prior_scale: 6.0,
            decisive_weight: 1_000,
            reward_scale: 8.0,
        }
    }
}

/// The kete `player` holds: its 16 pits, its hand and its pending kete (B-9).
fn kete(position: &Position, player: Player) -> i32 {
    let i = player.index();
    position.pits[i].iter().map(|&k| i32::from(k)).sum::<i32>()
        + i32::from(position.hands[i])
        + i32::from(position.pending[i])
}

/// `player`'s kete minus the opponent's (−64 … 64).
fn balance(position: &Position, player: Player) -> i32 {
    kete(position, player) - kete(position, player.other())
}

impl BaoHooks {
    /// The priors of `moves` from `position` (see the type's description).
    fn position_priors(&self, position: &Position, moves: &[Move], priors: &mut [Prior]) {
        if self.prior_weight == 0 && self.decisive_weight == 0 {
            return;
        }
        let mover = position.to_move();
        let before = balance(position, mover);
        for (&mv, prior) in moves.iter().zip(priors.iter_mut()) {
            let mut after = *position;
            after.play_unchecked(mv);
            *prior = match after.outcome().winner() {
                Some(winner) if self.decisive_weight > 0 => Prior::new(
                    if winner == mover { 1.0 } else { 0.0 },
                    self.decisive_weight,
                ),
                _ if self.prior_weight > 0 => {
                    let gain = (balance(&after, mover) - before) as f32;
                    Prior::new(
                        0.5 + 0.5 * (gain / self.prior_scale).tanh(),
                        self.prior_weight,
                    )
                }
                _ => Prior::NONE,
            };
        }
    }

    /// The first player's reward for a playout that ended in `position`: 1 or 0 for a win
    /// or a loss, ½ for the safety stop, and for a game still going (stopped at the ply
    /// cap) `½ + ½·tanh(balance / reward_scale)` with the first player's kete balance.
    #[must_use]
    pub fn reward(&self, position: &Position) -> f64 {
        if position.is_over() {
            return match position.outcome().winner() {
                Some(Player::First) => 1.0,
                Some(Player::Second) => 0.0,
                None => 0.5,
            };
        }
        let balance = f64::from(balance(position, Player::First));
        0.5 + 0.5 * (balance / self.reward_scale).tanh()
    }
}

/// Plays up to `max` uniform random moves on `position`.
fn random_moves(position: &mut Position, rng: &mut GameRng, moves: &mut Vec<Move>, max: usize) {
    for _ in 0..max {
        let Some(mv) = position.random_move(rng, moves) else {
            return;
        };
        position.play_unchecked(mv);
    }
}

impl SearchHooks<Position> for BaoHooks {
    fn priors(&self, state: &Position, moves: &[Move], priors: &mut [Prior]) {
        self.position_priors(state, moves, priors);
    }

    fn playout(&self, state: &mut Position, playout: &mut Playout<'_, Position>) {
        let max = playout.max_plies();
        let (rng, moves) = playout.parts();
        random_moves(state, rng, moves, max);
    }

    fn reward(&self, state: &Position) -> f64 {
        BaoHooks::reward(self, state)
    }
}

/// The same as for [`Position`]. A playout plays on the game's position only: the scratch
/// copy the search plays it on is only scored afterwards, so its history need not grow.
impl SearchHooks<Bao> for BaoHooks {
    fn priors(&self, state: &Bao, moves: &[Move], priors: &mut [Prior]) {
        self.position_priors(state.position(), moves, priors);
    }

    fn playout(&self, state: &mut Bao, playout: &mut Playout<'_, Bao>) {
        let max = playout.max_plies();
        let (rng, moves) = playout.parts();
        random_moves(state.position_mut_for_playout(), rng, moves, max);
    }

    fn reward(&self, state: &Bao) -> f64 {
        BaoHooks::reward(self, state.position())
    }
}

/// Each level's settings, the same for [`Bao`] and [`Position`] (documented in
/// `docs/bao-nyakua.md`).
fn config(level: Level) -> SearchConfig {
    let playouts = match level {
        Level::Easy => EASY_PLAYOUTS,
        Level::Normal => NORMAL_PLAYOUTS,
        _ => HARD_PLAYOUTS,
    };
    let mut config = SearchConfig::default()
        .with_budget(Budget::playouts(playouts))
        .with_exploration(EXPLORATION);
    config.max_playout_plies = PLAYOUT_PLIES;
    config
}

/// Playouts per move at `easy`.
pub const EASY_PLAYOUTS: u64 = 300;
/// Playouts per move at `normal`.
pub const NORMAL_PLAYOUTS: u64 = 3_000;
/// Playouts per move at `hard`.
pub const HARD_PLAYOUTS: u64 = 30_000;
/// The UCT exploration constant of every level: small, because the priors already order
/// the moves and the truncated playouts' rewards are less noisy than whole random games.
pub const EXPLORATION: f64 = 0.3;
/// The most plies of a playout at every level: a playout stops there and is scored by the
/// kete balance ([`BaoHooks::reward`]). Short playouts are both faster and better judges
/// than random games to the end.
pub const PLAYOUT_PLIES: usize = 8;

impl Opponent for Bao {
    type Hooks = BaoHooks;

    fn hooks(_level: Level) -> BaoHooks {
        BaoHooks::default()
    }

    fn search_config(level: Level) -> SearchConfig {
        config(level)
    }
}

/// The position without history searches faster (no history to copy per playout) and plays
/// the same moves: `rulebook` and the web page search it for a `Bao` game.
impl Opponent for Position {
    type Hooks = BaoHooks;

    fn hooks(_level: Level) -> BaoHooks {
        BaoHooks::default()
    }

    fn search_config(level: Level) -> SearchConfig {
        config(level)
    }
}
