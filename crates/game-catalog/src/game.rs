//! [`CatalogGame`]: what the catalog knows of each game, written once per game, so that a
//! front end never re-derives it.

use std::fmt::Display;

use game_core::search::Opponent;
use game_core::{Encoded, GameRng, Player, Recorded};
use go9::SgfNames;

use crate::any::AnyGame;
use crate::bots::GtpBoard;
use crate::error::{CallError, RecordError};
use crate::spec::{GameKind, GameSpec};

/// A game of the catalog, seen through one trait: its spec, the state its computer
/// searches, its calls and records and its refined random move. Its integer actions and
/// observation planes are the game crate's own [`Encoded`], a supertrait.
///
/// Implemented for [`Kazura`](kazura_core::Kazura), [`Bao`](bao_nyakua::Bao),
/// [`Go9`](go9::Go9) and [`Bind`](bind::Bind). [`AnyGame`] holds one of
/// them and dispatches to this trait; a front end that wants the concrete type in a hot
/// loop (perft, benchmarks, a match) gets it through [`AnyGame::visit`] and a
/// [`GameVisitor`].
pub trait CatalogGame: Recorded + Encoded + Display + Clone + Send + Sync + 'static {
    /// Which game this is.
    const KIND: GameKind;

    /// Whether the rules have resignation ([`CatalogGame::resign`]): every game but Bao.
    const RESIGNATION: bool;

    /// Whether the rules let a move be taken back ([`CatalogGame::undo`]): go9 only (G-8).
    const UNDO: bool = false;

    /// Whether an outside GTP engine can play this game (go9).
    const GTP: bool = false;

    /// The board an outside GTP engine is set up with for this game (`boardsize`, `komi`),
    /// or `None` where no GTP engine plays it.
    fn gtp_board(&self) -> Option<GtpBoard> {
        None
    }

    /// The state the computer searches: the game itself, or for Bao its `Copy`
    /// [`Position`](bao_nyakua::Position) (the same moves, no history to copy per playout).
    type Searched: Opponent<Move = Self::Move> + PartialEq;

    /// The start position of `spec`, or `None` if `spec` is another game's.
    fn start(spec: &GameSpec) -> Option<Self>;

    /// The spec that starts this game again (for a loaded record too).
    fn spec(&self) -> GameSpec;

    /// The state to search for this position.
    fn searched(&self) -> Self::Searched;

    /// This game inside an [`AnyGame`].
    fn into_any(self) -> AnyGame;

    /// The game inside `any`, if it is this game.
    fn from_any(any: &AnyGame) -> Option<&Self>;

    /// One line on whose turn it is and how the game stands (`rulebook show`'s last line):
    /// `black to move (ply 3)`, or `game over: …` with the `result:` text. Kazura adds the
    /// swap and the longest groups, go9 the count if the game ended now (G-11).
    fn status(&self) -> String {
        if self.is_over() {
            format!("game over: {}", self.outcome_text())
        } else {
            self.turn_line()
        }
    }

    /// [`CatalogGame::status`] while the game goes on: `black to move (ply 3)`, and what
    /// the game adds.
    fn turn_line(&self) -> String {
        format!(
            "{} to move (ply {})",
            Self::PLAYER_NAMES[self.to_move().index()],
            self.ply()
        )
    }

    /// A random player's move: uniform over the legal moves, except go9's, which never
    /// fills its own single-point eye. `None` once the game is over.
    fn playout_move(&self, rng: &mut GameRng, moves: &mut Vec<Self::Move>) -> Option<Self::Move> {
        game_core::random_move(self, rng, moves)
    }

    /// Plays one random game from this position on a copy, by the game's fastest uniform
    /// playout, and returns its plies (the speed figures of `rulebook bench` and the web
    /// page). Kazura draws with its own `random_move`, Bao plays its `Copy` position, go9
    /// its playout policy (no own-eye fill), Bind the generic `random_playout`.
    fn fast_playout(&self, rng: &mut GameRng) -> usize;

    /// The player to resign: `player` gives up. Bao's rules have no resignation.
    ///
    /// # Errors
    /// [`CallError::NotInRules`] for Bao, [`CallError::Refused`] once the game is over.
    fn resign(&mut self, player: Player) -> Result<(), CallError> {
        let _ = player;
        Err(CallError::NotInRules {
            call: "resignation",
            game: Self::KIND,
        })
    }

    /// Takes back the last move (go9, G-8) and returns it.
    ///
    /// # Errors
    /// [`CallError::NotInRules`] outside go9; go9's own refusal (no move yet, or the game
    /// ended by a call).
    fn undo(&mut self) -> Result<Self::Move, CallError> {
        Err(CallError::NotInRules {
            call: "undo",
            game: Self::KIND,
        })
    }

    /// The game with the last `plies` moves taken back: move by move with
    /// [`CatalogGame::undo`] where the rules have it, else by replaying all but the last
    /// `plies` moves from the start of [`CatalogGame::spec`]. This is a program's "take
    /// back" for people playing, not a rule.
    ///
    /// # Errors
    /// [`CallError::Refused`] if fewer than `plies` moves were played.
    fn take_back(&self, plies: usize) -> Result<Self, CallError> {
        let moves = self.moves();
        let Some(keep) = moves.len().checked_sub(plies) else {
            return Err(CallError::Refused {
                reason: "no move to take back".into(),
            });
        };
        let mut state = Self::start(&self.spec()).ok_or_else(|| CallError::Refused {
            reason: "the game's spec starts another game".into(),
        })?;
        for &mv in &moves[..keep] {
            state.play(mv).map_err(|e| CallError::Refused {
                reason: e.to_string(),
            })?;
        }
        Ok(state)
    }

    /// The player sitting in `seat` (0 or 1): seat 0 is the first player, except in
    /// Kazura after the swap (K-8), where seat 0 (the opener) holds White. `None` for a
    /// seat other than 0 and 1.
    fn player_in_seat(&self, seat: usize) -> Option<Player> {
        (seat < 2).then(|| Player::from_index(seat))
    }

    /// The game's SGF record with the players' names (go9 only).
    ///
    /// # Errors
    /// [`RecordError::NoSgf`] for the other games.
    fn to_sgf(&self, names: &SgfNames) -> Result<String, RecordError> {
        let _ = names;
        Err(RecordError::NoSgf { game: Self::KIND })
    }
}

