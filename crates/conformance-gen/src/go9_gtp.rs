//! go9's GTP sessions (G-14): crafted ones, sessions of random games (each with a move
//! played out of turn, and either an undo of a capture, the prisoners and the preview
//! count, or a point written in lower case), and sessions whose diagram shows the points
//! forbidden only by superko (G-5). Each session's ids come from its commands and the
//! positions they meet (`tags`), not from a list.

use game_core::{Game, GameRng, Player};
use go9::{Go9, Move, PlayError, Point};
use go9_gtp::{GtpClient, GtpEngine};
use rules_conformance::CaseBody;

use crate::common::FileBuilder;
use crate::go9::brute;
use crate::go9_tags::{self, Tags};

fn colour(player: Player) -> &'static str {
    if player.index() == 0 {
        "black"
    } else {
        "white"
    }
}

fn parse_colour(text: &str) -> Option<Player> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Some(Player::First),
        "white" | "w" => Some(Player::Second),
        _ => None,
    }
}

/// The ids a session depends on, from its commands replayed on a go9 state.
fn tags(session: &[(String, String)]) -> Vec<&'static str> {
    let mut tags = Tags::new();
    tags.insert("G-14");
    let mut go = Go9::new();
    for (command, _) in session {
        let words: Vec<&str> = command.split_whitespace().collect();
        let vertex = |text: &str, tags: &mut Tags| -> Option<Move> {
            if text != text.to_ascii_uppercase() && !text.eq_ignore_ascii_case("pass") {
                tags.insert("G-12");
            }
            let mv = text.parse::<Move>().ok();
            if mv.is_none() {
                tags.insert("G-12");
            }
            mv
        };
        match words.as_slice() {
            ["boardsize", n] if *n != "9" => {
                tags.insert("G-1");
            }
            ["boardsize", _] | ["clear_board"] => go = Go9::new(),
            ["play", c, m] | ["is_legal", c, m] => {
                let (Some(player), Some(mv)) = (parse_colour(c), vertex(m, &mut tags)) else {
                    continue;
                };
                match go.check_move_for(player, mv) {
                    Err(PlayError::Occupied(_)) => {
                        tags.insert("G-2");
                    }
                    Err(PlayError::Suicide(_)) => {
                        tags.insert("G-3");
                    }
                    Err(PlayError::Superko { .. }) => {
                        tags.insert("G-4");
                    }
                    Err(_) => {
                        tags.insert("G-6");
                    }
                    Ok(()) => {
                        if let Move::Place(p) = mv
                            && go9_tags::capture_only(&go, player, p)
                        {
                            tags.insert("G-3");
                        }
                        if words[0] == "play" {
                            go.play_as(player, mv).expect("legal");
                            if go.is_over() {
                                tags.insert("G-6");
                            }
                        }
                    }
                }
            }
            ["undo"] => {
                tags.insert("G-8");
                let _ = go.undo();
            }
            ["captures", _] => {
                tags.insert("G-11");
            }
            ["final_score"] => {
                tags.insert("G-10");
                if !go.is_over() {
                    tags.insert("G-11");
                }
                if go9_tags::dead_matters(&go) {
                    tags.insert("G-9");
                }
            }
            ["showboard"] => {
                // The diagram shows the superko points and the prisoners.
                tags.extend(["G-5", "G-11"]);
                if !go.superko_points().is_empty() {
                    tags.insert("G-4");
                }
            }
            _ => {}
        }
    }
    tags.into_iter().collect()
}

/// Runs `commands` on our GTP engine and returns the session with its answers.
fn session(commands: &[&str]) -> Vec<(String, String)> {
    let mut engine = GtpEngine::new().without_files();
    commands
        .iter()
        .map(|command| {
            let (_, reply) = engine.execute_line(command).expect("a command");
            let answer = if !reply.success {
                "?".to_string()
            } else if reply.text.is_empty() {
                "=".to_string()
            } else {
                format!("= {}", reply.text)
            };
            ((*command).to_string(), answer)
        })
        .collect()
}

/// Checks with GNU Go every `is_legal` and `captures` answer of a session.
fn gnugo_agrees_on_session(gnugo: &mut GtpClient, session: &[(String, String)]) {
    gnugo.send("clear_board").expect("clear_board");
    for (command, ours) in session {
        let word = command.split_whitespace().next().unwrap_or("");
        let theirs = gnugo.send(command);
        match word {
            "is_legal" | "captures" => {
                let theirs = theirs.expect("GNU Go answers");
                assert_eq!(
                    format!("= {}", theirs.trim()),
                    *ours,
                    "GNU Go differs on `{command}`"
                );
            }
            "play" | "undo" if ours == "=" => {
                theirs.unwrap_or_else(|e| panic!("GNU Go refused `{command}`: {e}"));
            }
            _ => {}
        }
    }
}

