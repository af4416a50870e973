//! Simple Go knowledge for the search (`docs/go9.md`, "The computer opponent"): what a
//! placement does to liberties (captures, atari escapes, self-atari, runs into a
//! ladder), the moves that answer an atari next to the last move, and the heavy playout
//! policy that plays them first, as MoGo (Gelly et al. 2006) and michi (Baudiš 2015) do.
//! Every move it plays is checked by the rules exactly as the light playout's are
//! (`Go9::acceptable`).

use game_core::{Game, GameRng, Player};

use crate::ladder::{LADDER_DEPTH, ladder_atari};
use crate::layout::{Mask, WIDTH, at_most_one, bit, cell_of, cells, flood, orthogonal, spread};
use crate::moves::Move;
use crate::patterns;
use crate::playout::Choice;
use crate::state::Go9;

/// Percent chance that a heavy playout move tries the atari answers first (michi: 90).
const PROB_CAPTURE: usize = 90;
/// Percent chance that it then tries the 3×3 patterns next to the last move (michi: 95).
const PROB_PATTERN: usize = 95;

#[cfg(test)]
mod tests;

/// The 8 cells around `c` (some may be off the board).
#[inline]
pub(crate) fn around(c: usize) -> [usize; 8] {
    [
        c - WIDTH - 1,
        c - WIDTH,
        c - WIDTH + 1,
        c - 1,
        c + 1,
        c + WIDTH - 1,
        c + WIDTH,
        c + WIDTH + 1,
    ]
}

/// The chains with a stone in `stones` (which holds stones only), each once, as masks.
fn chains_in(board: &crate::board::Board, mut stones: Mask) -> impl Iterator<Item = Mask> + '_ {
    std::iter::from_fn(move || {
        if stones == 0 {
            return None;
        }
        let chain = board.chain_at(stones.trailing_zeros() as usize);
        stones &= !chain;
        Some(chain)
    })
}

/// Writes the one liberty in `libs` as the next answer, while `out` has room.
#[inline]
fn push_answer(out: &mut [usize; 24], n: &mut usize, libs: Mask) {
    if let Some(slot) = out.get_mut(*n) {
        *slot = libs.trailing_zeros() as usize;
        *n += 1;
    }
}

impl Go9 {
    /// The cell of the last move if it was a placement.
    #[inline]
    pub(crate) fn last_cell(&self) -> Option<usize> {
        match self.moves().last() {
            Some(Move::Place(p)) => Some(cell_of(*p)),
            _ => None,
        }
    }

    /// The cell of the move before the last (the mover's own previous move) if it was a
    /// placement.
    #[inline]
    pub(crate) fn previous_own_cell(&self) -> Option<usize> {
        match self.moves().iter().rev().nth(1) {
            Some(Move::Place(p)) => Some(cell_of(*p)),
            _ => None,
        }
    }

    /// The liberties of the chain a placement by `player` on the empty cell `c` would
    /// make when it captures nothing (the only case [`Go9::is_self_atari`] asks about).
    #[inline]
    pub(crate) fn liberties_after(&self, c: usize, player: Player) -> Mask {
        let b = self.board();
        let mut libs = orthogonal(c) & b.empty_mask();
        for n in cells(orthogonal(c) & b.stones_of(player)) {
            libs |= b.liberties_at(n);
        }
        libs & !bit(c)
    }

    /// Whether the placement leaves its own chain in atari without capturing anything.
    #[inline]
    pub(crate) fn is_self_atari(&self, c: usize, player: Player, captured: Mask) -> bool {
        if captured != 0 {
            return false;
        }
        at_most_one(self.liberties_after(c, player))
    }

    /// The answers to ataris next to `last`, for `player` to move: capturing an opponent
    /// chain in atari (the one just played, or one beside it, or one beside `previous`,
    /// the mover's own move before, whose atari the opponent left unanswered), and the
    /// liberty of an own chain in atari next to `last` (an escape; also capturing a chain
    /// that holds it in atari). Written into `out` while it has room; returns how many
    /// (duplicates possible).
    pub(crate) fn atari_answers(
        &self,
        last: usize,
        previous: Option<usize>,
        player: Player,
        out: &mut [usize; 24],
    ) -> usize {
        let b = self.board();
        let own = b.stones_of(player);
        let theirs = b.stones_of(player.other());
        let near_last = orthogonal(last) | bit(last);
        let near_previous = previous.map_or(0, orthogonal);
        let mut n = 0;
        // Opponent chains in atari next to the last move (its own stone among them) or
        // next to the mover's previous move.
        for chain in chains_in(b, (near_last | near_previous) & theirs) {
            let libs = b.liberties_at(chain.trailing_zeros() as usize);
            if at_most_one(libs) {
                push_answer(out, &mut n, libs);
            }
        }
        // Own chains in atari next to it: run, or capture an attacker in atari itself.
        for chain in chains_in(b, near_last & own) {
            let libs = b.liberties_at(chain.trailing_zeros() as usize);
            if !at_most_one(libs) {
                continue;
            }
            push_answer(out, &mut n, libs);
            for attacker in chains_in(b, spread(chain) & theirs) {
                let libs = b.liberties_at(attacker.trailing_zeros() as usize);
                if at_most_one(libs) {
                    push_answer(out, &mut n, libs);
                }
            }
        }
        n
    }

