//! The vector files of `conformance/FORMAT.md`, read and written: a [`Header`] line, then
//! one [`Case`] per line.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

/// The `format` field of every header.
pub const FORMAT_NAME: &str = "boardrules-conformance";

/// The format version this crate reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The first line of a vector file: what the cases are about and where their answers come
/// from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always [`FORMAT_NAME`].
    pub format: String,
    /// The format version, [`FORMAT_VERSION`].
    pub version: u32,
    /// `kazura`, `bao`, `go9` or `bind`.
    pub game: String,
    /// The game's options, named as `rulebook`'s flags without `--`.
    pub options: Map<String, Value>,
    /// The rules version the answers follow, `GAME/N`.
    pub rules: String,
    /// One sentence on the move notation.
    pub notation: String,
    /// The reason classes an illegal probe of this game can name.
    pub reasons: Vec<String>,
    /// Who computed and who checked the answers.
    pub sources: Sources,
    /// How many case lines follow.
    pub cases: usize,
}

/// Where a file's expected answers come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sources {
    /// The implementation that computed the answers, with its version.
    pub engine: String,
    /// The other sources that checked them, in words (`"gnugo: …"`, `"brute-force: …"`).
    pub independent: Vec<String>,
}

/// One case line: what every case has, and its kind's body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// Unique in its file; failures are reported by it.
    pub id: String,
    /// The decision ids the case exercises (`K-7`, `B-14`, `G-4`, `N-8`).
    pub decisions: Vec<String>,
    /// Who computed or checked the answer (`engine`, `gnugo`, `brute-force`, `author`).
    pub checked_by: Vec<String>,
    /// A sentence for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The kind and what it checks.
    #[serde(flatten)]
    pub body: CaseBody,
}

/// A case's kind (the `kind` field) and its checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum CaseBody {
    /// Moves from the start, with checks at chosen plies.
    Replay {
        /// Every move is legal and must be accepted.
        moves: Vec<String>,
        /// The checks, by ply.
        checks: Vec<Check>,
    },
    /// Perft counts from the position after `moves`.
    Perft {
        /// The position, as moves from the start.
        moves: Vec<String>,
        /// `counts[d - 1]` is perft at depth `d`.
        counts: Vec<u64>,
    },
    /// A finished game and its outcome.
    End {
        /// The whole game.
        moves: Vec<String>,
        /// Its result.
        result: ResultWords,
        /// go9's area count, for a game ended by the rules.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        score: Option<Score>,
    },
    /// A record text and what reading it gives.
    Record {
        /// `json`, or `sgf` (go9).
        format: String,
        /// The whole record file.
        text: String,
        /// What reading it must give.
        expect: RecordExpect,
    },
    /// A GTP session (go9).
    Gtp {
        /// Commands and expected responses (`=`, `= TEXT`, or `?` for a failure).
        session: Vec<(String, String)>,
    },
}

impl CaseBody {
    /// The `kind` word.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            CaseBody::Replay { .. } => "replay",
            CaseBody::Perft { .. } => "perft",
            CaseBody::End { .. } => "end",
            CaseBody::Record { .. } => "record",
            CaseBody::Gtp { .. } => "gtp",
        }
    }
}

/// What a `replay` case expects after its first `ply` moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// How many moves have been played.
    pub ply: usize,
    /// `Some(Some(name))`: that player is to move; `Some(None)` (`null`): the game is over;
    /// `None` (absent): not checked.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub to_move: Option<Option<String>>,
    /// The legal set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<LegalSet>,
    /// Moves that must be refused, with their reason class.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub illegal: Vec<Probe>,
}

/// Reads a field that is present (even as `null`) as `Some`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// A legal set: its size, the SHA-256 of its canonical text, and the list when short.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalSet {
    /// How many legal moves.
    pub count: usize,
    /// SHA-256 of the canonical text, 64 lower-case hex digits.
    pub sha256: String,
    /// The sorted list, when it has at most [`LegalSet::LIST_LIMIT`] moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
}

impl LegalSet {
    /// The largest set written out as a list.
    pub const LIST_LIMIT: usize = 32;

    /// The set of `moves` (sorted here), as a vector file writes it.
    #[must_use]
    pub fn of(moves: &[String]) -> LegalSet {
        let sorted = crate::canonical::sorted(moves);
        LegalSet {
            count: sorted.len(),
            sha256: crate::canonical::legal_sha256(&sorted),
            moves: (sorted.len() <= LegalSet::LIST_LIMIT).then_some(sorted),
        }
    }
}

/// A move that must be refused, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// The move as written.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its reason class, from the game's vocabulary.
    pub reason: String,
}

/// A result: the winner word, and the whole OUTCOME text of `rulebook`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultWords {
    /// A player's name, `draw`, `none`, or `ongoing`.
    pub winner: String,
    /// The OUTCOME text (`docs/rulebook.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// go9's area count (G-10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// Black's points.
    pub black: u32,
    /// White's points.
    pub white: u32,
    /// The komi.
    pub komi: f64,
    /// `B+N`, `W+N` or `0`.
    pub margin: String,
}

/// What reading a record must give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordExpect {
    /// Whether the record replays.
    pub accepted: bool,
    /// Accepted: how many moves it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<usize>,
    /// Accepted: the result after replaying it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultWords>,
    /// Refused: `not-a-record` or `refused`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<String>,
    /// Refused because of this move (counted from 1).
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<usize>,
}

