//! Kazura's own `rulebook bench` rows: the direct random playout, and the kept longest
//! paths against a full recomputation.

use std::hint::black_box;
use std::time::Instant;

use kazura_core::{Colour, Game, GameRng, Kazura, Move};

/// The rows, each measured for about `seconds`.
pub(crate) fn bench_rows(seconds: f64) -> Vec<(String, f64, String)> {
    let mut rows = Vec::new();
    let start = Kazura::standard();
    let (mut games, mut seed) = (0u64, 0u64);
    let clock = Instant::now();
    while clock.elapsed().as_secs_f64() < seconds {
        let mut game = start.clone();
        seed += 1;
        black_box(game.play_random_game(&mut GameRng::seed_from(seed)));
        games += 1;
    }
    rows.push((
        "random 13x13 games, direct pick from legal set".into(),
        games as f64 / clock.elapsed().as_secs_f64(),
        "games/s".into(),
    ));
    let (late, next) = late_19x19_position();
    let mut placements = 0u64;
    let clock = Instant::now();
    while clock.elapsed().as_secs_f64() < seconds / 2.0 {
        for _ in 0..64 {
            let mut game = late.clone();
            game.play_unchecked(next);
            black_box(game.longest_length(Colour::Black));
        }
        placements += 64;
    }
    let incremental = placements as f64 / clock.elapsed().as_secs_f64();
    let mut recomputations = 0u64;
    let clock = Instant::now();
    while clock.elapsed().as_secs_f64() < seconds / 2.0 {
        black_box(late.group_lengths_from_scratch());
        recomputations += 1;
    }
    let full = recomputations as f64 / clock.elapsed().as_secs_f64();
    rows.push((
        "19x19 late game: clone + placement, kept paths".into(),
        incremental,
        "placements/s".into(),
    ));
    rows.push((
        "19x19 late game: all lengths from scratch".into(),
        full,
        "recomputations/s".into(),
    ));
    rows.push((
        "19x19 late game: kept paths speed-up".into(),
        incremental / full,
        "times".into(),
    ));
    rows
}

/// A 19×19 position three quarters through a random game (seed 7), and its next move.
fn late_19x19_position() -> (Kazura, Move) {
    let mut full = Kazura::new(19).expect("19 is a valid size");
    let plies = full.play_random_game(&mut GameRng::seed_from(7));
    let moves = full.moves();
    let mut late = Kazura::new(19).expect("19 is a valid size");
    for &mv in &moves[..plies * 3 / 4] {
        late.play_unchecked(mv);
    }
    (late, moves[plies * 3 / 4])
}
