//! The committed conformance vectors (`conformance/go9/v1/*.jsonl`), checked again by the
//! independent sources their `checked_by` names: the brute-force mover of
//! `common::brute` (every perft count; every replay check's player to move, legal set and
//! probes) and GNU Go (the legal points at every replay check, and the final margin of
//! every end case it checked). The vectors are written by `conformance-gen` from this crate.

mod common;

use std::path::PathBuf;

use common::brute::Brute;
use common::gnugo::{Gtp, require_gnugo};
use game_core::Player;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The cases of one vector file.
fn cases(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../conformance/go9/v1")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Value = serde_json::from_str(lines.next().expect("a header")).unwrap();
    assert_eq!(header["game"], "go9");
    let cases: Vec<Value> = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(header["cases"].as_u64(), Some(cases.len() as u64));
    assert!(!cases.is_empty(), "{file} has no case");
    cases
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

fn checked_by(case: &Value, source: &str) -> bool {
    case["checked_by"]
        .as_array()
        .is_some_and(|list| list.iter().any(|s| s == source))
}

fn sha256(sorted: &[String]) -> String {
    Sha256::digest(sorted.join(" ").as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn brute_after(moves: &[String]) -> Brute {
    let mut brute = Brute::new([0; 81], Player::First);
    for mv in moves {
        assert!(
            brute.legal().contains(mv),
            "{mv} is not legal for the brute-force mover"
        );
        brute.play(mv);
    }
    brute
}

#[test]
fn every_perft_count_is_the_brute_force_movers() {
    let cases = cases("perft.jsonl");
    for case in &cases {
        assert!(checked_by(case, "brute-force"), "{}", case["id"]);
        let brute = brute_after(&strings(&case["moves"]));
        for (depth, count) in case["counts"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                Some(brute.perft(depth as u32 + 1)),
                count.as_u64(),
                "{} depth {}",
                case["id"],
                depth + 1
            );
        }
    }
}

#[test]
fn every_replay_check_is_the_brute_force_movers() {
    let mut probes = 0;
    // The replays checked at one position each (`positions.jsonl`) are replays too.
    for case in cases("replay.jsonl")
        .into_iter()
        .chain(cases("positions.jsonl"))
    {
        assert!(checked_by(&case, "brute-force"), "{}", case["id"]);
        let moves = strings(&case["moves"]);
        for check in case["checks"].as_array().unwrap() {
            let ply = check["ply"].as_u64().unwrap() as usize;
            let brute = brute_after(&moves[..ply]);
            let legal = brute.legal();
            let id = &case["id"];
            assert_eq!(
                check["legal"]["count"].as_u64(),
                Some(legal.len() as u64),
                "{id} ply {ply}"
            );
            assert_eq!(
                check["legal"]["sha256"].as_str(),
                Some(sha256(&legal).as_str()),
                "{id} ply {ply}"
            );
            let to_move = if brute.over {
                Value::Null
            } else if brute.to_move == 1 {
                "black".into()
            } else {
                "white".into()
            };
            assert_eq!(check["to_move"], to_move, "{id} ply {ply}");
            for probe in check["illegal"].as_array().into_iter().flatten() {
                let mv = probe["move"].as_str().unwrap();
                assert!(!legal.contains(&mv.to_uppercase()), "{id} ply {ply}: {mv}");
                probes += 1;
            }
        }
    }
    assert!(probes > 100, "only {probes} probes");
}

#[test]
fn gnugo_gives_the_legal_points_of_every_replay_check_and_the_counts_it_checked() {
    let Some(binary) = require_gnugo("conformance vectors") else {
        return;
    };
    let mut gnugo = Gtp::start(&binary, &[]);
    let colour = |ply: usize| {
        if ply.is_multiple_of(2) {
            "black"
        } else {
            "white"
        }
    };
    // The replays checked at one position each (`positions.jsonl`) are replays too.
    for case in cases("replay.jsonl")
        .into_iter()
        .chain(cases("positions.jsonl"))
    {
        assert!(checked_by(&case, "gnugo"), "{}", case["id"]);
        let moves = strings(&case["moves"]);
        gnugo.ask("clear_board");
        let checks = case["checks"].as_array().unwrap();
        for ply in 0..=moves.len() {
            if let Some(check) = checks
                .iter()
                .find(|c| c.get("ply").and_then(Value::as_u64) == Some(ply as u64))
                && !check["to_move"].is_null()
            {
                let mut theirs: Vec<String> = gnugo
                    .ask(&format!("all_legal {}", colour(ply)))
                    .split_whitespace()
                    .map(str::to_uppercase)
                    .collect();
                theirs.push("pass".into());
                theirs.sort();
                assert_eq!(
                    check["legal"]["sha256"].as_str(),
                    Some(sha256(&theirs).as_str()),
                    "{} ply {ply}",
                    case["id"]
                );
            }
            if ply < moves.len() {
                gnugo.ask(&format!("play {} {}", colour(ply), moves[ply]));
            }
        }
    }
    let mut counted = 0;
    for case in cases("end.jsonl") {
        if !checked_by(&case, "gnugo") {
            continue;
        }
        gnugo.ask("clear_board");
        for (ply, mv) in strings(&case["moves"]).iter().enumerate() {
            gnugo.ask(&format!("play {} {mv}", colour(ply)));
        }
        let score = gnugo.ask("final_score");
        let theirs = match score.split_once('+') {
            Some((side, points)) => {
                let value: f64 = points.parse().unwrap();
                if value == 0.0 {
                    "0".to_string()
                } else {
                    format!("{side}+{value}")
                }
            }
            None => score,
        };
        assert_eq!(
            case["score"]["margin"].as_str(),
            Some(theirs.as_str()),
            "{}",
            case["id"]
        );
        counted += 1;
    }
    assert!(counted > 100, "GNU Go checked only {counted} counts");
}

/// The moves of a record text as names (`pass` for a pass, `?` for a move that is no point
/// of the board): SGF's `;B[..]`/`;W[..]` in order, or JSON's `moves[].move`.
fn record_moves(format: &str, text: &str) -> Vec<String> {
    if format == "json" {
        let value: Value = serde_json::from_str(text).expect("a JSON record");
        return value["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["move"].as_str().expect("a move").to_uppercase())
            .map(|m| if m == "PASS" { "pass".to_string() } else { m })
            .collect();
    }
    let mut moves = Vec::new();
    let bytes = text.as_bytes();
    for i in 0..bytes.len().saturating_sub(2) {
        if bytes[i] == b';' && matches!(bytes[i + 1], b'B' | b'W') && bytes[i + 2] == b'[' {
            let value: &str = text[i + 3..].split(']').next().expect("a closed value");
            moves.push(match value.as_bytes() {
                [] | b"tt" => "pass".to_string(),
                [c @ b'a'..=b'i', r @ b'a'..=b'i'] => {
                    let column = b"ABCDEFGHJ"[usize::from(c - b'a')] as char;
                    format!("{column}{}", 9 - usize::from(r - b'a'))
                }
                _ => "?".to_string(),
            });
        }
    }
    moves
}

#[test]
fn every_record_replays_or_fails_at_its_move_for_the_brute_force_mover() {
    let mut checked = 0;
    for case in cases("record.jsonl") {
        let expect = &case["expect"];
        if expect["refusal"] == "not-a-record" {
            assert!(!checked_by(&case, "brute-force"), "{}", case["id"]);
            continue;
        }
        assert!(checked_by(&case, "brute-force"), "{}", case["id"]);
        let moves = record_moves(
            case["format"].as_str().unwrap(),
            case["text"].as_str().unwrap(),
        );
        let id = &case["id"];
        let mut brute = Brute::new([0; 81], Player::First);
        if expect["accepted"] == true {
            assert_eq!(expect["plies"].as_u64(), Some(moves.len() as u64), "{id}");
            for mv in &moves {
                assert!(brute.legal().contains(mv), "{id}: {mv}");
                brute.play(mv);
            }
        } else {
            let number = expect["move"].as_u64().expect("the refused move") as usize;
            for mv in &moves[..number - 1] {
                assert!(brute.legal().contains(mv), "{id}: {mv}");
                brute.play(mv);
            }
            let refused = &moves[number - 1];
            assert!(
                !brute.legal().contains(refused),
                "{id}: move {number} {refused}"
            );
        }
        checked += 1;
    }
    assert!(checked > 100, "only {checked} records");
}