/// A vector file, read: its header and each case line (or why the line was not read).
#[derive(Clone, Debug)]
pub struct VectorFile {
    /// The header line.
    pub header: Header,
    /// Each case line with its line number (from 1): the case, or why it was not read.
    pub lines: Vec<(usize, Result<Case, LineError>)>,
}

/// Why a vector file cannot be used at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file is empty.
    #[error("line 1: the file is empty; it must start with a header line")]
    Empty,
    /// The first line is not a header of this format.
    #[error("line 1: not a header of {FORMAT_NAME} version {FORMAT_VERSION}: {0}")]
    Header(String),
    /// The header's `cases` and the case lines that follow disagree: the file is
    /// truncated or edited, so none of it is run.
    #[error("the header's `cases` count is {announced}, but {found} case lines follow it")]
    Count {
        /// The header's `cases`.
        announced: usize,
        /// The case lines found.
        found: usize,
    },
}

/// Why one case line was not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LineError {
    /// Not JSON, or a field missing or of the wrong type, or an unknown `kind`.
    #[error("{0}")]
    Case(String),
    /// An empty line.
    #[error("an empty line (every line is a case)")]
    Empty,
}

impl VectorFile {
    /// Reads a vector file's text. A bad header makes the whole file unusable; a bad case
    /// line is kept as its error, so a runner reports it and goes on.
    ///
    /// # Errors
    /// [`FileError`] when the file is empty, its first line is not a version-1 header (or
    /// names options its game does not take), or its `cases` count is not the number of
    /// lines that follow.
    pub fn parse(text: &str) -> Result<VectorFile, FileError> {
        let mut lines = text.split_terminator('\n').enumerate();
        let Some((_, first)) = lines.next() else {
            return Err(FileError::Empty);
        };
        let header = parse_header(first)?;
        let mut cases = Vec::new();
        for (index, line) in lines {
            let line = line.strip_suffix('\r').unwrap_or(line);
            let read = if line.trim().is_empty() {
                Err(LineError::Empty)
            } else {
                parse_case(line, &header)
            };
            cases.push((index + 1, read));
        }
        if cases.len() != header.cases {
            return Err(FileError::Count {
                announced: header.cases,
                found: cases.len(),
            });
        }
        Ok(VectorFile {
            header,
            lines: cases,
        })
    }
}

/// Reads and checks a header line.
fn parse_header(line: &str) -> Result<Header, FileError> {
    let value: Value =
        serde_json::from_str(line).map_err(|e| FileError::Header(format!("not JSON ({e})")))?;
    match value.get("format").and_then(Value::as_str) {
        Some(FORMAT_NAME) => {}
        Some(other) => return Err(FileError::Header(format!("format is {other:?}"))),
        None => return Err(FileError::Header("no `format` field".into())),
    }
    match value.get("version").and_then(Value::as_u64) {
        Some(v) if v == u64::from(FORMAT_VERSION) => {}
        Some(v) => {
            return Err(FileError::Header(format!(
                "version {v}, which this runner does not read"
            )));
        }
        None => return Err(FileError::Header("no numeric `version` field".into())),
    }
    let header: Header =
        serde_json::from_value(value).map_err(|e| FileError::Header(e.to_string()))?;
    if !["kazura", "bao", "go9", "bind"].contains(&header.game.as_str()) {
        return Err(FileError::Header(format!("unknown game {:?}", header.game)));
    }
    crate::validate::header(&header).map_err(FileError::Header)?;
    Ok(header)
}

/// Reads one case line of a file with `header`.
fn parse_case(line: &str, header: &Header) -> Result<Case, LineError> {
    let value: Value =
        serde_json::from_str(line).map_err(|e| LineError::Case(format!("not JSON ({e})")))?;
    let kind = value.get("kind").and_then(Value::as_str);
    let id = value
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or("(no id)")
        .to_string();
    match kind {
        Some("replay" | "perft" | "end" | "record" | "gtp") => {}
        Some(other) => {
            return Err(LineError::Case(format!(
                "case {id}: unknown kind {other:?}"
            )));
        }
        None => return Err(LineError::Case(format!("case {id}: no `kind` field"))),
    }
    let kind_fields: &[&str] = match kind {
        Some("replay") => &["moves", "checks"],
        Some("perft") => &["moves", "counts"],
        Some("end") => &["moves", "result", "score"],
        Some("record") => &["format", "text", "expect"],
        _ => &["session"],
    };
    let common = ["id", "kind", "decisions", "checked_by", "note"];
    if let Some(unknown) = value.as_object().and_then(|fields| {
        fields
            .keys()
            .find(|k| !common.contains(&k.as_str()) && !kind_fields.contains(&k.as_str()))
    }) {
        return Err(LineError::Case(format!(
            "case {id}: unknown field `{unknown}`"
        )));
    }
    let case: Case =
        serde_json::from_value(value).map_err(|e| LineError::Case(format!("case {id}: {e}")))?;
    crate::validate::case(&case, header).map_err(|e| LineError::Case(format!("case {id}: {e}")))?;
    Ok(case)
}

impl fmt::Display for Header {
    /// The header as its one JSON line (without the newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| fmt::Error)?)
    }
}

impl Case {
    /// The case as its one JSON line (without the newline).
    #[must_use]
    pub fn to_line(&self) -> String {
        // Every field is a string, number, list or map of those: this cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}
