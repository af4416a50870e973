//! A program that depends on `bao-nyakua` alone: every path here starts with `bao_nyakua`
//! (game-core's trait and shared types come through its re-exports).

use bao_nyakua::{
    Bao, ByPlayer, EndReason, Game, GameRng, Move, Outcome, Player, Position, Ruleset, perft,
    perft_divide, random_playout,
};

/// A whole game through the trait, generic over any `Game`.
fn play_out<G: Game>(state: &mut G, seed: u64) -> Outcome<G::EndReason> {
    let mut rng = GameRng::seed_from(seed);
    let mut moves = Vec::new();
    random_playout(state, &mut rng, 100_000, &mut moves);
    state.outcome()
}

#[test]
fn a_game_through_the_trait_with_this_crate_only() {
    let mut game = Bao::new(Ruleset::Seed);
    assert_eq!(perft(&game, 2), 14);
    assert_eq!(perft_divide(&game, 1).len(), 4);
    let first: Move = game.parse_move("f7l").unwrap();
    game.play(first).unwrap();
    assert_eq!(game.to_move(), Player::Second);
    let outcome = play_out(&mut game, 5);
    assert!(outcome.is_over());
    let reason: EndReason = *outcome.reason().unwrap();
    assert_eq!(game.end_reason(), Some(reason));
    assert_eq!(game.moves().len(), game.ply());
    let hands = ByPlayer::new(
        game.position().hand(Player::First),
        game.position().hand(Player::Second),
    );
    assert!(hands[Player::First] <= 22);

    let mut position = Position::default();
    assert!(play_out(&mut position, 5).is_over());
    let _ = bao_nyakua::game_core::Player::First;
}

#[cfg(feature = "serde")]
#[test]
fn a_record_round_trip_with_this_crate_only() {
    use bao_nyakua::{RECORD_MARKER, Record, Recorded};

    let mut game = Bao::new(Ruleset::Reference);
    play_out(&mut game, 9);
    let text = game.write_record();
    assert!(text.contains(RECORD_MARKER));
    assert!(Bao::is_record(&text));
    let back = Bao::read_record(&text).unwrap();
    assert_eq!(back.moves(), Recorded::moves(&game));
    assert_eq!(back.outcome(), game.outcome());
    assert_eq!(Record::from_json(&text).unwrap().replay().unwrap(), game);
}
