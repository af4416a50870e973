//! `Bao`, the game with its history, through its own `Game` methods: illegal moves are
//! refused with the typed error and leave the whole game (position, moves, history)
//! unchanged; legal ones are kept in order; the end is the position's. The rules behind the
//! errors are B-10 … B-22 (`docs/bao-nyakua.md`).

mod support;

use bao_nyakua::{Bao, EndReason, Game, Move, Outcome, PlayError, Player, Position, Ruleset};
use support::positions::{choice_position, mv};

/// Plays `text` through `Bao::check_move` and `Bao::play` and checks that both refuse it
/// with `expected` and that the game is exactly as before.
fn refused(game: &mut Bao, text: &str, expected: &PlayError) {
    let before = game.clone();
    let m = mv(text);
    assert_eq!(game.check_move(m).as_ref(), Err(expected), "{text}");
    assert!(!game.is_legal(m), "{text}");
    assert_eq!(game.play(m).as_ref(), Err(expected), "{text}");
    assert_eq!(*game, before, "refusing {text} changed the game");
    assert_eq!(game.moves(), before.moves());
    assert_eq!(game.ply(), before.ply());
}

#[test]
fn bao_refuses_illegal_moves_with_the_typed_error_and_keeps_its_state() {
    let mut game = Bao::new(Ruleset::Seed);
    // B-11: south's start candidates are F6 and F7 (the owned NYUMBA of 6 is not one).
    refused(&mut game, "F1R", &PlayError::EmptyPit { mv: mv("F1R") });
    refused(
        &mut game,
        "B6L",
        &PlayError::BackRowInNamua { mv: mv("B6L") },
    );
    refused(&mut game, "pass", &PlayError::PassNotAllowed);
    refused(
        &mut game,
        "F5L",
        &PlayError::NotACandidate { mv: mv("F5L") },
    );
    refused(
        &mut game,
        "F7L:stop",
        &PlayError::NoChoice { mv: mv("F7L:stop") },
    );
    // A choice written on a move that is illegal anyway gets that move's own reason.
    refused(
        &mut game,
        "F1R:use",
        &PlayError::EmptyPit { mv: mv("F1R:use") },
    );
    refused(
        &mut game,
        "B6L:stop",
        &PlayError::BackRowInNamua { mv: mv("B6L:stop") },
    );
    assert!(game.moves().is_empty());
    assert_eq!(game.ply(), 0);

    // Legal moves are kept, in order, and counted.
    game.play(mv("F7L")).unwrap();
    game.play(mv("F5L")).unwrap();
    assert_eq!(game.moves(), [mv("F7L"), mv("F5L")]);
    assert_eq!(game.ply(), 2);
    assert_eq!(game.to_move(), Player::First);
    refused(&mut game, "F2R", &PlayError::EmptyPit { mv: mv("F2R") });
    assert_eq!(game.moves().len(), 2);

    // B-22: where the NYUMBA choice arises, the plain form is refused.
    let mut choice = Bao::from_setup(choice_position().setup()).unwrap();
    assert_eq!(choice.setup(), choice_position().setup());
    assert_eq!(choice.ply(), 0);
    refused(
        &mut choice,
        "F3R",
        &PlayError::ChoiceRequired { mv: mv("F3R") },
    );
    choice.play(mv("F3R:use")).unwrap();
    assert_eq!(choice.moves(), [mv("F3R:use")]);
}

#[test]
fn bao_lists_the_positions_moves_and_ends_as_its_position_does() {
    let mut game = Bao::new(Ruleset::Reference);
    let mut position = Position::start(Ruleset::Reference);
    let (mut listed, mut expected) = (Vec::new(), Vec::new());
    let mut rng = bao_nyakua::GameRng::seed_from(11);
    loop {
        game.legal_moves(&mut listed);
        position.legal_moves(&mut expected);
        assert_eq!(listed, expected);
        assert_eq!(game.to_move(), position.to_move());
        assert_eq!(game.is_over(), position.is_over());
        assert_eq!(game.ply(), game.moves().len());
        let Some(&m) = rng.choose(&listed) else { break };
        game.play(m).unwrap();
        position.play(m).unwrap();
        assert_eq!(game.position(), &position);
        assert_eq!(game.moves().last(), Some(&m));
    }
    assert!(game.is_over());
    assert_eq!(game.outcome(), position.outcome());
    assert_eq!(game.end_reason(), position.end_reason());
    assert!(game.end_reason().is_some());
    assert_eq!(game.outcome_text(), position.outcome_text());
    // After the end every move is refused with the unit `GameOver`, the game unchanged.
    for m in Move::all() {
        let before = game.clone();
        assert_eq!(game.play(m), Err(PlayError::GameOver));
        assert_eq!(game, before);
    }
    assert_eq!(PlayError::GameOver.to_string(), "the game is over");
}

#[test]
fn bao_displays_the_diagram_of_its_position() {
    let mut game = Bao::default();
    game.play(mv("F7L")).unwrap();
    let diagram = game.to_string();
    assert_eq!(diagram, game.position().to_string());
    assert!(diagram.starts_with("north: hand 22, pending 0, NYUMBA owned\n"));
    assert!(diagram.ends_with("phase namua, turn 2, ruleset seed\n"));
}

