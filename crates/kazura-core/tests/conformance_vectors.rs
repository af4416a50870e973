//! The committed conformance vectors (`conformance/kazura/v1/*.jsonl`) against the
//! brute-force mover of `brute/`: every perft case recounted; every replay check's player
//! to move, legal count, sha256 of the legal set's canonical text and listed legal moves
//! recomputed, and every probe found outside the brute-force legal set; every end case's
//! game found over, with its winner and its whole result text rebuilt from the group
//! lengths (K-10). The vectors are written by `conformance-gen` from this crate; this is
//! their independent check, and a case says so (`checked_by` holds `"brute-force"`)
//! exactly when it is of a kind checked here in full.

mod brute;

use std::path::PathBuf;

use brute::Brute;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The kinds of case this file checks in full against the brute-force mover.
const VERIFIED_KINDS: &[&str] = &["perft", "replay", "end"];

/// The SHA-256 of a legal set's canonical text (the sorted moves joined by single
/// spaces), in lower-case hexadecimal (`conformance/FORMAT.md`).
fn legal_sha256(sorted: &[String]) -> String {
    Sha256::digest(sorted.join(" ").as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// A probe in the canonical spelling the legal set uses: input is read in any letter
/// case (K-13), so `pass`/`swap` in lower case and points in upper case.
fn canonical_probe(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    if lower == "pass" || lower == "swap" {
        lower
    } else {
        text.to_ascii_uppercase()
    }
}

/// Every vector file, with its text.
fn vector_files() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../conformance/kazura/v1");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no vector file in {}", dir.display());
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a readable file");
            (path, text)
        })
        .collect()
}

/// The board size of a file, from its header.
fn size_of(header: &Value) -> usize {
    assert_eq!(header["game"], "kazura");
    header["options"]["size"]
        .as_u64()
        .map_or(13, |n| usize::try_from(n).expect("a size"))
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

/// The brute-force mover after `moves`, each of which it must list as legal.
fn brute_after(size: usize, moves: &[String], id: &str) -> Brute {
    let mut brute = Brute::new(size);
    for (n, mv) in moves.iter().enumerate() {
        assert!(
            brute.legal_moves().contains(mv),
            "{id}: move {} ({mv}) is not legal for the brute-force mover",
            n + 1
        );
        brute.play(mv);
    }
    brute
}

/// Every case of every file, with its file's board size.
fn cases() -> Vec<(usize, Value)> {
    let mut out = Vec::new();
    for (path, text) in vector_files() {
        let mut lines = text.lines();
        let header: Value = serde_json::from_str(lines.next().expect("a header line"))
            .unwrap_or_else(|e| panic!("{}: header: {e}", path.display()));
        let size = size_of(&header);
        for line in lines {
            let case: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}: {e}: {line}", path.display()));
            out.push((size, case));
        }
    }
    out
}

#[test]
fn every_perft_case_matches_the_brute_force_mover() {
    let mut checked = 0;
    for (size, case) in cases() {
        if case["kind"] != "perft" {
            continue;
        }
        let id = case["id"].as_str().expect("an id");
        let brute = brute_after(size, &strings(&case["moves"]), id);
        let counts: Vec<u64> = case["counts"]
            .as_array()
            .expect("counts")
            .iter()
            .map(|c| c.as_u64().expect("a count"))
            .collect();
        assert!(!counts.is_empty(), "{id}: no count");
        for (d, expected) in counts.iter().enumerate() {
            let depth = u32::try_from(d + 1).expect("a depth");
            assert_eq!(brute.perft(depth), *expected, "{id}: perft {depth}");
        }
        checked += 1;
    }
    assert!(checked > 0, "no perft case found in conformance/kazura/v1");
}

#[test]
fn replay_checks_match_the_brute_force_mover() {
    let mut checked = 0;
    for (size, case) in cases() {
        if case["kind"] != "replay" {
            continue;
        }
        let id = case["id"].as_str().expect("an id");
        let moves = strings(&case["moves"]);
        // Every move of the replay is legal for the brute-force mover, to the last.
        brute_after(size, &moves, id);
        for check in case["checks"].as_array().expect("checks") {
            let ply = usize::try_from(check["ply"].as_u64().expect("a ply")).expect("a ply");
            let brute = brute_after(size, &moves[..ply], id);
            let legal = brute.legal_moves();
            let mut sorted = legal.clone();
            sorted.sort();
            assert_eq!(
                sorted, legal,
                "{id} ply {ply}: the brute-force list is sorted"
            );
            if let Some(to_move) = check.get("to_move") {
                let expected = if brute.is_over() {
                    Value::Null
                } else {
                    Value::from(["black", "white"][brute.to_move])
                };
                assert_eq!(to_move, &expected, "{id} ply {ply}: player to move");
            }
            if let Some(set) = check.get("legal") {
                assert_eq!(
                    set["count"].as_u64(),
                    Some(legal.len() as u64),
                    "{id} ply {ply}: legal count"
                );
                assert_eq!(
                    set["sha256"].as_str(),
                    Some(legal_sha256(&legal).as_str()),
                    "{id} ply {ply}: sha256 of the legal set"
                );
                match set.get("moves") {
                    Some(list) => assert_eq!(strings(list), legal, "{id} ply {ply}: legal moves"),
                    None => assert!(
                        legal.len() > 32,
                        "{id} ply {ply}: a set of {} moves is listed in full",
                        legal.len()
                    ),
                }
            }
            for probe in check
                .get("illegal")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let mv = probe["move"].as_str().expect("a move");
                let canonical = canonical_probe(mv);
                assert!(
                    !legal.contains(&canonical),
                    "{id} ply {ply}: the probe {mv} is legal for the brute-force mover"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "no replay check found");
}

#[test]
fn every_end_case_matches_the_brute_force_mover() {
    let mut checked = 0;
    for (size, case) in cases() {
        if case["kind"] != "end" {
            continue;
        }
        let id = case["id"].as_str().expect("an id");
        let brute = brute_after(size, &strings(&case["moves"]), id);
        assert!(brute.is_over(), "{id}: the game is not over");
        let winner = match brute.winner() {
            Some(colour) => ["black", "white"][colour],
            None => "draw",
        };
        assert_eq!(case["result"]["winner"], winner, "{id}: winner");
        assert_eq!(
            case["result"]["text"].as_str(),
            Some(brute.outcome_text().as_str()),
            "{id}: result text"
        );
        checked += 1;
    }
    assert!(checked > 0, "no end case found in conformance/kazura/v1");
}

#[test]
fn every_case_of_a_verified_kind_is_marked_as_checked_by_the_brute_force_mover() {
    for (_, case) in cases() {
        let kind = case["kind"].as_str().expect("a kind");
        if VERIFIED_KINDS.contains(&kind) {
            assert!(
                strings(&case["checked_by"]).contains(&"brute-force".to_string()),
                "{}: a {kind} case checked here is not marked brute-force",
                case["id"]
            );
        }
    }
}

#[test]
fn no_case_is_marked_brute_force_unless_this_test_verifies_its_kind() {
    for (_, case) in cases() {
        let kind = case["kind"].as_str().expect("a kind");
        if strings(&case["checked_by"]).contains(&"brute-force".to_string()) {
            assert!(
                VERIFIED_KINDS.contains(&kind),
                "{}: marked brute-force, but no test here verifies a {kind} case",
                case["id"]
            );
        }
    }
}
