//! `rulebook`: legal moves, traces, perft, diagrams, self-play, replays and benchmarks for
//! every game of the workspace. What it prints and how it exits is the contract written down
//! in `docs/rulebook.md`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use game_catalog::{GameKind, GameSpec, OptionName, ParameterDefault, SpecOptions};
use rulebook::{
    CliError, ConformanceSettings, GameCommand, MatchSettings, PlaySettings, PlayerKind,
    PlayerSpec, SelfplaySettings, games,
};

/// The most `--threads` any command takes: the catalog's cap for every front end.
const MAX_THREADS: i64 = game_catalog::MAX_THREADS as i64;

#[derive(Parser)]
#[command(
    name = "rulebook",
    version,
    about = "Rules engines for kazura, bao, go9 and bind"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A game's options as flags. Their help is written from the catalog's descriptors at
/// start-up ([`command`]); the doc comments below are only clap's fallback.
#[derive(Args, Clone, Debug, Default)]
struct GameArgs {
    /// Board side (kazura 2-25; bind custom 3-25 with --pieces).
    #[arg(long)]
    size: Option<usize>,
    /// Pieces per colour (bind custom games).
    #[arg(long)]
    pieces: Option<usize>,
    /// Variant (bind: mini or full).
    #[arg(long)]
    variant: Option<String>,
    /// Ruleset (bao: seed or reference).
    #[arg(long)]
    ruleset: Option<String>,
    /// Moves to play from the start first, space-separated, in the game's notation.
    #[arg(long, allow_hyphen_values = true, default_value = "")]
    moves: String,
}

impl GameArgs {
    /// The game `game` (a name, or a spec string such as `kazura:size=9`) with these
    /// flags, checked by the catalog; an option given both ways is refused.
    fn spec(&self, game: &str) -> Result<GameSpec, CliError> {
        let options = SpecOptions {
            size: self.size,
            pieces: self.pieces,
            variant: self.variant.clone(),
            ruleset: self.ruleset.clone(),
        };
        Ok(GameSpec::parse_with_options(game, &options)?)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Print every legal move, sorted, on one line.
    Legal {
        /// kazura, bao, go9 or bind, or a game spec such as kazura:size=9.
        game: String,
        #[command(flatten)]
        args: GameArgs,
    },
    /// Print the legal moves before each move and after the last, then the result.
    Trace {
        /// kazura, bao, go9 or bind, or a game spec such as kazura:size=9.
        game: String,
        #[command(flatten)]
        args: GameArgs,
    },
    /// Count move sequences for depths 1..=DEPTH.
    Perft {
        /// kazura, bao, go9 or bind, or a game spec such as kazura:size=9.
        game: String,
        /// Deepest level.
        depth: u32,
        /// First print each legal move with its count at the full depth.
        #[arg(long)]
        divide: bool,
        /// Threads sharing the first moves (the counts do not depend on it).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS))]
        threads: u32,
        #[command(flatten)]
        args: GameArgs,
    },
    /// Draw the position, whose turn it is and the game's status.
    Show {
        /// kazura, bao, go9 or bind, or a game spec such as kazura:size=9.
        game: String,
        #[command(flatten)]
        args: GameArgs,
    },
    /// Play whole games and print each final diagram and result, then a summary.
    Selfplay {
        /// kazura, bao, go9 or bind, or a game spec such as kazura:size=9.
        game: String,
        #[command(flatten)]
        args: GameArgs,
        /// Who plays both sides: random, mcts (with --iterations), easy, normal, hard,
        /// mcts:PLAYOUTS or gtp:COMMAND (go9).
        #[arg(long, default_value = "random")]
        player: PlayerKind,
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the game's record here (several games: FILE-N.ext).
        #[arg(long)]
        record: Option<PathBuf>,
        /// Stop a game still going after this many plies (a caller's stop, not a rule).
        #[arg(long, default_value_t = 100_000)]
        max_plies: usize,
        /// MCTS playouts per move.
        #[arg(long, default_value_t = 1_000)]
        iterations: u32,
    },
    /// Play games between two players and print each result, then the score with its 95%
    /// Wilson interval.
    Match {
        /// kazura, bao, go9 or bind, or a game spec such as kazura:size=9.
        game: String,
        #[command(flatten)]
        args: GameArgs,
        /// Player A, Black in the first game: random, easy, normal, hard, mcts:PLAYOUTS or
        /// gtp:COMMAND (go9).
        #[arg(long)]
        black: PlayerSpec,
        /// Player B, White in the first game.
        #[arg(long)]
        white: PlayerSpec,
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        games: u64,
        /// Alternate colours: A plays White in games 2, 4, …
        #[arg(long)]
        swap: bool,
        /// Games played at once (each game on one thread); the results do not depend on it.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS))]
        threads: u32,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also report each player's thinking time per move (wall clock, as the match
        /// loop sees it), per game and in a `thinking:` line before the summary. Times vary
        /// from run to run, so it is off by default.
        #[arg(long)]
        timing: bool,
        /// Write each game's JSON record into this folder (made if missing), as
        /// `game-N.json` for game N, which `replay` reads.
        #[arg(long, value_name = "DIR")]
        record_dir: Option<std::path::PathBuf>,
    },
    /// Play a game at the terminal: people (human) against computer players or each
    /// other; type a move, or legal, undo, hint, resign, quit.
    Play {
        /// kazura, bao, go9 or bind, or a game spec such as kazura:size=9.
        game: String,
        #[command(flatten)]
        args: GameArgs,
        /// Who plays the first player: human, random, easy, normal, hard, mcts:PLAYOUTS or
        /// gtp:COMMAND (go9).
        #[arg(long, default_value = "human")]
        black: PlayerSpec,
        /// Who plays the second player.
        #[arg(long, default_value = "normal")]
        white: PlayerSpec,
        /// Write the game's record here at the end.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Seed of the computer players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads of each computer player's search.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS))]
        threads: u32,
    },
    /// Replay a record move by move and print the final diagram and result.
    Replay {
        /// A JSON record (or an SGF file for go9).
        file: PathBuf,
    },
    /// Run the conformance vectors (conformance/FORMAT.md) against the workspace's crates,
    /// or against another program that speaks this command-line contract.
    Conformance {
        /// Vector files, or folders searched for *.jsonl (default: conformance).
        paths: Vec<PathBuf>,
        /// A program speaking docs/rulebook.md's contract, run through the shell (for
        /// example "python3 my_engine.py"), instead of the workspace's crates.
        #[arg(long)]
        program: Option<String>,
        /// Seconds each case may take (for a program: each run of it).
        #[arg(long, default_value_t = 20.0)]
        timeout: f64,
    },
    /// Print throughput figures for one game or all.
    Bench {
        /// The game (all registered games when left out).
        game: Option<String>,
        /// Seconds per measure.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        /// Threads of the multi-threaded search row (1: only the one-thread row).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS))]
        threads: u32,
    },
    /// Speak GTP version 2 for go9 on standard input and output.
    Gtp {
        /// The computer's level: easy, normal or hard (docs/go9.md gives the budgets).
        #[arg(long, default_value = "hard")]
        level: ::go9::Level,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS))]
        threads: u32,
        /// Resign when the win rate stays below this for 3 moves in a row (0: never;
        /// never at easy).
        #[arg(long, default_value_t = game_catalog::ResignRule::STANDARD.threshold)]
        resign_threshold: f64,
        /// The search's seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

