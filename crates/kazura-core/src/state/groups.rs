//! The group-length queries (K-9, K-10): one group's length, each colour's lengths and
//! longest paths from the kept paths, and the lengths recomputed from the stones alone.

use board_geometry::{Coord, Point, PointSet};

use super::Kazura;
use crate::colour::Colour;
use crate::lengths::GroupLengths;

impl Kazura {
    /// The length of the group of the stone on `point` (K-9), or `None` if there is none.
    #[must_use]
    pub fn group_length_at(&self, point: Coord) -> Option<usize> {
        let p = self.geometry().point_at(point)?;
        self.forest.colour_at(p)?;
        Some(usize::from(
            self.forest.group(self.forest.group_of(p)).length,
        ))
    }

    /// The length of `colour`'s longest group, 0 before its first stone.
    #[must_use]
    pub fn longest_length(&self, colour: Colour) -> usize {
        usize::from(self.longest[colour.index()])
    }

    /// Each colour's group lengths, longest first (K-9, K-10), from the kept paths.
    #[must_use]
    pub fn group_lengths(&self) -> GroupLengths {
        let mut lists = [Vec::new(), Vec::new()];
        for p in self.geometry().points() {
            let Some(colour) = self.forest.colour_at(p) else {
                continue;
            };
            if usize::from(self.forest.group_of(p)) == p.index() {
                lists[colour.index()].push(self.reported_length(p.index() as u16));
            }
        }
        let [mut black, mut white] = lists;
        black.sort_unstable_by(|a, b| b.cmp(a));
        white.sort_unstable_by(|a, b| b.cmp(a));
        GroupLengths { black, white }
    }

    /// One longest path (K-9) of each of `colour`'s longest groups: the stones from one end
    /// of the path to the other, the groups taken row by row from `A1` by their
    /// representative stone. Empty before `colour`'s first stone. A group may have several
    /// longest paths; this is the one the game keeps (its ends decide nothing, only the
    /// length does), for a front end to draw.
    ///
    /// ```
    /// use kazura_core::{Colour, Coord, Game, Kazura};
    ///
    /// let mut game = Kazura::new(5)?;
    /// for text in ["A1", "E5", "B1", "E4", "B2"] {
    ///     game.play(game.parse_move(text)?)?;
    /// }
    /// let names = |path: &Vec<Coord>| path.iter().map(Coord::to_string).collect::<Vec<_>>();
    /// let black = game.longest_paths(Colour::Black);
    /// assert_eq!(black.len(), 1);
    /// assert!(names(&black[0]) == ["A1", "B1", "B2"] || names(&black[0]) == ["B2", "B1", "A1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn longest_paths(&self, colour: Colour) -> Vec<Vec<Coord>> {
        let coords = &self.tables.coords;
        let longest = self.longest[colour.index()];
        let mut paths = Vec::new();
        for p in self.geometry().points() {
            let label = p.index() as u16;
            if self.forest.colour_at(p) != Some(colour) || self.forest.group_of(p) != label {
                continue;
            }
            let group = self.forest.group(label);
            if group.length == longest {
                let path = self.forest.path(group.end_a, group.end_b);
                paths.push(path.into_iter().map(|s| coords[usize::from(s)]).collect());
            }
        }
        paths
    }

    /// Each colour's group lengths recomputed from the stones alone, by two breadth-first
    /// searches per group: the full recomputation the kept paths save, for checks and
    /// benchmarks.
    #[must_use]
    pub fn group_lengths_from_scratch(&self) -> GroupLengths {
        let board = self.geometry();
        let mut lists = [Vec::new(), Vec::new()];
        let mut seen = PointSet::new();
        let mut queue = Vec::with_capacity(board.point_count());
        let mut distance = vec![0u16; board.point_count()];
        for start in board.points() {
            let Some(colour) = self.forest.colour_at(start) else {
                continue;
            };
            if seen.contains(start) {
                continue;
            }
            let mut farthest = |from: Point, seen: &mut PointSet| -> (Point, u16) {
                let mut visited = PointSet::new();
                visited.insert(from);
                seen.insert(from);
                queue.clear();
                queue.push(from);
                distance[from.index()] = 0;
                let mut far = (from, 0);
                let mut head = 0;
                while head < queue.len() {
                    let p = queue[head];
                    head += 1;
                    let d = distance[p.index()];
                    if d > far.1 {
                        far = (p, d);
                    }
                    for &q in board.neighbours(p) {
                        if self.forest.colour_at(q) == Some(colour) && visited.insert(q) {
                            seen.insert(q);
                            distance[q.index()] = d + 1;
                            queue.push(q);
                        }
                    }
                }
                far
            };
            let (end, _) = farthest(start, &mut seen);
            let (_, edges) = farthest(end, &mut seen);
            lists[colour.index()].push(edges + 1);
        }
        let [mut black, mut white] = lists;
        black.sort_unstable_by(|a, b| b.cmp(a));
        white.sort_unstable_by(|a, b| b.cmp(a));
        GroupLengths { black, white }
    }
}
