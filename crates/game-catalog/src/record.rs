//! Records of any game: the game found from the record itself (its JSON `"game"` marker, or
//! SGF for go9), read in bounded memory.

use bao_nyakua::Bao;
use bind::Bind;
use game_core::{RecordMarker, Recorded, check_record_length, read_record_text};
use go9::Go9;
use kazura_core::Kazura;

use crate::any::AnyGame;
use crate::error::RecordError;
use crate::spec::GameKind;

/// The game whose record `text` claims to be, by its format marker (a JSON object's
/// `"game"`, Bao's `"format"`, or SGF's opening parenthesis for go9: each game's
/// [`Recorded::MARKER`]); `None` if no game's. Reading it may still fail.
#[must_use]
pub fn record_kind(text: &str) -> Option<GameKind> {
    sniff(text).ok()
}

/// The one sniff of a record's text: its JSON parsed once, then each game's marker asked.
/// Without a marker: a text that opens with `{` but does not parse as JSON is broken JSON
/// (named by the parser's words), anything else is no record.
fn sniff(text: &str) -> Result<GameKind, RecordError> {
    let parsed = serde_json::from_str::<serde_json::Value>(text);
    let json = parsed.as_ref().ok();
    let kinds: [(GameKind, RecordMarker); 4] = [
        (GameKind::Kazura, Kazura::MARKER),
        (GameKind::Bao, Bao::MARKER),
        (GameKind::Go9, Go9::MARKER),
        (GameKind::Bind, Bind::MARKER),
    ];
    if let Some((kind, _)) = kinds.iter().find(|(_, marker)| marker.found_in(text, json)) {
        return Ok(*kind);
    }
    match parsed {
        Err(error) if text.trim_start().starts_with('{') => Err(RecordError::BrokenJson {
            reason: error.to_string(),
        }),
        _ => Err(RecordError::NotARecord),
    }
}

/// Replays `text` as a record of `G`, its error as [`RecordError::Replay`].
fn replay<G: Recorded>(text: &str, game: GameKind) -> Result<G, RecordError> {
    G::read_record(text).map_err(|e| RecordError::Replay {
        game,
        reason: e.to_string(),
    })
}

impl AnyGame {
    /// Reads a record of any of the four games, found by its marker ([`record_kind`]), and
    /// replays it through the rules. A text longer than [`game_core::MAX_RECORD_BYTES`] is
    /// refused before any parser sees it.
    ///
    /// # Errors
    /// [`RecordError::Text`] for a text too long, [`RecordError::BrokenJson`] for a text
    /// that opens as JSON but is not complete JSON (a file cut off),
    /// [`RecordError::NotARecord`] when no game's marker is found otherwise,
    /// [`RecordError::Replay`] with the game's own error (naming the first bad move by its
    /// number) otherwise.
    pub fn read_record(text: &str) -> Result<AnyGame, RecordError> {
        check_record_length(text)?;
        Ok(match sniff(text)? {
            GameKind::Kazura => AnyGame::Kazura(replay(text, GameKind::Kazura)?),
            GameKind::Bao => AnyGame::Bao(replay(text, GameKind::Bao)?),
            GameKind::Go9 => AnyGame::Go9(replay(text, GameKind::Go9)?),
            GameKind::Bind => AnyGame::Bind(replay(text, GameKind::Bind)?),
        })
    }

    /// Reads a record from `reader` (a file, standard input) in bounded memory: at most
    /// [`game_core::MAX_RECORD_BYTES`] + 1 bytes are read before a long one is refused.
    ///
    /// # Errors
    /// As [`AnyGame::read_record`], and [`RecordError::Text`] if the reader fails or the
    /// bytes are not UTF-8.
    pub fn read_record_from(reader: impl std::io::Read) -> Result<AnyGame, RecordError> {
        AnyGame::read_record(&read_record_text(reader)?)
    }

