//! One search tree: an arena of nodes whose children are contiguous blocks, with a hard cap
//! on its length, and re-rooting that compacts the kept subtree in place.

use crate::player::Player;
use crate::search::hooks::Prior;

/// A node's key when its move has no AMAF key.
pub(crate) const NO_KEY: u32 = u32::MAX;

/// Where a node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No children yet.
    Leaf,
    /// Its children are the block `first_child .. first_child + child_count`.
    Expanded,
    /// The game is over here.
    Terminal,
}

/// One position of the tree, reached by `mv`. Statistics are for `mover`, who played `mv`.
///
/// Invariant: a child block is always stored after its parent (blocks are appended when a
/// node is expanded, and compaction keeps the order), so a parent's index is below its
/// children's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<M> {
    /// Playouts through this node (plus the prior's virtual ones).
    pub visits: u32,
    /// Sum of the rewards of those playouts for `mover`.
    pub wins: f32,
    /// AMAF playouts: later in the playout, `mover` played this move's key first.
    pub amaf_visits: u32,
    /// Sum of the AMAF playouts' rewards for `mover`.
    pub amaf_wins: f32,
    /// Index of the first child (when expanded).
    pub first_child: u32,
    /// Number of children (when expanded).
    pub child_count: u32,
    /// The move's AMAF key, or [`NO_KEY`].
    pub amaf_key: u32,
    /// The move from the parent (`None` at the root).
    pub mv: Option<M>,
    /// Who played `mv`.
    pub mover: Player,
    /// Leaf, expanded or terminal.
    pub kind: Kind,
}

impl<M> Node<M> {
    fn root(mover: Player) -> Node<M> {
        Node {
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            first_child: 0,
            child_count: 0,
            amaf_key: NO_KEY,
            mv: None,
            mover,
            kind: Kind::Leaf,
        }
    }
}

/// The node arena of one search thread. The root is node 0.
#[derive(Clone, Debug)]
pub(crate) struct Tree<M> {
    pub nodes: Vec<Node<M>>,
    /// The most nodes (the root's children are always allowed).
    cap: usize,
}

impl<M: Copy + PartialEq> Tree<M> {
    /// A tree holding only a root whose move was made by `mover`.
    pub fn new(mover: Player, cap: usize) -> Tree<M> {
        let mut tree = Tree {
            nodes: Vec::new(),
            cap: cap.max(1),
        };
        tree.reset(mover);
        tree
    }

    /// Back to a lone root (the memory stays for reuse).
    pub fn reset(&mut self, mover: Player) {
        self.nodes.clear();
        self.nodes.push(Node::root(mover));
    }

    /// Changes the cap; a tree already longer is pruned at its next expansion below the
    /// root, or cut when it is re-rooted.
    pub fn set_cap(&mut self, cap: usize) {
        self.cap = cap.max(1);
    }

    /// The children of `node` as an index range (empty unless expanded).
    #[inline]
    pub fn children(&self, node: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[node];
        if n.kind == Kind::Expanded {
            let first = n.first_child as usize;
            first..first + n.child_count as usize
        } else {
            0..0
        }
    }

    /// The child of `node` reached by `mv`.
    pub fn child_with(&self, node: usize, mv: M) -> Option<usize> {
        self.children(node).find(|&c| self.nodes[c].mv == Some(mv))
    }

    /// Gives `node` one child per move, by `mover`, with their AMAF keys and priors.
    /// Returns `false` (and changes nothing) when the cap leaves no room, except at the
    /// root, which always gets its children.
    pub fn expand(
        &mut self,
        node: usize,
        mover: Player,
        moves: &[M],
        keys: impl Fn(M) -> u32,
        priors: &[Prior],
    ) -> bool {
        let len = self.nodes.len();
        let needed = len + moves.len();
        if needed > self.cap && node != 0 {
            return false;
        }
        if needed > self.nodes.capacity() {
            // Grow by doubling, but never past the cap, so the arena's memory is bounded.
            let target = needed.max(self.cap.min(self.nodes.capacity().max(256) * 2));
            self.nodes.reserve_exact(target - len);
        }
        for (i, &mv) in moves.iter().enumerate() {
            let prior = priors.get(i).copied().unwrap_or(Prior::NONE);
            self.nodes.push(Node {
                visits: prior.weight,
                wins: prior.value * prior.weight as f32,
                amaf_visits: 0,
                amaf_wins: 0.0,
                first_child: 0,
                child_count: 0,
                amaf_key: keys(mv),
                mv: Some(mv),
                mover,
                kind: Kind::Leaf,
            });
        }
        let parent = &mut self.nodes[node];
        parent.first_child = u32::try_from(len).expect("tree index fits u32");
        parent.child_count = u32::try_from(moves.len()).expect("child count fits u32");
        parent.kind = Kind::Expanded;
        true
    }

