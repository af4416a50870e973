//! The detectors that name a bind case's decisions from what it holds: the positions it
//! checks (where a decision restricts or decides the legal set), the moves it replays (the
//! hands they reach), the way its game ended. Computed on a plain view of the board
//! (`Bind::owner`, the hands), so they also read finished positions.

use std::collections::BTreeSet;

use bind::{Bind, Coord, EndReason, Variant};
use game_core::{Game, Player};

/// A game checked past this many plies exercises N-13 (no move limit): an implementation
/// that stops games at a cap of this size or less fails it. (Positions never repeat in
/// Bind, since every move but the pass adds pieces to the board, so the "no repetition
/// rule" half of N-13 cannot be seen.)
pub const LONG_GAME: usize = 100;

/// A hand of at most this many pieces is near the limits the rules count to (N-7's two and
/// three, N-11's one, N-12's none): a wrong count of pieces for a named variant (N-1) shows
/// there.
const NEAR: usize = 3;

const STEPS: [(i64, i64); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

fn coord(col: i64, row: i64) -> Coord {
    Coord::new(
        u8::try_from(col).expect("a column"),
        u8::try_from(row).expect("a row"),
    )
}

/// The board as a plain grid: `None` off the board, `Some(owner)` on it.
struct View<'a> {
    game: &'a Bind,
    size: i64,
}

impl View<'_> {
    fn at(&self, col: i64, row: i64) -> Option<Option<Player>> {
        (col >= 0 && row >= 0 && col < self.size && row < self.size)
            .then(|| self.game.owner(coord(col, row)))
    }

    fn empty(&self, col: i64, row: i64) -> bool {
        self.at(col, row) == Some(None)
    }

    fn squares(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        (0..self.size * self.size).map(|q| (q % self.size, q / self.size))
    }

    fn has_neighbour(&self, (c, r): (i64, i64), of: Player) -> bool {
        STEPS
            .iter()
            .any(|&(dc, dr)| self.at(c + dc, r + dr) == Some(Some(of)))
    }

    /// The opponent pieces that may be taken (N-5): once one is lifted, every other one
    /// keeps a neighbour of its colour. A piece with no partner limits every take but its
    /// own; a piece whose only partner is `x` forbids taking `x`.
    fn takeable(&self, opponent: Player) -> BTreeSet<(i64, i64)> {
        let pieces: Vec<(i64, i64)> = self
            .squares()
            .filter(|q| self.at(q.0, q.1) == Some(Some(opponent)))
            .collect();
        let partners = |(c, r): (i64, i64)| {
            STEPS
                .iter()
                .filter(|&&(dc, dr)| self.at(c + dc, r + dr) == Some(Some(opponent)))
                .count()
        };
        let lone: Vec<(i64, i64)> = pieces
            .iter()
            .copied()
            .filter(|&q| partners(q) == 0)
            .collect();
        pieces
            .iter()
            .copied()
            .filter(|&x| {
                lone.iter().all(|&q| q == x)
                    && STEPS.iter().all(|&(dc, dr)| {
                        let n = (x.0 + dc, x.1 + dr);
                        self.at(n.0, n.1) != Some(Some(opponent)) || partners(n) >= 2
                    })
            })
            .collect()
    }
}

/// What the position where `game`'s mover decides (a checked legal set, a perft node, the
/// position of a player left without a move) shows: the decisions that restrict or decide
/// its legal set there.
pub fn decision_tags(game: &Bind, tags: &mut BTreeSet<&'static str>) {
    move_tags(game, tags, true);
}

