//! Times a level: self-play of the first MOVES moves on a SIZE board at LEVEL (one
//! thread, the level's playout budget, the tree kept between moves as in a game). Run it
//! under `/usr/bin/time` and divide the user time by the moves for the CPU time per move
//! (steadier than wall-clock time on a loaded machine); it prints the wall time too.
//!
//! `cargo run --release -p kazura-core --example kazura_level_time -- SIZE LEVEL MOVES`

use std::time::Instant;

use game_core::search::{Level, Opponent};
use kazura_core::{Game, Kazura};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, level, moves] = args.as_slice() else {
        eprintln!("usage: kazura_level_time SIZE LEVEL MOVES");
        std::process::exit(2);
    };
    let level: Level = level.parse().expect("a level");
    let most: usize = moves.parse().expect("moves");
    let mut state = Kazura::new(size.parse().expect("size")).expect("size");
    let mut searcher = Kazura::opponent(level);
    let start = Instant::now();
    let mut played = 0;
    while !state.is_over() && played < most {
        let mv = searcher.search(&state).best.expect("a move");
        state.play(mv).expect("legal");
        searcher.advance(mv).expect("legal");
        played += 1;
    }
    let wall = start.elapsed().as_secs_f64();
    println!(
        "{played} moves, wall {wall:.2} s, {:.4} s a move",
        wall / played as f64
    );
}
