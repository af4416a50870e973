//! A position to start from: the board size, the stones of each colour and the player to
//! move, without history.

use board_geometry::Coord;
use game_core::{ByPlayer, Player};

use crate::colour::Colour;
use crate::state::STANDARD_SIZE;

/// A position without history, for [`crate::Kazura::from_setup`]: the board side, the
/// stones of each colour (Black's are `stones.first`, White's `stones.second`) and the
/// player to move ([`Player::First`] is Black).
///
/// [`crate::Kazura::setup`] gives the set-up of any state; the history, the swap and a
/// resignation are not part of it. A game started from a set-up with stones, or with White
/// to move, never offers the swap (K-8 is about Black's first stone of a game from the
/// empty board); the empty board with Black to move is the ordinary start, swap included.
///
/// ```
/// use kazura_core::{ByPlayer, Colour, Game, Kazura, Player, Setup, SetupError};
///
/// let black = vec!["B2".parse()?, "C2".parse()?];
/// let white = vec!["B3".parse()?];
/// let setup = Setup::new(5, ByPlayer::new(black, white), Player::Second);
/// let game = Kazura::from_setup(setup.clone())?;
/// assert_eq!(game.colour_to_move(), Colour::White);
/// assert_eq!(game.group_length_at("C2".parse()?), Some(2));
/// assert_eq!(game.setup(), setup);
///
/// // A 2×2 square of one colour is a loop (K-3): refused, naming the stone that closes it.
/// let square = ["A1", "B1", "A2", "B2"].map(|p| p.parse().unwrap()).to_vec();
/// let refused = Kazura::from_setup(Setup::new(5, ByPlayer::new(square, vec![]), Player::First));
/// assert_eq!(
///     refused,
///     Err(SetupError::ClosesLoop { point: "B2".parse()?, colour: Colour::Black })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Setup {
    /// The board side (2 to 25, K-1).
    pub size: usize,
    /// The stones of each colour: Black's (the first player's) and White's.
    pub stones: ByPlayer<Vec<Coord>>,
    /// The player to move: [`Player::First`] for Black, [`Player::Second`] for White.
    pub to_move: Player,
}

impl Setup {
    /// A set-up of side `size` with these stones and this player to move.
    #[must_use]
    pub fn new(size: usize, stones: ByPlayer<Vec<Coord>>, to_move: Player) -> Setup {
        Setup {
            size,
            stones,
            to_move,
        }
    }

    /// The empty board of side `size` with Black to move: the start of a game (K-2).
    #[must_use]
    pub fn empty(size: usize) -> Setup {
        Setup::new(size, ByPlayer::default(), Player::First)
    }

    /// The stones of `colour`.
    #[must_use]
    pub fn stones_of(&self, colour: Colour) -> &[Coord] {
        &self.stones[colour.player()]
    }

    /// Whether this is the start of a game: no stone, Black to move.
    #[must_use]
    pub fn is_start(&self) -> bool {
        self.stones.iter().all(Vec::is_empty) && self.to_move == Player::First
    }
}

impl Default for Setup {
    /// The empty 13×13 board with Black to move (K-1, K-2).
    fn default() -> Setup {
        Setup::empty(STANDARD_SIZE)
    }
}

/// The trait form of [`crate::Kazura::from_setup`] and [`crate::Kazura::setup`], for code
/// generic over the games.
impl game_core::FromSetup for crate::Kazura {
    type Setup = Setup;
    type SetupError = crate::SetupError;

    fn from_setup(setup: Setup) -> Result<crate::Kazura, crate::SetupError> {
        crate::Kazura::from_setup(setup)
    }

    fn setup(&self) -> Setup {
        crate::Kazura::setup(self)
    }
}
