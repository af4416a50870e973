//! The API map's `#[non_exhaustive]` promises for `bind` (docs/architecture.md, "API map"),
//! checked by the compiler: outside the crate, a match that names every variant but has no
//! wildcard arm does not compile (E0004), so a new variant is not a breaking change. Each
//! block names every variant, so E0004 can only come from `#[non_exhaustive]`; a wrong
//! variant name fails with another error code, and so fails the doctest.

/// `PlayError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bind::PlayError) {
///     match value {
///         bind::PlayError::GameOver { .. } => {}
///         bind::PlayError::OffBoard { .. } => {}
///         bind::PlayError::NotALine { .. } => {}
///         bind::PlayError::MustPass { .. } => {}
///         bind::PlayError::PassNotAllowed { .. } => {}
///         bind::PlayError::OpeningIsALine { .. } => {}
///         bind::PlayError::FirstMoveNeedsThree { .. } => {}
///         bind::PlayError::OpeningNotFromLowerLeft { .. } => {}
///         bind::PlayError::NotEnoughPieces { .. } => {}
///         bind::PlayError::NothingToTake { .. } => {}
///         bind::PlayError::TakeIsolates { .. } => {}
///         bind::PlayError::LineBlocked { .. } => {}
///         bind::PlayError::TakeAndPlaceAvailable { .. } => {}
///         bind::PlayError::Occupied { .. } => {}
///         bind::PlayError::NotNextToOwnPiece { .. } => {}
///     }
/// }
/// ```
pub struct PlayErrorIsNonExhaustive;

/// `ParseMoveError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bind::ParseMoveError) {
///     match value {
///         bind::ParseMoveError::Empty { .. } => {}
///         bind::ParseMoveError::Point { .. } => {}
///         bind::ParseMoveError::NotALine { .. } => {}
///     }
/// }
/// ```
pub struct ParseMoveErrorIsNonExhaustive;

/// `SetupError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bind::SetupError) {
///     match value {
///         bind::SetupError::Variant { .. } => {}
///         bind::SetupError::RowCount { .. } => {}
///         bind::SetupError::RowLength { .. } => {}
///         bind::SetupError::Square { .. } => {}
///         bind::SetupError::PieceCount { .. } => {}
///         bind::SetupError::FirstMoveAfterPlaying { .. } => {}
///         bind::SetupError::FirstMoveOrder { .. } => {}
///         bind::SetupError::EmptyHandToMove { .. } => {}
///         bind::SetupError::ResignedAfterEnd { .. } => {}
///     }
/// }
/// ```
pub struct SetupErrorIsNonExhaustive;

#[cfg(feature = "serde")]
/// `RecordError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bind::RecordError) {
///     match value {
///         bind::RecordError::Json { .. } => {}
///         bind::RecordError::WrongGame { .. } => {}
///         bind::RecordError::Variant { .. } => {}
///         bind::RecordError::Start { .. } => {}
///         bind::RecordError::StartMismatch { .. } => {}
///         bind::RecordError::BadMove { .. } => {}
///         bind::RecordError::LateResignation { .. } => {}
///         bind::RecordError::ResultMismatch { .. } => {}
///     }
/// }
/// ```
pub struct RecordErrorIsNonExhaustive;

/// `EndReason` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bind::EndReason) {
///     match value {
///         bind::EndReason::AllPlaced { .. } => {}
///         bind::EndReason::NoMove { .. } => {}
///         bind::EndReason::BothHoldOne { .. } => {}
///         bind::EndReason::Resigned { .. } => {}
///     }
/// }
/// ```
pub struct EndReasonIsNonExhaustive;
