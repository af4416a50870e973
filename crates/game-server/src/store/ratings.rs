//! Elo ratings (schema 7; docs/server.md, "Ratings"): written by the same transaction that
//! writes a rated game's result, so each result changes the ratings exactly once whatever
//! crashes (the result's version check, and `rating_changes`' key, refuse a second); read
//! for the leaderboards and a player's page.
//!
//! Every account starts at [`START_RATING`] in each game; a game changes both players'
//! ratings by the Elo formula with [`K_FACTOR`], through the `skillratings` crate, a draw
//! (go9's jigo, an agreed draw) counting half a point.

use postgres::GenericClient;
use rusqlite::{Connection, OptionalExtension, params};
use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo};

use super::rows::{to_i64, to_u64};
use super::{EndReason, PgStore, SqliteStore, StoreError, StoredEnd};

/// Where every account starts, in every game.
pub const START_RATING: f64 = 1200.0;

/// The Elo K-factor: the most one game can move a rating. 32, chess's usual figure for
/// players without a long record, so that a new server's ratings settle within tens of
/// games; the same for everyone, so that the two changes of a game always sum to zero.
pub const K_FACTOR: f64 = 32.0;

/// The new ratings of two players rated `first` and `second` after a game in which the
/// first scored `score` (1 a win, ½ a draw, 0 a loss).
#[must_use]
pub fn elo_after(first: f64, second: f64, score: f64) -> (f64, f64) {
    let outcome = if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (a, b) = elo(
        &EloRating { rating: first },
        &EloRating { rating: second },
        &outcome,
        &EloConfig { k: K_FACTOR },
    );
    (a.rating, b.rating)
}

/// A player's standing in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The account.
    pub account_id: String,
    /// Its name.
    pub name: String,
    /// The game (`go9`, `kazura`, `bao`, `bind`).
    pub game: String,
    /// The rating now.
    pub rating: f64,
    /// Rated games played, won, drawn and lost.
    pub games: u64,
    /// Won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost.
    pub losses: u64,
}

/// One rated game's change to one player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The game played.
    pub game_id: String,
    /// The account.
    pub account_id: String,
    /// Which game's rating (`go9`, …).
    pub game: String,
    /// The seat the account played.
    pub seat: usize,
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// The account's score: 1, ½ or 0.
    pub score: f64,
    /// When (the game's end).
    pub at_ms: u64,
}

/// A game an account played, for its page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game's id (its record is at `/games/ID/record`).
    pub id: String,
    /// Its spec.
    pub spec: String,
    /// The seat the account played.
    pub seat: usize,
    /// The opponent's nickname, if known.
    pub opponent: Option<String>,
    /// Whether it was rated.
    pub rated: bool,
    /// The result in words, once over.
    pub result: Option<String>,
    /// The winning seat (`None`: a draw, no winner, or not over).
    pub winner_seat: Option<usize>,
    /// When it was made.
    pub created_ms: u64,
}

/// Which rating a game spec counts for: its game's name (`kazura:size=9` → `kazura`).
#[must_use]
pub fn rating_game(spec: &str) -> &str {
    spec.split(':').next().unwrap_or(spec)
}

