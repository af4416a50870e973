//! [`ResignRule`]: when a computer player gives up, the one rule every front end shares
//! (GTP's `genmove`, the game server's computer seat, the web page).

use crate::search::config::Level;

/// When the computer resigns: after [`streak`](ResignRule::streak) of its searches in a
/// row found a win rate below [`threshold`](ResignRule::threshold), once the position has
/// at least [`from_ply`](ResignRule::from_ply) plies played. It is also the running count
/// of one player's low searches: feed it every search of that player with
/// [`ResignRule::resigns`], in order.
///
/// * A win rate exactly at the threshold is not low, and ends a run of low searches.
/// * A search that played no playout (a forced move, or a move from a finished tree that
///   searched nothing) tells nothing: it ends the run too.
/// * Low searches before `from_ply` count towards the streak; only the resignation waits.
/// * A threshold of 0 or below (or not a number) never resigns.
///
/// [`ResignRule::STANDARD`] (below 0.1 for 3 searches in a row, from ply 20) is every
/// level's rule but `easy`'s, which never resigns ([`ResignRule::for_level`]).
///
/// ```
/// use game_core::search::{Level, ResignRule};
///
/// let mut rule = ResignRule::for_level(Level::Normal).expect("normal resigns");
/// assert_eq!(rule, ResignRule::STANDARD);
/// assert!(!rule.resigns(30, 0.05, 4_000));
/// assert!(!rule.resigns(32, 0.04, 4_000));
/// assert!(rule.resigns(34, 0.03, 4_000)); // the third low search in a row
/// assert_eq!(ResignRule::for_level(Level::Easy), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    /// The win rate (for the searching player, in `[0, 1]`) below which a search is low.
    pub threshold: f64,
    /// Low searches in a row that make the player resign (at least 1).
    pub streak: u32,
    /// Plies played before a resignation may happen.
    pub from_ply: usize,
    /// Low searches in a row so far.
    low: u32,
}

impl ResignRule {
    /// Below a 10 % win rate for 3 searches in a row, from ply 20: the rule of `normal` and
    /// `hard` everywhere (GTP's `--resign-threshold` default, the server's computer seat,
    /// the web page).
    pub const STANDARD: ResignRule = ResignRule::new(0.1, 3, 20);

    /// A rule with no low search counted yet (`streak` 0 counts as 1).
    #[must_use]
    pub const fn new(threshold: f64, streak: u32, from_ply: usize) -> ResignRule {
        ResignRule {
            threshold,
            streak: if streak == 0 { 1 } else { streak },
            from_ply,
            low: 0,
        }
    }

    /// The rule of `level`: `None` at [`Level::Easy`] (it never resigns, being weak on
    /// purpose), [`ResignRule::STANDARD`] at every other level.
    #[must_use]
    pub const fn for_level(level: Level) -> Option<ResignRule> {
        match level {
            Level::Easy => None,
            _ => Some(ResignRule::STANDARD),
        }
    }

    /// The same rule with another threshold (0 turns resignation off), its count kept.
    #[must_use]
    pub const fn with_threshold(mut self, threshold: f64) -> ResignRule {
        self.threshold = threshold;
        self
    }

    /// Counts one search of the player, made in a position with `ply` plies played, that
    /// found `win_rate` with `playouts` playouts, and says whether the player resigns now.
    pub fn resigns(&mut self, ply: usize, win_rate: f64, playouts: u64) -> bool {
        // A NaN threshold is off too.
        let on = self.threshold > 0.0;
        if !on || playouts == 0 {
            self.low = 0;
            return false;
        }
        if win_rate < self.threshold {
            self.low = self.low.saturating_add(1);
        } else {
            self.low = 0;
        }
        self.low >= self.streak && ply >= self.from_ply
    }

    /// Low searches in a row so far.
    #[must_use]
    pub const fn low_streak(&self) -> u32 {
        self.low
    }

    /// Forgets the low searches counted (a new game).
    pub fn reset(&mut self) {
        self.low = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_low_searches_in_a_row_from_ply_20_resign() {
        let mut rule = ResignRule::STANDARD;
        assert_eq!((rule.threshold, rule.streak, rule.from_ply), (0.1, 3, 20));
        assert!(!rule.resigns(20, 0.09, 100));
        assert!(!rule.resigns(21, 0.09, 100));
        assert_eq!(rule.low_streak(), 2);
        assert!(rule.resigns(22, 0.09, 100));
        // It stays resigned while the searches stay low.
        assert!(rule.resigns(23, 0.0, 100));
    }

    #[test]
    fn a_win_rate_at_the_threshold_or_a_search_without_playouts_ends_the_run() {
        let mut rule = ResignRule::STANDARD;
        assert!(!rule.resigns(40, 0.05, 100));
        assert!(!rule.resigns(41, 0.05, 100));
        assert!(
            !rule.resigns(42, 0.1, 100),
            "exactly the threshold is not low"
        );
        assert_eq!(rule.low_streak(), 0);
        assert!(!rule.resigns(43, 0.05, 100));
        assert!(!rule.resigns(44, 0.05, 100));
        assert!(!rule.resigns(45, 0.0, 0), "a forced move tells nothing");
        assert_eq!(rule.low_streak(), 0);
        assert!(!rule.resigns(46, 0.05, 100));
        assert!(!rule.resigns(47, 0.05, 100));
        assert!(rule.resigns(48, 0.05, 100));
        rule.reset();
        assert_eq!(rule.low_streak(), 0);
    }

    #[test]
    fn low_searches_before_the_ply_count_but_wait() {
        let mut rule = ResignRule::STANDARD;
        for ply in 0..19 {
            assert!(!rule.resigns(ply, 0.01, 10), "ply {ply}");
        }
        assert_eq!(rule.low_streak(), 19);
        assert!(!rule.resigns(19, 0.01, 10));
        assert!(rule.resigns(20, 0.01, 10));
    }

    #[test]
    fn a_threshold_of_zero_or_nan_never_resigns_and_easy_has_no_rule() {
        for threshold in [0.0, -1.0, f64::NAN] {
            let mut rule = ResignRule::STANDARD.with_threshold(threshold);
            for ply in 20..40 {
                assert!(!rule.resigns(ply, 0.0, 100), "{threshold}");
            }
        }
        assert_eq!(ResignRule::for_level(Level::Easy), None);
        assert_eq!(
            ResignRule::for_level(Level::Normal),
            Some(ResignRule::STANDARD)
        );
        assert_eq!(
            ResignRule::for_level(Level::Hard),
            Some(ResignRule::STANDARD)
        );
        // A streak of 0 means 1; a threshold of 1 makes every search low.
        let mut eager = ResignRule::new(1.0, 0, 0);
        assert_eq!(eager.streak, 1);
        assert!(eager.resigns(0, 0.99, 1));
    }
}
