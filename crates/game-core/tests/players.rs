//! The two players, the per-player pair, and the free `random_move`.

mod common;

use common::tic_tac_toe::{TicTacToe, position};
use game_core::{ByPlayer, Game, GameRng, Player, random_move};

#[test]
fn players_and_their_indices_round_trip() {
    for (index, player) in Player::BOTH.into_iter().enumerate() {
        assert_eq!(player.index(), index);
        assert_eq!(Player::from_index(index), player);
        assert_eq!(player.other().other(), player);
        assert_ne!(player.other(), player);
    }
    assert_eq!(Player::from_index(0), Player::First);
    assert_eq!(Player::from_index(1), Player::Second);
}

#[test]
#[should_panic(expected = "a player index is 0 or 1")]
fn a_third_player_index_panics_as_documented() {
    let _ = Player::from_index(2);
}

#[test]
fn by_player_iterates_first_then_second_and_indexes_by_player() {
    let mut pair = ByPlayer::new("south", "north");
    assert_eq!(pair.iter().copied().collect::<Vec<_>>(), ["south", "north"]);
    assert_eq!(pair[Player::First], "south");
    pair[Player::Second] = "west";
    assert_eq!(pair.second, "west");
    assert_eq!(ByPlayer::splat(3), ByPlayer::new(3, 3));
    assert_eq!(
        ByPlayer::new(1, 2).zip(ByPlayer::new('a', 'b')),
        ByPlayer::new((1, 'a'), (2, 'b'))
    );
}

#[test]
fn the_free_random_move_is_a_uniform_pick_from_the_legal_list() {
    let mut moves = Vec::new();
    let mut list = Vec::new();
    for seed in 0..50 {
        let state = position("b2 a1");
        let mut rng = GameRng::seed_from(seed);
        let mut reference = rng.clone();
        state.legal_moves(&mut list);
        let expected = list[reference.below(list.len())];
        assert_eq!(random_move(&state, &mut rng, &mut moves), Some(expected));
        assert_eq!(rng, reference, "one draw, as the uniform pick makes");
    }
    let over = position("a1 a2 b1 b2 c1");
    assert!(over.is_over());
    let mut rng = GameRng::seed_from(1);
    assert_eq!(random_move(&over, &mut rng, &mut moves), None);
    // Every free square is reached over enough seeds.
    let start = TicTacToe::default();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..200 {
        let mut rng = GameRng::seed_from(seed);
        seen.insert(random_move(&start, &mut rng, &mut moves).unwrap());
    }
    assert_eq!(seen.len(), 9);
}
