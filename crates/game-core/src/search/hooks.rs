//! What a game may tell the search: [`SearchHooks`] (with generic defaults), and
//! [`Opponent`], its levels.

use crate::game::Game;
use crate::player::Player;
use crate::rng::GameRng;
use crate::search::config::{Level, SearchConfig};
use crate::search::searcher::Searcher;

/// Prior knowledge about a new child, counted as `weight` playouts that scored `value` on
/// average for the player who makes the move (the "virtual experience" of Gelly and Silver
/// 2007, as Fuego and Pachi use it). Weight 0 is no knowledge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    /// Mean reward in `[0, 1]` for the mover.
    pub value: f32,
    /// How many playouts the knowledge is worth.
    pub weight: u32,
}

impl Prior {
    /// No knowledge.
    pub const NONE: Prior = Prior {
        value: 0.0,
        weight: 0,
    };

    /// `weight` virtual playouts of mean reward `value` (clamped to `[0, 1]`).
    #[must_use]
    pub fn new(value: f32, weight: u32) -> Prior {
        Prior {
            value: value.clamp(0.0, 1.0),
            weight,
        }
    }
}

impl Default for Prior {
    fn default() -> Self {
        Prior::NONE
    }
}

/// What a playout hook works with: the thread's generator, a reusable move buffer, the ply
/// cap, and [`Playout::record`] for the moves RAVE learns from.
pub struct Playout<'a, G: Game> {
    pub(crate) rng: &'a mut GameRng,
    pub(crate) moves: &'a mut Vec<G::Move>,
    pub(crate) played: &'a mut Vec<(Player, G::Move)>,
    pub(crate) recording: bool,
    pub(crate) max_plies: usize,
}

impl<'a, G: Game> Playout<'a, G> {
    /// A playout outside any search, so that a game can test its own
    /// [`SearchHooks::playout`]: the hook draws from `rng`, may use `moves` as its move
    /// buffer, plays at most `max_plies` moves and, when `recording`, lists them in
    /// `played` (which is not cleared first).
    #[must_use]
    pub fn new(
        rng: &'a mut GameRng,
        moves: &'a mut Vec<G::Move>,
        played: &'a mut Vec<(Player, G::Move)>,
        recording: bool,
        max_plies: usize,
    ) -> Self {
        Playout {
            rng,
            moves,
            played,
            recording,
            max_plies,
        }
    }

    /// The search thread's generator (seeded from the configuration's seed).
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }

    /// The generator and a reusable move buffer together.
    pub fn parts(&mut self) -> (&mut GameRng, &mut Vec<G::Move>) {
        (self.rng, self.moves)
    }

    /// The most plies the playout may play ([`SearchConfig::max_playout_plies`]).
    #[must_use]
    pub fn max_plies(&self) -> usize {
        self.max_plies
    }

    /// Whether the search wants the moves (RAVE is on): a hook that plays its own way may
    /// skip listing them when it is not.
    #[must_use]
    pub fn is_recording(&self) -> bool {
        self.recording
    }

    /// Tells the search that `mover` played `mv` in the playout, in order. A playout hook
    /// must call it for every move it plays when [`Playout::is_recording`] (it does nothing
    /// otherwise); RAVE learns from these moves.
    #[inline]
    pub fn record(&mut self, mover: Player, mv: G::Move) {
        if self.recording {
            self.played.push((mover, mv));
        }
    }
}

/// How a game makes the search strong. Every method has a generic default, so
/// `impl SearchHooks<MyGame> for MyHooks {}` is plain UCT with uniform random playouts;
/// [`DefaultHooks`] is exactly that for every game.
///
/// The hooks are shared by the search threads (`Send + Sync`, methods take `&self`); the
/// random generator they get belongs to the calling thread. Every method must be
/// deterministic for the same arguments and generator state, so that a seed replays.
///
/// Rewards are zero-sum: a playout's [`reward`](SearchHooks::reward) `r` is the first
/// player's, and the second player's is `1 − r`.
pub trait SearchHooks<G: Game>: Send + Sync {
    /// The moves the tree considers in `state` (not over), into `moves` (cleared first):
    /// legal moves, and not empty while the game goes on. The default is every legal move;
    /// a game may leave out moves that are never good (Go: filling one's own eye), so that
    /// no level ever plays them. The search only chooses among these.
    fn tree_moves(&self, state: &G, moves: &mut Vec<G::Move>) {
        state.legal_moves(moves);
    }

