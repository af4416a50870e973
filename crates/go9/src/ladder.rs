//! Ladders, read on the stone masks alone for the heavy playout (`docs/go9.md`, "The
//! computer opponent"): whether a chain with two liberties is caught by ataris from the
//! side to move, as michi (Baudiš 2015) reads them before running from an atari or
//! starting one. A reading, not a rule: superko is not looked at and the only counter
//! the defender has is capturing a stone in atari next to its chain.

use crate::layout::{Mask, ON_BOARD, at_most_one, bit, cells, flood, spread};

/// How many ataris a reading follows before it gives up (the chain then counts as
/// escaped). A ladder across the 9×9 board takes at most about 16.
pub(crate) const LADDER_DEPTH: u32 = 20;

/// The liberties of `chain` (its stones among `stones`, the board's stones of both
/// colours).
#[inline]
fn liberties(chain: Mask, stones: Mask) -> Mask {
    spread(chain) & ON_BOARD & !stones
}

/// The chains of `colour`'s stones that touch `mask`, each as a mask.
fn chains_next_to(mask: Mask, colour: Mask) -> impl Iterator<Item = Mask> {
    let mut next = spread(mask) & colour;
    std::iter::from_fn(move || {
        if next == 0 {
            return None;
        }
        let chain = flood(next & next.wrapping_neg(), colour);
        next &= !chain;
        Some(chain)
    })
}

/// Whether some chain of `attacker`'s next to `chain` has at most one liberty (the
/// defender captures it and is out of the ladder).
fn attacker_next_in_atari(chain: Mask, attacker: Mask, stones: Mask) -> bool {
    chains_next_to(chain, attacker).any(|part| at_most_one(liberties(part, stones)))
}

/// The atari that catches `chain` in a ladder, with the attacker to move: `chain` is a
/// chain of `defender`'s stones with exactly two liberties, and each atari is answered by
/// extending on the last liberty, until the chain has one liberty (caught) or three
/// (escaped), or captures an attacking chain in atari next to it (escaped). `None` if no
/// atari catches it within `depth` ataris.
pub(crate) fn ladder_atari(
    defender: Mask,
    attacker: Mask,
    chain: Mask,
    depth: u32,
) -> Option<usize> {
    let stones = defender | attacker;
    let libs = liberties(chain, stones);
    if depth == 0 || libs.count_ones() != 2 || attacker_next_in_atari(chain, attacker, stones) {
        return None;
    }
    for atari in cells(libs) {
        let attacker_after = attacker | bit(atari);
        let stones_after = stones | bit(atari);
        // An atari whose own stone the defender could take at once does not hold it.
        let atari_chain = flood(bit(atari), attacker_after);
        if at_most_one(liberties(atari_chain, stones_after)) {
            continue;
        }
        let run = libs & !bit(atari);
        let defender_after = defender | run;
        let ran = flood(chain | run, defender_after);
        let all_after = defender_after | attacker_after;
        let libs_after = liberties(ran, all_after);
        // Running onto a capture: an attacking chain next to the run with no liberty left.
        let captures =
            chains_next_to(run, attacker_after).any(|part| liberties(part, all_after) == 0);
        if captures {
            continue;
        }
        let caught = match libs_after.count_ones() {
            0 | 1 => true,
            2 => ladder_atari(defender_after, attacker_after, ran, depth - 1).is_some(),
            _ => false,
        };
        if caught {
            return Some(atari);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::cell_of;
    use crate::moves::parse_point;

    /// The cells of the named points ("C3 D4"), as a mask.
    fn at(points: &str) -> Mask {
        points
            .split_whitespace()
            .map(|name| bit(cell_of(parse_point(name).unwrap())))
            .fold(0, |m, b| m | b)
    }

    #[test]
    fn a_stone_chased_to_either_far_corner_is_caught_unless_stones_on_the_way_break_it() {
        // White D4 has the liberties D3 and E4 (Black C4, D5, E3). Black's atari on D3
        // makes White run to E4 with two liberties (E5, F4), and the ataris that follow
        // drive it up and right along E5, F5, F6, G6, G7 … to the edge; the atari on E4
        // drives it down and left along D3, C3, C2, B2 … the same way.
        let (black, white) = (at("C4 D5 E3"), at("D4"));
        let first_atari = |white: Mask| ladder_atari(white, black, at("D4"), LADDER_DEPTH);
        let cell = |name: &str| cell_of(parse_point(name).unwrap());
        assert!(first_atari(white).is_some());
        // A White stone on one path gives the running chain a third liberty there: only
        // the atari that drives it the other way catches it.
        assert_eq!(first_atari(white | at("G7")), Some(cell("E4")));
        assert_eq!(first_atari(white | at("B2")), Some(cell("D3")));
        assert_eq!(first_atari(white | at("G7 B2")), None);
        // The same ladder, too few ataris read.
        assert_eq!(ladder_atari(white, black, at("D4"), 3), None);
    }

    #[test]
    fn a_run_that_captures_an_attacker_gets_out_of_that_atari() {
        // White C3 has the liberties C2 and D3 (Black B3, C4, D4, D2). Black E3 has only
        // D3 (White E4, F3, E2): after Black's atari at C2, White's run to D3 takes E3 and
        // is out. The atari at D3 (joining E3 to D2 and D4) drives White C3 down to C2,
        // B2, A2 and A1, where it is caught.
        let black = at("B3 C4 D4 D2 E3");
        let white = at("C3 E4 F3 E2");
        let d3 = cell_of(parse_point("D3").unwrap());
        assert_eq!(ladder_atari(white, black, at("C3"), LADDER_DEPTH), Some(d3));
    }

    #[test]
    fn no_ladder_when_every_run_gains_liberties_or_an_attacker_is_in_atari() {
        // Black C4 and D5 alone: either atari lets White run to three liberties.
        assert_eq!(
            ladder_atari(at("D4"), at("C4 D5"), at("D4"), LADDER_DEPTH),
            None
        );
        // Three liberties: no atari at all.
        assert_eq!(
            ladder_atari(at("E5"), at("E6"), at("E5"), LADDER_DEPTH),
            None
        );
        // White B2 (Black C2, B3) has A2 and B1, but Black's stone at either would have
        // no liberty or one (White A1 and C1): neither atari holds it.
        assert_eq!(
            ladder_atari(at("B2 A1 C1"), at("C2 B3"), at("B2"), LADDER_DEPTH),
            None
        );
        // Black C4 is in atari itself (White B4, C5): White takes it instead of running.
        let (black, white) = (at("C4 D5 E3"), at("D4 B4 C5"));
        assert_eq!(ladder_atari(white, black, at("D4"), LADDER_DEPTH), None);
    }
}
