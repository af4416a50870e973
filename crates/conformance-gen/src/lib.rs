//! The generators of `conformance/`'s vector files, one module per game (see `main.rs`).

pub mod bao;
pub mod bao_author;
pub mod bao_tags;
pub mod bench;
pub mod bind;
pub mod bind_setups;
pub mod common;
pub mod go9;
pub mod go9_dead;
pub mod go9_gtp;
pub mod go9_tags;
pub mod kazura;
pub mod kazura_tags;

use std::collections::BTreeMap;

pub use common::FileBuilder;

/// The decision ids of each game's page.
pub fn decision_ids(game: &str) -> Vec<String> {
    let (letter, last) = match game {
        "kazura" => ('K', 13),
        "bao" => ('B', 24),
        "go9" => ('G', 14),
        "bind" => ('N', 16),
        _ => return Vec::new(),
    };
    (1..=last).map(|n| format!("{letter}-{n}")).collect()
}

/// Every file, in a fixed order.
pub fn all_files() -> Vec<FileBuilder> {
    let mut files = kazura::files();
    files.extend(bao::files());
    files.extend(go9::files());
    files.extend(bind::files());
    files
}

/// Per game: its number of cases, and the cases naming each decision id.
pub fn coverage(files: &[FileBuilder]) -> BTreeMap<String, (usize, BTreeMap<String, usize>)> {
    let mut games: BTreeMap<String, (usize, BTreeMap<String, usize>)> = BTreeMap::new();
    for file in files {
        let game = file.spec.kind().to_string();
        let entry = games.entry(game.clone()).or_insert_with(|| {
            (
                0,
                decision_ids(&game).into_iter().map(|id| (id, 0)).collect(),
            )
        });
        entry.0 += file.len();
        for case in file.cases() {
            for id in &case.decisions {
                *entry.1.entry(id.clone()).or_default() += 1;
            }
        }
    }
    games
}
