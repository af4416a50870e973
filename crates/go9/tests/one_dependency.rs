//! A user with `go9` as their only dependency: everything below comes through `go9::`
//! (the trait and game-core's shared types, board-geometry's `Point`), nothing from
//! `game_core::` or `board_geometry::` directly.

use go9::{
    ByPlayer, EndReason, Game, GameRng, Go9, Move, Outcome, PlayError, Player, Point, Setup, perft,
};

/// Plays a whole game through the trait: random legal moves until the rules end it.
fn play_through_the_trait(seed: u64) -> Go9 {
    let mut game = Go9::new();
    let mut rng = GameRng::seed_from(seed);
    let mut moves = Vec::new();
    while !game.is_over() {
        game.legal_moves(&mut moves);
        // Placements first, so that the game is not just two passes; `pass` is last.
        let placements = moves.len() - 1;
        let mv = if placements > 0 && game.ply() < 60 {
            moves[rng.below(placements)]
        } else {
            Move::Pass
        };
        game.play(mv).expect("a listed move is legal");
    }
    game
}

#[test]
fn a_game_through_the_trait_with_the_crate_alone() {
    let game = play_through_the_trait(7);
    assert_eq!(game.moves().len(), game.ply());
    assert_eq!(game.played().len(), game.ply());
    let outcome: Outcome<EndReason> = game.outcome();
    let reason = *outcome.reason().expect("the game is over");
    assert!(matches!(reason, EndReason::TwoPasses(_)));
    assert_eq!(outcome.winner(), reason.winner());
    assert!(game.outcome_text().contains("two passes"));
    let prisoners: ByPlayer<u32> = game.prisoners();
    assert!(prisoners.first + prisoners.second < 81 * 2);
    assert_eq!(game.clone().play(Move::Pass), Err(PlayError::GameOver));
    assert_eq!(perft(&Go9::new(), 1), 82);
}

#[test]
fn a_set_up_position_and_its_points_come_from_the_crate() {
    let corner: Point = go9::parse_point("A1").unwrap();
    let setup = Setup::new(ByPlayer::new(vec![corner], Vec::new()), Player::Second);
    let game = Go9::from_setup(setup.clone()).unwrap();
    assert_eq!(game.setup(), setup);
    assert_eq!(game.to_move(), Player::Second);
    assert_eq!(go9::point_name(corner), "A1");
    // The geometry crate itself is reachable through the re-export.
    let _: go9::board_geometry::Point = corner;
    let _: go9::game_core::Player = Player::First;
}

#[cfg(feature = "serde")]
#[test]
fn a_record_round_trip_with_the_crate_alone() {
    use go9::{RECORD_MARKER, Record, Recorded};

    let mut game = play_through_the_trait(3);
    game.undo().unwrap();
    game.resign(Player::First).unwrap();
    let text = game.write_record();
    assert!(Go9::is_record(&text));
    assert!(text.contains(RECORD_MARKER));
    let back = Go9::read_record(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(Recorded::moves(&back), game.moves());
    assert_eq!(Record::from_json(&text).unwrap().replay().unwrap(), game);
    // SGF is a record of this game too.
    let sgf = game.to_sgf(&go9::SgfNames::default());
    assert!(Go9::is_record(&sgf));
    assert_eq!(Go9::read_record(&sgf).unwrap(), game);
}
