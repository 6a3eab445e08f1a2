/**
 * The spec kit's core: what every spec imports, whatever API it tests. Playwright's fixtures
 * (`test`, `expect`), the coverage a test declares (`declares`), the checks (predicates and the
 * wrappers that record verdicts), the client by operation id, the generators and the property
 * runner, realistic people, and the exchange helpers. What is one API's own comes from its face:
 * `../kit/rm` (RM v2: records, walks, discovery, bodies, include, the catalogue rules) or
 * `../kit/hr` and `../kit/learning` (v3: writes, tokens, traces, rules, and each API's records).
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
export * from '../../src/generators';
export * from './generated';
export * from './property';
export * from './people';
export * from './at-once';
