//! The replay cases: superko beyond simple ko, the crafted ko, suicide and send-two cases,
//! seeded random games and playouts (into the replay file), and openings and middle games
//! checked at their last ply (into the positions file); every check is confirmed by GNU Go
//! and the brute-force mover.

use game_catalog::GameSpec;
use game_core::{Game, GameRng};
use go9::Go9;
use go9_gtp::GtpClient;
use rules_conformance::CaseBody;
use rules_conformance::format::Check;

use super::games::{long_cycle_superko, playout};
use super::referees::{brute_agrees, gnugo_agrees_on_legal};
use super::{brute, candidates};
use crate::common::{self, FileBuilder, full_check, strings};

/// Decision ids a replay case exercises, from what it contains: G-1 (every check has the
/// player to move, which depends on who moved first) and G-2 (the legal sets hold `pass`),
/// the ids of each checked position and of the moves played, and the probes' classes.
pub(super) fn replay_decisions(moves: &[String], checks: &[Check]) -> Vec<&'static str> {
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

/// The replay cases of `file` and the one-position cases of `positions`.
pub(super) fn replays(file: &mut FileBuilder, positions: &mut FileBuilder, gnugo: &mut GtpClient) {
    let all = candidates();
    superko_replays(file, gnugo, &all);
    let mut replayer = Replayer {
        gnugo,
        all,
        plain: (0..81)
            .map(brute::name)
            .chain(["pass".to_string()])
            .collect(),
        count: 0,
    };
    crafted_replays(file, &mut replayer);
    random_replays(file, &mut replayer);
    position_replays(positions, &mut replayer);
}

/// Superko beyond simple ko: the refused placement repeats an older board.
fn superko_replays(file: &mut FileBuilder, gnugo: &mut GtpClient, all: &[String]) {
    let spec = GameSpec::Go9;
    for (moves, point) in long_cycle_superko(6) {
        let ply = moves.len();
        let mut check = full_check(&common::after(&spec, &moves), ply, all, 5);
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
}

/// Pushes replay cases checked by GNU Go and the brute-force mover, counting them: one in
/// four also probes malformed texts and an occupied point written in lower case (G-12).
struct Replayer<'a> {
    gnugo: &'a mut GtpClient,
    /// Every point, `pass` and the malformed texts.
    all: Vec<String>,
    /// Every point and `pass`.
    plain: Vec<String>,
    /// The cases pushed so far.
    count: usize,
}

impl Replayer<'_> {
    /// Pushes the replay of `moves` checked at `plies`.
    fn push(
        &mut self,
        file: &mut FileBuilder,
        moves: Vec<String>,
        plies: Vec<usize>,
        note: Option<String>,
    ) {
        let spec = GameSpec::Go9;
        // One case in four also probes malformed texts and an occupied point written
        // in lower case (G-12).
        let notation = self.count.is_multiple_of(4);
        self.count += 1;
        let checks: Vec<Check> = plies
            .iter()
            .map(|&ply| {
                let game = common::after(&spec, &moves[..ply]);
                let mut check = full_check(
                    &game,
                    ply,
                    if notation { &self.all } else { &self.plain },
                    5,
                );
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
        gnugo_agrees_on_legal(self.gnugo, &moves, &checks);
        brute_agrees(&moves, &checks);
        let decisions = replay_decisions(&moves, &checks);
        file.push(
            &decisions,
            &["engine", "gnugo", "brute-force"],
            note,
            CaseBody::Replay { moves, checks },
        );
    }
}

/// Crafted: a ko (the retake is a repeat: superko), suicide, a capture that is legal
/// although the stone has no liberty before its captures, and the ko open again later.
fn crafted_replays(file: &mut FileBuilder, replayer: &mut Replayer<'_>) {
    let ko = strings(&[
        "E4", "F4", "D5", "F6", "E6", "G5", "A1", "E5", "F5", "A9", "B9", "E5",
    ]);
    replayer.push(file, ko, vec![0, 8, 9, 11, 12], Some("a ko: White's immediate retake at E5 repeats the board (superko); after a move elsewhere by both it is legal".into()));
    let suicide = strings(&["A3", "A2", "B3", "B2", "C2", "B1", "C1", "E5", "A1"]);
    replayer.push(file, suicide, vec![6, 7, 8, 9], Some("White may not fill its own last liberty at A1 (suicide); Black's A1 captures three stones, so it is legal though it has no empty neighbour".into()));
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
        replayer.push(file, send_two, plies, None);
    }
}

/// Random games: playouts, and uniform random games that fill their eyes and capture;
/// then whole playouts, checked at their end too (two passes).
fn random_replays(file: &mut FileBuilder, replayer: &mut Replayer<'_>) {
    let spec = GameSpec::Go9;
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
        replayer.push(file, moves, plies, None);
    }
    for seed in 0..30u64 {
        let mut rng = GameRng::seed_from(0x60_9100 + seed);
        let moves = playout(&[], &mut rng, 300);
        let n = moves.len();
        replayer.push(file, moves, vec![n - 2, n - 1, n], None);
    }
}

/// Replays checked at their last ply only, into `positions`.
fn position_replays(positions: &mut FileBuilder, replayer: &mut Replayer<'_>) {
    // Openings (4 to 27 plies of playouts), checked at their last ply: the legal sets of
    // positions with few stones, mostly without a suicide or a capture.
    for seed in 0..200u64 {
        let mut rng = GameRng::seed_from(0x60_9600_0000 + seed);
        let moves = playout(&[], &mut rng, 4 + (seed as usize * 11) % 24);
        let n = moves.len();
        replayer.push(positions, moves, vec![n], None);
    }
    // Middle games (60 to 139 plies of playouts), checked at their last ply: filled
    // positions, with eyes where a stone would be suicide.
    for seed in 0..100u64 {
        let mut rng = GameRng::seed_from(0x60_9600_1000 + seed);
        let moves = playout(&[], &mut rng, 60 + (seed as usize * 13) % 80);
        let n = moves.len();
        replayer.push(positions, moves, vec![n], None);
    }
}
