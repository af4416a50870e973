//! The committed conformance vectors of `conformance/bao/v1` (written by
//! `crates/conformance-gen` from this crate) checked by the independent sources they name:
//! the brute-force mover of `support/brute.rs` (perft counts, the legal sets and players of
//! replay checks, the results of `end` cases) and the author's published data in
//! `tests/data` (every case checked by `author`).

mod support;

use serde_json::Value;
use support::brute::{Brute, BruteMove, brute_perft};
use support::sha256::sha256_hex;

/// Every vector file: its name, its header and its cases.
fn files() -> Vec<(String, Value, Vec<Value>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../conformance/bao/v1");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".jsonl"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no vector file in {dir}");
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
            let mut lines = text
                .lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap());
            let header = lines.next().expect("a header");
            assert_eq!(header["game"], "bao", "{name}");
            let cases: Vec<Value> = lines.collect();
            assert_eq!(header["cases"].as_u64(), Some(cases.len() as u64), "{name}");
            (name, header, cases)
        })
        .collect()
}

fn seed_rules(header: &Value) -> bool {
    match header["options"]["ruleset"].as_str() {
        Some("seed") | None => true,
        Some("reference") => false,
        Some(other) => panic!("ruleset {other}"),
    }
}

fn checked_by(case: &Value, who: &str) -> bool {
    case["checked_by"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w == who)
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// The brute-force mover's legal moves, as written (B-22), sorted.
fn names(brute: &Brute) -> Vec<String> {
    let mut names: Vec<String> = brute
        .legal_moves()
        .into_iter()
        .map(BruteMove::name)
        .collect();
    names.sort();
    names
}

/// Plays the written move `text` on the brute-force mover (it must be one of its moves).
fn play(brute: &mut Brute, text: &str, what: &str) {
    let mv = brute
        .legal_moves()
        .into_iter()
        .find(|m| m.name() == text)
        .unwrap_or_else(|| panic!("{what}: {text} is not legal for the brute-force mover"));
    brute.play(mv);
}

/// The result words of the brute-force mover's finished game: winner word, reason word.
fn brute_result(brute: &Brute) -> (String, String) {
    let winner = match (brute.reason, brute.winner) {
        ("relay-limit", _) => "none".to_string(),
        (_, Some(w)) => ["south", "north"][w].to_string(),
        (_, None) => "ongoing".to_string(),
    };
    (winner, brute.reason.to_string())
}

#[test]
fn every_brute_force_case_agrees_with_the_brute_force_mover() {
    let mut perft_cases = 0;
    let mut replay_checks = 0;
    let mut ends = 0;
    for (name, header, cases) in files() {
        let seed = seed_rules(&header);
        for case in cases.iter().filter(|c| checked_by(c, "brute-force")) {
            let id = case["id"].as_str().unwrap();
            let what = format!("{name} {id}");
            let moves = strings(&case["moves"]);
            let mut brute = Brute::start(seed);
            match case["kind"].as_str().unwrap() {
                "perft" => {
                    for mv in &moves {
                        play(&mut brute, mv, &what);
                    }
                    for (d, count) in case["counts"].as_array().unwrap().iter().enumerate() {
                        let depth = d as u32 + 1;
                        assert_eq!(
                            brute_perft(&brute, depth),
                            count.as_u64().unwrap(),
                            "{what}: perft {depth}"
                        );
                    }
                    perft_cases += 1;
                }
                "replay" => {
                    let checks = case["checks"].as_array().unwrap();
                    for ply in 0..=moves.len() {
                        for check in checks.iter().filter(|c| c["ply"] == ply) {
                            let legal = names(&brute);
                            let text = legal.join(" ");
                            assert_eq!(check["legal"]["count"], legal.len(), "{what} ply {ply}");
                            assert_eq!(
                                check["legal"]["sha256"].as_str().unwrap(),
                                sha256_hex(text.as_bytes()),
                                "{what} ply {ply}: {text}"
                            );
                            let to_move = if brute.winner.is_some() {
                                Value::Null
                            } else {
                                Value::from(["south", "north"][brute.player])
                            };
                            assert_eq!(check["to_move"], to_move, "{what} ply {ply}");
                            replay_checks += 1;
                        }
                        if ply < moves.len() {
                            play(&mut brute, &moves[ply], &what);
                        }
                    }
                }
                "end" => {
                    for mv in &moves {
                        play(&mut brute, mv, &what);
                    }
                    let (winner, reason) = brute_result(&brute);
                    assert_eq!(case["result"]["winner"], winner.as_str(), "{what}");
                    let text = case["result"]["text"].as_str().unwrap();
                    assert!(text.ends_with(&format!("({reason})")), "{what}: {text}");
                    ends += 1;
                }
                other => panic!("{what}: kind {other} is not checked by the brute-force mover"),
            }
        }
    }
    assert!(
        perft_cases > 0,
        "no perft case checked by the brute-force mover"
    );
    assert!(
        replay_checks > 0 && ends > 0,
        "no replay or end case checked"
    );
}

#[cfg(feature = "serde")]
mod author {
    use super::*;

    fn data(path: &str) -> Value {
        let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(&full).unwrap()).unwrap()
    }

    /// The author's move object and ours name the same move (`phase` is not compared,
    /// and the author's research tools write `houseChoice` on every capture).
    fn same_move(ours: &Value, theirs: &Value, what: &str) {
        for key in ["type", "row", "index", "direction", "side", "houseTwo"] {
            assert_eq!(ours.get(key), theirs.get(key), "{what}: {key}");
        }
        if theirs.get("houseChoice") == Some(&Value::from("use")) {
            assert_eq!(ours["houseChoice"], "use", "{what}");
        }
    }

    /// The history entry's counts against the author's.
    fn same_entry(ours: &Value, theirs: &Value, what: &str) {
        for key in ["player", "placed", "captures", "stolen", "endpoint"] {
            assert_eq!(ours[key], theirs[key], "{what}: {key}");
        }
    }

    /// The written move of the author's move object, found among the brute-force mover's
    /// legal moves (its NYUMBA choice from the object's `houseChoice`).
    fn brute_name(brute: &Brute, object: &Value, what: &str) -> String {
        if object["type"] == "pass" {
            return "pass".into();
        }
        let base = format!(
            "{}{}{}",
            if object["row"] == 0 { 'F' } else { 'B' },
            object["index"].as_u64().unwrap() + 1,
            if object["direction"] == "left" {
                'L'
            } else {
                'R'
            }
        );
        let legal = names(brute);
        let choice = if object["houseChoice"] == "use" {
            ":use"
        } else {
            ":stop"
        };
        [base.clone(), format!("{base}{choice}")]
            .into_iter()
            .find(|n| legal.contains(n))
            .unwrap_or_else(|| panic!("{what}: {base} is not legal ({legal:?})"))
    }

    fn winner_word(value: &Value, reason: &str) -> &'static str {
        match (reason, value.as_u64()) {
            ("relay-limit", _) => "none",
            (_, Some(0)) => "south",
            (_, Some(1)) => "north",
            _ => "ongoing",
        }
    }

    #[test]
    fn every_author_case_agrees_with_the_authors_data() {
        let mut checked = 0;
        for (name, header, cases) in files() {
            for case in cases.iter().filter(|c| checked_by(c, "author")) {
                let what = format!("{name} {}", case["id"].as_str().unwrap());
                let note = case["note"]
                    .as_str()
                    .expect("an author case names its source");
                let source = note
                    .strip_prefix("author: ")
                    .and_then(|rest| rest.split(':').next())
                    .unwrap_or_else(|| panic!("{what}: note {note:?}"));
                match case["kind"].as_str().unwrap() {
                    "record" => check_record(case, source, &what),
                    "end" => {
                        assert!(
                            !seed_rules(&header),
                            "{what}: the author's games are reference"
                        );
                        check_end(case, source, &what);
                    }
                    other => panic!("{what}: kind {other}"),
                }
                checked += 1;
            }
        }
        assert!(checked > 0, "no case checked by the author's data");
    }

    fn check_record(case: &Value, source: &str, what: &str) {
        assert_eq!(case["expect"]["accepted"], true, "{what}");
        let record: Value = serde_json::from_str(case["text"].as_str().unwrap()).unwrap();
        let history = record["history"].as_array().unwrap();
        if let Some(game) = source.strip_prefix("games/") {
            let game = data(&format!("games/{game}"));
            let plies = game["history"].as_array().unwrap();
            assert_eq!(history.len(), plies.len(), "{what}");
            assert_eq!(case["expect"]["plies"], plies.len(), "{what}");
            for (i, (ours, theirs)) in history.iter().zip(plies).enumerate() {
                let at = format!("{what} move {}", i + 1);
                same_move(&ours["move"], &theirs["move"], &at);
                same_entry(ours, &theirs["entry"], &at);
            }
            assert_eq!(record["final"], game["final"], "{what}");
            let reason = game["reason"].as_str().unwrap();
            assert_eq!(
                case["expect"]["result"]["winner"],
                winner_word(&game["winner"], reason),
                "{what}"
            );
            return;
        }
        let (before, object, after, entry) = if source == "legacy-cycle.json" {
            let file = data(source);
            (file["before"].clone(), file["move"].clone(), None, None)
        } else {
            let example = source
                .strip_prefix("checks.json examples.")
                .unwrap_or_else(|| panic!("{what}: source {source}"));
            let example = data("checks.json")["examples"][example].clone();
            (
                example["before"].clone(),
                example["move"].clone(),
                Some(example["after"].clone()),
                example.get("entry").cloned(),
            )
        };
        assert_eq!(
            record["setup"], before,
            "{what}: the record starts from the author's state"
        );
        assert_eq!(history.len(), 1, "{what}");
        same_move(&history[0]["move"], &object, what);
        if let Some(entry) = entry {
            same_entry(&history[0], &entry, what);
        }
        match after {
            Some(after) => assert_eq!(record["final"], after, "{what}"),
            None => {
                // legacy-cycle.json: the move stops at lap 512 (B-21).
                assert_eq!(record["final"]["reason"], "relay-limit", "{what}");
                assert_eq!(record["adjudication"], "safety-stop", "{what}");
            }
        }
    }

    fn check_end(case: &Value, source: &str, what: &str) {
        let game = data(source);
        let mut brute = Brute::start(false);
        let mut moves = Vec::new();
        for (i, ply) in game["history"].as_array().unwrap().iter().enumerate() {
            let name = brute_name(&brute, &ply["move"], &format!("{what} move {}", i + 1));
            play(&mut brute, &name, what);
            moves.push(Value::from(name));
        }
        assert_eq!(case["moves"], Value::from(moves), "{what}");
        let reason = game["reason"].as_str().unwrap();
        assert_eq!(
            case["result"]["winner"],
            winner_word(&game["winner"], reason),
            "{what}"
        );
        let text = case["result"]["text"].as_str().unwrap();
        assert!(text.ends_with(&format!("({reason})")), "{what}: {text}");
    }
}
