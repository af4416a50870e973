//! `rulebook play`: a game at the terminal between people (`human`) and computer players,
//! reading commands and moves line by line from standard input (a terminal or a pipe).

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use game_core::Player;

use game_catalog::CatalogGame;

use crate::driver::{record_text, write_out};
use crate::error::CliError;
use crate::player::{Participant, PlayerSpec, hint};

/// Settings of `rulebook play`.
#[derive(Clone, Debug)]
pub struct PlaySettings {
    /// Who plays the first player (`human` by default).
    pub black: PlayerSpec,
    /// Who plays the second player.
    pub white: PlayerSpec,
    /// Where to write the game's record at the end.
    pub record: Option<PathBuf>,
    /// The seed of the computer players (the second player's is derived from it).
    pub seed: u64,
    /// Threads of each computer search.
    pub threads: usize,
}

/// What the player to move typed.
enum Input<M> {
    Legal,
    Undo,
    Hint,
    Resign,
    Quit,
    Help,
    Move(M),
}

const COMMANDS: &str = "legal, undo, hint, resign, quit, help, or a move";

/// The moves before `state`'s, with who made each (replayed from the start).
fn movers<G: CatalogGame>(state: &G) -> Vec<Player> {
    let Some(mut replay) = G::start(&state.spec()) else {
        return Vec::new();
    };
    let mut movers = Vec::new();
    for &mv in state.moves() {
        movers.push(replay.to_move());
        replay.play_unchecked(mv);
    }
    movers
}

/// Plays the game, reading from `input` and writing to `sink`.
///
/// # Errors
/// A player the game cannot have, a GTP engine that cannot start, a failed write or
/// record.
pub fn play<G: CatalogGame>(
    start: G,
    settings: &PlaySettings,
    input: &mut dyn BufRead,
    sink: &mut dyn Write,
) -> Result<(), CliError> {
    let specs = [&settings.black, &settings.white];
    let mut engines = start_engines(&start, settings)?;
    let mut state = start;
    let mut movers = movers(&state);
    let mut line = String::new();
    write_out(sink, &show(&state))?;
    let names = G::PLAYER_NAMES;
    let mut stopped = None;
    while !state.is_over() {
        let mover = state.to_move();
        let name = names[mover.index()];
        let human = matches!(engines[mover.index()], Participant::Human);
        let turn = if human {
            write_out(sink, &format!("{name}> "))?;
            sink.flush().map_err(|source| CliError::Io {
                path: "standard output".into(),
                source,
            })?;
            line.clear();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    stopped = Some("end of input");
                    write_out(sink, "\n")?;
                    break;
                }
                Ok(_) => {}
            }
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            answer_line(text, &mut state, &mut movers, &mut engines, specs, sink)?
        } else {
            engine_turn(&mut state, &mut engines, specs, sink)?
        };
        let mv = match turn {
            Turn::Play(mv) => mv,
            Turn::Again => continue,
            Turn::Stop(why) => {
                stopped = why;
                break;
            }
        };
        state.play_unchecked(mv);
        movers.push(mover);
        for (i, engine) in engines.iter_mut().enumerate() {
            if let Err(why) = engine.observe(mover, mv, i == mover.index()) {
                write_out(sink, &format!("{} ({}): {why}\n", names[i], specs[i]))?;
            }
        }
        let who = if human {
            name.to_string()
        } else {
            format!("{name} ({})", specs[mover.index()])
        };
        write_out(sink, &format!("{who} plays {mv}\n{}", show(&state)))?;
    }
    for engine in engines {
        engine.finish();
    }
    let mut out = String::new();
    match stopped {
        Some(why) => {
            let _ = writeln!(out, "stopped ({why}): {}", state.status());
        }
        None => {
            let _ = writeln!(out, "result: {}", state.outcome_text());
        }
    }
    if let Some(path) = &settings.record {
        std::fs::write(path, record_text(&state, path)).map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        })?;
        let _ = writeln!(out, "record: {}", path.display());
    }
    write_out(sink, &out)
}

