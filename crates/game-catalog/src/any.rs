//! [`AnyGame`]: one value over the four games, moves as text.

use std::time::Duration;

use bao_nyakua::Bao;
use bind::Bind;
use game_core::search::SearchInfo;
use game_core::{Game, GameRng, Outcome, Player, Recorded};
use go9::{Go9, SgfNames};
use kazura_core::Kazura;

use crate::error::{CallError, MoveError, RecordError, SpecError};
use crate::game::{CatalogGame, GameVisitor};
use crate::levels::Computer;
use crate::spec::{GameKind, GameSpec};

/// One game of Kazura, Bao, go9 or Bind, with its history: what a front end plays on.
///
/// An enum rather than a trait object: the four games are a closed set, so every match on
/// it is checked for completeness by the compiler (a fifth game cannot be forgotten
/// anywhere), it is `Clone` and needs no allocation, and code that wants a game's own
/// speed gets the concrete type through [`AnyGame::visit`]. Its variants are public, so a
/// caller can also reach a game's whole API by matching. (A fifth game will be a new major
/// version of this crate, so the enum is not `#[non_exhaustive]`.)
///
/// Moves go in and come out as text in the game's notation (what `rulebook --moves`
/// reads); every refusal carries the game's own words, and a refused call changes nothing.
///
/// ```
/// use game_catalog::AnyGame;
///
/// let mut game = AnyGame::parse_spec("go9")?;
/// game.play("E5")?;
/// assert_eq!(game.play("e5").unwrap_err().to_string(), "E5 is occupied: play on an empty point");
/// assert_eq!(game.moves(), ["E5"]);
/// assert_eq!(game.undo()?, "E5"); // go9 has undo (G-8)
/// game.play("pass")?;
/// game.play("pass")?;
/// assert_eq!(game.outcome_text(), "white by 7 points (W+7: Black 0 – White 7, komi 7; two passes)");
/// let again = AnyGame::read_record(&game.write_record())?; // the game found from its record
/// assert_eq!(again, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
// A front end holds one or a few games, never a large collection, so the variants stay
// unboxed even though Kazura's is the largest.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// A Kazura game.
    Kazura(Kazura),
    /// A Bao game.
    Bao(Bao),
    /// A go9 game.
    Go9(Go9),
    /// A Bind game.
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
pub(crate) use each_game;

/// What a search found, with moves as text: [`AnyGame::search`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchReport {
    /// The move to play; `None` once the game is over.
    pub best: Option<String>,
    /// The best move's win rate for the player to move (½ when nothing is known).
    pub win_rate: f64,
    /// The principal variation: the best move, then the reply visited most, and so on.
    pub pv: Vec<String>,
    /// Playouts played, over all threads.
    pub playouts: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Tree nodes in use after the search.
    pub nodes: usize,
    /// Threads that searched.
    pub threads: usize,
}

/// What [`AnyGame::fast_playouts`] played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutCount {
    /// Games played to their end.
    pub games: u32,
    /// Moves played over all games.
    pub plies: u64,
}

/// Why a line of moves ([`AnyGame::play_line`]) was refused: the move's number, counted
/// from 1, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} (`{}`): {error}", error.text())]
pub struct LineError {
    /// The refused move's number, counted from 1.
    pub number: usize,
    /// Why it was refused.
    pub error: MoveError,
}

/// Parses `text` with `game`'s own reader and plays it with the checked `play`.
pub(crate) fn play_text<G: Game>(game: &mut G, text: &str) -> Result<G::Move, MoveError> {
    let text = text.trim();
    let mv = game.parse_move(text).map_err(|e| MoveError::Parse {
        text: text.to_string(),
        reason: e.to_string(),
    })?;
    game.play(mv).map_err(|e| MoveError::Illegal {
        text: text.to_string(),
        reason: e.to_string(),
    })?;
    Ok(mv)
}

/// The legal moves' canonical texts, sorted by byte order (what `rulebook legal` prints).
fn legal_texts<G: Game>(game: &G) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort_unstable();
    texts
}

fn search_report<G: CatalogGame>(game: &G, computer: &Computer) -> SearchReport {
    SearchReport::from_info(&computer.search(game))
}