/// The go9 state a session's `play`, `undo` and `clear_board` commands leave.
fn mirror(commands: &[String]) -> Go9 {
    let mut go = Go9::new();
    for command in commands {
        let words: Vec<&str> = command.split_whitespace().collect();
        match words.as_slice() {
            ["play", c, m] => {
                if let (Some(player), Ok(mv)) = (parse_colour(c), m.parse::<Move>()) {
                    let _ = go.play_as(player, mv);
                }
            }
            ["undo"] => {
                let _ = go.undo();
            }
            ["clear_board"] | ["boardsize", "9"] => go = Go9::new(),
            _ => {}
        }
    }
    go
}

/// Ends a session whose game goes on, with moves played, by a stone played out of turn
/// for the colour that just moved (G-14) and the list of that colour's stones.
fn out_of_turn(commands: &mut Vec<String>) {
    let go = mirror(commands);
    if go.is_over() || go.moves().is_empty() {
        return;
    }
    let player = go.to_move().other();
    let mut rng = GameRng::seed_from(0x60_9a00 + commands.len() as u64);
    if let Some(mv) = random_placement(&go, player, &mut rng) {
        commands.push(format!("play {} {mv}", colour(player)));
        commands.push(format!("list_stones {}", colour(player)));
    }
}

/// Positions of playouts where some point is forbidden by superko (a ko, mostly), with
/// the point.
fn ko_positions(count: usize) -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    for seed in 0..2_000u64 {
        if found.len() >= count {
            break;
        }
        let mut rng = GameRng::seed_from(0x60_9900 + seed);
        let mut go = Go9::new();
        let mut moves = Vec::new();
        while !go.is_over() {
            let Some(mv) = go.playout_move(&mut rng) else {
                break;
            };
            go.play(mv).expect("legal");
            moves.push(mv.to_string());
            if let Some(&p) = go.superko_points().first() {
                found.push((moves, brute::name(p.index())));
                break;
            }
        }
    }
    found
}

/// A random legal placement of `player` at `go`, if any.
fn random_placement(go: &Go9, player: Player, rng: &mut GameRng) -> Option<Move> {
    let start = rng.below(81);
    (0..81)
        .map(|k| Move::Place(Point::from_index((start + k) % 81)))
        .find(|&mv| go.check_move_for(player, mv).is_ok())
}

/// A random session: the playout policy's moves with one move played out of turn at ply
/// 8, ending after a capture (`kind` 0: then it is undone), after a capture of two or more
/// stones (`kind` 1: then the prisoners and the preview count are asked), or after 20 to 59
/// plies (`kind` 2: then a point written in lower case is asked). `None` if the game
/// does not come to what its kind needs.
fn random_session(seed: u64, kind: u64) -> Option<Vec<String>> {
    let mut rng = GameRng::seed_from(0x60_9700 + seed);
    let mut go = Go9::new();
    let mut commands = Vec::new();
    let length = 20 + (seed as usize * 7) % 40;
    loop {
        if go.is_over() || commands.len() > 250 {
            return None;
        }
        let ply = commands.len();
        let (player, mv) = if ply == 8 {
            let player = go.to_move().other();
            (player, random_placement(&go, player, &mut rng)?)
        } else {
            (go.to_move(), go.playout_move(&mut rng)?)
        };
        let before = go.board().stone_points(player.other()).len();
        go.play_as(player, mv).expect("legal");
        let captured = before - go.board().stone_points(player.other()).len();
        commands.push(format!("play {} {mv}", colour(player)));
        let done = match kind {
            0 => ply >= 20 && captured > 0,
            1 => ply >= 20 && captured > 1,
            _ => ply + 1 >= length,
        };
        if done && !go.is_over() {
            break;
        }
    }
    match kind {
        0 => {
            let undone = go.moves().last().copied()?;
            commands.push("undo".into());
            commands.push("list_stones black".into());
            commands.push("list_stones white".into());
            go.undo().ok()?;
            commands.push(format!("is_legal {} {undone}", colour(go.to_move())));
        }
        1 => {
            commands.push("captures black".into());
            commands.push("captures white".into());
            commands.push("final_score".into());
        }
        _ => {
            let player = go.to_move();
            let mv = random_placement(&go, player, &mut rng)?;
            commands.push(format!(
                "is_legal {} {}",
                colour(player),
                mv.to_string().to_lowercase()
            ));
            commands.push("list_stones black".into());
            commands.push("list_stones white".into());
        }
    }
    Some(commands)
}

