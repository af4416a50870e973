//! Bind `record` cases whose moves start from a set-up position (a record's `start`,
//! docs/bind.md and `bind::Setup`): positions random play never reaches — an opponent piece
//! already lone on the board (N-5's clause that every opponent piece *left* must keep a
//! neighbour, and that taking the last one is allowed), a hand of one or two, a mover with
//! no move at all, both colours about to hold one piece — and set-ups the rules refuse,
//! each naming the decision that refuses it.
//!
//! Each case names by hand every decision id its verdict depends on: a rule whose breaking
//! would turn an accepted record into a refused one (or the other way round, or change its
//! result) is named; N-14 (the notation) is on every case that has moves to read. Accepted
//! records add what their moves and end show, found as for every other bind case
//! (`crate::bind::setup_tags`). The crates' own answer is the expected one (`accepted_record`,
//! `push_refused_json`, which checks that the crates refuse it as stated).

use bind::{Bind, Setup, Variant};
use game_catalog::AnyGame;
use game_core::{Game, Player};
use serde_json::Value;

use crate::common::{ENGINE, FileBuilder, accepted_record, edit_record};

/// A mini position (5×5, 12 pieces each): `rows` top row first, `B`/`W`/`.`, the colour to
/// move, both first moves made, at ply `ply`; the hands are what the board leaves.
fn position(rows: [&str; 5], to_move: Player, ply: usize) -> Setup {
    let mut setup = Setup::new(Variant::MINI);
    let count = |c: char| rows.iter().map(|r| r.matches(c).count()).sum::<usize>();
    setup.board = rows.iter().map(|r| (*r).to_string()).collect();
    setup.hands[Player::First] = 12 - count('B');
    setup.hands[Player::Second] = 12 - count('W');
    setup.first_move_due[Player::First] = false;
    setup.first_move_due[Player::Second] = false;
    setup.to_move = to_move;
    setup.ply = ply;
    setup
}

/// The record of `moves` played from `setup` (all legal), as the crates write it.
fn played(setup: &Setup, moves: &[&str]) -> AnyGame {
    let mut state = Bind::from_setup(setup.clone()).expect("a valid set-up");
    for text in moves {
        let mv = state.parse_move(text).expect("a readable move");
        state.play(mv).expect("a legal move");
    }
    AnyGame::Bind(state)
}

/// The record text of `setup` with `moves` written in, legal or not (result `ongoing`).
fn with_moves(setup: &Setup, moves: &[&str]) -> String {
    let AnyGame::Bind(state) = played(setup, &[]) else {
        unreachable!()
    };
    edit_record(&state.to_record().to_json(), |map| {
        map.insert(
            "moves".into(),
            Value::Array(moves.iter().map(|m| Value::String((*m).into())).collect()),
        );
    })
}

/// A valid record of `setup` with its `start` edited.
fn start_edited(setup: &Setup, edit: impl FnOnce(&mut serde_json::Map<String, Value>)) -> String {
    let AnyGame::Bind(state) = played(setup, &[]) else {
        unreachable!()
    };
    edit_record(&state.to_record().to_json(), |map| {
        if let Some(Value::Object(start)) = map.get_mut("start") {
            edit(start);
        }
    })
}

fn accept(file: &mut FileBuilder, setup: &Setup, moves: &[&str], tags: &[&str], note: &str) {
    let game = played(setup, moves);
    let AnyGame::Bind(state) = &game else {
        unreachable!()
    };
    let text = state.to_record().to_json();
    let mut tags = tags.to_vec();
    // And what the moves and the end show, as for every other record.
    let start = Bind::from_setup(setup.clone()).expect("a valid set-up");
    tags.extend(crate::bind::setup_tags(&start, moves));
    file.push(
        &tags,
        &[ENGINE],
        Some(note.into()),
        accepted_record(&game, "json", text),
    );
}

