//! `kit-bench`: the Rust side of the benchmark kit (`conformance/bench.py`).
//!
//! Reads position files (`conformance/bench/positions/GAME.jsonl`: a header with the game
//! and its options, then `{"id": …, "moves": […]}` a line, moves played from the start) and
//! times four measures over each set, for our crates (each game's own type, reached
//! through [`AnyGame::visit`], so every loop is compiled for the game) and, on the go9 set,
//! for the `goban` crate (9×9, Chinese rules, komi 7):
//!
//! * `legal`: every legal move listed at each position (positions/s);
//! * `play-copy`: at each position, for each legal move, a copy played with the checked
//!   play (moves/s); `play-undo`: the same with play then undo on the position itself,
//!   for the games whose rules have undo (go9);
//! * `perft`: perft to `--depth` (default 2) from each position (leaf nodes/s, and the
//!   node total of the set, which shows where two rule sets differ);
//! * `playout`: one uniformly random game from each position, to its end or `--max-plies`
//!   (default 500) plies, from one generator seeded with `--seed` (playouts/s, plies/s).
//!
//! Each measure repeats passes over the whole set until `--seconds` (default 1) have
//! passed (at least one pass) and reports the rate. Set-up (playing each position's moves,
//! listing the moves to play) is done before the clock starts. Output: one JSON object a
//! line per engine and measure (`--format json`, the default), or a plain table.
//!
//! A pass is always a pseudo-legal move of the Go engines (ours lists it; `goban` lists
//! points only, so the pass is added to its list): perft totals and random games count it
//! on both.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use game_catalog::{AnyGame, CatalogGame, GameVisitor};
use game_core::{GameRng, perft, random_playout};
use goban::rules::game::Game as GobanGame;
use goban::rules::{CHINESE, GobanSizes, Move as GobanMove};
use serde_json::{Value, json};

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "kit-bench",
    about = "Times legal-move generation, play on a copy (and play+undo), perft and random \
             playouts over fixed position sets, for our crates and the goban crate."
)]
struct Args {
    /// Position files (conformance/bench/positions/GAME.jsonl).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Each measure repeats over the set until this many seconds have passed.
    #[arg(long, default_value_t = 1.0)]
    seconds: f64,
    /// The seed of the random playouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The perft depth.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// A random playout stops after this many plies if the game has not ended.
    #[arg(long, default_value_t = 500)]
    max_plies: usize,
    /// Only the first N positions of each file.
    #[arg(long)]
    limit: Option<usize>,
    /// The engines to time (comma-separated): `ours`, `goban` (go9 files only).
    #[arg(long, value_delimiter = ',', default_value = "ours,goban")]
    engines: Vec<Engine>,
    /// JSON lines or a plain table.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Engine {
    /// Our crates.
    Ours,
    /// The `goban` crate (crates.io), go9 only.
    Goban,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// One JSON object a line.
    Json,
    /// A plain table.
    Table,
}

/// What a run needs besides the positions.
#[derive(Clone, Copy, Debug)]
struct Settings {
    min_time: Duration,
    seed: u64,
    depth: u32,
    max_plies: usize,
}

/// One position of a file: its id and its moves from the start.
struct Line {
    id: String,
    moves: Vec<String>,
}

/// A position file.
struct PositionSet {
    game: String,
    options: serde_json::Map<String, Value>,
    lines: Vec<Line>,
}

/// What one pass over the set counted.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Counts {
    /// The measure's unit: positions, moves, nodes or playouts.
    items: u64,
    /// Plies of the random playouts (0 for the other measures).
    plies: u64,
}

/// One engine × measure result.
struct Report {
    engine: &'static str,
    game: String,
    measure: &'static str,
    unit: &'static str,
    positions: usize,
    passes: u64,
    seconds: f64,
    /// One pass's counts (the same in every pass but the playouts').
    per_pass: Counts,
    /// All passes together.
    total: Counts,
}

impl Report {
    fn rate(&self) -> f64 {
        self.total.items as f64 / self.seconds
    }

