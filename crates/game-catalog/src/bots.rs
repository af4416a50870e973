//! Computer players for any game of the catalog: one trait, [`Bot`], and the bots every
//! front end shares — the search at a level or a playout budget ([`SearchBot`]), plain UCT
//! afresh for every move ([`UctBot`]), random moves ([`RandomBot`]) and an outside GTP
//! engine ([`GtpBot`], go9). [`BotSpec`] reads one from text (`hard`, `mcts:800`,
//! `random`, `uniform`, `gtp:gnugo --mode gtp`), as `rulebook match` and `play` take it.
//!
//! ```
//! use game_catalog::{Bot, BotSpec, CatalogGame, Game, GameSpec};
//! use game_catalog::bind::Bind;
//!
//! let start = Bind::start(&GameSpec::parse("bind")?).unwrap();
//! let mut bot = "mcts:64".parse::<BotSpec>()?.build(&start, 7, 1)?;
//! let mut game = start.clone();
//! let mv = bot.choose(&game)?.expect("a move");
//! game.play(mv)?;
//! bot.observe(game_catalog::Player::First, mv, true)?;
//! assert_eq!(bot.name(), "mcts:64");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use game_core::search::{Budget, DefaultHooks, Level, Opponent, SearchConfig, Searcher};
use game_core::{GameRng, Player};
use go9_gtp::GtpClient;
use thiserror::Error;

use crate::game::CatalogGame;
use crate::levels::Computer;

/// The board an outside GTP engine is told of: GTP's `boardsize` and `komi`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GtpBoard {
    /// The board's side.
    pub size: usize,
    /// The komi (written as GTP takes it: `7`, `6.5`).
    pub komi: f64,
}

/// Why a bot gave no move, or could not follow the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BotError {
    /// This bot cannot play this game (a GTP engine outside go9).
    #[error("{bot}: a GTP engine can only play go9, not {game}")]
    NotForGame {
        /// The bot, as its spec writes it.
        bot: String,
        /// The game's name.
        game: &'static str,
    },
    /// An [`AnyBot`](crate::AnyBot) was asked about a game of another kind than its own.
    #[error("{bot} plays another game than {game}")]
    WrongGame {
        /// The bot.
        bot: String,
        /// The game it was asked about.
        game: &'static str,
    },
    /// An outside engine failed: it could not start, refused a command or stopped.
    #[error("{0}")]
    Engine(String),
    /// An outside engine answered a move that cannot be read.
    #[error("it answered `{answer}`: {reason}")]
    Unreadable {
        /// Its answer.
        answer: String,
        /// Why it is no move.
        reason: String,
    },
    /// An outside engine answered a move that is not legal.
    #[error("it played the illegal move {answer}: {reason}")]
    Illegal {
        /// Its answer.
        answer: String,
        /// The game's refusal.
        reason: String,
    },
}

/// A computer player of game `G`, kept for one game from its start: asked for moves,
/// told every move played (its own included) and every move taken back.
pub trait Bot<G: CatalogGame>: Send {
    /// The bot as its [`BotSpec`] writes it (`hard`, `mcts:800`, `gtp:gnugo …`).
    fn name(&self) -> String;

    /// The move this bot plays in `state` (not over), not played. `Ok(None)`: it resigns
    /// (a GTP engine's `resign`) or has no move.
    ///
    /// # Errors
    /// An outside engine that failed or answered no legal move.
    fn choose(&mut self, state: &G) -> Result<Option<G::Move>, BotError>;

    /// `mover` played `mv`; `own` when it is the move this bot chose.
    ///
    /// # Errors
    /// An outside engine that refused the move.
    fn observe(&mut self, mover: Player, mv: G::Move, own: bool) -> Result<(), BotError>;

    /// The last `plies` moves were taken back.
    ///
    /// # Errors
    /// An outside engine that refused to take them back.
    fn undo(&mut self, plies: usize) -> Result<(), BotError>;

