//! A GTP version 2 engine (G-14), generic over its input and output so tests and fuzzers
//! drive it in-process; `rulebook gtp` runs it on standard input and output.

use std::io::{self, BufRead, Write};
use std::path::Path;

use game_core::{Game, GameRng, Player};

use crate::error::RecordError;
use crate::layout::points_of_players;
use crate::monte_carlo::{MONTE_CARLO_PLAYOUTS, monte_carlo_move};
use crate::moves::{Move, point_name};
use crate::scoring::KOMI;
use crate::sgf::SgfNames;
use crate::state::Go9;

/// Every command the engine knows, as `list_commands` prints them.
pub const GTP_COMMANDS: [&str; 23] = [
    "all_legal",
    "boardsize",
    "captures",
    "clear_board",
    "final_score",
    "final_status_list",
    "genmove",
    "is_legal",
    "known_command",
    "komi",
    "list_commands",
    "list_stones",
    "loadsgf",
    "name",
    "play",
    "printsgf",
    "protocol_version",
    "quit",
    "reg_genmove",
    "showboard",
    "undo",
    "version",
    "score_preview",
];

/// The answer to one command: success or failure, its text, and whether to stop.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GtpReply {
    /// `=` (true) or `?` (false).
    pub success: bool,
    /// The answer's text (may span lines).
    pub text: String,
    /// Whether the engine stops after this answer (`quit`).
    pub quit: bool,
}

impl GtpReply {
    fn ok(text: impl Into<String>) -> GtpReply {
        GtpReply {
            success: true,
            text: text.into(),
            quit: false,
        }
    }

    fn fail(text: impl Into<String>) -> GtpReply {
        GtpReply {
            success: false,
            text: text.into(),
            quit: false,
        }
    }
}

/// The GTP engine: a game, and the random generator of its player.
#[derive(Clone, Debug)]
pub struct GtpEngine {
    state: Go9,
    rng: GameRng,
    playouts: usize,
    file_access: bool,
}

impl Default for GtpEngine {
    fn default() -> GtpEngine {
        GtpEngine::new()
    }
}

fn parse_colour(text: &str) -> Result<Player, GtpReply> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::First),
        "w" | "white" => Ok(Player::Second),
        _ => Err(GtpReply::fail(format!(
            "syntax error: `{text}` is not a colour (black, white, b or w)"
        ))),
    }
}

fn parse_vertex(text: &str) -> Result<Move, GtpReply> {
    text.parse::<Move>()
        .map_err(|e| GtpReply::fail(format!("syntax error: invalid vertex: {e}")))
}

fn vertex_list(points: impl IntoIterator<Item = board_geometry::Point>) -> String {
    points
        .into_iter()
        .map(point_name)
        .collect::<Vec<_>>()
        .join(" ")
}

impl GtpEngine {
    /// A fresh engine on the empty board, its player seeded with 0 and spending
    /// [`MONTE_CARLO_PLAYOUTS`] playouts per `genmove`; `loadsgf`/`printsgf FILE` may use files.
    #[must_use]
    pub fn new() -> GtpEngine {
        GtpEngine {
            state: Go9::new(),
            rng: GameRng::seed_from(0),
            playouts: MONTE_CARLO_PLAYOUTS,
            file_access: true,
        }
    }

    /// Sets the playouts per `genmove` (at least 1).
    #[must_use]
    pub fn with_playouts(mut self, playouts: usize) -> GtpEngine {
        self.playouts = playouts.max(1);
        self
    }

