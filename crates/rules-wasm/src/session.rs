//! One game of any of the four games, driven by move texts, seen through JSON.

use std::fmt::Display;

use bao_nyakua::{Bao, Ruleset};
use bind::{Bind, Variant};
use game_core::{Game, GameRng, Outcome, Player, Recorded};
use go9::{Go9, SgfNames};
use kazura_core::{Colour, Kazura, Seat};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::bench::{self, PlayoutCount};
use crate::computer::{self, Level};
use crate::views;

/// How to start a game: the JSON the page's game picker sends.
///
/// `{"game": "kazura", "size": 9}`, `{"game": "bao", "ruleset": "reference"}`,
/// `{"game": "go9"}`, `{"game": "bind", "variant": "full"}`. A missing option takes the
/// game's default (Kazura 13×13, Bao `seed`, Bind `mini`), as `rulebook` does; an option the
/// game does not take is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// `kazura`, `bao`, `go9` or `bind` (any case).
    pub game: String,
    /// The board side: Kazura 2–25; go9 accepts only 9; Bind with `pieces` for a custom game.
    pub size: Option<usize>,
    /// Bao's ruleset: `seed` or `reference`.
    pub ruleset: Option<String>,
    /// Bind's variant: `mini` or `full`.
    pub variant: Option<String>,
    /// Bind's pieces per colour of a custom game (with `size`).
    pub pieces: Option<usize>,
}

/// The game a [`Session`] holds. A page holds one or two at a time and never a collection,
/// so the variants stay unboxed even though Kazura's is the largest by far.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyGame {
    Kazura(Kazura),
    Bao(Bao),
    Go9(Go9),
    Bind(Bind),
}

/// Runs `$body` with `$g` bound to the game inside `$game`, whichever it is.
macro_rules! each_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Kazura($g) => $body,
            AnyGame::Bao($g) => $body,
            AnyGame::Go9($g) => $body,
            AnyGame::Bind($g) => $body,
        }
    };
}

/// One game of Kazura, Bao, go9 or Bind, with its history: what the page plays on.
///
/// Moves go in as text in the game's notation (as `rulebook --moves` reads them) and every
/// refusal comes back as the engine's own error text. [`Session::view`] gives the JSON the
/// page draws from.
#[derive(Clone, Debug)]
pub struct Session {
    game: AnyGame,
}

impl Session {
    /// A new game from `options`.
    ///
    /// # Errors
    /// The reason the options do not make a game (an unknown game, a bad size, ruleset or
    /// variant, or an option the game does not take), as text.
    pub fn new(options: &Options) -> Result<Session, String> {
        let name = options.game.to_ascii_lowercase();
        let refuse = |option: &str, given: bool| {
            if given {
                Err(format!("{option} does not apply to {name}"))
            } else {
                Ok(())
            }
        };
        let game = match name.as_str() {
            "kazura" => {
                refuse("ruleset", options.ruleset.is_some())?;
                refuse("variant", options.variant.is_some())?;
                refuse("pieces", options.pieces.is_some())?;
                let size = options.size.unwrap_or(kazura_core::STANDARD_SIZE);
                AnyGame::Kazura(Kazura::new(size).map_err(|e| format!("size: {e} (K-1)"))?)
            }
            "bao" => {
                refuse("size", options.size.is_some())?;
                refuse("variant", options.variant.is_some())?;
                refuse("pieces", options.pieces.is_some())?;
                AnyGame::Bao(Bao::new(ruleset(options.ruleset.as_deref())?))
            }
            "go9" => {
                refuse("ruleset", options.ruleset.is_some())?;
                refuse("variant", options.variant.is_some())?;
                refuse("pieces", options.pieces.is_some())?;
                match options.size {
                    None | Some(9) => AnyGame::Go9(Go9::new()),
                    Some(n) => {
                        return Err(format!(
                            "size {n}: go9 is played on 9x9 only (the Ttakji rules, G-1)"
                        ));
                    }
                }
            }
            "bind" => {
                refuse("ruleset", options.ruleset.is_some())?;
                AnyGame::Bind(Bind::new(variant(options)?))
            }
            _ => {
                return Err(format!(
                    "unknown game `{}`: use kazura, bao, go9 or bind",
                    options.game
                ));
            }
        };
        Ok(Session { game })
    }