impl SearchReport {
    /// The search's report with its moves as text.
    pub(crate) fn from_info<M: std::fmt::Display>(info: &SearchInfo<M>) -> SearchReport {
        SearchReport {
            best: info.best.as_ref().map(ToString::to_string),
            win_rate: info.win_rate,
            pv: info.pv.iter().map(ToString::to_string).collect(),
            playouts: info.playouts,
            elapsed: info.elapsed,
            nodes: info.nodes,
            threads: info.threads,
        }
    }
}

impl AnyGame {
    /// The start position of `spec`.
    #[must_use]
    pub fn new(spec: &GameSpec) -> AnyGame {
        match *spec {
            GameSpec::Kazura { size } => AnyGame::Kazura(
                // `GameSpec` holds only sizes it has checked.
                Kazura::new(size).unwrap_or_else(|_| Kazura::standard()),
            ),
            GameSpec::Bao { ruleset } => AnyGame::Bao(Bao::new(ruleset)),
            GameSpec::Go9 => AnyGame::Go9(Go9::new()),
            GameSpec::Bind { variant } => AnyGame::Bind(Bind::new(variant)),
        }
    }

    /// The start position of the spec string `text` ([`GameSpec::parse`]).
    ///
    /// # Errors
    /// As [`GameSpec::parse`].
    pub fn parse_spec(text: &str) -> Result<AnyGame, SpecError> {
        Ok(AnyGame::new(&GameSpec::parse(text)?))
    }

    /// The start position of the JSON spec `text` ([`GameSpec::from_json`]).
    ///
    /// # Errors
    /// As [`GameSpec::from_json`].
    pub fn from_json_spec(text: &str) -> Result<AnyGame, SpecError> {
        Ok(AnyGame::new(&GameSpec::from_json(text)?))
    }

