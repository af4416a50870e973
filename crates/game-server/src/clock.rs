//! The server's game clock: main time, then byo-yomi periods or a Fischer increment.
//!
//! Pure arithmetic on milliseconds: the room calls [`Clock::charge`] with the time the
//! mover took when a move arrives and [`Clock::deadline`] to know when the mover's flag
//! falls. The state is a few integers that the store keeps (the remaining times and the
//! time the turn began), so a restarted server computes the same flag time.

use serde::{Deserialize, Serialize};

/// The longest time setting accepted, in milliseconds (a day).
pub const MAX_SETTING_MS: u64 = 24 * 60 * 60 * 1000;
/// The most byo-yomi periods accepted.
pub const MAX_PERIODS: u32 = 100;

/// How a clock is set when the game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Main time for each side, in milliseconds.
    pub main_ms: u64,
    /// Byo-yomi: after the main time, `periods` periods of `period_ms` each; a move made
    /// within a period keeps it, a period that runs out is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byoyomi: Option<ByoYomi>,
    /// Fischer increment: added to the mover's time after each move, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment_ms: Option<u64>,
}

/// Byo-yomi periods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByoYomi {
    /// How many periods.
    pub periods: u32,
    /// The length of one period, in milliseconds.
    pub period_ms: u64,
}

/// Why a clock setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockSpecError {
    /// Both byo-yomi and an increment were asked for.
    #[error("a clock has byo-yomi or a Fischer increment, not both")]
    Both,
    /// A time outside 0 ..= a day, or a clock with no time at all.
    #[error("{0}")]
    Range(&'static str),
}

impl ClockSpec {
    /// Checks the setting's ranges.
    ///
    /// # Errors
    /// [`ClockSpecError`] naming what is wrong.
    pub fn validate(&self) -> Result<(), ClockSpecError> {
        if self.byoyomi.is_some() && self.increment_ms.is_some() {
            return Err(ClockSpecError::Both);
        }
        if self.main_ms > MAX_SETTING_MS {
            return Err(ClockSpecError::Range("main_ms is more than a day"));
        }
        if let Some(b) = self.byoyomi {
            if b.period_ms == 0 || b.period_ms > MAX_SETTING_MS {
                return Err(ClockSpecError::Range("period_ms must be 1 ms to a day"));
            }
            if b.periods == 0 || b.periods > MAX_PERIODS {
                return Err(ClockSpecError::Range("periods must be 1 to 100"));
            }
        }
        if self.increment_ms.is_some_and(|i| i > MAX_SETTING_MS) {
            return Err(ClockSpecError::Range("increment_ms is more than a day"));
        }
        if self.main_ms == 0 && self.byoyomi.is_none() {
            return Err(ClockSpecError::Range("a clock needs main time or byo-yomi"));
        }
        Ok(())
    }
}

/// One side's time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideTime {
    /// Main time left (with increments added), in milliseconds.
    pub remaining_ms: u64,
    /// Byo-yomi periods left.
    pub periods: u32,
}

/// A running clock: the setting, both sides' time (by seat) and when the turn began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The setting.
    pub spec: ClockSpec,
    /// Each seat's time, seat 0 first, as it stood when the current turn began.
    pub sides: [SideTime; 2],
    /// When the current turn began (Unix milliseconds); `None` before the clock starts
    /// (until both seats have joined) and after the game is over.
    pub turn_started_ms: Option<u64>,
}

/// What charging the mover's time found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// The move was in time.
    InTime,
    /// The mover's flag had fallen before the move arrived.
    FlagFell,
}

impl Clock {
    /// A new clock, stopped, both sides at the start of their time.
    #[must_use]
    pub fn new(spec: ClockSpec) -> Clock {
        let side = SideTime {
            remaining_ms: spec.main_ms,
            periods: spec.byoyomi.map_or(0, |b| b.periods),
        };
        Clock {
            spec,
            sides: [side; 2],
            turn_started_ms: None,
        }
    }

    /// How long `seat` may still think from the start of its turn, all periods included.
    #[must_use]
    pub fn allowance_ms(&self, seat: usize) -> u64 {
        let side = self.sides[seat];
        let periods = self
            .spec
            .byoyomi
            .map_or(0, |b| u64::from(side.periods).saturating_mul(b.period_ms));
        side.remaining_ms.saturating_add(periods)
    }

