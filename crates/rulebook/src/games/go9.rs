//! go9 in the `rulebook` program: 9×9 Go under the Ttakji rules.

use std::path::Path;
use std::time::Instant;

use game_core::{Game, GameRng};
use go9::{GoState, SgfNames};

use crate::cli_game::{CliGame, GameOptions};

impl CliGame for GoState {
    fn from_options(options: &GameOptions) -> Result<Self, String> {
        options.reject_unknown("go9", &["size"])?;
        match options.size {
            None | Some(9) => Ok(GoState::new()),
            Some(n) => Err(format!(
                "--size {n}: go9 is played on 9x9 only (the Ttakji rules, G-1)"
            )),
        }
    }

    fn diagram(&self) -> String {
        self.diagram()
    }

    fn status(&self) -> String {
        if self.is_over() {
            format!("game over: {}", self.outcome_text())
        } else {
            let mover = Self::PLAYER_NAMES[self.to_move().index()];
            format!(
                "{mover} to move (ply {}); if it ended now: {}",
                self.ply(),
                self.score()
            )
        }
    }

    fn record(&self, path: &Path) -> String {
        let is_sgf = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
        if is_sgf {
            self.to_sgf(&SgfNames {
                black: Some("rulebook".into()),
                white: Some("rulebook".into()),
            })
        } else {
            self.to_json()
        }
    }

    fn is_record(text: &str) -> bool {
        let trimmed = text.trim_start();
        if trimmed.starts_with('(') {
            return true; // SGF, which only go9 reads
        }
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get("game").and_then(|g| g.as_str().map(str::to_owned)))
            .is_some_and(|g| g == go9::RECORD_GAME)
    }

    fn replay(text: &str) -> Result<Self, String> {
        let result = if text.trim_start().starts_with('(') {
            GoState::from_sgf(text)
        } else {
            GoState::from_json(text)
        };
        result.map_err(|e| e.to_string())
    }

    fn playout_move(&self, rng: &mut GameRng, _moves: &mut Vec<Self::Move>) -> Option<Self::Move> {
        GoState::playout_move(self, rng)
    }

    fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
        let start = GoState::new();
        let clock = Instant::now();
        let (mut playouts, mut plies, mut seed) = (0u64, 0u64, 0u64);
        while clock.elapsed().as_secs_f64() < seconds {
            seed += 1;
            let mut state = start.clone();
            plies += state.random_playout(&mut GameRng::seed_from(seed)) as u64;
            std::hint::black_box(state.score().margin());
            playouts += 1;
        }
        let elapsed = clock.elapsed().as_secs_f64();
        vec![
            (
                "playouts (no own-eye fill, superko, scored)".into(),
                playouts as f64 / elapsed,
                "playouts/s".into(),
            ),
            (
                "playout moves".into(),
                plies as f64 / elapsed,
                "moves/s".into(),
            ),
        ]
    }
}
