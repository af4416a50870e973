//! Average playout length (a quick measurement aid).
fn main() {
    let mut total = 0;
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let t = std::time::Instant::now();
    for seed in 0..n {
        let mut s = go9::GoState::new();
        total += s.random_playout(&mut game_core::GameRng::seed_from(seed));
    }
    let e = t.elapsed().as_secs_f64();
    println!(
        "avg plies {} ; {:.0} playouts/s (no scoring)",
        total as f64 / n as f64,
        n as f64 / e
    );
}
