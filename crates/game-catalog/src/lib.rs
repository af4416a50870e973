#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod actions;
mod any;
mod batch;
mod error;
mod game;
mod levels;
mod record;
mod spec;
mod tensors;
mod thinking;

pub use any::{AnyGame, LineError, PlayoutCount, SearchReport};
pub use batch::{Batch, BatchError, StepBuffers, StepOutputs};
pub use error::{
    ActionError, BufferSizeError, CallError, MoveError, OptionName, OptionStyle, RecordError,
    SpecError,
};
pub use game::{CatalogGame, GameVisitor};
pub use game_core::search::Level;
pub use game_core::{MAX_RECORD_BYTES, Outcome, Player};
pub use levels::{Clock, Computer, MAX_THREADS, no_clock_playouts};
pub use record::record_kind;
pub use spec::{GameKind, GameSpec, SpecOptions};
pub use thinking::Thinking;