    /// Whether the placement by `player` on the empty cell `c`, capturing `captured`, is
    /// a run: it extends an own chain in atari, and leaves it with two liberties on which
    /// the opponent catches it in a ladder (read by [`ladder_atari`]), so running there
    /// only makes the loss bigger.
    pub(crate) fn runs_into_ladder(&self, c: usize, player: Player, captured: Mask) -> bool {
        let b = self.board();
        // A chain in atari next to the empty `c` has `c` as its one liberty: an opponent's
        // would be captured (`captured`), so the rest are the mover's.
        if captured != 0 || orthogonal(c) & b.in_atari() == 0 {
            return false;
        }
        let own = b.stones_of(player) | bit(c);
        let chain = flood(bit(c), own);
        ladder_atari(own, b.stones_of(player.other()), chain, LADDER_DEPTH).is_some()
    }

    /// Tries the cells `list[..n]` in random order: the first that the light policy accepts
    /// and that is neither a self-atari nor a run into a ladder.
    fn first_good(&self, list: &mut [usize], mut n: usize, rng: &mut GameRng) -> Option<Choice> {
        let player = self.to_move();
        while n > 0 {
            let i = rng.below(n);
            let c = list[i];
            n -= 1;
            list[i] = list[n];
            if self.board().cell(c) != crate::board::EMPTY {
                continue;
            }
            if let Some(choice) = self.acceptable(c, player)
                && !self.is_self_atari(c, player, choice.captured)
                && !self.runs_into_ladder(c, player, choice.captured)
            {
                return Some(choice);
            }
        }
        None
    }

    /// The heavy policy's choice: answers to ataris next to the last move, then a 3×3
    /// pattern next to it, then the light policy (drawing once more if its draw is a
    /// self-atari of a chain of two or more stones or a run into a ladder). No answer or
    /// pattern move is a self-atari or a run into a ladder. `None` for a pass.
    pub(crate) fn heavy_choice(&self, rng: &mut GameRng) -> Option<Choice> {
        let player = self.to_move();
        if let Some(last) = self.last_cell() {
            if rng.percent(PROB_CAPTURE) {
                let mut list = [0usize; 24];
                let n = self.atari_answers(last, self.previous_own_cell(), player, &mut list);
                if let Some(choice) = self.first_good(&mut list, n, rng) {
                    return Some(choice);
                }
            }
            if rng.percent(PROB_PATTERN) {
                let mut list = [0usize; 24];
                let mut n = 0;
                for c in around(last) {
                    if self.board().cell(c) == crate::board::EMPTY
                        && patterns::matches(self.board(), c)
                    {
                        list[n] = c;
                        n += 1;
                    }
                }
                if let Some(choice) = self.first_good(&mut list, n, rng) {
                    return Some(choice);
                }
            }
        }
        let choice = self.playout_choice(rng)?;
        let c = choice.cell;
        if (self.is_self_atari(c, player, choice.captured)
            && orthogonal(c) & self.board().stones_of(player) != 0)
            || self.runs_into_ladder(c, player, choice.captured)
        {
            return self.playout_choice(rng).or(Some(choice));
        }
        Some(choice)
    }

    /// Plays the heavy policy to the end of the game (or `max_plies` moves), calling
    /// `record` with every move. Returns the number of moves played.
    pub(crate) fn heavy_playout(
        &mut self,
        rng: &mut GameRng,
        max_plies: usize,
        mut record: impl FnMut(Player, Move),
    ) -> usize {
        self.reserve_for_full_game();
        let mut played = 0;
        while !self.is_over() && played < max_plies {
            let player = self.to_move();
            match self.heavy_choice(rng) {
                Some(ch) => {
                    record(player, Move::Place(crate::layout::point_of(ch.cell)));
                    self.apply_placement_near(player, ch.cell, ch.captured, ch.own, ch.opponent);
                }
                None => {
                    record(player, Move::Pass);
                    self.apply_pass(player);
                }
            }
            played += 1;
        }
        played
    }

    /// Plays the heavy playout policy of `normal` and `hard` (atari answers and MoGo's 3×3
    /// patterns next to the last move, then [`Go9::playout_move`]'s uniform draw) until
    /// the game ends by the rules. Returns the number of moves played. Every move is
    /// checked by the rules as [`Go9::random_playout`]'s are.
    ///
    /// ```
    /// use go9::{Game, GameRng, Go9};
    /// let mut game = Go9::new();
    /// game.heavy_random_playout(&mut GameRng::seed_from(1));
    /// assert!(game.is_over());
    /// ```
    pub fn heavy_random_playout(&mut self, rng: &mut GameRng) -> usize {
        self.heavy_playout(rng, usize::MAX, |_, _| {})
    }

    /// Plays the light policy ([`Go9::playout_move`]) like [`Go9::heavy_playout`].
    pub(crate) fn light_playout(
        &mut self,
        rng: &mut GameRng,
        max_plies: usize,
        mut record: impl FnMut(Player, Move),
    ) -> usize {
        self.reserve_for_full_game();
        let mut played = 0;
        while !self.is_over() && played < max_plies {
            let player = self.to_move();
            match self.playout_choice(rng) {
                Some(ch) => {
                    record(player, Move::Place(crate::layout::point_of(ch.cell)));
                    self.apply_placement_near(player, ch.cell, ch.captured, ch.own, ch.opponent);
                }
                None => {
                    record(player, Move::Pass);
                    self.apply_pass(player);
                }
            }
            played += 1;
        }
        played
    }
}
