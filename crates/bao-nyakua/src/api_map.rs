//! The API map's `#[non_exhaustive]` promises for `bao-nyakua` (docs/architecture.md, "API map"),
//! checked by the compiler: outside the crate, a match that names every variant but has no
//! wildcard arm does not compile (E0004), so a new variant is not a breaking change. Each
//! block names every variant, so E0004 can only come from `#[non_exhaustive]`; a wrong
//! variant name fails with another error code, and so fails the doctest.

/// `PlayError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bao_nyakua::PlayError) {
///     match value {
///         bao_nyakua::PlayError::GameOver { .. } => {}
///         bao_nyakua::PlayError::PassNotAllowed { .. } => {}
///         bao_nyakua::PlayError::MustPass { .. } => {}
///         bao_nyakua::PlayError::BackRowInNamua { .. } => {}
///         bao_nyakua::PlayError::EmptyPit { .. } => {}
///         bao_nyakua::PlayError::MustCapture { .. } => {}
///         bao_nyakua::PlayError::WrongEntry { .. } => {}
///         bao_nyakua::PlayError::SelfEmptying { .. } => {}
///         bao_nyakua::PlayError::NotACandidate { .. } => {}
///         bao_nyakua::PlayError::ChoiceRequired { .. } => {}
///         bao_nyakua::PlayError::NoChoice { .. } => {}
///     }
/// }
/// ```
pub struct PlayErrorIsNonExhaustive;

/// `ParseMoveError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bao_nyakua::ParseMoveError) {
///     match value {
///         bao_nyakua::ParseMoveError::Empty { .. } => {}
///         bao_nyakua::ParseMoveError::BadRow { .. } => {}
///         bao_nyakua::ParseMoveError::BadPitNumber { .. } => {}
///         bao_nyakua::ParseMoveError::BadDirection { .. } => {}
///         bao_nyakua::ParseMoveError::BadChoice { .. } => {}
///     }
/// }
/// ```
pub struct ParseMoveErrorIsNonExhaustive;

/// `SetupError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bao_nyakua::SetupError) {
///     match value {
///         bao_nyakua::SetupError::NyakuaReserve { .. } => {}
///         bao_nyakua::SetupError::WinnerReason { .. } => {}
///         bao_nyakua::SetupError::Conservation { .. } => {}
///         bao_nyakua::SetupError::MtajiWithHands { .. } => {}
///         bao_nyakua::SetupError::TurnZero { .. } => {}
///         bao_nyakua::SetupError::EmptyFront { .. } => {}
///         bao_nyakua::SetupError::NoLegalMove { .. } => {}
///     }
/// }
/// ```
pub struct SetupErrorIsNonExhaustive;

#[cfg(feature = "serde")]
/// `RecordError` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bao_nyakua::RecordError) {
///     match value {
///         bao_nyakua::RecordError::Json { .. } => {}
///         bao_nyakua::RecordError::WrongGame { .. } => {}
///         bao_nyakua::RecordError::BadMove { .. } => {}
///         bao_nyakua::RecordError::ResultMismatch { .. } => {}
///         bao_nyakua::RecordError::Header { .. } => {}
///         bao_nyakua::RecordError::Ruleset { .. } => {}
///         bao_nyakua::RecordError::Setup { .. } => {}
///     }
/// }
/// ```
pub struct RecordErrorIsNonExhaustive;

/// `EndReason` is `#[non_exhaustive]`:
///
/// ```compile_fail,E0004
/// fn every_variant(value: bao_nyakua::EndReason) {
///     match value {
///         bao_nyakua::EndReason::FrontEmptied { .. } => {}
///         bao_nyakua::EndReason::OwnFrontEmptied { .. } => {}
///         bao_nyakua::EndReason::NoMove { .. } => {}
///         bao_nyakua::EndReason::RelayLimit { .. } => {}
///     }
/// }
/// ```
pub struct EndReasonIsNonExhaustive;
