//! [`Variety`]: in the opening, a move drawn among the root moves the search rates nearly as
//! well as its most visited one, so that a computer does not play the same game every time.

use crate::rng::GameRng;
use crate::search::info::MoveInfo;

/// How a search varies its move in the opening ([`SearchConfig::variety`]).
///
/// A search picks the root's most visited move, and with the seeds differing that move is
/// nearly always the same, so a level plays the same opening, and often the same game,
/// every time. With a `Variety`, a search of a position whose [`Game::ply`] is below
/// [`plies`](Variety::plies) plays a move drawn from the search's own seeded generator
/// among the root moves that
///
/// * have at least [`min_visit_share`](Variety::min_visit_share) times the most visited
///   move's visits (enough playouts for their win rate to be trusted), and
/// * have a win rate at least the most visited move's minus [`margin`](Variety::margin),
///
/// all with the same chance (each is, by the search's own estimate, at most `margin` worse
/// than the most visited, which bounds what a draw can give away). The most visited move
/// always qualifies; when it is the only one, no number is drawn. The draw comes from a
/// generator of its own, seeded from [`SearchConfig::seed`] and the ply, so a seed still
/// replays exactly (one thread, a playout budget), the playouts are those of the same search
/// without variety (only the move played may differ), and a search grown in steps draws
/// as one search of the same playouts does.
///
/// [`SearchConfig::variety`]: crate::search::SearchConfig::variety
/// [`SearchConfig::seed`]: crate::search::SearchConfig::seed
/// [`Game::ply`]: crate::Game::ply
///
/// ```
/// use game_core::search::{SearchConfig, Variety};
/// // The first 8 plies, moves within 3 points of win rate with a fifth of the visits.
/// let config = SearchConfig::default().with_variety(Variety::new(8, 0.03, 0.2));
/// assert_eq!(config.variety.map(|v| v.plies), Some(8));
/// assert_eq!(SearchConfig::default().variety, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Variety {
    /// Positions with fewer plies played than this (counted from the start position,
    /// [`Game::ply`](crate::Game::ply)) vary their move; later ones play the most visited.
    pub plies: usize,
    /// The most win rate (in `[0, 1]`, for the player to move) a chosen move may give up
    /// against the most visited one.
    pub margin: f64,
    /// The fewest visits a chosen move may have, as a share of the most visited move's.
    pub min_visit_share: f64,
}

impl Variety {
    /// Varies the first `plies` plies among the moves within `margin` of win rate of the
    /// most visited one and with at least `min_visit_share` of its visits.
    #[must_use]
    pub const fn new(plies: usize, margin: f64, min_visit_share: f64) -> Variety {
        Variety {
            plies,
            margin,
            min_visit_share,
        }
    }

    /// Whether a move at `ply` may be varied.
    #[must_use]
    pub fn applies_at(&self, ply: usize) -> bool {
        ply < self.plies
    }

    /// The indices in `moves` (the root moves, most visited first, as
    /// [`SearchInfo::moves`](crate::search::SearchInfo::moves) lists them) of the moves this
    /// variety may play: the first, and each other with a visit and at least
    /// [`min_visit_share`](Variety::min_visit_share) of the first's visits and a win rate at
    /// least the first's minus [`margin`](Variety::margin). Empty when `moves` is.
    #[must_use]
    pub fn candidates<M>(&self, moves: &[MoveInfo<M>]) -> Vec<usize> {
        let Some(best) = moves.first() else {
            return Vec::new();
        };
        let min_visits = self.min_visit_share * best.visits as f64;
        let min_win_rate = best.win_rate - self.margin;
        let mut chosen = vec![0];
        chosen.extend(moves.iter().enumerate().skip(1).filter_map(|(i, m)| {
            (m.visits > 0 && m.visits as f64 >= min_visits && m.win_rate >= min_win_rate)
                .then_some(i)
        }));
        chosen
    }

