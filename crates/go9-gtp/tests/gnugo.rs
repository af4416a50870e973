//! The GTP engine against GNU Go 3.8 (Debian's `gnugo`), each side a GTP program: a whole
//! game accepted by both, and the CI smoke match (issue 11). Without GNU Go the tests fail
//! when the `CI` environment variable is set (CI installs it), and otherwise say why they
//! did nothing.

use std::collections::BTreeSet;

use game_core::{Game, Player};
use go9_gtp::{GtpClient, GtpEngine};

/// GNU Go under the Ttakji rules (area counting, komi 7, positional superko, no suicide).
const FLAGS: &str = "--mode gtp --boardsize 9 --chinese-rules --komi 7 --positional-superko \
                     --forbid-suicide";

/// The GNU Go binary, or `None` (after saying why) when it is missing outside CI.
fn require_gnugo(test: &str) -> Option<String> {
    let found = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|path| std::path::Path::new(path).exists());
    match found {
        Some(path) => Some(path.to_string()),
        None if std::env::var_os("CI").is_some() => panic!(
            "{test}: GNU Go is not installed, and CI must run the referee tests \
             (install Debian's `gnugo`, binary /usr/games/gnugo)"
        ),
        None => {
            eprintln!("{test}: GNU Go (/usr/games/gnugo) is not installed: test skipped");
            None
        }
    }
}

/// GNU Go started with `extra` flags, through our own GTP client.
fn gnugo(binary: &str, extra: &str) -> GtpClient {
    GtpClient::spawn(&format!("{binary} {FLAGS} {extra}")).expect("GNU Go starts")
}

/// GNU Go's answer to `command`, which it must accept.
fn ask(gnugo: &mut GtpClient, command: &str) -> String {
    gnugo
        .send(command)
        .unwrap_or_else(|e| panic!("GNU Go refused {e}"))
}

fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_uppercase).collect()
}

#[test]
fn a_full_game_between_our_gtp_engine_and_gnugo_is_accepted_by_both() {
    let Some(binary) = require_gnugo("engine against GNU Go") else {
        return;
    };
    let mut gnugo = gnugo(&binary, "--level 1");
    let mut engine = GtpEngine::new().with_playouts(300).with_seed(9);
    let ask_engine = |engine: &mut GtpEngine, line: &str| {
        let (_, reply) = engine.execute_line(line).unwrap();
        assert!(reply.success, "our engine refused `{line}`: {}", reply.text);
        reply.text
    };
    for line in ["boardsize 9", "clear_board", "komi 7"] {
        ask_engine(&mut engine, line);
        ask(&mut gnugo, line);
    }
    let mut finished = false;
    for _ in 0..300 {
        if engine.state().is_over() {
            finished = true;
            break;
        }
        let ours = ask_engine(&mut engine, "genmove black");
        ask(&mut gnugo, &format!("play black {ours}"));
        if engine.state().is_over() {
            finished = true;
            break;
        }
        let theirs = ask(&mut gnugo, "genmove white");
        if theirs.eq_ignore_ascii_case("resign") {
            finished = true;
            break;
        }
        ask_engine(&mut engine, &format!("play white {theirs}"));
    }
    assert!(finished, "the game did not end");
    let ours: BTreeSet<String> = set(&ask_engine(&mut engine, "list_stones black"));
    assert_eq!(ours, set(&ask(&mut gnugo, "list_stones black")));
}

/// The CI smoke match (issue 11): two games of our GTP engine (the `normal` hooks at a
/// tiny playout budget, tree reuse, clean-up on request) against GNU Go level 1, colours
/// alternating, scored by our rules. No strength is asserted: the whole path must work,
/// every move of both sides must be legal by our rules, and each game must end.
#[test]
fn smoke_match_two_games_against_gnugo_level_1() {
    let Some(binary) = require_gnugo("smoke match") else {
        return;
    };
    for game in 0..2u64 {
        let ours = if game == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut gnugo = gnugo(&binary, "--level 1 --capture-all-dead");
        let mut engine = GtpEngine::new()
            .with_playouts(64)
            .with_seed(game)
            .with_resign_threshold(0.05);
        let mut ended = false;
        for _ in 0..320 {
            if engine.state().is_over() {
                ended = true;
                break;
            }
            let mover = engine.state().to_move();
            let name = if mover == Player::First {
                "black"
            } else {
                "white"
            };
            if mover == ours {
                let (_, reply) = engine.execute_line(&format!("genmove {name}")).unwrap();
                assert!(reply.success, "{}", reply.text);
                if reply.text == "resign" {
                    ended = true;
                    break;
                }
                ask(&mut gnugo, &format!("play {name} {}", reply.text));
            } else {
                let theirs = ask(&mut gnugo, &format!("genmove {name}"));
                if theirs.eq_ignore_ascii_case("resign") {
                    ended = true;
                    break;
                }
                let (_, reply) = engine
                    .execute_line(&format!("play {name} {theirs}"))
                    .unwrap();
                assert!(reply.success, "GNU Go's {theirs}: {}", reply.text);
            }
        }
        assert!(ended, "game {game} did not end");
        let (_, score) = engine.execute_line("final_score").unwrap();
        assert!(score.success && !score.text.is_empty());
    }
}
