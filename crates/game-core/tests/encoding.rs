//! `game_core::checker::check_encoding` on a toy game: it counts the positions it checks,
//! passes a right encoding and names each way a wrong one is wrong.

use game_core::checker::check_encoding;
use game_core::encoding::{ActionError, BufferSizeError, Encoded};
use game_core::{Game, Outcome, Player};

/// What a toy encoding gets wrong.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bug {
    None,
    /// Takes of 1 and 2 share id 0.
    SharedId,
    /// `move_of` names the take one more than the id's.
    MoveOfShifted,
    /// The last cell of the observation is never written.
    UnwrittenCell,
    /// The observation for the mover differs from `write_observation`.
    ViewerPlane,
    /// Id 1 names no move.
    Gap,
}

/// Nim with one pile of at most 9: take 1–3, who takes the last counter wins.
#[derive(Clone, Debug, PartialEq)]
struct Nim {
    pile: u32,
    to_move: Player,
    bug: Bug,
}

#[derive(Debug)]
struct Illegal;

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("take 1 to 3 and no more than the pile")
    }
}

impl std::error::Error for Illegal {}

impl Game for Nim {
    type Move = u32;
    type ParseMoveError = std::num::ParseIntError;
    type PlayError = Illegal;
    type EndReason = &'static str;
    const NAME: &'static str = "nim";
    const PLAYER_NAMES: [&'static str; 2] = ["first", "second"];

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend((1..=3).filter(|&t| t <= self.pile));
    }

    fn check_move(&self, mv: u32) -> Result<(), Illegal> {
        if (1..=3).contains(&mv) && mv <= self.pile {
            Ok(())
        } else {
            Err(Illegal)
        }
    }

    fn play_unchecked(&mut self, mv: u32) {
        self.pile -= mv;
        self.to_move = self.to_move.other();
    }

    fn is_over(&self) -> bool {
        self.pile == 0
    }

    fn outcome(&self) -> Outcome<&'static str> {
        if self.pile > 0 {
            Outcome::Ongoing
        } else {
            Outcome::win(self.to_move.other(), "took the last counter")
        }
    }

    fn ply(&self) -> usize {
        0
    }
}

impl Encoded for Nim {
    fn num_actions(&self) -> usize {
        3
    }

    fn action_of(&self, mv: u32) -> usize {
        match (mv, self.bug) {
            (2, Bug::SharedId) => 0,
            (1..=3, _) => mv as usize - 1,
            _ => 3,
        }
    }

    fn decode_action(&self, action: usize) -> Option<u32> {
        if self.bug == Bug::Gap && action == 1 {
            return None;
        }
        let shift = u32::from(self.bug == Bug::MoveOfShifted);
        Some(action as u32 + 1 + shift)
    }

    fn observation_shape(&self) -> [usize; 3] {
        [2, 3, 3]
    }

    fn fill_observation(&self, viewer: Player, out: &mut [f32]) {
        assert_eq!(out.len(), 18, "the provided call checks the length");
        let written = if self.bug == Bug::UnwrittenCell {
            17
        } else {
            18
        };
        for (cell, value) in out[..written].iter_mut().enumerate() {
            *value = if cell < 9 {
                f32::from(u8::from((cell as u32) < self.pile))
            } else {
                f32::from(u8::from(viewer == Player::First))
            };
        }
    }

    fn write_observation(&self, out: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation_for(self.to_move, out)?;
        if self.bug == Bug::ViewerPlane {
            out[9..].fill(0.5);
        }
        Ok(())
    }
}

fn nim(pile: u32, bug: Bug) -> Nim {
    Nim {
        pile,
        to_move: Player::First,
        bug,
    }
}

#[test]
fn a_right_encoding_passes_and_every_position_is_counted() {
    // No ply: each game checks its start only.
    assert_eq!(check_encoding(&nim(9, Bug::None), 0, 5, 0), Ok(5));
    // A pile of 9 needs at least three takes, so each game checks plies 0, 1 and 2.
    assert_eq!(check_encoding(&nim(9, Bug::None), 10, 4, 2), Ok(12));
    // Played out: a game of n takes checks n + 1 positions, at most 10 for a pile of 9.
    let positions = check_encoding(&nim(9, Bug::None), 20, 30, 100).unwrap();
    assert!((30 * 4..=30 * 10).contains(&positions), "{positions}");
}

