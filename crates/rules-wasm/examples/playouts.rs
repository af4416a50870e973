//! Random games per second of every game through the binding, natively: the native column
//! of the speed table in `docs/web.md`, whose browser column the web tests measure with the
//! same code (`Session::random_playouts`) compiled to WebAssembly.
//!
//! `cargo run --release -p rules-wasm --example playouts [SECONDS] [--json]` (default 1 s
//! per game). With `--json` it prints the figures as the page's speed panel reads them
//! (`web/native-speed.json`, written by `web/native-speed.sh`): each game's options with its
//! games and plies per second.

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let seconds: f64 = match args.iter().find(|a| *a != "--json") {
        Some(text) => text.parse().map_err(|e| format!("seconds: {e}"))?,
        None => 1.0,
    };
    let mut rows = Vec::new();
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
        let (games_per_second, plies_per_second) = (games as f64 / elapsed, plies as f64 / elapsed);
        if json {
            rows.push(format!(
                r#"    {{"options": {options}, "gamesPerSecond": {games_per_second:.0}, "pliesPerSecond": {plies_per_second:.0}}}"#
            ));
        } else {
            println!(
                "{options:40} {games_per_second:>10.0} games/s {plies_per_second:>12.0} plies/s"
            );
        }
    }
    if json {
        println!("[\n{}\n  ]", rows.join(",\n"));
    }
    Ok(())
}
