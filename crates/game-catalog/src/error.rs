//! The catalog's typed errors. Each names what was wrong; every call that fails leaves the
//! game as it was.

use std::fmt;

use thiserror::Error;

use crate::spec::GameKind;

/// A game option's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OptionName {
    /// `size`: the board side.
    Size,
    /// `pieces`: Bind's pieces per colour.
    Pieces,
    /// `variant`: Bind's `mini` or `full`.
    Variant,
    /// `ruleset`: Bao's `seed` or `reference`.
    Ruleset,
}

impl OptionName {
    /// The name as a spec string and JSON write it: `size`, `pieces`, `variant`, `ruleset`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OptionName::Size => "size",
            OptionName::Pieces => "pieces",
            OptionName::Variant => "variant",
            OptionName::Ruleset => "ruleset",
        }
    }

    /// The option called `name` (any case).
    #[must_use]
    pub fn from_name(name: &str) -> Option<OptionName> {
        [
            OptionName::Size,
            OptionName::Pieces,
            OptionName::Variant,
            OptionName::Ruleset,
        ]
        .into_iter()
        .find(|o| o.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for OptionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How [`SpecError::describe`] writes an option's name: as a spec string or JSON field
/// (`size`) or as a command-line flag (`--size`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionStyle {
    /// `size` (what [`SpecError`]'s `Display` uses).
    #[default]
    Name,
    /// `--size`.
    Flag,
}

/// Why a name and options make no game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SpecError {
    /// No game has this name.
    #[error("unknown game `{name}`: the games are kazura, bao, go9, bind")]
    UnknownGame {
        /// The name given.
        name: String,
    },
    /// The game does not take this option.
    #[error("{}", self.describe(OptionStyle::Name))]
    NotApplicable {
        /// The game.
        game: GameKind,
        /// The option it does not take.
        option: OptionName,
    },
    /// Kazura's `size` is outside 2–25 (K-1).
    #[error("{}", self.describe(OptionStyle::Name))]
    KazuraSize {
        /// Why.
        reason: kazura_core::GeometryError,
    },
    /// Bao's `ruleset` is neither `seed` nor `reference`.
    #[error("{}", self.describe(OptionStyle::Name))]
    BaoRuleset {
        /// The ruleset given.
        given: String,
    },
    /// go9's `size` is not 9 (G-1).
    #[error("{}", self.describe(OptionStyle::Name))]
    Go9Size {
        /// The size given.
        size: usize,
    },
    /// Bind's `variant` or custom `size` and `pieces` are out of range (N-1).
    #[error(transparent)]
    BindVariant(#[from] bind::VariantError),
    /// Bind was given a variant and a custom size or piece count.
    #[error("{}", self.describe(OptionStyle::Name))]
    BindVariantAndSize,
    /// A custom Bind game needs both `size` and `pieces`.
    #[error("{}", self.describe(OptionStyle::Name))]
    BindMissing {
        /// The option missing.
        missing: OptionName,
        /// The option given.
        given: OptionName,
    },
    /// An option no game takes (`go9:foo=1`, `{"game": "go9", "foo": 1}`; JSON field names
    /// are exact, so `"Size"` is one too).
    #[error("unknown option `{name}`: the options are size, pieces, variant, ruleset")]
    UnknownOption {
        /// The name given.
        name: String,
    },
    /// An option given twice (`kazura:size=9,size=9`, or in a spec string and a flag), or a
    /// JSON spec with a field twice (`game` included).
    #[error("{name} is given twice")]
    RepeatedOption {
        /// The option's or field's name.
        name: String,
    },
    /// An option's value of the wrong form: a size that is no whole number (`size=-3`,
    /// `"size": "9"`), a name that is no string or empty.
    #[error("{option} `{value}` is not {expected}")]
    BadValue {
        /// The option.
        option: OptionName,
        /// The value as given (JSON values as JSON, Python's as their `repr`).
        value: String,
        /// What it must be: `a whole number`, `a string` or `a name`.
        expected: &'static str,
    },
    /// A spec string that is not `game` or `game:NAME=VALUE,…`.
    #[error("game spec `{text}`: {reason}")]
    Syntax {
        /// The whole spec.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A JSON spec that does not parse or has the wrong shape.
    #[error("game spec JSON: {reason}")]
    Json {
        /// The parser's message or the shape expected.
        reason: String,
    },
}

impl SpecError {
    /// The option this error is about: every error about a known option names it. `None`
    /// for an unknown game or option, a spec that does not parse, and JSON's `game` given
    /// twice.
    #[must_use]
    pub fn option(&self) -> Option<OptionName> {
        match self {
            SpecError::NotApplicable { option, .. } | SpecError::BadValue { option, .. } => {
                Some(*option)
            }
            SpecError::RepeatedOption { name } => OptionName::from_name(name),
            SpecError::KazuraSize { .. } | SpecError::Go9Size { .. } => Some(OptionName::Size),
            SpecError::BaoRuleset { .. } => Some(OptionName::Ruleset),
            SpecError::BindVariant(bind::VariantError::Name { .. }) => Some(OptionName::Variant),
            SpecError::BindVariant(bind::VariantError::Size { .. }) => Some(OptionName::Size),
            SpecError::BindVariant(_) => Some(OptionName::Pieces),
            SpecError::BindVariantAndSize => Some(OptionName::Variant),
            SpecError::BindMissing { missing, .. } => Some(*missing),
            _ => None,
        }
    }

    /// The message with option names written in `style` (`--size` for a command line).
    #[must_use]
    pub fn describe(&self, style: OptionStyle) -> String {
        let name = |option: OptionName| match style {
            OptionStyle::Name => option.name().to_string(),
            OptionStyle::Flag => format!("--{}", option.name()),
        };
        match self {
            SpecError::NotApplicable { game, option } => {
                format!("{} does not apply to {game}", name(*option))
            }
            SpecError::KazuraSize { reason } => {
                format!("{}: {reason} (K-1)", name(OptionName::Size))
            }
            SpecError::BaoRuleset { given } => format!(
                "{} {given} is not a bao ruleset: use seed or reference",
                name(OptionName::Ruleset)
            ),
            SpecError::Go9Size { size } => format!(
                "{} {size}: go9 is played on 9x9 only (the Ttakji rules, G-1)",
                name(OptionName::Size)
            ),
            SpecError::BindVariantAndSize => format!(
                "bind takes either {} or {} with {}, not both",
                name(OptionName::Variant),
                name(OptionName::Size),
                name(OptionName::Pieces)
            ),
            SpecError::BindMissing { missing, given } => format!(
                "a custom bind game needs {} with {}",
                name(*missing),
                name(*given)
            ),
            other => other.to_string(),
        }
    }
}

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in the game's notation; `reason` is the game's parse error.
    #[error("{reason}")]
    Parse {
        /// The text given.
        text: String,
        /// The game's own words.
        reason: String,
    },
    /// The move is not legal now; `reason` is the game's play error (occupied, superko,
    /// game over, …).
    #[error("{reason}")]
    Illegal {
        /// The move as given.
        text: String,
        /// The game's own words.
        reason: String,
    },
}

impl MoveError {
    /// The move's text as given.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            MoveError::Parse { text, .. } | MoveError::Illegal { text, .. } => text,
        }
    }
}