    fn json(&self, settings: &Settings) -> Value {
        let mut value = json!({
            "engine": self.engine,
            "game": self.game,
            "measure": self.measure,
            "unit": self.unit,
            "rate": self.rate(),
            "positions": self.positions,
            "passes": self.passes,
            "seconds": self.seconds,
            "items": self.total.items,
        });
        let object = value.as_object_mut().expect("an object");
        match self.measure {
            "perft" => {
                object.insert("depth".into(), json!(settings.depth));
                object.insert("nodes".into(), json!(self.per_pass.items));
            }
            "playout" => {
                object.insert("plies".into(), json!(self.total.plies));
                object.insert(
                    "plies_per_second".into(),
                    json!(self.total.plies as f64 / self.seconds),
                );
                object.insert("max_plies".into(), json!(settings.max_plies));
                object.insert("seed".into(), json!(settings.seed));
            }
            _ => {}
        }
        value
    }
}

/// Runs `pass` until `min_time` has passed (at least once).
fn timed(min_time: Duration, mut pass: impl FnMut() -> Counts) -> (u64, f64, Counts, Counts) {
    let start = Instant::now();
    let mut passes = 0;
    let mut first = Counts::default();
    let mut total = Counts::default();
    loop {
        let counts = pass();
        if passes == 0 {
            first = counts;
        }
        passes += 1;
        total.items += counts.items;
        total.plies += counts.plies;
        if start.elapsed() >= min_time {
            break;
        }
    }
    (passes, start.elapsed().as_secs_f64(), first, total)
}

/// The reports of one engine on one set, in a fixed order.
struct Reports<'a> {
    engine: &'static str,
    game: &'a str,
    positions: usize,
    settings: Settings,
    out: Vec<Report>,
}

impl Reports<'_> {
    fn time(&mut self, measure: &'static str, unit: &'static str, pass: impl FnMut() -> Counts) {
        let (passes, seconds, per_pass, total) = timed(self.settings.min_time, pass);
        self.out.push(Report {
            engine: self.engine,
            game: self.game.to_string(),
            measure,
            unit,
            positions: self.positions,
            passes,
            seconds,
            per_pass,
            total,
        });
    }
}

// ---------------------------------------------------------------------- our crates

/// Times our crate on a position set, with the game's own type.
struct Ours<'a> {
    set: &'a PositionSet,
    settings: Settings,
}

impl GameVisitor for Ours<'_> {
    type Output = Result<Vec<Report>, String>;

    fn visit<G: CatalogGame>(self, start: G) -> Self::Output {
        let mut positions = Vec::with_capacity(self.set.lines.len());
        for line in &self.set.lines {
            let mut state = start.clone();
            for (index, text) in line.moves.iter().enumerate() {
                let mv = state
                    .parse_move(text)
                    .map_err(|e| format!("{}: move {} `{text}`: {e}", line.id, index + 1))?;
                state
                    .play(mv)
                    .map_err(|e| format!("{}: move {} `{text}`: {e}", line.id, index + 1))?;
            }
            positions.push(state);
        }
        Ok(time_ours(&positions, &self.set.game, self.settings))
    }
}

fn time_ours<G: CatalogGame>(positions: &[G], game: &str, settings: Settings) -> Vec<Report> {
    let mut reports = Reports {
        engine: "ours",
        game,
        positions: positions.len(),
        settings,
        out: Vec::new(),
    };
    let mut buffer = Vec::new();
    reports.time("legal", "positions/s", || {
        for position in positions {
            position.legal_moves(&mut buffer);
            black_box(buffer.len());
        }
        Counts {
            items: positions.len() as u64,
            plies: 0,
        }
    });

    let mut pairs: Vec<(G, Vec<G::Move>)> = positions
        .iter()
        .map(|position| {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            (position.clone(), moves)
        })
        .collect();
    let moves: u64 = pairs.iter().map(|(_, moves)| moves.len() as u64).sum();
    reports.time("play-copy", "moves/s", || {
        for (position, legal) in &pairs {
            for &mv in legal {
                let mut child = position.clone();
                child.play(mv).expect("a listed move is legal");
                black_box(&child);
            }
        }
        Counts {
            items: moves,
            plies: 0,
        }
    });
    if G::UNDO {
        reports.time("play-undo", "moves/s", || {
            for (position, legal) in &mut pairs {
                for &mv in legal.iter() {
                    position.play(mv).expect("a listed move is legal");
                    black_box(&*position);
                    position.undo().expect("a move was just played");
                }
            }
            Counts {
                items: moves,
                plies: 0,
            }
        });
    }

    reports.time("perft", "nodes/s", || Counts {
        items: positions
            .iter()
            .map(|position| perft(position, settings.depth))
            .sum(),
        plies: 0,
    });

    let mut rng = GameRng::seed_from(settings.seed);
    reports.time("playout", "playouts/s", || {
        let mut plies = 0;
        for position in positions {
            let mut state = position.clone();
            let (_, played) = random_playout(&mut state, &mut rng, settings.max_plies, &mut buffer);
            plies += played as u64;
        }
        Counts {
            items: positions.len() as u64,
            plies,
        }
    });
    reports.out
}

