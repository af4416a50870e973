//! The computer player: one function, [`choose`], at one of game-core's levels ([`Level`],
//! re-exported so the page and the crates name the same levels).

use game_core::GameRng;
pub use game_core::search::Level;
use game_core::search::{Budget, Opponent};

use crate::session::AnyGame;

/// The playouts each game gets per move at each level (easy, normal, hard), chosen so that
/// in Chromium on this project's slow machine an easy move takes a few hundredths of a
/// second, a normal one a few tenths and a hard one up to about a second (`docs/web.md`).
fn playouts(game: &AnyGame, level: Level) -> u32 {
    let [easy, normal, hard] = match game {
        AnyGame::Kazura(g) if g.size() > 13 => [500, 5_000, 20_000],
        AnyGame::Kazura(_) => [1_000, 10_000, 50_000],
        AnyGame::Bao(_) => [1_000, 10_000, 100_000],
        AnyGame::Go9(_) => [2_000, 20_000, 100_000],
        AnyGame::Bind(g) if g.variant().size() > 5 => [1_000, 10_000, 50_000],
        AnyGame::Bind(_) => [1_000, 20_000, 200_000],
    };
    match level {
        Level::Easy => easy,
        Level::Normal => normal,
        // `hard`, and any level game-core may add later: the largest cap.
        _ => hard,
    }
}

/// The computer's move for the player to move, in the game's notation; `None` once the
/// game is over.
///
/// Each game's own opponent ([`Opponent::opponent`]: its search hooks and its level's
/// settings, `docs/<game>.md`), on one thread (the page's worker). The browser has no clock
/// for a time budget, so the search plays the level's playouts, capped at [`playouts`] so
/// that a move stays within about a second in Chromium. The seed is drawn from the session's
/// generator, so a seeded session replays. Bao searches its `Copy` position, which plays the
/// same moves without copying the history.
pub(crate) fn choose(game: &AnyGame, level: Level, rng: &mut GameRng) -> Option<String> {
    let cap = u64::from(playouts(game, level));
    let seed = rng.next_u64();
    fn best<G: Opponent + PartialEq>(g: &G, level: Level, cap: u64, seed: u64) -> Option<String> {
        let mut searcher = G::opponent(level);
        let config = searcher.config_mut();
        let playouts = config.budget.playout_limit().map_or(cap, |n| n.min(cap));
        config.budget = Budget::playouts(playouts);
        config.threads = 1;
        config.seed = seed;
        searcher.search(g).best.map(|m| m.to_string())
    }
    match game {
        AnyGame::Kazura(g) => best(g, level, cap, seed),
        AnyGame::Bao(g) => best(g.position(), level, cap, seed),
        AnyGame::Go9(g) => best(g, level, cap, seed),
        AnyGame::Bind(g) => best(g, level, cap, seed),
    }
}

#[cfg(test)]
mod tests {
    use crate::Session;

    use super::*;

    #[test]
    fn levels_read_in_any_case() {
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert!("expert".parse::<Level>().is_err());
        assert_eq!(Level::Normal.to_string(), "normal");
    }

    #[test]
    fn the_computer_plays_legal_moves_to_the_end_of_every_game() {
        for options in [
            r#"{"game":"kazura","size":5}"#,
            r#"{"game":"bao"}"#,
            r#"{"game":"bind"}"#,
        ] {
            let mut game = Session::from_options_json(options).unwrap();
            let mut seed = 0;
            while let Some(mv) = game.computer_move(Level::Easy, seed) {
                assert!(game.legal_moves().contains(&mv), "{options}: {mv}");
                game.play(&mv).unwrap();
                seed += 1;
                assert!(seed < 400, "{options}: the game should end");
            }
            assert!(game.is_over());
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_move() {
        let game = Session::from_options_json(r#"{"game":"go9"}"#).unwrap();
        assert_eq!(
            game.computer_move(Level::Easy, 3),
            game.computer_move(Level::Easy, 3)
        );
    }
}
