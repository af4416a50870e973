//! G-9 pass-alive removal and G-10 counting: KataGo's published boards (as data in
//! `tests/data/`) and boards drawn by hand.

mod common;

use common::{position, pt, stones};
use game_core::{ByPlayer, Player};
use go9::{Go9, Setup};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixtures {
    boards: Vec<Fixture>,
}

#[derive(Deserialize)]
struct Fixture {
    name: String,
    w: usize,
    h: usize,
    board: Vec<String>,
    expected: std::collections::BTreeMap<String, Vec<String>>,
}

#[test]
fn g9_katago_pass_alive_boards_give_the_published_areas() {
    let text = include_str!("data/katago_area_boards.json");
    let fixtures: Fixtures = serde_json::from_str(text).unwrap();
    let mut checked = 0;
    for f in fixtures.boards.iter().filter(|f| f.w == 9 && f.h == 9) {
        let rows: Vec<&str> = f.board.iter().map(String::as_str).collect();
        let (black, white) = stones(&rows);
        let Ok(state) = Go9::from_setup(Setup::new(ByPlayer::new(black, white), Player::First))
        else {
            continue;
        };
        let expected = &f.expected["safe1_suicide0"];
        let map = state.pass_alive_map();
        let ours: Vec<String> = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| match map[(8 - r) * 9 + c] {
                        Some(Player::First) => 'X',
                        Some(Player::Second) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        assert_eq!(&ours, expected, "{}", f.name);
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} 9x9 fixtures checked");
}

#[test]
fn g9_stones_inside_a_two_eyed_group_are_removed() {
    // White's group has three vital regions: A9, A7, and C9 C8 holding a black stone
    // (every point of it touches White, so it is territory). C8 is dead; Black's wall on
    // the F column and row 5 stays (the open side is too big to be territory).
    let game = position(
        &[
            ".O.O.X...",
            "OOXOOX...",
            ".OOO.X...",
            "OOOOOX...",
            "XXXXXX...",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        Player::First,
    );
    let score = game.score();
    assert_eq!(score.dead.first, vec![pt("C8")]);
    assert!(score.dead.second.is_empty());
}

#[test]
fn g9_a_seki_stays_on_the_board_and_its_shared_liberties_are_dame() {
    // Black A2–D2 D1 and White B1 share the liberties A1 and C1: whoever fills one is
    // captured, so neither does. Neither side is pass-alive there; nothing is removed.
    let game = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOOO....",
            "XXXXO....",
            ".O.XO....",
        ],
        Player::First,
    );
    let score = game.score();
    assert!(score.dead.first.is_empty(), "{:?}", score.dead);
    assert!(score.dead.second.is_empty(), "{:?}", score.dead);
    assert_eq!(score.neutral, 2, "A1 and C1 are dame");
    assert_eq!(score.area.first, 5);
    assert_eq!(score.area.second, 74);
    assert_eq!(game.pass_alive_map()[pt("B1").index()], None);
}

#[test]
fn g9_a_false_eye_does_not_make_a_group_pass_alive() {
    // Black's group has one real eye (B7) and one false eye (B9): C9 D9 is a separate
    // chain with B9 as its only vital region, so it dies in G-9.3, and with it B9 stops
    // counting for the big chain. Nothing is pass-alive.
    let game = position(
        &[
            "X.XXO....",
            "XXOOO....",
            "X.XO.....",
            "XXXO.....",
            "OOOO.....",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        Player::First,
    );
    let map = game.pass_alive_map();
    for name in ["A9", "B9", "B7", "C9", "A8", "C7"] {
        assert_eq!(map[pt(name).index()], None, "{name}");
    }
    assert!(game.score().dead.second.is_empty());
}

#[test]
fn g9_a_one_eyed_group_is_not_pass_alive() {
    // Black B9 A8 B8 has one eye at A9 and nothing else.
    let game = position(
        &[
            ".XO......",
            "XXO......",
            "OO.......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        Player::First,
    );
    let score = game.score();
    assert!(score.dead.first.is_empty());
    assert!(score.dead.second.is_empty());
    let map = game.pass_alive_map();
    assert_eq!(map[pt("A9").index()], None);
    assert_eq!(map[pt("B9").index()], None);
}

#[test]
fn g9_a_dead_stone_is_removed_and_its_point_counts_for_the_owner() {
    // White's top edge group has two vital regions: A9, and C9 D9 holding a black stone.
    let game = position(
        &[
            ".OX.O....",
            "OOOOO....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        Player::First,
    );
    let score = game.score();
    assert_eq!(score.dead.first, vec![pt("C9")]);
    assert!(score.dead.second.is_empty());
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (0, 81, 0)
    );
    assert_eq!(score.result(), "W+88");
    let map = game.pass_alive_map();
    assert_eq!(map[pt("C9").index()], Some(Player::Second));
    // G-9.4: the open board is bordered only by White's pass-alive chain and holds no
    // black stone, so it is White's pass-alive territory too.
    assert_eq!(map[pt("E5").index()], Some(Player::Second));
}
