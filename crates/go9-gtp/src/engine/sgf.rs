//! The commands that read and write game records: `loadsgf` (a position from a file,
//! optionally before move N) and `printsgf` (the game as SGF, or into a file).

use std::path::Path;

use game_core::{Game, Player};
use go9::{Go9, RecordError, SgfNames};

use super::{GtpEngine, GtpReply};

impl GtpEngine {
    /// `loadsgf FILE [N]`: the game of `FILE`, before its move `N` if given; answers the
    /// colour to move.
    pub(super) fn loadsgf(&mut self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        if !self.file_access {
            return Err(GtpReply::fail("loadsgf is disabled in this engine"));
        }
        let Some(path) = args.first() else {
            return Err(GtpReply::fail("syntax error: loadsgf needs a file name"));
        };
        let limit = match args.get(1).map(|n| n.parse::<usize>()) {
            None => None,
            Some(Ok(n)) => Some(n),
            Some(Err(_)) => {
                return Err(GtpReply::fail(
                    "syntax error: the move number is not a number",
                ));
            }
        };
        // At most `MAX_RECORD_BYTES` are read: `loadsgf /dev/zero` fails at once.
        let text = std::fs::File::open(Path::new(path))
            .map_err(game_core::RecordTextError::Io)
            .and_then(game_core::read_record_text)
            .map_err(|e| GtpReply::fail(format!("cannot load file: {path}: {e}")))?;
        let mut state = Go9::from_sgf(&text)
            .map_err(|e: RecordError| GtpReply::fail(format!("cannot load file: {e}")))?;
        // GTP: `loadsgf FILE N` sets up the position before move N. The first N - 1 moves
        // are replayed from the setup rather than undone, because undo cannot take back a
        // resignation or time loss the file's `RE` applied at the end.
        if let Some(n) = limit.filter(|&n| n <= state.ply()) {
            let mut partial = Go9::from_setup(state.setup())
                .map_err(|e| GtpReply::fail(format!("cannot load file: {e}")))?;
            for (player, mv) in state.played().take(n.saturating_sub(1)) {
                partial
                    .play_as(player, mv)
                    .map_err(|e| GtpReply::fail(format!("cannot load file: {}", e.detail())))?;
            }
            state = partial;
        }
        self.state = state;
        let next = if self.state.to_move() == Player::First {
            "black"
        } else {
            "white"
        };
        Ok(GtpReply::ok(next))
    }

    /// `printsgf [FILE]`: the game as SGF, in the answer or into `FILE`.
    pub(super) fn printsgf(&self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let text = self.state.to_sgf(&SgfNames::default());
        match args.first() {
            None => Ok(GtpReply::ok(text)),
            Some(_) if !self.file_access => Err(GtpReply::fail(
                "printsgf to a file is disabled in this engine",
            )),
            Some(path) => std::fs::write(path, text)
                .map(|()| GtpReply::ok(""))
                .map_err(|e| GtpReply::fail(format!("cannot write {path}: {e}"))),
        }
    }
}
