//! How much and how a search thinks: [`Budget`], [`SearchConfig`] and the three [`Level`]s.

use std::fmt;
use std::num::NonZeroUsize;
use std::str::FromStr;
use std::time::Duration;

use crate::search::variety::Variety;

/// How long one search may run: a number of playouts, a wall-clock time, or both (whichever
/// is reached first). Every search thread plays at least one playout.
///
/// A budget with a playout count and no time is fully deterministic: the same searcher
/// settings, seed and calls give the same moves on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Budget {
    /// Playouts per search, summed over all threads; `None`: no playout limit.
    pub playouts: Option<u64>,
    /// Wall-clock time per search; `None`: no time limit.
    pub time: Option<Duration>,
}

impl Budget {
    /// [`Budget::playouts`] of 1,000 when neither limit is given.
    pub const DEFAULT_PLAYOUTS: u64 = 1_000;

    /// At most `n` playouts (deterministic for a seed).
    #[must_use]
    pub const fn playouts(n: u64) -> Budget {
        Budget {
            playouts: Some(n),
            time: None,
        }
    }

    /// At most `time` of wall-clock time.
    #[must_use]
    pub const fn time(time: Duration) -> Budget {
        Budget {
            playouts: None,
            time: Some(time),
        }
    }

    /// At most `n` playouts and at most `time`, whichever comes first.
    #[must_use]
    pub const fn playouts_or_time(n: u64, time: Duration) -> Budget {
        Budget {
            playouts: Some(n),
            time: Some(time),
        }
    }

    /// The playout limit actually applied: the given one, or
    /// [`Budget::DEFAULT_PLAYOUTS`] when the budget names neither playouts nor time.
    #[must_use]
    pub fn playout_limit(&self) -> Option<u64> {
        match (self.playouts, self.time) {
            (None, None) => Some(Self::DEFAULT_PLAYOUTS),
            (playouts, _) => playouts,
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::playouts(Self::DEFAULT_PLAYOUTS)
    }
}

/// The settings of a [`Searcher`](crate::search::Searcher).
///
/// Build one from [`SearchConfig::default`] or [`SearchConfig::for_level`] and change the
/// fields (they are public) or use the `with_` methods:
///
/// ```
/// use game_core::search::{Budget, SearchConfig};
/// let config = SearchConfig::default().with_budget(Budget::playouts(500)).with_seed(7);
/// assert_eq!(config.budget.playouts, Some(500));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchConfig {
    /// How long each search runs (see [`Budget`]).
    pub budget: Budget,
    /// Threads, each searching a tree of its own from the same position (root
    /// parallelisation); their root statistics are summed to choose the move. At least 1.
    pub threads: NonZeroUsize,
    /// The seed: thread `i` draws from a generator seeded from `seed` and `i`. One thread, a
    /// seed and a playout budget give the same move every time.
    pub seed: u64,
    /// The UCT exploration constant `c` in `value + c·√(ln N / n)`, rewards being in
    /// `[0, 1]`. √2 is UCB1's textbook value; with RAVE or good priors a smaller one is
    /// usually stronger.
    pub exploration: f64,
    /// The RAVE equivalence parameter `k`: a child's value mixes its own mean `q` and its
    /// AMAF mean `q̃` as `(1 − β)·q + β·q̃` with `β = ñ / (n + ñ + n·ñ / k)` (`n` and `ñ`
    /// its real and AMAF visits). About `k` real visits make β ½. RAVE runs only when the
    /// hooks give AMAF keys ([`SearchHooks::amaf_key`](crate::search::SearchHooks::amaf_key));
    /// 0 turns it off for every game.
    pub rave_equivalence: f64,
    /// The value of a child never visited (and without prior or AMAF data): infinity tries
    /// every child once before any is tried twice; a value such as 1.1 lets a good first
    /// child be followed before its siblings are all tried ("first-play urgency").
    pub first_play_urgency: f64,
    /// A leaf gets its children when a descent reaches it with at least this many visits
    /// (0: at once, as classic UCT does; 1: on the second visit, after a playout of its
    /// own). A higher value saves memory in games with many moves. One node at most is
    /// expanded per playout, and the root always is.
    pub expand_visits: u32,
    /// The most tree nodes, over all threads (each of `threads` trees gets an equal share).
    /// When a tree is full, its least visited half is pruned (those expanded nodes become
    /// leaves again, keeping their own statistics) and it grows on where the search looks.
    /// The root's children are always created, so a tree holds at most
    /// `max(share, 1 + root moves)` nodes of
    /// [`Searcher::bytes_per_node`](crate::search::Searcher::bytes_per_node) bytes each.
    pub max_nodes: usize,
    /// A playout that reaches this many plies stops there and is scored by
    /// [`SearchHooks::reward`](crate::search::SearchHooks::reward) as it stands (the default
    /// reward counts an unfinished game as half a win).
    pub max_playout_plies: usize,
    /// Variety in the opening: `None` (the default) plays the root's most visited move
    /// every time; with a [`Variety`], a position early in the game plays a move drawn from
    /// the seeded generator among those the search rates nearly as well, so that games
    /// differ from seed to seed. Each game's levels set their own
    /// ([`Opponent::search_config`](crate::search::Opponent::search_config)).
    pub variety: Option<Variety>,
}

