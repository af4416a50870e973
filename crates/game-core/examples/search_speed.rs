//! Playouts per second of the search on the test games, on 1 and 2 threads:
//! `cargo run --release -p game-core --example search_speed [SECONDS]`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use common::connect_four::ConnectFour;
use common::hex::{Hex, HexHooks};
use common::tic_tac_toe::TicTacToe;
use game_core::Game;
use game_core::search::{Budget, DefaultHooks, SearchConfig, SearchHooks, Searcher};

fn measure<G: Game + PartialEq + Send, H: SearchHooks<G> + Clone>(
    name: &str,
    start: &G,
    hooks: &H,
    seconds: f64,
) {
    let mut rates = Vec::new();
    for threads in [1, 2] {
        let config = SearchConfig::default()
            .with_budget(Budget::time(Duration::from_secs_f64(seconds)))
            .with_threads(threads);
        let mut searcher = Searcher::new(config, hooks.clone());
        let info = searcher.search(start);
        rates.push(info.playouts_per_second());
        println!(
            "{name:<14} threads {threads}: {:>9.0} playouts/s ({} playouts in {:.2} s, {} nodes)",
            info.playouts_per_second(),
            info.playouts,
            info.elapsed.as_secs_f64(),
            info.nodes
        );
    }
    println!(
        "{name:<14} speed-up on 2 threads: {:.2}x",
        rates[1] / rates[0]
    );
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .map_or(2.0, |s| s.parse().expect("seconds"));
    measure("tic-tac-toe", &TicTacToe::default(), &DefaultHooks, seconds);
    measure(
        "connect-four",
        &ConnectFour::default(),
        &DefaultHooks,
        seconds,
    );
    measure("hex 7x7 rave", &Hex::<7>::default(), &HexHooks, seconds);
}
