//! The computer opponent: the search's hooks ([`BaoHooks`]) and each level's budget for
//! this game (`docs/bao-nyakua.md`, "The computer opponent").
//!
//! The search only ever chooses among the legal moves as [`Game::legal_moves`] lists them
//! (the NYUMBA's `:stop` and `:use` of B-22 included), so the rules stay exact; the hooks
//! add knowledge only through priors, the playout's policy and the reward.

use game_core::search::{
    Budget, Level, Opponent, Playout, Prior, SearchConfig, SearchHooks, Variety,
};
use game_core::{Game, GameRng, Player};

use crate::Bao;
use crate::moves::Move;
use crate::position::Position;

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
    let (playouts, variety) = match level {
        Level::Easy => (EASY_PLAYOUTS, VARIETY[0]),
        Level::Normal => (NORMAL_PLAYOUTS, VARIETY[1]),
        _ => (HARD_PLAYOUTS, VARIETY[2]),
    };
    let mut config = SearchConfig::default()
        .with_budget(Budget::playouts(playouts))
        .with_exploration(EXPLORATION)
        .with_variety(variety);
    config.max_playout_plies = PLAYOUT_PLIES;
    config
}

/// Each level's variety in the opening (`easy`, `normal`, `hard`): over the first 20 plies
/// (captures are compulsory, so many early positions have one good move and the window is
/// longer than the other games'), a move drawn among those within 5, 3 or 2 points of win
/// rate of the most visited, with at least a fifth, a tenth or a tenth of its visits. The
/// margin shrinks as the budget grows (the estimates are finer and strength matters more);
/// `docs/bao-nyakua.md` gives the games it makes and what it costs.
pub const VARIETY: [Variety; 3] = [
    Variety::new(20, 0.05, 0.2),
    Variety::new(20, 0.03, 0.1),
    Variety::new(20, 0.02, 0.1),
];

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

#[cfg(test)]
mod tests {
    use game_core::search::{Budget, Level, Opponent, Prior, SearchHooks};
    use game_core::{ByPlayer, Game, GameRng, Player};

    use super::{BaoHooks, balance};
    use crate::setup::{PhaseName, Setup};
    use crate::{Bao, Move, Position, Ruleset};

    /// MTAJI, south to move: `F1`=2 sown rightward ends in `F3` (1 kete), facing north's
    /// only front kete (`F6`), so it takes north's last front kete and wins (B-9).
    fn winning_setup() -> Position {
        let mut setup = Setup::new(Ruleset::Seed);
        setup.pits[Player::First] = [[2, 0, 1, 0, 0, 0, 0, 0], [0; 8]];
        setup.pits[Player::Second] = [[0, 0, 0, 0, 0, 1, 0, 0], [11, 7, 7, 7, 7, 7, 7, 7]];
        setup.reserve = ByPlayer::splat(0);
        setup.house_owned = ByPlayer::splat(false);
        setup.phase = PhaseName::Mtaji;
        setup.turn = 50;
        Position::from_setup(setup).expect("a playable set-up")
    }

    fn priors_of(hooks: &BaoHooks, position: &Position) -> (Vec<Move>, Vec<Prior>) {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut priors = vec![Prior::NONE; moves.len()];
        SearchHooks::<Position>::priors(hooks, position, &moves, &mut priors);
        (moves, priors)
    }

    #[test]
    fn a_move_that_wins_at_once_gets_the_decisive_prior() {
        let hooks = BaoHooks::default();
        let position = winning_setup();
        let (moves, priors) = priors_of(&hooks, &position);
        let win: Move = "F1R".parse().unwrap();
        let i = moves.iter().position(|&m| m == win).expect("F1R is legal");
        assert_eq!(priors[i], Prior::new(1.0, hooks.decisive_weight));
        let mut after = position;
        after.play(win).unwrap();
        assert_eq!(after.outcome().winner(), Some(Player::First));
        // The search finds it with a handful of playouts.
        let mut searcher = Position::opponent(Level::Easy);
        searcher.config_mut().budget = Budget::playouts(10);
        assert_eq!(searcher.search(&position).best, Some(win));
    }

