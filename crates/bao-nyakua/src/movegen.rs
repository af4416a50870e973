//! Legal moves (B-10 … B-13, B-16, B-17, B-22) and why a move is not legal.

use crate::error::PlayError;
use crate::moves::{Move, NyumbaChoice};
use crate::pit::{Direction, Pit, Row};
use crate::position::{MoveList, Phase, Position};

impl Position {
    /// Whether the mover must capture now (B-10, B-17).
    #[inline]
    pub(crate) fn capture_exists(&self) -> bool {
        let me = self.to_move.index();
        match self.phase {
            Phase::Namua => self.namua_targets(me) != 0,
            Phase::Mtaji => {
                let targets = self.mtaji_targets(me);
                targets != 0
                    && (0..16u8).any(|ring| {
                        Direction::BOTH
                            .iter()
                            .any(|&d| self.mtaji_captures(me, targets, ring, d))
                    })
            }
        }
    }

    /// The mover's front pits (bit = ring position 0–7) that hold kete and face kete:
    /// the NAMUA capture pits (B-10) and the MTAJI capture landings (B-17).
    #[inline]
    pub(crate) fn capture_targets(&self, me: usize) -> u8 {
        let (own, opp) = (&self.pits[me], &self.pits[1 - me]);
        let mut targets = 0u8;
        for i in 0..8 {
            // `&` rather than `&&`: no branch, so the eight pits are compared at once.
            targets |= (u8::from(own[i] > 0) & u8::from(opp[7 - i] > 0)) << i;
        }
        targets
    }

    /// The NAMUA capture pits (B-10): [`Position::capture_targets`].
    #[inline]
    fn namua_targets(&self, me: usize) -> u8 {
        if game_core::planted::is("B-10") {
            // Planted bug (tests only): judged after the hand kete is added, so an empty
            // front pit facing kete may capture too.
            let opp = &self.pits[1 - me];
            (0..8).fold(0, |t, i| t | (u8::from(opp[7 - i] > 0) << i))
        } else {
            self.capture_targets(me)
        }
    }

    /// The MTAJI capture landings (B-17): [`Position::capture_targets`].
    #[inline]
    fn mtaji_targets(&self, me: usize) -> u8 {
        if game_core::planted::is("B-17") {
            // Planted bug (tests only): the landing pit need not have been occupied.
            let opp = &self.pits[1 - me];
            (0..8).fold(0, |t, i| t | (u8::from(opp[7 - i] > 0) << i))
        } else {
            self.capture_targets(me)
        }
    }

    /// B-17: the pit at `ring` holds 2–15 and its first lap ends in one of the `targets`.
    /// With at most 15 kete no pit gets two, so the landing pit's count before the last
    /// kete is its count now.
    #[inline]
    fn mtaji_captures(&self, me: usize, targets: u8, ring: u8, direction: Direction) -> bool {
        let count = self.pits[me][ring as usize];
        if !(2..=15).contains(&count) {
            return false;
        }
        let landing = match direction {
            Direction::Right => (ring + count) & 15,
            Direction::Left => ring.wrapping_sub(count) & 15,
        };
        landing < 8 && targets & (1 << landing) != 0
    }

    /// B-13: with exactly one occupied front pit, `F1` leftward and `F8` rightward are
    /// forbidden.
    #[inline]
    fn self_emptying(&self, me: usize, pit: Pit, direction: Direction) -> bool {
        pit.row() == Row::Front
            && self.pits[me][..8].iter().filter(|&&k| k > 0).count() == 1
            && matches!(
                (pit.index(), direction),
                (0, Direction::Left) | (7, Direction::Right)
            )
    }

    /// B-11/B-12: whether the takata from owned `F5` is the 2-kete sowing (the owned
    /// NYUMBA is the only occupied front pit).
    #[inline]
    pub(crate) fn is_house_two(&self, me: usize, pit: Pit) -> bool {
        pit == Pit::NYUMBA
            && self.house_owned[me]
            && self.pits[me][4] > 0
            && self.pits[me][..8]
                .iter()
                .enumerate()
                .all(|(i, &k)| i == 4 || k == 0)
    }

    /// Calls `push` with every legal move, in the author's engine's order: NAMUA captures
    /// by pit, left entry (`R`) first, `stop` before `use`; takata by pit, `L` before `R`;
    /// MTAJI front row then back row, by pit, `L` before `R`.
    pub fn for_each_legal_move(&self, mut push: impl FnMut(Move)) {
        if self.end.is_some() {
            return;
        }
        let me = self.to_move.index();
        if game_core::planted::is("B-16") {
            // Planted bug (tests only): `pass` is legal in every position.
            let mut pass_listed = false;
            let mut tap = |mv: Move| {
                pass_listed |= mv == Move::Pass;
                push(mv);
            };
            match self.phase {
                Phase::Namua => self.namua_moves(me, &mut tap),
                Phase::Mtaji => self.mtaji_moves(me, &mut tap),
            }
            if !pass_listed {
                push(Move::Pass);
            }
            return;
        }
        match self.phase {
            Phase::Namua => self.namua_moves(me, &mut push),
            Phase::Mtaji => self.mtaji_moves(me, &mut push),
        }
    }

