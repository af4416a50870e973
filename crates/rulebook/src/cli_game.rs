//! What a game supplies to be driven by the `rulebook` program.

use std::path::Path;

use std::fmt::Display;

use game_core::search::Opponent;
use game_core::{GameRng, Player, Recorded};

/// Game options from the command line. Each game reads the ones it knows and rejects the
/// others with [`GameOptions::reject_unknown`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// `--size N`: board side (kazura; bind with `--pieces`).
    pub size: Option<usize>,
    /// `--pieces P`: pieces per colour (bind custom games).
    pub pieces: Option<usize>,
    /// `--variant NAME` (bind: `mini` or `full`).
    pub variant: Option<String>,
    /// `--ruleset NAME` (bao: `seed` or `reference`).
    pub ruleset: Option<String>,
}

impl GameOptions {
    /// An error naming the first option given that `game` does not take (`allowed` lists
    /// the option names it does take, such as `"size"`).
    ///
    /// # Errors
    /// `"--ruleset does not apply to kazura"` and the like.
    pub fn reject_unknown(&self, game: &str, allowed: &[&str]) -> Result<(), String> {
        let given = [
            ("size", self.size.is_some()),
            ("pieces", self.pieces.is_some()),
            ("variant", self.variant.is_some()),
            ("ruleset", self.ruleset.is_some()),
        ];
        for (name, present) in given {
            if present && !allowed.contains(&name) {
                return Err(format!("--{name} does not apply to {game}"));
            }
        }
        Ok(())
    }
}

/// A game the `rulebook` program can drive: built from options, drawn as text (its
/// `Display`), recorded and replayed (its [`Recorded`] implementation). Registering a game is
/// one line in `games/mod.rs` once this is implemented.
pub trait CliGame: Recorded + Display + Send + 'static {
    /// The state the computer searches: the game itself for Kazura, go9 and Bind, Bao's
    /// `Position` (the same moves, no history to copy per playout) for Bao.
    type Searched: Opponent<Move = Self::Move> + PartialEq;

    /// Whether a `gtp:COMMAND` player (an outside GTP engine) can play this game (go9).
    const GTP: bool = false;

    /// The state to search for the position of `self`.
    fn searched(&self) -> Self::Searched;

    /// The start position for these options.
    ///
    /// # Errors
    /// A message naming the bad or inapplicable option (exit status 2).
    fn from_options(options: &GameOptions) -> Result<Self, String>;

    /// A text diagram of the position with coordinates, ending in a newline: the state's
    /// `Display`.
    fn diagram(&self) -> String {
        self.to_string()
    }

    /// One line on whose turn it is and how the game stands.
    fn status(&self) -> String {
        if self.is_over() {
            format!("game over: {}", self.outcome_text())
        } else {
            format!(
                "{} to move (ply {})",
                Self::PLAYER_NAMES[self.to_move().index()],
                self.ply()
            )
        }
    }

    /// The whole game so far as a record. `path` is where it will be written, so a game
    /// with several formats may choose by extension (go9 writes SGF for `.sgf`). The
    /// default is the game's JSON record ([`Recorded::write_record`]).
    fn record(&self, _path: &Path) -> String {
        self.write_record()
    }

    /// Replays a record through the rules. The default reads the game's JSON record
    /// ([`Recorded::read_record`]); go9 also reads SGF.
    ///
    /// # Errors
    /// A message naming the first bad move (by its number) or field.
    fn replay(text: &str) -> Result<Self, String> {
        Self::read_record(text).map_err(|e| e.to_string())
    }

    /// The move a `random` self-play player makes. The default is uniform over the legal
    /// moves; a game may refine it (go9 never fills its own single-point eye).
    fn playout_move(&self, rng: &mut GameRng, moves: &mut Vec<Self::Move>) -> Option<Self::Move> {
        game_core::random_move(self, rng, moves)
    }

    /// The game from `options`' start position with the last `plies` moves taken back
    /// (`rulebook play`'s `undo`). The default replays [`Recorded::moves`] but the last
    /// `plies` from [`CliGame::from_options`]; go9 undoes move by move with `Go9::undo`.
    ///
    /// # Errors
    /// A message if fewer than `plies` moves were played or the replay fails.
    fn take_back(&self, options: &GameOptions, plies: usize) -> Result<Self, String> {
        let moves = self.moves();
        let Some(keep) = moves.len().checked_sub(plies) else {
            return Err("no move to take back".into());
        };
        let mut state = Self::from_options(options)?;
        for &mv in &moves[..keep] {
            state.play(mv).map_err(|e| e.to_string())?;
        }
        Ok(state)
    }

    /// `player` resigns (`rulebook play`'s `resign`). The default says the game has no
    /// resignation (Bao's rules have none).
    ///
    /// # Errors
    /// A message if the game has no resignation or the call is refused (game over).
    fn resign_game(&mut self, player: Player) -> Result<(), String> {
        let _ = player;
        Err(format!("{} has no resignation in its rules", Self::NAME))
    }

    /// Extra rows for `rulebook bench`, beyond the generic ones, measured for about
    /// `seconds` each: `(measure, value, unit)`.
    fn bench_rows(_seconds: f64) -> Vec<(String, f64, String)> {
        Vec::new()
    }
}
