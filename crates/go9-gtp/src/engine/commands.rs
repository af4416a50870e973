//! The command table, every GTP command's name with its handler in `list_commands`
//! order (the one list that `execute`, `list_commands` and `known_command` all read, so
//! they cannot drift apart), and the handlers of the commands that set up or ask about
//! the position: board size, komi, the clock, undo, the score, legality, stones and
//! captures, with the parsing of their arguments.

use game_core::Player;
use game_core::search::ResignRule;
use go9::{AreaCount, Go9, Move, Point, point_name};

use super::{GtpEngine, GtpReply};

/// A command's handler: the engine and the command's arguments in, the reply out (a
/// failure as `Err`).
pub(super) type Handler = fn(&mut GtpEngine, &[&str]) -> Result<GtpReply, GtpReply>;

/// Every command the engine knows with its handler, in the order `list_commands` prints
/// them.
pub(super) const COMMANDS: [(&str, Handler); 26] = [
    ("all_legal", |e, args| e.all_legal(args)),
    ("boardsize", |e, args| e.boardsize(args)),
    ("captures", |e, args| {
        parse_one_colour(args).map(|p| GtpReply::ok(e.state.prisoners()[p].to_string()))
    }),
    ("clear_board", |e, _| Ok(e.clear_board())),
    ("final_score", |e, _| Ok(GtpReply::ok(e.final_score()))),
    ("final_status_list", |e, args| e.final_status_list(args)),
    ("genmove", |e, args| e.genmove(args, true, false)),
    ("is_legal", |e, args| e.is_legal(args)),
    ("kgs-genmove_cleanup", |e, args| e.genmove(args, true, true)),
    ("known_command", |_, args| {
        Ok(GtpReply::ok(
            if args.first().is_some_and(|c| GTP_COMMANDS.contains(c)) {
                "true"
            } else {
                "false"
            },
        ))
    }),
    ("komi", |e, args| e.set_komi(args)),
    ("list_commands", |_, _| {
        Ok(GtpReply::ok(GTP_COMMANDS.join("\n")))
    }),
    ("list_stones", |e, args| {
        parse_one_colour(args).map(|p| GtpReply::ok(vertex_list(e.state.board().stone_points(p))))
    }),
    ("loadsgf", |e, args| e.loadsgf(args)),
    ("name", |_, _| Ok(GtpReply::ok("rulebook go9"))),
    ("play", |e, args| e.play(args)),
    ("printsgf", |e, args| e.printsgf(args)),
    ("protocol_version", |_, _| Ok(GtpReply::ok("2"))),
    ("quit", |_, _| {
        Ok(GtpReply {
            success: true,
            text: String::new(),
            quit: true,
        })
    }),
    ("reg_genmove", |e, args| e.genmove(args, false, false)),
    ("showboard", |e, _| {
        Ok(GtpReply::ok(format!("\n{}", e.state)))
    }),
    ("time_left", |e, args| e.time_left(args)),
    ("time_settings", |e, args| {
        e.clock.settings(args).map(|()| GtpReply::ok(""))
    }),
    ("undo", |e, _| e.undo()),
    ("version", |_, _| {
        Ok(GtpReply::ok(env!("CARGO_PKG_VERSION")))
    }),
    ("score_preview", |e, _| {
        Ok(GtpReply::ok(e.state.score().to_string()))
    }),
];

/// Every command the engine knows, as `list_commands` prints them.
pub const GTP_COMMANDS: [&str; 26] = {
    let mut names = [""; 26];
    let mut i = 0;
    while i < names.len() {
        names[i] = COMMANDS[i].0;
        i += 1;
    }
    names
};

/// The handler of `command`, if the engine knows it.
pub(super) fn handler(command: &str) -> Option<Handler> {
    COMMANDS
        .iter()
        .find(|(name, _)| *name == command)
        .map(|&(_, handler)| handler)
}

/// A colour argument: `b`, `black`, `w` or `white` in any case.
pub(super) fn parse_colour(text: &str) -> Result<Player, GtpReply> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::First),
        "w" | "white" => Ok(Player::Second),
        _ => Err(GtpReply::fail(format!(
            "syntax error: `{text}` is not a colour (black, white, b or w)"
        ))),
    }
}

/// A vertex argument: a point or `pass`.
fn parse_vertex(text: &str) -> Result<Move, GtpReply> {
    text.parse::<Move>()
        .map_err(|e| GtpReply::fail(format!("syntax error: invalid vertex: {e}")))
}

/// Points as GTP lists them: their names, separated by spaces.
fn vertex_list(points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(point_name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The one colour argument of `genmove`, `all_legal`, `list_stones` and `captures`.
pub(super) fn parse_one_colour(args: &[&str]) -> Result<Player, GtpReply> {
    match args {
        [colour] => parse_colour(colour),
        _ => Err(GtpReply::fail("syntax error: expected one colour")),
    }
}

/// The colour and vertex arguments of `play` and `is_legal`.
pub(super) fn colour_and_vertex(args: &[&str]) -> Result<(Player, Move), GtpReply> {
    let [colour, vertex] = args else {
        return Err(GtpReply::fail(
            "syntax error: expected a colour and a vertex",
        ));
    };
    Ok((parse_colour(colour)?, parse_vertex(vertex)?))
}

impl GtpEngine {
    /// `clear_board`: the empty board, the resignation count and the clock restarted.
    fn clear_board(&mut self) -> GtpReply {
        self.state = Go9::new();
        if let Some(rules) = self.resign.as_mut() {
            rules.iter_mut().for_each(ResignRule::reset);
        }
        self.clock.new_game();
        GtpReply::ok("")
    }

    /// `undo`: takes back the last move, or fails saying why.
    fn undo(&mut self) -> Result<GtpReply, GtpReply> {
        match self.state.undo() {
            Ok(_) => Ok(GtpReply::ok("")),
            Err(e) => Err(GtpReply::fail(format!("cannot undo: {e}"))),
        }
    }

    /// `boardsize 9` clears the board; any other size fails.
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

    /// `time_left COLOUR TIME STONES`: the time `COLOUR` has left, as the controller counts it.
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

    /// `final_status_list dead|alive|seki`: the stones G-9 removes, the others, none.
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

    /// `is_legal COLOUR VERTEX`: `1` or `0`.
    fn is_legal(&self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let (player, mv) = colour_and_vertex(args)?;
        let legal = self.state.check_move_for(player, mv).is_ok();
        Ok(GtpReply::ok(if legal { "1" } else { "0" }))
    }

    /// `all_legal COLOUR`: every legal point of `COLOUR` (passes left out).
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
}
