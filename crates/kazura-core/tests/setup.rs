//! Set-ups: `Kazura::from_setup` and `Kazura::setup` (a position without history), the
//! stones they refuse (each named by its point), and the swap, which a set-up never offers
//! unless it is the empty start (K-8).

use kazura_core::{
    ByPlayer, Colour, Coord, EndReason, Game, GameRng, GeometryError, Kazura, Move, Outcome,
    PlayError, Player, Setup, SetupError, perft,
};
use proptest::prelude::*;

fn at(text: &str) -> Coord {
    text.parse().unwrap()
}

fn points(text: &str) -> Vec<Coord> {
    text.split_whitespace().map(at).collect()
}

fn setup(size: usize, black: &str, white: &str, to_move: Player) -> Setup {
    Setup::new(size, ByPlayer::new(points(black), points(white)), to_move)
}

fn game_after(size: usize, moves: &str) -> Kazura {
    let mut game = Kazura::new(size).unwrap();
    for text in moves.split_whitespace() {
        game.play(game.parse_move(text).unwrap()).unwrap();
    }
    game
}

fn legal_names(game: &Kazura) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().map(ToString::to_string).collect()
}

#[test]
fn a_setup_places_its_stones_and_gives_the_turn_with_no_history() {
    let s = setup(5, "B2 C2 D2 C3", "B3 D3", Player::Second);
    let game = Kazura::from_setup(s.clone()).unwrap();
    assert_eq!(game.size(), 5);
    assert_eq!(game.colour_to_move(), Colour::White);
    assert_eq!(game.to_move(), Player::Second);
    assert_eq!(game.ply(), 0);
    assert!(game.moves().is_empty());
    assert!(game.is_set_up());
    assert!(!game.swapped());
    // K-9 on the set-up stones: B2-C2-D2 with C3 on top is a T, longest path 3 stones.
    assert_eq!(game.group_length_at(at("C3")), Some(3));
    assert_eq!(game.longest_length(Colour::Black), 3);
    assert_eq!(game.longest_length(Colour::White), 1);
    assert_eq!(game.group_lengths(), game.group_lengths_from_scratch());
    // The stones come back row by row from A1, so this set-up (listed that way) is equal.
    assert_eq!(game.setup(), s);
    assert_eq!(game.start_setup(), s);
    // The listed order does not matter: the same stones give the same state.
    let shuffled = setup(5, "C3 D2 B2 C2", "D3 B3", Player::Second);
    assert_eq!(Kazura::from_setup(shuffled).unwrap(), game);
}

#[test]
fn k3_loops_in_a_setup_are_refused_naming_the_stone_that_closes_them() {
    // The 2×2 square, in any order: the loop's last stone row by row from A1 closes it.
    for order in ["A1 B1 B2 A2", "B2 A2 B1 A1"] {
        let error = Kazura::from_setup(setup(4, order, "", Player::First)).unwrap_err();
        assert_eq!(
            error,
            SetupError::ClosesLoop {
                point: at("B2"),
                colour: Colour::Black
            }
        );
    }
    // A ring around a hole in White's stones (a 3×3 ring, the centre empty).
    let ring = "B2 C2 D2 D3 D4 C4 B4 B3";
    let error = Kazura::from_setup(setup(5, "", ring, Player::First)).unwrap_err();
    assert_eq!(
        error,
        SetupError::ClosesLoop {
            point: at("D4"),
            colour: Colour::White
        }
    );
    assert!(error.to_string().contains("D4"), "{error}");
    // An overlap or a stone off the board is named first, whatever the loops.
    let error = Kazura::from_setup(setup(4, "A1 B1 A2 B2 D5", "", Player::First)).unwrap_err();
    assert!(matches!(error, SetupError::OffBoard { .. }), "{error}");
    // K-4: the other colour's stones never matter, and two groups of one colour may touch
    // a point from two sides as long as they are two groups.
    let game = Kazura::from_setup(setup(3, "A2 C2", "B1 B3 A1", Player::First)).unwrap();
    assert!(game.can_place(Colour::Black, at("B2")));
    assert!(game.can_place(Colour::White, at("A3")));
}

