//! The bao vectors.

use crate::common::FileBuilder;

/// Every bao file.
pub fn files() -> Vec<FileBuilder> {
    Vec::new()
}