    fn namua_moves(&self, me: usize, push: &mut impl FnMut(Move)) {
        // B-16: the compatibility pass is the only move of an empty hand.
        if self.hands[me] == 0 {
            push(Move::Pass);
            return;
        }
        // B-10: captures, with the entry rule of B-8 for the first capture.
        let targets = self.namua_targets(me);
        for i in 0..8u8 {
            if targets & (1 << i) == 0 {
                continue;
            }
            let pit = Pit::from_ring(i);
            let directions: &[Direction] = match i {
                0 | 1 => &[Direction::Right],
                6 | 7 => &[Direction::Left],
                _ => &[Direction::Right, Direction::Left],
            };
            for &direction in directions {
                let plain = Move::sow(pit, direction);
                // B-22: simulate on a copy to see whether the NYUMBA choice arises. It
                // needs an owned NYUMBA, so without one the simulation is skipped.
                if self.house_owned[me] && self.simulate_choice(plain) {
                    push(plain.with_choice(Some(NyumbaChoice::Stop)));
                    push(plain.with_choice(Some(NyumbaChoice::Use)));
                } else {
                    push(plain);
                }
            }
        }
        if targets != 0 {
            return;
        }
        // B-11: takata candidates, judged before the placement.
        let front = &self.pits[me][..8];
        let owned = self.house_owned[me];
        if self.is_house_two(me, Pit::NYUMBA) {
            for direction in Direction::BOTH {
                push(Move::sow(Pit::NYUMBA, direction));
            }
            return;
        }
        let big_house = |i: usize| i == 4 && owned && front[i] >= 6;
        let has_multi = front
            .iter()
            .enumerate()
            .any(|(i, &k)| k >= 2 && !big_house(i));
        for (i, &k) in front.iter().enumerate() {
            // Planted bug (tests only, B-11): a single kete always counts.
            let single_out = k == 1 && has_multi && !owned && !game_core::planted::is("B-11");
            if k == 0 || big_house(i) || single_out {
                continue;
            }
            let pit = Pit::from_ring(i as u8);
            for direction in Direction::BOTH {
                // Planted bug (tests only, B-13): the self-emptying start allowed.
                if !self.self_emptying(me, pit, direction) || game_core::planted::is("B-13") {
                    push(Move::sow(pit, direction));
                }
            }
        }
    }

    fn mtaji_moves(&self, me: usize, push: &mut impl FnMut(Move)) {
        /// Ring positions in the author's order: front `F1…F8`, then back `B1…B8`.
        const ORDER: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8];
        let own = &self.pits[me];
        // B-17: captures first.
        let targets = self.mtaji_targets(me);
        let mut any_capture = false;
        if targets != 0 {
            for ring in ORDER {
                for direction in Direction::BOTH {
                    if self.mtaji_captures(me, targets, ring, direction) {
                        any_capture = true;
                        push(Move::sow(Pit::from_ring(ring), direction));
                    }
                }
            }
        }
        if any_capture {
            return;
        }
        // Takata: front pits of 2 or more, else back ones; B-13 concerns a lone front
        // pit, which then is the only front pit of 2 or more.
        let has_front = own[..8].iter().any(|&k| k >= 2);
        let rings = if has_front { &ORDER[..8] } else { &ORDER[8..] };
        let lone_front = has_front && own[..8].iter().filter(|&&k| k > 0).count() == 1;
        for &ring in rings {
            if own[ring as usize] < 2 {
                continue;
            }
            let pit = Pit::from_ring(ring);
            for direction in Direction::BOTH {
                let forbidden = lone_front
                    && matches!(
                        (ring, direction),
                        (0, Direction::Left) | (7, Direction::Right)
                    );
                if !forbidden || game_core::planted::is("B-13") {
                    push(Move::sow(pit, direction));
                }
            }
        }
    }

    /// Plays the NAMUA capture `mv` with `stop` on a copy; whether the choice arose.
    fn simulate_choice(&self, mv: Move) -> bool {
        let mut copy = *self;
        copy.apply_laps_only(mv.with_choice(Some(NyumbaChoice::Stop)), true)
            .nyumba_choice_arose
    }

    /// The legal moves on the stack.
    pub(crate) fn legal_list(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(|m| list.push(m));
        list
    }

    /// Whether the player to move has a legal move, without listing them (B-20).
    pub(crate) fn has_legal_move(&self) -> bool {
        let me = self.to_move.index();
        match self.phase {
            // A pass, a capture or a takata always exists while the front row is
            // occupied: B-13 removes one direction of one pit at most.
            Phase::Namua => self.hands[me] == 0 || self.front_occupied(me),
            // Any pit of 2 or more starts a capture or a takata (B-17).
            Phase::Mtaji => self.pits[me].iter().any(|&k| k >= 2),
        }
    }

    /// Why `mv` is not among `legal` (which does not contain it).
    pub(crate) fn why_illegal(&self, mv: Move, legal: &MoveList) -> PlayError {
        let me = self.to_move.index();
        let Move::Sow {
            pit,
            direction,
            nyumba,
        } = mv
        else {
            return PlayError::PassNotAllowed;
        };
        if legal.as_slice() == [Move::Pass] {
            return PlayError::MustPass { mv };
        }
        let plain = mv.with_choice(None);
        if nyumba.is_none() && legal.contains(&plain.with_choice(Some(NyumbaChoice::Stop))) {
            return PlayError::ChoiceRequired { mv };
        }
        if nyumba.is_some() && legal.contains(&plain) {
            return PlayError::NoChoice { mv };
        }
        if self.phase == Phase::Namua && pit.row() == Row::Back {
            return PlayError::BackRowInNamua { mv };
        }
        if self.pits[me][pit.ring() as usize] == 0 {
            return PlayError::EmptyPit { mv };
        }
        if self.capture_exists() {
            if self.phase == Phase::Namua
                && pit.row() == Row::Front
                && self.namua_targets(me) & (1 << pit.index()) != 0
            {
                return PlayError::WrongEntry { mv };
            }
            return PlayError::MustCapture { mv };
        }
        if self.self_emptying(me, pit, direction) {
            return PlayError::SelfEmptying { mv };
        }
        PlayError::NotACandidate { mv }
    }
}
