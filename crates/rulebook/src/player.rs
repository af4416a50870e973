//! Players for `match`, `play` and `selfplay`: a [`PlayerSpec`] read from the command line
//! and the [`Engine`] that plays it for one game.

use std::fmt;
use std::str::FromStr;

use game_core::search::{Budget, DefaultHooks, Level, Opponent, SearchConfig, Searcher};
use game_core::{GameRng, Player};

use game_catalog::{CatalogGame, Computer};
use go9_gtp::GtpClient;

/// Who plays a side, as written on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `random`: the game's random move (go9's never fills its own eye).
    Random,
    /// `easy`, `normal`, `hard`: the game's search at that level.
    Level(Level),
    /// `mcts:PLAYOUTS`: plain UCT (uniform playouts, no RAVE) with this many playouts per
    /// move and a fresh tree for every move, as the old `mcts_move` played.
    Mcts(u64),
    /// `gtp:COMMAND`: an outside GTP engine (go9 only).
    Gtp(String),
    /// `human`: a person at the terminal (`rulebook play` only).
    Human,
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Level(level) => write!(f, "{level}"),
            PlayerSpec::Mcts(n) => write!(f, "mcts:{n}"),
            PlayerSpec::Gtp(command) => write!(f, "gtp:{command}"),
            PlayerSpec::Human => f.write_str("human"),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    /// `random`, `easy`, `normal`, `hard`, `human` (any case), `mcts:N` (N ≥ 1) or
    /// `gtp:COMMAND`.
    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let lower = text.to_ascii_lowercase();
        if let Some(n) = lower.strip_prefix("mcts:") {
            return match n.parse::<u64>() {
                Ok(n) if n > 0 => Ok(PlayerSpec::Mcts(n)),
                _ => Err(format!(
                    "`{text}`: mcts:PLAYOUTS needs a positive whole number"
                )),
            };
        }
        if lower.starts_with("gtp:") {
            let command = text[4..].trim();
            if command.is_empty() {
                return Err(format!("`{text}`: gtp:COMMAND needs a command"));
            }
            return Ok(PlayerSpec::Gtp(command.to_string()));
        }
        match lower.as_str() {
            "random" => Ok(PlayerSpec::Random),
            "human" => Ok(PlayerSpec::Human),
            _ => lower.parse::<Level>().map(PlayerSpec::Level).map_err(|_| {
                format!(
                    "`{text}` is not a player: use random, easy, normal, hard, mcts:PLAYOUTS, \
                     gtp:COMMAND (go9) or human (play)"
                )
            }),
        }
    }
}

impl PlayerSpec {
    /// An error if game `G` cannot have this player (`gtp:` outside go9).
    ///
    /// # Errors
    /// The message for exit status 2.
    pub fn check_for<G: CatalogGame>(&self) -> Result<(), String> {
        match self {
            PlayerSpec::Gtp(_) if !G::GTP => Err(format!(
                "{self}: a GTP engine can only play go9, not {}",
                G::NAME
            )),
            _ => Ok(()),
        }
    }
}

/// The searcher type of a game's levels.
type LevelSearcher<G> =
    Searcher<<G as CatalogGame>::Searched, <<G as CatalogGame>::Searched as Opponent>::Hooks>;

/// A player of one game: its generator, its searcher (kept from move to move) or its GTP
/// engine.
pub enum Engine<G: CatalogGame> {
    /// Random moves from this generator.
    Random(GameRng),
    /// The game's search at a level, its tree following the game.
    Level(Box<LevelSearcher<G>>),
    /// Plain UCT afresh for every move.
    Mcts {
        /// The searcher, cleared before each move.
        searcher: Box<Searcher<G::Searched, DefaultHooks>>,
        /// The seed of the first move (the ply is added for later ones).
        seed: u64,
    },
    /// An outside engine.
    Gtp(GtpClient),
    /// A person: the caller asks for the moves.
    Human,
}

impl<G: CatalogGame> fmt::Debug for Engine<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Engine::Random(_) => "Engine::Random",
            Engine::Level(_) => "Engine::Level",
            Engine::Mcts { .. } => "Engine::Mcts",
            Engine::Gtp(_) => "Engine::Gtp",
            Engine::Human => "Engine::Human",
        })
    }
}

/// The GTP colour of `player`.
fn gtp_colour(player: Player) -> &'static str {
    match player {
        Player::First => "B",
        Player::Second => "W",
    }
}