    /// Reads a record that must be of `kind`.
    ///
    /// # Errors
    /// [`RecordError::OtherGame`] for another game's record, else as
    /// [`AnyGame::read_record`].
    pub fn read_record_of(kind: GameKind, text: &str) -> Result<AnyGame, RecordError> {
        check_record_length(text)?;
        match record_kind(text) {
            Some(found) if found != kind => Err(RecordError::OtherGame {
                expected: kind,
                found,
            }),
            _ => AnyGame::read_record(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_games_record_is_found_by_its_marker() {
        for kind in GameKind::ALL {
            let mut game = AnyGame::new(&kind.default_spec());
            let first = game.legal_moves()[0].clone();
            game.play(&first).unwrap();
            let text = game.write_record();
            assert_eq!(record_kind(&text), Some(kind));
            assert_eq!(AnyGame::read_record(&text).unwrap(), game);
            assert_eq!(AnyGame::read_record_from(text.as_bytes()).unwrap(), game);
            assert_eq!(AnyGame::read_record_of(kind, &text).unwrap(), game);
            let other = GameKind::ALL.into_iter().find(|k| *k != kind).unwrap();
            assert!(matches!(
                AnyGame::read_record_of(other, &text),
                Err(RecordError::OtherGame { .. })
            ));
        }
    }

    #[test]
    fn sgf_is_go9s() {
        let mut game = AnyGame::parse_spec("go9").unwrap();
        game.play_line("E5 C3").unwrap();
        let sgf = game.to_sgf("a", "b").unwrap();
        assert_eq!(record_kind(&sgf), Some(GameKind::Go9));
        assert_eq!(AnyGame::read_record(&sgf).unwrap().moves(), ["E5", "C3"]);
    }

    #[test]
    fn texts_that_are_no_record_or_too_long_are_refused() {
        assert!(matches!(
            AnyGame::read_record("{\"hello\": 1}"),
            Err(RecordError::NotARecord)
        ));
        assert!(matches!(
            AnyGame::read_record(""),
            Err(RecordError::NotARecord)
        ));
        // A record cut off in the middle names what is wrong with it, not a missing marker.
        let mut game = AnyGame::parse_spec("go9").unwrap();
        game.play_line("E5 C3").unwrap();
        let whole = game.write_record();
        let cut = &whole[..whole.len() / 2];
        let error = AnyGame::read_record(cut).unwrap_err();
        assert!(error.is_not_a_record());
        assert_eq!(
            error.to_string(),
            format!(
                "not a record of kazura, bao, go9 or bind: the text is not complete JSON ({}); is the file cut off?",
                serde_json::from_str::<serde_json::Value>(cut).unwrap_err()
            )
        );
        assert!(error.to_string().contains("EOF while parsing"), "{error}");
        assert!(RecordError::NotARecord.is_not_a_record());
        // A record of a game that goes wrong inside is a record, not "no record".
        let wrong = whole.replace("E5", "E10");
        let error = AnyGame::read_record(&wrong).unwrap_err();
        assert!(!error.is_not_a_record(), "{error:?}");
        assert!(
            !RecordError::NoSgf {
                game: GameKind::Bao
            }
            .is_not_a_record()
        );
        let endless = std::io::repeat(b'{');
        assert!(matches!(
            AnyGame::read_record_from(endless),
            Err(RecordError::Text(
                game_core::RecordTextError::TooLong { .. }
            ))
        ));
        let long = " ".repeat(game_core::MAX_RECORD_BYTES + 1);
        assert!(matches!(
            AnyGame::read_record(&long),
            Err(RecordError::Text(_))
        ));
    }

    #[test]
    fn a_bad_move_is_named_by_its_number() {
        let mut game = AnyGame::parse_spec("go9").unwrap();
        game.play_line("E5 C3").unwrap();
        let record = game.write_record().replace("\"C3\"", "\"E5\"");
        let error = AnyGame::read_record(&record).unwrap_err();
        assert!(matches!(
            error,
            RecordError::Replay {
                game: GameKind::Go9,
                ..
            }
        ));
        assert!(error.to_string().contains('2'), "{error}");
    }
}
