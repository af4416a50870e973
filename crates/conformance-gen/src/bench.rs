//! The benchmark kit's position sets: `conformance/bench/positions/GAME.jsonl`, a header and one
//! position per line (moves from the start), the same for every engine the kit times.

use std::path::{Path, PathBuf};

use game_catalog::{AnyGame, GameSpec};
use game_core::GameRng;
use serde_json::{Value, json};

/// A position set: a game and its positions.
pub struct PositionSet {
    /// The game.
    pub spec: GameSpec,
    /// The file's name (without `.jsonl`).
    pub name: &'static str,
    /// The positions, as moves from the start.
    pub positions: Vec<Vec<String>>,
}

impl PositionSet {
    /// The file's path under the vectors' root.
    pub fn path(&self, root: &Path) -> PathBuf {
        root.join("bench")
            .join("positions")
            .join(format!("{}.jsonl", self.name))
    }

    /// The file's text.
    pub fn text(&self) -> String {
        let mut options = match self.spec.to_json() {
            Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        let game = options.remove("game").unwrap_or(Value::Null);
        let header = json!({
            "format": "boardrules-bench",
            "version": 1,
            "game": game,
            "options": options,
            "positions": self.positions.len(),
            "note": "positions from seeded random games of the crates, spread from the opening to the late middle game; each line's moves are played from the standard start",
        });
        let mut text = format!("{header}\n");
        for (index, moves) in self.positions.iter().enumerate() {
            let line = json!({"id": format!("{}-{:03}", self.name, index + 1), "moves": moves});
            text.push_str(&line.to_string());
            text.push('\n');
        }
        text
    }
}

/// `count` positions of `spec`: random games cut at plies spread over `max_ply`.
fn positions(spec: &GameSpec, seed: u64, count: usize, max_ply: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut attempt = 0;
    while out.len() < count {
        let mut rng = GameRng::seed_from(seed + attempt);
        attempt += 1;
        let target = (out.len() * max_ply) / count;
        let mut game = AnyGame::new(spec);
        let mut moves = Vec::new();
        while moves.len() < target && !game.is_over() {
            let legal = game.legal_moves();
            // Passes only when forced, so positions stay in play.
            let stones: Vec<&String> = legal.iter().filter(|m| *m != "pass").collect();
            let mv = if stones.is_empty() {
                legal[rng.below(legal.len())].clone()
            } else {
                stones[rng.below(stones.len())].clone()
            };
            game.play(&mv).expect("a legal move");
            moves.push(mv);
        }
        if !game.is_over() {
            out.push(moves);
        }
    }
    out
}

/// The four sets: go9 (the one every Go engine can play), Kazura 13×13, Bao `seed`, Bind
/// `mini`.
pub fn sets() -> Vec<PositionSet> {
    let kazura = GameSpec::kazura(13).expect("13 is a Kazura size");
    let bao: GameSpec = "bao".parse().expect("bao");
    let bind: GameSpec = "bind".parse().expect("bind");
    vec![
        PositionSet {
            spec: GameSpec::Go9,
            name: "go9",
            positions: positions(&GameSpec::Go9, 0xbe9c_0009, 100, 120),
        },
        PositionSet {
            spec: kazura,
            name: "kazura",
            positions: positions(&kazura, 0xbe9c_0013, 100, 120),
        },
        PositionSet {
            spec: bao,
            name: "bao",
            positions: positions(&bao, 0xbe9c_0ba0, 100, 60),
        },
        PositionSet {
            spec: bind,
            name: "bind",
            positions: positions(&bind, 0xbe9c_0b1d, 100, 16),
        },
    ]
}
