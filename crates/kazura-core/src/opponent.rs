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

use std::time::Duration;

use board_geometry::Point;
use game_core::search::{Budget, Level, Opponent, Prior, SearchConfig, SearchHooks, Variety};
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

/// The most wall-clock time a `hard` move takes: its 30,000 playouts fit well inside it on
/// 9×9 and 13×13, and only the opening of 19×19 (about 1.2 s of playouts) reaches it.
pub const HARD_TIME: Duration = Duration::from_secs(1);

/// Each level's variety in the opening (`easy`, `normal`, `hard`): over the first 12 plies
/// (6 moves a side, swap included), a move drawn among those within 5, 3 or 2 points of win
/// rate of the most visited, with at least a fifth, a tenth or half of its visits
/// (`hard` takes only moves searched nearly as much as the first: with a tenth, Bind's
/// `hard` lost games to itself without variety). The
/// margin shrinks as the budget grows (the estimates are finer and strength matters more);
/// `docs/kazura.md` gives the games it makes and what it costs.
pub const VARIETY: [Variety; 3] = [
    Variety::new(12, 0.05, 0.2),
    Variety::new(12, 0.03, 0.1),
    Variety::new(12, 0.02, 0.5),
];

impl Opponent for Kazura {
    type Hooks = KazuraHooks;

    fn hooks(_level: Level) -> KazuraHooks {
        KazuraHooks::DEFAULT
    }

