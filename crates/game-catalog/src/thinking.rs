//! A search kept between calls: [`Thinking`]. A caller without a clock the search can read
//! (a browser's worker: `std::time::Instant` does not exist on `wasm32-unknown-unknown`)
//! adds playouts in small steps and stops on its own clock, so the computer keeps its
//! level's time budget there too.

use std::time::Duration;

use game_core::search::{Budget, Opponent, Searcher};

use crate::any::{AnyGame, SearchReport, each_game};
use crate::game::CatalogGame;
use crate::levels::Computer;

/// One position's search, grown step by step: each [`Thinking::think`] adds playouts to the
/// same tree, and its report is the whole tree's (the best move after every playout so
/// far). Made by [`AnyGame::thinking`].
///
/// ```
/// use game_catalog::{AnyGame, Computer, Level};
///
/// let game = AnyGame::parse_spec("go9")?;
/// let mut thinking = game.thinking(&Computer::new(Level::Hard).with_seed(3));
/// assert_eq!(thinking.budget_playouts(), Some(go9::HARD_PLAYOUTS));
/// assert_eq!(thinking.budget_time(), Some(go9::HARD_TIME));
/// let first = thinking.think(200);
/// let more = thinking.think(300);
/// assert_eq!(thinking.playouts(), 500);
/// assert!(game.legal_moves().contains(more.best.as_ref().unwrap()));
/// # let _ = first;
/// # Ok::<(), game_catalog::SpecError>(())
/// ```
pub struct Thinking {
    inner: Inner,
    budget: Budget,
    playouts: u64,
}

/// Boxed: the searchers differ in size by their positions, and a `Thinking` is made once
/// per move.
enum Inner {
    Kazura(Box<Kept<kazura_core::Kazura>>),
    Bao(Box<Kept<bao_nyakua::Bao>>),
    Go9(Box<Kept<go9::Go9>>),
    Bind(Box<Kept<bind::Bind>>),
}

/// A game's searcher with the position it searches.
struct Kept<G: CatalogGame> {
    searcher: Searcher<G::Searched, <G::Searched as Opponent>::Hooks>,
    position: G::Searched,
}

impl<G: CatalogGame> Kept<G> {
    fn new(game: &G, computer: &Computer) -> Kept<G> {
        Kept {
            searcher: computer.searcher(game),
            position: game.searched(),
        }
    }

    fn think(&mut self, playouts: u64) -> SearchReport {
        let info = self
            .searcher
            .search_with(&self.position, Budget::playouts(playouts.max(1)));
        SearchReport::from_info(&info)
    }
}

impl std::fmt::Debug for Thinking {
    /// The game, the playouts so far and the budget (the trees are not shown).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let game = match self.inner {
            Inner::Kazura(_) => "kazura",
            Inner::Bao(_) => "bao",
            Inner::Go9(_) => "go9",
            Inner::Bind(_) => "bind",
        };
        f.debug_struct("Thinking")
            .field("game", &game)
            .field("playouts", &self.playouts)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl Thinking {
    /// The search of `game`'s position by `computer` (its level, seed and threads), with no
    /// playout yet. Its budget is the level's own, as a clock would keep it
    /// ([`Thinking::budget_playouts`], [`Thinking::budget_time`]); keeping it is the
    /// caller's part.
    #[must_use]
    pub fn new(game: &AnyGame, computer: &Computer) -> Thinking {
        let wall = computer.with_clock(crate::SearchClock::Wall);
        let budget = each_game!(game, g => wall.search_config(g).budget);
        let inner = match game {
            AnyGame::Kazura(g) => Inner::Kazura(Box::new(Kept::new(g, computer))),
            AnyGame::Bao(g) => Inner::Bao(Box::new(Kept::new(g, computer))),
            AnyGame::Go9(g) => Inner::Go9(Box::new(Kept::new(g, computer))),
            AnyGame::Bind(g) => Inner::Bind(Box::new(Kept::new(g, computer))),
        };
        Thinking {
            inner,
            budget,
            playouts: 0,
        }
    }

    /// Adds `playouts` playouts (at least 1) to the tree and reports the whole search: the
    /// best move now, its win rate and principal variation; `playouts` in the report counts
    /// this step's. A position with at most one move plays none.
    pub fn think(&mut self, playouts: u64) -> SearchReport {
        let report = match &mut self.inner {
            Inner::Kazura(k) => k.think(playouts),
            Inner::Bao(k) => k.think(playouts),
            Inner::Go9(k) => k.think(playouts),
            Inner::Bind(k) => k.think(playouts),
        };
        self.playouts += report.playouts;
        report
    }

    /// Playouts played so far, over every [`Thinking::think`].
    #[must_use]
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// The level's playout budget for one move, if it has one.
    #[must_use]
    pub fn budget_playouts(&self) -> Option<u64> {
        self.budget.playout_limit()
    }

    /// The level's time budget for one move, if it has one (`hard`'s second).
    #[must_use]
    pub fn budget_time(&self) -> Option<Duration> {
        self.budget.time
    }
}

