//! `rulebook selfplay`: games of one player against itself, each written with its result,
//! and the summary of the run.

use std::fmt::Write as _;
use std::io::Write;

use game_catalog::CatalogGame;
use game_core::search::{Budget, DefaultHooks, SearchConfig, Searcher};
use game_core::{GameRng, Outcome, Player};

use super::{PlayerKind, SelfplaySettings, record_path, record_text, write_out};
use crate::error::CliError;
use crate::progress;

/// `rulebook selfplay`: `settings.games` games from `start`, seeds counted up from
/// `settings.seed`, each written to `sink` (and to a record file if asked), then the summary.
pub(super) fn selfplay<G: CatalogGame>(
    start: &G,
    settings: &SelfplaySettings,
    sink: &mut dyn Write,
) -> Result<(), CliError> {
    if let PlayerKind::Spec(spec) = &settings.player {
        spec.check_for::<G>().map_err(CliError::Options)?;
    }
    let bar = progress::bar(settings.games, "games");
    let mut tally = Tally::default();
    let mut moves = Vec::new();
    for game in 0..settings.games {
        let seed = settings.seed.wrapping_add(game);
        // The state is made here and played on in place: returned from the game's
        // function, it would be copied once more per game.
        let mut state = start.clone();
        let (plies, forfeit) = selfplay_game(&mut state, settings, seed, &mut moves);
        tally.plies += plies;
        let mut out = state.to_string();
        tally.count(&state, forfeit, settings.max_plies, &mut out);
        if let Some(path) = &settings.record {
            let path = record_path(path, game, settings.games);
            std::fs::write(&path, record_text(&state, &path)).map_err(|source| CliError::Io {
                path: path.display().to_string(),
                source,
            })?;
        }
        write_out(sink, &out)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    let Tally {
        wins,
        draws,
        no_winner,
        stopped,
        plies: total_plies,
    } = tally;
    let [first, second] = G::PLAYER_NAMES;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "summary: {} games, {first} won {}, {second} won {}, draws {draws}, no winner {no_winner}, \
         stopped at the ply cap {stopped}, {total_plies} plies",
        settings.games,
        wins[Player::First.index()],
        wins[Player::Second.index()],
    );
    write_out(sink, &out)
}

/// A player's forfeit: the winner, if any, and the result text.
type Forfeit = (Option<Player>, String);

/// Plays one selfplay game on `state` with `seed`, to the end or the ply cap: the plies
/// played and the forfeit, if a player forfeited.
fn selfplay_game<G: CatalogGame>(
    state: &mut G,
    settings: &SelfplaySettings,
    seed: u64,
    moves: &mut Vec<G::Move>,
) -> (usize, Option<Forfeit>) {
    let mut rng = GameRng::seed_from(seed);
    // One searcher plays both sides, so each move keeps the subtree of the last.
    let config = SearchConfig::default()
        .with_budget(Budget::playouts(u64::from(settings.iterations)))
        .with_seed(seed);
    let mut searcher = Searcher::new(config, DefaultHooks);
    if settings.player == PlayerKind::Mcts {
        searcher.reset(state.clone());
    }
    let mut plies = 0;
    let mut forfeit = None;
    if let PlayerKind::Spec(spec) = &settings.player {
        let finished = crate::matches::play_game(state, [spec, spec], seed, settings.max_plies);
        if finished.forfeit.is_some() {
            forfeit = Some((finished.winner(), finished.result_text()));
        }
        *state = finished.state;
        plies = finished.plies;
    }
    while !state.is_over() && plies < settings.max_plies && forfeit.is_none() {
        let mv = match &settings.player {
            PlayerKind::Random => state.playout_move(&mut rng, moves),
            PlayerKind::Mcts => searcher.search_current().best,
            PlayerKind::Spec(_) => break,
        };
        let Some(mv) = mv else { break };
        if settings.player == PlayerKind::Mcts {
            searcher
                .advance(mv)
                .expect("the search chooses among the legal moves");
        }
        state.play_unchecked(mv);
        plies += 1;
    }
    (plies, forfeit)
}

/// The counts of a selfplay run's summary line.
#[derive(Default)]
struct Tally {
    wins: [u64; 2],
    draws: u64,
    no_winner: u64,
    /// Games stopped at the ply cap.
    stopped: u64,
    plies: usize,
}

impl Tally {
    /// Counts the result of the finished game `state` (or its `forfeit`) and writes its
    /// `result:` line to `out`.
    fn count<G: CatalogGame>(
        &mut self,
        state: &G,
        forfeit: Option<Forfeit>,
        max_plies: usize,
        out: &mut String,
    ) {
        match state.outcome() {
            _ if forfeit.is_some() => {
                let (winner, text) = forfeit.expect("checked");
                if let Some(winner) = winner {
                    self.wins[winner.index()] += 1;
                }
                let _ = writeln!(out, "result: {text}");
            }
            Outcome::Ongoing => {
                self.stopped += 1;
                let _ = writeln!(
                    out,
                    "result: ongoing (stopped by selfplay at its cap of {max_plies} plies, not a rule result)"
                );
            }
            outcome => {
                match &outcome {
                    Outcome::Win { winner, .. } => self.wins[winner.index()] += 1,
                    Outcome::Draw { .. } => self.draws += 1,
                    Outcome::NoWinner { .. } => self.no_winner += 1,
                    Outcome::Ongoing => unreachable!(),
                }
                let _ = writeln!(out, "result: {}", state.outcome_text());
            }
        }
    }
}
