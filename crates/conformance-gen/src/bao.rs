//! The bao vectors: one file per ruleset (`seed`, `reference`, B-19).
//!
//! Every case names the decision ids it depends on by what it contains (`bao_tags`): what
//! each move it plays does, what each position whose legal set it checks (or counts, in a
//! perft tree) depends on, and the classes of its probes.
//!
//! This module holds the files' order of cases and what the cases share (the texts
//! probed, the random games and their events); the case builders are in `cases`, the
//! played games' cases in `played`, the refused records in `refused` and the set-up
//! records in `setups`.

mod cases;
mod played;
mod refused;
mod setups;

use bao_nyakua::{Game, Move, Position, Ruleset};
use game_catalog::{AnyGame, GameSpec};
use game_core::GameRng;

pub(crate) use cases::push_record;

use crate::bao_tags::{Trace, parse};
use crate::common::{ENGINE, FileBuilder, refused_record, uniform};

/// How the bao files write a move.
const NOTATION: &str = "a move is its start pit and first direction from the mover's side \
(F1-F8 front, B1-B8 back, L/R: F3R, B6L), a NAMUA capture's letter is its entry (R = F1, L = \
F8), F4R:stop/F4R:use where the NYUMBA choice arises, pass only from an empty NAMUA hand; \
input is case-insensitive (docs/bao-nyakua.md, B-22)";

/// The brute-force referee.
const BRUTE: &str = "brute-force: crates/bao-nyakua/tests/support/brute.rs, a mover written \
from the rule text with none of the engine's structures, checks every perft count, the legal \
set and player of every replay check and the result of every end case (crates/bao-nyakua/\
tests/conformance_vectors.rs)";

/// The author's published fixtures and games.
const AUTHOR: &str = "author: the rulebook author's published fixtures and games (crates/\
bao-nyakua/tests/data, MIT), whose states and results crates/bao-nyakua/tests/\
conformance_vectors.rs compares with every case checked by `author`";

/// Total perft nodes per case.
const PERFT_BUDGET: u64 = 6_000;

/// Texts that are no move (B-22).
const MALFORMED: &[&str] = &[
    "F9R",
    "F0L",
    "X3R",
    "F3",
    "F3X",
    "B4R:maybe",
    "F4R:",
    "pas",
    "A1",
    "F3RL",
    "F 3R",
];

/// Non-canonical spellings of moves (read case-insensitively, B-22).
const LOWER: &[&str] = &[
    "f1r", "f2l", "f3r", "f4l", "f5r", "f6l", "f7r", "f8l", "b1r", "b4l", "b8r", "F4r:Stop",
    "f5L:USE", "PASS", "Pass",
];

/// Every written move, then texts that are no move, then other spellings (or those first).
fn candidates(lower_first: bool) -> Vec<String> {
    let all: Vec<String> = Move::all().map(|m| m.to_string()).collect();
    let mut list: Vec<String> = Vec::new();
    let lower: Vec<String> = LOWER.iter().map(|s| (*s).to_string()).collect();
    if lower_first {
        list.extend(lower.iter().cloned());
    }
    list.extend(all);
    list.extend(MALFORMED.iter().map(|s| (*s).to_string()));
    if !lower_first {
        list.extend(lower);
    }
    list
}

/// The position of a bao game.
fn bao_position(any: &AnyGame) -> Position {
    match any {
        AnyGame::Bao(g) => *g.position(),
        _ => unreachable!("a bao file"),
    }
}

/// A uniform random game of at most `max` moves.
fn random_moves(spec: &GameSpec, rng: &mut GameRng, max: usize) -> Vec<String> {
    crate::common::random_game(spec, rng, max, uniform)
}

/// Plies worth a check in `moves`: before a NYUMBA choice, a 2-kete sowing, a self-emptying
/// refusal, a pass, and after an addition or a loss of ownership.
fn event_plies(tr: &Trace) -> Vec<usize> {
    let mut plies = Vec::new();
    for (i, info) in tr.infos.iter().enumerate() {
        if info.choice || info.two_kete || info.pass || info.nyumba_stop {
            plies.push(i);
        }
        if info.addition.is_some() || info.b19a || info.lost.iter().any(|&l| l) || info.to_mtaji {
            plies.push(i + 1);
        }
    }
    for (i, p) in tr.positions.iter().enumerate() {
        if !p.is_over() {
            let self_emptying = |t: &str| {
                let mut copy = *p;
                matches!(
                    copy.play(parse(t)),
                    Err(bao_nyakua::PlayError::SelfEmptying { .. })
                )
            };
            if self_emptying("F1L") || self_emptying("F8R") {
                plies.push(i);
            }
        }
    }
    plies
}

/// The file of `ruleset`: its cases in a fixed order from `seed`.
fn build(ruleset: Ruleset, seed: u64) -> FileBuilder {
    let spec = GameSpec::Bao { ruleset };
    let name = if ruleset == Ruleset::Seed {
        "seed"
    } else {
        "reference"
    };
    let mut independent = vec![BRUTE];
    independent.push(AUTHOR);
    let mut file = FileBuilder::new(spec, name, NOTATION, &independent);
    let mut rng = GameRng::seed_from(seed);
    played::replays(&mut file, &mut rng, ruleset);
    played::perfts(&mut file, &mut rng);
    played::ends(&mut file, &mut rng, ruleset);
    played::author_cases(&mut file, ruleset);
    played::records(&mut file, &mut rng, ruleset);
    setups::takata_start_setups(&mut file, &mut rng, ruleset);
    setups::mid_game_setups(&mut file, &mut rng);
    not_records(&mut file);
    setups::empty_hand_setups(&mut file, &mut rng, seed);
    setups::lone_pit_setups(&mut file, ruleset);
    file
}

/// Texts that are no record.
fn not_records(file: &mut FileBuilder) {
    let spec = file.spec;
    for text in ["{\"hello\": 1}\n", "F6L F7R\n", "", "[]\n"] {
        file.push(
            &["B-24"],
            &[ENGINE],
            Some("not a record".into()),
            refused_record(&spec, "json", text.into(), None, true),
        );
    }
}

/// Every bao file.
pub fn files() -> Vec<FileBuilder> {
    vec![
        build(Ruleset::Seed, 0xba0_5eed),
        build(Ruleset::Reference, 0xba0_4ef),
    ]
}