    /// [`LEVEL_PLAYOUTS`] (300, 3,000, 30,000 playouts a move; `hard` also stops at
    /// [`HARD_TIME`] if that comes first), RAVE with `k` = 1,000 and a small exploration
    /// constant (0.3, as usual with RAVE and priors), and the level's [`VARIETY`] in the
    /// opening.
    fn search_config(level: Level) -> SearchConfig {
        let (budget, variety) = match level {
            Level::Easy => (Budget::playouts(LEVEL_PLAYOUTS[0]), VARIETY[0]),
            Level::Normal => (Budget::playouts(LEVEL_PLAYOUTS[1]), VARIETY[1]),
            _ => (
                Budget::playouts_or_time(LEVEL_PLAYOUTS[2], HARD_TIME),
                VARIETY[2],
            ),
        };
        SearchConfig::default()
            .with_budget(budget)
            .with_exploration(0.3)
            .with_rave_equivalence(1_000.0)
            .with_variety(variety)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_geometry::Coord;
    use game_core::search::Searcher;
    use std::collections::HashSet;

    fn place(col: u8, row: u8) -> Move {
        Move::Place(Coord::new(col, row))
    }

    #[test]
    fn rave_keys_are_distinct_per_point_and_fit_the_key_space() {
        let hooks = KazuraHooks::DEFAULT;
        let start = Kazura::new(25).unwrap();
        let space = hooks.amaf_key_space(&start);
        for size in [2u8, 9, 13, 19, 25] {
            let mut seen = HashSet::new();
            for row in 0..size {
                for col in 0..size {
                    let key = hooks
                        .amaf_key(place(col, row))
                        .expect("a placement has a key");
                    assert!(key < space);
                    assert!(seen.insert(key), "two points share key {key}");
                }
            }
        }
        assert_eq!(hooks.amaf_key(Move::Pass), None);
        assert_eq!(hooks.amaf_key(Move::Swap), None);
    }

    /// The priors of the listed moves of `state`, by move.
    fn priors_of(state: &Kazura) -> Vec<(Move, Prior)> {
        let mut moves = Vec::new();
        KazuraHooks::DEFAULT.tree_moves(state, &mut moves);
        let mut priors = vec![Prior::NONE; moves.len()];
        KazuraHooks::DEFAULT.priors(state, &moves, &mut priors);
        moves.into_iter().zip(priors).collect()
    }

    fn prior_at(priors: &[(Move, Prior)], mv: Move) -> Prior {
        priors.iter().find(|(m, _)| *m == mv).expect("listed").1
    }

    #[test]
    fn priors_favour_lengthening_and_blocking_over_lone_stones() {
        // Black A1 B1 C1 (length 3), White A3 B3 (length 2); Black to move on 7×7.
        let mut state = Kazura::new(7).unwrap();
        for mv in [
            place(0, 0),
            place(0, 2),
            place(1, 0),
            place(1, 2),
            place(2, 0),
        ] {
            state.play(mv).unwrap();
        }
        // White to move here; play a far White stone so Black is to move.
        state.play(place(6, 6)).unwrap();
        let priors = priors_of(&state);
        assert!(
            priors
                .iter()
                .all(|(_, p)| p.weight == KazuraHooks::DEFAULT.prior_weight)
        );
        let lengthen = prior_at(&priors, place(3, 0)); // D1: Black's length 4
        let extend_inner = prior_at(&priors, place(1, 1)); // B2: touches B1 (length 3 stays)
        let block = prior_at(&priors, place(2, 2)); // C3: White would reach 3
        let lone = prior_at(&priors, place(5, 3)); // F4: touches nothing
        assert!(lengthen.value > extend_inner.value);
        assert!(extend_inner.value > lone.value);
        assert!(block.value > lone.value);
        assert!(lengthen.value > 0.5 && lone.value < 0.5);
    }

    /// The prior values the documentation gives (`docs/kazura.md`, "Computer opponent"):
    /// 0.8 to lengthen the mover's longest group, 0.6 to extend another or join, 0.45 for a
    /// stone touching none of its colour, +0.15 where the opponent would lengthen its own
    /// longest group (a block). Black A1 B1 C1 and White A3 B3 C3 (both of length 3), Black
    /// to move on 7×7.
    #[test]
    fn priors_have_the_documented_values() {
        use crate::Setup;
        use game_core::{ByPlayer, Player};
        let coords = |list: &[(u8, u8)]| list.iter().map(|&(c, r)| Coord::new(c, r)).collect();
        let setup = Setup::new(
            7,
            ByPlayer::new(
                coords(&[(0, 0), (1, 0), (2, 0)]),
                coords(&[(0, 2), (1, 2), (2, 2)]),
            ),
            Player::First,
        );
        let state = Kazura::from_setup(setup).unwrap();
        let priors = priors_of(&state);
        let value = |col, row| prior_at(&priors, place(col, row)).value;
        assert_eq!(value(3, 0), 0.8, "D1 lengthens Black to 4");
        assert_eq!(
            value(1, 1),
            0.6,
            "B2 branches from B1 (and would only branch White's B3)"
        );
        assert_eq!(
            value(3, 2),
            0.45 + 0.15,
            "D3 is lone for Black and lengthens White to 4"
        );
        assert_eq!(value(5, 5), 0.45, "F6 touches nothing of either colour");
        // On the empty board every first stone makes Black's longest group (0 to 1), and no
        // block bonus: the opponent's stone there would be lone, a length of 1 is not worth
        // blocking.
        let empty = Kazura::new(7).unwrap();
        for (mv, prior) in priors_of(&empty) {
            if let Move::Place(_) = mv {
                assert_eq!(prior.value, 0.8, "{mv}");
            }
        }
    }

    #[test]
    fn k3_no_prior_for_a_placement_the_mover_may_not_make() {
        // Black A1 B1 A2: B2 would close a loop (K-3) and A1 is taken; E5 is free.
        let mut state = Kazura::new(5).unwrap();
        for mv in [
            place(0, 0),
            place(4, 4),
            place(1, 0),
            place(4, 3),
            place(0, 1),
            place(2, 4),
        ] {
            state.play(mv).unwrap();
        }
        assert!(!state.is_legal(place(1, 1)) && !state.is_legal(place(0, 0)));
        let moves = [place(1, 1), place(0, 0), place(3, 1)];
        let mut priors = [Prior::NONE; 3];
        KazuraHooks::DEFAULT.priors(&state, &moves, &mut priors);
        assert_eq!(priors[0], Prior::NONE, "B2 closes a loop");
        assert_eq!(priors[1], Prior::NONE, "A1 is taken");
        assert_ne!(priors[2], Prior::NONE, "D2 is a legal placement");
    }

    #[test]
    fn playouts_play_legal_moves_until_the_end() {
        let hooks = KazuraHooks::DEFAULT;
        let mut rng = GameRng::seed_from(3);
        let mut moves = Vec::new();
        for size in [3usize, 5, 9] {
            let mut state = Kazura::new(size).unwrap();
            while let Some(mv) = hooks.playout_move(&state, &mut rng, &mut moves) {
                assert!(state.is_legal(mv), "{mv} on {size}x{size}");
                state.play(mv).unwrap();
            }
            assert!(state.is_over(), "a playout stops only at the end");
        }
    }

    #[test]
    fn no_priors_with_weight_zero_and_none_for_the_swap() {
        let mut state = Kazura::new(5).unwrap();
        state.play(place(2, 2)).unwrap();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        assert!(moves.contains(&Move::Swap));
        let mut priors = vec![Prior::NONE; moves.len()];
        KazuraHooks::new(0).priors(&state, &moves, &mut priors);
        assert!(priors.iter().all(|p| *p == Prior::NONE));
        KazuraHooks::DEFAULT.priors(&state, &moves, &mut priors);
        let swap = moves.iter().position(|m| *m == Move::Swap).unwrap();
        assert_eq!(priors[swap], Prior::NONE);
    }

    #[test]
    fn level_budgets_grow_tenfold() {
        let budgets: Vec<u64> = Level::ALL
            .iter()
            .map(|&l| {
                Kazura::search_config(l)
                    .budget
                    .playouts
                    .expect("a playout budget")
            })
            .collect();
        assert_eq!(budgets, LEVEL_PLAYOUTS);
        // Only `hard` has a clock (so `easy` and `normal` replay exactly under any load).
        let times: Vec<Option<Duration>> = Level::ALL
            .iter()
            .map(|&l| Kazura::search_config(l).budget.time)
            .collect();
        assert_eq!(times, [None, None, Some(HARD_TIME)]);
        assert!(HARD_TIME <= Duration::from_secs(1));
    }

    /// Plays a whole game on a small board with every level's settings and hooks on a tiny
    /// budget, each move checked by the rules; returns the moves.
    fn self_play(level: Level, size: usize, seed: u64) -> Vec<Move> {
        let config = Kazura::search_config(level)
            .with_budget(Budget::playouts(40))
            .with_seed(seed);
        let mut searcher = Searcher::new(config, Kazura::hooks(level));
        let mut state = Kazura::new(size).unwrap();
        while !state.is_over() {
            let mv = searcher.search(&state).best.expect("a move while not over");
            state.play(mv).expect("the search plays legal moves");
            searcher.advance(mv).unwrap();
        }
        state.moves().to_vec()
    }

    #[test]
    fn every_level_plays_legal_moves_to_the_end() {
        for level in Level::ALL {
            for size in [2, 3, 5] {
                assert!(!self_play(level, size, 1).is_empty());
            }
        }
    }

    #[test]
    fn a_seed_replays_the_same_game() {
        assert_eq!(self_play(Level::Hard, 5, 7), self_play(Level::Hard, 5, 7));
    }
}
