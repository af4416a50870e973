//! Plays go9's GTP engine (in-process) against GNU Go, colours alternating, scored by our
//! rules (G-9 pass-alive removal, area, komi 7), and prints one line per game and a
//! summary with the 95 % Wilson interval (`docs/go9.md`, "Strength").
//!
//! ```text
//! cargo run --release -p go9 --example vs_gnugo -- LEVEL GAMES THREADS GNUGO_LEVEL [SEED]
//! ```
//!
//! LEVEL is `easy`, `normal`, `hard` or a playout count. GNU Go runs as
//! `gnugo --mode gtp --level L --chinese-rules --komi 7 --positional-superko
//! --capture-all-dead`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use go9::{Game, GtpEngine, Level, Player};

struct Gnugo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gnugo {
    fn start(level: &str, seed: u64) -> Gnugo {
        let mut child = Command::new("/usr/games/gnugo")
            .args([
                "--mode",
                "gtp",
                "--boardsize",
                "9",
                "--level",
                level,
                "--chinese-rules",
                "--komi",
                "7",
                "--positional-superko",
                "--capture-all-dead",
                "--seed",
                &seed.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("GNU Go starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Gnugo {
            child,
            input,
            output,
        }
    }

    fn ask(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            assert!(self.output.read_line(&mut line).unwrap() > 0, "GNU Go quit");
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        answer[1..].trim().to_string()
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let z = 1.96;
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (centre - half, centre + half)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = args.first().map_or("hard", String::as_str).to_string();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let gnugo_level = args.get(3).map_or("10", String::as_str).to_string();
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut score = 0.0;
    let mut our_time = Duration::ZERO;
    let mut our_moves = 0u32;
    let first: u64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(0);
    for g in first..first + games {
        let ours_black = g % 2 == 0;
        let engine = match level.parse::<Level>() {
            Ok(l) => GtpEngine::with_level(l),
            Err(_) => GtpEngine::with_level(Level::Normal)
                .with_playouts(level.parse().expect("a level or a playout count")),
        };
        let mut engine = engine
            .with_threads(threads)
            .with_seed(seed + g)
            .with_resign_threshold(0.0);
        let mut gnugo = Gnugo::start(&gnugo_level, seed + g);
        let our_colour = if ours_black {
            Player::First
        } else {
            Player::Second
        };
        let mut resigned: Option<Player> = None;
        let mut passes = 0;
        while !engine.state().is_over() && engine.state().ply() < 300 {
            let mover = engine.state().to_move();
            let name = if mover == Player::First {
                "black"
            } else {
                "white"
            };
            let mv = if mover == our_colour {
                let start = Instant::now();
                let (_, r) = engine.execute_line(&format!("genmove {name}")).unwrap();
                our_time += start.elapsed();
                our_moves += 1;
                if std::env::var_os("SHOW").is_some() {
                    let pv = engine.last_info();
                    eprintln!("{} {name} {} {pv}", engine.state().ply(), r.text);
                }
                assert!(r.success, "{}", r.text);
                if r.text == "resign" {
                    resigned = Some(mover);
                    break;
                }
                gnugo.ask(&format!("play {name} {}", r.text));
                r.text
            } else {
                let mv = gnugo.ask(&format!("genmove {name}"));
                if mv.eq_ignore_ascii_case("resign") {
                    resigned = Some(mover);
                    break;
                }
                let (_, r) = engine.execute_line(&format!("play {name} {mv}")).unwrap();
                assert!(r.success, "GNU Go's {mv} refused: {}", r.text);
                mv
            };
            passes = if mv.eq_ignore_ascii_case("pass") {
                passes + 1
            } else {
                0
            };
            let _ = passes;
        }
        let state = engine.state();
        let winner = match resigned {
            Some(p) => Some(p.other()),
            None => state.score().winner(),
        };
        let result = match resigned {
            Some(p) => format!("{}+R", if p == Player::First { "W" } else { "B" }),
            None => state.score().result(),
        };
        let points = match winner {
            Some(w) if w == our_colour => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        score += points;
        if std::env::var_os("SHOW").is_some() {
            let moves: Vec<String> = state.moves().iter().map(ToString::to_string).collect();
            println!("{}\n{state}", moves.join(" "));
        }
        println!(
            "game {} ours={} {} plies={} result={} ours_scored={}",
            g + 1,
            if ours_black { "black" } else { "white" },
            level,
            state.ply(),
            result,
            points
        );
    }
    let (lo, hi) = wilson(score, games as f64);
    println!(
        "summary: {level} vs gnugo level {gnugo_level}: {score} of {games} ({:.0}%, 95% CI {:.0}-{:.0}%), our mean time per move {:.3} s",
        100.0 * score / games as f64,
        100.0 * lo,
        100.0 * hi,
        our_time.as_secs_f64() / f64::from(our_moves.max(1))
    );
}
