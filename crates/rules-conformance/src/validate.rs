//! What `conformance/FORMAT.md` ("What a runner refuses") asks of a file beyond its JSON
//! shape: header options the game takes, reason classes of its vocabulary, and case lines
//! whose lists agree with their counts and hashes. The Python runner
//! (`conformance/runner/vectors.py`) checks the same things, so that a broken file gets
//! the same verdict from both.

use serde_json::Value;

use crate::canonical;
use crate::format::{Case, CaseBody, Check, Header, LegalSet, RecordExpect, ResultWords, Score};
use crate::reasons;

/// The players of `game`, first player first (`rulebook`'s names).
fn players(game: &str) -> &'static [&'static str] {
    match game {
        "bao" => &["south", "north"],
        _ => &["black", "white"],
    }
}

/// A whole number option of at least 0, or why not.
fn whole(value: &Value, name: &str) -> Result<u64, String> {
    value
        .as_u64()
        .ok_or_else(|| format!("option `{name}` must be a whole number"))
}

/// Checks the header's options and reason classes against the game (the table "Options by
/// game" of FORMAT.md): an option the game does not take, or a value out of its range,
/// makes the header unusable.
///
/// # Errors
/// Why the header cannot be used.
pub fn header(header: &Header) -> Result<(), String> {
    let game = header.game.as_str();
    let allowed: &[&str] = match game {
        "kazura" => &["size"],
        "bao" => &["ruleset"],
        "bind" => &["variant", "size", "pieces"],
        _ => &[],
    };
    if let Some(name) = header
        .options
        .keys()
        .find(|k| !allowed.contains(&k.as_str()))
    {
        return Err(format!("option `{name}` does not apply to {game}"));
    }
    let get = |name: &str| header.options.get(name);
    match game {
        "kazura" => {
            if let Some(size) = get("size") {
                let size = whole(size, "size")?;
                if !(2..=25).contains(&size) {
                    return Err(format!(
                        "option `size` of kazura must be from 2 to 25, not {size}"
                    ));
                }
            }
        }
        "bao" => {
            if let Some(ruleset) = get("ruleset")
                && !matches!(ruleset.as_str(), Some("seed" | "reference"))
            {
                return Err(format!(
                    "option `ruleset` of bao must be `seed` or `reference`, not {ruleset}"
                ));
            }
        }
        "bind" => bind_options(get("variant"), get("size"), get("pieces"))?,
        _ => {}
    }
    let vocabulary = reasons::vocabulary(game);
    if let Some(unknown) = header
        .reasons
        .iter()
        .find(|r| !vocabulary.contains(&r.as_str()))
    {
        return Err(format!(
            "`reasons` names `{unknown}`, not a reason class of {game}"
        ));
    }
    Ok(())
}

/// Bind's options: a named variant, or a custom side 3–25 with 3 to side² pieces.
fn bind_options(
    variant: Option<&Value>,
    size: Option<&Value>,
    pieces: Option<&Value>,
) -> Result<(), String> {
    match (variant, size, pieces) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            Err("bind takes `variant` or `size` with `pieces`, not both".into())
        }
        (Some(v), None, None) if matches!(v.as_str(), Some("mini" | "full")) => Ok(()),
        (Some(v), None, None) => Err(format!(
            "option `variant` of bind must be `mini` or `full`, not {v}"
        )),
        (None, Some(size), Some(pieces)) => {
            let size = whole(size, "size")?;
            let pieces = whole(pieces, "pieces")?;
            if !(3..=25).contains(&size) {
                return Err(format!(
                    "option `size` of bind must be from 3 to 25, not {size}"
                ));
            }
            if !(3..=size * size).contains(&pieces) {
                return Err(format!(
                    "option `pieces` of bind must be from 3 to {}, not {pieces}",
                    size * size
                ));
            }
            Ok(())
        }
        (None, None, None) => Ok(()),
        _ => Err("a custom bind game needs both `size` and `pieces`".into()),
    }
}

/// Checks one case of a file whose header is `header`.
///
/// # Errors
/// Why the line is broken (it is then reported and not run).
pub fn case(case: &Case, header: &Header) -> Result<(), String> {
    if case.id.is_empty() {
        return Err("`id` must not be empty".into());
    }
    let game = header.game.as_str();
    match &case.body {
        CaseBody::Replay { moves, checks } => {
            if checks.is_empty() {
                return Err("`checks` must be a non-empty list".into());
            }
            checks
                .iter()
                .try_for_each(|c| check(c, moves.len(), header))
        }
        CaseBody::Perft { counts, .. } if counts.is_empty() => {
            Err("`counts` must be a non-empty list of whole numbers".into())
        }
        CaseBody::Perft { .. } => Ok(()),
        CaseBody::End { result, score, .. } => {
            result_words(result, "`result`", game, false)?;
            score.as_ref().map_or(Ok(()), score_fields)
        }
        CaseBody::Record { format, expect, .. } => {
            if !matches!(format.as_str(), "json" | "sgf") {
                return Err(format!("`format` is `{format}`, not `json` or `sgf`"));
            }
            record_expect(expect, game)
        }
        CaseBody::Gtp { session } => {
            if session.is_empty() {
                return Err(
                    "`session` must be a non-empty list of [command, response] pairs".into(),
                );
            }
            match session
                .iter()
                .position(|(c, _)| c.contains('\n') || c.trim().is_empty())
            {
                Some(i) => Err(format!(
                    "`session` item {}: a command is one non-empty line",
                    i + 1
                )),
                None => Ok(()),
            }
        }
    }
}

