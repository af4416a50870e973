//! `Setup`, the workspace's set-up shape: `FromSetup` round trips for `Bao` and `Position`
//! under both rulesets, the ruleset a set-up carries, every `SetupError` with its message
//! (its JSON: `setup_json.rs`).

mod support;

use std::fmt::Debug;

use bao_nyakua::{
    Bao, ByPlayer, EndReason, FromSetup, Game, GameRng, PhaseName, Player, Position, ReasonName,
    Ruleset, Setup, SetupError,
};

use support::positions::namua_setup as namua;

const RULESETS: [Ruleset; 2] = [Ruleset::Seed, Ruleset::Reference];

/// `state` written out and read back through the trait alone: the same set-up, and a
/// state that writes it again.
fn round_trip<G: FromSetup>(state: &G) -> G
where
    G::Setup: PartialEq + Debug,
    G::SetupError: Debug,
{
    let setup = state.setup();
    let back = G::from_setup(setup.clone()).expect("a state's own set-up is accepted");
    assert_eq!(back.setup(), setup);
    back
}

#[test]
fn bao_and_position_round_trip_through_from_setup_under_both_rulesets() {
    for ruleset in RULESETS {
        for seed in 0..6 {
            let mut rng = GameRng::seed_from(seed);
            let mut game = Bao::new(ruleset);
            let mut moves = Vec::new();
            loop {
                let position = round_trip(game.position());
                assert_eq!(position.ruleset(), ruleset);
                assert_eq!(position.setup().ruleset, ruleset);
                assert_eq!(position.end_reason(), game.end_reason());
                assert_eq!(position.to_move(), game.to_move());
                let set_up = round_trip(&game);
                assert_eq!(set_up.position(), &position);
                assert_eq!(set_up.ruleset(), ruleset);
                assert!(set_up.moves().is_empty(), "a set-up game has no history");
                game.legal_moves(&mut moves);
                let Some(&mv) = rng.choose(&moves) else {
                    break;
                };
                game.play(mv).unwrap();
            }
            assert!(game.is_over());
        }
    }
}

#[test]
fn the_start_set_up_is_the_start_position_under_its_ruleset() {
    for ruleset in RULESETS {
        let setup = Setup::new(ruleset);
        assert_eq!(setup, Position::start(ruleset).setup());
        assert_eq!(setup.ruleset, ruleset);
        assert_eq!(setup.reserve, ByPlayer::splat(22));
        assert_eq!(setup.to_move, Player::First);
        assert_eq!(
            <Position as FromSetup>::from_setup(setup.clone()).unwrap(),
            Position::start(ruleset)
        );
        assert_eq!(
            <Bao as FromSetup>::from_setup(setup).unwrap(),
            Bao::new(ruleset)
        );
    }
}

#[test]
fn b19a_a_set_up_is_played_under_its_own_ruleset() {
    // An owned NYUMBA of 2 next to F3 (2): the takata F5R lifts it empty, which ends
    // ownership under the seed text only (B-19 a).
    for (ruleset, owned_after) in [(Ruleset::Seed, false), (Ruleset::Reference, true)] {
        let setup = namua([0, 0, 2, 0, 2, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0], ruleset);
        let mut position = Position::from_setup(setup.clone()).unwrap();
        let mut game = Bao::from_setup(setup).unwrap();
        position.play("F5R".parse().unwrap()).unwrap();
        game.play("F5R".parse().unwrap()).unwrap();
        assert_eq!(position.owns_nyumba(Player::First), owned_after);
        assert_eq!(game.position(), &position);
    }
}

#[test]
fn a_set_up_with_an_end_reads_as_that_end_and_writes_it_back() {
    // South's front row empty, north's not: a finished game with any of the reasons.
    let finished = |mover: Player, winner: Player, reason: ReasonName| Setup {
        pits: ByPlayer::new(
            [[0; 8], [10, 0, 0, 0, 0, 0, 0, 0]],
            [[10, 0, 0, 0, 0, 0, 0, 0], [0; 8]],
        ),
        to_move: mover,
        winner: Some(winner),
        reason,
        turn: 9,
        ..Setup::new(Ruleset::Seed)
    };
    let (south, north) = (Player::First, Player::Second);
    for (mover, winner, reason, end) in [
        (
            north,
            north,
            ReasonName::FrontEmpty,
            EndReason::FrontEmptied { winner: north },
        ),
        (
            south,
            north,
            ReasonName::FrontEmpty,
            EndReason::OwnFrontEmptied { winner: north },
        ),
        (
            south,
            north,
            ReasonName::NoMove,
            EndReason::NoMove { winner: north },
        ),
        (
            south,
            north,
            ReasonName::RelayLimit,
            EndReason::RelayLimit {
                record_winner: north,
            },
        ),
        (
            north,
            south,
            ReasonName::NoMove,
            EndReason::NoMove { winner: south },
        ),
    ] {
        let setup = finished(mover, winner, reason);
        let position = Position::from_setup(setup.clone()).unwrap();
        assert_eq!(position.end_reason(), Some(end), "{reason}");
        assert_eq!(position.to_move(), mover);
        assert_eq!(position.setup(), setup, "{reason}");
        assert_eq!(end.word(), reason.word());
    }
}

