//! Light or heavy playouts from the empty board, for timing under `/usr/bin/time` (CPU
//! time is the fair measure on a shared machine):
//! `cargo run --release -p go9 --example playout_speed -- light|heavy N`.

use std::time::Instant;

use go9::{GameRng, Go9};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let heavy = args.first().is_some_and(|m| m == "heavy");
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let start = Instant::now();
    let mut plies = 0;
    let mut margin = 0i64;
    for seed in 0..n {
        let mut state = Go9::new();
        let mut rng = GameRng::seed_from(seed);
        plies += if heavy {
            state.heavy_random_playout(&mut rng)
        } else {
            state.random_playout(&mut rng)
        };
        margin += state.score().margin();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} playouts: {n} in {secs:.2} s wall ({:.0}/s wall), {:.1} plies each, mean margin {:.2}",
        if heavy { "heavy" } else { "light" },
        n as f64 / secs,
        plies as f64 / n as f64,
        margin as f64 / n as f64
    );
}
