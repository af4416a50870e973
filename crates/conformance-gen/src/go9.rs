//! The go9 vectors: replays, perft, ends, records and GTP sessions, each answer checked
//! against GNU Go (legal points with positional superko, the final count where no stone is
//! dead) and the brute-force mover of go9's tests (legal sets and perft).

#[path = "../../go9/tests/common/brute.rs"]
#[allow(dead_code, missing_docs, clippy::all)]
pub(crate) mod brute;

use std::collections::BTreeSet;

use game_catalog::{AnyGame, GameSpec};
use game_core::{Game, GameRng, Player, Recorded};
use go9::{Go9, SgfNames};
use go9_gtp::GtpClient;
use rules_conformance::CaseBody;
use rules_conformance::format::Check;

use crate::common::{self, FileBuilder, full_check, strings};

const NOTATION: &str =
    "a point A1..J9 (columns A-J without I, A1 lower left as Black sees it), or pass";

/// Every point's name, then `pass` and malformed texts.
fn candidates() -> Vec<String> {
    let mut all: Vec<String> = (0..81).map(brute::name).collect();
    all.extend(strings(&[
        "pass", "I5", "J10", "A0", "K1", "E05", "5E", "tt",
    ]));
    all
}

/// GNU Go with the Ttakji settings, if installed.
fn gnugo() -> GtpClient {
    let binary = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .unwrap_or("gnugo");
    GtpClient::spawn(&format!(
        "{binary} --mode gtp --boardsize 9 --chinese-rules --komi 7 --positional-superko --forbid-suicide"
    ))
    .expect("GNU Go is the go9 vectors' independent referee: install Debian's gnugo")
}

fn colour(player: Player) -> &'static str {
    if player.index() == 0 {
        "black"
    } else {
        "white"
    }
}

/// Checks with GNU Go the legal points at each checked ply of `moves`.
fn gnugo_agrees_on_legal(gnugo: &mut GtpClient, moves: &[String], checks: &[Check]) {
    gnugo.send("clear_board").expect("clear_board");
    let mut game = AnyGame::new(&GameSpec::Go9);
    for ply in 0..=moves.len() {
        if let Some(check) = checks.iter().find(|c| c.ply == ply)
            && !game.is_over()
        {
            let mover = colour(game.to_move());
            let theirs: BTreeSet<String> = gnugo
                .send(&format!("all_legal {mover}"))
                .expect("all_legal")
                .split_whitespace()
                .map(str::to_uppercase)
                .collect();
            let ours: BTreeSet<String> = game
                .legal_moves()
                .into_iter()
                .filter(|m| m != "pass")
                .collect();
            assert_eq!(
                ours, theirs,
                "GNU Go disagrees at ply {} of {moves:?}",
                check.ply
            );
        }
        if ply < moves.len() {
            let mover = colour(game.to_move());
            gnugo
                .send(&format!("play {mover} {}", moves[ply]))
                .expect("GNU Go plays our move");
            game.play(&moves[ply]).expect("legal");
        }
    }
}

/// Checks with the brute-force mover every check's legal set.
fn brute_agrees(moves: &[String], checks: &[Check]) {
    let mut brute = brute::Brute::new([0; 81], Player::First);
    for ply in 0..=moves.len() {
        if let Some(check) = checks.iter().find(|c| c.ply == ply) {
            let legal = check.legal.as_ref().expect("a legal set");
            let theirs = brute.legal();
            assert_eq!(
                rules_conformance::canonical::legal_sha256(&theirs),
                legal.sha256,
                "the brute-force mover disagrees at ply {ply} of {moves:?}"
            );
        }
        if ply < moves.len() {
            brute.play(&moves[ply]);
        }
    }
}

