//! The random-game checker every game's tests call (after OpenSpiel's random-simulation test).
//!
//! Along a seeded random game it checks, at every state:
//! * the listed moves are unique, and the list is empty exactly when the game is over
//!   (and `outcome()` agrees with `is_over()`);
//! * every listed move passes `check_move`, is accepted by `play`, and `play` and
//!   `play_unchecked` reach equal states;
//! * every listed move prints and parses back to itself through [`Game::parse_move`];
//! * every candidate move that is *not* listed is rejected by `play`, and the rejected
//!   state equals the state before;
//! * a clone equals the original;
//! * the game's own validity hook passes;
//! * [`Game::random_move`] picks the same move as a uniform pick from the list.
//!
//! [`check_encoding`] checks a game's integer actions and observation planes the same way.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::encoding::Encoded;
use crate::game::Game;
use crate::rng::GameRng;

/// What [`check_random_game`] should do besides the built-in checks.
pub struct CheckHooks<'a, G: Game> {
    /// Moves to try that may or may not be legal (for example every point of the board);
    /// those not in the legal list must be rejected with the state unchanged.
    pub candidates: &'a dyn Fn(&G) -> Vec<G::Move>,
    /// The game's validity checker of a whole state (invariants), run on every state.
    pub validate: &'a dyn Fn(&G) -> Result<(), String>,
}

impl<G: Game> Default for CheckHooks<'_, G> {
    fn default() -> Self {
        CheckHooks {
            candidates: &|_| Vec::new(),
            validate: &|_| Ok(()),
        }
    }
}

/// Plays one random game from `start` with `seed` (at most `max_plies` moves), checking every
/// state as the module describes. Returns the number of plies played.
///
/// # Errors
/// A message naming the failed check and the moves that led there.
pub fn check_random_game<G>(
    start: &G,
    seed: u64,
    max_plies: usize,
    hooks: &CheckHooks<'_, G>,
) -> Result<usize, String>
where
    G: Game + PartialEq,
{
    let mut rng = GameRng::seed_from(seed);
    let mut state = start.clone();
    let mut moves = Vec::new();
    let mut line: Vec<String> = Vec::new();
    let fail = |line: &[String], what: String| -> String {
        let mut msg = format!("{} (seed {seed}) after moves [", G::NAME);
        for (i, m) in line.iter().enumerate() {
            let _ = write!(msg, "{}{m}", if i == 0 { "" } else { " " });
        }
        let _ = write!(msg, "]: {what}");
        msg
    };
    for ply in 0..=max_plies {
        check_state(&state, &mut moves, hooks).map_err(|e| fail(&line, e))?;
        if moves.is_empty() || ply == max_plies {
            return Ok(ply);
        }
        let mut overridden = rng.clone();
        let mv = moves[rng.below(moves.len())];
        let mut scratch = Vec::new();
        match state.random_move(&mut overridden, &mut scratch) {
            Some(picked) if picked == mv && overridden == rng => {}
            other => {
                return Err(fail(
                    &line,
                    format!(
                        "random_move gave {other:?} where a uniform pick from the list gives {mv}"
                    ),
                ));
            }
        }
        let mut unchecked = state.clone();
        unchecked.play_unchecked(mv);
        state
            .play(mv)
            .map_err(|e| fail(&line, format!("listed move {mv} rejected: {e}")))?;
        if state != unchecked {
            return Err(fail(
                &line,
                format!("play and play_unchecked differ after {mv}"),
            ));
        }
        line.push(mv.to_string());
    }
    Ok(max_plies)
}

fn check_state<G: Game + PartialEq>(
    state: &G,
    moves: &mut Vec<G::Move>,
    hooks: &CheckHooks<'_, G>,
) -> Result<(), String> {
    if state.clone() != *state {
        return Err("a clone differs from the original".into());
    }
    (hooks.validate)(state).map_err(|e| format!("validity check failed: {e}"))?;
    state.legal_moves(moves);
    let mut seen = HashSet::with_capacity(moves.len());
    for &mv in moves.iter() {
        if !seen.insert(mv) {
            return Err(format!("move {mv} is listed twice"));
        }
    }
    if moves.is_empty() != state.is_over() {
        return Err(format!(
            "{} legal moves but is_over() = {}",
            moves.len(),
            state.is_over()
        ));
    }
    if state.outcome().is_over() != state.is_over() {
        return Err(format!(
            "outcome {:?} disagrees with is_over()",
            state.outcome()
        ));
    }
    for &mv in moves.iter() {
        if let Err(e) = state.check_move(mv) {
            return Err(format!("listed move {mv} fails check_move: {e}"));
        }
        let text = mv.to_string();
        match state.parse_move(&text) {
            Ok(back) if back == mv => {}
            Ok(back) => return Err(format!("{text} parses back as {back}")),
            Err(e) => return Err(format!("listed move {text} does not parse: {e}")),
        }
    }
    for mv in (hooks.candidates)(state) {
        if seen.contains(&mv) {
            continue;
        }
        let mut copy = state.clone();
        if copy.play(mv).is_ok() {
            return Err(format!("unlisted move {mv} was accepted"));
        }
        if copy != *state {
            return Err(format!("rejecting {mv} changed the state"));
        }
    }
    Ok(())
}

