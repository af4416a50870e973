//! How a game ended, as data the page writes its result sentence from (the `result:` text
//! is `rulebook`'s contract, not a sentence for a player): the view's `end`.

use game_catalog::AnyGame;
use game_catalog::Player;
use serde_json::{Value, json};

/// The names of the two players, first mover first, as `players` in the view.
const GO_NAMES: [&str; 2] = ["black", "white"];
const BAO_NAMES: [&str; 2] = ["south", "north"];

/// `null` while the game goes on; otherwise `{"kind": …}` with the kind's facts, every
/// player named as in the view's `players`:
///
/// - Kazura: `resigned` (`loser`), `longerGroup` (`winner`, `rank` from 1,
///   `winnerLength`, `loserLength`), `moreGroups` (`winner`, `rank`), `equalLengths`;
/// - Bao: `frontEmptied` (`winner`: its move emptied the loser's front row),
///   `ownFrontEmptied` (`winner`: the loser emptied its own), `noMove` (`winner`: the
///   loser has no move), `relayLimit` (the safety stop, no winner);
/// - go9: `count` and `moveLimit` (`black`, `white` with komi, `komi`, `margin`: Black's
///   total minus White's), `resigned` and `time` (`loser`), `agreedDraw`;
/// - Bind: `allPlaced` (`winner`), `noMove` (`loser`), `bothHoldOne`, `resigned` (`loser`);
/// - `other`: an end a newer crate added (the enums are non-exhaustive), which the page
///   names by the `result:` text.
pub(crate) fn end(game: &AnyGame) -> Value {
    match game {
        AnyGame::Kazura(g) => g.end_reason().map_or(Value::Null, kazura),
        AnyGame::Bao(g) => g.end_reason().map_or(Value::Null, bao),
        AnyGame::Go9(g) => g.end_reason().map_or(Value::Null, go9),
        AnyGame::Bind(g) => g.end_reason().map_or(Value::Null, bind),
    }
}

fn kazura(reason: game_catalog::kazura::EndReason) -> Value {
    use game_catalog::kazura::EndReason;
    match reason {
        EndReason::Resigned { loser } => json!({"kind": "resigned", "loser": loser.name()}),
        EndReason::LongerGroup {
            winner,
            rank,
            winner_length,
            loser_length,
        } => json!({
            "kind": "longerGroup", "winner": winner.name(), "rank": rank,
            "winnerLength": winner_length, "loserLength": loser_length,
        }),
        EndReason::MoreGroups { winner, rank } => {
            json!({"kind": "moreGroups", "winner": winner.name(), "rank": rank})
        }
        EndReason::EqualLengths => json!({"kind": "equalLengths"}),
        _ => json!({"kind": "other"}),
    }
}

fn bao(reason: game_catalog::bao::EndReason) -> Value {
    use game_catalog::bao::EndReason;
    let name = |p: Player| BAO_NAMES[p.index()];
    match reason {
        EndReason::FrontEmptied { winner } => {
            json!({"kind": "frontEmptied", "winner": name(winner)})
        }
        EndReason::OwnFrontEmptied { winner } => {
            json!({"kind": "ownFrontEmptied", "winner": name(winner)})
        }
        EndReason::NoMove { winner } => json!({"kind": "noMove", "winner": name(winner)}),
        EndReason::RelayLimit { .. } => json!({"kind": "relayLimit"}),
        _ => json!({"kind": "other"}),
    }
}

fn go9(reason: game_catalog::go9::EndReason) -> Value {
    use game_catalog::go9::EndReason;
    let name = |p: Player| GO_NAMES[p.index()];
    let counted = |kind: &str, count: game_catalog::go9::AreaCount| {
        json!({
            "kind": kind, "black": count.area[Player::First], "white": count.white_total(),
            "komi": count.komi, "margin": count.margin(),
        })
    };
    match reason {
        EndReason::TwoPasses(count) => counted("count", count),
        EndReason::MoveLimit(count) => counted("moveLimit", count),
        EndReason::Resignation(loser) => json!({"kind": "resigned", "loser": name(loser)}),
        EndReason::Time(loser) => json!({"kind": "time", "loser": name(loser)}),
        EndReason::AgreedDraw => json!({"kind": "agreedDraw"}),
        _ => json!({"kind": "other"}),
    }
}

