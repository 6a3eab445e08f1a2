/**
 * The spec kit: the one module a spec imports (besides the catalogue's ids and the documents'
 * terms). Playwright's fixtures (`test`, `expect`), the checks (predicates and the wrappers that
 * record verdicts), the client by operation id, the records, walks, discovery and bodies of RM, the
 * writes, tokens and rules of v3, and the property runner.
 */
export { test, expect, type Api } from './fixtures';
export { declares } from './declare';
export * from '../../src/checks';
export { bodyShape, type ObservationCategory } from '../../src/reporting/observations';
export { describe, jsonBody, urlPathOf, type Exchange } from '../../src/http/exchange';
export { ApiClient, NO_AUTH, pathFor, pathOf, type AuthProvider, type CallSpec, type QueryValue } from '../../src/http/client';
export type { Target, RmTarget, V3Target } from '../../src/config/target';
export { Cleanup } from '../../src/runner/cleanup';
export { readEnv } from '../../src/config/env';
export { fixedBearer } from '../../src/auth/oauth';
export { hmacBasicAuth } from '../../src/auth/hmac-basic';
export * from '../../src/generators';
export * from './generated';
export * from './property';
export * from './people';
export * from './at-once';
export * from './rm-bodies';
export * from './rm-discovery';
export * from './rm-doc';
export * from './rm-eventually';
export * from './rm-include';
export * from './rm-names';
export * from './rm-own';
export * from './rm-no-trace';
// The readings a spec judges a write's answer by (validation's expectAcceptedOrRefused).
export {
  RM_DATE_LAYOUT,
  RM_FILE_NOT_BASE64,
  RM_TAG_WITHOUT_EMAIL,
  RM_UNTIED_RULE,
  RM_UNTYPED_BODY,
} from '../../src/readings/entries/rm-records';
export * from './rm-property';
export * from './rm-records';
export * from './rm-shared';
export * from './rm-walk';
export * from './rm-window';
export * from './v3';
export * from './v3-hr';
// v3-learning names its own `Body` and `archiveIfCreated` like v3-hr's: the learning ones under other names.
export {
  archiveIfCreated as archiveActivityIfCreated,
  type Body as ActivityBody,
  ACTIVITY_OP,
  type AccessLevel,
  ACCESS_LEVELS,
  LIMITED_LEVELS,
  type RequiredField,
  REQUIRED_FIELDS,
  MSG,
  type LearningMessage,
  type LearningContext,
  activityOp,
  learningIds,
  PROVIDER_FIELD_SKIP,
  providerFieldCandidates,
  providerField,
  activityBody,
  putActivity,
  type CreatedBody,
  createdBody,
  type Activity,
  archiveActivityAtEnd,
  putCreate,
  createActivity,
  tryCreate,
  tryCreateKeyed,
  expectLearningMessage,
  expectUpdateOrRefusal,
  otherAggregateId,
} from './v3-learning';
export * from './v3-rules';
export * from './v3-token';
export * from './v3-writes';
export * from './v3-traces';
export * from './rm-rules';
