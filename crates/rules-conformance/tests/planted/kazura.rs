//! The planted bugs of kazura, one per decision id of its page, in page order.

use super::Plant;

/// Each decision id and the bug planted for it (or why none can be).
pub const PLANTS: &[Plant] = &[
    Plant::Bug("K-1", "the largest side, 25, is refused"),
    Plant::Bug("K-2", "White makes the first move"),
    Plant::Bug(
        "K-3",
        "the loop test inverted: joining groups refused, closing a loop allowed",
    ),
    Plant::Bug("K-4", "the other colour's groups close loops too"),
    Plant::Bug(
        "K-5",
        "a set-up holding a loop is accepted (the stone dropped)",
    ),
    Plant::Bug(
        "K-6",
        "pass is allowed and listed while the mover can place",
    ),
    Plant::Bug(
        "K-7",
        "the game waits for two passes once neither colour can place",
    ),
    Plant::Bug(
        "K-8",
        "White may swap on any of its turns until someone has",
    ),
    Plant::Bug("K-9", "a group's length is its number of stones"),
    Plant::Bug(
        "K-10",
        "only the longest groups are compared, equal ones draw",
    ),
    Plant::Bug("K-11", "the colour that resigns wins"),
    Plant::Bug("K-12", "a decided game ends at once"),
    Plant::Bug("K-13", "the column letters include I"),
];