/// Decision ids a replay case exercises, from what it contains: G-1 (every check has the
/// player to move, which depends on who moved first) and G-2 (the legal sets hold `pass`),
/// the ids of each checked position and of the moves played, and the probes' classes.
fn replay_decisions(moves: &[String], checks: &[Check]) -> Vec<&'static str> {
    let mut tags = crate::go9_tags::Tags::new();
    tags.extend(["G-1", "G-2"]);
    for check in checks {
        let go = crate::go9_tags::replay(&moves[..check.ply]);
        // The position after one pass: the game goes on (G-6).
        if check.ply > 0 && moves[check.ply - 1] == "pass" {
            tags.insert("G-6");
        }
        crate::go9_tags::position(&go, go.to_move(), &mut tags);
        for probe in &check.illegal {
            if probe.mv != probe.mv.to_ascii_uppercase() && !probe.mv.eq_ignore_ascii_case("pass") {
                tags.insert("G-12");
            }
        }
    }
    let last = checks.iter().map(|c| c.ply).max().unwrap_or(0);
    crate::go9_tags::moves(&moves[..last], &mut tags);
    let classes = common::probe_classes(checks);
    for (class, id) in [
        ("superko", "G-4"),
        ("suicide", "G-3"),
        ("malformed", "G-12"),
        ("game-over", "G-6"),
        ("occupied", "G-2"),
    ] {
        if classes.contains(class) {
            tags.insert(id);
        }
    }
    tags.into_iter().collect()
}

fn board_point(i: usize) -> go9::Point {
    board_geometry::Point::from_index(i)
}

/// The playout policy of go9 (never fills its own single-point eye; passes when nothing
/// else is left), as text moves from `start`, at most `max` plies.
fn playout(start: &[String], rng: &mut GameRng, max: usize) -> Vec<String> {
    let mut go = Go9::new();
    let mut moves = start.to_vec();
    for mv in start {
        go.play(go.parse_move(mv).expect("a move")).expect("legal");
    }
    while !go.is_over() && moves.len() < max {
        let Some(mv) = go.playout_move(rng) else {
            break;
        };
        go.play(mv).expect("legal");
        moves.push(mv.to_string());
    }
    moves
}

/// Positions of seeded uniform random games (which fill eyes and capture a lot) where a
/// placement is forbidden by superko although it does not retake a ko at once: the board
/// it repeats is older than the one before the last move, so simple ko allows it. Returns
/// the moves up to that position and the point.
fn long_cycle_superko(count: usize) -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    let mut seed = 0u64;
    while found.len() < count && seed < 20_000 {
        let mut rng = GameRng::seed_from(0x60_9600 + seed);
        seed += 1;
        let mut go = Go9::new();
        let mut moves: Vec<String> = Vec::new();
        'game: while !go.is_over() {
            for i in 0..81 {
                let mv = go9::Move::Place(board_point(i));
                if let Err(go9::PlayError::Superko { earlier_move, .. }) = go.check_move(mv)
                    && earlier_move + 1 < moves.len()
                {
                    found.push((moves.clone(), brute::name(i)));
                    break 'game;
                }
            }
            let mut legal = Vec::new();
            go.legal_moves(&mut legal);
            let stones: Vec<go9::Move> = legal
                .iter()
                .copied()
                .filter(|m| *m != go9::Move::Pass)
                .collect();
            let mv = if stones.is_empty() {
                go9::Move::Pass
            } else {
                stones[rng.below(stones.len())]
            };
            go.play(mv).expect("legal");
            moves.push(mv.to_string());
        }
    }
    found
}