    /// A new game from [`Options`] written as JSON.
    ///
    /// # Errors
    /// The JSON parser's message, or the reason of [`Session::new`].
    pub fn from_options_json(text: &str) -> Result<Session, String> {
        let options: Options =
            serde_json::from_str(text).map_err(|e| format!("game options: {e}"))?;
        Session::new(&options)
    }

    /// Reads a record of any of the four games, found by its format marker as `rulebook
    /// replay` finds it (a text starting with `(` is go9's SGF), and replays it through the
    /// rules.
    ///
    /// # Errors
    /// The game's record error (naming the first bad move by its number), or a message
    /// saying that the text is no game's record.
    pub fn load(text: &str) -> Result<Session, String> {
        let game = if text.trim_start().starts_with('(') {
            AnyGame::Go9(Go9::from_sgf(text).map_err(|e| e.to_string())?)
        } else if Kazura::is_record(text) {
            AnyGame::Kazura(Kazura::read_record(text).map_err(|e| e.to_string())?)
        } else if Bao::is_record(text) {
            AnyGame::Bao(Bao::read_record(text).map_err(|e| e.to_string())?)
        } else if Go9::is_record(text) {
            AnyGame::Go9(Go9::read_record(text).map_err(|e| e.to_string())?)
        } else if Bind::is_record(text) {
            AnyGame::Bind(Bind::read_record(text).map_err(|e| e.to_string())?)
        } else {
            return Err(
                "not a record of kazura, bao, go9 or bind (no format marker found)".to_string(),
            );
        };
        Ok(Session { game })
    }

