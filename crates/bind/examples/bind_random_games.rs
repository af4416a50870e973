//! Plays complete random games of one variant from fixed seeds and prints how many plies
//! per second (a measurement aid; the benches are in `benches/`). The games depend only on
//! the seeds, so an instruction count is exact and repeatable:
//!
//! ```text
//! cargo build --release -p bind --example bind_random_games
//! valgrind --tool=callgrind target/release/examples/bind_random_games mini 2000
//! valgrind --tool=callgrind target/release/examples/bind_random_games full 2000
//! ```
//!
//! Each game is `game_core::random_playout` from the start, seeds `0..GAMES`, as in the
//! `bind/random_plies` bench.

use std::time::Instant;

use bind::{Bind, GameRng, Variant, random_playout};

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = match args.next().as_deref().unwrap_or("mini") {
        "mini" => Variant::MINI,
        "full" => Variant::FULL,
        other => panic!("variant `{other}`: use `mini` or `full`"),
    };
    let games: u64 = args
        .next()
        .map_or(20_000, |n| n.parse().expect("a game count"));
    let start = Bind::new(variant);
    let mut moves = Vec::new();
    let mut plies = 0;
    let clock = Instant::now();
    for seed in 0..games {
        let mut game = start.clone();
        plies += random_playout(
            &mut game,
            &mut GameRng::seed_from(seed),
            1_000_000,
            &mut moves,
        )
        .1;
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies in {seconds:.3} s wall clock: {:.0} plies/s",
        plies as f64 / seconds
    );
}