    /// Seeds the player's random generator.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> GtpEngine {
        self.rng = GameRng::seed_from(seed);
        self
    }

    /// Forbids `loadsgf` and `printsgf FILE` (for fuzzing and untrusted controllers).
    #[must_use]
    pub fn without_files(mut self) -> GtpEngine {
        self.file_access = false;
        self
    }

    /// The current game.
    #[must_use]
    pub fn state(&self) -> &Go9 {
        &self.state
    }

    /// Reads commands from `input` until `quit` or the end of input, writing each answer
    /// to `output` in GTP form (`=id text` or `?id text`, then an empty line).
    ///
    /// # Errors
    /// Only failures to read or write.
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, mut output: W) -> io::Result<()> {
        for line in input.split(b'\n') {
            let line = line?;
            let text = String::from_utf8_lossy(&line);
            let Some((id, reply)) = self.execute_line(&text) else {
                continue;
            };
            let mark = if reply.success { '=' } else { '?' };
            let id = id.map(|n| n.to_string()).unwrap_or_default();
            let body = reply.text.trim_end_matches('\n');
            if body.is_empty() {
                write!(output, "{mark}{id}\n\n")?;
            } else {
                write!(output, "{mark}{id} {body}\n\n")?;
            }
            output.flush()?;
            if reply.quit {
                break;
            }
        }
        Ok(())
    }

    /// Handles one input line: `None` for an empty or comment line, otherwise the
    /// command's id (if given) and the reply.
    pub fn execute_line(&mut self, line: &str) -> Option<(Option<u64>, GtpReply)> {
        // GTP preprocessing: drop control characters but tab, tabs become spaces, and
        // everything after `#` is a comment.
        let cleaned: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let without_comment = cleaned.split('#').next().unwrap_or("");
        let mut words = without_comment.split_whitespace().peekable();
        let first = words.peek()?;
        // A GTP id is a decimal integer: digits only (`u64::from_str` would also take `+5`).
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            first.parse::<u64>().ok()
        } else {
            None
        };
        if id.is_some() {
            words.next();
        }
        let Some(command) = words.next() else {
            return Some((id, GtpReply::fail("syntax error: no command after the id")));
        };
        let args: Vec<&str> = words.collect();
        Some((id, self.execute(command, &args)))
    }

    /// Runs one command with its arguments.
    pub fn execute(&mut self, command: &str, args: &[&str]) -> GtpReply {
        let result = match command {
            "protocol_version" => Ok(GtpReply::ok("2")),
            "name" => Ok(GtpReply::ok("rulebook go9")),
            "version" => Ok(GtpReply::ok(env!("CARGO_PKG_VERSION"))),
            "known_command" => Ok(GtpReply::ok(
                if args.first().is_some_and(|c| GTP_COMMANDS.contains(c)) {
                    "true"
                } else {
                    "false"
                },
            )),
            "list_commands" => Ok(GtpReply::ok(GTP_COMMANDS.join("\n"))),
            "quit" => Ok(GtpReply {
                success: true,
                text: String::new(),
                quit: true,
            }),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.state = Go9::new();
                Ok(GtpReply::ok(""))
            }
            "komi" => Self::komi(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args, true),
            "reg_genmove" => self.genmove(args, false),
            "undo" => match self.state.undo() {
                Ok(_) => Ok(GtpReply::ok("")),
                Err(e) => Err(GtpReply::fail(format!("cannot undo: {e}"))),
            },
            "showboard" => Ok(GtpReply::ok(format!("\n{}", self.state))),
            "final_score" => Ok(GtpReply::ok(
                self.state
                    .result()
                    .unwrap_or_else(|| self.state.score().result()),
            )),
            "score_preview" => Ok(GtpReply::ok(self.state.score().to_string())),
            "final_status_list" => self.final_status_list(args),
            "is_legal" => self.is_legal(args),
            "all_legal" => self.all_legal(args),
            "list_stones" => parse_one_colour(args)
                .map(|p| GtpReply::ok(vertex_list(self.state.board().stone_points(p)))),
            "captures" => {
                parse_one_colour(args).map(|p| GtpReply::ok(self.state.prisoners()[p].to_string()))
            }
            "loadsgf" => self.loadsgf(args),
            "printsgf" => self.printsgf(args),
            _ => Err(GtpReply::fail(format!("unknown command: {command}"))),
        };
        result.unwrap_or_else(|e| e)
    }

    fn boardsize(&mut self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        match args.first().map(|a| a.parse::<u32>()) {
            Some(Ok(9)) => {
                self.state = Go9::new();
                Ok(GtpReply::ok(""))
            }
            Some(Ok(n)) => Err(GtpReply::fail(format!(
                "unacceptable size: {n} (the Ttakji rules are played on 9x9 only)"
            ))),
            _ => Err(GtpReply::fail("syntax error: boardsize needs a number")),
        }
    }

    fn komi(args: &[&str]) -> Result<GtpReply, GtpReply> {
        match args.first().map(|a| a.parse::<f64>()) {
            Some(Ok(k)) if (k - f64::from(KOMI)).abs() < 1e-9 => Ok(GtpReply::ok("")),
            Some(Ok(k)) if k.is_finite() => Err(GtpReply::fail(format!(
                "komi {k} refused: the Ttakji rules fix komi at {KOMI}"
            ))),
            _ => Err(GtpReply::fail("syntax error: komi needs a number")),
        }
    }

    fn colour_and_vertex(args: &[&str]) -> Result<(Player, Move), GtpReply> {
        let [colour, vertex] = args else {
            return Err(GtpReply::fail(
                "syntax error: expected a colour and a vertex",
            ));
        };
        Ok((parse_colour(colour)?, parse_vertex(vertex)?))
    }

    fn play(&mut self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let (player, mv) = Self::colour_and_vertex(args)?;
        self.state
            .play_as(player, mv)
            .map(|()| GtpReply::ok(""))
            .map_err(|e| GtpReply::fail(format!("illegal move: {}", e.detail())))
    }

    fn genmove(&mut self, args: &[&str], play: bool) -> Result<GtpReply, GtpReply> {
        let player = parse_one_colour(args)?;
        let Some(mv) = monte_carlo_move(&self.state, player, self.playouts, &mut self.rng) else {
            return Err(GtpReply::fail("the game is over: no move can be generated"));
        };
        if play {
            self.state
                .play_as(player, mv)
                .map_err(|e| GtpReply::fail(format!("internal error: {e}")))?;
        }
        Ok(GtpReply::ok(mv.to_string()))
    }

    fn final_status_list(&self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let score = self.state.score();
        let mut dead = score.dead.first.clone();
        dead.extend(score.dead.second.iter().copied());
        dead.sort_unstable();
        match args.first().map(|s| s.to_ascii_lowercase()) {
            Some(s) if s == "dead" => Ok(GtpReply::ok(vertex_list(dead))),
            Some(s) if s == "alive" => {
                let alive = points_of_players(self.state.board())
                    .into_iter()
                    .filter(|p| !dead.contains(p));
                Ok(GtpReply::ok(vertex_list(alive)))
            }
            // Seki is not told apart: the rules only need the dead stones (G-9).
            Some(s) if s == "seki" => Ok(GtpReply::ok("")),
            _ => Err(GtpReply::fail(
                "syntax error: final_status_list needs alive, dead or seki",
            )),
        }
    }

    fn is_legal(&self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let (player, mv) = Self::colour_and_vertex(args)?;
        let legal = self.state.check_move_for(player, mv).is_ok();
        Ok(GtpReply::ok(if legal { "1" } else { "0" }))
    }

    fn all_legal(&self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let player = parse_one_colour(args)?;
        let mut moves = Vec::new();
        self.state.legal_moves_for(player, &mut moves);
        let points = moves.into_iter().filter_map(|m| match m {
            Move::Place(p) => Some(p),
            Move::Pass => None,
        });
        Ok(GtpReply::ok(vertex_list(points)))
    }

    fn loadsgf(&mut self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        if !self.file_access {
            return Err(GtpReply::fail("loadsgf is disabled in this engine"));
        }
        let Some(path) = args.first() else {
            return Err(GtpReply::fail("syntax error: loadsgf needs a file name"));
        };
        let limit = match args.get(1).map(|n| n.parse::<usize>()) {
            None => None,
            Some(Ok(n)) => Some(n),
            Some(Err(_)) => {
                return Err(GtpReply::fail(
                    "syntax error: the move number is not a number",
                ));
            }
        };
        let text = std::fs::read_to_string(Path::new(path))
            .map_err(|e| GtpReply::fail(format!("cannot load file: {path}: {e}")))?;
        let mut state = Go9::from_sgf(&text)
            .map_err(|e: RecordError| GtpReply::fail(format!("cannot load file: {e}")))?;
        // GTP: `loadsgf FILE N` sets up the position before move N. The first N - 1 moves
        // are replayed from the setup rather than undone, because undo cannot take back a
        // resignation or time loss the file's `RE` applied at the end.
        if let Some(n) = limit.filter(|&n| n <= state.ply()) {
            let mut partial = Go9::from_setup(state.setup())
                .map_err(|e| GtpReply::fail(format!("cannot load file: {e}")))?;
            for (player, mv) in state.played().take(n.saturating_sub(1)) {
                partial
                    .play_as(player, mv)
                    .map_err(|e| GtpReply::fail(format!("cannot load file: {}", e.detail())))?;
            }
            state = partial;
        }
        self.state = state;
        let next = if self.state.to_move() == Player::First {
            "black"
        } else {
            "white"
        };
        Ok(GtpReply::ok(next))
    }

    fn printsgf(&self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let text = self.state.to_sgf(&SgfNames::default());
        match args.first() {
            None => Ok(GtpReply::ok(text)),
            Some(_) if !self.file_access => Err(GtpReply::fail(
                "printsgf to a file is disabled in this engine",
            )),
            Some(path) => std::fs::write(path, text)
                .map(|()| GtpReply::ok(""))
                .map_err(|e| GtpReply::fail(format!("cannot write {path}: {e}"))),
        }
    }
}

fn parse_one_colour(args: &[&str]) -> Result<Player, GtpReply> {
    match args {
        [colour] => parse_colour(colour),
        _ => Err(GtpReply::fail("syntax error: expected one colour")),
    }
}
