//! `rulebook match`: one line per game, the summary with its Wilson interval, the same
//! results on any number of threads, and GTP engines that fail or cheat.

mod common;
use common::{ok, refused, temp_dir};

/// The summary line's fields: A's wins, B's wins, draws, games.
fn summary_counts(out: &str) -> (u64, u64, u64, u64) {
    let last = out.lines().last().expect("a summary");
    assert!(last.starts_with("summary: "), "{last}");
    let numbers: Vec<u64> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // mcts:50 A, random B, draws D, of N games; mcts:50 scored … (the 50s come first)
    (numbers[1], numbers[2], numbers[3], numbers[4])
}

#[test]
fn a_match_prints_one_line_per_game_then_the_summary() {
    let out = ok(&[
        "match", "bind", "--black", "mcts:50", "--white", "random", "--games", "4", "--swap",
        "--seed", "3",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[0].starts_with("game 1: black mcts:50, white random, "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("game 2: black random, white mcts:50, "),
        "{out}"
    );
    assert!(
        lines[2].starts_with("game 3: black mcts:50, white random, "),
        "{out}"
    );
    for line in &lines[..4] {
        assert!(line.contains(" plies, result: "), "{line}");
    }
    let (a, b, d, n) = summary_counts(&out);
    assert_eq!((a + b + d, n), (4, 4));
    assert_eq!(
        lines[4],
        format!(
            "summary: mcts:50 {a}, random {b}, draws {d}, of 4 games; mcts:50 scored {}% (95% CI {})",
            (100 * a + 50 * d) / 4,
            match a * 2 + d {
                8 => "51-100%",
                7 => "38-96%",
                6 => "30-90%",
                _ => "",
            }
        ),
        "{out}"
    );
}

#[test]
fn the_results_do_not_depend_on_the_thread_count() {
    for game in [["bind", "--variant", "mini"], ["kazura", "--size", "4"]] {
        let run = |threads: &str| {
            let mut args = vec![
                "match",
                game[0],
                game[1],
                game[2],
                "--black",
                "mcts:30",
                "--white",
                "random",
                "--games",
                "6",
                "--swap",
                "--seed",
                "11",
                "--threads",
            ];
            args.push(threads);
            ok(&args)
        };
        let one = run("1");
        assert_eq!(one, run("2"));
        assert_eq!(one, run("4"));
    }
    let run = |threads: &str| {
        ok(&[
            "match",
            "bao",
            "--black",
            "random",
            "--white",
            "mcts:10",
            "--games",
            "3",
            "--seed",
            "5",
            "--threads",
            threads,
        ])
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn levels_play_a_match() {
    let out = ok(&[
        "match", "kazura", "--size", "3", "--black", "easy", "--white", "random", "--games", "2",
        "--swap",
    ]);
    assert!(
        out.lines().last().unwrap().starts_with("summary: easy "),
        "{out}"
    );
}

#[test]
fn bad_players_are_refused() {
    for spec in ["human", "gtp:true", "mcts:0", "mcts:x", "expert", "gtp:"] {
        refused(&["match", "bind", "--black", spec, "--white", "random"]);
    }
    refused(&[
        "match", "bind", "--black", "random", "--white", "random", "--games", "0",
    ]);
    refused(&[
        "match",
        "go9",
        "--black",
        "gtp:/nonexistent/engine",
        "--white",
        "random",
    ]);
    refused(&[
        "match",
        "bind",
        "--black",
        "random",
        "--white",
        "random",
        "--threads",
        "0",
    ]);
}

/// A fake GTP engine: answers every command with success and `genmove` with `answer`.
fn fake_engine(name: &str, answer: &str) -> String {
    let dir = temp_dir(name);
    let path = dir.join("engine.sh");
    std::fs::write(
        &path,
        format!(
            "while read -r line; do case \"$line\" in genmove*) printf '= {answer}\\n\\n';; \
             quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done\n"
        ),
    )
    .unwrap();
    format!("gtp:sh {}", path.display())
}

#[test]
fn a_gtp_engine_that_plays_an_illegal_move_loses() {
    let engine = fake_engine("gtp-illegal", "E5");
    let out = ok(&[
        "match", "go9", "--black", &engine, "--white", "random", "--games", "2", "--swap",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    // Its first E5 is legal, its second is on an occupied point.
    assert!(
        lines[0]
            .contains("result: white by forfeit (black's engine: it played the illegal move E5"),
        "{out}"
    );
    assert!(
        lines[1]
            .contains("result: black by forfeit (white's engine: it played the illegal move E5"),
        "{out}"
    );
    assert!(
        lines[2].contains(" 0, random 2, draws 0, of 2 games; "),
        "{out}"
    );
}

#[test]
fn a_gtp_engine_that_resigns_or_answers_nonsense_loses() {
    let engine = fake_engine("gtp-resign", "resign");
    let out = ok(&["match", "go9", "--black", &engine, "--white", "random"]);
    assert!(out.starts_with("game 1: black gtp:sh "), "{out}");
    assert!(
        out.contains(", 0 plies, result: white by resignation (black resigned)\n"),
        "{out}"
    );
    let engine = fake_engine("gtp-nonsense", "Z99");
    let out = ok(&["match", "go9", "--black", "random", "--white", &engine]);
    assert!(
        out.contains("result: black by forfeit (white's engine: it answered `Z99`"),
        "{out}"
    );
}

/// `NAME X.XXX s/move over N moves` → (NAME, seconds per move, N).
fn thinking_of(part: &str) -> (String, f64, u64) {
    let words: Vec<&str> = part.split_whitespace().collect();
    assert_eq!(words.len(), 6, "{part}");
    assert_eq!(&words[2..4], ["s/move", "over"], "{part}");
    assert_eq!(words[5], "moves", "{part}");
    let per_move: f64 = words[1].parse().expect("seconds per move");
    assert!(per_move >= 0.0, "{part}");
    (words[0].to_string(), per_move, words[4].parse().unwrap())
}

#[test]
fn timing_adds_each_players_moves_and_time_without_changing_the_games() {
    let args = [
        "match", "kazura", "--size", "4", "--black", "mcts:30", "--white", "random", "--games",
        "3", "--swap", "--seed", "7",
    ];
    let plain = ok(&args);
    let mut timed_args = args.to_vec();
    timed_args.push("--timing");
    let timed = ok(&timed_args);
    let plain_lines: Vec<&str> = plain.lines().collect();
    let timed_lines: Vec<&str> = timed.lines().collect();
    // One more line, `thinking:`, just before the same summary.
    assert_eq!(timed_lines.len(), plain_lines.len() + 1, "{timed}");
    assert_eq!(timed_lines.last(), plain_lines.last());
    let mut a_moves = 0;
    let mut b_moves = 0;
    for (game, (timed_line, plain_line)) in timed_lines.iter().zip(&plain_lines[..3]).enumerate() {
        let (result, thinking) = timed_line
            .split_once("; thinking: ")
            .unwrap_or_else(|| panic!("{timed_line}"));
        assert_eq!(result, *plain_line, "timing must not change the game");
        let plies: u64 = result
            .split(", ")
            .find_map(|part| part.strip_suffix(" plies"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{result}"));
        let (black, white) = thinking.split_once(", ").unwrap();
        let (black_name, _, black_moves) = thinking_of(black);
        let (white_name, _, white_moves) = thinking_of(white);
        assert_eq!(
            (black_name.as_str(), white_name.as_str()),
            ("black", "white")
        );
        // Every ply was chosen by the player to move: Black moves first.
        assert_eq!(black_moves + white_moves, plies, "{timed_line}");
        assert!(
            white_moves <= black_moves && black_moves <= white_moves + 1,
            "{timed_line}"
        );
        // A (mcts:30) is Black in games 1 and 3.
        if game % 2 == 0 {
            a_moves += black_moves;
            b_moves += white_moves;
        } else {
            a_moves += white_moves;
            b_moves += black_moves;
        }
    }
    let totals = timed_lines[3]
        .strip_prefix("thinking: ")
        .expect(timed_lines[3]);
    let (a, b) = totals.split_once(", ").unwrap();
    let (a_name, _, a_total) = thinking_of(a);
    let (b_name, _, b_total) = thinking_of(b);
    assert_eq!((a_name.as_str(), b_name.as_str()), ("mcts:30", "random"));
    assert_eq!((a_total, b_total), (a_moves, b_moves));
}

#[test]
fn record_dir_keeps_each_games_record_which_replays_to_its_result() {
    let dir = temp_dir("match-records").join("records");
    let dir_text = dir.display().to_string();
    let out = ok(&[
        "match",
        "go9",
        "--black",
        "mcts:30",
        "--white",
        "random",
        "--games",
        "3",
        "--swap",
        "--seed",
        "8",
        "--threads",
        "2",
        "--record-dir",
        &dir_text,
    ]);
    let results: Vec<&str> = out
        .lines()
        .filter_map(|line| line.split_once(", result: ").map(|(_, r)| r))
        .collect();
    assert_eq!(results.len(), 3, "{out}");
    for (n, result) in results.iter().enumerate() {
        let file = dir.join(format!("game-{}.json", n + 1));
        let replayed = ok(&["replay", &file.display().to_string()]);
        assert_eq!(
            replayed.lines().last(),
            Some(format!("result: {result}").as_str()),
            "game {}",
            n + 1
        );
    }
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn a_record_dir_that_cannot_be_made_is_an_io_error() {
    let blocker = temp_dir("match-blocked").join("a-file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let inside = blocker.join("records").display().to_string();
    let out = common::rulebook(&[
        "match",
        "bind",
        "--black",
        "random",
        "--white",
        "random",
        "--record-dir",
        &inside,
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(blocker.parent().unwrap());
}
