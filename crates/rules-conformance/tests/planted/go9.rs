//! The planted bugs of go9, one per decision id of its page, in page order.

use super::Plant;

/// Each decision id and the bug planted for it (or why none can be).
pub const PLANTS: &[Plant] = &[];