    /// The game's name as `rulebook` spells it (`kazura`, `bao`, `go9`, `bind`).
    #[must_use]
    pub fn game_name(&self) -> &'static str {
        match &self.game {
            AnyGame::Kazura(_) => Kazura::NAME,
            AnyGame::Bao(_) => Bao::NAME,
            AnyGame::Go9(_) => Go9::NAME,
            AnyGame::Bind(_) => Bind::NAME,
        }
    }

    /// The options that start this game again (for a loaded record too).
    #[must_use]
    pub fn options(&self) -> Options {
        let game = self.game_name().to_string();
        match &self.game {
            AnyGame::Kazura(g) => Options {
                game,
                size: Some(g.size()),
                ..Options::default()
            },
            AnyGame::Bao(g) => Options {
                game,
                ruleset: Some(g.ruleset().name().to_string()),
                ..Options::default()
            },
            AnyGame::Go9(_) => Options {
                game,
                ..Options::default()
            },
            AnyGame::Bind(g) => {
                let v = g.variant();
                if v == Variant::MINI {
                    Options {
                        game,
                        variant: Some("mini".into()),
                        ..Options::default()
                    }
                } else if v == Variant::FULL {
                    Options {
                        game,
                        variant: Some("full".into()),
                        ..Options::default()
                    }
                } else {
                    Options {
                        game,
                        size: Some(v.size()),
                        pieces: Some(v.pieces()),
                        ..Options::default()
                    }
                }
            }
        }
    }

    /// Every legal move in the game's canonical notation, sorted by byte order (what
    /// `rulebook legal` prints); empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        each_game!(&self.game, g => legal_texts(g))
    }

    /// Plays the move written `text`. On error nothing changes.
    ///
    /// # Errors
    /// The engine's own text: the parse error of a malformed move or the play error of an
    /// illegal one (occupied, superko, game over, …).
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        each_game!(&mut self.game, g => play_text(g, text))
    }

    /// Plays the move written `text` and returns the steps the engine reports on the way:
    /// for Bao, every step of the sowing from its [`bao_nyakua::Observer`] with the
    /// position after it (the last one is the position after the move); for the other
    /// games, which move in one step, an empty list.
    ///
    /// # Errors
    /// As [`Session::play`]; nothing changes.
    pub fn play_animated(&mut self, text: &str) -> Result<Value, String> {
        match &mut self.game {
            AnyGame::Bao(g) => views::bao::play_with_steps(g, text),
            other => {
                each_game!(other, g => play_text(g, text))?;
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
        match &mut self.game {
            AnyGame::Go9(g) => g.undo().map(|m| m.to_string()).map_err(|e| e.to_string()),
            _ => Err(format!("undo is not in the rules of {}", self.game_name())),
        }
    }

    /// Whether [`Session::undo`] would take a move back now.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        match &self.game {
            AnyGame::Go9(g) => g.clone().undo().is_ok(),
            _ => false,
        }
    }

    /// The player in `seat` (0 or 1) resigns, where the rules have resignation (Kazura,
    /// go9, Bind). A seat is a person's place at the table: seat 0 is the first player,
    /// except in Kazura after the swap (K-8), where seat 0 (the opener) holds White.
    ///
    /// # Errors
    /// The engine's error (the game is over), or a message that Bao's rules have no
    /// resignation.
    pub fn resign(&mut self, seat: usize) -> Result<(), String> {
        let player = self.player_in_seat(seat)?;
        match &mut self.game {
            AnyGame::Kazura(g) => g.resign(player).map_err(|e| e.to_string()),
            AnyGame::Go9(g) => g.resign(player).map_err(|e| e.to_string()),
            AnyGame::Bind(g) => g.resign(player).map_err(|e| e.to_string()),
            AnyGame::Bao(_) => Err("the rules of bao have no resignation".to_string()),
        }
    }

    /// Whether the rules have resignation (every game but Bao).
    #[must_use]
    pub fn has_resignation(&self) -> bool {
        !matches!(self.game, AnyGame::Bao(_))
    }

    /// The player (colour) sitting in `seat`.
    fn player_in_seat(&self, seat: usize) -> Result<Player, String> {
        if seat > 1 {
            return Err(format!("seat {seat}: there are seats 0 and 1"));
        }
        let player = Player::from_index(seat);
        Ok(match &self.game {
            AnyGame::Kazura(g) => {
                let opener = if seat == 0 {
                    Seat::Opener
                } else {
                    Seat::Responder
                };
                if g.seat_of(Colour::Black) == opener {
                    Player::First
                } else {
                    Player::Second
                }
            }
            _ => player,
        })
    }

    /// The seat (0 or 1) of the player to move; differs from the player only in Kazura
    /// after the swap.
    #[must_use]
    pub fn seat_to_move(&self) -> usize {
        match &self.game {
            AnyGame::Kazura(g) => match g.seat_of(g.colour_to_move()) {
                Seat::Opener => 0,
                _ => 1,
            },
            other => each_game!(other, g => g.to_move().index()),
        }
    }

    /// The outcome as `rulebook` prints it after `result: ` (`Game::outcome_text`).
    #[must_use]
    pub fn outcome_text(&self) -> String {
        each_game!(&self.game, g => g.outcome_text())
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        each_game!(&self.game, g => g.is_over())
    }

    /// A move for the player to move, chosen by the computer at `level` with the random
    /// generator seeded by `seed`; `None` once the game is over. The move is not played.
    #[must_use]
    pub fn computer_move(&self, level: Level, seed: u64) -> Option<String> {
        computer::choose(&self.game, level, &mut GameRng::seed_from(seed))
    }

    /// The game's JSON record (`Recorded::write_record`, what `rulebook selfplay --record`
    /// writes), which `rulebook replay` reads.
    #[must_use]
    pub fn record_json(&self) -> String {
        each_game!(&self.game, g => g.write_record())
    }

    /// go9's SGF record with the players' names.
    ///
    /// # Errors
    /// For any other game: it has no SGF.
    pub fn record_sgf(&self, black: &str, white: &str) -> Result<String, String> {
        match &self.game {
            AnyGame::Go9(g) => {
                let names = SgfNames::new(black, white);
                Ok(g.to_sgf(&names))
            }
            _ => Err(format!("{} has no SGF record", self.game_name())),
        }
    }

    /// The text diagram of the position (`rulebook show`).
    #[must_use]
    pub fn diagram(&self) -> String {
        each_game!(&self.game, g => g.to_string())
    }

    /// `games` random games played from this position (seeds `seed`, `seed + 1`, …), for
    /// the speed figures of `docs/web.md`.
    #[must_use]
    pub fn random_playouts(&self, games: u32, seed: u64) -> PlayoutCount {
        bench::random_playouts(&self.game, games, seed)
    }

    /// Everything the page draws, as one JSON object:
    ///
    /// - `game`, `options` (as [`Options`]), `players` (`["black", "white"]` or
    ///   `["south", "north"]`), `seats` (the player in each seat, by name);
    /// - `toMove` (the player to move, 0 or 1), `seatToMove`, `ply`, `over`;
    /// - `outcome`: `state` (`ongoing`, `win`, `draw`, `none`), `winner` (0, 1 or null),
    ///   `reason` (the end reason's words) and `text` (the `result:` text);
    /// - `legal` (as [`Session::legal_moves`]), `moves` (the history), `lastMove`,
    ///   `diagram`, `canUndo`, `canResign`;
    /// - one object named after the game with its board: see the `views` module.
    #[must_use]
    pub fn view(&self) -> Value {
        let mut view = each_game!(&self.game, g => common_view(g));
        view.insert("options".into(), options_json(&self.options()));
        view.insert("seatToMove".into(), json!(self.seat_to_move()));
        let seats: Vec<&str> = (0..2)
            .map(|seat| {
                let player = self.player_in_seat(seat).unwrap_or(Player::First);
                self.player_names()[player.index()]
            })
            .collect();
        view.insert("seats".into(), json!(seats));
        view.insert("canUndo".into(), json!(self.can_undo()));
        view.insert(
            "canResign".into(),
            json!(self.has_resignation() && !self.is_over()),
        );
        let (name, board) = match &self.game {
            AnyGame::Kazura(g) => ("kazura", views::kazura::view(g)),
            AnyGame::Bao(g) => ("bao", views::bao::view(g)),
            AnyGame::Go9(g) => ("go9", views::go9::view(g)),
            AnyGame::Bind(g) => ("bind", views::bind::view(g)),
        };
        view.insert(name.into(), board);
        Value::Object(view)
    }

    /// [`Session::view`] as JSON text.
    #[must_use]
    pub fn view_json(&self) -> String {
        self.view().to_string()
    }

    fn player_names(&self) -> [&'static str; 2] {
        match &self.game {
            AnyGame::Kazura(_) => Kazura::PLAYER_NAMES,
            AnyGame::Bao(_) => Bao::PLAYER_NAMES,
            AnyGame::Go9(_) => Go9::PLAYER_NAMES,
            AnyGame::Bind(_) => Bind::PLAYER_NAMES,
        }
    }
}

