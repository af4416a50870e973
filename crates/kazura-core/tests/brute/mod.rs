//! An independent brute-force Kazura mover for the tests: plain recomputation from the
//! stones on every call (flood fills and breadth-first searches), sharing no code with the
//! engine's incremental structures. Moves are plain strings in the shared notation.

#![allow(dead_code)]

use std::collections::VecDeque;

/// Column letters of the shared notation (no `I`).
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A stone colour: 0 Black, 1 White.
pub type Colour = usize;

/// A Kazura position recomputed from scratch on every question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brute {
    pub size: usize,
    pub cells: Vec<Option<Colour>>,
    pub to_move: Colour,
    pub swapped: bool,
}

impl Brute {
    pub fn new(size: usize) -> Brute {
        Brute {
            size,
            cells: vec![None; size * size],
            to_move: 0,
            swapped: false,
        }
    }

    pub fn name(&self, p: usize) -> String {
        format!(
            "{}{}",
            char::from(LETTERS[p % self.size]),
            p / self.size + 1
        )
    }

    pub fn point(&self, name: &str) -> usize {
        let upper = name.to_ascii_uppercase();
        let col = LETTERS
            .iter()
            .position(|&b| b == upper.as_bytes()[0])
            .unwrap();
        let row: usize = upper[1..].parse().unwrap();
        (row - 1) * self.size + col
    }

    pub fn neighbours(&self, p: usize) -> impl Iterator<Item = usize> + use<> {
        let (row, col, size) = (p / self.size, p % self.size, self.size);
        let mut out = [usize::MAX; 4];
        if row > 0 {
            out[0] = p - size;
        }
        if row + 1 < size {
            out[1] = p + size;
        }
        if col > 0 {
            out[2] = p - 1;
        }
        if col + 1 < size {
            out[3] = p + 1;
        }
        out.into_iter().filter(|&q| q != usize::MAX)
    }

    /// A group id for every stone (flood fill), `usize::MAX` for empty points.
    pub fn group_ids(&self) -> Vec<usize> {
        let mut ids = vec![usize::MAX; self.cells.len()];
        let mut next = 0;
        for start in 0..self.cells.len() {
            let Some(colour) = self.cells[start] else {
                continue;
            };
            if ids[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            ids[start] = next;
            while let Some(p) = stack.pop() {
                for q in self.neighbours(p) {
                    if self.cells[q] == Some(colour) && ids[q] == usize::MAX {
                        ids[q] = next;
                        stack.push(q);
                    }
                }
            }
            next += 1;
        }
        ids
    }

    /// The groups as lists of stones.
    pub fn groups(&self) -> Vec<(Colour, Vec<usize>)> {
        let ids = self.group_ids();
        let count = ids
            .iter()
            .filter(|&&i| i != usize::MAX)
            .max()
            .map_or(0, |m| m + 1);
        let mut groups: Vec<(Colour, Vec<usize>)> = vec![(0, Vec::new()); count];
        for (p, &id) in ids.iter().enumerate() {
            if id != usize::MAX {
                groups[id].0 = self.cells[p].unwrap();
                groups[id].1.push(p);
            }
        }
        groups
    }

    /// Where `colour` may place: empty, and no two `colour` neighbours in one group (K-3).
    pub fn placements(&self, colour: Colour) -> Vec<usize> {
        let ids = self.group_ids();
        (0..self.cells.len())
            .filter(|&p| {
                if self.cells[p].is_some() {
                    return false;
                }
                let mut seen = Vec::new();
                for q in self.neighbours(p) {
                    if self.cells[q] == Some(colour) {
                        if seen.contains(&ids[q]) {
                            return false;
                        }
                        seen.push(ids[q]);
                    }
                }
                true
            })
            .collect()
    }

    pub fn stone_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    pub fn is_over(&self) -> bool {
        self.placements(0).is_empty() && self.placements(1).is_empty()
    }

    /// The legal moves in notation, sorted by byte order (K-6, K-8).
    pub fn legal_moves(&self) -> Vec<String> {
        let mine = self.placements(self.to_move);
        let theirs = self.placements(1 - self.to_move);
        let mut out: Vec<String> = mine.iter().map(|&p| self.name(p)).collect();
        if mine.is_empty() && !theirs.is_empty() {
            out.push("pass".into());
        }
        let only_stone_is_black = self.stone_count() == 1 && self.cells.contains(&Some(0));
        if !mine.is_empty() && self.to_move == 1 && only_stone_is_black && !self.swapped {
            out.push("swap".into());
        }
        out.sort();
        out
    }

    /// Plays a move the caller knows is legal.
    pub fn play(&mut self, mv: &str) {
        match mv {
            "pass" => self.to_move = 1 - self.to_move,
            "swap" => self.swapped = true,
            point => {
                let p = self.point(point);
                assert!(self.cells[p].is_none());
                self.cells[p] = Some(self.to_move);
                self.to_move = 1 - self.to_move;
            }
        }
    }

    /// Edges from `start` to every stone of its group (breadth-first).
    fn distances(&self, start: usize) -> Vec<usize> {
        let colour = self.cells[start];
        let mut dist = vec![usize::MAX; self.cells.len()];
        dist[start] = 0;
        let mut queue = VecDeque::from([start]);
        while let Some(p) = queue.pop_front() {
            for q in self.neighbours(p) {
                if self.cells[q] == colour && dist[q] == usize::MAX {
                    dist[q] = dist[p] + 1;
                    queue.push_back(q);
                }
            }
        }
        dist
    }

    /// The longest path of a tree group in stones, by two breadth-first searches (K-9).
    pub fn group_length(&self, stone: usize) -> usize {
        let first = self.distances(stone);
        let far = (0..first.len())
            .filter(|&p| first[p] != usize::MAX)
            .max_by_key(|&p| first[p])
            .unwrap();
        let second = self.distances(far);
        second.iter().filter(|&&d| d != usize::MAX).max().unwrap() + 1
    }

    /// The length of every stone's group (`None` for empty points), one double search per
    /// group.
    pub fn length_by_stone(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.cells.len()];
        for (_, stones) in self.groups() {
            let length = self.group_length(stones[0]);
            for p in stones {
                out[p] = Some(length);
            }
        }
        out
    }

