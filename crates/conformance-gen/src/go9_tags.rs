//! The decision ids of go9's cases, read from what each case contains: the positions it
//! checks (a suicide point, a point legal only because it captures, a point forbidden by
//! superko), the moves it plays (a capture, the end), the count it ends with (dead stones,
//! a result that depends on the colours) and the record or GTP commands it holds. A case
//! names every id whose rule could change its answer; no id is given by listing cases.

use std::collections::BTreeSet;

use game_core::{Game, Player};
use go9::{Go9, Move, PlayError, Point};

/// A set of decision ids being collected.
pub type Tags = BTreeSet<&'static str>;

/// The position after `moves` (every move legal).
pub fn replay(moves: &[String]) -> Go9 {
    let mut go = Go9::new();
    for mv in moves {
        go.play(go.parse_move(mv).expect("a move")).expect("legal");
    }
    go
}

fn stones(go: &Go9) -> usize {
    (0..81)
        .filter(|&i| go.board().stone_at(Point::from_index(i)).is_some())
        .count()
}

/// Whether `player` placing on `p` captures something.
fn captures(go: &Go9, player: Player, p: Point) -> bool {
    let mut after = go.clone();
    let before = stones(go);
    after.play_as(player, Move::Place(p)).is_ok() && stones(&after) < before + 1
}

/// Whether `player` placing on the empty `p` would have no liberty until its captures are
/// taken off, and captures: legal only because captures come first (G-3).
pub fn capture_only(go: &Go9, player: Player, p: Point) -> bool {
    let board = go.board();
    let empty = |i: usize| board.stone_at(Point::from_index(i)).is_none();
    let neighbours = crate::go9::brute::neighbours(p.index());
    if neighbours.iter().any(|&n| empty(n)) {
        return false;
    }
    // A friendly chain next to `p` with a liberty other than `p` gives the stone one.
    for &n in &neighbours {
        if board.stone_at(Point::from_index(n)) != Some(player) {
            continue;
        }
        let mut chain = vec![n];
        let mut seen = BTreeSet::from([n]);
        while let Some(c) = chain.pop() {
            for m in crate::go9::brute::neighbours(c) {
                if m != p.index() && empty(m) {
                    return false;
                }
                if board.stone_at(Point::from_index(m)) == Some(player) && seen.insert(m) {
                    chain.push(m);
                }
            }
        }
    }
    captures(go, player, p)
}

/// The ids the legal set of `player` at `go` depends on, beyond G-2: G-3 where a point is
/// suicide or legal only because its captures come before the suicide test, G-4 where a
/// point is forbidden by superko; G-6 when the game is over.
pub fn position(go: &Go9, player: Player, tags: &mut Tags) {
    if go.is_over() {
        tags.insert("G-6");
        return;
    }
    for i in 0..81 {
        let p = Point::from_index(i);
        if go.board().stone_at(p).is_some() {
            continue;
        }
        match go.check_move_for(player, Move::Place(p)) {
            Err(PlayError::Superko { .. }) => {
                tags.insert("G-4");
            }
            Err(PlayError::Suicide(_)) => {
                tags.insert("G-3");
            }
            Ok(()) if capture_only(go, player, p) => {
                tags.insert("G-3");
            }
            _ => {}
        }
    }
}

/// The ids the moves played depend on: G-3 for a placement that is legal only because
/// its captures come first, G-6 when the game ends.
pub fn moves(moves: &[String], tags: &mut Tags) {
    let mut go = Go9::new();
    for mv in moves {
        let mv = go.parse_move(mv).expect("a move");
        if let Move::Place(p) = mv
            && capture_only(&go, go.to_move(), p)
        {
            tags.insert("G-3");
        }
        go.play(mv).expect("legal");
    }
    if go.is_over() {
        tags.insert("G-6");
    }
}

/// The ids of a perft of `depth` at `go`: every node whose legal set is counted (depth
/// below `depth`) is looked at; an ended node inside the tree is G-6.
pub fn perft(go: &Go9, depth: usize, tags: &mut Tags) {
    if go.is_over() {
        tags.insert("G-6");
        return;
    }
    if depth == 0 {
        return;
    }
    tags.insert("G-2");
    position(go, go.to_move(), tags);
    if depth == 1 || (tags.contains("G-3") && tags.contains("G-4") && tags.contains("G-6")) {
        return;
    }
    let mut legal = Vec::new();
    go.legal_moves(&mut legal);
    for mv in legal {
        let mut next = go.clone();
        next.play(mv).expect("legal");
        perft(&next, depth - 1, tags);
    }
}

/// The ids of a counted end (G-6, G-10): G-9 when a stone is removed, or when some colour
/// has pass-alive stones and the other colour has stones on the board (G-9 then decides
/// what is removed); G-1 when the result would change with the colours swapped (the two
/// areas differ).
pub fn count(go: &Go9, tags: &mut Tags) {
    tags.extend(["G-6", "G-10"]);
    let score = go.score();
    if score.area.first != score.area.second {
        tags.insert("G-1");
    }
    if dead_matters(go) {
        tags.insert("G-9");
    }
}

/// Whether G-9 decides something at `go`: a stone is removed, or one colour has pass-alive
/// stones while the other has stones on the board.
pub fn dead_matters(go: &Go9) -> bool {
    let score = go.score();
    if !score.dead.first.is_empty() || !score.dead.second.is_empty() {
        return true;
    }
    let map = go.pass_alive_map();
    [Player::First, Player::Second].into_iter().any(|p| {
        let alive = (0..81)
            .any(|i| map[i] == Some(p) && go.board().stone_at(Point::from_index(i)) == Some(p));
        alive && !go.board().stone_points(p.other()).is_empty()
    })
}
