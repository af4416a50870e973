//! The superko history's index (G-4): the boards seen so far, listed by each colour's
//! stone count, so that a repeat is looked for among the few boards that could be one.

/// The boards of the history by the number of one colour's stones: for each count, the
/// index + 1 of the latest board with that many stones of the colour (0: none). Each board
/// keeps the link to the one before it with as many (`Seen::earlier_same_count`), so the
/// boards of one count form a list through the history, newest first. Pushed and popped
/// in the history's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ByCount([u16; crate::layout::POINTS + 1]);

impl ByCount {
    pub(crate) fn new() -> ByCount {
        ByCount([0; crate::layout::POINTS + 1])
    }

    /// Records board `index` with `stones` stones; returns the link the board keeps.
    pub(crate) fn push(&mut self, stones: usize, index: usize) -> u16 {
        let slot = &mut self.0[stones.min(crate::layout::POINTS)];
        std::mem::replace(slot, index as u16 + 1)
    }

    /// Forgets the latest board with `stones` stones, whose link was `earlier`.
    pub(crate) fn pop(&mut self, stones: usize, earlier: u16) {
        self.0[stones.min(crate::layout::POINTS)] = earlier;
    }

    /// The index + 1 of the latest board with `stones` stones (0: none).
    #[inline]
    pub(crate) fn latest(&self, stones: usize) -> u16 {
        self.0.get(stones).copied().unwrap_or(0)
    }
}
