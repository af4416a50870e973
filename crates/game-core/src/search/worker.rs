//! The search loop of one thread on its own tree: selection (UCT, with RAVE when the hooks
//! give AMAF keys), expansion with priors, the playout, and the backup of real and AMAF
//! statistics.

use std::time::Instant;

use crate::game::Game;
use crate::player::Player;
use crate::rng::GameRng;
use crate::search::config::SearchConfig;
use crate::search::hooks::{Playout, Prior, SearchHooks};
use crate::search::tree::{Kind, NO_KEY, Tree};

/// A thread's tree and generator, kept between searches.
#[derive(Clone, Debug)]
pub(crate) struct Slot<M> {
    pub tree: Tree<M>,
    pub rng: GameRng,
}

/// How long a thread searches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limit {
    /// This thread's share of the playouts.
    pub playouts: Option<u64>,
    /// When to stop.
    pub deadline: Option<Instant>,
}

/// The constants of the selection formula, in `f32`.
#[derive(Clone, Copy, Debug)]
struct Formula {
    exploration: f32,
    /// RAVE's `1 / k`, or `None` with RAVE off.
    inverse_k: Option<f32>,
    first_play_urgency: f32,
}

/// One thread's search state: its slot, the shared settings and reusable buffers.
pub(crate) struct Worker<'a, G: Game, H> {
    slot: &'a mut Slot<G::Move>,
    hooks: &'a H,
    config: &'a SearchConfig,
    root: &'a G,
    formula: Formula,
    key_space: usize,
    state: G,
    moves: Vec<G::Move>,
    priors: Vec<Prior>,
    path: Vec<u32>,
    /// The moves of the current playout, tree part and playout part, as (mover, AMAF key).
    trace: Vec<(Player, u32)>,
    played: Vec<(Player, G::Move)>,
    /// Per AMAF key: the stamp of the current playout and who played the key first after the
    /// node being updated (`stamp << 1 | player index`).
    first_play: Vec<u32>,
    stamp: u32,
    /// An expansion failed for want of room: the tree is pruned after this playout.
    tree_full: bool,
}

impl<'a, G: Game, H: SearchHooks<G>> Worker<'a, G, H> {
    /// A worker searching from `root` in `slot`, whose tree must be rooted at `root`.
    pub fn new(
        slot: &'a mut Slot<G::Move>,
        hooks: &'a H,
        config: &'a SearchConfig,
        root: &'a G,
    ) -> Self {
        let key_space = if config.rave_equivalence > 0.0 {
            hooks.amaf_key_space(root).min(NO_KEY as usize)
        } else {
            0
        };
        let formula = Formula {
            exploration: config.exploration as f32,
            inverse_k: (key_space > 0).then(|| (1.0 / config.rave_equivalence) as f32),
            first_play_urgency: config.first_play_urgency as f32,
        };
        Worker {
            slot,
            hooks,
            config,
            root,
            formula,
            key_space,
            state: root.clone(),
            moves: Vec::new(),
            priors: Vec::new(),
            path: Vec::new(),
            trace: Vec::new(),
            played: Vec::new(),
            first_play: vec![0; key_space],
            stamp: 0,
            tree_full: false,
        }
    }

    fn rave(&self) -> bool {
        self.key_space > 0
    }

    /// Runs playouts until the limit; returns how many. At least one is played.
    pub fn run(&mut self, limit: Limit) -> u64 {
        let mut done = 0u64;
        loop {
            if limit.playouts.is_some_and(|n| done >= n.max(1)) {
                break;
            }
            if done > 0 && limit.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.iterate();
            done += 1;
        }
        done
    }