/// What a rated game's end does to the ratings, decided from what was read: for each
/// seat, its account, the rating before and after, and its score. `None` when the game
/// is not rated, a seat has no account (or it was deleted), or nobody won or drew (an
/// operator's end).
fn decide(
    rated: bool,
    accounts: [Option<String>; 2],
    before: [f64; 2],
    end: &StoredEnd,
) -> Option<[(String, f64, f64, f64); 2]> {
    if !rated || end.reason == EndReason::Ended {
        return None;
    }
    let [Some(a0), Some(a1)] = accounts else {
        return None;
    };
    let score0 = match end.winner_seat {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let (after0, after1) = elo_after(before[0], before[1], score0);
    Some([
        (a0, before[0], after0, score0),
        (a1, before[1], after1, 1.0 - score0),
    ])
}

/// How a score counts in `ratings`' columns: wins, draws, losses.
fn tally(score: f64) -> (i64, i64, i64) {
    if score > 0.75 {
        (1, 0, 0)
    } else if score < 0.25 {
        (0, 0, 1)
    } else {
        (0, 1, 0)
    }
}

/// Rates the end `end` of game `id` inside the transaction `tx` that writes it (SQLite).
pub(super) fn rate_sqlite(tx: &Connection, id: &str, end: &StoredEnd) -> Result<(), StoreError> {
    let (rated, a0, a1, spec): (bool, Option<String>, Option<String>, String) = tx.query_row(
        "SELECT rated, account_0, account_1, spec FROM games WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    let game = rating_game(&spec).to_string();
    let exists = |a: &Option<String>| -> Result<Option<String>, StoreError> {
        let Some(a) = a else { return Ok(None) };
        let there: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = ?1)",
            [a],
            |r| r.get(0),
        )?;
        Ok(there.then(|| a.clone()))
    };
    let accounts = [exists(&a0)?, exists(&a1)?];
    let rating = |a: &Option<String>| -> Result<f64, StoreError> {
        let Some(a) = a else { return Ok(START_RATING) };
        Ok(tx
            .query_row(
                "SELECT rating FROM ratings WHERE account_id = ?1 AND game = ?2",
                params![a, game],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(START_RATING))
    };
    let before = [rating(&accounts[0])?, rating(&accounts[1])?];
    let Some(changes) = decide(rated, accounts, before, end) else {
        return Ok(());
    };
    let at = to_i64(end.finished_ms);
    for (seat, (account, before, after, score)) in changes.iter().enumerate() {
        let (w, d, l) = tally(*score);
        tx.execute(
            "INSERT INTO ratings (account_id, game, rating, games, wins, draws, losses, updated_ms)
             VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7)
             ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating,
                games = games + 1, wins = wins + excluded.wins, draws = draws + excluded.draws,
                losses = losses + excluded.losses, updated_ms = excluded.updated_ms",
            params![account, game, after, w, d, l, at],
        )?;
        tx.execute(
            "INSERT INTO rating_changes (game_id, account_id, game, seat, before, after, score, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![id, account, game, seat as i64, before, after, score, at],
        )?;
    }
    Ok(())
}

/// Rates the end `end` of game `id` inside the transaction `tx` that writes it
/// (PostgreSQL); the players' ratings rows are locked while they are read and written.
pub(super) fn rate_pg(
    tx: &mut impl GenericClient,
    id: &str,
    end: &StoredEnd,
) -> Result<(), StoreError> {
    let row = tx.query_one(
        "SELECT g.rated,
                (SELECT a.id FROM accounts a WHERE a.id = g.account_0),
                (SELECT a.id FROM accounts a WHERE a.id = g.account_1),
                g.spec
         FROM games g WHERE g.id = $1",
        &[&id],
    )?;
    let (rated, spec): (bool, String) = (row.get(0), row.get(3));
    let accounts: [Option<String>; 2] = [row.get(1), row.get(2)];
    let game = rating_game(&spec).to_string();
    let mut before = [START_RATING; 2];
    for (slot, account) in before.iter_mut().zip(&accounts) {
        if let Some(a) = account
            && let Some(r) = tx.query_opt(
                "SELECT rating FROM ratings WHERE account_id = $1 AND game = $2 FOR UPDATE",
                &[a, &game],
            )?
        {
            *slot = r.get(0);
        }
    }
    let Some(changes) = decide(rated, accounts, before, end) else {
        return Ok(());
    };
    let at = to_i64(end.finished_ms);
    for (seat, (account, before, after, score)) in changes.iter().enumerate() {
        let (w, d, l) = tally(*score);
        tx.execute(
            "INSERT INTO ratings (account_id, game, rating, games, wins, draws, losses, updated_ms)
             VALUES ($1, $2, $3, 1, $4, $5, $6, $7)
             ON CONFLICT (account_id, game) DO UPDATE SET rating = EXCLUDED.rating,
                games = ratings.games + 1, wins = ratings.wins + EXCLUDED.wins,
                draws = ratings.draws + EXCLUDED.draws, losses = ratings.losses + EXCLUDED.losses,
                updated_ms = EXCLUDED.updated_ms",
            &[account, &game, after, &w, &d, &l, &at],
        )?;
        tx.execute(
            "INSERT INTO rating_changes (game_id, account_id, game, seat, before, after, score, at_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &[&id, account, &game, &(seat as i64), before, after, score, &at],
        )?;
    }
    Ok(())
}

