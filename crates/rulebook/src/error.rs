//! Errors of the `rulebook` program and their exit statuses.

use thiserror::Error;

/// What went wrong in a `rulebook` command. Every variant exits with status 2, except
/// file-system failures (status 1).
#[derive(Debug, Error)]
pub enum CliError {
    /// A game name no build of the program knows.
    #[error("unknown game `{0}`: the games are kazura, bao, go9, bind")]
    UnknownGame(String),
    /// A game this build does not have yet.
    #[error("game `{0}` is not available in this build of rulebook yet")]
    NotRegistered(String),
    /// A bad option value or an option that does not apply.
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
            CliError::Io { .. } => 1,
            _ => 2,
        }
    }
}
