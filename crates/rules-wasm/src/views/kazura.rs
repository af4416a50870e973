//! Kazura's board: stones, group lengths, the longest paths, the swap and K-12's "decided".

use game_catalog::game_core::Game;
use game_catalog::kazura::{Colour, Kazura};
use serde_json::{Value, json};

use super::{cell_of, column_letters, coord, index};

/// `size`, `columns`, `cells`; `lengths` (each stone's group length, K-9, else 0);
/// `longest` and `reach` (per colour, Black first: the longest group and the K-12 bound);
/// `groupLengths` (`{"black": […], "white": […]}`, longest first); `paths` (per colour, the
/// points on a longest path of each of its longest groups); `decided` (the colour that has
/// won for certain, K-12, or null); `swapped`, `swapOffered` (White may answer `swap` now,
/// K-8) and `passForced` (the only legal move is `pass`, K-6).
pub(crate) fn view(game: &Kazura) -> Value {
    let size = game.size();
    let points = size * size;
    let mut cells = vec![0u8; points];
    let mut lengths = vec![0usize; points];
    for (i, cell) in cells.iter_mut().enumerate() {
        if let Some(colour) = game.stone_at(coord(i, size)) {
            *cell = cell_of(colour.player());
            lengths[i] = game.group_length_at(coord(i, size)).unwrap_or(0);
        }
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    let groups = game.group_lengths();
    json!({
        "size": size,
        "columns": column_letters(size),
        "cells": cells,
        "lengths": lengths,
        "longest": Colour::BOTH.map(|c| game.longest_length(c)),
        "reach": Colour::BOTH.map(|c| game.reach_bound(c)),
        "groupLengths": {
            "black": groups.of(Colour::Black),
            "white": groups.of(Colour::White),
        },
        "paths": Colour::BOTH.map(|c| longest_paths(game, c)),
        "decided": game.decided().map(Colour::name),
        "swapped": game.swapped(),
        "swapOffered": texts.iter().any(|t| t == "swap"),
        "passForced": texts == ["pass"],
    })
}

/// The points on the longest path the game keeps of each of `colour`'s longest groups
/// (`Kazura::longest_paths`, K-9), as sorted cell indices.
fn longest_paths(game: &Kazura, colour: Colour) -> Vec<usize> {
    let size = game.size();
    let mut points: Vec<usize> = game
        .longest_paths(colour)
        .iter()
        .flatten()
        .map(|&coord| index(coord, size))
        .collect();
    points.sort_unstable();
    points
}

#[cfg(test)]
mod tests {
    use game_catalog::game_core::GameRng;

    use super::*;

    fn play(game: &mut Kazura, moves: &str) {
        for text in moves.split_whitespace() {
            game.play(game.parse_move(text).unwrap()).unwrap();
        }
    }

    #[test]
    fn stones_lengths_and_the_swap_offer() {
        let mut game = Kazura::new(5).unwrap();
        play(&mut game, "C3");
        let v = view(&game);
        assert_eq!(v["swapOffered"], true);
        assert_eq!(v["cells"][12], 1);
        assert_eq!(v["columns"], json!(["A", "B", "C", "D", "E"]));
        play(&mut game, "swap B3");
        let v = view(&game);
        assert_eq!(v["swapOffered"], false);
        assert_eq!(v["swapped"], true);
        assert_eq!(v["cells"][11], 2);
        assert_eq!(v["longest"], json!([1, 1]));
    }

    #[test]
    fn the_longest_path_is_drawn_on_the_longest_group() {
        // Black: an L of A1 B1 C1 C2 (length 4) and a lone E5; White elsewhere.
        let mut game = Kazura::new(5).unwrap();
        play(&mut game, "A1 A5 B1 B5 C1 A4 C2 D5 E5 A3");
        let v = view(&game);
        assert_eq!(v["longest"][0], 4);
        assert_eq!(v["paths"][0], json!([0, 1, 2, 7]));
        // White: A5 B5 A4 A3 is a tree of length 4 (A3-A4-A5-B5); D5 alone.
        assert_eq!(v["longest"][1], 4);
        assert_eq!(v["paths"][1], json!([10, 15, 20, 21]));
        assert_eq!(v["groupLengths"]["black"], json!([4, 1]));
    }

    #[test]
    fn paths_always_match_the_crates_lengths_along_random_games() {
        for seed in 0..30 {
            let mut game = Kazura::new(7).unwrap();
            let mut rng = GameRng::seed_from(seed);
            let mut buffer = Vec::new();
            while let Some(mv) = game.random_move(&mut rng, &mut buffer) {
                game.play(mv).unwrap();
                let v = view(&game);
                for colour in Colour::BOTH {
                    let longest = game.longest_length(colour);
                    let path = v["paths"][colour.index()].as_array().unwrap();
                    // One path per longest group: a multiple of the length, never empty.
                    if longest > 0 {
                        assert!(
                            !path.is_empty() && path.len().is_multiple_of(longest),
                            "seed {seed}"
                        );
                    }
                }
            }
            let v = view(&game);
            assert_eq!(v["passForced"], false);
            assert_eq!(
                v["decided"].is_null(),
                game.decided().is_none(),
                "decided follows K-12"
            );
        }
    }
}
