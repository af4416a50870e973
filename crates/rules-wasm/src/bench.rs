//! Random games for the speed figures: the same code runs natively and in the browser.

use game_core::{Game, GameRng, random_playout};

use crate::session::AnyGame;

/// What [`crate::Session::random_playouts`] played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutCount {
    /// Games played to their end.
    pub games: u32,
    /// Moves played over all games.
    pub plies: u64,
}

/// No random game of the four lasts this long; the cap only guards the loop.
const PLY_CAP: usize = 100_000;

/// `games` random games from `game`'s position with seeds `seed`, `seed + 1`, …: each
/// game's fastest uniform playout. Kazura draws with its own `random_move` (the move a
/// uniform pick from the list would give), Bao plays on its `Copy` position, go9 uses its
/// playout policy (`Go9::random_playout`: uniform over placements that do not fill one's
/// own eye), Bind the generic `random_playout`.
pub(crate) fn random_playouts(game: &AnyGame, games: u32, seed: u64) -> PlayoutCount {
    let mut count = PlayoutCount::default();
    for i in 0..games {
        let mut rng = GameRng::seed_from(seed.wrapping_add(u64::from(i)));
        let plies = match game {
            AnyGame::Kazura(g) => g.clone().play_random_game(&mut rng),
            AnyGame::Bao(g) => {
                let mut position = *g.position();
                random_playout(&mut position, &mut rng, PLY_CAP, &mut Vec::new()).1
            }
            AnyGame::Go9(g) => g.clone().random_playout(&mut rng),
            AnyGame::Bind(g) => {
                let mut state = g.clone();
                let plies = random_playout(&mut state, &mut rng, PLY_CAP, &mut Vec::new()).1;
                debug_assert!(state.is_over());
                plies
            }
        };
        count.games += 1;
        count.plies += plies as u64;
    }
    count
}

#[cfg(test)]
mod tests {
    use crate::Session;

    #[test]
    fn every_game_plays_random_games_to_the_end() {
        for options in [
            r#"{"game":"kazura","size":9}"#,
            r#"{"game":"bao"}"#,
            r#"{"game":"go9"}"#,
            r#"{"game":"bind","variant":"full"}"#,
        ] {
            let game = Session::from_options_json(options).unwrap();
            let count = game.random_playouts(5, 1);
            assert_eq!(count.games, 5);
            assert!(count.plies >= 5 * 4, "{options}: {count:?}");
            assert_eq!(count, game.random_playouts(5, 1), "seeded");
        }
    }
}
