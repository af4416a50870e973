//! Games that keep their history and write and read it as a record.

use std::error::Error;

use crate::game::Game;

/// A game state that keeps its history and writes and reads the whole game as a record.
///
/// Every game crate of the workspace implements it on its state type (with its `serde`
/// feature, which is on by default). Reading a record replays every move through the rules:
/// a record with an illegal move is refused with an error naming the move's number
/// (counted from 1), never loaded half-way. The shared failures have the same variant names
/// in every crate's `RecordError`: `Json` (not a record of the right shape), `WrongGame`
/// (another game's marker), `BadMove` (move N could not be read or played) and
/// `ResultMismatch` (the recorded result is not the replayed one).
pub trait Recorded: Game + Sized {
    /// Why a text is not a valid record of this game.
    type RecordError: Error + Send + Sync + 'static;

    /// The moves played so far, in order (the history a record writes).
    fn moves(&self) -> &[Self::Move];

    /// The whole game so far as a record: the game's JSON format, written in every crate
    /// of the workspace with 2-space indentation and one final newline (the text of a
    /// record file; readers accept it with or without that newline).
    fn write_record(&self) -> String;

    /// Reads a record and replays it through the rules.
    ///
    /// # Errors
    /// [`Recorded::RecordError`] naming the first bad move (by its number) or field.
    fn read_record(text: &str) -> Result<Self, Self::RecordError>;

    /// The mark a record of this game carries: a JSON field (`"game": "go9"`, Bao's
    /// `"format"`), and for go9 SGF as well. A program reading a record of any game
    /// parses the text once and asks each game's marker ([`RecordMarker::found_in`]).
    const MARKER: RecordMarker;

    /// Whether `text` claims to be a record of this game, by [`Recorded::MARKER`]; reading
    /// it may still fail.
    #[cfg(feature = "serde")]
    fn is_record(text: &str) -> bool {
        Self::MARKER.is_in(text)
    }

    /// Whether `text` claims to be a record of this game, by [`Recorded::MARKER`]; reading
    /// it may still fail. (Provided with the `serde` feature, which parses the JSON.)
    #[cfg(not(feature = "serde"))]
    fn is_record(text: &str) -> bool;
}

/// How a record names its game: a JSON object whose string field `key` is `value`, and
/// for a game that also reads SGF, any text that opens with a parenthesis.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use game_core::RecordMarker;
///
/// let go9 = RecordMarker { key: "game", value: "go9", sgf: true };
/// assert!(go9.is_in(r#"{"game": "go9", "moves": []}"#));
/// assert!(go9.is_in("(;GM[1]SZ[9])"));
/// assert!(!go9.is_in(r#"{"game": "bind"}"#));
/// // Several markers against one parse of the text:
/// let json = serde_json::from_str(r#"{"format": "bao"}"#).ok();
/// let bao = RecordMarker { key: "format", value: "bao", sgf: false };
/// assert!(bao.found_in("{", json.as_ref()) && !go9.found_in("{", json.as_ref()));
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordMarker {
    /// The JSON object's field that names the game.
    pub key: &'static str,
    /// The field's value for this game.
    pub value: &'static str,
    /// Whether the game reads SGF too (go9), found by the text's opening parenthesis.
    pub sgf: bool,
}

impl RecordMarker {
    /// Whether `text` opens like SGF (its first character that is not white space is `(`)
    /// and this game reads SGF.
    #[must_use]
    pub fn is_sgf_of(&self, text: &str) -> bool {
        self.sgf && text.trim_start().starts_with('(')
    }

    /// Whether `text`, whose JSON parse is `json` (`None` if it is no JSON), carries this
    /// marker: the one sniff a reader of several games does, parsing the text once.
    #[cfg(feature = "serde")]
    #[must_use]
    pub fn found_in(&self, text: &str, json: Option<&serde_json::Value>) -> bool {
        self.is_sgf_of(text)
            || json
                .and_then(|value| value.get(self.key))
                .and_then(serde_json::Value::as_str)
                == Some(self.value)
    }

    /// Whether `text` carries this marker (it parses the text; to test several markers,
    /// parse once and call [`RecordMarker::found_in`]).
    #[cfg(feature = "serde")]
    #[must_use]
    pub fn is_in(&self, text: &str) -> bool {
        self.is_sgf_of(text) || self.found_in(text, serde_json::from_str(text).ok().as_ref())
    }
}

/// The longest record text any reader of the workspace accepts: 4 MiB.
///
/// No real game of the four comes near it (a 25×25 Kazura game of 625 moves writes about
/// 10 KB of JSON, a go9 SGF a few KB), and a reader that stops here keeps its memory bounded
/// whatever it is given (`/dev/zero`, a wrong file). [`read_record_text`] refuses a longer
/// text after reading at most one byte past this limit.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Why [`read_record_text`] gave no text.
#[derive(Debug)]
#[non_exhaustive]
pub enum RecordTextError {
    /// The text is longer than [`MAX_RECORD_BYTES`].
    TooLong {
        /// The limit, [`MAX_RECORD_BYTES`].
        limit: usize,
    },
    /// The bytes are not UTF-8 text.
    NotText(std::str::Utf8Error),
    /// The reader failed.
    Io(std::io::Error),
}

