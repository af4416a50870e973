//! One or more tests per decision id of `docs/bao-nyakua.md` (B-1 … B-9: board, laps,
//! captures), on hand-made positions whose results are worked out by hand in the comments.

mod support;

use bao_nyakua::{EndReason, Observer, Phase, Pit, PlayError, Position, Row, Ruleset, Step};
use game_core::{ByPlayer, Game, Player};
use support::positions::*;

#[test]
fn b1_own_fi_faces_the_opponents_f_9_minus_i() {
    // South F3 (index 2) faces north F6 (index 5).
    let mut position = namua(
        [0, 0, 1, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 3, 0, 0],
        [false; 2],
    );
    assert_eq!(legal(&position), ["F3L", "F3R"]);
    // F3R: F3 1→2; take north F6 (3); sow F1, F2, F3 (2→3, occupied, faces the now
    // empty F6) → relay 3: F4, F5, F6 (empty) → end.
    let report = position.play_reported(mv("F3R")).unwrap();
    assert_eq!(report.captures, 1);
    assert_eq!(front(&position, Player::Second), [1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(front(&position, Player::First), [1, 1, 0, 1, 1, 1, 0, 0]);
    assert_eq!(Pit::NYUMBA.to_string(), "F5");
}

#[test]
fn b2_the_start_position() {
    let start = Position::start(Ruleset::Seed);
    for player in Player::BOTH {
        assert_eq!(front(&start, player), [0, 0, 0, 0, 6, 2, 2, 0]);
        assert_eq!(back(&start, player), EMPTY);
        assert_eq!(start.hand(player), 22);
        assert!(start.owns_nyumba(player));
    }
    assert_eq!(start.phase(), Phase::Namua);
    assert_eq!(start.to_move(), Player::First);
    assert_eq!(start.turn(), 1);
    assert_eq!(start.total_kete(), 64);
}

#[test]
fn b3_every_step_of_one_move_keeps_64_kete_counting_those_in_flight() {
    struct Totals(Vec<(u32, Step)>);
    impl Observer for Totals {
        fn step(&mut self, position: &Position, step: Step) {
            let in_flight = match step {
                Step::Lift { in_flight, .. }
                | Step::Sow { in_flight, .. }
                | Step::Capture { in_flight, .. }
                | Step::Relay { in_flight, .. } => u32::from(in_flight),
                _ => 0,
            };
            self.0.push((position.total_kete() + in_flight, step));
        }
    }
    let mut position = Position::start(Ruleset::Seed);
    let mut totals = Totals(Vec::new());
    position.play_observed(mv("F7L"), &mut totals).unwrap();
    // Place, lift 3, sow 3, lap end.
    assert_eq!(totals.0.len(), 6);
    assert!(totals.0.iter().all(|&(t, _)| t == 64), "{:?}", totals.0);
}

#[test]
fn b4_the_ring_turns_from_the_front_row_into_the_back_row_on_the_same_side() {
    // MTAJI: F8 (3) rightward goes B8, B7, B6; F1 (2) leftward goes B1, B2.
    let position = mtaji(
        [[2, 0, 0, 0, 0, 0, 0, 3], EMPTY],
        [[0, 0, 0, 1, 0, 0, 0, 0], EMPTY],
    );
    let mut right = position;
    right.play(mv("F8R")).unwrap();
    assert_eq!(back(&right, Player::First), [0, 0, 0, 0, 0, 1, 1, 1]);
    let mut left = position;
    left.play(mv("F1L")).unwrap();
    assert_eq!(back(&left, Player::First), [1, 1, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn b5_a_lifted_handful_starts_in_the_next_pit() {
    // F7L from the start: F7 2→3 lifted; F6, F5, F4 get one each.
    let mut position = Position::start(Ruleset::Seed);
    position.play(mv("F7L")).unwrap();
    assert_eq!(front(&position, Player::First), [0, 0, 0, 1, 7, 3, 0, 0]);
    assert_eq!(position.hand(Player::First), 21);
}

#[test]
fn b5_b8_a_captured_handful_starts_in_the_entry_pit_itself() {
    // F3L: entry F8 leftward. North F6 (2): F8, F7 (0→1, empty) → end.
    let mut position = namua(
        [0, 0, 1, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 2, 0, 0],
        [false; 2],
    );
    position.play(mv("F3L")).unwrap();
    assert_eq!(front(&position, Player::First), [0, 0, 2, 0, 0, 0, 1, 1]);
}

#[test]
fn b6_1_a_lap_ending_in_an_empty_pit_ends_the_move() {
    let mut position = Position::start(Ruleset::Seed);
    position.play(mv("F7L")).unwrap(); // last kete into the empty F4
    assert_eq!(position.to_move(), Player::Second);
    assert_eq!(position.turn(), 2);
}

#[test]
fn b6_2_capture_comes_before_the_nyumba_stop_and_b8_later_entries_follow_the_lap() {
    // South F3 (1) faces north F6 (5); south F5 (5, owned) faces north F4 (2).
    let position = namua(
        [0, 0, 1, 0, 5, 0, 0, 0],
        [1, 0, 0, 2, 0, 5, 0, 0],
        [true; 2],
    );
    // The lap of F3R ends on the owned NYUMBA with 6, but it faces kete: it captures, so
    // no choice arises and the plain move is listed.
    assert!(legal(&position).contains(&"F3R".to_string()));
    let mut after = position;
    let report = after.play_reported(mv("F3R")).unwrap();
    // F3 1→2; take 5: F1, F2, F3 2→3, F4, F5 5→6 → capture north F4 (2) from F5 moving
    // right: left entry: F1 1→2, F2 1→2 → relay 2: F3 3→4, F4 1→2 → relay 2: F5 6→7,
    // F6 (empty) → end. Two captures: the addition goes into F6 (B-14).
    assert_eq!(report.captures, 2);
    assert_eq!(report.addition, Some(Pit::new(Row::Front, 5).unwrap()));
    assert_eq!(front(&after, Player::First), [2, 0, 4, 0, 7, 3, 0, 0]);
    assert_eq!(after.hand(Player::First), 8);
    assert_eq!(after.hand(Player::Second), 9);
    assert!(after.owns_nyumba(Player::First));
}

#[test]
fn b6_3_b22_a_capture_ending_on_the_owned_nyumba_offers_stop_and_use() {
    let position = choice_position();
    // F3R's handful F1..F5 ends on the NYUMBA (5→6), facing nothing: the choice.
    // F3L's handful F8, F7, F6, F5, F4 ends in the empty F4: no choice.
    assert_eq!(legal(&position), ["F3L", "F3R:stop", "F3R:use"]);
    assert_eq!(
        position.check_move(mv("F3R")),
        Err(PlayError::ChoiceRequired { mv: mv("F3R") })
    );
    assert_eq!(
        position.check_move(mv("F3L:stop")),
        Err(PlayError::NoChoice { mv: mv("F3L:stop") })
    );
    let mut stop = position;
    stop.play(mv("F3R:stop")).unwrap();
    // F3 1→2, then the handful passes it: 3.
    assert_eq!(front(&stop, Player::First), [1, 1, 3, 1, 6, 0, 0, 0]);
    assert!(stop.owns_nyumba(Player::First));
    let mut use_ = position;
    use_.play(mv("F3R:use")).unwrap();
    // Lift 6: F6, F7, F8, B8, B7, B6 (empty) → end; ownership gone (B-18).
    assert_eq!(front(&use_, Player::First), [1, 1, 3, 1, 0, 1, 1, 1]);
    assert_eq!(back(&use_, Player::First), [0, 0, 0, 0, 0, 1, 1, 1]);
    assert!(!use_.owns_nyumba(Player::First));
}

#[test]
fn b6_3_a_takata_stops_on_the_owned_nyumba_holding_6_after_the_kete_landed() {
    // F3R: F3 1→2 lifted: F4, F5 5→6 → stop.
    let mut position = namua(
        [0, 0, 1, 0, 5, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [true; 2],
    );
    position.play(mv("F3R")).unwrap();
    assert_eq!(front(&position, Player::First), [0, 0, 0, 1, 6, 0, 0, 0]);
    assert!(position.owns_nyumba(Player::First));
    assert_eq!(position.to_move(), Player::Second);
}

#[test]
fn b6_4_b18_with_5_after_the_kete_the_nyumba_relays_and_is_lost() {
    // F3R: F4, F5 4→5 → relay 5: F6, F7, F8, B8, B7 (empty) → end.
    let mut position = namua(
        [0, 0, 1, 0, 4, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [true; 2],
    );
    position.play(mv("F3R")).unwrap();
    assert_eq!(front(&position, Player::First), [0, 0, 0, 1, 0, 1, 1, 1]);
    assert_eq!(back(&position, Player::First), [0, 0, 0, 0, 0, 0, 1, 1]);
    assert!(!position.owns_nyumba(Player::First));
}

#[test]
fn b6_the_nyumba_stop_needs_ownership_and_namua() {
    // Not owned: F2R (2→3) sows F3, F4, F5 5→6 and relays 6: F6, F7, F8, B8, B7, B6.
    let mut position = namua(
        [0, 2, 0, 0, 5, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [false; 2],
    );
    position.play(mv("F2R")).unwrap();
    assert_eq!(front(&position, Player::First), [0, 0, 1, 1, 0, 1, 1, 1]);
    // In MTAJI the NYUMBA is an ordinary pit (B-17): the same lap relays.
    let mut state = mtaji(
        [[0, 0, 2, 0, 5, 0, 0, 0], EMPTY],
        [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
    )
    .setup();
    state.house_owned = ByPlayer::splat(true);
    let mut position = Position::from_setup(state.clone()).unwrap();
    position.play(mv("F3R")).unwrap(); // F4, F5 5→6 → relay 6
    assert_eq!(front(&position, Player::First), [0, 0, 0, 1, 0, 1, 1, 1]);
}

#[test]
fn b7_b17_a_takata_never_captures_and_16_or_more_only_start_a_takata() {
    // MTAJI: F1 holds 17. Rightward its lap passes F2 once and ends there (1→2), facing
    // north F7: a capture pit for a 2–15 handful, but 17 may only start a takata.
    let mut position = mtaji(
        [[17, 0, 0, 0, 0, 0, 0, 0], EMPTY],
        [[0, 0, 0, 0, 0, 0, 1, 0], EMPTY],
    );
    assert_eq!(legal(&position), ["F1R"]); // F1L is forbidden by B-13
    let report = position.play_reported(mv("F1R")).unwrap();
    assert_eq!(report.captures, 0);
    assert_eq!(front(&position, Player::Second), [0, 0, 0, 0, 0, 0, 1, 0]);
}

#[test]
fn b8_first_namua_captures_from_f1_f2_enter_left_from_f7_f8_enter_right() {
    // F1 faces north F8, F8 faces north F1, F4 faces north F5.
    let position = namua(
        [1, 0, 0, 1, 0, 0, 0, 1],
        [1, 0, 0, 0, 1, 0, 0, 1],
        [false; 2],
    );
    assert_eq!(legal(&position), ["F1R", "F4L", "F4R", "F8L"]);
    assert_eq!(
        position.check_move(mv("F1L")),
        Err(PlayError::WrongEntry { mv: mv("F1L") })
    );
    assert_eq!(
        position.check_move(mv("F8R")),
        Err(PlayError::WrongEntry { mv: mv("F8R") })
    );
}

#[test]
fn b8_a_later_capture_from_f7_enters_right_and_turns_the_sowing_leftward() {
    // F3 (1) faces north F6 (7); F7 (1) faces north F2 (1).
    let mut position = namua(
        [0, 0, 1, 0, 0, 0, 1, 0],
        [1, 1, 0, 0, 0, 7, 0, 0],
        [false; 2],
    );
    // F3R: F3 1→2; take 7: F1..F7 (F7 1→2) → capture north F2 (1) from F7: right entry,
    // leftward: F8 (empty) → end. Two captures: addition into F8.
    let report = position.play_reported(mv("F3R")).unwrap();
    assert_eq!(report.captures, 2);
    assert_eq!(front(&position, Player::First), [1, 1, 3, 1, 1, 1, 2, 3]);
    assert_eq!(report.addition, Some(Pit::RIGHT_ENTRY));
}

#[test]
fn b9_capturing_the_last_front_kete_wins_at_once_into_pending() {
    let mut position = namua(
        [0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 4, 0, 0],
        [false; 2],
    );
    let report = position.play_reported(mv("F3R")).unwrap();
    assert_eq!(
        (report.placed, report.captures, report.addition),
        (1, 1, None)
    );
    assert_eq!(position.pending(Player::First), 4);
    assert_eq!(front(&position, Player::First), [0, 0, 2, 0, 0, 0, 0, 0]);
    let end = position.end_reason().unwrap();
    assert_eq!(
        end,
        EndReason::FrontEmptied {
            winner: Player::First
        }
    );
    assert_eq!(position.to_move(), Player::First, "the mover stays");
    assert_eq!(position.turn(), 1, "the turn does not advance");
    assert_eq!(position.total_kete(), 64);
    assert_eq!(position.outcome().winner(), Some(Player::First));
}
