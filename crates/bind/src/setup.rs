//! A plain description of a position, checked into a [`Bind`].

use game_core::{ByPlayer, Player};
use thiserror::Error;

use crate::end::EndReason;
use crate::state::{Bind, NAMES};
use crate::variant::{Variant, VariantError};

/// A player as records and set-ups spell it, by colour: `"black"` (the first player,
/// rule 2) or `"white"`. In Rust it is a [`Player`].
#[cfg(feature = "serde")]
pub(crate) mod colour_name {
    use game_core::Player;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The JSON's words (its errors name them: "expected `black` or `white`").
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Colour {
        Black,
        White,
    }

    impl From<Player> for Colour {
        fn from(player: Player) -> Colour {
            match player {
                Player::First => Colour::Black,
                Player::Second => Colour::White,
            }
        }
    }

    impl From<Colour> for Player {
        fn from(colour: Colour) -> Player {
            match colour {
                Colour::Black => Player::First,
                Colour::White => Player::Second,
            }
        }
    }

    pub(crate) fn serialize<S: Serializer>(
        player: &Player,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        Colour::from(*player).serialize(serializer)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Player, D::Error> {
        Colour::deserialize(deserializer).map(Player::from)
    }

    /// An optional player (who resigned), `null` or absent for none.
    pub(crate) mod option {
        use game_core::Player;
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        use super::Colour;

        pub(crate) fn serialize<S: Serializer>(
            player: &Option<Player>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            player.map(Colour::from).serialize(serializer)
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<Player>, D::Error> {
            Ok(Option::<Colour>::deserialize(deserializer)?.map(Player::from))
        }
    }
}

/// The per-colour fields of a [`Setup`] in JSON: `{"black": …, "white": …}` (a
/// [`ByPlayer`] in Rust, Black first).
#[cfg(feature = "serde")]
mod by_colour {
    use game_core::ByPlayer;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct PerColour<T> {
        black: T,
        white: T,
    }

    pub(super) fn serialize<T: Serialize, S: Serializer>(
        value: &ByPlayer<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        PerColour {
            black: &value.first,
            white: &value.second,
        }
        .serialize(serializer)
    }

    pub(super) fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<ByPlayer<T>, D::Error> {
        let PerColour { black, white } = PerColour::deserialize(deserializer)?;
        Ok(ByPlayer::new(black, white))
    }
}

/// A position written out in plain fields, not necessarily legal: [`Bind::from_setup`]
/// checks it into a game, [`Bind::setup`] writes a game's position out.
///
/// Start from [`Setup::new`] (a variant's start position) or [`Bind::setup`] and change
/// the fields. With the `serde` feature it is also JSON (the per-colour fields as
/// `{"black": …, "white": …}`); a `Record` of a game set up this way
/// carries it as its `start`.
///
/// ```
/// use bind::{Bind, Player, Setup, Variant};
/// let start = Bind::new(Variant::MINI);
/// let mut setup = start.setup();
/// assert_eq!(setup, Setup::new(Variant::MINI));
/// assert_eq!(setup.board[0], ".....");
/// assert_eq!(Bind::from_setup(setup.clone())?, start);
/// // Black has made its first move: three pieces on the bottom row.
/// setup.board[4] = "BBB..".into();
/// setup.hands[Player::First] = 9;
/// setup.first_move_due[Player::First] = false;
/// setup.to_move = Player::Second;
/// setup.ply = 1;
/// let game = Bind::from_setup(setup)?;
/// assert_eq!(game.hand(Player::First), 9);
/// assert!(game.moves().is_empty()); // its history starts at the set-up position
/// # Ok::<(), bind::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Setup {
    /// The board side (3–25).
    pub size: usize,
    /// Pieces per colour (3 to the number of squares).
    pub pieces: usize,
    /// The board's rows, top row first, one character per square from column A:
    /// `B` black, `W` white, `.` empty.
    pub board: Vec<String>,
    /// Pieces in each hand.
    #[cfg_attr(feature = "serde", serde(with = "by_colour"))]
    pub hands: ByPlayer<usize>,
    /// Who moves next (`"black"` or `"white"` in JSON).
    #[cfg_attr(feature = "serde", serde(with = "colour_name"))]
    pub to_move: Player,
    /// Which colours have yet to make their first move (rule 6).
    #[cfg_attr(feature = "serde", serde(with = "by_colour"))]
    pub first_move_due: ByPlayer<bool>,
    /// Moves played so far (N-13).
    pub ply: usize,
    /// Who resigned, if anyone (N-15; `"black"` or `"white"` in JSON).
    #[cfg_attr(
        feature = "serde",
        serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "colour_name::option"
        )
    )]
    pub resigned: Option<Player>,
}

