//! Plays complete random 13×13 games and prints how many per second, for measuring under
//! `perf stat -e task-clock` (CPU time) on a machine shared with other work:
//!
//! ```text
//! cargo build --release -p kazura-core --example kazura_random_games
//! perf stat -e task-clock target/release/examples/kazura_random_games direct 100000
//! perf stat -e task-clock target/release/examples/kazura_random_games list 100000
//! ```
//!
//! `direct` picks each move straight from the legal set (`Kazura::play_random_game`);
//! `list` builds the move list every ply (`game_core::random_playout`). Both play the same
//! games from the same seeds.

use std::time::Instant;

use game_core::{GameRng, random_playout};
use kazura_core::Kazura;

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "direct".into());
    let games: u64 = args
        .next()
        .map_or(100_000, |n| n.parse().expect("a game count"));
    let start = Kazura::standard();
    let mut moves = Vec::new();
    let mut plies = 0;
    let clock = Instant::now();
    for seed in 0..games {
        let mut game = start.clone();
        let mut rng = GameRng::seed_from(seed);
        plies += match mode.as_str() {
            "direct" => game.play_random_game(&mut rng),
            "list" => random_playout(&mut game, &mut rng, 10_000, &mut moves).1,
            other => panic!("mode `{other}`: use `direct` or `list`"),
        };
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{mode}: {games} games, {plies} plies in {seconds:.3} s wall clock: {:.0} games/s",
        games as f64 / seconds
    );
}
