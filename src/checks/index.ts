export { CheckError } from './check-error';
export { CONFORMS, enforce, nonConforming, verdictOf, type Outcome } from './judge';
export * from './verdict';
export { expectDocumented, type DocumentedOptions } from './documented';
export { asCited, citesClause, type CheckDef, type CitedBy } from './define';
export { CHECK_NAMES, isCheckName, type CheckName } from './names';
export { CHECKS, CHECK_LIST, type ClauseOf } from './registry';
export { expectStatus, type StatusOptions } from './expect-status';
export { listed, type Identified, type Page } from './shown';
export { refusalOf, refusingBody } from './refusal';
// Each check's wrappers (src/checks/registry/<check>.ts): the specs judge through these.
export {
  expectArchiveAccepted,
  expectArchivedChildrenReading,
  expectArchiveRefused,
  expectArchiveStringReading,
  expectParentAccepted,
  expectParentIdUpdateReading,
  expectParentRequired,
} from './registry/hierarchy';
export {
  expectCredentialsRefused,
  expectTokenRefused,
  issuedToken,
  type CredentialsRefusal,
  type TokenAnswer,
} from './registry/auth-enforced';
export { expectCursorPagesDisjoint, expectCursorVisitsAll, expectCursorWalkEnded } from './registry/cursor';
export {
  expectArrayFormAnswered,
  expectDisjoint,
  expectExcludes,
  expectOnlyFitting,
  expectSameSelection,
  expectSelects,
  expectSelectsAny,
  expectSelectsNone,
  expectTrueReading,
  expectUnion,
  differing,
  trueReadingOutcome,
  type DefaultFalseFilter,
  type Rule,
  type Selection,
} from './registry/filter';
export { readingOutcome, type ReadingOutcome } from './readings';
export { expectCapRefused, expectNotCapped } from './registry/filter-cap';
export {
  entryMatches,
  expectEmbedded,
  expectKnownEmbedded,
  expectRelationshipNames,
  expectRelationshipsApart,
  expectRelationshipsKept,
  isKnownRecord,
  type Entry,
  type RelationshipView,
  type KnownRecord,
  type NamedRecord,
} from './registry/include';
export { expectJson, expectJsonLabelled } from './registry/json-body';
export { expectListCount, expectMove, expectNonMemberRemoval, expectShownMembership, type Move } from './registry/membership';
export { expectNoServerError } from './registry/no-server-error';
export { expectCountKept, expectLeftNothing, expectLeftNothingAlike, expectNothingStored } from './registry/no-trace';
export { expectNotFound } from './registry/not-found';
export {
  endsNumericWalk,
  expectNoGap,
  expectNumericWalkEnded,
  expectPagesDisjoint,
  expectPagesWithin,
  expectPastEnd,
  pastEndOutcome,
} from './registry/pagination';
export {
  expectAggregateIdReading,
  expectField,
  expectResourceShown,
  expectResourceType,
  expectSchema,
  expectUniqueValues,
  uniqueValuesOutcome,
  type FieldKind,
} from './registry/schema';
export { expectNotRefusedForScope, expectScopeAccepted, expectScopeRefused } from './registry/scope';
export { expectProviderFieldReading, expectSetup, expectSetupShown, failSetup } from './registry/setup';
export {
  expectCostNulledReading,
  expectCreatedShown,
  expectDistinctRecords,
  expectGone,
  expectKept,
  expectSameRecord,
  expectShown,
  expectStateShownBy,
  expectValueKept,
  expectValueShown,
  expectValuesRemoved,
  expectWriteAccepted,
  exactly,
  sameEmail,
  sameMembers,
  sameName,
  samePhone,
  type Same,
} from './registry/state';
export type { ExpectedStatus } from './registry/status';
export {
  expectBearerType,
  expectJwtForm,
  expectLifetime,
  expectTokenIssued,
  hasJwtForm,
  MIN_TOKEN_LIFETIME_S,
  TOKEN_LIFETIME_S,
  type StatedLifetime,
} from './registry/token';
export { expectResponse } from './registry/transport';
export {
  expectAcceptedOr422,
  expectIdStringReading,
  expectRefused,
  expectUnissuedIdReading,
  expectUnruledReading,
  expectValidationFailed,
} from './registry/validation';
export { expectAggregateResentReading, expectMessage, expectSomeMessage, expectZeroCostReading } from './registry/validation-message';
export { expectNotRefusedForLevel, expectPublicPrivateReading, expectUsableAtLevel } from './registry/access-level';
