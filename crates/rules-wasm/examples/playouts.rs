//! Random games per second of every game through the binding, natively: the native column
//! of the speed table in `docs/web.md`, whose browser column the web tests measure with the
//! same code (`Session::random_playouts`) compiled to WebAssembly.
//!
//! `cargo run --release -p rules-wasm --example playouts [SECONDS]` (default 1 per game).

use std::time::Instant;

use rules_wasm::Session;

/// The games of the table, as the page's picker names them.
const GAMES: [&str; 8] = [
    r#"{"game":"kazura","size":9}"#,
    r#"{"game":"kazura","size":13}"#,
    r#"{"game":"kazura","size":19}"#,
    r#"{"game":"bao","ruleset":"seed"}"#,
    r#"{"game":"bao","ruleset":"reference"}"#,
    r#"{"game":"go9"}"#,
    r#"{"game":"bind","variant":"mini"}"#,
    r#"{"game":"bind","variant":"full"}"#,
];

fn main() -> Result<(), String> {
    let seconds: f64 = match std::env::args().nth(1) {
        Some(text) => text.parse().map_err(|e| format!("seconds: {e}"))?,
        None => 1.0,
    };
    for options in GAMES {
        let game = Session::from_options_json(options)?;
        let (mut games, mut plies, mut seed) = (0u64, 0u64, 0u64);
        let clock = Instant::now();
        while clock.elapsed().as_secs_f64() < seconds {
            let count = game.random_playouts(50, seed);
            seed += 50;
            games += u64::from(count.games);
            plies += count.plies;
        }
        let elapsed = clock.elapsed().as_secs_f64();
        println!(
            "{options:40} {:>10.0} games/s {:>12.0} plies/s",
            games as f64 / elapsed,
            plies as f64 / elapsed
        );
    }
    Ok(())
}