#[test]
fn b20_b21_end_reasons_tell_who_emptied_whose_front_row() {
    let names = |reason: EndReason| {
        let outcome = match reason.winner() {
            Some(winner) => Outcome::win(winner, reason),
            None => Outcome::no_winner(reason),
        };
        outcome.describe(Position::PLAYER_NAMES).to_string()
    };
    let cases = [
        (
            EndReason::FrontEmptied {
                winner: Player::First,
            },
            "front-empty",
            "south emptied north's front row (front-empty)",
        ),
        (
            EndReason::OwnFrontEmptied {
                winner: Player::Second,
            },
            "front-empty",
            "north wins: south emptied its own front row (front-empty)",
        ),
        (
            EndReason::NoMove {
                winner: Player::Second,
            },
            "no-move",
            "north wins: south has no legal move (no-move)",
        ),
        (
            EndReason::RelayLimit {
                record_winner: Player::Second,
            },
            "relay-limit",
            "none safety stop at lap 512 (relay-limit)",
        ),
    ];
    for (reason, word, text) in cases {
        assert_eq!(reason.word(), word);
        assert_eq!(names(reason), text);
    }
    let safety = EndReason::RelayLimit {
        record_winner: Player::First,
    };
    assert_eq!(
        (safety.winner(), safety.record_winner()),
        (None, Player::First)
    );
}

#[cfg(feature = "serde")]
mod records {
    use bao_nyakua::{Bao, Game, Record, RecordError, Recorded, Ruleset, Setup};

    use super::support::positions::{choice_position, mv};

    #[test]
    fn a_game_from_a_set_up_writes_the_set_up_and_replays_from_it() {
        let setup: Setup = choice_position().setup();
        let mut game = Bao::from_setup(setup.clone()).unwrap();
        game.play(mv("F3R:stop")).unwrap();
        let record = game.to_record();
        assert_eq!(record.setup.as_ref(), Some(&setup));
        let text = game.write_record();
        let replayed = Bao::read_record(&text).unwrap();
        assert_eq!(replayed, game);
        assert_eq!(replayed.write_record(), text);
        // The key comes right after `ruleset`, before `history`.
        let ruleset = text.find("\"ruleset\"").unwrap();
        let setup_key = text.find("\"setup\"").unwrap();
        assert!(ruleset < setup_key && setup_key < text.find("\"history\"").unwrap());
        // A game from the start position itself writes no `setup`.
        let start = Bao::from_setup(Bao::new(Ruleset::Seed).setup()).unwrap();
        assert_eq!(start, Bao::new(Ruleset::Seed));
        assert!(!start.write_record().contains("\"setup\""));
        // A bad set-up in a record is refused.
        let mut bad = record;
        bad.setup.as_mut().unwrap().turn = 0;
        assert!(matches!(bad.replay(), Err(RecordError::Setup(_))));
    }

    #[test]
    fn recorded_reads_writes_and_knows_its_marker() {
        let mut game = Bao::new(Ruleset::Reference);
        game.play(mv("F6R")).unwrap();
        let text = game.write_record();
        assert!(Bao::is_record(&text));
        assert!(!Bao::is_record("{\"game\": \"kazura\"}"));
        assert!(!Bao::is_record("not json"));
        assert_eq!(Recorded::moves(&game), [mv("F6R")]);
        assert_eq!(Bao::read_record(&text).unwrap(), game);
        // Another game's record is named by its marker.
        let other = Bao::read_record("{\"game\": \"kazura\", \"moves\": []}").unwrap_err();
        assert_eq!(
            other,
            RecordError::WrongGame {
                found: "kazura".into()
            }
        );
        assert!(matches!(
            Bao::read_record("[1, 2"),
            Err(RecordError::Json(_))
        ));
    }

    #[test]
    fn serde_goes_through_the_record_and_replays() {
        let mut game = Bao::new(Ruleset::Seed);
        game.play(mv("F7L")).unwrap();
        let text = serde_json::to_string_pretty(&game).unwrap();
        assert_eq!(text + "\n", game.to_record().to_json());
        let text = game.to_record().to_json();
        let back: Bao = serde_json::from_str(&text).unwrap();
        assert_eq!(back, game);
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        value["history"][0]["move"]["index"] = serde_json::json!(0);
        let error = serde_json::from_value::<Bao>(value).unwrap_err();
        assert!(
            error.to_string().contains("move 1: illegal move"),
            "{error}"
        );
        let record: Record = serde_json::from_str(&text).unwrap();
        assert_eq!(record.replay().unwrap(), game);
    }
}

#[test]
fn b19_a_game_keeps_the_ruleset_it_was_started_with() {
    for ruleset in [Ruleset::Seed, Ruleset::Reference] {
        let mut game = Bao::new(ruleset);
        assert_eq!(game.ruleset(), ruleset);
        assert_eq!(game.position().ruleset(), ruleset);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        game.play(moves[0]).unwrap();
        assert_eq!(game.ruleset(), ruleset, "after a move");
    }
}