#[test]
fn reason_names_are_the_records_words() {
    for (reason, word) in [
        (ReasonName::Ongoing, ""),
        (ReasonName::FrontEmpty, "front-empty"),
        (ReasonName::NoMove, "no-move"),
        (ReasonName::RelayLimit, "relay-limit"),
    ] {
        assert_eq!(reason.word(), word);
        assert_eq!(reason.to_string(), word);
    }
}

/// The error `change` makes of the start set-up, and its message.
fn refused(change: impl FnOnce(&mut Setup)) -> (SetupError, String) {
    let mut setup = Setup::new(Ruleset::Seed);
    change(&mut setup);
    let error = Position::from_setup(setup.clone()).unwrap_err();
    assert_eq!(Bao::from_setup(setup).unwrap_err(), error);
    let message = error.to_string();
    (error, message)
}

#[test]
fn every_setup_error_names_what_is_wrong() {
    let (error, message) = refused(|s| {
        s.nyakua_reserve = ByPlayer::new(1, 0);
        s.reserve.first -= 1;
    });
    assert_eq!(error, SetupError::NyakuaReserve(ByPlayer::new(1, 0)));
    assert_eq!(
        message,
        "nyakuaReserve is [1, 0]: trial A has no reserved hand, it must be [0, 0] (B-24)"
    );

    let (error, message) = refused(|s| s.turn = 0);
    assert_eq!(error, SetupError::TurnZero);
    assert_eq!(message, "turn 0: turns count from 1");

    let (error, message) = refused(|s| s.winner = Some(Player::First));
    assert_eq!(
        error,
        SetupError::WinnerReason {
            winner: Some(Player::First),
            reason: ReasonName::Ongoing
        }
    );
    assert_eq!(
        message,
        "winner 0 (south) and reason \"\" disagree: a finished game has both, a game in \
         progress neither"
    );
    let (_, message) = refused(|s| s.winner = Some(Player::Second));
    assert!(message.starts_with("winner 1 (north) and reason \"\" disagree"));
    let (error, message) = refused(|s| s.reason = ReasonName::NoMove);
    assert_eq!(
        error,
        SetupError::WinnerReason {
            winner: None,
            reason: ReasonName::NoMove
        }
    );
    assert!(message.starts_with("winner null and reason \"no-move\" disagree"));

    let (error, message) = refused(|s| s.pending.second = 1);
    assert_eq!(error, SetupError::Conservation(65));
    assert_eq!(
        message,
        "the board, hands and pending hold 65 kete, not 64 (B-3)"
    );

    let (error, message) = refused(|s| {
        s.phase = PhaseName::Mtaji;
        s.reserve = ByPlayer::new(2, 0);
        s.pits.first[1][0] = 20;
        s.pits.second[1][0] = 22;
    });
    assert_eq!(error, SetupError::MtajiWithHands(ByPlayer::new(2, 0)));
    assert_eq!(
        message,
        "phase mtaji with hands [2, 0]: MTAJI starts only when both hands are empty (B-15)"
    );

    for (player, name) in [(Player::First, "south"), (Player::Second, "north")] {
        let (error, message) = refused(|s| {
            s.pits[player] = [[0; 8], [0, 0, 0, 0, 6, 2, 2, 0]];
        });
        assert_eq!(error, SetupError::EmptyFront { player: name });
        assert_eq!(
            message,
            format!(
                "{name}'s front row is empty in a game in progress: that game is already \
                 over (B-20)"
            )
        );
        // MTAJI, every pit of the player to move holds 1: no move starts anywhere.
        let (error, message) = refused(|s| {
            s.phase = PhaseName::Mtaji;
            s.reserve = ByPlayer::splat(0);
            s.house_owned = ByPlayer::splat(false);
            s.to_move = player;
            s.pits[player] = [[1; 8]; 2];
            s.pits[player.other()] = [[48, 0, 0, 0, 0, 0, 0, 0], [0; 8]];
        });
        assert_eq!(error, SetupError::NoLegalMove { player: name });
        assert_eq!(
            message,
            format!("{name} is to move and has no legal move: that game is already over (B-20)")
        );
    }
    // The same MTAJI position with empty hands and a move is accepted.
    let mut mtaji = Setup::new(Ruleset::Seed);
    mtaji.phase = PhaseName::Mtaji;
    mtaji.reserve = ByPlayer::splat(0);
    mtaji.pits.first[1][0] = 22;
    mtaji.pits.second[1][0] = 22;
    assert_eq!(
        Position::from_setup(mtaji).unwrap().phase(),
        bao_nyakua::Phase::Mtaji
    );
}

#[cfg(feature = "serde")]
#[test]
fn a_record_read_from_json_gives_its_states_the_records_ruleset() {
    use bao_nyakua::Record;

    for ruleset in RULESETS {
        let setup = namua([0, 0, 2, 0, 2, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0], ruleset);
        let mut game = Bao::from_setup(setup).unwrap();
        game.play("F5R".parse().unwrap()).unwrap();
        let written = game.to_record();
        let read = Record::from_json(&written.to_json()).unwrap();
        assert_eq!(read.setup.as_ref().map(|s| s.ruleset), Some(ruleset));
        assert_eq!(read.final_state.ruleset, ruleset);
        assert_eq!(read, written, "a record reads back as it was written");
        // So a set-up taken straight from a record starts the game it started.
        let again = Bao::from_setup(read.setup.unwrap()).unwrap();
        assert_eq!(again.position().ruleset(), ruleset);
    }
}
