//! The stones as a forest of rooted trees: group labels (union-find), longest paths kept up
//! to date on every placement, and tree distances through jump pointers.
//!
//! Every group is a tree (K-5), so every orthogonal adjacency between two stones of one
//! colour is a tree edge, and the board's neighbour lists are the trees' adjacency lists.
//!
//! * **Groups** are a union-find in its quick-find form: `label[x]` is the group of stone
//!   `x` (a stone of the group, its representative). Merging keeps the biggest group's label
//!   and relabels the smaller groups, which the re-rooting below walks anyway; a stone is
//!   relabelled at most log2(n) times over a game, and `group_of` is one array read.
//! * **Rooted trees**: each stone has a parent (the root is its own parent), a depth and a
//!   jump pointer (Myers' skew-binary scheme, whose jump from depth `d` depends on `d`
//!   only), so the lowest common ancestor and the distance of two stones of a group cost
//!   O(log depth). A stone that touches one group hangs below its neighbour there in O(1);
//!   a stone that joins several groups hangs below the biggest, and the others are
//!   re-rooted at the stones it touches and hung below it.
//! * **Longest paths** (K-9): each group keeps the two ends of a longest path and its length
//!   in stones. In a tree the farthest stone from any stone is an end of a longest path, so
//!   the eccentricity of a stone `s` is `max(dist(s, a), dist(s, b))` for the ends `a`, `b`,
//!   and after placing `p` next to stones `s_i` of groups `G_i`, the new longest path is
//!   either an old one or runs through `p` to the far ends of the two `s_i` with the largest
//!   eccentricities. No group is rescanned for this.
//! * **Neighbours** come from compile-time tables of four entries per point, a missing one
//!   pointing at a wall cell past the board that matches no colour, so the loops on the
//!   placement path have a fixed length and no bounds to test.

use board_geometry::{MAX_POINTS, Point};

use crate::colour::Colour;
use board_geometry::PointSet;

/// A group's summary, stored at its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct GroupInfo {
    /// Stones in the group.
    pub size: u16,
    /// One end of a longest path.
    pub end_a: u16,
    /// The other end of that path.
    pub end_b: u16,
    /// Stones on the longest path (K-9).
    pub length: u16,
}

/// Cell contents: empty, or a stone of a colour (`1 + colour.index()`).
const EMPTY: u8 = 0;
/// The contents of the one cell past the board, which every missing neighbour points at.
const WALL: u8 = 3;
/// The index of that cell.
pub(crate) const OFF_BOARD: u16 = MAX_POINTS as u16;

/// Four neighbours per point, missing ones as [`OFF_BOARD`]: loops over neighbours have a
/// fixed length and need no degree or bounds (the wall cell matches no colour).
pub(crate) type NeighbourTable = [[u16; 4]; MAX_POINTS];

/// All stones of both colours, their groups, trees and longest paths.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Forest {
    /// One cell past the board, the wall, so neighbour loops need no bounds.
    cells: [u8; MAX_POINTS + 1],
    label: [u16; MAX_POINTS],
    parent: [u16; MAX_POINTS],
    jump: [u16; MAX_POINTS],
    depth: [u16; MAX_POINTS],
    groups: [GroupInfo; MAX_POINTS],
}

/// A touched group while a placement is being worked out.
#[derive(Clone, Copy)]
struct Touch {
    /// The neighbour stone of the new stone in this group.
    stone: u16,
    /// The group's label.
    label: u16,
    /// The group's summary before the placement.
    info: GroupInfo,
}

impl Forest {
    /// An empty board.
    pub fn new() -> Forest {
        Forest {
            cells: {
                let mut cells = [EMPTY; MAX_POINTS + 1];
                cells[MAX_POINTS] = WALL;
                cells
            },
            label: [0; MAX_POINTS],
            parent: [0; MAX_POINTS],
            jump: [0; MAX_POINTS],
            depth: [0; MAX_POINTS],
            groups: [GroupInfo::default(); MAX_POINTS],
        }
    }

    /// The colour of the stone on `p`, if any.
    #[inline]
    pub fn colour_at(&self, p: Point) -> Option<Colour> {
        match self.cells[p.index()] {
            EMPTY => None,
            1 => Some(Colour::Black),
            _ => Some(Colour::White),
        }
    }