    /// The index in `moves` of the move to play: one of
    /// [`candidates`](Variety::candidates), all equally likely, drawn from `rng` (which is
    /// not touched when there is one candidate). `None` when `moves` is empty.
    pub fn choose<M>(&self, moves: &[MoveInfo<M>], rng: &mut GameRng) -> Option<usize> {
        let candidates = self.candidates(moves);
        match candidates.len() {
            0 | 1 => candidates.first().copied(),
            n => Some(candidates[rng.below(n)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(stats: &[(u8, u64, f64)]) -> Vec<MoveInfo<u8>> {
        stats
            .iter()
            .map(|&(mv, visits, win_rate)| MoveInfo {
                mv,
                visits,
                win_rate,
            })
            .collect()
    }

    #[test]
    fn candidates_need_both_the_visits_and_the_win_rate() {
        let variety = Variety::new(10, 0.05, 0.25);
        let root = moves(&[
            (0, 1_000, 0.60),
            (1, 400, 0.56),  // in: 40 % of the visits, 4 points below
            (2, 400, 0.54),  // out: 6 points below
            (3, 249, 0.70),  // out: under a quarter of the visits, however good
            (4, 250, 0.55),  // in: exactly a quarter, exactly the margin
            (5, 0, 0.95),    // out: never visited
            (6, 300, 0.549), // out: just below the margin
        ]);
        assert_eq!(variety.candidates(&root), [0, 1, 4]);
        assert!(variety.candidates::<u8>(&[]).is_empty());
        // With no visit share asked, a move still needs a visit of its own.
        let root = moves(&[(0, 10, 0.5), (1, 0, 0.5), (2, 1, 0.5)]);
        assert_eq!(Variety::new(1, 0.1, 0.0).candidates(&root), [0, 2]);
        // The most visited move is always a candidate, even with a win rate below another's.
        let root = moves(&[(0, 10, 0.2), (1, 9, 0.9)]);
        assert_eq!(Variety::new(1, 0.0, 0.5).candidates(&root), [0, 1]);
        assert_eq!(Variety::new(1, 0.0, 0.95).candidates(&root), [0]);
    }

    #[test]
    fn it_applies_before_its_plies_only() {
        let variety = Variety::new(3, 0.1, 0.1);
        assert!(variety.applies_at(0));
        assert!(variety.applies_at(2));
        assert!(!variety.applies_at(3));
        assert!(!Variety::new(0, 0.1, 0.1).applies_at(0));
    }

    #[test]
    fn draws_are_even_among_the_candidates_only() {
        let variety = Variety::new(10, 0.05, 0.1);
        let root = moves(&[(0, 600, 0.5), (1, 300, 0.5), (2, 100, 0.5), (3, 500, 0.2)]);
        let mut rng = GameRng::seed_from(3);
        let mut counts = [0u32; 4];
        for _ in 0..9_000 {
            counts[variety.choose(&root, &mut rng).expect("moves")] += 1;
        }
        // A third each, and never the move outside the margin.
        assert_eq!(counts[3], 0);
        for count in &counts[..3] {
            assert!((2_700..3_300).contains(count), "{counts:?}");
        }
    }

    #[test]
    fn one_candidate_draws_nothing() {
        let variety = Variety::new(10, 0.01, 0.5);
        let root = moves(&[(7, 100, 0.5), (8, 10, 0.5)]);
        let mut rng = GameRng::seed_from(1);
        assert_eq!(variety.choose(&root, &mut rng), Some(0));
        assert_eq!(rng, GameRng::seed_from(1));
        assert_eq!(variety.choose::<u8>(&[], &mut rng), None);
        // The last candidate can be drawn too.
        let root = moves(&[(7, 1, 0.5), (8, 1, 0.5)]);
        let drawn: std::collections::BTreeSet<usize> = (0..50)
            .filter_map(|_| variety.choose(&root, &mut rng))
            .collect();
        assert_eq!(drawn.into_iter().collect::<Vec<_>>(), [0, 1]);
    }
}