    /// Runs `visitor` on the game inside, as its own type.
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        each_game!(self, g => visitor.visit(g))
    }

    /// Which game this is.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        each_game!(self, g => crate::game::kind_of(g))
    }

    /// The game's name (`kazura`, `bao`, `go9`, `bind`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The spec that starts this game again (for a loaded record too).
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        each_game!(self, g => g.spec())
    }

    /// The players' names, first player first: `["black", "white"]`, Bao's
    /// `["south", "north"]`.
    #[must_use]
    pub fn player_names(&self) -> [&'static str; 2] {
        each_game!(self, g => crate::game::player_names_of(g))
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        each_game!(self, g => g.to_move())
    }

    /// Moves played so far (plies).
    #[must_use]
    pub fn ply(&self) -> usize {
        each_game!(self, g => g.ply())
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        each_game!(self, g => g.is_over())
    }

    /// The outcome, its reason as the words after the winner word of `result:`.
    #[must_use]
    pub fn outcome(&self) -> Outcome<String> {
        each_game!(self, g => g.outcome().map_reason(|r| r.to_string()))
    }

    /// The outcome as `rulebook` prints it after `result: ` (`white by 7 points …`,
    /// `ongoing`).
    #[must_use]
    pub fn outcome_text(&self) -> String {
        each_game!(self, g => g.outcome_text())
    }

    /// One line on whose turn it is and how the game stands ([`CatalogGame::status`]).
    #[must_use]
    pub fn status(&self) -> String {
        each_game!(self, g => g.status())
    }

    /// The text diagram of the position (`rulebook show`), ending in a new line.
    #[must_use]
    pub fn diagram(&self) -> String {
        each_game!(self, g => g.to_string())
    }

    /// Every legal move in canonical notation, sorted by byte order (`rulebook legal`);
    /// empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        each_game!(self, g => legal_texts(g))
    }

    /// The moves played so far, in canonical notation.
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        each_game!(self, g => g.moves().iter().map(ToString::to_string).collect())
    }

    /// Whether the move written `text` is legal now (a text that is no move is not).
    #[must_use]
    pub fn is_legal(&self, text: &str) -> bool {
        each_game!(self, g => g.parse_move(text.trim()).is_ok_and(|mv| g.is_legal(mv)))
    }

    /// Plays the move written `text` (any case, surrounding spaces ignored).
    ///
    /// # Errors
    /// [`MoveError::Parse`] for a text in the wrong notation, [`MoveError::Illegal`] for a
    /// move the rules refuse now; the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<(), MoveError> {
        each_game!(self, g => play_text(g, text).map(drop))
    }

    /// Plays the moves of `line`, separated by white space, in order; returns how many.
    ///
    /// # Errors
    /// [`LineError`] with the first refused move's number (from 1); the game is unchanged
    /// (no move of the line is played).
    pub fn play_line(&mut self, line: &str) -> Result<usize, LineError> {
        let mut copy = self.clone();
        let mut count = 0;
        for (i, text) in line.split_whitespace().enumerate() {
            copy.play(text).map_err(|error| LineError {
                number: i + 1,
                error,
            })?;
            count += 1;
        }
        *self = copy;
        Ok(count)
    }

    /// `player` resigns (Kazura, go9, Bind).
    ///
    /// # Errors
    /// [`CallError::NotInRules`] for Bao, [`CallError::Refused`] once the game is over.
    pub fn resign(&mut self, player: Player) -> Result<(), CallError> {
        each_game!(self, g => CatalogGame::resign(g, player))
    }

    /// Whether the rules have resignation (every game but Bao).
    #[must_use]
    pub fn has_resignation(&self) -> bool {
        each_game!(self, g => crate::game::resignation_of(g))
    }

    /// Takes back the last move (go9, G-8) and returns its text.
    ///
    /// # Errors
    /// [`CallError::NotInRules`] outside go9, go9's refusal otherwise; nothing changes.
    pub fn undo(&mut self) -> Result<String, CallError> {
        each_game!(self, g => CatalogGame::undo(g).map(|m| m.to_string()))
    }

    /// Whether [`AnyGame::undo`] would take a move back now.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        match self {
            AnyGame::Go9(g) => g.clone().undo().is_ok(),
            _ => false,
        }
    }

    /// The player sitting in `seat` (0 or 1); see [`CatalogGame::player_in_seat`].
    #[must_use]
    pub fn player_in_seat(&self, seat: usize) -> Option<Player> {
        each_game!(self, g => g.player_in_seat(seat))
    }

    /// The seat (0 or 1) of `player`: the same index but in Kazura after the swap.
    #[must_use]
    pub fn seat_of(&self, player: Player) -> usize {
        usize::from(self.player_in_seat(0) != Some(player))
    }

    /// The game's JSON record (what `rulebook selfplay --record` writes and `replay` and
    /// [`AnyGame::read_record`] read).
    #[must_use]
    pub fn write_record(&self) -> String {
        each_game!(self, g => g.write_record())
    }

    /// go9's SGF record with the players' names.
    ///
    /// # Errors
    /// [`RecordError::NoSgf`] for the other games.
    pub fn to_sgf(&self, black: &str, white: &str) -> Result<String, RecordError> {
        let names = SgfNames::new(black, white);
        each_game!(self, g => CatalogGame::to_sgf(g, &names))
    }

    /// The computer's move for the player to move, not played; `None` once the game is
    /// over.
    #[must_use]
    pub fn computer_move(&self, computer: &Computer) -> Option<String> {
        self.search(computer).best
    }

    /// Searches the position with `computer` and reports what it found.
    #[must_use]
    pub fn search(&self, computer: &Computer) -> SearchReport {
        each_game!(self, g => search_report(g, computer))
    }

    /// `games` random games from this position (seeds `seed`, `seed + 1`, …) by the game's
    /// fastest uniform playout ([`CatalogGame::fast_playout`]); the game is unchanged.
    #[must_use]
    pub fn fast_playouts(&self, games: u32, seed: u64) -> PlayoutCount {
        let mut count = PlayoutCount::default();
        for i in 0..games {
            let mut rng = GameRng::seed_from(seed.wrapping_add(u64::from(i)));
            let plies = each_game!(self, g => g.fast_playout(&mut rng));
            count.games += 1;
            count.plies += plies as u64;
        }
        count
    }
}

impl std::fmt::Display for AnyGame {
    /// The diagram, as [`AnyGame::diagram`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        each_game!(self, g => g.fmt(f))
    }
}

impl From<GameSpec> for AnyGame {
    fn from(spec: GameSpec) -> AnyGame {
        AnyGame::new(&spec)
    }
}
