//! One or more tests per decision K-1 … K-13, each on a position worked out by hand.

mod brute;

use brute::Brute;
#[cfg(feature = "serde")]
use kazura_core::{BadMoveReason, Record, RecordError};
use kazura_core::{
    Colour, Comparison, Coord, EndReason, Game, GeometryError, GroupLengths, Kazura, Move, Outcome,
    PlayError, Player, Seat,
};

/// Plays space-separated moves, panicking with the move's text if one is refused.
fn play_all(game: &mut Kazura, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn game_after(size: usize, moves: &str) -> Kazura {
    let mut game = Kazura::new(size).unwrap();
    play_all(&mut game, moves);
    game
}

fn at(text: &str) -> Coord {
    text.parse().unwrap()
}

fn place(text: &str) -> Move {
    Move::Place(at(text))
}

fn legal_names(game: &Kazura) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    names
}

/// Plays `mv`, expecting the error `expected`, and checks the state did not change.
fn refused(game: &mut Kazura, mv: Move) -> PlayError {
    let before = game.clone();
    let error = game.play(mv).expect_err("the move must be refused");
    assert_eq!(*game, before, "a refused move changed the state");
    error
}

#[test]
fn k1_the_default_board_is_13x13() {
    let game = Kazura::default();
    assert_eq!(game.size(), 13);
    assert_eq!(game, Kazura::standard());
    assert_eq!(game, Kazura::new(13).unwrap());
    assert_eq!(legal_names(&game).len(), 169);
}

#[test]
fn k1_every_size_from_2_to_25_works_and_no_other() {
    for size in 2..=25 {
        let game = Kazura::new(size).unwrap();
        assert_eq!(game.placement_count(Colour::Black), size * size);
        assert_eq!(legal_names(&game).len(), size * size);
    }
    for size in [0, 1, 26, 1000] {
        let error = Kazura::new(size).unwrap_err();
        assert_eq!(error, GeometryError(size));
        assert!(error.to_string().contains(&size.to_string()));
    }
}

#[test]
fn k1_9x9_and_19x19_corners_are_on_the_board_and_one_past_is_not() {
    let mut nine = Kazura::new(9).unwrap();
    assert!(nine.parse_move("J9").is_ok());
    assert!(nine.parse_move("K9").is_err());
    assert!(nine.parse_move("J10").is_err());
    let nineteen = Kazura::new(19).unwrap();
    assert!(nineteen.parse_move("T19").is_ok());
    assert!(nineteen.parse_move("U19").is_err());
    // Off the board by `Move` built in code: a typed error, state unchanged.
    let error = refused(&mut nine, Move::Place(Coord::new(9, 0)));
    assert!(
        matches!(error, PlayError::OffBoard { size: 9, .. }),
        "{error}"
    );
}

#[test]
fn k2_the_board_starts_empty_and_black_moves_first() {
    let game = Kazura::new(5).unwrap();
    assert_eq!(game.colour_to_move(), Colour::Black);
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(game.ply(), 0);
    assert!((0..5).all(|c| (0..5).all(|r| game.stone_at(Coord::new(c, r)).is_none())));
    let game = game_after(5, "C3");
    assert_eq!(game.stone_at(at("C3")), Some(Colour::Black));
    assert_eq!(game.colour_to_move(), Colour::White);
}

#[test]
fn k2_the_swap_trades_seats_but_not_the_colour_to_move() {
    let game = game_after(5, "C3 swap");
    assert_eq!(game.colour_to_move(), Colour::White);
    assert_eq!(game.seat_of(Colour::Black), Seat::Responder);
    assert_eq!(game.seat_of(Colour::White), Seat::Opener);
    let game = game_after(5, "C3 swap D4");
    assert_eq!(game.stone_at(at("D4")), Some(Colour::White));
    assert_eq!(game.colour_to_move(), Colour::Black);
}

