//! Bind's board: pieces, hands, and for each legal move the squares it fills
//! (`Move::squares`, from the crate) and the piece it takes.

use game_catalog::bind::{Bind, Game, Move};
use serde_json::{Value, json};

use super::{cell_of, column_letters, index};

/// `size`, `pieces`, `columns`, `cells`; `hands` and `onBoard` (Black first, N-2);
/// `firstMoveDue` (N-3, N-4); `moves`: each legal move with `move` (the notation), `kind`
/// (`line`, `place` or `pass`), `from` and `to` (the ends of a line, or the square of a
/// placement), `squares` (every square the move fills) and `takes` (the square of the
/// opponent piece a line takes, N-5, or null: Black's first line takes nothing).
pub(crate) fn view(game: &Bind) -> Value {
    let variant = game.variant();
    let size = variant.size();
    let players = [
        game_catalog::bind::Player::First,
        game_catalog::bind::Player::Second,
    ];
    let cells: Vec<u8> = (0..size * size)
        .map(|i| game.owner(super::coord(i, size)).map_or(0, cell_of))
        .collect();
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let opponent = game.to_move().other();
    let moves: Vec<Value> = legal
        .iter()
        .map(|&mv| match mv {
            Move::Line { from, to } => {
                let squares: Vec<usize> = mv.squares().map(|c| index(c, size)).collect();
                let takes = (game.owner(from) == Some(opponent)).then(|| index(from, size));
                json!({
                    "move": mv.to_string(), "kind": "line",
                    "from": index(from, size), "to": index(to, size),
                    "squares": squares, "takes": takes,
                })
            }
            Move::Place(square) => json!({
                "move": mv.to_string(), "kind": "place",
                "from": index(square, size), "to": index(square, size),
                "squares": [index(square, size)], "takes": null,
            }),
            Move::Pass => json!({
                "move": mv.to_string(), "kind": "pass",
                "from": null, "to": null, "squares": [], "takes": null,
            }),
        })
        .collect();
    json!({
        "size": size,
        "pieces": variant.pieces(),
        "columns": column_letters(size),
        "cells": cells,
        "hands": players.map(|p| game.hand(p)),
        "onBoard": players.map(|p| game.on_board(p)),
        "firstMoveDue": players.map(|p| game.first_move_due(p)),
        "moves": moves,
    })
}

#[cfg(test)]
mod tests {
    use game_catalog::bind::Variant;

    use super::*;

    #[test]
    fn lines_name_their_squares_and_the_piece_they_take() {
        let mut game = Bind::new(Variant::MINI);
        let v = view(&game);
        assert_eq!(v["moves"].as_array().unwrap().len(), 30);
        assert_eq!(v["hands"], json!([12, 12]));
        let first = &v["moves"][0];
        assert_eq!(
            first["takes"],
            Value::Null,
            "Black's first line takes nothing"
        );
        game.play(game.parse_move("B2-B4").unwrap()).unwrap();
        let v = view(&game);
        // `rulebook legal bind --moves b2-b4`: B2-D2 B4-D4.
        let moves: Vec<&Value> = v["moves"].as_array().unwrap().iter().collect();
        assert_eq!(moves.len(), 2);
        let b2 = moves.iter().find(|m| m["move"] == "B2-D2").unwrap();
        assert_eq!(b2["squares"], json!([6, 7, 8]));
        assert_eq!(b2["takes"], 6);
        assert_eq!(v["cells"][6], 1);
        assert_eq!(v["cells"][11], 1);
        assert_eq!(v["hands"], json!([9, 12]));
        assert_eq!(v["firstMoveDue"], json!([false, true]));
    }
}
