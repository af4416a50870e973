//! Players for `match`, `play` and `selfplay`: a [`PlayerSpec`] read from the command line
//! (one of the catalog's bots, or a person) and the [`Participant`] that plays it for one game.

use std::fmt;
use std::str::FromStr;

use game_core::Player;
use game_core::search::Level;

use game_catalog::{Bot, BotSpec, CatalogGame, Computer};

/// Who plays a side, as written on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// One of the catalog's bots: `random`, `uniform`, `easy`, `normal`, `hard`,
    /// `mcts:PLAYOUTS`, `gtp:COMMAND` (go9).
    Bot(BotSpec),
    /// `human`: a person at the terminal (`rulebook play` only).
    Human,
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Bot(bot) => write!(f, "{bot}"),
            PlayerSpec::Human => f.write_str("human"),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    /// `human` (any case), or a bot as [`BotSpec`] reads it.
    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let lower = text.to_ascii_lowercase();
        if lower == "human" {
            return Ok(PlayerSpec::Human);
        }
        text.parse::<BotSpec>().map(PlayerSpec::Bot).map_err(|e| {
            if lower.starts_with("mcts:") || lower.starts_with("gtp:") {
                e.to_string()
            } else {
                format!(
                    "`{text}` is not a player: use random, uniform, easy, normal, hard, \
                     mcts:PLAYOUTS, gtp:COMMAND (go9) or human (play)"
                )
            }
        })
    }
}

impl PlayerSpec {
    /// An error if game `G` cannot have this player (`gtp:` outside go9).
    ///
    /// # Errors
    /// The message for exit status 2.
    pub fn check_for<G: CatalogGame>(&self) -> Result<(), String> {
        match self {
            PlayerSpec::Bot(bot) => bot.check_for::<G>().map_err(|e| e.to_string()),
            PlayerSpec::Human => Ok(()),
        }
    }
}

/// A player of one game: one of the catalog's bots, or a person.
pub enum Participant<G: CatalogGame> {
    /// A bot, kept for the whole game.
    Bot(Box<dyn Bot<G>>),
    /// A person: the caller asks for the moves.
    Human,
}

impl<G: CatalogGame> fmt::Debug for Participant<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Participant::Bot(bot) => write!(f, "Participant::Bot({})", bot.name()),
            Participant::Human => f.write_str("Participant::Human"),
        }
    }
}

impl<G: CatalogGame> Participant<G> {
    /// The engine for `spec`, seeded with `seed`, searching on `threads` threads, to play
    /// from `start` (a GTP engine is set up and told the moves already played).
    ///
    /// # Errors
    /// A message if a GTP engine cannot be started or refuses the set-up.
    pub fn new(spec: &PlayerSpec, seed: u64, threads: usize, start: &G) -> Result<Self, String> {
        match spec {
            PlayerSpec::Bot(bot) => bot
                .build(start, seed, threads)
                .map(Participant::Bot)
                .map_err(|e| e.to_string()),
            PlayerSpec::Human => Ok(Participant::Human),
        }
    }

    /// The move this engine plays in `state` (not over). `Ok(None)`: it resigns (a GTP
    /// engine's `resign`) or has no move; always for a person.
    ///
    /// # Errors
    /// A GTP engine that failed, or answered a move that cannot be read or is illegal: it
    /// loses the game.
    pub fn choose(&mut self, state: &G) -> Result<Option<G::Move>, String> {
        match self {
            Participant::Bot(bot) => bot.choose(state).map_err(|e| e.to_string()),
            Participant::Human => Ok(None),
        }
    }

    /// Tells the engine that `mover` played `mv` (`own`: the move this engine chose).
    ///
    /// # Errors
    /// A GTP engine that refused the move or failed.
    pub fn observe(&mut self, mover: Player, mv: G::Move, own: bool) -> Result<(), String> {
        match self {
            Participant::Bot(bot) => bot.observe(mover, mv, own).map_err(|e| e.to_string()),
            Participant::Human => Ok(()),
        }
    }

    /// Takes back the last `plies` moves (`undo` for a GTP engine; a searcher starts
    /// afresh at its next search by itself).
    ///
    /// # Errors
    /// A GTP engine that refused `undo`.
    pub fn undo(&mut self, plies: usize) -> Result<(), String> {
        match self {
            Participant::Bot(bot) => bot.undo(plies).map_err(|e| e.to_string()),
            Participant::Human => Ok(()),
        }
    }

    /// Ends the engine (`quit` to a GTP engine).
    pub fn finish(self) {
        if let Participant::Bot(bot) = self {
            bot.finish();
        }
    }
}

/// The best move of a `normal`-level search of `state` (`rulebook play`'s `hint`).
pub fn hint<G: CatalogGame>(state: &G) -> Option<G::Move> {
    Computer::new(Level::Normal).search(state).best
}

#[cfg(test)]
mod tests {
    use super::PlayerSpec;
    use game_catalog::BotSpec;
    use game_core::search::Level;

    #[test]
    fn specs_read_in_any_case_and_print_canonically() {
        let cases = [
            ("random", PlayerSpec::Bot(BotSpec::Random), "random"),
            ("Uniform", PlayerSpec::Bot(BotSpec::Uniform), "uniform"),
            ("Hard", PlayerSpec::Bot(BotSpec::Level(Level::Hard)), "hard"),
            ("MCTS:50", PlayerSpec::Bot(BotSpec::Mcts(50)), "mcts:50"),
            ("human", PlayerSpec::Human, "human"),
            (
                "gtp:gnugo --mode gtp",
                PlayerSpec::Bot(BotSpec::Gtp("gnugo --mode gtp".into())),
                "gtp:gnugo --mode gtp",
            ),
        ];
        for (text, spec, canonical) in cases {
            assert_eq!(text.parse::<PlayerSpec>(), Ok(spec.clone()), "{text}");
            assert_eq!(spec.to_string(), canonical);
        }
        for bad in ["", "mcts", "mcts:0", "mcts:-1", "gtp:", "gtp:  ", "expert"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }
}
