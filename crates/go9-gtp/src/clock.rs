//! GTP time control (`time_settings`, `time_left`): how long each `genmove` may think so
//! that the engine never loses on time (`docs/go9.md`, G-14 and "GTP for controllers").

use std::time::Duration;

use game_core::Player;

use crate::engine::GtpReply;

/// Time kept back from every plan for the controller's and the pipe's overhead.
pub const SAFETY: Duration = Duration::from_millis(250);
/// The least a move thinks, even when the clock is nearly out.
pub const MIN_THINK: Duration = Duration::from_millis(20);

/// The settings of `time_settings` and the time each colour has left.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct GtpClock {
    /// `(main time, byo-yomi time, byo-yomi stones)` in seconds, once set.
    settings: Option<(f64, f64, u32)>,
    /// Per colour: seconds left in the current period and stones left in it (0: main time).
    left: [Option<(f64, u32)>; 2],
}

fn parse_secs(text: &str) -> Result<f64, GtpReply> {
    text.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .ok_or_else(|| GtpReply::fail(format!("syntax error: `{text}` is not a time")))
}

fn parse_stones(text: &str) -> Result<u32, GtpReply> {
    text.parse::<u32>()
        .map_err(|_| GtpReply::fail(format!("syntax error: `{text}` is not a stone count")))
}

impl GtpClock {
    /// `time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES`.
    pub(crate) fn settings(&mut self, args: &[&str]) -> Result<(), GtpReply> {
        let [main, byo, stones] = args else {
            return Err(GtpReply::fail(
                "syntax error: time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES",
            ));
        };
        self.settings = Some((parse_secs(main)?, parse_secs(byo)?, parse_stones(stones)?));
        self.new_game();
        Ok(())
    }

    /// Both colours start with the whole main time (or the first byo-yomi period).
    pub(crate) fn new_game(&mut self) {
        self.left = [self.start(); 2];
    }

    fn start(&self) -> Option<(f64, u32)> {
        let (main, byo, stones) = self.settings?;
        Some(if main > 0.0 { (main, 0) } else { (byo, stones) })
    }

    /// `time_left COLOUR TIME STONES` (the colour already read).
    pub(crate) fn left(&mut self, player: Player, args: &[&str]) -> Result<(), GtpReply> {
        let [time, stones] = args else {
            return Err(GtpReply::fail("syntax error: time_left COLOUR TIME STONES"));
        };
        self.left[player.index()] = Some((parse_secs(time)?, parse_stones(stones)?));
        Ok(())
    }

    /// Takes a move's thinking time off `player`'s clock (for controllers that do not send
    /// `time_left`), entering byo-yomi or a new period as needed.
    pub(crate) fn spent(&mut self, player: Player, elapsed: Duration) {
        let Some((_, byo, stones)) = self.settings else {
            return;
        };
        let Some((mut left, mut in_period)) = self.left[player.index()] else {
            return;
        };
        left -= elapsed.as_secs_f64();
        if in_period > 0 {
            in_period -= 1;
            if in_period == 0 {
                (left, in_period) = (byo, stones);
            }
        } else if left <= 0.0 && stones > 0 {
            (left, in_period) = (byo + left.min(0.0), stones);
        }
        self.left[player.index()] = Some((left.max(0.0), in_period));
    }

