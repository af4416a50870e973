#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod client;
mod clock;
mod engine;

pub use client::GtpClient;
pub use clock::{MIN_THINK, SAFETY};
pub use engine::{GTP_COMMANDS, GtpEngine, GtpReply};
