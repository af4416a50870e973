//! The API map's `#[non_exhaustive]` promises for `kazura-core` (docs/architecture.md, "API map"),
//! checked by the compiler: outside the crate, a match that names every variant but has no
//! wildcard arm does not compile (E0004), so a new variant is not a breaking change. Each
//! block names every variant, so E0004 can only come from `#[non_exhaustive]`; a wrong
//! variant name fails with another error code, and so fails the doctest.

/// `PlayError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: kazura_core::PlayError) {
///     match value {
///         kazura_core::PlayError::GameOver { .. } => {}
///         kazura_core::PlayError::OffBoard { .. } => {}
///         kazura_core::PlayError::Occupied { .. } => {}
///         kazura_core::PlayError::ClosesLoop { .. } => {}
///         kazura_core::PlayError::SwapNotAvailable { .. } => {}
///         kazura_core::PlayError::PassNotAllowed { .. } => {}
///     }
/// }
/// ```
pub struct PlayErrorIsNonExhaustive;

/// `ParseMoveError` is a `#[non_exhaustive]` struct: outside the crate no struct expression
/// builds it (E0639).
///
/// ```compile_fail,E0639
/// let _ = kazura_core::ParseMoveError { ..unreachable!() };
/// ```
pub struct ParseMoveErrorIsNonExhaustive;

/// `SetupError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: kazura_core::SetupError) {
///     match value {
///         kazura_core::SetupError::Size { .. } => {}
///         kazura_core::SetupError::OffBoard { .. } => {}
///         kazura_core::SetupError::Overlap { .. } => {}
///         kazura_core::SetupError::ClosesLoop { .. } => {}
///     }
/// }
/// ```
pub struct SetupErrorIsNonExhaustive;

#[cfg(feature = "serde")]
/// `RecordError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: kazura_core::RecordError) {
///     match value {
///         kazura_core::RecordError::Json { .. } => {}
///         kazura_core::RecordError::WrongGame { .. } => {}
///         kazura_core::RecordError::Size { .. } => {}
///         kazura_core::RecordError::SetupPoint { .. } => {}
///         kazura_core::RecordError::Setup { .. } => {}
///         kazura_core::RecordError::BadMove { .. } => {}
///         kazura_core::RecordError::LateResignation { .. } => {}
///         kazura_core::RecordError::ResultMismatch { .. } => {}
///     }
/// }
/// ```
pub struct RecordErrorIsNonExhaustive;

/// `EndReason` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: kazura_core::EndReason) {
///     match value {
///         kazura_core::EndReason::Resigned { .. } => {}
///         kazura_core::EndReason::LongerGroup { .. } => {}
///         kazura_core::EndReason::MoreGroups { .. } => {}
///         kazura_core::EndReason::EqualLengths { .. } => {}
///     }
/// }
/// ```
pub struct EndReasonIsNonExhaustive;
