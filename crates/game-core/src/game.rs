//! The trait every rules crate implements.

use std::error::Error;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use crate::outcome::Outcome;
use crate::player::Player;
use crate::rng::GameRng;

/// A two-player game state: who is to move, which moves are legal, how they change the
/// state, and how the game stands.
///
/// The required core is small: [`legal_moves`](Game::legal_moves),
/// [`check_move`](Game::check_move) (which says *why* a move is illegal),
/// [`play_unchecked`](Game::play_unchecked) and the end queries. The checked
/// [`play`](Game::play), [`is_legal`](Game::is_legal) and
/// [`parse_move`](Game::parse_move) are provided on top of them.
///
/// Resignation, draw agreement and time loss are not moves: each game offers them as
/// separate calls, and perft never counts them.
pub trait Game: Clone + Debug {
    /// A move. Two moves are different when their notation (`Display`) differs.
    ///
    /// `FromStr` reads the game's notation case-insensitively without knowing the board;
    /// [`Game::parse_move`] adds the checks that need the state (a point off the board).
    ///
    /// It is `Send + Sync` (a plain value), so that search threads can share trees of moves.
    type Move: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + Send
        + Sync
        + FromStr<Err = Self::ParseMoveError>;
    /// Why a text is not a move.
    type ParseMoveError: Error + Send + Sync + 'static;
    /// Why a move is not legal in this state.
    type PlayError: Error + Send + Sync + 'static;
    /// Why a finished game ended, as a small value (an enum with the numbers it needs). It
    /// is `Copy`, so it owns no heap memory: [`Game::outcome`] returns it without
    /// allocating, and `Display` gives its words only when the outcome is shown.
    type EndReason: Copy + Debug + PartialEq + Display + Send + Sync + 'static;

    /// The game's name as the `rulebook` program spells it (`"kazura"`).
    const NAME: &'static str;
    /// The players' names in lower case, first mover first (`["black", "white"]`).
    const PLAYER_NAMES: [&'static str; 2];

    /// The player to move. After the game is over, the player who would have moved next.
    fn to_move(&self) -> Player;

    /// Clears `moves` and fills it with every legal move, each once. Empty exactly when
    /// the game is over. The caller reuses one buffer, so the hot path does not allocate.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// `Ok(())` if `mv` is legal now, otherwise the reason it is not.
    ///
    /// # Errors
    /// The game's [`Game::PlayError`] naming what is wrong (occupied point, game over, …).
    fn check_move(&self, mv: Self::Move) -> Result<(), Self::PlayError>;

    /// Plays `mv` without checking it, for search and playouts.
    ///
    /// # Panics
    /// May panic, or leave a state that breaks the game's invariants, if `mv` is not legal.
    /// It never causes undefined behaviour (the workspace forbids `unsafe`).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Whether the game is over (cheap: no allocation).
    fn is_over(&self) -> bool;

    /// The outcome: [`Outcome::Ongoing`] while the game goes on. It allocates nothing (search
    /// calls it at the end of every playout); the words come from the reason's `Display`.
    fn outcome(&self) -> Outcome<Self::EndReason>;

    /// Moves played so far (plies), counted from the start position.
    fn ply(&self) -> usize;

    /// Plays `mv` if it is legal. On error the state is exactly as it was.
    ///
    /// # Errors
    /// The reason from [`Game::check_move`].
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::PlayError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether `mv` is legal now.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Reads a move in the game's notation, checked against this state's board (a point
    /// off the board is a parse error). The default only uses `FromStr`.
    ///
    /// # Errors
    /// [`Game::ParseMoveError`] naming what is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError> {
        text.parse()
    }

    /// A uniformly random legal move, or `None` when the game is over: for the same generator
    /// state it must be the move `legal_moves(moves)[rng.below(moves.len())]` gives. The
    /// default does exactly that; a game may override it with a faster equivalent (Kazura
    /// picks the k-th point of its legal set without building the list). The random-game
    /// checker tests that an override agrees with the default.
    fn random_move(&self, rng: &mut GameRng, moves: &mut Vec<Self::Move>) -> Option<Self::Move> {
        self.legal_moves(moves);
        rng.choose(moves).copied()
    }

    /// The outcome as the `rulebook` contract prints it after `result: `. A game may add
    /// what the reason alone does not hold (Kazura adds every group length).
    fn outcome_text(&self) -> String {
        self.outcome().describe(Self::PLAYER_NAMES).to_string()
    }
}