    /// The most nodes the tree grows to (the root's children are always allowed).
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// Makes room in a full tree: the expanded nodes with the fewest visits become leaves
    /// again (keeping their own statistics, losing their subtrees) until at most `keep`
    /// nodes remain, or only the root and its children. The nodes most visited keep their
    /// subtrees, so the search goes on growing where it is looking. Nodes with equal visits
    /// are kept or pruned together. Returns the nodes freed.
    pub fn prune(&mut self, keep: usize) -> usize {
        let threshold = self.prune_threshold(keep);
        let len = self.nodes.len();
        len - self.keep_subtree(0, threshold)
    }

    /// The fewest visits an expanded node below the root needs to keep its children, so
    /// that at most `keep` nodes remain (an overestimate of what stays: a node above the
    /// threshold under a pruned one goes too); 0 when everything fits.
    fn prune_threshold(&self, keep: usize) -> u32 {
        let mut expanded: Vec<(u32, u32)> = self
            .nodes
            .iter()
            .skip(1)
            .filter(|n| n.kind == Kind::Expanded)
            .map(|n| (n.visits, n.child_count))
            .collect();
        expanded.sort_unstable_by_key(|n| std::cmp::Reverse(n.0));
        let mut total = 1 + self.children(0).len();
        let mut i = 0;
        while i < expanded.len() {
            // All the nodes with this many visits, together.
            let visits = expanded[i].0;
            let mut group = 0;
            let mut j = i;
            while j < expanded.len() && expanded[j].0 == visits {
                group += expanded[j].1 as usize;
                j += 1;
            }
            if total + group > keep {
                return visits.saturating_add(1);
            }
            total += group;
            i = j;
        }
        0
    }

    /// Makes the root's child reached by `mv` the new root, keeping its subtree's nodes and
    /// statistics and freeing the rest for reuse. Without such a child the tree starts
    /// afresh with a root whose move was made by `mover`.
    pub fn advance(&mut self, mv: M, mover: Player) {
        match self.child_with(0, mv) {
            Some(child) => self.reroot(child),
            None => self.reset(mover),
        }
        // After the cap was lowered, give the memory above it back.
        self.nodes.shrink_to(self.cap.max(self.nodes.len()));
    }

    /// Keeps only the subtree of `new_root`, moved to the front of the arena in its old
    /// order (so parents stay before children), in place.
    fn reroot(&mut self, new_root: usize) {
        self.keep_subtree(new_root, 0);
        self.nodes[0].mv = None;
    }