    /// When `seat`'s flag falls if it is to move (Unix milliseconds); `None` while stopped.
    #[must_use]
    pub fn deadline(&self, seat: usize) -> Option<u64> {
        self.turn_started_ms
            .map(|start| start.saturating_add(self.allowance_ms(seat)))
    }

    /// Charges `seat` for the time from the turn's start to `now_ms` and starts the other
    /// seat's turn at `now_ms`. A stopped clock (before both seats have joined) stays
    /// stopped and charges nothing.
    pub fn charge(&mut self, seat: usize, now_ms: u64) -> Charge {
        let Some(start) = self.turn_started_ms else {
            return Charge::InTime;
        };
        let spent = now_ms.saturating_sub(start);
        if spent >= self.allowance_ms(seat) && self.allowance_ms(seat) > 0 {
            self.spend_all(seat);
            return Charge::FlagFell;
        }
        let side = &mut self.sides[seat];
        if spent <= side.remaining_ms {
            side.remaining_ms -= spent;
        } else if let Some(b) = self.spec.byoyomi {
            let over = spent - side.remaining_ms;
            side.remaining_ms = 0;
            // Whole periods used up are lost; the one the move was made in is kept.
            let lost = over / b.period_ms.max(1);
            side.periods = side
                .periods
                .saturating_sub(u32::try_from(lost).unwrap_or(u32::MAX));
        }
        if let Some(inc) = self.spec.increment_ms {
            side.remaining_ms = side.remaining_ms.saturating_add(inc);
        }
        self.turn_started_ms = Some(now_ms);
        Charge::InTime
    }

    /// Takes every millisecond and period from `seat` (its flag fell).
    pub fn spend_all(&mut self, seat: usize) {
        self.sides[seat] = SideTime {
            remaining_ms: 0,
            periods: 0,
        };
    }

    /// Restarts the current turn at `now_ms` without charging anyone (after an undo).
    pub fn restart_turn(&mut self, now_ms: u64) {
        if self.turn_started_ms.is_some() {
            self.turn_started_ms = Some(now_ms);
        }
    }

    /// Stops the clock (the game is over), first charging the mover what it has used.
    pub fn stop(&mut self, seat: usize, now_ms: u64) {
        if let Some(start) = self.turn_started_ms {
            let spent = now_ms.saturating_sub(start);
            let side = &mut self.sides[seat];
            side.remaining_ms = side.remaining_ms.saturating_sub(spent);
        }
        self.turn_started_ms = None;
    }

    /// `seat`'s time as it stands at `now_ms`, for showing: main time left and periods.
    #[must_use]
    pub fn view(&self, seat: usize, to_move: Option<usize>, now_ms: u64) -> SideTime {
        let mut side = self.sides[seat];
        if to_move == Some(seat)
            && let Some(start) = self.turn_started_ms
        {
            let spent = now_ms.saturating_sub(start);
            if spent <= side.remaining_ms {
                side.remaining_ms -= spent;
            } else {
                let over = spent - side.remaining_ms;
                side.remaining_ms = 0;
                if let Some(b) = self.spec.byoyomi {
                    let lost = u32::try_from(over / b.period_ms.max(1)).unwrap_or(u32::MAX);
                    side.periods = side.periods.saturating_sub(lost);
                }
            }
        }
        side
    }

