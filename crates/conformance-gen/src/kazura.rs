//! The kazura vectors.

use crate::common::FileBuilder;

/// Every kazura file.
pub fn files() -> Vec<FileBuilder> {
    Vec::new()
}
