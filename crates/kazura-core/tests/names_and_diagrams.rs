//! How the game names things: the diagram (`Display`, what `rulebook show` prints) read
//! back along random games on boards of every side K-1 allows (each stone drawn where it
//! stands, the column letters of the shared notation above and below, the row numbers on
//! both sides), and the colours and seats (K-2, K-8) with their indices and words.

use kazura_core::{Colour, Coord, Game, GameRng, Kazura};

/// The column letters of the shared notation: A to Z without I.
const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The stone drawn in a diagram cell: `.` empty, `X` Black, `O` White.
fn read_cell(c: char) -> Result<Option<Colour>, String> {
    match c {
        '.' => Ok(None),
        'X' => Ok(Some(Colour::Black)),
        'O' => Ok(Some(Colour::White)),
        other => Err(format!("unknown cell {other:?}")),
    }
}

/// Checks `diagram` shows exactly `game`'s stones, with its coordinates around it.
fn check_diagram(game: &Kazura, diagram: &str) -> Result<(), String> {
    let size = game.size();
    let lines: Vec<&str> = diagram.lines().collect();
    if lines.len() != size + 2 {
        return Err(format!("{} lines for a board of {size} rows", lines.len()));
    }
    let letters: Vec<String> = LETTERS.chars().take(size).map(String::from).collect();
    for edge in [lines[0], lines[size + 1]] {
        let words: Vec<&str> = edge.split_whitespace().collect();
        if words != letters {
            return Err(format!("column line {edge:?}"));
        }
    }
    for (i, line) in lines[1..=size].iter().enumerate() {
        let row = size - i; // rows are drawn from the top, row 1 at the bottom
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() != size + 2
            || words[0] != row.to_string()
            || words[size + 1] != row.to_string()
        {
            return Err(format!("row line {line:?} for row {row}"));
        }
        for col in 0..size {
            let mut chars = words[col + 1].chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(format!("cell {:?} in row {row}", words[col + 1]));
            };
            let coord = Coord::new(col as u8, (row - 1) as u8);
            if read_cell(c)? != game.stone_at(coord) {
                return Err(format!("{coord} drawn as {c:?}"));
            }
        }
    }
    Ok(())
}

#[test]
fn k1_diagrams_show_every_stone_where_it_stands_on_every_board_side() {
    let mut moves = Vec::new();
    for size in 2..=25 {
        for seed in 0..3 {
            let mut rng = GameRng::seed_from(seed * 100 + size as u64);
            let mut game = Kazura::new(size).unwrap();
            let mut plies = 0;
            loop {
                let diagram = game.to_string();
                check_diagram(&game, &diagram)
                    .unwrap_or_else(|e| panic!("{size}x{size} ply {plies}: {e}\n{diagram}"));
                let Some(mv) = game.random_move(&mut rng, &mut moves) else {
                    break;
                };
                game.play(mv).unwrap();
                plies += 1;
            }
            assert!(plies > 0);
        }
    }
}

#[test]
fn the_debug_form_names_the_board_the_ply_and_the_side_to_move_then_draws_it() {
    let mut game = Kazura::new(9).unwrap();
    game.play("E5".parse().unwrap()).unwrap();
    let debug = format!("{game:?}");
    let (head, diagram) = debug.split_once('\n').unwrap();
    assert!(head.contains("9x9"), "{head}");
    assert!(head.contains("ply 1"), "{head}");
    assert!(head.contains(&game.colour_to_move().to_string()), "{head}");
    assert_eq!(diagram, game.to_string());
}

#[test]
fn k8_seats_print_as_the_words_players_use() {
    use kazura_core::Seat;
    let mut game = Kazura::new(9).unwrap();
    assert_eq!(game.seat_of(Colour::Black).to_string(), "the opener");
    assert_eq!(game.seat_of(Colour::White).to_string(), "the responder");
    // After the swap the responder holds Black, and prints so.
    game.play("E5".parse().unwrap()).unwrap();
    game.play("swap".parse().unwrap()).unwrap();
    assert_eq!(game.seat_of(Colour::Black), Seat::Responder);
    assert_eq!(game.seat_of(Colour::Black).to_string(), "the responder");
}

#[test]
fn k2_colours_index_name_and_map_to_players_as_documented() {
    use kazura_core::Player;
    assert_eq!(Colour::Black.index(), 0);
    assert_eq!(Colour::White.index(), 1);
    assert_eq!(Colour::BOTH, [Colour::Black, Colour::White]);
    for colour in Colour::BOTH {
        assert_eq!(Colour::BOTH[colour.index()], colour);
        assert_eq!(Colour::of_player(colour.player()), colour);
        assert_ne!(colour.other(), colour);
        assert_eq!(colour.other().other(), colour);
    }
    assert_eq!(Colour::Black.player(), Player::First);
    assert_eq!(Colour::White.player(), Player::Second);
    assert_eq!(Colour::Black.to_string(), "black");
    assert_eq!(Colour::White.to_string(), "white");
}
