//! The generic implementation of every command for any game of the catalog: [`run`],
//! [`play`] and [`replay`] take a checked [`GameSpec`] (or a record) and reach the game's
//! own type through the catalog's [`GameVisitor`], so each command is compiled for each
//! game.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use game_catalog::{AnyGame, CatalogGame, Computer, GameSpec, GameVisitor, Level, RecordError};
use game_core::search::Budget;
use game_core::{Game, GameRng, RecordTextError};
use go9::SgfNames;

use crate::error::CliError;
use crate::player::PlayerSpec;
use crate::progress;

mod selfplay;

use selfplay::selfplay;

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

/// Runs `command` on the game of `spec` from its start position after `moves`, writing
/// what goes to standard output into `sink`. Options and moves are checked before
/// anything is written, so a bad move leaves `sink` untouched; self-play writes each game
/// as it ends.
///
/// # Errors
/// A bad move, a player the game cannot have, a failed write.
pub fn run(
    spec: &GameSpec,
    moves: &str,
    command: &GameCommand,
    sink: &mut dyn Write,
) -> Result<(), CliError> {
    AnyGame::new(spec).visit(RunCommand {
        moves,
        command,
        sink,
    })
}

/// `rulebook play`: plays the game of `spec` from its start position after `moves`,
/// reading the people's commands and moves from `input` line by line and writing to
/// `sink`, until the game ends, `quit` or the end of `input`.
///
/// # Errors
/// A bad move of `moves`, a player the game cannot have, a failed write or record.
pub fn play(
    spec: &GameSpec,
    moves: &str,
    settings: &crate::play::PlaySettings,
    input: &mut dyn std::io::BufRead,
    sink: &mut dyn Write,
) -> Result<(), CliError> {
    AnyGame::new(spec).visit(PlayGame {
        moves,
        settings,
        input,
        sink,
    })
}

/// `rulebook replay`: reads the record in `file` (at most `game_catalog::MAX_RECORD_BYTES`
/// of it), finds its game from the record itself, replays it through the rules and returns
/// the final diagram and `result:` line.
///
/// # Errors
/// [`CliError::Io`] if the file cannot be read or is not UTF-8 text, [`CliError::Record`]
/// for a text that is too long, no game's record or one that does not replay (naming the first bad
/// move by its number).
pub fn replay(file: &Path) -> Result<String, CliError> {
    let path = file.display().to_string();
    let io = |source| CliError::Io {
        path: path.clone(),
        source,
    };
    let reader = std::fs::File::open(file).map_err(io)?;
    let game = AnyGame::read_record_from(reader).map_err(|error| match error {
        RecordError::Text(RecordTextError::Io(source)) => io(source),
        // A file that is not text cannot be read as one: exit status 1, with the message
        // `read_to_string` gives, as before the reader was bounded.
        RecordError::Text(RecordTextError::NotText(_)) => io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )),
        error => CliError::Record {
            path: path.clone(),
            reason: error.to_string(),
        },
    })?;
    Ok(format!(
        "{}result: {}\n",
        game.diagram(),
        game.outcome_text()
    ))
}

/// [`run`] for the game inside.
struct RunCommand<'a> {
    moves: &'a str,
    command: &'a GameCommand,
    sink: &'a mut dyn Write,
}

/// [`play`] for the game inside.
struct PlayGame<'a> {
    moves: &'a str,
    settings: &'a crate::play::PlaySettings,
    input: &'a mut dyn std::io::BufRead,
    sink: &'a mut dyn Write,
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

impl GameVisitor for PlayGame<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: CatalogGame>(self, mut state: G) -> Result<(), CliError> {
        play_moves(&mut state, self.moves)?;
        crate::play::play(state, self.settings, self.input, self.sink)
    }
}

impl GameVisitor for RunCommand<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: CatalogGame>(self, start: G) -> Result<(), CliError> {
        let RunCommand {
            moves,
            command,
            sink,
        } = self;
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
                out.push_str(&state.to_string());
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
}

/// The record of `state` to write to `path`: go9's SGF for a path ending in `.sgf`
/// (any case), else the game's JSON record.
pub(crate) fn record_text<G: CatalogGame>(state: &G, path: &Path) -> String {
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let names = SgfNames::new("rulebook", "rulebook");
    match state.to_sgf(&names) {
        Ok(sgf) if is_sgf => sgf,
        _ => state.write_record(),
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
    // One worker: root moves taken from the shared counter until none is left.
    let work = |root: G| {
        let mut found = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(&mv) = moves.get(i) else { break };
            let mut child = root.clone();
            child.play_unchecked(mv);
            found.push((i, game_core::perft(&child, depth - 1)));
        }
        found
    };
    let found: Vec<Vec<(usize, u64)>> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        // This thread is one of the `threads`: it starts the others, then counts too.
        for _ in 1..threads.min(moves.len()).max(1) {
            let (work, root) = (&work, state.clone());
            // A thread the system refuses is no error: the others take its moves, and
            // this thread counts whatever is left.
            match std::thread::Builder::new().spawn_scoped(scope, move || work(root)) {
                Ok(handle) => handles.push(handle),
                Err(_) => break,
            }
        }
        let here = work(state.clone());
        handles
            .into_iter()
            .map(|h| h.join().expect("a perft thread panicked"))
            .chain([here])
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
fn search_rate<G: CatalogGame>(start: &G, seconds: f64, threads: usize) -> f64 {
    let computer = Computer::new(Level::Hard)
        .with_threads(threads)
        .with_seed(1);
    let mut searcher = computer.searcher(start);
    let root = start.searched();
    searcher.reset(root);
    let _ = searcher.search_current_with(Budget::time(Duration::from_secs_f64(seconds / 4.0)));
    searcher.reset(start.searched());
    searcher
        .search_current_with(Budget::time(Duration::from_secs_f64(seconds)))
        .playouts_per_second()
}

fn bench<G: CatalogGame>(start: &G, seconds: f64, threads: usize, out: &mut String) {
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
    rows.extend(crate::games::bench_rows(G::KIND, seconds));
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
