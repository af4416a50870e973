//! The generic implementation of every command for any [`CliGame`], behind an object-safe
//! [`Driver`] so the registry can hold all games in one list.

use std::fmt::Write as _;
use std::io::Write;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use game_core::search::{Budget, DefaultHooks, Level, Opponent, SearchConfig, Searcher};
use game_core::{Game, GameRng, Outcome, Player};

use crate::cli_game::{CliGame, GameOptions};
use crate::error::CliError;
use crate::player::PlayerSpec;
use crate::progress;

/// Which self-play player moves (both sides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// `random`: uniformly random legal moves (or the game's refined random move).
    Random,
    /// `mcts`: Monte Carlo tree search (`game_core::search`, plain UCT with uniform
    /// playouts) with `--iterations` playouts per move, one searcher for both sides keeping
    /// its tree from move to move.
    Mcts,
    /// Any other player SPEC (`easy`, `normal`, `hard`, `mcts:N`, `gtp:COMMAND`): one
    /// engine per side, as in `rulebook match`.
    Spec(PlayerSpec),
}

impl std::str::FromStr for PlayerKind {
    type Err = String;

    /// `random`, `mcts`, or a [`PlayerSpec`] other than `human`.
    fn from_str(text: &str) -> Result<PlayerKind, String> {
        match text.to_ascii_lowercase().as_str() {
            "random" => Ok(PlayerKind::Random),
            "mcts" => Ok(PlayerKind::Mcts),
            _ => match text.parse::<PlayerSpec>()? {
                PlayerSpec::Human => Err("human plays only in `rulebook play`".into()),
                spec => Ok(PlayerKind::Spec(spec)),
            },
        }
    }
}

/// Settings of `rulebook selfplay`.
#[derive(Clone, Debug)]
pub struct SelfplaySettings {
    /// Who plays both sides.
    pub player: PlayerKind,
    /// Number of games.
    pub games: u64,
    /// Seed of the first game (game `i` uses `seed + i`).
    pub seed: u64,
    /// Where to write the record (several games: `stem-N.ext`).
    pub record: Option<PathBuf>,
    /// The caller's stop: a game still going after this many plies is stopped.
    pub max_plies: usize,
    /// MCTS iterations per move.
    pub iterations: u32,
}

/// One command for one game, as the registry dispatches it.
#[derive(Clone, Debug)]
pub enum GameCommand {
    /// `legal`.
    Legal,
    /// `trace`.
    Trace,
    /// `perft DEPTH [--divide] [--threads N]`.
    Perft {
        /// Deepest level.
        depth: u32,
        /// Also split the deepest count by first move.
        divide: bool,
        /// Threads sharing the root moves (1: the plain recursive count).
        threads: usize,
    },
    /// `show`.
    Show,
    /// `selfplay`.
    Selfplay(SelfplaySettings),
    /// `match`: games between two players.
    Match(crate::matches::MatchSettings),
    /// `bench`, measuring each figure for about this many seconds.
    Bench {
        /// Seconds per measure.
        seconds: f64,
        /// Threads of the multi-threaded search row (1: only the one-thread row).
        threads: usize,
    },
}

/// A game as the program sees it: a name, its commands, and whether a record is its own.
pub trait Driver: Sync {
    /// The game's name on the command line.
    fn name(&self) -> &'static str;
    /// Runs `command` from the start position given by `options` after `moves`, writing
    /// what goes to standard output into `sink`. Options and moves are checked before
    /// anything is written, so a bad move leaves `sink` untouched; self-play writes each
    /// game as it ends.
    ///
    /// # Errors
    /// Bad options, a bad move, a failed write.
    fn run(
        &self,
        options: &GameOptions,
        moves: &str,
        command: &GameCommand,
        sink: &mut dyn Write,
    ) -> Result<(), CliError>;
    /// `rulebook play`: plays from the start position given by `options` after `moves`,
    /// reading the people's commands and moves from `input` line by line and writing to
    /// `sink`, until the game ends, `quit` or the end of `input`.
    ///
    /// # Errors
    /// Bad options, a bad move of `moves`, a player the game cannot have, a failed write or
    /// record.
    fn play(
        &self,
        options: &GameOptions,
        moves: &str,
        settings: &crate::play::PlaySettings,
        input: &mut dyn std::io::BufRead,
        sink: &mut dyn Write,
    ) -> Result<(), CliError>;
    /// Whether `text` is a record of this game.
    fn is_record(&self, text: &str) -> bool;
    /// Replays a record; returns the final diagram and `result:` line.
    ///
    /// # Errors
    /// The record's first bad move or field.
    fn replay(&self, path: &Path, text: &str) -> Result<String, CliError>;
}