/// A session that plays `moves` from the start, shows the diagram (where the points
/// forbidden only by superko are `#`), asks about `point`, then plays a stone out of turn
/// for the colour that just moved and shows the diagram again.
fn showboard_session(moves: &[String], point: &str, seed: u64) -> Option<Vec<String>> {
    let mut go = Go9::new();
    let mut commands = Vec::new();
    for mv in moves {
        commands.push(format!("play {} {mv}", colour(go.to_move())));
        go.play(go.parse_move(mv).ok()?).ok()?;
    }
    commands.push("showboard".into());
    commands.push(format!("is_legal {} {point}", colour(go.to_move())));
    let mut rng = GameRng::seed_from(0x60_9800 + seed);
    let player = go.to_move().other();
    let mv = random_placement(&go, player, &mut rng)?;
    commands.push(format!("play {} {mv}", colour(player)));
    commands.push("showboard".into());
    Some(commands)
}

/// go9's GTP file: the crafted sessions, the random ones and the diagrams of superko
/// positions (`superko`: moves and the point they forbid).
pub fn gtps(file: &mut FileBuilder, gnugo: &mut GtpClient, superko: &[(Vec<String>, String)]) {
    crafted_sessions(file, gnugo);
    diagram_sessions(file, gnugo, superko);
    random_sessions(file, gnugo);
}

