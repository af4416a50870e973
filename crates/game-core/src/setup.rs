//! Positions set up from a plain description, the way shakmaty's `FromSetup` works.

use std::error::Error;

/// A game state built from a plain description of a position, its `Setup`, and written
/// back out as one.
///
/// The split is shakmaty's: a `Setup` is plain data with public fields, not necessarily a
/// legal position (it may come from a file, a user, an editor); [`FromSetup::from_setup`]
/// checks it and gives the state, or a typed error that names what is wrong.
/// [`FromSetup::setup`] writes any state out again, without its history, so that
/// `from_setup(state.setup())` is the same position. Every game crate of the workspace
/// implements it, and each game's per-player fields in its `Setup` are
/// [`ByPlayer`](crate::ByPlayer) values.
///
/// ```
/// use game_core::{ByPlayer, FromSetup, Player};
///
/// /// Two piles, one per player; each takes from their own.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Piles { piles: ByPlayer<u32>, to_move: Player }
///
/// #[derive(Debug, PartialEq)]
/// struct TooBig(u32);
/// impl std::fmt::Display for TooBig {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "a pile of {} is over 100", self.0)
///     }
/// }
/// impl std::error::Error for TooBig {}
///
/// impl FromSetup for Piles {
///     type Setup = Piles; // a game this small is its own description
///     type SetupError = TooBig;
///     fn from_setup(setup: Piles) -> Result<Piles, TooBig> {
///         let too_big = setup.piles.iter().copied().find(|&pile| pile > 100);
///         match too_big {
///             Some(pile) => Err(TooBig(pile)),
///             None => Ok(setup),
///         }
///     }
///     fn setup(&self) -> Piles { self.clone() }
/// }
///
/// let setup = Piles { piles: ByPlayer::new(3, 5), to_move: Player::Second };
/// let state = Piles::from_setup(setup.clone()).unwrap();
/// assert_eq!(state.setup(), setup);
/// let too_big = Piles { piles: ByPlayer::new(3, 500), to_move: Player::First };
/// assert_eq!(Piles::from_setup(too_big), Err(TooBig(500)));
/// ```
pub trait FromSetup: Sized {
    /// The plain description of a position: public fields, checked only by
    /// [`FromSetup::from_setup`].
    type Setup: Clone;
    /// Why a set-up is not a position of the game.
    type SetupError: Error + Send + Sync + 'static;

    /// Checks `setup` and builds the state it describes, with no history.
    ///
    /// # Errors
    /// [`FromSetup::SetupError`] naming the first thing wrong (a point off the board, a
    /// count out of range, a position the rules cannot reach).
    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError>;

    /// The position of this state as a set-up, without its history:
    /// `from_setup(state.setup())` gives the same position.
    fn setup(&self) -> Self::Setup;
}
