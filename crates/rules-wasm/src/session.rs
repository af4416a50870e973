//! One game of any of the four games, driven by move texts, seen through JSON. Everything
//! but the drawing data comes from the catalog (`game-catalog`), the one front door to the
//! games.

use game_catalog::game_core::GameRng;
use game_catalog::{
    AnyGame, Computer, GameSpec, Level, Outcome, Player, PlayoutCount, SearchClock, Thinking,
};
use serde_json::{Map, Value, json};

use crate::views;

/// One game of Kazura, Bao, go9 or Bind, with its history: what the page plays on.
///
/// Moves go in as text in the game's notation (as `rulebook --moves` reads them) and every
/// refusal comes back as the engine's own error text. [`Session::view`] gives the JSON the
/// page draws from.
#[derive(Debug)]
pub struct Session {
    game: AnyGame,
    /// The computer's search of the position, grown by [`Session::think`].
    thinking: Option<Thinking>,
    /// The player who gave up a game whose rules have no resignation (Bao): the page's
    /// own call, as the server's (docs/web.md). The record keeps the moves alone.
    conceded: Option<Player>,
}

impl Session {
    /// The four games as the catalog describes them (`game_catalog::descriptors`), for the
    /// page's picker before any game exists: a JSON array of `{"game", "longName",
    /// "players", "calls", "sgf"}`, the players in lower case, first mover first
    /// (`["south", "north"]` for Bao), the calls its rules have (`resignation`, `undo`,
    /// `draw by agreement`, `loss on time`).
    #[must_use]
    pub fn games() -> Value {
        game_catalog::descriptors()
            .iter()
            .map(|d| {
                let calls: Vec<String> = d.calls.iter().map(ToString::to_string).collect();
                json!({
                    "game": d.name,
                    "longName": d.long_name,
                    "players": d.players,
                    "calls": calls,
                    "sgf": d.sgf,
                })
            })
            .collect()
    }

    /// A new game from the picker's JSON spec: `{"game": "kazura", "size": 9}`,
    /// `{"game": "bao", "ruleset": "reference"}`, `{"game": "go9"}`,
    /// `{"game": "bind", "variant": "full"}` (the catalog's `GameSpec::from_json`). A
    /// missing option takes the game's default, as `rulebook` does; an option the game does
    /// not take is refused.
    ///
    /// # Errors
    /// The catalog's reason, as text.
    pub fn from_options_json(text: &str) -> Result<Session, String> {
        let game = AnyGame::from_json_spec(text).map_err(|e| e.to_string())?;
        Ok(Session {
            game,
            thinking: None,
            conceded: None,
        })
    }

    /// Reads a record of any of the four games, found by its format marker as `rulebook
    /// replay` finds it (SGF for go9), and replays it through the rules. A text longer than
    /// [`Session::MAX_RECORD_BYTES`] is refused before it is parsed.
    ///
    /// # Errors
    /// The game's record error (naming the first bad move by its number), or a message
    /// saying that the text is no game's record or too long.
    pub fn load(text: &str) -> Result<Session, String> {
        let game = AnyGame::read_record(text).map_err(|e| e.to_string())?;
        Ok(Session {
            game,
            thinking: None,
            conceded: None,
        })
    }

    /// The longest record [`Session::load`] reads (the catalog's limit, 4 MiB); the page
    /// checks a file's size against it before reading the file.
    pub const MAX_RECORD_BYTES: usize = game_catalog::MAX_RECORD_BYTES;