fn ruleset(name: Option<&str>) -> Result<Ruleset, String> {
    match name.map(str::to_ascii_lowercase).as_deref() {
        None | Some("seed") => Ok(Ruleset::Seed),
        Some("reference") => Ok(Ruleset::Reference),
        Some(other) => Err(format!(
            "ruleset {other} is not a bao ruleset: use seed or reference"
        )),
    }
}

fn variant(options: &Options) -> Result<Variant, String> {
    match (&options.variant, options.size, options.pieces) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            Err("a bind variant excludes size and pieces".to_string())
        }
        (Some(name), None, None) => Variant::named(name).map_err(|e| e.to_string()),
        (None, None, None) => Ok(Variant::MINI),
        (None, Some(size), Some(pieces)) => {
            Variant::custom(size, pieces).map_err(|e| e.to_string())
        }
        (None, _, _) => Err("a custom bind game needs both size and pieces".to_string()),
    }
}

fn options_json(options: &Options) -> Value {
    let mut map = Map::new();
    map.insert("game".into(), json!(options.game));
    if let Some(size) = options.size {
        map.insert("size".into(), json!(size));
    }
    if let Some(ruleset) = &options.ruleset {
        map.insert("ruleset".into(), json!(ruleset));
    }
    if let Some(variant) = &options.variant {
        map.insert("variant".into(), json!(variant));
    }
    if let Some(pieces) = options.pieces {
        map.insert("pieces".into(), json!(pieces));
    }
    Value::Object(map)
}

