//! The workspace's own crates as an [`Engine`], in process, through `game-catalog` (and
//! `go9-gtp` for GTP sessions): what `rulebook conformance` checks.

use game_catalog::{AnyGame, CatalogGame, GameSpec, GameVisitor, Outcome, SpecOptions};
use go9_gtp::GtpEngine;

use crate::engine::{
    Answer, Engine, EngineFailure, GameOptions, OutcomeAnswer, ProbeAnswer, ReplayAnswer, Trace,
};
use crate::format::{ResultWords, Score};
use crate::reasons;

/// The crates of this workspace, asked directly.
///
/// ```
/// use rules_conformance::{CatalogEngine, Engine, GameOptions};
///
/// let bind = GameOptions { game: "bind".into(), options: Default::default() };
/// let counts = CatalogEngine.perft(&bind, &["B2-B4".to_string()], 1).unwrap();
/// assert_eq!(counts, [2]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct CatalogEngine;

impl CatalogEngine {
    /// The start position of `game`.
    fn start(game: &GameOptions) -> Answer<AnyGame> {
        let options: SpecOptions = serde_json::from_value(game.options.clone().into())
            .map_err(|e| EngineFailure::Unsupported(format!("options: {e}")))?;
        let spec = GameSpec::new(&game.game, &options)
            .map_err(|e| EngineFailure::Unsupported(e.to_string()))?;
        Ok(AnyGame::new(&spec))
    }

    /// The position after `moves`, each checked.
    fn after(game: &GameOptions, moves: &[String]) -> Answer<AnyGame> {
        let mut any = CatalogEngine::start(game)?;
        for (index, text) in moves.iter().enumerate() {
            play_numbered(&mut any, index, text)?;
        }
        Ok(any)
    }
}

/// Plays move `index` (from 0) of a case, refusals named by their number from 1.
fn play_numbered(any: &mut AnyGame, index: usize, text: &str) -> Answer<()> {
    any.play(text).map_err(|e| EngineFailure::MoveRefused {
        number: index + 1,
        text: text.to_string(),
        reason: e.to_string(),
    })
}

/// The result words of a game: the first word of its outcome text, and the text.
fn result_words(any: &AnyGame) -> ResultWords {
    let text = any.outcome_text();
    let winner = match any.outcome() {
        Outcome::Ongoing => "ongoing".to_string(),
        Outcome::Win { winner, .. } => any.player_names()[winner.index()].to_string(),
        Outcome::Draw { .. } => "draw".to_string(),
        Outcome::NoWinner { .. } => "none".to_string(),
    };
    ResultWords {
        winner,
        text: Some(text),
    }
}

/// go9's area count (G-10, after G-9's removal) of a game ended by the rules (two passes or
/// the move limit); `None` for another game, an unfinished one or one ended by a call.
#[must_use]
pub fn go9_score(any: &AnyGame) -> Option<Score> {
    let AnyGame::Go9(go) = any else { return None };
    match go.end_reason()? {
        go9::EndReason::TwoPasses(_) | go9::EndReason::MoveLimit(_) => {
            let score = go.score();
            let summary = score.summary();
            Some(Score {
                black: summary.area.first,
                white: summary.area.second,
                komi: f64::from(summary.komi),
                margin: score.result(),
            })
        }
        _ => None,
    }
}

/// Perft at each depth from 1 to `depth`, at the game's own speed.
struct PerftDepths(usize);

impl GameVisitor for PerftDepths {
    type Output = Vec<u64>;
    fn visit<G: CatalogGame>(self, game: G) -> Vec<u64> {
        (1..=self.0)
            .map(|depth| game_core::perft(&game, u32::try_from(depth).unwrap_or(u32::MAX)))
            .collect()
    }
}

impl Engine for CatalogEngine {
    fn name(&self) -> String {
        format!("the workspace's crates {}", env!("CARGO_PKG_VERSION"))
    }

    fn trace(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Trace> {
        let mut any = CatalogEngine::start(game)?;
        let mut legal = vec![any.legal_moves()];
        for (index, text) in moves.iter().enumerate() {
            play_numbered(&mut any, index, text)?;
            legal.push(any.legal_moves());
        }
        Ok(Trace {
            legal,
            result: result_words(&any),
        })
    }

    fn to_move(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Option<String>> {
        let any = CatalogEngine::after(game, moves)?;
        Ok((!any.is_over()).then(|| any.player_names()[any.to_move().index()].to_string()))
    }

    fn probe(&mut self, game: &GameOptions, moves: &[String], probe: &str) -> Answer<ProbeAnswer> {
        let any = CatalogEngine::after(game, moves)?;
        Ok(match reasons::classify(&any, probe) {
            None => ProbeAnswer::Accepted,
            Some(class) => ProbeAnswer::Refused {
                class: Some(class.to_string()),
            },
        })
    }

    fn perft(&mut self, game: &GameOptions, moves: &[String], depth: usize) -> Answer<Vec<u64>> {
        Ok(CatalogEngine::after(game, moves)?.visit(PerftDepths(depth)))
    }

    fn outcome(&mut self, game: &GameOptions, moves: &[String]) -> Answer<OutcomeAnswer> {
        let any = CatalogEngine::after(game, moves)?;
        Ok(OutcomeAnswer {
            result: result_words(&any),
            score: go9_score(&any),
        })
    }

    fn replay(&mut self, game: &GameOptions, format: &str, text: &str) -> Answer<ReplayAnswer> {
        let kind = CatalogEngine::start(game)?.kind();
        let read = match format {
            "json" | "sgf" => AnyGame::read_record_of(kind, text),
            other => return Err(EngineFailure::Unsupported(format!("{other} records"))),
        };
        Ok(match read {
            Ok(any) => ReplayAnswer::Accepted {
                plies: Some(any.moves().len()),
                result: result_words(&any),
            },
            Err(error) => {
                let message = error.to_string();
                ReplayAnswer::Refused {
                    not_a_record: Some(error.is_not_a_record()),
                    move_number: move_number_in(&message),
                    message,
                }
            }
        })
    }

    fn gtp(&mut self, commands: &[String]) -> Answer<Vec<String>> {
        let mut engine = GtpEngine::new().without_files();
        let mut answers = Vec::with_capacity(commands.len());
        for command in commands {
            let reply = match engine.execute_line(command) {
                Some((_, reply)) => reply,
                None => return Err(EngineFailure::BadAnswer(format!("no reply to {command:?}"))),
            };
            let mark = if reply.success { '=' } else { '?' };
            answers.push(if reply.text.is_empty() {
                mark.to_string()
            } else {
                format!("{mark} {}", reply.text)
            });
        }
        Ok(answers)
    }
}

/// The number N of the first `move N` in a message.
#[must_use]
pub fn move_number_in(message: &str) -> Option<usize> {
    let mut rest = message;
    while let Some(at) = rest.find("move ") {
        rest = &rest[at + 5..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse() {
            return Some(n);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::move_number_in;

    #[test]
    fn the_move_number_is_the_first_after_the_word_move() {
        assert_eq!(move_number_in("move 12 (`E5`): occupied"), Some(12));
        assert_eq!(move_number_in("the move E5 at move 3"), Some(3));
        assert_eq!(move_number_in("no number"), None);
    }
}