    /// Each colour's lengths, longest first.
    pub fn lengths(&self) -> [Vec<usize>; 2] {
        let mut out = [Vec::new(), Vec::new()];
        for (colour, stones) in self.groups() {
            out[colour].push(self.group_length(stones[0]));
        }
        for list in &mut out {
            list.sort_by(|a, b| b.cmp(a));
        }
        out
    }

    /// K-10 by hand: `Some(colour)` wins, `None` draws.
    pub fn winner(&self) -> Option<Colour> {
        let [black, white] = self.lengths();
        let mut i = 0;
        loop {
            match (black.get(i), white.get(i)) {
                (None, None) => return None,
                (Some(_), None) => return Some(0),
                (None, Some(_)) => return Some(1),
                (Some(b), Some(w)) if b > w => return Some(0),
                (Some(b), Some(w)) if b < w => return Some(1),
                _ => i += 1,
            }
        }
    }

    /// The result line of `docs/kazura.md` ("Result wording") for a game ended by the
    /// rules, rebuilt from K-10 and the two lists: `black by a longer group at rank R (W
    /// against L); lengths …`, `white by more groups (black has none at rank R); lengths …`
    /// or `draw with equal lengths black […], white […]`.
    pub fn outcome_text(&self) -> String {
        const NAMES: [&str; 2] = ["black", "white"];
        let [black, white] = self.lengths();
        let list = |l: &[usize]| {
            l.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let lists = format!("black [{}], white [{}]", list(&black), list(&white));
        let mut i = 0;
        loop {
            let rank = i + 1;
            match (black.get(i), white.get(i)) {
                (None, None) => return format!("draw with equal lengths {lists}"),
                (Some(_), None) => {
                    return format!(
                        "black by more groups (white has none at rank {rank}); lengths {lists}"
                    );
                }
                (None, Some(_)) => {
                    return format!(
                        "white by more groups (black has none at rank {rank}); lengths {lists}"
                    );
                }
                (Some(&b), Some(&w)) if b != w => {
                    let (winner, long, short) = if b > w { (0, b, w) } else { (1, w, b) };
                    return format!(
                        "{} by a longer group at rank {rank} ({long} against {short}); lengths {lists}",
                        NAMES[winner]
                    );
                }
                _ => i += 1,
            }
        }
    }

    /// K-5: every group has exactly (stones - 1) adjacencies between its stones.
    pub fn every_group_is_a_tree(&self) -> Result<(), String> {
        for (_, stones) in self.groups() {
            let mut edges = 0;
            for &p in &stones {
                for q in self.neighbours(p) {
                    if q > p && stones.contains(&q) {
                        edges += 1;
                    }
                }
            }
            if edges + 1 != stones.len() {
                return Err(format!(
                    "group at {} has {} stones and {edges} adjacencies",
                    self.name(stones[0]),
                    stones.len()
                ));
            }
        }
        Ok(())
    }

    /// Perft by brute force.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}