impl<G: CatalogGame> Engine<G> {
    /// The engine for `spec`, seeded with `seed`, searching on `threads` threads, to play
    /// from `start` (a GTP engine is set up and told the moves already played).
    ///
    /// # Errors
    /// A message if a GTP engine cannot be started or refuses the set-up.
    pub fn new(spec: &PlayerSpec, seed: u64, threads: usize, start: &G) -> Result<Self, String> {
        Ok(match spec {
            PlayerSpec::Random => Engine::Random(GameRng::seed_from(seed)),
            PlayerSpec::Level(level) => Engine::Level(Box::new(
                Computer::new(*level)
                    .with_seed(seed)
                    .with_threads(threads)
                    .searcher(start),
            )),
            PlayerSpec::Mcts(n) => {
                let config = SearchConfig::default()
                    .with_budget(Budget::playouts(*n))
                    .with_rave_equivalence(0.0)
                    .with_threads(threads)
                    .with_seed(seed);
                Engine::Mcts {
                    searcher: Box::new(Searcher::new(config, DefaultHooks)),
                    seed,
                }
            }
            PlayerSpec::Gtp(command) => {
                let mut client = GtpClient::spawn(command)?;
                client.send("boardsize 9")?;
                client.send("komi 7")?;
                client.send("clear_board")?;
                for (i, mv) in start.moves().iter().enumerate() {
                    let colour = if i % 2 == 0 { "B" } else { "W" };
                    client.send(&format!("play {colour} {mv}"))?;
                }
                Engine::Gtp(client)
            }
            PlayerSpec::Human => Engine::Human,
        })
    }

    /// The move this engine plays in `state` (not over). `Ok(None)`: it resigns (a GTP
    /// engine's `resign`) or has no move.
    ///
    /// # Errors
    /// A GTP engine that failed, or answered a move that cannot be read or is illegal: it
    /// loses the game.
    pub fn choose(
        &mut self,
        state: &G,
        moves: &mut Vec<G::Move>,
    ) -> Result<Option<G::Move>, String> {
        match self {
            Engine::Random(rng) => Ok(state.playout_move(rng, moves)),
            Engine::Level(searcher) => Ok(searcher.search(&state.searched()).best),
            Engine::Mcts { searcher, seed } => {
                searcher.clear();
                searcher.config_mut().seed = seed.wrapping_add(state.ply() as u64);
                Ok(searcher.search(&state.searched()).best)
            }
            Engine::Gtp(client) => {
                let answer = client.send(&format!("genmove {}", gtp_colour(state.to_move())))?;
                if answer.eq_ignore_ascii_case("resign") {
                    return Ok(None);
                }
                let mv = state
                    .parse_move(&answer)
                    .map_err(|e| format!("it answered `{answer}`: {e}"))?;
                state
                    .check_move(mv)
                    .map_err(|e| format!("it played the illegal move {answer}: {e}"))?;
                Ok(Some(mv))
            }
            Engine::Human => Ok(None),
        }
    }

    /// Tells the engine that `mover` played `mv` (`own`: the move this engine chose).
    ///
    /// # Errors
    /// A GTP engine that refused the move or failed.
    pub fn observe(&mut self, mover: Player, mv: G::Move, own: bool) -> Result<(), String> {
        match self {
            Engine::Level(searcher) => {
                // A searcher out of step starts afresh at its next search.
                let _ = searcher.advance(mv);
                Ok(())
            }
            Engine::Gtp(client) if !own => client
                .send(&format!("play {} {mv}", gtp_colour(mover)))
                .map(drop),
            _ => Ok(()),
        }
    }

    /// Takes back the last `plies` moves: `undo` for a GTP engine; a searcher starts afresh
    /// at its next search by itself.
    ///
    /// # Errors
    /// A GTP engine that refused `undo`.
    pub fn undo(&mut self, plies: usize) -> Result<(), String> {
        if let Engine::Gtp(client) = self {
            for _ in 0..plies {
                client.send("undo")?;
            }
        }
        Ok(())
    }

    /// Ends the engine (`quit` to a GTP engine).
    pub fn finish(self) {
        if let Engine::Gtp(client) = self {
            client.quit();
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
    use game_core::search::Level;

    #[test]
    fn specs_read_in_any_case_and_print_canonically() {
        let cases = [
            ("random", PlayerSpec::Random, "random"),
            ("Hard", PlayerSpec::Level(Level::Hard), "hard"),
            ("MCTS:50", PlayerSpec::Mcts(50), "mcts:50"),
            ("human", PlayerSpec::Human, "human"),
            (
                "gtp:gnugo --mode gtp",
                PlayerSpec::Gtp("gnugo --mode gtp".into()),
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