/// Runs [`check_random_game`] for `games` seeds `first_seed, first_seed + 1, …`; returns the
/// total plies checked.
///
/// # Errors
/// The first failure.
pub fn check_random_games<G>(
    start: &G,
    first_seed: u64,
    games: u64,
    max_plies: usize,
    hooks: &CheckHooks<'_, G>,
) -> Result<usize, String>
where
    G: Game + PartialEq,
{
    let mut total = 0;
    for seed in first_seed..first_seed + games {
        total += check_random_game(start, seed, max_plies, hooks)?;
    }
    Ok(total)
}

/// Checks a game's [`Encoded`] ids and planes along `games` seeded random games from
/// `start` (seeds `first_seed, first_seed + 1, …`, at most `max_plies` plies each), at every
/// position, the last one included:
/// * every legal move `m` has `move_of(action_of(m)) == m`, with distinct ids below
///   `num_actions`;
/// * every id naming a move `m` has `action_of(m) == id`, and the ids whose move is legal
///   are exactly as many as the legal moves;
/// * the mask is `true` exactly at the legal moves' ids;
/// * the observation overwrites every value of a buffer full of NaN, is the observation
///   from the player to move, and with the mask is what
///   [`Encoded::write_observation_and_mask`] writes.
///
/// Returns the number of positions checked.
///
/// # Errors
/// A message naming the failed check, the seed and the ply.
pub fn check_encoding<G: Encoded>(
    start: &G,
    first_seed: u64,
    games: u64,
    max_plies: usize,
) -> Result<usize, String> {
    let mut positions = 0;
    let mut legal = Vec::new();
    for seed in first_seed..first_seed + games {
        let mut rng = GameRng::seed_from(seed);
        let mut game = start.clone();
        for ply in 0..=max_plies {
            positions += 1;
            check_encoded_position(&game, &mut legal)
                .map_err(|e| format!("{} (seed {seed}, ply {ply}): {e}", G::NAME))?;
            if legal.is_empty() || ply == max_plies {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            game.play(mv)
                .map_err(|e| format!("{} (seed {seed}): listed move {mv}: {e}", G::NAME))?;
        }
    }
    Ok(positions)
}

/// The checks of [`check_encoding`] at one position; leaves the legal moves in `legal`.
fn check_encoded_position<G: Encoded>(
    position: &G,
    legal: &mut Vec<G::Move>,
) -> Result<(), String> {
    let actions = position.num_actions();
    position.legal_moves(legal);
    let mut legal_ids = Vec::with_capacity(legal.len());
    for &mv in legal.iter() {
        let id = position.action_of(mv);
        if id >= actions {
            return Err(format!("{mv} has id {id}, not below {actions}"));
        }
        match position.move_of(id) {
            Ok(back) if back == mv => {}
            other => return Err(format!("id {id} of {mv} names {other:?}")),
        }
        legal_ids.push(id);
    }
    legal_ids.sort_unstable();
    legal_ids.dedup();
    if legal_ids.len() != legal.len() {
        return Err("two legal moves share an id".into());
    }
    let mut legal_by_id = 0;
    for id in 0..actions {
        if let Ok(mv) = position.move_of(id) {
            if position.action_of(mv) != id {
                return Err(format!(
                    "{mv} named by id {id} has id {}",
                    position.action_of(mv)
                ));
            }
            legal_by_id += usize::from(position.is_legal(mv));
        }
    }
    if legal_by_id != legal.len() {
        return Err(format!(
            "{legal_by_id} ids name legal moves, {} moves are legal",
            legal.len()
        ));
    }

    let mut mask = vec![false; actions];
    position
        .write_action_mask(&mut mask, &mut Vec::new())
        .map_err(|e| e.to_string())?;
    let masked: Vec<usize> = (0..actions).filter(|&id| mask[id]).collect();
    if masked != legal_ids {
        return Err(format!("mask {masked:?}, legal ids {legal_ids:?}"));
    }
    let mut observation = vec![f32::NAN; position.observation_len()];
    position
        .write_observation(&mut observation)
        .map_err(|e| e.to_string())?;
    if !observation.iter().all(|v| v.is_finite()) {
        return Err("a value of the observation was not written".into());
    }
    let mut for_mover = vec![f32::NAN; observation.len()];
    position
        .write_observation_for(position.to_move(), &mut for_mover)
        .map_err(|e| e.to_string())?;
    let (mut together, mut together_mask) =
        (vec![f32::NAN; observation.len()], vec![true; actions]);
    position
        .write_observation_and_mask(&mut together, &mut together_mask, &mut Vec::new())
        .map_err(|e| e.to_string())?;
    if for_mover != observation || together != observation || together_mask != mask {
        return Err("the observation calls disagree".into());
    }
    Ok(())
}
