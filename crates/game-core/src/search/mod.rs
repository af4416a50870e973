//! Monte Carlo tree search for any [`Game`](crate::Game): the engine behind every computer
//! opponent of the workspace.
//!
//! * [`Searcher`]: UCT (Kocsis and Szepesvári 2006) over a tree that is kept between
//!   moves, within a [`Budget`] of playouts and/or wall-clock time, on one or more threads
//!   (root parallelisation), with a node cap that bounds its memory.
//! * [`SearchHooks`]: what a game may add to make it strong — the tree's candidate moves,
//!   priors for new nodes, AMAF keys for RAVE (Gelly and Silver 2007), the playout policy
//!   and the playout's reward (score-aware if the game likes). [`DefaultHooks`] is plain
//!   UCT with uniform random playouts.
//! * [`SearchInfo`]: the best move, its win rate, the principal variation, playouts, time
//!   and nodes.
//! * [`Level`] and [`Opponent`]: `easy`, `normal` and `hard`, with each game's budgets.
//! * [`ResignRule`]: when a computer player resigns, shared by every front end.
//!
//! One iteration descends from the root choosing the child with the best
//! `value + c·√(ln N / n)` (where `value` mixes the child's mean with its AMAF mean when
//! RAVE is on), gives a leaf its children once it has
//! [`SearchConfig::expand_visits`] visits (and while the tree has room), plays the hooks'
//! playout from there and adds its reward to every node of the path (and, with RAVE, to
//! the AMAF statistics of the path nodes' children whose move was played later). The move
//! chosen is the root's most visited, or early in the game with a [`Variety`], one drawn
//! among the root moves nearly as good.

mod config;
mod hooks;
mod info;
mod resign;
mod searcher;
mod tree;
mod variety;
mod worker;

pub use config::{Budget, Level, ParseLevelError, SearchConfig};
pub use hooks::{DefaultHooks, Opponent, Playout, Prior, SearchHooks};
pub use info::{MoveInfo, SearchInfo};
pub use resign::ResignRule;
pub use searcher::{NO_CLOCK_PLAYOUTS, Searcher};
pub use variety::Variety;
