//! The computer's levels in one place: each game's own settings for `easy`, `normal` and
//! `hard` (its `Opponent` implementation, documented on its page), the threads and seed a
//! front end asks for, and the playout caps used where there is no clock to stop a search.

use std::fmt;
use std::num::NonZeroUsize;

use game_core::search::{Budget, Level, Opponent, SearchConfig, SearchInfo, Searcher};

use crate::game::CatalogGame;
use crate::spec::GameSpec;

/// The most search threads any front end gives the computer: `rulebook`'s `--threads`,
/// the Python package's `threads=` and [`Computer::with_threads`] (which caps at it).
///
/// 256 is far above the cores of any machine the engines run on (the searches' speed-up
/// flattens long before), and low enough that asking for it cannot exhaust a system's
/// threads or its memory for thread stacks (256 × the default 2 MiB stack = 512 MiB of
/// address space, reserved, not touched).
pub const MAX_THREADS: usize = 256;

/// Whether a search may stop on a wall-clock time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SearchClock {
    /// The level's own budget, playouts and time (`hard` thinks about a second per move).
    #[default]
    Wall,
    /// Playouts only, at most [`no_clock_playouts`] (a browser's worker, where a move must
    /// stay within about a second without a clock to stop it). Deterministic for a seed.
    None,
}

/// How the computer plays: the level, the threads it searches on, its seed, its clock and,
/// if set, a playout budget in place of the level's.
///
/// ```
/// use game_catalog::{AnyGame, Computer, Level};
///
/// let game = AnyGame::parse_spec("bind")?;
/// let computer = Computer::new(Level::Easy).with_seed(7);
/// let first = game.computer_move(&computer).expect("the game has just begun");
/// assert!(game.legal_moves().contains(&first));
/// assert_eq!(game.computer_move(&computer), Some(first)); // one thread and a seed replay
/// # Ok::<(), game_catalog::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Computer {
    level: Level,
    threads: NonZeroUsize,
    seed: u64,
    clock: SearchClock,
    playouts: Option<u64>,
}

impl Computer {
    /// The computer at `level`, on one thread, seed 0, with the level's clock.
    #[must_use]
    pub const fn new(level: Level) -> Computer {
        Computer {
            level,
            threads: NonZeroUsize::MIN,
            seed: 0,
            clock: SearchClock::Wall,
            playouts: None,
        }
    }

    /// With a budget of exactly `playouts` playouts (at least 1) and no time limit, in place
    /// of the level's budget; the level still gives the search's other settings (its
    /// exploration, its playout policy). Without a clock ([`SearchClock::None`]) the cap of
    /// [`no_clock_playouts`] still applies.
    #[must_use]
    pub const fn with_playouts(mut self, playouts: u64) -> Computer {
        self.playouts = Some(if playouts == 0 { 1 } else { playouts });
        self
    }

    /// On `threads` threads (0 counts as 1, more than [`MAX_THREADS`] as [`MAX_THREADS`]).
    /// Only a one-thread search with a playout budget replays exactly.
    #[must_use]
    pub const fn with_threads(mut self, threads: usize) -> Computer {
        let threads = if threads > MAX_THREADS {
            MAX_THREADS
        } else {
            threads
        };
        self.threads = match NonZeroUsize::new(threads) {
            Some(threads) => threads,
            None => NonZeroUsize::MIN,
        };
        self
    }

    /// With this search seed.
    #[must_use]
    pub const fn with_seed(mut self, seed: u64) -> Computer {
        self.seed = seed;
        self
    }

    /// With this clock.
    #[must_use]
    pub const fn with_clock(mut self, clock: SearchClock) -> Computer {
        self.clock = clock;
        self
    }

    /// The level.
    #[must_use]
    pub const fn level(&self) -> Level {
        self.level
    }

    /// The threads (at least 1).
    #[must_use]
    pub const fn threads(&self) -> usize {
        self.threads.get()
    }

    /// The seed.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The clock.
    #[must_use]
    pub const fn clock(&self) -> SearchClock {
        self.clock
    }

    /// The playout budget set by [`Computer::with_playouts`], if any.
    #[must_use]
    pub const fn playouts(&self) -> Option<u64> {
        self.playouts
    }

    /// The search settings for `game`: the game's own for the level (its `Opponent`
    /// implementation), with these threads and seed; without a clock, playouts only, at
    /// most [`no_clock_playouts`].
    #[must_use]
    pub fn search_config<G: CatalogGame>(&self, game: &G) -> SearchConfig {
        let mut config = G::Searched::search_config(self.level);
        config.seed = self.seed;
        config.threads = self.threads;
        if let Some(playouts) = self.playouts {
            config.budget = Budget::playouts(playouts);
        }
        if self.clock == SearchClock::None {
            let cap = no_clock_playouts(&game.spec(), self.level);
            let playouts = config.budget.playout_limit().map_or(cap, |n| n.min(cap));
            config.budget = Budget::playouts(playouts);
        }
        config
    }

