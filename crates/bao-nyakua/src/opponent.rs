//! The computer opponent: the search's hooks and each level's budget for this game
//! (`docs/bao-nyakua.md`). For now plain UCT with the generic budgets of
//! [`SearchConfig::for_level`](game_core::search::SearchConfig::for_level).

use game_core::search::{DefaultHooks, Level, Opponent};

use crate::Bao;

impl Opponent for Bao {
    type Hooks = DefaultHooks;

    fn hooks(_level: Level) -> DefaultHooks {
        DefaultHooks
    }
}

/// The position without history searches faster (no history to copy per playout) and plays
/// the same moves: `rulebook` and the web page search it for a `Bao` game.
impl Opponent for crate::Position {
    type Hooks = DefaultHooks;

    fn hooks(_level: Level) -> DefaultHooks {
        DefaultHooks
    }
}