/// A computation over any game, given the concrete type: [`AnyGame::visit`] calls
/// [`GameVisitor::visit`] with the game inside, so the work is compiled for each game
/// (perft, benchmarks and matches run at the game's own speed).
///
/// ```
/// use game_catalog::{AnyGame, CatalogGame, GameVisitor};
///
/// struct Perft(u32);
/// impl GameVisitor for Perft {
///     type Output = u64;
///     fn visit<G: CatalogGame>(self, game: G) -> u64 {
///         game_core::perft(&game, self.0)
///     }
/// }
/// let game = AnyGame::parse_spec("bind")?;
/// assert_eq!(game.visit(Perft(1)), 30);
/// # Ok::<(), game_catalog::SpecError>(())
/// ```
pub trait GameVisitor {
    /// What the computation returns.
    type Output;
    /// Runs on `game`, whichever game it is.
    fn visit<G: CatalogGame>(self, game: G) -> Self::Output;
}

// Each game's implementation of the trait.
mod impls;

/// `G::KIND` of a value (for the dispatch macro).
pub(crate) fn kind_of<G: CatalogGame>(_: &G) -> GameKind {
    G::KIND
}

/// `G::PLAYER_NAMES` of a value.
pub(crate) fn player_names_of<G: CatalogGame>(_: &G) -> [&'static str; 2] {
    G::PLAYER_NAMES
}

/// `G::RESIGNATION` of a value.
pub(crate) fn resignation_of<G: CatalogGame>(_: &G) -> bool {
    G::RESIGNATION
}