    /// Keeps only the subtree of `root`, moved to the front of the arena in its old order
    /// (so parents stay before children), in place; below `root`, an expanded node with
    /// fewer than `threshold` visits becomes a leaf (keeping its own statistics) and its
    /// subtree goes too. Returns the nodes kept.
    fn keep_subtree(&mut self, root: usize, threshold: u32) -> usize {
        const DROPPED: u32 = u32::MAX;
        const KEPT: u32 = u32::MAX - 1;
        let len = self.nodes.len();
        // Pass 1: the new index of every kept node (`DROPPED` for the others). Children come
        // after their parent, so one forward pass reaches a node after its parent marked it.
        let mut rank = vec![DROPPED; len - root];
        rank[0] = KEPT;
        let mut next = 0u32;
        for i in root..len {
            if rank[i - root] == DROPPED {
                continue;
            }
            rank[i - root] = next;
            next += 1;
            let node = &mut self.nodes[i];
            if node.kind == Kind::Expanded && i != root && node.visits < threshold {
                (node.kind, node.first_child, node.child_count) = (Kind::Leaf, 0, 0);
            }
            for c in self.children(i) {
                rank[c - root] = KEPT;
            }
        }
        // Pass 2: move each kept node to its new index, which is never above its old one
        // and above every index already written, so nothing unread is overwritten.
        for i in root..len {
            let to = rank[i - root];
            if to == DROPPED {
                continue;
            }
            let mut node = self.nodes[i];
            if node.kind == Kind::Expanded {
                node.first_child = rank[node.first_child as usize - root];
            }
            self.nodes[to as usize] = node;
        }
        self.nodes.truncate(next as usize);
        next as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_key(_: u8) -> u32 {
        NO_KEY
    }

    #[test]
    fn reroot_keeps_the_subtree_in_order_and_links_children() {
        let mut tree: Tree<u8> = Tree::new(Player::Second, 100);
        assert!(tree.expand(0, Player::First, &[1, 2], no_key, &[]));
        // Expand the second child before the first one's, so blocks interleave.
        assert!(tree.expand(2, Player::Second, &[21, 22], no_key, &[]));
        assert!(tree.expand(1, Player::Second, &[11, 12], no_key, &[]));
        assert!(tree.expand(4, Player::First, &[221], no_key, &[]));
        assert!(tree.expand(3, Player::First, &[211, 212], no_key, &[]));
        tree.nodes[4].visits = 7;
        tree.advance(2, Player::First);
        let moves: Vec<_> = tree.nodes.iter().map(|n| n.mv).collect();
        assert_eq!(
            moves,
            [None, Some(21), Some(22), Some(221), Some(211), Some(212)]
        );
        assert_eq!(tree.children(0), 1..3);
        assert_eq!(tree.children(2), 3..4);
        assert_eq!(tree.children(1), 4..6);
        assert_eq!(tree.nodes[2].visits, 7);
        tree.advance(99, Player::Second);
        assert_eq!(tree.nodes.len(), 1);
    }

    /// Root → 1 (10 visits) → 11 (5 visits) → 111, and root → 2 (3 visits) → 21, 22.
    fn three_expansions() -> Tree<u8> {
        let mut tree: Tree<u8> = Tree::new(Player::Second, 100);
        assert!(tree.expand(0, Player::First, &[1, 2], no_key, &[]));
        assert!(tree.expand(1, Player::Second, &[11, 12], no_key, &[]));
        assert!(tree.expand(2, Player::Second, &[21, 22], no_key, &[]));
        assert!(tree.expand(3, Player::First, &[111], no_key, &[]));
        for (node, visits, wins) in [(0, 13, 6.0), (1, 10, 7.0), (2, 3, 1.0), (3, 5, 2.0)] {
            (tree.nodes[node].visits, tree.nodes[node].wins) = (visits, wins);
        }
        tree
    }

    fn moves(tree: &Tree<u8>) -> Vec<Option<u8>> {
        tree.nodes.iter().map(|n| n.mv).collect()
    }

    #[test]
    fn pruning_drops_the_least_visited_subtrees_first() {
        let mut tree = three_expansions();
        // Root and its children (3), then 1's two children (5), 11's child (6): node 2's
        // two children would make 8.
        assert_eq!(tree.prune(7), 2);
        assert_eq!(
            moves(&tree),
            [None, Some(1), Some(2), Some(11), Some(12), Some(111)]
        );
        assert_eq!(tree.children(0), 1..3);
        assert_eq!(tree.children(1), 3..5);
        assert_eq!(tree.children(3), 5..6);
        // The pruned node is a leaf again with its statistics.
        assert_eq!(tree.nodes[2].kind, Kind::Leaf);
        assert_eq!((tree.nodes[2].visits, tree.nodes[2].wins), (3, 1.0));
        assert_eq!(tree.children(2), 0..0);
        // Room enough: nothing goes.
        assert_eq!(tree.prune(6), 0);
        assert_eq!(tree.nodes.len(), 6);
        // Then 11's subtree (5 visits) goes before 1's (10).
        assert_eq!(tree.prune(5), 1);
        assert_eq!(moves(&tree), [None, Some(1), Some(2), Some(11), Some(12)]);
        assert_eq!(tree.nodes[3].kind, Kind::Leaf);
        assert_eq!((tree.nodes[3].visits, tree.nodes[3].wins), (5, 2.0));
    }

    #[test]
    fn pruning_keeps_the_root_and_its_children_and_equal_visits_together() {
        let mut tree = three_expansions();
        assert_eq!(tree.prune(0), 5);
        assert_eq!(moves(&tree), [None, Some(1), Some(2)]);
        assert!(tree.nodes[1..].iter().all(|n| n.kind == Kind::Leaf));
        assert_eq!(tree.nodes[0].kind, Kind::Expanded);
        // Nodes 1 and 2 with the same visits: room for one of their blocks is room for none.
        let mut tree = three_expansions();
        tree.nodes[2].visits = 10;
        assert_eq!(tree.prune(6), 5);
        assert_eq!(tree.nodes.len(), 3);
        // A node above the threshold under a pruned one goes with its parent.
        let mut tree = three_expansions();
        tree.nodes[3].visits = 50;
        assert_eq!(tree.prune(4), 5);
        assert_eq!(tree.nodes.len(), 3);
        // The pruned tree grows again.
        assert!(tree.expand(2, Player::Second, &[21], no_key, &[]));
        assert_eq!(tree.child_with(2, 21), Some(3));
    }

    #[test]
    fn the_cap_stops_growth_except_at_the_root() {
        let mut tree: Tree<u8> = Tree::new(Player::Second, 3);
        assert!(tree.expand(0, Player::First, &[1, 2, 3, 4], no_key, &[]));
        assert!(!tree.expand(1, Player::Second, &[5], no_key, &[]));
        assert_eq!(tree.nodes.len(), 5);
        assert!(tree.nodes.capacity() <= 5);
        // A lower cap gives memory back when the tree is re-rooted.
        let mut tree: Tree<u8> = Tree::new(Player::Second, 1_000);
        let moves: Vec<u8> = (0..=255).collect();
        assert!(tree.expand(0, Player::First, &moves, no_key, &[]));
        assert!(tree.expand(1, Player::Second, &moves, no_key, &[]));
        assert!(tree.nodes.capacity() >= 513);
        tree.set_cap(300);
        tree.advance(0, Player::Second);
        assert_eq!(tree.nodes.len(), 257);
        assert!(tree.nodes.capacity() <= 300);
    }

    #[test]
    fn a_tree_fills_up_to_exactly_its_cap() {
        let mut tree: Tree<u8> = Tree::new(Player::Second, 5);
        assert!(tree.expand(0, Player::First, &[1, 2], no_key, &[]));
        // 3 nodes, 2 more make 5: the cap itself is allowed.
        assert!(tree.expand(1, Player::Second, &[11, 12], no_key, &[]));
        assert_eq!(tree.nodes.len(), 5);
        assert!(!tree.expand(2, Player::Second, &[21], no_key, &[]));
        assert_eq!(tree.nodes.len(), 5);
    }

    #[test]
    fn new_children_start_from_their_priors() {
        let mut tree: Tree<u8> = Tree::new(Player::Second, 100);
        let priors = [Prior::new(0.75, 8), Prior::NONE];
        assert!(tree.expand(0, Player::First, &[1, 2, 3], |m| u32::from(m) * 10, &priors));
        let stats: Vec<(u32, f32, u32)> = tree.nodes[1..]
            .iter()
            .map(|n| (n.visits, n.wins, n.amaf_key))
            .collect();
        // Eight virtual playouts worth 0.75 each; no prior (given or missing) is no playout.
        assert_eq!(stats, [(8, 6.0, 10), (0, 0.0, 20), (0, 0.0, 30)]);
    }

    #[test]
    fn the_arena_grows_by_doubling_not_node_by_node() {
        let mut tree: Tree<u8> = Tree::new(Player::Second, 1_000_000);
        assert!(tree.expand(0, Player::First, &[0], no_key, &[]));
        let mut capacities = std::collections::BTreeSet::new();
        // A chain of 20,000 single-child expansions: each adds one node.
        for node in 1..20_000 {
            assert!(tree.expand(node, Player::First, &[0], no_key, &[]));
            capacities.insert(tree.nodes.capacity());
        }
        assert!(capacities.len() <= 12, "{} reallocations", capacities.len());
        assert!(tree.nodes.capacity() < 2 * 20_001 + 512);
    }
}
