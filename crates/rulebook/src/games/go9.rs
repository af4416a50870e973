//! go9 in the `rulebook` program: 9×9 Go under the Ttakji rules.
//!
//! The diagram is `Go9`'s `Display`; replay, `is_record` and the JSON record come from its
//! `Recorded` implementation (which reads SGF as well). Only the record's format is chosen
//! here: SGF for a path ending in `.sgf`, JSON otherwise.

use std::path::Path;
use std::time::Instant;

use go9::{Game, GameRng, Go9, Recorded, SgfNames};

use crate::cli_game::{CliGame, GameOptions};

impl CliGame for Go9 {
    type Searched = Self;

    const GTP: bool = true;

    fn searched(&self) -> Self {
        self.clone()
    }

    fn resign_game(&mut self, player: game_core::Player) -> Result<(), String> {
        self.resign(player).map_err(|e| e.to_string())
    }

    fn from_options(options: &GameOptions) -> Result<Self, String> {
        options.reject_unknown("go9", &["size"])?;
        match options.size {
            None | Some(9) => Ok(Go9::new()),
            Some(n) => Err(format!(
                "--size {n}: go9 is played on 9x9 only (the Ttakji rules, G-1)"
            )),
        }
    }

    /// Go9 undoes move by move (`Go9::undo`, G-8) instead of replaying.
    fn take_back(&self, _options: &GameOptions, plies: usize) -> Result<Self, String> {
        let mut state = self.clone();
        for _ in 0..plies {
            state.undo().map_err(|e| e.to_string())?;
        }
        Ok(state)
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
            self.to_sgf(&SgfNames::new("rulebook", "rulebook"))
        } else {
            self.write_record()
        }
    }

    fn playout_move(&self, rng: &mut GameRng, _moves: &mut Vec<Self::Move>) -> Option<Self::Move> {
        Go9::playout_move(self, rng)
    }

    fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
        let start = Go9::new();
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
        let heavy_clock = Instant::now();
        let mut heavy = 0u64;
        while heavy_clock.elapsed().as_secs_f64() < seconds {
            seed += 1;
            let mut state = start.clone();
            state.heavy_random_playout(&mut GameRng::seed_from(seed));
            std::hint::black_box(state.score().margin());
            heavy += 1;
        }
        let heavy_rate = heavy as f64 / heavy_clock.elapsed().as_secs_f64();
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
            (
                "heavy playouts (hard's policy: atari answers, 3x3 patterns)".into(),
                heavy_rate,
                "playouts/s".into(),
            ),
        ]
    }
}