    /// The game's name as `rulebook` spells it (`kazura`, `bao`, `go9`, `bind`).
    #[must_use]
    pub fn game_name(&self) -> &'static str {
        self.game.name()
    }

    /// The spec that starts this game again (for a loaded record too).
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        self.game.spec()
    }

    /// Every legal move in the game's canonical notation, sorted by byte order (what
    /// `rulebook legal` prints); empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        if self.conceded.is_some() {
            return Vec::new();
        }
        self.game.legal_moves()
    }

    /// The refusal of a move after the page's own resignation call.
    fn refuse_after_concession(&self) -> Result<(), String> {
        match self.conceded {
            Some(loser) => Err(format!(
                "the game is over: {} resigned",
                self.game.player_names()[loser.index()]
            )),
            None => Ok(()),
        }
    }

    /// Plays the move written `text`. On error nothing changes.
    ///
    /// # Errors
    /// The engine's own text: the parse error of a malformed move or the play error of an
    /// illegal one (occupied, superko, game over, …).
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        self.refuse_after_concession()?;
        self.thinking = None;
        self.game.play(text).map_err(|e| e.to_string())
    }

    /// Plays the move written `text` and returns the steps the engine reports on the way:
    /// for Bao, every step of the sowing from its [`game_catalog::bao::Observer`] with the
    /// position after it (the last one is the position after the move); for the other
    /// games, which move in one step, an empty list.
    ///
    /// # Errors
    /// As [`Session::play`]; nothing changes.
    pub fn play_animated(&mut self, text: &str) -> Result<Value, String> {
        self.refuse_after_concession()?;
        self.thinking = None;
        match &mut self.game {
            AnyGame::Bao(g) => views::bao::play_with_steps(g, text),
            other => {
                other.play(text).map_err(|e| e.to_string())?;
                Ok(json!([]))
            }
        }
    }

    /// Takes back the last move where the rules allow it (go9, G-8) and returns its text.
    ///
    /// # Errors
    /// go9's `UndoError` text (no move yet, or the game ended by a call), or for the other
    /// games a message that their rules have no undo.
    pub fn undo(&mut self) -> Result<String, String> {
        self.thinking = None;
        self.game.undo().map_err(|e| e.to_string())
    }

    /// The player in `seat` (0 or 1) resigns: by the rules where they have resignation
    /// (Kazura, go9, Bind), in the record too; in Bao, whose rules have none, as the page's
    /// own call (a person may always give up), which ends the game here while its record
    /// keeps the moves alone, as the server does. A seat is a person's place at the table:
    /// seat 0 is the first player, except in Kazura after the swap (K-8), where seat 0 (the
    /// opener) holds White.
    ///
    /// # Errors
    /// The engine's error, or "the game is over" once it is.
    pub fn resign(&mut self, seat: usize) -> Result<(), String> {
        let player = self
            .game
            .player_in_seat(seat)
            .ok_or_else(|| format!("seat {seat}: there are seats 0 and 1"))?;
        self.refuse_after_concession()?;
        if !self.game.has_resignation() {
            if self.game.is_over() {
                return Err("the game is over".to_string());
            }
            self.thinking = None;
            self.conceded = Some(player);
            return Ok(());
        }
        self.thinking = None;
        self.game.resign(player).map_err(|e| e.to_string())
    }

    /// The seat (0 or 1) of the player to move; differs from the player only in Kazura
    /// after the swap.
    #[must_use]
    pub fn seat_to_move(&self) -> usize {
        self.game.seat_of(self.game.to_move())
    }

    /// The outcome as `rulebook` prints it after `result: ` (`Game::outcome_text`).
    #[must_use]
    pub fn outcome_text(&self) -> String {
        match self.conceded {
            Some(loser) => {
                let names = self.game.player_names();
                format!(
                    "{} as {} resigned (the page's call: the rules have no resignation)",
                    names[loser.other().index()],
                    names[loser.index()]
                )
            }
            None => self.game.outcome_text(),
        }
    }

    /// Whether the game is over (by the rules, or by the page's resignation call).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.conceded.is_some() || self.game.is_over()
    }

    /// A move for the player to move, chosen by the computer at `level` with the random
    /// generator seeded by `seed`; `None` once the game is over. The move is not played.
    ///
    /// The catalog's computer on one thread (the page's worker) without a clock: the
    /// level's playouts, capped so that a move stays within about a second in Chromium
    /// (`game_catalog::no_clock_playouts`). The search's seed is the first draw of a
    /// generator seeded with `seed`, so a seeded page replays.
    #[must_use]
    pub fn computer_move(&self, level: Level, seed: u64) -> Option<String> {
        self.conceded.is_none().then_some(())?;
        let computer = Computer::new(level)
            .with_clock(SearchClock::None)
            .with_seed(GameRng::seed_from(seed).next_u64());
        self.game.computer_move(&computer)
    }

    /// Starts the computer's search of this position at `level`, for a caller that keeps
    /// the time itself (the page's worker, which has a clock the search cannot read), and
    /// returns the level's budget for one move: `{"playouts": N or null, "ms": T or null}`.
    /// [`Session::think`] then grows the search step by step. The search's seed is drawn
    /// as [`Session::computer_move`]'s.
    pub fn think_start(&mut self, level: Level, seed: u64) -> Value {
        let computer = Computer::new(level).with_seed(GameRng::seed_from(seed).next_u64());
        let thinking = self.game.thinking(&computer);
        let budget = json!({
            "playouts": thinking.budget_playouts(),
            "ms": thinking.budget_time().map(|t| t.as_secs_f64() * 1000.0),
        });
        self.thinking = Some(thinking);
        budget
    }

    /// Adds `playouts` playouts to the search begun by [`Session::think_start`] and reports
    /// it: `{"best": move or null, "playouts": all so far, "winRate": r}`.
    ///
    /// # Errors
    /// When no search was started, or the game changed since (a move, an undo).
    pub fn think(&mut self, playouts: u32) -> Result<Value, String> {
        let thinking = self
            .thinking
            .as_mut()
            .ok_or("no search was started: call thinkStart first")?;
        let report = thinking.think(u64::from(playouts));
        Ok(json!({
            "best": report.best,
            "playouts": thinking.playouts(),
            "winRate": report.win_rate,
        }))
    }

    /// The game's JSON record (`Recorded::write_record`, what `rulebook selfplay --record`
    /// writes), which `rulebook replay` reads.
    #[must_use]
    pub fn record_json(&self) -> String {
        self.game.write_record()
    }

    /// go9's SGF record with the players' names.
    ///
    /// # Errors
    /// For any other game: it has no SGF.
    pub fn record_sgf(&self, black: &str, white: &str) -> Result<String, String> {
        self.game.to_sgf(black, white).map_err(|e| e.to_string())
    }

    /// The text diagram of the position (`rulebook show`).
    #[must_use]
    pub fn diagram(&self) -> String {
        self.game.diagram()
    }

    /// `games` random games played from this position (seeds `seed`, `seed + 1`, …), each
    /// by the game's fastest uniform playout, for the speed figures of `docs/web.md`.
    #[must_use]
    pub fn random_playouts(&self, games: u32, seed: u64) -> PlayoutCount {
        self.game.fast_playouts(games, seed)
    }

    /// Everything the page draws, as one JSON object:
    ///
    /// - `game`, `options` (the spec as JSON), `players` (`["black", "white"]` or
    ///   `["south", "north"]`), `seats` (the player in each seat, by name);
    /// - `toMove` (the player to move, 0 or 1), `seatToMove`, `ply`, `over`;
    /// - `outcome`: `state` (`ongoing`, `win`, `draw`, `none`), `winner` (0, 1 or null),
    ///   `reason` (the end reason's words), `text` (the `result:` text) and `end` (how it
    ///   ended as data, for the page's sentence: `views::end`); after the page's own
    ///   resignation in Bao, a win for the other player with `end` `{"kind": "resigned",
    ///   "loser", "call": "page"}`;
    /// - `legal` (as [`Session::legal_moves`]), `moves` (the history), `lastMove`,
    ///   `diagram`, `canUndo`, `canResign`;
    /// - one object named after the game with its board: see the `views` module.
    #[must_use]
    pub fn view(&self) -> Value {
        let game = &self.game;
        let outcome = match self.conceded {
            Some(loser) => Outcome::win(loser.other(), "by resignation".to_string()),
            None => game.outcome(),
        };
        let end = match self.conceded {
            Some(loser) => {
                json!({"kind": "resigned", "loser": game.player_names()[loser.index()], "call": "page"})
            }
            None => views::end::end(game),
        };
        let (state, winner, reason) = match outcome {
            Outcome::Ongoing => ("ongoing", None, None),
            Outcome::Win { winner, reason } => ("win", Some(winner.index()), Some(reason)),
            Outcome::Draw { reason } => ("draw", None, Some(reason)),
            Outcome::NoWinner { reason } => ("none", None, Some(reason)),
        };
        let moves = game.moves();
        let names = game.player_names();
        let mut view = Map::new();
        view.insert("game".into(), json!(game.name()));
        view.insert("players".into(), json!(names));
        view.insert("toMove".into(), json!(game.to_move().index()));
        view.insert("ply".into(), json!(game.ply()));
        view.insert("over".into(), json!(self.is_over()));
        view.insert(
            "outcome".into(),
            json!({
                "state": state, "winner": winner, "reason": reason,
                "text": self.outcome_text(), "end": end,
            }),
        );
        view.insert("legal".into(), json!(self.legal_moves()));
        view.insert("lastMove".into(), json!(moves.last()));
        view.insert("moves".into(), json!(moves));
        view.insert("diagram".into(), json!(game.diagram()));
        view.insert("options".into(), game.spec().to_json());
        view.insert("title".into(), json!(game.spec().title()));
        view.insert("seatToMove".into(), json!(self.seat_to_move()));
        let seats: Vec<&str> = (0..2)
            .map(|seat| names[game.player_in_seat(seat).map_or(seat, |p| p.index())])
            .collect();
        view.insert("seats".into(), json!(seats));
        view.insert("canUndo".into(), json!(game.can_undo()));
        view.insert("canResign".into(), json!(!self.is_over()));
        let board = match game {
            AnyGame::Kazura(g) => views::kazura::view(g),
            AnyGame::Bao(g) => views::bao::view(g),
            AnyGame::Go9(g) => views::go9::view(g),
            AnyGame::Bind(g) => views::bind::view(g),
        };
        view.insert(game.name().into(), board);
        Value::Object(view)
    }

    /// [`Session::view`] as JSON text.
    #[must_use]
    pub fn view_json(&self) -> String {
        self.view().to_string()
    }
}

