//! `Move::squares`, which front ends draw from: along random games, every legal move's
//! squares are exactly the squares the mover holds after it that it did not hold before
//! (N-14), and a line's first square held the opponent piece it takes (N-5, N-4) unless it
//! is Black's first move (N-3).

use bind::{Bind, Coord, Game, GameRng, Move, Variant};
use proptest::prelude::*;

fn held(game: &Bind, player: bind::Player) -> Vec<Coord> {
    let size = game.variant().size() as u8;
    (0..size)
        .flat_map(|row| (0..size).map(move |col| Coord::new(col, row)))
        .filter(|&c| game.owner(c) == Some(player))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn n14_a_moves_squares_are_what_it_fills(seed in any::<u64>(), full in any::<bool>()) {
        let variant = if full { Variant::FULL } else { Variant::MINI };
        let mut game = Bind::new(variant);
        let mut rng = GameRng::seed_from(seed);
        let mut moves = Vec::new();
        while !game.is_over() {
            game.legal_moves(&mut moves);
            let mover = game.to_move();
            for &mv in &moves {
                let squares: Vec<Coord> = mv.squares().collect();
                prop_assert_eq!(squares.len(), mv.pieces_placed());
                let mut after = game.clone();
                after.play(mv).unwrap();
                let before = held(&game, mover);
                let mut gained: Vec<Coord> =
                    held(&after, mover).into_iter().filter(|c| !before.contains(c)).collect();
                let mut expected = squares.clone();
                gained.sort_unstable_by_key(|c| (c.row, c.col));
                expected.sort_unstable_by_key(|c| (c.row, c.col));
                prop_assert_eq!(&gained, &expected, "{}", mv);
                if let Move::Line { from, .. } = mv {
                    prop_assert_eq!(squares[0], from);
                    // Only Black's first move takes nothing (N-3); White's first is a
                    // take-and-place move of 3 (N-4).
                    let blacks_first =
                        mover == bind::Player::First && game.first_move_due(mover);
                    let taken = game.owner(from) == Some(mover.other());
                    prop_assert_eq!(taken, !blacks_first, "{}", mv);
                }
            }
            let pick = moves[(rng.next_u64() % moves.len() as u64) as usize];
            game.play(pick).unwrap();
        }
    }
}

#[test]
fn n14_squares_run_either_way_and_a_malformed_line_has_none() {
    let names = |text: &str| -> Vec<String> {
        text.parse::<Move>()
            .unwrap()
            .squares()
            .map(|c| c.to_string())
            .collect()
    };
    assert_eq!(names("C1-C2"), ["C1", "C2"]);
    assert_eq!(names("C1-C3"), ["C1", "C2", "C3"]);
    assert_eq!(names("C3-C1"), ["C3", "C2", "C1"]);
    assert_eq!(names("A3-C3"), ["A3", "B3", "C3"]);
    let malformed = Move::Line {
        from: Coord::new(0, 0),
        to: Coord::new(3, 3),
    };
    assert_eq!(malformed.squares().count(), 0);
}