fn replays(file: &mut FileBuilder, positions: &mut FileBuilder, gnugo: &mut GtpClient) {
    let spec = GameSpec::Go9;
    let all = candidates();
    // Superko beyond simple ko: the refused placement repeats an older board.
    for (moves, point) in long_cycle_superko(6) {
        let ply = moves.len();
        let mut check = full_check(&common::after(&spec, &moves), ply, &all, 5);
        if !check.illegal.iter().any(|p| p.mv == point) {
            check.illegal.insert(
                0,
                rules_conformance::format::Probe {
                    mv: point.clone(),
                    reason: "superko".into(),
                },
            );
            check.illegal.truncate(5);
        }
        let checks = vec![check];
        gnugo_agrees_on_legal(gnugo, &moves, &checks);
        brute_agrees(&moves, &checks);
        let mut decisions = replay_decisions(&moves, &checks);
        decisions.push("G-4");
        file.push(
            &decisions,
            &["engine", "gnugo", "brute-force"],
            Some(format!(
                "{point} repeats a board older than the one before the last move: positional superko forbids it, simple ko does not"
            )),
            CaseBody::Replay { moves, checks },
        );
    }
    let plain: Vec<String> = (0..81)
        .map(brute::name)
        .chain(["pass".to_string()])
        .collect();
    let mut count = 0usize;
    let mut push =
        |file: &mut FileBuilder, moves: Vec<String>, plies: Vec<usize>, note: Option<String>| {
            // One case in four also probes malformed texts and an occupied point written
            // in lower case (G-12).
            let notation = count.is_multiple_of(4);
            count += 1;
            let checks: Vec<Check> = plies
                .iter()
                .map(|&ply| {
                    let game = common::after(&spec, &moves[..ply]);
                    let mut check = full_check(&game, ply, if notation { &all } else { &plain }, 5);
                    if notation
                        && !game.is_over()
                        && let Some(point) = (0..81).map(brute::name).find(|p| {
                            rules_conformance::reasons::classify(&game, p) == Some("occupied")
                        })
                    {
                        check.illegal.push(rules_conformance::format::Probe {
                            mv: point.to_lowercase(),
                            reason: "occupied".into(),
                        });
                    }
                    check
                })
                .collect();
            gnugo_agrees_on_legal(gnugo, &moves, &checks);
            brute_agrees(&moves, &checks);
            let decisions = replay_decisions(&moves, &checks);
            file.push(
                &decisions,
                &["engine", "gnugo", "brute-force"],
                note,
                CaseBody::Replay { moves, checks },
            );
        };
    // Crafted: a ko (the retake is a repeat: superko), suicide, a capture that is legal
    // although the stone has no liberty before its captures, and the ko open again later.
    let ko = strings(&[
        "E4", "F4", "D5", "F6", "E6", "G5", "A1", "E5", "F5", "A9", "B9", "E5",
    ]);
    push(file, ko, vec![0, 8, 9, 11, 12], Some("a ko: White's immediate retake at E5 repeats the board (superko); after a move elsewhere by both it is legal".into()));
    let suicide = strings(&["A3", "A2", "B3", "B2", "C2", "B1", "C1", "E5", "A1"]);
    push(file, suicide, vec![6, 7, 8, 9], Some("White may not fill its own last liberty at A1 (suicide); Black's A1 captures three stones, so it is legal though it has no empty neighbour".into()));
    let send_two = strings(&[
        "B1", "D1", "A2", "C2", "B3", "D3", "C4", "E2", "D2", "pass", "C1", "C3", "E1",
    ]);
    if send_two
        .iter()
        .try_fold(Go9::new(), |mut g, m| {
            g.play(g.parse_move(m).ok()?).ok().map(|()| g)
        })
        .is_some()
    {
        let plies = vec![0, send_two.len()];
        push(file, send_two, plies, None);
    }
    // Random games: playouts, and uniform random games that fill their eyes and capture.
    for seed in 0..140u64 {
        let mut rng = GameRng::seed_from(0x60_9000 + seed);
        let length = 6 + (seed as usize * 37) % 160;
        let moves = if seed % 2 == 0 {
            playout(&[], &mut rng, length)
        } else {
            common::random_game(&spec, &mut rng, length, |_, legal, rng| {
                let stones: Vec<usize> = (0..legal.len()).filter(|&i| legal[i] != "pass").collect();
                if stones.is_empty() {
                    0
                } else {
                    stones[rng.below(stones.len())]
                }
            })
        };
        let plies = common::spread(moves.len(), 5);
        push(file, moves, plies, None);
    }
    // Whole playouts, checked at their end too (two passes).
    for seed in 0..30u64 {
        let mut rng = GameRng::seed_from(0x60_9100 + seed);
        let moves = playout(&[], &mut rng, 300);
        let n = moves.len();
        push(file, moves, vec![n - 2, n - 1, n], None);
    }
    // Openings (4 to 27 plies of playouts), checked at their last ply: the legal sets of
    // positions with few stones, mostly without a suicide or a capture.
    for seed in 0..200u64 {
        let mut rng = GameRng::seed_from(0x60_9600_0000 + seed);
        let moves = playout(&[], &mut rng, 4 + (seed as usize * 11) % 24);
        let n = moves.len();
        push(positions, moves, vec![n], None);
    }
    // Middle games (60 to 139 plies of playouts), checked at their last ply: filled
    // positions, with eyes where a stone would be suicide.
    for seed in 0..100u64 {
        let mut rng = GameRng::seed_from(0x60_9600_1000 + seed);
        let moves = playout(&[], &mut rng, 60 + (seed as usize * 13) % 80);
        let n = moves.len();
        push(positions, moves, vec![n], None);
    }
}

