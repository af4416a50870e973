//! The two colours and the two seats (K-2, K-8).

use std::fmt;

use game_core::Player;

/// A stone colour. The rules track colours, not seats (K-2): Black moves first, and after a
/// swap (K-8) the seats trade colours while the colour to move stays the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Colour {
    /// The colour that places the first stone.
    Black,
    /// The other colour.
    White,
}

impl Colour {
    /// Both colours, Black first.
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// The colour as a [`Player`] of the `Game` trait: Black is [`Player::First`].
    #[inline]
    #[must_use]
    pub const fn player(self) -> Player {
        match self {
            Colour::Black => Player::First,
            Colour::White => Player::Second,
        }
    }

    /// The colour of a [`Player`] of the `Game` trait.
    #[inline]
    #[must_use]
    pub const fn of_player(player: Player) -> Colour {
        match player {
            Player::First => Colour::Black,
            Player::Second => Colour::White,
        }
    }

    /// The name in lower case, as the `rulebook` contract prints it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A seat at the table: the person who placed the first stone, or the other one. The swap
/// (K-8) is the only thing that changes which seat holds which colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Seat {
    /// The player who placed the first stone (as Black).
    Opener,
    /// The player who answered the first stone (as White), and may swap.
    Responder,
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::Opener => "the opener",
            Seat::Responder => "the responder",
        })
    }
}
