//! Shared helpers for the criterion benches (positions built once, reused by every bench).