fn perfts(file: &mut FileBuilder) {
    let spec = GameSpec::Go9;
    let push = |file: &mut FileBuilder, moves: Vec<String>, note: Option<String>| {
        let body = common::perft_body(&spec, &moves, 120_000, 3);
        if let CaseBody::Perft { counts, .. } = &body {
            let mut b = brute::Brute::new([0; 81], Player::First);
            for mv in &moves {
                b.play(mv);
            }
            for (d, count) in counts.iter().enumerate() {
                assert_eq!(b.perft(d as u32 + 1), *count, "brute-force perft {moves:?}");
            }
        }
        let depth = match &body {
            CaseBody::Perft { counts, .. } => counts.len(),
            _ => 0,
        };
        let mut tags = crate::go9_tags::Tags::new();
        crate::go9_tags::perft(&crate::go9_tags::replay(&moves), depth, &mut tags);
        crate::go9_tags::moves(&moves, &mut tags);
        let ids: Vec<&str> = tags.into_iter().collect();
        file.push(&ids, &["engine", "brute-force"], note, body);
    };
    push(file, Vec::new(), Some("the empty board".into()));
    push(
        file,
        strings(&["pass"]),
        Some("after a pass, a second pass ends the game: it leaves nothing".into()),
    );
    push(
        file,
        strings(&["E4", "F4", "D5", "F6", "E6", "G5", "A1", "E5", "F5"]),
        Some("White to move in a ko: E5 is forbidden by superko".into()),
    );
    for (moves, point) in long_cycle_superko(4) {
        push(
            file,
            moves,
            Some(format!(
                "{point} is forbidden by positional superko, not by simple ko: an engine with simple ko counts one more at every depth"
            )),
        );
    }
    for seed in 0..73u64 {
        let mut rng = GameRng::seed_from(0x60_9200 + seed);
        let length = 4 + (seed as usize * 53) % 220;
        let moves = playout(&[], &mut rng, length);
        push(file, moves, None);
    }
}

/// GNU Go's `final_score` as our margin (`B+3`, `W+10`, `0`).
fn gnugo_margin(gnugo: &mut GtpClient, moves: &[String]) -> (String, BTreeSet<String>) {
    gnugo.send("clear_board").expect("clear_board");
    let mut player = Player::First;
    for mv in moves {
        gnugo
            .send(&format!("play {} {mv}", colour(player)))
            .expect("GNU Go plays our move");
        player = player.other();
    }
    let dead = gnugo.send("final_status_list dead").expect("dead list");
    let score = gnugo.send("final_score").expect("final_score");
    let margin = match score.trim().split_once('+') {
        Some((side, points)) => {
            let value: f64 = points.parse().expect("a number");
            if value == 0.0 {
                "0".into()
            } else {
                format!("{side}+{value}")
            }
        }
        None => score.trim().to_string(),
    };
    (
        margin,
        dead.split_whitespace().map(str::to_uppercase).collect(),
    )
}

/// The stones G-9 removes at the end of `game`, by name.
pub(crate) fn our_dead(game: &AnyGame) -> BTreeSet<String> {
    let AnyGame::Go9(go) = game else {
        return BTreeSet::new();
    };
    let score = go.score();
    score
        .dead
        .first
        .iter()
        .chain(&score.dead.second)
        .map(|p| brute::name(p.index()))
        .collect()
}

