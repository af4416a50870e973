//! Watching a move step by step: for user interfaces, traces and the B-3 test.

use game_core::Player;

use crate::pit::{Direction, Pit};
use crate::position::Position;

/// One step of a move, reported to an [`Observer`] right after the position changed.
///
/// `in_flight` is the number of kete lifted or captured and not yet sown: during a move,
/// board + hands + `pending` + `in_flight` is always 64 (B-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One kete went from the mover's hand into the start pit `pit` (NAMUA, B-10/B-11).
    Place {
        /// Where the kete went.
        pit: Pit,
    },
    /// The start pit was lifted (`count` kete) to be sown.
    Lift {
        /// The start pit.
        pit: Pit,
        /// How many kete were lifted.
        count: u8,
        /// Kete in flight after the lift.
        in_flight: u8,
    },
    /// One kete was sown into the mover's `pit`.
    Sow {
        /// Where it landed.
        pit: Pit,
        /// Kete still in flight.
        in_flight: u8,
    },
    /// A lap ended in `pit` (B-6); `lap` counts from 0 for the first lap of the move, as
    /// B-21 numbers them, and `sown` is the number of kete sown in the move so far.
    LapEnd {
        /// The pit that got the lap's last kete.
        pit: Pit,
        /// The lap's number (0 = first).
        lap: u16,
        /// The lap's direction.
        direction: Direction,
        /// Kete sown so far in this move.
        sown: u32,
    },
    /// The mover captured `count` kete from the opponent's front pit `from` (B-8).
    Capture {
        /// The opponent's emptied pit, named from the opponent's side.
        from: Pit,
        /// How many kete were taken.
        count: u8,
        /// Kete in flight after the capture.
        in_flight: u8,
    },
    /// The lap's end pit was lifted and sown on (B-6.4).
    Relay {
        /// The lifted pit.
        pit: Pit,
        /// How many kete were lifted.
        count: u8,
        /// Kete in flight after the lift.
        in_flight: u8,
    },
    /// One kete from `from`'s hand was added to the mover's end pit (B-14; two steps per
    /// addition, the mover's kete first).
    Addition {
        /// Whose hand gave the kete.
        from: Player,
        /// The end pit.
        pit: Pit,
    },
}

/// Receives every [`Step`] of a move. The default does nothing, and the move code is
/// generic over the observer, so playing without one costs nothing.
pub trait Observer {
    /// Whether the observer wants the [`Step::Sow`] of every single kete. When `false`,
    /// a lap is sown in one go (the same result, in constant time) and no `Sow` step is
    /// reported; every other step still is.
    const WANTS_EACH_KETE: bool = true;

    /// Called after each step; `position` already shows the step's effect.
    fn step(&mut self, position: &Position, step: Step) {
        let _ = (position, step);
    }
}

/// The observer that ignores everything (what [`Position::play_observed`] uses for plain
/// play).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const WANTS_EACH_KETE: bool = false;
}

impl<F: FnMut(&Position, Step)> Observer for F {
    fn step(&mut self, position: &Position, step: Step) {
        self(position, step);
    }
}