impl std::fmt::Display for RecordTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordTextError::TooLong { limit } => write!(
                f,
                "longer than {limit} bytes: no record of these games is near that size"
            ),
            RecordTextError::NotText(e) => write!(f, "not UTF-8 text: {e}"),
            RecordTextError::Io(e) => e.fmt(f),
        }
    }
}

impl Error for RecordTextError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            RecordTextError::NotText(e) => Some(e),
            RecordTextError::Io(e) => Some(e),
            RecordTextError::TooLong { .. } => None,
        }
    }
}

impl From<std::io::Error> for RecordTextError {
    fn from(e: std::io::Error) -> RecordTextError {
        RecordTextError::Io(e)
    }
}

/// Reads a record's text from `reader`, refusing one longer than [`MAX_RECORD_BYTES`]
/// before reading it all: at most `MAX_RECORD_BYTES + 1` bytes are ever read or held.
///
/// ```
/// use game_core::{MAX_RECORD_BYTES, RecordTextError, read_record_text};
///
/// assert_eq!(read_record_text(&b"{\"game\": \"go9\"}"[..])?, "{\"game\": \"go9\"}");
/// let endless = std::io::repeat(b' '); // like /dev/zero: never ends
/// let error = read_record_text(endless).unwrap_err();
/// assert!(matches!(error, RecordTextError::TooLong { limit } if limit == MAX_RECORD_BYTES));
/// # Ok::<(), RecordTextError>(())
/// ```
///
/// # Errors
/// [`RecordTextError::TooLong`] past the limit, [`RecordTextError::NotText`] for bytes that
/// are not UTF-8, [`RecordTextError::Io`] if the reader fails.
pub fn read_record_text(reader: impl std::io::Read) -> Result<String, RecordTextError> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    reader
        .take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(RecordTextError::TooLong {
            limit: MAX_RECORD_BYTES,
        });
    }
    String::from_utf8(bytes).map_err(|e| RecordTextError::NotText(e.utf8_error()))
}

/// Refuses a record text that is already in memory but longer than [`MAX_RECORD_BYTES`]
/// (a page's file, a string handed in by a caller), before any parser sees it.
///
/// # Errors
/// [`RecordTextError::TooLong`].
pub fn check_record_length(text: &str) -> Result<(), RecordTextError> {
    if text.len() > MAX_RECORD_BYTES {
        Err(RecordTextError::TooLong {
            limit: MAX_RECORD_BYTES,
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "serde")]
    #[test]
    fn a_marker_is_its_field_and_value_or_sgf() {
        let go9 = RecordMarker {
            key: "game",
            value: "go9",
            sgf: true,
        };
        let bao = RecordMarker {
            key: "format",
            value: "bao",
            sgf: false,
        };
        assert!(go9.is_sgf_of("  (;GM[1])") && !go9.is_sgf_of("{\"game\": \"go9\"}"));
        assert!(!bao.is_sgf_of("(;GM[1])"), "Bao reads no SGF");
        assert!(go9.is_in("(;GM[1])") && !bao.is_in("(;GM[1])"));
        assert!(go9.is_in(r#"{"game": "go9", "moves": []}"#));
        assert!(!go9.is_in(r#"{"game": "go99"}"#) && !go9.is_in(r#"{"format": "go9"}"#));
        assert!(!go9.is_in(r#"{"game": 9}"#) && !go9.is_in("not json") && !go9.is_in(""));
        assert!(bao.is_in(r#"{"game": "x", "format": "bao"}"#));
        let json: serde_json::Value = serde_json::from_str(r#"{"format": "bao"}"#).unwrap();
        assert!(bao.found_in("{", Some(&json)) && !go9.found_in("{", Some(&json)));
        assert!(!bao.found_in("{", None) && go9.found_in("(", None));
    }

    #[test]
    fn a_text_exactly_at_the_limit_is_read_and_one_byte_more_is_refused() {
        let at_limit = vec![b' '; MAX_RECORD_BYTES];
        assert_eq!(
            read_record_text(&at_limit[..]).unwrap().len(),
            MAX_RECORD_BYTES
        );
        assert!(check_record_length(std::str::from_utf8(&at_limit).unwrap()).is_ok());
        let over = vec![b' '; MAX_RECORD_BYTES + 1];
        assert!(matches!(
            read_record_text(&over[..]),
            Err(RecordTextError::TooLong { .. })
        ));
        assert!(check_record_length(std::str::from_utf8(&over).unwrap()).is_err());
    }

    #[test]
    fn each_refusal_says_what_is_wrong_and_keeps_its_cause() {
        let too_long = RecordTextError::TooLong { limit: 10 };
        assert_eq!(
            too_long.to_string(),
            "longer than 10 bytes: no record of these games is near that size"
        );
        assert!(too_long.source().is_none());
        let not_text = read_record_text(&[b'{', 0xff][..]).unwrap_err();
        assert!(
            not_text.to_string().starts_with("not UTF-8 text: "),
            "{not_text}"
        );
        assert!(
            not_text
                .source()
                .is_some_and(|cause| cause.is::<std::str::Utf8Error>())
        );
        let io = RecordTextError::from(std::io::Error::other("the disk is gone"));
        assert_eq!(io.to_string(), "the disk is gone");
        assert!(
            io.source()
                .is_some_and(|cause| cause.is::<std::io::Error>())
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused() {
        assert!(matches!(
            read_record_text(&[0xff, 0xfe][..]),
            Err(RecordTextError::NotText(_))
        ));
    }
}
