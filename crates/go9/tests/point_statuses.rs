//! `Go9::point_statuses` and `Go9::is_superko_point` give, point by point, what
//! `check_move` says, at every position of random games and around a ko.

mod common;

use common::{ko, play_all};
use go9::{Game, GameRng, Go9, Move, POINTS, PlayError, Player, Point, PointStatus};

/// Compares every point's status with `check_move` and the board.
fn check(game: &Go9) {
    let mut statuses = [PointStatus::Ended; POINTS];
    game.point_statuses(&mut statuses);
    for (index, &status) in statuses.iter().enumerate() {
        let point = Point::from_index(index);
        let expected = match (
            game.board().stone_at(point),
            game.check_move(Move::Place(point)),
        ) {
            (Some(owner), _) => PointStatus::Stone(owner),
            (None, Ok(())) => PointStatus::Legal,
            (None, Err(PlayError::Suicide(_))) => PointStatus::Suicide,
            (None, Err(PlayError::Superko { .. })) => PointStatus::Superko,
            (None, Err(PlayError::GameOver)) => PointStatus::Ended,
            (None, Err(other)) => panic!("{point:?}: unexpected {other}"),
        };
        assert_eq!(status, expected, "point {index} at ply {}", game.ply());
        assert_eq!(game.is_superko_point(point), status == PointStatus::Superko);
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let placements = legal.iter().filter(|m| matches!(m, Move::Place(_))).count();
    let counted = statuses
        .iter()
        .filter(|&&s| s == PointStatus::Legal)
        .count();
    assert_eq!(placements, counted);
}

#[test]
fn g3_g4_every_point_of_random_games_agrees_with_check_move() {
    let mut rng = GameRng::seed_from(23);
    let mut moves = Vec::new();
    let mut superko_seen = 0;
    for _ in 0..30 {
        let mut game = Go9::new();
        while !game.is_over() {
            check(&game);
            superko_seen += (0..POINTS)
                .filter(|&i| game.is_superko_point(Point::from_index(i)))
                .count();
            game.legal_moves(&mut moves);
            game.play(*rng.choose(&moves).unwrap()).unwrap();
        }
        check(&game);
    }
    assert!(superko_seen > 0, "random games meet superko points");
}

#[test]
fn the_ko_recapture_is_a_superko_point_and_a_filled_eye_is_suicide() {
    let mut game = ko();
    play_all(&mut game, "E5");
    check(&game);
    let d5: Point = go9::parse_point("D5").unwrap();
    assert!(game.is_superko_point(d5));
    let mut statuses = [PointStatus::Ended; POINTS];
    game.point_statuses(&mut statuses);
    assert_eq!(statuses[d5.index()], PointStatus::Superko);
    let mut eye = Go9::new();
    play_all(&mut eye, "B1 J9 A2");
    check(&eye);
    eye.point_statuses(&mut statuses);
    assert_eq!(
        statuses[0],
        PointStatus::Suicide,
        "White may not fill Black's A1 eye"
    );
}

/// Whether a stone of `player` on the empty `point` would capture: an opponent chain has
/// `point` as its only liberty.
fn captures(game: &Go9, player: Player, point: Point) -> bool {
    let board = game.board();
    (0..POINTS)
        .map(Point::from_index)
        .any(|p| board.stone_at(p) == Some(player.other()) && board.liberty_points(p) == [point])
}

/// Checks the legal moves of both colours against `check_move_for`; returns the points
/// refused only by superko, as (capturing, not capturing).
fn check_both_colours(game: &Go9) -> (usize, usize) {
    let mut kinds = (0, 0);
    let mut legal = Vec::new();
    for player in Player::BOTH {
        game.legal_moves_for(player, &mut legal);
        for index in 0..POINTS {
            let point = Point::from_index(index);
            let verdict = game.check_move_for(player, Move::Place(point));
            assert_eq!(
                legal.contains(&Move::Place(point)),
                verdict.is_ok(),
                "{player:?} at {point:?}, ply {}: {verdict:?}",
                game.ply()
            );
            if matches!(verdict, Err(PlayError::Superko { .. })) {
                if captures(game, player, point) {
                    kinds.0 += 1;
                } else {
                    kinds.1 += 1;
                }
            }
        }
    }
    kinds
}

/// Both ways a placement repeats a board are met in random games, for both colours (the
/// one to move and the other, as GTP asks), and every legal move list agrees with
/// `check_move_for`: the placement that captures (a ko), found by the board after it, and
/// the one that captures nothing, found among the boards with one stone more.
#[test]
fn g4_both_kinds_of_repeat_are_found_for_both_colours() {
    let mut rng = GameRng::seed_from(61);
    let mut moves = Vec::new();
    let (mut capturing, mut quiet) = (0, 0);
    for _ in 0..1000 {
        let mut game = Go9::new();
        while !game.is_over() {
            let (c, q) = check_both_colours(&game);
            capturing += c;
            quiet += q;
            game.legal_moves(&mut moves);
            game.play(*rng.choose(&moves).unwrap()).unwrap();
        }
    }
    assert!(capturing > 0, "no repeat by a capture met");
    assert!(quiet > 0, "no repeat without a capture met");
    println!("{capturing} repeats by a capture, {quiet} without");
}