/// Reading ratings: the leaderboards, a player's standings and history, a game's changes.
pub trait RatingStore {
    /// The best `limit` players of `game`, highest rating first (then most games, then
    /// name).
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn leaderboard(&self, game: &str, limit: usize) -> Result<Vec<Standing>, StoreError>;

    /// Account `account_id`'s standing in each game it has played rated.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn standings(&self, account_id: &str) -> Result<Vec<Standing>, StoreError>;

    /// Account `account_id`'s rating changes, the latest first, at most `limit`.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn history(&self, account_id: &str, limit: usize) -> Result<Vec<RatingChange>, StoreError>;

    /// The rating changes game `game_id` made (none, or one per seat).
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn game_changes(&self, game_id: &str) -> Result<Vec<RatingChange>, StoreError>;

    /// The games account `account_id` played (either seat), the latest first, at most
    /// `limit`.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn games_of(&self, account_id: &str, limit: usize) -> Result<Vec<PlayedGame>, StoreError>;

    /// Account `account_id`'s rating in `game` ([`START_RATING`] before its first rated
    /// game).
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn rating(&self, account_id: &str, game: &str) -> Result<f64, StoreError>;
}

const STANDING: &str =
    "SELECT r.account_id, a.name, r.game, r.rating, r.games, r.wins, r.draws, r.losses
    FROM ratings r JOIN accounts a ON a.id = r.account_id";

/// An account's games: `$1`/`?1` the account, `$2`/`?2` the limit.
const PLAYED: &str = "SELECT id, spec, CASE WHEN account_0 = {a} THEN 0 ELSE 1 END,
        CASE WHEN account_0 = {a} THEN nickname_1 ELSE nickname_0 END,
        rated, result_text, winner_seat, created_ms
    FROM games WHERE account_0 = {a} OR account_1 = {a}
    ORDER BY created_ms DESC, id LIMIT {n}";

const CHANGE: &str =
    "SELECT game_id, account_id, game, seat, before, after, score, at_ms FROM rating_changes";

fn count(v: i64) -> Result<u64, StoreError> {
    to_u64(v)
}

fn seat_of(v: i64) -> usize {
    usize::from(v == 1)
}

impl RatingStore for SqliteStore {
    fn leaderboard(&self, game: &str, limit: usize) -> Result<Vec<Standing>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "{STANDING} WHERE r.game = ?1 ORDER BY r.rating DESC, r.games DESC, a.name_key LIMIT ?2"
        ))?;
        let rows = stmt.query_map(
            params![game, i64::try_from(limit).unwrap_or(i64::MAX)],
            sqlite_standing,
        )?;
        rows.map(|r| r?).collect()
    }

    fn standings(&self, account_id: &str) -> Result<Vec<Standing>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "{STANDING} WHERE r.account_id = ?1 ORDER BY r.game"
        ))?;
        let rows = stmt.query_map([account_id], sqlite_standing)?;
        rows.map(|r| r?).collect()
    }

    fn history(&self, account_id: &str, limit: usize) -> Result<Vec<RatingChange>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "{CHANGE} WHERE account_id = ?1 ORDER BY at_ms DESC, game_id LIMIT ?2"
        ))?;
        let rows = stmt.query_map(
            params![account_id, i64::try_from(limit).unwrap_or(i64::MAX)],
            sqlite_change,
        )?;
        rows.map(|r| r?).collect()
    }

    fn game_changes(&self, game_id: &str) -> Result<Vec<RatingChange>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!("{CHANGE} WHERE game_id = ?1 ORDER BY seat"))?;
        let rows = stmt.query_map([game_id], sqlite_change)?;
        rows.map(|r| r?).collect()
    }

    fn games_of(&self, account_id: &str, limit: usize) -> Result<Vec<PlayedGame>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&PLAYED.replace("{a}", "?1").replace("{n}", "?2"))?;
        let rows = stmt.query_map(
            params![account_id, i64::try_from(limit).unwrap_or(i64::MAX)],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, bool>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, Option<i64>>(6)?,
                    r.get::<_, i64>(7)?,
                ))
            },
        )?;
        rows.map(|r| played(r?)).collect()
    }

    fn rating(&self, account_id: &str, game: &str) -> Result<f64, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT rating FROM ratings WHERE account_id = ?1 AND game = ?2",
                params![account_id, game],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(START_RATING))
    }
}