#[test]
fn overlapping_and_off_board_stones_and_bad_sizes_are_refused_by_name() {
    let error = Kazura::from_setup(setup(5, "C3", "C3", Player::First)).unwrap_err();
    assert_eq!(
        error,
        SetupError::Overlap {
            point: at("C3"),
            colour: Colour::White
        }
    );
    assert!(error.to_string().contains("C3"), "{error}");
    // Listed twice for one colour is two stones on one point as well.
    let error = Kazura::from_setup(setup(5, "A1 B4 A1", "", Player::First)).unwrap_err();
    assert_eq!(
        error,
        SetupError::Overlap {
            point: at("A1"),
            colour: Colour::Black
        }
    );
    let error = Kazura::from_setup(setup(5, "A1", "E5 F5", Player::First)).unwrap_err();
    assert_eq!(
        error,
        SetupError::OffBoard {
            point: at("F5"),
            colour: Colour::White,
            size: 5
        }
    );
    assert!(error.to_string().contains("F5"), "{error}");
    for size in [0, 1, 26] {
        assert_eq!(
            Kazura::from_setup(Setup::empty(size)),
            Err(SetupError::Size(GeometryError(size)))
        );
    }
}

#[test]
fn k8_a_setup_never_offers_the_swap_unless_it_is_the_empty_start() {
    // The position right after Black's first stone, but given as a set-up: no swap.
    let played = game_after(5, "C3");
    let set_up = Kazura::from_setup(played.setup()).unwrap();
    assert!(legal_names(&played).contains(&"swap".to_string()));
    assert!(!legal_names(&set_up).contains(&"swap".to_string()));
    let mut copy = set_up.clone();
    assert_eq!(
        copy.play(Move::Swap),
        Err(PlayError::SwapNotAvailable { ply: 0 })
    );
    assert_eq!(copy, set_up);
    // Nor one move into a set-up game, where the ply count is 1 again.
    let mut game = Kazura::from_setup(setup(5, "", "", Player::Second)).unwrap();
    game.play(game.parse_move("C3").unwrap()).unwrap();
    assert_eq!(game.ply(), 1);
    assert!(!legal_names(&game).contains(&"swap".to_string()));
    // The empty board with Black to move is the ordinary start, swap included.
    let start = Kazura::from_setup(Setup::empty(5)).unwrap();
    assert_eq!(start, Kazura::new(5).unwrap());
    assert!(!start.is_set_up());
    assert_eq!(perft(&start, 2), 25 * 25);
    assert_eq!(Setup::default(), Setup::empty(13));
}

#[test]
fn k7_a_setup_with_no_placement_left_is_over_at_once() {
    // 3×3: Black A1 A2 A3 B3, White B1 C1 C2 C3; B2 closes a loop for both.
    let game = Kazura::from_setup(setup(3, "A1 A2 A3 B3", "B1 C1 C2 C3", Player::Second)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome(), Outcome::draw(EndReason::EqualLengths));
    assert_eq!(
        game.outcome_text(),
        "draw with equal lengths black [4], white [4]"
    );
    assert!(legal_names(&game).is_empty());
    // K-6: a colour with nowhere to place passes while the other can still place.
    // 3×3: Black's only empty point B2 touches A2 and B3 of one group; White may use it.
    let game = Kazura::from_setup(setup(3, "A2 A3 B3 B1", "A1 C1 C2 C3", Player::First)).unwrap();
    assert_eq!(legal_names(&game), ["pass"]);
}