impl AnyGame {
    /// A search of this position by `computer` that grows step by step
    /// ([`Thinking::think`]), for a caller that keeps the time itself.
    #[must_use]
    pub fn thinking(&self, computer: &Computer) -> Thinking {
        Thinking::new(self, computer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameKind, Level};

    #[test]
    fn steps_add_up_to_one_search_of_the_same_playouts() {
        // The same seed and total: the tree grown in steps chooses as one search does.
        for kind in GameKind::ALL {
            let mut game = AnyGame::new(&kind.default_spec());
            let opening = game.legal_moves()[0].clone();
            game.play(&opening).unwrap();
            let computer = Computer::new(Level::Normal).with_seed(5).with_playouts(600);
            let whole = game.search(&computer);
            let mut thinking = game.thinking(&computer);
            let mut last = None;
            for _ in 0..3 {
                last = Some(thinking.think(200));
            }
            let last = last.unwrap();
            assert_eq!(thinking.playouts(), 600, "{kind}");
            assert_eq!(last.best, whole.best, "{kind}");
            assert!(game.legal_moves().contains(last.best.as_ref().unwrap()));
        }
    }

    #[test]
    fn the_budget_is_the_levels_own() {
        let game = AnyGame::parse_spec("go9").unwrap();
        let easy = game.thinking(&Computer::new(Level::Easy));
        assert_eq!(easy.budget_playouts(), Some(go9::EASY_PLAYOUTS));
        assert_eq!(easy.budget_time(), None);
        let hard = game.thinking(&Computer::new(Level::Hard));
        assert_eq!(hard.budget_time(), Some(go9::HARD_TIME));
        // A playout budget set on the computer replaces the level's.
        let set = game.thinking(&Computer::new(Level::Hard).with_playouts(300));
        assert_eq!(set.budget_playouts(), Some(300));
        assert_eq!(set.budget_time(), None);
    }

    #[test]
    fn debug_names_the_game_and_the_playouts() {
        let mut thinking = AnyGame::parse_spec("bind:variant=mini")
            .unwrap()
            .thinking(&Computer::new(Level::Easy));
        thinking.think(7);
        let text = format!("{thinking:?}");
        assert!(
            text.starts_with("Thinking { game: \"bind\", playouts: 7, budget: "),
            "{text}"
        );
    }

    #[test]
    fn a_finished_game_plays_no_playout() {
        let mut game = AnyGame::parse_spec("go9").unwrap();
        game.play_line("pass pass").unwrap();
        let mut thinking = game.thinking(&Computer::new(Level::Easy));
        let report = thinking.think(100);
        assert_eq!(report.best, None);
        assert_eq!(thinking.playouts(), 0);
    }
}
