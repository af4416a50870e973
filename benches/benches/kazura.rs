//! Kazura: move generation, complete random games, state clones, and the kept longest paths
//! against a full recomputation on a 19×19 late game.
//!
//! `cargo bench -p benches --bench kazura -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use kazura_core::{Colour, Game, GameRng, Kazura, Move, perft, random_playout};

/// The position `fraction` of the way through the random game of `seed` on a `size` board,
/// and the move played next there.
fn position(size: usize, seed: u64, fraction: f64) -> (Kazura, Move) {
    let mut full = Kazura::new(size).unwrap();
    let plies = full.play_random_game(&mut GameRng::seed_from(seed));
    let moves = full.moves();
    let stop = (plies as f64 * fraction) as usize;
    let mut game = Kazura::new(size).unwrap();
    for &mv in &moves[..stop] {
        game.play(mv).unwrap();
    }
    (game, moves[stop])
}

fn move_generation(c: &mut Criterion) {
    for size in [13, 19] {
        let (game, _) = position(size, 3, 0.5);
        let mut moves = Vec::with_capacity(size * size + 1);
        let expected = game.placement_count(game.colour_to_move());
        c.bench_function(&format!("kazura/legal_moves {size}x{size} mid-game"), |b| {
            b.iter(|| {
                black_box(&game).legal_moves(&mut moves);
                assert_eq!(moves.len(), expected);
            })
        });
    }
}

fn random_games(c: &mut Criterion) {
    let start = Kazura::standard();
    let mut moves = Vec::with_capacity(170);
    let mut seed = 0;
    c.bench_function("kazura/random game 13x13 (move list each ply)", |b| {
        b.iter(|| {
            let mut game = start.clone();
            seed += 1;
            random_playout(&mut game, &mut GameRng::seed_from(seed), 10_000, &mut moves);
            assert!(game.is_over());
        })
    });
    c.bench_function("kazura/random game 13x13 (direct pick)", |b| {
        b.iter(|| {
            let mut game = start.clone();
            seed += 1;
            game.play_random_game(&mut GameRng::seed_from(seed));
            assert!(game.is_over());
        })
    });
}

fn clones(c: &mut Criterion) {
    let (game, _) = position(13, 5, 0.5);
    c.bench_function("kazura/clone 13x13 mid-game", |b| {
        b.iter(|| black_box(black_box(&game).clone()))
    });
}

/// The end query a search makes after every playout: no allocation, one scan of the board.
fn outcomes(c: &mut Criterion) {
    let mut game = Kazura::standard();
    game.play_random_game(&mut GameRng::seed_from(5));
    assert!(game.is_over());
    c.bench_function("kazura/outcome 13x13 finished game", |b| {
        b.iter(|| black_box(black_box(&game).outcome()))
    });
}

fn longest_paths(c: &mut Criterion) {
    let (late, next) = position(19, 7, 0.75);
    let mut after = late.clone();
    after.play(next).unwrap();
    let expected = after.group_lengths();
    assert_eq!(late.group_lengths_from_scratch(), late.group_lengths());
    c.bench_function(
        "kazura/longest path 19x19 late: placement with kept paths",
        |b| {
            b.iter_batched_ref(
                || late.clone(),
                |game| {
                    game.play_unchecked(next);
                    black_box(game.longest_length(Colour::Black))
                },
                BatchSize::SmallInput,
            )
        },
    );
    c.bench_function("kazura/longest path 19x19 late: full recomputation", |b| {
        b.iter(|| {
            let lengths = black_box(&after).group_lengths_from_scratch();
            assert_eq!(lengths.black.len(), expected.black.len());
        })
    });
}

fn perft_9x9(c: &mut Criterion) {
    let start = Kazura::new(9).unwrap();
    c.bench_function("kazura/perft 9x9 depth 3", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 3), 518_400))
    });
}

criterion_group!(
    benches,
    move_generation,
    random_games,
    clones,
    outcomes,
    longest_paths,
    perft_9x9
);
criterion_main!(benches);