fn run_game(
    game: &str,
    args: &GameArgs,
    command: &GameCommand,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    rulebook::run(&args.spec(game)?, &args.moves, command, out)
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Command::Legal { game, args } => run_game(&game, &args, &GameCommand::Legal, out),
        Command::Trace { game, args } => run_game(&game, &args, &GameCommand::Trace, out),
        Command::Perft {
            game,
            depth,
            divide,
            threads,
            args,
        } => {
            let command = GameCommand::Perft {
                depth,
                divide,
                threads: threads as usize,
            };
            run_game(&game, &args, &command, out)
        }
        Command::Show { game, args } => run_game(&game, &args, &GameCommand::Show, out),
        Command::Selfplay {
            game,
            args,
            player,
            games,
            seed,
            record,
            max_plies,
            iterations,
        } => {
            let settings = SelfplaySettings {
                player,
                games,
                seed,
                record,
                max_plies,
                iterations,
            };
            run_game(&game, &args, &GameCommand::Selfplay(settings), out)
        }
        Command::Match {
            game,
            args,
            black,
            white,
            games,
            swap,
            threads,
            seed,
            timing,
            record_dir,
        } => {
            let settings = MatchSettings {
                black,
                white,
                games,
                swap,
                threads: threads as usize,
                seed,
                timing,
                record_dir,
            };
            run_game(&game, &args, &GameCommand::Match(settings), out)
        }
        tool => run_tool(tool, out),
    }
}

