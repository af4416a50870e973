//! The kazura vectors: one file per board size (13×13, the standard board, and 7×7, 5×5,
//! 3×3, the edge 2×2 and the largest, 25×25).
//!
//! Every case names the decisions (K-1 … K-13 of `docs/kazura.md`) that its content
//! really exercises, found by detectors over what it holds (a loop-closing point left out
//! of a checked legal set, a probe of a class, a swap or a pass played, how the game
//! ended, a record field), never by a blanket list.
//!
//! This module holds each file's plan and the texts probed; the replay, perft and end
//! cases are in `cases`, the record cases in `records` (the detectors in
//! `crate::kazura_tags`).

mod cases;
mod records;

use game_catalog::GameSpec;
use game_core::GameRng;

use cases::{crafted, ends, perfts, replays};
use records::records;

use crate::common::FileBuilder;
use crate::kazura_tags::coord;

const NOTATION: &str = "a placement is its point, a column letter A–Z without I then the row \
     from 1 (A1 is the lower left), read in any letter case; `swap` is White's answer to \
     Black's first stone and `pass` the move of a colour that cannot place (docs/kazura.md, \
     K-13)";

const BRUTE: &str = "brute-force: the mover of crates/kazura-core/tests/brute, which \
     recomputes every group by flood fill at every node and shares no code with the \
     engine; crates/kazura-core/tests/conformance_vectors.rs recounts every perft case \
     with it, replays every replay case and recomputes at each check the player to move, \
     the legal set (its count, the sha256 of its canonical text and the listed moves) and \
     that every probe is outside that set (the probe's reason class is the engine's), and \
     replays every end case to its finished game and recomputes the winner and the whole \
     result text from the group lengths (K-10); those cases say \"brute-force\" in \
     checked_by, records do not";

/// Malformed texts probed in every full check (K-13; `resign` also K-11).
const MALFORMED: &[&str] = &["I3", "A0", "B", "3C", "passs", "swap!", "resign", "A-1"];

/// How many cases of each kind a file gets.
struct Plan {
    size: usize,
    name: &'static str,
    seed: u64,
    replays: usize,
    perfts: usize,
    ends: usize,
    records: usize,
    budget: u64,
}

/// Every kazura file.
pub fn files() -> Vec<FileBuilder> {
    let plans = [
        Plan {
            size: 13,
            name: "13x13",
            seed: 0x6b61_7a75_0013,
            replays: 110,
            perfts: 14,
            ends: 36,
            records: 24,
            budget: 60_000,
        },
        Plan {
            size: 7,
            name: "7x7",
            seed: 0x6b61_7a75_0007,
            replays: 60,
            perfts: 12,
            ends: 30,
            records: 16,
            budget: 100_000,
        },
        Plan {
            size: 5,
            name: "5x5",
            seed: 0x6b61_7a75_0005,
            replays: 60,
            perfts: 12,
            ends: 30,
            records: 16,
            budget: 100_000,
        },
        Plan {
            size: 3,
            name: "3x3",
            seed: 0x6b61_7a75_0003,
            replays: 30,
            perfts: 10,
            ends: 24,
            records: 10,
            budget: 100_000,
        },
        Plan {
            size: 2,
            name: "2x2",
            seed: 0x6b61_7a75_0002,
            replays: 12,
            perfts: 4,
            ends: 12,
            records: 6,
            budget: 100_000,
        },
        Plan {
            size: 25,
            name: "25x25",
            seed: 0x6b61_7a75_0025,
            replays: 4,
            perfts: 2,
            ends: 2,
            records: 2,
            budget: 100_000,
        },
    ];
    plans.iter().map(file).collect()
}

/// The game of a board of side `size`.
fn spec_of(size: usize) -> GameSpec {
    GameSpec::kazura(size).expect("a size from 2 to 25")
}

/// Every point of the board, one row and one column past it, `pass`, `swap` and the
/// malformed texts: the candidates of a full check.
fn candidates(size: usize) -> Vec<String> {
    let mut out = Vec::new();
    for row in 0..=size {
        for col in 0..=size.min(24) {
            out.push(coord(col, row).to_string());
        }
    }
    out.push("pass".into());
    out.push("swap".into());
    out.extend(MALFORMED.iter().map(|s| (*s).to_string()));
    out
}

/// The file of `plan`: its cases in a fixed order from its seed.
fn file(plan: &Plan) -> FileBuilder {
    let spec = spec_of(plan.size);
    let mut file = FileBuilder::new(spec, plan.name, NOTATION, &[BRUTE]);
    let mut rng = GameRng::seed_from(plan.seed);
    crafted(&mut file, plan.size);
    replays(&mut file, plan, &mut rng);
    perfts(&mut file, plan, &mut rng);
    ends(&mut file, plan, &mut rng);
    records(&mut file, plan, &mut rng);
    file
}