#[allow(clippy::unnecessary_wraps)]
fn sqlite_standing(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<Standing, StoreError>> {
    let (games, wins, draws, losses): (i64, i64, i64, i64) =
        (r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?);
    let (account_id, name, game, rating) = (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
    Ok((|| {
        Ok(Standing {
            account_id,
            name,
            game,
            rating,
            games: count(games)?,
            wins: count(wins)?,
            draws: count(draws)?,
            losses: count(losses)?,
        })
    })())
}

#[allow(clippy::unnecessary_wraps)]
fn sqlite_change(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<RatingChange, StoreError>> {
    let at: i64 = r.get(7)?;
    let (game_id, account_id, game) = (r.get(0)?, r.get(1)?, r.get(2)?);
    let (seat, before, after, score): (i64, f64, f64, f64) =
        (r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?);
    Ok(to_u64(at).map(|at_ms| RatingChange {
        game_id,
        account_id,
        game,
        seat: seat_of(seat),
        before,
        after,
        score,
        at_ms,
    }))
}

/// A [`PlayedGame`] from its columns.
#[allow(clippy::type_complexity)]
fn played(
    (id, spec, seat, opponent, rated, result, winner, created): (
        String,
        String,
        i64,
        Option<String>,
        bool,
        Option<String>,
        Option<i64>,
        i64,
    ),
) -> Result<PlayedGame, StoreError> {
    Ok(PlayedGame {
        id,
        spec,
        seat: seat_of(seat),
        opponent,
        rated,
        result,
        winner_seat: winner.map(seat_of),
        created_ms: to_u64(created)?,
    })
}

fn pg_standing(r: &postgres::Row) -> Result<Standing, StoreError> {
    Ok(Standing {
        account_id: r.get(0),
        name: r.get(1),
        game: r.get(2),
        rating: r.get(3),
        games: count(r.get(4))?,
        wins: count(r.get(5))?,
        draws: count(r.get(6))?,
        losses: count(r.get(7))?,
    })
}

fn pg_change(r: &postgres::Row) -> Result<RatingChange, StoreError> {
    Ok(RatingChange {
        game_id: r.get(0),
        account_id: r.get(1),
        game: r.get(2),
        seat: seat_of(r.get(3)),
        before: r.get(4),
        after: r.get(5),
        score: r.get(6),
        at_ms: to_u64(r.get(7))?,
    })
}

impl RatingStore for PgStore {
    fn leaderboard(&self, game: &str, limit: usize) -> Result<Vec<Standing>, StoreError> {
        let rows = self.conn()?.query(
            &format!("{STANDING} WHERE r.game = $1 ORDER BY r.rating DESC, r.games DESC, a.name_key LIMIT $2"),
            &[&game, &i64::try_from(limit).unwrap_or(i64::MAX)],
        )?;
        rows.iter().map(pg_standing).collect()
    }

    fn standings(&self, account_id: &str) -> Result<Vec<Standing>, StoreError> {
        let rows = self.conn()?.query(
            &format!("{STANDING} WHERE r.account_id = $1 ORDER BY r.game"),
            &[&account_id],
        )?;
        rows.iter().map(pg_standing).collect()
    }

    fn history(&self, account_id: &str, limit: usize) -> Result<Vec<RatingChange>, StoreError> {
        let rows = self.conn()?.query(
            &format!("{CHANGE} WHERE account_id = $1 ORDER BY at_ms DESC, game_id LIMIT $2"),
            &[&account_id, &i64::try_from(limit).unwrap_or(i64::MAX)],
        )?;
        rows.iter().map(pg_change).collect()
    }

    fn game_changes(&self, game_id: &str) -> Result<Vec<RatingChange>, StoreError> {
        let rows = self.conn()?.query(
            &format!("{CHANGE} WHERE game_id = $1 ORDER BY seat"),
            &[&game_id],
        )?;
        rows.iter().map(pg_change).collect()
    }

    fn games_of(&self, account_id: &str, limit: usize) -> Result<Vec<PlayedGame>, StoreError> {
        let rows = self.conn()?.query(
            &PLAYED.replace("{a}", "$1").replace("{n}", "$2"),
            &[&account_id, &i64::try_from(limit).unwrap_or(i64::MAX)],
        )?;
        rows.iter()
            .map(|r| {
                played((
                    r.get(0),
                    r.get(1),
                    r.get(2),
                    r.get(3),
                    r.get(4),
                    r.get(5),
                    r.get(6),
                    r.get(7),
                ))
            })
            .collect()
    }

    fn rating(&self, account_id: &str, game: &str) -> Result<f64, StoreError> {
        Ok(self
            .conn()?
            .query_opt(
                "SELECT rating FROM ratings WHERE account_id = $1 AND game = $2",
                &[&account_id, &game],
            )?
            .map_or(START_RATING, |r| r.get(0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_players_move_by_half_the_k_factor() {
        assert_eq!(elo_after(1200.0, 1200.0, 1.0), (1216.0, 1184.0));
        assert_eq!(elo_after(1200.0, 1200.0, 0.0), (1184.0, 1216.0));
        assert_eq!(elo_after(1200.0, 1200.0, 0.5), (1200.0, 1200.0));
    }

    #[test]
    fn the_formula_is_elo_s() {
        // Computed here from the formula, not from the crate: E = 1 / (1 + 10^((Rb - Ra) / 400)).
        let (a, b) = (1500.0_f64, 1300.0_f64);
        let expected = 1.0 / (1.0 + 10f64.powf((b - a) / 400.0));
        let (na, nb) = elo_after(a, b, 0.5);
        assert!((na - (a + 32.0 * (0.5 - expected))).abs() < 1e-9);
        assert!((nb - (b + 32.0 * (0.5 - (1.0 - expected)))).abs() < 1e-9);
        assert!(
            (na + nb - a - b).abs() < 1e-9,
            "what one gains the other loses"
        );
    }

    #[test]
    fn only_rated_games_with_two_accounts_and_a_result_are_rated() {
        let end = |reason, winner_seat| StoredEnd {
            reason,
            seat: None,
            winner_seat,
            text: String::new(),
            finished_ms: 1,
        };
        let both = [Some("a".to_string()), Some("b".to_string())];
        let before = [START_RATING; 2];
        assert!(decide(false, both.clone(), before, &end(EndReason::Rules, Some(0))).is_none());
        assert!(
            decide(
                true,
                [Some("a".into()), None],
                before,
                &end(EndReason::Rules, Some(0))
            )
            .is_none()
        );
        assert!(decide(true, both.clone(), before, &end(EndReason::Ended, None)).is_none());
        let won = decide(true, both.clone(), before, &end(EndReason::Resign, Some(1))).unwrap();
        assert_eq!((won[0].3, won[1].3), (0.0, 1.0));
        let drawn = decide(true, both, before, &end(EndReason::Draw, None)).unwrap();
        assert_eq!((drawn[0].3, drawn[1].3), (0.5, 0.5));
    }

    #[test]
    fn a_spec_counts_for_its_game() {
        assert_eq!(rating_game("go9"), "go9");
        assert_eq!(rating_game("kazura:size=9"), "kazura");
    }
}
