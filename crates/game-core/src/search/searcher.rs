//! [`Searcher`]: the position, the threads' trees and the public calls (search, advance,
//! reset).

use std::fmt;
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::player::Player;
use crate::rng::GameRng;
use crate::search::config::{Budget, SearchConfig};
use crate::search::hooks::{DefaultHooks, SearchHooks};
use crate::search::info::{MoveInfo, SearchInfo, principal_variation, root_moves};
use crate::search::tree::{Node, Tree};
use crate::search::worker::{Limit, Slot, Worker};

/// A Monte Carlo tree searcher (UCT, with RAVE and priors from the game's
/// [`SearchHooks`]) that keeps its trees between moves.
///
/// It holds a current position. [`search`](Searcher::search) searches a given state,
/// reusing the trees when the state is the current position and starting afresh otherwise;
/// [`advance`](Searcher::advance) plays a move (by either side) on the current position
/// and keeps that move's subtree, so the next search starts with what was already learnt.
///
/// Threads search separate trees from the same position (root parallelisation, Cazenave
/// and Jouandeau 2007; Chaslot, Winands and van den Herik 2008), each with its own
/// generator seeded from [`SearchConfig::seed`] and the thread's index, and the root
/// statistics are summed. With a playout budget the result depends only on the seed and
/// the thread count, never on timing.
///
/// Memory is bounded: the trees together hold at most [`SearchConfig::max_nodes`] nodes
/// (plus the root's children) of [`Searcher::bytes_per_node`] bytes each, and re-rooting
/// frees the discarded part for reuse, so a session of any length stays under
/// [`Searcher::max_tree_bytes`] plus about 4 bytes per node during an `advance`.
///
/// ```
/// use game_core::search::{Budget, DefaultHooks, SearchConfig, Searcher};
/// # use game_core::{Game, Outcome, Player};
/// # #[derive(Clone, Debug, PartialEq)]
/// # struct Nim { pile: u32, to_move: Player, ply: usize }
/// # #[derive(Debug)] struct Illegal;
/// # impl std::fmt::Display for Illegal {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("no") }
/// # }
/// # impl std::error::Error for Illegal {}
/// # impl Game for Nim {
/// #     type Move = u32; type ParseMoveError = std::num::ParseIntError;
/// #     type PlayError = Illegal; type EndReason = &'static str;
/// #     const NAME: &'static str = "nim"; const PLAYER_NAMES: [&'static str; 2] = ["a", "b"];
/// #     fn to_move(&self) -> Player { self.to_move }
/// #     fn legal_moves(&self, m: &mut Vec<u32>) { m.clear(); m.extend((1..=3).filter(|&t| t <= self.pile)); }
/// #     fn check_move(&self, mv: u32) -> Result<(), Illegal> {
/// #         if (1..=3).contains(&mv) && mv <= self.pile { Ok(()) } else { Err(Illegal) } }
/// #     fn play_unchecked(&mut self, mv: u32) { self.pile -= mv; self.to_move = self.to_move.other(); self.ply += 1; }
/// #     fn is_over(&self) -> bool { self.pile == 0 }
/// #     fn outcome(&self) -> Outcome<&'static str> {
/// #         if self.pile > 0 { Outcome::Ongoing } else { Outcome::win(self.to_move.other(), "") } }
/// #     fn ply(&self) -> usize { self.ply }
/// # }
/// // Nim with one pile of 10, taking 1 to 3: the winning move leaves a multiple of 4.
/// let start = Nim { pile: 10, to_move: Player::First, ply: 0 };
/// let config = SearchConfig::default().with_budget(Budget::playouts(3_000)).with_seed(1);
/// let mut searcher = Searcher::new(config, DefaultHooks);
/// let info = searcher.search(&start);
/// assert_eq!(info.best, Some(2));
/// assert!(info.win_rate > 0.5);
/// // Both sides' moves keep the subtree.
/// searcher.advance(2).unwrap();
/// searcher.advance(3).unwrap();
/// assert!(searcher.search_current().reused > 0);
/// ```
pub struct Searcher<G: Game, H = DefaultHooks> {
    config: SearchConfig,
    hooks: H,
    position: Option<G>,
    slots: Vec<Slot<G::Move>>,
    /// The seed the slots' generators came from.
    slots_seed: u64,
}

