//! The bind vectors: one file per variant (mini, full, and three custom games: 6×6 with 10
//! pieces each, 16×16 with 256 whose games run past 150 plies, and the tiny 3×3 with 4
//! where White's first move can be impossible).
//!
//! Every case names the decisions (N-1 … N-16 of `docs/bind.md`) that its content
//! really exercises, found by detectors over what it holds, never by a blanket list
//! (`tags`): at every position whose legal set it checks or counts, the decisions that
//! restrict that set there (a take N-5 forbids, a line that would jump, a hand of two, the
//! priority, the single placement, the forced pass); along every move it replays, the hands
//! near the rules' limits (the variant's count, N-1; the pieces taken back, N-2) and what
//! allowed each single placement (no take-and-place move); the probes' classes; and the way
//! its game ended, a game without a move read as a position whose legal set is empty.
//!
//! This module holds each file's plan and the move texts probed; the detectors are in
//! `detect` (with the per-position ones in `tags`), the replay, perft and end cases in
//! `cases`, the record cases in `records`, and the targeted replays in `targeted`.

use bind::{Bind, Coord, Variant};
use game_catalog::{AnyGame, GameSpec};
use game_core::GameRng;

mod cases;
mod detect;
mod records;
mod tags;
mod targeted;

use cases::{crafted, ends, perfts, push_replay, replays};
use detect::game_tags;
pub(crate) use detect::setup_tags;
use records::records;

use crate::common::FileBuilder;

const NOTATION: &str = "a square is its column letter (A–Z without I) then its row from 1 (A1 \
     is the lower left); a line is FROM-TO (C3-E3: take the piece on C3, except in Black's \
     opening, and fill C3 to E3), a single placement its square (C4), and `pass` the forced \
     pass; read in any letter case (docs/bind.md, N-14)";

const BRUTE: &str = "brute-force: the mover of crates/bind/tests/common, which lifts each \
     opponent piece in turn and rescans a plain board at every node, sharing no code with the \
     engine; crates/bind/tests/conformance_vectors.rs recounts every perft case with it, \
     replays every replay case and recomputes at each check the player to move, the legal \
     set (its count, the sha256 of its canonical text and the listed moves) and that every \
     probe is outside that set (the probe's reason class is the engine's), and replays every \
     end case to its finished game and recomputes the winner and the whole result text \
     (N-10, N-12, N-16); those cases say \"brute-force\" in checked_by, records do not";

/// Malformed texts probed in every full check (N-14; `resign` also N-15).
const MALFORMED: &[&str] = &[
    "I3", "A0", "A1-A4", "A1-B2", "A1-", "B", "passs", "resign", "A1-A1",
];

/// A random game is cut here: the rules have no move limit (N-13).
const MAX_PLIES: usize = 400;

/// What one file holds: its variant, name and seed, and how many cases of each kind.
struct Plan {
    variant: Variant,
    name: &'static str,
    seed: u64,
    replays: usize,
    perfts: usize,
    ends: usize,
    records: usize,
    budget: u64,
}

/// Every bind file.
pub fn files() -> Vec<FileBuilder> {
    let plans = [
        Plan {
            variant: Variant::MINI,
            name: "mini",
            seed: 0x6269_6e64_0005,
            replays: 130,
            perfts: 14,
            ends: 40,
            records: 24,
            budget: 60_000,
        },
        Plan {
            variant: Variant::FULL,
            name: "full",
            seed: 0x6269_6e64_0008,
            replays: 90,
            perfts: 12,
            ends: 30,
            records: 18,
            budget: 60_000,
        },
        Plan {
            variant: Variant::custom(6, 10).expect("a custom variant"),
            name: "custom-6x6-10",
            seed: 0x6269_6e64_0006,
            replays: 60,
            perfts: 8,
            ends: 24,
            records: 12,
            budget: 60_000,
        },
        Plan {
            variant: Variant::custom(16, 256).expect("a custom variant"),
            name: "custom-16x16-256",
            seed: 0x6269_6e64_0016,
            replays: 8,
            perfts: 3,
            ends: 6,
            records: 4,
            budget: 60_000,
        },
        Plan {
            variant: Variant::custom(3, 4).expect("a custom variant"),
            name: "custom-3x3-4",
            seed: 0x6269_6e64_0003,
            replays: 10,
            perfts: 3,
            ends: 8,
            records: 6,
            budget: 60_000,
        },
    ];
    plans.iter().map(file).collect()
}

fn bind_of(game: &AnyGame) -> &Bind {
    match game {
        AnyGame::Bind(b) => b,
        _ => unreachable!("a bind file holds bind games"),
    }
}

fn coord(col: usize, row: usize) -> Coord {
    Coord::new(
        u8::try_from(col).expect("a column"),
        u8::try_from(row).expect("a row"),
    )
}

/// Every square and line on the board and one row and column past it, `pass` and the
/// malformed texts.
fn candidates(size: usize) -> Vec<String> {
    let mut out = Vec::new();
    let n = i64::try_from(size).expect("a size");
    let top = n.min(24);
    for row in 0..=n {
        for col in 0..=top {
            let from = coord(col as usize, row as usize);
            out.push(from.to_string());
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                for k in 1..=2 {
                    let (c, r) = (col + dc * k, row + dr * k);
                    if c >= 0 && r >= 0 && c <= top && r <= n {
                        out.push(format!("{from}-{}", coord(c as usize, r as usize)));
                    }
                }
            }
        }
    }
    out.push("pass".into());
    out.extend(MALFORMED.iter().map(|s| (*s).to_string()));
    out
}

fn file(plan: &Plan) -> FileBuilder {
    let spec = GameSpec::Bind {
        variant: plan.variant,
    };
    let mut file = FileBuilder::new(spec, plan.name, NOTATION, &[BRUTE]);
    let mut rng = GameRng::seed_from(plan.seed);
    crafted(&mut file, plan);
    replays(&mut file, plan, &mut rng);
    perfts(&mut file, plan, &mut rng);
    ends(&mut file, plan, &mut rng);
    records(&mut file, plan, &mut rng);
    targeted::pass_replays(&mut file, plan, &mut rng);
    targeted::priority_replays(&mut file, plan, &mut rng);
    if plan.variant == Variant::MINI {
        crate::bind_setups::setups(&mut file);
    }
    file
}
