//! Geometry primitives: flood fill and components (Kazura's K-12 reach bound).

use board_geometry::{Geometry, PointSet};
use criterion::{Criterion, criterion_group, criterion_main};
use game_core::GameRng;
use std::hint::black_box;

fn random_set(board: &Geometry, density: f64, seed: u64) -> PointSet {
    let mut rng = GameRng::seed_from(seed);
    board
        .points()
        .filter(|_| rng.unit_f64() < density)
        .collect()
}

fn flood_fill(c: &mut Criterion) {
    let board = Geometry::new(19).unwrap();
    let set = random_set(&board, 0.6, 1);
    let start = set.first().unwrap();
    c.bench_function("geometry/flood_fill 19x19 60%", |b| {
        b.iter(|| black_box(board.flood_fill(black_box(start), &set)).count())
    });
    c.bench_function("geometry/components 19x19 60%", |b| {
        b.iter(|| black_box(board.components(black_box(&set))).len())
    });
}

criterion_group!(benches, flood_fill);
criterion_main!(benches);