/// What a turn came to.
enum Turn<M> {
    /// A legal move, to play.
    Play(M),
    /// Nothing played: the player to move is asked again (a command was answered, a move
    /// refused, or a player resigned).
    Again,
    /// The game stops: `Some(why)` before its end, `None` after a forfeit ended it.
    Stop(Option<&'static str>),
}

/// The two players, started on `start` with their seeds (the second's derived from the
/// first's).
fn start_engines<G: CatalogGame>(
    start: &G,
    settings: &PlaySettings,
) -> Result<Vec<Participant<G>>, CliError> {
    let specs = [&settings.black, &settings.white];
    for spec in specs {
        spec.check_for::<G>().map_err(CliError::Options)?;
    }
    let seeds = [settings.seed, settings.seed ^ 0x9e37_79b9_7f4a_7c15];
    let mut engines = Vec::with_capacity(2);
    for (spec, seed) in specs.into_iter().zip(seeds) {
        engines.push(
            Participant::<G>::new(spec, seed, settings.threads, start)
                .map_err(|why| CliError::Options(format!("{spec}: {why}")))?,
        );
    }
    Ok(engines)
}

/// The board and the status line after it.
fn show<G: CatalogGame>(state: &G) -> String {
    format!("{state}{}\n", state.status())
}

/// Answers the line `text` a person typed on their turn: a command is carried out and
/// answered on `sink`, a move is played if it is legal.
fn answer_line<G: CatalogGame>(
    text: &str,
    state: &mut G,
    movers: &mut Vec<Player>,
    engines: &mut [Participant<G>],
    specs: [&PlayerSpec; 2],
    sink: &mut dyn Write,
) -> Result<Turn<G::Move>, CliError> {
    let mover = state.to_move();
    let name = G::PLAYER_NAMES[mover.index()];
    let parsed = match text.to_ascii_lowercase().as_str() {
        "legal" => Ok(Input::Legal),
        "undo" => Ok(Input::Undo),
        "hint" => Ok(Input::Hint),
        "resign" => Ok(Input::Resign),
        "quit" | "exit" => Ok(Input::Quit),
        "help" | "?" => Ok(Input::Help),
        _ => state.parse_move(text).map(Input::Move),
    };
    match parsed {
        Err(e) => {
            write_out(
                sink,
                &format!("not a move or a command: {e} ({COMMANDS})\n"),
            )?;
        }
        Ok(Input::Help) => write_out(sink, &format!("commands: {COMMANDS}\n"))?,
        Ok(Input::Legal) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
            names.sort_unstable();
            write_out(sink, &format!("legal: {}\n", names.join(" ")))?;
        }
        Ok(Input::Hint) => {
            let text = match hint(state) {
                Some(mv) => format!("hint: {mv}\n"),
                None => "hint: no move\n".to_string(),
            };
            write_out(sink, &text)?;
        }
        Ok(Input::Undo) => match undo(state, movers, engines, |p| is_human(specs, p)) {
            Ok(n) => {
                let mut out = format!("took back {n} move{}\n", plural(n));
                out.push_str(&show(state));
                write_out(sink, &out)?;
            }
            Err(why) => write_out(sink, &format!("cannot undo: {why}\n"))?,
        },
        Ok(Input::Resign) => match CatalogGame::resign(state, mover) {
            Ok(()) => write_out(sink, &format!("{name} resigns\n"))?,
            Err(why) => write_out(sink, &format!("cannot resign: {why}\n"))?,
        },
        Ok(Input::Quit) => return Ok(Turn::Stop(Some("quit"))),
        Ok(Input::Move(mv)) => {
            if let Err(e) = state.check_move(mv) {
                write_out(sink, &format!("illegal move {mv}: {e}\n"))?;
            } else {
                return Ok(Turn::Play(mv));
            }
        }
    }
    Ok(Turn::Again)
}

/// A computer player's turn: its move, or its resignation when it has none (a stop when
/// the rules allow no resignation), or its forfeit when it fails.
fn engine_turn<G: CatalogGame>(
    state: &mut G,
    engines: &mut [Participant<G>],
    specs: [&PlayerSpec; 2],
    sink: &mut dyn Write,
) -> Result<Turn<G::Move>, CliError> {
    let mover = state.to_move();
    let name = G::PLAYER_NAMES[mover.index()];
    match engines[mover.index()].choose(state) {
        Ok(Some(mv)) => Ok(Turn::Play(mv)),
        Ok(None) => {
            if CatalogGame::resign(state, mover).is_err() {
                return Ok(Turn::Stop(Some("no move")));
            }
            write_out(
                sink,
                &format!("{name} ({}) resigns\n", specs[mover.index()]),
            )?;
            Ok(Turn::Again)
        }
        Err(why) => {
            let _ = CatalogGame::resign(state, mover);
            write_out(
                sink,
                &format!("{name} ({}) forfeits: {why}\n", specs[mover.index()]),
            )?;
            Ok(Turn::Stop(None))
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Whether `player` is played by a person.
fn is_human(specs: [&PlayerSpec; 2], player: Player) -> bool {
    *specs[player.index()] == PlayerSpec::Human
}

/// Takes back the moves since the last move of a person (that move included): one move
/// when people play both sides. Returns how many were taken back.
fn undo<G: CatalogGame>(
    state: &mut G,
    movers: &mut Vec<Player>,
    engines: &mut [Participant<G>],
    is_human: impl Fn(Player) -> bool,
) -> Result<usize, String> {
    let Some(last) = movers.iter().rposition(|&p| is_human(p)) else {
        return Err("no move of yours to take back".into());
    };
    let plies = movers.len() - last;
    *state = state.take_back(plies).map_err(|e| e.to_string())?;
    movers.truncate(last);
    for engine in engines.iter_mut() {
        engine.undo(plies)?;
    }
    Ok(plies)
}
