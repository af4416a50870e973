//! The bao cases from the author's published data (crates/bao-nyakua/tests/data): the
//! one-move fixtures as set-up records, and the traced games' moves.

use bao_nyakua::{Game, MoveObject, Position, Ruleset, Setup};
use game_catalog::AnyGame;
use serde_json::Value;

use crate::bao::push_record;
use crate::common::{ENGINE, FileBuilder};

fn data_dir() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../bao-nyakua/tests/data").to_string()
}

fn data(path: &str) -> Value {
    let full = format!("{}/{path}", data_dir());
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    serde_json::from_str(&text).expect("the author's JSON")
}

/// A set-up `state` under `ruleset` as a game to play from.
fn from_setup(state: &Value, ruleset: Ruleset) -> bao_nyakua::Bao {
    let mut setup: Setup = serde_json::from_value(state.clone()).expect("a state");
    setup.ruleset = ruleset;
    bao_nyakua::Bao::from_setup(setup).expect("a set-up to play from")
}

/// The author's one-move fixtures (checks.json and legacy-cycle.json) as set-up records.
pub fn author_fixtures(file: &mut FileBuilder, ruleset: Ruleset) {
    let checks = data("checks.json");
    let mut fixtures: Vec<(String, Value, Value)> = checks["examples"]
        .as_object()
        .expect("examples")
        .iter()
        .map(|(name, e)| {
            (
                format!("checks.json examples.{name}"),
                e["before"].clone(),
                e["move"].clone(),
            )
        })
        .collect();
    let legacy = data("legacy-cycle.json");
    fixtures.push((
        "legacy-cycle.json".into(),
        legacy["before"].clone(),
        legacy["move"].clone(),
    ));
    for (name, before, object) in fixtures {
        let mut bao = from_setup(&before, ruleset);
        let start = *bao.position();
        let object: MoveObject = serde_json::from_value(object).expect("a move object");
        let mv = object
            .to_move(bao.position())
            .expect("the author's move is legal");
        bao.play(mv).expect("legal");
        let game = AnyGame::Bao(bao);
        push_record(
            file,
            start,
            &game,
            &[ENGINE, "author"],
            Some(format!(
                "author: {name}: the author's move from the author's state, which must end in the fixture's `after`"
            )),
            &[],
        );
    }
}

/// The author's traced games: their moves in notation (under `ruleset`).
pub fn author_games(ruleset: Ruleset) -> Vec<(String, Vec<String>)> {
    let dir = format!("{}/games", data_dir());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the author's games")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let game = data(&format!("games/{name}"));
            let mut position = Position::start(ruleset);
            let mut moves = Vec::new();
            for ply in game["history"].as_array().expect("a history") {
                let object: MoveObject =
                    serde_json::from_value(ply["move"].clone()).expect("a move");
                let mv = object.to_move(&position).expect("legal");
                position.play(mv).expect("legal");
                moves.push(mv.to_string());
            }
            (format!("games/{name}"), moves)
        })
        .collect()
}