    /// How long `player` may think on this move with `empty` empty points left, or `None`
    /// without time control (no `time_settings`, or GTP's "no limit": byo-yomi time and no
    /// stones).
    ///
    /// In byo-yomi: the period's time shared by its stones. In main time: the time left
    /// shared by the moves still to come (half the empty points, at least 10, so never more
    /// than a tenth of what is left), plus half a byo-yomi move when there is byo-yomi.
    /// [`SAFETY`] is kept back; [`MIN_THINK`] is the floor.
    pub(crate) fn think_time(&self, player: Player, empty: u32) -> Option<Duration> {
        let (_, byo, stones) = self.settings?;
        if byo > 0.0 && stones == 0 {
            return None;
        }
        let (left, in_period) = self.left[player.index()].or(self.start())?;
        let usable = (left - SAFETY.as_secs_f64()).max(0.0);
        let secs = if in_period > 0 {
            usable / f64::from(in_period)
        } else {
            let moves = f64::from((empty / 2).max(10));
            let byo_share = if stones > 0 {
                0.5 * (byo - SAFETY.as_secs_f64()).max(0.0) / f64::from(stones)
            } else {
                0.0
            };
            // At least 10 moves to come, so never more than a tenth of the time left.
            usable / moves + byo_share
        };
        Some(Duration::from_secs_f64(secs).max(MIN_THINK))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_settings_or_with_no_limit_there_is_no_plan() {
        let mut clock = GtpClock::default();
        assert_eq!(clock.think_time(Player::First, 81), None);
        clock.settings(&["0", "1", "0"]).unwrap();
        assert_eq!(clock.think_time(Player::First, 81), None);
    }

    #[test]
    fn main_time_is_shared_by_the_moves_to_come() {
        let mut clock = GtpClock::default();
        clock.settings(&["60", "0", "0"]).unwrap();
        let t = clock.think_time(Player::First, 81).unwrap().as_secs_f64();
        assert!(t > 1.0 && t < 60.0 / 40.0 + 0.01, "{t}");
        clock.left(Player::First, &["1", "0"]).unwrap();
        let t = clock.think_time(Player::First, 81).unwrap().as_secs_f64();
        assert!(t < 0.1, "{t}");
        // The other colour still has its whole time.
        assert!(clock.think_time(Player::Second, 81).unwrap().as_secs_f64() > 1.0);
    }

    #[test]
    fn byo_yomi_shares_the_period_and_self_tracking_enters_it() {
        let mut clock = GtpClock::default();
        clock.settings(&["1", "10", "5"]).unwrap();
        clock.spent(Player::First, Duration::from_secs(2));
        let t = clock.think_time(Player::First, 60).unwrap().as_secs_f64();
        // In byo-yomi with 9 s for 5 stones.
        assert!(t > 1.0 && t < 2.0, "{t}");
        clock.left(Player::First, &["3", "3"]).unwrap();
        let t = clock.think_time(Player::First, 60).unwrap().as_secs_f64();
        assert!(t > 0.8 && t < 1.0, "{t}");
    }

    fn seconds(clock: &GtpClock, empty: u32) -> f64 {
        clock
            .think_time(Player::First, empty)
            .unwrap()
            .as_secs_f64()
    }

    /// G-14 (`time_settings 0 B S`): with no main time the game starts in byo-yomi, and
    /// each move gets the period's time (less the reserve) shared by its stones.
    #[test]
    fn without_main_time_the_game_starts_in_a_byo_yomi_period() {
        let mut clock = GtpClock::default();
        clock.settings(&["0", "10", "5"]).unwrap();
        let reserve = SAFETY.as_secs_f64();
        assert!((seconds(&clock, 81) - (10.0 - reserve) / 5.0).abs() < 1e-9);
        // Without `time_left`, each move's time comes off the period and one stone is
        // used: after three moves of 1 s, 7 s are left for 2 stones.
        for _ in 0..3 {
            clock.spent(Player::First, Duration::from_secs(1));
        }
        assert!((seconds(&clock, 81) - (7.0 - reserve) / 2.0).abs() < 1e-9);
        // The period's last two stones used, a new period starts.
        for _ in 0..2 {
            clock.spent(Player::First, Duration::from_secs(1));
        }
        assert!((seconds(&clock, 81) - (10.0 - reserve) / 5.0).abs() < 1e-9);
    }

    /// Without `time_left`, main time is counted down by the engine itself.
    #[test]
    fn self_tracking_takes_each_move_off_the_main_time() {
        let mut clock = GtpClock::default();
        clock.settings(&["60", "0", "0"]).unwrap();
        clock.spent(Player::First, Duration::from_secs(20));
        // 40 s left, shared by the 40 moves to come on an empty board.
        let expected = (40.0 - SAFETY.as_secs_f64()) / 40.0;
        assert!((seconds(&clock, 81) - expected).abs() < 1e-9);
    }

    /// G-14 in main time with byo-yomi to follow: each move gets its share of the main
    /// time plus half a byo-yomi move (the period's time less the reserve, shared by its
    /// stones), as the plan in `think_time`'s documentation says.
    #[test]
    fn main_time_adds_half_a_byo_yomi_move() {
        let mut clock = GtpClock::default();
        clock.settings(&["60", "30", "5"]).unwrap();
        let reserve = SAFETY.as_secs_f64();
        // 40 moves to come on an empty board (half its 81 points).
        let expected = (60.0 - reserve) / 40.0 + 0.5 * (30.0 - reserve) / 5.0;
        assert!((seconds(&clock, 81) - expected).abs() < 1e-9);
        // Late in the game, at least 10 moves are still planned for.
        clock.left(Player::First, &["20", "0"]).unwrap();
        let expected = (20.0 - reserve) / 10.0 + 0.5 * (30.0 - reserve) / 5.0;
        assert!((seconds(&clock, 6) - expected).abs() < 1e-9);
    }

    /// Self-tracked main time with byo-yomi to follow stays main time while some is left,
    /// and the first period starts only when it runs out.
    #[test]
    fn byo_yomi_starts_only_when_main_time_runs_out() {
        let mut clock = GtpClock::default();
        clock.settings(&["60", "30", "5"]).unwrap();
        let reserve = SAFETY.as_secs_f64();
        clock.spent(Player::First, Duration::from_secs(10));
        let expected = (50.0 - reserve) / 40.0 + 0.5 * (30.0 - reserve) / 5.0;
        assert!((seconds(&clock, 81) - expected).abs() < 1e-9);
        // 55 s more: main time is over 5 s into the move, which the period pays for.
        clock.spent(Player::First, Duration::from_secs(55));
        assert!((seconds(&clock, 81) - (25.0 - reserve) / 5.0).abs() < 1e-9);
    }

    #[test]
    fn bad_arguments_are_refused() {
        let mut clock = GtpClock::default();
        assert!(clock.settings(&["a", "0", "0"]).is_err());
        assert!(clock.settings(&["1", "0"]).is_err());
        assert!(clock.left(Player::First, &["-1", "0"]).is_err());
    }
}
