//! Who plays whom in a quick-match queue: a pure function of the players waiting, their
//! ratings and how long each has waited (docs/server.md, "Quick match").
//!
//! Each player accepts an opponent whose rating is within a window that starts at
//! [`FIRST_WINDOW`] points and widens by [`WIDENING_PER_SECOND`] a second of waiting; two
//! players may meet when each is within the other's window. The longest-waiting player
//! is served first, with the nearest rating among those it may meet (the longer-waiting
//! on a tie), so that nobody waits behind newcomers.

use game_catalog::Level;

/// The rating difference every player accepts from the start.
pub const FIRST_WINDOW: u32 = 100;

/// How much wider a player's window grows for each second waited.
pub const WIDENING_PER_SECOND: u32 = 50;

/// One player waiting in a queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeker {
    /// The player's ticket: unique in the queue.
    pub ticket: u64,
    /// The rating pairing goes by (an account's; [`crate::matching::GUEST_RATING`] for a
    /// guest).
    pub rating: u32,
    /// When the player joined the queue, in milliseconds since the epoch.
    pub since_ms: u64,
    /// The player's account, if signed in: an account never meets itself (two tabs).
    pub account: Option<String>,
}

impl Seeker {
    /// The widest rating difference this player accepts at `now_ms`.
    #[must_use]
    pub fn window(&self, now_ms: u64) -> u32 {
        let seconds = now_ms.saturating_sub(self.since_ms) / 1000;
        let widening = u32::try_from(seconds)
            .unwrap_or(u32::MAX)
            .saturating_mul(WIDENING_PER_SECOND);
        FIRST_WINDOW.saturating_add(widening)
    }

    /// Whether this player and `other` may meet at `now_ms`: each within the other's
    /// window, and not one account twice.
    #[must_use]
    pub fn accepts(&self, other: &Seeker, now_ms: u64) -> bool {
        if self.account.is_some() && self.account == other.account {
            return false;
        }
        let gap = self.rating.abs_diff(other.rating);
        gap <= self.window(now_ms) && gap <= other.window(now_ms)
    }
}

/// The pairs to make among `waiting` at `now_ms`, as tickets: every player in at most one
/// pair, every pair within both players' windows.
#[must_use]
pub fn pairs(waiting: &[Seeker], now_ms: u64) -> Vec<(u64, u64)> {
    let mut order: Vec<&Seeker> = waiting.iter().collect();
    order.sort_by_key(|s| (s.since_ms, s.ticket));
    let mut taken = vec![false; order.len()];
    let mut made = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let first = order[i];
        let nearest = (i + 1..order.len())
            .filter(|&j| !taken[j] && first.accepts(order[j], now_ms))
            // The nearest rating; on a tie the earlier in `order` (the longer waiting).
            .min_by_key(|&j| (first.rating.abs_diff(order[j].rating), j));
        if let Some(j) = nearest {
            taken[i] = true;
            taken[j] = true;
            made.push((first.ticket, order[j].ticket));
        }
    }
    made
}

/// The computer's level for a player of `rating`, when nobody came: easy below 1,100,
/// normal below 1,400, hard from there (a guest, at 1,200, meets normal).
#[must_use]
pub fn level_for(rating: u32) -> Level {
    match rating {
        0..1100 => Level::Easy,
        1100..1400 => Level::Normal,
        _ => Level::Hard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn seeker(ticket: u64, rating: u32, since_ms: u64) -> Seeker {
        Seeker {
            ticket,
            rating,
            since_ms,
            account: None,
        }
    }

    #[test]
    fn the_window_widens_by_the_second() {
        let s = seeker(1, 1200, 10_000);
        assert_eq!(s.window(10_000), 100);
        assert_eq!(s.window(10_999), 100);
        assert_eq!(s.window(11_000), 150);
        assert_eq!(s.window(30_000), 1100);
        // A clock that went back counts as no wait.
        assert_eq!(s.window(0), 100);
    }

    #[test]
    fn far_ratings_wait_until_both_windows_reach() {
        let a = seeker(1, 1200, 0);
        let b = seeker(2, 1500, 4_000);
        // 300 apart: a's window reaches 300 at 4 s, b's at 8 s (it came 4 s later).
        assert!(pairs(&[a.clone(), b.clone()], 7_999).is_empty());
        assert_eq!(pairs(&[a.clone(), b.clone()], 8_000), vec![(1, 2)]);
    }

    #[test]
    fn the_longest_waiting_is_served_first_with_the_nearest_rating() {
        let old = seeker(1, 1200, 0);
        let near = seeker(2, 1210, 5_000);
        let far = seeker(3, 1280, 5_000);
        let pair = pairs(&[far, near, old.clone()], 5_000);
        assert_eq!(pair, vec![(1, 2)]);
        // On equal gaps, the one that waited longer.
        let early = seeker(4, 1250, 1_000);
        let late = seeker(5, 1150, 2_000);
        assert_eq!(pairs(&[late, old, early], 2_000), vec![(1, 4)]);
    }

    #[test]
    fn an_account_never_meets_itself() {
        let tab = |ticket| Seeker {
            account: Some("ann".into()),
            ..seeker(ticket, 1200, 0)
        };
        assert!(pairs(&[tab(1), tab(2)], 60_000).is_empty());
        let bo = Seeker {
            account: Some("bo".into()),
            ..seeker(3, 1200, 0)
        };
        assert_eq!(pairs(&[tab(1), tab(2), bo], 0), vec![(1, 3)]);
    }

    #[test]
    fn a_lone_player_is_not_paired() {
        assert!(pairs(&[seeker(1, 1200, 0)], 60_000).is_empty());
        assert!(pairs(&[], 0).is_empty());
    }

    #[test]
    fn levels_follow_the_rating() {
        assert_eq!(level_for(0), Level::Easy);
        assert_eq!(level_for(1099), Level::Easy);
        assert_eq!(level_for(1100), Level::Normal);
        assert_eq!(level_for(1200), Level::Normal);
        assert_eq!(level_for(1399), Level::Normal);
        assert_eq!(level_for(1400), Level::Hard);
    }

    proptest! {
        /// Every player in at most one pair, every pair acceptable to both (never one
        /// account twice), and nobody left who could still meet another one left.
        #[test]
        fn pairs_are_disjoint_acceptable_and_maximal(
            raw in proptest::collection::vec(
                (800u32..2000, 0u64..30_000, proptest::option::of(0u8..4)),
                0..60,
            ),
            now in 0u64..40_000,
        ) {
            let waiting: Vec<Seeker> = raw
                .iter()
                .enumerate()
                .map(|(i, &(rating, since, account))| Seeker {
                    account: account.map(|a| format!("account-{a}")),
                    ..seeker(i as u64, rating, since.min(now))
                })
                .collect();
            let made = pairs(&waiting, now);
            let mut seen = std::collections::HashSet::new();
            for &(a, b) in &made {
                prop_assert!(a != b);
                prop_assert!(seen.insert(a) && seen.insert(b), "a player paired twice");
                let (sa, sb) = (&waiting[a as usize], &waiting[b as usize]);
                prop_assert!(sa.accepts(sb, now));
            }
            let left: Vec<&Seeker> = waiting.iter().filter(|s| !seen.contains(&s.ticket)).collect();
            for (i, a) in left.iter().enumerate() {
                for b in &left[i + 1..] {
                    prop_assert!(!a.accepts(b, now), "{a:?} and {b:?} could have met");
                }
            }
        }
    }
}
