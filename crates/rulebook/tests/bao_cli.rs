//! The `rulebook` command-line contract for `bao`, run on the real binary.

mod common;
use common::{rulebook, stdout, temp_dir};

#[test]
fn legal_lists_the_start_moves_sorted_and_reads_moves_in_any_case() {
    assert_eq!(stdout(&rulebook(&["legal", "bao"])), "F6L F6R F7L F7R\n");
    assert_eq!(
        stdout(&rulebook(&["legal", "BAO", "--moves", "f7l"])),
        "F5L F5R\n"
    );
    assert_eq!(
        stdout(&rulebook(&["legal", "bao", "--ruleset", "reference"])),
        "F6L F6R F7L F7R\n"
    );
}

#[test]
fn trace_prints_each_position_and_the_result() {
    let out = stdout(&rulebook(&["trace", "bao", "--moves", "F7L F5L"]));
    assert_eq!(
        out,
        "0: F6L F6R F7L F7R\n1: F5L F5R\n2: F6L F6R\nresult: ongoing\n"
    );
}

#[test]
fn perft_counts_and_divides() {
    let out = stdout(&rulebook(&["perft", "bao", "3"]));
    assert_eq!(out, "perft 1 4\nperft 2 14\nperft 3 38\n");
    let out = stdout(&rulebook(&["perft", "bao", "2", "--divide"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4 + 2);
    let sum: u64 = lines[..4]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 14);
    assert_eq!(lines[4..], ["perft 1 4", "perft 2 14"]);
}

#[test]
fn show_draws_both_sides_from_south_with_hands_phase_and_ownership() {
    let out = stdout(&rulebook(&["show", "bao", "--moves", "F7L"]));
    assert!(
        out.contains(" NF8  NF7  NF6  NF5  NF4  NF3  NF2  NF1"),
        "{out}"
    );
    assert!(
        out.contains(" SF1  SF2  SF3  SF4  SF5  SF6  SF7  SF8"),
        "{out}"
    );
    assert!(
        out.contains("south: hand 21, pending 0, NYUMBA owned"),
        "{out}"
    );
    assert!(out.contains("north: hand 22"), "{out}");
    assert!(out.contains("phase namua, turn 2, ruleset seed"), "{out}");
    // South's front row after F7L: 0 0 0 1 7 3 0 0, the owned NYUMBA marked.
    assert!(
        out.contains("   0    0    0    1    7*   3    0    0"),
        "{out}"
    );
    assert!(out.ends_with("north to move (ply 1)\n"), "{out}");
}

#[test]
fn an_illegal_or_malformed_move_is_exit_2_with_nothing_on_stdout() {
    for moves in ["F7L F1R", "F7L zz", "F7L F5L:use"] {
        let out = rulebook(&["legal", "bao", "--moves", moves]);
        assert_eq!(out.status.code(), Some(2), "{moves}");
        assert!(out.stdout.is_empty(), "{moves}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("move 2"), "{err}");
    }
    let out = rulebook(&["legal", "bao", "--ruleset", "house"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = rulebook(&["legal", "bao", "--size", "9"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn selfplay_writes_a_record_that_replay_accepts_under_both_rulesets() {
    let dir = temp_dir("selfplay");
    for ruleset in ["seed", "reference"] {
        let path = dir.join(format!("game-{ruleset}.json"));
        let path_text = path.to_str().unwrap();
        let out = stdout(&rulebook(&[
            "selfplay",
            "bao",
            "--ruleset",
            ruleset,
            "--seed",
            "7",
            "--record",
            path_text,
        ]));
        assert!(out.contains("summary: 1 games"), "{out}");
        let result_line = out.lines().find(|l| l.starts_with("result: ")).unwrap();
        let record = std::fs::read_to_string(&path).unwrap();
        assert!(
            record.ends_with("}\n"),
            "one final newline, as every record"
        );
        assert_eq!(record.contains("\"ruleset\": \"seed\""), ruleset == "seed");
        let replay = stdout(&rulebook(&["replay", path_text]));
        assert!(replay.ends_with(&format!("{result_line}\n")), "{replay}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_names_the_first_bad_move() {
    let dir = temp_dir("replay");
    let path = dir.join("game.json");
    let path_text = path.to_str().unwrap();
    stdout(&rulebook(&["selfplay", "bao", "--record", path_text]));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["history"][2]["move"]["row"] = serde_json::json!(1);
    std::fs::write(&path, serde_json::to_string_pretty(&value).unwrap()).unwrap();
    let out = rulebook(&["replay", path_text]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3: illegal move"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_prints_the_throughput_rows() {
    let out = stdout(&rulebook(&["bench", "bao", "--seconds", "0.05"]));
    assert!(out.contains("random games from the start"), "{out}");
    assert!(
        out.contains("random games, Position only (no record)"),
        "{out}"
    );
}

/// The author's 40-ply game that ends in the B-21 safety stop, as B-22 moves.
fn anomaly_moves() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bao-nyakua/tests/data/games/search4-anomaly-A-2-1.json"
    );
    let game: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut position = bao_nyakua::Position::start(bao_nyakua::Ruleset::Reference);
    let mut moves = Vec::new();
    for ply in game["history"].as_array().unwrap() {
        let object: bao_nyakua::MoveObject = serde_json::from_value(ply["move"].clone()).unwrap();
        let mv = object.to_move(&position).unwrap();
        bao_nyakua::Game::play(&mut position, mv).unwrap();
        moves.push(mv.to_string());
    }
    moves
}

#[test]
fn the_safety_stop_game_traces_and_replays_with_no_winner() {
    let moves = anomaly_moves().join(" ");
    let out = stdout(&rulebook(&[
        "trace",
        "bao",
        "--ruleset",
        "reference",
        "--moves",
        &moves,
    ]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 42);
    assert_eq!(lines[40], "40: ");
    assert_eq!(
        lines[41],
        "result: none safety stop at lap 512 (relay-limit)"
    );

    let mut game = bao_nyakua::Bao::new(bao_nyakua::Ruleset::Reference);
    for m in moves.split(' ') {
        bao_nyakua::Game::play(&mut game, m.parse().unwrap()).unwrap();
    }
    let dir = temp_dir("safety");
    let path = dir.join("anomaly.json");
    std::fs::write(&path, game.to_record().to_json()).unwrap();
    let out = stdout(&rulebook(&["replay", path.to_str().unwrap()]));
    assert!(
        out.ends_with("result: none safety stop at lap 512 (relay-limit)\n"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn after_the_end_legal_is_empty_perft_is_zero_and_a_further_move_is_exit_2() {
    let moves = anomaly_moves().join(" ");
    let args = |cmd: &[&'static str]| {
        let mut all: Vec<String> = cmd.iter().map(ToString::to_string).collect();
        all.extend(["--ruleset", "reference", "--moves"].map(String::from));
        all
    };
    let run = |cmd: &[&'static str], moves: &str| {
        let mut all = args(cmd);
        all.push(moves.to_string());
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        rulebook(&refs)
    };
    assert_eq!(stdout(&run(&["legal", "bao"], &moves)), "\n");
    assert_eq!(
        stdout(&run(&["perft", "bao", "2"], &moves)),
        "perft 1 0\nperft 2 0\n"
    );
    let show = stdout(&run(&["show", "bao"], &moves));
    assert!(show.contains("relay-limit"), "{show}");
    let out = run(&["legal", "bao"], &format!("{moves} f2r"));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 41"), "{err}");
}
