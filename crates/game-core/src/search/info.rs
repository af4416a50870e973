//! What a search reports: [`SearchInfo`] and [`MoveInfo`], summed over the threads' trees.

use std::time::Duration;

use crate::search::tree::Tree;
use crate::search::worker::Slot;

/// The statistics of one move at the root, summed over the threads' trees.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct MoveInfo<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it (with its prior's virtual ones), this search and the kept ones.
    pub visits: u64,
    /// Its mean reward for the player to move, in `[0, 1]` (½ without visits).
    pub win_rate: f64,
}

/// What a search found and what it cost.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchInfo<M> {
    /// The move to play: the most visited at the root (ties: the better win rate, then the
    /// first generated), or early in the game with a
    /// [`SearchConfig::variety`](crate::search::SearchConfig::variety), a move drawn among
    /// those nearly as good; `None` when the game is over.
    pub best: Option<M>,
    /// The move to play's win rate for the player to move (½ when nothing is known): the
    /// search's estimate of how the game stands.
    pub win_rate: f64,
    /// The principal variation: the move to play, then at each step the reply visited most.
    pub pv: Vec<M>,
    /// Playouts played by this search, over all threads.
    pub playouts: u64,
    /// Playouts through the root kept from earlier searches (tree reuse), over all threads.
    pub reused: u64,
    /// Wall-clock time of this search.
    pub elapsed: Duration,
    /// Tree nodes in use after the search, over all threads.
    pub nodes: usize,
    /// Threads that searched.
    pub threads: usize,
    /// Every root move the search considered, most visited first.
    pub moves: Vec<MoveInfo<M>>,
}

impl<M> SearchInfo<M> {
    /// Playouts per second of this search (0 if it took no measurable time).
    #[must_use]
    pub fn playouts_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.playouts as f64 / secs
        } else {
            0.0
        }
    }
}

/// Sums the children of one node per move over several trees, in the first tree's order
/// (trees built from the same position list the same moves in the same order; a move only
/// some trees have is added at the end).
fn merged_children<M: Copy + PartialEq>(
    trees: &[&Tree<M>],
    nodes: &[Option<usize>],
) -> Vec<(M, u64, f64)> {
    let mut merged: Vec<(M, u64, f64)> = Vec::new();
    for (tree, node) in trees.iter().zip(nodes) {
        let Some(node) = *node else { continue };
        for (k, c) in tree.children(node).enumerate() {
            let child = &tree.nodes[c];
            let Some(mv) = child.mv else { continue };
            let slot = match merged.get(k) {
                Some(entry) if entry.0 == mv => Some(k),
                _ => merged.iter().position(|entry| entry.0 == mv),
            };
            let i = slot.unwrap_or_else(|| {
                merged.push((mv, 0, 0.0));
                merged.len() - 1
            });
            merged[i].1 += u64::from(child.visits);
            merged[i].2 += f64::from(child.wins);
        }
    }
    merged
}

/// The root moves over all slots, most visited first (stable for ties, after the better
/// win rate).
pub(crate) fn root_moves<M: Copy + PartialEq>(slots: &[Slot<M>]) -> Vec<MoveInfo<M>> {
    let trees: Vec<&Tree<M>> = slots.iter().map(|s| &s.tree).collect();
    let roots = vec![Some(0); trees.len()];
    let mut moves: Vec<MoveInfo<M>> = merged_children(&trees, &roots)
        .into_iter()
        .map(|(mv, visits, wins)| MoveInfo {
            mv,
            visits,
            win_rate: if visits == 0 {
                0.5
            } else {
                wins / visits as f64
            },
        })
        .collect();
    moves.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.win_rate.total_cmp(&a.win_rate))
    });
    moves
}

