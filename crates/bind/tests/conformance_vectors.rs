//! The committed conformance vectors (`conformance/bind/v1/*.jsonl`) against the
//! brute-force mover of `common`: every perft case recounted; every replay check's player
//! to move, legal count, sha256 of the legal set's canonical text and listed legal moves
//! recomputed, and every probe found outside the brute-force legal set; every end case's
//! game found over, with its winner and its result text (N-10, N-12, N-16) rebuilt from
//! the mover's board and hands. The mover starts from the file's variant and plays every
//! move on its own board, sharing nothing with the engine after the start. The vectors
//! are written by `conformance-gen` from this crate; this is their independent check, and
//! a case says so (`checked_by` holds `"brute-force"`) exactly when it is of a kind
//! checked here in full.

mod common;

use std::path::PathBuf;

use bind::{Bind, Variant};
use common::Brute;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The kinds of case this file checks in full against the brute-force mover.
const VERIFIED_KINDS: &[&str] = &["perft", "replay", "end"];

const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The SHA-256 of a legal set's canonical text (the sorted moves joined by single
/// spaces), in lower-case hexadecimal (`conformance/FORMAT.md`).
fn legal_sha256(sorted: &[String]) -> String {
    Sha256::digest(sorted.join(" ").as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// A square's column and row, if the text reads as one (any board size).
fn square(text: &str) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let col = LETTERS.find(chars.next()?)?;
    let row: usize = chars.as_str().parse().ok()?;
    Some((col, row))
}

/// A probe in the spelling the legal set uses: input is read in any letter case (N-14),
/// so `pass` in lower case and squares in upper case; in Black's opening a line is one
/// placement whichever end it names first, listed from its lower-left end (N-3), so
/// `C1-A1` is `A1-C1` there.
fn canonical_probe(text: &str, opening: bool) -> String {
    let upper = text.to_ascii_uppercase();
    if upper == "PASS" {
        return "pass".into();
    }
    if opening
        && let Some((from, to)) = upper.split_once('-')
        && let (Some((c0, r0)), Some((c1, r1))) = (square(from), square(to))
        && (r1, c1) < (r0, c0)
    {
        return format!("{to}-{from}");
    }
    upper
}

/// Every vector file, with its text.
fn vector_files() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../conformance/bind/v1");
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

/// The variant of a file, from its header's options.
fn variant_of(header: &Value) -> Variant {
    assert_eq!(header["game"], "bind");
    let options = &header["options"];
    if let Some(name) = options["variant"].as_str() {
        return Variant::named(name).expect("a named variant");
    }
    let number = |key: &str| {
        options[key]
            .as_u64()
            .map(|n| usize::try_from(n).expect("a number"))
    };
    match (number("size"), number("pieces")) {
        (Some(size), Some(pieces)) => Variant::custom(size, pieces).expect("a custom variant"),
        _ => Variant::MINI,
    }
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
fn brute_after(variant: Variant, moves: &[String], id: &str) -> Brute {
    let mut brute = Brute::of(&Bind::new(variant));
    for (n, mv) in moves.iter().enumerate() {
        assert!(
            brute.moves().contains(mv),
            "{id}: move {} ({mv}) is not legal for the brute-force mover",
            n + 1
        );
        brute = brute.play(mv);
    }
    brute
}

/// Every case of every file, with its file's variant.
fn cases() -> Vec<(Variant, Value)> {
    let mut out = Vec::new();
    for (path, text) in vector_files() {
        let mut lines = text.lines();
        let header: Value = serde_json::from_str(lines.next().expect("a header line"))
            .unwrap_or_else(|e| panic!("{}: header: {e}", path.display()));
        let variant = variant_of(&header);
        for line in lines {
            let case: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}: {e}: {line}", path.display()));
            out.push((variant, case));
        }
    }
    out
}

#[test]
fn every_perft_case_matches_the_brute_force_mover() {
    let mut checked = 0;
    for (variant, case) in cases() {
        if case["kind"] != "perft" {
            continue;
        }
        let id = case["id"].as_str().expect("an id");
        let brute = brute_after(variant, &strings(&case["moves"]), id);
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
    assert!(checked > 0, "no perft case found in conformance/bind/v1");
}

#[test]
fn replay_checks_match_the_brute_force_mover() {
    let mut checked = 0;
    for (variant, case) in cases() {
        if case["kind"] != "replay" {
            continue;
        }
        let id = case["id"].as_str().expect("an id");
        let moves = strings(&case["moves"]);
        // Every move of the replay is legal for the brute-force mover, to the last.
        brute_after(variant, &moves, id);
        for check in case["checks"].as_array().expect("checks") {
            let ply = usize::try_from(check["ply"].as_u64().expect("a ply")).expect("a ply");
            let brute = brute_after(variant, &moves[..ply], id);
            let legal = brute.moves();
            if let Some(to_move) = check.get("to_move") {
                let expected = if brute.over() {
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
            let opening = brute.to_move == 0 && brute.first_due[0];
            for probe in check
                .get("illegal")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let mv = probe["move"].as_str().expect("a move");
                let canonical = canonical_probe(mv, opening);
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
    for (variant, case) in cases() {
        if case["kind"] != "end" {
            continue;
        }
        let id = case["id"].as_str().expect("an id");
        let brute = brute_after(variant, &strings(&case["moves"]), id);
        assert!(brute.over(), "{id}: the game is not over");
        let (winner, text) = brute.outcome().expect("a finished game has a result");
        assert_eq!(case["result"]["winner"], winner, "{id}: winner");
        assert_eq!(
            case["result"]["text"].as_str(),
            Some(text.as_str()),
            "{id}: result text"
        );
        checked += 1;
    }
    assert!(checked > 0, "no end case found in conformance/bind/v1");
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
