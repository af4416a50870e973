//! A GTP version 2 engine (G-14), generic over its input and output so tests and fuzzers
//! drive it in-process; `rulebook gtp` runs it on standard input and output.

use std::io::{self, BufRead, Write};
use std::path::Path;

use game_core::search::{Budget, Level, Opponent, Searcher};
use game_core::{Game, Player};

use go9::{AreaCount, Go9, Go9Hooks, KOMI, Move, Point, RecordError, SgfNames, point_name};

use crate::clock::Clock;

/// Every command the engine knows, as `list_commands` prints them.
pub const GTP_COMMANDS: [&str; 26] = [
    "all_legal",
    "boardsize",
    "captures",
    "clear_board",
    "final_score",
    "final_status_list",
    "genmove",
    "is_legal",
    "kgs-genmove_cleanup",
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
    "time_left",
    "time_settings",
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

    pub(crate) fn fail(text: impl Into<String>) -> GtpReply {
        GtpReply {
            success: false,
            text: text.into(),
            quit: false,
        }
    }
}

/// Moves in a row whose win rate is below the threshold before `genmove` resigns.
pub const RESIGN_AFTER: u32 = 3;
/// Plies played before `genmove` may resign.
pub const RESIGN_FROM_PLY: usize = 20;

/// The GTP engine: a game, the searcher that plays it (its tree kept across `play` and
/// `genmove`), the level, the clock, the session's komi and the resignation rule.
#[derive(Debug)]
pub struct GtpEngine {
    state: Go9,
    searcher: Searcher<Go9, Go9Hooks>,
    level: Level,
    playouts: Option<u64>,
    resign_threshold: f64,
    /// Per colour: genmoves in a row below the resignation threshold.
    low: [u32; 2],
    komi: f64,
    clock: Clock,
    file_access: bool,
    /// What the last `genmove` found, for `last_info`.
    last: String,
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

fn vertex_list(points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(point_name)
        .collect::<Vec<_>>()
        .join(" ")
}

impl GtpEngine {
    /// A fresh engine on the empty board playing at [`Level::Normal`] on one thread with
    /// seed 0, komi 7, no clock and no resignation; `loadsgf`/`printsgf FILE` may use files.
    #[must_use]
    pub fn new() -> GtpEngine {
        GtpEngine::with_level(Level::Normal)
    }

    /// A fresh engine playing at `level` (its hooks and budget, `docs/go9.md`).
    #[must_use]
    pub fn with_level(level: Level) -> GtpEngine {
        GtpEngine {
            state: Go9::new(),
            searcher: Go9::opponent(level),
            level,
            playouts: None,
            resign_threshold: 0.0,
            low: [0; 2],
            // Planted bug (tests only): komi 6 instead of 7 (G-10).
            komi: if game_core::planted::is("G-10") {
                f64::from(KOMI) - 1.0
            } else {
                f64::from(KOMI)
            },
            clock: Clock::default(),
            file_access: true,
            last: String::new(),
        }
    }

    /// Sets the playouts per `genmove` (at least 1) instead of the level's budget.
    #[must_use]
    pub fn with_playouts(mut self, playouts: usize) -> GtpEngine {
        self.playouts = Some(playouts.max(1) as u64);
        self
    }

    /// Seeds the search.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> GtpEngine {
        self.searcher.config_mut().seed = seed;
        self
    }

