//! go9's own `rulebook bench` rows: its light and heavy playouts.

use std::time::Instant;

use go9::{GameRng, Go9};

/// The light playout (no own-eye fill) and the heavy one (`hard`'s policy), each measured
/// for about `seconds`.
pub(crate) fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
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
