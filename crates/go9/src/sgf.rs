//! SGF `FF[4]` (G-13): written by hand (the format is a few lines), read with the
//! `sgf-parse` crate and replayed through the rules.

use std::fmt::Write as _;

use board_geometry::Point;
use game_core::{ByPlayer, Player};
use sgf_parse::SgfNode;
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};

use crate::error::{BadMoveReason, RecordError};
use crate::layout::SIZE;
use crate::moves::Move;
use crate::scoring::KOMI;
use crate::setup::Setup;
use crate::sgf_depth::{MAX_SGF_DEPTH, node_depth};
use crate::state::Go9;

fn sgf_point(p: Point) -> String {
    let col = p.index() % SIZE;
    let row_from_top = SIZE - 1 - p.index() / SIZE;
    format!(
        "{}{}",
        (b'a' + col as u8) as char,
        (b'a' + row_from_top as u8) as char
    )
}

/// The SGF letter of a coordinate: `a`–`z` for 0–25, `A`–`Z` for 26–51.
fn sgf_letter(v: u8) -> char {
    match v {
        0..=25 => char::from(b'a' + v),
        26..=51 => char::from(b'A' + (v - 26)),
        _ => '?',
    }
}

fn from_sgf_point(p: SgfPoint) -> Result<Point, RecordError> {
    let (x, y) = (usize::from(p.x), usize::from(p.y));
    if x >= SIZE || y >= SIZE {
        return Err(RecordError::Point(format!(
            "{}{}",
            sgf_letter(p.x),
            sgf_letter(p.y)
        )));
    }
    Ok(Point::from_index((SIZE - 1 - y) * SIZE + x))
}

/// Root properties whose value the rules depend on: a malformed one is an error.
const RULE_PROPS: [&str; 7] = ["GM", "SZ", "KM", "AB", "AW", "AE", "PL"];

/// Escapes `]` and `\` in an SGF text value.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// SGF player names (`PB`, `PW`) to write; the default writes none.
///
/// ```
/// use go9::{Go9, SgfNames};
/// let sgf = Go9::new().to_sgf(&SgfNames::new("Alice", "Bob"));
/// assert!(sgf.contains("PB[Alice]PW[Bob]"));
/// assert!(!Go9::new().to_sgf(&SgfNames::default()).contains("PB["));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SgfNames {
    /// Black's name.
    pub black: Option<String>,
    /// White's name.
    pub white: Option<String>,
}

impl SgfNames {
    /// Both players' names.
    #[must_use]
    pub fn new(black: impl Into<String>, white: impl Into<String>) -> SgfNames {
        SgfNames {
            black: Some(black.into()),
            white: Some(white.into()),
        }
    }
}

impl Go9 {
    /// The game as SGF `FF[4]`: `GM[1] FF[4] SZ[9] KM[7] RU[Ttakji]`, player names, `RE`
    /// once the game is over, set-up stones with `PL`, then one node per move.
    #[must_use]
    pub fn to_sgf(&self, names: &SgfNames) -> String {
        let mut out = format!("(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[{KOMI}]RU[Ttakji]");
        if let Some(name) = &names.black {
            let _ = write!(out, "PB[{}]", escape(name));
        }
        if let Some(name) = &names.white {
            let _ = write!(out, "PW[{}]", escape(name));
        }
        if let Some(result) = self.result() {
            let _ = write!(out, "RE[{result}]");
        }
        let Setup {
            stones:
                ByPlayer {
                    first: black,
                    second: white,
                },
            to_move: first,
            ..
        } = self.setup();
        for (tag, stones) in [("AB", &black), ("AW", &white)] {
            if !stones.is_empty() {
                out.push_str(tag);
                for &p in stones {
                    let _ = write!(out, "[{}]", sgf_point(p));
                }
            }
        }
        // PL whenever the game does not simply start with Black on an empty board.
        if !black.is_empty() || !white.is_empty() || first == Player::Second {
            let colour = if first == Player::First { "B" } else { "W" };
            let _ = write!(out, "PL[{colour}]");
        }
        for (player, mv) in self.played() {
            let colour = if player == Player::First { "B" } else { "W" };
            let point = match mv {
                Move::Place(p) => sgf_point(p),
                Move::Pass => String::new(),
            };
            let _ = write!(out, "\n;{colour}[{point}]");
        }
        out.push_str(")\n");
        out
    }