/// The [`Driver`] of game `G`.
pub struct Adapter<G>(PhantomData<fn() -> G>);

impl<G> Adapter<G> {
    /// The driver (a constant, so the registry is a static list).
    pub const NEW: Adapter<G> = Adapter(PhantomData);
}

/// Plays the `--moves` text from `state`, numbering moves from 1 in errors.
fn play_moves<G: Game>(state: &mut G, moves: &str) -> Result<Vec<G::Move>, CliError> {
    let mut played = Vec::new();
    for (i, text) in moves.split_whitespace().enumerate() {
        let err = |reason: String| CliError::Move {
            number: i + 1,
            text: text.to_string(),
            reason,
        };
        let mv = state.parse_move(text).map_err(|e| err(e.to_string()))?;
        state.play(mv).map_err(|e| err(e.to_string()))?;
        played.push(mv);
    }
    Ok(played)
}

/// The legal moves in canonical spelling, sorted by byte order, space-separated.
fn legal_line<G: Game>(state: &G, buffer: &mut Vec<G::Move>) -> String {
    state.legal_moves(buffer);
    let mut names: Vec<String> = buffer.iter().map(ToString::to_string).collect();
    names.sort_unstable();
    names.join(" ")
}

impl<G: CliGame> Driver for Adapter<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn run(
        &self,
        options: &GameOptions,
        moves: &str,
        command: &GameCommand,
        sink: &mut dyn Write,
    ) -> Result<(), CliError> {
        let start = G::from_options(options).map_err(CliError::Options)?;
        let mut state = start.clone();
        let played = play_moves(&mut state, moves)?;
        let mut out = String::new();
        let mut buffer = Vec::new();
        match command {
            GameCommand::Legal => {
                out.push_str(&legal_line(&state, &mut buffer));
                out.push('\n');
            }
            GameCommand::Trace => {
                let mut replay = start;
                let _ = writeln!(out, "0: {}", legal_line(&replay, &mut buffer));
                for (i, &mv) in played.iter().enumerate() {
                    replay.play_unchecked(mv);
                    let _ = writeln!(out, "{}: {}", i + 1, legal_line(&replay, &mut buffer));
                }
                let _ = writeln!(out, "result: {}", replay.outcome_text());
            }
            GameCommand::Perft {
                depth,
                divide,
                threads,
            } => {
                let threads = (*threads).max(1);
                if *divide && *depth > 0 {
                    let counts = if threads == 1 {
                        game_core::perft_divide(&state, *depth)
                    } else {
                        perft_split(&state, *depth, threads)
                    };
                    let mut rows: Vec<(String, u64)> = counts
                        .into_iter()
                        .map(|(mv, n)| (mv.to_string(), n))
                        .collect();
                    rows.sort_unstable();
                    for (mv, n) in rows {
                        let _ = writeln!(out, "{mv} {n}");
                    }
                }
                for d in 1..=*depth {
                    let count = if threads == 1 {
                        game_core::perft(&state, d)
                    } else {
                        perft_split(&state, d, threads).iter().map(|r| r.1).sum()
                    };
                    let _ = writeln!(out, "perft {d} {count}");
                }
            }
            GameCommand::Show => {
                out.push_str(&state.diagram());
                let _ = writeln!(out, "{}", state.status());
            }
            GameCommand::Selfplay(settings) => selfplay(&state, settings, sink)?,
            GameCommand::Match(settings) => crate::matches::run_match(&state, settings, sink)?,
            GameCommand::Bench { seconds, threads } => {
                bench::<G>(&state, *seconds, *threads, &mut out);
            }
        }
        write_out(sink, &out)
    }

    fn play(
        &self,
        options: &GameOptions,
        moves: &str,
        settings: &crate::play::PlaySettings,
        input: &mut dyn std::io::BufRead,
        sink: &mut dyn Write,
    ) -> Result<(), CliError> {
        let mut state = G::from_options(options).map_err(CliError::Options)?;
        play_moves(&mut state, moves)?;
        crate::play::play(options, state, settings, input, sink)
    }

    fn is_record(&self, text: &str) -> bool {
        G::is_record(text)
    }

    fn replay(&self, path: &Path, text: &str) -> Result<String, CliError> {
        let state = G::replay(text).map_err(|reason| CliError::Record {
            path: path.display().to_string(),
            reason,
        })?;
        Ok(format!(
            "{}result: {}\n",
            state.diagram(),
            state.outcome_text()
        ))
    }
}