#[test]
fn resigning_and_continuing_from_a_setup() {
    let mut game = Kazura::from_setup(setup(4, "A1 B1", "D4", Player::Second)).unwrap();
    game.play(game.parse_move("D3").unwrap()).unwrap();
    assert_eq!(game.moves(), [Move::Place(at("D3"))]);
    assert_eq!(game.setup().stones_of(Colour::White), points("D3 D4"));
    assert_eq!(game.start_setup(), setup(4, "A1 B1", "D4", Player::Second));
    game.resign(Player::First).unwrap();
    assert_eq!(
        game.outcome_text(),
        "white as black resigned; lengths black [2], white [2]"
    );
    // The set-up of a finished game holds the position only, not the resignation.
    assert!(!Kazura::from_setup(game.setup()).unwrap().is_over());
}

#[cfg(feature = "serde")]
#[test]
fn k13_a_record_of_a_setup_game_keeps_its_start_and_replays() {
    use kazura_core::{Record, RecordError, Recorded};

    let mut game = Kazura::from_setup(setup(5, "B2 C2", "C3", Player::Second)).unwrap();
    for text in ["D4", "B3"] {
        game.play(game.parse_move(text).unwrap()).unwrap();
    }
    let json = game.to_record().to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        value["setup"],
        serde_json::json!({"black": ["B2", "C2"], "white": ["C3"], "to_move": "white"}),
        "{json}"
    );
    assert_eq!(Kazura::read_record(&json).unwrap(), game);
    assert_eq!(Kazura::read_record(&game.write_record()).unwrap(), game);
    // A game from the empty start writes no set-up, as before set-ups existed.
    assert!(!game_after(5, "C3").to_record().to_json().contains("setup"));
    // A bad set-up in a record is refused, naming the stone.
    let bad =
        r#"{"game":"kazura","size":3,"setup":{"black":["A1","A1"],"to_move":"black"},"moves":[]}"#;
    let error = Record::from_json(bad).unwrap().replay().unwrap_err();
    assert_eq!(
        error,
        RecordError::Setup(SetupError::Overlap {
            point: at("A1"),
            colour: Colour::Black
        })
    );
    let bad = r#"{"game":"kazura","size":3,"setup":{"white":["A0"],"to_move":"black"},"moves":[]}"#;
    let error = Kazura::read_record(bad).unwrap_err();
    assert!(
        matches!(error, RecordError::SetupPoint { ref text, .. } if text == "A0"),
        "{error}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any position of a random game, given as a set-up, is the same position: the same
    /// stones, lengths (kept paths rebuilt by the set-up equal a recomputation), legal moves
    /// (the swap aside) and, played on with the game's own continuation, the same result.
    #[test]
    fn a_setup_of_any_position_plays_on_like_the_game(
        seed in any::<u64>(),
        size in 2usize..=13,
        stop in 0usize..200,
    ) {
        let mut full = Kazura::new(size).unwrap();
        full.play_random_game(&mut GameRng::seed_from(seed));
        let moves = full.moves();
        let stop = stop.min(moves.len());
        let mut game = Kazura::new(size).unwrap();
        for &mv in &moves[..stop] {
            game.play(mv).unwrap();
        }
        let mut set_up = Kazura::from_setup(game.setup()).unwrap();
        prop_assert_eq!(set_up.setup(), game.setup());
        prop_assert_eq!(set_up.group_lengths(), set_up.group_lengths_from_scratch());
        prop_assert_eq!(set_up.group_lengths(), game.group_lengths());
        prop_assert_eq!(set_up.is_over(), game.is_over());
        let without_swap = |g: &Kazura| {
            let mut names = legal_names(g);
            names.retain(|m| m != "swap");
            names
        };
        prop_assert_eq!(without_swap(&set_up), without_swap(&game));
        for &mv in &moves[stop..] {
            if mv == Move::Swap {
                // The set-up has no swap; the position after it is the same anyway.
                continue;
            }
            set_up.play(mv).unwrap();
        }
        prop_assert_eq!(set_up.outcome(), full.outcome());
        prop_assert_eq!(set_up.outcome_text(), full.outcome_text());
    }
}
