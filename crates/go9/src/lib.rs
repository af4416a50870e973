//! Work in progress: this crate is being written (see the project issues).
