//! The go9 vectors.

use crate::common::FileBuilder;

/// Every go9 file.
pub fn files() -> Vec<FileBuilder> {
    Vec::new()
}
