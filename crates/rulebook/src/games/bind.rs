//! Bind for the `rulebook` program: `--variant mini|full` (default `mini`) or
//! `--size N --pieces P` for a custom game (N-1). The game keeps its own history, so the
//! record, the replay and the diagram come from the crate (`Recorded`, `Display`).

use bind::{Bind, GameRng, Variant};

use crate::cli_game::{CliGame, GameOptions};

/// The variant the options ask for.
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

impl CliGame for Bind {
    type Searched = Self;

    fn searched(&self) -> Self {
        self.clone()
    }

    fn resign_game(&mut self, player: game_core::Player) -> Result<(), String> {
        self.resign(player).map_err(|e| e.to_string())
    }

    fn from_options(options: &GameOptions) -> Result<Bind, String> {
        Ok(Bind::new(variant(options)?))
    }

    /// The engine through its own type (history included), mini and full: random plies
    /// per second.
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
                    plies +=
                        bind::random_playout(&mut state, &mut rng, 100_000, &mut moves).1 as u64;
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
