//! Bao's board: pits, hands, NYUMBA ownership, the moves by start pit, and the sowing
//! steps of a move from the crate's `Observer`.

use game_catalog::bao::{Bao, Game, MoveObject, MoveType, Pit, Player, Position, Row, Step};
use serde_json::{Value, json};

/// `pits` (`[player][row][index]`, row 0 the front row, index 0 the owner's `F1`/`B1`, as
/// the record's `final.pits`), `hands`, `pending`, `nyumbaOwned`, `phase`, `turn`,
/// `ruleset`, and `choices`: for each start pit of a legal move (named from the mover's
/// side, `F3`), the moves from it: `move` (the notation), `direction` (`L`/`R`), `choice`
/// (`stop`, `use` or null: the NYUMBA choice, B-6) and `kind` (`capture` or `takata`,
/// from the crate's record move object).
pub(crate) fn view(game: &Bao) -> Value {
    let position = game.position();
    let mut state = position_json(position);
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let mut choices = serde_json::Map::new();
    for mv in legal {
        let game_catalog::bao::Move::Sow {
            pit,
            direction,
            nyumba,
        } = mv
        else {
            continue;
        };
        let kind = match MoveObject::describe(position, mv).kind {
            MoveType::Capture => "capture",
            MoveType::Takata => "takata",
            MoveType::Pass => "pass",
        };
        let entry = choices.entry(pit.to_string()).or_insert_with(|| json!([]));
        if let Value::Array(list) = entry {
            list.push(json!({
                "move": mv.to_string(),
                "direction": direction.letter().to_string(),
                "choice": nyumba.map(|c| c.word()),
                "kind": kind,
            }));
        }
    }
    state["choices"] = Value::Object(choices);
    state["phase"] = json!(position.phase().word());
    state["turn"] = json!(position.turn());
    state["ruleset"] = json!(position.ruleset().name());
    state
}

