//! Helpers shared by the integration tests (each test file uses what it needs).
#![allow(dead_code)]

pub mod brute;
pub mod positions;
pub mod sha256;