/// The decisions that restrict the legal set of `game`'s mover: all of them when the set
/// is `listed` (checked, counted, or found empty), else (a single placement played there)
/// those that left no take-and-place move, which is what allowed it.
fn move_tags(game: &Bind, tags: &mut BTreeSet<&'static str>, listed: bool) {
    let view = View {
        game,
        size: i64::try_from(game.variant().size()).expect("a size"),
    };
    let me = game.to_move();
    let opponent = me.other();
    let hand = game.hand(me);
    let empties: Vec<(i64, i64)> = view.squares().filter(|q| view.empty(q.0, q.1)).collect();
    let singles = empties
        .iter()
        .filter(|&&q| view.has_neighbour(q, me))
        .count();
    if hand == 1 {
        // The forced pass, even where a single placement would fit.
        tags.insert("N-11");
        return;
    }
    if game.first_move_due(me) && me == Player::First {
        tags.insert("N-3");
        return;
    }
    let first = game.first_move_due(me);
    if first && listed {
        tags.insert("N-4");
    }
    let (two, three) = if first {
        (false, hand >= 3)
    } else {
        (hand >= 2, hand >= 3)
    };
    let mut any_line = false;
    let allowed = view.takeable(opponent);
    for x in view.squares() {
        if view.at(x.0, x.1) != Some(Some(opponent)) {
            continue;
        }
        let takeable = allowed.contains(&x);
        for (dc, dr) in STEPS {
            let (s1, s2) = ((x.0 + dc, x.1 + dr), (x.0 + 2 * dc, x.1 + 2 * dr));
            let (e1, e2) = (view.empty(s1.0, s1.1), view.empty(s2.0, s2.1));
            let shape = (two && e1) || (three && e1 && e2);
            if !takeable {
                if shape {
                    // A line would start here but for the take rule.
                    tags.insert("N-5");
                }
                continue;
            }
            any_line |= shape;
            if three && !e1 && view.at(s1.0, s1.1).is_some() && e2 {
                // A line of three would pass over an occupied square: it may not.
                tags.insert("N-6");
            }
            if !first && hand == 2 && e1 && e2 {
                // A line of three fits, but two pieces are in hand.
                tags.insert("N-7");
            }
        }
    }
    if !listed {
        return;
    }
    if any_line {
        if singles > 0 {
            // Single placements fit, but the take-and-place moves come first.
            tags.insert("N-8");
        }
    } else {
        if !empties.is_empty() {
            // The single placement decides which empty squares are moves.
            tags.insert("N-9");
        }
        if singles == 0 {
            tags.insert("N-10");
        }
    }
}

/// The decisions the end of `game` exercises (nothing while it goes on).
pub fn end_tags(game: &Bind, tags: &mut BTreeSet<&'static str>) {
    match game.end_reason() {
        Some(EndReason::AllPlaced { .. }) => {
            tags.insert("N-12");
        }
        Some(EndReason::NoMove { .. }) => {
            tags.insert("N-10");
            // The mover had no move: every rule that could have given one decided it.
            decision_tags(game, tags);
        }
        Some(EndReason::BothHoldOne) => {
            tags.insert("N-16");
        }
        Some(EndReason::Resigned { .. }) => {
            tags.insert("N-15");
        }
        _ => {}
    }
}

/// The hands seen along a game: where they come near the rules' limits, the variant's
/// count of pieces (N-1, for a named variant) and the return of taken pieces (N-2) show.
#[derive(Clone)]
pub struct Hands {
    named: bool,
    taken: [usize; 2],
}

impl Hands {
    /// For a game of `variant` (a named one, `mini` or `full`, or a custom one).
    pub fn new(variant: Variant, from_header: bool) -> Hands {
        Hands {
            named: from_header && (variant == Variant::MINI || variant == Variant::FULL),
            taken: [0, 0],
        }
    }

    /// `game` is observed (a move played from it, a check of it, or its end).
    pub fn observe(&self, game: &Bind, tags: &mut BTreeSet<&'static str>) {
        for player in Player::BOTH {
            let hand = game.hand(player);
            if self.named && hand <= NEAR {
                tags.insert("N-1");
            }
            // A hand short by the pieces taken from it shows where the mover's is below
            // three (N-7, N-11, N-12), or the other's below two (N-16).
            let taken = self.taken[player.index()];
            let limit = if player == game.to_move() { 2 } else { 1 };
            if taken > 0 && hand <= limit + taken {
                tags.insert("N-2");
            }
        }
        if game.move_count() > LONG_GAME {
            tags.insert("N-13");
        }
    }

    /// `mv` is played from `game`: a take moves a piece back to its owner's hand.
    pub fn played(&mut self, game: &Bind, mv: &str, tags: &mut BTreeSet<&'static str>) {
        self.observe(game, tags);
        let me = game.to_move();
        let opening = game.first_move_due(Player::First) && me == Player::First;
        if mv.contains('-') && !opening {
            self.taken[me.other().index()] += 1;
        } else if mv.eq_ignore_ascii_case("pass") {
            tags.insert("N-11");
        } else if !mv.contains('-') {
            // A single placement is a move only where no take-and-place move is: the
            // rules that gave none decide it.
            move_tags(game, tags, false);
        }
    }
}