#[test]
fn k3_touching_two_stones_of_one_group_closes_a_loop() {
    // Black G7-H7 and G7-G8 form one group; H8 touches H7 and G8.
    let mut game = game_after(13, "G7 A1 H7 B1 G8 C1");
    let error = refused(&mut game, place("H8"));
    assert_eq!(
        error,
        PlayError::ClosesLoop {
            point: at("H8"),
            colour: Colour::Black
        }
    );
    assert!(error.to_string().contains("H8"), "{error}");
    assert!(!game.can_place(Colour::Black, at("H8")));
    // White may play there: only Black's groups matter for Black.
    assert!(game.can_place(Colour::White, at("H8")));
}

#[test]
fn k3_a_loop_around_a_hole_is_closed_by_its_last_stone_even_far_from_the_first() {
    // Black B2 B3 C3 D3 D2 is a U; C2 touches B2 and D2, the two ends of one group.
    let mut game = game_after(5, "B2 A5 B3 B5 C3 C5 D3 D5 D2 E5");
    assert!(matches!(
        refused(&mut game, place("C2")),
        PlayError::ClosesLoop { .. }
    ));
    // White may fill the hole.
    play_all(&mut game, "A1 C2");
    assert_eq!(game.stone_at(at("C2")), Some(Colour::White));
}

#[test]
fn k3_touching_stones_of_different_groups_joins_them() {
    // Black B2 and D2 are separate; C2 touches both and joins them into one path of 3.
    let mut game = game_after(5, "B2 E5 D2 E4");
    assert_eq!(game.group_length_at(at("B2")), Some(1));
    play_all(&mut game, "C2");
    assert_eq!(game.group_length_at(at("B2")), Some(3));
    assert_eq!(game.group_length_at(at("D2")), Some(3));
    assert_eq!(game.group_lengths().black, vec![3]);
    // Four groups around one point: all joined into a plus, a path of 3.
    let game = game_after(5, "C2 A5 B3 B5 D3 D5 C4 E5 C3");
    assert_eq!(game.group_lengths().black, vec![3]);
    assert_eq!(game.group_length_at(at("C4")), Some(3));
}

#[test]
fn k4_opponent_stones_never_matter_and_nothing_is_captured() {
    // White C3 surrounded by four separate Black stones: it stays, and White may still
    // place next to Black stones anywhere.
    let game = game_after(5, "C2 C3 B3 A1 D3 E1 C4");
    assert_eq!(game.stone_at(at("C3")), Some(Colour::White));
    for text in ["B2", "D2", "B4", "D4"] {
        assert!(game.can_place(Colour::White, at(text)), "{text}");
    }
    // Black's four stones are four groups (diagonal points are not adjacent).
    assert_eq!(game.group_lengths().black, vec![1, 1, 1, 1]);
    // A point ringed by White stones of two groups is legal for Black.
    assert!(game.can_place(Colour::Black, at("B2")));
}

#[test]
fn k5_a_finished_game_has_only_trees() {
    let mut game = Kazura::new(9).unwrap();
    game.play_random_game(&mut kazura_core::GameRng::seed_from(5));
    assert!(game.is_over());
    let mut brute = Brute::new(9);
    for p in 0..81 {
        brute.cells[p] = game
            .stone_at(Coord::new((p % 9) as u8, (p / 9) as u8))
            .map(Colour::index);
    }
    brute.every_group_is_a_tree().unwrap();
}

/// 3×3 after these moves Black's only empty point, B2, touches A2 and B3 of one group;
/// White may still place on B2.
const BLACK_MUST_PASS: &str = "A3 C2 A2 A1 B3 C1 B1 C3";

#[test]
fn k6_pass_is_the_only_move_when_nowhere_to_place() {
    let mut game = game_after(3, BLACK_MUST_PASS);
    assert_eq!(game.colour_to_move(), Colour::Black);
    assert_eq!(game.placement_count(Colour::Black), 0);
    assert_eq!(legal_names(&game), ["pass"]);
    assert!(matches!(
        refused(&mut game, place("B2")),
        PlayError::ClosesLoop { .. }
    ));
    play_all(&mut game, "pass");
    assert_eq!(game.colour_to_move(), Colour::White);
    assert_eq!(legal_names(&game), ["B2"]);
}

