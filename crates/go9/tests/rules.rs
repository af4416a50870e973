//! One or more tests per decision id (G-1 … G-14, defined in `docs/go9.md`), built as
//! positions.

mod common;

use common::{ko, play_all, position, pt};
use game_core::{ByPlayer, Game, Outcome, Player};
use go9::{EndReason, Go9, Move, PlayError, Point, Setup, SetupError, UndoError};

const B: Player = Player::First;
const W: Player = Player::Second;

fn legal(state: &Go9) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    names
}

#[test]
fn g1_the_board_is_9x9_empty_and_black_moves_first() {
    let game = Go9::new();
    assert_eq!(game.to_move(), B);
    assert_eq!(legal(&game).len(), 82);
    assert_eq!(game.board().stone_count(B) + game.board().stone_count(W), 0);
    assert!(
        game.parse_move("K1").is_err(),
        "a tenth column does not exist"
    );
    assert!(
        game.parse_move("A10").is_err(),
        "a tenth row does not exist"
    );
}

#[test]
fn g2_a_placement_needs_an_empty_point_and_pass_is_always_legal() {
    let mut game = Go9::new();
    play_all(&mut game, "E5");
    let before = game.clone();
    assert_eq!(
        game.play(Move::Place(pt("E5"))),
        Err(PlayError::Occupied(pt("E5")))
    );
    assert_eq!(game, before, "a rejected move leaves the state unchanged");
    assert!(game.is_legal(Move::Pass));
    play_all(&mut game, "pass");
    assert_eq!(game.to_move(), B);
}

#[test]
fn g3_single_stone_suicide_is_illegal() {
    let game = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "O........",
            ".O.......",
        ],
        B,
    );
    assert_eq!(
        game.check_move(Move::Place(pt("A1"))),
        Err(PlayError::Suicide(pt("A1")))
    );
    assert!(!legal(&game).contains(&"A1".to_string()));
}

#[test]
fn g3_multi_stone_suicide_is_illegal() {
    let game = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "O........",
            ".O.......",
            "XO.......",
        ],
        B,
    );
    assert_eq!(
        game.check_move(Move::Place(pt("A2"))),
        Err(PlayError::Suicide(pt("A2")))
    );
}

#[test]
fn g3_a_placement_that_captures_is_never_suicide() {
    let mut game = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "X........",
            "OX.......",
            ".OX......",
        ],
        B,
    );
    play_all(&mut game, "A1");
    assert_eq!(game.board().stone_at(pt("A2")), None);
    assert_eq!(game.board().stone_at(pt("B1")), None);
    assert_eq!(game.prisoners().first, 2);
    assert_eq!(game.prisoners().second, 0);
}

#[test]
fn g4_the_immediate_ko_retake_is_illegal_and_names_the_repeated_board() {
    let mut game = ko();
    play_all(&mut game, "E5");
    assert_eq!(game.board().stone_at(pt("D5")), None);
    let before = game.clone();
    assert_eq!(
        game.play(Move::Place(pt("D5"))),
        Err(PlayError::Superko {
            point: pt("D5"),
            earlier_move: 0
        })
    );
    assert_eq!(game, before);
    // The same after a few other moves: the error names the move that made the board.
    let mut game = ko();
    play_all(&mut game, "A9 J1 E5");
    assert_eq!(
        game.check_move(Move::Place(pt("D5"))),
        Err(PlayError::Superko {
            point: pt("D5"),
            earlier_move: 2
        })
    );
}

#[test]
fn g4_the_ko_retake_after_a_threat_and_its_answer_is_legal() {
    let mut game = ko();
    play_all(&mut game, "E5 A9 A8");
    assert!(game.is_legal(Move::Place(pt("D5"))));
    play_all(&mut game, "D5");
    assert_eq!(game.board().stone_at(pt("E5")), None);
    // Black may not retake at once either.
    assert!(matches!(
        game.check_move(Move::Place(pt("E5"))),
        Err(PlayError::Superko { .. })
    ));
}

#[test]
fn g4_send_two_return_one_is_illegal() {
    // Black A1 sends two stones (A1 B1), White C1 takes them, and Black's return at B1
    // (capturing C1) would recreate the board before A1.
    let mut game = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "OOX......",
            ".X.X.....",
        ],
        B,
    );
    play_all(&mut game, "A1 C1");
    assert_eq!(game.board().stone_at(pt("B1")), None);
    assert_eq!(
        game.check_move(Move::Place(pt("B1"))),
        Err(PlayError::Superko {
            point: pt("B1"),
            earlier_move: 0
        })
    );
    assert_eq!(game.superko_points(), vec![pt("B1")]);
}

