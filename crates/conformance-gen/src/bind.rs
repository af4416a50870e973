//! The bind vectors.

use crate::common::FileBuilder;

/// Every bind file.
pub fn files() -> Vec<FileBuilder> {
    Vec::new()
}
