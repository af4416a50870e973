//! A plain description of a position, checked into a [`Bind`] (and the serde form of it).

use game_core::{ByPlayer, Player};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::state::{Bind, End, NAMES};
use crate::variant::{Variant, VariantError};

/// A colour as records spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Black, the first player (rule 2).
    Black,
    /// White.
    White,
}

impl From<Colour> for Player {
    fn from(colour: Colour) -> Player {
        match colour {
            Colour::Black => Player::First,
            Colour::White => Player::Second,
        }
    }
}

impl From<Player> for Colour {
    fn from(player: Player) -> Colour {
        match player {
            Player::First => Colour::Black,
            Player::Second => Colour::White,
        }
    }
}

/// One value per colour, as records spell it (`{"black": …, "white": …}`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerColour<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> PerColour<T> {
    fn into_by_player(self) -> ByPlayer<T> {
        ByPlayer::new(self.black, self.white)
    }
}

/// A position written out in plain fields, not necessarily legal. [`Bind::from_setup`]
/// checks it; serde reads and writes a [`Bind`] through this form.
///
/// ```
/// use bind::{Bind, Setup, Variant};
/// let start = Bind::new(Variant::MINI);
/// let setup = start.to_setup();
/// assert_eq!(setup.board[0], ".....");
/// assert_eq!(Bind::from_setup(&setup)?, start);
/// # Ok::<(), bind::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The board side (3–25).
    pub size: usize,
    /// Pieces per colour (3 to the number of squares).
    pub pieces: usize,
    /// The board's rows, top row first, one character per square from column A:
    /// `B` black, `W` white, `.` empty.
    pub board: Vec<String>,
    /// Pieces in each hand.
    pub hands: PerColour<usize>,
    /// Who moves next.
    pub to_move: Colour,
    /// Which colours have yet to make their first move (rule 6).
    pub first_move_due: PerColour<bool>,
    /// Moves played so far (N-13).
    pub ply: usize,
    /// Who resigned, if anyone (N-15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Colour>,
}

/// Why a [`Setup`] is not a Bind position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
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
    /// The position a [`Setup`] describes, after checking it.
    ///
    /// # Errors
    /// The first [`SetupError`] found.
    pub fn from_setup(setup: &Setup) -> Result<Bind, SetupError> {
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
        let hands = setup.hands.into_by_player();
        let first_move_due = setup.first_move_due.into_by_player();
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
        let to_move = Player::from(setup.to_move);
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
        if let Some(colour) = setup.resigned {
            let player = Player::from(colour);
            state
                .resign(player)
                .map_err(|_| SetupError::ResignedAfterEnd {
                    colour: NAMES[player.index()],
                    outcome: game_core::Game::outcome_text(&state),
                })?;
        }
        Ok(state)
    }

    /// The position as a plain [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let variant = self.variant();
        Setup {
            size: variant.size(),
            pieces: variant.pieces(),
            board: self.board_rows(),
            hands: PerColour {
                black: self.hand(Player::First),
                white: self.hand(Player::Second),
            },
            to_move: Colour::from(game_core::Game::to_move(self)),
            first_move_due: PerColour {
                black: self.first_move_due(Player::First),
                white: self.first_move_due(Player::Second),
            },
            ply: game_core::Game::ply(self),
            resigned: match self.end() {
                Some(End::Resigned { loser }) => Some(Colour::from(loser)),
                _ => None,
            },
        }
    }
}

impl TryFrom<Setup> for Bind {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Bind, SetupError> {
        Bind::from_setup(&setup)
    }
}

impl From<Bind> for Setup {
    fn from(state: Bind) -> Setup {
        state.to_setup()
    }
}

impl Serialize for Bind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_setup().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Bind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Bind, D::Error> {
        let setup = Setup::deserialize(deserializer)?;
        Bind::from_setup(&setup).map_err(serde::de::Error::custom)
    }
}
