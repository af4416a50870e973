//! Light and heavy playouts per second, and search playouts per second at each level's
//! hooks: `cargo run --release -p go9 --example playout_speed [SECONDS]`.

use std::time::{Duration, Instant};

use go9::game_core::search::{Budget, Level, Opponent};
use go9::{Go9, Go9Hooks};

fn main() {
    let secs: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    for (name, hooks) in [("light", Go9Hooks::light()), ("heavy", Go9Hooks::default())] {
        let mut searcher = Go9::opponent(Level::Normal);
        *searcher.hooks_mut() = hooks;
        let info = searcher.search_with(&Go9::new(), Budget::time(Duration::from_secs_f64(secs)));
        println!(
            "{name}: {:.0} search playouts/s from the empty board ({} playouts)",
            info.playouts_per_second(),
            info.playouts
        );
    }
    let start = Instant::now();
    let _ = start;
}
