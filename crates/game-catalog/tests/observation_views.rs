//! `write_observation_for`: the same position seen by the player not to move is the
//! mover's view with the two sides exchanged, and for the mover it is `write_observation`.

use game_catalog::{AnyGame, GameSpec, Player};
use game_core::GameRng;

fn view(game: &AnyGame, viewer: Player) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.observation_len()];
    game.write_observation_for(viewer, &mut out).unwrap();
    out
}

fn planes(observation: &[f32], plane_len: usize) -> Vec<&[f32]> {
    observation.chunks_exact(plane_len).collect()
}

/// Plays `plies` random moves from the start of `spec`, checking `check` after each.
fn random_positions(spec: &str, check: impl Fn(&AnyGame, &[f32], &[f32], usize)) {
    let spec: GameSpec = spec.parse().unwrap();
    let mut rng = GameRng::seed_from(5);
    for _ in 0..4 {
        let mut game = AnyGame::new(&spec);
        let mut actions = Vec::new();
        while !game.is_over() && game.ply() < 120 {
            let [_, rows, columns] = game.observation_shape();
            let mover = game.to_move();
            let mine = view(&game, mover);
            let mut plain = vec![0.0; game.observation_len()];
            game.write_observation(&mut plain).unwrap();
            assert_eq!(mine, plain, "for the mover it is write_observation");
            let theirs = view(&game, mover.other());
            assert!(theirs.iter().all(|v| (0.0..=1.0).contains(v)));
            check(&game, &mine, &theirs, rows * columns);
            game.legal_actions(&mut actions);
            game.play_action(*rng.choose(&actions).unwrap()).unwrap();
        }
    }
}

#[test]
fn stone_games_exchange_the_colours_and_clear_the_movers_options() {
    // Planes: 0 own stones, 1 the opponent's, 2 go9 superko / Kazura swap, 3 is black.
    for spec in ["go9", "kazura:size=5", "kazura:size=7"] {
        random_positions(spec, |_, mine, theirs, len| {
            let (m, t) = (planes(mine, len), planes(theirs, len));
            assert_eq!(t[0], m[1]);
            assert_eq!(t[1], m[0]);
            assert!(t[2].iter().all(|&v| v == 0.0), "only the mover has options");
            assert!(t[3].iter().zip(m[3]).all(|(a, b)| a + b == 1.0));
        });
    }
}

#[test]
fn bind_exchanges_the_pieces_and_the_hands() {
    // Planes: 0 own pieces, 1 the opponent's, 2 own hand, 3 the opponent's hand.
    for spec in ["bind", "bind:variant=full"] {
        random_positions(spec, |_, mine, theirs, len| {
            let (m, t) = (planes(mine, len), planes(theirs, len));
            assert_eq!((t[0], t[1], t[2], t[3]), (m[1], m[0], m[3], m[2]));
        });
    }
}

#[test]
fn bao_turns_the_board_round_and_exchanges_the_hands() {
    // Planes: 0 kete (4 rows of 8 pits, the viewer's rows at the bottom), 1 the viewer's
    // hand, 2 the opponent's, 3 owned NYUMBA, 4 MTAJI.
    random_positions("bao", |_, mine, theirs, len| {
        let (m, t) = (planes(mine, len), planes(theirs, len));
        for plane in [0, 3] {
            let turned: Vec<f32> = m[plane].iter().rev().copied().collect();
            assert_eq!(
                t[plane],
                &turned[..],
                "plane {plane}: the board seen from across"
            );
        }
        assert_eq!((t[1], t[2], t[4]), (m[2], m[1], m[4]));
    });
}