fn bind(reason: game_catalog::bind::EndReason) -> Value {
    use game_catalog::bind::EndReason;
    let name = |p: Player| GO_NAMES[p.index()];
    match reason {
        EndReason::AllPlaced { winner } => json!({"kind": "allPlaced", "winner": name(winner)}),
        EndReason::NoMove { loser } => json!({"kind": "noMove", "loser": name(loser)}),
        EndReason::BothHoldOne => json!({"kind": "bothHoldOne"}),
        EndReason::Resigned { loser } => json!({"kind": "resigned", "loser": name(loser)}),
        _ => json!({"kind": "other"}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(spec: &str, moves: &str) -> AnyGame {
        let mut game = AnyGame::from_json_spec(spec).unwrap();
        for text in moves.split_whitespace() {
            game.play(text).unwrap();
        }
        game
    }

    #[test]
    fn an_ongoing_game_has_no_end() {
        assert_eq!(end(&played(r#"{"game":"go9"}"#, "E5")), Value::Null);
    }

    #[test]
    fn go9_two_passes_give_the_count_with_komi() {
        let v = end(&played(r#"{"game":"go9"}"#, "E5 pass pass"));
        assert_eq!(
            v,
            json!({"kind": "count", "black": 81, "white": 7, "komi": 7, "margin": 74})
        );
    }

    #[test]
    fn each_kazura_end_is_named_with_its_facts() {
        use game_catalog::kazura::{Colour, EndReason};
        let longer = EndReason::LongerGroup {
            winner: Colour::White,
            rank: 2,
            winner_length: 5,
            loser_length: 4,
        };
        assert_eq!(
            kazura(longer),
            json!({"kind": "longerGroup", "winner": "white", "rank": 2, "winnerLength": 5, "loserLength": 4})
        );
        let more = EndReason::MoreGroups {
            winner: Colour::Black,
            rank: 3,
        };
        assert_eq!(
            kazura(more),
            json!({"kind": "moreGroups", "winner": "black", "rank": 3})
        );
        assert_eq!(
            kazura(EndReason::EqualLengths),
            json!({"kind": "equalLengths"})
        );
    }

    #[test]
    fn each_bao_end_names_the_winner() {
        use game_catalog::bao::EndReason;
        let (south, north) = (Player::First, Player::Second);
        assert_eq!(
            bao(EndReason::FrontEmptied { winner: south }),
            json!({"kind": "frontEmptied", "winner": "south"})
        );
        assert_eq!(
            bao(EndReason::OwnFrontEmptied { winner: north }),
            json!({"kind": "ownFrontEmptied", "winner": "north"})
        );
        assert_eq!(
            bao(EndReason::NoMove { winner: north }),
            json!({"kind": "noMove", "winner": "north"})
        );
        assert_eq!(
            bao(EndReason::RelayLimit {
                record_winner: south
            }),
            json!({"kind": "relayLimit"})
        );
    }

    #[test]
    fn each_go9_end_is_named_with_its_facts() {
        use game_catalog::go9::EndReason;
        let AnyGame::Go9(game) = played(r#"{"game":"go9"}"#, "E5 C3 pass pass") else {
            unreachable!()
        };
        let count = game.end_reason().and_then(|r| r.count()).unwrap();
        // Black's E5 and White's C3 share the board: no territory, so 1 to 1 + komi 7.
        assert_eq!(
            go9(EndReason::MoveLimit(count)),
            json!({"kind": "moveLimit", "black": 1, "white": 8, "komi": 7, "margin": -7})
        );
        assert_eq!(
            go9(EndReason::Time(Player::First)),
            json!({"kind": "time", "loser": "black"})
        );
        assert_eq!(go9(EndReason::AgreedDraw), json!({"kind": "agreedDraw"}));
    }

    #[test]
    fn each_bind_end_names_its_player() {
        use game_catalog::bind::EndReason;
        assert_eq!(
            bind(EndReason::AllPlaced {
                winner: Player::Second
            }),
            json!({"kind": "allPlaced", "winner": "white"})
        );
        assert_eq!(
            bind(EndReason::NoMove {
                loser: Player::First
            }),
            json!({"kind": "noMove", "loser": "black"})
        );
        assert_eq!(bind(EndReason::BothHoldOne), json!({"kind": "bothHoldOne"}));
        assert_eq!(
            bind(EndReason::Resigned {
                loser: Player::Second
            }),
            json!({"kind": "resigned", "loser": "white"})
        );
    }

    #[test]
    fn a_resignation_names_the_loser_by_colour() {
        let mut game = played(r#"{"game":"kazura","size":9}"#, "E5");
        game.resign(Player::First).unwrap();
        assert_eq!(end(&game), json!({"kind": "resigned", "loser": "black"}));
        let mut game = played(r#"{"game":"go9"}"#, "");
        game.resign(Player::Second).unwrap();
        assert_eq!(end(&game), json!({"kind": "resigned", "loser": "white"}));
    }
}