    /// Whether each of the first `points` points holds a stone of `colour`, in point
    /// order: `colour_at(p) == Some(colour)` for every point at once.
    #[inline]
    pub fn stones_of(&self, colour: Colour, points: usize) -> impl Iterator<Item = bool> + '_ {
        let stone = 1 + colour.index() as u8;
        self.cells[..points.min(MAX_POINTS)]
            .iter()
            .map(move |&cell| cell == stone)
    }

    /// The label of the group of the stone on `p` (only meaningful for a stone).
    #[inline]
    pub fn group_of(&self, p: Point) -> u16 {
        self.label[p.index()]
    }

    /// The summary of the group with this label.
    #[inline]
    pub fn group(&self, label: u16) -> GroupInfo {
        self.groups[usize::from(label)]
    }

    /// Whether the empty point `q`, next to the stone `from` of group `label`, touches another
    /// stone of that group: after a placement, the test of K-3 for the points around the
    /// stones whose group just changed.
    #[inline]
    fn touches_group_again(
        &self,
        table: &NeighbourTable,
        q: usize,
        from: usize,
        label: u16,
    ) -> bool {
        let colour = self.cells[from];
        table[q].iter().any(|&r| {
            let r = usize::from(r);
            r != from && self.cells[r] == colour && self.label[r] == label
        })
    }

    /// The lowest common ancestor of two stones of one tree.
    fn lowest_common_ancestor(&self, mut u: usize, mut v: usize) -> usize {
        if self.depth[u] < self.depth[v] {
            std::mem::swap(&mut u, &mut v);
        }
        let target = self.depth[v];
        while self.depth[u] > target {
            let j = usize::from(self.jump[u]);
            u = if self.depth[j] >= target {
                j
            } else {
                usize::from(self.parent[u])
            };
        }
        // Equal depths have jumps of equal depth, so either both jump or both step.
        while u != v {
            let (ju, jv) = (usize::from(self.jump[u]), usize::from(self.jump[v]));
            if ju == jv {
                u = usize::from(self.parent[u]);
                v = usize::from(self.parent[v]);
            } else {
                u = ju;
                v = jv;
            }
        }
        u
    }

    /// The length (K-9) of the group a stone of `colour` on the empty point `p` would be in,
    /// without placing it: 1 for a stone touching none of its colour. `p` must be a legal
    /// placement for `colour` (it touches each of its groups at most once). O(log n), as
    /// the placement's own path update; the search's priors ask it for every candidate.
    pub fn length_after(&self, table: &NeighbourTable, p: Point, colour: Colour) -> u16 {
        let pi = p.index();
        let stone = 1 + colour.index() as u8;
        let mut touches = [Touch {
            stone: 0,
            label: 0,
            info: GroupInfo::default(),
        }; 4];
        let mut count = 0;
        for &q in &table[pi] {
            let q = usize::from(q);
            if self.cells[q] == stone {
                let label = self.label[q];
                touches[count] = Touch {
                    stone: q as u16,
                    label,
                    info: self.groups[usize::from(label)],
                };
                count += 1;
            }
        }
        if count == 0 {
            return 1;
        }
        self.longest_path_after(pi as u16, &touches[..count]).2
    }

    /// The stones on the tree path from `u` to `v`, two stones of one group, both
    /// included, in order from `u`: up from each to their lowest common ancestor.
    pub fn path(&self, u: u16, v: u16) -> Vec<u16> {
        let (u, v) = (usize::from(u), usize::from(v));
        let lca = self.lowest_common_ancestor(u, v);
        let climb = |mut at: usize| {
            let mut stones = Vec::new();
            while at != lca {
                stones.push(at as u16);
                at = usize::from(self.parent[at]);
            }
            stones
        };
        let mut path = climb(u);
        path.push(lca as u16);
        path.extend(climb(v).into_iter().rev());
        path
    }

    /// The number of tree edges between two stones of one group.
    pub fn distance(&self, u: u16, v: u16) -> u16 {
        let (u, v) = (usize::from(u), usize::from(v));
        let lca = self.lowest_common_ancestor(u, v);
        self.depth[u] + self.depth[v] - 2 * self.depth[lca]
    }

    /// Hangs stone `child` below `parent` (or makes it a root when they are equal).
    #[inline]
    fn hang(&mut self, child: usize, parent: usize) {
        if child == parent {
            self.parent[child] = child as u16;
            self.jump[child] = child as u16;
            self.depth[child] = 0;
            return;
        }
        self.parent[child] = parent as u16;
        self.depth[child] = self.depth[parent] + 1;
        let j = usize::from(self.jump[parent]);
        let jj = usize::from(self.jump[j]);
        self.jump[child] = if self.depth[parent] - self.depth[j] == self.depth[j] - self.depth[jj] {
            jj as u16
        } else {
            parent as u16
        };
    }

    /// Places a `colour` stone on the empty point `p`, which must not close a loop (K-3),
    /// and removes from `legal` (the colour's legal points) every point that now would.
    pub fn place(
        &mut self,
        table: &NeighbourTable,
        p: Point,
        colour: Colour,
        legal: &mut PointSet,
    ) {
        let pi = p.index();
        let mut touches = [Touch {
            stone: 0,
            label: 0,
            info: GroupInfo::default(),
        }; 4];
        let mut count = 0;
        let stone = 1 + colour.index() as u8;
        for &q in &table[pi] {
            let q = usize::from(q);
            if self.cells[q] == stone {
                let label = self.label[q];
                debug_assert!(
                    // The planted bug of K-3 (tests only) lets a stone close a loop.
                    game_core::planted::is("K-3")
                        || touches[..count].iter().all(|t| t.label != label),
                    "K-3: placement closes a loop"
                );
                touches[count] = Touch {
                    stone: q as u16,
                    label,
                    info: self.groups[usize::from(label)],
                };
                count += 1;
            }
        }
        self.cells[pi] = 1 + colour.index() as u8;
        let touches = &touches[..count];
        let Some(biggest) = touches.iter().max_by_key(|t| t.info.size) else {
            // A lone stone: its own group and root, length 1 (K-9).
            self.label[pi] = pi as u16;
            self.hang(pi, pi);
            self.groups[pi] = GroupInfo {
                size: 1,
                end_a: pi as u16,
                end_b: pi as u16,
                length: 1,
            };
            return;
        };
        let new_path = self.longest_path_after(pi as u16, touches);
        let big = *biggest;
        self.label[pi] = big.label;
        self.hang(pi, usize::from(big.stone));
        let mut size = 1 + big.info.size;
        if touches.len() > 1 {
            self.join_smaller_groups(table, pi, colour, touches, big.label, legal);
            size += touches
                .iter()
                .filter(|t| t.label != big.label)
                .map(|t| t.info.size)
                .sum::<u16>();
        }
        for &q in &table[pi] {
            let q = usize::from(q);
            if self.cells[q] == EMPTY
                && legal.contains(Point::from_index(q))
                && self.touches_group_again(table, q, pi, big.label)
            {
                legal.remove(Point::from_index(q));
            }
        }
        let (end_a, end_b, length) = new_path;
        self.groups[usize::from(big.label)] = GroupInfo {
            size,
            end_a,
            end_b,
            length,
        };
    }

    /// Hangs every touched group but the biggest below the new stone `pi`, re-rooted at
    /// the stone it touches, with the merged label; removes from `legal` the points next to
    /// two of the joined groups.
    fn join_smaller_groups(
        &mut self,
        table: &NeighbourTable,
        pi: usize,
        colour: Colour,
        touches: &[Touch],
        merged: u16,
        legal: &mut PointSet,
    ) {
        let stone = 1 + colour.index() as u8;
        let mut stack = [0u16; MAX_POINTS];
        for t in touches.iter().filter(|t| t.label != merged) {
            // Re-root the smaller group at the touched stone, below the new stone, and give
            // it the merged label; parents are set before their children.
            let root = usize::from(t.stone);
            self.hang(root, pi);
            self.label[root] = merged;
            stack[0] = t.stone;
            let mut top = 1;
            while top > 0 {
                top -= 1;
                let x = usize::from(stack[top]);
                for &y in &table[x] {
                    let yi = usize::from(y);
                    if self.cells[yi] == stone {
                        if self.label[yi] == t.label {
                            self.label[yi] = merged;
                            self.hang(yi, x);
                            stack[top] = y;
                            top += 1;
                        }
                    } else if self.cells[yi] == EMPTY
                        && legal.contains(Point::from_index(yi))
                        && self.touches_group_again(table, yi, x, merged)
                    {
                        // A point next to two of the joined groups dies for this colour.
                        legal.remove(Point::from_index(yi));
                    }
                }
            }
        }
    }

    /// The longest path of the group formed by a new stone `p` and the touched groups:
    /// `(end, end, stones)`. Works on the trees before they are joined.
    fn longest_path_after(&self, p: u16, touches: &[Touch]) -> (u16, u16, u16) {
        if let [t] = touches {
            // One group: the path grows only if the touched stone is an end of a longest
            // path (eccentricity = diameter). Ends and a bound through the root (a distance
            // is at most the sum of the depths) answer most placements without a query.
            let info = t.info;
            let diameter = info.length - 1;
            if t.stone == info.end_a {
                return (p, info.end_b, info.length + 1);
            }
            if t.stone == info.end_b {
                return (p, info.end_a, info.length + 1);
            }
            let depth = |x: u16| self.depth[usize::from(x)];
            if depth(t.stone) + depth(info.end_a).max(depth(info.end_b)) < diameter {
                return (info.end_a, info.end_b, info.length);
            }
        }
        let mut best = (p, p, 1);
        // Through `p`: the two deepest arms, each reaching the far end of its group.
        let mut arms: [(u16, u16); 2] = [(0, p), (0, p)];
        for t in touches {
            if t.info.length > best.2 {
                best = (t.info.end_a, t.info.end_b, t.info.length);
            }
            let to_a = self.distance(t.stone, t.info.end_a);
            let to_b = self.distance(t.stone, t.info.end_b);
            // Stones on the arm from `p`'s neighbour to the far end.
            let arm = if to_a >= to_b {
                (to_a + 1, t.info.end_a)
            } else {
                (to_b + 1, t.info.end_b)
            };
            if arm.0 > arms[0].0 {
                arms[1] = arms[0];
                arms[0] = arm;
            } else if arm.0 > arms[1].0 {
                arms[1] = arm;
            }
        }
        let through = arms[0].0 + arms[1].0 + 1;
        if through > best.2 {
            best = (arms[0].1, arms[1].1, through);
        }
        best
    }
}