/// A crafted session: its commands, the decisions it was written for (the case's own are
/// found by `tags`), whether GNU Go checks it, and its note.
type Crafted = (Vec<&'static str>, Vec<&'static str>, bool, &'static str);

/// The moves to a ko, White to retake at E5.
const KO: [&str; 9] = [
    "play black E4",
    "play white F4",
    "play black D5",
    "play white F6",
    "play black E6",
    "play white G5",
    "play black A1",
    "play white E5",
    "play black F5",
];

/// The crafted sessions, each checked by GNU Go where it says so.
fn crafted_sessions(file: &mut FileBuilder, gnugo: &mut GtpClient) {
    let mut sessions = rule_sessions();
    sessions.extend(undo_sessions());
    for (commands, _, gnugo_checks, note) in sessions {
        let mut commands: Vec<String> = commands.into_iter().map(String::from).collect();
        out_of_turn(&mut commands);
        let refs: Vec<&str> = commands.iter().map(String::as_str).collect();
        let s = session(&refs);
        let mut checked = vec!["engine"];
        if gnugo_checks {
            gnugo_agrees_on_session(gnugo, &s);
            checked.push("gnugo");
        }
        file.push(
            &tags(&s),
            &checked,
            Some(note.into()),
            CaseBody::Gtp { session: s },
        );
    }
}

/// Crafted sessions of the rules: undo of a capture in a ko, two passes, the board size
/// and notation, suicide, the final count and its preview.
fn rule_sessions() -> Vec<Crafted> {
    let ko = KO;
    vec![
        (
            [
                &ko[..],
                &[
                    "is_legal white E5",
                    "captures black",
                    "undo",
                    "is_legal white E5",
                    "captures black",
                    "play white E5",
                    "undo",
                    "undo",
                    "is_legal black F5",
                ],
            ]
            .concat(),
            vec!["G-4", "G-8", "G-11", "G-14"],
            true,
            "undo takes back the capture: the prisoner count and the superko history return",
        ),
        (
            vec![
                "boardsize 9",
                "clear_board",
                "komi 7",
                "play black E5",
                "play white pass",
                "play black pass",
                "is_legal white A1",
                "undo",
                "is_legal white A1",
                "play white A1",
            ],
            vec!["G-6", "G-8", "G-14"],
            false,
            "two passes end the game; undo of the second pass opens it again",
        ),
        (
            vec![
                "boardsize 13",
                "boardsize 9",
                "play black I5",
                "play black J10",
                "play black e5",
                "play white E5",
                "is_legal black e5",
                "is_legal white D4",
            ],
            vec!["G-12", "G-14"],
            true,
            "a board other than 9x9, malformed points and an occupied point are refused; vertices are read in any case",
        ),
        (
            vec![
                "play black A3",
                "play white A2",
                "play black B3",
                "play white B2",
                "play black C2",
                "play white B1",
                "play black C1",
                "is_legal white A1",
                "play white E5",
                "is_legal black A1",
                "play black A1",
                "captures black",
                "captures white",
            ],
            vec!["G-3", "G-11", "G-14"],
            true,
            "suicide is refused; a stone without liberties that captures is legal, and its captures are counted",
        ),
        (
            vec![
                "play black E5",
                "play white pass",
                "play black pass",
                "final_score",
                "play black D4",
                "showboard",
                "captures white",
            ],
            vec!["G-6", "G-10", "G-14"],
            false,
            "one black stone owns the board: B+74; after the end no move is taken",
        ),
        (
            vec!["play black E5", "play white D4", "final_score"],
            vec!["G-11", "G-14"],
            false,
            "the preview count of an unfinished game, as if it ended now",
        ),
    ]
}

/// Crafted sessions of undo: the superko history, the ko again, the pass that ended the
/// game, and undo with no move played.
fn undo_sessions() -> Vec<Crafted> {
    let ko = KO;
    vec![
        (
            vec![
                "play black E5",
                "play white D4",
                "undo",
                "undo",
                "is_legal black E5",
                "play black E5",
                "is_legal white D4",
                "play white D4",
                "undo",
                "is_legal white D4",
            ],
            vec!["G-4", "G-8", "G-14"],
            true,
            "undo takes the board it undoes out of the superko history: the same moves are legal again",
        ),
        (
            [
                &ko[..],
                &[
                    "play white A9",
                    "play black B9",
                    "undo",
                    "undo",
                    "is_legal white E5",
                    "play white A9",
                    "play black B9",
                    "is_legal white E5",
                ],
            ]
            .concat(),
            vec!["G-4", "G-8", "G-14"],
            true,
            "after undoing two moves the ko retake is forbidden again, and allowed once they are replayed",
        ),
        (
            vec![
                "play black E5",
                "play white D5",
                "play black pass",
                "play white pass",
                "undo",
                "captures black",
                "play white pass",
                "final_score",
            ],
            vec![],
            true,
            "undo of the pass that ended the game opens it; passing again ends it",
        ),
        (
            vec![
                "undo",
                "play black E5",
                "undo",
                "undo",
                "showboard",
                "captures black",
            ],
            vec!["G-8", "G-14"],
            true,
            "undo with no move played is an error",
        ),
    ]
}

/// The diagrams of positions where a point is forbidden only by superko.
fn diagram_sessions(
    file: &mut FileBuilder,
    gnugo: &mut GtpClient,
    superko: &[(Vec<String>, String)],
) {
    let ko = crate::common::strings(&["E4", "F4", "D5", "F6", "E6", "G5", "A1", "E5", "F5"]);
    let mut diagrams = vec![(ko, "E5".to_string())];
    diagrams.extend(superko.iter().cloned());
    diagrams.extend(ko_positions(25));
    for (seed, (moves, point)) in diagrams.iter().enumerate() {
        let Some(commands) = showboard_session(moves, point, seed as u64) else {
            continue;
        };
        let refs: Vec<&str> = commands.iter().map(String::as_str).collect();
        let s = session(&refs);
        gnugo_agrees_on_session(gnugo, &s);
        file.push(
            &tags(&s),
            &["engine", "gnugo"],
            Some(format!(
                "the diagram marks {point} with `#`: forbidden only by superko"
            )),
            CaseBody::Gtp { session: s },
        );
    }
}

/// Random sessions of three kinds, a fixed number of each.
fn random_sessions(file: &mut FileBuilder, gnugo: &mut GtpClient) {
    let mut made = [0usize; 3];
    let wanted = [20, 22, 30];
    for seed in 0..400u64 {
        let kind = seed % 3;
        if made[kind as usize] >= wanted[kind as usize] {
            continue;
        }
        let Some(commands) = random_session(seed, kind) else {
            continue;
        };
        made[kind as usize] += 1;
        let refs: Vec<&str> = commands.iter().map(String::as_str).collect();
        let s = session(&refs);
        gnugo_agrees_on_session(gnugo, &s);
        file.push(
            &tags(&s),
            &["engine", "gnugo"],
            None,
            CaseBody::Gtp { session: s },
        );
    }
    assert_eq!(made, wanted, "random GTP sessions");
}
