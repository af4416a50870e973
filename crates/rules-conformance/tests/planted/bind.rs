//! The planted bugs of bind, one per decision id of its page, in page order.

use super::Plant;

/// Each decision id and the bug planted for it (or why none can be).
pub const PLANTS: &[Plant] = &[
    Plant::Bug("N-1", "the full variant has 32 pieces each"),
    Plant::Bug(
        "N-2",
        "a taken piece is lost, not returned to its owner's hand",
    ),
    Plant::Bug("N-3", "Black's opening may be a line of two"),
    Plant::Bug("N-4", "White's first move may place two"),
    Plant::Bug("N-5", "any opponent piece may be taken"),
    Plant::Bug("N-6", "a line of three jumps an occupied middle square"),
    Plant::Bug("N-7", "a line of three needs only two in hand"),
    Plant::Bug(
        "N-8",
        "single placements listed beside take-and-place moves",
    ),
    Plant::Bug("N-9", "a single placement may go on any empty square"),
    Plant::Bug("N-10", "the player with no move wins"),
    Plant::Bug(
        "N-11",
        "with one piece in hand a single placement is legal too",
    ),
    Plant::Bug(
        "N-12",
        "an emptied hand wins only when its turn comes round",
    ),
    Plant::Bug("N-13", "a move limit of 100 plies ends the game as a draw"),
    Plant::Bug("N-14", "a line is written and read TO-FROM"),
    Plant::Bug("N-15", "the resigning colour wins"),
    Plant::Bug("N-16", "both holding one piece is no draw: both pass on"),
];
