//! Geometry primitives: flood fill, components, union-find.

use board_geometry::{Geometry, Point, PointSet, UnionFind};
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

fn union_find(c: &mut Criterion) {
    let board = Geometry::new(19).unwrap();
    let set = random_set(&board, 0.6, 2);
    c.bench_function("geometry/union_find 19x19 60%", |b| {
        b.iter(|| {
            let mut uf = UnionFind::new(board.point_count());
            for p in set.iter() {
                for &q in board.neighbours(p) {
                    if set.contains(q) {
                        uf.union(p.index(), q.index());
                    }
                }
            }
            black_box(uf.set_size(Point::from_index(0).index()))
        })
    });
}

criterion_group!(benches, flood_fill, union_find);
criterion_main!(benches);
