//! Bao's own `rulebook bench` rows.

use std::time::Instant;

use bao_nyakua::{Game, GameRng, Position, Ruleset, random_playout};

/// The same random games on the compact position alone, measured for about `seconds`.
pub(crate) fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
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
