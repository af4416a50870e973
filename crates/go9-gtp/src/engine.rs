//! A GTP version 2 engine (G-14), generic over its input and output so tests and fuzzers
//! drive it in-process; `rulebook gtp` runs it on standard input and output.
//!
//! This module holds the engine's state, its settings and the GTP framing (reading lines,
//! ids and comments; writing `=`/`?` answers). The commands themselves are in `commands`
//! (the one table of names and handlers, and the handlers that ask about the position),
//! `genmove` (playing and generating moves, the search's budget, resigning) and `sgf`
//! (`loadsgf` and `printsgf`).

use std::io::{self, BufRead, Write};

use game_core::search::{Level, Opponent, ResignRule, Searcher};

use go9::{Go9, Go9Hooks, KOMI};

use crate::clock::GtpClock;

mod commands;
mod genmove;
mod sgf;
#[cfg(test)]
mod tests;

pub use commands::GTP_COMMANDS;

/// The answer to one command: success or failure, its text, and whether to stop.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GtpReply {
    /// `=` (true) or `?` (false).
    pub success: bool,
    /// The answer's text (may span lines).
    pub text: String,
    /// Whether the engine stops after this answer (`quit`).
    pub quit: bool,
}

impl GtpReply {
    fn ok(text: impl Into<String>) -> GtpReply {
        GtpReply {
            success: true,
            text: text.into(),
            quit: false,
        }
    }

    pub(crate) fn fail(text: impl Into<String>) -> GtpReply {
        GtpReply {
            success: false,
            text: text.into(),
            quit: false,
        }
    }
}

/// Moves in a row whose win rate is below the threshold before `genmove` resigns
/// ([`ResignRule::STANDARD`]'s streak; the tests' name for it).
#[cfg(test)]
pub const RESIGN_AFTER: u32 = ResignRule::STANDARD.streak;
/// Plies played before `genmove` may resign ([`ResignRule::STANDARD`]'s).
#[cfg(test)]
pub const RESIGN_FROM_PLY: usize = ResignRule::STANDARD.from_ply;

/// The GTP engine: a game, the searcher that plays it (its tree kept across `play` and
/// `genmove`), the level, the clock, the session's komi and the resignation rule.
#[derive(Debug)]
pub struct GtpEngine {
    state: Go9,
    searcher: Searcher<Go9, Go9Hooks>,
    level: Level,
    playouts: Option<u64>,
    /// Per colour: the resignation rule with its count of low genmoves (`None`: never).
    resign: Option<[ResignRule; 2]>,
    komi: f64,
    clock: GtpClock,
    file_access: bool,
    /// What the last `genmove` found, for `last_info`.
    last: String,
}

impl Default for GtpEngine {
    fn default() -> GtpEngine {
        GtpEngine::new()
    }
}

impl GtpEngine {
    /// A fresh engine on the empty board playing at [`Level::Normal`] on one thread with
    /// seed 0, komi 7, no clock and no resignation; `loadsgf`/`printsgf FILE` may use files.
    #[must_use]
    pub fn new() -> GtpEngine {
        GtpEngine::with_level(Level::Normal)
    }

    /// A fresh engine playing at `level` (its hooks and budget, `docs/go9.md`).
    #[must_use]
    pub fn with_level(level: Level) -> GtpEngine {
        GtpEngine {
            state: Go9::new(),
            searcher: Go9::opponent(level),
            level,
            playouts: None,
            resign: None,
            // Planted bug (tests only): komi 6 instead of 7 (G-10).
            komi: if game_core::planted::is("G-10") {
                f64::from(KOMI) - 1.0
            } else {
                f64::from(KOMI)
            },
            clock: GtpClock::default(),
            file_access: true,
            last: String::new(),
        }
    }

    /// Sets the playouts per `genmove` (at least 1) instead of the level's budget.
    #[must_use]
    pub fn with_playouts(mut self, playouts: usize) -> GtpEngine {
        self.playouts = Some(playouts.max(1) as u64);
        self
    }

    /// Seeds the search.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> GtpEngine {
        self.searcher.config_mut().seed = seed;
        self
    }

    /// Searches on this many threads (at least 1).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> GtpEngine {
        let config = self.searcher.config_mut();
        *config = config.with_threads(threads);
        self
    }

    /// `genmove` resigns when the search's win rate stays below `threshold` for a few moves
    /// in a row (game-core's [`ResignRule`] with this threshold: 3, from ply 20,
    /// `docs/go9.md`); 0 never resigns, and neither does `easy`.
    #[must_use]
    pub fn with_resign_threshold(mut self, threshold: f64) -> GtpEngine {
        self.resign = ResignRule::for_level(self.level)
            .map(|rule| [rule.with_threshold(threshold); 2])
            .filter(|_| threshold > 0.0);
        self
    }

    /// What the last `genmove` found: win rate, playouts, time and principal variation.
    #[must_use]
    pub fn last_info(&self) -> &str {
        &self.last
    }

    /// The session's komi (7 unless a controller sent `komi`).
    #[must_use]
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Forbids `loadsgf` and `printsgf FILE` (for fuzzing and untrusted controllers).
    #[must_use]
    pub fn without_files(mut self) -> GtpEngine {
        self.file_access = false;
        self
    }

    /// The current game.
    #[must_use]
    pub fn state(&self) -> &Go9 {
        &self.state
    }

    /// Reads commands from `input` until `quit` or the end of input, writing each answer
    /// to `output` in GTP form (`=id text` or `?id text`, then an empty line).
    ///
    /// # Errors
    /// Only failures to read or write.
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, mut output: W) -> io::Result<()> {
        for line in input.split(b'\n') {
            let line = line?;
            let text = String::from_utf8_lossy(&line);
            let Some((id, reply)) = self.execute_line(&text) else {
                continue;
            };
            let mark = if reply.success { '=' } else { '?' };
            let id = id.map(|n| n.to_string()).unwrap_or_default();
            let body = reply.text.trim_end_matches('\n');
            if body.is_empty() {
                write!(output, "{mark}{id}\n\n")?;
            } else {
                write!(output, "{mark}{id} {body}\n\n")?;
            }
            output.flush()?;
            if reply.quit {
                break;
            }
        }
        Ok(())
    }

    /// Handles one input line: `None` for an empty or comment line, otherwise the
    /// command's id (if given) and the reply.
    pub fn execute_line(&mut self, line: &str) -> Option<(Option<u64>, GtpReply)> {
        // GTP preprocessing: drop control characters but tab, tabs become spaces, and
        // everything after `#` is a comment.
        let cleaned: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let without_comment = cleaned.split('#').next().unwrap_or("");
        let mut words = without_comment.split_whitespace().peekable();
        let first = words.peek()?;
        // A GTP id is a decimal integer: digits only (`u64::from_str` would also take `+5`).
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            first.parse::<u64>().ok()
        } else {
            None
        };
        if id.is_some() {
            words.next();
        }
        let Some(command) = words.next() else {
            return Some((id, GtpReply::fail("syntax error: no command after the id")));
        };
        let args: Vec<&str> = words.collect();
        Some((id, self.execute(command, &args)))
    }

    /// Runs one command with its arguments.
    pub fn execute(&mut self, command: &str, args: &[&str]) -> GtpReply {
        let result = match commands::handler(command) {
            Some(handler) => handler(self, args),
            None => Err(GtpReply::fail(format!("unknown command: {command}"))),
        };
        result.unwrap_or_else(|e| e)
    }
}