    /// The time left in `seat`'s current byo-yomi period at `now_ms`, for showing: a whole
    /// period while main time lasts or while the other side moves, less what the mover has
    /// spent in the period it is in, 0 once its last period has run out. `None` without
    /// byo-yomi.
    #[must_use]
    pub fn period_left_ms(&self, seat: usize, to_move: Option<usize>, now_ms: u64) -> Option<u64> {
        let b = self.spec.byoyomi?;
        let period = b.period_ms.max(1);
        let side = self.sides[seat];
        let (Some(start), true) = (self.turn_started_ms, to_move == Some(seat)) else {
            return Some(period);
        };
        let spent = now_ms.saturating_sub(start);
        let Some(over) = spent.checked_sub(side.remaining_ms) else {
            return Some(period);
        };
        if over / period >= u64::from(side.periods) {
            return Some(0);
        }
        Some(period - over % period)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn byo(main: u64, periods: u32, period: u64) -> Clock {
        Clock::new(ClockSpec {
            main_ms: main,
            byoyomi: Some(ByoYomi {
                periods,
                period_ms: period,
            }),
            increment_ms: None,
        })
    }

    #[test]
    fn a_stopped_clock_charges_nothing() {
        let mut c = byo(1000, 2, 100);
        assert_eq!(c.charge(0, 5000), Charge::InTime);
        assert_eq!(c, byo(1000, 2, 100));
        assert_eq!(c.deadline(1), None);
        c.turn_started_ms = Some(5000);
        assert_eq!(c.deadline(1), Some(5000 + 1000 + 200));
    }

    #[test]
    fn byoyomi_keeps_the_period_a_move_is_made_in() {
        let mut c = byo(1000, 3, 100);
        c.turn_started_ms = Some(0);
        assert_eq!(c.charge(0, 1050), Charge::InTime);
        assert_eq!(
            c.sides[0],
            SideTime {
                remaining_ms: 0,
                periods: 3
            }
        );
        assert_eq!(c.charge(1, 1050 + 10), Charge::InTime);
        assert_eq!(c.charge(0, 1060 + 250), Charge::InTime);
        assert_eq!(c.sides[0].periods, 1);
        assert_eq!(c.charge(1, 1310), Charge::InTime);
        assert_eq!(c.charge(0, 1310 + 100), Charge::FlagFell);
    }

    #[test]
    fn the_time_left_in_the_current_period_counts_down_and_restarts_with_each_period() {
        // 1 s main time, then 3 periods of 100 ms; Black's turn began at 0.
        let mut c = byo(1000, 3, 100);
        assert_eq!(
            c.period_left_ms(0, Some(0), 500),
            Some(100),
            "a stopped clock"
        );
        c.turn_started_ms = Some(0);
        assert_eq!(
            c.period_left_ms(0, Some(0), 999),
            Some(100),
            "main time lasts"
        );
        assert_eq!(
            c.period_left_ms(0, Some(0), 1000),
            Some(100),
            "main time just ended"
        );
        assert_eq!(c.period_left_ms(0, Some(0), 1030), Some(70));
        assert_eq!(
            c.period_left_ms(0, Some(0), 1100),
            Some(100),
            "the second period"
        );
        assert_eq!(
            c.period_left_ms(0, Some(0), 1299),
            Some(1),
            "the last period"
        );
        assert_eq!(c.period_left_ms(0, Some(0), 1300), Some(0), "the flag fell");
        assert_eq!(
            c.period_left_ms(1, Some(0), 1250),
            Some(100),
            "not White's turn"
        );
        // Once in byo-yomi, each turn starts a fresh period: White's turn from 2000.
        c.sides[1].remaining_ms = 0;
        c.turn_started_ms = Some(2000);
        assert_eq!(c.period_left_ms(1, Some(1), 2040), Some(60));
        let plain = Clock::new(ClockSpec {
            main_ms: 1000,
            byoyomi: None,
            increment_ms: Some(5),
        });
        assert_eq!(plain.period_left_ms(0, Some(0), 0), None);
    }

    #[test]
    fn fischer_adds_the_increment_after_the_move() {
        let mut c = Clock::new(ClockSpec {
            main_ms: 1000,
            byoyomi: None,
            increment_ms: Some(500),
        });
        c.turn_started_ms = Some(0);
        assert_eq!(c.charge(0, 800), Charge::InTime);
        assert_eq!(c.sides[0].remaining_ms, 700);
        assert_eq!(c.deadline(1), Some(1800));
        assert_eq!(c.charge(1, 2800), Charge::FlagFell);
    }

    #[test]
    fn settings_are_checked() {
        let mut s = ClockSpec {
            main_ms: 0,
            byoyomi: None,
            increment_ms: None,
        };
        assert!(s.validate().is_err());
        s.main_ms = 10;
        s.increment_ms = Some(1);
        s.byoyomi = Some(ByoYomi {
            periods: 1,
            period_ms: 1,
        });
        assert_eq!(s.validate(), Err(ClockSpecError::Both));
    }
}