    /// Prior knowledge for the new children of `state`: `priors[i]` (already
    /// [`Prior::NONE`]) belongs to `moves[i]`. The default gives none.
    fn priors(&self, state: &G, moves: &[G::Move], priors: &mut [Prior]) {
        let _ = (state, moves, priors);
    }

    /// How many AMAF keys moves may have in games from `root`: every key that
    /// [`amaf_key`](SearchHooks::amaf_key) gives should be below it (the search takes a
    /// key at or above it as no key). 0 (the default) turns RAVE off.
    fn amaf_key_space(&self, root: &G) -> usize {
        let _ = root;
        0
    }

    /// The stable identity of a move for AMAF/RAVE ("all moves as first": a move played
    /// later in a playout by the same player counts as if played now), such as the point a
    /// stone goes on; `None` for a move without one (a pass, a sowing). The default is
    /// `None` for every move. RAVE is on when this gives keys, the key space is not 0 and
    /// [`SearchConfig::rave_equivalence`] is not 0.
    fn amaf_key(&self, mv: G::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// The move a playout plays in `state`, or `None` once the game is over. The default is
    /// [`Game::random_move`] (uniform over the legal moves).
    fn playout_move(
        &self,
        state: &G,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        state.random_move(rng, moves)
    }

    /// Plays a whole playout on `state` (at most [`Playout::max_plies`] moves),
    /// [`record`](Playout::record)ing every move while RAVE listens. The default plays
    /// [`playout_move`](SearchHooks::playout_move) until it gives `None`; a game may
    /// replace it with a faster loop of its own.
    fn playout(&self, state: &mut G, playout: &mut Playout<'_, G>) {
        for _ in 0..playout.max_plies() {
            let (rng, moves) = playout.parts();
            let Some(mv) = self.playout_move(state, rng, moves) else {
                return;
            };
            playout.record(state.to_move(), mv);
            state.play_unchecked(mv);
        }
    }

    /// The first player's reward in `[0, 1]` for a playout that ended in `state` (over, or
    /// stopped at the ply cap). The default: 1 if the first player won, 0 if the second
    /// did, ½ otherwise (draw, no winner, unfinished). A game may make it score-aware (Go:
    /// a little more for a bigger margin).
    fn reward(&self, state: &G) -> f64 {
        match state.outcome().winner() {
            Some(Player::First) => 1.0,
            Some(Player::Second) => 0.0,
            None => 0.5,
        }
    }
}

/// Plain UCT with uniform random playouts, for every game: all the defaults of
/// [`SearchHooks`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DefaultHooks;

impl<G: Game> SearchHooks<G> for DefaultHooks {}

/// A game with a computer opponent at each [`Level`]: its hooks and its budgets.
///
/// ```
/// # use game_core::search::{DefaultHooks, Level, Opponent, SearchConfig};
/// # fn demo<G: Opponent + PartialEq>(start: &G) {
/// let mut engine = G::opponent(Level::Normal);
/// let info = engine.search(start);
/// # let _ = info;
/// # }
/// ```
pub trait Opponent: Game + Send {
    /// The game's hooks ([`DefaultHooks`] for plain UCT).
    type Hooks: SearchHooks<Self>;

    /// The hooks for `level` (a game may give `easy` lighter ones).
    fn hooks(level: Level) -> Self::Hooks;

    /// The settings for `level`; the default is [`SearchConfig::for_level`]. Each game
    /// documents its budgets.
    fn search_config(level: Level) -> SearchConfig {
        SearchConfig::for_level(level)
    }

    /// A searcher at `level`, with the level's settings and hooks. Change its
    /// [`config_mut`](Searcher::config_mut) for threads and seed.
    fn opponent(level: Level) -> Searcher<Self, Self::Hooks> {
        Searcher::new(Self::search_config(level), Self::hooks(level))
    }
}
