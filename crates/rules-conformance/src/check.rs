//! One case against one engine: what was expected, what was found.

use std::fmt::Write as _;

use crate::canonical;
use crate::engine::{Engine, EngineFailure, GameOptions, ProbeAnswer, ReplayAnswer};
use crate::format::{Case, CaseBody, Check, LegalSet, RecordExpect, ResultWords, Score};

/// How a case went.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every check held.
    Pass,
    /// At least one check did not hold.
    Fail(Vec<Mismatch>),
    /// The engine cannot answer this kind of question (never counted as passed).
    Skip(String),
    /// The engine gave no answer: it timed out, crashed or wrote something unreadable.
    Error(String),
}

/// One check that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The ply the check applies to, where it has one.
    pub ply: Option<usize>,
    /// What was checked (`legal moves`, `perft 3`, `winner`, …).
    pub what: String,
    /// The expected answer.
    pub expected: String,
    /// The engine's answer.
    pub found: String,
}

/// A case's verdict and the reason classes the engine could not tell.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The verdict.
    pub verdict: Verdict,
    /// Refusals whose class the engine could not give (checked as refusals only).
    pub classes_not_checked: usize,
    /// Refusals whose class was compared.
    pub classes_checked: usize,
    /// Other expected values the engine does not report (go9's score, a record's plies).
    pub values_not_checked: usize,
}

/// Collects the mismatches of one case.
#[derive(Default)]
struct Findings {
    mismatches: Vec<Mismatch>,
    classes_checked: usize,
    classes_not_checked: usize,
    values_not_checked: usize,
}

impl Findings {
    fn differ(&mut self, ply: Option<usize>, what: &str, expected: String, found: String) {
        self.mismatches.push(Mismatch {
            ply,
            what: what.to_string(),
            expected,
            found,
        });
    }
}

/// Checks `case` of a file of `game` with `engine`.
pub fn check_case(engine: &mut dyn Engine, game: &GameOptions, case: &Case) -> Checked {
    let mut findings = Findings::default();
    let outcome = match &case.body {
        CaseBody::Replay { moves, checks } => replay(engine, game, moves, checks, &mut findings),
        CaseBody::Perft { moves, counts } => perft(engine, game, moves, counts, &mut findings),
        CaseBody::End {
            moves,
            result,
            score,
        } => end(engine, game, moves, result, score.as_ref(), &mut findings),
        CaseBody::Record {
            format,
            text,
            expect,
        } => record(engine, game, format, text, expect, &mut findings),
        CaseBody::Gtp { session } => gtp(engine, session, &mut findings),
    };
    let verdict = match outcome {
        Err(EngineFailure::Unsupported(what)) => Verdict::Skip(format!("not supported: {what}")),
        Err(EngineFailure::MoveRefused {
            number,
            text,
            reason,
        }) => {
            findings.differ(
                None,
                &format!("move {number} (`{text}`)"),
                "legal".into(),
                format!("refused: {reason}"),
            );
            Verdict::Fail(findings.mismatches)
        }
        Err(other) => Verdict::Error(other.to_string()),
        Ok(()) if findings.mismatches.is_empty() => Verdict::Pass,
        Ok(()) => Verdict::Fail(findings.mismatches),
    };
    Checked {
        verdict,
        classes_checked: findings.classes_checked,
        classes_not_checked: findings.classes_not_checked,
        values_not_checked: findings.values_not_checked,
    }
}

/// A short form of a hash for reports.
fn short(sha: &str) -> &str {
    sha.get(..12).unwrap_or(sha)
}