pub use game_core::encoding::{ActionError, BufferSizeError};

/// Why a call (resignation, undo) was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CallError {
    /// The game's rules do not have this call (Bao has no resignation; only go9 has undo).
    #[error("{game} has no {call} in its rules")]
    NotInRules {
        /// `undo` or `resignation` (the message reads "bao has no resignation in its rules").
        call: &'static str,
        /// The game.
        game: GameKind,
    },
    /// The game refused it; `reason` is its own words (the game is over, no move to take
    /// back, …).
    #[error("{reason}")]
    Refused {
        /// The game's own words.
        reason: String,
    },
}

/// Why a text did not load as a record.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is too long, not UTF-8, or could not be read.
    #[error(transparent)]
    Text(#[from] game_core::RecordTextError),
    /// No game's format marker was found (nor SGF's opening parenthesis).
    #[error("not a record of kazura, bao, go9 or bind (no format marker found)")]
    NotARecord,
    /// The text opens as JSON but is not JSON throughout (a file cut off, or edited by
    /// hand), so no marker can be read from it.
    #[error(
        "not a record of kazura, bao, go9 or bind: the text is not complete JSON ({reason}); is the file cut off?"
    )]
    BrokenJson {
        /// The JSON parser's words, with the line and column.
        reason: String,
    },
    /// The game's own record error, naming the first bad move (by its number) or field.
    #[error("{reason}")]
    Replay {
        /// The game the marker named.
        game: GameKind,
        /// The game's own words.
        reason: String,
    },
    /// The record is of another game than the one asked for.
    #[error("a record of {found}, not of {expected}")]
    OtherGame {
        /// The game asked for.
        expected: GameKind,
        /// The game the record is of.
        found: GameKind,
    },
    /// The format exists only for go9 (SGF).
    #[error("{game} has no SGF record")]
    NoSgf {
        /// The game asked.
        game: GameKind,
    },
}

impl RecordError {
    /// Whether the text was no record at all: no game's marker could be read from it
    /// ([`RecordError::NotARecord`], [`RecordError::BrokenJson`]).
    #[must_use]
    pub fn is_not_a_record(&self) -> bool {
        matches!(
            self,
            RecordError::NotARecord | RecordError::BrokenJson { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_names_write_the_same_messages() {
        let error = SpecError::BindMissing {
            missing: OptionName::Pieces,
            given: OptionName::Size,
        };
        assert_eq!(
            error.to_string(),
            "a custom bind game needs pieces with size"
        );
        assert_eq!(
            error.describe(OptionStyle::Flag),
            "a custom bind game needs --pieces with --size"
        );
        let unknown = SpecError::UnknownGame {
            name: "chess".into(),
        };
        assert_eq!(unknown.describe(OptionStyle::Flag), unknown.to_string());
    }

    #[test]
    fn option_names_read_in_any_case() {
        assert_eq!(OptionName::from_name("SIZE"), Some(OptionName::Size));
        assert_eq!(OptionName::from_name("colour"), None);
    }
}
