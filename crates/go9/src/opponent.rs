//! The computer opponent: [`Go9Hooks`], the search's knowledge of Go, and each level's
//! budget (`docs/go9.md`, "The computer opponent").
//!
//! * Tree moves (`tree.rs`): the legal placements that fill neither the mover's own eye
//!   nor, without a tactical reason, its own territory, and no idle first-line move in the
//!   opening; after the opponent's pass with the count winning, the pass only; otherwise
//!   a pass when nothing else is left or when the count wins with no dame left.
//! * Priors (Gelly and Silver 2007's "virtual experience", with the terms and weights of
//!   michi, Baudiš 2015): captures, atari escapes, self-atari, MoGo's 3×3 patterns, the
//!   distance to the last move and the first and third lines in empty areas.
//! * RAVE keyed by the point (Gelly and Silver 2007).
//! * Heavy playouts ([`Go9::heavy_choice`]: atari answers and 3×3 patterns next to the
//!   last move, as MoGo does, never a run into a ladder, as michi reads them), or the
//!   light eye-avoiding playout.
//! * A reward that is mostly the win, plus a little for the margin.

use std::time::Duration;

use game_core::search::{
    Budget, Level, Opponent, Playout, Prior, SearchConfig, SearchHooks, Variety,
};
use game_core::{Game, GameRng, Player};

use crate::layout::{Mask, WIDTH, at_most_one, bit, cell_of, spread};
use crate::moves::Move;
use crate::patterns;
use crate::scoring::{AreaCount, KOMI};
use crate::state::Go9;
use crate::tactics::around;

#[cfg(test)]
mod prior_tests;
mod tree;

pub use tree::{EYE_SPACE, OPENING_PLIES};

/// How much of the reward is the margin (the rest is the win): `(1 − w)·win + w·s` with
/// `s = ½ + ½·tanh(margin / 20)`.
pub const SCORE_WEIGHT: f64 = 0.05;

/// The search's knowledge of Go (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Go9Hooks {
    /// The komi the session scores with (7 outside GTP).
    pub komi: f64,
    /// Heavy playouts (atari answers and patterns) instead of the light ones.
    pub heavy: bool,
    /// Priors for new nodes from captures, ataris, patterns and lines.
    pub priors: bool,
    /// Clean-up mode (GTP `kgs-genmove_cleanup`): own territory may be filled (to capture
    /// dead stones), and the pass needs every dame filled and no opponent stone left
    /// inside one's area, even after the opponent's pass.
    pub cleanup: bool,
}

impl Default for Go9Hooks {
    /// The full knowledge: komi 7, heavy playouts, priors.
    fn default() -> Self {
        Go9Hooks {
            komi: f64::from(KOMI),
            heavy: true,
            priors: true,
            cleanup: false,
        }
    }
}

impl Go9Hooks {
    /// The light hooks of `easy`: light playouts and no priors (eyes are still never
    /// filled and passes still follow the count).
    #[must_use]
    pub fn light() -> Self {
        Go9Hooks {
            heavy: false,
            priors: false,
            ..Go9Hooks::default()
        }
    }

    /// Black's margin on `state` counted as it stands (G-9, G-10) with this komi.
    #[must_use]
    pub fn margin(&self, state: &Go9) -> f64 {
        let count = AreaCount::count(state.board());
        f64::from(count.area.first) - f64::from(count.area.second) - self.komi
    }

    /// The prior of the placement on cell `c` by the player to move (michi's terms).
    fn placement_prior(&self, state: &Go9, c: usize, last: Option<usize>) -> Prior {
        let player = state.to_move();
        let board = state.board();
        // (wins, visits) of virtual playouts; "even" to start with.
        let (mut wins, mut visits) = (5u32, 10u32);
        let effect = board.effect(c, player);
        let captured = effect.captured;
        if captured != 0 {
            let n = if at_most_one(captured) { 15 } else { 30 };
            wins += n;
            visits += n;
        } else {
            if state.is_self_atari(c, player, 0) {
                visits += 15;
            } else {
                // An escape: `c` is the last liberty of an own chain, which is what an
                // opponent stone on `c` would capture.
                if board.effect(c, player.other()).captured != 0 {
                    wins += 20;
                    visits += 20;
                }
            }
        }
        if patterns::matches(board, c) {
            wins += 10;
            visits += 10;
        }
        if let Some(last) = last {
            if around(last).contains(&c) {
                wins += 10;
                visits += 10;
            } else if spread(spread(bit(last))) & bit(c) != 0 {
                wins += 5;
                visits += 5;
            }
        }
        let line = line_of(c);
        let stones = board.stones_of(Player::First) | board.stones_of(Player::Second);
        // The points within three steps: `spread` alone leaves out the cells it starts
        // from, so each step keeps them.
        let within = |m: Mask| m | spread(m);
        let area = within(within(within(bit(c))));
        if area & stones == 0 {
            if line == 1 {
                visits += 10;
            } else if line == 3 {
                wins += 10;
                visits += 10;
            }
        }
        Prior::new(wins as f32 / visits as f32, visits)
    }
}

/// The line of cell `c`: 1 on the edge, 5 at the centre.
fn line_of(c: usize) -> usize {
    let (row, col) = (c / WIDTH, c % WIDTH);
    row.min(col).min(WIDTH - 1 - row).min(WIDTH - 1 - col)
}

impl SearchHooks<Go9> for Go9Hooks {
    fn tree_moves(&self, state: &Go9, moves: &mut Vec<Move>) {
        state.legal_moves(moves);
        if state.is_over() {
            moves.clear();
            return;
        }
        self.filter_tree_moves(state, moves);
    }

