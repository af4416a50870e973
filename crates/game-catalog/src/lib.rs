//! One front door to the four games of the workspace.
#![forbid(unsafe_code)]

mod error;
mod spec;

pub use error::{
    ActionError, BufferSizeError, CallError, MoveError, OptionName, OptionStyle, RecordError,
    SpecError,
};
pub use spec::{GameKind, GameSpec, SpecOptions};
