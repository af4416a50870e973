//! The end cases: G-9's removal of stones by construction, and seeded finished games, each
//! count checked by GNU Go where it removes the same stones.

use std::collections::BTreeSet;

use game_catalog::{AnyGame, GameSpec};
use game_core::GameRng;
use go9_gtp::GtpClient;
use rules_conformance::CaseBody;

use super::brute;
use super::games::playout;
use super::referees::gnugo_margin;
use crate::common::{self, FileBuilder, strings};

/// The stones G-9 removes at the end of `game`, by name.
pub(crate) fn our_dead(game: &AnyGame) -> BTreeSet<String> {
    let AnyGame::Go9(go) = game else {
        return BTreeSet::new();
    };
    let score = go.score();
    score
        .dead
        .first
        .iter()
        .chain(&score.dead.second)
        .map(|p| brute::name(p.index()))
        .collect()
}

/// An end case: checked by GNU Go when it removes the same stones as G-9 (then the counts
/// must agree), and naming G-9 when stones are removed.
pub(crate) fn push_end(
    file: &mut FileBuilder,
    gnugo: &mut GtpClient,
    moves: &[String],
    note: Option<String>,
    extra: &[&'static str],
    settled: bool,
) -> bool {
    let spec = GameSpec::Go9;
    let game = common::after(&spec, moves);
    assert!(game.is_over(), "{moves:?}");
    let score = rules_conformance::go9_score(&game);
    let ours = our_dead(&game);
    let (theirs, their_dead) = gnugo_margin(gnugo, moves);
    let margin = score.as_ref().map(|s| s.margin.clone()).unwrap_or_default();
    let mut checked = vec!["engine"];
    // On a settled board (every region enclosed, as random playouts end) the same dead
    // stones must give the same count; on an open one GNU Go estimates territory, so it
    // checks a count only when it gives the same.
    let agreed = their_dead == ours && (settled || theirs == margin);
    if agreed {
        assert_eq!(
            theirs, margin,
            "GNU Go removes the same stones but counts otherwise: {moves:?}"
        );
        checked.push("gnugo");
    }
    let mut tags = crate::go9_tags::Tags::new();
    tags.extend(extra.iter().copied());
    crate::go9_tags::count(&crate::go9_tags::replay(moves), &mut tags);
    crate::go9_tags::moves(moves, &mut tags);
    let ids: Vec<&str> = tags.into_iter().collect();
    let CaseBody::End { moves, result, .. } = common::end_body(&spec, moves) else {
        unreachable!()
    };
    file.push(
        &ids,
        &checked,
        note,
        CaseBody::End {
            moves,
            result,
            score,
        },
    );
    agreed
}

/// The end cases: G-9's two crafted ends, then seeded finished games.
pub(super) fn ends(file: &mut FileBuilder, gnugo: &mut GtpClient) {
    let spec = GameSpec::Go9;
    // G-9 by construction: Black's chain B1-B5, A3, A5 has two eyes (A1-A2 and A4), so it
    // is pass-alive and White's stone at A1 inside it is removed; a lone stone in a loose
    // framework is not (no chain around it is pass-alive).
    let removed = strings(&[
        "B1", "J9", "B2", "J8", "B3", "J7", "A3", "J6", "B4", "J5", "B5", "J4", "A5", "A1", "pass",
        "pass",
    ]);
    push_end(file, gnugo, &removed, Some("White's A1 lies in the pass-alive territory of Black's two-eyed chain: G-9 removes it and A1, A2 count for Black".into()), &["G-9"], false);
    let kept = strings(&["C3", "E5", "C7", "pass", "G3", "pass", "G7", "pass", "pass"]);
    push_end(file, gnugo, &kept, Some("White's lone E5 is not inside pass-alive territory: it stays and counts for White, whatever a judge of life and death would say".into()), &["G-9"], false);
    let mut agreed = 0;
    for seed in 0..168u64 {
        let mut rng = GameRng::seed_from(0x60_9300 + seed);
        let moves = if seed % 17 == 5 {
            // Uniform random stones to the 300-move limit.
            common::random_game(&spec, &mut rng, 300, |_, legal, rng| {
                let stones: Vec<usize> = (0..legal.len()).filter(|&i| legal[i] != "pass").collect();
                if stones.is_empty() {
                    0
                } else {
                    stones[rng.below(stones.len())]
                }
            })
        } else {
            playout(&[], &mut rng, 300)
        };
        if !common::after(&spec, &moves).is_over() {
            continue;
        }
        agreed += usize::from(push_end(file, gnugo, &moves, None, &[], true));
    }
    assert!(agreed > 50, "GNU Go checked only {agreed} counts");
}