#[test]
fn k6_pass_is_refused_while_a_placement_exists() {
    let mut game = game_after(3, "A3");
    let error = refused(&mut game, Move::Pass);
    assert_eq!(
        error,
        PlayError::PassNotAllowed {
            colour: Colour::White,
            example: at("A1")
        }
    );
    assert!(!legal_names(&game).contains(&"pass".to_string()));
}

#[test]
fn k7_the_game_ends_when_neither_colour_can_place() {
    let mut game = game_after(3, BLACK_MUST_PASS);
    assert!(!game.is_over());
    play_all(&mut game, "pass B2");
    assert!(game.is_over());
    assert!(legal_names(&game).is_empty());
    assert!(game.outcome().is_over());
    let error = refused(&mut game, Move::Pass);
    assert!(matches!(error, PlayError::GameOver), "{error}");
}

#[test]
fn k7_a_full_2x2_board_ends_the_game() {
    let mut game = game_after(2, "A1 B2 B1");
    assert!(!game.is_over());
    play_all(&mut game, "A2");
    assert!(game.is_over());
}

#[test]
fn k7_the_end_comes_with_empty_points_left() {
    // 3×3: Black A1 A2 A3 B3 and White B1 C1 C2 C3 leave B2, which closes a loop for both.
    let game = game_after(3, "A1 C1 A2 B1 A3 C2 B3 C3");
    assert_eq!(game.stone_at(at("B2")), None);
    assert!(game.is_over());
    assert_eq!(game.outcome(), Outcome::draw(EndReason::EqualLengths));
    assert_eq!(
        game.outcome_text(),
        "draw with equal lengths black [4], white [4]"
    );
}

#[test]
fn k8_swap_is_legal_only_right_after_blacks_first_stone() {
    let mut game = Kazura::new(5).unwrap();
    assert!(matches!(
        refused(&mut game, Move::Swap),
        PlayError::SwapNotAvailable { ply: 0 }
    ));
    play_all(&mut game, "C3");
    assert!(legal_names(&game).contains(&"swap".to_string()));
    assert_eq!(legal_names(&game).len(), 24 + 1);
    let mut swapped = game.clone();
    play_all(&mut swapped, "swap");
    assert!(swapped.swapped());
    // Never twice, never later.
    assert!(!legal_names(&swapped).contains(&"swap".to_string()));
    assert_eq!(
        refused(&mut swapped, Move::Swap),
        PlayError::SwapNotAvailable { ply: 2 }
    );
    play_all(&mut game, "D4");
    assert!(!game.swapped());
    assert!(matches!(
        refused(&mut game, Move::Swap),
        PlayError::SwapNotAvailable { ply: 2 }
    ));
}

#[test]
fn k8_after_the_swap_the_board_is_unchanged_and_white_moves() {
    let before = game_after(5, "C3");
    let after = game_after(5, "C3 swap");
    assert_eq!(after.stone_at(at("C3")), Some(Colour::Black));
    assert_eq!(after.colour_to_move(), Colour::White);
    assert_eq!(after.ply(), 2);
    assert_eq!(after.seat_of(Colour::Black), Seat::Responder);
    assert_eq!(before.seat_of(Colour::Black), Seat::Opener);
    let placements = |g: &Kazura| {
        legal_names(g)
            .into_iter()
            .filter(|m| m != "swap")
            .collect::<Vec<_>>()
    };
    assert_eq!(placements(&after), placements(&before));
    assert_eq!(after.moves(), [place("C3"), Move::Swap]);
}

#[test]
fn k9_a_lone_stone_has_length_1() {
    let game = game_after(5, "C3");
    assert_eq!(game.group_length_at(at("C3")), Some(1));
    assert_eq!(game.longest_length(Colour::Black), 1);
    assert_eq!(game.longest_length(Colour::White), 0);
    assert_eq!(game.group_length_at(at("A1")), None);
}

