//! `rulebook match`: games between two players, run in parallel, with the score and its
//! Wilson interval; and the game loop it shares with `selfplay`'s player specs.

use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use game_core::Player;

use crate::error::CliError;
use crate::player::{Participant, PlayerSpec};
use game_catalog::{BotSpec, CatalogGame};

/// Settings of `rulebook match`.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// Player A, Black in the first game.
    pub black: PlayerSpec,
    /// Player B, White in the first game.
    pub white: PlayerSpec,
    /// Number of games (at least 1).
    pub games: u64,
    /// Alternate colours: in the games with an odd index (from 0) A plays White.
    pub swap: bool,
    /// Games played at once, each on one thread.
    pub threads: usize,
    /// Game `i` (from 0) is seeded with `seed + i`.
    pub seed: u64,
    /// Report each player's thinking time per move (varies between runs, so off by
    /// default: without it the output depends on the seed alone).
    pub timing: bool,
    /// Where each game's JSON record is written (`game-N.json`), if anywhere.
    pub record_dir: Option<std::path::PathBuf>,
}

/// One player's thinking: the moves it chose and the wall-clock time they took, as the
/// match loop sees it (for a GTP engine, from sending `genmove` to reading its answer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkingTime {
    /// Moves chosen (a resignation counts as one).
    pub moves: u32,
    /// Their total time.
    pub time: Duration,
}

impl ThinkingTime {
    /// The two counts summed.
    fn add(&mut self, other: ThinkingTime) {
        self.moves += other.moves;
        self.time += other.time;
    }

    /// `NAME X.XXX s/move over N moves`, or `NAME no moves`.
    fn describe(&self, name: &dyn std::fmt::Display) -> String {
        if self.moves == 0 {
            format!("{name} no moves")
        } else {
            format!(
                "{name} {:.3} s/move over {} moves",
                self.time.as_secs_f64() / f64::from(self.moves),
                self.moves
            )
        }
    }
}

/// The 95 % Wilson score interval of a proportion: `score` successes (a draw counts ½) in
/// `n` trials, as `(low, high)` in `[0, 1]`. `(0, 1)` when `n` is 0.
#[must_use]
pub fn wilson_interval(score: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = score / n;
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A proportion as a whole percentage, rounded half away from zero.
fn whole_percent(p: f64) -> i64 {
    (100.0 * p).round() as i64
}

/// How one game ended.
#[derive(Debug)]
pub struct Finished<G> {
    /// The final state (over, or stopped at the ply cap).
    pub state: G,
    /// Moves played.
    pub plies: usize,
    /// A player that lost by forfeit (a GTP engine that failed or played an illegal move),
    /// with why.
    pub forfeit: Option<(Player, String)>,
    /// Each player's thinking, indexed by [`Player::index`].
    pub thinking: [ThinkingTime; 2],
}

impl<G: CatalogGame> Finished<G> {
    /// The winner, counting a forfeit.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match &self.forfeit {
            Some((loser, _)) => Some(loser.other()),
            None => self.state.outcome().winner(),
        }
    }

    /// The result text: the game's `result:` words, and the forfeit if any.
    #[must_use]
    pub fn result_text(&self) -> String {
        match &self.forfeit {
            None => self.state.outcome_text(),
            Some((loser, why)) => {
                let [first, second] = G::PLAYER_NAMES;
                let (loser, winner) = match loser {
                    Player::First => (first, second),
                    Player::Second => (second, first),
                };
                format!("{winner} by forfeit ({loser}'s engine: {why})")
            }
        }
    }
}

/// Plays one game from `start` between `specs` (indexed by player), engines seeded from
/// `seed`, stopping after `max_plies` moves.
pub fn play_game<G: CatalogGame>(
    start: &G,
    specs: [&PlayerSpec; 2],
    seed: u64,
    max_plies: usize,
) -> Finished<G> {
    let mut state = start.clone();
    let seeds = [seed, seed ^ 0x9e37_79b9_7f4a_7c15];
    let mut engines: Vec<Participant<G>> = Vec::with_capacity(2);
    let mut forfeit = None;
    for (i, spec) in specs.iter().enumerate() {
        match Participant::new(spec, seeds[i], 1, start) {
            Ok(engine) => engines.push(engine),
            Err(why) => {
                forfeit.get_or_insert((
                    if i == 0 {
                        Player::First
                    } else {
                        Player::Second
                    },
                    why,
                ));
                engines.push(Participant::Human);
            }
        }
    }
    let mut plies = 0;
    let mut thinking = [ThinkingTime::default(); 2];
    while forfeit.is_none() && !state.is_over() && plies < max_plies {
        let mover = state.to_move();
        let started = Instant::now();
        let choice = engines[mover.index()].choose(&state);
        thinking[mover.index()].add(ThinkingTime {
            moves: 1,
            time: started.elapsed(),
        });
        let mv = match choice {
            Ok(Some(mv)) => mv,
            Ok(None) => {
                // A GTP engine resigned.
                if CatalogGame::resign(&mut state, mover).is_err() {
                    forfeit = Some((mover, "it resigned".to_string()));
                }
                break;
            }
            Err(why) => {
                forfeit = Some((mover, why));
                break;
            }
        };
        state.play_unchecked(mv);
        plies += 1;
        for (i, engine) in engines.iter_mut().enumerate() {
            if let Err(why) = engine.observe(mover, mv, i == mover.index()) {
                let player = if i == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                forfeit.get_or_insert((player, why));
            }
        }
    }
    for engine in engines {
        engine.finish();
    }
    Finished {
        state,
        plies,
        forfeit,
        thinking,
    }
}

