//! Why a game ended (G-6, G-7), with the count when the rules counted it (G-10).

use std::fmt;

use game_core::Player;

use crate::scoring::AreaCount;

/// The lower-case name of a colour, as `rulebook` and the JSON record write it.
pub(crate) fn colour_name(p: Player) -> &'static str {
    if p == Player::First { "black" } else { "white" }
}

/// How the game ended, as the state keeps it (the count is made when it is asked for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ending {
    /// Two passes in a row (G-6).
    TwoPasses,
    /// The 300th move (G-6).
    MoveLimit,
    /// This player resigned (G-7).
    Resignation(Player),
    /// This player ran out of time (G-7).
    Time(Player),
    /// An agreed draw (G-7).
    AgreedDraw,
}

/// Why a game ended: the reason of its [`Outcome`](game_core::Outcome).
///
/// A game ended by the rules carries its count ([`AreaCount`], a `Copy` summary: areas,
/// neutral points, komi and the number of dead stones removed), so asking for the outcome
/// allocates nothing. `Display` gives the words `rulebook` prints after the winner word:
/// `by 3 points (B+3: Black 44 – White 48, komi 7; two passes)`, `by jigo (0: …; 300-move
/// limit)`, `by resignation (black resigned)`, `on time (white ran out of time)`,
/// `by agreement`.
///
/// ```
/// use go9::{EndReason, Game, Go9, Move};
/// let mut game = Go9::new();
/// for mv in [Move::Pass, Move::Pass] {
///     game.play(mv)?;
/// }
/// let Some(EndReason::TwoPasses(count)) = game.end_reason() else { unreachable!() };
/// assert_eq!(count.margin(), -7);
/// assert_eq!(
///     game.end_reason().unwrap().to_string(),
///     "by 7 points (W+7: Black 0 – White 7, komi 7; two passes)"
/// );
/// # Ok::<(), go9::PlayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// Two passes in a row (G-6), then the count.
    TwoPasses(AreaCount),
    /// The 300th move was played (G-6), then the count.
    MoveLimit(AreaCount),
    /// This player resigned (G-7): the other wins.
    Resignation(Player),
    /// This player ran out of time (G-7): the other wins whatever the board says.
    Time(Player),
    /// Both agreed to a draw (G-7).
    AgreedDraw,
}

impl EndReason {
    /// The count, for a game the rules ended (two passes or the move cap).
    #[must_use]
    pub fn count(&self) -> Option<AreaCount> {
        match *self {
            EndReason::TwoPasses(count) | EndReason::MoveLimit(count) => Some(count),
            _ => None,
        }
    }

    /// Whether a call ended the game (resignation, time loss or agreed draw: G-7), which
    /// undo cannot take back.
    #[must_use]
    pub fn is_call(&self) -> bool {
        matches!(
            self,
            EndReason::Resignation(_) | EndReason::Time(_) | EndReason::AgreedDraw
        )
    }

    /// The winner, `None` for jigo or an agreed draw.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match *self {
            EndReason::TwoPasses(count) | EndReason::MoveLimit(count) => count.winner(),
            EndReason::Resignation(loser) | EndReason::Time(loser) => Some(loser.other()),
            EndReason::AgreedDraw => None,
        }
    }

    /// The result as G-10 writes it: `B+3`, `W+10`, `0`, `B+R`, `W+T`.
    #[must_use]
    pub fn result(&self) -> String {
        let letter = |p: Player| if p == Player::First { "B" } else { "W" };
        match *self {
            EndReason::TwoPasses(count) | EndReason::MoveLimit(count) => count.result(),
            EndReason::Resignation(loser) => format!("{}+R", letter(loser.other())),
            EndReason::Time(loser) => format!("{}+T", letter(loser.other())),
            EndReason::AgreedDraw => "0".to_string(),
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EndReason::TwoPasses(count) | EndReason::MoveLimit(count) => {
                let why = if matches!(self, EndReason::TwoPasses(_)) {
                    "two passes"
                } else {
                    "300-move limit"
                };
                match count.margin() {
                    0 => f.write_str("by jigo")?,
                    m => write!(f, "by {} points", m.abs())?,
                }
                write!(f, " ({}: {count}; {why})", count.result())
            }
            EndReason::Resignation(loser) => {
                write!(f, "by resignation ({} resigned)", colour_name(loser))
            }
            EndReason::Time(loser) => write!(f, "on time ({} ran out of time)", colour_name(loser)),
            EndReason::AgreedDraw => f.write_str("by agreement"),
        }
    }
}
