//! The computer opponent: the search's hooks and each level's budget for this game
//! (`docs/go9.md`). For now plain UCT with the generic budgets of
//! [`SearchConfig::for_level`](game_core::search::SearchConfig::for_level).

use game_core::search::{DefaultHooks, Level, Opponent};

use crate::Go9;

impl Opponent for Go9 {
    type Hooks = DefaultHooks;

    fn hooks(_level: Level) -> DefaultHooks {
        DefaultHooks
    }
}