#[test]
fn k9_length_is_the_longest_path_not_the_stone_count() {
    // A plus of five stones: the longest path has 3 stones.
    let game = game_after(5, "C3 A5 B3 B5 D3 D5 C2 E5 C4");
    assert_eq!(game.group_length_at(at("C3")), Some(3));
    // A long arm makes the path bend through the centre: B3 C3 C4 C5 is 4 stones.
    let game = game_after(5, "C3 A5 B3 B5 D3 D5 C2 E1 C4 E2 C5");
    assert_eq!(game.group_length_at(at("C2")), Some(4));
}

#[test]
fn k9_a_joining_stone_links_the_far_ends_of_both_groups() {
    // Black A1-A2-A3 and C1-C2-C3 ... joined at B3 into one path A1..A3 B3 C3..C1: 7.
    let game = game_after(5, "A1 E5 A2 E4 A3 E3 C1 E2 C2 E1 C3 D5 B3");
    assert_eq!(game.group_length_at(at("B3")), Some(7));
    assert_eq!(game.group_lengths().black, vec![7]);
}

#[test]
fn k10_the_first_difference_decides() {
    let lists = GroupLengths {
        black: vec![9, 4, 1],
        white: vec![9, 3, 3, 2],
    };
    assert_eq!(
        lists.compare(),
        Comparison::LongerGroup {
            winner: Colour::Black,
            rank: 2
        }
    );
    assert_eq!(lists.winner(), Some(Colour::Black));
    assert_eq!(lists.to_string(), "black [9 4 1], white [9 3 3 2]");
}

#[test]
fn k10_a_prefix_loses_to_the_longer_list() {
    let lists = GroupLengths {
        black: vec![5, 2],
        white: vec![5, 2, 1],
    };
    assert_eq!(
        lists.compare(),
        Comparison::MoreGroups {
            winner: Colour::White,
            rank: 3
        }
    );
    let none = GroupLengths {
        black: vec![],
        white: vec![1],
    };
    assert_eq!(none.winner(), Some(Colour::White));
}

#[test]
fn k10_equal_lists_draw() {
    let lists = GroupLengths {
        black: vec![3, 1],
        white: vec![3, 1],
    };
    assert_eq!(lists.compare(), Comparison::Equal);
    assert_eq!(lists.winner(), None);
}

#[test]
fn k10_the_result_line_shows_both_sorted_lists() {
    // 2×2: Black A1 B1 (length 2) and White B2 A2 (length 2): a draw.
    let game = game_after(2, "A1 B2 B1 A2");
    assert_eq!(
        game.outcome_text(),
        "draw with equal lengths black [2], white [2]"
    );
    // 3×3 where Black passes: Black A2-A3-B3 and B1, White C1-C2-C3 with B2, and A1.
    let game = game_after(3, &format!("{BLACK_MUST_PASS} pass B2"));
    assert_eq!(
        game.outcome_text(),
        "draw with equal lengths black [3 1], white [3 1]"
    );
    // 3×3: Black C1-C2-B2-A2 (and B3) against White A1-B1, A3, C3.
    let game = game_after(3, "C1 A3 B2 B1 B3 C3 A2 A1 C2");
    assert!(game.is_over());
    assert_eq!(
        game.group_lengths(),
        GroupLengths {
            black: vec![4],
            white: vec![2, 1, 1]
        }
    );
    assert_eq!(
        game.outcome_text(),
        "black by a longer group at rank 1 (4 against 2); lengths black [4], white [2 1 1]"
    );
    assert_eq!(game.outcome().winner(), Some(Player::First));
}

#[test]
fn k11_resigning_ends_the_game_and_loses() {
    let mut game = game_after(5, "A1 B2 A2 B3 A3");
    assert_eq!(game.longest_length(Colour::Black), 3);
    // Black resigns while ahead and not on turn: resigning is not a move.
    game.resign(Colour::Black.player()).unwrap();
    assert_eq!(game.ply(), 5);
    assert!(game.is_over());
    assert!(legal_names(&game).is_empty());
    assert_eq!(game.outcome().winner(), Some(Player::Second));
    assert!(game.outcome_text().starts_with("white as black resigned"));
    assert!(matches!(
        game.resign(Colour::White.player()),
        Err(PlayError::GameOver)
    ));
    assert!(matches!(
        refused(&mut game, place("E5")),
        PlayError::GameOver
    ));
}

