//! What each game is, as data: [`GameDescriptor`], modelled on OpenSpiel's `GameType` and
//! `parameter_specification`. Front ends read their game lists, option names, defaults,
//! ranges and calls from here rather than naming a game's options or capabilities by hand.
//!
//! ```
//! use game_catalog::{Call, GameKind, OptionName};
//!
//! let go = GameKind::Go9.descriptor();
//! assert_eq!(go.long_name, "9x9 Go (Ttakji rules)");
//! assert!(go.has(Call::AgreedDraw) && !GameKind::Bind.descriptor().has(Call::AgreedDraw));
//! let size = GameKind::Kazura.descriptor().parameter(OptionName::Size).unwrap();
//! assert_eq!(size.default.to_string(), "13");
//! ```

use std::fmt;

use game_core::Player;

use crate::any::AnyGame;
use crate::error::{CallError, OptionName};
use crate::spec::{GameKind, GameSpec};

/// The values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParameterType {
    /// A whole number from `min` to `max`.
    WholeNumber {
        /// The least.
        min: usize,
        /// The most.
        max: usize,
    },
    /// One of these names (any case).
    Choice(&'static [&'static str]),
}

impl fmt::Display for ParameterType {
    /// `2–25` or `seed | reference`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParameterType::WholeNumber { min, max } if min == max => write!(f, "{min}"),
            ParameterType::WholeNumber { min, max } => write!(f, "{min}–{max}"),
            ParameterType::Choice(names) => f.write_str(&names.join(" | ")),
        }
    }
}

/// A parameter's value when it is not given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParameterDefault {
    /// This number.
    Number(usize),
    /// This name.
    Name(&'static str),
    /// None: the parameter is given only with others (Bind's custom `size` and `pieces`).
    Unset,
}

impl fmt::Display for ParameterDefault {
    /// `13`, `seed`, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParameterDefault::Number(n) => write!(f, "{n}"),
            ParameterDefault::Name(name) => f.write_str(name),
            ParameterDefault::Unset => f.write_str("none"),
        }
    }
}

/// One parameter of a game (a spec's option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// The option: its name is what a spec string, JSON and flags (`--size`) use.
    pub option: OptionName,
    /// The values it takes.
    pub values: ParameterType,
    /// Its value when not given.
    pub default: ParameterDefault,
    /// What it means, in one line.
    pub meaning: &'static str,
}

/// A call a game's rules may have beside moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Call {
    /// A player resigns (`AnyGame::resign`).
    Resignation,
    /// The last move is taken back (`AnyGame::undo`).
    Undo,
    /// Both players agree to a draw (`AnyGame::agree_draw`).
    AgreedDraw,
    /// A player loses on time, a result the rules record (`AnyGame::lose_on_time`).
    LossOnTime,
}

impl Call {
    /// Every call, in this order.
    pub const ALL: [Call; 4] = [
        Call::Resignation,
        Call::Undo,
        Call::AgreedDraw,
        Call::LossOnTime,
    ];

