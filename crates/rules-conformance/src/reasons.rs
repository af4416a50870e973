//! The reason classes of `conformance/FORMAT.md`: one vocabulary per game, and the class of
//! each of the crates' refusals.

use game_catalog::AnyGame;
use game_core::Game;

/// Kazura's classes.
pub const KAZURA: &[&str] = &[
    "game-over",
    "malformed",
    "occupied",
    "loop",
    "swap-not-available",
    "pass-not-allowed",
];

/// go9's classes.
pub const GO9: &[&str] = &["game-over", "malformed", "occupied", "suicide", "superko"];

/// Bind's classes.
pub const BIND: &[&str] = &[
    "game-over",
    "malformed",
    "occupied",
    "not-a-line",
    "must-pass",
    "pass-not-allowed",
    "opening-is-a-line",
    "first-move-needs-three",
    "opening-not-from-lower-left",
    "not-enough-pieces",
    "nothing-to-take",
    "take-isolates",
    "line-blocked",
    "take-and-place-available",
    "not-next-to-own-piece",
];

/// Bao's classes.
pub const BAO: &[&str] = &[
    "game-over",
    "malformed",
    "pass-not-allowed",
    "must-pass",
    "back-row-in-namua",
    "empty-pit",
    "must-capture",
    "wrong-entry",
    "self-emptying",
    "not-a-candidate",
    "choice-required",
    "no-choice",
];

/// The vocabulary of `game` (`kazura`, `bao`, `go9`, `bind`).
#[must_use]
pub fn vocabulary(game: &str) -> &'static [&'static str] {
    match game {
        "kazura" => KAZURA,
        "bao" => BAO,
        "go9" => GO9,
        "bind" => BIND,
        _ => &[],
    }
}

/// Why `text` would be refused in `any`, as a class; `None` if it is legal. A finished
/// game refuses everything as `game-over`, before reading the move.
#[must_use]
pub fn classify(any: &AnyGame, text: &str) -> Option<&'static str> {
    if any.is_over() {
        return Some("game-over");
    }
    match any {
        AnyGame::Kazura(g) => {
            use kazura_core::PlayError as E;
            let Ok(mv) = g.parse_move(text) else {
                return Some("malformed");
            };
            g.check_move(mv).err().map(|e| match e {
                E::GameOver => "game-over",
                E::OffBoard { .. } => "malformed",
                E::Occupied { .. } => "occupied",
                E::ClosesLoop { .. } => "loop",
                E::SwapNotAvailable { .. } => "swap-not-available",
                E::PassNotAllowed { .. } => "pass-not-allowed",
                _ => "unclassified",
            })
        }
        AnyGame::Go9(g) => {
            use go9::PlayError as E;
            let Ok(mv) = g.parse_move(text) else {
                return Some("malformed");
            };
            g.check_move(mv).err().map(|e| match e {
                E::GameOver => "game-over",
                E::Occupied(_) => "occupied",
                E::Suicide(_) => "suicide",
                E::Superko { .. } => "superko",
                _ => "unclassified",
            })
        }
        AnyGame::Bind(g) => {
            use bind::PlayError as E;
            let mv = match g.parse_move(text) {
                Ok(mv) => mv,
                // Two squares that are no line of 2 or 3 (`A1-C3`, `A1-A4`) are a line's
                // own refusal, not a text that is no move.
                Err(bind::ParseMoveError::NotALine { .. }) => return Some("not-a-line"),
                Err(_) => return Some("malformed"),
            };
            g.check_move(mv).err().map(|e| match e {
                E::GameOver => "game-over",
                E::OffBoard { .. } => "malformed",
                E::NotALine { .. } => "not-a-line",
                E::MustPass { .. } => "must-pass",
                E::PassNotAllowed { .. } => "pass-not-allowed",
                E::OpeningIsALine => "opening-is-a-line",
                E::FirstMoveNeedsThree { .. } => "first-move-needs-three",
                E::OpeningNotFromLowerLeft { .. } => "opening-not-from-lower-left",
                E::NotEnoughPieces { .. } => "not-enough-pieces",
                E::NothingToTake { .. } => "nothing-to-take",
                E::TakeIsolates { .. } => "take-isolates",
                E::LineBlocked { .. } => "line-blocked",
                E::TakeAndPlaceAvailable => "take-and-place-available",
                E::Occupied { .. } => "occupied",
                E::NotNextToOwnPiece { .. } => "not-next-to-own-piece",
                _ => "unclassified",
            })
        }
        AnyGame::Bao(g) => {
            use bao_nyakua::PlayError as E;
            let Ok(mv) = g.parse_move(text) else {
                return Some("malformed");
            };
            g.check_move(mv).err().map(|e| match e {
                E::GameOver => "game-over",
                E::PassNotAllowed => "pass-not-allowed",
                E::MustPass { .. } => "must-pass",
                E::BackRowInNamua { .. } => "back-row-in-namua",
                E::EmptyPit { .. } => "empty-pit",
                E::MustCapture { .. } => "must-capture",
                E::WrongEntry { .. } => "wrong-entry",
                E::SelfEmptying { .. } => "self-emptying",
                E::NotACandidate { .. } => "not-a-candidate",
                E::ChoiceRequired { .. } => "choice-required",
                E::NoChoice { .. } => "no-choice",
                _ => "unclassified",
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_vocabulary_starts_with_the_shared_classes() {
        for game in ["kazura", "bao", "go9", "bind"] {
            assert_eq!(vocabulary(game)[..2], ["game-over", "malformed"], "{game}");
        }
        assert!(vocabulary("chess").is_empty());
    }

    #[test]
    fn go9_classes_its_refusals() {
        let mut go = AnyGame::parse_spec("go9").unwrap();
        assert_eq!(classify(&go, "E5"), None);
        go.play("E5").unwrap();
        assert_eq!(classify(&go, "E5"), Some("occupied"));
        assert_eq!(classify(&go, "I5"), Some("malformed"));
        go.play("pass").unwrap();
        go.play("pass").unwrap();
        assert_eq!(classify(&go, "A1"), Some("game-over"));
    }

    #[test]
    fn bind_names_two_squares_that_are_no_line_apart_from_text_that_is_no_move() {
        let bind = AnyGame::parse_spec("bind").unwrap();
        assert_eq!(classify(&bind, "A1-C3"), Some("not-a-line"));
        assert_eq!(classify(&bind, "A1-A4"), Some("not-a-line"));
        assert_eq!(classify(&bind, "E5-G5"), Some("malformed"));
        assert_eq!(classify(&bind, "hello"), Some("malformed"));
        assert_eq!(classify(&bind, "A1-C1"), None);
    }
}