    /// One descent, playout and backup.
    fn iterate(&mut self) {
        self.state.clone_from(self.root);
        self.path.clear();
        self.trace.clear();
        let mut node = 0usize;
        self.path.push(0);
        // At most one node is expanded per iteration; the playout starts from its child.
        let mut expanded = false;
        loop {
            match self.slot.tree.nodes[node].kind {
                Kind::Terminal => break,
                Kind::Leaf => {
                    let visits = self.slot.tree.nodes[node].visits;
                    if expanded
                        || (node != 0 && visits < self.config.expand_visits)
                        || !self.expand(node)
                    {
                        break;
                    }
                    expanded = true;
                    if self.slot.tree.nodes[node].kind == Kind::Terminal {
                        break;
                    }
                }
                Kind::Expanded => {}
            }
            node = self.select(node);
            let child = &self.slot.tree.nodes[node];
            let mv = child.mv.expect("a child has a move");
            if self.rave() {
                self.trace.push((child.mover, child.amaf_key));
            }
            self.state.play_unchecked(mv);
            self.path.push(node as u32);
        }
        let reward = if self.slot.tree.nodes[node].kind == Kind::Terminal {
            self.hooks.reward(&self.state)
        } else {
            self.playout()
        };
        // A hook's reward outside [0, 1] would unbalance the statistics: clamp it.
        self.backup(reward.clamp(0.0, 1.0) as f32);
        if self.tree_full {
            // The descent found no room for a node: free half the tree, the least visited
            // part, so that the search goes on growing where it looks.
            self.tree_full = false;
            let tree = &mut self.slot.tree;
            tree.prune(tree.cap() / 2);
        }
    }

    /// Gives `node` (a leaf whose position is `self.state`) its children, or marks it
    /// terminal. `false` when the tree is full.
    fn expand(&mut self, node: usize) -> bool {
        self.hooks.tree_moves(&self.state, &mut self.moves);
        if self.moves.is_empty() {
            self.slot.tree.nodes[node].kind = Kind::Terminal;
            return true;
        }
        self.priors.clear();
        self.priors.resize(self.moves.len(), Prior::NONE);
        self.hooks
            .priors(&self.state, &self.moves, &mut self.priors);
        let (hooks, key_space) = (self.hooks, self.key_space);
        let keys = |mv| match hooks.amaf_key(mv) {
            Some(key) if key < key_space => key as u32,
            _ => NO_KEY,
        };
        let room =
            self.slot
                .tree
                .expand(node, self.state.to_move(), &self.moves, keys, &self.priors);
        self.tree_full |= !room;
        room
    }

