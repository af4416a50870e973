//! An independent brute-force Go mover: a plain array of 81 points, chains found by
//! search on every question, the whole board history kept as arrays and compared in full.
//! None of the engine's masks, incremental chains or hashes are used.

use game_core::Player;

/// 0 empty, 1 black, 2 white.
pub type Cells = [u8; 81];

#[derive(Clone, Debug)]
pub struct Brute {
    pub cells: Cells,
    pub to_move: u8,
    pub history: Vec<Cells>,
    pub passes: u32,
    pub plies: usize,
    pub over: bool,
}

const LETTERS: &[u8] = b"ABCDEFGHJ";

pub fn name(i: usize) -> String {
    format!("{}{}", LETTERS[i % 9] as char, i / 9 + 1)
}

/// The orthogonal neighbours of point index `i` (`row * 9 + col`).
pub fn neighbours(i: usize) -> Vec<usize> {
    let (r, c) = (i / 9, i % 9);
    let mut v = Vec::new();
    if r > 0 {
        v.push(i - 9);
    }
    if r < 8 {
        v.push(i + 9);
    }
    if c > 0 {
        v.push(i - 1);
    }
    if c < 8 {
        v.push(i + 1);
    }
    v
}

/// The chain through `i` and whether it has a liberty.
fn chain_has_liberty(cells: &Cells, i: usize) -> (Vec<usize>, bool) {
    let colour = cells[i];
    let mut seen = [false; 81];
    let mut stack = vec![i];
    let mut chain = Vec::new();
    let mut liberty = false;
    seen[i] = true;
    while let Some(p) = stack.pop() {
        chain.push(p);
        for n in neighbours(p) {
            if cells[n] == 0 {
                liberty = true;
            } else if cells[n] == colour && !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    (chain, liberty)
}

impl Brute {
    pub fn new(cells: Cells, to_move: Player) -> Brute {
        Brute {
            cells,
            to_move: to_move.index() as u8 + 1,
            history: vec![cells],
            passes: 0,
            plies: 0,
            over: false,
        }
    }

    /// The board after placing on `i`, or `None` if occupied, suicide or a repeat.
    pub fn after(&self, i: usize) -> Option<Cells> {
        if self.cells[i] != 0 {
            return None;
        }
        let me = self.to_move;
        let mut next = self.cells;
        next[i] = me;
        for n in neighbours(i) {
            if next[n] != 0 && next[n] != me {
                let (chain, liberty) = chain_has_liberty(&next, n);
                if !liberty {
                    for s in chain {
                        next[s] = 0;
                    }
                }
            }
        }
        if !chain_has_liberty(&next, i).1 {
            return None;
        }
        if self.history.contains(&next) {
            return None;
        }
        Some(next)
    }

    /// Legal moves by name, sorted.
    pub fn legal(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        let mut v: Vec<String> = (0..81)
            .filter(|&i| self.after(i).is_some())
            .map(name)
            .collect();
        v.push("pass".into());
        v.sort();
        v
    }

    pub fn play(&mut self, mv: &str) {
        if mv == "pass" {
            self.passes += 1;
        } else {
            let i = (0..81).find(|&i| name(i) == mv).expect("a point");
            self.cells = self.after(i).expect("a legal move");
            self.history.push(self.cells);
            self.passes = 0;
        }
        self.plies += 1;
        self.to_move = 3 - self.to_move;
        if self.passes >= 2 || self.plies >= 300 {
            self.over = true;
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}
