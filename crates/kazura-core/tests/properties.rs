//! Properties over random legal games on boards 2–19, each checked against the brute-force
//! mover after every move (proptest over seeds, 1,000 cases each).

mod brute;

use brute::Brute;
use kazura_core::game_core::checker::{CheckHooks, check_random_game};
use kazura_core::game_core::random_move;
use kazura_core::{Colour, Coord, EndReason, Game, GameRng, Kazura, Move};
use proptest::prelude::*;

/// The engine's game replayed on the brute-force mover from the engine's move list, so the
/// brute force keeps its own colour to move, swap and passes; the stones it ends with must be
/// the engine's stones and its turn and swap the engine's.
fn brute_of(game: &Kazura) -> Result<Brute, String> {
    let size = game.size();
    let mut brute = Brute::new(size);
    for mv in game.moves() {
        brute.play(&mv.to_string());
    }
    for p in 0..size * size {
        let coord = Coord::new((p % size) as u8, (p / size) as u8);
        if brute.cells[p] != game.stone_at(coord).map(Colour::index) {
            return Err(format!(
                "stone at {coord} differs from the brute-force replay"
            ));
        }
    }
    if brute.to_move != game.colour_to_move().index() || brute.swapped != game.swapped() {
        return Err(format!(
            "engine: {} to move, swapped {}; brute-force replay: {} to move, swapped {}",
            game.colour_to_move(),
            game.swapped(),
            Colour::BOTH[brute.to_move],
            brute.swapped
        ));
    }
    Ok(brute)
}

/// Every syntactically possible move: each point of the board and one row and column past
/// it, `pass` and `swap`.
fn candidates(game: &Kazura) -> Vec<Move> {
    let size = game.size() as u8;
    let mut moves = vec![Move::Pass, Move::Swap];
    for row in 0..=size {
        for col in 0..=size {
            moves.push(Move::Place(Coord::new(col, row)));
        }
    }
    moves
}

