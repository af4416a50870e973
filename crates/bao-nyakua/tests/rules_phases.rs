//! One or more tests per decision id of `docs/bao-nyakua.md` (B-10 … B-22: NAMUA, MTAJI,
//! ownership, the end, notation), on hand-made positions whose results are worked out by
//! hand in the comments.

mod support;

#[cfg(feature = "serde")]
use bao_nyakua::MoveObject;
use bao_nyakua::{
    EndReason, Move, NyumbaChoice, Phase, PhaseName, Pit, PlayError, Position, ReasonName, Ruleset,
};
use game_core::{ByPlayer, Game, Player};
use support::positions::*;

#[test]
fn b10_a_capture_pit_holds_kete_before_the_placement_and_capturing_is_compulsory() {
    // F3 is empty though north F6 is not: no capture there. F6 (2) faces north F3 (1).
    let position = namua(
        [0, 0, 0, 0, 0, 2, 0, 0],
        [1, 0, 1, 0, 0, 3, 0, 0],
        [false; 2],
    );
    assert_eq!(legal(&position), ["F6L", "F6R"]);
    let no_capture = namua(
        [0, 0, 0, 0, 0, 2, 0, 0],
        [1, 0, 0, 0, 0, 3, 0, 0],
        [false; 2],
    );
    assert_eq!(legal(&no_capture), ["F6L", "F6R"]);
    // With a capture on the board, a takata start is refused.
    let must = namua(
        [0, 0, 1, 0, 0, 2, 0, 0],
        [1, 0, 0, 0, 0, 3, 0, 0],
        [false; 2],
    );
    assert_eq!(legal(&must), ["F3L", "F3R"]);
    assert_eq!(
        must.check_move(mv("F6L")),
        Err(PlayError::MustCapture { mv: mv("F6L") })
    );
}

#[test]
fn b11_one_kete_pits_start_a_takata_only_with_the_nyumba_owned_or_no_pit_of_two() {
    let north = [1, 0, 0, 0, 0, 0, 0, 0];
    let not_owned = namua([1, 0, 2, 0, 0, 0, 0, 0], north, [false; 2]);
    assert_eq!(legal(&not_owned), ["F3L", "F3R"]);
    assert_eq!(
        not_owned.check_move(mv("F1R")),
        Err(PlayError::NotACandidate { mv: mv("F1R") })
    );
    let owned = namua([1, 0, 2, 0, 0, 0, 0, 0], north, [true, false]);
    assert_eq!(legal(&owned), ["F1L", "F1R", "F3L", "F3R"]);
    let all_single = namua([1, 0, 1, 0, 0, 0, 0, 0], north, [false; 2]);
    assert_eq!(legal(&all_single), ["F1L", "F1R", "F3L", "F3R"]);
    // An owned NYUMBA of 6 or more is not a takata start; of 5 it is.
    let big = namua([0, 0, 2, 0, 6, 0, 0, 0], north, [true, false]);
    assert_eq!(legal(&big), ["F3L", "F3R"]);
    let small = namua([0, 0, 2, 0, 5, 0, 0, 0], north, [true, false]);
    assert_eq!(legal(&small), ["F3L", "F3R", "F5L", "F5R"]);
    // Never from the back row.
    let with_back = setup(
        [[0, 0, 2, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0, 0]],
        [north, EMPTY],
        [10, 10],
        [false; 2],
        Player::First,
        PhaseName::Namua,
        Ruleset::Seed,
    );
    assert_eq!(
        with_back.check_move(mv("B1R")),
        Err(PlayError::BackRowInNamua { mv: mv("B1R") })
    );
}