    /// A searcher for `game` with [`Computer::search_config`] and the level's hooks. Keep
    /// it from move to move (`Searcher::advance`) to reuse its tree.
    #[must_use]
    pub fn searcher<G: CatalogGame>(
        &self,
        game: &G,
    ) -> Searcher<G::Searched, <G::Searched as Opponent>::Hooks> {
        Searcher::new(self.search_config(game), G::Searched::hooks(self.level))
    }

    /// Searches `game`'s position afresh and reports the search.
    #[must_use]
    pub fn search<G: CatalogGame>(&self, game: &G) -> SearchInfo<G::Move> {
        self.searcher(game).search(&game.searched())
    }
}

impl fmt::Display for Computer {
    /// `hard`, `normal (2 threads, seed 7)`, `easy (no clock)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.level)?;
        let mut parts = Vec::new();
        if self.threads.get() > 1 {
            parts.push(format!("{} threads", self.threads));
        }
        if let Some(playouts) = self.playouts {
            parts.push(format!("{playouts} playouts"));
        }
        if self.seed != 0 {
            parts.push(format!("seed {}", self.seed));
        }
        if self.clock == SearchClock::None {
            parts.push("no clock".to_string());
        }
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
        Ok(())
    }
}

/// The most playouts a move of `spec`'s game gets at `level` without a clock
/// ([`SearchClock::None`]): chosen so that in Chromium on this project's 2-core machine an easy
/// move takes a few hundredths of a second, a normal one a few tenths and a hard one up to
/// about a second (docs/web.md). Big boards get fewer, their playouts being longer.
///
/// | game | easy | normal | hard |
/// |---|---|---|---|
/// | Kazura up to 13×13 | 1,000 | 10,000 | 50,000 |
/// | Kazura above 13×13 | 500 | 5,000 | 20,000 |
/// | Bao | 1,000 | 10,000 | 100,000 |
/// | go9 | 2,000 | 20,000 | 40,000 |
/// | Bind up to 5×5 | 1,000 | 20,000 | 200,000 |
/// | Bind above 5×5 | 1,000 | 10,000 | 50,000 |
#[must_use]
pub fn no_clock_playouts(spec: &GameSpec, level: Level) -> u64 {
    let [easy, normal, hard] = match *spec {
        GameSpec::Kazura { size } if size > 13 => [500, 5_000, 20_000],
        GameSpec::Kazura { .. } => [1_000, 10_000, 50_000],
        GameSpec::Bao { .. } => [1_000, 10_000, 100_000],
        // go9's `hard` is time-bound natively (a million playouts or 0.9 s): without a
        // clock it keeps the 40,000 it had before.
        GameSpec::Go9 => [2_000, 20_000, 40_000],
        GameSpec::Bind { variant } if variant.size() > 5 => [1_000, 10_000, 50_000],
        GameSpec::Bind { .. } => [1_000, 20_000, 200_000],
    };
    match level {
        Level::Easy => easy,
        Level::Normal => normal,
        // `hard`, and any level game-core may add later: the largest cap.
        _ => hard,
    }
}

#[cfg(test)]
mod tests {
    use bind::Variant;
    use game_core::search::Opponent;

    use super::*;

    #[test]
    fn without_a_clock_the_budget_is_the_smaller_of_the_levels_and_the_cap() {
        let go9 = go9::Go9::new();
        // go9's levels (docs/go9.md): easy 300 playouts, normal 4,000, hard 1,000,000 or
        // 0.9 s; the caps without a clock are 2,000, 20,000 and 40,000.
        for (level, playouts) in [
            (Level::Easy, go9::EASY_PLAYOUTS),
            (Level::Normal, go9::NORMAL_PLAYOUTS),
            (Level::Hard, 40_000),
        ] {
            let config = Computer::new(level)
                .with_clock(SearchClock::None)
                .search_config(&go9);
            assert_eq!(config.budget, Budget::playouts(playouts), "{level}");
        }
        // Kazura 19x19's hard cap (20,000) is below its level's own playouts.
        let kazura = kazura_core::Kazura::new(19).unwrap();
        let config = Computer::new(Level::Hard)
            .with_clock(SearchClock::None)
            .search_config(&kazura);
        assert_eq!(config.budget, Budget::playouts(20_000));
        assert!(kazura_core::LEVEL_PLAYOUTS[2] > 20_000);
        let wall = Computer::new(Level::Hard).search_config(&go9);
        assert_eq!(
            wall.budget,
            Budget::playouts_or_time(go9::HARD_PLAYOUTS, go9::HARD_TIME)
        );
    }

    #[test]
    fn a_playout_budget_replaces_the_levels_and_keeps_the_cap_without_a_clock() {
        let go9 = go9::Go9::new();
        let computer = Computer::new(Level::Hard).with_playouts(500);
        assert_eq!(computer.playouts(), Some(500));
        assert_eq!(computer.search_config(&go9).budget, Budget::playouts(500));
        assert_eq!(computer.to_string(), "hard (500 playouts)");
        let capped = Computer::new(Level::Easy)
            .with_playouts(1_000_000)
            .with_clock(SearchClock::None);
        assert_eq!(capped.search_config(&go9).budget, Budget::playouts(2_000));
        let zero = Computer::new(Level::Easy).with_playouts(0);
        assert_eq!(zero.search_config(&go9).budget, Budget::playouts(1));
        assert_eq!(Computer::new(Level::Easy).playouts(), None);
        let info = zero.search(&go9);
        assert_eq!(info.playouts, 1);
    }