    fn priors(&self, state: &Go9, moves: &[Move], priors: &mut [Prior]) {
        if !self.priors {
            return;
        }
        let last = state.last_cell();
        for (mv, prior) in moves.iter().zip(priors.iter_mut()) {
            if let Move::Place(p) = mv {
                *prior = self.placement_prior(state, cell_of(*p), last);
            }
        }
    }

    fn amaf_key_space(&self, _root: &Go9) -> usize {
        128
    }

    fn amaf_key(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Place(p) => Some(cell_of(p)),
            Move::Pass => None,
        }
    }

    fn playout_move(&self, state: &Go9, rng: &mut GameRng, _moves: &mut Vec<Move>) -> Option<Move> {
        if state.is_over() {
            return None;
        }
        let choice = if self.heavy {
            state.heavy_choice(rng)
        } else {
            state.playout_choice(rng)
        };
        Some(choice.map_or(Move::Pass, |ch| {
            Move::Place(crate::layout::point_of(ch.cell))
        }))
    }

    fn playout(&self, state: &mut Go9, playout: &mut Playout<'_, Go9>) {
        let max = playout.max_plies();
        // The rng and the record are both in `playout`: draw with a generator taken out
        // for the loop, record afterwards in order.
        let mut moves = Vec::new();
        let recording = playout.is_recording();
        let mut rng = playout.rng().clone();
        if self.heavy {
            state.heavy_playout(&mut rng, max, |p, m| {
                if recording {
                    moves.push((p, m));
                }
            });
        } else {
            state.light_playout(&mut rng, max, |p, m| {
                if recording {
                    moves.push((p, m));
                }
            });
        }
        *playout.rng() = rng;
        for (p, m) in moves {
            playout.record(p, m);
        }
    }

    fn reward(&self, state: &Go9) -> f64 {
        let margin = self.margin(state);
        let win = if margin > 0.0 {
            1.0
        } else if margin < 0.0 {
            0.0
        } else {
            0.5
        };
        (1.0 - SCORE_WEIGHT) * win + SCORE_WEIGHT * (0.5 + 0.5 * (margin / 20.0).tanh())
    }
}

/// The playouts of `normal`.
pub const NORMAL_PLAYOUTS: u64 = 4_000;
/// The playouts of `easy`.
pub const EASY_PLAYOUTS: u64 = 300;
/// The most playouts of `hard`: a cap for a caller without a clock, set far above what
/// [`HARD_TIME`] buys (about 120,000 on two threads of this project's machine), so that
/// the time is what stops a search with a clock, even on many fast cores.
pub const HARD_PLAYOUTS: u64 = 1_000_000;
/// The time limit of `hard`.
pub const HARD_TIME: Duration = Duration::from_millis(900);

/// Each level's variety in the opening (`easy`, `normal`, `hard`): over the first 12 plies
/// (6 moves a side), a move drawn among those within 5, 3 or 2 points of win rate of the
/// most visited, with at least a fifth, a tenth or half of its visits
/// (`hard` takes only moves searched nearly as much as the first: with a tenth, Bind's
/// `hard` lost games to itself without variety). The margin
/// shrinks as the budget grows (the estimates are finer and strength matters more);
/// `docs/go9.md` gives the games it makes and what it costs.
pub const VARIETY: [Variety; 3] = [
    Variety::new(12, 0.05, 0.2),
    Variety::new(12, 0.03, 0.1),
    Variety::new(12, 0.02, 0.5),
];

/// Each level's UCT exploration constant `c` (`easy`, `normal`, `hard`). `normal` and
/// `hard` add none: their priors and RAVE spread the visits, as in michi and Pachi, and
/// against the same level with `c` = 0.2 (the constant until 2026-12-06) `c` = 0 scored
/// 85 of 100 games at `normal` (`docs/go9.md`, "Exploration: RAVE and the priors
/// alone"). `easy`'s light search has no priors and keeps 0.2.
pub const EXPLORATION: [f64; 3] = [0.2, 0.0, 0.0];

/// The index of `level` in the per-level tables ([`VARIETY`], [`EXPLORATION`]).
fn level_index(level: Level) -> usize {
    match level {
        Level::Easy => 0,
        Level::Normal => 1,
        _ => 2,
    }
}

impl Opponent for Go9 {
    type Hooks = Go9Hooks;

    /// `easy`: [`Go9Hooks::light`]; `normal` and `hard`: [`Go9Hooks::default`].
    fn hooks(level: Level) -> Go9Hooks {
        patterns::warm_up();
        match level {
            Level::Easy => Go9Hooks::light(),
            _ => Go9Hooks::default(),
        }
    }

    /// `easy` [`EASY_PLAYOUTS`], `normal` [`NORMAL_PLAYOUTS`], `hard` [`HARD_PLAYOUTS`]
    /// or [`HARD_TIME`]; the level's [`EXPLORATION`] with RAVE (`k` = 2,000), leaves
    /// expanded on their third visit, and the level's [`VARIETY`] in the opening.
    fn search_config(level: Level) -> SearchConfig {
        let budget = match level {
            Level::Easy => Budget::playouts(EASY_PLAYOUTS),
            Level::Normal => Budget::playouts(NORMAL_PLAYOUTS),
            _ => Budget::playouts_or_time(HARD_PLAYOUTS, HARD_TIME),
        };
        let index = level_index(level);
        let mut config = SearchConfig::for_level(level)
            .with_budget(budget)
            .with_variety(VARIETY[index]);
        config.exploration = EXPLORATION[index];
        config.rave_equivalence = 2_000.0;
        config.first_play_urgency = 1.0;
        config.expand_visits = 2;
        config.max_playout_plies = 400;
        config
    }
}