/// The commands not run on one game position through [`run_game`]: playing at the
/// terminal, replaying a record, the conformance runner, the benchmarks and GTP.
fn run_tool(command: Command, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Play {
            game,
            args,
            black,
            white,
            record,
            seed,
            threads,
        } => {
            let settings = PlaySettings {
                black,
                white,
                record,
                seed,
                threads: threads as usize,
            };
            let mut input = std::io::stdin().lock();
            rulebook::play(&args.spec(&game)?, &args.moves, &settings, &mut input, out)
        }
        Command::Replay { file } => replay(&file, out),
        Command::Conformance {
            paths,
            program,
            timeout,
        } => {
            let settings = ConformanceSettings {
                paths,
                program,
                timeout,
            };
            conformance(&settings, out)
        }
        Command::Bench {
            game,
            seconds,
            threads,
        } => bench(game, seconds, threads, out),
        Command::Gtp {
            level,
            threads,
            resign_threshold,
            seed,
        } => games::gtp(level, threads as usize, resign_threshold, seed),
        // `run` runs these itself and passes only the others here.
        Command::Legal { .. }
        | Command::Trace { .. }
        | Command::Perft { .. }
        | Command::Show { .. }
        | Command::Selfplay { .. }
        | Command::Match { .. } => unreachable!("run_game runs the commands on one game"),
    }
}

/// `rulebook replay FILE`: the replayed record's text on `out`.
fn replay(file: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let text = rulebook::replay(file)?;
    out.write_all(text.as_bytes())
        .map_err(|source| CliError::Io {
            path: "standard output".into(),
            source,
        })
}

/// `rulebook conformance`: the report on `out`, and [`CliError::Failed`] when a case failed.
fn conformance(settings: &ConformanceSettings, out: &mut dyn Write) -> Result<(), CliError> {
    if rulebook::conformance(settings, out)? {
        Ok(())
    } else {
        Err(CliError::Failed)
    }
}

/// `rulebook bench [GAME]`: the throughput figures of `game`, or of every registered game,
/// once `seconds` is checked to be a positive number.
fn bench(
    game: Option<String>,
    seconds: f64,
    threads: u32,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(CliError::Options(format!(
            "--seconds {seconds} must be a positive number"
        )));
    }
    let kinds = match game {
        Some(name) => vec![GameKind::from_name(&name)?],
        None => GameKind::ALL.to_vec(),
    };
    for kind in kinds {
        let command = GameCommand::Bench {
            seconds,
            threads: threads as usize,
        };
        rulebook::run(&kind.default_spec(), "", &command, out)?;
    }
    Ok(())
}

/// The help of a game option's flag, from the catalog's descriptors: each game that takes
/// it, with its values and default (`kazura 2–25 (default 13); go9 9; …`).
fn option_help(option: OptionName) -> String {
    let mut parts = Vec::new();
    for descriptor in game_catalog::descriptors() {
        if let Some(parameter) = descriptor.parameter(option) {
            let default = match parameter.default {
                ParameterDefault::Unset => String::new(),
                default => format!(" (default {default})"),
            };
            parts.push(format!(
                "{} {}{default}: {}",
                descriptor.name, parameter.values, parameter.meaning
            ));
        }
    }
    parts.join("; ")
}

/// The command line with the help of GAME and of the game options written from the
/// catalog's descriptors, so that it names every game and option as the catalog does.
fn command() -> clap::Command {
    let games: Vec<&str> = game_catalog::descriptors().iter().map(|d| d.name).collect();
    let game_help = format!("{}, or a game spec such as kazura:size=9", games.join(", "));
    let mut command = Cli::command();
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |mut sub| {
            let ids: Vec<String> = sub
                .get_arguments()
                .map(|a| a.get_id().to_string())
                .collect();
            let positionals: Vec<String> = sub
                .get_positionals()
                .map(|a| a.get_id().to_string())
                .collect();
            for id in ids {
                let help = match id.as_str() {
                    "game" if sub.get_name() != "bench" => game_help.clone(),
                    other => match OptionName::from_name(other) {
                        Some(option) => option_help(option),
                        None => continue,
                    },
                };
                sub = sub.mut_arg(id, |arg| arg.help(help));
            }
            // A changed argument moves to the end of the list: give the positional ones
            // back their places.
            for (place, id) in positionals.into_iter().enumerate() {
                sub = sub.mut_arg(id, |arg| arg.index(place + 1));
            }
            sub
        });
    }
    command
}

fn main() -> ExitCode {
    let cli = match Cli::from_arg_matches(&command().get_matches()) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    let mut stdout = std::io::stdout().lock();
    let result = run(cli, &mut stdout).and_then(|()| {
        stdout.flush().map_err(|source| CliError::Io {
            path: "standard output".into(),
            source,
        })
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`rulebook … | head`) is not an error worth a message.
        Err(CliError::Io { source, .. }) if source.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        // The summary has said what failed.
        Err(CliError::Failed) => ExitCode::from(1),
        Err(e) => {
            eprintln!("rulebook: {e}");
            ExitCode::from(e.exit_status())
        }
    }
}