    #[test]
    fn priors_follow_the_kete_gained_and_the_end_along_random_games() {
        let hooks = BaoHooks::default();
        let mut moves = Vec::new();
        for seed in 0..40 {
            let mut rng = GameRng::seed_from(seed);
            let mut position = Position::start(Ruleset::Seed);
            while !position.is_over() {
                let (listed, priors) = priors_of(&hooks, &position);
                let mover = position.to_move();
                for (&mv, prior) in listed.iter().zip(&priors) {
                    let mut after = position;
                    after.play(mv).unwrap();
                    match after.outcome().winner() {
                        Some(w) => {
                            let value = if w == mover { 1.0 } else { 0.0 };
                            assert_eq!(*prior, Prior::new(value, hooks.decisive_weight));
                        }
                        None => {
                            assert_eq!(prior.weight, hooks.prior_weight);
                            let gain = balance(&after, mover) - balance(&position, mover);
                            assert_eq!(prior.value > 0.5, gain > 0, "{mv}: gain {gain}");
                            assert_eq!(prior.value < 0.5, gain < 0, "{mv}: gain {gain}");
                        }
                    }
                }
                let mv = position.random_move(&mut rng, &mut moves).unwrap();
                position.play(mv).unwrap();
            }
        }
    }

    /// The kete `player` holds, counted through the public accessors (B-3, B-9): every pit,
    /// the hand and the pending kete.
    fn kete_counted(position: &Position, player: Player) -> i32 {
        let mut total = i32::from(position.hand(player)) + i32::from(position.pending(player));
        for row in [crate::Row::Front, crate::Row::Back] {
            for index in 0..8 {
                let pit = crate::Pit::new(row, index).expect("0-7");
                total += i32::from(position.count(player, pit));
            }
        }
        total
    }

    /// Every listed move's prior is the documented one, for weights on and off: a move that
    /// ends the game gets `decisive_weight` virtual playouts of 1 or 0; another gets
    /// `prior_weight` of `½ + ½·tanh(gain / prior_scale)`, the gain being the change in the
    /// mover's kete lead; a weight of 0 gives no prior of its kind.
    #[test]
    fn priors_have_the_documented_values_and_weights() {
        let lead = |p: &Position, player: Player| {
            kete_counted(p, player) - kete_counted(p, player.other())
        };
        for (prior_weight, decisive_weight) in [(10, 1_000), (0, 1_000), (10, 0), (7, 3), (0, 0)] {
            let hooks = BaoHooks {
                prior_weight,
                decisive_weight,
                ..BaoHooks::default()
            };
            let mut positions = vec![winning_setup()];
            let mut rng = GameRng::seed_from(u64::from(prior_weight + decisive_weight));
            let mut moves = Vec::new();
            let mut position = Position::start(Ruleset::Reference);
            while let Some(mv) = position.random_move(&mut rng, &mut moves) {
                positions.push(position);
                position.play(mv).unwrap();
            }
            for position in positions {
                let (listed, priors) = priors_of(&hooks, &position);
                let mover = position.to_move();
                for (&mv, &prior) in listed.iter().zip(&priors) {
                    let mut after = position;
                    after.play(mv).unwrap();
                    let expected = match after.outcome().winner() {
                        Some(w) if decisive_weight > 0 => {
                            Prior::new(if w == mover { 1.0 } else { 0.0 }, decisive_weight)
                        }
                        _ if prior_weight > 0 => {
                            let gain = (lead(&after, mover) - lead(&position, mover)) as f32;
                            Prior::new(0.5 + 0.5 * (gain / hooks.prior_scale).tanh(), prior_weight)
                        }
                        _ => Prior::NONE,
                    };
                    assert_eq!(
                        prior, expected,
                        "{mv} with weights {prior_weight}/{decisive_weight}"
                    );
                }
            }
        }
    }

    #[test]
    fn no_priors_when_both_weights_are_zero() {
        let hooks = BaoHooks {
            prior_weight: 0,
            decisive_weight: 0,
            ..BaoHooks::default()
        };
        let (_, priors) = priors_of(&hooks, &winning_setup());
        assert!(priors.iter().all(|p| *p == Prior::NONE));
    }

    #[test]
    fn the_reward_is_the_result_or_the_kete_balance() {
        let hooks = BaoHooks::default();
        let start = Position::start(Ruleset::Seed);
        assert!((hooks.reward(&start) - 0.5).abs() < 1e-12);
        let mut won = winning_setup();
        won.play("F1R".parse().unwrap()).unwrap();
        assert_eq!(hooks.reward(&won), 1.0);
        // North ahead by 64 − 2·3 = 58 kete: almost a sure loss for south, never below 0.
        let behind = hooks.reward(&winning_setup());
        assert!(behind > 0.0 && behind < 0.01, "{behind}");
        assert_eq!(
            SearchHooks::<Bao>::reward(&hooks, &Bao::new(Ruleset::Seed)),
            0.5
        );
        // Along random games the reward rises with south's balance.
        let mut rng = GameRng::seed_from(3);
        let mut moves = Vec::new();
        let mut position = start;
        while !position.is_over() {
            let r = hooks.reward(&position);
            let b = balance(&position, Player::First);
            assert_eq!(r > 0.5, b > 0);
            // The documented formula, with the lead counted through the accessors.
            let lead = f64::from(
                kete_counted(&position, Player::First) - kete_counted(&position, Player::Second),
            );
            assert_eq!(r, 0.5 + 0.5 * (lead / hooks.reward_scale).tanh());
            assert!((0.0..=1.0).contains(&r));
            let mv = position.random_move(&mut rng, &mut moves).unwrap();
            position.play(mv).unwrap();
        }
    }