/// The principal variation over all slots, starting with `first` (the chosen root move):
/// at each step, the move with the most visits summed over the trees that hold the line.
pub(crate) fn principal_variation<M: Copy + PartialEq>(slots: &[Slot<M>], first: M) -> Vec<M> {
    const MAX_LENGTH: usize = 64;
    let trees: Vec<&Tree<M>> = slots.iter().map(|s| &s.tree).collect();
    let mut nodes: Vec<Option<usize>> = vec![Some(0); trees.len()];
    let mut pv = Vec::new();
    let mut next = Some(first);
    while let Some(mv) = next {
        pv.push(mv);
        for (tree, node) in trees.iter().zip(nodes.iter_mut()) {
            *node = node.and_then(|n| tree.child_with(n, mv));
        }
        if pv.len() >= MAX_LENGTH {
            break;
        }
        next = merged_children(&trees, &nodes)
            .into_iter()
            .filter(|&(_, visits, _)| visits > 0)
            .fold(None, |best: Option<(M, u64)>, (mv, visits, _)| match best {
                Some((_, v)) if v >= visits => best,
                _ => Some((mv, visits)),
            })
            .map(|(mv, _)| mv);
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Player;
    use crate::search::tree::NO_KEY;

    fn no_key(_: u8) -> u32 {
        NO_KEY
    }

    /// A tree whose root has children `moves`, child `i` with `visits[i]` playouts and
    /// `visits[i]` / 2 wins.
    fn tree(moves: &[u8], visits: &[u32]) -> Tree<u8> {
        let mut tree = Tree::new(Player::Second, 100);
        assert!(tree.expand(0, Player::First, moves, no_key, &[]));
        for (i, &v) in visits.iter().enumerate() {
            tree.nodes[1 + i].visits = v;
            tree.nodes[1 + i].wins = v as f32 / 2.0;
        }
        tree
    }

    #[test]
    fn children_are_summed_per_move_whatever_each_tree_order() {
        let a = tree(&[1, 2, 3], &[10, 20, 30]);
        // Another order, a move the first tree lacks, and one it has missing.
        let b = tree(&[3, 1, 4], &[1, 2, 4]);
        let merged = merged_children(&[&a, &b], &[Some(0), Some(0)]);
        assert_eq!(
            merged,
            [(1, 12, 6.0), (2, 20, 10.0), (3, 31, 15.5), (4, 4, 2.0)]
        );
        // A tree without the node adds nothing.
        let merged = merged_children(&[&a, &b], &[Some(0), None]);
        assert_eq!(merged, [(1, 10, 5.0), (2, 20, 10.0), (3, 30, 15.0)]);
    }

    #[test]
    fn the_principal_variation_follows_the_most_visited_reply_over_all_trees() {
        // Root moves 1 and 2; below 1, replies 11 and 12, and below 11 a reply 111 that no
        // playout has visited yet.
        let mut a = tree(&[1, 2], &[30, 5]);
        assert!(a.expand(1, Player::Second, &[11, 12], no_key, &[]));
        a.nodes[3].visits = 4; // 11
        a.nodes[4].visits = 6; // 12
        let mut b = tree(&[1, 2], &[30, 5]);
        assert!(b.expand(1, Player::Second, &[11, 12], no_key, &[]));
        b.nodes[3].visits = 5; // 11: 9 in all against 12's 8
        b.nodes[4].visits = 2;
        assert!(b.expand(3, Player::First, &[111], no_key, &[]));
        let slots = |trees: Vec<Tree<u8>>| -> Vec<Slot<u8>> {
            trees
                .into_iter()
                .map(|tree| Slot {
                    tree,
                    rng: crate::rng::GameRng::seed_from(0),
                })
                .collect()
        };
        let both = slots(vec![a.clone(), b.clone()]);
        assert_eq!(principal_variation(&both, 1), [1, 11]);
        // Tree a alone prefers 12; a tie keeps the first generated reply.
        assert_eq!(principal_variation(&slots(vec![a.clone()]), 1), [1, 12]);
        a.nodes[3].visits = 6;
        assert_eq!(principal_variation(&slots(vec![a]), 1), [1, 11]);
        // A root move without children ends the line at once.
        assert_eq!(principal_variation(&both, 2), [2]);
    }

    #[test]
    fn playouts_per_second_divide_by_the_elapsed_time() {
        let info = |playouts: u64, elapsed: Duration| SearchInfo::<u8> {
            best: None,
            win_rate: 0.5,
            pv: Vec::new(),
            playouts,
            reused: 0,
            elapsed,
            nodes: 0,
            threads: 1,
            moves: Vec::new(),
        };
        assert_eq!(
            info(3_000, Duration::from_millis(1_500)).playouts_per_second(),
            2_000.0
        );
        assert_eq!(
            info(10, Duration::from_millis(4)).playouts_per_second(),
            2_500.0
        );
        assert_eq!(info(10, Duration::ZERO).playouts_per_second(), 0.0);
    }
}