#[test]
fn g4_a_repeat_made_by_a_move_that_captures_nothing_is_illegal() {
    // The game starts with Black's two stones A1 B1 in atari. White C1 takes two, Black
    // B1 returns one (a new board), White passes, and Black's A1 — capturing nothing —
    // would recreate the starting board.
    let mut game = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "OOX......",
            "XX.X.....",
        ],
        W,
    );
    play_all(&mut game, "C1 B1 pass");
    assert_eq!(game.board().stone_at(pt("A1")), None);
    let before = game.prisoners();
    assert_eq!(
        game.check_move(Move::Place(pt("A1"))),
        Err(PlayError::Superko {
            point: pt("A1"),
            earlier_move: 0
        })
    );
    // A1 joins B1 with a liberty at C1 and captures nothing: only superko forbids it.
    assert_eq!(game.superko_points(), vec![pt("A1")]);
    assert_eq!(game.prisoners(), before);
}

#[test]
fn g4_a_triple_ko_cycle_is_cut_by_superko() {
    // Three kos: at B8/C8 and B2/C2 Black can take, at G8/H8 White can take. Each side
    // takes one ko per move; the sixth move would recreate the starting board.
    let mut game = position(
        &[
            ".XO...XO.",
            "XO.O.X.XO",
            ".XO...XO.",
            ".........",
            ".........",
            ".........",
            ".XO......",
            "XO.O.....",
            ".XO......",
        ],
        B,
    );
    play_all(&mut game, "C8 G8 C2 B8 H8");
    assert_eq!(
        game.check_move(Move::Place(pt("B2"))),
        Err(PlayError::Superko {
            point: pt("B2"),
            earlier_move: 0
        })
    );
    // A ko rule that only forbids the immediate retake would allow it: B2 is not the
    // point Black just took from.
    game.validate().unwrap();
}

#[test]
fn g4_a_setup_board_is_the_first_board_of_the_history() {
    // After the setup, Black takes the ko; White's retake would recreate the setup board.
    let mut game = ko();
    play_all(&mut game, "E5");
    assert_eq!(
        game.check_move(Move::Place(pt("D5"))),
        Err(PlayError::Superko {
            point: pt("D5"),
            earlier_move: 0
        })
    );
}

#[test]
fn g4_a_setup_with_a_chain_without_liberties_is_rejected() {
    let err = Go9::from_setup(Setup::new(
        ByPlayer::new(vec![pt("A1")], vec![pt("A2"), pt("B1")]),
        B,
    ))
    .unwrap_err();
    assert_eq!(err, SetupError::NoLiberties(pt("A1")));
    let err =
        Go9::from_setup(Setup::new(ByPlayer::new(vec![pt("E5")], vec![pt("E5")]), B)).unwrap_err();
    assert_eq!(err, SetupError::BothColours(pt("E5")));
}

#[test]
fn g5_the_superko_only_points_are_listed() {
    let mut game = ko();
    assert!(game.superko_points().is_empty());
    play_all(&mut game, "E5");
    // D5 is illegal only by superko; a suicide point is not listed.
    assert_eq!(game.superko_points(), vec![pt("D5")]);
    // The diagram marks that point `#` (G-5), and only it.
    assert_eq!(diagram_cell(&game, "D5"), "#");
    assert_eq!(game.to_string().matches('#').count(), 1);
    play_all(&mut game, "A9");
    assert!(game.superko_points().is_empty());
    assert_eq!(diagram_cell(&game, "D5"), ".");
    assert!(!game.to_string().contains('#'));
}

/// The mark at `point` in the text diagram: rows 9 to 1, each `ROW A … J ROW`.
fn diagram_cell(game: &Go9, point: &str) -> String {
    let (column, row) = point.split_at(1);
    let columns = "ABCDEFGHJ";
    let index = columns.find(column).unwrap();
    let diagram = game.to_string();
    let line = diagram
        .lines()
        .find(|line| line.split_whitespace().next() == Some(row))
        .unwrap();
    line.split_whitespace().nth(1 + index).unwrap().to_string()
}

