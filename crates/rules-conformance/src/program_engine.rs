//! Any program that speaks the command-line contract of `docs/rulebook.md` as an
//! [`Engine`]: each question is one run of the program, timed out if it hangs.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use crate::catalog_engine::move_number_in;
use crate::engine::{
    Answer, Engine, EngineFailure, GameOptions, OutcomeAnswer, ProbeAnswer, ReplayAnswer, Trace,
};
use crate::format::{ResultWords, Score};

/// A program run through the shell (`sh -c`), so `COMMAND` may carry its own arguments
/// (`python3 my_engine.py`); the contract's arguments follow it.
#[derive(Clone, Debug)]
pub struct ProgramEngine {
    command: String,
    timeout: Duration,
}

/// What one run of the program gave.
struct Run {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

impl ProgramEngine {
    /// The program `command`, each run allowed `timeout`.
    #[must_use]
    pub fn new(command: &str, timeout: Duration) -> ProgramEngine {
        ProgramEngine {
            command: command.to_string(),
            timeout,
        }
    }

    /// Runs the program with `args`, feeding it `input`.
    fn run(&self, args: &[String], input: &str) -> Answer<Run> {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("{} \"$@\"", self.command))
            .arg("sh")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group, so that a time-out kills whatever the shell started too
        // (a child left holding the pipes would keep the run waiting).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| EngineFailure::Crashed(format!("cannot start `{}`: {e}", self.command)))?;
        let stdin = child.stdin.take();
        let input = input.to_string();
        let writer = thread::spawn(move || {
            if let Some(mut stdin) = stdin {
                // A program that does not read its input closes the pipe: not our failure.
                let _ = stdin.write_all(input.as_bytes());
            }
        });
        let over = Arc::new(AtomicBool::new(false));
        let stdout = read_in_background(child.stdout.take(), Arc::clone(&over));
        let stderr = read_in_background(child.stderr.take(), Arc::clone(&over));
        let deadline = Instant::now() + self.timeout;
        let status = wait_until(&mut child, deadline, self.timeout, &over);
        // Whatever the program left behind (a child holding the pipes, a daemon) is killed
        // with its group as soon as the program itself has ended: a run is one process.
        kill_group(&mut child);
        let status = status?;
        let (Some(stdout), Some(stderr)) =
            (join_until(&stdout, deadline), join_until(&stderr, deadline))
        else {
            return Err(EngineFailure::TimedOut(self.timeout));
        };
        if over.load(Ordering::Relaxed) {
            return Err(too_much());
        }
        // The writer ends when the pipe closes; it is not waited for (an escaped process
        // holding the pipe must not hold the run).
        drop(writer);
        Ok(Run {
            status,
            stdout,
            stderr,
        })
    }

    /// The contract's arguments for `command` on `game` after `moves`.
    fn args(command: &str, game: &GameOptions, extra: &[String], moves: &[String]) -> Vec<String> {
        let mut args = vec![command.to_string(), game.game.clone()];
        args.extend(extra.iter().cloned());
        args.extend(game.flags());
        if !moves.is_empty() {
            args.push("--moves".into());
            args.push(moves.join(" "));
        }
        args
    }

    /// Runs a question about the position after `moves`: exit status 0 gives its
    /// standard output, 2 a refused move (named by its number), anything else a crash.
    fn ask(&self, args: &[String], moves: &[String]) -> Answer<String> {
        let run = self.run(args, "")?;
        match run.status.code() {
            Some(0) => Ok(run.stdout),
            Some(2) => Err(refused_move(&run, moves)),
            _ => Err(crashed(&run)),
        }
    }
}

/// A move of `moves` refused (exit status 2), named by the number in the message.
fn refused_move(run: &Run, moves: &[String]) -> EngineFailure {
    let number = move_number_in(&run.stderr).unwrap_or(0);
    EngineFailure::MoveRefused {
        number,
        text: number
            .checked_sub(1)
            .and_then(|i| moves.get(i))
            .cloned()
            .unwrap_or_default(),
        reason: run.stderr.trim().to_string(),
    }
}

/// An exit the contract does not have.
fn crashed(run: &Run) -> EngineFailure {
    EngineFailure::Crashed(format!(
        "{}; stderr: {}",
        run.status,
        run.stderr.trim().lines().last().unwrap_or("")
    ))
}

/// The most bytes one run of a program may write on its standard output, and again on
/// its standard error: 16 MiB, far above the longest answer of the suite (a trace of a
/// whole game, about 2 MB). A run that writes more is stopped and the case is an error.
pub const OUTPUT_LIMIT: usize = 16 << 20;

/// The error of a run that wrote more than [`OUTPUT_LIMIT`].
fn too_much() -> EngineFailure {
    EngineFailure::BadAnswer(format!(
        "the program wrote more than the output limit of {OUTPUT_LIMIT} bytes in one run; \
         it was stopped"
    ))
}

