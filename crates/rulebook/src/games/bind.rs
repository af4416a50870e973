//! Bind for the `rulebook` program: `--variant mini|full` (default `mini`) or
//! `--size N --pieces P` for a custom game (N-1), and the JSON record with its move list.

use std::path::Path;

use bind::{Bind, Move, Record, Variant};
use game_core::{Game, GameRng, Outcome, Player};

use crate::cli_game::{CliGame, GameOptions};

/// A Bind game as the program plays it: the engine's position plus the moves that led
/// there, so that `selfplay --record` can write the whole game.
#[derive(Clone, Debug, PartialEq)]
pub struct BindGame {
    state: Bind,
    history: Vec<Move>,
}

impl BindGame {
    fn variant(options: &GameOptions) -> Result<Variant, String> {
        options.reject_unknown("bind", &["variant", "size", "pieces"])?;
        match (&options.variant, options.size, options.pieces) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                Err("bind takes either --variant or --size with --pieces, not both".to_string())
            }
            (Some(name), None, None) => Variant::named(name).map_err(|e| e.to_string()),
            (None, None, None) => Ok(Variant::MINI),
            (None, Some(size), Some(pieces)) => {
                Variant::custom(size, pieces).map_err(|e| e.to_string())
            }
            (None, Some(_), None) => Err("a custom bind game needs --pieces with --size".into()),
            (None, None, Some(_)) => Err("a custom bind game needs --size with --pieces".into()),
        }
    }
}

impl Game for BindGame {
    type Move = Move;
    type ParseMoveError = bind::ParseMoveError;
    type PlayError = bind::PlayError;

    const NAME: &'static str = Bind::NAME;
    const PLAYER_NAMES: [&'static str; 2] = Bind::PLAYER_NAMES;

    fn to_move(&self) -> Player {
        self.state.to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.state.legal_moves(moves);
    }

    fn check_move(&self, mv: Move) -> Result<(), bind::PlayError> {
        self.state.check_move(mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.state.play_unchecked(mv);
        self.history.push(mv);
    }

    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    fn outcome(&self) -> Outcome {
        self.state.outcome()
    }

    fn ply(&self) -> usize {
        self.state.ply()
    }

    fn parse_move(&self, text: &str) -> Result<Move, bind::ParseMoveError> {
        self.state.parse_move(text)
    }
}

impl CliGame for BindGame {
    fn from_options(options: &GameOptions) -> Result<BindGame, String> {
        Ok(BindGame {
            state: Bind::new(BindGame::variant(options)?),
            history: Vec::new(),
        })
    }

    fn diagram(&self) -> String {
        self.state.diagram()
    }

    fn record(&self, _path: &Path) -> String {
        Record::new(&self.state, &self.history).to_json()
    }

    fn is_record(text: &str) -> bool {
        Record::is_record(text)
    }

    fn replay(text: &str) -> Result<BindGame, String> {
        let record = Record::from_json(text).map_err(|e| e.to_string())?;
        let (state, history) = record.replay().map_err(|e| e.to_string())?;
        Ok(BindGame { state, history })
    }

    /// The engine alone (no move history), mini and full: random plies per second.
    fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
        let mut rows = Vec::new();
        for (name, variant) in [("mini", Variant::MINI), ("full", Variant::FULL)] {
            let start = Bind::new(variant);
            let mut moves = Vec::new();
            let (mut plies, mut seed) = (0u64, 0u64);
            let clock = std::time::Instant::now();
            while clock.elapsed().as_secs_f64() < seconds {
                for _ in 0..64 {
                    seed += 1;
                    let mut state = start.clone();
                    let mut rng = GameRng::seed_from(seed);
                    plies += game_core::random_playout(&mut state, &mut rng, 100_000, &mut moves).1
                        as u64;
                }
            }
            rows.push((
                format!("engine random plies, {name}"),
                plies as f64 / clock.elapsed().as_secs_f64(),
                "moves/s".into(),
            ));
        }
        rows
    }
}
