//! The computer opponent: the search's hooks and each level's budget for this game
//! (`docs/bind.md`). For now plain UCT with the generic budgets of
//! [`SearchConfig::for_level`](game_core::search::SearchConfig::for_level).

use game_core::search::{DefaultHooks, Level, Opponent};

use crate::Bind;

impl Opponent for Bind {
    type Hooks = DefaultHooks;

    fn hooks(_level: Level) -> DefaultHooks {
        DefaultHooks
    }
}