/// An end case: checked by GNU Go when it removes the same stones as G-9 (then the counts
/// must agree), and naming G-9 when stones are removed.
pub(crate) fn push_end(
    file: &mut FileBuilder,
    gnugo: &mut GtpClient,
    moves: &[String],
    note: Option<String>,
    extra: &[&'static str],
    settled: bool,
) -> bool {
    let spec = GameSpec::Go9;
    let game = common::after(&spec, moves);
    assert!(game.is_over(), "{moves:?}");
    let score = rules_conformance::go9_score(&game);
    let ours = our_dead(&game);
    let (theirs, their_dead) = gnugo_margin(gnugo, moves);
    let margin = score.as_ref().map(|s| s.margin.clone()).unwrap_or_default();
    let mut checked = vec!["engine"];
    // On a settled board (every region enclosed, as random playouts end) the same dead
    // stones must give the same count; on an open one GNU Go estimates territory, so it
    // checks a count only when it gives the same.
    let agreed = their_dead == ours && (settled || theirs == margin);
    if agreed {
        assert_eq!(
            theirs, margin,
            "GNU Go removes the same stones but counts otherwise: {moves:?}"
        );
        checked.push("gnugo");
    }
    let mut tags = crate::go9_tags::Tags::new();
    tags.extend(extra.iter().copied());
    crate::go9_tags::count(&crate::go9_tags::replay(moves), &mut tags);
    crate::go9_tags::moves(moves, &mut tags);
    let ids: Vec<&str> = tags.into_iter().collect();
    let CaseBody::End { moves, result, .. } = common::end_body(&spec, moves) else {
        unreachable!()
    };
    file.push(
        &ids,
        &checked,
        note,
        CaseBody::End {
            moves,
            result,
            score,
        },
    );
    agreed
}

fn ends(file: &mut FileBuilder, gnugo: &mut GtpClient) {
    let spec = GameSpec::Go9;
    // G-9 by construction: Black's chain B1-B5, A3, A5 has two eyes (A1-A2 and A4), so it
    // is pass-alive and White's stone at A1 inside it is removed; a lone stone in a loose
    // framework is not (no chain around it is pass-alive).
    let removed = strings(&[
        "B1", "J9", "B2", "J8", "B3", "J7", "A3", "J6", "B4", "J5", "B5", "J4", "A5", "A1", "pass",
        "pass",
    ]);
    push_end(file, gnugo, &removed, Some("White's A1 lies in the pass-alive territory of Black's two-eyed chain: G-9 removes it and A1, A2 count for Black".into()), &["G-9"], false);
    let kept = strings(&["C3", "E5", "C7", "pass", "G3", "pass", "G7", "pass", "pass"]);
    push_end(file, gnugo, &kept, Some("White's lone E5 is not inside pass-alive territory: it stays and counts for White, whatever a judge of life and death would say".into()), &["G-9"], false);
    let mut agreed = 0;
    for seed in 0..168u64 {
        let mut rng = GameRng::seed_from(0x60_9300 + seed);
        let moves = if seed % 17 == 5 {
            // Uniform random stones to the 300-move limit.
            common::random_game(&spec, &mut rng, 300, |_, legal, rng| {
                let stones: Vec<usize> = (0..legal.len()).filter(|&i| legal[i] != "pass").collect();
                if stones.is_empty() {
                    0
                } else {
                    stones[rng.below(stones.len())]
                }
            })
        } else {
            playout(&[], &mut rng, 300)
        };
        if !common::after(&spec, &moves).is_over() {
            continue;
        }
        agreed += usize::from(push_end(file, gnugo, &moves, None, &[], true));
    }
    assert!(agreed > 50, "GNU Go checked only {agreed} counts");
}

fn records(file: &mut FileBuilder) {
    let spec = GameSpec::Go9;
    for seed in 0..60u64 {
        let mut rng = GameRng::seed_from(0x60_9400 + seed);
        let length = if seed % 3 == 0 {
            300
        } else {
            10 + (seed as usize * 29) % 120
        };
        let moves = playout(&[], &mut rng, length);
        let mut go = Go9::new();
        for mv in &moves {
            go.play(go.parse_move(mv).expect("a move")).expect("legal");
        }
        // Ending calls (G-7) on some of the unfinished games.
        let mut ids = Vec::new();
        if !go.is_over() {
            match seed % 4 {
                1 => {
                    go.resign(go.to_move()).expect("a resignation");
                    ids.push("G-7");
                }
                2 => {
                    go.lose_on_time(go.to_move()).expect("a time loss");
                    ids.push("G-7");
                }
                3 => {
                    go.agree_draw().expect("a draw");
                    ids.push("G-7");
                }
                _ => {}
            }
        }
        let any = AnyGame::Go9(go.clone());
        let (format, text) = if seed % 2 == 0 {
            ("sgf", go.to_sgf(&SgfNames::new("Black", "White")))
        } else {
            ("json", go.write_record())
        };
        ids.extend(record_tags(&go, format == "sgf", &moves));
        file.push(
            &ids,
            &["engine", "brute-force"],
            None,
            common::accepted_record(&any, format, text.clone()),
        );
        // The same record with one move made illegal: refused, naming the move.
        if moves.len() > 4 {
            let bad = 3 + (seed as usize % (moves.len() - 3));
            let occupied = moves[..bad - 1]
                .iter()
                .rev()
                .find(|m| *m != "pass" && any_point_occupied(&moves[..bad - 1], m))
                .cloned();
            if let Some(point) = occupied {
                let original = &moves[bad - 1];
                let broken = if format == "sgf" {
                    replace_nth_move_sgf(&text, bad, &point)
                } else {
                    replace_nth_move_json(&text, bad, original, &point)
                };
                if let Some(broken) = broken
                    && AnyGame::read_record_of(spec.kind(), &broken).is_err()
                {
                    let mut tags = crate::go9_tags::Tags::new();
                    tags.insert("G-2");
                    if format == "sgf" {
                        tags.insert("G-13");
                    }
                    crate::go9_tags::moves(&moves[..bad - 1], &mut tags);
                    let ids: Vec<&str> = tags.into_iter().collect();
                    file.push(
                        &ids,
                        &["engine", "brute-force"],
                        Some(format!(
                            "move {bad} is changed to the occupied point {point}"
                        )),
                        common::refused_record(&spec, format, broken, Some(bad), false),
                    );
                }
            }
        }
    }
    // Not a record, and a record of another game.
    file.push(
        &["G-13"],
        &["engine"],
        Some("no format marker".into()),
        common::refused_record(&spec, "json", "{\"moves\": []}\n".into(), None, true),
    );
    file.push(
        &["G-13"],
        &["engine"],
        Some("plain text".into()),
        common::refused_record(&spec, "sgf", "hello\n".into(), None, true),
    );
    {
        let text = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[tt];B[])\n".to_string();
        let game = AnyGame::read_record_of(spec.kind(), &text).expect("tt reads as a pass");
        let AnyGame::Go9(go) = &game else {
            unreachable!()
        };
        let mut ids = record_tags(go, true, &strings(&["E5", "pass", "pass"]));
        ids.push("G-12");
        file.push(
            &ids,
            &["engine", "brute-force"],
            Some("SGF `tt` is a pass".into()),
            common::accepted_record(&game, "sgf", text),
        );
    }
    file.push(
        &["G-13", "G-12"],
        &["engine", "brute-force"],
        Some("a move off the 9x9 board".into()),
        common::refused_record(
            &spec,
            "sgf",
            "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[jj])\n".into(),
            Some(2),
            false,
        ),
    );
    file.push(
        &["G-13", "G-2"],
        &["engine", "brute-force"],
        Some("the second move is on an occupied point".into()),
        common::refused_record(
            &spec,
            "sgf",
            "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[ee])\n".into(),
            Some(2),
            false,
        ),
    );
}

