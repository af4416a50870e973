//! The server's log (`tracing`; the binary writes it as text or JSON lines on standard
//! error): what happened to games and connections, each line naming the game and the
//! client. Events an attacker can repeat at will (connections refused, sockets closed
//! for their behaviour) go through a [`Burst`] limit, so a flood writes a few lines and a
//! count of the rest rather than a line per attempt.

use std::sync::Mutex;
use std::sync::PoisonError;
use std::time::{Duration, Instant};

/// At most [`Burst::LINES`] lines of one kind per [`Burst::WINDOW`]; the lines held back
/// are counted and reported with the next line written.
#[derive(Debug)]
pub(crate) struct Burst {
    state: Mutex<BurstState>,
}

#[derive(Debug)]
struct BurstState {
    window_start: Instant,
    written: u32,
    held_back: u64,
}

impl Burst {
    /// Lines written per window.
    pub(crate) const LINES: u32 = 20;
    /// The window.
    pub(crate) const WINDOW: Duration = Duration::from_secs(10);

    /// A limit with nothing written yet.
    pub(crate) fn new() -> Burst {
        Burst {
            state: Mutex::new(BurstState {
                window_start: Instant::now(),
                written: 0,
                held_back: 0,
            }),
        }
    }

    /// Whether a line may be written now: `Some(n)` with the lines held back since the
    /// last one written (to be reported with it), or `None` to hold this one back.
    pub(crate) fn admit(&self) -> Option<u64> {
        self.admit_at(Instant::now())
    }

    /// [`Burst::admit`] at the instant `now`.
    pub(crate) fn admit_at(&self, now: Instant) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if now.saturating_duration_since(state.window_start) >= Self::WINDOW {
            state.window_start = now;
            state.written = 0;
        }
        if state.written >= Self::LINES {
            state.held_back += 1;
            return None;
        }
        state.written += 1;
        Some(std::mem::take(&mut state.held_back))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_writes_a_few_lines_and_counts_the_rest() {
        let burst = Burst::new();
        let start = Instant::now();
        for _ in 0..Burst::LINES {
            assert_eq!(burst.admit_at(start), Some(0));
        }
        for _ in 0..1000 {
            assert_eq!(burst.admit_at(start), None);
        }
        let later = start + Burst::WINDOW;
        assert_eq!(
            burst.admit_at(later),
            Some(1000),
            "the count comes with the next line"
        );
        assert_eq!(burst.admit_at(later), Some(0));
    }
}