    /// Reads the first game of an SGF file and replays its main line through the rules.
    /// `B[tt]` is a pass as well as `B[]`; `RE` is checked against the replayed result
    /// (`B+R`, `W+T` and a draw after an unfinished game are applied as G-7 calls; a
    /// whole margin may be written `W+7.0`).
    ///
    /// # Errors
    /// [`RecordError`] naming the first bad property or move (by its number): `SZ` other
    /// than 9 or missing (SGF's default is 19), `KM` other than 7, a malformed move or
    /// rule property (`B[e]`, `AB[e]`, `PL[X]`), an illegal move, a result that differs;
    /// [`RecordError::TooDeep`] for a game tree with more than [`MAX_SGF_DEPTH`] nodes on
    /// one line of play, refused before it is parsed.
    pub fn from_sgf(text: &str) -> Result<Go9, RecordError> {
        // sgf-parse nests one level per node and drops its tree by recursion: a tree
        // deeper than the limit is refused before the parser builds any of it.
        let depth = node_depth(text);
        if depth > MAX_SGF_DEPTH {
            return Err(RecordError::TooDeep {
                depth,
                limit: MAX_SGF_DEPTH,
            });
        }
        let trees = sgf_parse::go::parse(text).map_err(|e| RecordError::Sgf(e.to_string()))?;
        let root = trees
            .first()
            .ok_or_else(|| RecordError::Sgf("no game in the file".into()))?;
        let (setup, result) = root_setup(root)?;
        let mut state = Go9::from_setup(setup)?;
        let mut number = 0;
        for (depth, node) in root.main_variation().enumerate() {
            if depth > 0
                && node
                    .properties()
                    .any(|p| matches!(p, Prop::AB(_) | Prop::AW(_) | Prop::AE(_)))
            {
                return Err(RecordError::SetupInGame);
            }
            for prop in node.properties() {
                let (player, sgf_move) = match prop {
                    Prop::B(m) => (Player::First, m),
                    Prop::W(m) => (Player::Second, m),
                    // A malformed move (`B[e]`) is an error naming its number, never
                    // skipped (G-13).
                    Prop::Invalid(id, values) if id == "B" || id == "W" => {
                        number += 1;
                        return Err(RecordError::BadMove {
                            number,
                            text: format!("{id}[{}]", values.join("][")),
                            reason: BadMoveReason::NotAPointOrPass,
                        });
                    }
                    _ => continue,
                };
                number += 1;
                play_sgf_move(&mut state, number, player, sgf_move)?;
            }
        }
        if let Some(recorded) = result {
            apply_recorded_result(&mut state, &recorded)?;
        }
        Ok(state)
    }
}

/// The set-up of a record's root node (`AB`, `AW`, `PL`) and its recorded result (`RE`),
/// after checking the board size (`SZ[9]`) and the komi (G-13).
fn root_setup(root: &SgfNode<Prop>) -> Result<(Setup, Option<String>), RecordError> {
    let mut black = Vec::new();
    let mut white = Vec::new();
    let mut first = Player::First;
    let mut result = None;
    let mut sized = false;
    for prop in root.properties() {
        match prop {
            Prop::SZ((9, 9)) => sized = true,
            Prop::SZ((w, h)) => return Err(RecordError::Size(format!("{w}x{h}"))),
            // SGF writes komi 7 as `7`, `7.0` or `7.00`, each read as exactly 7.
            Prop::KM(k) if *k == f64::from(KOMI) => {}
            Prop::KM(k) => return Err(RecordError::Komi(k.to_string())),
            Prop::AB(points) => {
                for p in points {
                    black.push(from_sgf_point(*p)?);
                }
            }
            Prop::AW(points) => {
                for p in points {
                    white.push(from_sgf_point(*p)?);
                }
            }
            Prop::PL(colour) => {
                first = match colour {
                    sgf_parse::Color::Black => Player::First,
                    sgf_parse::Color::White => Player::Second,
                }
            }
            Prop::RE(text) => result = Some(text.text.clone()),
            // A malformed value of a property the rules depend on is an error, not
            // something to skip: `AB[e]` must not silently drop stones (G-13).
            Prop::Invalid(id, values) if RULE_PROPS.contains(&id.as_str()) => {
                return Err(RecordError::Sgf(format!(
                    "malformed property {id}[{}]",
                    values.join("][")
                )));
            }
            // Everything else, GM and FF included (the SGF reader's Go parser
            // already refuses any game but GM[1]), says nothing the rules need.
            _ => {}
        }
    }
    if !sized {
        // FF[4]: without SZ a Go game is 19x19, so its points mean something else.
        return Err(RecordError::Size(
            "19x19 (SGF's default: the file has no SZ)".into(),
        ));
    }
    black.sort_unstable();
    white.sort_unstable();
    black.sort_unstable();
    white.sort_unstable();
    Ok((Setup::new(ByPlayer::new(black, white), first), result))
}

