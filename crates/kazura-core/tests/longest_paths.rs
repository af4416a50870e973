//! K-9's longest paths as `Kazura::longest_paths` gives them to a front end: along random
//! games, one path per longest group, each a simple path of the longest length through
//! orthogonally adjacent stones of one group of the colour.

use std::collections::HashSet;

use kazura_core::{Colour, Coord, Game, GameRng, Kazura};
use proptest::prelude::*;

/// Whether two points are orthogonal neighbours.
fn adjacent(a: Coord, b: Coord) -> bool {
    a.col.abs_diff(b.col) + a.row.abs_diff(b.row) == 1
}

/// The stones of `start`'s group, by a flood fill over the board (independent of the
/// engine's group labels).
fn group(game: &Kazura, start: Coord) -> HashSet<Coord> {
    let colour = game.stone_at(start);
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        let size = game.size() as u8;
        let near = [
            (p.col.checked_sub(1), Some(p.row)),
            (Some(p.col + 1).filter(|&c| c < size), Some(p.row)),
            (Some(p.col), p.row.checked_sub(1)),
            (Some(p.col), Some(p.row + 1).filter(|&r| r < size)),
        ];
        for (col, row) in near {
            let (Some(col), Some(row)) = (col, row) else {
                continue;
            };
            let q = Coord::new(col, row);
            if game.stone_at(q) == colour && seen.insert(q) {
                stack.push(q);
            }
        }
    }
    seen
}

fn check_paths(game: &Kazura) -> Result<(), String> {
    let lengths = game.group_lengths();
    for colour in Colour::BOTH {
        let longest = game.longest_length(colour);
        let paths = game.longest_paths(colour);
        let groups_at_longest = lengths
            .of(colour)
            .iter()
            .filter(|&&l| usize::from(l) == longest && longest > 0)
            .count();
        if paths.len() != groups_at_longest {
            return Err(format!(
                "{colour}: {} paths for {groups_at_longest} longest groups",
                paths.len()
            ));
        }
        let mut groups_seen = HashSet::new();
        for path in &paths {
            if path.len() != longest {
                return Err(format!(
                    "{colour}: a path of {} stones, longest {longest}",
                    path.len()
                ));
            }
            let stones: HashSet<Coord> = path.iter().copied().collect();
            if stones.len() != path.len() {
                return Err(format!("{colour}: a path visits a stone twice"));
            }
            if path.iter().any(|&p| game.stone_at(p) != Some(colour)) {
                return Err(format!("{colour}: a path leaves the colour's stones"));
            }
            if !path.windows(2).all(|w| adjacent(w[0], w[1])) {
                return Err(format!("{colour}: a path jumps between stones"));
            }
            let mut members: Vec<Coord> = group(game, path[0]).into_iter().collect();
            members.sort_unstable_by_key(|c| (c.row, c.col));
            if !groups_seen.insert(members) {
                return Err(format!("{colour}: two paths in one group"));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn k9_longest_paths_are_simple_paths_of_the_longest_length(seed in any::<u64>(), size in 2usize..=11) {
        let mut game = Kazura::new(size).unwrap();
        let mut rng = GameRng::seed_from(seed);
        let mut buffer = Vec::new();
        check_paths(&game).map_err(TestCaseError::fail)?;
        while let Some(mv) = game.random_move(&mut rng, &mut buffer) {
            game.play(mv).unwrap();
            check_paths(&game).map_err(|e| TestCaseError::fail(format!("after {mv}: {e}")))?;
        }
    }
}

#[test]
fn k9_a_tree_with_a_branch_gives_the_path_through_its_longest_arm() {
    // Black: A1 B1 C1 D1 with B2 branching off B1 (length 4: A1..D1); White elsewhere.
    let mut game = Kazura::new(5).unwrap();
    for text in ["A1", "E5", "B1", "E3", "C1", "C5", "D1", "A5", "B2"] {
        game.play(game.parse_move(text).unwrap()).unwrap();
    }
    let paths = game.longest_paths(Colour::Black);
    let mut names: Vec<String> = paths[0].iter().map(ToString::to_string).collect();
    if names[0] != "A1" {
        names.reverse();
    }
    assert_eq!(names, ["A1", "B1", "C1", "D1"]);
    // White's four lone stones (E5, E3, C5, A5) are four longest groups of length 1.
    assert_eq!(game.longest_paths(Colour::White).len(), 4);
    assert!(
        Kazura::new(5)
            .unwrap()
            .longest_paths(Colour::Black)
            .is_empty()
    );
}
