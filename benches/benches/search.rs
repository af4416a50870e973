//! The search engine (`game_core::search`) on every game: playouts per second from the
//! start position with each game's `hard`-level hooks and settings, on one and on two
//! threads (root parallelisation: the two-thread figure should be about 1.7× or more on
//! two free cores). Each iteration is one search of a fixed playout budget with fresh trees
//! whose memory is kept from the last iteration, as in a game.

use std::hint::black_box;

use bao_nyakua::{Position, Ruleset};
use bind::{Bind, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::search::{Budget, Level, Opponent, Searcher};
use go9::Go9;
use kazura_core::Kazura;

/// Playouts per search.
const PLAYOUTS: u64 = 2_000;

fn bench_game<G: Opponent + Clone>(c: &mut Criterion, name: &str, start: &G) {
    let mut group = c.benchmark_group(format!("search/{name}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(PLAYOUTS));
    for threads in [1, 2] {
        let config = G::search_config(Level::Hard)
            .with_budget(Budget::playouts(PLAYOUTS))
            .with_threads(threads)
            .with_seed(1);
        let mut searcher = Searcher::new(config, G::hooks(Level::Hard));
        group.bench_function(format!("{PLAYOUTS} playouts, {threads} thread(s)"), |b| {
            b.iter(|| {
                searcher.reset(start.clone());
                let info = searcher.search_current();
                assert!(!start.is_over() && info.best.is_some());
                black_box(info.playouts)
            });
        });
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    bench_game(c, "kazura 13x13", &Kazura::standard());
    bench_game(c, "bao seed", &Position::start(Ruleset::Seed));
    bench_game(c, "go9", &Go9::new());
    bench_game(c, "bind mini", &Bind::new(Variant::MINI));
}

criterion_group!(benches, search);
criterion_main!(benches);
