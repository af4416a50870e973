//! Test helpers: an independent brute-force Bind mover and position builders.
//!
//! The brute-force mover re-derives everything from a plain board on every call (no
//! partner counts, no isolation counts, no shared tables), straight from the rule text:
//! it lifts each opponent piece in turn and re-checks every remaining opponent piece.
#![allow(dead_code)]

use bind::{Bind, ByPlayer, Game, Move, PlayError, Player, Setup, Variant};

const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A position as plain data: `board[row][col]`, 0 empty, 1 black, 2 white.
#[derive(Clone, Debug, PartialEq)]
pub struct Brute {
    pub size: usize,
    pub board: Vec<Vec<u8>>,
    pub hands: [usize; 2],
    pub first_due: [bool; 2],
    /// 0 black, 1 white.
    pub to_move: usize,
}

fn name(col: usize, row: usize) -> String {
    format!("{}{}", LETTERS[col] as char, row + 1)
}

fn parse(text: &str) -> (usize, usize) {
    let col = LETTERS
        .iter()
        .position(|&b| b == text.as_bytes()[0])
        .unwrap();
    (col, text[1..].parse::<usize>().unwrap() - 1)
}

const DIRS: [(i64, i64); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

impl Brute {
    /// The same position as `state`, read through the public setup only.
    pub fn of(state: &Bind) -> Brute {
        let setup = state.setup();
        let size = setup.size;
        let mut board = vec![vec![0u8; size]; size];
        for (i, text) in setup.board.iter().enumerate() {
            for (col, ch) in text.chars().enumerate() {
                board[size - 1 - i][col] = match ch {
                    'B' => 1,
                    'W' => 2,
                    _ => 0,
                };
            }
        }
        Brute {
            size,
            board,
            hands: [setup.hands.first, setup.hands.second],
            first_due: [setup.first_move_due.first, setup.first_move_due.second],
            to_move: usize::from(setup.to_move == Player::Second),
        }
    }

    fn at(&self, col: i64, row: i64) -> Option<u8> {
        let n = self.size as i64;
        (col >= 0 && row >= 0 && col < n && row < n).then(|| self.board[row as usize][col as usize])
    }

    /// Whether every piece of `colour` has a same-colour
    /// orthogonal neighbour.
    pub fn all_have_partner(board: &[Vec<u8>], colour: u8) -> bool {
        let n = board.len() as i64;
        for row in 0..n {
            for col in 0..n {
                if board[row as usize][col as usize] != colour {
                    continue;
                }
                let has = DIRS.iter().any(|&(dc, dr)| {
                    let (c, r) = (col + dc, row + dr);
                    c >= 0 && r >= 0 && c < n && r < n && board[r as usize][c as usize] == colour
                });
                if !has {
                    return false;
                }
            }
        }
        true
    }

    /// Rule-4 moves only (with the first-move and hand limits).
    pub fn rule4_moves(&self) -> Vec<String> {
        let me = self.to_move;
        let opp = (1 - me) as u8 + 1;
        let mut out = Vec::new();
        let n = self.size as i64;
        for row in 0..n {
            for col in 0..n {
                if self.board[row as usize][col as usize] != opp {
                    continue;
                }
                let mut lifted = self.board.clone();
                lifted[row as usize][col as usize] = 0;
                if !Brute::all_have_partner(&lifted, opp) {
                    continue;
                }
                for (dc, dr) in DIRS {
                    for extra in 1..=2i64 {
                        let placed = extra as usize + 1;
                        let allowed = if self.first_due[me] {
                            placed == 3
                        } else {
                            placed <= self.hands[me]
                        };
                        let clear =
                            (1..=extra).all(|k| self.at(col + dc * k, row + dr * k) == Some(0));
                        if allowed && clear {
                            out.push(format!(
                                "{}-{}",
                                name(col as usize, row as usize),
                                name((col + dc * extra) as usize, (row + dr * extra) as usize)
                            ));
                        }
                    }
                }
            }
        }
        out
    }

    /// Every legal move by the rules, ignoring whether the game has ended.
    pub fn raw_moves(&self) -> Vec<String> {
        let me = self.to_move;
        if self.hands[me] == 1 {
            return vec!["pass".into()];
        }
        let n = self.size as i64;
        if me == 0 && self.first_due[0] {
            let mut out = Vec::new();
            for row in 0..n {
                for col in 0..n {
                    for (dc, dr) in [(1, 0), (0, 1)] {
                        if (0..3).all(|k| self.at(col + dc * k, row + dr * k) == Some(0)) {
                            out.push(format!(
                                "{}-{}",
                                name(col as usize, row as usize),
                                name((col + 2 * dc) as usize, (row + 2 * dr) as usize)
                            ));
                        }
                    }
                }
            }
            return out;
        }
        let rule4 = self.rule4_moves();
        if !rule4.is_empty() {
            return rule4;
        }
        let mine = me as u8 + 1;
        let mut out = Vec::new();
        for row in 0..n {
            for col in 0..n {
                if self.at(col, row) == Some(0)
                    && DIRS
                        .iter()
                        .any(|&(dc, dr)| self.at(col + dc, row + dr) == Some(mine))
                {
                    out.push(name(col as usize, row as usize));
                }
            }
        }
        out
    }

    /// Whether the game is over: someone has placed everything, both hold one, or the
    /// mover has no move.
    pub fn over(&self) -> bool {
        self.hands.contains(&0) || self.hands == [1, 1] || self.raw_moves().is_empty()
    }

    /// The legal moves, sorted (none once the game is over).
    pub fn moves(&self) -> Vec<String> {
        if self.over() {
            return Vec::new();
        }
        let mut moves = self.raw_moves();
        moves.sort();
        moves
    }

    /// The position after `mv` (a name from [`Brute::moves`]).
    pub fn play(&self, mv: &str) -> Brute {
        let mut next = self.clone();
        let me = self.to_move;
        let mine = me as u8 + 1;
        if mv == "pass" {
        } else if let Some((from, to)) = mv.split_once('-') {
            let ((c0, r0), (c1, r1)) = (parse(from), parse(to));
            let opening = me == 0 && self.first_due[0];
            if !opening {
                next.hands[1 - me] += 1;
            }
            let len = c0.abs_diff(c1).max(r0.abs_diff(r1)) + 1;
            let (dc, dr) = (
                (c1 as i64 - c0 as i64).signum(),
                (r1 as i64 - r0 as i64).signum(),
            );
            for k in 0..len as i64 {
                next.board[(r0 as i64 + dr * k) as usize][(c0 as i64 + dc * k) as usize] = mine;
            }
            next.hands[me] -= len;
        } else {
            let (c, r) = parse(mv);
            next.board[r][c] = mine;
            next.hands[me] -= 1;
        }
        next.first_due[me] = false;
        next.to_move = 1 - me;
        next
    }

    /// The winner (`black`, `white` or `draw`) and the result text of a finished game, from
    /// the rule text alone, in the order of `docs/bind.md`'s end checks: the colour that
    /// just moved and emptied its hand wins (N-12, `black placed every piece`), then both
    /// colours holding one piece is a draw (N-16, `draw both colours hold one piece`), then
    /// the colour to move with no move loses (N-10, `white wins: black has no legal move`).
    /// `None` while the game goes on.
    pub fn outcome(&self) -> Option<(&'static str, String)> {
        const NAMES: [&str; 2] = ["black", "white"];
        let mover = self.to_move;
        let last = 1 - mover;
        for colour in [last, mover] {
            if self.hands[colour] == 0 {
                return Some((
                    NAMES[colour],
                    format!("{} placed every piece", NAMES[colour]),
                ));
            }
        }
        if self.hands == [1, 1] {
            return Some(("draw", "draw both colours hold one piece".into()));
        }
        if self.raw_moves().is_empty() {
            return Some((
                NAMES[last],
                format!("{} wins: {} has no legal move", NAMES[last], NAMES[mover]),
            ));
        }
        None
    }

    /// Brute-force perft.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

/// The engine's legal moves as sorted names. Also checks that `check_move` accepts
/// exactly the listed moves among every move on or next to the board, so each hand-built
/// position (lone pieces, first-move flags) tests both.
pub fn engine_moves(state: &Bind) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    for mv in every_candidate(state.variant().size() + 1) {
        assert_eq!(
            state.check_move(mv).is_ok(),
            moves.contains(&mv),
            "check_move and the move list disagree on {mv} at {state:?}: {:?}",
            state.check_move(mv)
        );
    }
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    names
}

/// A mid-game position (both first moves made) from rows written top row first
/// (`B`, `W`, `.`), with hands = `pieces` minus what is on the board.
pub fn position(pieces: usize, rows: &[&str], to_move: Player) -> Bind {
    let size = rows.len();
    let count = |c: char| rows.iter().map(|r| r.matches(c).count()).sum::<usize>();
    let mut setup = Setup::new(Variant::custom(size, pieces).expect("a valid test variant"));
    setup.board = rows.iter().map(|r| r.to_string()).collect();
    setup.hands = ByPlayer::new(pieces - count('B'), pieces - count('W'));
    setup.to_move = to_move;
    setup.first_move_due = ByPlayer::splat(false);
    setup.ply = 20;
    Bind::from_setup(setup).expect("a valid test position")
}

/// Every move that is syntactically possible on a board of `size`: `pass`, every square,
/// and every straight line of 2 or 3 squares in each direction.
pub fn every_candidate(size: usize) -> Vec<bind::Move> {
    let mut out = vec![bind::Move::Pass];
    let coord = |c: usize, r: usize| bind::Coord::new(c as u8, r as u8);
    for row in 0..size {
        for col in 0..size {
            out.push(bind::Move::Place(coord(col, row)));
            for (dc, dr) in DIRS {
                for k in 1..=2i64 {
                    let (c, r) = (col as i64 + dc * k, row as i64 + dr * k);
                    if c >= 0 && r >= 0 && c < size as i64 && r < size as i64 {
                        out.push(bind::Move::Line {
                            from: coord(col, row),
                            to: coord(c as usize, r as usize),
                        });
                    }
                }
            }
        }
    }
    out
}

// ---- Helpers of the decision and example tests ------------------------------------------

/// The move `text` as `state` reads it.
pub fn mv(state: &Bind, text: &str) -> Move {
    state.parse_move(text).unwrap()
}

/// Plays `text`, which must be legal.
pub fn play(state: &mut Bind, text: &str) {
    let m = mv(state, text);
    state.play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Plays `text`, expects it to be rejected, and checks the state did not change.
pub fn rejected(state: &Bind, text: &str) -> PlayError {
    let mut copy = state.clone();
    let err = copy.play(mv(state, text)).expect_err(text);
    assert_eq!(&copy, state, "rejecting {text} changed the state");
    err
}

/// Sorted move names.
pub fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A square.
pub fn c(text: &str) -> bind::Coord {
    text.parse().unwrap()
}

/// The seed's example 3: White to move, Black standing in pairs.
pub fn seed_example_3_position() -> Bind {
    position(
        12,
        &["BB...", ".....", "..WW.", ".....", "...BB"],
        Player::Second,
    )
}
