//! What the runner asks of an implementation: the [`Engine`] trait, its answers and how it
//! can fail.

use std::time::Duration;

use serde_json::{Map, Value};
use thiserror::Error;

use crate::format::{ResultWords, Score};

/// The game of a vector file: its name and options, as the header gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOptions {
    /// `kazura`, `bao`, `go9` or `bind`.
    pub game: String,
    /// The options, named as `rulebook`'s flags without `--`.
    pub options: Map<String, Value>,
}

impl GameOptions {
    /// The options as `rulebook` flags: `["--size", "9"]`.
    #[must_use]
    pub fn flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        for (name, value) in &self.options {
            flags.push(format!("--{name}"));
            flags.push(match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            });
        }
        flags
    }
}

/// The legal sets along a list of moves, and the result at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// `legal[k]`: the legal moves after the first `k` moves, `k` from 0 to the number of
    /// moves (in any order).
    pub legal: Vec<Vec<String>>,
    /// The result after the last move.
    pub result: ResultWords,
}

/// What an engine said of a move it was asked to refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProbeAnswer {
    /// It played the move.
    Accepted,
    /// It refused it; `class` is its reason class when the engine can tell one.
    Refused {
        /// The reason class, from the game's vocabulary, if known.
        class: Option<String>,
    },
}

/// A game's result as an engine reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct OutcomeAnswer {
    /// Winner word and, when the engine writes it, the OUTCOME text.
    pub result: ResultWords,
    /// go9's area count, when the engine gives one.
    pub score: Option<Score>,
}

/// What reading a record gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayAnswer {
    /// It replayed.
    Accepted {
        /// How many moves, when the engine says.
        plies: Option<usize>,
        /// The result.
        result: ResultWords,
    },
    /// It was refused.
    Refused {
        /// `true` when the text was read as no record at all, `None` when the engine does
        /// not tell.
        not_a_record: Option<bool>,
        /// The move the refusal names, if any.
        move_number: Option<usize>,
        /// The engine's words, for the report.
        message: String,
    },
}

/// Why an engine gave no answer to compare.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EngineFailure {
    /// The engine cannot do this (a case of this kind is skipped, not passed).
    #[error("not supported by this engine: {0}")]
    Unsupported(String),
    /// A move the case says is legal was refused.
    #[error("move {number} (`{text}`) was refused: {reason}")]
    MoveRefused {
        /// Counted from 1.
        number: usize,
        /// The move.
        text: String,
        /// The engine's words.
        reason: String,
    },
    /// No answer within the time allowed.
    #[error("timed out after {} s", .0.as_secs_f64())]
    TimedOut(Duration),
    /// The engine crashed or exited unexpectedly.
    #[error("engine crashed: {0}")]
    Crashed(String),
    /// The engine answered something that is not an answer.
    #[error("unreadable answer: {0}")]
    BadAnswer(String),
}

/// The answer of one question, or why there is none.
pub type Answer<T> = Result<T, EngineFailure>;

/// An implementation under test, asked one question at a time. Every question starts
/// from the standard start of `game` and plays `moves` first; an engine may keep state
/// between questions but must not let it change an answer.
pub trait Engine {
    /// A short name for reports.
    fn name(&self) -> String;

    /// The legal sets along `moves` and the result at the end.
    ///
    /// # Errors
    /// A refused move, or the engine's failure.
    fn trace(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Trace>;

    /// The player to move after `moves`, `None` when the game is over.
    ///
    /// # Errors
    /// A refused move, or the engine's failure.
    fn to_move(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Option<String>>;

    /// Whether `probe` is refused after `moves`, and why.
    ///
    /// # Errors
    /// A refused move of `moves`, or the engine's failure.
    fn probe(&mut self, game: &GameOptions, moves: &[String], probe: &str) -> Answer<ProbeAnswer>;

    /// Perft at depths 1 to `depth` after `moves`.
    ///
    /// # Errors
    /// A refused move, or the engine's failure.
    fn perft(&mut self, game: &GameOptions, moves: &[String], depth: usize) -> Answer<Vec<u64>>;

    /// The result after `moves`.
    ///
    /// # Errors
    /// A refused move, or the engine's failure.
    fn outcome(&mut self, game: &GameOptions, moves: &[String]) -> Answer<OutcomeAnswer>;

    /// Reads a record text of `game` in `format` (`json` or `sgf`).
    ///
    /// # Errors
    /// The engine's failure.
    fn replay(&mut self, game: &GameOptions, format: &str, text: &str) -> Answer<ReplayAnswer>;

    /// Runs a GTP session from a fresh engine and returns each response without its
    /// closing empty line.
    ///
    /// # Errors
    /// [`EngineFailure::Unsupported`] for an engine without GTP, or its failure.
    fn gtp(&mut self, commands: &[String]) -> Answer<Vec<String>> {
        let _ = commands;
        Err(EngineFailure::Unsupported("GTP".into()))
    }
}
