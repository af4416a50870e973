//! The computer opponent: the search's hooks ([`KazuraHooks`]) and each level's budget
//! (`docs/kazura.md`, section "Computer opponent").
//!
//! * **RAVE**: a placement's AMAF key is its point (`row · 25 + column`, so one key space of
//!   625 serves every board size); `swap` and `pass` have none. A stone's worth depends
//!   much more on where it stands than on when it came, which is what AMAF assumes.
//! * **Priors**: a placement that makes the mover's longest group longer, one that extends
//!   any of its groups, and one that takes a point where the opponent would lengthen its
//!   longest group start with virtual wins; a stone touching nothing of its own starts
//!   slightly below even. Computed from the kept longest paths (`Forest::length_after`),
//!   O(log n) a candidate.
//! * **Playouts** stay uniform ([`Game::random_move`], the direct pick): about 55,000 whole
//!   13×13 games a second, which no heavier policy tried here paid for.
//!
//! Budgets are playout counts, so a level plays the same whatever the machine's load.

use board_geometry::Point;
use game_core::search::{Budget, Level, Opponent, Prior, SearchConfig, SearchHooks};
use game_core::{Game, GameRng};

use crate::{Colour, Kazura, Move};

/// The AMAF key space: every point of the largest board, `row · 25 + column`.
const KEY_SPACE: usize = board_geometry::MAX_POINTS;

/// Kazura's search hooks: RAVE keyed by the placement's point and priors from the longest
/// paths (see the module's documentation). Playouts are the default uniform ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KazuraHooks {
    /// How many virtual playouts one prior is worth (0: no priors).
    pub prior_weight: u32,
}

impl KazuraHooks {
    /// The hooks every level uses: priors worth 20 playouts each.
    pub const DEFAULT: KazuraHooks = KazuraHooks { prior_weight: 20 };

    /// Hooks with priors worth `prior_weight` playouts (0 turns them off).
    #[must_use]
    pub const fn new(prior_weight: u32) -> KazuraHooks {
        KazuraHooks { prior_weight }
    }

    /// The prior's mean for `colour` placing on `point` of `state` (which must be legal for
    /// it), before weighting: ½ is no opinion.
    fn prior_value(state: &Kazura, colour: Colour, point: Point) -> f32 {
        let mine = state.length_after(colour, point).unwrap_or(1);
        let longest = state.longest_kept(colour);
        let mut value: f32 = if mine > longest {
            // Lengthens the colour's longest group: the first entry of the result.
            0.8
        } else if mine > 1 {
            // Extends (or joins) one of its groups.
            0.6
        } else {
            0.45
        };
        let other = colour.other();
        if let Some(theirs) = state.length_after(other, point)
            && theirs > 1
            && theirs > state.longest_kept(other)
        {
            // The opponent would lengthen its longest group here: taking the point blocks.
            value += 0.15;
        }
        value
    }
}

impl Default for KazuraHooks {
    fn default() -> Self {
        KazuraHooks::DEFAULT
    }
}

/// The AMAF key of a placement on `coord` (any board size).
fn point_key(mv: Move) -> Option<usize> {
    match mv {
        Move::Place(coord) => Some(usize::from(coord.row) * 25 + usize::from(coord.col)),
        Move::Pass | Move::Swap => None,
    }
}

impl SearchHooks<Kazura> for KazuraHooks {
    fn priors(&self, state: &Kazura, moves: &[Move], priors: &mut [Prior]) {
        if self.prior_weight == 0 {
            return;
        }
        let colour = state.colour_to_move();
        let size = state.size();
        for (mv, prior) in moves.iter().zip(priors.iter_mut()) {
            if let Move::Place(coord) = *mv {
                let point =
                    Point::from_index(usize::from(coord.row) * size + usize::from(coord.col));
                if state.may_place(colour, point) {
                    *prior = Prior::new(Self::prior_value(state, colour, point), self.prior_weight);
                }
            }
        }
    }

    fn amaf_key_space(&self, _root: &Kazura) -> usize {
        KEY_SPACE
    }

    fn amaf_key(&self, mv: Move) -> Option<usize> {
        point_key(mv)
    }

    fn playout_move(
        &self,
        state: &Kazura,
        rng: &mut GameRng,
        moves: &mut Vec<Move>,
    ) -> Option<Move> {
        state.random_move(rng, moves)
    }
}

/// Playouts per move at each level, whatever the board size (`docs/kazura.md` gives the
/// time they take on 9×9, 13×13 and 19×19).
pub const LEVEL_PLAYOUTS: [u64; 3] = [300, 3_000, 30_000];

impl Opponent for Kazura {
    type Hooks = KazuraHooks;

    fn hooks(_level: Level) -> KazuraHooks {
        KazuraHooks::DEFAULT
    }

    /// [`LEVEL_PLAYOUTS`] (300, 3,000, 30,000 playouts a move), RAVE with `k` = 1,000 and a
    /// small exploration constant (0.3, as usual with RAVE and priors).
    fn search_config(level: Level) -> SearchConfig {
        let playouts = match level {
            Level::Easy => LEVEL_PLAYOUTS[0],
            Level::Normal => LEVEL_PLAYOUTS[1],
            _ => LEVEL_PLAYOUTS[2],
        };
        SearchConfig::default()
            .with_budget(Budget::playouts(playouts))
            .with_exploration(0.3)
            .with_rave_equivalence(1_000.0)
    }
}