/// Compares a legal set.
fn compare_legal(ply: usize, expected: &LegalSet, found: &[String], findings: &mut Findings) {
    let found = canonical::sorted(found);
    let sha = canonical::legal_sha256(&found);
    if sha == expected.sha256 && found.len() == expected.count {
        return;
    }
    let mut text = format!("{} moves (sha256 {}…)", found.len(), short(&sha));
    if let Some(list) = &expected.moves {
        let missing: Vec<&str> = list
            .iter()
            .filter(|m| !found.contains(m))
            .map(String::as_str)
            .collect();
        let extra: Vec<&str> = found
            .iter()
            .filter(|m| !list.contains(m))
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            let _ = write!(text, "; missing {}", missing.join(" "));
        }
        if !extra.is_empty() {
            let _ = write!(text, "; extra {}", extra.join(" "));
        }
    } else if found.len() <= LegalSet::LIST_LIMIT {
        let _ = write!(text, ": {}", found.join(" "));
    }
    findings.differ(
        Some(ply),
        "legal moves",
        format!(
            "{} moves (sha256 {}…)",
            expected.count,
            short(&expected.sha256)
        ),
        text,
    );
}

fn replay(
    engine: &mut dyn Engine,
    game: &GameOptions,
    moves: &[String],
    checks: &[Check],
    findings: &mut Findings,
) -> Result<(), EngineFailure> {
    // `crate::validate` refuses a line whose checks are past its moves; a case built in
    // code is checked here too, so that slicing `moves` cannot panic.
    if let Some(check) = checks.iter().find(|c| c.ply > moves.len()) {
        return Err(EngineFailure::BadAnswer(format!(
            "the case checks ply {} of a game of {} moves",
            check.ply,
            moves.len()
        )));
    }
    let trace = engine.trace(game, moves)?;
    for check in checks {
        let before = &moves[..check.ply];
        if let Some(expected) = &check.to_move {
            let found = engine.to_move(game, before)?;
            if &found != expected {
                findings.differ(
                    Some(check.ply),
                    "player to move",
                    expected
                        .clone()
                        .unwrap_or_else(|| "none (game over)".into()),
                    found.unwrap_or_else(|| "none (game over)".into()),
                );
            }
        }
        if let Some(expected) = &check.legal {
            compare_legal(check.ply, expected, &trace.legal[check.ply], findings);
        }
        for probe in &check.illegal {
            match engine.probe(game, before, &probe.mv)? {
                ProbeAnswer::Accepted => findings.differ(
                    Some(check.ply),
                    &format!("probe {}", probe.mv),
                    format!("refused ({})", probe.reason),
                    "accepted".into(),
                ),
                ProbeAnswer::Refused { class: None } => findings.classes_not_checked += 1,
                ProbeAnswer::Refused { class: Some(class) } => {
                    findings.classes_checked += 1;
                    if class != probe.reason {
                        findings.differ(
                            Some(check.ply),
                            &format!("probe {}", probe.mv),
                            format!("refused ({})", probe.reason),
                            format!("refused ({class})"),
                        );
                    }
                }
            }
        }
    }
    Ok(())
}

fn perft(
    engine: &mut dyn Engine,
    game: &GameOptions,
    moves: &[String],
    counts: &[u64],
    findings: &mut Findings,
) -> Result<(), EngineFailure> {
    let found = engine.perft(game, moves, counts.len())?;
    for (index, expected) in counts.iter().enumerate() {
        let got = found.get(index);
        if got != Some(expected) {
            findings.differ(
                Some(moves.len()),
                &format!("perft {}", index + 1),
                expected.to_string(),
                got.map_or_else(|| "no count".into(), u64::to_string),
            );
        }
    }
    Ok(())
}

/// Compares result words: the winner always, the text when the engine writes one.
fn compare_result(
    ply: Option<usize>,
    expected: &ResultWords,
    found: &ResultWords,
    findings: &mut Findings,
) {
    if found.winner != expected.winner {
        findings.differ(ply, "winner", expected.winner.clone(), found.winner.clone());
    }
    match (&expected.text, &found.text) {
        (Some(e), Some(f)) if e != f => findings.differ(ply, "result text", e.clone(), f.clone()),
        (Some(_), None) => findings.values_not_checked += 1,
        _ => {}
    }
}