    /// The call's name, as errors say it: `resignation`, `undo`, `agreed draw`, `loss on
    /// time`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Call::Resignation => "resignation",
            Call::Undo => "undo",
            Call::AgreedDraw => "agreed draw",
            Call::LossOnTime => "loss on time",
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One game, described: what a front end lists, asks for and offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameDescriptor {
    /// The game.
    pub kind: GameKind,
    /// Its short name, as specs and `rulebook` write it: `go9`.
    pub name: &'static str,
    /// Its name for people: `9x9 Go (Ttakji rules)`.
    pub long_name: &'static str,
    /// The two players' names, the first player first: `black`, `white` (Bao: `south`,
    /// `north`).
    pub players: [&'static str; 2],
    /// Its parameters, in the order a canonical spec writes them.
    pub parameters: &'static [Parameter],
    /// The calls its rules have beside moves ([`GameDescriptor::has`]).
    pub calls: &'static [Call],
    /// Whether the players' seats can change colour during a game (Kazura's swap, K-8).
    pub seats_change: bool,
    /// Whether its records can be written and read as SGF (go9).
    pub sgf: bool,
    /// The version of the rules its answers follow, as the conformance vectors' `rules`
    /// field writes it: `go9/1`.
    pub rules_version: &'static str,
    /// The page of the workspace's documentation with its rule decisions:
    /// `docs/go9.md`.
    pub decisions_page: &'static str,
}

impl GameDescriptor {
    /// Whether the game's rules have `call`.
    #[must_use]
    pub fn has(&self, call: Call) -> bool {
        self.calls.contains(&call)
    }

    /// The parameter for `option`, if the game takes it.
    #[must_use]
    pub fn parameter(&self, option: OptionName) -> Option<&'static Parameter> {
        self.parameters.iter().find(|p| p.option == option)
    }
}

/// The side of a Kazura board (K-1).
const KAZURA_SIZE: Parameter = Parameter {
    option: OptionName::Size,
    values: ParameterType::WholeNumber {
        min: kazura_core::board_geometry::MIN_SIZE as usize,
        max: kazura_core::board_geometry::MAX_SIZE as usize,
    },
    default: ParameterDefault::Number(kazura_core::STANDARD_SIZE),
    meaning: "the board's side (K-1)",
};

/// The four descriptors, in [`GameKind::ALL`]'s order.
const DESCRIPTORS: [GameDescriptor; 4] = [
    GameDescriptor {
        kind: GameKind::Kazura,
        name: "kazura",
        long_name: "Kazura",
        players: ["black", "white"],
        parameters: &[KAZURA_SIZE],
        calls: &[Call::Resignation],
        seats_change: true,
        sgf: false,
        rules_version: "kazura/1",
        decisions_page: "docs/kazura.md",
    },
    GameDescriptor {
        kind: GameKind::Bao,
        name: "bao",
        long_name: "Bao Nakakamado (NYAKUA trial A)",
        players: ["south", "north"],
        parameters: &[Parameter {
            option: OptionName::Ruleset,
            values: ParameterType::Choice(&["seed", "reference"]),
            default: ParameterDefault::Name("seed"),
            meaning: "the rulebook's text as written, or the author's reference (B-19)",
        }],
        calls: &[],
        seats_change: false,
        sgf: false,
        rules_version: "bao/1",
        decisions_page: "docs/bao-nyakua.md",
    },
    GameDescriptor {
        kind: GameKind::Go9,
        name: "go9",
        long_name: "9x9 Go (Ttakji rules)",
        players: ["black", "white"],
        parameters: &[Parameter {
            option: OptionName::Size,
            values: ParameterType::WholeNumber {
                min: go9::SIZE,
                max: go9::SIZE,
            },
            default: ParameterDefault::Number(go9::SIZE),
            meaning: "the board's side: 9 only (G-1)",
        }],
        calls: &[
            Call::Resignation,
            Call::Undo,
            Call::AgreedDraw,
            Call::LossOnTime,
        ],
        seats_change: false,
        sgf: true,
        rules_version: "go9/1",
        decisions_page: "docs/go9.md",
    },
    GameDescriptor {
        kind: GameKind::Bind,
        name: "bind",
        long_name: "Bind",
        players: ["black", "white"],
        parameters: &[
            Parameter {
                option: OptionName::Variant,
                values: ParameterType::Choice(&["mini", "full"]),
                default: ParameterDefault::Name("mini"),
                meaning: "mini (5×5, 12 pieces each) or full (8×8, 30 each) (N-1)",
            },
            Parameter {
                option: OptionName::Size,
                values: ParameterType::WholeNumber {
                    min: bind::MIN_SIZE,
                    max: bind::MAX_SIZE,
                },
                default: ParameterDefault::Unset,
                meaning: "a custom game's side, with pieces instead of variant (N-1)",
            },
            Parameter {
                option: OptionName::Pieces,
                values: ParameterType::WholeNumber {
                    min: bind::MIN_PIECES,
                    max: bind::MAX_SIZE * bind::MAX_SIZE,
                },
                default: ParameterDefault::Unset,
                meaning: "a custom game's pieces per colour, at most side² (N-1)",
            },
        ],
        calls: &[Call::Resignation],
        seats_change: false,
        sgf: false,
        rules_version: "bind/1",
        decisions_page: "docs/bind.md",
    },
];

impl GameKind {
    /// The game's descriptor.
    #[must_use]
    pub const fn descriptor(self) -> &'static GameDescriptor {
        match self {
            GameKind::Kazura => &DESCRIPTORS[0],
            GameKind::Bao => &DESCRIPTORS[1],
            GameKind::Go9 => &DESCRIPTORS[2],
            GameKind::Bind => &DESCRIPTORS[3],
        }
    }
}

