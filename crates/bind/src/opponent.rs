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

use game_core::search::{Budget, Level, Opponent, Prior, SearchConfig, SearchHooks, Variety};
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
            // A mover with an empty hand has already won (N-12): `hand` is at least 1 here.
            if placed == hand {
                *prior = Prior::new(1.0, WIN_WEIGHT);
            } else {
                let value = match placed {
                    3 => 0.6,
                    2 => 0.5,
                    _ => 0.45,
                };
                // With `prior_weight` 0 this adds no virtual playout: no knowledge, as
                // `Prior::NONE` gives.
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

/// Each level's variety in the opening (`easy`, `normal`, `hard`): over the first 8 plies
/// (a mini game lasts about 15), a move drawn among those within 5, 3 or 2 points of win
/// rate of the most visited, with at least a fifth, a tenth or half of its visits
/// (`hard` takes only moves searched nearly as much as the first: with a tenth, Bind's
/// `hard` lost games to itself without variety). The
/// margin shrinks as the budget grows (the estimates are finer and strength matters more);
/// `docs/bind.md` gives the games it makes and what it costs.
pub const VARIETY: [Variety; 3] = [
    Variety::new(8, 0.05, 0.2),
    Variety::new(8, 0.03, 0.1),
    Variety::new(8, 0.02, 0.5),
];

impl Opponent for Bind {
    type Hooks = BindHooks;

    fn hooks(_level: Level) -> BindHooks {
        BindHooks::DEFAULT
    }

    /// [`LEVEL_PLAYOUTS`] (1,000, 10,000, 100,000 playouts a move), RAVE with `k` = 1,000, a
    /// small exploration constant (0.3), and playouts capped at 500 plies (an unfinished
    /// playout counts half: the rules have no move limit, N-13), and the level's [`VARIETY`]
    /// in the opening.
    fn search_config(level: Level) -> SearchConfig {
        let (playouts, variety) = match level {
            Level::Easy => (LEVEL_PLAYOUTS[0], VARIETY[0]),
            Level::Normal => (LEVEL_PLAYOUTS[1], VARIETY[1]),
            _ => (LEVEL_PLAYOUTS[2], VARIETY[2]),
        };
        let mut config = SearchConfig::default()
            .with_budget(Budget::playouts(playouts))
            .with_exploration(0.3)
            .with_rave_equivalence(1_000.0)
            .with_variety(variety);
        config.max_playout_plies = 500;
        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Coord, Variant};
    use game_core::search::Searcher;
    use std::collections::HashSet;

    #[test]
    fn rave_keys_are_distinct_per_square_and_fit_the_key_space() {
        let hooks = BindHooks::DEFAULT;
        let space = hooks.amaf_key_space(&Bind::new(Variant::MINI));
        for size in [3u8, 5, 8, 25] {
            let mut seen = HashSet::new();
            for row in 0..size {
                for col in 0..size {
                    let square = Coord::new(col, row);
                    let key = hooks.amaf_key(Move::Place(square)).expect("a key");
                    assert!(key < space);
                    assert!(seen.insert(key), "two squares share key {key}");
                    // A line is keyed by the square it takes and starts on.
                    if col + 2 < size {
                        let line = Move::Line {
                            from: square,
                            to: Coord::new(col + 2, row),
                        };
                        assert_eq!(hooks.amaf_key(line), Some(key));
                    }
                }
            }
        }
        assert_eq!(hooks.amaf_key(Move::Pass), None);
    }

    fn priors_of(state: &Bind, hooks: BindHooks) -> Vec<(Move, Prior)> {
        let mut moves = Vec::new();
        hooks.tree_moves(state, &mut moves);
        let mut priors = vec![Prior::NONE; moves.len()];
        hooks.priors(state, &moves, &mut priors);
        moves.into_iter().zip(priors).collect()
    }

    /// Positions along random mini and full games.
    fn positions() -> Vec<Bind> {
        let mut out = Vec::new();
        for (variant, seed) in [(Variant::MINI, 1u64), (Variant::FULL, 2)] {
            for game in 0..40 {
                let mut rng = GameRng::seed_from(seed * 1_000 + game);
                let mut state = Bind::new(variant);
                let mut buffer = Vec::new();
                while let Some(mv) = state.random_move(&mut rng, &mut buffer) {
                    out.push(state.clone());
                    state.play(mv).unwrap();
                    if state.ply() > 200 {
                        break;
                    }
                }
            }
        }
        out
    }

    #[test]
    fn priors_follow_the_hand() {
        let (mut wins, mut mixed) = (0, 0);
        for state in positions() {
            let hand = state.hand(state.to_move());
            let priors = priors_of(&state, BindHooks::DEFAULT);
            for &(mv, prior) in &priors {
                let placed = mv.pieces_placed();
                if placed > 0 && placed == hand {
                    wins += 1;
                    assert_eq!(prior, Prior::new(1.0, WIN_WEIGHT), "{mv} wins at once");
                } else if mv == Move::Pass {
                    assert_eq!(prior.weight, BindHooks::DEFAULT.prior_weight);
                }
            }
            let value = |len: usize| {
                priors
                    .iter()
                    .find(|(m, p)| m.pieces_placed() == len && p.weight < WIN_WEIGHT)
                    .map(|(_, p)| p.value)
            };
            if let (Some(three), Some(two)) = (value(3), value(2)) {
                mixed += 1;
                assert!(three > two);
            }
            // Without ordinary priors only the winning moves get one.
            for (mv, prior) in priors_of(&state, BindHooks::new(0)) {
                let placed = mv.pieces_placed();
                assert_eq!(prior.weight > 0, placed > 0 && placed == hand);
            }
        }
        assert!(wins > 0 && mixed > 0, "the positions cover both cases");
    }

    #[test]
    fn each_move_starts_with_the_documented_prior() {
        // docs/bind.md, "Priors": the mover's last pieces win at once (1,000 virtual wins);
        // otherwise a line of three 0.6, a line of two 0.5, a single placement or the
        // forced pass 0.45, each worth 10 playouts.
        let mut seen = [false; 4];
        for state in positions() {
            let hand = state.hand(state.to_move());
            for (mv, prior) in priors_of(&state, BindHooks::DEFAULT) {
                let (value, weight, kind) = match mv {
                    Move::Line { from, to } => {
                        let long = from.row.abs_diff(to.row) + from.col.abs_diff(to.col);
                        let placed = usize::from(long) + 1;
                        if placed == hand {
                            (1.0, 1_000, 0)
                        } else if placed == 3 {
                            (0.6, 10, 1)
                        } else {
                            (0.5, 10, 2)
                        }
                    }
                    Move::Place(_) if hand == 1 => (1.0, 1_000, 0),
                    Move::Place(_) | Move::Pass => (0.45, 10, 3),
                };
                seen[kind] = true;
                assert_eq!(prior, Prior::new(value, weight), "{mv} with {hand} in hand");
            }
        }
        assert_eq!(seen, [true; 4], "the positions hold every kind of move");
    }

    #[test]
    fn every_level_searches_with_the_documented_settings() {
        // docs/bind.md: exploration 0.3, RAVE with k = 1,000 over a key space of 625,
        // playouts capped at 500 plies and drawn uniformly (`Game::random_move`).
        let hooks = BindHooks::DEFAULT;
        for level in Level::ALL {
            let config = Bind::search_config(level);
            assert_eq!(config.exploration, 0.3, "{level:?}");
            assert_eq!(config.rave_equivalence, 1_000.0, "{level:?}");
            assert_eq!(config.max_playout_plies, 500, "{level:?}");
            assert_eq!(Bind::hooks(level), hooks);
        }
        assert_eq!(hooks.amaf_key_space(&Bind::new(Variant::FULL)), 625);
        for state in positions().into_iter().step_by(7) {
            let (mut ours, mut uniform) = (GameRng::seed_from(4), GameRng::seed_from(4));
            let (mut a, mut b) = (Vec::new(), Vec::new());
            assert_eq!(
                hooks.playout_move(&state, &mut ours, &mut a),
                state.random_move(&mut uniform, &mut b),
                "a playout move is the uniform pick"
            );
        }
    }

    #[test]
    fn level_budgets_grow_tenfold() {
        let budgets: Vec<u64> = Level::ALL
            .iter()
            .map(|&l| {
                Bind::search_config(l)
                    .budget
                    .playouts
                    .expect("a playout budget")
            })
            .collect();
        assert_eq!(budgets, LEVEL_PLAYOUTS);
        assert!(
            Level::ALL
                .iter()
                .all(|&l| Bind::search_config(l).budget.time.is_none())
        );
    }

    /// A whole game with `level`'s settings and hooks on a tiny budget, every move checked
    /// by the rules (stopped at 300 plies: the rules have no limit, N-13).
    fn self_play(level: Level, variant: Variant, seed: u64) -> Vec<Move> {
        let config = Bind::search_config(level)
            .with_budget(Budget::playouts(40))
            .with_seed(seed);
        let mut searcher = Searcher::new(config, Bind::hooks(level));
        let mut state = Bind::new(variant);
        while !state.is_over() && state.ply() < 300 {
            let mv = searcher.search(&state).best.expect("a move while not over");
            state.play(mv).expect("the search plays legal moves");
            searcher.advance(mv).unwrap();
        }
        state.moves().to_vec()
    }

    #[test]
    fn every_level_plays_legal_moves_to_the_end() {
        for level in Level::ALL {
            for variant in [Variant::custom(4, 5).unwrap(), Variant::MINI] {
                assert!(!self_play(level, variant, 3).is_empty());
            }
        }
    }

    #[test]
    fn a_seed_replays_the_same_game() {
        assert_eq!(
            self_play(Level::Hard, Variant::MINI, 9),
            self_play(Level::Hard, Variant::MINI, 9)
        );
    }
}