// ---------------------------------------------------------------------- goban

/// A go9 move text (`A1` lower left … `J9`, `pass`) as goban's move: goban's coordinates
/// are (row from the top, column), `(0, 0)` the upper left corner.
fn goban_move(text: &str) -> Option<GobanMove> {
    if text.eq_ignore_ascii_case("pass") {
        return Some(GobanMove::Pass);
    }
    let mut chars = text.chars();
    let column = "ABCDEFGHJ".find(chars.next()?.to_ascii_uppercase())?;
    let row: u8 = chars.as_str().parse().ok()?;
    if !(1..=9).contains(&row) {
        return None;
    }
    Some(GobanMove::Play(9 - row, u8::try_from(column).ok()?))
}

/// goban's legal moves with the pass (which its `legals` leaves out); none once over.
fn goban_legal(state: &GobanGame, moves: &mut Vec<GobanMove>) {
    moves.clear();
    if state.is_over() {
        return;
    }
    moves.extend(state.legals().map(GobanMove::from));
    moves.push(GobanMove::Pass);
}

fn goban_perft(state: &GobanGame, depth: u32, buffers: &mut [Vec<GobanMove>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, deeper) = buffers.split_first_mut().expect("one buffer per level");
    goban_legal(state, mine);
    if depth == 1 {
        return mine.len() as u64;
    }
    let mut total = 0;
    for &mv in mine.iter() {
        let mut child = state.clone();
        child.play(mv);
        total += goban_perft(&child, depth - 1, deeper);
    }
    total
}

fn time_goban(set: &PositionSet, settings: Settings) -> Result<Vec<Report>, String> {
    let mut rule = CHINESE;
    rule.komi = 7.0;
    let mut positions = Vec::with_capacity(set.lines.len());
    for line in &set.lines {
        let mut state = GobanGame::new(GobanSizes::Nine, rule);
        for (index, text) in line.moves.iter().enumerate() {
            let mv = goban_move(text).ok_or_else(|| {
                format!("{}: move {} `{text}` is no go9 move", line.id, index + 1)
            })?;
            if state.is_over() {
                return Err(format!(
                    "{}: move {} `{text}`: goban's game is over",
                    line.id,
                    index + 1
                ));
            }
            state.try_play(mv).map_err(|e| {
                format!(
                    "{}: move {} `{text}`: goban refuses it: {e:?}",
                    line.id,
                    index + 1
                )
            })?;
        }
        positions.push(state);
    }

    let mut reports = Reports {
        engine: "goban",
        game: &set.game,
        positions: positions.len(),
        settings,
        out: Vec::new(),
    };
    let mut buffer = Vec::new();
    reports.time("legal", "positions/s", || {
        for position in &positions {
            goban_legal(position, &mut buffer);
            black_box(buffer.len());
        }
        Counts {
            items: positions.len() as u64,
            plies: 0,
        }
    });

    let pairs: Vec<(&GobanGame, Vec<GobanMove>)> = positions
        .iter()
        .map(|position| {
            let mut moves = Vec::new();
            goban_legal(position, &mut moves);
            (position, moves)
        })
        .collect();
    let moves: u64 = pairs.iter().map(|(_, moves)| moves.len() as u64).sum();
    reports.time("play-copy", "moves/s", || {
        for (position, legal) in &pairs {
            for &mv in legal {
                let mut child = (*position).clone();
                child.try_play(mv).expect("a listed move is legal");
                black_box(&child);
            }
        }
        Counts {
            items: moves,
            plies: 0,
        }
    });

    let mut buffers = vec![Vec::new(); settings.depth as usize + 1];
    reports.time("perft", "nodes/s", || Counts {
        items: positions
            .iter()
            .map(|position| goban_perft(position, settings.depth, &mut buffers))
            .sum(),
        plies: 0,
    });

    let mut rng = GameRng::seed_from(settings.seed);
    reports.time("playout", "playouts/s", || {
        let mut plies = 0;
        for position in &positions {
            let mut state = position.clone();
            for _ in 0..settings.max_plies {
                goban_legal(&state, &mut buffer);
                if buffer.is_empty() {
                    break;
                }
                state.play(buffer[rng.below(buffer.len())]);
                plies += 1;
            }
            black_box(&state);
        }
        Counts {
            items: positions.len() as u64,
            plies,
        }
    });
    Ok(reports.out)
}

