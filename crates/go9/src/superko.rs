//! The superko lookup table (G-4): the boards seen so far, found by key in one or two
//! probes instead of a scan of the history.

/// Slots of the superko table: a power of two well above the 301 boards a game can see.
const TABLE_SLOTS: usize = 512;

/// The table behind the superko lookup (see `Go9::seen_table`).
#[derive(Clone)]
pub(crate) struct SeenTable([u16; TABLE_SLOTS]);

impl std::fmt::Debug for SeenTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.0.iter().filter(|&&v| v != 0).count();
        write!(f, "SeenTable({used} boards)")
    }
}

impl SeenTable {
    pub(crate) fn new() -> SeenTable {
        SeenTable([0; TABLE_SLOTS])
    }

    pub(crate) fn insert(&mut self, key: u32, index: usize) {
        let mut slot = key as usize & (TABLE_SLOTS - 1);
        while self.0[slot] != 0 {
            slot = (slot + 1) & (TABLE_SLOTS - 1);
        }
        self.0[slot] = index as u16 + 1;
    }

    /// Removes the most recently inserted `index` (LIFO order keeps the probing exact).
    pub(crate) fn remove(&mut self, key: u32, index: usize) {
        let mut slot = key as usize & (TABLE_SLOTS - 1);
        while self.0[slot] != index as u16 + 1 {
            slot = (slot + 1) & (TABLE_SLOTS - 1);
        }
        self.0[slot] = 0;
    }

    /// The indices stored under `key`'s probe sequence.
    #[inline]
    pub(crate) fn probe(&self, key: u32) -> impl Iterator<Item = usize> + '_ {
        let mut slot = key as usize & (TABLE_SLOTS - 1);
        std::iter::from_fn(move || {
            let v = self.0[slot];
            slot = (slot + 1) & (TABLE_SLOTS - 1);
            (v != 0).then(|| usize::from(v) - 1)
        })
    }
}

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