#[test]
fn g6_two_passes_in_a_row_end_the_game_and_nothing_is_legal_after() {
    let mut game = Go9::new();
    play_all(&mut game, "pass E5 pass");
    assert!(!game.is_over(), "the passes were not in a row");
    play_all(&mut game, "pass");
    assert!(game.is_over());
    assert!(matches!(game.end_reason(), Some(EndReason::TwoPasses(_))));
    // The end carries the final count (G-10): White's E5 (Black passed first) alone owns
    // the whole board.
    let count = game.end_reason().and_then(|reason| reason.count()).unwrap();
    assert_eq!(
        (count.area.first, count.area.second, count.neutral),
        (0, 81, 0)
    );
    assert!(
        !game.end_reason().unwrap().is_call(),
        "the rules ended it, not a call"
    );
    assert!(legal(&game).is_empty());
    assert_eq!(game.check_move(Move::Pass), Err(PlayError::GameOver));
    assert_eq!(
        game.check_move(Move::Place(pt("A1"))),
        Err(PlayError::GameOver)
    );
}

#[test]
fn g6_the_300th_move_ends_the_game_and_it_is_counted() {
    let mut game = Go9::new();
    let mut rng = game_core::GameRng::seed_from(6);
    let mut moves = Vec::new();
    while game.ply() < 300 {
        assert!(!game.is_over(), "over early at ply {}", game.ply());
        game.legal_moves(&mut moves);
        let placements: Vec<Move> = moves.iter().copied().filter(|m| *m != Move::Pass).collect();
        let mv = if placements.is_empty() {
            Move::Pass
        } else {
            placements[rng.below(placements.len())]
        };
        game.play(mv).unwrap();
    }
    assert!(matches!(game.end_reason(), Some(EndReason::MoveLimit(_))));
    assert!(legal(&game).is_empty());
    let score = game.score();
    // The end carries the count of the final board.
    let count = game.end_reason().and_then(|reason| reason.count()).unwrap();
    assert_eq!(count.area, score.area);
    assert_eq!(count.neutral, score.neutral);
    assert!(game.outcome_text().contains(&score.result()));
}

#[test]
fn g7_resignation_time_loss_and_agreed_draw_end_the_game_with_a_reason() {
    let mut game = Go9::new();
    play_all(&mut game, "E5");
    let mut resigned = game.clone();
    resigned.resign(B).unwrap();
    assert_eq!(resigned.outcome().winner(), Some(W));
    assert_eq!(resigned.result().as_deref(), Some("W+R"));
    assert!(
        resigned.end_reason().unwrap().count().is_none(),
        "a resignation is not counted"
    );
    assert!(
        resigned.end_reason().unwrap().is_call(),
        "G-7: a resignation is a call"
    );
    assert!(legal(&resigned).is_empty());
    assert_eq!(resigned.resign(W), Err(PlayError::GameOver));
    assert_eq!(resigned.undo(), Err(UndoError::EndedByCall));

    // Black leads on the board by far, yet loses on time.
    let mut timed = game.clone();
    timed.lose_on_time(B).unwrap();
    assert_eq!(timed.outcome().winner(), Some(W));
    assert_eq!(timed.result().as_deref(), Some("W+T"));
    assert!(timed.end_reason().unwrap().is_call());

    let mut drawn = game;
    drawn.agree_draw().unwrap();
    assert!(matches!(drawn.outcome(), Outcome::Draw { .. }));
    assert_eq!(drawn.result().as_deref(), Some("0"));
    assert!(drawn.end_reason().unwrap().is_call());
}

#[test]
fn g8_undo_restores_captures_history_passes_and_reopens_the_game() {
    let start = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "X........",
            "OX.......",
            ".OX......",
        ],
        B,
    );
    let mut game = start.clone();
    play_all(&mut game, "A1");
    let after_capture = game.clone();
    play_all(&mut game, "pass");
    let after_pass = game.clone();
    play_all(&mut game, "pass");
    assert!(game.is_over());
    assert_eq!(game.undo(), Ok(Move::Pass));
    assert!(!game.is_over(), "undoing the ending move reopens the game");
    assert_eq!(game, after_pass);
    assert_eq!(game.undo(), Ok(Move::Pass));
    assert_eq!(game, after_capture);
    assert_eq!(game.undo(), Ok(Move::Place(pt("A1"))));
    assert_eq!(game, start);
    assert_eq!(game.board().hash(), start.board().hash());
    assert_eq!(game.prisoners(), start.prisoners());
    game.validate().unwrap();
    assert_eq!(game.undo(), Err(UndoError::AtStart));
}

#[test]
fn g8_undo_of_a_ko_capture_restores_the_superko_history() {
    let mut game = ko();
    play_all(&mut game, "E5");
    game.undo().unwrap();
    // Without E5 in the history, White may fill the ko.
    play_all(&mut game, "pass E5");
    assert_eq!(game.board().stone_at(pt("E5")), Some(W));
}

