//! One or more tests per decision id of `rules/bao-nyakua.md` (B-1 … B-24), on hand-made
//! positions whose results are worked out by hand in the comments.

use bao_nyakua::{
    EndReason, Move, MoveObject, NyumbaChoice, Observer, Phase, PhaseName, Pit, PlayError,
    Position, Row, Ruleset, StateRecord, Step, TOTAL_KETE,
};
use game_core::{Game, Player};

type Side = [[u8; 8]; 2];
const EMPTY: [u8; 8] = [0; 8];

/// A position with `mover` to move; the kete short of 64 go to the other player's `B1`.
fn setup(
    south: Side,
    north: Side,
    hands: [u8; 2],
    owned: [bool; 2],
    mover: Player,
    phase: PhaseName,
    ruleset: Ruleset,
) -> Position {
    let mut pits = [south, north];
    let used: u32 = pits
        .iter()
        .flatten()
        .flatten()
        .map(|&k| u32::from(k))
        .sum::<u32>()
        + hands.iter().map(|&k| u32::from(k)).sum::<u32>();
    let sink = 1 - mover.index();
    pits[sink][1][0] += u8::try_from(TOTAL_KETE - used).unwrap();
    let state = StateRecord {
        pits,
        reserve: hands,
        nyakua_reserve: [0, 0],
        house_owned: owned,
        player: mover.index() as u8,
        phase,
        winner: None,
        reason: String::new(),
        turn: 1,
        pending: [0, 0],
    };
    Position::from_state(&state, ruleset).unwrap()
}

/// South to move in NAMUA with 10 kete in each hand.
fn namua(south_front: [u8; 8], north_front: [u8; 8], owned: [bool; 2]) -> Position {
    setup(
        [south_front, EMPTY],
        [north_front, EMPTY],
        [10, 10],
        owned,
        Player::First,
        PhaseName::Namua,
        Ruleset::Seed,
    )
}

/// South to move in MTAJI.
fn mtaji(south: Side, north: Side) -> Position {
    setup(
        south,
        north,
        [0, 0],
        [false, false],
        Player::First,
        PhaseName::Mtaji,
        Ruleset::Seed,
    )
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn legal(position: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    names
}

fn front(position: &Position, player: Player) -> [u8; 8] {
    position.ring(player)[..8].try_into().unwrap()
}

fn back(position: &Position, player: Player) -> [u8; 8] {
    let ring = position.ring(player);
    std::array::from_fn(|i| ring[15 - i])
}

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

/// South F3 (1) faces north F6 (5); south's owned NYUMBA holds 5 and faces an empty pit.
fn choice_position() -> Position {
    namua(
        [0, 0, 1, 0, 5, 0, 0, 0],
        [1, 0, 0, 0, 0, 5, 0, 0],
        [true; 2],
    )
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
    .to_state();
    state.house_owned = [true, true];
    let mut position = Position::from_state(&state, Ruleset::Seed).unwrap();
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
    let end = position.end().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Player::First, EndReason::FrontEmpty)
    );
    assert_eq!(position.to_move(), Player::First, "the mover stays");
    assert_eq!(position.turn(), 1, "the turn does not advance");
    assert_eq!(position.total_kete(), 64);
    assert_eq!(position.outcome().winner(), Some(Player::First));
}

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
    let object = MoveObject::describe(&position, mv("F5L"));
    assert_eq!(object.house_two, Some(true));
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
    .to_state();
    state.house_owned = [true, true];
    let mut position = Position::from_state(&state, Ruleset::Seed).unwrap();
    position.play(mv("B1R")).unwrap();
    assert!(!position.owns_nyumba(Player::First));

    let mut state = mtaji(
        [[0, 0, 0, 0, 2, 0, 0, 1], EMPTY],
        [[1, 0, 0, 0, 0, 0, 0, 0], EMPTY],
    )
    .to_state();
    state.house_owned = [true, true];
    let mut position = Position::from_state(&state, Ruleset::Seed).unwrap();
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
    let mut state = position.to_state();
    let sink = state.pits[1][1][0] - 1;
    state.pits[1][1][0] = 1;
    state.pits[0][1][7] += sink;
    position = Position::from_state(&state, Ruleset::Seed).unwrap();
    position.play(mv("F8L")).unwrap();
    let end = position.end().unwrap();
    assert_eq!((end.winner, end.reason), (Player::First, EndReason::NoMove));
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
        Err(PlayError::GameOver { .. })
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
