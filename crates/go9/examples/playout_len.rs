//! Playout throughput on one thread (a measurement aid; the benches are in `benches/`):
//! `cargo run --release -p go9 --example playout_len [PLAYOUTS]`.
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let start = go9::Go9::new();
    let mut plies = 0;
    let mut margin = 0i64;
    let clock = std::time::Instant::now();
    for seed in 0..n {
        let mut state = start.clone();
        plies += state.random_playout(&mut go9::GameRng::seed_from(seed));
        margin += state.score().margin();
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{n} scored playouts, {:.1} moves each, mean margin {:.2}: {:.0} playouts/s",
        plies as f64 / n as f64,
        margin as f64 / n as f64,
        n as f64 / seconds
    );
}
