//! The planted bugs of go9, one per decision id of its page, in page order.

use super::Plant;

/// Each decision id and the bug planted for it (or why none can be).
pub const PLANTS: &[Plant] = &[
    Plant::Bug("G-1", "White makes the first move"),
    Plant::Bug("G-2", "pass is listed as legal only when no placement is"),
    Plant::Bug(
        "G-3",
        "suicide is allowed (the chain without liberties is then taken off)",
    ),
    Plant::Bug(
        "G-4",
        "simple ko instead of positional superko: only the board before the last placement is compared",
    ),
    Plant::Bug(
        "G-5",
        "the points forbidden only by superko are listed for the colour that just moved",
    ),
    Plant::Bug("G-6", "two passes in a row do not end the game (three do)"),
    Plant::Bug(
        "G-7",
        "a loss on time makes the colour that ran out of time win",
    ),
    Plant::Bug(
        "G-8",
        "undo does not put back the stones the undone move captured",
    ),
    Plant::Bug("G-9", "no stone is removed as dead before the count"),
    Plant::Bug("G-10", "komi 6 instead of 7"),
    Plant::Bug(
        "G-11",
        "one prisoner per capturing move instead of one per stone",
    ),
    Plant::Bug("G-12", "a point written in lower case is not read"),
    Plant::Bug(
        "G-13",
        "an SGF move with an empty value is not read as a pass (only `tt` is)",
    ),
    Plant::Bug(
        "G-14",
        "GTP `play C M` plays for the colour to move, whatever C",
    ),
];
