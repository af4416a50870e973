//! The decisions a kazura case depends on, found from what it holds.
//!
//! A case names a decision when doing that decision otherwise could change an answer the
//! case checks: a position whose legal set is checked names the rules that decide that set
//! there (a loop point, a point joining two groups, another colour's loop point, the pass
//! and the swap while they are in question); a move played before something checked names
//! the rules that allowed it (a join, a stone on the other colour's loop point, a pass, a
//! swap) and a decided position the game went on from; a checked result names how the game
//! ended, the lengths it lists and, when the two colours' lists differ, which colour
//! started. Never a list of case ids.

use std::collections::{BTreeMap, BTreeSet};

use game_catalog::{AnyGame, GameSpec};
use game_core::Game;
use kazura_core::{Colour, Coord, EndReason, Kazura};
use rules_conformance::format::Check;
use serde_json::Value;

/// The tags of one case.
pub type Tags = BTreeSet<&'static str>;

/// The kazura state of a catalog game.
pub fn kazura(game: &AnyGame) -> &Kazura {
    match game {
        AnyGame::Kazura(k) => k,
        _ => unreachable!("a kazura file holds kazura games"),
    }
}

/// The point at a 0-based column and row.
pub fn coord(col: usize, row: usize) -> Coord {
    Coord::new(
        u8::try_from(col).expect("a column"),
        u8::try_from(row).expect("a row"),
    )
}