/// Every game's descriptor, in [`GameKind::ALL`]'s order.
#[must_use]
pub fn descriptors() -> &'static [GameDescriptor; 4] {
    &DESCRIPTORS
}

impl GameSpec {
    /// The game's descriptor.
    #[must_use]
    pub const fn descriptor(&self) -> &'static GameDescriptor {
        self.kind().descriptor()
    }

    /// The number of integer actions of a game of this spec (docs/actions.md).
    #[must_use]
    pub fn num_actions(&self) -> usize {
        AnyGame::new(self).num_actions()
    }

    /// The shape of a game's observation planes: `[planes, rows, columns]`.
    #[must_use]
    pub fn observation_shape(&self) -> [usize; 3] {
        AnyGame::new(self).observation_shape()
    }

    /// The most moves a game of this spec can last, or `None` where the rules set no bound
    /// (Bao). go9 ends at its 300th move (G-6). A Kazura game lasts at most
    /// `2 × size² + 1` moves: a pass is legal only while the other colour can place (K-6),
    /// so a placement follows it, and there is one swap at most (K-8). A Bind game lasts at
    /// most `4 × pieces`: every move but a pass lowers the two hands' sum by at least one
    /// (N-3, N-6, N-9), and a pass is never followed by another (N-11, N-16).
    #[must_use]
    pub fn max_game_length(&self) -> Option<usize> {
        match *self {
            GameSpec::Kazura { size } => Some(2 * size * size + 1),
            GameSpec::Bao { .. } => None,
            GameSpec::Go9 => Some(go9::MOVE_LIMIT),
            GameSpec::Bind { variant } => Some(4 * variant.pieces()),
        }
    }
}

impl AnyGame {
    /// The game's descriptor.
    #[must_use]
    pub fn descriptor(&self) -> &'static GameDescriptor {
        self.kind().descriptor()
    }

    /// Whether the game's rules have `call` ([`GameDescriptor::has`]).
    #[must_use]
    pub fn has(&self, call: Call) -> bool {
        self.descriptor().has(call)
    }

    /// Both players agree to a draw (go9, G-7).
    ///
    /// # Errors
    /// [`CallError::NotInRules`] where the rules have no agreed draw, the game's refusal
    /// otherwise (it is over); nothing changes.
    pub fn agree_draw(&mut self) -> Result<(), CallError> {
        match self {
            AnyGame::Go9(g) => g.agree_draw().map_err(refused),
            _ => Err(self.not_in_rules(Call::AgreedDraw)),
        }
    }

    /// `player` loses on time, a result the rules record (go9, G-7). In other games a
    /// front end that keeps clocks ends the game itself.
    ///
    /// # Errors
    /// [`CallError::NotInRules`] where the rules have no loss on time, the game's refusal
    /// otherwise (it is over); nothing changes.
    pub fn lose_on_time(&mut self, player: Player) -> Result<(), CallError> {
        match self {
            AnyGame::Go9(g) => g.lose_on_time(player).map_err(refused),
            _ => Err(self.not_in_rules(Call::LossOnTime)),
        }
    }

    /// The refusal of a call this game's rules do not have.
    fn not_in_rules(&self, call: Call) -> CallError {
        CallError::NotInRules {
            call: call.name(),
            game: self.kind(),
        }
    }
}

/// A game's own refusal of a call.
fn refused(error: impl fmt::Display) -> CallError {
    CallError::Refused {
        reason: error.to_string(),
    }
}
