//! A position to start a game from: the stones of each colour and the player to move.

use board_geometry::Point;
use game_core::{ByPlayer, Player};

use crate::error::SetupError;
use crate::state::Go9;

/// A position to start a game from (SGF `AB`/`AW` with `PL`; G-4): the stones of each
/// colour (Black's are `stones.first`, White's `stones.second`) and the player to move.
/// [`Go9::from_setup`] checks it; [`Go9::setup`] gives back the one a game started from.
///
/// ```
/// use go9::{ByPlayer, Go9, Player, Setup, parse_point};
/// let stones = ByPlayer::new(vec![parse_point("C3")?], vec![parse_point("G7")?]);
/// let setup = Setup::new(stones, Player::Second);
/// let game = Go9::from_setup(setup.clone())?;
/// assert_eq!(game.setup(), setup);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Setup {
    /// The stones of each colour: Black's (the first player's) and White's.
    pub stones: ByPlayer<Vec<Point>>,
    /// The player to move first (the default: Black).
    pub to_move: Player,
}

impl Default for Setup {
    /// The empty board, Black to move (G-1).
    fn default() -> Setup {
        Setup::new(ByPlayer::default(), Player::First)
    }
}

impl Setup {
    /// A set-up position with these stones and `to_move` to play.
    #[must_use]
    pub fn new(stones: ByPlayer<Vec<Point>>, to_move: Player) -> Setup {
        Setup { stones, to_move }
    }
}

/// The trait form of [`Go9::from_setup`] and [`Go9::setup`], for code generic over the
/// games.
impl game_core::FromSetup for Go9 {
    type Setup = Setup;
    type SetupError = SetupError;

    fn from_setup(setup: Setup) -> Result<Go9, SetupError> {
        Go9::from_setup(setup)
    }

    fn setup(&self) -> Setup {
        Go9::setup(self)
    }
}
