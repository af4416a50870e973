//! One dependency suffices: a whole game through the trait, with nothing but `bind::…`
//! paths (the trait, the shared types and the squares are re-exported).

use bind::{
    Bind, ByPlayer, Coord, EndReason, Game, GameRng, Move, Outcome, PlayError, Player, Setup,
    Variant, perft, perft_divide, random_playout,
};

/// Plays `game` to its end with seeded random moves through the trait.
fn play_out<G: Game>(game: &mut G, seed: u64) -> usize {
    let mut moves = Vec::new();
    random_playout(game, &mut GameRng::seed_from(seed), 10_000, &mut moves).1
}

#[test]
fn a_whole_game_through_the_trait() {
    let mut game = Bind::default();
    assert_eq!(game.variant(), Variant::MINI);
    assert_eq!(perft(&game, 2), 92);
    assert_eq!(perft_divide(&game, 1).len(), 30);
    assert_eq!(game.to_move(), Player::First);
    let opening = Move::Line {
        from: Coord::new(1, 1),
        to: Coord::new(3, 1),
    };
    game.play(opening).unwrap();
    assert_eq!(game.moves(), &[opening]);
    let plies = play_out(&mut game, 7);
    assert!(game.is_over());
    assert_eq!(game.moves().len(), plies + 1);
    assert_eq!(game.play(Move::Pass), Err(PlayError::GameOver));
    let reason: EndReason = game.end_reason().unwrap();
    match game.outcome() {
        Outcome::Win { winner, reason: r } => {
            assert_eq!(r, reason);
            assert_eq!(Some(winner), reason.winner());
        }
        Outcome::Draw { reason: r } => assert_eq!(r, reason),
        other => panic!("{other:?}"),
    }
    assert!(game.outcome_text().ends_with(&reason.to_string()));
    // The diagram is the state's Display.
    assert!(game.to_string().starts_with("    A B C D E\n"));
    // A position set up by hand.
    let mut setup = Setup::new(Variant::MINI);
    setup.hands = ByPlayer::new(12, 12);
    assert_eq!(Bind::from_setup(setup).unwrap(), Bind::default());
}

#[cfg(feature = "serde")]
#[test]
fn a_record_round_trip() {
    use bind::{Record, RecordError, Recorded};

    let mut game = Bind::new(Variant::FULL);
    play_out(&mut game, 11);
    let text = game.write_record();
    assert!(Bind::is_record(&text));
    let back = Bind::read_record(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(Recorded::moves(&back), game.moves());
    assert_eq!(Record::from_json(&text).unwrap().replay().unwrap(), game);
    let other = text.replace("\"bind\"", "\"kazura\"");
    assert!(matches!(
        Bind::read_record(&other),
        Err(RecordError::WrongGame { .. })
    ));
}