/// The ids of an accepted record of `go` (its `moves`): G-13 for SGF, the moves' ids, the
/// count's when the rules ended it, G-7 when a call did. The colours are written in the
/// record, so the count's G-1 (who moved first) is not the record's.
fn record_tags(go: &Go9, sgf: bool, moves: &[String]) -> Vec<&'static str> {
    let mut tags = crate::go9_tags::Tags::new();
    if sgf {
        tags.insert("G-13");
    }
    crate::go9_tags::moves(moves, &mut tags);
    match go.end_reason() {
        Some(go9::EndReason::TwoPasses(_) | go9::EndReason::MoveLimit(_)) => {
            crate::go9_tags::count(go, &mut tags);
            tags.remove("G-1");
        }
        Some(_) => {
            tags.insert("G-7");
            tags.remove("G-6");
        }
        None => {}
    }
    tags.into_iter().collect()
}

/// Whether `point` holds a stone after `moves`.
fn any_point_occupied(moves: &[String], point: &str) -> bool {
    let game = common::after(&GameSpec::Go9, moves);
    !game.is_over() && rules_conformance::reasons::classify(&game, point) == Some("occupied")
}

/// The SGF with its `n`-th move (from 1) placed on `point` instead.
fn replace_nth_move_sgf(text: &str, n: usize, point: &str) -> Option<String> {
    let coords = sgf_coords(point);
    let mut seen = 0;
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = [rest.find(";B["), rest.find(";W[")]
        .into_iter()
        .flatten()
        .min()
    {
        seen += 1;
        let close = rest[at..].find(']')? + at;
        if seen == n {
            out.push_str(&rest[..at + 3]);
            out.push_str(&coords);
            out.push_str(&rest[close..]);
            return Some(out);
        }
        out.push_str(&rest[..=close]);
        rest = &rest[close + 1..];
    }
    None
}