#[test]
fn k12_decided_names_the_colour_that_can_no_longer_be_caught() {
    // 3×3 after C1 A3 B2 B1 B3 C3 A2: Black A2-B2-B3 has length 3. White's stones and
    // placeable points form the regions {A3}, {A1 B1} and {C2 C3}: White can reach 2 at most.
    let game = game_after(3, "C1 A3 B2 B1 B3 C3 A2");
    assert!(!game.is_over());
    assert_eq!(game.longest_length(Colour::Black), 3);
    assert_eq!(game.reach_bound(Colour::White), 2);
    assert_eq!(game.decided(), Some(Colour::Black));
    // One move earlier White could still reach 3 (A1 B1 ... ) or more: not decided.
    let earlier = game_after(3, "C1 A3 B2 B1 B3 C3");
    assert_eq!(earlier.decided(), None);
    // The query never ends the game.
    assert!(!legal_names(&game).is_empty());
}

#[test]
fn k13_moves_read_case_insensitively_and_print_canonically() {
    let game = Kazura::new(13).unwrap();
    for (text, printed) in [
        ("g7", "G7"),
        ("N13", "N13"),
        ("PASS", "pass"),
        ("Swap", "swap"),
    ] {
        assert_eq!(game.parse_move(text).unwrap().to_string(), printed);
    }
    for bad in ["", "I5", "A0", "A01", "O1", "N14", "Z99", "pas", "g 7"] {
        let error = game.parse_move(bad).unwrap_err();
        assert!(error.to_string().contains(&format!("`{bad}`")), "{error}");
    }
}

#[test]
#[cfg(feature = "serde")]
fn k13_a_record_stores_the_size_and_replays_to_the_same_game() {
    let game = game_after(3, &format!("{BLACK_MUST_PASS} pass B2"));
    let record = game.to_record();
    assert_eq!(record.size, 3);
    assert_eq!(record.moves.join(" "), format!("{BLACK_MUST_PASS} pass B2"));
    let json = record.to_json();
    assert_eq!(Record::from_json(&json).unwrap().replay().unwrap(), game);
}

#[test]
#[cfg(feature = "serde")]
fn k13_a_bad_record_names_its_first_bad_move() {
    let read = |json: &str| Record::from_json(json).and_then(|r| r.replay());
    let error = read(r#"{"game":"kazura","size":3,"moves":["A1","A1"]}"#).unwrap_err();
    assert!(
        matches!(
            error,
            RecordError::BadMove {
                number: 2,
                reason: BadMoveReason::Illegal(PlayError::Occupied { .. }),
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error.to_string().starts_with("move 2 (`A1`) is illegal"),
        "{error}"
    );
    let error = read(r#"{"game":"kazura","size":3,"moves":["A1","D4"]}"#).unwrap_err();
    assert!(
        matches!(
            error,
            RecordError::BadMove {
                number: 2,
                reason: BadMoveReason::Unreadable(_),
                ..
            }
        ),
        "{error}"
    );
    let error = read(r#"{"game":"go9","size":3,"moves":[]}"#).unwrap_err();
    assert!(matches!(error, RecordError::WrongGame { .. }), "{error}");
    let error = read(r#"{"game":"kazura","size":30,"moves":[]}"#).unwrap_err();
    assert!(matches!(error, RecordError::Size(_)), "{error}");
    let error = read(r#"{"game":"kazura","size":3,"moves":[],"extra":1}"#).unwrap_err();
    assert!(matches!(error, RecordError::Json(_)), "{error}");
    let error =
        read(r#"{"game":"kazura","size":3,"moves":["A1"],"result":"black wins"}"#).unwrap_err();
    assert!(
        matches!(error, RecordError::ResultMismatch { .. }),
        "{error}"
    );
    let error =
        read(r#"{"game":"kazura","size":2,"moves":["A1","B2","B1","A2"],"resigned":"white"}"#)
            .unwrap_err();
    assert!(
        matches!(error, RecordError::LateResignation { .. }),
        "{error}"
    );
}