/// `perft_divide(state, depth)` (`depth` ≥ 1) with the root moves shared out over
/// `threads` threads, each counting the subtrees of the moves it takes; the counts are
/// those of the one-thread count, in the order of the legal moves.
fn perft_split<G: Game + Send>(state: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut counts = vec![0u64; moves.len()];
    let found: Vec<Vec<(usize, u64)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.min(moves.len()).max(1))
            .map(|_| {
                let (next, moves, root) = (&next, &moves, state.clone());
                scope.spawn(move || {
                    let mut found = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&mv) = moves.get(i) else { break };
                        let mut child = root.clone();
                        child.play_unchecked(mv);
                        found.push((i, game_core::perft(&child, depth - 1)));
                    }
                    found
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a perft thread panicked"))
            .collect()
    });
    for (i, n) in found.into_iter().flatten() {
        counts[i] = n;
    }
    moves.into_iter().zip(counts).collect()
}

/// The file a game's record goes to: `path` itself for one game, `stem-N.ext` for several.
fn record_path(path: &Path, game: u64, games: u64) -> PathBuf {
    if games <= 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{}.{}", game + 1, ext.to_string_lossy()),
        None => format!("{stem}-{}", game + 1),
    };
    path.with_file_name(name)
}

/// Writes `text` to standard output (`sink`), naming standard output in the error.
pub(crate) fn write_out(sink: &mut dyn Write, text: &str) -> Result<(), CliError> {
    sink.write_all(text.as_bytes())
        .map_err(|source| CliError::Io {
            path: "standard output".into(),
            source,
        })
}

fn selfplay<G: CliGame>(
    start: &G,
    settings: &SelfplaySettings,
    sink: &mut dyn Write,
) -> Result<(), CliError> {
    if let PlayerKind::Spec(spec) = &settings.player {
        spec.check_for::<G>().map_err(CliError::Options)?;
    }
    let bar = progress::bar(settings.games, "games");
    let mut wins = [0u64; 2];
    let (mut draws, mut no_winner, mut stopped, mut total_plies) = (0u64, 0u64, 0u64, 0usize);
    let mut moves = Vec::new();
    for game in 0..settings.games {
        let seed = settings.seed.wrapping_add(game);
        let mut rng = GameRng::seed_from(seed);
        let mut state = start.clone();
        // One searcher plays both sides, so each move keeps the subtree of the last.
        let config = SearchConfig::default()
            .with_budget(Budget::playouts(u64::from(settings.iterations)))
            .with_seed(seed);
        let mut searcher = Searcher::new(config, DefaultHooks);
        if settings.player == PlayerKind::Mcts {
            searcher.reset(state.clone());
        }
        let mut plies = 0;
        let mut forfeit = None;
        if let PlayerKind::Spec(spec) = &settings.player {
            let finished =
                crate::matches::play_game(&state, [spec, spec], seed, settings.max_plies);
            if finished.forfeit.is_some() {
                forfeit = Some((finished.winner(), finished.result_text()));
            }
            state = finished.state;
            plies = finished.plies;
        }
        while !state.is_over() && plies < settings.max_plies && forfeit.is_none() {
            let mv = match &settings.player {
                PlayerKind::Random => state.playout_move(&mut rng, &mut moves),
                PlayerKind::Mcts => searcher.search_current().best,
                PlayerKind::Spec(_) => break,
            };
            let Some(mv) = mv else { break };
            if settings.player == PlayerKind::Mcts {
                searcher
                    .advance(mv)
                    .expect("the search chooses among the legal moves");
            }
            state.play_unchecked(mv);
            plies += 1;
        }
        total_plies += plies;
        let mut out = state.diagram();
        match state.outcome() {
            _ if forfeit.is_some() => {
                let (winner, text) = forfeit.take().expect("checked");
                if let Some(winner) = winner {
                    wins[winner.index()] += 1;
                }
                let _ = writeln!(out, "result: {text}");
            }
            Outcome::Ongoing => {
                stopped += 1;
                let _ = writeln!(
                    out,
                    "result: ongoing (stopped by selfplay at its cap of {} plies, not a rule result)",
                    settings.max_plies
                );
            }
            outcome => {
                match &outcome {
                    Outcome::Win { winner, .. } => wins[winner.index()] += 1,
                    Outcome::Draw { .. } => draws += 1,
                    Outcome::NoWinner { .. } => no_winner += 1,
                    Outcome::Ongoing => unreachable!(),
                }
                let _ = writeln!(out, "result: {}", state.outcome_text());
            }
        }
        if let Some(path) = &settings.record {
            let path = record_path(path, game, settings.games);
            std::fs::write(&path, state.record(&path)).map_err(|source| CliError::Io {
                path: path.display().to_string(),
                source,
            })?;
        }
        write_out(sink, &out)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    let [first, second] = G::PLAYER_NAMES;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "summary: {} games, {first} won {}, {second} won {}, draws {draws}, no winner {no_winner}, \
         stopped at the ply cap {stopped}, {total_plies} plies",
        settings.games,
        wins[Player::First.index()],
        wins[Player::Second.index()],
    );
    write_out(sink, &out)
}