fn neighbours(p: Coord, size: usize) -> impl Iterator<Item = Coord> {
    let (c, r) = (i32::from(p.col), i32::from(p.row));
    let n = i32::try_from(size).expect("a size");
    [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
        .into_iter()
        .filter(move |&(c, r)| c >= 0 && r >= 0 && c < n && r < n)
        .map(|(c, r)| coord(c as usize, r as usize))
}

/// Whether a `colour` stone on the empty point `p` would join groups: `colour` may place
/// there and two or more of its neighbours are `colour` stones (two of one group would make
/// `p` a loop point instead).
fn joins(game: &Kazura, p: Coord, colour: Colour) -> bool {
    let own = neighbours(p, game.size())
        .filter(|&q| game.stone_at(q) == Some(colour))
        .count();
    own >= 2 && game.can_place(colour, p)
}

/// Decisions every case on this board names: the edge sides of K-1 (the smallest and the
/// largest board) are allowed only by K-1's bounds.
pub fn board_tags(size: usize, tags: &mut Tags) {
    if size == 2 || size == 25 {
        tags.insert("K-1");
    }
}

/// What a position whose legal set is checked (or whose moves a perft counts) depends on.
pub fn position_tags(game: &Kazura, tags: &mut Tags) {
    let me = game.colour_to_move();
    if game.is_over() || game.placement_count(me) == 0 {
        // Over, or a forced pass: both colours' sets decide it.
        board_evidence(game, &Colour::BOTH, tags);
    } else {
        // The listed placements are the mover's set; the other colour's set shows in
        // nothing while the mover can place.
        board_evidence(game, &[me], tags);
    }
    if game.is_over() {
        // Over because neither colour can place (K-7); a resigned game is not checked so.
        tags.insert("K-7");
        return;
    }
    // Pass is listed exactly when the mover cannot place.
    tags.insert("K-6");
    if me == Colour::White && !game.swapped() && !game.is_set_up() {
        // Whether White may swap here is in question.
        tags.insert("K-8");
    }
    if game.decided().is_some() {
        // Decided, yet the game goes on: K-12 never ends a game.
        tags.insert("K-12");
    }
}

/// What the sets of placeable points of `colours` depend on (the legal set, and whether
/// the game is over): a loop point or a point joining groups of the colour (K-3), and a
/// loop point of the other colour that the colour may take (K-4).
pub fn board_evidence(game: &Kazura, colours: &[Colour], tags: &mut Tags) {
    let size = game.size();
    for row in 0..size {
        for col in 0..size {
            let p = coord(col, row);
            if game.stone_at(p).is_some() {
                continue;
            }
            for &colour in colours {
                let can = game.can_place(colour, p);
                if !can || joins(game, p, colour) {
                    tags.insert("K-3");
                }
                if can && !game.can_place(colour.other(), p) {
                    tags.insert("K-4");
                }
            }
        }
    }
}

/// What a refused probe of `class` depends on.
pub fn probe_tags(text: &str, class: &str, tags: &mut Tags) {
    match class {
        "loop" => {
            tags.insert("K-3");
        }
        "swap-not-available" => {
            tags.insert("K-8");
        }
        "pass-not-allowed" => {
            tags.insert("K-6");
        }
        "game-over" => {
            tags.insert("K-7");
        }
        "malformed" => {
            tags.insert("K-13");
            if text.eq_ignore_ascii_case("resign") {
                tags.insert("K-11");
            }
        }
        _ => {}
    }
}

/// What the move `mv`, played at `game` before something the case checks, depends on: the
/// rule that allows it there, and a decided position the game went on from.
pub fn move_tags(game: &Kazura, mv: &str, tags: &mut Tags) {
    if game.decided().is_some() {
        tags.insert("K-12");
    }
    match mv {
        "swap" => {
            tags.insert("K-8");
            if game.check_move(kazura_core::Move::Swap).is_ok() {
                // White still on turn after the swap: the rules follow colours.
                tags.insert("K-2");
            }
        }
        "pass" => {
            // A forced pass: why the mover cannot place anywhere, and that the other can.
            tags.insert("K-6");
            if game.check_move(kazura_core::Move::Pass).is_ok() {
                board_evidence(game, &Colour::BOTH, tags);
            }
        }
        point => {
            let Ok(p) = point.parse::<Coord>() else {
                return;
            };
            let me = game.colour_to_move();
            if game.stone_at(p).is_some() {
                return;
            }
            if joins(game, p, me) || !game.can_place(me, p) {
                // The stone joins groups of its colour (allowed), or is refused (a loop).
                tags.insert("K-3");
            }
            if game.can_place(me, p) && !game.can_place(me.other(), p) {
                // A loop point of the other colour, which the mover may take.
                tags.insert("K-4");
            }
        }
    }
}

/// Tags of the moves of a game from `spec`'s start, each one played before something
/// checked: every move, up to the first one the rules refuse (which is tagged too, then
/// the walk stops). Returns the game after the moves played.
pub fn walk_tags(spec: &GameSpec, moves: &[String], tags: &mut Tags) -> AnyGame {
    let mut game = AnyGame::new(spec);
    for mv in moves {
        move_tags(kazura(&game), mv, tags);
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// What a checked result of the finished (or resigned) `game` depends on: how it ended,
/// the lengths the result lists and, when the two colours' lists differ, which colour
/// started (K-2: the result names colours).
pub fn result_tags(game: &Kazura, tags: &mut Tags) {
    // Over (K-7), or still going when a colour resigned (K-11): either way the two sets
    // of placeable points there.
    board_evidence(game, &Colour::BOTH, tags);
    match game.end_reason() {
        Some(EndReason::Resigned { .. }) => {
            tags.insert("K-11");
        }
        Some(_) => {
            tags.insert("K-7");
            tags.insert("K-10");
        }
        None => return,
    }
    let lengths = game.group_lengths();
    if !lengths.black.is_empty() || !lengths.white.is_empty() {
        tags.insert("K-9");
    }
    if lengths.black != lengths.white {
        tags.insert("K-2");
    }
}

/// The decisions a replay or end case exercises: the game's moves, the checks made along
/// it, and with `to_end` the finished game's result.
pub fn game_tags(
    spec: &GameSpec,
    moves: &[String],
    checks: &[Check],
    to_end: bool,
) -> Vec<&'static str> {
    let mut tags = Tags::new();
    let mut game = AnyGame::new(spec);
    board_tags(kazura(&game).size(), &mut tags);
    if !moves.is_empty() {
        // The moves are written in the notation.
        tags.insert("K-13");
    }
    let mut by_ply: BTreeMap<usize, Vec<&Check>> = BTreeMap::new();
    for check in checks {
        by_ply.entry(check.ply).or_default().push(check);
    }
    let last_check = checks.iter().map(|c| c.ply).max();
    let later_seen = |ply: usize| to_end || last_check.is_some_and(|last| last > ply);
    for ply in 0..=moves.len() {
        let k = kazura(&game);
        for check in by_ply.get(&ply).into_iter().flatten() {
            if check.legal.is_some() {
                position_tags(k, &mut tags);
            }
            if matches!(check.to_move, Some(Some(_))) {
                // The colour on turn.
                tags.insert("K-2");
            }
            for probe in &check.illegal {
                probe_tags(&probe.mv, &probe.reason, &mut tags);
            }
        }
        let Some(mv) = moves.get(ply) else { break };
        if later_seen(ply) {
            move_tags(k, mv, &mut tags);
        }
        game.play(mv).expect("a legal move");
    }
    if to_end {
        result_tags(kazura(&game), &mut tags);
    }
    tags.into_iter().collect()
}

/// The decisions a perft case exercises: the moves that lead to its position, and what
/// the positions whose moves it counts show.
pub fn perft_tags(spec: &GameSpec, moves: &[String], depth: usize) -> Vec<&'static str> {
    let mut tags = Tags::new();
    let start = walk_tags(spec, moves, &mut tags);
    board_tags(kazura(&start).size(), &mut tags);
    if !moves.is_empty() {
        tags.insert("K-13");
    }
    let mut stack = vec![(kazura(&start).clone(), 0usize)];
    let mut list = Vec::new();
    while let Some((node, d)) = stack.pop() {
        if d >= depth {
            continue;
        }
        position_tags(&node, &mut tags);
        if d + 1 < depth {
            node.legal_moves(&mut list);
            for &mv in &list {
                let mut child = node.clone();
                child.play(mv).expect("a legal move");
                stack.push((child, d + 1));
            }
        }
    }
    tags.into_iter().collect()
}

/// The decisions a record case exercises: the notation and the record's form (K-13), its
/// moves up to the first refused one, a resignation field and, for a record that replays
/// (`game`), the result it gives; `extra` for what the case's edit tests.
pub fn record_tags(
    spec: &GameSpec,
    text: &str,
    game: Option<&AnyGame>,
    extra: &[&'static str],
) -> Vec<&'static str> {
    let mut tags: Tags = extra.iter().copied().collect();
    tags.insert("K-13");
    board_tags(kazura(&AnyGame::new(spec)).size(), &mut tags);
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    if value.get("resigned").is_some() {
        tags.insert("K-11");
    }
    if value.get("setup").is_none()
        && let Some(Value::Array(list)) = value.get("moves")
    {
        let moves: Vec<String> = list
            .iter()
            .map(|m| m.as_str().unwrap_or("").to_string())
            .collect();
        walk_tags(spec, &moves, &mut tags);
    }
    if let Some(game) = game {
        result_tags(kazura(game), &mut tags);
    }
    tags.into_iter().collect()
}