    /// Ends the bot (`quit` to an outside engine).
    fn finish(self: Box<Self>) {}
}

/// Random moves: the game's own random move (its playout policy: go9's never fills its own
/// eye), or uniform over the legal moves.
#[derive(Clone, Debug)]
pub struct RandomBot<G: CatalogGame> {
    rng: GameRng,
    uniform: bool,
    moves: Vec<G::Move>,
}

impl<G: CatalogGame> RandomBot<G> {
    /// The game's random move, from `seed` (`random`).
    #[must_use]
    pub fn playout(seed: u64) -> RandomBot<G> {
        RandomBot {
            rng: GameRng::seed_from(seed),
            uniform: false,
            moves: Vec::new(),
        }
    }

    /// A legal move drawn uniformly, from `seed` (`uniform`).
    #[must_use]
    pub fn uniform(seed: u64) -> RandomBot<G> {
        RandomBot {
            uniform: true,
            ..RandomBot::playout(seed)
        }
    }
}

impl<G: CatalogGame> Bot<G> for RandomBot<G> {
    fn name(&self) -> String {
        if self.uniform { "uniform" } else { "random" }.into()
    }

    fn choose(&mut self, state: &G) -> Result<Option<G::Move>, BotError> {
        Ok(if self.uniform {
            game_core::random_move(state, &mut self.rng, &mut self.moves)
        } else {
            state.playout_move(&mut self.rng, &mut self.moves)
        })
    }

    fn observe(&mut self, _: Player, _: G::Move, _: bool) -> Result<(), BotError> {
        Ok(())
    }

    fn undo(&mut self, _: usize) -> Result<(), BotError> {
        Ok(())
    }
}

/// The searcher type of a game's levels.
type LevelSearcher<G> =
    Searcher<<G as CatalogGame>::Searched, <<G as CatalogGame>::Searched as Opponent>::Hooks>;

/// The game's own search ([`Computer`]: a level, or a playout budget), its tree kept from
/// move to move.
pub struct SearchBot<G: CatalogGame> {
    name: String,
    searcher: Box<LevelSearcher<G>>,
}

impl<G: CatalogGame> SearchBot<G> {
    /// The search `computer` sets, for a game starting at `start`.
    #[must_use]
    pub fn new(computer: &Computer, start: &G) -> SearchBot<G> {
        let name = match computer.playouts() {
            Some(n) => format!("{}:{n}", computer.level()),
            None => computer.level().to_string(),
        };
        SearchBot {
            name,
            searcher: Box::new(computer.searcher(start)),
        }
    }
}

impl<G: CatalogGame> Bot<G> for SearchBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, state: &G) -> Result<Option<G::Move>, BotError> {
        Ok(self.searcher.search(&state.searched()).best)
    }

    fn observe(&mut self, _: Player, mv: G::Move, _: bool) -> Result<(), BotError> {
        // A searcher out of step starts afresh at its next search.
        let _ = self.searcher.advance(mv);
        Ok(())
    }

    fn undo(&mut self, _: usize) -> Result<(), BotError> {
        // The searcher finds its tree out of step and starts afresh.
        Ok(())
    }
}

/// Plain UCT (uniform playouts, no RAVE, none of the game's own hints) with a fixed number
/// of playouts and a fresh tree for every move: a baseline (`mcts:PLAYOUTS`).
pub struct UctBot<G: CatalogGame> {
    playouts: u64,
    seed: u64,
    searcher: Box<Searcher<G::Searched, DefaultHooks>>,
}

impl<G: CatalogGame> UctBot<G> {
    /// `playouts` per move (at least 1), from `seed`, on `threads` threads.
    #[must_use]
    pub fn new(playouts: u64, seed: u64, threads: usize) -> UctBot<G> {
        let playouts = playouts.max(1);
        let config = SearchConfig::default()
            .with_budget(Budget::playouts(playouts))
            .with_rave_equivalence(0.0)
            .with_threads(threads.clamp(1, crate::MAX_THREADS))
            .with_seed(seed);
        UctBot {
            playouts,
            seed,
            searcher: Box::new(Searcher::new(config, DefaultHooks)),
        }
    }
}

