//! The detectors: the decisions a probe, a game from a start (its moves and the checks
//! along it) or a perft case exercises, found from what the case holds.

use std::collections::{BTreeMap, BTreeSet};

use bind::{Bind, Coord};
use game_catalog::{AnyGame, GameSpec};
use game_core::{Game, Player};
use rules_conformance::format::Check;

use super::bind_of;
use super::tags::{Hands, decision_tags, end_tags};

/// What a probe exercises.
pub(super) fn probe_tags(game: &Bind, text: &str, class: &str, tags: &mut BTreeSet<&'static str>) {
    let one: &[&'static str] = match class {
        "not-next-to-own-piece" => &["N-9"],
        "not-a-line" => &["N-14"],
        "must-pass" | "pass-not-allowed" => &["N-11"],
        "opening-is-a-line" | "opening-not-from-lower-left" => &["N-3"],
        "first-move-needs-three" => {
            if game.first_move_due(Player::First) {
                &["N-3"]
            } else {
                &["N-4"]
            }
        }
        "not-enough-pieces" => &["N-7"],
        // A line from a square without an opponent piece takes nothing: no rule reads it
        // otherwise.
        "take-isolates" => &["N-5"],
        // A line that would pass over an occupied square (N-6's "never jumps"); a line
        // onto an occupied square is refused by every reading.
        "line-blocked" if passes_over(game, text) => &["N-6"],
        "take-and-place-available" => &["N-8"],
        "malformed" => {
            tags.insert("N-14");
            if text.eq_ignore_ascii_case("resign") {
                tags.insert("N-15");
            }
            if let Ok(c) = text.parse::<Coord>() {
                let size = game.variant().size();
                if usize::from(c.col) >= size || usize::from(c.row) >= size {
                    tags.insert("N-1");
                }
            }
            &[]
        }
        "game-over" => {
            end_tags(game, tags);
            &[]
        }
        _ => &[],
    };
    tags.extend(one.iter().copied());
}

/// Whether the line `text` has an occupied square between its ends.
fn passes_over(game: &Bind, text: &str) -> bool {
    let Ok(bind::Move::Line { from, to }) = text.parse::<bind::Move>() else {
        return false;
    };
    let (dc, dr) = (
        i16::from(to.col) - i16::from(from.col),
        i16::from(to.row) - i16::from(from.row),
    );
    if dc.abs() + dr.abs() != 2 {
        return false;
    }
    let mid = Coord::new(
        (i16::from(from.col) + dc / 2) as u8,
        (i16::from(from.row) + dr / 2) as u8,
    );
    game.owner(mid).is_some()
}

/// The decisions a game from `start` (its moves and the checks along it) exercises;
/// `to_end` when the case checks the finished game's result; `from_header` when the game's
/// variant is the file's (not a record's own size and pieces).
pub(super) fn game_tags(
    start: &Bind,
    from_header: bool,
    moves: &[String],
    checks: &[Check],
    to_end: bool,
) -> BTreeSet<&'static str> {
    let mut tags = BTreeSet::new();
    let mut by_ply: BTreeMap<usize, Vec<&Check>> = BTreeMap::new();
    for check in checks {
        by_ply.entry(check.ply).or_default().push(check);
    }
    if !moves.is_empty() {
        // Every move is read in the notation.
        tags.insert("N-14");
    }
    let mut game = start.clone();
    let mut hands = Hands::new(start.variant(), from_header);
    for ply in 0..=moves.len() {
        for check in by_ply.get(&ply).into_iter().flatten() {
            hands.observe(&game, &mut tags);
            if check.legal.is_some() {
                if game.is_over() {
                    end_tags(&game, &mut tags);
                } else {
                    decision_tags(&game, &mut tags);
                }
            }
            for probe in &check.illegal {
                probe_tags(&game, &probe.mv, &probe.reason, &mut tags);
            }
        }
        let Some(mv) = moves.get(ply) else { break };
        hands.played(&game, mv, &mut tags);
        let mv = game.parse_move(mv).expect("a readable move");
        game.play(mv).expect("a legal move");
    }
    if to_end {
        // The result read from the last position (a resignation is accepted only while
        // the rules have not ended the game).
        hands.observe(&game, &mut tags);
        end_tags(&game, &mut tags);
    }
    tags
}

/// [`game_tags`] of a record's moves played from a set-up position, to its end.
pub(crate) fn setup_tags(start: &Bind, moves: &[&str]) -> BTreeSet<&'static str> {
    let moves: Vec<String> = moves.iter().map(|m| (*m).to_string()).collect();
    game_tags(start, false, &moves, &[], true)
}

/// [`game_tags`] of a game from the file's start.
pub(super) fn header_tags(
    spec: &GameSpec,
    moves: &[String],
    checks: &[Check],
    to_end: bool,
) -> Vec<&'static str> {
    let start = bind_of(&AnyGame::new(spec)).clone();
    game_tags(&start, true, moves, checks, to_end)
        .into_iter()
        .collect()
}

/// The decisions a perft case exercises: the moves to its position, and what the positions
/// whose moves it counts show.
pub(super) fn perft_tags(spec: &GameSpec, moves: &[String], depth: usize) -> Vec<&'static str> {
    let start = bind_of(&AnyGame::new(spec)).clone();
    let mut tags = BTreeSet::new();
    let mut hands = Hands::new(start.variant(), true);
    let mut game = start;
    for mv in moves {
        tags.insert("N-14");
        hands.played(&game, mv, &mut tags);
        let mv = game.parse_move(mv).expect("a readable move");
        game.play(mv).expect("a legal move");
    }
    let mut stack = vec![(game, 0usize, hands)];
    let mut list = Vec::new();
    while let Some((node, d, hands)) = stack.pop() {
        if d >= depth {
            continue;
        }
        hands.observe(&node, &mut tags);
        if node.is_over() {
            end_tags(&node, &mut tags);
            continue;
        }
        decision_tags(&node, &mut tags);
        if d + 1 < depth {
            node.legal_moves(&mut list);
            for mv in list.clone() {
                let mut child = node.clone();
                let mut hands = hands.clone();
                hands.played(&node, &mv.to_string(), &mut tags);
                child.play(mv).expect("a legal move");
                stack.push((child, d + 1, hands));
            }
        }
    }
    tags.into_iter().collect()
}
