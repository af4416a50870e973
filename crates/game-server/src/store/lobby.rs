//! The games going on now, for the lobby ([`GameStore::live_games`]): not over, both
//! seats joined, and active lately (a move, or made). Both stores run the same query.

use super::rows::{to_i64, to_u64};
use super::{PgStore, SqliteStore, StoreError};

/// A game going on, as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveGame {
    /// The game's id (its watch link is `/?game=ID`).
    pub id: String,
    /// Its spec.
    pub spec: String,
    /// The seats' nicknames, where known.
    pub nicknames: [Option<String>; 2],
    /// Whether it is rated.
    pub rated: bool,
    /// Moves played.
    pub moves: u64,
    /// Its last move, or its making (Unix milliseconds).
    pub last_ms: u64,
    /// The seat the server's computer plays, and its level.
    pub computer: Option<(usize, String)>,
}

/// The query: `{since}` the bound, `{limit}` the count (placeholders of each database).
const LIVE: &str = "SELECT id, spec, nickname_0, nickname_1, rated, moves, last, computer_seat,
        computer_level FROM (
    SELECT g.id, g.spec, g.nickname_0, g.nickname_1, g.rated, g.computer_seat, g.computer_level,
        (SELECT count(*) FROM moves m WHERE m.game_id = g.id) AS moves,
        COALESCE((SELECT max(m.played_ms) FROM moves m WHERE m.game_id = g.id), g.created_ms) AS last
    FROM games g
    WHERE g.end_reason IS NULL AND g.joined_0 AND g.joined_1
) live WHERE last >= {since} ORDER BY last DESC, id LIMIT {limit}";

/// A [`LiveGame`] from its columns.
#[allow(clippy::type_complexity)]
fn live(
    (id, spec, n0, n1, rated, moves, last, computer_seat, computer_level): (
        String,
        String,
        Option<String>,
        Option<String>,
        bool,
        i64,
        i64,
        Option<i64>,
        Option<String>,
    ),
) -> Result<LiveGame, StoreError> {
    Ok(LiveGame {
        computer: computer_seat
            .zip(computer_level)
            .map(|(seat, level)| (usize::from(seat == 1), level)),
        id,
        spec,
        nicknames: [n0, n1],
        rated,
        moves: to_u64(moves)?,
        last_ms: to_u64(last)?,
    })
}

impl SqliteStore {
    pub(super) fn live_games_here(
        &self,
        since_ms: u64,
        limit: usize,
    ) -> Result<Vec<LiveGame>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&LIVE.replace("{since}", "?1").replace("{limit}", "?2"))?;
        let rows = stmt.query_map(
            rusqlite::params![to_i64(since_ms), i64::try_from(limit).unwrap_or(i64::MAX)],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                ))
            },
        )?;
        rows.map(|r| live(r?)).collect()
    }
}

impl PgStore {
    pub(super) fn live_games_here(
        &self,
        since_ms: u64,
        limit: usize,
    ) -> Result<Vec<LiveGame>, StoreError> {
        let rows = self.conn()?.query(
            &LIVE.replace("{since}", "$1").replace("{limit}", "$2"),
            &[&to_i64(since_ms), &i64::try_from(limit).unwrap_or(i64::MAX)],
        )?;
        rows.iter()
            .map(|r| {
                live((
                    r.get(0),
                    r.get(1),
                    r.get(2),
                    r.get(3),
                    r.get(4),
                    r.get(5),
                    r.get(6),
                    r.get(7),
                    r.get(8),
                ))
            })
            .collect()
    }
}
