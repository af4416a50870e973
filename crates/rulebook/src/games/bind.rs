//! Bind's own `rulebook bench` rows.

use bind::{Bind, GameRng, Variant};

/// The engine through its own type (history included), mini and full: random plies per
/// second, each measured for about `seconds`.
pub(crate) fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
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
                plies += bind::random_playout(&mut state, &mut rng, 100_000, &mut moves).1 as u64;
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
