//! What both stores share in reading and writing a game's row: the conversions between
//! the server's numbers and SQL's signed integers, the clock's columns, and a game read
//! from a row of either database ([`Columns`]).

use super::{ComputerSeat, EndReason, SeatPlayer, StoreError, StoredEnd, StoredGame};
use crate::clock::{ByoYomi, Clock, ClockSpec, SideTime};

/// A row of `games`, by column name, whichever database it came from.
pub(super) trait Columns {
    /// An integer column (`NULL` is `None`).
    fn int(&self, name: &str) -> Result<Option<i64>, StoreError>;
    /// A text column (`NULL` is `None`).
    fn text(&self, name: &str) -> Result<Option<String>, StoreError>;
    /// A bytes column.
    fn bytes(&self, name: &str) -> Result<Vec<u8>, StoreError>;
    /// A yes-or-no column.
    fn flag(&self, name: &str) -> Result<bool, StoreError>;

    /// An integer column that must not be `NULL`.
    fn required(&self, name: &str) -> Result<i64, StoreError> {
        self.int(name)?
            .ok_or_else(|| StoreError::Corrupt(format!("{name} is NULL")))
    }
}

/// A stored number as SQL's signed integer (past `i64::MAX`, which no time or count
/// reaches, it is `i64::MAX`).
pub(super) fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// A stored integer as the server's number; negative is corrupt.
pub(super) fn to_u64(v: i64) -> Result<u64, StoreError> {
    u64::try_from(v).map_err(|_| StoreError::Corrupt(format!("negative value {v}")))
}

/// A stored seat (0 or 1, or `NULL`).
pub(super) fn seat(v: Option<i64>) -> Result<Option<usize>, StoreError> {
    match v {
        None => Ok(None),
        Some(s @ 0..=1) => Ok(Some(usize::try_from(s).unwrap_or(0))),
        Some(s) => Err(StoreError::Corrupt(format!("seat {s}"))),
    }
}

/// The clock's columns, in the order `update` and `create` write them.
pub(super) type ClockColumns = [Option<i64>; 9];

/// `clock` as its columns: the setting (main, periods, period, increment), each side's
/// time and periods, and when the turn began.
pub(super) fn clock_columns(clock: Option<&Clock>) -> ClockColumns {
    let Some(c) = clock else {
        return [None; 9];
    };
    let i = |v: u64| Some(to_i64(v));
    [
        i(c.spec.main_ms),
        c.spec.byoyomi.map(|b| i64::from(b.periods)),
        c.spec.byoyomi.and_then(|b| i(b.period_ms)),
        c.spec.increment_ms.and_then(i),
        i(c.sides[0].remaining_ms),
        i(c.sides[1].remaining_ms),
        Some(i64::from(c.sides[0].periods)),
        Some(i64::from(c.sides[1].periods)),
        c.turn_started_ms.and_then(i),
    ]
}

/// The clock of a `games` row; `None` without one.
fn read_clock(row: &impl Columns) -> Result<Option<Clock>, StoreError> {
    let Some(main) = row.int("clock_main_ms")? else {
        return Ok(None);
    };
    let u = |v: Option<i64>| -> Result<u64, StoreError> { to_u64(v.unwrap_or(0)) };
    let p = |v: Option<i64>| -> Result<u32, StoreError> {
        u32::try_from(v.unwrap_or(0)).map_err(|_| StoreError::Corrupt("periods".into()))
    };
    let byoyomi = match (row.int("clock_periods")?, row.int("clock_period_ms")?) {
        (Some(n), Some(ms)) => Some(ByoYomi {
            periods: p(Some(n))?,
            period_ms: u(Some(ms))?,
        }),
        _ => None,
    };
    let spec = ClockSpec {
        main_ms: to_u64(main)?,
        byoyomi,
        increment_ms: row.int("clock_increment_ms")?.map(to_u64).transpose()?,
    };
    Ok(Some(Clock {
        spec,
        sides: [
            SideTime {
                remaining_ms: u(row.int("remaining_ms_0")?)?,
                periods: p(row.int("periods_0")?)?,
            },
            SideTime {
                remaining_ms: u(row.int("remaining_ms_1")?)?,
                periods: p(row.int("periods_1")?)?,
            },
        ],
        turn_started_ms: row.int("turn_started_ms")?.map(to_u64).transpose()?,
    }))
}