/// Plays move `number` of a record, `B[…]` (Black) or `W[…]` (White), on `state`; an
/// error names the move by its number and its SGF text.
fn play_sgf_move(
    state: &mut Go9,
    number: usize,
    player: Player,
    sgf_move: &SgfMove,
) -> Result<(), RecordError> {
    let text = match sgf_move {
        SgfMove::Pass => {
            format!("{}[]", if player == Player::First { "B" } else { "W" })
        }
        SgfMove::Move(p) => format!(
            "{}[{}{}]",
            if player == Player::First { "B" } else { "W" },
            sgf_letter(p.x),
            sgf_letter(p.y)
        ),
    };
    let mv = match sgf_move {
        // Planted bug (tests only): only `tt` is a pass, the empty value is not.
        SgfMove::Pass if game_core::planted::is("G-13") => {
            return Err(RecordError::BadMove {
                number,
                text,
                reason: BadMoveReason::NotAPointOrPass,
            });
        }
        SgfMove::Pass => Move::Pass,
        SgfMove::Move(p) if p.x == 19 && p.y == 19 => Move::Pass,
        SgfMove::Move(p) => Move::Place(from_sgf_point(*p).map_err(|_| RecordError::BadMove {
            number,
            text: text.clone(),
            reason: BadMoveReason::OffBoard(format!("{}{}", sgf_letter(p.x), sgf_letter(p.y))),
        })?),
    };
    state.play_as(player, mv).map_err(|e| RecordError::BadMove {
        number,
        text,
        reason: BadMoveReason::Illegal(e),
    })
}

/// Applies an SGF `RE` to a replayed game: a G-7 call when the game is still going on,
/// otherwise a check that the rules give the same result.
fn apply_recorded_result(state: &mut Go9, recorded: &str) -> Result<(), RecordError> {
    let normal = recorded.trim().to_ascii_uppercase();
    let normal = match normal.as_str() {
        "DRAW" | "JIGO" => "0".to_string(),
        "B+RESIGN" => "B+R".to_string(),
        "W+RESIGN" => "W+R".to_string(),
        "B+TIME" => "B+T".to_string(),
        "W+TIME" => "W+T".to_string(),
        "?" | "VOID" | "" => return Ok(()),
        _ => whole_margin(&normal).unwrap_or(normal),
    };
    if state.end_reason().is_none() {
        let called = match normal.as_str() {
            "B+R" => state.resign(Player::Second),
            "W+R" => state.resign(Player::First),
            "B+T" => state.lose_on_time(Player::Second),
            "W+T" => state.lose_on_time(Player::First),
            "0" => state.agree_draw(),
            _ => {
                return Err(RecordError::ResultMismatch {
                    field: "RE",
                    recorded: recorded.to_string(),
                    replayed: "none (the game goes on)".into(),
                });
            }
        };
        called.map_err(|_| RecordError::EndAfterEnd(recorded.to_string()))?;
        return Ok(());
    }
    let replayed = state.result().unwrap_or_default();
    if state.end_reason().is_some_and(|r| !r.is_call()) && replayed != normal {
        return Err(RecordError::ResultMismatch {
            field: "RE",
            recorded: recorded.to_string(),
            replayed,
        });
    }
    Ok(())
}

/// `B+7.0` → `B+7`: SGF writes a margin as a real number (GNU Go writes `W+7.0`); a whole
/// number (digits, then optionally a point and zeros) is the same result as G-10's integer
/// notation.
fn whole_margin(result: &str) -> Option<String> {
    let (colour, margin) = result.split_once('+')?;
    let (whole, zeros) = match margin.split_once('.') {
        Some((whole, zeros)) if !zeros.is_empty() => (whole, zeros),
        Some(_) => return None,
        None => (margin, ""),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !matches!(colour, "B" | "W") || !digits(whole) || zeros.bytes().any(|b| b != b'0') {
        return None;
    }
    let margin: u32 = whole.parse().ok()?;
    Some(format!("{colour}+{margin}"))
}
