//! Pits, rows and sowing directions (B-1, B-4).

use std::fmt;

/// A row of one player's side: the front row faces the opponent (B-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Row {
    /// The front row `F1`–`F8` (record row 0).
    Front,
    /// The back row `B1`–`B8` (record row 1).
    Back,
}

impl Row {
    /// The record's row number: 0 front, 1 back.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Row::Front => 0,
            Row::Back => 1,
        }
    }

    /// The letter of the notation: `F` or `B`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Row::Front => 'F',
            Row::Back => 'B',
        }
    }
}

/// The direction of a lap around a player's ring of 16 pits (B-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Leftward: `F8→F7→…→F1→B1→…→B8→F8` (notation `L`, record `"left"`).
    Left,
    /// Rightward: `F1→F2→…→F8→B8→…→B1→F1` (notation `R`, record `"right"`).
    Right,
}

impl Direction {
    /// Both directions, left first (the author's engine's order).
    pub const BOTH: [Direction; 2] = [Direction::Left, Direction::Right];

    /// `L` or `R`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    /// The record's word: `"left"` or `"right"`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// The step added to a ring position (modulo 16) to go one pit on.
    #[inline]
    pub(crate) const fn ring_step(self) -> u8 {
        match self {
            Direction::Left => 15,
            Direction::Right => 1,
        }
    }
}

/// One of a player's 16 pits, named from its owner's side: row and index 0–7 from the
/// owner's left (`F1` is front index 0). The NYUMBA is `F5` (B-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pit {
    row: Row,
    index: u8,
}

impl Pit {
    /// The player's NYUMBA, `F5`.
    pub const NYUMBA: Pit = Pit {
        row: Row::Front,
        index: 4,
    };
    /// The left entry of captured kete, `F1` (B-8).
    pub const LEFT_ENTRY: Pit = Pit {
        row: Row::Front,
        index: 0,
    };
    /// The right entry of captured kete, `F8` (B-8).
    pub const RIGHT_ENTRY: Pit = Pit {
        row: Row::Front,
        index: 7,
    };

    /// The pit in `row` at `index` (0–7 from the owner's left), or `None` past 7.
    #[must_use]
    pub const fn new(row: Row, index: u8) -> Option<Pit> {
        if index < 8 {
            Some(Pit { row, index })
        } else {
            None
        }
    }

    /// Every pit, front row then back row, each from index 0.
    pub fn all() -> impl Iterator<Item = Pit> {
        [Row::Front, Row::Back]
            .into_iter()
            .flat_map(|row| (0..8).map(move |index| Pit { row, index }))
    }

    /// The row.
    #[must_use]
    pub const fn row(self) -> Row {
        self.row
    }

    /// The index 0–7 from the owner's left (the pit number minus one).
    #[must_use]
    pub const fn index(self) -> u8 {
        self.index
    }

    /// The position on the owner's ring in rightward order `F1…F8 B8…B1` (0–15).
    #[inline]
    #[must_use]
    pub const fn ring(self) -> u8 {
        match self.row {
            Row::Front => self.index,
            Row::Back => 15 - self.index,
        }
    }

    /// The pit at ring position `ring` (taken modulo 16).
    #[inline]
    #[must_use]
    pub const fn from_ring(ring: u8) -> Pit {
        let ring = ring & 15;
        if ring < 8 {
            Pit {
                row: Row::Front,
                index: ring,
            }
        } else {
            Pit {
                row: Row::Back,
                index: 15 - ring,
            }
        }
    }
}

impl fmt::Display for Pit {
    /// `F1` … `B8`, from the owner's side.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row.letter(), self.index + 1)
    }
}