/// Reads a pipe to its end, or to [`OUTPUT_LIMIT`] bytes (then `over` is set), on a
/// thread that sends the text when done.
fn read_in_background(
    pipe: Option<impl Read + Send + 'static>,
    over: Arc<AtomicBool>,
) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = pipe {
            let _ = pipe.take(OUTPUT_LIMIT as u64 + 1).read_to_end(&mut bytes);
            if bytes.len() > OUTPUT_LIMIT {
                over.store(true, Ordering::Relaxed);
                bytes.truncate(OUTPUT_LIMIT);
            }
        }
        let _ = send.send(String::from_utf8_lossy(&bytes).into_owned());
    });
    receive
}

/// A reader's text, or `None` if it is still reading at `deadline` (a process outside
/// the program's group holds the pipe; the thread is left behind).
fn join_until(reader: &mpsc::Receiver<String>, deadline: Instant) -> Option<String> {
    reader
        .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        .ok()
}

/// Waits for `child` until `deadline` (then the run timed out after `timeout`), or until
/// a pipe passes the output limit.
fn wait_until(
    child: &mut Child,
    deadline: Instant,
    timeout: Duration,
    over: &AtomicBool,
) -> Answer<ExitStatus> {
    loop {
        if over.load(Ordering::Relaxed) {
            return Err(too_much());
        }
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if Instant::now() >= deadline => return Err(EngineFailure::TimedOut(timeout)),
            Ok(None) => thread::sleep(Duration::from_millis(1)),
            Err(e) => return Err(EngineFailure::Crashed(e.to_string())),
        }
    }
}