/// The legal moves' canonical texts, sorted by byte order as `rulebook legal` prints them.
pub(crate) fn legal_texts<G: Game>(game: &G) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort_unstable();
    texts
}

/// Parses `text` with the game's own reader and plays it with the checked `play`.
pub(crate) fn play_text<G: Game>(game: &mut G, text: &str) -> Result<(), String> {
    let mv = game.parse_move(text.trim()).map_err(|e| e.to_string())?;
    game.play(mv).map_err(|e| e.to_string())
}

/// The view fields every game has.
fn common_view<G: Recorded + Display>(game: &G) -> Map<String, Value> {
    let outcome = match game.outcome() {
        Outcome::Ongoing => json!({"state": "ongoing", "winner": null, "reason": null}),
        Outcome::Win { winner, reason } => {
            json!({"state": "win", "winner": winner.index(), "reason": reason.to_string()})
        }
        Outcome::Draw { reason } => {
            json!({"state": "draw", "winner": null, "reason": reason.to_string()})
        }
        Outcome::NoWinner { reason } => {
            json!({"state": "none", "winner": null, "reason": reason.to_string()})
        }
    };
    let mut outcome = outcome;
    outcome["text"] = json!(game.outcome_text());
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    let mut view = Map::new();
    view.insert("game".into(), json!(G::NAME));
    view.insert("players".into(), json!(G::PLAYER_NAMES));
    view.insert("toMove".into(), json!(game.to_move().index()));
    view.insert("ply".into(), json!(game.ply()));
    view.insert("over".into(), json!(game.is_over()));
    view.insert("outcome".into(), outcome);
    view.insert("legal".into(), json!(legal_texts(game)));
    view.insert("lastMove".into(), json!(moves.last()));
    view.insert("moves".into(), json!(moves));
    view.insert("diagram".into(), json!(game.to_string()));
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(options: &str) -> Session {
        Session::from_options_json(options).unwrap()
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
            (r#"{"game":"go9","colour":"red"}"#, "unknown field"),
            ("not json", "game options"),
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
        engine.play(go9::Move::Pass).unwrap();
        engine.play(go9::Move::Pass).unwrap();
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
        assert!(!game.can_undo());
        assert!(game.undo().is_err());
        game.play("E5").unwrap();
        assert_eq!(game.view()["canUndo"], true);
        assert_eq!(game.undo().unwrap(), "E5");
        assert_eq!(game.view()["ply"], 0);
        let mut kazura = session(r#"{"game":"kazura"}"#);
        kazura.play("G7").unwrap();
        assert!(kazura.undo().unwrap_err().contains("not in the rules"));
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
        let mut bao = session(r#"{"game":"bao"}"#);
        assert!(bao.resign(0).unwrap_err().contains("no resignation"));
        assert_eq!(bao.view()["canResign"], false);
    }
}