// ---------------------------------------------------------------------- files, output

fn read_set(path: &Path, limit: Option<usize>) -> Result<PositionSet, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines().enumerate();
    let (_, header) = lines
        .next()
        .ok_or_else(|| format!("{}: empty file", path.display()))?;
    let header: Value =
        serde_json::from_str(header).map_err(|e| format!("{}:1: {e}", path.display()))?;
    if header.get("format").and_then(Value::as_str) != Some("boardrules-bench") {
        return Err(format!(
            "{}:1: not a boardrules-bench header",
            path.display()
        ));
    }
    let game = header
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{}:1: no game", path.display()))?
        .to_string();
    let options = header
        .get("options")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let mut set = Vec::new();
    for (index, line) in lines {
        if limit.is_some_and(|limit| set.len() >= limit) {
            break;
        }
        let where_ = || format!("{}:{}", path.display(), index + 1);
        let value: Value = serde_json::from_str(line).map_err(|e| format!("{}: {e}", where_()))?;
        let id = value
            .get("id")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{}: no id", where_()))?
            .to_string();
        let moves = value
            .get("moves")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{}: no moves", where_()))?
            .iter()
            .map(|mv| mv.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| format!("{}: a move that is not a string", where_()))?;
        set.push(Line { id, moves });
    }
    Ok(PositionSet {
        game,
        options,
        lines: set,
    })
}

fn run(args: &Args) -> Result<Vec<(Report, Value)>, String> {
    if !(args.seconds >= 0.0 && args.seconds.is_finite()) {
        return Err("--seconds must be a number of seconds, 0 or more".into());
    }
    let settings = Settings {
        min_time: Duration::from_secs_f64(args.seconds),
        seed: args.seed,
        depth: args.depth,
        max_plies: args.max_plies,
    };
    let mut results = Vec::new();
    for path in &args.files {
        let set = read_set(path, args.limit)?;
        let mut spec = set.options.clone();
        spec.insert("game".into(), Value::String(set.game.clone()));
        let start = AnyGame::from_json_spec(&Value::Object(spec).to_string())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for &engine in &args.engines {
            let reports = match engine {
                Engine::Ours => start.clone().visit(Ours {
                    set: &set,
                    settings,
                })?,
                Engine::Goban if set.game == "go9" => time_goban(&set, settings)?,
                Engine::Goban => continue,
            };
            for report in reports {
                let value = report.json(&settings);
                if args.format == Format::Json {
                    println!("{value}");
                }
                results.push((report, value));
            }
        }
    }
    Ok(results)
}

fn print_table(results: &[(Report, Value)]) {
    println!(
        "{:<7} {:<7} {:<10} {:>14} {:<12} {:>12} {:>6}",
        "game", "engine", "measure", "rate", "unit", "nodes/plies", "passes"
    );
    for (report, value) in results {
        let extra = value
            .get("nodes")
            .or_else(|| value.get("plies_per_second"))
            .map_or(String::new(), |v| match v.as_u64() {
                Some(n) => n.to_string(),
                None => format!("{:.0} plies/s", v.as_f64().unwrap_or(0.0)),
            });
        println!(
            "{:<7} {:<7} {:<10} {:>14.0} {:<12} {:>12} {:>6}",
            report.game,
            report.engine,
            report.measure,
            report.rate(),
            report.unit,
            extra,
            report.passes
        );
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(results) => {
            if args.format == Format::Table {
                print_table(&results);
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kit-bench: {message}");
            ExitCode::from(2)
        }
    }
}
