//! [`AnyBot`]: a [`Bot`] of whichever game an [`AnyGame`] holds, with moves as text, for
//! front ends that hold games as `AnyGame` (a server's computer seat, Python, the page).

use bao_nyakua::Bao;
use bind::Bind;
use go9::Go9;
use kazura_core::Kazura;

use crate::any::AnyGame;
use crate::bots::{Bot, BotError, BotSpec};
use crate::game::CatalogGame;

/// A bot of one of the four games.
enum Inner {
    Kazura(Box<dyn Bot<Kazura>>),
    Bao(Box<dyn Bot<Bao>>),
    Go9(Box<dyn Bot<Go9>>),
    Bind(Box<dyn Bot<Bind>>),
}

/// A bot for the game an [`AnyGame`] holds, with moves as text: asked for a move in a
/// position (`choose`), told every move with the position it was played in (`observe`),
/// and of moves taken back (`undo`).
///
/// ```
/// use game_catalog::{AnyBot, AnyGame, BotSpec};
///
/// let mut game = AnyGame::parse_spec("kazura:size=5")?;
/// let mut bot = AnyBot::new(&"mcts:32".parse::<BotSpec>()?, &game, 1, 1)?;
/// let mv = bot.choose(&game)?.expect("a move");
/// bot.observe(&game, &mv, true)?;
/// game.play(&mv)?;
/// assert_eq!(game.ply(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AnyBot {
    inner: Inner,
}

impl std::fmt::Debug for AnyBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyBot({})", self.name())
    }
}

/// The bot of game `G` inside `inner`, or the error of a position of another game.
macro_rules! with_bot {
    ($self:expr, $game:expr, $bot:ident, $g:ident => $body:expr) => {
        match (&mut $self.inner, $game) {
            (Inner::Kazura($bot), AnyGame::Kazura($g)) => $body,
            (Inner::Bao($bot), AnyGame::Bao($g)) => $body,
            (Inner::Go9($bot), AnyGame::Go9($g)) => $body,
            (Inner::Bind($bot), AnyGame::Bind($g)) => $body,
            (_, other) => Err(BotError::WrongGame {
                bot: $self.name(),
                game: other.name(),
            }),
        }
    };
}

impl AnyBot {
    /// The bot `spec` for a game at `start`, seeded with `seed`, searching on `threads`
    /// threads.
    ///
    /// # Errors
    /// As [`BotSpec::build`].
    pub fn new(
        spec: &BotSpec,
        start: &AnyGame,
        seed: u64,
        threads: usize,
    ) -> Result<AnyBot, BotError> {
        let inner = match start {
            AnyGame::Kazura(g) => Inner::Kazura(spec.build(g, seed, threads)?),
            AnyGame::Bao(g) => Inner::Bao(spec.build(g, seed, threads)?),
            AnyGame::Go9(g) => Inner::Go9(spec.build(g, seed, threads)?),
            AnyGame::Bind(g) => Inner::Bind(spec.build(g, seed, threads)?),
        };
        Ok(AnyBot { inner })
    }

    /// The bot as its spec writes it.
    #[must_use]
    pub fn name(&self) -> String {
        match &self.inner {
            Inner::Kazura(bot) => bot.name(),
            Inner::Bao(bot) => bot.name(),
            Inner::Go9(bot) => bot.name(),
            Inner::Bind(bot) => bot.name(),
        }
    }

    /// The move the bot plays in `game` (not played), as text; `None` when it resigns or
    /// has no move.
    ///
    /// # Errors
    /// [`BotError::WrongGame`] for a position of another game than the bot's; as
    /// [`Bot::choose`].
    pub fn choose(&mut self, game: &AnyGame) -> Result<Option<String>, BotError> {
        with_bot!(self, game, bot, g => Ok(bot.choose(g)?.map(|mv| mv.to_string())))
    }

    /// Tells the bot that `text` was played in `before` (the position before the move);
    /// `own` when it is the move this bot chose.
    ///
    /// # Errors
    /// [`BotError::WrongGame`]; [`BotError::Unreadable`] for text that is no move of the
    /// game; as [`Bot::observe`].
    pub fn observe(&mut self, before: &AnyGame, text: &str, own: bool) -> Result<(), BotError> {
        with_bot!(self, before, bot, g => observe(bot.as_mut(), g, text, own))
    }

    /// The last `plies` moves were taken back.
    ///
    /// # Errors
    /// As [`Bot::undo`].
    pub fn undo(&mut self, plies: usize) -> Result<(), BotError> {
        match &mut self.inner {
            Inner::Kazura(bot) => bot.undo(plies),
            Inner::Bao(bot) => bot.undo(plies),
            Inner::Go9(bot) => bot.undo(plies),
            Inner::Bind(bot) => bot.undo(plies),
        }
    }

    /// Ends the bot (`quit` to an outside engine).
    pub fn finish(self) {
        match self.inner {
            Inner::Kazura(bot) => bot.finish(),
            Inner::Bao(bot) => bot.finish(),
            Inner::Go9(bot) => bot.finish(),
            Inner::Bind(bot) => bot.finish(),
        }
    }
}

/// `text`, read in `before`, told to `bot` with the mover of `before`.
fn observe<G: CatalogGame>(
    bot: &mut dyn Bot<G>,
    before: &G,
    text: &str,
    own: bool,
) -> Result<(), BotError> {
    let mv = before
        .parse_move(text.trim())
        .map_err(|e| BotError::Unreadable {
            answer: text.to_string(),
            reason: e.to_string(),
        })?;
    bot.observe(before.to_move(), mv, own)
}