#[test]
fn each_wrong_encoding_is_named() {
    for (bug, words) in [
        (Bug::SharedId, "names"),
        (Bug::MoveOfShifted, "names"),
        (Bug::UnwrittenCell, "not written"),
        (Bug::ViewerPlane, "disagree"),
    ] {
        let error = check_encoding(&nim(9, bug), 1, 3, 100).unwrap_err();
        assert!(
            error.starts_with("nim (seed 1, ply 0): "),
            "{bug:?}: {error}"
        );
        assert!(error.contains(words), "{bug:?}: {error}");
    }
}

#[test]
fn the_provided_calls_check_ids_and_lengths_before_the_game_sees_them() {
    let game = nim(9, Bug::None);
    assert_eq!(game.move_of(2), Ok(3));
    assert_eq!(
        game.move_of(3),
        Err(ActionError::OutOfRange {
            action: 3,
            actions: 3
        })
    );
    assert_eq!(
        nim(9, Bug::Gap).move_of(1),
        Err(ActionError::NoSuchMove { action: 1 })
    );
    assert_eq!(nim(9, Bug::Gap).move_of(2), Ok(3));
    for len in [0, 17, 19] {
        let mut out = vec![-1.0; len];
        assert_eq!(
            game.write_observation_for(Player::Second, &mut out),
            Err(BufferSizeError {
                given: len,
                needed: 18
            })
        );
        assert!(out.iter().all(|&v| v == -1.0), "untouched");
    }
    let mut out = vec![-1.0; 18];
    game.write_observation_for(Player::Second, &mut out)
        .unwrap();
    assert_eq!(out[..9], [1.0; 9]);
    assert_eq!(out[9..], [0.0; 9]);
}

/// What an encoding's own mask or combined call gets wrong.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    /// The mask leaves the take of 1 out.
    MaskMissesOne,
    /// The combined call writes another observation.
    TogetherPlanes,
    /// The combined call writes another mask.
    TogetherMask,
}

/// A Nim with its own `write_action_mask` and `write_observation_and_mask`, one of them
/// wrong.
#[derive(Clone, Debug, PartialEq)]
struct Overridden(Nim, Fault);

impl Game for Overridden {
    type Move = u32;
    type ParseMoveError = std::num::ParseIntError;
    type PlayError = Illegal;
    type EndReason = &'static str;
    const NAME: &'static str = "nim";
    const PLAYER_NAMES: [&'static str; 2] = ["first", "second"];

    fn to_move(&self) -> Player {
        self.0.to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        self.0.legal_moves(moves);
    }

    fn check_move(&self, mv: u32) -> Result<(), Illegal> {
        self.0.check_move(mv)
    }

    fn play_unchecked(&mut self, mv: u32) {
        self.0.play_unchecked(mv);
    }

    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    fn outcome(&self) -> Outcome<&'static str> {
        self.0.outcome()
    }

    fn ply(&self) -> usize {
        0
    }
}

impl Encoded for Overridden {
    fn num_actions(&self) -> usize {
        self.0.num_actions()
    }

    fn action_of(&self, mv: u32) -> usize {
        self.0.action_of(mv)
    }

    fn decode_action(&self, action: usize) -> Option<u32> {
        self.0.decode_action(action)
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.0.observation_shape()
    }

    fn fill_observation(&self, viewer: Player, out: &mut [f32]) {
        self.0.fill_observation(viewer, out);
    }

    fn write_action_mask(
        &self,
        mask: &mut [bool],
        moves: &mut Vec<u32>,
    ) -> Result<(), BufferSizeError> {
        self.0.write_action_mask(mask, moves)?;
        if self.1 == Fault::MaskMissesOne {
            mask[0] = false;
        }
        Ok(())
    }

