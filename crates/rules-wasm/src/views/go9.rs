//! go9's board: stones, prisoners, superko points (G-5), the count preview (G-11) and the
//! final count with its dead stones (G-9, G-10).

use game_catalog::go9::{Go9, MOVE_LIMIT, Player, Point, SIZE};
use serde_json::{Value, json};

use super::{cell_of, column_letters};

/// `size`, `columns`, `cells`; `prisoners` (stones each colour has captured, G-11);
/// `superko` (points illegal only by superko, G-5); `passes` (passes in a row);
/// `moveLimit`; `count`: the count if the game ended now (G-11), computed as the final one:
/// `black`, `white` (white's total with komi), `komi`, `neutral`, `result` (`B+3`), `text`
/// (`Black 41 – White 47, komi 7`), `dead` (the points of the stones G-9 removes) and
/// `territory` (the empty points each colour surrounds, black's then white's, G-10);
/// `counted` (the game ended by the count, so `count` is the final count).
pub(crate) fn view(game: &Go9) -> Value {
    let board = game.board();
    let cells: Vec<u8> = (0..SIZE * SIZE)
        .map(|i| board.stone_at(Point::from_index(i)).map_or(0, cell_of))
        .collect();
    let score = game.score();
    let summary = score.summary();
    let mut dead: Vec<usize> = score
        .dead
        .iter()
        .flat_map(|points| points.iter().map(|p| p.index()))
        .collect();
    dead.sort_unstable();
    let territory: Vec<Vec<usize>> = [&score.territory.first, &score.territory.second]
        .into_iter()
        .map(|points| points.iter().map(|p| p.index()).collect())
        .collect();
    let superko: Vec<usize> = game.superko_points().iter().map(|p| p.index()).collect();
    let prisoners = game.prisoners();
    json!({
        "size": SIZE,
        "columns": column_letters(SIZE),
        "cells": cells,
        "prisoners": [prisoners[Player::First], prisoners[Player::Second]],
        "superko": superko,
        "passes": game.consecutive_passes(),
        "moveLimit": MOVE_LIMIT,
        "count": {
            "black": summary.area[Player::First],
            "white": summary.white_total(),
            "komi": summary.komi,
            "neutral": summary.neutral,
            "result": summary.result(),
            "text": summary.to_string(),
            "dead": dead,
            "territory": territory,
        },
        "counted": game.end_reason().is_some_and(|r| r.count().is_some()),
    })
}

#[cfg(test)]
mod tests {
    use game_catalog::go9::Game;

    use super::*;

    fn play(game: &mut Go9, moves: &str) {
        for text in moves.split_whitespace() {
            game.play(game.parse_move(text).unwrap()).unwrap();
        }
    }

    #[test]
    fn the_preview_is_the_crates_count() {
        let mut game = Go9::new();
        play(&mut game, "E5 C3");
        let v = view(&game);
        assert_eq!(v["cells"][40], 1);
        assert_eq!(v["cells"][20], 2);
        assert_eq!(v["count"]["text"], "Black 1 – White 8, komi 7");
        assert_eq!(v["count"]["result"], "W+7");
        assert_eq!(v["counted"], false);
        play(&mut game, "pass pass");
        assert_eq!(view(&game)["counted"], true);
    }

    #[test]
    fn the_count_shows_each_colours_territory() {
        // One black stone surrounds the whole board: 80 empty points are Black's.
        let mut game = Go9::new();
        play(&mut game, "E5");
        let v = view(&game);
        let black = v["count"]["territory"][0].as_array().unwrap();
        assert_eq!(black.len(), 80);
        assert!(!black.contains(&json!(40)), "E5 holds the stone");
        assert_eq!(v["count"]["territory"][1], json!([]));
        // A white stone beside it: the one region touches both colours and is nobody's.
        play(&mut game, "E4");
        assert_eq!(view(&game)["count"]["territory"], json!([[], []]));
        // White walls off the A1 corner with B1 and A2: A1 is White's alone.
        play(&mut game, "pass B1 pass A2");
        assert_eq!(view(&game)["count"]["territory"], json!([[], [0]]));
    }

    #[test]
    fn a_ko_shows_its_superko_point_and_captures_count() {
        // Black D5 E4 E6 around White's E5; White F4 F6 G5 around F5. Black F5 takes E5,
        // and White may not take back at E5 at once (G-4).
        let mut game = Go9::new();
        play(&mut game, "D5 F4 E4 F6 E6 G5 pass E5 F5");
        let v = view(&game);
        assert_eq!(v["prisoners"][0], 1, "black took E5");
        let superko: Vec<usize> = game.superko_points().iter().map(|p| p.index()).collect();
        assert_eq!(v["superko"], json!(superko));
        assert_eq!(
            v["superko"],
            json!([40]),
            "white may not retake at E5 at once"
        );
    }
}
