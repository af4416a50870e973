//! A generic Monte Carlo tree search player (UCT with uniformly random playouts).

use crate::game::Game;
use crate::player::Player;
use crate::playout::random_playout;
use crate::rng::GameRng;

/// Settings of [`mcts_move`].
///
/// More settings may be added in a minor release, so outside the crate a configuration is
/// built with [`MctsConfig::new`] (or `default()`) and the `with_` methods, and its fields
/// are set by assignment.
///
/// ```
/// use game_core::MctsConfig;
/// let config = MctsConfig::new(500).with_exploration(1.0);
/// assert_eq!(config.iterations, 500);
/// assert_eq!(config.max_playout_plies, MctsConfig::default().max_playout_plies);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// Number of tree iterations (each one playout).
    pub iterations: u32,
    /// The UCT exploration constant (√2 is the textbook value).
    pub exploration: f64,
    /// A playout that reaches this many plies is scored as a draw.
    pub max_playout_plies: usize,
}

impl MctsConfig {
    /// `iterations` playouts per move, the other settings at their defaults.
    #[must_use]
    pub fn new(iterations: u32) -> MctsConfig {
        MctsConfig {
            iterations,
            ..MctsConfig::default()
        }
    }

    /// The same settings with the UCT exploration constant `exploration`.
    #[must_use]
    pub fn with_exploration(self, exploration: f64) -> MctsConfig {
        MctsConfig {
            exploration,
            ..self
        }
    }

    /// The same settings with playouts scored as a draw after `max_playout_plies` plies.
    #[must_use]
    pub fn with_max_playout_plies(self, max_playout_plies: usize) -> MctsConfig {
        MctsConfig {
            max_playout_plies,
            ..self
        }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 2_000,
            exploration: std::f64::consts::SQRT_2,
            max_playout_plies: 2_000,
        }
    }
}

struct Node<M> {
    mv: Option<M>,
    /// Who played `mv` (rewards are counted from this player's side).
    mover: Player,
    children: Vec<usize>,
    expanded: bool,
    visits: u32,
    reward: f64,
}

/// Chooses a move for the player to move by UCT search: `config.iterations` descents with
/// a random playout each, then the most visited move. `None` when the game is over.
/// Deterministic for a given state, configuration and generator state.
pub fn mcts_move<G: Game>(state: &G, config: &MctsConfig, rng: &mut GameRng) -> Option<G::Move> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let mut nodes: Vec<Node<G::Move>> = vec![Node {
        mv: None,
        mover: state.to_move().other(),
        children: Vec::new(),
        expanded: false,
        visits: 0,
        reward: 0.0,
    }];
    let mut path = Vec::new();
    for _ in 0..config.iterations.max(1) {
        let mut current = state.clone();
        path.clear();
        let mut node = 0;
        path.push(node);
        // Selection.
        while nodes[node].expanded && !nodes[node].children.is_empty() {
            let parent_visits = f64::from(nodes[node].visits.max(1));
            let log_n = parent_visits.ln();
            let mut best = nodes[node].children[0];
            let mut best_score = f64::NEG_INFINITY;
            for &child in &nodes[node].children {
                let c = &nodes[child];
                let score = if c.visits == 0 {
                    f64::INFINITY
                } else {
                    let n = f64::from(c.visits);
                    c.reward / n + config.exploration * (log_n / n).sqrt()
                };
                if score > best_score {
                    best_score = score;
                    best = child;
                }
            }
            node = best;
            current.play_unchecked(nodes[node].mv.expect("children carry moves"));
            path.push(node);
        }
        // Expansion.
        if !nodes[node].expanded {
            nodes[node].expanded = true;
            current.legal_moves(&mut moves);
            let mover = current.to_move();
            let first = nodes.len();
            for &mv in &moves {
                nodes.push(Node {
                    mv: Some(mv),
                    mover,
                    children: Vec::new(),
                    expanded: false,
                    visits: 0,
                    reward: 0.0,
                });
            }
            nodes[node].children = (first..nodes.len()).collect();
            if !moves.is_empty() {
                let pick = first + rng.below(moves.len());
                current.play_unchecked(nodes[pick].mv.expect("children carry moves"));
                node = pick;
                path.push(node);
            }
        }
        // Simulation.
        random_playout(&mut current, rng, config.max_playout_plies, &mut moves);
        let outcome = current.outcome();
        // Backpropagation.
        for &n in &path {
            let r = outcome.score_for(nodes[n].mover);
            nodes[n].visits += 1;
            nodes[n].reward += r;
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by_key(|&&c| nodes[c].visits)
        .and_then(|&c| nodes[c].mv)
}