/// One game: its line, A's score in it (1, ½ or 0), and A's and B's thinking.
struct GameReport {
    line: String,
    score: f64,
    thinking: [ThinkingTime; 2],
    /// The record that could not be written.
    record_error: Option<CliError>,
}

/// Plays game `index` of the match.
fn match_game<G: CatalogGame>(start: &G, settings: &MatchSettings, index: u64) -> GameReport {
    let swapped = settings.swap && index % 2 == 1;
    let (black, white) = if swapped {
        (&settings.white, &settings.black)
    } else {
        (&settings.black, &settings.white)
    };
    let finished = play_game(
        start,
        [black, white],
        settings.seed.wrapping_add(index),
        usize::MAX,
    );
    let mut record_error = None;
    let a = if swapped {
        Player::Second
    } else {
        Player::First
    };
    let score = match finished.winner() {
        Some(winner) if winner == a => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    if let Some(dir) = &settings.record_dir {
        let path = dir.join(format!("game-{}.json", index + 1));
        if let Err(source) = std::fs::write(&path, finished.state.write_record()) {
            record_error = Some(CliError::Io {
                path: path.display().to_string(),
                source,
            });
        }
    }
    // A's and B's thinking, whichever colour each held.
    let thinking = [
        finished.thinking[a.index()],
        finished.thinking[a.other().index()],
    ];
    let [first, second] = G::PLAYER_NAMES;
    let mut line = format!(
        "game {}: {first} {black}, {second} {white}, {} plies, result: {}",
        index + 1,
        finished.plies,
        finished.result_text()
    );
    if settings.timing {
        let [black_thinking, white_thinking] = finished.thinking;
        let _ = write!(
            line,
            "; thinking: {}, {}",
            black_thinking.describe(&first),
            white_thinking.describe(&second)
        );
    }
    line.push('\n');
    GameReport {
        line,
        score,
        thinking,
        record_error,
    }
}

/// Runs the match and writes its lines.
///
/// # Errors
/// A player the game cannot have, a GTP engine that cannot start, a failed write.
pub fn run_match<G: CatalogGame>(
    start: &G,
    settings: &MatchSettings,
    sink: &mut dyn Write,
) -> Result<(), CliError> {
    check_players(start, settings)?;
    if let Some(dir) = &settings.record_dir {
        std::fs::create_dir_all(dir).map_err(|source| CliError::Io {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let threads = settings
        .threads
        .clamp(1, game_catalog::MAX_THREADS)
        .min(settings.games as usize);
    let next = AtomicU64::new(0);
    let (sender, receiver) = mpsc::channel::<(u64, GameReport)>();
    let mut totals = Totals::default();
    // One worker: games taken from the shared counter until none is left.
    let work = |sender: mpsc::Sender<(u64, GameReport)>, start: G| loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= settings.games {
            break;
        }
        let report = match_game(&start, settings, index);
        if sender.send((index, report)).is_err() {
            break;
        }
    };
    let result = std::thread::scope(|scope| -> Result<(), CliError> {
        let mut started = 0;
        for _ in 0..threads {
            let (sender, start, work) = (sender.clone(), start.clone(), &work);
            // A thread the system refuses (out of threads or memory) is no error: the
            // workers already running take its games, or this thread plays them all.
            match std::thread::Builder::new().spawn_scoped(scope, move || work(sender, start)) {
                Ok(_) => started += 1,
                Err(_) => break,
            }
        }
        if started == 0 {
            work(sender.clone(), start.clone());
        }
        drop(sender);
        // Lines go out in game order as soon as each is ready.
        let mut pending: Vec<Option<GameReport>> = Vec::new();
        pending.resize_with(settings.games as usize, || None);
        let mut written = 0usize;
        for (index, report) in receiver {
            pending[index as usize] = Some(report);
            while let Some(Some(mut report)) = pending.get_mut(written).map(Option::take) {
                let record_error = report.record_error.take();
                let line = totals.add(report);
                if let Err(e) =
                    crate::driver::write_out(sink, &line).and(record_error.map_or(Ok(()), Err))
                {
                    // Stop the other threads from starting games.
                    next.store(settings.games, Ordering::Relaxed);
                    return Err(e);
                }
                written += 1;
            }
        }
        Ok(())
    });
    result?;
    crate::driver::write_out(sink, &totals.summary(settings))
}

/// Checks a match's settings before its first game: both players suit the game, neither
/// is human, a GTP engine starts (once, so that a wrong command is one clear error), and
/// there is at least one game.
fn check_players<G: CatalogGame>(start: &G, settings: &MatchSettings) -> Result<(), CliError> {
    for spec in [&settings.black, &settings.white] {
        spec.check_for::<G>().map_err(CliError::Options)?;
        match spec {
            PlayerSpec::Human => {
                return Err(CliError::Options(
                    "human plays only in `rulebook play`".into(),
                ));
            }
            PlayerSpec::Bot(BotSpec::Gtp(_)) => {
                // Start it once, so that a wrong command is one clear error.
                Participant::new(spec, 0, 1, start)
                    .map_err(|why| CliError::Options(format!("{spec}: {why}")))?
                    .finish();
            }
            _ => {}
        }
    }
    if settings.games == 0 {
        return Err(CliError::Options("--games must be at least 1".into()));
    }
    Ok(())
}

/// A match's totals so far, summed in game order: the first player's score, each side's
/// thinking, and the wins and draws.
#[derive(Default)]
struct Totals {
    score: f64,
    thinking: [ThinkingTime; 2],
    a_wins: u64,
    b_wins: u64,
    draws: u64,
}

impl Totals {
    /// Adds one game's report to the totals; returns its line.
    fn add(&mut self, report: GameReport) -> String {
        let GameReport {
            line,
            score: s,
            thinking: game_thinking,
            ..
        } = report;
        self.score += s;
        for (total, game) in self.thinking.iter_mut().zip(game_thinking) {
            total.add(game);
        }
        if s == 1.0 {
            self.a_wins += 1;
        } else if s == 0.0 {
            self.b_wins += 1;
        } else {
            self.draws += 1;
        }
        line
    }

    /// The lines after the games: the thinking times if asked, then the summary with the
    /// first player's score and its 95 % Wilson interval.
    fn summary(&self, settings: &MatchSettings) -> String {
        let Totals {
            score,
            thinking,
            a_wins,
            b_wins,
            draws,
        } = *self;
        let n = settings.games as f64;
        let (low, high) = wilson_interval(score, n);
        let mut out = String::new();
        if settings.timing {
            let _ = writeln!(
                out,
                "thinking: {}, {}",
                thinking[0].describe(&settings.black),
                thinking[1].describe(&settings.white)
            );
        }
        let _ = writeln!(
            out,
            "summary: {} {a_wins}, {} {b_wins}, draws {draws}, of {} games; {} scored {}% (95% CI {}-{}%)",
            settings.black,
            settings.white,
            settings.games,
            settings.black,
            whole_percent(score / n),
            whole_percent(low),
            whole_percent(high),
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::wilson_interval;

    fn percent(score: f64, n: f64) -> (i64, i64) {
        let (low, high) = wilson_interval(score, n);
        ((100.0 * low).round() as i64, (100.0 * high).round() as i64)
    }

    #[test]
    fn wilson_matches_hand_computed_values() {
        // p = 0.5, n = 10: centre 0.5, half-width 1.96/1.38415·√(0.025 + 0.0096037) = 0.2634.
        let (low, high) = wilson_interval(5.0, 10.0);
        assert!((low - 0.236_593).abs() < 1e-5, "{low}");
        assert!((high - 0.763_407).abs() < 1e-5, "{high}");
        // p = 0.8, n = 100: centre 0.788902, half-width 0.077731.
        let (low, high) = wilson_interval(80.0, 100.0);
        assert!((low - 0.711_170).abs() < 1e-5, "{low}");
        assert!((high - 0.866_633).abs() < 1e-5, "{high}");
        assert_eq!(percent(80.0, 100.0), (71, 87));
        // All won of 4: [0.5101, 1].
        let (low, high) = wilson_interval(4.0, 4.0);
        assert!((low - 0.510_109).abs() < 1e-5, "{low}");
        assert_eq!(high, 1.0);
        // None won of 4, and draws counting half: 1.5 of 3 is p = ½.
        assert_eq!(percent(0.0, 4.0), (0, 49));
        assert_eq!(percent(1.5, 3.0), (13, 87));
        assert_eq!(wilson_interval(0.0, 0.0), (0.0, 1.0));
    }
}
