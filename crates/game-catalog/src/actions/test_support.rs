//! Checks shared by the four games' action and observation tests.

use game_core::{Game, GameRng};

/// A game's five action and observation functions, as the tests call them.
pub(crate) struct Encoding<G: Game> {
    /// `num_actions`.
    pub(crate) num_actions: fn(&G) -> usize,
    /// `action_of`.
    pub(crate) action_of: fn(&G, G::Move) -> usize,
    /// `move_of`.
    pub(crate) move_of: fn(&G, usize) -> Option<G::Move>,
    /// `observation_shape`.
    pub(crate) observation_shape: fn(&G) -> [usize; 3],
    /// `write_observation`.
    pub(crate) write_observation: fn(&G, &mut [f32]),
}

/// How many random games each option is checked along.
pub(crate) const RANDOM_GAMES: u64 = 20;

/// Checks the bijection and the observation buffer at `position`:
/// * every legal move `m` has `move_of(action_of(m)) == Some(m)`, with distinct ids below
///   `num_actions`;
/// * every id naming a move `m` has `action_of(m) == id`;
/// * the ids whose move is legal are exactly as many as the legal moves;
/// * `write_observation` overwrites every value of a buffer full of NaN.
///
/// Returns the number of legal moves.
pub(crate) fn check_position<G: Game>(
    encoding: &Encoding<G>,
    position: &G,
    legal: &mut Vec<G::Move>,
) -> usize {
    let actions = (encoding.num_actions)(position);
    position.legal_moves(legal);
    let mut legal_ids: Vec<usize> = Vec::with_capacity(legal.len());
    for &mv in legal.iter() {
        let id = (encoding.action_of)(position, mv);
        assert!(id < actions, "{mv} has id {id}, not below {actions}");
        assert_eq!(
            (encoding.move_of)(position, id),
            Some(mv),
            "id {id} of {mv}"
        );
        legal_ids.push(id);
    }
    legal_ids.sort_unstable();
    legal_ids.dedup();
    assert_eq!(legal_ids.len(), legal.len(), "two legal moves share an id");

    let mut legal_by_id = 0;
    for id in 0..actions {
        if let Some(mv) = (encoding.move_of)(position, id) {
            assert_eq!(
                (encoding.action_of)(position, mv),
                id,
                "{mv} named by id {id}"
            );
            if position.is_legal(mv) {
                legal_by_id += 1;
            }
        }
    }
    assert_eq!(legal_by_id, legal.len(), "legal ids against the legal list");

    let observation = observe_from_nan(encoding, position);
    assert!(
        observation.iter().all(|v| v.is_finite()),
        "a value of the observation was not written"
    );
    legal.len()
}

/// The observation of `position`, written into a buffer that was full of NaN.
pub(crate) fn observe_from_nan<G: Game>(encoding: &Encoding<G>, position: &G) -> Vec<f32> {
    let [planes, rows, cols] = (encoding.observation_shape)(position);
    let mut buffer = vec![f32::NAN; planes * rows * cols];
    (encoding.write_observation)(position, &mut buffer);
    buffer
}

/// Plays [`RANDOM_GAMES`] random games from `start` (seeded with `seed`, `seed + 1`, …, at
/// most `max_plies` plies each) and checks [`check_position`] at every position, the
/// final one included. Returns the number of positions checked.
pub(crate) fn check_random_games<G: Game>(
    encoding: &Encoding<G>,
    start: &G,
    seed: u64,
    max_plies: usize,
) -> usize {
    let mut positions = 0;
    let mut legal = Vec::new();
    for game_number in 0..RANDOM_GAMES {
        let mut rng = GameRng::seed_from(seed + game_number);
        let mut game = start.clone();
        for ply in 0..=max_plies {
            positions += 1;
            if check_position(encoding, &game, &mut legal) == 0 || ply == max_plies {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            game.play(mv).expect("a listed move is legal");
        }
    }
    positions
}

/// The plane `plane` of an observation of shape `[_, rows, cols]`.
pub(crate) fn plane(observation: &[f32], plane: usize, rows: usize, cols: usize) -> &[f32] {
    &observation[plane * rows * cols..(plane + 1) * rows * cols]
}

/// A plane of `len` values, each `value`.
pub(crate) fn constant_plane(len: usize, value: f32) -> Vec<f32> {
    vec![value; len]
}