    #[test]
    fn levels_are_playout_budgets_ten_times_apart() {
        let budgets: Vec<Budget> = Level::ALL
            .iter()
            .map(|&l| Position::search_config(l).budget)
            .collect();
        assert_eq!(
            budgets,
            [
                Budget::playouts(super::EASY_PLAYOUTS),
                Budget::playouts(super::NORMAL_PLAYOUTS),
                Budget::playouts(super::HARD_PLAYOUTS)
            ]
        );
        assert_eq!(super::NORMAL_PLAYOUTS, 10 * super::EASY_PLAYOUTS);
        assert_eq!(super::HARD_PLAYOUTS, 10 * super::NORMAL_PLAYOUTS);
        for level in Level::ALL {
            assert_eq!(Bao::search_config(level), Position::search_config(level));
            assert_eq!(Bao::hooks(level), Position::hooks(level));
        }
    }

    /// A whole game between two searchers of `level` with `playouts` each, every move
    /// checked by `play`; returns the moves.
    fn self_play(level: Level, playouts: u64, ruleset: Ruleset, seed: u64) -> Vec<Move> {
        let mut game = Bao::new(ruleset);
        let mut searchers = [Bao::opponent(level), Bao::opponent(level)];
        for (i, s) in searchers.iter_mut().enumerate() {
            s.config_mut().budget = Budget::playouts(playouts);
            s.config_mut().seed = seed + i as u64;
            s.reset(game.clone());
        }
        while !game.is_over() {
            assert!(game.ply() < 2_000, "a game this long is a bug");
            let side = game.to_move().index();
            let mv = searchers[side].search_current().best.expect("a move");
            game.play(mv).expect("the search plays legal moves");
            for s in &mut searchers {
                s.advance(mv).unwrap();
            }
        }
        game.moves().to_vec()
    }

    #[test]
    fn every_level_plays_legal_moves_to_the_end() {
        for (i, level) in Level::ALL.into_iter().enumerate() {
            for ruleset in [Ruleset::Seed, Ruleset::Reference] {
                let moves = self_play(level, 30, ruleset, i as u64);
                assert!(!moves.is_empty());
            }
        }
        // Easy at its real budget, as a person would meet it.
        self_play(Level::Easy, super::EASY_PLAYOUTS, Ruleset::Seed, 9);
    }

    #[test]
    fn the_nyumba_choice_is_searched_as_two_moves() {
        // Somewhere in these games a `:stop`/`:use` pair is listed; the search plays one
        // of them, never the plain move (B-22), and `play` accepts it.
        let mut chosen = 0;
        for seed in 0..20 {
            let moves = self_play(Level::Easy, 30, Ruleset::Seed, seed);
            chosen += moves.iter().filter(|m| m.nyumba_choice().is_some()).count();
        }
        assert!(chosen > 0, "no NYUMBA choice arose in 20 games");
    }

    #[test]
    fn a_seed_replays_and_bao_and_position_search_alike() {
        let a = self_play(Level::Normal, 200, Ruleset::Seed, 4);
        let b = self_play(Level::Normal, 200, Ruleset::Seed, 4);
        assert_eq!(a, b);
        // The same game searched on the history-free position gives the same moves.
        let mut position = Position::start(Ruleset::Seed);
        let mut searchers = [
            Position::opponent(Level::Normal),
            Position::opponent(Level::Normal),
        ];
        for (i, s) in searchers.iter_mut().enumerate() {
            s.config_mut().budget = Budget::playouts(200);
            s.config_mut().seed = 4 + i as u64;
            s.reset(position);
        }
        let mut replayed = Vec::new();
        while !position.is_over() {
            let mv = searchers[position.to_move().index()]
                .search_current()
                .best
                .unwrap();
            position.play(mv).unwrap();
            for s in &mut searchers {
                s.advance(mv).unwrap();
            }
            replayed.push(mv);
        }
        assert_eq!(replayed, a);
        assert_ne!(self_play(Level::Normal, 200, Ruleset::Seed, 5), a);
    }
}