    #[test]
    fn threads_and_seed_reach_the_settings_and_zero_threads_mean_one() {
        let bind = bind::Bind::new(Variant::FULL);
        let config = Computer::new(Level::Normal)
            .with_threads(0)
            .with_seed(9)
            .search_config(&bind);
        assert_eq!((config.threads.get(), config.seed), (1, 9));
        assert_eq!(Computer::new(Level::Hard).with_threads(3).threads(), 3);
        assert_eq!(
            Computer::new(Level::Hard)
                .with_threads(usize::MAX)
                .threads(),
            MAX_THREADS
        );
    }

    #[test]
    fn big_boards_get_smaller_caps() {
        let small = GameSpec::Kazura { size: 13 };
        let big = GameSpec::Kazura { size: 14 };
        assert!(no_clock_playouts(&big, Level::Hard) < no_clock_playouts(&small, Level::Hard));
        let mini = GameSpec::Bind {
            variant: Variant::MINI,
        };
        let full = GameSpec::Bind {
            variant: Variant::FULL,
        };
        assert_eq!(no_clock_playouts(&mini, Level::Normal), 20_000);
        assert_eq!(no_clock_playouts(&full, Level::Normal), 10_000);
    }

    /// The searches of a level from `game`'s start with seeds `0..8`, as a browser makes
    /// them (no clock), with the level's variety or without it.
    fn first_searches<G: CatalogGame>(
        game: &G,
        level: Level,
        variety: bool,
    ) -> Vec<SearchInfo<G::Move>> {
        (0..8)
            .map(|seed| {
                let computer = Computer::new(level)
                    .with_seed(seed)
                    .with_clock(SearchClock::None);
                let mut config = computer.search_config(game);
                if !variety {
                    config.variety = None;
                }
                let hooks = <G::Searched as Opponent>::hooks(level);
                Searcher::new(config, hooks).search(&game.searched())
            })
            .collect()
    }

    /// A game at `normal`: each seed's first move is one its level's variety allows, drawn
    /// from the statistics the search without variety has too; some seeds play another
    /// move than their most visited, the seeds play several first moves, and a seed
    /// replays its own.
    fn seeds_vary<G: CatalogGame>(game: &G) {
        let level = Level::Normal;
        let variety = Computer::new(level)
            .search_config(game)
            .variety
            .expect("the level has a variety");
        let with = first_searches(game, level, true);
        let without = first_searches(game, level, false);
        let name = G::NAME;
        let mut varied = 0;
        for (w, plain) in with.iter().zip(&without) {
            assert_eq!(w.moves, plain.moves, "{name}: the same playouts");
            let chosen = w.moves.iter().position(|m| Some(m.mv) == w.best);
            let chosen = chosen.expect("a root move");
            assert!(variety.candidates(&plain.moves).contains(&chosen), "{name}");
            varied += usize::from(chosen != 0);
        }
        let firsts: Vec<G::Move> = with.iter().filter_map(|i| i.best).collect();
        let distinct = (0..firsts.len())
            .filter(|&i| !firsts[..i].contains(&firsts[i]))
            .count();
        assert!(varied >= 1 && distinct >= 2, "{name}: {firsts:?}");
        let computer = Computer::new(level).with_seed(3);
        assert_eq!(computer.search(game).best, Some(firsts[3]), "{name}");
    }

    #[test]
    fn the_levels_vary_their_opening_with_the_seed() {
        let kazura = kazura_core::Kazura::new(9).unwrap();
        let bao = bao_nyakua::Bao::new(bao_nyakua::Ruleset::Seed);
        let go9 = go9::Go9::new();
        let bind = bind::Bind::new(Variant::MINI);
        for level in Level::ALL {
            let varieties = [
                Computer::new(level).search_config(&kazura).variety,
                Computer::new(level).search_config(&bao).variety,
                Computer::new(level).search_config(&go9).variety,
                Computer::new(level).search_config(&bind).variety,
            ];
            assert!(
                varieties.iter().all(|v| v.is_some_and(|v| v.plies >= 8)),
                "{level}"
            );
        }
        seeds_vary(&kazura);
        seeds_vary(&bao);
        seeds_vary(&go9);
        seeds_vary(&bind);
    }

    #[test]
    fn computers_describe_themselves() {
        assert_eq!(Computer::new(Level::Hard).to_string(), "hard");
        assert_eq!(
            Computer::new(Level::Easy)
                .with_seed(7)
                .with_clock(SearchClock::None)
                .to_string(),
            "easy (seed 7, no clock)"
        );
    }
}
