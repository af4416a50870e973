//! `bao`: Bao Nakakamado, NYAKUA trial A (`bao-nyakua`), option `--ruleset seed|reference`.
//! The diagram, the record, replay and the record check come from `Bao` itself
//! (`Display` and `Recorded`).

use std::time::Instant;

use bao_nyakua::{Bao, Game, GameRng, Position, Ruleset, random_playout};

use crate::cli_game::{CliGame, GameOptions};

impl CliGame for Bao {
    type Searched = Position;

    fn searched(&self) -> Position {
        *self.position()
    }

    fn from_options(options: &GameOptions) -> Result<Self, String> {
        options.reject_unknown("bao", &["ruleset"])?;
        let ruleset = match options.ruleset.as_deref().map(str::to_ascii_lowercase) {
            None => Ruleset::Seed,
            Some(name) if name == "seed" => Ruleset::Seed,
            Some(name) if name == "reference" => Ruleset::Reference,
            Some(other) => {
                return Err(format!(
                    "--ruleset {other} is not a bao ruleset: use seed or reference"
                ));
            }
        };
        Ok(Bao::new(ruleset))
    }

    fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
        // The same random games on the compact position alone (no history kept), the
        // figure the ≥ 50,000 games/s goal is about.
        let start = Position::start(Ruleset::Seed);
        let mut moves = Vec::new();
        let clock = Instant::now();
        let (mut games, mut seed) = (0u64, 0u64);
        while clock.elapsed().as_secs_f64() < seconds {
            seed += 1;
            let mut state = start;
            let mut rng = GameRng::seed_from(seed);
            random_playout(&mut state, &mut rng, 100_000, &mut moves);
            debug_assert!(state.is_over());
            games += 1;
        }
        vec![(
            "random games, Position only (no record)".into(),
            games as f64 / clock.elapsed().as_secs_f64(),
            "games/s".into(),
        )]
    }
}
