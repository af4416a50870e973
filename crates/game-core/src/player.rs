//! The two players and per-player containers.

/// One of the two players, by the order they move in: `First` moves first
/// (Black in Kazura, Go and Bind; South in Bao).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The player who makes the first move of the game.
    First,
    /// The other player.
    Second,
}

impl Player {
    /// Both players, first one first.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The opponent.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// The player with index 0 or 1.
    ///
    /// # Panics
    /// If `index` is 2 or more.
    #[must_use]
    pub const fn from_index(index: usize) -> Player {
        match index {
            0 => Player::First,
            1 => Player::Second,
            _ => panic!("a player index is 0 or 1"),
        }
    }
}

/// One value per player (hands, scores, prisoners), indexed by [`Player`].
///
/// ```
/// use game_core::{ByPlayer, Player};
/// let mut hands = ByPlayer::new(12, 12);
/// hands[Player::First] -= 3;
/// assert_eq!(hands.map(|h| h * 2), ByPlayer::new(18, 24));
/// assert_eq!(hands.iter().sum::<i32>(), 21);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// The first player's value.
    pub first: T,
    /// The second player's value.
    pub second: T,
}

impl<T> ByPlayer<T> {
    /// A pair from the first and the second player's values.
    pub const fn new(first: T, second: T) -> ByPlayer<T> {
        ByPlayer { first, second }
    }

    /// The same value for both players.
    pub fn splat(value: T) -> ByPlayer<T>
    where
        T: Clone,
    {
        ByPlayer {
            first: value.clone(),
            second: value,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer {
            first: f(self.first),
            second: f(self.second),
        }
    }

    /// Pairs the values of two containers.
    pub fn zip<U>(self, other: ByPlayer<U>) -> ByPlayer<(T, U)> {
        ByPlayer {
            first: (self.first, other.first),
            second: (self.second, other.second),
        }
    }

    /// The values, first player's first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        [&self.first, &self.second].into_iter()
    }
}

impl<T> std::ops::Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, player: Player) -> &T {
        match player {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }
}

impl<T> std::ops::IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::First => &mut self.first,
            Player::Second => &mut self.second,
        }
    }
}
