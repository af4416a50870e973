//! The author's published fixtures and games (tests/data, see its README): every state
//! they show must be reproduced exactly.

#![cfg(feature = "serde")]

mod support;

use bao_nyakua::{
    Bao, EndReason, MoveObject, Observer, Position, ReasonName, Record, RecordError, Ruleset,
    Setup, Step, adjudication,
};
use game_core::{Game, Player};
use serde::Deserialize;
use serde_json::Value;
use support::sha256::sha256_hex;

const RULESETS: [Ruleset; 2] = [Ruleset::Seed, Ruleset::Reference];

/// A state of the files under `ruleset` (a state read from JSON names none: it is `Seed`).
fn under(ruleset: Ruleset, state: &Setup) -> Setup {
    Setup {
        ruleset,
        ..state.clone()
    }
}

fn data(path: &str) -> String {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// A research tool's history entry: the record's entry without the derived counts.
#[derive(Debug, Deserialize)]
struct Entry {
    player: u8,
    #[serde(rename = "move")]
    mv: MoveObject,
    placed: u8,
    captures: u16,
    stolen: u8,
    endpoint: Option<bao_nyakua::Endpoint>,
}

#[derive(Debug, Deserialize)]
struct Ply {
    #[serde(rename = "move")]
    mv: MoveObject,
    entry: Entry,
    after: Setup,
}

#[derive(Debug, Deserialize)]
struct TracedGame {
    plies: usize,
    winner: Option<u8>,
    reason: String,
    #[serde(rename = "final")]
    final_state: Setup,
    history: Vec<Ply>,
}

/// Plays one traced move from `position`, checking the entry's counts; returns the state.
fn play_entry(position: &mut Position, mv: &MoveObject, entry: &Entry, what: &str) {
    assert_eq!(
        entry.player as usize,
        position.to_move().index(),
        "{what}: player"
    );
    let parsed = mv
        .to_move(position)
        .unwrap_or_else(|| panic!("{what}: {mv:?} is not legal"));
    let report = position
        .play_reported(parsed)
        .unwrap_or_else(|e| panic!("{what}: {parsed}: {e}"));
    assert_eq!(report.placed, entry.placed, "{what}: placed");
    assert_eq!(report.captures, entry.captures, "{what}: captures");
    assert_eq!(
        u8::from(report.addition.is_some()),
        entry.stolen,
        "{what}: stolen"
    );
    let endpoint = report.addition.map(|pit| bao_nyakua::Endpoint {
        player: entry.player,
        row: pit.row().number(),
        index: pit.index(),
    });
    assert_eq!(endpoint, entry.endpoint, "{what}: endpoint");
}

#[test]
fn checks_json_boundary_fixtures_b14_b15_under_both_rulesets() {
    let checks: Value = serde_json::from_str(&data("checks.json")).unwrap();
    let examples = checks["examples"].as_object().unwrap();
    assert_eq!(examples.len(), 7);
    for ruleset in RULESETS {
        for (name, example) in examples {
            let before: Setup = serde_json::from_value(example["before"].clone()).unwrap();
            let after: Setup = serde_json::from_value(example["after"].clone()).unwrap();
            let mv: MoveObject = serde_json::from_value(example["move"].clone()).unwrap();
            let mut position = Position::from_setup(under(ruleset, &before)).unwrap();
            let what = format!("{name} ({ruleset:?})");
            if let Some(entry) = example.get("entry") {
                let entry: Entry = serde_json::from_value(entry.clone()).unwrap();
                play_entry(&mut position, &mv, &entry, &what);
            } else {
                let parsed = mv.to_move(&position).unwrap();
                position.play(parsed).unwrap();
            }
            assert_eq!(position.setup(), under(ruleset, &after), "{what}");
        }
    }
}

#[test]
fn b14_end_pit_addition_boundaries_from_checks_json() {
    // ownLast: the mover's hand is 0 after the placement -> no addition; opponentLast: the
    // opponent holds 1 -> none; pairMinimum: 2/2 -> addition, ending 0/1.
    let checks: Value = serde_json::from_str(&data("checks.json")).unwrap();
    for (name, hands_after) in [
        ("ownLast", [0, 5]),
        ("opponentLast", [4, 1]),
        ("pairMinimum", [0, 1]),
        ("addition", [17, 18]),
    ] {
        let example = &checks["examples"][name];
        let before: Setup = serde_json::from_value(example["before"].clone()).unwrap();
        let mv: MoveObject = serde_json::from_value(example["move"].clone()).unwrap();
        let mut position = Position::from_setup(before.clone()).unwrap();
        let report = position
            .play_reported(mv.to_move(&position).unwrap())
            .unwrap();
        assert_eq!(report.captures, 2, "{name}");
        let reserve = position.setup().reserve;
        assert_eq!([reserve.first, reserve.second], hands_after, "{name}");
        assert_eq!(
            report.addition.is_some(),
            name == "pairMinimum" || name == "addition",
            "{name}"
        );
    }
}

fn traced_games() -> Vec<(String, TracedGame)> {
    let dir = format!("{}/tests/data/games", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 9);
    names
        .into_iter()
        .map(|name| {
            let game = serde_json::from_str(&data(&format!("games/{name}"))).unwrap();
            (name, game)
        })
        .collect()
}

/// The game in which a takata `F5L` lifts the owned NYUMBA empty (B-19 a, ply 12).
const B19A_FILE: &str = "cross-1-example-A-0-0.json";

#[test]
fn every_traced_game_replays_state_by_state_under_reference() {
    for (name, game) in traced_games() {
        let mut position = Position::start(Ruleset::Reference);
        assert_eq!(game.history.len(), game.plies, "{name}");
        for (i, ply) in game.history.iter().enumerate() {
            let what = format!("{name} ply {}", i + 1);
            assert_eq!(ply.entry.mv, ply.mv, "{what}: the entry repeats the move");
            play_entry(&mut position, &ply.mv, &ply.entry, &what);
            assert_eq!(
                position.setup(),
                under(Ruleset::Reference, &ply.after),
                "{what}"
            );
        }
        assert_eq!(
            position.setup(),
            under(Ruleset::Reference, &game.final_state),
            "{name}"
        );
        let end = position.end_reason().expect("every traced game ends");
        assert_eq!(end.word(), game.reason, "{name}");
        if matches!(end, EndReason::RelayLimit { .. }) {
            assert_eq!(game.winner, None, "{name}");
            assert_eq!(adjudication(&position), "safety-stop");
            assert_eq!(position.outcome().winner(), None);
        } else {
            assert_eq!(
                game.winner,
                Some(end.record_winner().index() as u8),
                "{name}"
            );
            assert_eq!(adjudication(&position), "normal");
        }
    }
}

#[test]
fn b19a_every_traced_game_under_seed_differs_only_in_the_nyumba_flag() {
    for (name, game) in traced_games() {
        let mut position = Position::start(Ruleset::Seed);
        for (i, ply) in game.history.iter().enumerate() {
            let what = format!("{name} ply {}", i + 1);
            play_entry(&mut position, &ply.mv, &ply.entry, &what);
            let mut expected = ply.after.clone();
            if name.ends_with(B19A_FILE) && (12..=15).contains(&(i + 1)) {
                // B-18/B-19(a): the seed text's chapter 7 ends ownership when the NYUMBA
                // is emptied, so under the text the NYUMBA lifted empty by the takata F5L
                // of ply 12 is no longer owned. Ply 12 is north's move (south moves on odd
                // plies), so the flag is houseOwned[1] (the description that came with
                // these files says south's houseOwned[0]: a slip).
                if i == 11 {
                    assert_eq!(ply.entry.player, 1, "north makes ply 12");
                }
                assert!(
                    expected.house_owned[Player::Second],
                    "the file shows it owned"
                );
                expected.house_owned[Player::Second] = false;
            }
            assert_eq!(position.setup(), expected, "{what}");
        }
    }
}

#[test]
fn b21_the_anomaly_game_ends_in_the_safety_stop_with_no_winner() {
    let game: TracedGame = serde_json::from_str(&data("games/search4-anomaly-A-2-1.json")).unwrap();
    for ruleset in RULESETS {
        let mut record_game = Bao::new(ruleset);
        for ply in &game.history {
            let mv = ply.mv.to_move(record_game.position()).unwrap();
            record_game.play(mv).unwrap();
        }
        let record = record_game.to_record();
        assert_eq!(record.adjudication, "safety-stop");
        assert_eq!(record.outcome.winner, None);
        // final.winner is the mover's opponent: north moved last, so south (0).
        assert_eq!(record.final_state.winner, Some(Player::First));
        assert_eq!(record.final_state.reason, ReasonName::RelayLimit);
        assert_eq!(record.final_state, under(ruleset, &game.final_state));
        assert!(
            record_game
                .outcome_text()
                .starts_with("none safety stop at lap 512")
        );
    }
}

#[test]
fn b21_legacy_cycle_f2l_stops_at_lap_512() {
    let file: Value = serde_json::from_str(&data("legacy-cycle.json")).unwrap();
    let before: Setup = serde_json::from_value(file["before"].clone()).unwrap();
    let mv: MoveObject = serde_json::from_value(file["move"].clone()).unwrap();
    for ruleset in RULESETS {
        let mut position = Position::from_setup(under(ruleset, &before)).unwrap();
        let parsed = mv.to_move(&position).unwrap();
        assert_eq!(parsed.to_string(), "F2L");
        let mut last_lap = 0;
        let mut ends = Vec::new();
        let report = position
            .play_observed(parsed, &mut |p: &Position, step: Step| {
                if let Step::LapEnd { lap, .. } = step {
                    last_lap = lap;
                    ends.push(p.ring(Player::First));
                }
            })
            .unwrap();
        assert_eq!(last_lap, 512);
        // Period 100 laps from lap 1 on (knownPeriod in the file).
        assert_eq!(ends[1], ends[101]);
        assert_eq!(report.addition, None);
        let end = position.end_reason().unwrap();
        assert_eq!(
            end,
            EndReason::RelayLimit {
                record_winner: Player::Second
            },
            "the record's winner is the mover's opponent"
        );
        assert_eq!(position.to_move(), Player::First, "the mover stays");
        assert_eq!(position.turn(), 49, "the turn does not advance");
        assert_eq!(
            position.outcome_text(),
            "none safety stop at lap 512 (relay-limit)"
        );
    }
}

#[derive(Debug, Deserialize)]
struct Batch {
    batch: usize,
    ring: [u8; 16],
    cursor: u8,
    direction: String,
    drops: u32,
}

/// Collects the lap ends of a move.
struct LapEnds(Vec<([u8; 16], u8, &'static str, u32)>);

impl Observer for LapEnds {
    fn step(&mut self, position: &Position, step: Step) {
        if let Step::LapEnd {
            pit,
            direction,
            sown,
            ..
        } = step
        {
            self.0.push((
                position.ring(Player::Second),
                pit.ring(),
                direction.word(),
                sown,
            ));
        }
    }
}

#[test]
fn b5_b6_b21_the_cycle_trace_matches_lap_by_lap() {
    let trace: Vec<Batch> = serde_json::from_str(&data("cycle-trace.json")).unwrap();
    let game: TracedGame = serde_json::from_str(&data("games/search4-anomaly-A-2-1.json")).unwrap();
    let (last, earlier) = game.history.split_last().unwrap();
    let mut position = Position::start(Ruleset::Reference);
    for ply in earlier {
        position.play(ply.mv.to_move(&position).unwrap()).unwrap();
    }
    let mv = last.mv.to_move(&position).unwrap();
    assert_eq!(mv.to_string(), "F3R");
    let mut laps = LapEnds(Vec::new());
    position.play_observed(mv, &mut laps).unwrap();
    assert_eq!(laps.0.len(), 513, "laps 0..=512");
    for batch in &trace {
        let (ring, cursor, direction, sown) = laps.0[batch.batch - 1];
        assert_eq!(ring, batch.ring, "batch {}", batch.batch);
        assert_eq!(cursor, batch.cursor, "batch {}", batch.batch);
        assert_eq!(direction, batch.direction, "batch {}", batch.batch);
        assert_eq!(sown, batch.drops, "batch {}", batch.batch);
    }
    assert_eq!(laps.0[272].0, laps.0[0].0, "lap 273 equals lap 1 again");
    assert_eq!(position.ring(Player::Second), laps.0[512].0);
}

/// The author's xorshift32 stream (tests/data README).
struct XorShift32(u32);

impl XorShift32 {
    fn draw(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        f64::from(x) / 4_294_967_296.0
    }
}

/// The state key of the author's study: everything but `turn`.
fn state_key(position: &Position) -> String {
    let mut state = position.setup();
    state.turn = 0;
    serde_json::to_string(&state).unwrap()
}

fn greedy_score(child: &Position, mover: Player) -> i64 {
    if let Some(end) = child.end_reason() {
        return match end.winner() {
            None => 0,
            Some(winner) if winner == mover => 100_000,
            Some(_) => -100_000,
        };
    }
    let side = |p: Player| {
        let ring = child.ring(p);
        let front: i64 = ring[..8].iter().map(|&k| i64::from(k)).sum();
        let all: i64 = ring.iter().map(|&k| i64::from(k)).sum::<i64>() + i64::from(child.hand(p));
        (front, all)
    };
    let (front_p, all_p) = side(mover);
    let (front_o, all_o) = side(mover.other());
    2 * (front_p - front_o) + all_p - all_o
}

#[derive(Debug, Deserialize)]
struct BlockGame {
    seed: u32,
    #[serde(rename = "swapStreams")]
    swap_streams: bool,
    plies: usize,
    winner: Option<u8>,
    reason: String,
    #[serde(rename = "finalHash")]
    final_hash: String,
}

#[derive(Debug, Deserialize)]
struct BlockRow {
    index: u32,
    seed: u32,
    games: Vec<BlockGame>,
}

#[derive(Debug, Deserialize)]
struct Block {
    rows: Vec<BlockRow>,
}

fn play_block(file: &str, t: u32, greedy: bool) {
    let block: Block = serde_json::from_str(&data(file)).unwrap();
    assert_eq!(block.rows.len(), 20);
    let mut games = 0;
    for row in &block.rows {
        let i = 1_000_000 + 10_000 * t + row.index;
        let seed = 0xa06a_2026_u32.wrapping_add((i + 1).wrapping_mul(0x9e37_79b1));
        assert_eq!(seed, row.seed, "row {}", row.index);
        for expected in &row.games {
            assert_eq!(expected.seed, seed);
            let mut streams = [
                XorShift32(seed ^ 0xa341_316c),
                XorShift32(seed ^ 0xc801_3ea4),
            ];
            if expected.swap_streams {
                streams.swap(0, 1);
            }
            let mut position = Position::start(Ruleset::Reference);
            let mut seen = std::collections::HashSet::new();
            seen.insert(state_key(&position));
            let mut plies = 0;
            while position.end_reason().is_none() && plies < 400 {
                let mover = position.to_move();
                let mut children: Vec<Position> = Vec::new();
                let mut keys = std::collections::HashSet::new();
                position.for_each_legal_move(|mv| {
                    let mut child = position;
                    child.play_unchecked(mv);
                    if keys.insert(state_key(&child)) {
                        children.push(child);
                    }
                });
                let draw = streams[mover.index()].draw();
                let pool: Vec<&Position> = if greedy {
                    let best = children
                        .iter()
                        .map(|c| greedy_score(c, mover))
                        .max()
                        .unwrap();
                    children
                        .iter()
                        .filter(|c| greedy_score(c, mover) == best)
                        .collect()
                } else {
                    children.iter().collect()
                };
                position = *pool[(draw * pool.len() as f64) as usize];
                plies += 1;
                if !seen.insert(state_key(&position)) {
                    break;
                }
            }
            let what = format!("{file} seed {seed} swap {}", expected.swap_streams);
            assert_eq!(plies, expected.plies, "{what}");
            let state = position.setup();
            let winner = if state.reason == ReasonName::RelayLimit {
                None
            } else {
                state.winner.map(|w| w.index() as u8)
            };
            assert_eq!(winner, expected.winner, "{what}");
            assert_eq!(state.reason.word(), expected.reason, "{what}");
            let text = serde_json::to_string(&state).unwrap();
            assert_eq!(sha256_hex(text.as_bytes()), expected.final_hash, "{what}");
            games += 1;
        }
    }
    assert_eq!(games, 40);
}

#[test]
fn forty_random_games_of_the_authors_study_end_in_the_same_final_state() {
    play_block("blocks/random-A-00000.json", 0, false);
}

#[test]
fn forty_greedy_games_of_the_authors_study_end_in_the_same_final_state() {
    play_block("blocks/greedy-A-00000.json", 2, true);
}

#[test]
fn b24_a_record_of_a_reference_game_replays_and_rewrites_itself() {
    for (name, game) in traced_games() {
        let mut record_game = Bao::new(Ruleset::Reference);
        for ply in &game.history {
            let mv = ply.mv.to_move(record_game.position()).unwrap();
            record_game.play(mv).unwrap();
        }
        let text = record_game.to_record().to_json();
        let replayed = Record::from_json(&text)
            .unwrap()
            .replay()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(replayed.to_record().to_json(), text, "{name}");
        assert_eq!(replayed.position(), record_game.position(), "{name}");
    }
}

#[test]
fn b21_a_set_up_safety_stop_reads_back_with_its_record_winner() {
    // The author's final state of the anomaly game, read as a set-up: the game is over by
    // the safety stop, with the record's winner south (the last mover's opponent).
    let game: TracedGame = serde_json::from_str(&data("games/search4-anomaly-A-2-1.json")).unwrap();
    for ruleset in RULESETS {
        let position = Position::from_setup(under(ruleset, &game.final_state)).unwrap();
        assert_eq!(
            position.end_reason(),
            Some(EndReason::RelayLimit {
                record_winner: Player::First
            })
        );
        assert!(position.is_over());
        assert_eq!(position.outcome().winner(), None);
        assert_eq!(position.setup(), under(ruleset, &game.final_state));
    }
}

#[test]
fn b24_a_state_writes_as_the_author_writes_it_and_reads_back() {
    // The author's final state, as it stands in the file (key order kept), is exactly what
    // `Setup::to_json` writes for it, and that text reads back to the same state.
    let text = data("games/search4-anomaly-A-2-1.json");
    let value: Value = serde_json::from_str(&text).unwrap();
    let game: TracedGame = serde_json::from_str(&text).unwrap();
    let written = game.final_state.to_json();
    assert_eq!(written, serde_json::to_string(&value["final"]).unwrap());
    assert_eq!(Setup::from_json(&written).unwrap(), game.final_state);
}

#[test]
fn b24_a_set_up_winner_must_be_a_player() {
    // The author's final state with its winner changed: 0 and 1 read as players, anything
    // else is refused when the JSON is read, with a message naming it (not a panic).
    let text = data("games/search4-anomaly-A-2-1.json");
    let value: Value = serde_json::from_str(&text).unwrap();
    for (winner, ok) in [(0, true), (1, true), (2, false), (255, false)] {
        let mut state = value["final"].clone();
        state["winner"] = serde_json::json!(winner);
        match Setup::from_json(&state.to_string()) {
            Ok(setup) if ok => {
                assert_eq!(setup.winner, Some(Player::from_index(winner)));
                assert!(
                    Position::from_setup(setup).unwrap().is_over(),
                    "winner {winner}"
                );
            }
            Err(RecordError::Json(message)) if !ok => assert!(
                message.contains(&format!("winner {winner} is not a player")),
                "{message}"
            ),
            other => panic!("winner {winner}: {other:?}"),
        }
    }
}
