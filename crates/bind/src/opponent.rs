//! The computer opponent: the search's hooks ([`BindHooks`]) and each level's budget
//! (`docs/bind.md`, section "Computer opponent").
//!
//! * **RAVE**: a move's AMAF key is the square it starts on — the taken square of a line
//!   (`FROM` in `FROM-TO`), the square of a single placement — as `row · 25 + column`, so
//!   one key space of 625 serves every size; `pass` has none. Lines from one square in
//!   different directions or lengths share the key: they all take and fill that square.
//! * **Priors** follow rule 8 (N-12, whoever empties its hand wins): a move that places the
//!   mover's last pieces wins at once and starts with many virtual wins; otherwise a line
//!   of three (the hand shrinks by three) starts above a line of two or a single placement.
//! * **Playouts** stay uniform ([`Game::random_move`]): millions of plies a second.
//!
//! Budgets are playout counts, so a level plays the same whatever the machine's load.

use game_core::search::{Budget, Level, Opponent, Prior, SearchConfig, SearchHooks};
use game_core::{Game, GameRng};

use crate::{Bind, Move};

/// The AMAF key space: every square of the largest board, `row · 25 + column`.
const KEY_SPACE: usize = 25 * 25;

/// Bind's search hooks: RAVE keyed by the move's first square and priors from the hand
/// (see the module's documentation). Playouts are the default uniform ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BindHooks {
    /// How many virtual playouts the prior of an ordinary move is worth (0: no priors;
    /// a move that wins at once always gets a strong one).
    pub prior_weight: u32,
}

impl BindHooks {
    /// The hooks every level uses: priors worth 10 playouts each.
    pub const DEFAULT: BindHooks = BindHooks { prior_weight: 10 };

    /// Hooks with priors worth `prior_weight` playouts (0 turns the ordinary ones off).
    #[must_use]
    pub const fn new(prior_weight: u32) -> BindHooks {
        BindHooks { prior_weight }
    }
}

impl Default for BindHooks {
    fn default() -> Self {
        BindHooks::DEFAULT
    }
}

/// The AMAF key of a move: its first square.
fn square_key(mv: Move) -> Option<usize> {
    let square = match mv {
        Move::Line { from, .. } => from,
        Move::Place(square) => square,
        Move::Pass => return None,
    };
    Some(usize::from(square.row) * 25 + usize::from(square.col))
}

/// Virtual playouts of a move that places the mover's last pieces (it wins at once, N-12).
const WIN_WEIGHT: u32 = 1_000;

impl SearchHooks<Bind> for BindHooks {
    fn priors(&self, state: &Bind, moves: &[Move], priors: &mut [Prior]) {
        let hand = state.hand(state.to_move());
        for (&mv, prior) in moves.iter().zip(priors.iter_mut()) {
            let placed = mv.pieces_placed();
            if placed > 0 && placed == hand {
                *prior = Prior::new(1.0, WIN_WEIGHT);
            } else if self.prior_weight > 0 {
                let value = match placed {
                    3 => 0.6,
                    2 => 0.5,
                    _ => 0.45,
                };
                *prior = Prior::new(value, self.prior_weight);
            }
        }
    }

    fn amaf_key_space(&self, _root: &Bind) -> usize {
        KEY_SPACE
    }

    fn amaf_key(&self, mv: Move) -> Option<usize> {
        square_key(mv)
    }

    fn playout_move(&self, state: &Bind, rng: &mut GameRng, moves: &mut Vec<Move>) -> Option<Move> {
        state.random_move(rng, moves)
    }
}

/// Playouts per move at each level (`easy`, `normal`, `hard`), on every variant.
pub const LEVEL_PLAYOUTS: [u64; 3] = [1_000, 10_000, 100_000];

impl Opponent for Bind {
    type Hooks = BindHooks;

    fn hooks(_level: Level) -> BindHooks {
        BindHooks::DEFAULT
    }

    /// [`LEVEL_PLAYOUTS`] (1,000, 10,000, 100,000 playouts a move), RAVE with `k` = 1,000, a
    /// small exploration constant (0.3), and playouts capped at 500 plies (an unfinished
    /// playout counts half: the rules have no move limit, N-13).
    fn search_config(level: Level) -> SearchConfig {
        let playouts = match level {
            Level::Easy => LEVEL_PLAYOUTS[0],
            Level::Normal => LEVEL_PLAYOUTS[1],
            _ => LEVEL_PLAYOUTS[2],
        };
        let mut config = SearchConfig::default()
            .with_budget(Budget::playouts(playouts))
            .with_exploration(0.3)
            .with_rave_equivalence(1_000.0);
        config.max_playout_plies = 500;
        config
    }
}