    /// Searches on this many threads (at least 1).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> GtpEngine {
        let config = self.searcher.config_mut();
        *config = config.with_threads(threads);
        self
    }

    /// `genmove` resigns when the search's win rate stays below `threshold` for a few moves
    /// in a row (3, from ply 20: `docs/go9.md`); 0 never resigns, and neither does `easy`.
    #[must_use]
    pub fn with_resign_threshold(mut self, threshold: f64) -> GtpEngine {
        self.resign_threshold = threshold;
        self
    }

    /// What the last `genmove` found: win rate, playouts, time and principal variation.
    #[must_use]
    pub fn last_info(&self) -> &str {
        &self.last
    }

    /// The session's komi (7 unless a controller sent `komi`).
    #[must_use]
    pub fn komi(&self) -> f64 {
        self.komi
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
                self.low = [0; 2];
                self.clock.new_game();
                Ok(GtpReply::ok(""))
            }
            "komi" => self.set_komi(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args, true, false),
            "reg_genmove" => self.genmove(args, false, false),
            "kgs-genmove_cleanup" => self.genmove(args, true, true),
            "time_settings" => self.clock.settings(args).map(|()| GtpReply::ok("")),
            "time_left" => self.time_left(args),
            "undo" => match self.state.undo() {
                Ok(_) => Ok(GtpReply::ok("")),
                Err(e) => Err(GtpReply::fail(format!("cannot undo: {e}"))),
            },
            "showboard" => Ok(GtpReply::ok(format!("\n{}", self.state))),
            "final_score" => Ok(GtpReply::ok(self.final_score())),
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

    fn time_left(&mut self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let (colour, rest) = args
            .split_first()
            .ok_or_else(|| GtpReply::fail("syntax error: time_left COLOUR TIME STONES"))?;
        let player = parse_colour(colour)?;
        self.clock.left(player, rest).map(|()| GtpReply::ok(""))
    }

    /// Any finite komi: this session counts with it (`final_score`, the search's rewards
    /// and its passes); 7 elsewhere.
    fn set_komi(&mut self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        match args.first().map(|a| a.parse::<f64>()) {
            Some(Ok(k)) if k.is_finite() && k.abs() <= 1_000.0 => {
                if k != self.komi {
                    self.komi = k;
                    self.searcher.hooks_mut().komi = k;
                    self.searcher.clear();
                }
                Ok(GtpReply::ok(""))
            }
            _ => Err(GtpReply::fail("syntax error: komi needs a number")),
        }
    }

    /// The result with the session's komi: the call's result after a resignation or a
    /// loss on time, otherwise the count (G-9, G-10) as it stands, `B+3`, `W+0.5` or `0`.
    fn final_score(&self) -> String {
        use go9::EndReason;
        match self.state.end_reason() {
            Some(EndReason::TwoPasses(_) | EndReason::MoveLimit(_)) | None => {}
            Some(_) => return self.state.result().unwrap_or_default(),
        }
        let count = AreaCount::count(self.state.board());
        let margin = f64::from(count.area.first) - f64::from(count.area.second) - self.komi;
        if margin > 0.0 {
            format!("B+{margin}")
        } else if margin < 0.0 {
            format!("W+{}", -margin)
        } else {
            "0".into()
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
        // Planted bug (tests only): `play C M` plays for the colour to move, whatever C.
        let player = if game_core::planted::is("G-14") {
            self.state.to_move()
        } else {
            player
        };
        self.play_and_follow(player, mv)
            .map(|()| GtpReply::ok(""))
            .map_err(|e| GtpReply::fail(format!("illegal move: {}", e.detail())))
    }

    /// Plays `mv` for `player` and keeps the searcher's tree in step when it was searching
    /// this very position with `player` to move (tree reuse).
    fn play_and_follow(&mut self, player: Player, mv: Move) -> Result<(), go9::PlayError> {
        let follow =
            self.state.to_move() == player && self.searcher.position() == Some(&self.state);
        self.state.play_as(player, mv)?;
        if follow && self.searcher.advance(mv).is_err() {
            self.searcher.clear();
        }
        Ok(())
    }

    /// The budget of one `genmove` for `player`: the level's (or `with_playouts`), within
    /// the time the clock allows.
    fn budget(&self, player: Player) -> Budget {
        let base = match self.playouts {
            Some(n) => Budget::playouts(n),
            None => Go9::search_config(self.level).budget,
        };
        let board = self.state.board();
        let empty = (0..go9::POINTS)
            .filter(|&i| board.stone_at(Point::from_index(i)).is_none())
            .count() as u32;
        match self.clock.think_time(player, empty) {
            None => base,
            // With a clock, `hard` thinks as long as the plan allows.
            Some(t) if self.level == Level::Hard && self.playouts.is_none() => Budget::time(t),
            Some(t) => {
                let time = base.time.map_or(t, |b| b.min(t));
                match base.playout_limit() {
                    Some(n) => Budget::playouts_or_time(n, time),
                    None => Budget::time(time),
                }
            }
        }
    }

    fn genmove(&mut self, args: &[&str], play: bool, cleanup: bool) -> Result<GtpReply, GtpReply> {
        let player = parse_one_colour(args)?;
        if self.state.is_over() {
            return Err(GtpReply::fail("the game is over: no move can be generated"));
        }
        if self.searcher.hooks().cleanup != cleanup {
            self.searcher.hooks_mut().cleanup = cleanup;
            self.searcher.clear();
        }
        let view = if self.state.to_move() == player {
            self.state.clone()
        } else {
            self.state.with_to_move(player)
        };
        let budget = self.budget(player);
        let start = std::time::Instant::now();
        let info = self.searcher.search_with(&view, budget);
        self.clock.spent(player, start.elapsed());
        let mv = info.best.unwrap_or(Move::Pass);
        self.last = format!(
            "win rate {:.3}, {} playouts ({} reused), {:.3} s, pv {}",
            info.win_rate,
            info.playouts,
            info.reused,
            info.elapsed.as_secs_f64(),
            info.pv
                .iter()
                .take(8)
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        if play && self.resigns(player, info.win_rate, info.playouts) {
            self.state
                .resign(player)
                .map_err(|e| GtpReply::fail(format!("internal error: {e}")))?;
            return Ok(GtpReply::ok("resign"));
        }
        if play {
            self.play_and_follow(player, mv)
                .map_err(|e| GtpReply::fail(format!("internal error: {e}")))?;
        }
        Ok(GtpReply::ok(mv.to_string()))
    }

    /// Counts a move below the resignation threshold and says whether to resign now.
    fn resigns(&mut self, player: Player, win_rate: f64, playouts: u64) -> bool {
        let low = &mut self.low[player.index()];
        if self.resign_threshold <= 0.0 || self.level == Level::Easy || playouts == 0 {
            *low = 0;
            return false;
        }
        if win_rate < self.resign_threshold {
            *low += 1;
        } else {
            *low = 0;
        }
        *low >= RESIGN_AFTER && self.state.ply() >= RESIGN_FROM_PLY
    }

    fn final_status_list(&self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let score = self.state.score();
        let mut dead = score.dead.first.clone();
        dead.extend(score.dead.second.iter().copied());
        dead.sort_unstable();
        match args.first().map(|s| s.to_ascii_lowercase()) {
            Some(s) if s == "dead" => Ok(GtpReply::ok(vertex_list(dead))),
            Some(s) if s == "alive" => {
                let board = self.state.board();
                let alive = (0..go9::POINTS)
                    .map(Point::from_index)
                    .filter(|&p| board.stone_at(p).is_some() && !dead.contains(&p));
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
        // At most `MAX_RECORD_BYTES` are read: `loadsgf /dev/zero` fails at once.
        let text = std::fs::File::open(Path::new(path))
            .map_err(game_core::RecordTextError::Io)
            .and_then(game_core::read_record_text)
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

#[cfg(test)]
mod tests {
    use super::*;
    use go9::{EASY_PLAYOUTS, NORMAL_PLAYOUTS};

    /// G-14 under `time_settings` (docs/go9.md, "GTP time control"): `hard` without a
    /// playout count of its own thinks the whole planned time, with no playout cap; a
    /// level's playout count, or one set by `with_playouts`, still bounds every other
    /// search, within that time.
    #[test]
    fn under_a_clock_only_hard_without_its_own_playout_count_thinks_the_whole_plan() {
        let cases = [
            (GtpEngine::with_level(Level::Hard), None),
            (
                GtpEngine::with_level(Level::Hard).with_playouts(60),
                Some(60),
            ),
            (GtpEngine::with_level(Level::Normal), Some(NORMAL_PLAYOUTS)),
            (GtpEngine::with_level(Level::Easy), Some(EASY_PLAYOUTS)),
        ];
        for (mut engine, playout_cap) in cases {
            engine.clock.settings(&["600", "0", "0"]).unwrap();
            let plan = engine.clock.think_time(Player::First, 81).unwrap();
            // 600 s shared by at least 40 moves to come: far more than `hard`'s own second.
            assert!(plan > go9::HARD_TIME, "{plan:?}");
            let budget = engine.budget(Player::First);
            assert_eq!(budget.playout_limit(), playout_cap, "{budget:?}");
            assert_eq!(budget.time, Some(plan), "{budget:?}");
        }
    }

    /// docs/go9.md, "Resignation": a move counts towards resigning only when its win rate
    /// is *below* the threshold; one exactly at the threshold ends a run of low moves like
    /// any better one.
    #[test]
    fn g14_a_win_rate_exactly_at_the_resignation_threshold_is_not_low() {
        let threshold = 0.25;
        let mut engine = GtpEngine::new().with_resign_threshold(threshold);
        let mut moves = Vec::new();
        while engine.state.ply() < RESIGN_FROM_PLY {
            engine.state.legal_moves(&mut moves);
            let mv = moves.iter().copied().find(|&mv| mv != Move::Pass);
            engine.state.play(mv.expect("a placement")).unwrap();
        }
        let below = threshold - 1e-9;
        for _ in 0..RESIGN_AFTER * 2 {
            assert!(!engine.resigns(Player::First, threshold, 100));
        }
        for _ in 1..RESIGN_AFTER {
            assert!(!engine.resigns(Player::First, below, 100));
        }
        assert!(
            !engine.resigns(Player::First, threshold, 100),
            "the run ends"
        );
        for _ in 1..RESIGN_AFTER {
            assert!(!engine.resigns(Player::First, below, 100));
        }
        assert!(engine.resigns(Player::First, below, 100));
    }
}
