//! go9: legal move generation, play + undo, and random playouts (the ≥ 100,000
//! playouts/s goal of issue 4, one core).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go9::{Game, GameRng, Go9};
use std::hint::black_box;

/// Positions from a few playout-policy games (every 7th position).
fn positions() -> Vec<Go9> {
    let mut out = Vec::new();
    for seed in 0..16 {
        let mut state = Go9::new();
        let mut rng = GameRng::seed_from(seed);
        while let Some(mv) = state.playout_move(&mut rng) {
            if state.ply().is_multiple_of(7) {
                out.push(state.clone());
            }
            state.play(mv).unwrap();
        }
    }
    out
}

fn legal_moves(c: &mut Criterion) {
    let positions = positions();
    let mut moves = Vec::new();
    let mut group = c.benchmark_group("go9");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves (positions)", |b| {
        b.iter(|| {
            let mut total = 0;
            for p in &positions {
                p.legal_moves(&mut moves);
                total += moves.len();
            }
            black_box(total)
        })
    });
    group.finish();
}

fn play_undo(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("go9");
    let mut pairs = Vec::new();
    let mut rng = GameRng::seed_from(99);
    for p in &positions {
        if let Some(mv) = p.playout_move(&mut rng) {
            pairs.push((p.clone(), mv));
        }
    }
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("play + undo (moves)", |b| {
        b.iter(|| {
            for (state, mv) in &mut pairs {
                state.play(*mv).unwrap();
                black_box(state.undo().unwrap());
            }
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let start = Go9::new();
    let mut group = c.benchmark_group("go9");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function(
        "random playout from the empty board, scored (playouts)",
        |b| {
            b.iter(|| {
                seed += 1;
                let mut rng = GameRng::seed_from(seed);
                let mut state = start.clone();
                let plies = state.random_playout(&mut rng);
                assert!(state.is_over() && plies > 0);
                black_box(state.score().margin())
            })
        },
    );
    group.finish();
}

criterion_group!(benches, legal_moves, play_undo, playouts);
criterion_main!(benches);
