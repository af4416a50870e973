//! The planted bugs (tests only, feature `planted-bugs`) that need more than a line in
//! the rule code: `game_core::planted::is` is a constant `false` without the feature, so
//! production games never take these paths.

use super::Kazura;
use crate::colour::Colour;
use board_geometry::PointSet;

impl Kazura {
    /// The length a group's result counts (K-9): its kept length.
    pub(super) fn reported_length(&self, label: u16) -> u16 {
        let group = self.forest.group(label);
        // Planted bug (tests only): a group's length is its number of stones.
        if game_core::planted::is("K-9") {
            group.size
        } else {
            group.length
        }
    }

    /// The planted bugs of K-3 and K-4 (tests only). K-3: the loop test compares the groups
    /// the wrong way round, so an empty point dies for a colour when two of its neighbours
    /// are stones of that colour in different groups (a join) and a point where the stone
    /// would close a loop stays open. K-4: an empty point next to two stones of one group
    /// dies for both colours (the other colour's groups close loops too).
    #[cold]
    pub(super) fn planted_prune(&mut self) {
        let (k3, k4) = (game_core::planted::is("K-3"), game_core::planted::is("K-4"));
        let board = self.geometry();
        if k3 {
            self.legal = [PointSet::first_n(board.point_count()); 2];
        }
        for q in board.points() {
            if self.forest.colour_at(q).is_some() {
                self.legal[0].remove(q);
                self.legal[1].remove(q);
                continue;
            }
            for colour in Colour::BOTH {
                let mut labels = Vec::new();
                for &r in board.neighbours(q) {
                    if self.forest.colour_at(r) == Some(colour) {
                        labels.push(self.forest.group_of(r));
                    }
                }
                let joins = labels
                    .iter()
                    .enumerate()
                    .any(|(i, a)| labels[..i].iter().any(|b| b != a));
                let closes = labels
                    .iter()
                    .enumerate()
                    .any(|(i, a)| labels[..i].contains(a));
                if k3 && joins {
                    self.legal[colour.index()].remove(q);
                }
                if k4 && closes {
                    self.legal[0].remove(q);
                    self.legal[1].remove(q);
                }
            }
        }
    }
}
