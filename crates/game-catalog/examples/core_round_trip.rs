//! How long a cache line takes to go from one core to another and back, which decides what
//! a second thread buys a `Batch` step: two threads hand a counter back and forth and the
//! mean round trip is printed.
//! `taskset -c 0,1 cargo run --release -p game-catalog --example core_round_trip [TRIPS]`
//!
//! On a virtual machine the host may move its two cores from one pair of the physical
//! machine's cores to another: on this project's machine the round trip was 50 to 80 ns for
//! a while and then 310 to 370 ns, back and forth within minutes, and two threads stepped
//! 256 go9 games 1.7 to 1.9 times as fast as one in the first case and about as fast as
//! one in the second (docs/python.md, "On every core"). Run it beside a timing to know
//! which case the timing met.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let trips: u64 = std::env::args().nth(1).map_or(Ok(200_000), |a| a.parse())?;
    // Odd values are the caller's serve, even ones the other thread's return.
    let ball = AtomicU64::new(0);
    let started = std::thread::scope(|scope| {
        scope.spawn(|| {
            for trip in 0..trips {
                while ball.load(Ordering::Acquire) != 2 * trip + 1 {
                    std::hint::spin_loop();
                }
                ball.store(2 * trip + 2, Ordering::Release);
            }
        });
        // Wait until the other thread runs, so that its start is not timed.
        ball.store(1, Ordering::Release);
        while ball.load(Ordering::Acquire) != 2 {
            std::hint::spin_loop();
        }
        let started = Instant::now();
        for trip in 1..trips {
            ball.store(2 * trip + 1, Ordering::Release);
            while ball.load(Ordering::Acquire) != 2 * trip + 2 {
                std::hint::spin_loop();
            }
        }
        started
    });
    let timed = trips.saturating_sub(1).max(1);
    println!(
        "core to core and back: {:.1} ns (mean of {timed} round trips)",
        started.elapsed().as_secs_f64() * 1e9 / timed as f64
    );
    Ok(())
}