    /// The child of the expanded `node` with the best score.
    fn select(&self, node: usize) -> usize {
        let tree = &self.slot.tree;
        let f = self.formula;
        let ln_n = (tree.nodes[node].visits.max(1) as f32).ln();
        let mut best = usize::MAX;
        let mut best_score = f32::NEG_INFINITY;
        for c in tree.children(node) {
            let child = &tree.nodes[c];
            let n = child.visits as f32;
            let score = match f.inverse_k {
                Some(inverse_k) if child.amaf_visits > 0 => {
                    let na = child.amaf_visits as f32;
                    let q = if child.visits > 0 {
                        child.wins / n
                    } else {
                        0.0
                    };
                    let beta = na / (n + na + n * na * inverse_k);
                    let value = (1.0 - beta) * q + beta * child.amaf_wins / na;
                    value + f.exploration * (ln_n / n.max(1.0)).sqrt()
                }
                _ if child.visits == 0 => f.first_play_urgency,
                _ => child.wins / n + f.exploration * (ln_n / n).sqrt(),
            };
            if best == usize::MAX || score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// Plays the hooks' playout from `self.state`; returns the first player's reward and
    /// leaves the playout's moves in `trace` when RAVE is on.
    fn playout(&mut self) -> f64 {
        let rave = self.rave();
        self.played.clear();
        let mut playout = Playout {
            rng: &mut self.slot.rng,
            moves: &mut self.moves,
            played: &mut self.played,
            recording: rave,
            max_plies: self.config.max_playout_plies,
        };
        self.hooks.playout(&mut self.state, &mut playout);
        if rave {
            for &(mover, mv) in &self.played {
                let key = match self.hooks.amaf_key(mv) {
                    Some(key) if key < self.key_space => key as u32,
                    _ => NO_KEY,
                };
                self.trace.push((mover, key));
            }
        }
        self.hooks.reward(&self.state)
    }

    /// Adds the playout's reward to the nodes of the path and, with RAVE, to the AMAF
    /// statistics of every child of a path node whose key its mover played first later on.
    fn backup(&mut self, reward_first: f32) {
        let reward = |player: Player| match player {
            Player::First => reward_first,
            Player::Second => 1.0 - reward_first,
        };
        let rave = self.rave();
        let tree = &mut self.slot.tree;
        for &n in &self.path {
            let node = &mut tree.nodes[n as usize];
            node.visits = node.visits.saturating_add(1);
            node.wins += reward(node.mover);
        }
        if !rave {
            return;
        }
        self.stamp += 1;
        if self.stamp >= u32::MAX >> 1 {
            self.first_play.fill(0);
            self.stamp = 1;
        }
        // Walking the moves backwards, `first_play` holds who played each key first from
        // move `j` on; the children of path node `j` (whose move is `trace[j]`) are then
        // updated from it.
        for j in (0..self.trace.len()).rev() {
            let (mover, key) = self.trace[j];
            if key != NO_KEY {
                self.first_play[key as usize] = self.stamp << 1 | mover.index() as u32;
            }
            let Some(&parent) = self.path.get(j) else {
                continue;
            };
            for c in tree.children(parent as usize) {
                let child = &mut tree.nodes[c];
                if child.amaf_key != NO_KEY
                    && self.first_play[child.amaf_key as usize]
                        == self.stamp << 1 | child.mover.index() as u32
                {
                    child.amaf_visits = child.amaf_visits.saturating_add(1);
                    child.amaf_wins += reward(child.mover);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Outcome;
    use crate::search::hooks::DefaultHooks;

    /// One choice among three moves, then the game is over.
    #[derive(Clone, Debug, Default, PartialEq)]
    struct Pick(Option<u8>);

    #[derive(Debug, thiserror::Error)]
    #[error("no such choice")]
    struct NoChoice;

    impl Game for Pick {
        type Move = u8;
        type ParseMoveError = std::num::ParseIntError;
        type PlayError = NoChoice;
        type EndReason = &'static str;
        const NAME: &'static str = "pick";
        const PLAYER_NAMES: [&'static str; 2] = ["a", "b"];
        fn to_move(&self) -> Player {
            if self.0.is_none() {
                Player::First
            } else {
                Player::Second
            }
        }
        fn legal_moves(&self, moves: &mut Vec<u8>) {
            moves.clear();
            if self.0.is_none() {
                moves.extend([0, 1, 2]);
            }
        }
        fn check_move(&self, mv: u8) -> Result<(), NoChoice> {
            if self.0.is_none() && mv < 3 {
                Ok(())
            } else {
                Err(NoChoice)
            }
        }
        fn play_unchecked(&mut self, mv: u8) {
            self.0 = Some(mv);
        }
        fn is_over(&self) -> bool {
            self.0.is_some()
        }
        fn outcome(&self) -> Outcome<&'static str> {
            match self.0 {
                Some(_) => Outcome::draw("picked"),
                None => Outcome::Ongoing,
            }
        }
        fn ply(&self) -> usize {
            usize::from(self.0.is_some())
        }
    }

    /// Keys 0–2 for the three choices, so that RAVE is on.
    struct Keyed;

    impl SearchHooks<Pick> for Keyed {
        fn amaf_key_space(&self, _root: &Pick) -> usize {
            3
        }
        fn amaf_key(&self, mv: u8) -> Option<usize> {
            Some(usize::from(mv))
        }
    }

    /// (visits, wins, AMAF visits, AMAF wins) of the three children.
    type Stats = [(u32, f32, u32, f32); 3];

    /// The child `select` picks at a root whose children have `stats`.
    fn selected<H: SearchHooks<Pick>>(hooks: &H, config: &SearchConfig, stats: Stats) -> u8 {
        let root = Pick::default();
        let mut slot = Slot {
            tree: Tree::new(Player::Second, 100),
            rng: GameRng::seed_from(0),
        };
        let keys = |mv: u8| u32::from(mv);
        assert!(slot.tree.expand(0, Player::First, &[0, 1, 2], keys, &[]));
        for (i, &(visits, wins, amaf_visits, amaf_wins)) in stats.iter().enumerate() {
            let child = &mut slot.tree.nodes[1 + i];
            (child.visits, child.wins) = (visits, wins);
            (child.amaf_visits, child.amaf_wins) = (amaf_visits, amaf_wins);
        }
        slot.tree.nodes[0].visits = stats.iter().map(|s| s.0).sum();
        let worker = Worker::new(&mut slot, hooks, config, &root);
        let child = worker.select(0);
        worker.slot.tree.nodes[child].mv.expect("a child")
    }

    #[test]
    fn with_rave_a_child_without_any_statistics_gets_first_play_urgency() {
        let config = SearchConfig {
            first_play_urgency: 10.0,
            ..SearchConfig::default()
        };
        let stats = [(10, 5.0, 10, 5.0), (10, 5.0, 10, 5.0), (0, 0.0, 0, 0.0)];
        assert_eq!(selected(&Keyed, &config, stats), 2);
        let low = SearchConfig {
            first_play_urgency: 0.0,
            ..SearchConfig::default()
        };
        assert_ne!(selected(&Keyed, &low, stats), 2);
    }

    #[test]
    fn with_rave_the_real_win_rate_still_counts() {
        // Equal AMAF statistics: the child that won more of its real playouts is chosen.
        let config = SearchConfig::default().with_exploration(0.0);
        let stats = [
            (10, 1.0, 20, 10.0),
            (10, 9.0, 20, 10.0),
            (10, 5.0, 20, 10.0),
        ];
        assert_eq!(selected(&Keyed, &config, stats), 1);
        // And equal real statistics: the better AMAF win rate is chosen.
        let stats = [(10, 5.0, 20, 4.0), (10, 5.0, 20, 10.0), (10, 5.0, 20, 16.0)];
        assert_eq!(selected(&Keyed, &config, stats), 2);
    }

    #[test]
    fn rave_weighs_amaf_by_the_documented_schedule() {
        // β = ñ / (n + ñ + n·ñ/k) with k = 1,000 (Gelly and Silver 2011): child 0 has
        // β = 100/320 and value 0.4875; child 1 has β = 200/320 and value 0.4. Another
        // weighting of the same statistics, such as ñ / (n − ñ + n·ñ/k), ranks them the
        // other way round.
        let config = SearchConfig::default()
            .with_exploration(0.0)
            .with_rave_equivalence(1_000.0);
        let stats = [
            (200, 60.0, 100, 90.0),
            (100, 90.0, 200, 20.0),
            (100, 0.0, 100, 0.0),
        ];
        assert_eq!(selected(&Keyed, &config, stats), 0);
    }

    /// The selection value of a child by the documented formula, in `f64`: UCT's
    /// `q + c·√(ln N / n)`, with RAVE `(1 − β)·q + β·q̃` and `β = ñ / (n + ñ + n·ñ/k)`,
    /// and first-play urgency for a child with no playouts at all.
    fn reference_value(
        config: &SearchConfig,
        rave: bool,
        parent: f64,
        child: (f64, f64, f64, f64),
    ) -> f64 {
        let (n, w, na, aw) = child;
        let explore = |n: f64| config.exploration * (parent.max(1.0).ln() / n.max(1.0)).sqrt();
        if rave && na > 0.0 {
            let q = if n > 0.0 { w / n } else { 0.0 };
            let beta = na / (n + na + n * na / config.rave_equivalence);
            (1.0 - beta) * q + beta * aw / na + explore(n)
        } else if n == 0.0 {
            config.first_play_urgency
        } else {
            w / n + explore(n)
        }
    }

    #[test]
    fn selection_takes_the_best_value_of_the_formula() {
        let mut rng = GameRng::seed_from(11);
        let mut checked = 0;
        for case in 0..3_000 {
            let rave = case % 2 == 0;
            let config = SearchConfig {
                exploration: rng.unit_f64() * 2.0,
                rave_equivalence: 10.0 + rng.unit_f64() * 2_000.0,
                first_play_urgency: rng.unit_f64() * 2.0,
                ..SearchConfig::default()
            };
            let mut stats: Stats = [(0, 0.0, 0, 0.0); 3];
            for s in &mut stats {
                let n = if rng.below(5) == 0 {
                    0
                } else {
                    rng.below(400) as u32
                };
                let na = if rng.below(5) == 0 {
                    0
                } else {
                    rng.below(800) as u32
                };
                let w = (rng.unit_f64() * f64::from(n)) as f32;
                let aw = (rng.unit_f64() * f64::from(na)) as f32;
                *s = (n, w, na, aw);
            }
            let parent: f64 = stats.iter().map(|s| f64::from(s.0)).sum();
            let values: Vec<f64> = stats
                .iter()
                .map(|&(n, w, na, aw)| {
                    let child = (f64::from(n), f64::from(w), f64::from(na), f64::from(aw));
                    reference_value(&config, rave, parent, child)
                })
                .collect();
            let mut order: Vec<usize> = (0..3).collect();
            order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
            if values[order[0]] - values[order[1]] < 1e-3 {
                continue; // too close to call in f32
            }
            let got = if rave {
                selected(&Keyed, &config, stats)
            } else {
                selected(&DefaultHooks, &config, stats)
            };
            assert_eq!(
                usize::from(got),
                order[0],
                "case {case}: {stats:?} {values:?}"
            );
            checked += 1;
        }
        assert!(checked > 2_000, "{checked}");
    }

    #[test]
    fn equal_children_select_the_first() {
        let config = SearchConfig::default();
        let stats = [(10, 5.0, 10, 5.0); 3];
        assert_eq!(selected(&Keyed, &config, stats), 0);
        assert_eq!(selected(&DefaultHooks, &config, stats), 0);
    }

    /// A worker at the root of [`Pick`], RAVE on, its three children expanded.
    fn amaf_case(test: impl FnOnce(&mut Worker<'_, Pick, Keyed>)) {
        let root = Pick::default();
        let config = SearchConfig::default();
        let mut slot = Slot {
            tree: Tree::new(Player::Second, 100),
            rng: GameRng::seed_from(0),
        };
        assert!(
            slot.tree
                .expand(0, Player::First, &[0, 1, 2], u32::from, &[])
        );
        let mut worker = Worker::new(&mut slot, &Keyed, &config, &root);
        test(&mut worker);
    }

    /// Backs up a playout in which the first player chose `choice` (node `1 + choice`).
    fn back_up_choice(worker: &mut Worker<'_, Pick, Keyed>, choice: u8, reward_first: f32) {
        worker.path = vec![0, 1 + u32::from(choice)];
        worker.trace = vec![(Player::First, u32::from(choice))];
        worker.backup(reward_first);
    }

    fn amaf_of(worker: &Worker<'_, Pick, Keyed>) -> Vec<(u32, f32)> {
        worker.slot.tree.nodes[1..]
            .iter()
            .map(|n| (n.amaf_visits, n.amaf_wins))
            .collect()
    }

    #[test]
    fn amaf_counts_come_from_the_current_playout_only() {
        amaf_case(|worker| {
            back_up_choice(worker, 2, 1.0);
            assert_eq!(amaf_of(worker), [(0, 0.0), (0, 0.0), (1, 1.0)]);
            back_up_choice(worker, 0, 0.0);
            assert_eq!(amaf_of(worker), [(1, 0.0), (0, 0.0), (1, 1.0)]);
            let visits: Vec<u32> = worker.slot.tree.nodes.iter().map(|n| n.visits).collect();
            assert_eq!(visits, [2, 1, 0, 1]);
        });
    }

    #[test]
    fn the_amaf_stamp_starts_over_before_it_overflows() {
        amaf_case(|worker| {
            worker.stamp = (u32::MAX >> 1) - 2;
            for (round, choice) in [1u8, 2, 0, 1].into_iter().enumerate() {
                back_up_choice(worker, choice, 1.0);
                assert!(worker.stamp < u32::MAX >> 1, "round {round}");
            }
            assert_eq!(amaf_of(worker), [(1, 1.0), (2, 2.0), (1, 1.0)]);
        });
    }

    #[test]
    fn without_rave_it_is_uct() {
        let config = SearchConfig::default().with_exploration(0.0);
        let stats = [(10, 2.0, 0, 0.0), (10, 8.0, 0, 0.0), (10, 5.0, 0, 0.0)];
        assert_eq!(selected(&DefaultHooks, &config, stats), 1);
        // Exploration favours the less visited child of two equal win rates.
        let explore = SearchConfig::default();
        let stats = [(40, 20.0, 0, 0.0), (4, 2.0, 0, 0.0), (40, 20.0, 0, 0.0)];
        assert_eq!(selected(&DefaultHooks, &explore, stats), 1);
    }
}