impl Setup {
    /// The start position of `variant` (rule 2): an empty board, every piece in hand, both
    /// first moves due, Black to move at ply 0.
    #[must_use]
    pub fn new(variant: Variant) -> Setup {
        Bind::new(variant).setup()
    }
}

/// Why a [`Setup`] is not a Bind position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The size or piece count is out of range.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The board has the wrong number of rows.
    #[error("the board has {found} rows, but a {size}x{size} board needs {size}")]
    RowCount {
        /// Rows given.
        found: usize,
        /// The board side.
        size: usize,
    },
    /// A row has the wrong number of squares.
    #[error("board row {row} has {found} squares, but the board is {size} wide")]
    RowLength {
        /// The row number in the notation (1 at the bottom).
        row: usize,
        /// Squares given.
        found: usize,
        /// The board side.
        size: usize,
    },
    /// A character other than `B`, `W` and `.` on the board.
    #[error("board row {row} holds `{found}`: a square is `B` (black), `W` (white) or `.`")]
    Square {
        /// The row number in the notation (1 at the bottom).
        row: usize,
        /// The character found.
        found: char,
    },
    /// Hand and board do not add up to the piece count (N-2).
    #[error(
        "{colour} has {hand} in hand and {on_board} on the board, which is not its {pieces} \
         pieces (N-2)"
    )]
    PieceCount {
        /// The colour.
        colour: &'static str,
        /// Pieces in its hand.
        hand: usize,
        /// Its pieces on the board.
        on_board: usize,
        /// The variant's count.
        pieces: usize,
    },
    /// A colour whose first move is due already has pieces on the board.
    #[error("{colour}'s first move is due, so none of its pieces may be on the board")]
    FirstMoveAfterPlaying {
        /// The colour.
        colour: &'static str,
    },
    /// The first moves are out of order (Black moves first, then White, rule 2 and 6).
    #[error(
        "first moves out of order: while black's first move is due it is black's turn, \
         ply 0, and white's first move is due too; while only white's is due it is white's turn"
    )]
    FirstMoveOrder,
    /// The colour to move has an empty hand: it won with its last move (N-12), after which
    /// the other colour is to move.
    #[error(
        "{colour} is to move with no piece in hand, but a colour that places its last piece \
         has won and the other colour is to move (N-12)"
    )]
    EmptyHandToMove {
        /// The colour to move.
        colour: &'static str,
    },
    /// A resignation in a position the rules have already ended (N-15).
    #[error("{colour} cannot have resigned: the game was already over ({outcome})")]
    ResignedAfterEnd {
        /// The colour said to have resigned.
        colour: &'static str,
        /// How the rules ended the game.
        outcome: String,
    },
}