/// One check of a replay case.
fn check(check: &Check, moves: usize, header: &Header) -> Result<(), String> {
    if check.ply > moves {
        return Err(format!(
            "check at ply {}: `ply` is past the {moves} moves",
            check.ply
        ));
    }
    let what = format!("check at ply {}", check.ply);
    if check.to_move.is_none() && check.legal.is_none() && check.illegal.is_empty() {
        return Err(format!(
            "{what} checks nothing (no `to_move`, `legal` or `illegal`)"
        ));
    }
    if let Some(Some(player)) = &check.to_move
        && !players(&header.game).contains(&player.as_str())
    {
        return Err(format!(
            "{what}: `to_move` is `{player}`, not a player of {} or null",
            header.game
        ));
    }
    if let Some(legal) = &check.legal {
        legal_set(legal, &what)?;
    }
    if let Some(probe) = check
        .illegal
        .iter()
        .find(|p| !header.reasons.contains(&p.reason))
    {
        return Err(format!(
            "{what}: reason `{}` is not in the header's `reasons`",
            probe.reason
        ));
    }
    Ok(())
}

/// A legal set whose hash, count and list agree.
fn legal_set(legal: &LegalSet, what: &str) -> Result<(), String> {
    let hex = legal.sha256.len() == 64
        && legal
            .sha256
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !hex {
        return Err(format!(
            "{what}: `legal`: `sha256` must be 64 lower-case hexadecimal digits"
        ));
    }
    let Some(moves) = &legal.moves else {
        return Ok(());
    };
    let sorted = canonical::sorted(moves);
    if &sorted != moves {
        return Err(format!(
            "{what}: `legal`: `moves` is not sorted by byte order"
        ));
    }
    if moves.len() != legal.count {
        return Err(format!(
            "{what}: `legal`: `moves` lists {} moves but `count` is {}",
            moves.len(),
            legal.count
        ));
    }
    if canonical::legal_sha256(moves) != legal.sha256 {
        return Err(format!(
            "{what}: `legal`: `sha256` is not the SHA-256 of the canonical text of `moves`"
        ));
    }
    Ok(())
}

/// A result's winner word is a player, `draw` or `none` (or `ongoing` for a record), and
/// its text starts with it.
fn result_words(result: &ResultWords, what: &str, game: &str, ongoing: bool) -> Result<(), String> {
    let winner = result.winner.as_str();
    let known = players(game).contains(&winner)
        || matches!(winner, "draw" | "none")
        || (ongoing && winner == "ongoing");
    if !known {
        return Err(format!(
            "{what}: `winner` `{winner}` is not a word of {game}"
        ));
    }
    if let Some(text) = &result.text
        && text.split(' ').next() != Some(winner)
    {
        return Err(format!(
            "{what}: `text` does not start with the winner `{winner}`"
        ));
    }
    Ok(())
}

/// go9's area count: the margin is `B+N`, `W+N` or `0`.
fn score_fields(score: &Score) -> Result<(), String> {
    let margin = score.margin.as_str();
    let number = margin
        .strip_prefix("B+")
        .or_else(|| margin.strip_prefix("W+"));
    let good = margin == "0"
        || number.is_some_and(|n| {
            !n.is_empty() && !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit())
        });
    if good && score.komi.is_finite() {
        Ok(())
    } else {
        Err("`score`: `margin` must be `B+N`, `W+N` or `0`".into())
    }
}

/// A record's `expect`: accepted with plies and result, or one of the two refusals.
fn record_expect(expect: &RecordExpect, game: &str) -> Result<(), String> {
    if expect.accepted {
        if expect.plies.is_none() {
            return Err("`expect`: missing field `plies`".into());
        }
        let Some(result) = &expect.result else {
            return Err("`expect`: missing field `result`".into());
        };
        return result_words(result, "`expect`: `result`", game, true);
    }
    match (expect.refusal.as_deref(), expect.mv) {
        (None, _) => Err("`expect`: missing field `refusal`".into()),
        (Some("refused"), Some(0)) => Err("`expect`: `move` must be at least 1, not 0".into()),
        (Some("refused"), _) | (Some("not-a-record"), None) => Ok(()),
        (Some("not-a-record"), Some(_)) => {
            Err("`expect`: `move` goes only with the refusal `refused`".into())
        }
        (Some(other), _) => Err(format!(
            "`expect`: `refusal` is `{other}`, not `not-a-record` or `refused`"
        )),
    }
}
