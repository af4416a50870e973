#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod any;
mod any_bot;
mod batch;
mod bots;
mod descriptor;
mod error;
mod game;
mod levels;
mod record;
mod spec;
mod spec_read;
mod tensors;
mod thinking;

pub use any::{AnyGame, LineError, PlayoutCount, SearchReport};
pub use any_bot::AnyBot;
pub use batch::{Batch, BatchError, StepBuffers, StepOutputs};
pub use bots::{
    Bot, BotError, BotSpec, GtpBoard, GtpBot, ParseBotError, RandomBot, SearchBot, UctBot,
};
pub use descriptor::{
    Call, GameDescriptor, Parameter, ParameterDefault, ParameterType, descriptors,
};
pub use error::{
    ActionError, BufferSizeError, CallError, MoveError, OptionName, OptionStyle, RecordError,
    SpecError,
};
pub use game::{CatalogGame, GameVisitor};
pub use game_core::search::Level;
pub use game_core::{MAX_RECORD_BYTES, Outcome, Player};
pub use levels::{Computer, MAX_THREADS, SearchClock, no_clock_playouts};
pub use record::record_kind;
pub use spec::{GameKind, GameSpec, SpecOptions};
pub use spec_read::OptionValue;
pub use thinking::Thinking;

// One dependency is enough: every type the catalog's API names is reachable from here, so
// a program that depends on `game-catalog` alone can also call a game's own API
// (`game_catalog::kazura::Kazura::longest_paths`, `game_catalog::go9::SgfNames`, …).
// The games' crates are re-exported whole under the games' names, and the shared crates
// under their own; the items the catalog's signatures name most are at the top as well.

/// Kazura's own crate (`kazura-core`), whole: `Kazura`, `Colour`, `Move`, its record.
pub use kazura_core as kazura;

/// Bao Nakakamado's own crate (`bao-nyakua`), whole: `Bao`, `Ruleset`, `Setup`, its record.
pub use bao_nyakua as bao;

/// 9×9 Go's own crate (`go9`), whole: `Go9`, `SgfNames`, `Score`, its records.
pub use go9;

/// Bind's own crate (`bind`), whole: `Bind`, `Variant`, `Setup`, its record.
pub use bind;

/// The shared game trait and its tools (`game-core`): `Game`, perft, playouts, search.
pub use game_core;

/// The board coordinates the games share (`board-geometry`).
pub use kazura_core::board_geometry;

pub use bao_nyakua::Ruleset;
pub use bind::{Variant, VariantError};
pub use game_core::search::{Budget, Opponent, ResignRule, SearchConfig, SearchInfo, Searcher};
pub use game_core::{Encoded, Game, GameRng, RecordTextError, Recorded};
pub use go9::SgfNames;
pub use kazura_core::GeometryError;
