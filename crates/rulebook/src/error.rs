//! Errors of the `rulebook` program and their exit statuses.

use thiserror::Error;

/// What went wrong in a `rulebook` command. Every variant exits with status 2, except
/// file-system failures (status 1).
#[derive(Debug, Error)]
pub enum CliError {
    /// An unknown game, an option the game does not take or a value out of range, as the
    /// catalog says it, with options named as the program's flags (`--size`).
    #[error("{}", .0.describe(game_catalog::OptionStyle::Flag))]
    Spec(#[from] game_catalog::SpecError),
    /// A bad option value of the program's own.
    #[error("{0}")]
    Options(String),
    /// A move of `--moves` that is malformed or illegal.
    #[error("move {number} (`{text}`): {reason}")]
    Move {
        /// The move's number, counted from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A record that does not replay.
    #[error("{path}: {reason}")]
    Record {
        /// The file.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `conformance` ran and some case failed, errored or could not be read (the output
    /// says which): exit status 1, no further message.
    #[error("some conformance cases did not pass")]
    Failed,
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

impl CliError {
    /// The process exit status for this error.
    #[must_use]
    pub fn exit_status(&self) -> u8 {
        match self {
            CliError::Io { .. } | CliError::Failed => 1,
            _ => 2,
        }
    }
}