fn sgf_coords(name: &str) -> String {
    let col = "ABCDEFGHJ".find(&name[..1]).unwrap_or(0);
    let row: usize = name[1..].parse().unwrap_or(1);
    let letters = b"abcdefghi";
    format!("{}{}", letters[col] as char, letters[9 - row] as char)
}

/// The JSON record with its `n`-th move replaced.
fn replace_nth_move_json(text: &str, n: usize, _original: &str, point: &str) -> Option<String> {
    let mut value: serde_json::Value = serde_json::from_str(text).ok()?;
    let moves = value.get_mut("moves")?.as_array_mut()?;
    let slot = moves.get_mut(n - 1)?.get_mut("move")?;
    *slot = serde_json::Value::String(point.to_string());
    let mut out = serde_json::to_string_pretty(&value).ok()?;
    out.push('\n');
    Some(out)
}

/// Every go9 file.
pub fn files() -> Vec<FileBuilder> {
    let independent = [
        "gnugo: GNU Go 3.8 (--chinese-rules --komi 7 --positional-superko --forbid-suicide) gives the same legal points at every checked ply, the same is_legal and captures answers in GTP sessions, and the same final count for every end case where neither it nor G-9 removes a stone",
        "brute-force: the brute-force mover of crates/go9/tests/common/brute.rs (plain arrays, whole-board history) gives the same legal sets, players to move and perft counts, refuses every probe, and replays every record's moves (or refuses the move a refused record names); crates/go9/tests/conformance_vectors.rs checks them again",
    ];
    let mut gnugo = gnugo();
    let mut replay = FileBuilder::new(GameSpec::Go9, "replay", NOTATION, &independent);
    // Replays checked at one position each: openings and middle games.
    let mut positions = FileBuilder::new(GameSpec::Go9, "positions", NOTATION, &independent);
    replays(&mut replay, &mut positions, &mut gnugo);
    let mut perft = FileBuilder::new(GameSpec::Go9, "perft", NOTATION, &independent);
    perfts(&mut perft);
    let mut end = FileBuilder::new(GameSpec::Go9, "end", NOTATION, &independent);
    ends(&mut end, &mut gnugo);
    crate::go9_dead::dead_shapes(&mut end, &mut gnugo);
    let mut record = FileBuilder::new(GameSpec::Go9, "record", NOTATION, &independent);
    records(&mut record);
    let mut gtp = FileBuilder::new(GameSpec::Go9, "gtp", NOTATION, &independent);
    crate::go9_gtp::gtps(&mut gtp, &mut gnugo, &long_cycle_superko(6));
    gnugo.quit();
    vec![replay, positions, perft, end, record, gtp]
}
