//! The planted bugs of bao, one per decision id of its page, in page order.

use super::Plant;

/// Each decision id and the bug planted for it (or why none can be).
pub const PLANTS: &[Plant] = &[
    Plant::Bug(
        "B-1",
        "the back row numbered from the owner's right (B1 next to F8)",
    ),
    Plant::Bug("B-2", "the start's two kete of F7 in F4"),
    Plant::Bug(
        "B-3",
        "a lap of more than 16 kete loses those past the 16th",
    ),
    Plant::Bug("B-4", "the ring walked F8 on to B1 (and B8 on to F1)"),
    Plant::Bug(
        "B-5",
        "a lifted handful's first kete goes back into its own pit",
    ),
    Plant::NotFirst(
        "B-6",
        "a lap ending in an occupied back-row pit ends the move",
        2,
        "B-4 (the ring), named by every case it fails and by fewer cases than B-6, comes first",
    ),
    Plant::Bug(
        "B-7",
        "a takata lap ending in the front row facing kete captures",
    ),
    Plant::Bug(
        "B-8",
        "later and MTAJI captures from F3/F4 enter at F1, from F5/F6 at F8",
    ),
    Plant::Bug(
        "B-9",
        "no win on the spot: the last front kete captured are sown on",
    ),
    Plant::NotFirst(
        "B-10",
        "NAMUA captures judged after the placement (an empty pit captures)",
        2,
        "B-11 (takata candidates), named by every case it fails and by fewer cases than B-10, comes first",
    ),
    Plant::NotFirst(
        "B-11",
        "a NAMUA takata from a single kete always a candidate",
        4,
        "52 cases fail; B-16, B-18 and B-2 are named by all of them and by fewer cases than B-11",
    ),
    Plant::Bug("B-12", "the 2-kete sowing lifts the whole NYUMBA"),
    Plant::Bug("B-13", "the lone F1 leftward (F8 rightward) allowed"),
    Plant::Bug("B-14", "the end-pit addition after a single capture event"),
    Plant::Bug("B-15", "MTAJI as soon as the mover's hand is empty"),
    Plant::Bug("B-16", "pass legal in every position"),
    Plant::Bug(
        "B-17",
        "an MTAJI capture's landing pit need not be occupied",
    ),
    Plant::Bug("B-18", "a captured NYUMBA stays owned"),
    Plant::Bug(
        "B-19",
        "seed keeps ownership when a takata start empties the NYUMBA",
    ),
    Plant::Bug("B-20", "the player without a legal move wins"),
    Plant::Bug("B-21", "the safety stop a lap early (lap 511)"),
    Plant::NotFirst(
        "B-22",
        "a plain move read as :stop where the NYUMBA choice arises",
        7,
        "the notation is named by nearly every case; six ids named by every case it fails (B-16 first) are named by fewer",
    ),
    Plant::Bug("B-23", "perft counts a move with the NYUMBA choice once"),
    Plant::Bug("B-24", "replay does not compare the recorded outcome"),
];