/// The game of a `games` row, its moves not yet read.
pub(super) fn read_game(row: &impl Columns) -> Result<StoredGame, StoreError> {
    let end = match row.text("end_reason")? {
        None => None,
        Some(word) => Some(StoredEnd {
            reason: EndReason::parse(&word)
                .ok_or_else(|| StoreError::Corrupt(format!("end reason {word}")))?,
            seat: seat(row.int("end_seat")?)?,
            winner_seat: seat(row.int("winner_seat")?)?,
            text: row.text("result_text")?.unwrap_or_default(),
            finished_ms: to_u64(row.int("finished_ms")?.unwrap_or(0))?,
        }),
    };
    Ok(StoredGame {
        id: row.text("id")?.unwrap_or_default(),
        spec: row.text("spec")?.unwrap_or_default(),
        token_digests: [row.bytes("token_digest_0")?, row.bytes("token_digest_1")?],
        joined: [row.flag("joined_0")?, row.flag("joined_1")?],
        version: to_u64(row.required("version")?)?,
        clock: read_clock(row)?,
        moves: Vec::new(),
        end,
        created_ms: to_u64(row.required("created_ms")?)?,
        computer: match (
            seat(row.int("computer_seat")?)?,
            row.text("computer_level")?,
        ) {
            (Some(seat), Some(level)) => Some(ComputerSeat { seat, level }),
            (None, None) => None,
            _ => {
                return Err(StoreError::Corrupt(
                    "a computer seat without its level".into(),
                ));
            }
        },
        players: [
            SeatPlayer {
                nickname: row.text("nickname_0")?,
                account: row.text("account_0")?,
            },
            SeatPlayer {
                nickname: row.text("nickname_1")?,
                account: row.text("account_1")?,
            },
        ],
        rated: row.flag("rated")?,
    })
}

/// The computer's columns, seat and level (`NULL` in a game between people).
pub(super) fn computer_columns(computer: Option<&ComputerSeat>) -> (Option<i64>, Option<&str>) {
    computer.map_or((None, None), |c| {
        (i64::try_from(c.seat).ok(), Some(c.level.as_str()))
    })
}

/// The columns of a whole `games` row written at once (`put_games`), in the order of
/// [`GAME_COLUMNS`].
pub(super) struct GameRow<'a> {
    pub id: &'a str,
    pub spec: &'a str,
    pub created_ms: i64,
    pub digests: [&'a [u8]; 2],
    pub joined: [bool; 2],
    pub version: i64,
    pub clock: ClockColumns,
    pub end_reason: Option<&'static str>,
    pub end_seat: Option<i64>,
    pub winner_seat: Option<i64>,
    pub result_text: Option<&'a str>,
    pub finished_ms: Option<i64>,
    pub computer: (Option<i64>, Option<&'a str>),
    pub nicknames: [Option<&'a str>; 2],
    pub accounts: [Option<&'a str>; 2],
    pub rated: bool,
}

/// The column names a whole row is written to, in [`GameRow`]'s order.
pub(super) const GAME_COLUMNS: &str = "id, spec, created_ms, token_digest_0, token_digest_1,
    joined_0, joined_1, version, clock_main_ms, clock_periods, clock_period_ms,
    clock_increment_ms, remaining_ms_0, remaining_ms_1, periods_0, periods_1,
    turn_started_ms, end_reason, end_seat, winner_seat, result_text, finished_ms,
    computer_seat, computer_level, nickname_0, nickname_1, account_0, account_1, rated";

impl<'a> GameRow<'a> {
    /// `game`'s row (its moves are written apart).
    pub(super) fn of(game: &'a StoredGame) -> GameRow<'a> {
        let seat_column = |s: Option<usize>| s.and_then(|s| i64::try_from(s).ok());
        let end = game.end.as_ref();
        GameRow {
            id: &game.id,
            spec: &game.spec,
            created_ms: to_i64(game.created_ms),
            digests: [&game.token_digests[0], &game.token_digests[1]],
            joined: game.joined,
            version: to_i64(game.version),
            clock: clock_columns(game.clock.as_ref()),
            end_reason: end.map(|e| e.reason.as_str()),
            end_seat: seat_column(end.and_then(|e| e.seat)),
            winner_seat: seat_column(end.and_then(|e| e.winner_seat)),
            result_text: end.map(|e| e.text.as_str()),
            finished_ms: end.map(|e| to_i64(e.finished_ms)),
            computer: computer_columns(game.computer.as_ref()),
            nicknames: [
                game.players[0].nickname.as_deref(),
                game.players[1].nickname.as_deref(),
            ],
            accounts: [
                game.players[0].account.as_deref(),
                game.players[1].account.as_deref(),
            ],
            rated: game.rated,
        }
    }
}
