/**
 * The spec kit's face for Learning v3 (001): the learning activity and its messages, and what every
 * v3 spec shares: run-tagged ids and outcomes, writes, tokens, traces and the catalogue rules. A spec
 * of specs/learning/ imports this and the core (`../kit`).
 */
export { fixedBearer } from '../../src/auth/oauth';
export * from './v3';
export * from './v3-learning';
export * from './v3-rules';
export * from './v3-token';
export * from './v3-writes';
export * from './v3-traces';
