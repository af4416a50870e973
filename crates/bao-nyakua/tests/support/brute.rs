//! An independent brute-force mover, written from the rule text (B-1 … B-24) for the tests:
//! pits as `[player][row][index]`, the ring as an explicit list searched pit by pit, the
//! NYUMBA choice found by playing `stop` and `use` and comparing the results (as the
//! author's engine does), legality by trying all 97 written moves. None of the engine's
//! structures (ring positions, precomputed landings, choice flags) is used.

use bao_nyakua::{ByPlayer, PhaseName, Player, ReasonName, Ruleset, Setup};

/// `(row, index)`: row 0 front, 1 back; index 0–7 from the owner's left.
pub type Spot = (usize, usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    L,
    R,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BruteMove {
    Pass,
    Sow(Spot, Dir, Option<bool>), // Some(true) = use, Some(false) = stop
}

impl BruteMove {
    /// B-22 notation.
    pub fn name(self) -> String {
        match self {
            BruteMove::Pass => "pass".into(),
            BruteMove::Sow((row, index), dir, choice) => format!(
                "{}{}{}{}",
                if row == 0 { 'F' } else { 'B' },
                index + 1,
                if dir == Dir::L { 'L' } else { 'R' },
                match choice {
                    None => "",
                    Some(false) => ":stop",
                    Some(true) => ":use",
                }
            ),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brute {
    pub pits: [[[u8; 8]; 2]; 2],
    pub hand: [u8; 2],
    pub pending: [u8; 2],
    pub owned: [bool; 2],
    pub player: usize,
    pub mtaji: bool,
    pub winner: Option<usize>,
    pub reason: &'static str,
    pub turn: u32,
    pub seed_rules: bool,
}

/// B-4: the rightward ring F1…F8 B8…B1; leftward is its reverse.
fn ring(dir: Dir) -> Vec<Spot> {
    let mut path: Vec<Spot> = (0..8).map(|i| (0, i)).collect();
    path.extend((0..8).rev().map(|i| (1, i)));
    if dir == Dir::L {
        path.reverse();
    }
    path
}

fn next(spot: Spot, dir: Dir) -> Spot {
    let path = ring(dir);
    let at = path.iter().position(|&s| s == spot).unwrap();
    path[(at + 1) % 16]
}

fn before(spot: Spot, dir: Dir) -> Spot {
    let other = if dir == Dir::L { Dir::R } else { Dir::L };
    next(spot, other)
}

impl Brute {
    pub fn start(seed_rules: bool) -> Brute {
        let side = [[0, 0, 0, 0, 6, 2, 2, 0], [0; 8]];
        Brute {
            pits: [side, side],
            hand: [22, 22],
            pending: [0, 0],
            owned: [true, true],
            player: 0,
            mtaji: false,
            winner: None,
            reason: "",
            turn: 1,
            seed_rules,
        }
    }

    /// The position of `state`, under the seed rules when its ruleset is `seed`.
    pub fn from_setup(state: &Setup) -> Brute {
        let pair = |pair: ByPlayer<u8>| [pair.first, pair.second];
        Brute {
            pits: [state.pits.first, state.pits.second],
            hand: pair(state.reserve),
            pending: pair(state.pending),
            owned: [state.house_owned.first, state.house_owned.second],
            player: state.to_move.index(),
            mtaji: state.phase == PhaseName::Mtaji,
            winner: state.winner.map(Player::index),
            reason: match state.reason {
                ReasonName::FrontEmpty => "front-empty",
                ReasonName::NoMove => "no-move",
                ReasonName::RelayLimit => "relay-limit",
                ReasonName::Ongoing => "",
            },
            turn: state.turn,
            seed_rules: state.ruleset == Ruleset::Seed,
        }
    }

    pub fn setup(&self) -> Setup {
        let pair = |[south, north]: [u8; 2]| ByPlayer::new(south, north);
        Setup {
            pits: ByPlayer::new(self.pits[0], self.pits[1]),
            reserve: pair(self.hand),
            nyakua_reserve: ByPlayer::splat(0),
            house_owned: ByPlayer::new(self.owned[0], self.owned[1]),
            to_move: Player::from_index(self.player),
            phase: if self.mtaji {
                PhaseName::Mtaji
            } else {
                PhaseName::Namua
            },
            winner: self.winner.map(Player::from_index),
            reason: match self.reason {
                "front-empty" => ReasonName::FrontEmpty,
                "no-move" => ReasonName::NoMove,
                "relay-limit" => ReasonName::RelayLimit,
                _ => ReasonName::Ongoing,
            },
            turn: self.turn,
            pending: pair(self.pending),
            ruleset: if self.seed_rules {
                Ruleset::Seed
            } else {
                Ruleset::Reference
            },
        }
    }

    fn front_empty(&self, player: usize) -> bool {
        self.pits[player][0].iter().all(|&k| k == 0)
    }

    fn facing(&self, index: usize) -> u8 {
        self.pits[1 - self.player][0][7 - index]
    }

    /// B-10: front pits holding kete that face an occupied pit.
    fn namua_capture_pits(&self) -> Vec<usize> {
        (0..8)
            .filter(|&i| self.pits[self.player][0][i] > 0 && self.facing(i) > 0)
            .collect()
    }

    /// B-17: the first lap of `spot` sown `dir` ends in an occupied front pit facing kete.
    fn mtaji_capture(&self, spot: Spot, dir: Dir) -> bool {
        let n = self.pits[self.player][spot.0][spot.1];
        if !(2..=15).contains(&n) {
            return false;
        }
        let mut copy = self.pits[self.player];
        copy[spot.0][spot.1] = 0;
        let mut at = spot;
        let mut was_empty = false;
        for _ in 0..n {
            at = next(at, dir);
            was_empty = copy[at.0][at.1] == 0;
            copy[at.0][at.1] += 1;
        }
        at.0 == 0 && !was_empty && self.facing(at.1) > 0
    }

    /// B-13.
    fn self_emptying(&self, spot: Spot, dir: Dir) -> bool {
        let occupied = self.pits[self.player][0].iter().filter(|&&k| k > 0).count();
        spot.0 == 0
            && occupied == 1
            && ((spot.1 == 0 && dir == Dir::L) || (spot.1 == 7 && dir == Dir::R))
    }

    /// The moves before the NYUMBA choice is expanded (B-10, B-11, B-16, B-17).
    pub fn base_moves(&self) -> Vec<BruteMove> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let me = self.player;
        let all: Vec<(Spot, Dir)> = (0..2)
            .flat_map(|row| (0..8).map(move |i| (row, i)))
            .flat_map(|spot| [Dir::L, Dir::R].map(|d| (spot, d)))
            .collect();
        let mine = |s: Spot| self.pits[me][s.0][s.1];
        let keep: Vec<(Spot, Dir)> = if !self.mtaji {
            if self.hand[me] == 0 {
                return vec![BruteMove::Pass];
            }
            let captures = self.namua_capture_pits();
            if !captures.is_empty() {
                all.into_iter()
                    .filter(|&(s, d)| {
                        s.0 == 0
                            && captures.contains(&s.1)
                            && match s.1 {
                                0 | 1 => d == Dir::R,
                                6 | 7 => d == Dir::L,
                                _ => true,
                            }
                    })
                    .collect()
            } else {
                let owned = self.owned[me];
                let occupied: Vec<usize> = (0..8).filter(|&i| self.pits[me][0][i] > 0).collect();
                let big_house = |i: usize| i == 4 && owned && self.pits[me][0][4] >= 6;
                let candidates: Vec<usize> = occupied
                    .iter()
                    .copied()
                    .filter(|&i| !big_house(i))
                    .collect();
                let any_two = candidates.iter().any(|&i| self.pits[me][0][i] >= 2);
                all.into_iter()
                    .filter(|&(s, d)| {
                        if s.0 != 0 || mine(s) == 0 {
                            return false;
                        }
                        if occupied == [4] && owned {
                            return s.1 == 4; // B-12
                        }
                        candidates.contains(&s.1)
                            && (mine(s) >= 2 || owned || !any_two)
                            && !self.self_emptying(s, d)
                    })
                    .collect()
            }
        } else {
            let captures: Vec<(Spot, Dir)> = all
                .iter()
                .copied()
                .filter(|&(s, d)| self.mtaji_capture(s, d))
                .collect();
            if !captures.is_empty() {
                captures
            } else {
                let front_two = (0..8).any(|i| self.pits[me][0][i] >= 2);
                let row = if front_two { 0 } else { 1 };
                all.into_iter()
                    .filter(|&(s, d)| s.0 == row && mine(s) >= 2 && !self.self_emptying(s, d))
                    .collect()
            }
        };
        keep.into_iter()
            .map(|(s, d)| BruteMove::Sow(s, d, None))
            .collect()
    }

    fn is_capture_turn(&self) -> bool {
        if self.mtaji {
            (0..2).any(|row| {
                (0..8).any(|i| {
                    [Dir::L, Dir::R]
                        .iter()
                        .any(|&d| self.mtaji_capture((row, i), d))
                })
            })
        } else {
            !self.namua_capture_pits().is_empty()
        }
    }

    /// Every legal move; a NAMUA capture whose `stop` and `use` lead to different
    /// results is listed as both (B-22).
    pub fn legal_moves(&self) -> Vec<BruteMove> {
        let capture = !self.mtaji && self.is_capture_turn();
        let mut out = Vec::new();
        for mv in self.base_moves() {
            if let (true, BruteMove::Sow(s, d, _)) = (capture, mv) {
                let stop = self.played(BruteMove::Sow(s, d, Some(false)));
                let use_ = self.played(BruteMove::Sow(s, d, Some(true)));
                if stop != use_ {
                    out.push(BruteMove::Sow(s, d, Some(false)));
                    out.push(BruteMove::Sow(s, d, Some(true)));
                    continue;
                }
            }
            out.push(mv);
        }
        out
    }

    pub fn played(&self, mv: BruteMove) -> Brute {
        let mut copy = self.clone();
        copy.play(mv);
        copy
    }

    fn win(&mut self, winner: usize, reason: &'static str) {
        self.winner = Some(winner);
        self.reason = reason;
    }

    /// Sows `n` kete from `first` on (first kete into `first`); returns the last spot and
    /// whether it was empty before its kete.
    fn sow(&mut self, first: Spot, n: u8, dir: Dir) -> (Spot, bool) {
        let me = self.player;
        let mut at = before(first, dir);
        let mut was_empty = false;
        for _ in 0..n {
            at = next(at, dir);
            was_empty = self.pits[me][at.0][at.1] == 0;
            self.pits[me][at.0][at.1] += 1;
        }
        (at, was_empty)
    }

    /// Plays `mv` (assumed legal) by the rule text.
    pub fn play(&mut self, mv: BruteMove) {
        let me = self.player;
        let opp = 1 - me;
        let BruteMove::Sow(start, mut dir, choice) = mv else {
            self.finish(None, 0);
            return;
        };
        let capture = self.is_capture_turn();
        let mut captures = 0;
        // Take the facing pit; true if that won the game (B-9).
        let take = |s: &mut Brute, index: usize, captures: &mut u32| -> (u8, bool) {
            let n = s.pits[opp][0][7 - index];
            s.pits[opp][0][7 - index] = 0;
            if 7 - index == 4 {
                s.owned[opp] = false;
            }
            *captures += 1;
            if s.front_empty(opp) {
                s.pending[me] += n;
                s.win(me, "front-empty");
                return (n, true);
            }
            (n, false)
        };
        let (mut at, mut was_empty);
        if !self.mtaji {
            self.hand[me] -= 1;
            self.pits[me][start.0][start.1] += 1;
            if capture {
                let (n, won) = take(self, start.1, &mut captures);
                if won {
                    return;
                }
                let entry = if dir == Dir::R { (0, 0) } else { (0, 7) };
                (at, was_empty) = self.sow(entry, n, dir);
            } else {
                let only_house = self.owned[me]
                    && start == (0, 4)
                    && (0..8).all(|i| i == 4 || self.pits[me][0][i] == 0);
                let n = if only_house {
                    2
                } else {
                    self.pits[me][start.0][start.1]
                };
                self.pits[me][start.0][start.1] -= n;
                if self.seed_rules && start == (0, 4) && self.pits[me][0][4] == 0 {
                    self.owned[me] = false;
                }
                (at, was_empty) = self.sow(next(start, dir), n, dir);
            }
        } else {
            let n = self.pits[me][start.0][start.1];
            self.pits[me][start.0][start.1] = 0;
            if start == (0, 4) {
                self.owned[me] = false;
            }
            (at, was_empty) = self.sow(next(start, dir), n, dir);
        }
        let mut lap = 0; // B-21: the first lap is lap 0
        loop {
            if was_empty {
                break;
            }
            if lap == 512 {
                self.win(opp, "relay-limit");
                return;
            }
            if capture && at.0 == 0 && self.facing(at.1) > 0 {
                let (n, won) = take(self, at.1, &mut captures);
                if self.mtaji {
                    self.owned[me] = false;
                }
                if won {
                    return;
                }
                let left_entry = match at.1 {
                    0 | 1 => true,
                    6 | 7 => false,
                    _ => dir == Dir::R,
                };
                dir = if left_entry { Dir::R } else { Dir::L };
                let entry = if left_entry { (0, 0) } else { (0, 7) };
                (at, was_empty) = self.sow(entry, n, dir);
                lap += 1;
                continue;
            }
            if !self.mtaji && at == (0, 4) && self.owned[me] && self.pits[me][0][4] >= 6 {
                let go_on = capture && choice == Some(true);
                if !go_on {
                    if !self.seed_rules && lap == 511 {
                        self.win(opp, "relay-limit"); // B-19 b
                        return;
                    }
                    break;
                }
                self.owned[me] = false;
            }
            let n = self.pits[me][at.0][at.1];
            self.pits[me][at.0][at.1] = 0;
            if at == (0, 4) {
                self.owned[me] = false;
            }
            (at, was_empty) = self.sow(next(at, dir), n, dir);
            lap += 1;
        }
        self.finish(Some(at), captures);
    }

    /// B-20, B-14, B-15.
    fn finish(&mut self, end: Option<Spot>, captures: u32) {
        let me = self.player;
        let opp = 1 - me;
        if self.front_empty(opp) {
            self.win(me, "front-empty");
            return;
        }
        if self.front_empty(me) {
            self.win(opp, "front-empty");
            return;
        }
        if let Some(spot) = end
            && !self.mtaji
            && captures >= 2
            && self.hand[me] >= 1
            && self.hand[opp] >= 2
        {
            self.hand[me] -= 1;
            self.hand[opp] -= 1;
            self.pits[me][spot.0][spot.1] += 2;
        }
        if !self.mtaji && self.hand == [0, 0] {
            self.mtaji = true;
        }
        self.player = opp;
        self.turn += 1;
        if self.base_moves().is_empty() {
            self.win(me, "no-move");
        }
    }
}

/// Perft by the brute-force mover.
pub fn brute_perft(state: &Brute, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = state.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| brute_perft(&state.played(mv), depth - 1))
        .sum()
}