/// Shows the settings, the hooks, the position and the trees' sizes (not their nodes).
impl<G: Game, H: fmt::Debug> fmt::Debug for Searcher<G, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("config", &self.config)
            .field("hooks", &self.hooks)
            .field("position", &self.position)
            .field(
                "tree_nodes",
                &self
                    .slots
                    .iter()
                    .map(|s| s.tree.nodes.len())
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl<G, H> Searcher<G, H>
where
    G: Game + Send,
    H: SearchHooks<G>,
{
    /// A searcher with these settings and hooks, holding no position yet.
    #[must_use]
    pub fn new(config: SearchConfig, hooks: H) -> Self {
        Searcher {
            config,
            hooks,
            position: None,
            slots: Vec::new(),
            slots_seed: 0,
        }
    }

    /// Bytes of one tree node for this game's moves (the trees' whole memory is at most this
    /// times [`SearchConfig::max_nodes`], plus the root's children).
    #[must_use]
    pub const fn bytes_per_node() -> usize {
        size_of::<Node<G::Move>>()
    }

    /// The most bytes the trees hold: [`SearchConfig::max_nodes`] ×
    /// [`Searcher::bytes_per_node`] (each thread may exceed its share by its root's
    /// children, which are always created).
    #[must_use]
    pub fn max_tree_bytes(&self) -> usize {
        self.config.max_nodes.saturating_mul(Self::bytes_per_node())
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The settings, to change between searches (budget, threads, seed…). A new thread
    /// count or seed starts new trees at the next search; a smaller node cap applies as the
    /// trees are re-rooted.
    pub fn config_mut(&mut self) -> &mut SearchConfig {
        &mut self.config
    }

    /// The hooks.
    #[must_use]
    pub fn hooks(&self) -> &H {
        &self.hooks
    }

    /// The hooks, to change between searches (call [`Searcher::reset`] if the change makes
    /// the trees' priors or statistics stale).
    pub fn hooks_mut(&mut self) -> &mut H {
        &mut self.hooks
    }

    /// The current position, if any.
    #[must_use]
    pub fn position(&self) -> Option<&G> {
        self.position.as_ref()
    }

    /// Nodes in use over all trees.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.slots.iter().map(|s| s.tree.nodes.len()).sum()
    }

    /// Holds `state` with fresh trees (the memory stays for reuse).
    pub fn reset(&mut self, state: G) {
        let mover = state.to_move().other();
        for slot in &mut self.slots {
            slot.tree.reset(mover);
        }
        self.position = Some(state);
    }

    /// Forgets the position and frees the trees' memory.
    pub fn clear(&mut self) {
        self.position = None;
        self.slots = Vec::new();
    }

    /// Plays `mv` (by whichever side is to move) on the current position and keeps its
    /// subtree in every thread's tree, freeing the rest. Without a current position it does
    /// nothing.
    ///
    /// # Errors
    /// The game's [`Game::PlayError`] if `mv` is illegal; nothing changes then.
    pub fn advance(&mut self, mv: G::Move) -> Result<(), G::PlayError> {
        let Some(position) = self.position.as_mut() else {
            return Ok(());
        };
        let mover = position.to_move();
        position.play(mv)?;
        let cap = self.tree_cap();
        for slot in &mut self.slots {
            slot.tree.set_cap(cap);
            slot.tree.advance(mv, mover);
        }
        Ok(())
    }

    /// Searches `state` within the configured budget: with the kept trees if `state` is the
    /// current position, afresh otherwise (it becomes the current position). See
    /// [`Searcher::search_with`].
    pub fn search(&mut self, state: &G) -> SearchInfo<G::Move>
    where
        G: PartialEq,
    {
        self.search_with(state, self.config.budget)
    }

    /// [`Searcher::search`] with a budget for this search only (a GTP engine plans each
    /// move's time from the clock).
    pub fn search_with(&mut self, state: &G, budget: Budget) -> SearchInfo<G::Move>
    where
        G: PartialEq,
    {
        if self.position.as_ref() != Some(state) {
            self.reset(state.clone());
        }
        self.search_current_with(budget)
    }

    /// Searches the current position (from [`reset`](Searcher::reset) and
    /// [`advance`](Searcher::advance)) within the configured budget, for games without
    /// `PartialEq`. Without a current position it returns an empty report.
    pub fn search_current(&mut self) -> SearchInfo<G::Move> {
        self.search_current_with(self.config.budget)
    }

    /// [`Searcher::search_current`] with a budget for this search only.
    ///
    /// The search in four steps: the budget a platform can keep (`keepable_budget`), the
    /// threads' trees made ready (`prepare_slots`), each thread's share of the budget
    /// (`thread_limits`), then the threads' playouts (`run_threads`),
    /// summed into the report. A position with no choice (the game is over, or one move)
    /// plays no playout.
    pub fn search_current_with(&mut self, budget: Budget) -> SearchInfo<G::Move> {
        let start = clock_now();
        let budget = keepable_budget(budget, start.is_some());
        let threads = self.config.threads.get();
        let Some(root_mover) = self.position.as_ref().map(|p| p.to_move().other()) else {
            return self.report(start, 0, threads);
        };
        self.prepare_slots(threads, root_mover);
        let position = self.position.as_ref().expect("checked above");
        let mut moves = Vec::new();
        self.hooks.tree_moves(position, &mut moves);
        if moves.len() <= 1 {
            return self.report_without_choice(start, threads, moves);
        }
        let deadline = start.and_then(|start| budget.time.map(|t| start + t));
        let limits = thread_limits(budget, threads, deadline);
        let playouts = run_threads(&mut self.slots, &self.hooks, &self.config, position, limits);
        let ply = position.ply();
        let mut info = self.report(start, playouts, threads);
        self.vary(&mut info, ply);
        info
    }

    /// With a [`Variety`](crate::search::Variety) that applies at `ply`, makes the report's
    /// move one drawn among the root moves nearly as good as the most visited, with its win
    /// rate and line. The draw comes from a generator of its own, seeded from the seed and
    /// the ply ([`variety_seed`]), so a seed replays, the playouts' generators are left as
    /// they were (the statistics are those of a search without variety), and a search grown
    /// in steps draws as one of the same playouts does.
    fn vary(&self, info: &mut SearchInfo<G::Move>, ply: usize) {
        let Some(variety) = self.config.variety.filter(|v| v.applies_at(ply)) else {
            return;
        };
        let mut rng = GameRng::seed_from(variety_seed(self.config.seed, ply));
        let Some(chosen) = variety.choose(&info.moves, &mut rng) else {
            return;
        };
        let chosen = info.moves[chosen];
        if info.best != Some(chosen.mv) {
            info.best = Some(chosen.mv);
            info.win_rate = chosen.win_rate;
            info.pv = principal_variation(&self.slots, chosen.mv);
        }
    }

    /// The report of a position with at most one move: that move (none once the game is
    /// over), and no playout.
    fn report_without_choice(
        &self,
        start: Option<Instant>,
        threads: usize,
        moves: Vec<G::Move>,
    ) -> SearchInfo<G::Move> {
        let mut info = self.report(start, 0, threads);
        info.best = moves.first().copied();
        info.pv = moves;
        if info.moves.is_empty() {
            info.win_rate = 0.5;
        }
        info
    }

    /// Each thread's share of the node cap.
    fn tree_cap(&self) -> usize {
        self.config.max_nodes / self.config.threads.get()
    }

    /// One slot per thread, seeded from the seed and the thread's index; new trees if the
    /// thread count or the seed changed.
    fn prepare_slots(&mut self, threads: usize, root_mover: Player) {
        let cap = self.tree_cap();
        if self.slots.len() != threads || self.slots_seed != self.config.seed {
            self.slots_seed = self.config.seed;
            self.slots = (0..threads)
                .map(|i| Slot {
                    tree: Tree::new(root_mover, cap),
                    rng: GameRng::seed_from(thread_seed(self.config.seed, i)),
                })
                .collect();
        }
        for slot in &mut self.slots {
            slot.tree.set_cap(cap);
        }
    }

    /// The report after a search: root moves, best move, line, counts.
    fn report(&self, start: Option<Instant>, playouts: u64, threads: usize) -> SearchInfo<G::Move> {
        let moves: Vec<MoveInfo<G::Move>> = root_moves(&self.slots);
        let best = moves.first().map(|m| m.mv);
        let root_visits: u64 = self
            .slots
            .iter()
            .map(|s| u64::from(s.tree.nodes[0].visits))
            .sum();
        let win_rate = best
            .and_then(|b| moves.iter().find(|m| m.mv == b))
            .map_or(0.5, |m| m.win_rate);
        SearchInfo {
            best,
            win_rate,
            pv: best.map_or_else(Vec::new, |b| principal_variation(&self.slots, b)),
            playouts,
            reused: root_visits.saturating_sub(playouts),
            elapsed: start.map_or(Duration::ZERO, |start| start.elapsed()),
            nodes: self.nodes(),
            threads,
            moves,
        }
    }
}

/// The budget a search can keep: without a clock (wasm32-unknown-unknown) a time budget
/// cannot be kept, so a budget with no playout limit plays [`NO_CLOCK_PLAYOUTS`] instead
/// of running for ever.
fn keepable_budget(budget: Budget, has_clock: bool) -> Budget {
    if !has_clock && budget.playout_limit().is_none() {
        Budget::playouts(NO_CLOCK_PLAYOUTS)
    } else {
        budget
    }
}

/// Each of `threads` threads' share of `budget`: the playouts split as evenly as they go
/// (the first `n % threads` threads play one more), and the same deadline for all.
fn thread_limits(budget: Budget, threads: usize, deadline: Option<Instant>) -> Vec<Limit> {
    let threads = threads as u64;
    (0..threads)
        .map(|i| Limit {
            playouts: budget
                .playout_limit()
                .map(|n| n / threads + u64::from(i < n % threads)),
            deadline,
        })
        .collect()
}

/// Runs one worker per slot from `position`, each within its limit (on this thread when
/// there is one slot), and returns the playouts they played. A thread the system refuses
/// to start (out of threads or memory) is no error: its worker runs on this thread
/// instead, after the others have started, so the search still plays its whole budget.
fn run_threads<G: Game + Send, H: SearchHooks<G>>(
    slots: &mut [Slot<G::Move>],
    hooks: &H,
    config: &SearchConfig,
    position: &G,
    limits: Vec<Limit>,
) -> u64 {
    if let [slot] = slots {
        return Worker::new(slot, hooks, config, position).run(limits[0]);
    }
    // Each worker takes its slot from a cell, so that the slot of a thread that did not
    // start is still here to be searched on this thread.
    let cells: Vec<std::sync::Mutex<Option<&mut Slot<G::Move>>>> = slots
        .iter_mut()
        .map(|slot| std::sync::Mutex::new(Some(slot)))
        .collect();
    let run = |cell: &std::sync::Mutex<Option<&mut Slot<G::Move>>>, limit: Limit, root: G| {
        let taken = cell.lock().unwrap_or_else(|p| p.into_inner()).take();
        taken.map_or(0, |slot| Worker::new(slot, hooks, config, &root).run(limit))
    };
    std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(cells.len());
        let mut refused = Vec::new();
        for (cell, limit) in cells.iter().zip(limits) {
            let (run, root) = (&run, position.clone());
            match std::thread::Builder::new().spawn_scoped(scope, move || run(cell, limit, root)) {
                Ok(handle) => handles.push(handle),
                Err(_) => refused.push((cell, limit)),
            }
        }
        let here: u64 = refused
            .into_iter()
            .map(|(cell, limit)| run(cell, limit, position.clone()))
            .sum();
        here + handles
            .into_iter()
            .map(|h| h.join().expect("a search thread panicked"))
            .sum::<u64>()
    })
}

/// The seed of thread `index`: SplitMix64's increment keeps the threads' streams apart
/// (the generator then mixes the seed through SplitMix64 again).
fn thread_seed(seed: u64, index: usize) -> u64 {
    seed.wrapping_add((index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// The seed of the variety's draw at `ply`: apart from every thread's (whose indices are
/// small) and different at each ply (the generator then mixes the seed through SplitMix64).
fn variety_seed(seed: u64, ply: usize) -> u64 {
    thread_seed(seed, usize::MAX - ply)
}

/// The playouts a search plays on a platform without a clock when its budget has no playout
/// limit (a time budget cannot be kept there).
pub const NO_CLOCK_PLAYOUTS: u64 = 10_000;

/// The time now, or `None` on a platform whose standard library has no clock
/// (wasm32-unknown-unknown, where `Instant::now` panics).
fn clock_now() -> Option<Instant> {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        None
    } else {
        Some(Instant::now())
    }
}