/// Kills every process of `child`'s group (the program and whatever it started), then
/// `child` itself if it still runs, and reaps it.
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    {
        // The standard library kills only the child itself. The group's id is the child's
        // pid (it was spawned with `process_group(0)`); a group already gone is no error.
        if let Some(pgid) = i32::try_from(child.id())
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process_group(pgid, rustix::process::Signal::KILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The `result: OUTCOME` line among `lines`, as result words.
fn result_line(stdout: &str) -> Answer<ResultWords> {
    let text = stdout
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("result: "))
        .ok_or_else(|| EngineFailure::BadAnswer("no `result:` line".into()))?;
    Ok(result_words(text))
}

/// The winner word and the whole OUTCOME text.
fn result_words(text: &str) -> ResultWords {
    ResultWords {
        winner: text.split(' ').next().unwrap_or("").to_string(),
        text: Some(text.to_string()),
    }
}

/// go9's area count as its OUTCOME text writes it:
/// `black by 74 points (B+74: Black 81 – White 7, komi 7; two passes)`, where White's
/// number includes the komi (so White's area is 0 here).
#[must_use]
pub fn score_in(text: &str) -> Option<Score> {
    let inside = &text[text.find('(')? + 1..];
    let (margin, rest) = inside.split_once(": ")?;
    let number_after = |word: &str| -> Option<&str> {
        let from = &rest[rest.find(word)? + word.len()..];
        let end = from
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(from.len());
        Some(&from[..end])
    };
    let komi: f64 = number_after("komi ")?.parse().ok()?;
    let white_total: f64 = number_after("White ")?.parse().ok()?;
    let white_area = white_total - komi;
    Some(Score {
        black: number_after("Black ")?.parse().ok()?,
        white: if white_area >= 0.0 && white_area.fract() == 0.0 {
            white_area as u32
        } else {
            return None;
        },
        komi,
        margin: margin.to_string(),
    })
}

/// A file name no other run of this process uses.
fn temp_path(extension: &str) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    std::env::temp_dir().join(format!(
        "rules-conformance-{}-{}.{extension}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

impl Engine for ProgramEngine {
    fn name(&self) -> String {
        format!("`{}`", self.command)
    }

    fn trace(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Trace> {
        let stdout = self.ask(&Self::args("trace", game, &[], moves), moves)?;
        let mut legal = Vec::new();
        for (ply, line) in stdout.lines().enumerate().take(moves.len() + 1) {
            let prefix = format!("{ply}:");
            let rest = line.strip_prefix(&prefix).ok_or_else(|| {
                EngineFailure::BadAnswer(format!("trace line {} is not `{prefix} …`", ply + 1))
            })?;
            legal.push(rest.split_whitespace().map(str::to_string).collect());
        }
        if legal.len() != moves.len() + 1 {
            return Err(EngineFailure::BadAnswer(format!(
                "trace wrote {} ply lines for {} moves",
                legal.len(),
                moves.len()
            )));
        }
        Ok(Trace {
            legal,
            result: result_line(&stdout)?,
        })
    }

    fn to_move(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Option<String>> {
        let stdout = self.ask(&Self::args("show", game, &[], moves), moves)?;
        let status = stdout
            .lines()
            .last()
            .ok_or_else(|| EngineFailure::BadAnswer("show wrote nothing".into()))?;
        if status.starts_with("game over: ") {
            return Ok(None);
        }
        match status.split_once(" to move") {
            Some((name, _)) => Ok(Some(name.to_string())),
            None => Err(EngineFailure::BadAnswer(format!(
                "show's status line {status:?} is neither `NAME to move …` nor `game over: …`"
            ))),
        }
    }

    fn probe(&mut self, game: &GameOptions, moves: &[String], probe: &str) -> Answer<ProbeAnswer> {
        let mut all = moves.to_vec();
        all.push(probe.to_string());
        let run = self.run(&Self::args("legal", game, &[], &all), "")?;
        match run.status.code() {
            Some(0) => Ok(ProbeAnswer::Accepted),
            Some(2) => {
                let failure = refused_move(&run, &all);
                match failure {
                    EngineFailure::MoveRefused { number, .. } if number == all.len() => {
                        if run.stdout.is_empty() {
                            Ok(ProbeAnswer::Refused { class: None })
                        } else {
                            Err(EngineFailure::BadAnswer(
                                "a refused move wrote standard output".into(),
                            ))
                        }
                    }
                    other => Err(other),
                }
            }
            _ => Err(crashed(&run)),
        }
    }

    fn perft(&mut self, game: &GameOptions, moves: &[String], depth: usize) -> Answer<Vec<u64>> {
        let stdout = self.ask(
            &Self::args("perft", game, &[depth.to_string()], moves),
            moves,
        )?;
        let mut counts = Vec::new();
        for (index, line) in stdout.lines().enumerate() {
            let expected = format!("perft {} ", index + 1);
            let count = line
                .strip_prefix(&expected)
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| {
                    EngineFailure::BadAnswer(format!("perft line {line:?} is not `{expected}N`"))
                })?;
            counts.push(count);
        }
        Ok(counts)
    }

    fn outcome(&mut self, game: &GameOptions, moves: &[String]) -> Answer<OutcomeAnswer> {
        let stdout = self.ask(&Self::args("trace", game, &[], moves), moves)?;
        let result = result_line(&stdout)?;
        let score = if game.game == "go9" {
            result.text.as_deref().and_then(score_in)
        } else {
            None
        };
        Ok(OutcomeAnswer { result, score })
    }

    fn replay(&mut self, _game: &GameOptions, format: &str, text: &str) -> Answer<ReplayAnswer> {
        let path = temp_path(if format == "sgf" { "sgf" } else { "json" });
        std::fs::write(&path, text)
            .map_err(|e| EngineFailure::Crashed(format!("cannot write {}: {e}", path.display())))?;
        let run = self.run(&["replay".into(), path.display().to_string()], "");
        let _ = std::fs::remove_file(&path);
        let run = run?;
        match run.status.code() {
            Some(0) => Ok(ReplayAnswer::Accepted {
                plies: None,
                result: result_line(&run.stdout)?,
            }),
            Some(2) if run.stdout.is_empty() => Ok(ReplayAnswer::Refused {
                not_a_record: None,
                move_number: move_number_in(&run.stderr),
                message: run.stderr.trim().to_string(),
            }),
            Some(2) => Err(EngineFailure::BadAnswer(
                "a refused record wrote standard output".into(),
            )),
            _ => Err(crashed(&run)),
        }
    }

    fn gtp(&mut self, commands: &[String]) -> Answer<Vec<String>> {
        let mut input = commands.join("\n");
        input.push_str("\nquit\n");
        let run = self.run(&["gtp".into()], &input)?;
        if run.status.code() != Some(0) {
            return Err(crashed(&run));
        }
        let mut answers: Vec<String> = Vec::new();
        let mut current: Option<String> = None;
        for line in run.stdout.lines() {
            if line.trim().is_empty() {
                if let Some(answer) = current.take() {
                    answers.push(answer);
                }
            } else if let Some(answer) = current.as_mut() {
                answer.push('\n');
                answer.push_str(line);
            } else {
                current = Some(line.to_string());
            }
        }
        answers.extend(current);
        // The last answer is `quit`'s.
        answers.truncate(commands.len());
        if answers.len() < commands.len() {
            return Err(EngineFailure::BadAnswer(format!(
                "{} GTP answers to {} commands",
                answers.len(),
                commands.len()
            )));
        }
        Ok(answers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go9_counts_are_read_from_the_outcome_text() {
        let score =
            score_in("black by 74 points (B+74: Black 81 – White 7, komi 7; two passes)").unwrap();
        assert_eq!(
            (score.black, score.white, score.margin.as_str()),
            (81, 0, "B+74")
        );
        assert!((score.komi - 7.0).abs() < f64::EPSILON);
        assert_eq!(score_in("white wins: black resigned"), None);
    }
}