#[test]
fn b12_the_owned_nyumba_alone_sows_exactly_two() {
    let position = namua(
        [0, 0, 0, 0, 6, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [true; 2],
    );
    assert_eq!(legal(&position), ["F5L", "F5R"]);
    #[cfg(feature = "serde")]
    {
        let object = MoveObject::describe(&position, mv("F5L"));
        assert_eq!(object.house_two, Some(true));
    }
    let mut after = position;
    after.play(mv("F5L")).unwrap();
    // 6 + 1 = 7, lift 2: F4, F3; 5 stay.
    assert_eq!(front(&after, Player::First), [0, 0, 1, 1, 5, 0, 0, 0]);
    assert!(after.owns_nyumba(Player::First));
}

#[test]
fn b13_f1_leftward_as_the_only_front_pit_is_forbidden() {
    let position = namua(
        [3, 0, 0, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [false; 2],
    );
    assert_eq!(legal(&position), ["F1R"]);
    assert_eq!(
        position.check_move(mv("F1L")),
        Err(PlayError::SelfEmptying { mv: mv("F1L") })
    );
    let f8 = mtaji(
        [[0, 0, 0, 0, 0, 0, 0, 2], EMPTY],
        [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
    );
    assert_eq!(legal(&f8), ["F8L"]);
    // With a second occupied front pit the same starts are legal.
    let two = namua(
        [3, 0, 0, 0, 0, 0, 1, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [false; 2],
    );
    assert!(legal(&two).contains(&"F1L".to_string()));
}

#[test]
fn b14_the_addition_needs_two_captures_and_happens_once() {
    // One capture only (b1 position): no addition.
    let mut one = namua(
        [0, 0, 1, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 3, 0, 0],
        [false; 2],
    );
    let report = one.play_reported(mv("F3R")).unwrap();
    assert_eq!(report.addition, None);
    assert_eq!((one.hand(Player::First), one.hand(Player::Second)), (9, 10));
}

#[test]
fn b15_both_hands_empty_after_the_move_starts_mtaji() {
    let position = setup(
        [[0, 0, 0, 0, 0, 2, 0, 0], EMPTY],
        [[1, 0, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 0, 0]],
        [1, 0],
        [false; 2],
        Player::First,
        PhaseName::Namua,
        Ruleset::Seed,
    );
    let mut after = position;
    after.play(mv("F6L")).unwrap();
    assert_eq!(after.phase(), Phase::Mtaji);
    assert_eq!(after.to_move(), Player::Second);
}

#[test]
fn b16_an_empty_hand_in_namua_has_only_pass() {
    let position = setup(
        [[0, 0, 0, 0, 0, 2, 0, 0], EMPTY],
        [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
        [0, 1],
        [false; 2],
        Player::First,
        PhaseName::Namua,
        Ruleset::Seed,
    );
    assert_eq!(legal(&position), ["pass"]);
    assert_eq!(
        position.check_move(mv("F6L")),
        Err(PlayError::MustPass { mv: mv("F6L") })
    );
    let mut after = position;
    let report = after.play_reported(Move::Pass).unwrap();
    assert_eq!(report.placed, 0);
    assert_eq!(after.phase(), Phase::Namua, "north still holds a kete");
    assert_eq!(after.to_move(), Player::Second);
    assert_eq!(
        Position::start(Ruleset::Seed).check_move(Move::Pass),
        Err(PlayError::PassNotAllowed)
    );
}

#[test]
fn b17_mtaji_captures_start_anywhere_and_takata_prefers_the_front_row() {
    // B1 (2) rightward: F1, F2 (1→2) faces north F7 (1): a capture from the back row.
    let capture = mtaji(
        [[0, 1, 0, 0, 0, 0, 0, 3], [2, 0, 0, 0, 0, 0, 0, 0]],
        [[0, 0, 0, 0, 0, 0, 1, 0], EMPTY],
    );
    assert_eq!(legal(&capture), ["B1R"]);
    assert_eq!(
        capture.check_move(mv("F8L")),
        Err(PlayError::MustCapture { mv: mv("F8L") })
    );
    // No capture: front pits of 2 or more first, back ones only without them.
    let takata = mtaji(
        [[0, 0, 0, 0, 0, 0, 0, 3], [2, 0, 0, 0, 0, 0, 0, 0]],
        [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
    );
    assert_eq!(legal(&takata), ["F8L"]);
    let back_only = mtaji(
        [[1, 0, 0, 0, 0, 0, 0, 1], [0, 0, 2, 0, 0, 0, 0, 0]],
        [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
    );
    assert_eq!(legal(&back_only), ["B3L", "B3R"]);
}

#[test]
fn b18_capturing_the_opponents_nyumba_ends_its_ownership() {
    // South F4 faces north F5 (the NYUMBA).
    let mut position = namua(
        [0, 0, 0, 1, 0, 0, 0, 0],
        [1, 0, 0, 0, 3, 0, 0, 0],
        [true; 2],
    );
    position.play(mv("F4R")).unwrap();
    assert!(!position.owns_nyumba(Player::Second));
}

#[test]
fn b18_in_mtaji_a_capture_or_emptying_the_nyumba_ends_ownership() {
    let mut state = mtaji(
        [[0, 1, 0, 0, 0, 0, 0, 3], [2, 0, 0, 0, 0, 0, 0, 0]],
        [[0, 0, 0, 0, 0, 0, 1, 0], EMPTY],
    )
    .setup();
    state.house_owned = ByPlayer::splat(true);
    let mut position = Position::from_setup(state.clone()).unwrap();
    position.play(mv("B1R")).unwrap();
    assert!(!position.owns_nyumba(Player::First));

    let mut state = mtaji(
        [[0, 0, 0, 0, 2, 0, 0, 1], EMPTY],
        [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
    )
    .setup();
    state.house_owned = ByPlayer::splat(true);
    let mut position = Position::from_setup(state.clone()).unwrap();
    position.play(mv("F5L")).unwrap();
    assert!(!position.owns_nyumba(Player::First));
}

#[test]
fn b19a_a_takata_emptying_the_owned_nyumba_loses_it_only_under_seed() {
    for (ruleset, owned_after) in [(Ruleset::Seed, false), (Ruleset::Reference, true)] {
        // Owned NYUMBA of 2 next to F3 (2): F5 is a takata start; it is lifted whole.
        let position = setup(
            [[0, 0, 2, 0, 2, 0, 0, 0], EMPTY],
            [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
            [10, 10],
            [true, true],
            Player::First,
            PhaseName::Namua,
            ruleset,
        );
        let mut after = position;
        after.play(mv("F5R")).unwrap();
        assert_eq!(after.count(Player::First, Pit::NYUMBA), 0);
        assert_eq!(after.owns_nyumba(Player::First), owned_after, "{ruleset:?}");
        // The 2-kete sowing from an owned NYUMBA of 1 empties it too.
        let single = setup(
            [[0, 0, 0, 0, 1, 0, 0, 0], EMPTY],
            [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
            [10, 10],
            [true, true],
            Player::First,
            PhaseName::Namua,
            ruleset,
        );
        let mut after = single;
        after.play(mv("F5L")).unwrap();
        assert_eq!(front(&after, Player::First), [0, 0, 1, 1, 0, 0, 0, 0]);
        assert_eq!(after.owns_nyumba(Player::First), owned_after, "{ruleset:?}");
    }
}

#[test]
fn b20_a_player_without_a_move_loses() {
    // MTAJI: north's pits all hold 0 or 1; south's F8L (2) leaves them so.
    let mut position = setup(
        [[0, 0, 0, 0, 0, 0, 1, 2], [2, 0, 0, 0, 0, 0, 0, 0]],
        [[1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1]],
        [0, 0],
        [false; 2],
        Player::First,
        PhaseName::Mtaji,
        Ruleset::Seed,
    );
    // The sink (north B1) is large here, so empty it into south's back row instead.
    let mut state = position.setup();
    let sink = state.pits[Player::Second][1][0] - 1;
    state.pits[Player::Second][1][0] = 1;
    state.pits[Player::First][1][7] += sink;
    position = Position::from_setup(state.clone()).unwrap();
    position.play(mv("F8L")).unwrap();
    let end = position.end_reason().unwrap();
    assert_eq!(
        end,
        EndReason::NoMove {
            winner: Player::First
        }
    );
    assert_eq!(position.to_move(), Player::Second, "the turn has passed");
    assert_eq!(position.turn(), 2);
    assert!(position.outcome_text().starts_with("south "));
}

#[test]
fn b22_notation_reads_any_case_and_prints_canonically() {
    for (text, canonical) in [
        ("f3r", "F3R"),
        ("B6L", "B6L"),
        ("F4R:STOP", "F4R:stop"),
        ("f4r:Use", "F4R:use"),
        ("PASS", "pass"),
    ] {
        assert_eq!(mv(text).to_string(), canonical);
    }
    for bad in [
        "",
        "F9R",
        "F0R",
        "X3R",
        "F3",
        "F3X",
        "F3R:go",
        "F3R:stop:use",
        "F33R",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
    assert_eq!(mv("F4R:use").nyumba_choice(), Some(NyumbaChoice::Use));
    assert_eq!(Move::all().count(), 97);
}

#[test]
fn b22_a_rejected_move_leaves_the_position_unchanged() {
    let position = choice_position();
    for text in ["F3R", "F3L:use", "F1R", "B1R", "pass"] {
        let mut copy = position;
        assert!(copy.play(mv(text)).is_err(), "{text}");
        assert_eq!(copy, position);
    }
}

#[test]
fn b20_a_finished_game_has_no_moves() {
    let mut position = namua(
        [0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 4, 0, 0],
        [false; 2],
    );
    position.play(mv("F3R")).unwrap();
    assert!(legal(&position).is_empty());
    assert!(matches!(
        position.check_move(mv("F3R")),
        Err(PlayError::GameOver)
    ));
}

#[test]
fn the_position_is_small_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<Position>();
    assert!(
        std::mem::size_of::<Position>() <= 56,
        "{}",
        std::mem::size_of::<Position>()
    );
}

#[test]
fn b13_f8_rightward_in_namua_and_f1_leftward_in_mtaji_are_forbidden_too() {
    // NAMUA: F8 (1) is the only occupied front pit; no pit of 2, so the 1-kete pit is a
    // candidate, but F8R would lift the whole front row into the back row.
    let namua_f8 = namua(
        [0, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 1, 0, 0, 0, 0, 0],
        [false; 2],
    );
    assert_eq!(legal(&namua_f8), ["F8L"]);
    assert_eq!(
        namua_f8.check_move(mv("F8R")),
        Err(PlayError::SelfEmptying { mv: mv("F8R") })
    );
    // MTAJI: F1 (3) alone in the front row: F1L goes B1, B2, B3.
    let mtaji_f1 = mtaji(
        [[3, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 2]],
        [[0, 1, 0, 0, 0, 0, 0, 0], EMPTY],
    );
    assert_eq!(legal(&mtaji_f1), ["F1R"]);
    assert_eq!(
        mtaji_f1.check_move(mv("F1L")),
        Err(PlayError::SelfEmptying { mv: mv("F1L") })
    );
    // A second front pit of 1 keeps the row occupied: both directions are legal.
    let mtaji_two = mtaji(
        [[3, 0, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 2]],
        [[0, 1, 0, 0, 0, 0, 0, 0], EMPTY],
    );
    assert_eq!(legal(&mtaji_two), ["F1L", "F1R"]);
}

#[test]
fn b17_a_pit_of_exactly_15_starts_a_capture() {
    // F1 (15) leftward: B1 … B8 (8), F8 … F2 (7): the last kete lands in F2 (1 → 2),
    // which faces north F7 (1). 15 is inside 2–15, so F1L is a capture and compulsory.
    let position = mtaji(
        [[15, 1, 0, 0, 0, 0, 0, 0], EMPTY],
        [[0, 0, 0, 0, 0, 0, 1, 0], EMPTY],
    );
    assert_eq!(legal(&position), ["F1L"]);
    let mut after = position;
    let report = after.play_reported(mv("F1L")).unwrap();
    // North's only front kete is taken: B-9, the handful of 1 goes to pending.
    assert_eq!(report.captures, 1);
    assert_eq!(after.pending(Player::First), 1);
    let end = after.end_reason().unwrap();
    assert_eq!(
        end,
        EndReason::FrontEmptied {
            winner: Player::First
        }
    );
}

#[test]
fn b9_b14_a_winning_second_capture_ends_at_once_without_the_addition() {
    // F3 (1) faces north F6 (7); F7 (1) faces north F2 (1), north's last other front kete.
    let mut position = namua(
        [0, 0, 1, 0, 0, 0, 1, 0],
        [0, 1, 0, 0, 0, 7, 0, 0],
        [false; 2],
    );
    // F3R: F3 1→2; take 7: F1 … F7 (F7 1→2) → take north F2 (1): north's front row is
    // empty, so the move ends there: 1 kete pending, two captures but no addition.
    let report = position.play_reported(mv("F3R")).unwrap();
    assert_eq!((report.captures, report.addition), (2, None));
    assert_eq!(front(&position, Player::First), [1, 1, 3, 1, 1, 1, 2, 0]);
    assert_eq!(position.pending(Player::First), 1);
    assert_eq!(
        (position.hand(Player::First), position.hand(Player::Second)),
        (9, 10)
    );
    let end = position.end_reason().unwrap();
    assert_eq!(
        end,
        EndReason::FrontEmptied {
            winner: Player::First
        }
    );
    assert_eq!(position.to_move(), Player::First);
    assert_eq!(position.total_kete(), 64);
}

#[test]
fn b20_the_front_empty_outcome_names_who_emptied_which_row() {
    // Finished set-ups (a front-empty end keeps the mover as `player`). South moved; its
    // own front row is empty, so north wins because of south's own move.
    let own_row = |mover: Player, winner: Player| bao_nyakua::Setup {
        pits: ByPlayer::new(
            [[0; 8], [10, 0, 0, 0, 0, 0, 0, 0]],
            [[10, 0, 0, 0, 0, 0, 0, 0], [0; 8]],
        ),
        house_owned: ByPlayer::splat(false),
        to_move: mover,
        winner: Some(winner),
        reason: ReasonName::FrontEmpty,
        turn: 9,
        ..bao_nyakua::Setup::new(Ruleset::Seed)
    };
    let self_emptied = Position::from_setup(own_row(Player::First, Player::Second)).unwrap();
    assert_eq!(
        self_emptied.outcome_text(),
        "north wins: south emptied its own front row (front-empty)"
    );
    // North moved and emptied south's front row.
    let emptied = Position::from_setup(own_row(Player::Second, Player::Second)).unwrap();
    assert_eq!(
        emptied.outcome_text(),
        "north emptied south's front row (front-empty)"
    );
}

#[test]
fn b22_junk_and_non_ascii_notation_is_an_error_not_a_panic() {
    for bad in [
        "é",
        "Fé",
        "F1é",
        "F1Ré",
        "F1R:ｓtop",
        " F1R",
        "F1R ",
        "F1R:",
        "pass:stop",
        "F-1R",
        "F+1R",
        "P",
        "F\u{0}R",
        "F06L",
        "f01r",
        "B08R",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?}");
    }
}