fn end(
    engine: &mut dyn Engine,
    game: &GameOptions,
    moves: &[String],
    result: &ResultWords,
    score: Option<&Score>,
    findings: &mut Findings,
) -> Result<(), EngineFailure> {
    let found = engine.outcome(game, moves)?;
    let ply = Some(moves.len());
    compare_result(ply, result, &found.result, findings);
    match (score, &found.score) {
        (Some(expected), Some(got)) if expected != got => {
            findings.differ(ply, "area count", score_text(expected), score_text(got))
        }
        (Some(_), None) => findings.values_not_checked += 1,
        _ => {}
    }
    Ok(())
}

fn score_text(score: &Score) -> String {
    format!(
        "{} (black {}, white {}, komi {})",
        score.margin, score.black, score.white, score.komi
    )
}

fn record(
    engine: &mut dyn Engine,
    game: &GameOptions,
    format: &str,
    text: &str,
    expect: &RecordExpect,
    findings: &mut Findings,
) -> Result<(), EngineFailure> {
    let found = engine.replay(game, format, text)?;
    match (expect.accepted, found) {
        (true, ReplayAnswer::Accepted { plies, result }) => {
            match (expect.plies, plies) {
                (Some(e), Some(f)) if e != f => {
                    findings.differ(None, "moves replayed", e.to_string(), f.to_string());
                }
                (Some(_), None) => findings.values_not_checked += 1,
                _ => {}
            }
            if let Some(expected) = &expect.result {
                compare_result(None, expected, &result, findings);
            }
        }
        (true, ReplayAnswer::Refused { message, .. }) => {
            findings.differ(
                None,
                "record",
                "accepted".into(),
                format!("refused: {message}"),
            );
        }
        (false, ReplayAnswer::Accepted { result, .. }) => findings.differ(
            None,
            "record",
            refusal_text(expect),
            format!("accepted ({})", result.text.unwrap_or(result.winner)),
        ),
        (
            false,
            ReplayAnswer::Refused {
                not_a_record,
                move_number,
                message,
            },
        ) => {
            let expected_not_a_record = expect.refusal.as_deref() == Some("not-a-record");
            match not_a_record {
                Some(found) if found != expected_not_a_record => findings.differ(
                    None,
                    "refusal",
                    refusal_text(expect),
                    format!(
                        "{}: {message}",
                        if found { "not a record" } else { "refused" }
                    ),
                ),
                None => findings.values_not_checked += 1,
                _ => {}
            }
            // FORMAT.md: a refusal names move N exactly when the case gives one; a case
            // without `move` is refused as a whole (every move reads and plays), so a
            // refusal that blames a move refuses for the wrong reason.
            if move_number != expect.mv {
                findings.differ(
                    None,
                    "refused move",
                    expect.mv.map_or_else(
                        || "no move named (refused as a whole)".into(),
                        |n| format!("move {n}"),
                    ),
                    format!(
                        "{}: {message}",
                        move_number.map_or_else(|| "no move named".into(), |n| format!("move {n}"))
                    ),
                );
            }
        }
    }
    Ok(())
}

fn refusal_text(expect: &RecordExpect) -> String {
    match (expect.refusal.as_deref(), expect.mv) {
        (Some("not-a-record"), _) => "refused as not a record".into(),
        (_, Some(n)) => format!("refused at move {n}"),
        _ => "refused".into(),
    }
}

fn gtp(
    engine: &mut dyn Engine,
    session: &[(String, String)],
    findings: &mut Findings,
) -> Result<(), EngineFailure> {
    let commands: Vec<String> = session.iter().map(|(c, _)| c.clone()).collect();
    let answers = engine.gtp(&commands)?;
    for (index, ((command, expected), found)) in session.iter().zip(&answers).enumerate() {
        let found = found.trim_end();
        let holds = if expected == "?" {
            found.starts_with('?')
        } else {
            found == expected.trim_end()
        };
        if !holds {
            findings.differ(
                None,
                &format!("GTP command {} `{command}`", index + 1),
                expected.clone(),
                found.to_string(),
            );
        }
    }
    Ok(())
}