#[test]
fn g10_area_is_stones_plus_surrounded_points_and_komi_goes_to_white() {
    let mut game = Go9::new();
    play_all(&mut game, "E5 pass pass");
    let score = game.score();
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (81, 0, 0)
    );
    assert_eq!(game.result().as_deref(), Some("B+74"));
    assert_eq!(game.outcome().winner(), Some(B));
    assert_eq!(score.winner(), Some(B));
    // On the empty board komi alone decides.
    let mut empty = Go9::new();
    play_all(&mut empty, "pass pass");
    let score = empty.score();
    assert_eq!((score.winner(), score.result().as_str()), (Some(W), "W+7"));
}

/// Black's wall down column E (E2–E9, with D1 and D2) against White's down column F: Black
/// surrounds columns A–C and D3–D9, White columns G–J, and E1 touches both colours.
const WALLS_ON_E_AND_F: [&str; 9] = [
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "...XXO...",
    "...X.O...",
];

#[test]
fn g10_territory_is_the_empty_points_each_colour_surrounds() {
    let game = position(&WALLS_ON_E_AND_F, B);
    let score = game.score();
    // Black surrounds columns A–C and D3–D9; White columns G–J; E1 touches both.
    let mut black: Vec<Point> = Vec::new();
    let mut white: Vec<Point> = Vec::new();
    for row in 1..=9 {
        for col in ["A", "B", "C"] {
            black.push(pt(&format!("{col}{row}")));
        }
        if row >= 3 {
            black.push(pt(&format!("D{row}")));
        }
        for col in ["G", "H", "J"] {
            white.push(pt(&format!("{col}{row}")));
        }
    }
    let sorted = |mut points: Vec<Point>| {
        points.sort_by_key(|p| p.index());
        points
    };
    assert_eq!(sorted(score.territory[B].clone()), sorted(black));
    assert_eq!(sorted(score.territory[W].clone()), sorted(white));
    assert!(!score.territory[B].contains(&pt("E1")) && !score.territory[W].contains(&pt("E1")));
    // Territory plus stones is the area.
    assert_eq!(score.territory[B].len() + 10, score.area.first as usize);
    assert_eq!(score.territory[W].len() + 9, score.area.second as usize);
}

#[test]
fn g10_a_tie_is_jigo_and_dame_count_for_nobody() {
    // White owns columns F–J: 36 + komi 7 = 43.
    let game = position(&WALLS_ON_E_AND_F, B);
    // Black: stones E2–E9, D2, D1 (10) + A–C (27) + D3–D9 (7) = 44; E1 is dame.
    let score = game.score();
    assert_eq!(score.neutral, 1, "E1 touches both colours");
    assert_eq!(score.area.first, 44);
    assert_eq!(score.area.second, 36);
    assert_eq!(score.margin(), 1);
    assert_eq!((score.winner(), score.result().as_str()), (Some(B), "B+1"));
    // The same walls with E2 empty (row 2, the diagram's eighth line).
    let mut rows = WALLS_ON_E_AND_F;
    rows[7] = "...X.O...";
    let game = position(&rows, B);
    // Black: stones E3–E9, D2, D1 (9) + A–C (27) + D3–D9 (7) = 43; E1 E2 are dame.
    let score = game.score();
    assert_eq!(score.neutral, 2);
    assert_eq!(score.area.first, 43);
    assert_eq!(score.area.second, 36);
    assert_eq!(score.result(), "0");
    assert_eq!(score.winner(), None, "jigo has no winner");
    let mut ended = game;
    play_all(&mut ended, "pass pass");
    assert!(matches!(ended.outcome(), Outcome::Draw { .. }));
    assert_eq!(
        ended.outcome_text(),
        "draw by jigo (0: Black 43 – White 43, komi 7; two passes)"
    );
}

#[test]
fn g11_the_preview_is_the_final_count_and_prisoners_never_score() {
    let mut game = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "X........",
            "OX.......",
            ".OX......",
        ],
        B,
    );
    play_all(&mut game, "A1");
    assert_eq!(game.prisoners().first, 2);
    let preview = game.score();
    // Black owns the whole board (no white stones): 81, prisoners not added.
    assert_eq!(preview.area.first, 81);
    assert_eq!(preview.to_string(), "Black 81 – White 7, komi 7");
    play_all(&mut game, "pass pass");
    assert_eq!(game.score(), preview);
    assert_eq!(game.result().as_deref(), Some("B+74"));
}