/// Runs `work` repeatedly for about `seconds`; returns (repetitions, units counted, elapsed).
fn measure(seconds: f64, mut work: impl FnMut() -> u64) -> (u64, u64, f64) {
    let start = Instant::now();
    let (mut reps, mut units) = (0u64, 0u64);
    loop {
        units += work();
        reps += 1;
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds {
            return (reps, units, elapsed);
        }
    }
}

/// Playouts per second of the game's `hard`-level search from `start` on `threads`
/// threads, measured for about `seconds` after a first search of a quarter of that has
/// grown the trees' memory (as in a game, where the searcher is reused).
fn search_rate<G: CliGame>(start: &G, seconds: f64, threads: usize) -> f64 {
    let mut config = G::Searched::search_config(Level::Hard).with_threads(threads);
    config.seed = 1;
    let mut searcher = Searcher::new(config, G::Searched::hooks(Level::Hard));
    let root = start.searched();
    searcher.reset(root);
    let _ = searcher.search_current_with(Budget::time(Duration::from_secs_f64(seconds / 4.0)));
    searcher.reset(start.searched());
    searcher
        .search_current_with(Budget::time(Duration::from_secs_f64(seconds)))
        .playouts_per_second()
}

fn bench<G: CliGame>(start: &G, seconds: f64, threads: usize, out: &mut String) {
    const PLY_CAP: usize = 100_000;
    let bar = progress::bar(4, "measures");
    let mut rows: Vec<(String, f64, String)> = Vec::new();
    let mut moves = Vec::new();
    let mut seed = 0u64;
    // Complete random games from the start (uniform over the legal moves).
    let (games, plies, elapsed) = measure(seconds, || {
        let mut state = start.clone();
        seed += 1;
        let mut rng = GameRng::seed_from(seed);
        game_core::random_playout(&mut state, &mut rng, PLY_CAP, &mut moves).1 as u64
    });
    rows.push((
        "random games from the start".into(),
        games as f64 / elapsed,
        "games/s".into(),
    ));
    rows.push((
        "random plies (random move + play)".into(),
        plies as f64 / elapsed,
        "moves/s".into(),
    ));
    bar.inc(1);
    // Legal move lists over the positions of a few random games.
    let mut positions = Vec::new();
    for s in 0..8 {
        let mut state = start.clone();
        let mut rng = GameRng::seed_from(1_000 + s);
        while !state.is_over() && positions.len() < 4_096 {
            positions.push(state.clone());
            let Some(mv) = game_core::random_move(&state, &mut rng, &mut moves) else {
                break;
            };
            state.play_unchecked(mv);
        }
    }
    let mut listed = 0u64;
    let (lists, _, elapsed) = measure(seconds, || {
        for p in &positions {
            p.legal_moves(&mut moves);
            listed += moves.len() as u64;
        }
        positions.len() as u64
    });
    let lists = lists * positions.len() as u64;
    rows.push((
        "legal move lists (mid-game positions)".into(),
        lists as f64 / elapsed,
        "positions/s".into(),
    ));
    rows.push((
        "legal moves listed".into(),
        listed as f64 / elapsed,
        "moves/s".into(),
    ));
    bar.inc(1);
    rows.extend(G::bench_rows(seconds));
    bar.inc(1);
    // The search (the `hard` level's hooks and settings, a time budget) from the start.
    let one = search_rate(start, seconds, 1);
    rows.push((
        "search playouts from the start, 1 thread".into(),
        one,
        "playouts/s".into(),
    ));
    let threads = threads.max(1);
    if threads > 1 {
        let many = search_rate(start, seconds, threads);
        rows.push((
            format!("search playouts from the start, {threads} threads"),
            many,
            "playouts/s".into(),
        ));
        rows.push((
            format!("search speed-up, {threads} threads over 1"),
            100.0 * many / one.max(f64::MIN_POSITIVE),
            "%".into(),
        ));
    }
    bar.finish_and_clear();
    for (measure, value, unit) in rows {
        let _ = writeln!(out, "{:<8} {:<44} {:>16.0} {unit}", G::NAME, measure, value);
    }
}