#[cfg(test)]
mod tests {
    use game_catalog::bind::{Bind, Variant};
    use game_catalog::game_core::{Game, Recorded};
    use game_catalog::go9::Go9;
    use game_catalog::kazura::Kazura;

    use super::*;

    fn session(options: &str) -> Session {
        Session::from_options_json(options).unwrap()
    }

    #[test]
    fn thinking_in_steps_reports_the_levels_budget_and_a_legal_move() {
        let mut game = session(r#"{"game": "go9"}"#);
        assert!(game.think(10).is_err(), "no search started");
        let budget = game.think_start(Level::Hard, 4);
        assert_eq!(budget["playouts"], json!(game_catalog::go9::HARD_PLAYOUTS));
        assert_eq!(
            budget["ms"],
            json!(game_catalog::go9::HARD_TIME.as_secs_f64() * 1000.0)
        );
        assert_eq!(game.think(100).unwrap()["playouts"], 100);
        let report = game.think(150).unwrap();
        assert_eq!(report["playouts"], 250);
        let best = report["best"].as_str().unwrap().to_string();
        assert!(game.legal_moves().contains(&best));
        // The same steps from the same seed choose the same move: the page replays.
        let mut again = session(r#"{"game": "go9"}"#);
        again.think_start(Level::Hard, 4);
        again.think(100).unwrap();
        assert_eq!(again.think(150).unwrap()["best"], json!(best));
        // A move ends the search: it belonged to the position before.
        game.play(&best).unwrap();
        assert!(game.think(10).is_err());
        let easy = game.think_start(Level::Easy, 1);
        assert_eq!(easy["ms"], Value::Null);
    }

    #[test]
    fn options_make_each_game_with_its_defaults() {
        assert_eq!(session(r#"{"game":"kazura"}"#).view()["kazura"]["size"], 13);
        assert_eq!(
            session(r#"{"game":"Kazura","size":9}"#).view()["kazura"]["size"],
            9
        );
        assert_eq!(
            session(r#"{"game":"bao"}"#).view()["bao"]["ruleset"],
            "seed"
        );
        assert_eq!(
            session(r#"{"game":"bao","ruleset":"reference"}"#).view()["bao"]["ruleset"],
            "reference"
        );
        assert_eq!(session(r#"{"game":"go9"}"#).view()["players"][0], "black");
        assert_eq!(session(r#"{"game":"bind"}"#).view()["bind"]["size"], 5);
        assert_eq!(
            session(r#"{"game":"bind","variant":"full"}"#).view()["bind"]["pieces"],
            30
        );
    }

    #[test]
    fn bad_options_are_refused_with_a_reason() {
        for (options, words) in [
            (r#"{"game":"chess"}"#, "unknown game"),
            (r#"{"game":"kazura","size":30}"#, "size"),
            (r#"{"game":"kazura","ruleset":"seed"}"#, "does not apply"),
            (r#"{"game":"bao","ruleset":"other"}"#, "not a bao ruleset"),
            (r#"{"game":"go9","size":13}"#, "9x9 only"),
            (r#"{"game":"bind","variant":"huge"}"#, "huge"),
            (
                r#"{"game":"go9","colour":"red"}"#,
                "unknown option `colour`",
            ),
            (r#"{"game":"go9","game":"bao"}"#, "game is given twice"),
            ("not json", "game spec"),
        ] {
            let error = Session::from_options_json(options).unwrap_err();
            assert!(error.contains(words), "{options}: {error}");
        }
    }

    #[test]
    fn a_refused_move_gives_the_engines_text_and_changes_nothing() {
        let mut game = session(r#"{"game":"kazura","size":9}"#);
        game.play("E5").unwrap();
        let before = game.view();
        let error = game.play("E5").unwrap_err();
        let mut engine = Kazura::new(9).unwrap();
        engine.play(engine.parse_move("E5").unwrap()).unwrap();
        let expected = engine
            .play(engine.parse_move("E5").unwrap())
            .unwrap_err()
            .to_string();
        assert_eq!(error, expected);
        assert_eq!(game.view(), before);
        let error = game.play("Z99").unwrap_err();
        assert_eq!(error, engine.parse_move("Z99").unwrap_err().to_string());
        assert_eq!(game.view(), before);
    }

    #[test]
    fn legal_moves_are_the_engines_sorted_like_rulebook_legal() {
        let game = session(r#"{"game":"bind"}"#);
        let mut engine = Bind::new(Variant::MINI);
        let mut moves = Vec::new();
        engine.legal_moves(&mut moves);
        assert_eq!(game.legal_moves().len(), moves.len());
        assert!(game.legal_moves().windows(2).all(|w| w[0] < w[1]));
        engine.play(engine.parse_move("B2-B4").unwrap()).unwrap();
        let mut game = game;
        game.play("b2-b4").unwrap();
        assert_eq!(game.legal_moves(), ["B2-D2", "B4-D4"]);
    }

    #[test]
    fn the_outcome_text_is_the_games_outcome_text() {
        let mut game = session(r#"{"game":"go9"}"#);
        game.play("pass").unwrap();
        game.play("pass").unwrap();
        let view = game.view();
        assert_eq!(view["over"], true);
        assert_eq!(view["outcome"]["state"], "win");
        assert_eq!(view["outcome"]["winner"], 1);
        let mut engine = Go9::new();
        engine.play(game_catalog::go9::Move::Pass).unwrap();
        engine.play(game_catalog::go9::Move::Pass).unwrap();
        assert_eq!(view["outcome"]["text"], engine.outcome_text());
        assert_eq!(view["outcome"]["text"], game.outcome_text());
        assert_eq!(view["legal"], json!([]));
    }

    #[test]
    fn records_round_trip_for_every_game_and_sgf_for_go9() {
        for options in [
            r#"{"game":"kazura","size":5}"#,
            r#"{"game":"bao","ruleset":"reference"}"#,
            r#"{"game":"go9"}"#,
            r#"{"game":"bind","variant":"full"}"#,
        ] {
            let mut game = session(options);
            for seed in 0..12 {
                let Some(mv) = game.computer_move(Level::Easy, seed) else {
                    break;
                };
                game.play(&mv).unwrap();
            }
            let loaded = Session::load(&game.record_json()).unwrap();
            assert_eq!(loaded.view(), game.view(), "{options}");
        }
        let mut game = session(r#"{"game":"go9"}"#);
        for mv in ["E5", "C3", "pass"] {
            game.play(mv).unwrap();
        }
        let sgf = game.record_sgf("Person", "Computer (easy)").unwrap();
        assert!(sgf.contains("PB[Person]PW[Computer (easy)]"), "{sgf}");
        assert_eq!(
            Session::load(&sgf).unwrap().view()["moves"],
            game.view()["moves"]
        );
        assert!(session(r#"{"game":"bind"}"#).record_sgf("a", "b").is_err());
    }

    #[test]
    fn a_bad_record_is_refused_with_the_games_reason() {
        let error = Session::load("{\"hello\": 1}").unwrap_err();
        assert!(error.contains("not a record"), "{error}");
        let mut game = session(r#"{"game":"go9"}"#);
        game.play("E5").unwrap();
        game.play("C3").unwrap();
        let record = game.record_json().replace("\"C3\"", "\"E5\"");
        let record = record.as_str();
        let error = Session::load(record).unwrap_err();
        assert!(error.contains('2'), "{error}");
        let engine_error = Go9::read_record(record).unwrap_err().to_string();
        assert_eq!(error, engine_error);
    }

    #[test]
    fn undo_is_go9s_and_only_go9s() {
        let mut game = session(r#"{"game":"go9"}"#);
        assert_eq!(game.view()["canUndo"], false);
        assert!(game.undo().is_err());
        game.play("E5").unwrap();
        assert_eq!(game.view()["canUndo"], true);
        assert_eq!(game.undo().unwrap(), "E5");
        assert_eq!(game.view()["ply"], 0);
        let mut kazura = session(r#"{"game":"kazura"}"#);
        kazura.play("G7").unwrap();
        assert!(
            kazura
                .undo()
                .unwrap_err()
                .contains("has no undo in its rules")
        );
        assert_eq!(kazura.view()["canUndo"], false);
    }

    #[test]
    fn resignation_goes_by_seat_and_bao_has_none() {
        let mut game = session(r#"{"game":"kazura","size":9}"#);
        game.play("E5").unwrap();
        game.play("swap").unwrap();
        // After the swap the opener (seat 0) holds White, and White is to move.
        assert_eq!(game.view()["seats"], json!(["white", "black"]));
        assert_eq!(game.seat_to_move(), 0);
        game.resign(0).unwrap();
        assert_eq!(game.view()["outcome"]["winner"], 0); // Black (seat 1) wins
        assert!(game.outcome_text().starts_with("black as white resigned"));
        assert!(game.resign(1).is_err());
    }

    #[test]
    fn bao_resigns_by_the_pages_call_and_its_record_keeps_the_moves() {
        let mut bao = session(r#"{"game":"bao"}"#);
        let first = bao.legal_moves()[0].clone();
        bao.play(&first).unwrap();
        let record = bao.record_json();
        assert_eq!(bao.view()["canResign"], true);
        // North (seat 1) gives up: South wins, and nothing more can be played.
        bao.resign(1).unwrap();
        let view = bao.view();
        assert_eq!(view["over"], true);
        assert_eq!(view["canResign"], false);
        assert_eq!(view["outcome"]["state"], "win");
        assert_eq!(view["outcome"]["winner"], 0);
        assert_eq!(
            view["outcome"]["end"],
            json!({"kind": "resigned", "loser": "north", "call": "page"})
        );
        assert_eq!(view["legal"], json!([]));
        assert!(bao.outcome_text().starts_with("south as north resigned"));
        assert!(bao.is_over());
        assert_eq!(bao.computer_move(Level::Easy, 1), None);
        let refused = bao.play(&bao.game.legal_moves()[0]).unwrap_err();
        assert_eq!(refused, "the game is over: north resigned");
        assert!(bao.resign(0).is_err());
        assert_eq!(
            bao.record_json(),
            record,
            "the record keeps the moves alone"
        );
    }
}