fn refuse(
    file: &mut FileBuilder,
    text: String,
    mv: Option<usize>,
    tags: &[&'static str],
    note: &str,
) {
    // N-14 only when the record has moves to read.
    let has_moves = serde_json::from_str::<Value>(&text)
        .ok()
        .and_then(|v| v.get("moves")?.as_array().map(|m| !m.is_empty()))
        .unwrap_or(false);
    let mut tags = tags.to_vec();
    if has_moves {
        tags.push("N-14");
    }
    let body = crate::common::refused_record(&file.spec, "json", text, mv, false);
    file.push(&tags, &[ENGINE], Some(note.into()), body);
}

/// White's group A5–C5 and a white piece alone on E1; Black's three on C3–E3.
const LONE_ELSEWHERE: [&str; 5] = ["WWW..", ".....", "..BBB", ".....", "....W"];
/// White's only piece on the board, alone on E1.
const LAST_ONE: [&str; 5] = [".....", ".....", "..BBB", ".....", "....W"];
/// Two white pieces alone (A5, E1): every take leaves the other alone.
const TWO_LONE: [&str; 5] = ["W....", ".....", "..BBB", ".....", "....W"];
/// White's three on A1–C1 under Black's three on A3–C3.
const UNDER: [&str; 5] = [".....", ".....", "BBB..", ".....", "WWW.."];
/// Black with 10 on the board (2 in hand), White's three on B3–D3.
const TWO_IN_HAND: [&str; 5] = ["BBBBB", "BBBBB", ".WWW.", ".....", "....."];
/// Black with 9 on the board (3 in hand), White's three on B3–D3.
const THREE_IN_HAND: [&str; 5] = ["BBBBB", "BBBB.", ".WWW.", ".....", "....."];
/// Black with 11 on the board (1 in hand), White's three on C2–E2.
const ONE_IN_HAND: [&str; 5] = ["BBBBB", "BBBBB", "B....", "..WWW", "....."];
/// Black's one piece on A1 walled in by White's A2 and B1, neither of which may be taken.
const WALLED: [&str; 5] = [".....", ".....", ".....", "W....", "BW..."];
/// White's 11 pieces walled in by Black's 10 (no take has room): Black has 2 in hand and
/// White 1.
const WALLED_IN: [&str; 5] = ["WWWWB", "WWWWB", "WWWBB", "BBBB.", "BB..."];
/// A checkerboard of lone white pieces; Black has 2 in hand and White 1.
const CHECKER: [&str; 5] = ["WBWBW", "BWBWB", "WBWBW", "BWBWB", "....W"];

/// Appends the set-up record cases to the mini file.
pub fn setups(file: &mut FileBuilder) {
    lone_pieces(file);
    lines_and_hands(file);
    ends(file);
    refused_setups(file);
}

/// N-5: the pieces left after the take must each keep a neighbour, wherever they are.
fn lone_pieces(file: &mut FileBuilder) {
    let black = Player::First;
    let s = position(LONE_ELSEWHERE, black, 2);
    refuse(
        file,
        with_moves(&s, &["A5-A3"]),
        Some(1),
        &["N-5"],
        "taking A5 keeps B5–C5 together, but White's E1 is left alone: refused (N-5 looks at every piece left, not only the neighbours of the taken one)",
    );
    accept(
        file,
        &s,
        &["E1-E2"],
        &["N-5", "N-6", "N-7"],
        "taking the lone E1 leaves A5–C5 together: allowed",
    );
    let s = position(LAST_ONE, black, 2);
    accept(
        file,
        &s,
        &["E1-C1"],
        &["N-5", "N-6", "N-7"],
        "White's last piece on the board may be taken: no piece is left to be alone",
    );
    let s = position(TWO_LONE, black, 2);
    refuse(
        file,
        with_moves(&s, &["E1-E2"]),
        Some(1),
        &["N-5"],
        "two lone white pieces: taking either leaves the other alone, so no take is allowed",
    );
    accept(
        file,
        &s,
        &["B3"],
        &["N-5", "N-8", "N-9"],
        "no take is allowed, so a single placement next to Black's own piece is legal",
    );
    refuse(
        file,
        with_moves(&s, &["A1"]),
        Some(1),
        &["N-9"],
        "no take is allowed, but A1 touches no black piece: no single placement there",
    );
}

/// N-4, N-6, N-7, N-8, N-11 from set-ups.
fn lines_and_hands(file: &mut FileBuilder) {
    let black = Player::First;
    let s = position(UNDER, black, 2);
    refuse(
        file,
        with_moves(&s, &["A1-A3"]),
        Some(1),
        &["N-6"],
        "the line A1–A3 would pass over Black's A3",
    );
    accept(
        file,
        &s,
        &["A1-A2"],
        &["N-5", "N-6", "N-7"],
        "taking A1 keeps B1–C1 together, and A1–A2 fills two empty squares",
    );
    refuse(
        file,
        with_moves(&s, &["D3"]),
        Some(1),
        &["N-8"],
        "a take is allowed (A1), so the single placement D3 is not",
    );
    let s = position(TWO_IN_HAND, black, 20);
    refuse(
        file,
        with_moves(&s, &["B3-B1"]),
        Some(1),
        &["N-7"],
        "three pieces with two in hand",
    );
    accept(
        file,
        &s,
        &["B3-B2"],
        &["N-5", "N-6", "N-7", "N-12"],
        "two in hand, two placed: Black's hand is empty and Black wins",
    );
    accept(
        file,
        &s,
        &["D3-D2"],
        &["N-5", "N-6", "N-7", "N-12"],
        "two in hand: the line D3–D2 empties Black's hand and Black wins",
    );
    let s = position(THREE_IN_HAND, black, 20);
    for line in ["B3-B1", "D3-D1"] {
        accept(
            file,
            &s,
            &[line],
            &["N-5", "N-6", "N-7", "N-12"],
            "three in hand, three placed: Black's hand is empty and Black wins",
        );
    }
    let s = position(ONE_IN_HAND, black, 30);
    accept(
        file,
        &s,
        &["pass"],
        &["N-11"],
        "one piece in hand: Black must pass",
    );
    refuse(
        file,
        with_moves(&s, &["B3"]),
        Some(1),
        &["N-11"],
        "one piece in hand: the single placement B3 is not allowed, only the pass",
    );
    // White's first move after Black's opening on A1–C1.
    let mut s = Setup::new(Variant::MINI);
    s.board[4] = "BBB..".into();
    s.hands[Player::First] = 9;
    s.first_move_due[Player::First] = false;
    s.to_move = Player::Second;
    s.ply = 1;
    refuse(
        file,
        with_moves(&s, &["A1-A2"]),
        Some(1),
        &["N-4"],
        "White's first move places exactly three",
    );
    accept(
        file,
        &s,
        &["A1-A3"],
        &["N-4", "N-5", "N-6"],
        "White's first move from a set-up: take A1 (B1–C1 stay together) and place three",
    );
}

/// N-10, N-13, N-15, N-16 from set-ups.
fn ends(file: &mut FileBuilder) {
    let s = position(WALLED, Player::First, 2);
    accept(
        file,
        &s,
        &[],
        &["N-5", "N-9", "N-10"],
        "Black can take neither A2 nor B1 (the other would be alone) and has no empty square next to A1: Black has lost",
    );
    refuse(
        file,
        with_moves(&s, &["C1"]),
        Some(1),
        &["N-9", "N-10"],
        "the set-up is already over (Black has no move), so no move follows",
    );
    refuse(
        file,
        start_edited(&s, |start| {
            start.insert("resigned".into(), Value::String("white".into()));
        }),
        None,
        &["N-5", "N-9", "N-10", "N-15"],
        "a resignation in a set-up the rules have already ended",
    );
    let s = position(CHECKER, Player::First, 40);
    accept(
        file,
        &s,
        &["A1"],
        &["N-5", "N-8", "N-9", "N-16"],
        "no take is allowed (lone white pieces); the single placement leaves both colours one piece: a draw",
    );
    let s = position(WALLED_IN, Player::First, 40);
    accept(
        file,
        &s,
        &["C1"],
        &["N-8", "N-9", "N-16"],
        "no white piece has an empty square beside it, so Black places one; both hold one: a draw",
    );
    let mut s = position(UNDER, Player::First, 1_000_000);
    accept(
        file,
        &s,
        &["A1-A2"],
        &["N-5", "N-6", "N-7", "N-13"],
        "a set-up a million moves into the game plays on: no move limit",
    );
    s.ply = 2;
    s.resigned = Some(Player::First);
    accept(
        file,
        &s,
        &[],
        &["N-15"],
        "a set-up where Black has resigned: White wins",
    );
}

/// Set-ups `Bind::from_setup` refuses: the record is refused with no move named.
fn refused_setups(file: &mut FileBuilder) {
    let s = position(UNDER, Player::First, 2);
    refuse(
        file,
        start_edited(&s, |start| {
            start.insert("hands".into(), serde_json::json!({"black": 9, "white": 8}));
        }),
        None,
        &["N-2"],
        "White has 8 in hand and 3 on the board: not its 12 pieces",
    );
    refuse(
        file,
        start_edited(&s, |start| {
            start.insert("size".into(), Value::from(6));
            start.insert("pieces".into(), Value::from(10));
            start.insert(
                "board".into(),
                serde_json::json!(["......", "......", "......", "BBB...", "......", "WWW..."]),
            );
            start.insert("hands".into(), serde_json::json!({"black": 7, "white": 7}));
        }),
        None,
        &["N-1"],
        "a 6×6 set-up with 10 pieces in a record of the mini variant",
    );
    refuse(
        file,
        start_edited(&s, |start| {
            start.insert(
                "first_move_due".into(),
                serde_json::json!({"black": true, "white": true}),
            );
            start.insert("ply".into(), Value::from(0));
        }),
        None,
        &["N-3"],
        "Black's first move is due, yet Black has pieces on the board",
    );
    refuse(
        file,
        start_edited(&s, |start| {
            start.insert("to_move".into(), Value::String("white".into()));
            start.insert(
                "first_move_due".into(),
                serde_json::json!({"black": false, "white": true}),
            );
            start.insert(
                "board".into(),
                serde_json::json!([".....", ".....", "BBB..", ".....", "....."]),
            );
            start.insert("hands".into(), serde_json::json!({"black": 9, "white": 12}));
            start.insert("to_move".into(), Value::String("black".into()));
        }),
        None,
        &["N-4"],
        "White's first move is due, yet Black is to move",
    );
    refuse(
        file,
        start_edited(&position(TWO_IN_HAND, Player::First, 20), |start| {
            start.insert(
                "board".into(),
                serde_json::json!(["BBBBB", "BBBBB", "BBWWW", ".....", "....."]),
            );
            start.insert("hands".into(), serde_json::json!({"black": 0, "white": 9}));
        }),
        None,
        &["N-12"],
        "Black is to move with no piece in hand: Black had already won",
    );
}