impl<G: CatalogGame> Bot<G> for UctBot<G> {
    fn name(&self) -> String {
        format!("mcts:{}", self.playouts)
    }

    fn choose(&mut self, state: &G) -> Result<Option<G::Move>, BotError> {
        self.searcher.clear();
        self.searcher.config_mut().seed = self.seed.wrapping_add(state.ply() as u64);
        Ok(self.searcher.search(&state.searched()).best)
    }

    fn observe(&mut self, _: Player, _: G::Move, _: bool) -> Result<(), BotError> {
        Ok(())
    }

    fn undo(&mut self, _: usize) -> Result<(), BotError> {
        Ok(())
    }
}

/// An outside engine speaking the Go Text Protocol, for a game an outside engine can play
/// (go9): told the board size and komi the game has, and every move.
pub struct GtpBot {
    command: String,
    client: GtpClient,
}

/// The GTP colour of `player`.
fn gtp_colour(player: Player) -> &'static str {
    match player {
        Player::First => "B",
        Player::Second => "W",
    }
}

impl GtpBot {
    /// Starts `command` through the shell and sets it up for a game at `start`: its board
    /// size and komi ([`CatalogGame::gtp_board`]), then the moves already played.
    ///
    /// # Errors
    /// [`BotError::NotForGame`] for a game no GTP engine plays; [`BotError::Engine`] if the
    /// engine cannot start or refuses the set-up.
    pub fn spawn<G: CatalogGame>(command: &str, start: &G) -> Result<GtpBot, BotError> {
        let Some(board) = start.gtp_board() else {
            return Err(BotError::NotForGame {
                bot: format!("gtp:{command}"),
                game: G::KIND.name(),
            });
        };
        let mut client = GtpClient::spawn(command).map_err(BotError::Engine)?;
        let mut send = |line: String| client.send(&line).map(drop).map_err(BotError::Engine);
        send(format!("boardsize {}", board.size))?;
        send(format!("komi {}", board.komi))?;
        send("clear_board".into())?;
        for (i, mv) in start.moves().iter().enumerate() {
            let colour = if i % 2 == 0 { "B" } else { "W" };
            send(format!("play {colour} {mv}"))?;
        }
        Ok(GtpBot {
            command: command.to_string(),
            client,
        })
    }
}

impl<G: CatalogGame> Bot<G> for GtpBot {
    fn name(&self) -> String {
        format!("gtp:{}", self.command)
    }

    fn choose(&mut self, state: &G) -> Result<Option<G::Move>, BotError> {
        let answer = self
            .client
            .send(&format!("genmove {}", gtp_colour(state.to_move())))
            .map_err(BotError::Engine)?;
        if answer.eq_ignore_ascii_case("resign") {
            return Ok(None);
        }
        let mv = state
            .parse_move(&answer)
            .map_err(|e| BotError::Unreadable {
                answer: answer.clone(),
                reason: e.to_string(),
            })?;
        state.check_move(mv).map_err(|e| BotError::Illegal {
            answer,
            reason: e.to_string(),
        })?;
        Ok(Some(mv))
    }

    fn observe(&mut self, mover: Player, mv: G::Move, own: bool) -> Result<(), BotError> {
        if own {
            return Ok(());
        }
        self.client
            .send(&format!("play {} {mv}", gtp_colour(mover)))
            .map(drop)
            .map_err(BotError::Engine)
    }

    fn undo(&mut self, plies: usize) -> Result<(), BotError> {
        for _ in 0..plies {
            self.client.send("undo").map_err(BotError::Engine)?;
        }
        Ok(())
    }

    fn finish(self: Box<Self>) {
        self.client.quit();
    }
}

