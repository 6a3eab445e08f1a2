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
  expectParentChangeReading,
  expectParentIdUpdateReading,
  expectParentRequired,
} from './registry/hierarchy';
export {
  challengeSchemes,
  expectChallenge,
  expectCredentialsRefused,
  expectRefusalChallenge,
  expectSecretMissingRefused,
  expectTokenRefused,
  type ClientAuth,
  type CredentialsRefusal,
} from './registry/auth-enforced';
export { issuedToken, oauthError, scopeList, OAUTH_ERRORS, type TokenAnswer } from './token-answer';
export {
  expectCursorNextAnswered,
  expectCursorPagesDisjoint,
  expectCursorVisitsAll,
  expectCursorWalkComplete,
  expectCursorWalkEnded,
} from './registry/cursor';
export { instantOfText, instantText, shownInstant, type ShownInstant } from './instant';
export {
  expectArrayFormAnswered,
  expectBounds,
  expectConversationFalseReading,
  expectLiveJobs,
  expectOneValue,
  type BoundQuery,
  type KnownInstant,
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
  expectEmbeddedAt,
  expectEmbeddedNamed,
  expectOwnRecords,
  expectRelatedType,
  expectRepeatsAlike,
  expectSentByCandidate,
  expectSentToCandidate,
  expectWithoutLinkageLawful,
  type EmbeddedCopy,
  type Placed,
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
  expectPageSizeReading,
  expectPastEnd,
  pastEndOutcome,
  pastEndShown,
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
  expectNoneForeign,
  expectSameRecord,
  expectShown,
  expectStateShownBy,
  expectValueKept,
  expectValueShown,
  expectValuesRemoved,
  expectWriteAccepted,
  exactly,
  expectStoredShown,
  expectTypedValueAnswered,
  readsAs,
  sameMembers,
  type Same,
  type StoredKind,
  type TypedKind,
} from './registry/state';
export type { ExpectedStatus } from './registry/status';
export {
  expectBearerType,
  expectClaimNotAfterIssue,
  expectErrorCode,
  expectErrorDescription,
  expectErrorStatus,
  expectExpiresInNumber,
  expectJwtForm,
  expectLifetime,
  expectNoStore,
  expectNumericDate,
  expectOtherGrantRefused,
  expectRegisteredError,
  expectScopeStated,
  expectTokenIssued,
  expectTokenJson,
  expectUnknownScopeHandled,
  issueMoment,
  lifetimeShown,
  unknownScopeShown,
  MIN_TOKEN_LIFETIME_S,
  TOKEN_LIFETIME_S,
  type IssueMoment,
} from './registry/token';
export { expectResponse } from './registry/transport';
export {
  expectAcceptedOr422,
  expectAcceptedOrRefused,
  expectIdStringReading,
  expectRefused,
  expectUnissuedIdReading,
  expectUnruledReading,
  expectValidationFailed,
} from './registry/validation';
export { expectAggregateResentReading, expectMessage, expectSomeMessage, expectZeroCostReading } from './registry/validation-message';
export { expectNotRefusedForLevel, expectPublicPrivateReading, expectUsableAtLevel } from './registry/access-level';