/// The counts the board shows: pits, hands, pending kete and NYUMBA ownership.
fn position_json(position: &Position) -> Value {
    let pits: Vec<Vec<Vec<u8>>> = [Player::First, Player::Second]
        .iter()
        .map(|&owner| {
            [Row::Front, Row::Back]
                .iter()
                .map(|&row| {
                    (0..8)
                        .map(|index| {
                            Pit::new(row, index).map_or(0, |pit| position.count(owner, pit))
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let both = [Player::First, Player::Second];
    json!({
        "pits": pits,
        "hands": both.map(|p| position.hand(p)),
        "pending": both.map(|p| position.pending(p)),
        "nyumbaOwned": both.map(|p| position.owns_nyumba(p)),
    })
}

/// Plays `text` on `game` and returns every step the crate's observer reported, each with
/// the position after it: `step` (`place`, `lift`, `sow`, `lapEnd`, `capture`, `relay`,
/// `addition`), `owner` (whose pit), `pit` (named from its owner's side), `count` (kete
/// lifted or captured), `inFlight`, and the counts of the position then; then one last
/// step, `end`, with the counts of the game's position after the move.
pub(crate) fn play_with_steps(game: &mut Bao, text: &str) -> Result<Value, String> {
    let mv = game.parse_move(text.trim()).map_err(|e| e.to_string())?;
    game.check_move(mv).map_err(|e| e.to_string())?;
    let mover = game.to_move();
    let mut steps = Vec::new();
    let mut copy = *game.position();
    copy.play_observed(mv, &mut |position: &Position, step: Step| {
        steps.push(step_json(position, step, mover));
    })
    .map_err(|e| e.to_string())?;
    game.play(mv).map_err(|e| e.to_string())?;
    debug_assert_eq!(
        &copy,
        game.position(),
        "the observed copy plays as the game"
    );
    // The observer reports the steps of the sowing, not the move's last bookkeeping (a
    // winning capture's kete go to `pending` after its `Capture` step): the last frame is
    // the game's position itself.
    let mut end = position_json(game.position());
    end["step"] = json!("end");
    end["owner"] = json!(mover.index());
    end["pit"] = Value::Null;
    end["count"] = Value::Null;
    end["inFlight"] = json!(0);
    steps.push(end);
    Ok(Value::Array(steps))
}

fn step_json(position: &Position, step: Step, mover: Player) -> Value {
    let (name, owner, pit, count, in_flight) = match step {
        Step::Place { pit } => ("place", mover, pit, None, None),
        Step::Lift {
            pit,
            count,
            in_flight,
        } => ("lift", mover, pit, Some(count), Some(in_flight)),
        Step::Sow { pit, in_flight } => ("sow", mover, pit, None, Some(in_flight)),
        Step::LapEnd { pit, .. } => ("lapEnd", mover, pit, None, None),
        Step::Capture {
            from,
            count,
            in_flight,
        } => ("capture", mover.other(), from, Some(count), Some(in_flight)),
        Step::Relay {
            pit,
            count,
            in_flight,
        } => ("relay", mover, pit, Some(count), Some(in_flight)),
        Step::Addition { pit, .. } => ("addition", mover, pit, None, None),
    };
    let mut value = position_json(position);
    value["step"] = json!(name);
    value["owner"] = json!(owner.index());
    value["pit"] = json!(pit.to_string());
    value["count"] = json!(count);
    value["inFlight"] = json!(in_flight);
    if let Step::Addition { from, .. } = step {
        value["from"] = json!(from.index());
    }
    value
}

#[cfg(test)]
mod tests {
    use game_catalog::bao::{GameRng, Ruleset, TOTAL_KETE};

    use super::*;

    #[test]
    fn the_start_shows_the_record_counts_and_lit_pits() {
        let game = Bao::new(Ruleset::Seed);
        let v = view(&game);
        assert_eq!(v["pits"][0][0], json!([0, 0, 0, 0, 6, 2, 2, 0]));
        assert_eq!(v["hands"], json!([22, 22]));
        assert_eq!(v["phase"], "namua");
        // `rulebook legal bao`: F6L F6R F7L F7R.
        let pits: Vec<&String> = v["choices"].as_object().unwrap().keys().collect();
        assert_eq!(pits, ["F6", "F7"]);
        assert_eq!(v["choices"]["F6"][0]["kind"], "takata");
    }

    #[test]
    fn the_last_step_is_the_position_after_the_move_and_kete_are_kept() {
        for seed in 0..40 {
            let mut game = Bao::new(if seed % 2 == 0 {
                Ruleset::Seed
            } else {
                Ruleset::Reference
            });
            let mut rng = GameRng::seed_from(seed);
            let mut buffer = Vec::new();
            while let Some(mv) = game.random_move(&mut rng, &mut buffer) {
                let steps = play_with_steps(&mut game, &mv.to_string()).unwrap();
                let steps = steps.as_array().unwrap();
                assert!(!steps.is_empty());
                let last = steps.last().unwrap();
                let after = position_json(game.position());
                for key in ["pits", "hands", "pending", "nyumbaOwned"] {
                    assert_eq!(last[key], after[key], "seed {seed}, {mv}, {key}");
                }
                // The observer's own last step already shows the board, except where a
                // winning capture's kete went to `pending` (B-9) without a step.
                if steps.len() > 1 && after["pending"] == json!([0, 0]) {
                    let observed = &steps[steps.len() - 2];
                    assert_eq!(observed["pits"], after["pits"], "seed {seed}, {mv}");
                    assert_eq!(observed["hands"], after["hands"], "seed {seed}, {mv}");
                }
                for step in steps {
                    let board: u64 = step["pits"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .flat_map(|side| side.as_array().unwrap())
                        .flat_map(|row| row.as_array().unwrap())
                        .map(|k| k.as_u64().unwrap())
                        .sum();
                    let hands =
                        step["hands"][0].as_u64().unwrap() + step["hands"][1].as_u64().unwrap();
                    let pending =
                        step["pending"][0].as_u64().unwrap() + step["pending"][1].as_u64().unwrap();
                    let flying = step["inFlight"].as_u64().unwrap_or(0);
                    if !step["inFlight"].is_null() {
                        assert_eq!(board + hands + pending + flying, u64::from(TOTAL_KETE));
                    }
                }
            }
        }
    }

    #[test]
    fn a_refused_move_reports_the_engines_reason_and_no_step() {
        let mut game = Bao::new(Ruleset::Seed);
        let before = game.clone();
        let error = play_with_steps(&mut game, "F1L").unwrap_err();
        let expected = game
            .clone()
            .play(game.parse_move("F1L").unwrap())
            .unwrap_err()
            .to_string();
        assert_eq!(error, expected);
        assert_eq!(game, before);
    }
}