/// The whole state against plain recomputation.
fn validate(game: &Kazura) -> Result<(), String> {
    let brute = brute_of(game)?;
    // K-5: every group is a tree.
    brute.every_group_is_a_tree()?;
    // K-9: incremental lengths equal a double breadth-first search, group by group.
    for (p, computed) in brute.length_by_stone().into_iter().enumerate() {
        let coord: Coord = brute.name(p).parse().unwrap();
        let kept = game.group_length_at(coord);
        if kept != computed {
            return Err(format!(
                "length at {coord}: kept {kept:?}, brute {computed:?}"
            ));
        }
    }
    let lengths = game.group_lengths();
    let [black, white] = brute.lengths();
    let as_usize = |list: &[u16]| list.iter().map(|&l| usize::from(l)).collect::<Vec<_>>();
    if as_usize(&lengths.black) != black || as_usize(&lengths.white) != white {
        return Err(format!("lengths {lengths} but brute {black:?} {white:?}"));
    }
    for colour in Colour::BOTH {
        if game.longest_length(colour) != lengths.of(colour).first().map_or(0, |&l| l.into()) {
            return Err(format!("longest_length({colour}) disagrees with the lists"));
        }
    }
    // K-3: each colour's kept legal set equals a scan of the board.
    for colour in Colour::BOTH {
        let kept: Vec<String> = game
            .placements(colour)
            .iter()
            .map(|c| c.to_string())
            .collect();
        let mut scanned: Vec<String> = brute
            .placements(colour.index())
            .into_iter()
            .map(|p| brute.name(p))
            .collect();
        let mut kept_sorted = kept.clone();
        kept_sorted.sort();
        scanned.sort();
        if kept_sorted != scanned {
            return Err(format!(
                "{colour} placements {kept_sorted:?}, brute {scanned:?}"
            ));
        }
        if game.placement_count(colour) != kept.len() {
            return Err(format!("{colour} placement count is off"));
        }
    }
    // K-6, K-8: the move list equals the brute list; swap only at ply 1 (the second move).
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut listed: Vec<String> = moves.iter().map(ToString::to_string).collect();
    listed.sort();
    if listed != brute.legal_moves() {
        return Err(format!("moves {listed:?}, brute {:?}", brute.legal_moves()));
    }
    if moves.contains(&Move::Swap) != (game.ply() == 1) {
        return Err(format!(
            "swap listed {} at ply {}",
            moves.contains(&Move::Swap),
            game.ply()
        ));
    }
    // K-7: over exactly when neither colour can place.
    if game.is_over() != brute.is_over() {
        return Err(format!(
            "is_over {} but brute says {}",
            game.is_over(),
            brute.is_over()
        ));
    }
    // K-10: the result equals a comparison by hand.
    if game.is_over() {
        let expected = brute.winner().map(|c| Colour::BOTH[c].player());
        if game.outcome().winner() != expected {
            return Err(format!(
                "outcome {:?}, brute winner {expected:?}",
                game.outcome()
            ));
        }
        if expected.is_none() && !game.outcome_text().starts_with("draw") {
            return Err(format!("a draw reads `{}`", game.outcome_text()));
        }
        // The reason's numbers, counted without lists, agree with the sorted lists.
        let lengths = game.group_lengths();
        let reason = game.end_reason();
        let agrees = match (reason, lengths.compare()) {
            (
                Some(EndReason::LongerGroup {
                    winner,
                    rank,
                    winner_length,
                    loser_length,
                }),
                kazura_core::Comparison::LongerGroup { winner: w, rank: r },
            ) => {
                (winner, rank) == (w, r)
                    && lengths.of(winner)[rank - 1] == winner_length
                    && lengths.of(winner.other())[rank - 1] == loser_length
            }
            (
                Some(EndReason::MoreGroups { winner, rank }),
                kazura_core::Comparison::MoreGroups { winner: w, rank: r },
            ) => (winner, rank) == (w, r),
            (Some(EndReason::EqualLengths), kazura_core::Comparison::Equal) => true,
            _ => false,
        };
        if !agrees {
            return Err(format!("reason {reason:?} but the lists give {lengths}"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// K-3 … K-10 along whole random games: the checker's own checks (unique moves, every
    /// listed move accepted, every other candidate rejected with the state unchanged,
    /// parse/print round trips) plus `validate` after every move.
    ///
    /// Sizes 2–19, drawn mostly from 2–10: checking every candidate of every state costs
    /// about size⁴, and the small boards reach the end-game corner cases most often.
    #[test]
    fn k5_random_games_keep_trees_lengths_legal_sets_and_results(
        seed in any::<u64>(),
        size in prop_oneof![9 => 2usize..=10, 1 => 11usize..=19],
    ) {
        let hooks = CheckHooks { candidates: &candidates, validate: &validate };
        let start = Kazura::new(size).unwrap();
        check_random_game(&start, seed, 10_000, &hooks).map_err(TestCaseError::fail)?;
    }

    /// K-12: a colour the "decided" query names never loses the played-out game, and once
    /// named it stays named.
    #[test]
    fn k12_decided_never_names_a_colour_that_then_loses(seed in any::<u64>(), size in 2usize..=13) {
        let mut game = Kazura::new(size).unwrap();
        let mut rng = GameRng::seed_from(seed);
        let mut moves = Vec::new();
        let mut named: Option<Colour> = None;
        loop {
            if let Some(colour) = game.decided() {
                prop_assert!(named.is_none_or(|n| n == colour), "decided switched sides");
                named = Some(colour);
            } else {
                prop_assert!(named.is_none(), "a decided game became undecided");
            }
            let Some(mv) = random_move(&game, &mut rng, &mut moves) else { break };
            game.play(mv).unwrap();
        }
        if let Some(colour) = named {
            prop_assert_eq!(game.outcome().winner(), Some(colour.player()));
        }
    }

    /// The direct random move picks exactly what a uniform draw from the move list picks, so
    /// both play the same game from a seed.
    #[test]
    fn random_move_matches_a_uniform_draw_from_the_list(seed in any::<u64>(), size in 2usize..=13) {
        let start = Kazura::new(size).unwrap();
        let mut direct = start.clone();
        direct.play_random_game(&mut GameRng::seed_from(seed));
        // The reference: a uniform draw from the full move list at every ply.
        let mut listed = start;
        let mut rng = GameRng::seed_from(seed);
        let mut moves = Vec::new();
        loop {
            listed.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            listed.play(moves[rng.below(moves.len())]).unwrap();
        }
        prop_assert!(direct.is_over());
        prop_assert_eq!(direct, listed);
    }

    /// K-13: a record of any game (finished, or stopped and resigned) replays to the same
    /// state, through JSON and through serde of the state itself.
    #[test]
    #[cfg(feature = "serde")]
    fn k13_records_round_trip(seed in any::<u64>(), size in 2usize..=13, stop in 0usize..200, resign in any::<bool>()) {
        let mut game = Kazura::new(size).unwrap();
        let mut rng = GameRng::seed_from(seed);
        let mut moves = Vec::new();
        for _ in 0..stop {
            let Some(mv) = random_move(&game, &mut rng, &mut moves) else { break };
            game.play(mv).unwrap();
        }
        if resign && !game.is_over() {
            game.resign(game.to_move()).unwrap();
        }
        let json = game.to_record().to_json();
        let replayed = kazura_core::Record::from_json(&json).unwrap().replay().unwrap();
        prop_assert_eq!(&replayed, &game);
        let through_serde: Kazura = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        prop_assert_eq!(through_serde, game);
    }
}

/// K-1: the largest boards (20–25, past the property's sizes) play whole games whose every
/// tenth state and final state pass the same validation.
#[test]
fn k1_boards_20_to_25_play_whole_games_that_validate() {
    for size in 20..=25 {
        let mut game = Kazura::new(size).unwrap();
        let mut rng = GameRng::seed_from(size as u64);
        let mut moves = Vec::new();
        while let Some(mv) = random_move(&game, &mut rng, &mut moves) {
            game.play(mv).unwrap();
            if game.ply().is_multiple_of(10) {
                validate(&game).unwrap();
            }
        }
        assert!(game.is_over());
        validate(&game).unwrap();
    }
}
