//! The serde adapters of [`Setup`](super::Setup)'s fields, which keep its JSON the record's
//! state object: a per-player value is the array `[south, north]`, a player the number 0
//! (south) or 1 (north), the reason its word. A value that is none of these is refused with
//! a message that names the field and the value.

use std::fmt;
use std::marker::PhantomData;

use game_core::{ByPlayer, Player};
use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::ReasonName;

/// Writes a per-player value as `[south, north]`.
pub(super) fn pair<T: Serialize, S: Serializer>(
    pair: &ByPlayer<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    [&pair.first, &pair.second].serialize(serializer)
}

/// Reads `pits`, `[south, north]`.
pub(super) fn pits<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<ByPlayer<[[u8; 8]; 2]>, D::Error> {
    read_pair(deserializer, "pits")
}

/// Reads `reserve`, `[south, north]`.
pub(super) fn reserve<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<ByPlayer<u8>, D::Error> {
    read_pair(deserializer, "reserve")
}

/// Reads `nyakuaReserve`, `[south, north]`.
pub(super) fn nyakua_reserve<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<ByPlayer<u8>, D::Error> {
    read_pair(deserializer, "nyakuaReserve")
}

/// Reads `houseOwned`, `[south, north]`.
pub(super) fn house_owned<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<ByPlayer<bool>, D::Error> {
    read_pair(deserializer, "houseOwned")
}

/// Reads `pending`, `[south, north]`.
pub(super) fn pending<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<ByPlayer<u8>, D::Error> {
    read_pair(deserializer, "pending")
}

fn read_pair<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
    field: &'static str,
) -> Result<ByPlayer<T>, D::Error> {
    deserializer.deserialize_seq(PairVisitor {
        field,
        value: PhantomData,
    })
}

/// Exactly two values, south's then north's, of the field `field`.
struct PairVisitor<T> {
    field: &'static str,
    value: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for PairVisitor<T> {
    type Value = ByPlayer<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "two values [south, north] for `{}`", self.field)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ByPlayer<T>, A::Error> {
        let Some(south) = seq.next_element()? else {
            return Err(de::Error::invalid_length(0, &self));
        };
        let Some(north) = seq.next_element()? else {
            return Err(de::Error::invalid_length(1, &self));
        };
        let mut length = 2;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            length += 1;
        }
        if length == 2 {
            Ok(ByPlayer::new(south, north))
        } else {
            Err(de::Error::invalid_length(length, &self))
        }
    }
}

/// The number of a player: 0 south, 1 north.
fn number(player: Player) -> u8 {
    player.index() as u8
}

/// `player`: 0 (south) or 1 (north).
pub(super) mod player {
    use game_core::Player;
    use serde::{Deserializer, Serialize, Serializer};

    use super::PlayerNumber;

    pub(in crate::setup) fn serialize<S: Serializer>(
        player: &Player,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        super::number(*player).serialize(serializer)
    }

    pub(in crate::setup) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Player, D::Error> {
        deserializer.deserialize_u64(PlayerNumber::PLAYER)
    }
}

/// `winner`: `null`, 0 (south) or 1 (north).
pub(super) mod winner {
    use game_core::Player;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::PlayerNumber;

    pub(in crate::setup) fn serialize<S: Serializer>(
        winner: &Option<Player>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        winner.map(super::number).serialize(serializer)
    }

    pub(in crate::setup) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Player>, D::Error> {
        Ok(Option::<Winner>::deserialize(deserializer)?.map(|Winner(player)| player))
    }

    /// A winner that is not `null`.
    struct Winner(Player);

    impl<'de> Deserialize<'de> for Winner {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Winner, D::Error> {
            deserializer
                .deserialize_u64(PlayerNumber::WINNER)
                .map(Winner)
        }
    }
}

/// A player's number in the field `field`, which may also be one of `choices`.
struct PlayerNumber {
    field: &'static str,
    choices: &'static str,
}

impl PlayerNumber {
    const PLAYER: PlayerNumber = PlayerNumber {
        field: "player",
        choices: "0 (south) or 1 (north)",
    };
    const WINNER: PlayerNumber = PlayerNumber {
        field: "winner",
        choices: "null, 0 (south) or 1 (north)",
    };

    fn not_a_player<E: de::Error>(&self, number: impl fmt::Display) -> E {
        E::custom(format_args!(
            "{} {number} is not a player: use {}",
            self.field, self.choices
        ))
    }
}

impl Visitor<'_> for PlayerNumber {
    type Value = Player;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` as {}", self.field, self.choices)
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<Player, E> {
        match number {
            0 => Ok(Player::First),
            1 => Ok(Player::Second),
            _ => Err(self.not_a_player(number)),
        }
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<Player, E> {
        match u64::try_from(number) {
            Ok(number) => self.visit_u64(number),
            Err(_) => Err(self.not_a_player(number)),
        }
    }
}

impl Serialize for ReasonName {
    /// The record's word ([`ReasonName::word`]).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

impl<'de> Deserialize<'de> for ReasonName {
    /// Reads the record's word; any other string is refused with a message naming it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ReasonName, D::Error> {
        deserializer.deserialize_str(ReasonWord)
    }
}

const REASONS: [ReasonName; 4] = [
    ReasonName::Ongoing,
    ReasonName::FrontEmpty,
    ReasonName::NoMove,
    ReasonName::RelayLimit,
];

/// The words of `reason`.
struct ReasonWord;

impl Visitor<'_> for ReasonWord {
    type Value = ReasonName;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(r#"`reason` as "", "front-empty", "no-move" or "relay-limit""#)
    }

    fn visit_str<E: de::Error>(self, word: &str) -> Result<ReasonName, E> {
        REASONS
            .into_iter()
            .find(|reason| reason.word() == word)
            .ok_or_else(|| {
                E::custom(format_args!(
                    r#"reason {word:?} is unknown: use "", "front-empty", "no-move" or "relay-limit""#
                ))
            })
    }
}