impl Bind {
    /// The game at the position a [`Setup`] describes, after checking it. Its history
    /// ([`Bind::moves`]) starts empty at that position; its record starts from it.
    ///
    /// # Errors
    /// The first [`SetupError`] found.
    pub fn from_setup(setup: Setup) -> Result<Bind, SetupError> {
        let variant = Variant::custom(setup.size, setup.pieces)?;
        let size = variant.size();
        if setup.board.len() != size {
            return Err(SetupError::RowCount {
                found: setup.board.len(),
                size,
            });
        }
        let mut board = vec![None; size * size];
        let mut on_board = ByPlayer::splat(0usize);
        for (i, text) in setup.board.iter().enumerate() {
            let row = size - 1 - i;
            let found = text.chars().count();
            if found != size {
                return Err(SetupError::RowLength {
                    row: row + 1,
                    found,
                    size,
                });
            }
            for (col, ch) in text.chars().enumerate() {
                let owner = match ch {
                    'B' | 'b' => Some(Player::First),
                    'W' | 'w' => Some(Player::Second),
                    '.' => None,
                    found => {
                        return Err(SetupError::Square {
                            row: row + 1,
                            found,
                        });
                    }
                };
                if let Some(owner) = owner {
                    on_board[owner] += 1;
                }
                board[row * size + col] = owner;
            }
        }
        let (hands, first_move_due) = (setup.hands, setup.first_move_due);
        for player in Player::BOTH {
            let colour = NAMES[player.index()];
            if hands[player].checked_add(on_board[player]) != Some(variant.pieces()) {
                return Err(SetupError::PieceCount {
                    colour,
                    hand: hands[player],
                    on_board: on_board[player],
                    pieces: variant.pieces(),
                });
            }
            if first_move_due[player] && on_board[player] > 0 {
                return Err(SetupError::FirstMoveAfterPlaying { colour });
            }
        }
        let to_move = setup.to_move;
        let order_ok = if first_move_due.first {
            to_move == Player::First && setup.ply == 0 && first_move_due.second
        } else {
            !first_move_due.second || to_move == Player::Second
        };
        if !order_ok {
            return Err(SetupError::FirstMoveOrder);
        }
        if hands[to_move] == 0 {
            return Err(SetupError::EmptyHandToMove {
                colour: NAMES[to_move.index()],
            });
        }
        let mut state = Bind::from_parts(
            variant,
            &board,
            hands.map(|h| h as u16),
            first_move_due,
            to_move,
            setup.ply,
        );
        if !first_move_due.first {
            // Not the variant's start: the history begins here.
            state.start_history_here();
        }
        if let Some(player) = setup.resigned {
            state
                .resign(player)
                .map_err(|_| SetupError::ResignedAfterEnd {
                    colour: NAMES[player.index()],
                    outcome: game_core::Game::outcome_text(&state),
                })?;
        }
        Ok(state)
    }

    /// The current position as a plain [`Setup`] (without the history).
    #[must_use]
    pub fn setup(&self) -> Setup {
        let variant = self.variant();
        Setup {
            size: variant.size(),
            pieces: variant.pieces(),
            board: self.board_rows(),
            hands: ByPlayer::new(self.hand(Player::First), self.hand(Player::Second)),
            to_move: game_core::Game::to_move(self),
            first_move_due: ByPlayer::new(
                self.first_move_due(Player::First),
                self.first_move_due(Player::Second),
            ),
            ply: game_core::Game::ply(self),
            resigned: match self.end_reason() {
                Some(EndReason::Resigned { loser }) => Some(loser),
                _ => None,
            },
        }
    }
}

impl TryFrom<Setup> for Bind {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Bind, SetupError> {
        Bind::from_setup(setup)
    }
}

impl From<&Bind> for Setup {
    fn from(state: &Bind) -> Setup {
        state.setup()
    }
}

/// The trait form of [`Bind::from_setup`] and [`Bind::setup`], for code generic over the
/// games.
impl game_core::FromSetup for Bind {
    type Setup = Setup;
    type SetupError = SetupError;

    fn from_setup(setup: Setup) -> Result<Bind, SetupError> {
        Bind::from_setup(setup)
    }

    fn setup(&self) -> Setup {
        Bind::setup(self)
    }
}