impl Default for SearchConfig {
    /// 1,000 playouts, one thread, seed 0, `c` = √2, RAVE `k` = 1,000 (active only with
    /// AMAF keys), first-play urgency ∞, expansion on the second visit, 1,048,576 nodes,
    /// playouts capped at 2,000 plies, no variety (the most visited move every time).
    fn default() -> Self {
        SearchConfig {
            budget: Budget::default(),
            threads: NonZeroUsize::MIN,
            seed: 0,
            exploration: std::f64::consts::SQRT_2,
            rave_equivalence: 1_000.0,
            first_play_urgency: f64::INFINITY,
            expand_visits: 1,
            max_nodes: 1 << 20,
            max_playout_plies: 2_000,
            variety: None,
        }
    }
}

impl SearchConfig {
    /// The generic settings of a level (a game may choose its own in
    /// [`Opponent::search_config`](crate::search::Opponent::search_config)):
    ///
    /// | level | budget per move |
    /// |---|---|
    /// | `easy` | 100 playouts |
    /// | `normal` | 3,000 playouts, or 1 s if that comes first |
    /// | `hard` | 1 s |
    ///
    /// Everything else is [`SearchConfig::default`].
    #[must_use]
    pub fn for_level(level: Level) -> SearchConfig {
        let budget = match level {
            Level::Easy => Budget::playouts(100),
            Level::Normal => Budget::playouts_or_time(3_000, Duration::from_secs(1)),
            Level::Hard => Budget::time(Duration::from_secs(1)),
        };
        SearchConfig {
            budget,
            ..SearchConfig::default()
        }
    }

    /// With this budget.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> SearchConfig {
        self.budget = budget;
        self
    }

    /// With this many threads (at least 1).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> SearchConfig {
        self.threads = NonZeroUsize::new(threads).unwrap_or(NonZeroUsize::MIN);
        self
    }

    /// With this seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> SearchConfig {
        self.seed = seed;
        self
    }

    /// With this exploration constant.
    #[must_use]
    pub fn with_exploration(mut self, exploration: f64) -> SearchConfig {
        self.exploration = exploration;
        self
    }

    /// With this RAVE equivalence parameter (0: RAVE off).
    #[must_use]
    pub fn with_rave_equivalence(mut self, k: f64) -> SearchConfig {
        self.rave_equivalence = k;
        self
    }

    /// With leaves expanded at this many visits (see [`SearchConfig::expand_visits`]).
    #[must_use]
    pub fn with_expand_visits(mut self, visits: u32) -> SearchConfig {
        self.expand_visits = visits;
        self
    }

    /// With at most this many tree nodes over all threads.
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: usize) -> SearchConfig {
        self.max_nodes = max_nodes;
        self
    }

    /// With this variety in the opening (see [`SearchConfig::variety`]).
    #[must_use]
    pub fn with_variety(mut self, variety: Variety) -> SearchConfig {
        self.variety = Some(variety);
        self
    }
}

/// How strong a computer opponent plays: each game documents its budgets per level (see
/// [`Opponent`](crate::search::Opponent)). Written and read in lower case.
///
/// ```
/// use game_core::search::Level;
/// assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!(Level::Easy.to_string(), "easy");
/// assert!("expert".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// Weak on purpose (a beginner can win), yet never an illegal or absurd move.
    Easy,
    /// A fair opponent.
    Normal,
    /// The strongest default, thinking about a second per move.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level's name in lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that is not a level name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError {
    text: String,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a level (easy, normal or hard)", self.text)
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// `easy`, `normal` or `hard`, in any case.
    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseLevelError { text: text.into() })
    }
}