    fn write_observation_and_mask(
        &self,
        observation: &mut [f32],
        mask: &mut [bool],
        moves: &mut Vec<u32>,
    ) -> Result<(), BufferSizeError> {
        self.0
            .write_observation_and_mask(observation, mask, moves)?;
        match self.1 {
            Fault::TogetherPlanes => observation[0] = 2.0,
            Fault::TogetherMask => mask[2] = !mask[2],
            Fault::MaskMissesOne => {}
        }
        Ok(())
    }
}

#[test]
fn a_wrong_mask_or_combined_call_is_named() {
    let wrong = |fault| check_encoding(&Overridden(nim(9, Bug::None), fault), 1, 3, 100);
    assert_eq!(
        wrong(Fault::MaskMissesOne).unwrap_err(),
        "nim (seed 1, ply 0): mask [1, 2], legal ids [0, 1, 2]"
    );
    for fault in [Fault::TogetherPlanes, Fault::TogetherMask] {
        assert_eq!(
            wrong(fault).unwrap_err(),
            "nim (seed 1, ply 0): the observation calls disagree",
            "{fault:?}"
        );
    }
}

#[test]
fn the_default_mask_is_the_legal_moves_ids() {
    let mut mask = [true; 3];
    nim(2, Bug::None)
        .write_action_mask(&mut mask, &mut Vec::new())
        .unwrap();
    assert_eq!(mask, [true, true, false]);
    assert_eq!(
        nim(2, Bug::None).write_action_mask(&mut [true; 2], &mut Vec::new()),
        Err(BufferSizeError {
            needed: 3,
            given: 2
        })
    );
    let (mut observation, mut mask) = (vec![f32::NAN; 18], [false; 3]);
    nim(1, Bug::None)
        .write_observation_and_mask(&mut observation, &mut mask, &mut Vec::new())
        .unwrap();
    assert_eq!(mask, [true, false, false]);
    assert_eq!(observation, nim(1, Bug::None).observation());
    assert_eq!(observation[..2], [1.0, 0.0]);
}

#[test]
fn the_provided_calls_check_their_buffers_and_the_move() {
    let mut game = nim(2, Bug::None);
    let mut observation = vec![0.0; 17];
    assert_eq!(
        game.write_observation_and_mask(&mut observation, &mut [false; 3], &mut Vec::new()),
        Err(BufferSizeError {
            needed: 18,
            given: 17
        })
    );
    let mut observation = vec![0.0; 18];
    assert_eq!(
        game.write_observation_and_mask(&mut observation, &mut [false; 4], &mut Vec::new()),
        Err(BufferSizeError {
            needed: 3,
            given: 4
        })
    );
    assert_eq!(game.observation_len(), 18);
    assert_eq!(game.observation()[..3], [1.0, 1.0, 0.0]);
    assert_eq!(
        game.play_action(2),
        Err(ActionError::Illegal {
            action: 2,
            text: "3".into(),
            reason: "take 1 to 3 and no more than the pile".into()
        })
    );
    assert_eq!(game, nim(2, Bug::None), "a refused action changes nothing");
    assert_eq!(game.play_action(1), Ok(2));
    assert!(game.is_over());
}

#[cfg(feature = "serde")]
impl game_core::Recorded for Nim {
    type RecordError = Illegal;
    const MARKER: game_core::RecordMarker = game_core::RecordMarker {
        key: "game",
        value: "nim",
        sgf: false,
    };

    fn moves(&self) -> &[u32] {
        &[]
    }

    fn write_record(&self) -> String {
        format!("{{\"game\": \"nim\", \"pile\": {}}}\n", self.pile)
    }

    fn read_record(_text: &str) -> Result<Nim, Illegal> {
        Err(Illegal)
    }
}

#[cfg(feature = "serde")]
#[test]
fn is_record_asks_the_marker() {
    use game_core::Recorded;
    assert!(Nim::is_record(&nim(3, Bug::None).write_record()));
    assert!(!Nim::is_record(r#"{"game": "go9"}"#));
    assert!(!Nim::is_record("(;GM[1])"), "no SGF for this game");
}