/// A bot as text names it: `random`, `uniform`, `easy`, `normal`, `hard`,
/// `mcts:PLAYOUTS` or `gtp:COMMAND`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BotSpec {
    /// `random`: the game's random move ([`RandomBot::playout`]).
    Random,
    /// `uniform`: a legal move drawn uniformly ([`RandomBot::uniform`]).
    Uniform,
    /// `easy`, `normal`, `hard`: the game's search at that level ([`SearchBot`]).
    Level(Level),
    /// `mcts:PLAYOUTS`: plain UCT ([`UctBot`]).
    Mcts(u64),
    /// `gtp:COMMAND`: an outside GTP engine ([`GtpBot`], go9).
    Gtp(String),
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Uniform => f.write_str("uniform"),
            BotSpec::Level(level) => write!(f, "{level}"),
            BotSpec::Mcts(n) => write!(f, "mcts:{n}"),
            BotSpec::Gtp(command) => write!(f, "gtp:{command}"),
        }
    }
}

/// Why text names no bot.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ParseBotError(String);

impl FromStr for BotSpec {
    type Err = ParseBotError;

    /// `random`, `uniform`, `easy`, `normal`, `hard` (any case), `mcts:N` (N ≥ 1) or
    /// `gtp:COMMAND`.
    fn from_str(text: &str) -> Result<BotSpec, ParseBotError> {
        let lower = text.to_ascii_lowercase();
        if let Some(n) = lower.strip_prefix("mcts:") {
            return match n.parse::<u64>() {
                Ok(n) if n > 0 => Ok(BotSpec::Mcts(n)),
                _ => Err(ParseBotError(format!(
                    "`{text}`: mcts:PLAYOUTS needs a positive whole number"
                ))),
            };
        }
        if lower.starts_with("gtp:") {
            let command = text[4..].trim();
            if command.is_empty() {
                return Err(ParseBotError(format!(
                    "`{text}`: gtp:COMMAND needs a command"
                )));
            }
            return Ok(BotSpec::Gtp(command.to_string()));
        }
        match lower.as_str() {
            "random" => Ok(BotSpec::Random),
            "uniform" => Ok(BotSpec::Uniform),
            _ => lower.parse::<Level>().map(BotSpec::Level).map_err(|_| {
                ParseBotError(format!(
                    "`{text}` is not a player: use random, uniform, easy, normal, hard, \
                     mcts:PLAYOUTS or gtp:COMMAND (go9)"
                ))
            }),
        }
    }
}

impl BotSpec {
    /// Whether game `G` can have this bot (a GTP engine only where one plays the game).
    ///
    /// # Errors
    /// [`BotError::NotForGame`].
    pub fn check_for<G: CatalogGame>(&self) -> Result<(), BotError> {
        match self {
            BotSpec::Gtp(_) if !G::GTP => Err(BotError::NotForGame {
                bot: self.to_string(),
                game: G::KIND.name(),
            }),
            _ => Ok(()),
        }
    }

    /// The bot, seeded with `seed`, searching on `threads` threads (capped at
    /// [`crate::MAX_THREADS`]), for a game at `start`.
    ///
    /// # Errors
    /// As [`BotSpec::check_for`] and [`GtpBot::spawn`].
    pub fn build<G: CatalogGame>(
        &self,
        start: &G,
        seed: u64,
        threads: usize,
    ) -> Result<Box<dyn Bot<G>>, BotError> {
        self.check_for::<G>()?;
        Ok(match self {
            BotSpec::Random => Box::new(RandomBot::<G>::playout(seed)),
            BotSpec::Uniform => Box::new(RandomBot::<G>::uniform(seed)),
            BotSpec::Level(level) => Box::new(SearchBot::new(
                &Computer::new(*level).with_seed(seed).with_threads(threads),
                start,
            )),
            BotSpec::Mcts(n) => Box::new(UctBot::<G>::new(*n, seed, threads)),
            BotSpec::Gtp(command) => Box::new(GtpBot::spawn(command, start)?),
        })
    }
}
