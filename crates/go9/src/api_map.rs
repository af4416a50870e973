//! The API map's `#[non_exhaustive]` promises for `go9` (docs/architecture.md, "API map"),
//! checked by the compiler: outside the crate, a match that names every variant but has no
//! wildcard arm does not compile (E0004), so a new variant is not a breaking change. Each
//! block names every variant, so E0004 can only come from `#[non_exhaustive]`; a wrong
//! variant name fails with another error code, and so fails the doctest.

/// `PlayError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: go9::PlayError) {
///     match value {
///         go9::PlayError::GameOver { .. } => {}
///         go9::PlayError::Occupied { .. } => {}
///         go9::PlayError::Suicide { .. } => {}
///         go9::PlayError::Superko { .. } => {}
///     }
/// }
/// ```
pub struct PlayErrorIsNonExhaustive;

/// `ParseMoveError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: go9::ParseMoveError) {
///     match value {
///         go9::ParseMoveError::Point { .. } => {}
///     }
/// }
/// ```
pub struct ParseMoveErrorIsNonExhaustive;

/// `SetupError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: go9::SetupError) {
///     match value {
///         go9::SetupError::BothColours { .. } => {}
///         go9::SetupError::NoLiberties { .. } => {}
///     }
/// }
/// ```
pub struct SetupErrorIsNonExhaustive;

#[cfg(feature = "serde")]
/// `RecordError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: go9::RecordError) {
///     match value {
///         go9::RecordError::Json { .. } => {}
///         go9::RecordError::Sgf { .. } => {}
///         go9::RecordError::WrongGame { .. } => {}
///         go9::RecordError::Size { .. } => {}
///         go9::RecordError::Komi { .. } => {}
///         go9::RecordError::Point { .. } => {}
///         go9::RecordError::Player { .. } => {}
///         go9::RecordError::Setup { .. } => {}
///         go9::RecordError::BadMove { .. } => {}
///         go9::RecordError::SetupInGame { .. } => {}
///         go9::RecordError::EndAfterEnd { .. } => {}
///         go9::RecordError::ResultMismatch { .. } => {}
///     }
/// }
/// ```
pub struct RecordErrorIsNonExhaustive;

/// `EndReason` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: go9::EndReason) {
///     match value {
///         go9::EndReason::TwoPasses { .. } => {}
///         go9::EndReason::MoveLimit { .. } => {}
///         go9::EndReason::Resignation { .. } => {}
///         go9::EndReason::Time { .. } => {}
///         go9::EndReason::AgreedDraw { .. } => {}
///     }
/// }
/// ```
pub struct EndReasonIsNonExhaustive;

/// `UndoError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: go9::UndoError) {
///     match value {
///         go9::UndoError::AtStart { .. } => {}
///         go9::UndoError::EndedByCall { .. } => {}
///     }
/// }
/// ```
pub struct UndoErrorIsNonExhaustive;
